// The server's rooms and games, without the network: messages in, messages out.
//
// A Hub is the referee. Clients send text (net/protocol.h reads it); the Hub answers
// through `send(connection, text)`. Every decision goes through the engine's decision
// interface (Game::parse_option, then the Recorder's apply) on the server; a client acts
// only for its own seat, with that seat's secret token, checked on every message. Each
// room, seat and decision is written to the server's database before it is acknowledged
// (schema/migrations/0005_online.sql), so a Hub opened on the same database after a
// crash (`load`) has every game where it stood. A finished game is stored as a replay.
//
// The Hub is not thread-safe: the server calls it from one thread (its event loop).
// Bots on the server play in `step_bots`, which the server calls when `wake` asks.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/content.h"
#include "net/ops.h"
#include "net/protocol.h"
#include "replay/log.h"
#include "schema/store.h"

namespace tw::net {

using ConnId = uint64_t;

// Sets the server's database up for many small writes: WAL journal, and SQLite's
// synchronous level NORMAL (a committed decision survives the server's crash or SIGKILL;
// a power cut may lose the last ones) or, with `fsync_every_decision`, FULL (each decision
// is on the disk before it is acknowledged; several times slower).
void prepare_database(Store& store, bool fsync_every_decision);

struct HubOptions {
  // Where a new game's seed comes from (default: 64 random bits). Tests fix it.
  std::function<uint64_t()> seeds;
  size_t max_rooms = 10000;          // open and playing rooms held at once
  // Live (open or playing) rooms made from one address at once (IPv6: its /64); 0: no
  // limit. So no client fills max_rooms alone (serve --rooms-per-address).
  size_t max_rooms_per_address = 20;
  // The room lifecycle (docs/protocol.md "Room lifecycle"), wall-clock milliseconds:
  // an open room with no player connected for open_room_ms is deleted (a room nobody
  // joined); a game with no player connected for abandon_ms is ended and stored as an
  // unfinished replay; a finished room stays in memory for finished_keep_ms so that its
  // players learn the result (afterwards `join` and `resume` read it from the database).
  int64_t open_room_ms = 10 * 60 * 1000;
  int64_t abandon_ms = 30 * 60 * 1000;
  int64_t finished_keep_ms = 10 * 60 * 1000;
  // At most this many finished rooms are kept in memory (the oldest leave first; they do
  // not count toward max_rooms, so finished games cannot fill the server).
  size_t max_finished_kept = 1000;
  // Wall-clock milliseconds since 1970 (default: the system's clock). Clocks of rooms
  // are read with it; tests give a clock of their own and move it.
  std::function<int64_t()> now_ms;
  // The most a server bot may spend on a decision: mcts iterations (serve
  // --max-bot-budget). A room asking more gets its bot clamped to it, on one thread and
  // without a time budget (the server is one thread, and a bot's choice must be the same
  // after a restart); `created` says so. The default is the engine's largest default
  // budget (kMctsDefaultLargest), so `mcts` is never clamped by it.
  int max_bot_iterations = 8000;
  std::string server_name = "tilewright";
};

class Hub {
 public:
  using Send = std::function<void(ConnId, const std::string&)>;
  // `store` is the server's database (opened ReadWrite: the migrations ran), `content`
  // what it holds; both outlive the Hub.
  Hub(const Content& content, Store& store, Send send, HubOptions options = {});
  ~Hub();

  // Reads every open and playing room of the database and plays each game's decisions
  // again. Returns the rooms resumed. A room whose decisions no longer replay is marked
  // 'broken' and named in the log.
  int load();

  // A connection opened; `address` is its client's (IPv6: the /64; "": unknown, no
  // per-address limit), for the limit on rooms an address makes.
  void opened(ConnId c, const std::string& address = {});
  void message(ConnId c, std::string_view text);
  void closed(ConnId c);

  // Plays the bots' decisions that are due, at most `max` of them (each one written
  // before it is applied, as a player's). Returns true when more are due.
  bool step_bots(int max = 1);

  // Called when a bot has a decision due (the server posts step_bots); may be empty.
  std::function<void()> wake;
  // Called when the earliest clock deadline may have changed (next_deadline); the server
  // sets its timer to call tick then. May be empty.
  std::function<void()> clock_changed;

  // Clocks: the wall-clock time (now_ms's) when the first running clock reaches zero;
  // nullopt when none runs. tick() applies what a room's settings say for every clock at
  // zero by now (forfeit or a server bot for the seat).
  std::optional<int64_t> next_deadline() const;
  void tick();
  int64_t now_ms() const;
  // A line for the server's log (refusals, errors, games stored); may be empty. Refusals
  // and room events are rate-limited per kind (LogLimiter): a flood writes a few lines
  // and then one with the count of the others.
  std::function<void(const std::string&)> log;

  // The room lifecycle, run by the server every second (tests call it): deletes open rooms
  // nobody is in for open_room_ms, ends games abandoned for abandon_ms, drops finished
  // rooms from memory after finished_keep_ms, and writes the rate-limited log's counts.
  void housekeep();
  // A refusal the server made itself (too_big, rate_limited), counted with the Hub's.
  void refused(const std::string& code) { ++counters_.refusals[code]; }
  // Whether the connection said hello (the server closes those that do not in time).
  bool greeted(ConnId c) const;
  // The Hub's part of GET /metrics (rooms by state, refusals by code, decisions, ...).
  void metrics(MetricsText& m) const;

