// Rule module: cemeteries in the co-op game (plain: closed by the 4 orthogonal
// neighbours; haunted: by all 8, face-down tiles included). A closed cemetery buries one
// follower for good and sends its ghosts to the bank. Parameters: plain_cemetery_ghosts,
// haunted_cemetery_ghosts (module "cemeteries"); the level's `cemetery` column.
#include <algorithm>

#include "engine/game.h"
#include "engine/rules/sides.h"

namespace tw {

bool Game::cemetery_open(int p) const {
  const PlacedTile& pt = placed_[static_cast<size_t>(p)];
  if (pt.face_down || cem_closed_[static_cast<size_t>(p)]) return false;
  const int c = (*cache_)[pt.type].centre;
  return c >= 0 && content_->tiles[pt.type].segments[static_cast<size_t>(c)].kind == Kind::Cemetery;
}

void Game::queue_cemeteries_closed_around(int p) {
  if (level_->cemetery == CemeteryMode::None) return;
  const PlacedTile pt = placed_[static_cast<size_t>(p)];
  for (int dy = 1; dy >= -1; --dy)
    for (int dx = -1; dx <= 1; ++dx) {
      const int q = tile_at(pt.x + dx, pt.y + dy);
      if (q < 0 || !cemetery_open(q)) continue;
      const PlacedTile& qt = placed_[static_cast<size_t>(q)];
      bool closed = true;
      if (level_->cemetery == CemeteryMode::Haunted) {
        closed = cells_[static_cast<size_t>(cell_index(qt.x, qt.y))].around == 8;
      } else {
        for (int side = 0; side < 4; ++side)
          if (tile_at(qt.x + sides::kDx[side], qt.y + sides::kDy[side]) < 0) closed = false;
      }
      if (!closed) continue;
      cem_closed_[static_cast<size_t>(q)] = 1;
      bury_queue_.push_back(q);
      emit({EventKind::CemeteryClosed, -1, Kind::Cemetery, qt.x, qt.y, qt.type, 0});
    }
}

void Game::close_cemetery(int p) {
  // The buried follower lies there; the cemetery's ghosts go back to the bank.
  remove_tile_ghosts(p, 1 << 20);
}

std::vector<Option> Game::bury_options() const {
  std::vector<Option> out;
  for (const auto& f : followers_) {
    if (f.placed >= 0 && !f.buried) out.push_back(follower_option(OptKind::Bury, f));
  }
  if (!out.empty()) return out;
  // Nobody on the board: a follower from any supply.
  for (int c = 0; c < kMaxPlayers; ++c)
    if (colour_supply_[static_cast<size_t>(c)] > 0) {
      Option o;
      o.kind = OptKind::BurySupply;
      o.colour = static_cast<uint8_t>(c);
      out.push_back(o);
    }
  return out;
}

}  // namespace tw
