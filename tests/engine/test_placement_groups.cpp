// Placements as groups (engine/game.cpp): the frontier's edge constraints are kept in
// blocks of 8 lanes and a tile's four rotations are checked against a block at once; a
// placement decision is a rotation mask per fitting cell, listed (pending().options) or
// counted and walked (the playout path: option_count(), option(i)). Checked here against
// a placement rule written out from the tiles' edges, at every placement decision of
// seeded random games of every shipped rule set and co-op level.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "engine/bots/bots.h"
#include "engine/game.h"
#include "engine/rules/hands.h"
#include "engine/rules/sides.h"
#include "fixtures.h"

using namespace tw;

namespace {

using Place = std::tuple<int, int, int, int>;  // x, y, rotation, tile

// Every legal placement of `tile`, from the rules written out: an empty cell next to a
// face-up tile, every face-up neighbour's edge the same as the tile's edge facing it
// (rotated); a face-down (wild) neighbour asks nothing, but does not make a cell legal.
std::set<Place> reference(const Game& g, int tile) {
  const Content& c = g.content();
  auto edge = [&](int type, int rot, int side) { return c.tiles[static_cast<size_t>(type)].edge[static_cast<size_t>((side - rot + 4) % 4)] & 0xF; };
  std::set<std::pair<int, int>> cells;
  for (const PlacedTile& p : g.placed())
    for (int side = 0; side < 4; ++side) {
      const int x = p.x + sides::kDx[side], y = p.y + sides::kDy[side];
      if (g.tile_at(x, y) < 0) cells.insert({x, y});
    }
  std::set<Place> out;
  for (const auto& [x, y] : cells)
    for (int rot = 0; rot < 4; ++rot) {
      bool face_up = false, fits = true;
      for (int side = 0; side < 4 && fits; ++side) {
        const int q = g.tile_at(x + sides::kDx[side], y + sides::kDy[side]);
        if (q < 0) continue;
        const PlacedTile& qt = g.placed()[static_cast<size_t>(q)];
        if (qt.wild) continue;
        face_up = true;
        fits = edge(tile, rot, side) == edge(qt.type, qt.rot, (side + 2) % 4);
      }
      // Listed once per placement: at the canonical rotation (merged equivalent rotations).
      if (face_up && fits && canonical_rotation(c.tiles[static_cast<size_t>(tile)], rot) == rot)
        out.insert({x, y, rot, tile});
    }
  return out;
}

struct Played {
  int decisions = 0;
  int placements = 0;
};

// Plays seeded random games of `setup` twice side by side, listed and counted (the
// playout path), and checks every placement decision.
Played check_games(GameSetup setup, int games) {
  const Content& c = test::default_content();
  Played played;
  for (int i = 1; i <= games; ++i) {
    setup.seed = static_cast<uint64_t>(i);
    Game listed, counted;
    REQUIRE_FALSE(Game::create(c, setup, listed));
    REQUIRE_FALSE(Game::create(c, setup, counted));
    counted.set_playout(true);
    // (set_playout after create: the first decision was listed; the next ones are counted)
    Rng rng(setup.seed * 7919);
    while (!listed.finished()) {
      REQUIRE_FALSE(counted.finished());
      REQUIRE(listed.option_count() == counted.option_count());
      if (listed.pending().kind == DecisionKind::Place) {
        ++played.decisions;
        const auto& opts = listed.pending().options;
        // The counted decision walks its groups to the same options, in the same order.
        for (size_t k = 0; k < opts.size(); ++k) REQUIRE(counted.option(k) == opts[k]);
        std::set<Place> got;
        for (const Option& o : opts) {
          REQUIRE(o.kind == OptKind::Place);
          got.insert({o.x, o.y, o.rot, o.tile});
        }
        REQUIRE(got.size() == opts.size());  // no placement listed twice
        // With hands (Discovery expert): the placements of every tile held.
        std::set<Place> want = reference(listed, listed.pending().tile);
        if (uses_hands(listed))
          for (const uint16_t t : hand_of(listed, listed.pending().player)) want.merge(reference(listed, t));
        REQUIRE(got == want);
        played.placements += static_cast<int>(opts.size());
      }
      const size_t k = static_cast<size_t>(rng.below(listed.option_count()));
      REQUIRE(listed.option(k) == counted.option(k));
      listed.apply_index(k);
      counted.apply_index(k);
      REQUIRE(listed.state_hash() == counted.state_hash());
    }
    REQUIRE(counted.finished());
    REQUIRE(listed.check_invariants().empty());
  }
  return played;
}

GameSetup setup_of(const std::string& rule_set, const std::string& level, int players) {
  GameSetup s;
  s.rule_set = rule_set;
  s.level = level;
  for (int p = 0; p < players; ++p) s.players.push_back({"bot:random", "random"});
  return s;
}

}  // namespace

