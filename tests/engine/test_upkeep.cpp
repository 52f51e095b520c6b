// The board's incremental state checked against the same state rebuilt from the placed
// tiles: the cells (Game::cells_: tile, frontier position, placed tiles around, centre
// tiles around), which put_tile keeps and regrid moves as the board grows row by row; the
// frontier's cells and their edge constraints (kept only in Game::lanes_); the
// union-find nodes put_tile writes from each tile type's template (TypeCache::node_init);
// and a field's value (completed cities it borders, each once), which module fields
// counts on the stack while they are few. At every decision of seeded random games of
// base, gcc, discovery and the co-op level mists-3 (face-down tiles), and in a copy.
#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "engine/bots/bots.h"
#include "engine/core.h"
#include "engine/game.h"
#include "engine/rules/registry.h"
#include "engine/rules/sides.h"
#include "fixtures.h"
#include "sanitized.h"

using namespace tw;

namespace {

bool has_centre(const TileType& t) {
  for (const Segment& s : t.segments)
    if (kind_props(s.kind) & kCentre) return true;
  return false;
}

// Checks the cells and nodes of g against ones rebuilt from g.placed(); returns the cells checked.
int check_board(const Game& g) {
  const Core core(g);
  const Content& c = g.content();
  const auto& cells = core.cells();
  int checked = 0;
  // Whole-board sums: no cell keeps a stale tile, frontier position or count after a regrid.
  size_t tiles = 0, on_frontier = 0, around = 0, centres = 0;
  for (const auto& cell : cells) {
    tiles += cell.tile >= 0;
    on_frontier += cell.fpos >= 0;
    around += cell.around;
    centres += cell.centres;
  }
  size_t centre_tiles = 0;
  for (const PlacedTile& p : g.placed()) centre_tiles += !p.wild && has_centre(c.tiles[p.type]);
  std::set<std::pair<int, int>> frontier;  // the empty cells next to a tile
  for (const PlacedTile& p : g.placed())
    for (int side = 0; side < 4; ++side) {
      const int x = p.x + sides::kDx[side], y = p.y + sides::kDy[side];
      if (g.tile_at(x, y) < 0) frontier.insert({x, y});
    }
  REQUIRE(tiles == g.placed().size());
  REQUIRE(on_frontier == frontier.size());
  REQUIRE(around == 8 * g.placed().size());
  REQUIRE(centres == 9 * centre_tiles);
  // Per placed tile: its cell, and each cell of the 3x3 around it.
  for (size_t t = 0; t < g.placed().size(); ++t) {
    const PlacedTile& p = g.placed()[t];
    INFO("tile " << t << " at " << p.x << "," << p.y);
    REQUIRE(cells[static_cast<size_t>(core.cell_index(p.x, p.y))].tile == static_cast<int>(t));
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx) {
        const int x = p.x + dx, y = p.y + dy;
        int want_around = 0, want_centres = 0;
        for (int ey = -1; ey <= 1; ++ey)
          for (int ex = -1; ex <= 1; ++ex) {
            const int q = g.tile_at(x + ex, y + ey);
            if (q < 0) continue;
            if (ex || ey) ++want_around;
            const PlacedTile& qt = g.placed()[static_cast<size_t>(q)];
            want_centres += !qt.wild && has_centre(c.tiles[qt.type]);
          }
        const auto& cell = cells[static_cast<size_t>(core.cell_index(x, y))];
        INFO("cell " << x << "," << y);
        REQUIRE(static_cast<int>(cell.around) == want_around);
        REQUIRE(static_cast<int>(cell.centres) == want_centres);
        REQUIRE(cell.tile == g.tile_at(x, y));
        if (cell.tile < 0) {
          REQUIRE((cell.fpos >= 0) == (frontier.count({x, y}) == 1));
          REQUIRE(cell.fpos < static_cast<int>(frontier.size()));
        } else {
          REQUIRE(cell.fpos < 0);
        }
        ++checked;
      }
    // Its nodes: the tile and each segment's kind.
    if (p.wild) continue;
    for (size_t i = 0; i < c.tiles[p.type].segments.size(); ++i) {
      const auto& n = core.nodes()[p.node_base + i];
      REQUIRE(n.tile == static_cast<int>(t));
      REQUIRE(n.kind == c.tiles[p.type].segments[i].kind);
      REQUIRE(n.parent < core.nodes().size());
    }
  }
  // The frontier: each cell's position names it back, and its constraint (kept only in
  // Game::lanes_: 8 masks, then 8 values, per block of 8 cells) is the one its face-up
  // neighbours' edges set; a cell with none, and every lane past the end, is closed
  // (mask 0, value 1).
  const auto& fr = core.frontier();
  const auto& lanes = core.lanes();
  constexpr size_t kBlock = Core::kLaneBlock;
  REQUIRE(fr.size() == frontier.size());
  REQUIRE(lanes.size() >= 2 * kBlock * ((fr.size() + kBlock - 1) / kBlock));
  for (size_t i = 0; i < lanes.size() / (2 * kBlock) * kBlock; ++i) {
    const uint16_t mask = lanes[2 * kBlock * (i / kBlock) + i % kBlock];
    const uint16_t val = lanes[2 * kBlock * (i / kBlock) + kBlock + i % kBlock];
    if (i >= fr.size()) {
      INFO("lane " << i << " past the frontier's end");
      REQUIRE(mask == 0);
      REQUIRE(val == 1);
      continue;
    }
    const int x = fr[i].x, y = fr[i].y;
    INFO("frontier cell " << i << " at " << x << "," << y);
    REQUIRE(frontier.count({x, y}) == 1);
    REQUIRE(cells[static_cast<size_t>(core.cell_index(x, y))].fpos == static_cast<int>(i));
    unsigned want_mask = 0, want_val = 0;
    for (int side = 0; side < 4; ++side) {
      const int q = g.tile_at(x + sides::kDx[side], y + sides::kDy[side]);
      if (q < 0) continue;
      const PlacedTile& qt = g.placed()[static_cast<size_t>(q)];
      if (qt.wild) continue;
      const uint16_t sig = core.cache()[qt.type].sig[qt.rot];
      want_mask |= 0xFu << (4 * side);
      want_val |= ((sig >> (4 * (side ^ 2))) & 0xFu) << (4 * side);
    }
    REQUIRE(mask == want_mask);
    REQUIRE(val == (want_mask ? want_val : 1u));
  }
  return checked;
}

