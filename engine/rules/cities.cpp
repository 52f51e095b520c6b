// Rule module: cities. A city is complete when no edge of it is open; it is worth its
// tiles and shields (city_tile_points, city_shield_points; at the end the _final
// numbers); with small_city_rule a complete city of two tiles is worth
// small_city_points (module "cities").
#include "engine/core.h"
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

}  // namespace tw
