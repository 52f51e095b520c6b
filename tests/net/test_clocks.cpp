// Clocks of online rooms (docs/protocol.md "Clocks"): the Hub with a clock the test moves
// by hand (no waiting, no timing assertions), and one loopback server with tiny clocks.
#include <catch2/catch.hpp>

#include <SQLiteCpp/SQLiteCpp.h>

#include <sstream>
#include <streambuf>
#include <thread>

#include "cli/online_cmd.h"
#include "schema/connection.h"
#include "net/client.h"
#include "net/server.h"
#include "net_fixture.h"
#include "schema/migrations.h"

using namespace tw;
using nlohmann::json;
using namespace std::chrono_literals;

namespace {

// Plays seat `seat`'s first listed option while the pending decision is its; returns the
// decisions played.
int play_turn(test::HubHarness& h, net::ConnId c, const std::string& room, const std::string& token, int seat) {
  int n = 0;
  for (;;) {
    const json st = h.last(c, "state");
    if (st.is_null() || st["view"]["finished"] == true || st["view"]["pending"]["seat"] != seat) return n;
    const size_t before = h.got[c].size();
    h.say(c, {{"type", "move"}, {"room", room}, {"token", token}, {"ply", st["ply"]},
              {"move", st["view"]["pending"]["options"][0]}});
    REQUIRE(h.got[c].size() > before);
    if (json::parse(h.got[c][before])["type"] != "ack") return n;
    ++n;
  }
}

json clock_of(const json& state, int seat) { return state["clocks"][static_cast<size_t>(seat)]; }

}  // namespace

TEST_CASE("net clocks: time is charged to the seat to move, the increment given when its turn passes, at zero it forfeits") {
  test::HubHarness h(test::fresh_server_db("clock-forfeit"));
  h.hello(1);
  h.hello(2);
  h.say(1, {{"type", "create"}, {"rule_set", "base"}, {"auto_start", true},
            {"seats", json::array({{{"kind", "human"}, {"name", "Ann"}}, {{"kind", "human"}, {"name", "Ben"}}})},
            {"clock", {{"initial_ms", 60000}, {"increment_ms", 5000}, {"at_zero", "forfeit"}}}});
  const json room_msg = h.last(1, "room");
  REQUIRE(room_msg["clock"] == json({{"initial_ms", 60000}, {"increment_ms", 5000}, {"at_zero", "forfeit"}}));
  const std::string room = room_msg["room"];
  const std::string ann = h.join(1, room, 0), ben = h.join(2, room, 1);
  REQUIRE(!ann.empty());
  REQUIRE(!ben.empty());
  json st = h.last(1, "state");
  REQUIRE(st["view"]["pending"]["seat"] == 0);
  CHECK(clock_of(st, 0) == json({{"seat", 0}, {"left_ms", 60000}, {"running", true}, {"timed_out", false}}));
  CHECK(clock_of(st, 1)["running"] == false);

  h.now += 10000;  // Ann thinks 10 s, then plays her turn
  CHECK(play_turn(h, 1, room, ann, 0) >= 1);
  st = h.last(2, "state");
  REQUIRE(st["view"]["pending"]["seat"] == 1);
  CHECK(clock_of(st, 0)["left_ms"] == 60000 - 10000 + 5000);
  CHECK(clock_of(st, 0)["running"] == false);
  CHECK(clock_of(st, 1)["left_ms"] == 60000);
  CHECK(clock_of(st, 1)["running"] == true);
  // Stored as it stands.
  {
    SQLite::Statement q(tw::store_layer::connection(h.store), "SELECT left_ms FROM net_seat WHERE room = ? AND seat = 0");
    q.bind(1, room);
    REQUIRE(q.executeStep());
    CHECK(q.getColumn(0).getInt64() == 55000);
  }

  // Ben lets his minute run out: his late move finds the game over (the clock is read
  // before the message), and everyone got the end.
  h.now += 60001;
  h.say(2, {{"type", "move"}, {"room", room}, {"token", ben}, {"ply", st["ply"]},
            {"move", st["view"]["pending"]["options"][0]}});
  const json over = h.last(1, "over");
  REQUIRE(!over.is_null());
  CHECK(over["forfeit"] == 1);
  CHECK(over["result"].get<std::string>().rfind("Ben lost on time (", 0) == 0);
  CHECK(!h.last(2, "over").is_null());
  CHECK(json::parse(h.got[2].back())["code"] == "not_playing");
  SQLite::Statement q(tw::store_layer::connection(h.store), "SELECT state, forfeit_seat, replay_id FROM net_room WHERE code = ?");
  q.bind(1, room);
  REQUIRE(q.executeStep());
  CHECK(q.getColumn(0).getString() == "finished");
  CHECK(q.getColumn(1).getInt() == 1);
  CHECK(q.getColumn(2).getInt64() == over["replay"].get<int64_t>());
  CHECK(!h.hub.next_deadline());
}

