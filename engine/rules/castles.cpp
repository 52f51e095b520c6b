// Rule module: castles (Ghosts, Castles and Cemeteries; co-op). A castle is complete
// when the 8 tiles around it are placed; it scores per fogged tile of its 9. Parameters:
// castle_fog_tile_points, castle_fog_tile_points_final, castle_tile_points_final. In
// the co-op game a castle with a face-down tile among its 8 is cursed: never complete.
#include <algorithm>

#include "engine/game.h"

namespace tw {

bool Game::castle_complete(uint32_t node) const {
  // (Competitive games have no face-down tile: there, complete = surrounded.)
  const PlacedTile& pt = placed_[static_cast<size_t>(nodes_[node].tile)];
  if (cells_[static_cast<size_t>(cell_index(pt.x, pt.y))].around != 8) return false;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) {
      const int q = tile_at(pt.x + dx, pt.y + dy);
      if (q >= 0 && placed_[static_cast<size_t>(q)].face_down) return false;  // cursed
    }
  return true;
}

int Game::fogged_tiles_around(int p) const {
  // Absent tiles show no fog, so this counts the fogged tiles present among the 9.
  const PlacedTile& pt = placed_[static_cast<size_t>(p)];
  int n = 0;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) {
      const int q = tile_at(pt.x + dx, pt.y + dy);
      if (q >= 0 && !placed_[static_cast<size_t>(q)].face_down && (*cache_)[placed_[static_cast<size_t>(q)].type].fogged) ++n;
    }
  return n;
}

int Game::castle_value(uint32_t node, bool complete) const {
  const int p = nodes_[node].tile;
  const int fogged = fogged_tiles_around(p);  // (face-down tiles show no fog)
  if (complete) return static_cast<int>(fogged * rules_.castle_fog_tile_points);
  // At the end: every fogged present tile, and the castle tile counts in any case.
  const bool castle_fogged = (*cache_)[placed_[static_cast<size_t>(p)].type].fogged;
  return static_cast<int>((fogged - (castle_fogged ? 1 : 0)) * rules_.castle_fog_tile_points_final +
                          rules_.castle_tile_points_final);
}

}  // namespace tw