  // For the browser client (net/site.h): rooms open for players (a human seat free),
  // at most `max`, as `room` messages without their type; and whether replay `id` is a
  // game a room of this server ended (stored finished, forfeited or abandoned: nothing of
  // it is hidden any more, so its review page may be served).
  std::vector<nlohmann::ordered_json> open_rooms(size_t max) const;
  bool served_replay(int64_t id) const;

  // For tests and the benchmark.
  size_t rooms() const { return rooms_.size(); }
  size_t playing() const;
  const Game* game(const std::string& room) const;
  std::optional<int64_t> replay_of(const std::string& room) const;

 private:
  struct Seat {
    std::string kind;  // "human" or "bot"
    std::string name;
    std::string bot;
    std::string token;  // "" = free
    std::set<ConnId> conns;
    std::optional<int64_t> left_ms;  // the clock's time left at the running turn's start (none: no clock)
    bool timed_out = false;          // its time ran out: a server bot plays it (at_zero "bot")
  };
  struct Clock {
    int64_t initial_ms = 0, increment_ms = 0;
    std::string at_zero = "forfeit";  // or "bot"
  };
  struct Room {
    std::string code;
    GameSetup setup;
    std::string host_token;
    std::string state = "open";
    bool auto_start = false;
    std::vector<Seat> seats;
    std::set<ConnId> watchers;
    std::unique_ptr<replay::Recorder> rec;
    std::vector<std::string> moves;
    std::vector<int> move_seats;  // the seat of each decision
    std::optional<int64_t> replay_id;
    std::optional<Clock> clock;
    int64_t turn_start_ms = 0;  // when the pending seat's clock started running
    int forfeit_seat = -1;      // the seat that lost on time
    std::string creator;        // the address that made it
    int64_t active_ms = 0;      // when a player was last seen (connected, or a decision)
    std::string result;         // finished: the result `over` says
    std::string ended_how;      // finished: "", "forfeit" or "abandoned"
    int64_t ended_ms = 0;       // finished: when
  };
  struct Conn {
    bool hello = false;
    std::string address;
    std::string room;
    int seat = -1;  // -1: watching (or nowhere)
  };

  void reply(ConnId c, const nlohmann::ordered_json& j, const std::string& id);
  void refuse(ConnId c, const std::string& code, const std::string& message, const std::string& id,
              bool log_it = true);
  void on_hello(ConnId c, const Request& r);
  void on_create(ConnId c, const Request& r);
  void on_join(ConnId c, const Request& r);
  void on_resume(ConnId c, const Request& r);
  void on_start(ConnId c, const Request& r);
  void on_move(ConnId c, const Request& r);
  // Starts the game (all human seats taken); "" or why not.
  std::string start_game(Room& room);

  Room* find_room(const std::string& code);
  int seat_of_token(const Room& room, const std::string& token) const;
  // The request's room (body "room") or, refused as "no_room", nullptr.
  Room* request_room(ConnId c, const Request& r);
  // The seat the request's token (body "token") holds in `room` or, refused as "bad_token", -1.
  int request_seat(ConnId c, const Request& r, const Room& room);
  void bind(ConnId c, Room& room, int seat);
  nlohmann::ordered_json room_json(const Room& room) const;
  void broadcast(const Room& room, const std::string& text);
  void broadcast_room(const Room& room);
  void broadcast_state(const Room& room);
  void send_state(ConnId c, const Room& room);
  std::string state_message(const Room& room) const;
  // Writes the decision, then applies it; "" on success, else why not (nothing changed).
  std::string commit(Room& room, int seat, const Option& o);
  void finish(Room& room);
  int64_t store_finished(Room& room, const std::string& what, const std::string& result);
  bool bot_due(const Room& room) const;
  // The seat whose clock runs (-1: none: no clock, a bot's turn, the game not running).
  int clock_seat(const Room& room) const;
  void clock_json(const Room& room, nlohmann::ordered_json& state) const;
  void expire(Room& room);
  void finish_forfeit(Room& room);
  void set_deadline(const Room& room);
  void maybe_wake(const Room& room);
  void note(const std::string& line);
  // A line of a kind that floods can repeat: at most a few a kind per 10 s (LogLimiter).
  void note_limited(const std::string& kind, const std::string& line);
  bool players_connected(const Room& room) const;
  // Stores when a player was last seen in the room (the restart's expiry reads it).
  void store_active(Room& room, int64_t now);
  // An open room expired: its rows deleted, the room dropped.
  void delete_open(const std::string& code);
  // A game nobody plays in: stored unfinished, the room finished.
  void abandon(Room& room);
  std::string over_message(const Room& room) const;
  // A finished room that left memory: `over` from the database (true when it was one).
  bool over_from_database(ConnId c, const std::string& code, const std::string& id);
  // A move for a ply already played: the same decision (parsed) by the same seat.
  bool same_decision(const Room& room, size_t ply, int seat, const std::string& move) const;
  size_t live_rooms_of(const std::string& address) const;

  const Content& content_;
  Store& store_;
  Send send_;
  HubOptions opt_;
  std::map<std::string, Room> rooms_;
  std::map<ConnId, Conn> conns_;
  std::set<std::string> due_;  // rooms whose pending decision is a bot's
  std::set<std::pair<int64_t, std::string>> deadlines_;  // running clocks: when each reaches zero
  std::map<std::string, int64_t> deadline_of_;           // the same by room
  LogLimiter limiter_;
  struct Counters {
    std::map<std::string, uint64_t> refusals;  // by code
    uint64_t decisions_human = 0, decisions_bot = 0, again = 0;
    uint64_t rooms_created = 0, rooms_expired = 0, games_finished = 0, games_forfeited = 0, games_abandoned = 0;
  } counters_;
};

}  // namespace tw::net
