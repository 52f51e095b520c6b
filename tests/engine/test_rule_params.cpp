// The rule parameters issue 12 turned from literals and silent choices into data: each
// one, turned away from its default, changes games where its rule applies (checked here
// where random bench games rarely reach the rule; tests/cli/test_signatures.cpp checks
// the others through the bench signature).
#include <catch2/catch.hpp>

#include "engine/bots/bots.h"
#include "engine/game.h"
#include "fixtures.h"

using namespace tw;

namespace {

struct ParamsPlayed {
  uint64_t hash = 0;
  int dogs_placed = 0;
  int dogs_reached = 0;
};

ParamsPlayed play(const Content& c, const char* level, int players, uint64_t seed, const char* bot_name) {
  GameSetup s;
  s.level = level;
  s.seed = seed;
  for (int p = 0; p < players; ++p) s.players.push_back({std::string("bot:") + bot_name, bot_name});
  Game g;
  REQUIRE_FALSE(Game::create(c, s, g));
  auto bot = make_bot(bot_name);
  Rng rng(seed);
  ParamsPlayed out;
  while (!g.finished()) {
    g.apply_index(bot->choose(g, rng));
    for (const Event& e : g.events()) out.dogs_placed += e.kind == EventKind::DogPlaced;
  }
  out.hash = g.state_hash();
  out.dogs_reached = dogs_reached(g);
  return out;
}

}  // namespace

TEST_CASE("dog_waits_for_follower: a dog reached while no follower stands waits for one instead of being lost") {
  // Dogs early (2 and 4 points), so that the first scored features reach them, often
  // right after their followers went home.
  Content shipped = test::default_content();
  for (Level& l : shipped.levels)
    if (l.id == "mists-3") l.dogs = {2, 4};
  Content waiting = shipped;
  for (RuleSet& rs : waiting.rule_sets)
    if (rs.id == "mists") rs.rules.dog_waits_for_follower = 1;
  int lost = 0, differ = 0, more_placed = 0;
  for (const char* bot : {"random", "coop"})
    for (int players = 1; players <= 2; ++players)
      for (uint64_t seed = 1; seed <= 20; ++seed) {
        const ParamsPlayed a = play(shipped, "mists-3", players, seed, bot);
        const ParamsPlayed b = play(waiting, "mists-3", players, seed, bot);
        lost += a.dogs_placed < a.dogs_reached;
        differ += a.hash != b.hash;
        more_placed += b.dogs_placed > a.dogs_placed;
        if (a.hash == b.hash) CHECK(a.dogs_placed == b.dogs_placed);
      }
  // The default loses dogs in some of these games; waiting places more of them.
  CHECK(lost > 0);
  CHECK(differ > 0);
  CHECK(more_placed > 0);
}

TEST_CASE("unghost_choose_count: fewer ghosts are offered as `unghost x,y N`, and the text reads back") {
  Content c = test::default_content();
  for (RuleSet& rs : c.rule_sets)
    if (rs.id == "mists") rs.rules.unghost_choose_count = 1;
  int counted = 0, removed_fewer = 0;
  for (uint64_t seed = 1; seed <= 30; ++seed) {
    GameSetup s;
    s.level = "mists-3";
    s.seed = seed;
    s.players = {{"bot:random", "random"}, {"bot:random", "random"}};
    Game g;
    REQUIRE_FALSE(Game::create(c, s, g));
    auto bot = make_bot("random");
    Rng rng(seed);
    while (!g.finished()) {
      for (const Option& o : g.pending().options) {
        const std::string text = g.to_string(o);
        std::string why;
        const auto back = g.parse_option(text, &why);
        INFO(text << ": " << why);
        REQUIRE(back);
        CHECK(*back == o);
        if (o.kind == OptKind::Unghost) CHECK(g.describe(o).count == (o.seg ? o.seg : -1));
        if (o.kind == OptKind::Unghost && o.seg) {
          ++counted;
          // N is fewer than the tile holds and than a removal takes at most.
          const int q = g.tile_at(o.x, o.y);
          CHECK(o.seg < std::min(tile_ghosts(g, q), 3));
        }
      }
      const size_t i = bot->choose(g, rng);
      const Option chosen = g.pending().options[i];
      const int q = chosen.kind == OptKind::Unghost ? g.tile_at(chosen.x, chosen.y) : -1;
      const int before = q >= 0 ? tile_ghosts(g, q) : 0;
      g.apply_index(i);
      if (q >= 0 && chosen.seg) {
        CHECK(tile_ghosts(g, q) == before - chosen.seg);
        ++removed_fewer;
      }
    }
  }
  CHECK(counted > 0);
  CHECK(removed_fewer > 0);
  // Without the rule the count form is refused.
  const Content& shipped = test::default_content();
  GameSetup s;
  s.level = "mists-3";
  s.seed = 1;
  s.players = {{"A", ""}};
  Game g;
  REQUIRE_FALSE(Game::create(shipped, s, g));
  std::string why;
  CHECK_FALSE(g.parse_option("unghost 0,0 2", &why));
  CHECK(why.find("a ghost removal") != std::string::npos);
}
