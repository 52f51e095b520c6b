// Module data out of the core (issue 31 targets 1, 2): the modules' state is reset by
// Game::create whatever the game held before, the generic follower counts and flags keep
// what the modules put there, and the module headers' read functions answer for a game.
#include <algorithm>
#include <array>
#include <catch2/catch.hpp>

#include "engine/bots/bots.h"
#include "engine/game.h"
#include "fixtures.h"

using namespace tw;

namespace {

GameSetup setup_of(const char* rs, const char* level, uint64_t seed, int players = 2) {
  GameSetup s;
  s.rule_set = rs;
  s.level = level;
  s.seed = seed;
  for (int p = 0; p < players; ++p) s.players.push_back({"P" + std::to_string(p + 1), "random"});
  return s;
}

}  // namespace

TEST_CASE("module data: a game created into a used one starts and plays as a fresh one",
          "[engine][issue31]") {
  // Game::create resets the core and every module's state (st_ = ModuleState{}) in the
  // game it is given: after a co-op game, a competitive one and back, each game created
  // into the same object gives the hashes of the same game created fresh.
  const Content& c = test::default_content();
  auto random = make_bot("random");
  Game reused;
  const std::array<std::pair<const char*, const char*>, 6> order = {
      {{"mists", "mists-6"}, {"gcc", ""}, {"mists", "mists-3"}, {"discovery-expert", ""}, {"mists", "mists-4"}, {"base", ""}}};
  uint64_t seed = 11;
  for (const auto& [rs, level] : order) {
    INFO(rs << " " << level);
    const GameSetup s = setup_of(rs, level, ++seed, 3);
    Game fresh;
    REQUIRE(!Game::create(c, s, fresh));
    REQUIRE(!Game::create(c, s, reused));
    CHECK(reused.state_hash() == fresh.state_hash());
    CHECK(is_coop(reused) == (level[0] != '\0'));
    CHECK(loss_reason(reused).empty());
    Rng r1(3), r2(3);
    for (int i = 0; i < 60 && !fresh.finished(); ++i) {
      const size_t k = random->choose(fresh, r1);
      REQUIRE(random->choose(reused, r2) == k);
      fresh.apply_index(k);
      reused.apply_index(k);
      REQUIRE(reused.state_hash() == fresh.state_hash());
    }
    CHECK(reused.check_invariants().empty());
  }
}

TEST_CASE("module data: the level is the co-op module's", "[engine][issue31]") {
  const Content& c = test::default_content();
  Game g;
  REQUIRE(!Game::create(c, setup_of("mists", "mists-3", 1), g));
  REQUIRE(coop_level(g) != nullptr);
  CHECK(coop_level(g)->id == "mists-3");
  CHECK(is_coop(g));
  REQUIRE(!Game::create(c, setup_of("base", "", 1), g));
  CHECK(coop_level(g) == nullptr);
  CHECK(!is_coop(g));
  CHECK(!uses_ghosts(g));
  CHECK(!uses_hands(g));
}

TEST_CASE("module data: gcc ghosts live in the follower's count and go back to the bank",
          "[engine][issue31]") {
  // A follower's ghosts are its count in slot kGhostCount; when it leaves the board the
  // plan's on_return gives them back to the bank, so the ghosts with followers and in the
  // bank always sum to the rule's bank, and ghosts come back during a game.
  CHECK(sizeof(Follower) == 16);  // the counts fit in the struct the search copies
  const Content& c = test::default_content();
  auto random = make_bot("random");
  int most_with_one = 0, returned = 0;
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    Game g;
    REQUIRE(!Game::create(c, setup_of("gcc", "", seed, 4), g));
    REQUIRE(uses_ghosts(g));
    Rng rng(seed);
    int before = ghost_bank(g);
    while (!g.finished()) {
      g.apply_index(random->choose(g, rng));
      int with = 0;
      for (const Follower& f : g.followers()) {
        with += ghosts_with(f);
        most_with_one = std::max(most_with_one, ghosts_with(f));
        if (f.placed < 0) REQUIRE(ghosts_with(f) == 0);
      }
      REQUIRE(with + ghost_bank(g) == g.rules().ghost_bank);
      if (ghost_bank(g) > before) ++returned;
      before = ghost_bank(g);
    }
  }
  CHECK(most_with_one > 0);
  CHECK(returned > 0);
}

TEST_CASE("module data: buried followers are retired, face-down tiles wild", "[engine][issue31]") {
  // Co-op level 6 (haunted cemeteries) buries followers and lays tiles face down: a buried
  // follower stays on its tile out of every supply; dogs stand only with followers on the
  // board.
  const Content& c = test::default_content();
  auto random = make_bot("random");
  int buried_seen = 0, face_down_seen = 0;
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    Game g;
    REQUIRE(!Game::create(c, setup_of("mists", "mists-6", seed), g));
    Rng rng(seed);
    while (!g.finished()) g.apply_index(random->choose(g, rng));
    for (const Follower& f : g.followers()) {
      CHECK(f.retired == buried(f));
      if (buried(f)) {
        ++buried_seen;
        CHECK(f.placed >= 0);
      }
      if (f.placed < 0) CHECK(dogs_with(f) == 0);
    }
    for (const PlacedTile& t : g.placed()) face_down_seen += face_down(t);
    CHECK(g.check_invariants().empty());
  }
  CHECK(buried_seen > 0);
  CHECK(face_down_seen > 0);
}
