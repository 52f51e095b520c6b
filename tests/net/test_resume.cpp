// A server that dies resumes every game from its database: 20 games are interrupted (the
// Hub dropped without a word, as by SIGKILL: everything it acknowledged was written
// first), a new Hub on the same file loads them, the players come back with their tokens,
// and each game ends as the same game played without the interruption.
#include <catch2/catch.hpp>

#include <SQLiteCpp/SQLiteCpp.h>

#include <memory>

#include "engine/result.h"
#include "schema/connection.h"
#include "net_fixture.h"
#include "sanitized.h"

using namespace tw;
using nlohmann::json;

namespace {

// Under the sanitizers 8 (a co-op game among them: i % 4 == 3), the Release run plays 20.
constexpr int kGames = test::kSanitized ? 8 : 20;

struct Table {
  std::string room, token;
};

// The human seat's decision: option (ply mod count), the same in both runs.
bool play_human(test::HubHarness& h, net::ConnId c, const Table& t, int max_decisions) {
  const Game* g = h.hub.game(t.room);
  for (int n = 0; n < max_decisions; ++n) {
    h.bots();
    if (g->finished()) return true;
    REQUIRE(g->pending().player == 0);
    const size_t i = static_cast<size_t>(g->ply()) % g->pending().options.size();
    SQLite::Statement q(tw::store_layer::connection(h.store), "SELECT count(*) FROM net_move WHERE room = ?");
    q.bind(1, t.room);
    q.executeStep();
    REQUIRE(h.answer(c, {{"type", "move"}, {"room", t.room}, {"token", t.token}, {"ply", q.getColumn(0).getInt64()},
                         {"move", g->to_string(g->pending().options[i])}})["type"] == "ack");
  }
  h.bots();
  return g->finished();
}

std::vector<Table> open_tables(test::HubHarness& h) {
  std::vector<Table> tables;
  for (int i = 0; i < kGames; ++i) {
    const auto c = static_cast<net::ConnId>(100 + i);
    h.hello(c);
    const bool coop = i % 4 == 3;
    auto [room, host] = coop ? h.create(c, "level", "mists-2", json::array({{{"kind", "human"}}, {{"kind", "bot"}, {"bot", "coop"}}}))
                             : h.create(c, "rule_set", i % 2 ? "gcc" : "base",
                                        json::array({{{"kind", "human"}}, {{"kind", "bot"}, {"bot", "greedy"}}}));
    REQUIRE(!room.empty());
    tables.push_back({room, h.join(c, room)});
    REQUIRE(!tables.back().token.empty());
  }
  return tables;
}

}  // namespace

TEST_CASE("net resume: games interrupted and resumed end as the uninterrupted games") {
  const std::string db_a = test::fresh_server_db("resume-a"), db_b = test::fresh_server_db("resume-b");
  // The uninterrupted run.
  std::vector<std::string> results;
  std::vector<uint64_t> hashes;
  {
    test::HubHarness h(db_b, 500);
    auto tables = open_tables(h);
    for (int i = 0; i < kGames; ++i) {
      REQUIRE(play_human(h, static_cast<net::ConnId>(100 + i), tables[static_cast<size_t>(i)], 1000));
      const Game* g = h.hub.game(tables[static_cast<size_t>(i)].room);
      results.push_back(result_text(*g));
      hashes.push_back(g->state_hash());
    }
  }
  // The interrupted run: the same seeds and decisions, the Hub dropped mid-game.
  std::vector<Table> tables;
  {
    auto h = std::make_unique<test::HubHarness>(db_a, 500);
    tables = open_tables(*h);
    for (int i = 0; i < kGames; ++i)
      CHECK(!play_human(*h, static_cast<net::ConnId>(100 + i), tables[static_cast<size_t>(i)], 2 + i % 6));  // 2..7 decisions: every game still running
    // The last human decisions leave some games at a bot's turn: those too must go on.
    h->say(100, {{"type", "ping"}});
  }  // gone: no goodbye, nothing more written
  test::HubHarness h(db_a, 999999);
  CHECK(h.hub.load() == kGames);
  for (int i = 0; i < kGames; ++i) {
    const auto c = static_cast<net::ConnId>(300 + i);
    const Table& t = tables[static_cast<size_t>(i)];
    h.hello(c);
    h.say(c, {{"type", "resume"}, {"room", t.room}, {"token", t.token}});
    REQUIRE(h.last(c, "joined")["seat"] == 0);
    REQUIRE(!h.last(c, "state").is_null());  // the game where it stands
    REQUIRE(play_human(h, c, t, 1000));
    const Game* g = h.hub.game(t.room);
    CHECK(result_text(*g) == results[static_cast<size_t>(i)]);
    CHECK(g->state_hash() == hashes[static_cast<size_t>(i)]);
    // No decision lost or applied twice: the stored rows are the game's decisions.
    SQLite::Statement q(tw::store_layer::connection(h.store), "SELECT count(*) FROM net_move WHERE room = ?");
    q.bind(1, t.room);
    q.executeStep();
    CHECK(q.getColumn(0).getInt64() == g->ply());
    CHECK(h.hub.replay_of(t.room).has_value());
  }
}
