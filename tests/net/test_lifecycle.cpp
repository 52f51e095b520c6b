// The rooms' lifecycle and the referee's answers of issue 55 (net/hub.h): rooms nobody is
// in expire (and stay expired after a restart), abandoned games end stored unfinished,
// one address cannot fill the server, a finished room tells whoever comes back its
// result, a resent decision is recognised by what it means and by whom, and names that
// could spoof another are refused.
#include <catch2/catch.hpp>

#include <SQLiteCpp/SQLiteCpp.h>

#include "net_fixture.h"
#include "schema/connection.h"

using namespace tw;
using nlohmann::json;

namespace {
std::string code_of_msg(const json& m) { return m.is_null() ? "" : m.value("code", std::string()); }
const json kHumanAndBot = json::array({{{"kind", "human"}, {"name", "Ann"}}, {{"kind", "bot"}, {"bot", "random"}}});
int64_t rows(Store& s, const std::string& sql) { return tw::store_layer::connection(s).execAndGet(sql).getInt64(); }
void tune_lifecycle(net::HubOptions& o) {
  o.open_room_ms = 60'000;
  o.abandon_ms = 120'000;
  o.finished_keep_ms = 30'000;
  o.max_rooms_per_address = 3;
}
// The messages sent to c from index `from` on, by type.
std::vector<std::string> types_since(const test::HubHarness& h, net::ConnId c, size_t from) {
  std::vector<std::string> t;
  const auto& got = h.got.at(c);
  for (size_t i = from; i < got.size(); ++i) t.push_back(json::parse(got[i])["type"].get<std::string>());
  return t;
}
}  // namespace

TEST_CASE("net lifecycle: an open room nobody joined expires, and stays expired after a restart") {
  const std::string db = test::fresh_server_db("lifecycle-open");
  std::string kept, expired_at_restart;
  int64_t t0 = 0;
  {
    test::HubHarness h(db, 1000, 8000, tune_lifecycle);
    t0 = h.now;
    h.hello(1, "127.0.0.1");
    auto [room, host] = h.create(1, "rule_set", "base", kHumanAndBot, false);
    REQUIRE(!room.empty());
    h.now += 59'999;
    h.hub.housekeep();
    CHECK(h.hub.rooms() == 1);
    h.now += 1;
    h.hub.housekeep();
    CHECK(h.hub.rooms() == 0);
    CHECK(rows(h.store, "SELECT count(*) FROM net_room") == 0);  // deleted: it does not come back
    CHECK(rows(h.store, "SELECT count(*) FROM net_seat") == 0);
    h.say(1, {{"type", "join"}, {"room", room}});
    CHECK(code_of_msg(h.last_message(1)) == "no_room");
    // A room a player sits in does not expire while connected; once the player leaves,
    // its time runs from then.
    std::tie(kept, std::ignore) = h.create(1, "rule_set", "base",
                                           json::array({{{"kind", "human"}}, {{"kind", "human"}}}), false);
    h.hello(2, "127.0.0.2");
    REQUIRE(!h.join(2, kept).empty());
    h.now += 600'000;
    h.hub.housekeep();
    CHECK(h.hub.rooms() == 1);
    h.hub.closed(2);
    h.now += 30'000;
    // Made while the server runs, expiring while it is down.
    std::tie(expired_at_restart, std::ignore) = h.create(1, "rule_set", "base", kHumanAndBot, false);
    REQUIRE(!expired_at_restart.empty());
  }
  // The server stops; it starts again 40 s later: `kept` (idle 70 s, its player gone 30 s
  // before the stop) expired while it was down, `expired_at_restart` (idle 40 s) not yet.
  test::HubHarness h(db, 1000, 8000, tune_lifecycle, t0 + 60'000 + 600'000 + 30'000 + 40'000);
  CHECK(h.hub.load() == 1);
  CHECK(h.hub.rooms() == 1);
  CHECK(h.hub.game(kept) == nullptr);
  CHECK(rows(h.store, "SELECT count(*) FROM net_room WHERE code = '" + kept + "'") == 0);
  h.now += 20'000;
  h.hub.housekeep();
  CHECK(h.hub.rooms() == 0);
  CHECK(rows(h.store, "SELECT count(*) FROM net_room") == 0);
}

