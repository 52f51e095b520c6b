// Rule module: cities. A city is complete when no edge of it is open; it is worth its
// tiles and shields (city_tile_points, city_shield_points; at the end the _final
// numbers); with small_city_rule a complete city of two tiles is worth
// small_city_points (module "cities").
#include "engine/core.h"
#include "engine/rules/plan.h"
#include "engine/rules/cities.h"

namespace tw {

int city_value(const Core& core, uint32_t node, bool complete) {
  const uint32_t root = core.find(node);
  const int tiles = core.feature_tiles(root);
  const int shields = core.feat()[root].shields;
  if (complete) {
    if (core.rules().small_city_rule && tiles == 2) return static_cast<int>(core.rules().small_city_points);
    return static_cast<int>(tiles * core.rules().city_tile_points + shields * core.rules().city_shield_points);
  }
  return static_cast<int>(tiles * core.rules().city_tile_points_final + shields * core.rules().city_shield_points_final);
}

namespace {

// Shields (tile_segment.shields) only on a kind that counts them; a cover segment lies
// above the terrain and is its module's to check.
void check_shields(const TileType& t, std::vector<ContentError>& errors) {
  for (size_t i = 0; i < t.segments.size(); ++i) {
    const Segment& s = t.segments[i];
    const uint8_t props = kind_props(s.kind);
    if (!(props & kCover) && !(props & kShields) && s.shields != 0)
      errors.push_back({"tile_segment", segment_row(t, i), "shields", std::to_string(s.shields),
                        "only a city or a Discovery region segment carries shields"});
  }
}

constexpr TileCheck kChecks[] = {&check_shields};

}  // namespace
extern const KindTable kCitiesChecks{"cities", {}, kChecks};
// ---------------------------------------------------------------------------------
// The module's parameters (engine/rules/params.h): its rows of rule_param_specs().

namespace {

constexpr ParamRow kParams[] = {
    {"city_tile_points", &Rules::city_tile_points, 0, 100, kSysBase | kSysGcc | kSysMists,
     "completed city: points per tile"},
    {"city_shield_points", &Rules::city_shield_points, 0, 100, kSysBase | kSysGcc | kSysMists,
     "completed city: points per shield"},
    {"city_tile_points_final", &Rules::city_tile_points_final, 0, 100, kSysBase | kSysGcc,
     "incomplete city at the end: points per tile"},
    {"city_shield_points_final", &Rules::city_shield_points_final, 0, 100, kSysBase | kSysGcc,
     "incomplete city at the end: points per shield"},
    {"small_city_rule", &Rules::small_city_rule, 0, 1, kSysBase | kSysGcc | kSysMists,
     "1: the obsolete rule, a completed two-tile city scores small_city_points"},
    {"small_city_points", &Rules::small_city_points, 0, 100, kSysBase | kSysGcc | kSysMists,
     "points of a completed two-tile city when small_city_rule is 1"},
};

}  // namespace

extern const ParamTable kCitiesParams{"cities", 0, kParams};

// ---------------------------------------------------------------------------------
// The module's descriptor (engine/rules/registry.h): its tables, when it plays and the
// parts it installs in the turn plan (engine/rules/plan.h), each at its order key.

namespace {

void plan_part_110(PlanBuild& b) {
  if (!b.plays("cities")) return;
  b.plan.value[static_cast<size_t>(Kind::City)] = &city_value;
  b.plan.complete[static_cast<size_t>(Kind::City)] = &Core::edge_complete;
}

constexpr ModulePart kPlanParts[] = {{110, &plan_part_110}};
const ModuleDescriptor kDescriptor{.name = "cities",
                                  .order = 160,
                                  .kinds = &kCitiesChecks,
                                  .params = &kCitiesParams,
                                  .plan_order = 110,
                                  .plays = [](const PlanBuild& b) { return b.shows(Kind::City); },
                                  .parts = kPlanParts};

}  // namespace

TW_REGISTER_MODULE(cities, kDescriptor);

}  // namespace tw
