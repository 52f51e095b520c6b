// Rule module: fields (farmers). A field is never complete; at the end it is worth
// farm_city_points for each completed city it borders, each city once. Parameters:
// farmers (followers may stand on fields), farm_city_points (module "fields").
#include <algorithm>

#include "engine/game.h"

namespace tw {

int Game::field_value(uint32_t node, bool) const {
  // Completed cities bordering the field, each once.
  const uint32_t root = find(node);
  std::vector<uint32_t> cities;
  uint32_t n = root;
  do {
    if (nodes_[n].kind == Kind::Field) {
      const PlacedTile& pt = placed_[static_cast<size_t>(nodes_[n].tile)];
      const Segment& s = content_->tiles[pt.type].segments[n - pt.node_base];
      for (uint8_t c : s.touches) {
        const uint32_t cr = find(pt.node_base + c);
        if (feat_[cr].open == 0) cities.push_back(cr);
      }
    }
    n = nodes_[n].next;
  } while (n != root);
  std::sort(cities.begin(), cities.end());
  cities.erase(std::unique(cities.begin(), cities.end()), cities.end());
  return static_cast<int>(static_cast<int64_t>(cities.size()) * rules_.farm_city_points);
}

}  // namespace tw
