// The server on loopback (127.0.0.1, a free port): two command-line clients
// (cmd_play_online, the code of `tilewright play --connect`) and a bot on the server play a
// complete game; a spectator watches it; the transport refuses what it must.
#include <catch2/catch.hpp>

#include <SQLiteCpp/SQLiteCpp.h>

#include <sstream>
#include <thread>

#include "cli/online_cmd.h"
#include "schema/connection.h"
#include "net/client.h"
#include "net/server.h"
#include "net_fixture.h"

using namespace tw;
using nlohmann::json;
using namespace std::chrono_literals;

namespace {

using Running = test::RunningServer;

json expect(net::Client& c, const std::string& type) {
  for (int i = 0; i < 200; ++i) {
    std::string why;
    auto m = c.receive(10s, &why);
    if (!m) FAIL("no message '" << type << "': " << why);
    if ((*m)["type"] == type) return *m;
  }
  FAIL("no message '" << type << "' among 200");
  return nullptr;
}

}  // namespace

TEST_CASE("net loopback: two command-line clients and a server bot play a complete game, a spectator watches") {
  Running r(test::fresh_server_db("loopback"));
  net::Client host;
  std::string why;
  REQUIRE(host.connect(r.url(), &why));
  REQUIRE(host.send(json{{"type", "hello"}, {"version", net::kProtocolVersion}}, &why));
  expect(host, "welcome");
  REQUIRE(host.send(json{{"type", "create"}, {"rule_set", "base"}, {"auto_start", true},
                         {"seats", json::array({{{"kind", "human"}, {"name", "Ann"}},
                                                {{"kind", "human"}, {"name", "Ben"}},
                                                {{"kind", "bot"}, {"bot", "greedy"}}})}},
                    &why));
  const std::string room = expect(host, "created")["room"].get<std::string>();
  REQUIRE(host.send(json{{"type", "join"}, {"room", room}, {"seat", "watch"}}, &why));
  expect(host, "joined");

  // Each client answers every decision with "1" (the first listed option); 400 lines
  // are more than a game of base asks of one seat.
  std::string lines;
  for (int i = 0; i < 400; ++i) lines += "1\n";
  struct Seat {
    std::istringstream in;
    std::ostringstream out, err;
    int code = -1;
  };
  Seat a, b;
  a.in.str(lines);
  b.in.str(lines);
  OnlineOptions o;
  o.url = r.url();
  o.room = room;
  o.timeout_s = 60;
  o.quiet = true;
  std::thread ta([&] { a.code = cmd_play_online(o, a.in, a.out, a.err); });
  // The second seat joins once the first has: seats are taken in the order of the joins.
  for (int i = 0; i < 500 && a.out.str().find("You have seat") == std::string::npos; ++i)
    std::this_thread::sleep_for(10ms);
  std::thread tb([&] { b.code = cmd_play_online(o, b.in, b.out, b.err); });
  ta.join();
  tb.join();
  INFO(a.err.str() << b.err.str());
  CHECK(a.code == 0);
  CHECK(b.code == 0);
  CHECK(a.out.str().find("You have seat 0") != std::string::npos);
  CHECK(b.out.str().find("You have seat 1") != std::string::npos);
  CHECK(a.out.str().find("Game over: Ann ") != std::string::npos);
  CHECK(b.out.str().find("Game over: Ann ") != std::string::npos);

  // The spectator saw the end, and the server stored the game as a replay.
  const json over = expect(host, "over");
  CHECK(over["result"].get<std::string>().find("bot:greedy") != std::string::npos);
  int64_t replay = 0;
  r.server.call([&](net::Hub& hub) { replay = hub.replay_of(room).value_or(0); });
  CHECK(replay == over["replay"].get<int64_t>());
  r.server.stop();
  SQLite::Statement q(tw::store_layer::connection(r.store), "SELECT count(*) FROM replay WHERE id = ?");
  q.bind(1, replay);
  q.executeStep();
  CHECK(q.getColumn(0).getInt() == 1);
}

TEST_CASE("net loopback: oversized frames, unknown types, floods and a wrong path are answered or dropped") {
  net::ServerOptions so;
  so.rate = 20;
  so.burst = 20;
  Running r(test::fresh_server_db("faults"), so);
  std::string why;
  // Unknown type and malformed JSON: an error reply, the connection stays.
  net::Client c;
  REQUIRE(c.connect(r.url(), &why));
  REQUIRE(c.send_text("{\"type\":\"warp\"}", &why));
  CHECK(expect(c, "error")["code"] == "unknown_type");
  REQUIRE(c.send_text("{not json", &why));
  CHECK(expect(c, "error")["code"] == "bad_json");
  REQUIRE(c.send(json{{"type", "ping"}}, &why));
  expect(c, "pong");

  // A frame over the limit closes that connection only.
  net::Client big;
  REQUIRE(big.connect(r.url(), &why));
  REQUIRE(big.send_text(std::string(net::kMaxMessageBytes + 10, ' '), &why));
  for (int i = 0; i < 50 && !big.closed(); ++i) big.receive(100ms, &why);
  CHECK(big.closed());
  REQUIRE(c.send(json{{"type", "ping"}}, &why));
  expect(c, "pong");

  // A flood: past the burst the messages are refused, far past it the connection closes.
  net::Client flood;
  REQUIRE(flood.connect(r.url(), &why));
  int sent = 0;
  for (; sent < 200 && !flood.closed(); ++sent)
    if (!flood.send(json{{"type", "ping"}}, &why)) break;
  int limited = 0, pongs = 0;
  for (int i = 0; i < 400; ++i) {
    auto m = flood.receive(200ms, &why);
    if (!m) break;
    limited += (*m)["type"] == "error" && (*m)["code"] == "rate_limited";
    pongs += (*m)["type"] == "pong";
  }
  CHECK(pongs <= 25);  // the burst, and what the rate refilled meanwhile
  CHECK(limited + pongs < sent);  // the rest was dropped with the connection
  REQUIRE(c.send(json{{"type", "ping"}}, &why));
  expect(c, "pong");

  // Not the WebSocket endpoint: refused.
  net::Client wrong;
  CHECK(!wrong.connect("ws://127.0.0.1:" + std::to_string(r.server.port()) + "/other", &why));
  CHECK(!net::parse_url("http://127.0.0.1:1/", &why));
  CHECK(!net::parse_url("ws://127.0.0.1/", &why));
  r.server.stop();
}
