// The union-find of placing a tile (Game::put_tile, Game::unite): the features the engine keeps, checked
// against features rebuilt from the board with a union-find written out here: two segments
// are one feature when a chain of facing ports of equal kind joins them. At every decision
// of seeded random base games (listed and on the playout path), every segment's feature
// has the tiles and the open edge ends (a road or city end facing an empty cell) of its
// rebuilt feature, and the engine's invariants (follower counts per feature) hold.
#include <catch2/catch.hpp>

#include <map>
#include <numeric>
#include <set>
#include <utility>
#include <vector>

#include "engine/bots/bots.h"
#include "engine/game.h"
#include "engine/rules/sides.h"
#include "fixtures.h"

using namespace tw;

namespace {

struct Rebuilt {
  std::vector<size_t> first;  // per placed tile: its first segment's index
  std::vector<size_t> parent;
  size_t find(size_t n) {
    while (parent[n] != n) n = parent[n] = parent[parent[n]];
    return n;
  }
};

// Checks every segment's feature of g against the rebuilt ones; returns the segments checked.
int check_features(const Game& g) {
  const Content& c = g.content();
  Rebuilt r;
  for (const PlacedTile& p : g.placed()) {
    r.first.push_back(r.parent.size());
    for (size_t i = 0; i < c.tiles[p.type].segments.size(); ++i) r.parent.push_back(r.parent.size());
  }
  auto kind = [&](const PlacedTile& p, int seg) { return c.tiles[p.type].segments[static_cast<size_t>(seg)].kind; };
  for (size_t t = 0; t < g.placed().size(); ++t) {
    const PlacedTile& p = g.placed()[t];
    for (int side = 0; side < 4; ++side) {
      const int q = g.tile_at(p.x + sides::kDx[side], p.y + sides::kDy[side]);
      if (q < 0) continue;
      const int opp = (side + 2) % 4;
      for (int i = 0; i < 3; ++i) {
        const int a = g.segment_at(static_cast<int>(t), 3 * side + i);
        const int b = g.segment_at(q, 3 * opp + 2 - i);
        if (a < 0 || b < 0 || kind(p, a) != kind(g.placed()[static_cast<size_t>(q)], b)) continue;
        const size_t ra = r.find(r.first[t] + static_cast<size_t>(a));
        const size_t rb = r.find(r.first[static_cast<size_t>(q)] + static_cast<size_t>(b));
        r.parent[ra] = rb;
      }
    }
  }
  // Per rebuilt feature: its tiles and its open ends.
  std::map<size_t, std::set<size_t>> tiles;
  std::map<size_t, int> open;
  for (size_t t = 0; t < g.placed().size(); ++t) {
    const PlacedTile& p = g.placed()[t];
    for (size_t i = 0; i < c.tiles[p.type].segments.size(); ++i) tiles[r.find(r.first[t] + i)].insert(t);
    for (int side = 0; side < 4; ++side) {
      const int a = g.segment_at(static_cast<int>(t), middle_port(side));
      if (a < 0 || !kind_named_by_edge(kind(p, a))) continue;
      if (g.tile_at(p.x + sides::kDx[side], p.y + sides::kDy[side]) < 0) ++open[r.find(r.first[t] + static_cast<size_t>(a))];
    }
  }
  int checked = 0;
  for (size_t t = 0; t < g.placed().size(); ++t) {
    const PlacedTile& p = g.placed()[t];
    for (size_t i = 0; i < c.tiles[p.type].segments.size(); ++i) {
      const size_t root = r.find(r.first[t] + i);
      const uint32_t node = g.node_of(static_cast<int>(t), static_cast<int>(i));
      INFO("tile " << t << " at " << p.x << "," << p.y << " segment " << i);
      REQUIRE(g.feature_tiles(node) == static_cast<int>(tiles[root].size()));
      if (kind_named_by_edge(kind(p, static_cast<int>(i)))) {
        REQUIRE(g.feature_open_ends(node) == open[root]);
        REQUIRE(g.feature_complete(node) == (open[root] == 0));
      }
      ++checked;
    }
  }
  return checked;
}

}  // namespace

TEST_CASE("put_tile: every feature has the tiles and open ends of the features rebuilt from the board") {
  const Content& c = test::default_content();
  GameSetup s;
  s.rule_set = "base";
  s.players = {{"bot:random", "random"}, {"bot:random", "random"}};
  auto bot = make_bot("random");
  int checked = 0, complete_seen = 0;
  for (const bool playout : {false, true})
    for (uint64_t seed = 1; seed <= 6; ++seed) {
      INFO("seed " << seed << (playout ? " (playout)" : " (listed)"));
      s.seed = seed;
      Game g;
      REQUIRE_FALSE(Game::create(c, s, g));
      g.set_playout(playout);
      Rng rng(seed);
      while (!g.finished()) {
        checked += check_features(g);
        REQUIRE(g.check_invariants().empty());
        g.apply_index(bot->choose(g, rng));
      }
      checked += check_features(g);
      REQUIRE(g.check_invariants().empty());
      for (size_t t = 0; t < g.placed().size(); ++t)
        for (int side = 0; side < 4; ++side) {
          const int a = g.segment_at(static_cast<int>(t), middle_port(side));
          if (a >= 0 && kind_named_by_edge(c.tiles[g.placed()[t].type].segments[static_cast<size_t>(a)].kind) &&
              g.feature_complete(g.node_of(static_cast<int>(t), a)))
            ++complete_seen;
        }
      // A copy goes on like the game: its features are the game's.
      Game copy = g;
      checked += check_features(copy);
    }
  // Whole games: many segments, and features completed as well as left open.
  CHECK(checked > 10000);
  CHECK(complete_seen > 50);
}