TEST_CASE("placement groups: every rule set lists and counts exactly the placements the edges allow") {
  struct Case {
    const char* rule_set;
    const char* level;
    int players, games;
  };
  const Case cases[] = {{"base", "", 2, 12},      {"gcc", "", 3, 6},        {"discovery", "", 2, 10},
                        {"discovery-expert", "", 2, 6}, {"mists", "mists-1", 2, 25}, {"mists", "mists-3", 3, 25},
                        {"mists", "mists-5", 2, 40},    {"mists", "mists-6", 4, 40}};
  for (const Case& k : cases) {
    INFO(k.rule_set << " " << k.level);
    const Played p = check_games(setup_of(k.rule_set, k.level, k.players), k.games);
    // The games reached many decisions, with many placements each.
    CHECK(p.decisions >= 5 * k.games);
    CHECK(p.placements >= 5 * p.decisions);
  }
}

TEST_CASE("placement groups: a frontier that grows past a block of 8 cells and shrinks again") {
  // A long game's frontier passes many 8-cell blocks; a copy made mid-game (what the search
  // bots do) keeps the lanes, and both go on to the same options.
  const Content& c = test::default_content();
  GameSetup s = setup_of("gcc", "", 2);
  s.seed = 99;
  Game g;
  REQUIRE_FALSE(Game::create(c, s, g));
  Rng rng(5);
  size_t most = 0;
  while (!g.finished()) {
    if (g.pending().kind == DecisionKind::Place) {
      REQUIRE(std::set<Place>(
                  [&] {
                    std::set<Place> got;
                    for (const Option& o : g.pending().options) got.insert({o.x, o.y, o.rot, o.tile});
                    return got;
                  }()) == reference(g, g.pending().tile));
      most = std::max(most, g.pending().options.size());
      if (g.ply() % 37 == 0) {
        Game copy = g;
        copy.set_playout(true);
        const size_t k = static_cast<size_t>(rng.below(g.option_count()));
        copy.apply_index(k);
        Game again = g;
        again.apply_index(k);
        REQUIRE(copy.state_hash() == again.state_hash());
      }
    }
    g.apply_index(static_cast<size_t>(rng.below(g.option_count())));
  }
  CHECK(most > 16);  // more than two blocks' cells fit at once
}

TEST_CASE("placement groups: a counted decision's option k, in the game, a copy and a game assigned over") {
  // The counted decision keeps each block's rotation masks for option(k); a copy does not
  // take them along and an assignment drops the ones the assigned game had, so both walk
  // the blocks themselves, to the same options. Two games of one seed draw the same tiles
  // and their frontiers often hold as many cells: the masks one game kept must not answer
  // for the other's position assigned over it.
  const Content& c = test::default_content();
  for (const char* rule_set : {"base", "gcc"}) {
    INFO(rule_set);
    GameSetup s = setup_of(rule_set, "", 2);
    s.seed = 17;
    Game a, b;
    REQUIRE_FALSE(Game::create(c, s, a));
    REQUIRE_FALSE(Game::create(c, s, b));
    a.set_playout(true);
    b.set_playout(true);
    Rng ra(1), rb(2);
    int compared = 0;
    while (!a.finished() && !b.finished()) {
      if (a.pending().kind == DecisionKind::Place && b.pending().kind == DecisionKind::Place) {
        Game assigned = a;  // a's position, then b's over it
        assigned = b;
        const Game copy = b;
        std::vector<Option> opts;
        for (size_t k = 0; k < b.option_count(); ++k) opts.push_back(b.option(k));
        REQUIRE(opts.size() == copy.option_count());
        REQUIRE(opts.size() == assigned.option_count());
        for (size_t k = 0; k < opts.size(); ++k) {
          REQUIRE(copy.option(k) == opts[k]);
          REQUIRE(assigned.option(k) == opts[k]);
        }
        // a keeps its own decision's masks through all this; a copy of it walks the blocks
        Game a_listed = a;
        std::vector<Option> mine;
        for (size_t k = 0; k < a.option_count(); ++k) mine.push_back(a.option(k));
        for (size_t k = 0; k < mine.size(); ++k) REQUIRE(a_listed.option(k) == mine[k]);
        ++compared;
      }
      a.apply_index(static_cast<size_t>(ra.below(a.option_count())));
      b.apply_index(static_cast<size_t>(rb.below(b.option_count())));
    }
    CHECK(compared > 40);
  }
}
