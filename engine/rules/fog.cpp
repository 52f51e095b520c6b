// Rule module: fog areas in the co-op game. A fog area is closed when every fogged side
// is bounded; it never closes where fog meets a face-down tile or (rule
// fog_clear_side_never_closes) a clear side. Parameters: fog_extend_fewer_ghosts,
// fog_clear_side_never_closes (module "fog"); the joining of fog itself happens as a tile
// is put down (Game::put_tile).
#include <algorithm>

#include "engine/game.h"

namespace tw {

int Game::fog_open_ends(int p) const {
  const PlacedTile& pt = placed_[static_cast<size_t>(p)];
  if (pt.face_down) return -1;
  const TileType& tt = content_->tiles[pt.type];
  for (size_t i = 0; i < tt.segments.size(); ++i)
    if (tt.segments[i].kind == Kind::Fog) {
      const Feature& f = feat_[find(pt.node_base + static_cast<uint32_t>(i))];
      return f.never ? -1 : f.open;
    }
  return 0;
}

}  // namespace tw