TEST_CASE("net clocks: at zero a server bot plays the seat, the clocks survive a restart of the server") {
  const std::string db = test::fresh_server_db("clock-bot");
  std::string room, ann;
  int64_t now = 0;
  json before;
  {
    test::HubHarness h(db);
    h.hello(1);
    h.say(1, {{"type", "create"}, {"rule_set", "base"}, {"auto_start", true},
              {"seats", json::array({{{"kind", "human"}, {"name", "Ann"}}, {{"kind", "bot"}, {"bot", "random"}}})},
              {"clock", {{"initial_ms", 1000}, {"at_zero", "bot"}}}});
    room = h.last(1, "room")["room"];
    ann = h.join(1, room, 0);
    REQUIRE(h.last(1, "state")["view"]["pending"]["seat"] == 0);
    h.now += 300;
    CHECK(play_turn(h, 1, room, ann, 0) >= 1);
    h.bots();
    json st = h.last(1, "state");
    REQUIRE(st["view"]["pending"]["seat"] == 0);
    CHECK(clock_of(st, 0)["left_ms"] == 700);
    CHECK(clock_of(st, 1).is_null());  // a bot's seat has no clock
    h.now += 200;                      // Ann's turn runs 200 ms, then the server dies
    now = h.now;
    before = h.last(1, "state");
  }
  test::HubHarness h(db);
  h.now = now;
  REQUIRE(h.hub.load() == 1);
  h.hub.opened(5);
  h.say(5, {{"type", "hello"}, {"version", net::kProtocolVersion}});
  h.say(5, {{"type", "resume"}, {"room", room}, {"token", ann}});
  json st = h.last(5, "state");
  CHECK(st["ply"] == before["ply"]);
  CHECK(clock_of(st, 0) == json({{"seat", 0}, {"left_ms", 500}, {"running", true}, {"timed_out", false}}));
  REQUIRE(h.hub.next_deadline() == now + 500);

  h.now += 500;
  h.hub.tick();
  st = h.last(5, "state");
  CHECK(clock_of(st, 0)["timed_out"] == true);
  CHECK(clock_of(st, 0)["left_ms"] == 0);
  CHECK(h.last(5, "room")["seats"][0]["timed_out"] == true);
  const json refused = h.answer(5, {{"type", "move"}, {"room", room}, {"token", ann}, {"ply", st["ply"]},
                                    {"move", st["view"]["pending"]["options"][0]}});
  CHECK(refused["code"] == "timed_out");
  h.bots();  // the server's bots play both seats to the end
  const json over = h.last(5, "over");
  REQUIRE(!over.is_null());
  CHECK(!over.contains("forfeit"));
  CHECK(h.hub.game(room)->finished());
}

TEST_CASE("net clocks: a bad clock is refused, a room without one shows none") {
  test::HubHarness h(test::fresh_server_db("clock-bad"));
  h.hello(1);
  const json seats = json::array({{{"kind", "human"}}, {{"kind", "bot"}, {"bot", "random"}}});
  for (const json& bad : {json(5), json({{"increment_ms", 5}}), json({{"initial_ms", -1}}),
                          json({{"initial_ms", 1000}, {"at_zero", "draw"}}),
                          json({{"initial_ms", net::kMaxClockMs + 1}}), json({{"initial_ms", 0}})}) {
    const json a = h.answer(1, {{"type", "create"}, {"rule_set", "base"}, {"seats", seats}, {"clock", bad}});
    CHECK(a["code"] == "bad_field");
    CHECK(a["message"].get<std::string>().find("clock") != std::string::npos);
  }
  h.create(1, "rule_set", "base", seats);
  CHECK(h.last(1, "room")["clock"].is_null());
  std::string why;
  CHECK(parse_clock("10m+5s", &why) == std::make_pair<int64_t, int64_t>(600000, 5000));
  CHECK(parse_clock("50ms", &why) == std::make_pair<int64_t, int64_t>(50, 0));
  CHECK(parse_clock("90", &why) == std::make_pair<int64_t, int64_t>(90000, 0));
  CHECK(!parse_clock("ten minutes", &why));
  CHECK(why.find("--clock wants") != std::string::npos);
  CHECK(clock_text(598400) == "9:58.4");
  CHECK(clock_text(3723000) == "1:02:03");
}

