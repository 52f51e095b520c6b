// Rule module: monasteries. A monastery is complete when the 8 tiles around it are
// placed (Game::surrounded); complete it is worth monastery_points, at the end
// monastery_tile_points_final per tile of its 9 that is present (module "monasteries").
#include "engine/core.h"
#include "engine/rules/plan.h"
#include "engine/rules/monasteries.h"

namespace tw {

int monastery_value(const Core& core, uint32_t node, bool complete) {
  if (complete) return static_cast<int>(core.rules().monastery_points);
  const PlacedTile& pt = core.placed()[static_cast<size_t>(core.nodes()[node].tile)];
  const int present = 1 + core.cells()[static_cast<size_t>(core.cell_index(pt.x, pt.y))].around;
  return static_cast<int>(present * core.rules().monastery_tile_points_final);
}

// ---------------------------------------------------------------------------------
// The module's parameters (engine/rules/params.h): its rows of rule_param_specs().

namespace {

constexpr ParamRow kParams[] = {
    {"monastery_points", &Rules::monastery_points, 0, 100, kSysBase | kSysGcc,
     "completed monastery (all 8 neighbours present)"},
    {"monastery_tile_points_final", &Rules::monastery_tile_points_final, 0, 100, kSysBase | kSysGcc,
     "incomplete monastery at the end: points per present tile of the 9"},
};

}  // namespace

extern const ParamTable kMonasteriesParams{"monasteries", 0, kParams};

// ---------------------------------------------------------------------------------
// The module's descriptor (engine/rules/registry.h): its tables, when it plays and the
// parts it installs in the turn plan (engine/rules/plan.h), each at its order key.

namespace {

void plan_part_120(PlanBuild& b) {
  if (!b.plays("monasteries")) return;
  b.plan.value[static_cast<size_t>(Kind::Monastery)] = &monastery_value;
  b.plan.complete[static_cast<size_t>(Kind::Monastery)] = &Core::surrounded;
}

constexpr ModulePart kPlanParts[] = {{120, &plan_part_120}};
const ModuleDescriptor kDescriptor{.name = "monasteries",
                                  .order = 170,
                                  .params = &kMonasteriesParams,
                                  .plan_order = 120,
                                  .plays = [](const PlanBuild& b) { return b.shows(Kind::Monastery); },
                                  .parts = kPlanParts};

}  // namespace

TW_REGISTER_MODULE(monasteries, kDescriptor);

}  // namespace tw
