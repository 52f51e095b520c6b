// Rule module: stacks (co-op levels 3-6). The pile is split into the level's stacks,
// played in order; a stack that runs out before its dog was reached loses the game.
#include <algorithm>

#include "engine/game.h"

namespace tw {

int Game::stack_tiles_left() const {
  if (!level_ || stack_ >= static_cast<int>(stack_end_.size())) return 0;
  return static_cast<int>(stack_end_[static_cast<size_t>(stack_)] - std::min(pile_pos_, stack_end_[static_cast<size_t>(stack_)]));
}

void Game::draw_from_stacks() {
  const size_t stacks = stack_end_.size();
  for (;;) {
    if (static_cast<size_t>(stack_) >= stacks) {
      coop_lose("no tile left", "no tile left to draw");
      return;
    }
    if (pile_pos_ >= stack_end_[static_cast<size_t>(stack_)]) {
      if (static_cast<size_t>(stack_) < level_->dogs.size() && dogs_reached_ <= stack_) {
        coop_lose("stack " + std::to_string(stack_ + 1) + " ran out",
                  "stack " + std::to_string(stack_ + 1) + " ran out before dog " + std::to_string(stack_ + 1) +
                  " (" + std::to_string(level_->dogs[static_cast<size_t>(stack_)]) + " points) was reached");
        return;
      }
      if (static_cast<size_t>(stack_) + 1 >= stacks) {
        coop_lose("no tile left", "no tile left to draw");
        return;
      }
      ++stack_;
      emit({EventKind::StackChanged, -1, Kind::None, 0, 0, -1, stack_});
      continue;
    }
    if (draw_one()) return;
  }
}

void Game::stacks_start() {
  // The pile in `stacks` parts played in order, the first ones one larger when it does
  // not divide evenly.
  const size_t n = pile_.size();
  const size_t k = static_cast<size_t>(level_->stacks);
  size_t end = 0;
  for (size_t i = 0; i < k; ++i) {
    end += n / k + (i < n % k ? 1 : 0);
    stack_end_.push_back(end);
  }
}

}  // namespace tw