TEST_CASE("net lifecycle: one address's rooms are capped, another address still creates and plays") {
  test::HubHarness h(test::fresh_server_db("lifecycle-per-address"), 1000, 8000, [](net::HubOptions& o) {
    o.max_rooms_per_address = 3;
    o.max_rooms = 5;
  });
  h.hello(1, "127.0.0.1");
  h.hello(2, "127.0.0.1");  // a second connection of the same address shares its count
  for (int i = 0; i < 3; ++i) CHECK(!h.create(1 + i % 2, "rule_set", "base", kHumanAndBot, true).first.empty());
  const json create{{"type", "create"}, {"rule_set", "base"}, {"seats", kHumanAndBot}};
  CHECK(code_of_msg(h.answer(2, create)) == "too_many_rooms");
  CHECK(h.hub.rooms() == 3);
  h.hello(3, "127.0.0.2");
  auto [room, host] = h.create(3, "rule_set", "base", kHumanAndBot, true);
  REQUIRE(!room.empty());
  const std::string token = h.join(3, room);
  REQUIRE(!token.empty());
  const Game* g = h.hub.game(room);
  REQUIRE(g);
  for (int n = 0; n < 1000 && !g->finished(); ++n) {
    h.bots();
    if (g->finished()) break;
    CHECK(h.answer(3, {{"type", "move"}, {"room", room}, {"token", token}, {"ply", g->ply()},
                       {"move", g->to_string(g->pending().options[0])}})["type"] == "ack");
  }
  CHECK(g->finished());
  CHECK(!h.last(3, "over").is_null());
  // The finished room frees its address's place.
  CHECK(!h.create(3, "rule_set", "base", kHumanAndBot, true).first.empty());
}

TEST_CASE("net lifecycle: an abandoned game ends stored unfinished, whoever comes back learns the result") {
  const std::string db = test::fresh_server_db("lifecycle-abandon");
  test::HubHarness h(db, 1000, 8000, tune_lifecycle);
  h.hello(1, "127.0.0.1");
  auto [room, host] = h.create(1, "rule_set", "base", kHumanAndBot, true);
  const std::string token = h.join(1, room);
  REQUIRE(!token.empty());
  const Game* g = h.hub.game(room);
  REQUIRE(g);
  h.bots();
  REQUIRE(h.answer(1, {{"type", "move"}, {"room", room}, {"token", token}, {"ply", g->ply()},
                       {"move", g->to_string(g->pending().options[0])}})["type"] == "ack");
  h.bots();
  h.hub.closed(1);
  h.now += 119'999;
  h.hub.housekeep();
  CHECK(h.hub.playing() == 1);
  h.now += 1;
  h.hub.housekeep();
  CHECK(h.hub.playing() == 0);
  CHECK(rows(h.store, "SELECT count(*) FROM replay WHERE finished = 0") == 1);
  CHECK(rows(h.store, "SELECT count(*) FROM net_room WHERE state = 'finished' AND ended_how = 'abandoned'") == 1);
  const auto replay = h.hub.replay_of(room);
  REQUIRE(replay);

  // Back within the grace period: joined, the room, the final state, and `over`.
  h.hello(2, "127.0.0.1");
  const size_t from = h.got[2].size();
  h.say(2, {{"type", "resume"}, {"room", room}, {"token", token}});
  CHECK(types_since(h, 2, from) == std::vector<std::string>{"joined", "room", "state", "over"});
  const json over = h.last(2, "over");
  CHECK(over["replay"] == *replay);
  CHECK(over["abandoned"] == true);
  CHECK(over["result"].get<std::string>().rfind("abandoned (", 0) == 0);
  const json state = h.last(2, "state");
  CHECK(state["view"]["finished"] == true);
  CHECK(state["view"]["result"] == over["result"]);
  CHECK(state["view"]["pending"].is_null());
  // `join` of a finished room: `over` (no seat to take), with the request's id.
  h.hello(3, "127.0.0.3");
  const json j = h.answer(3, {{"type", "join"}, {"room", room}, {"id", "j1"}});
  CHECK(j["type"] == "over");
  CHECK(j["id"] == "j1");
  CHECK(h.last_message(3)["code"] == "not_playing");  // then a refusal, for older clients
  // After the grace period the room leaves memory; its result is read from the database.
  h.hub.closed(2);
  h.now += 30'000;
  h.hub.housekeep();
  CHECK(h.hub.rooms() == 0);
  const json later = h.answer(3, {{"type", "resume"}, {"room", room}, {"token", token}});
  CHECK(later["type"] == "over");
  CHECK(later["replay"] == *replay);
  CHECK(later["result"] == over["result"]);
  CHECK(h.answer(3, {{"type", "join"}, {"room", room}})["type"] == "over");
  CHECK(code_of_msg(h.answer(3, {{"type", "join"}, {"room", "ZZZZZZZZ"}})) == "no_room");
}

