// Rule module: castles (Ghosts, Castles and Cemeteries; co-op). A castle is complete
// when the 8 tiles around it are placed; it scores per fogged tile of its 9. Parameters:
// castle_fog_tile_points, castle_fog_tile_points_final, castle_tile_points_final. In
// the co-op game a castle with a face-down tile among its 8 is cursed: never complete.
#include <algorithm>

#include "engine/rules/kinds.h"
#include "engine/core.h"
#include "engine/rules/plan.h"
#include "engine/rules/castles.h"

namespace tw {

bool castle_complete(const Core& core, uint32_t node) {
  // (Competitive games have no face-down tile: there, complete = surrounded.)
  const PlacedTile& pt = core.placed()[static_cast<size_t>(core.nodes()[node].tile)];
  if (core.cells()[static_cast<size_t>(core.cell_index(pt.x, pt.y))].around != 8) return false;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) {
      const int q = core.tile_at(pt.x + dx, pt.y + dy);
      if (q >= 0 && core.placed()[static_cast<size_t>(q)].wild) return false;  // cursed
    }
  return true;
}

int fogged_tiles_around(const Core& core, int p) {
  // Absent tiles show no fog, so this counts the fogged tiles present among the 9, read
  // straight from the board's cells (Game::grid_width).
  const auto& placed = core.placed();
  const auto& cells = core.cells();
  const auto& cache = core.cache();
  const PlacedTile& pt = placed[static_cast<size_t>(p)];
  const int centre = core.cell_index(pt.x, pt.y);
  const int width = core.grid_width();
  int n = 0;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) {
      const int q = cells[static_cast<size_t>(centre + dy * width + dx)].tile;
      if (q < 0) continue;
      const PlacedTile& qt = placed[static_cast<size_t>(q)];
      n += !qt.wild && cache[qt.type].covered;
    }
  return n;
}

int castle_value(const Core& core, uint32_t node, bool complete) {
  const int p = core.nodes()[node].tile;
  const int fogged = fogged_tiles_around(core, p);  // (face-down tiles show no fog)
  if (complete) return static_cast<int>(fogged * core.rules().castle_fog_tile_points);
  // At the end: every fogged present tile, and the castle tile counts in any case.
  const bool castle_fogged = core.cache()[core.placed()[static_cast<size_t>(p)].type].covered;
  return static_cast<int>((fogged - (castle_fogged ? 1 : 0)) * core.rules().castle_fog_tile_points_final +
                          core.rules().castle_tile_points_final);
}

namespace {
constexpr KindRule kKindRows[] = {{kCastle, "castle", kCentre | kLocated}};
}  // namespace
extern const KindTable kCastlesKinds{"castles", kKindRows, {}};
// ---------------------------------------------------------------------------------
// The module's parameters (engine/rules/params.h): its rows of rule_param_specs().

namespace {

constexpr ParamRow kParams[] = {
    {"castle_fog_tile_points", &Rules::castle_fog_tile_points, 0, 100, kSysGcc | kSysMists,
     "completed castle: points per fogged tile among its 9"},
    {"castle_fog_tile_points_final", &Rules::castle_fog_tile_points_final, 0, 100, kSysGcc,
     "incomplete castle at the end: points per fogged present tile"},
    {"castle_tile_points_final", &Rules::castle_tile_points_final, 0, 100, kSysGcc,
     "incomplete castle at the end: points for the castle tile itself, fogged or not"},
};

}  // namespace

extern const ParamTable kCastlesParams{"castles", uint64_t{1} << static_cast<unsigned>(kCastle), kParams};

// ---------------------------------------------------------------------------------
// The module's descriptor (engine/rules/registry.h): its tables, when it plays and the
// parts it installs in the turn plan (engine/rules/plan.h), each at its order key.

namespace {

void plan_part_140(PlanBuild& b) {
  if (!b.plays("castles")) return;
  b.plan.value[static_cast<size_t>(kCastle)] = &castle_value;
  b.plan.complete[static_cast<size_t>(kCastle)] = &castle_complete;
}

constexpr ModulePart kPlanParts[] = {{140, &plan_part_140}};
const ModuleDescriptor kDescriptor{.name = "castles",
                                  .order = 200,
                                  .kinds = &kCastlesKinds,
                                  .params = &kCastlesParams,
                                  .plan_order = 140,
                                  .plays = [](const PlanBuild& b) { return b.shows(kCastle); },
                                  .parts = kPlanParts};

}  // namespace

TW_REGISTER_MODULE(castles, kDescriptor);

}  // namespace tw
