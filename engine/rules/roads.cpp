// Rule module: roads. A road is complete when both ends are closed; it is worth
// road_tile_points per tile when complete, road_tile_points_final per tile at the end
// (module "roads").
#include "engine/game.h"

namespace tw {

int Game::road_value(uint32_t node, bool complete) const {
  const int tiles = feature_tiles(find(node));
  return static_cast<int>(tiles * (complete ? rules_.road_tile_points : rules_.road_tile_points_final));
}

}  // namespace tw
