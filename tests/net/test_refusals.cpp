// The referee refuses what a seat may not do, logs it, and changes nothing (net/hub.h).
#include <catch2/catch.hpp>

#include <SQLiteCpp/SQLiteCpp.h>

#include "net_fixture.h"
#include "schema/connection.h"

using namespace tw;
using nlohmann::json;

namespace {
int64_t stored_moves(Store& s) {
  return tw::store_layer::connection(s).execAndGet("SELECT count(*) FROM net_move").getInt64();
}
std::string code_of(const json& m) { return m.is_null() ? "" : m.value("code", std::string()); }
}  // namespace

TEST_CASE("net refusals: moving out of turn, for another seat, with another room's token, into a full seat, "
          "with an old protocol") {
  test::HubHarness h(test::fresh_server_db("refusals"));
  h.hello(1);
  h.hello(2);
  h.hello(3);
  const json two_humans = json::array({{{"kind", "human"}, {"name", "Ann"}}, {{"kind", "human"}, {"name", "Ben"}}});
  auto [room, host] = h.create(1, "rule_set", "base", two_humans);
  REQUIRE(room.size() == net::kRoomCodeChars);
  const std::string ann = h.join(1, room, 0);
  const std::string ben = h.join(2, room);
  REQUIRE(ann.size() == 32);
  REQUIRE(ben.size() == 32);
  CHECK(ann != ben);
  const Game* g = h.hub.game(room);
  REQUIRE(g);  // auto start: both seats taken
  REQUIRE(g->pending().player == 0);

  // A full room: no free seat, and a taken seat by number.
  CHECK(h.join(3, room).empty());
  CHECK(code_of(h.last_message(3)) == "room_full");
  CHECK(h.join(3, room, 1).empty());
  CHECK(code_of(h.last_message(3)) == "seat_taken");

  const auto move = [&](net::ConnId c, const std::string& r, const std::string& token, size_t ply, const std::string& m) {
    return h.answer(c, {{"type", "move"}, {"room", r}, {"token", token}, {"ply", ply}, {"move", m}});
  };
  const std::string first = g->to_string(g->pending().options[0]);
  const int64_t before = stored_moves(h.store);
  const int ply_before = g->ply();

  // Ben moves at Ann's turn (out of turn); Ben's connection uses Ann's seat number: the
  // token decides who moves, never what the message says.
  CHECK(code_of(move(2, room, ben, 0, first)) == "not_your_turn");
  // A forged token, and another room's token.
  CHECK(code_of(move(2, room, std::string(32, 'a'), 0, first)) == "bad_token");
  auto [room2, host2] = h.create(3, "rule_set", "base", json::array({{{"kind", "human"}}, {{"kind", "bot"}, {"bot", "random"}}}));
  const std::string other = h.join(3, room2);
  REQUIRE(!other.empty());
  CHECK(code_of(move(3, room, other, 0, first)) == "bad_token");
  // The host's token is no seat's.
  CHECK(code_of(move(1, room, host, 0, first)) == "bad_token");
  // A stale or future ply, an illegal option, a room that does not exist.
  CHECK(code_of(move(1, room, ann, 5, first)) == "stale_ply");
  CHECK(code_of(move(1, room, ann, 0, "place X 99,99 r0")) == "illegal");
  CHECK(code_of(move(1, "ZZZZZZZZ", ann, 0, first)) == "no_room");
  // Starting again, or without the host's token.
  h.say(1, {{"type", "start"}, {"room", room}, {"token", ann}});
  CHECK(code_of(h.last_message(1)) == "bad_token");

  // Nothing changed, and every refusal was logged.
  CHECK(stored_moves(h.store) == before);
  CHECK(g->ply() == ply_before);
  CHECK(g->pending().player == 0);
  int refusals = 0;
  for (const auto& l : h.log) refusals += l.find("refused") != std::string::npos;
  CHECK(refusals >= 10);

  // Ann's move is accepted, acknowledged after it is written; sent again, it is
  // acknowledged again and applied once.
  CHECK(move(1, room, ann, 0, first)["type"] == "ack");
  CHECK(stored_moves(h.store) == before + 1);
  auto again = move(1, room, ann, 0, first);
  CHECK(again["type"] == "ack");
  CHECK(again["again"] == true);
  CHECK(stored_moves(h.store) == before + 1);

  // An old client is refused in the handshake, and nothing but hello is heard before it.
  h.hub.opened(4);
  h.say(4, {{"type", "join"}, {"room", room}});
  CHECK(code_of(h.last_message(4)) == "hello_first");
  h.say(4, {{"type", "hello"}, {"version", 0}});
  CHECK(code_of(h.last_message(4)) == "version");
  CHECK(h.last_message(4)["message"].get<std::string>().find("protocol") != std::string::npos);
  h.say(4, {{"type", "hello"}, {"version", net::kProtocolVersion + 1}});
  CHECK(code_of(h.last_message(4)) == "version");
  h.say(4, {{"type", "join"}, {"room", room}});
  CHECK(code_of(h.last_message(4)) == "hello_first");
}

TEST_CASE("net refusals: a room's rules, seats and bots are checked when it is made") {
  test::HubHarness h(test::fresh_server_db("create"));
  h.hello(1);
  CHECK(h.create(1, "rule_set", "no-such-rules", json::array({{{"kind", "human"}}})).first.empty());
  CHECK(code_of(h.last_message(1)) == "unknown_rules");
  CHECK(h.create(1, "rule_set", "base", json::array({{{"kind", "bot"}, {"bot", "deep-blue"}}, {{"kind", "human"}}}))
            .first.empty());
  CHECK(code_of(h.last_message(1)) == "bad_field");
  CHECK(h.create(1, "rule_set", "base", json::array({{{"kind", "bot"}, {"bot", "random"}}})).first.empty());
  CHECK(code_of(h.last_message(1)) == "bad_field");
  CHECK(h.hub.rooms() == 0);
  CHECK(!h.create(1, "level", "mists-1", json::array({{{"kind", "human"}}, {{"kind", "bot"}, {"bot", "coop"}}})).first.empty());
  CHECK(h.hub.rooms() == 1);
}
