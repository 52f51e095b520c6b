// Rule module: the co-op ghost bank (Mists over Carcassonne, RULES.md section 4). Ghosts
// stand on fog and cemetery segments and come from and go back to one bank; a removal
// (`unghost x,y`, a dog's clearing) takes up to `unghost_ghosts` from one tile (rule
// `unghost_choose_count`: or fewer, `unghost x,y N`); closing a fog area sends its ghosts
// home. Parameters: unghost_ghosts, unghost_choose_count (module "co-op ghost bank").
#include <algorithm>

#include "engine/game.h"
#include "engine/text.h"

namespace tw {

int Game::tile_ghosts(int p) const {
  return level_ && p >= 0 ? st_.coop_ghosts.per_tile[static_cast<size_t>(p)] : 0;  // (0 for a face-down tile)
}

int Game::ghosts_on_board() const {
  int n = 0;
  for (const Node& node : nodes_) n += node.ghosts;
  return n;
}

void Game::add_ghosts(uint32_t node, int n) {
  nodes_[node].ghosts = static_cast<uint8_t>(nodes_[node].ghosts + n);
  uint16_t& t = st_.coop_ghosts.per_tile[static_cast<size_t>(nodes_[node].tile)];
  t = static_cast<uint16_t>(t + n);
  st_.bank.ghosts -= n;
}

int Game::remove_tile_ghosts(int p, int n) {
  const PlacedTile& pt = placed_[static_cast<size_t>(p)];
  if (pt.face_down) return 0;
  int removed = 0;
  const size_t segs = content_->tiles[pt.type].segments.size();
  for (size_t i = 0; i < segs && removed < n; ++i) {
    uint8_t& g = nodes_[pt.node_base + i].ghosts;
    const int take = std::min<int>(g, n - removed);
    g = static_cast<uint8_t>(g - take);
    removed += take;
  }
  st_.coop_ghosts.per_tile[static_cast<size_t>(p)] = static_cast<uint16_t>(st_.coop_ghosts.per_tile[static_cast<size_t>(p)] - removed);
  st_.bank.ghosts += removed;
  if (removed) emit({EventKind::GhostsRemoved, -1, Kind::None, pt.x, pt.y, pt.type, removed});
  return removed;
}

void Game::return_area_ghosts(uint32_t root, int p) {
  int back = 0;
  uint32_t n = root;
  do {
    back += nodes_[n].ghosts;
    uint16_t& t = st_.coop_ghosts.per_tile[static_cast<size_t>(nodes_[n].tile)];
    t = static_cast<uint16_t>(t - nodes_[n].ghosts);
    nodes_[n].ghosts = 0;
    n = nodes_[n].next;
  } while (n != root);
  st_.bank.ghosts += back;
  const PlacedTile& pt = placed_[static_cast<size_t>(p)];
  emit({EventKind::FogClosed, -1, Kind::Fog, pt.x, pt.y, pt.type, back});
}

void Game::push_unghost(OptionList& out, int q) const {
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

void Game::start_ghosts() {
  // The start piece's ghosts stand on its symbols.
  for (size_t p = 0; p < placed_.size(); ++p) {
    const TileType& tt = content_->tiles[placed_[p].type];
    int want = tt.ghost_symbols;
    for (size_t i = 0; i < tt.segments.size() && want > 0; ++i)
      if (tt.segments[i].kind == Kind::Fog) {
        const int g = std::min(want, st_.bank.ghosts);
        add_ghosts(placed_[p].node_base + static_cast<uint32_t>(i), g);
        want = 0;
      }
  }
}

bool Game::step_emerge() {
  // 2a: the ghosts due on the tile's fog emerge (the cemeteries then add theirs:
  // engine/rules/cemeteries.cpp, which read emerged_on_fog()).
  const PlacedTile& pt = placed_[static_cast<size_t>(last_placed_)];
  st_.coop_ghosts.emerged = 0;
  if (st_.coop_ghosts.due > 0) {
    if (st_.bank.ghosts < st_.coop_ghosts.due) {
      coop_lose("ghost bank empty", "the ghost bank holds " + std::to_string(st_.bank.ghosts) + " ghosts, " + std::to_string(st_.coop_ghosts.due) +
                " must emerge on " + content_->tiles[pt.type].notation_id() + " at " + text::cell_text(pt.x, pt.y));
      return true;
    }
    add_ghosts(st_.coop_ghosts.due_node, st_.coop_ghosts.due);
    emit({EventKind::GhostsEmerged, -1, Kind::Fog, pt.x, pt.y, pt.type, st_.coop_ghosts.due});
    st_.coop_ghosts.emerged = st_.coop_ghosts.due;
    st_.coop_ghosts.due = 0;
  }
  return next();
}

// ---------------------------------------------------------------------------------
// The module's table (engine/rules/registry.h): its options' grammar, its events' words.

namespace {

constexpr EventRule kEvents[] = {
    {EventKind::GhostsEmerged, "co-op ghost bank", "{points} ghost{s} emerge on {tile} at {at}"},
    {EventKind::GhostsRemoved, "co-op ghost bank", "{points} ghost{s} leave {at} for the bank"},
};

}  // namespace

extern const ModuleTable kCoopGhostsTable{"co-op ghost bank", {}, kEvents};

}  // namespace tw
