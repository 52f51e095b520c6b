// Ghosts, Castles and Cemeteries on the shipped `gcc` rule set: the rule set's numbers,
// guards gained from cemeteries, determinism and bot behaviour. The random-game
// conformance checks are in tests/replay/test_conformance.cpp.
#include <catch2/catch.hpp>

#include "engine/bots/bots.h"
#include "engine/game.h"
#include "fixtures.h"

using namespace tw;

namespace {

int follower_ghosts(const Game& g) {
  int n = 0;
  for (const auto& f : g.followers()) n += tw::ghosts_with(f);
  return n;
}

}  // namespace

// The random-game checks (15 ghosts at every ply, figures conserved, no negative score,
// invariants, ghost decisions and scared followers exercised) are in the conformance
// test, tests/replay/test_conformance.cpp. What stays here: the rule set's numbers and
// the rare cemetery guard, which a few random games do not reach.
TEST_CASE("gcc: 131 tiles, a 2x2 start piece, 15 ghosts, 5 meeples + 2 guards + 3 general guards", "[gcc][content]") {
  const Content& c = test::default_content();
  const RuleSet* rs = c.find_rule_set("gcc");
  REQUIRE(rs != nullptr);
  CHECK(rs->rules.ghost_bank == 15);
  CHECK(rs->rules.followers + rs->rules.guards + rs->rules.general_guards == 5 + 2 + 3);
  int pool = 0;
  for (const auto& e : rs->pool) pool += e.count;
  CHECK(pool == 131);  // 71 base tiles + 60 Mists tiles
  GameSetup s;
  s.rule_set = "gcc";
  s.seed = 7;
  s.players = {{"a", ""}, {"b", ""}, {"c", ""}};
  Game g;
  REQUIRE(!Game::create(c, s, g));
  CHECK(g.placed().size() == 4);  // the 2x2 start piece
  CHECK(follower_ghosts(g) + ghost_bank(g) == 15);
  for (int p = 0; p < 3; ++p) {
    int total = 0;
    for (const auto& f : g.followers()) total += f.player == p;
    CHECK(total == 5 + 2 + 3);
    CHECK(g.supply(p) == 5);
    CHECK(g.guard_supply(p) == 2);
    CHECK(g.general_guards(p) == 3);
  }
}

TEST_CASE("gcc: a completed cemetery moves a guard from the general supply to its owner's", "[gcc][random]") {
  // Random bots rarely close the 8 tiles round a cemetery: play seeded games until a few
  // guards were gained, and check each one moved exactly one guard.
  const Content& c = test::default_content();
  int gained = 0, games = 0;
  Game g;
  for (uint64_t seed = 1; seed <= 2000 && gained < 3; ++seed, ++games) {
    const int players = 2 + static_cast<int>(seed % 4);
    GameSetup s;
    s.rule_set = "gcc";
    s.seed = seed * 104729 + 7;
    for (int p = 0; p < players; ++p) s.players.push_back({"bot:random", "random"});
    REQUIRE(!Game::create(c, s, g));
    Rng rng(s.seed);
    // A player's guards on the board (one may return in the same turn as a guard is gained:
    // the supply then grows by both).
    const auto on_board = [&](int p) {
      int n = 0;
      for (const Follower& f : g.followers())
        if (f.player == p && f.kind == FollowerKind::Guard && f.placed >= 0 && !f.general) ++n;
      return n;
    };
    while (!g.finished()) {
      std::vector<int> guards, general;
      for (int p = 0; p < players; ++p) {
        guards.push_back(g.guard_supply(p) + on_board(p));
        general.push_back(g.general_guards(p));
      }
      g.apply_index(static_cast<size_t>(rng.below(g.pending().options.size())));
      std::vector<int> got(static_cast<size_t>(players), 0);
      for (const auto& e : g.events())
        if (e.kind == EventKind::GuardGained) {
          ++got[static_cast<size_t>(e.player)];
          ++gained;
        }
      for (int p = 0; p < players; ++p) {
        const size_t pi = static_cast<size_t>(p);
        if (got[pi] == 0) continue;
        INFO("seed " << s.seed << " ply " << g.ply() << " player " << p);
        CHECK(g.general_guards(p) == general[pi] - got[pi]);
        // The player's own guards (in supply and on the board) grew by the ones gained.
        CHECK(g.guard_supply(p) + on_board(p) == guards[pi] + got[pi]);
      }
    }
  }
  INFO(games << " games");
  CHECK(gained >= 3);
}

TEST_CASE("gcc: the same seed gives the same game", "[gcc][determinism]") {
  const Content& c = test::default_content();
  auto play = [&](uint64_t seed) {
    GameSetup s;
    s.rule_set = "gcc";
    s.seed = seed;
    s.players = {{"a", "greedy"}, {"b", "random"}, {"c", "greedy"}};
    Game g;
    REQUIRE(!Game::create(c, s, g));
    auto greedy = make_bot("greedy");
    auto random = make_bot("random");
    std::vector<Bot*> bots = {greedy.get(), random.get(), greedy.get()};
    Rng rng(seed);
    std::vector<uint64_t> hashes;
    while (!g.finished()) {
      g.apply_index(bots[static_cast<size_t>(g.pending().player)]->choose(g, rng));
      hashes.push_back(g.state_hash());
    }
    return hashes;
  };
  const auto a = play(5), b = play(5), other = play(6);
  CHECK(a == b);
  CHECK(a != other);
}

TEST_CASE("gcc: the greedy bot, which counts ghost penalties, beats random", "[gcc][bots]") {
  const Content& c = test::default_content();
  auto greedy = make_bot("greedy");
  auto random = make_bot("random");
  int wins = 0;
  const int games = 20;
  for (int i = 0; i < games; ++i) {
    GameSetup s;
    s.rule_set = "gcc";
    s.seed = static_cast<uint64_t>(i) + 1;
    s.players = {{"g", "greedy"}, {"r", "random"}};
    Game g;
    REQUIRE(!Game::create(c, s, g));
    Rng rng(s.seed);
    std::vector<Bot*> bots = {greedy.get(), random.get()};
    play_out(g, bots, rng);
    wins += g.score(0) > g.score(1);
  }
  CHECK(wins >= games * 9 / 10);
}
