// Rule module: the co-op ghost bank (Mists over Carcassonne, RULES.md section 4). Ghosts
// stand on fog and cemetery segments and come from and go back to one bank; a removal
// (`unghost x,y`, a dog's clearing) takes up to `unghost_ghosts` from one tile (rule
// `unghost_choose_count`: or fewer, `unghost x,y N`); closing a fog area sends its ghosts
// home. Parameters: unghost_ghosts, unghost_choose_count (module "co-op ghost bank").
#include <algorithm>

#include "engine/game.h"

namespace tw {

int Game::tile_ghosts(int p) const {
  if (!level_ || p < 0) return 0;
  const PlacedTile& pt = placed_[static_cast<size_t>(p)];
  if (pt.face_down) return 0;
  int n = 0;
  const size_t segs = content_->tiles[pt.type].segments.size();
  for (size_t i = 0; i < segs; ++i) n += node_ghosts_[pt.node_base + i];
  return n;
}

int Game::ghosts_on_board() const {
  int n = 0;
  for (const uint8_t g : node_ghosts_) n += g;
  return n;
}

void Game::add_ghosts(uint32_t node, int n) {
  node_ghosts_[node] = static_cast<uint8_t>(node_ghosts_[node] + n);
  ghost_bank_ -= n;
}

int Game::remove_tile_ghosts(int p, int n) {
  const PlacedTile& pt = placed_[static_cast<size_t>(p)];
  if (pt.face_down) return 0;
  int removed = 0;
  const size_t segs = content_->tiles[pt.type].segments.size();
  for (size_t i = 0; i < segs && removed < n; ++i) {
    uint8_t& g = node_ghosts_[pt.node_base + i];
    const int take = std::min<int>(g, n - removed);
    g = static_cast<uint8_t>(g - take);
    removed += take;
  }
  ghost_bank_ += removed;
  if (removed) emit({EventKind::GhostsRemoved, -1, Kind::None, pt.x, pt.y, pt.type, removed});
  return removed;
}

void Game::return_area_ghosts(uint32_t root, int p) {
  int back = 0;
  uint32_t n = root;
  do {
    back += node_ghosts_[n];
    node_ghosts_[n] = 0;
    n = next_[n];
  } while (n != root);
  ghost_bank_ += back;
  const PlacedTile& pt = placed_[static_cast<size_t>(p)];
  emit({EventKind::FogClosed, -1, Kind::Fog, pt.x, pt.y, pt.type, back});
}

void Game::push_unghost(std::vector<Option>& out, int q) const {
  const PlacedTile& pt = placed_[static_cast<size_t>(q)];
  Option o;
  o.kind = OptKind::Unghost;
  o.x = pt.x;
  o.y = pt.y;
  out.push_back(o);  // seg 0: the most it may
  if (!rules_.unghost_choose_count) return;
  const int most = std::min(tile_ghosts(q), static_cast<int>(rules_.unghost_ghosts));
  for (int n = 1; n < most; ++n) {
    o.seg = static_cast<uint8_t>(n);
    out.push_back(o);
  }
}

int Game::unghost_count(const Option& o) const {
  return o.seg ? o.seg : static_cast<int>(rules_.unghost_ghosts);
}

}  // namespace tw
