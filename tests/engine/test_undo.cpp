// Apply and undo (Game::mark, Game::undo, engine/undo.cpp): at every decision of seeded
// games of every rule set and every co-op level, each legal option applied and undone
// gives back the state it started from: the full structural comparison (differs_from) and
// the state hash. Also nested frames, a whole playout undone at once, and the playout
// path's counted decisions; Inns & Cathedrals (rule set ic) by name: marked tiles, big
// followers and the scoring of marked features tried and taken back.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "engine/bots/bots.h"
#include "engine/core.h"
#include "engine/game.h"
#include "engine/rng.h"
#include "engine/rules/inns.h"
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

GameSetup undo_setup(const UndoCase& uc, uint64_t seed, int players = 2) {
  GameSetup s;
  s.rule_set = uc.rule_set;
  s.level = uc.level;
  s.seed = seed;
  for (int p = 0; p < players; ++p) s.players.push_back({"bot:random", "random"});
  return s;
}

// The hash of a copy: hashing runs find(), whose path compression would change the game's
// raw nodes (the comparison is raw).
uint64_t hash_of(const Game& g) { return Game(g).state_hash(); }

struct UndoCount {
  long decisions = 0, tried = 0;
  // What the tries did (Inns & Cathedrals' proof that its rules ran inside the frames):
  // placements of a tile with a marked segment, big followers placed, tries that scored a
  // feature with an inn or a cathedral (a follower on it went home with a Scored event).
  long marked_tiles = 0, big = 0, marked_scored = 0;
};

bool has_mark(const TileType& t) {
  for (const Segment& s : t.segments)
    if (s.mark) return true;
  return false;
}

// One seeded game: at every decision each option applied and undone (a frame per option);
// then a random option played (or the option `line` chooses). `playout`: the playout path
// (counted placements).
UndoCount undo_every_option(const UndoCase& uc, uint64_t seed, bool playout, int players = 2, Bot* line = nullptr) {
  const Content& c = test::default_content();
  Game g;
  g.set_playout(playout);
  REQUIRE_FALSE(Game::create(c, undo_setup(uc, seed, players), g));
  Rng rng(seed * 7919 + 3);
  UndoCount n;
  while (!g.finished()) {
    INFO(uc.rule_set << uc.level << " seed " << seed << " ply " << g.ply() << (playout ? " (playout)" : ""));
    const Game ref = g;
    const uint64_t h0 = hash_of(ref);
    const size_t count = g.option_count();
    REQUIRE(count > 0);
    // The followers standing on a feature with a mark (read before the frame: find() and
    // the rings are not changed by reading).
    std::vector<size_t> on_marked;
    for (size_t k = 0; k < g.followers().size(); ++k) {
      const Follower& f = g.followers()[k];
      if (f.placed >= 0 && !f.retired && feature_marked(Core(g), f.node)) on_marked.push_back(k);
    }
    for (size_t i = 0; i < count; ++i) {
      const Option o = g.option(i);
      INFO("option " << g.to_string(o));
      if (o.kind == OptKind::Place && has_mark(c.tiles[o.tile])) ++n.marked_tiles;
      if (g.to_string(o).starts_with("big ")) ++n.big;
      g.mark();
      REQUIRE(g.marks() == 1);
      if (playout)
        g.apply_index(i);
      else
        REQUIRE_FALSE(g.apply(o));
      REQUIRE(g.check_invariants().empty());
      bool scored = false;
      for (const Event& e : g.events()) scored = scored || e.kind == EventKind::Scored;
      for (const size_t k : on_marked)
        if (scored && g.followers()[k].placed < 0) {
          ++n.marked_scored;
          break;
        }
      g.undo();
      REQUIRE(g.marks() == 0);
      REQUIRE(g.differs_from(ref).empty());
      REQUIRE(hash_of(g) == h0);
      ++n.tried;
    }
    ++n.decisions;
    g.apply_index(line ? line->choose(g, rng) : static_cast<size_t>(rng.below(count)));
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

TEST_CASE("undo: Inns & Cathedrals (rule set ic): marked tiles, big followers and inn and cathedral scores are taken back") {
  // The rule set ic is one of undo_cases() (every shipped rule set); here by name, with
  // 2 to 6 players, proving its rules ran inside the frames that were undone. The line is
  // the greedy bot's (it puts followers on features, so inns and cathedrals get scored).
  const Content& c = test::default_content();
  bool listed = false;
  for (const UndoCase& uc : undo_cases()) listed = listed || uc.rule_set == "ic";
  CHECK(listed);
  UndoCount total;
  const auto greedy = make_bot("greedy");
  for (int players = 2; players <= 6; ++players) {
    Game g;
    REQUIRE_FALSE(Game::create(c, undo_setup({"ic", ""}, 1, players), g));
    const auto& mods = g.modules();
    CHECK(std::find(mods.begin(), mods.end(), "inns and cathedrals") != mods.end());
    CHECK(std::find(mods.begin(), mods.end(), "big follower") != mods.end());
    for (uint64_t seed = 1; seed <= 2; ++seed) {
      const UndoCount n = undo_every_option({"ic", ""}, seed * 10 + static_cast<uint64_t>(players), false, players, greedy.get());
      total.tried += n.tried;
      total.marked_tiles += n.marked_tiles;
      total.big += n.big;
      total.marked_scored += n.marked_scored;
    }
  }
  INFO("tried " << total.tried << ", marked tiles " << total.marked_tiles << ", big " << total.big
                << ", marked features scored " << total.marked_scored);
  CHECK(total.marked_tiles > 0);
  CHECK(total.big > 0);
  CHECK(total.marked_scored > 0);
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
