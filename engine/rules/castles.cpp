// Rule module: castles (Ghosts, Castles and Cemeteries; co-op). A castle is complete
// when the 8 tiles around it are placed; it scores per fogged tile of its 9. Parameters:
// castle_fog_tile_points, castle_fog_tile_points_final, castle_tile_points_final.
#include <algorithm>

#include "engine/game.h"

namespace tw {

bool Game::castle_complete(int p) const {
  const PlacedTile& pt = placed_[static_cast<size_t>(p)];
  if (cells_[static_cast<size_t>(cell_index(pt.x, pt.y))].around != 8) return false;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) {
      const int q = tile_at(pt.x + dx, pt.y + dy);
      if (q >= 0 && placed_[static_cast<size_t>(q)].face_down) return false;  // cursed
    }
  return true;
}

}  // namespace tw
