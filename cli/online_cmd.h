// Online play from the command line: `tilewright serve` (the server, net/server.h) and
// `tilewright play --connect URL` (a client, net/client.h). docs/protocol.md.
#pragma once

#include <iosfwd>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>
#include <utility>

namespace tw {

struct ServeOptions {
  std::string db_path;                  // the server's database (rooms, decisions, replays)
  std::string listen = "127.0.0.1:8765";  // HOST:PORT (port 0: any free one, printed)
  bool fsync = false;  // --fsync: every decision on the disk before its ack (net::prepare_database)
  std::string cert, key;
  int max_bot_budget = 8000;  // --max-bot-budget: a server bot's mcts iterations a decision, at most  // --cert FILE --key FILE (PEM): serve wss:// (TLS) instead of ws://
  // The limits and the room lifecycle (issue 55; net::ServerOptions, net::HubOptions):
  bool metrics = false;                     // --metrics: GET /metrics
  std::vector<std::string> trust_proxy;     // --trust-proxy ADDR: read its X-Forwarded-For
  int max_connections = 4096;               // --max-connections
  int connections_per_address = 32;         // --connections-per-address
  int max_rooms = 10000;                    // --max-rooms
  int rooms_per_address = 20;               // --rooms-per-address
  double open_room_s = 600;                 // --open-room-ttl S
  double abandon_s = 1800;                  // --abandon-after S
  double keep_finished_s = 600;             // --keep-finished S
  double hello_s = 10;                      // --hello-timeout S
  double handshake_s = 10;                  // --handshake-timeout S
  double idle_s = 300;                      // --idle-timeout S
  bool list_rooms = false;                  // --list-rooms: the lobby page lists open rooms
};
// Runs until SIGINT or SIGTERM. Prints "listening on ws://HOST:PORT/" (wss:// with
// --cert/--key) first, then a line per room event and refusal.
int cmd_serve(const ServeOptions& o, std::ostream& out, std::ostream& err);

struct OnlineOptions {
  std::string url;               // --connect ws://HOST:PORT/ or wss://HOST:PORT/
  std::string ca;                // --ca FILE: wss://, the server certificate's CA (PEM) instead of the system's
  std::string room;              // --room CODE
  std::string token;             // --token: come back to one's seat
  std::optional<int> seat;       // --seat N (default: the first free one)
  bool watch = false;            // --watch: a spectator
  bool create = false;           // --create: a new room (--ruleset/--level, --players)
  std::string rule_set = "base";
  std::string level;
  std::string players;           // --create: "You, bot:greedy" (bots play on the server)
  std::string name;              // the name said in hello
  std::string clock;             // --create --clock 10m+5s: each human seat's time and increment per turn
  std::string at_zero = "forfeit";  // --at-zero forfeit|bot: what a seat's time at zero does
  int timeout_s = 0;             // --timeout: give up after this long without a message (0: never)
  bool quiet = false;
};
// Plays (or watches) one game on a server: decisions read from `in` one a line (a
// number from the list, or the option's text; "quit" leaves, the seat kept).
// "10m+5s", "90s", "1h", "0", "50ms+0": an initial time and an increment (units ms, s, m, h;
// a bare number is seconds) in milliseconds; nullopt (and why) for anything else.
std::optional<std::pair<int64_t, int64_t>> parse_clock(const std::string& spec, std::string* why);
// Milliseconds as a clock shows them: "9:58.4", "1:02:03", "0:00.0".
std::string clock_text(int64_t ms);
int cmd_play_online(const OnlineOptions& o, std::istream& in, std::ostream& out, std::ostream& err);

}  // namespace tw
