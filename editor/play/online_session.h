// OnlineSession: the editor as a client of `tilewright serve` (docs/protocol.md), without
// a window. One worker thread owns the connection (net::Client, used as it is): it sends
// what the GUI queued and hands every message it receives to `post`, which the Play view
// turns into a call on the GUI thread (CallAfter); nothing here blocks the caller.
//
// What the GUI thread then does with a message is handle(): it keeps the room, the seat,
// the seat's token (for Rejoin), the room's seats (who is connected), the last state the
// server sent (the game as a player at the table sees it: the client never holds hidden
// information, it has none) and the result; it answers the handshake itself (hello,
// then create + join, join, or resume) and, when the connection drops, comes back to the
// seat with its token (resume) on reconnect().
//
// Invariants: every network call runs on the worker; handle(), the getters and the
// request makers run on one thread (the GUI's); a move is sent only for this seat's
// pending decision, as one of the option texts the server listed.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

namespace twe {

// What the host asks for: the game and its seats.
struct OnlineSeat {
  enum class Kind { Me, Invited, Bot };
  Kind kind = Kind::Invited;
  std::string name;  // a human's name (Me, Invited)
  std::string bot;   // Bot: random, greedy, mcts:200, mcts ...
};
struct HostSpec {
  std::string rule_set;  // or
  std::string level;     // a co-op level's id
  std::vector<OnlineSeat> seats;
};

class OnlineSession {
 public:
  enum class Mode { Host, Join, Watch, Rejoin };
  // What the worker reports: a message, or the connection's end (text says why).
  struct Incoming {
    enum class Kind { Message, Connected, Failed, Dropped } kind = Kind::Message;
    nlohmann::json message;
    std::string text;
    uint64_t connection = 0;  // which connect() it belongs to (an older one's is ignored)
  };
  // Called on the worker thread: must only hand the Incoming over to the GUI thread.
  using Post = std::function<void(Incoming)>;

  explicit OnlineSession(Post post);
  ~OnlineSession();
  OnlineSession(const OnlineSession&) = delete;
  OnlineSession& operator=(const OnlineSession&) = delete;

  // Starts a session (GUI thread). Host: `host` says the game; Join: `room` and
  // optionally `seat` (-1: the first free one); Watch: `room`; Rejoin: `room`, `token`.
  void host(const std::string& url, const std::string& name, const HostSpec& host);
  void join(const std::string& url, const std::string& name, const std::string& room, int seat = -1);
  void watch(const std::string& url, const std::string& room);
  void rejoin(const std::string& url, const std::string& room, const std::string& token);
  // Connects again and resumes the seat with its token (after a drop); a spectator joins
  // as a spectator again. False when there is nothing to come back to.
  bool reconnect();
  // Ends the connection (the seat stays: Rejoin comes back to it).
  void disconnect();

  // A message from the worker (GUI thread). What changed: the caller redraws.
  void handle(const Incoming& in);

  // Sends the option `text` (one the server listed for this seat) for the pending
  // decision. "" or why not (not connected, not this seat's turn, not listed).
  std::string move(const std::string& text);

  // --- what the session knows (GUI thread) ---
  Mode mode() const { return mode_; }
  const std::string& url() const { return url_; }
  const std::string& room() const { return room_; }
  int seat() const { return seat_; }  // -1: watching (or not seated yet)
  const std::string& token() const { return token_; }  // this seat's secret ("" when none)
  const std::string& host_token() const { return host_token_; }
  bool connected() const { return connected_; }
  bool joined() const { return joined_; }
  bool watching() const { return mode_ == Mode::Watch; }
  const nlohmann::json& room_info() const { return room_info_; }  // the last `room` message
  const nlohmann::json& view() const { return view_; }            // the last state's view (null before)
  int64_t ply() const { return ply_; }
  // The last state's clocks (per seat null or {seat, left_ms, running, timed_out}); null
  // when the room has no clock.
  const nlohmann::json& clocks() const { return clocks_; }
  bool over() const { return over_; }
  const std::string& result() const { return result_; }  // the `over` message's result
  int64_t replay() const { return replay_; }              // ... and its replay on the server
  // The last refusal or connection problem ("" when none), as a sentence, and its code.
  const std::string& error() const { return error_; }
  const std::string& error_code() const { return error_code_; }
  // This seat is to decide now.
  bool my_turn() const;
  // A decision was sent for the state shown and its answer has not come yet.
  bool move_pending() const { return sent_ply_ >= 0 && sent_ply_ == ply_; }
  // The pending decision's options (empty when not this seat's turn).
  std::vector<std::string> my_options() const;
  // One line: the room, who is here, whose turn.
  std::string status_line() const;
  // The invitation a friend needs: the room code, the server, a command line per free
  // human seat; and, once seated, how to come back to this seat.
  std::string invite_text() const;
  // Every message received, as it came (tests check what a spectator was sent).
  const std::vector<std::string>& received() const { return received_; }
  uint64_t connection() const { return connection_; }

 private:
  void start(const std::string& url);
  void forget(Mode mode);
  void send(const nlohmann::json& j);
  void stop_worker();
  void worker_loop(std::string url, uint64_t connection);
  void after_welcome();

  Post post_;
  // Worker side.
  std::thread worker_;
  std::mutex mutex_;
  std::condition_variable cv_;
  std::deque<std::string> outbox_;
  std::atomic<bool> stop_{false};
  // GUI side.
  Mode mode_ = Mode::Join;
  std::string url_, name_, room_, token_, host_token_;
  int want_seat_ = -1;
  HostSpec spec_;
  int my_host_seat_ = -1;
  int seat_ = -1;
  bool connected_ = false, joined_ = false;
  nlohmann::json room_info_, view_, clocks_;
  int64_t ply_ = -1;
  int64_t sent_ply_ = -1;  // the ply a move was sent for
  bool over_ = false;
  std::string result_;
  int64_t replay_ = 0;
  std::string error_, error_code_;
  std::vector<std::string> received_;
  uint64_t connection_ = 0;
};

}  // namespace twe
