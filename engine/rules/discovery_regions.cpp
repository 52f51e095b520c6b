// Rule module: Discovery's regions (RULES.md section 5): lowland by tiles, mountains by
// the cities in them and in the adjacent lowlands, water by the cities on its shores (and
// its tiles when closed); a closed area of exactly two tiles has its own numbers.
// Parameters: lowland_*, mountain_*, water_* (module "discovery regions").
#include <algorithm>

#include "engine/core.h"
#include "engine/rules/discovery_regions.h"

namespace tw {

int region_cities(const Core& core, uint32_t node) {
  const uint32_t root = core.find(node);
  int cities = core.feat()[root].shields;
  if (core.nodes()[root].kind != Kind::Mountain) return cities;
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
      if (core.nodes()[other].kind != Kind::Lowland) continue;
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
  switch (k) {
    case Kind::Lowland:
      if (small) return static_cast<int>(core.rules().lowland_small_points);
      return static_cast<int>(tiles * (closed ? core.rules().lowland_closed_tile_points : core.rules().lowland_tile_points));
    case Kind::Mountain: {
      const int cities = region_cities(core, root);
      if (small) return static_cast<int>(cities * core.rules().mountain_small_city_points);
      return static_cast<int>(cities * (closed ? core.rules().mountain_closed_city_points : core.rules().mountain_city_points));
    }
    case Kind::Water: {
      const int cities = core.feat()[root].shields;
      if (small) return static_cast<int>(cities * core.rules().water_small_city_points);
      if (closed)
        return static_cast<int>(tiles * core.rules().water_closed_tile_points + cities * core.rules().water_closed_city_points);
      return static_cast<int>(cities * core.rules().water_city_points);
    }
    default:
      return 0;
  }
}

// Game's read accessor (until the callers use the free function).
int Game::region_value(uint32_t node, bool closed) const { return tw::region_value(Core(*this), node, closed); }
int Game::region_cities(uint32_t node) const { return tw::region_cities(Core(*this), node); }

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
    uint64_t{1} << static_cast<unsigned>(Kind::Lowland) | uint64_t{1} << static_cast<unsigned>(Kind::Mountain) |
        uint64_t{1} << static_cast<unsigned>(Kind::Water),
    kParams};

}  // namespace tw
