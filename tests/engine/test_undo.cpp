// Apply and undo (Game::mark, Game::undo, engine/undo.cpp): at every decision of seeded
// games of every rule set and every co-op level, each legal option applied and undone
// gives back the state it started from: the full structural comparison (differs_from) and
// the state hash. Also nested frames, a whole playout undone at once, and the playout
// path's counted decisions.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "engine/game.h"
#include "engine/rng.h"
#include "fixtures.h"
#include "sanitized.h"

using namespace tw;

namespace {

struct UndoCase {
  std::string rule_set, level;
};

// Every rule set the default content ships, and every level.
std::vector<UndoCase> undo_cases() {
  const Content& c = test::default_content();
  std::vector<UndoCase> out;
  for (const RuleSet& rs : c.rule_sets) out.push_back({rs.id, ""});
  for (const Level& l : c.levels) out.push_back({"", l.id});
  return out;
}

GameSetup undo_setup(const UndoCase& uc, uint64_t seed) {
  GameSetup s;
  s.rule_set = uc.rule_set;
  s.level = uc.level;
  s.seed = seed;
  for (int p = 0; p < 2; ++p) s.players.push_back({"bot:random", "random"});
  return s;
}

// The hash of a copy: hashing runs find(), whose path compression would change the game's
// raw nodes (the comparison is raw).
uint64_t hash_of(const Game& g) { return Game(g).state_hash(); }

struct UndoCount {
  long decisions = 0, tried = 0;
};

// One seeded game: at every decision each option applied and undone (a frame per option);
// then a random option played. `playout`: the playout path (counted placements).
UndoCount undo_every_option(const UndoCase& uc, uint64_t seed, bool playout) {
  const Content& c = test::default_content();
  Game g;
  g.set_playout(playout);
  REQUIRE_FALSE(Game::create(c, undo_setup(uc, seed), g));
  Rng rng(seed * 7919 + 3);
  UndoCount n;
  while (!g.finished()) {
    INFO(uc.rule_set << uc.level << " seed " << seed << " ply " << g.ply() << (playout ? " (playout)" : ""));
    const Game ref = g;
    const uint64_t h0 = hash_of(ref);
    const size_t count = g.option_count();
    REQUIRE(count > 0);
    for (size_t i = 0; i < count; ++i) {
      const Option o = g.option(i);
      INFO("option " << g.to_string(o));
      g.mark();
      REQUIRE(g.marks() == 1);
      if (playout)
        g.apply_index(i);
      else
        REQUIRE_FALSE(g.apply(o));
      REQUIRE(g.check_invariants().empty());
      g.undo();
      REQUIRE(g.marks() == 0);
      REQUIRE(g.differs_from(ref).empty());
      REQUIRE(hash_of(g) == h0);
      ++n.tried;
    }
    ++n.decisions;
    g.apply_index(static_cast<size_t>(rng.below(count)));
    REQUIRE(g.check_invariants().empty());
  }
  return n;
}

// Frames nested three deep along a random line, then a whole random playout in one frame,
// then a new deal (determinize) with a few plies on it: each undo gives back the state at its mark.
void undo_nested(const UndoCase& uc, uint64_t seed) {
  const Content& c = test::default_content();
  Game g;
  REQUIRE_FALSE(Game::create(c, undo_setup(uc, seed), g));
  Rng rng(seed * 31 + 1);
  while (!g.finished()) {
    INFO(uc.rule_set << uc.level << " seed " << seed << " ply " << g.ply());
    std::vector<Game> refs;
    for (int d = 0; d < 3 && !g.finished(); ++d) {
      refs.push_back(g);
      g.mark();
      g.apply_index(static_cast<size_t>(rng.below(g.option_count())));
    }
    for (size_t d = refs.size(); d-- > 0;) {
      g.undo();
      REQUIRE(g.marks() == d);
      REQUIRE(g.differs_from(refs[d]).empty());
    }
    // The rest of the game at random in one frame, then undone at once.
    const Game ref = g;
    const uint64_t h0 = hash_of(ref);
    g.mark();
    Rng roll(rng.next());
    while (!g.finished()) g.apply_index(static_cast<size_t>(roll.below(g.option_count())));
    g.undo();
    REQUIRE(g.differs_from(ref).empty());
    REQUIRE(hash_of(g) == h0);
    // A new deal of the hidden tiles (mcts's iterations), a few plies on it, undone.
    g.mark();
    g.determinize(roll);
    for (int k = 0; k < 4 && !g.finished(); ++k) g.apply_index(static_cast<size_t>(roll.below(g.option_count())));
    g.undo();
    REQUIRE(g.differs_from(ref).empty());
    // On: several plies at a time.
    for (int k = 0; k < 5 && !g.finished(); ++k) g.apply_index(static_cast<size_t>(rng.below(g.option_count())));
  }
}

}  // namespace

TEST_CASE("undo: every option at every decision of every rule set and level is taken back exactly") {
  const int seeds = test::kSanitized ? 1 : 2;
  for (const UndoCase& uc : undo_cases()) {
    UndoCount total;
    for (int s = 1; s <= seeds; ++s) {
      const UndoCount n = undo_every_option(uc, static_cast<uint64_t>(s), false);
      total.decisions += n.decisions;
      total.tried += n.tried;
    }
    INFO(uc.rule_set << uc.level);
    CHECK(total.decisions > 10);
    CHECK(total.tried > total.decisions);
  }
}

TEST_CASE("undo: the playout path's counted decisions are taken back exactly") {
  for (const UndoCase& uc : undo_cases()) undo_every_option(uc, 3, true);
}

TEST_CASE("undo: nested frames and a whole playout in one frame") {
  const int seeds = test::kSanitized ? 1 : 3;
  for (const UndoCase& uc : undo_cases())
    for (int s = 1; s <= seeds; ++s) undo_nested(uc, static_cast<uint64_t>(100 + s));
}

TEST_CASE("undo: a game with no frame open ignores undo, and a copy starts with none") {
  const Content& c = test::default_content();
  Game g;
  REQUIRE_FALSE(Game::create(c, undo_setup({"base", ""}, 5), g));
  const Game ref = g;
  g.undo();  // nothing to take back
  CHECK(g.differs_from(ref).empty());
  g.mark();
  g.apply_index(0);
  const Game copy = g;
  CHECK(copy.marks() == 0);
  CHECK_FALSE(copy.differs_from(ref).empty());  // the comparison sees the placement
  g.undo();
  CHECK(g.differs_from(ref).empty());
}
