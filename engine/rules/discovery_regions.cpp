// Rule module: Discovery's regions (RULES.md section 5): lowland by tiles, mountains by
// the cities in them and in the adjacent lowlands, water by the cities on its shores (and
// its tiles when closed); a closed area of exactly two tiles has its own numbers.
// Parameters: lowland_*, mountain_*, water_* (module "discovery regions").
#include <algorithm>

#include "engine/rules/kinds.h"
#include "engine/core.h"
#include "engine/rules/plan.h"
#include "engine/rules/discovery_regions.h"

namespace tw {

int region_cities(const Core& core, uint32_t node) {
  const uint32_t root = core.find(node);
  int cities = core.feat()[root].shields;
  if (core.nodes()[root].kind != kMountain) return cities;
  // Mountains: plus the cities of every adjacent lowland area, each area once.
  std::array<uint32_t, 64> seen{};
  size_t nseen = 0;
  std::vector<uint32_t> more;  // only when more than 64 lowland areas touch (never in practice)
  uint32_t n = root;
  do {
    const PlacedTile& pt = core.placed()[static_cast<size_t>(core.nodes()[n].tile)];
    const Segment& s = core.content().tiles[pt.type].segments[n - pt.node_base];
    for (uint8_t c : s.touches) {
      const uint32_t other = pt.node_base + c;
      if (core.nodes()[other].kind != kLowland) continue;
      const uint32_t r = core.find(other);
      if (std::find(seen.begin(), seen.begin() + static_cast<long>(nseen), r) !=
              seen.begin() + static_cast<long>(nseen) ||
          std::find(more.begin(), more.end(), r) != more.end())
        continue;
      if (nseen < seen.size())
        seen[nseen++] = r;
      else
        more.push_back(r);
      cities += core.feat()[r].shields;
    }
    n = core.nodes()[n].next;
  } while (n != root);
  return cities;
}

int region_value(const Core& core, uint32_t node, bool closed) {
  const uint32_t root = core.find(node);
  const Kind k = core.nodes()[root].kind;
  const int tiles = core.feature_tiles(root);
  const bool small = closed && tiles == 2;
  if (k == kLowland) {
    if (small) return static_cast<int>(core.rules().lowland_small_points);
    return static_cast<int>(tiles * (closed ? core.rules().lowland_closed_tile_points : core.rules().lowland_tile_points));
  }
  if (k == kMountain) {
    const int cities = region_cities(core, root);
    if (small) return static_cast<int>(cities * core.rules().mountain_small_city_points);
    return static_cast<int>(cities * (closed ? core.rules().mountain_closed_city_points : core.rules().mountain_city_points));
  }
  if (k == kWater) {
    const int cities = core.feat()[root].shields;
    if (small) return static_cast<int>(cities * core.rules().water_small_city_points);
    if (closed)
      return static_cast<int>(tiles * core.rules().water_closed_tile_points + cities * core.rules().water_closed_city_points);
    return static_cast<int>(cities * core.rules().water_city_points);
  }
  return 0;
}

// Game's read accessor (until the callers use the free function).

namespace {

// A region's `touches` lists the adjacent regions of the same tile, both ways; a region
// counting cities touches one of the other side (water or land) that counts them too;
// and per tile the land and the water regions count the same cities.
void check_regions(const TileType& t, std::vector<ContentError>& errors) {
  int land_cities = 0, water_cities = 0;  // each city counts once on each side
  for (size_t i = 0; i < t.segments.size(); ++i) {
    const Segment& s = t.segments[i];
    if (!is_region(s.kind)) continue;
    for (uint8_t c : s.touches) {
      if (c >= t.segments.size() || c == i || !is_region(t.segments[c].kind)) {
        errors.push_back({"tile_segment", segment_row(t, i), "touches", std::to_string(c),
                          "the index of another region segment (lowland, mountain, water) "
                          "on the same tile"});
        continue;
      }
      const auto& back = t.segments[c].touches;
      if (std::find(back.begin(), back.end(), static_cast<uint8_t>(i)) == back.end())
        errors.push_back({"tile_segment", segment_row(t, i), "touches", std::to_string(c),
                          "adjacency goes both ways: segment " + std::to_string(c) +
                              " must list " + std::to_string(i) + " too"});
    }
    if (s.shields && s.kind != kWater) land_cities += s.shields;
    if (s.shields && s.kind == kWater) water_cities += s.shields;
    if (s.shields) {
      // A city lies between water and land: the segment must touch the other side.
      bool other = false;
      for (uint8_t c : s.touches)
        if (c < t.segments.size() && is_region(t.segments[c].kind) &&
            (t.segments[c].kind == kWater) != (s.kind == kWater) && t.segments[c].shields)
          other = true;
      if (!other)
        errors.push_back({"tile_segment", segment_row(t, i), "shields", std::to_string(s.shields),
                          "a city lies between water and land: the segment must touch a region "
                          "of the other side that counts cities too"});
    }
  }
  if (land_cities != water_cities)
    errors.push_back({"tile_type", t.tile_set + "/" + t.id, "segments", "",
                      "Discovery cities: the land segments count " + std::to_string(land_cities) +
                          " and the water segments " + std::to_string(water_cities) +
                          "; every city counts once on each side"});
}

constexpr uint8_t kRegion = kNamedByEdge | kWholeEdge | kLocated | kShields | kOwnTouches;
constexpr KindRule kKindRows[] = {
    {kLowland, "lowland", kRegion}, {kMountain, "mountain", kRegion}, {kWater, "water", kRegion}};
constexpr TileCheck kChecks[] = {&check_regions};

}  // namespace
extern const KindTable kRegionKinds{"discovery regions", kKindRows, kChecks};

// ---------------------------------------------------------------------------------
// The module's parameters (engine/rules/params.h): its rows of rule_param_specs().

namespace {

constexpr ParamRow kParams[] = {
    {"completion_scores", &Rules::completion_scores, 0, 1, kSysDiscovery,
     "0: completing a feature neither scores it nor returns its followers (Discovery)"},
    {"score_each_follower", &Rules::score_each_follower, 0, 1, kSysDiscovery,
     "1: at the end every follower scores its area by itself, as open (Discovery)"},
    {"lowland_tile_points", &Rules::lowland_tile_points, 0, 100, kSysDiscovery,
     "open lowland: points per tile"},
    {"lowland_closed_tile_points", &Rules::lowland_closed_tile_points, 0, 100, kSysDiscovery,
     "closed lowland: points per tile"},
    {"lowland_small_points", &Rules::lowland_small_points, 0, 100, kSysDiscovery,
     "closed lowland of only two tiles: points in total"},
    {"mountain_city_points", &Rules::mountain_city_points, 0, 100, kSysDiscovery,
     "open mountains: points per city in them and in the adjacent lowlands"},
    {"mountain_closed_city_points", &Rules::mountain_closed_city_points, 0, 100, kSysDiscovery,
     "closed mountains: points per city in them and in the adjacent lowlands"},
    {"mountain_small_city_points", &Rules::mountain_small_city_points, 0, 100, kSysDiscovery,
     "closed mountains of only two tiles: points per city"},
    {"water_city_points", &Rules::water_city_points, 0, 100, kSysDiscovery,
     "open water: points per city on its shores"},
    {"water_closed_tile_points", &Rules::water_closed_tile_points, 0, 100, kSysDiscovery,
     "closed water: points per tile"},
    {"water_closed_city_points", &Rules::water_closed_city_points, 0, 100, kSysDiscovery,
     "closed water: points per city on its shores (1: the seed's worked example, 0: its text)"},
    {"water_small_city_points", &Rules::water_small_city_points, 0, 100, kSysDiscovery,
     "closed water of only two tiles: points per city on its shores"},
};

}  // namespace

extern const ParamTable kDiscoveryRegionsParams{
    "discovery regions",
    uint64_t{1} << static_cast<unsigned>(kLowland) | uint64_t{1} << static_cast<unsigned>(kMountain) |
        uint64_t{1} << static_cast<unsigned>(kWater),
    kParams};

// ---------------------------------------------------------------------------------
// The module's descriptor (engine/rules/registry.h): its tables, when it plays and the
// parts it installs in the turn plan (engine/rules/plan.h), each at its order key.

namespace {

void plan_part_160(PlanBuild& b) {
  if (!b.plays("discovery regions")) return;
  for (const Kind k : {kLowland, kMountain, kWater}) {
    b.plan.value[static_cast<size_t>(k)] = &region_value;
    b.plan.complete[static_cast<size_t>(k)] = &Core::edge_complete;
  }
}

constexpr ModulePart kPlanParts[] = {{160, &plan_part_160}};
const ModuleDescriptor kDescriptor{.name = "discovery regions",
                                  .order = 50,
                                  .kinds = &kRegionKinds,
                                  .params = &kDiscoveryRegionsParams,
                                  .plan_order = 160,
                                  .plays = [](const PlanBuild& b) { return b.shows(kLowland) || b.shows(kMountain) || b.shows(kWater); },
                                  .parts = kPlanParts};

}  // namespace

TW_REGISTER_MODULE(discovery_regions, kDescriptor);

}  // namespace tw
