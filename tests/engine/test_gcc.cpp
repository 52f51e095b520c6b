// Ghosts, Castles and Cemeteries on the shipped `gcc` rule set: the random-game
// conformance test (ghost conservation at every ply, followers and guards conserved,
// scores never negative, determinism) and bot behaviour.
#include <catch2/catch.hpp>

#include "engine/bots.h"
#include "engine/game.h"
#include "fixtures.h"

using namespace tw;

namespace {

int ghosts_on_board(const Game& g) {
  int n = 0;
  for (const auto& f : g.followers()) n += f.ghosts;
  return n;
}

}  // namespace

TEST_CASE("10,000 random gcc games: 15 ghosts at every ply, nothing lost, no negative score", "[gcc][random]") {
  const Content& c = test::default_content();
  const RuleSet* rs = c.find_rule_set("gcc");
  REQUIRE(rs != nullptr);
  REQUIRE(rs->rules.ghost_bank == 15);
  int pool = 0;
  for (const auto& e : rs->pool) pool += e.count;
  REQUIRE(pool == 131);  // 71 base tiles + 60 Mists tiles
  uint64_t ghost_decisions = 0, scared = 0, guards_gained = 0;
  Game g;
  for (int i = 0; i < 10000; ++i) {
    const int players = 2 + i % 4;
    GameSetup s;
    s.rule_set = "gcc";
    s.seed = static_cast<uint64_t>(i) * 104729 + 7;
    for (int p = 0; p < players; ++p) s.players.push_back({"bot:random", "random"});
    REQUIRE(!Game::create(c, s, g));
    REQUIRE(g.placed().size() == 4);  // the 2x2 start piece
    Rng rng(s.seed);
    while (!g.finished()) {
      const auto& opts = g.pending().options;
      if (g.pending().kind == DecisionKind::Ghost) ++ghost_decisions;
      const size_t k = static_cast<size_t>(rng.below(opts.size()));
      g.apply_index(k);
      for (const auto& e : g.events()) {
        scared += e.kind == EventKind::FollowerScared;
        guards_gained += e.kind == EventKind::GuardGained;
      }
      if (ghosts_on_board(g) + g.ghost_bank() != 15) FAIL("game " << i << " ply " << g.ply() << ": ghosts not conserved");
      for (int p = 0; p < players; ++p)
        if (g.score(p) < 0) FAIL("game " << i << " ply " << g.ply() << ": a negative score");
      if (g.ply() % 32 == 0 || g.finished()) {
        const std::string broken = g.check_invariants();
        if (!broken.empty()) FAIL("game " << i << " ply " << g.ply() << ": " << broken);
      }
    }
    // Followers: every one of each colour is somewhere (supply, board, general supply).
    for (int p = 0; p < players; ++p) {
      int total = 0;
      for (const auto& f : g.followers()) total += f.player == p;
      if (total != 5 + 2 + 3) FAIL("player " << p << " owns " << total << " figures");
    }
  }
  // The modules were exercised, not skipped.
  CHECK(ghost_decisions > 10000);
  CHECK(scared > 100);
  CHECK(guards_gained > 20);  // random bots rarely finish the 8 tiles round a cemetery
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