TEST_CASE("net lifecycle: a forfeit says finished in the state, one applied at a restart waits for its players") {
  const std::string db = test::fresh_server_db("lifecycle-forfeit");
  const json clock{{"initial_ms", 60000}, {"at_zero", "forfeit"}};
  const json short_clock{{"initial_ms", 5000}, {"at_zero", "forfeit"}};
  std::string room, token;
  int64_t t0 = 0;
  {
    test::HubHarness h(db, 1000, 8000, tune_lifecycle);
    t0 = h.now;
    h.hello(1);
    h.say(1, {{"type", "create"}, {"rule_set", "base"}, {"seats", kHumanAndBot}, {"auto_start", true}, {"clock", clock}});
    room = h.last(1, "created")["room"];
    token = h.join(1, room);
    REQUIRE(!token.empty());
    h.bots();
    // A first game forfeits while the server runs: its last state says so.
    h.hello(2);
    h.say(2, {{"type", "create"}, {"rule_set", "base"}, {"seats", kHumanAndBot}, {"auto_start", true},
              {"clock", short_clock}});
    const std::string room2 = h.last(2, "created")["room"];
    REQUIRE(!h.join(2, room2).empty());
    h.bots();
    h.now += 6000;
    h.hub.tick();
    const json over = h.last(2, "over");
    REQUIRE(!over.is_null());
    const json state = h.last(2, "state");
    CHECK(state["view"]["finished"] == true);
    CHECK(state["view"]["result"] == over["result"]);
    CHECK(over["result"].get<std::string>().rfind("Ann lost on time", 0) == 0);
  }
  // The server was down when `room`'s clock ran out: the restart applies the forfeit, and
  // the room stays for its player to learn it (not swept at once).
  test::HubHarness h(db, 1000, 8000, tune_lifecycle, t0 + 3'600'000);
  h.hub.load();
  h.hub.housekeep();
  REQUIRE(h.hub.rooms() >= 1);
  h.hello(1);
  const size_t from = h.got[1].size();
  h.say(1, {{"type", "resume"}, {"room", room}, {"token", token}});
  const auto types = types_since(h, 1, from);
  CHECK(types.back() == "over");
  CHECK(h.last(1, "over")["forfeit"] == 0);
  CHECK(h.last(1, "state")["view"]["finished"] == true);
}

