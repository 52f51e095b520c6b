// Rule module: roads. A road is complete when both ends are closed; it is worth
// road_tile_points per tile when complete, road_tile_points_final per tile at the end
// (module "roads").
#include "engine/core.h"
#include "engine/rules/roads.h"

namespace tw {

int road_value(const Core& core, uint32_t node, bool complete) {
  const int tiles = core.feature_tiles(core.find(node));
  return static_cast<int>(tiles * (complete ? core.rules().road_tile_points : core.rules().road_tile_points_final));
}

// ---------------------------------------------------------------------------------
// The module's parameters (engine/rules/params.h): its rows of rule_param_specs().

namespace {

constexpr ParamRow kParams[] = {
    {"road_tile_points", &Rules::road_tile_points, 0, 100, kSysBase | kSysGcc | kSysMists,
     "completed road: points per tile"},
    {"road_tile_points_final", &Rules::road_tile_points_final, 0, 100, kSysBase | kSysGcc,
     "incomplete road at the end: points per tile"},
};

}  // namespace

extern const ParamTable kRoadsParams{"roads", 0, kParams};

}  // namespace tw
