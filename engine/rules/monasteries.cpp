// Rule module: monasteries. A monastery is complete when the 8 tiles around it are
// placed (Game::surrounded); complete it is worth monastery_points, at the end
// monastery_tile_points_final per tile of its 9 that is present (module "monasteries").
#include "engine/game.h"

namespace tw {

int Game::monastery_value(uint32_t node, bool complete) const {
  if (complete) return static_cast<int>(rules_.monastery_points);
  const PlacedTile& pt = placed_[static_cast<size_t>(nodes_[node].tile)];
  const int present = 1 + cells_[static_cast<size_t>(cell_index(pt.x, pt.y))].around;
  return static_cast<int>(present * rules_.monastery_tile_points_final);
}

}  // namespace tw