TEST_CASE("net clocks: a version-5 database gets the clock columns, its rooms none") {
  const std::string path = test::fresh_server_db("clock-migration");
  {
    SQLite::Database raw(path, SQLite::OPEN_READWRITE);
    for (const char* c : {"clock_initial_ms", "clock_increment_ms", "clock_at_zero", "turn_start_ms", "forfeit_seat"})
      raw.exec(std::string("ALTER TABLE net_room DROP COLUMN ") + c);
    raw.exec("ALTER TABLE net_seat DROP COLUMN left_ms; ALTER TABLE net_seat DROP COLUMN timed_out");
    for (const char* c : {"active_ms", "creator", "result", "ended_ms", "ended_how"})  // (migration 7's)
      raw.exec(std::string("ALTER TABLE net_room DROP COLUMN ") + c);
    raw.exec("INSERT INTO net_room (code, rule_set, seed, host_token, state) VALUES ('OLDROOM2', 'base', 7, "
             "'00000000000000000000000000000000', 'open')");
    raw.exec("INSERT INTO net_seat (room, seat, kind, name) VALUES ('OLDROOM2', 0, 'human', 'Ann')");
    raw.exec("PRAGMA user_version = 5");
  }
  {
    Store s = Store::open(path, Store::Mode::ReadWrite);
    CHECK(s.schema_version() == latest_schema_version());
  }
  test::HubHarness h(path);
  CHECK(h.hub.load() == 1);
  h.hello(1);
  CHECK(!h.join(1, "OLDROOM2").empty());
  CHECK(h.last(1, "room")["clock"].is_null());
}

namespace {
struct ClockServer {
  Store store;
  Content content;
  net::Server server;
  explicit ClockServer(const std::string& db)
      : store(test::HubHarness::open_store(db)), content(store.load_content()), server(content, store, {}) {
    server.start_thread();
  }
  std::string url() const { return "ws://127.0.0.1:" + std::to_string(server.port()) + "/"; }
};
}  // namespace

// Input that comes only after a delay (a player who thinks too long).
class DelayedInput : public std::streambuf {
 public:
  DelayedInput(std::string text, std::chrono::milliseconds delay) : text_(std::move(text)), delay_(delay) {}

 protected:
  int_type underflow() override {
    if (!slept_) {
      std::this_thread::sleep_for(delay_);
      slept_ = true;
    }
    if (given_) return traits_type::eof();
    given_ = true;
    setg(text_.data(), text_.data(), text_.data() + text_.size());
    return traits_type::to_int_type(*gptr());
  }

 private:
  std::string text_;
  std::chrono::milliseconds delay_;
  bool slept_ = false, given_ = false;
};

TEST_CASE("net clocks on loopback: a 1 s clock forfeits a silent seat, and hands a slow seat to a bot") {
  ClockServer r(test::fresh_server_db("clock-loopback"));
  std::string why;
  net::Client c;
  REQUIRE(c.connect(r.url(), &why));
  REQUIRE(c.send(json{{"type", "hello"}, {"version", net::kProtocolVersion}}, &why));
  REQUIRE(c.send(json{{"type", "create"}, {"rule_set", "base"}, {"auto_start", true},
                      {"seats", json::array({{{"kind", "human"}, {"name", "Ann"}}, {{"kind", "bot"}, {"bot", "random"}}})},
                      {"clock", {{"initial_ms", 1000}, {"at_zero", "forfeit"}}}},
                 &why));
  std::string room;
  json over;
  for (int i = 0; i < 100 && over.is_null(); ++i) {
    auto m = c.receive(10s, &why);
    REQUIRE(m);
    if ((*m)["type"] == "created") {
      room = (*m)["room"];
      REQUIRE(c.send(json{{"type", "join"}, {"room", room}, {"seat", 0}}, &why));
    }
    if ((*m)["type"] == "over") over = *m;
  }
  REQUIRE(!over.is_null());  // Ann never moved: the server's timer ended the game
  CHECK(over["forfeit"] == 0);
  CHECK(over["result"].get<std::string>().rfind("Ann lost on time", 0) == 0);

  // The command line's client: its player thinks 1.5 s over the first decision, its 1 s
  // clock runs out, and the server's bot plays the seat to the end.
  std::string lines;
  for (int i = 0; i < 400; ++i) lines += "1\n";
  DelayedInput slow(lines, 1500ms);
  std::istream in(&slow);
  std::ostringstream out, err;
  OnlineOptions o;
  o.url = r.url();
  o.create = true;
  o.players = "Ann, bot:random";
  o.clock = "1s";
  o.at_zero = "bot";
  o.timeout_s = 60;
  const int code = cmd_play_online(o, in, out, err);
  INFO(out.str() << err.str());
  CHECK(code == 0);
  CHECK(out.str().find("Game over: Ann ") != std::string::npos);
  CHECK(out.str().find("Clocks: 0. Ann 0:00.0") != std::string::npos);
  r.server.stop();
}