// Every field's value against its completed bordering cities counted here; returns the fields checked.
int check_fields(const Game& g) {
  const Core core(g);
  const Content& c = g.content();
  if (!core.plan().value[static_cast<size_t>(Kind::Field)]) return 0;
  int checked = 0;
  for (size_t t = 0; t < g.placed().size(); ++t) {
    const PlacedTile& p = g.placed()[t];
    if (p.wild) continue;
    for (size_t i = 0; i < c.tiles[p.type].segments.size(); ++i) {
      if (c.tiles[p.type].segments[i].kind != Kind::Field) continue;
      const uint32_t root = core.find(p.node_base + static_cast<uint32_t>(i));
      std::set<uint32_t> cities;
      for (size_t u = 0; u < g.placed().size(); ++u) {
        const PlacedTile& q = g.placed()[u];
        if (q.wild) continue;
        for (size_t j = 0; j < c.tiles[q.type].segments.size(); ++j) {
          const Segment& s = c.tiles[q.type].segments[j];
          if (s.kind != Kind::Field || core.find(q.node_base + static_cast<uint32_t>(j)) != root) continue;
          for (const uint8_t city : s.touches) {
            const uint32_t cr = core.find(q.node_base + city);
            if (core.feat()[cr].open == 0) cities.insert(cr);
          }
        }
      }
      REQUIRE(g.feature_value(p.node_base + static_cast<uint32_t>(i)) ==
              static_cast<int>(cities.size() * static_cast<size_t>(g.rules().farm_city_points)));
      ++checked;
    }
  }
  return checked;
}

}  // namespace

TEST_CASE("board cells, nodes and field values: as rebuilt from the placed tiles, through regrids and copies") {
  const Content& c = test::default_content();
  auto bot = make_bot("random");
  struct Case {
    std::string rule_set, level;
    uint64_t seeds;
  };
  // Under the sanitizers (tests/CMakeLists.txt) fewer seeds; the Release run plays them all.
  const uint64_t few = test::kSanitized ? 1 : 3;
  for (const Case& k : {Case{"base", "", few + 1}, Case{"gcc", "", few}, Case{"discovery", "", few}, Case{"mists", "mists-3", few}}) {
    GameSetup s;
    s.rule_set = k.rule_set;
    s.level = k.level;
    s.players = {{"bot:random", "random"}, {"bot:random", "random"}};
    int checked = 0, fields = 0, regrids = 0;
    for (uint64_t seed = 1; seed <= k.seeds; ++seed) {
      INFO(k.rule_set << " " << k.level << " seed " << seed);
      s.seed = seed;
      Game g;
      REQUIRE_FALSE(Game::create(c, s, g));
      g.set_playout(seed % 2 == 0);
      Rng rng(seed);
      size_t board = Core(g).cells().size();
      while (!g.finished()) {
        checked += check_board(g);
        if (g.pending().kind == DecisionKind::Place) fields += check_fields(g);
        REQUIRE(g.check_invariants().empty());
        g.apply_index(bot->choose(g, rng));
        regrids += Core(g).cells().size() != board;
        board = Core(g).cells().size();
      }
      checked += check_board(g);
      const Game copy = g;
      checked += check_board(copy);
    }
    INFO(k.rule_set << " " << k.level);
    CHECK(checked > 1000);
    if (k.level.empty()) CHECK(regrids >= 2);  // the board grew: regrid moved it (a co-op deal is too short)
    if (k.rule_set == "base" || k.rule_set == "gcc") CHECK(fields > 100);
  }
}
