// Rule module: fog areas in the co-op game. A fog area is closed when every fogged side
// is bounded; it never closes where fog meets a face-down tile or (rule
// fog_clear_side_never_closes) a clear side. Parameters: fog_extend_fewer_ghosts,
// fog_clear_side_never_closes (module "fog"). Fog joins as a tile is put down
// (Game::put_tile asks join_fog for each neighbour).
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

void Game::fog_after_place() {
  // 1b: fog this tile belongs to may have closed: its ghosts go home. 2a (ghosts emerging
  // on the tile's fog unless it closed) is worked out now and done after the burials.
  const int p = last_placed_;
  const PlacedTile& pt = placed_[static_cast<size_t>(p)];
  const TileType& tt = content_->tiles[pt.type];
  bool closed = false;
  uint32_t fog_node = UINT32_MAX;
  for (size_t i = 0; i < tt.segments.size(); ++i) {
    if (tt.segments[i].kind != Kind::Fog) continue;
    const uint32_t node = pt.node_base + static_cast<uint32_t>(i);
    if (fog_node == UINT32_MAX) fog_node = node;
    const uint32_t root = find(node);
    if (feat_[root].open == 0 && !feat_[root].never) {
      return_area_ghosts(root, p);
      closed = true;
    }
  }
  st_.coop_ghosts.due = 0;
  st_.coop_ghosts.due_node = fog_node;
  if (!closed && fog_node != UINT32_MAX)
    st_.coop_ghosts.due = std::max(0, tt.ghost_symbols - (st_.fog.joined ? static_cast<int>(rules_.fog_extend_fewer_ghosts) : 0));
}

bool Game::join_fog(uint32_t base, const TileType& tt, int rot, int side, const PlacedTile& q) {
  // Fog joins fog across the edge, and never closes where it meets unfogged ground or a
  // face-down tile.
  const int opp = (side + 2) % 4;
  const int mine = tt.fog_side[static_cast<size_t>((side - rot + 4) % 4)];
  const int theirs = q.face_down ? -1 : content_->tiles[q.type].fog_side[static_cast<size_t>((opp - q.rot + 4) % 4)];
  if (mine >= 0 && theirs >= 0) {
    const uint32_t root = unite(base + static_cast<uint32_t>(mine), q.node_base + static_cast<uint32_t>(theirs));
    feat_[root].open = static_cast<uint16_t>(feat_[root].open - 2);
    st_.fog.joined = true;
  } else if (mine >= 0 || theirs >= 0) {
    // Fog against a clear side disperses (rule fog_clear_side_never_closes), or the side
    // bounds it like the edge of the board's fog; a face-down tile always disperses.
    Feature& f = feat_[find(mine >= 0 ? base + static_cast<uint32_t>(mine) : q.node_base + static_cast<uint32_t>(theirs))];
    if (q.face_down || rules_.fog_clear_side_never_closes) f.never = true;
    else f.open = static_cast<uint16_t>(f.open - 1);
  }
  return !q.face_down;  // a face-down tile joins nothing: features stay open there
}

// ---------------------------------------------------------------------------------
// The module's table (engine/rules/registry.h): its options' grammar, its events' words.

namespace {

constexpr EventRule kEvents[] = {
    {EventKind::FogClosed, "fog", "the fog at {at} closes: {points} ghosts go back to the bank"},
};

}  // namespace

extern const ModuleTable kFogTable{"fog", {}, kEvents};

}  // namespace tw
