// Rule module: cities. A city is complete when no edge of it is open; it is worth its
// tiles and shields (city_tile_points, city_shield_points; at the end the _final
// numbers); with small_city_rule a complete city of two tiles is worth
// small_city_points (module "cities").
#include "engine/game.h"

namespace tw {

int Game::city_value(uint32_t node, bool complete) const {
  const uint32_t root = find(node);
  const int tiles = feature_tiles(root);
  const int shields = feat_[root].shields;
  if (complete) {
    if (rules_.small_city_rule && tiles == 2) return static_cast<int>(rules_.small_city_points);
    return static_cast<int>(tiles * rules_.city_tile_points + shields * rules_.city_shield_points);
  }
  return static_cast<int>(tiles * rules_.city_tile_points_final + shields * rules_.city_shield_points_final);
}

}  // namespace tw
