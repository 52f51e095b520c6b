// Rule module: dogs (co-op levels 3-6). A score threshold reached brings a dog: the
// rest of the stack goes on top of the next one, the dog joins a standing follower and
// clears up to `dog_clear_tiles` tiles around it; when its follower's feature is
// evaluated it scores `dog_ghost_points` per ghost on the board. Parameters:
// dog_clear_tiles, dog_ghost_points, dog_waits_for_follower (module "dogs").
#include <algorithm>

#include "engine/game.h"

namespace tw {

std::vector<Option> Game::dog_clear_options() const {
  std::vector<Option> out;
  const Follower& f = followers_[static_cast<size_t>(dog_follower_)];
  const PlacedTile& pt = placed_[static_cast<size_t>(f.placed)];
  for (int dy = 1; dy >= -1; --dy)
    for (int dx = -1; dx <= 1; ++dx) {
      const int q = tile_at(pt.x + dx, pt.y + dy);
      if (q < 0 || tile_ghosts(q) == 0) continue;
      if (std::find(dog_cleared_.begin(), dog_cleared_.end(), q) != dog_cleared_.end()) continue;
      push_unghost(out, q);
    }
  return out;
}

void Game::coop_check_thresholds() {
  if (!marker_queue_.empty()) return;  // a marker choice is still open
  const int64_t pr = progress();
  while (static_cast<size_t>(dogs_reached_) < level_->dogs.size() &&
         pr >= level_->dogs[static_cast<size_t>(dogs_reached_)]) {
    ++dogs_reached_;
    ++dogs_to_place_;
    if (stack_ < dogs_reached_ && static_cast<size_t>(dogs_reached_) < stack_end_.size()) {
      // The rest of the current stack goes on top of the next one.
      stack_ = dogs_reached_;
      emit({EventKind::StackChanged, -1, Kind::None, 0, 0, -1, stack_});
    }
  }
  if (pr >= level_->target) coop_win();
}

}  // namespace tw
