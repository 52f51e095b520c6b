// The game server's rooms, seats and decisions in the database (tables net_room,
// net_seat, net_move of migration 0005 and later): the SQL of online play, typed. The
// server (net/hub.h) keeps its rooms in memory and calls these to store each change
// before it acknowledges it, and to find the open and playing rooms again after a
// restart. Each write that changes more than one row runs in one transaction: it lands
// completely or not at all. Failures throw (SQLite's exceptions, std::runtime_error).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "schema/store.h"

namespace tw {

// A room's row. Absent clock: no clock (then increment 0, at_zero "forfeit" are stored).
struct RoomRow {
  struct Clock {
    int64_t initial_ms = 0, increment_ms = 0;
    std::string at_zero = "forfeit";  // or "bot"
  };
  std::string code, rule_set, level;
  uint64_t seed = 0;
  std::string host_token;
  std::string state = "open";  // open, playing, finished, broken
  bool auto_start = false;
  std::optional<Clock> clock;
  std::optional<int64_t> turn_start_ms;
  std::optional<int> forfeit_seat;
  std::optional<int64_t> active_ms;
  std::string creator;
};

// A seat's row, in seat order.
struct SeatRow {
  std::string kind;  // "human" or "bot"
  std::string name, bot;
  std::string token;  // "" = free (NULL)
  std::optional<int64_t> left_ms;
  bool timed_out = false;
};

// A stored decision.
struct MoveRow {
  int ply = 0;
  int seat = 0;
  std::string move;
};

// What a finished room says: its own result, or else its replay's.
struct FinishedRoom {
  std::string result;
  std::optional<int64_t> replay_id;
  std::string ended_how;  // "", "forfeit" or "abandoned"
  std::optional<int> forfeit_seat;
};

// The changes one decision brings, stored with it.
struct DecisionRow {
  int ply = 0;
  int seat = 0;
  std::string move;
  std::optional<int64_t> active_ms;  // a player was here now
  struct SeatClock {
    int seat = 0;
    int64_t left_ms = 0;
  };
  std::optional<SeatClock> left;         // the time left of the seat whose turn ran
  std::optional<int64_t> turn_start_ms;  // the next turn's start (a clock)
};

class RoomStore {
 public:
  explicit RoomStore(Store& store) : store_(store) {}

  // Sets the database up for the server: write-ahead log, and every decision synced to
  // the disk before its acknowledgement (fsync_every_decision) or at checkpoints.
  void prepare(bool fsync_every_decision);

  // The open and playing rooms, in the order they were made.
  std::vector<RoomRow> live_rooms();
  std::vector<SeatRow> seats(const std::string& room);
  std::vector<MoveRow> moves(const std::string& room);  // by ply
  // A finished room (none: no such room, or not finished).
  std::optional<FinishedRoom> finished(const std::string& room);
  // Whether replay `id` is the replay of a finished room (its review may be served).
  bool is_finished_replay(int64_t id);

  // A new room (state "open") with its seats.
  void create(const RoomRow& room, const std::vector<SeatRow>& seats);
  // Removes an open room with its seats and decisions.
  void delete_open(const std::string& room);
  // Gives a free seat a token; false when the seat is not free (any more).
  bool claim_seat(const std::string& room, int seat, const std::string& token);
  void set_active(const std::string& room, int64_t now_ms);
  // The room plays from now.
  void start(const std::string& room, int64_t now_ms);
  // One decision and what it changes.
  void store_decision(const std::string& room, const DecisionRow& d);
  // A seat's time ran out; with forfeit, the room records that seat as the loser.
  void time_out(const std::string& room, int seat, bool forfeit);
  // The room ended: its replay, result, when and how (ended_how "": normally).
  void finish(const std::string& room, int64_t replay_id, const std::string& result, int64_t ended_ms,
              const std::string& ended_how);
  // The room cannot be resumed.
  void mark_broken(const std::string& room);

 private:
  Store& store_;
};

}  // namespace tw
