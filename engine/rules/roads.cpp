// Rule module: roads. A road is complete when both ends are closed; it is worth
// road_tile_points per tile when complete, road_tile_points_final per tile at the end
// (module "roads").
#include "engine/core.h"
#include "engine/rules/plan.h"
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

// ---------------------------------------------------------------------------------
// The module's descriptor (engine/rules/registry.h): its tables, when it plays and the
// parts it installs in the turn plan (engine/rules/plan.h), each at its order key.

namespace {

void plan_part_100(PlanBuild& b) {
  if (!b.plays("roads")) return;
  b.plan.value[static_cast<size_t>(Kind::Road)] = &road_value;
  b.plan.complete[static_cast<size_t>(Kind::Road)] = &Core::edge_complete;
}

constexpr ModulePart kPlanParts[] = {{100, &plan_part_100}};
const ModuleDescriptor kDescriptor{.name = "roads",
                                  .order = 150,
                                  .params = &kRoadsParams,
                                  .plan_order = 100,
                                  .plays = [](const PlanBuild& b) { return b.shows(Kind::Road); },
                                  .parts = kPlanParts};

}  // namespace

TW_REGISTER_MODULE(roads, kDescriptor);

}  // namespace tw