TEST_CASE("net resend: the same decision in other words is acknowledged again, another seat's is not") {
  test::HubHarness h(test::fresh_server_db("resend"));
  h.hello(1);
  h.hello(2);
  // (Not a structured binding: clang does not let a lambda capture one.)
  const std::string room =
      h.create(1, "rule_set", "base",
               json::array({{{"kind", "human"}, {"name", "Ann"}}, {{"kind", "human"}, {"name", "Ben"}}}))
          .first;
  const std::string ann = h.join(1, room, 0), ben = h.join(2, room, 1);
  const Game* g = h.hub.game(room);
  REQUIRE(g);
  const auto move = [&](net::ConnId c, const std::string& token, int64_t ply, const std::string& m) {
    return h.answer(c, {{"type", "move"}, {"room", room}, {"token", token}, {"ply", ply}, {"move", m}});
  };
  // Ann's first decision with a trailing space: accepted, and the same text again is `again`.
  const std::string first = g->to_string(g->pending().options[0]);
  REQUIRE(move(1, ann, 0, first + " ")["type"] == "ack");
  CHECK(move(1, ann, 0, first + " ")["again"] == true);
  CHECK(move(1, ann, 0, first)["again"] == true);
  // Ben sends Ann's decision for ply 0 with his own token: not his, so not `again`.
  const json ben_resend = move(2, ben, 0, first);
  CHECK(code_of_msg(ben_resend) == "stale_ply");
  CHECK(!ben_resend.contains("again"));
  // A placement sent at another rotation that is the same placement (a symmetric tile):
  // play on until one comes up, then send the equivalent rotation again.
  bool tried_rotation = false;
  for (int n = 0; n < 200 && !g->finished() && !tried_rotation; ++n) {
    const int seat = g->pending().player;
    const auto c = static_cast<net::ConnId>(seat + 1);
    const std::string& token = seat == 0 ? ann : ben;
    const std::string text = g->to_string(g->pending().options[0]);
    const int64_t ply = g->ply();
    std::string other;
    const size_t last = text.rfind(' ');
    if (last != std::string::npos && text.compare(last, 2, " r") == 0) {  // "place J -1,0 r90"
      for (const char* r : {"r0", "r90", "r180", "r270"}) {
        const std::string alt = text.substr(0, last + 1) + r;
        if (alt == text || !other.empty()) continue;
        const auto o = g->parse_option(alt);
        if (o && g->to_string(g->canonical(*o)) == text) other = alt;
      }
    }
    REQUIRE(move(c, token, ply, text)["type"] == "ack");
    if (!other.empty()) {
      const json a = move(c, token, ply, other);
      CHECK(a["type"] == "ack");
      CHECK(a["again"] == true);
      // A different decision for that ply is stale, not `again`.
      tried_rotation = true;
    }
  }
  CHECK(tried_rotation);
  CHECK(tw::store_layer::connection(h.store).execAndGet("SELECT count(*) FROM net_move").getInt64() == g->ply());
}

