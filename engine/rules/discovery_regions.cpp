// Rule module: Discovery's regions (RULES.md section 5): lowland by tiles, mountains by
// the cities in them and in the adjacent lowlands, water by the cities on its shores (and
// its tiles when closed); a closed area of exactly two tiles has its own numbers.
// Parameters: lowland_*, mountain_*, water_* (module "discovery regions").
#include <algorithm>

#include "engine/game.h"

namespace tw {

int Game::region_cities(uint32_t node) const {
  const uint32_t root = find(node);
  int cities = feat_[root].shields;
  if (nodes_[root].kind != Kind::Mountain) return cities;
  // Mountains: plus the cities of every adjacent lowland area, each area once.
  std::array<uint32_t, 64> seen{};
  size_t nseen = 0;
  std::vector<uint32_t> more;  // only when more than 64 lowland areas touch (never in practice)
  uint32_t n = root;
  do {
    const PlacedTile& pt = placed_[static_cast<size_t>(nodes_[n].tile)];
    const Segment& s = content_->tiles[pt.type].segments[n - pt.node_base];
    for (uint8_t c : s.touches) {
      const uint32_t other = pt.node_base + c;
      if (nodes_[other].kind != Kind::Lowland) continue;
      const uint32_t r = find(other);
      if (std::find(seen.begin(), seen.begin() + static_cast<long>(nseen), r) !=
              seen.begin() + static_cast<long>(nseen) ||
          std::find(more.begin(), more.end(), r) != more.end())
        continue;
      if (nseen < seen.size())
        seen[nseen++] = r;
      else
        more.push_back(r);
      cities += feat_[r].shields;
    }
    n = nodes_[n].next;
  } while (n != root);
  return cities;
}

int Game::region_value(uint32_t node, bool closed) const {
  const uint32_t root = find(node);
  const Kind k = nodes_[root].kind;
  const int tiles = feature_tiles(root);
  const bool small = closed && tiles == 2;
  switch (k) {
    case Kind::Lowland:
      if (small) return static_cast<int>(rules_.lowland_small_points);
      return static_cast<int>(tiles * (closed ? rules_.lowland_closed_tile_points : rules_.lowland_tile_points));
    case Kind::Mountain: {
      const int cities = region_cities(root);
      if (small) return static_cast<int>(cities * rules_.mountain_small_city_points);
      return static_cast<int>(cities * (closed ? rules_.mountain_closed_city_points : rules_.mountain_city_points));
    }
    case Kind::Water: {
      const int cities = feat_[root].shields;
      if (small) return static_cast<int>(cities * rules_.water_small_city_points);
      if (closed)
        return static_cast<int>(tiles * rules_.water_closed_tile_points + cities * rules_.water_closed_city_points);
      return static_cast<int>(cities * rules_.water_city_points);
    }
    default:
      return 0;
  }
}

}  // namespace tw
