// Rule module: inns and cathedrals (engine/rules/inns.h says what it does). Parameters:
// inns_cathedrals, inn_road_tile_points, inn_road_tile_points_final,
// cathedral_city_tile_points, cathedral_city_shield_points,
// cathedral_city_tile_points_final, cathedral_city_shield_points_final (module "inns and
// cathedrals").
#include "engine/rules/inns.h"

#include "engine/core.h"
#include "engine/rules/cities.h"
#include "engine/rules/plan.h"
#include "engine/rules/roads.h"

namespace tw {

bool feature_marked(const Core& core, uint32_t node) {
  // The feature's ring of nodes (Node::next): each node is segment (node - node_base) of
  // its placed tile. As long as the feature, as feature_tiles() walks it.
  const auto& nodes = core.nodes();
  const auto& placed = core.placed();
  const auto& tiles = core.content().tiles;
  uint32_t n = node;
  do {
    const PlacedTile& pt = placed[static_cast<size_t>(nodes[n].tile)];
    const TileType& t = tiles[pt.type];
    const size_t seg = n - pt.node_base;
    if (seg < t.segments.size() && t.segments[seg].mark) return true;
    n = nodes[n].next;
  } while (n != node);
  return false;
}

namespace {

int inn_road_value(const Core& core, uint32_t node, bool complete) {
  if (!feature_marked(core, node)) return road_value(core, node, complete);
  const Rules& r = core.rules();
  const int tiles = core.feature_tiles(core.find(node));
  return static_cast<int>(tiles * (complete ? r.inn_road_tile_points : r.inn_road_tile_points_final));
}

// (A cathedral city is worth the cathedral's numbers also when small_city_rule would
// make a two-tile city worth small_city_points: docs/rules.md.)
int cathedral_city_value(const Core& core, uint32_t node, bool complete) {
  if (!feature_marked(core, node)) return city_value(core, node, complete);
  const Rules& r = core.rules();
  const uint32_t root = core.find(node);
  const int tiles = core.feature_tiles(root);
  const int shields = core.feat()[root].shields;
  return complete ? static_cast<int>(tiles * r.cathedral_city_tile_points + shields * r.cathedral_city_shield_points)
                  : static_cast<int>(tiles * r.cathedral_city_tile_points_final +
                                     shields * r.cathedral_city_shield_points_final);
}

}  // namespace

namespace {
// After the roads' (100) and the cities' (110) values, before anything reads them.
void plan_part_165(PlanBuild& b) {
  if (!b.plays("inns and cathedrals")) return;
  TurnPlan& p = b.plan;
  // Only where the roads and cities modules value their kinds (their tiles are in the game).
  if (p.value[static_cast<size_t>(Kind::Road)] == &road_value)
    p.value[static_cast<size_t>(Kind::Road)] = &inn_road_value;
  if (p.value[static_cast<size_t>(Kind::City)] == &city_value)
    p.value[static_cast<size_t>(Kind::City)] = &cathedral_city_value;
}
}  // namespace

// ---------------------------------------------------------------------------------
// The module's tile check (engine/rules/registry.h): a mark only where it means something.

namespace {

void check_marks(const TileType& t, std::vector<ContentError>& errors) {
  for (size_t i = 0; i < t.segments.size(); ++i) {
    const Segment& s = t.segments[i];
    if (s.mark && s.kind != Kind::Road && s.kind != Kind::City)
      errors.push_back({"tile_segment", segment_row(t, i), "mark", "1",
                        "only a road (an inn) or a city (a cathedral) segment carries a mark; this one is a " +
                            std::string(kind_name(s.kind))});
  }
}

constexpr TileCheck kChecks[] = {&check_marks};

}  // namespace

extern const KindTable kInnsChecks{"inns and cathedrals", {}, kChecks};

// ---------------------------------------------------------------------------------
// The module's parameters (engine/rules/params.h): its rows of rule_param_specs().

namespace {

constexpr uint8_t kSys = kSysBase;  // a base-game expansion; GCC and Discovery compose with it (docs/rules.md)

constexpr ParamRow kParams[] = {
    {"inns_cathedrals", &Rules::inns_cathedrals, 0, 1, kSys,
     "1: an inn beside a road and a cathedral in a city (marked segments) change their feature's points"},
    {"inn_road_tile_points", &Rules::inn_road_tile_points, 0, 100, kSys,
     "completed road with an inn: points per tile"},
    {"inn_road_tile_points_final", &Rules::inn_road_tile_points_final, 0, 100, kSys,
     "incomplete road with an inn at the end: points per tile"},
    {"cathedral_city_tile_points", &Rules::cathedral_city_tile_points, 0, 100, kSys,
     "completed city with a cathedral: points per tile"},
    {"cathedral_city_shield_points", &Rules::cathedral_city_shield_points, 0, 100, kSys,
     "completed city with a cathedral: points per shield"},
    {"cathedral_city_tile_points_final", &Rules::cathedral_city_tile_points_final, 0, 100, kSys,
     "incomplete city with a cathedral at the end: points per tile"},
    {"cathedral_city_shield_points_final", &Rules::cathedral_city_shield_points_final, 0, 100, kSys,
     "incomplete city with a cathedral at the end: points per shield"},
};

}  // namespace

extern const ParamTable kInnsParams{"inns and cathedrals",
                                    uint64_t{1} << static_cast<unsigned>(Kind::Road) |
                                        uint64_t{1} << static_cast<unsigned>(Kind::City),
                                    kParams};

// ---------------------------------------------------------------------------------
// The module's descriptor (engine/rules/registry.h): its tables, when it plays and the
// part it installs in the turn plan (engine/rules/plan.h), at its order key.

namespace {

constexpr ModulePart kPlanParts[] = {{165, &plan_part_165}};
const ModuleDescriptor kDescriptor{.name = "inns and cathedrals",
                                  .order = 240,
                                  .kinds = &kInnsChecks,
                                  .params = &kInnsParams,
                                  .plan_order = 165,
                                  .plays = [](const PlanBuild& b) { return !b.coop && b.rules.inns_cathedrals != 0; },
                                  .parts = kPlanParts};

}  // namespace

TW_REGISTER_MODULE(inns_and_cathedrals, kDescriptor);

}  // namespace tw