TEST_CASE("net validation: auto_start, clocks, names that spoof, and requests before hello") {
  test::HubHarness h(test::fresh_server_db("validation"));
  h.hub.opened(1);
  // A malformed create before hello: hello_first, not bad_field.
  CHECK(code_of_msg(h.answer(1, {{"type", "create"}, {"rule_set", 5}})) == "hello_first");
  CHECK(code_of_msg(h.answer(1, {{"type", "move"}})) == "hello_first");
  CHECK(code_of_msg(h.answer(1, {{"type", "hello"}})) == "bad_field");
  h.say(1, {{"type", "hello"}, {"version", net::kProtocolVersion}});
  const auto create = [&](const json& extra) {
    json j{{"type", "create"}, {"rule_set", "base"}, {"seats", kHumanAndBot}};
    for (auto& [k, v] : extra.items()) j[k] = v;
    return h.answer(1, j);
  };
  const json yes = create({{"auto_start", "yes"}});
  CHECK(code_of_msg(yes) == "bad_field");
  CHECK(yes["message"].get<std::string>().find("auto_start") != std::string::npos);
  CHECK(code_of_msg(create({{"clock", {{"initial_ms", 0}}}})) == "bad_field");
  CHECK(code_of_msg(create({{"clock", {{"initial_ms", 999}}}})) == "bad_field");
  CHECK(create({{"clock", {{"initial_ms", 1000}}}})["type"] == "created");
  const auto named = [&](const std::string& name) {
    return create({{"seats", json::array({{{"kind", "human"}, {"name", name}}, {{"kind", "bot"}, {"bot", "random"}}})}});
  };
  for (const char* spoof : {"Ann\u202e", "\u2066Ann", "A\u200bnn", "Ann\u200f", "\ufeffAnn", "An\u2060n", "Ann\u202a"}) {
    const json m = named(spoof);
    INFO(m.dump());
    CHECK(code_of_msg(m) == "bad_field");
  }
  const json trailing = named("Ann ");
  CHECK(code_of_msg(trailing) == "bad_field");
  CHECK(trailing["message"].get<std::string>().find("end with a space") != std::string::npos);
  CHECK(named(" Ann")["message"].get<std::string>().find("start with a space") != std::string::npos);
  const json zoe = named("Zoë");
  INFO(zoe.dump());
  CHECK(zoe["type"] == "created");  // other non-ASCII letters stay welcome
  CHECK(code_of_msg(h.answer(1, {{"type", "hello"}, {"version", 1}, {"name", "x\u200bx"}})) == "bad_field");
}

TEST_CASE("net operations: refusals are counted and their log lines rate-limited, the metrics text") {
  test::HubHarness h(test::fresh_server_db("ops"));
  h.hub.opened(1);
  for (int i = 0; i < 500; ++i) h.say(1, {{"type", "join"}, {"room", "ABCDEFGH"}});  // hello_first, 500 times
  size_t lines = 0;
  for (const auto& l : h.log) lines += l.find("hello_first") != std::string::npos;
  CHECK(lines >= 1);
  CHECK(lines <= 10);
  h.now += 11'000;
  h.hub.housekeep();
  CHECK(h.log.back().find("more lines like it suppressed") != std::string::npos);
  net::MetricsText m;
  h.hub.metrics(m);
  CHECK(m.text().find("tilewright_refusals_total{code=\"hello_first\"} 500") != std::string::npos);
  CHECK(m.text().find("# TYPE tilewright_rooms gauge") != std::string::npos);
  CHECK(m.text().find("tilewright_decisions_total{by=\"human\"} 0") != std::string::npos);
}

TEST_CASE("net lifecycle: finished rooms do not count toward the cap, and only so many stay in memory") {
  test::HubHarness h(test::fresh_server_db("lifecycle-finished-cap"), 1000, 8000, [](net::HubOptions& o) {
    o.max_rooms = 2;
    o.max_finished_kept = 1;
  });
  h.hello(1, "127.0.0.1");
  const json clock{{"initial_ms", 1000}, {"at_zero", "forfeit"}};
  std::vector<std::string> rooms;
  for (int i = 0; i < 2; ++i) {
    h.say(1, {{"type", "create"}, {"rule_set", "base"}, {"seats", kHumanAndBot}, {"auto_start", true}, {"clock", clock}});
    rooms.push_back(h.last(1, "created")["room"]);
    REQUIRE(!h.join(1, rooms.back()).empty());
    h.bots();
  }
  const json create{{"type", "create"}, {"rule_set", "base"}, {"seats", kHumanAndBot}};
  CHECK(code_of_msg(h.answer(1, create)) == "busy");
  h.now += 2000;
  h.hub.tick();  // both forfeit
  CHECK(h.hub.playing() == 0);
  CHECK(h.answer(1, create)["type"] == "created");  // finished rooms leave room
  h.hub.closed(1);
  h.hub.housekeep();
  CHECK(h.hub.rooms() == 2);  // the open one and one finished
  h.hello(2);
  for (const auto& room : rooms) CHECK(h.answer(2, {{"type", "join"}, {"room", room}})["type"] == "over");
}
