// The co-op solver (engine/bots/solver.h): its witnesses are wins when replayed on a fresh
// game, a deal that cannot be won gives no witness, the search is deterministic for a
// node budget, and it says "exhaustive" only when it tried every line.
#include <catch2/catch.hpp>

#include "engine/bots/solver.h"
#include "engine/rules/coop.h"
#include "fixtures.h"

using namespace tw;

namespace {

GameSetup deal(const std::string& level, uint64_t seed, int players = 2) {
  GameSetup s;
  s.rule_set = "mists";
  s.level = level;
  s.seed = seed;
  for (int p = 0; p < players; ++p) s.players.push_back({"p" + std::to_string(p), ""});
  return s;
}

// Plays `line` on a fresh game of `setup`: every option must be legal where it comes.
Game replayed(const Content& c, const GameSetup& setup, const std::vector<Option>& line) {
  Game g;
  REQUIRE_FALSE(Game::create(c, setup, g));
  for (size_t i = 0; i < line.size(); ++i) {
    INFO("decision " << i + 1);
    REQUIRE_FALSE(g.finished());
    REQUIRE_FALSE(g.apply(line[i]));
  }
  return g;
}

}  // namespace

TEST_CASE("the solver's winning line replays as a win on a fresh game", "[engine][solver]") {
  const Content& c = test::default_content();
  // mists-1 seed 3: a width-8 pass wins it with about 25,000 nodes.
  Game g;
  REQUIRE_FALSE(Game::create(c, deal("mists-1", 3), g));
  SolverConfig cfg;
  cfg.max_nodes = 60000;
  const SolveResult r = solve(g, cfg);
  REQUIRE(r.won);
  CHECK_FALSE(r.exhaustive);
  CHECK(r.nodes > 0);
  CHECK(r.nodes <= cfg.max_nodes);
  CHECK(r.best_progress >= coop_level(g)->target);
  const Game end = replayed(c, deal("mists-1", 3), r.line);
  CHECK(end.finished());
  CHECK(end.outcome() == Outcome::Win);
  CHECK(end.check_invariants().empty());
}

TEST_CASE("the solver is deterministic for a node budget", "[engine][solver]") {
  const Content& c = test::default_content();
  for (const char* level : {"mists-1", "mists-4"}) {
    INFO(level);
    Game g;
    REQUIRE_FALSE(Game::create(c, deal(level, 7), g));
    SolverConfig cfg;
    cfg.max_nodes = 30000;
    const SolveResult a = solve(g, cfg), b = solve(g, cfg);
    CHECK(a.won == b.won);
    CHECK(a.line == b.line);
    CHECK(a.nodes == b.nodes);
    CHECK(a.depth == b.depth);
    CHECK(a.passes == b.passes);
    CHECK(a.best_progress == b.best_progress);
    // The game searched is not changed.
    Game fresh;
    REQUIRE_FALSE(Game::create(c, deal(level, 7), fresh));
    CHECK(g.state_hash() == fresh.state_hash());
  }
}

TEST_CASE("a deal that cannot be won yields no witness", "[engine][solver]") {
  // A variant of mists-1 whose ghost bank is empty: the ghosts of the start piece or of
  // the first tile with fog find no ghost in the bank, and the team loses.
  Content c = test::default_content();
  Level* l = nullptr;
  for (auto& x : c.levels)
    if (x.id == "mists-1") l = &x;
  REQUIRE(l);
  l->ghost_bank = 0;
  Game g;
  REQUIRE_FALSE(Game::create(c, deal("mists-1", 1), g));
  SolverConfig cfg;
  cfg.max_nodes = 200000;
  const SolveResult r = solve(g, cfg);
  CHECK_FALSE(r.won);
  CHECK(r.line.empty());
  if (g.finished()) {
    CHECK(g.outcome() == Outcome::Lose);
    CHECK(r.exhaustive);  // nothing to search
    CHECK(r.nodes == 0);
  }
  // Every line was tried well within the budget: nothing was pruned, so the search
  // may say so.
  CHECK(r.exhaustive);
  CHECK(r.nodes < cfg.max_nodes);
}

TEST_CASE("a search cut short by its budget is never called exhaustive", "[engine][solver]") {
  const Content& c = test::default_content();
  Game g;
  REQUIRE_FALSE(Game::create(c, deal("mists-6", 2), g));
  SolverConfig cfg;
  cfg.max_nodes = 2000;
  const SolveResult r = solve(g, cfg);
  CHECK_FALSE(r.won);
  CHECK_FALSE(r.exhaustive);
  CHECK(r.nodes >= cfg.max_nodes);
  CHECK(r.nodes < cfg.max_nodes + 1000);  // it stops soon after the budget
}
