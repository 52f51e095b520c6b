// Rule module: stacks (co-op levels 3-6). The pile is split into the level's stacks,
// played in order; a stack that runs out before its dog was reached loses the game.
#include <algorithm>

#include "engine/game.h"

namespace tw {

int Game::stack_tiles_left() const {
  if (!level_ || st_.stacks.current >= static_cast<int>(st_.stacks.end.size())) return 0;
  return static_cast<int>(st_.stacks.end[static_cast<size_t>(st_.stacks.current)] - std::min(pile_pos_, st_.stacks.end[static_cast<size_t>(st_.stacks.current)]));
}

void Game::draw_from_stacks() {
  const size_t stacks = st_.stacks.end.size();
  for (;;) {
    if (static_cast<size_t>(st_.stacks.current) >= stacks) {
      coop_lose("no tile left", "no tile left to draw");
      return;
    }
    if (pile_pos_ >= st_.stacks.end[static_cast<size_t>(st_.stacks.current)]) {
      if (static_cast<size_t>(st_.stacks.current) < level_->dogs.size() && st_.dogs.reached <= st_.stacks.current) {
        coop_lose("stack " + std::to_string(st_.stacks.current + 1) + " ran out",
                  "stack " + std::to_string(st_.stacks.current + 1) + " ran out before dog " + std::to_string(st_.stacks.current + 1) +
                  " (" + std::to_string(level_->dogs[static_cast<size_t>(st_.stacks.current)]) + " points) was reached");
        return;
      }
      if (static_cast<size_t>(st_.stacks.current) + 1 >= stacks) {
        coop_lose("no tile left", "no tile left to draw");
        return;
      }
      ++st_.stacks.current;
      emit({EventKind::StackChanged, -1, Kind::None, 0, 0, -1, st_.stacks.current});
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
    st_.stacks.end.push_back(end);
  }
}

// ---------------------------------------------------------------------------------
// The module's table (engine/rules/registry.h): its options' grammar, its events' words.

namespace {

constexpr EventRule kEvents[] = {
    {EventKind::StackChanged, "stacks", "play goes on from stack {next}"},
};

}  // namespace

extern const ModuleTable kStacksTable{"stacks", {}, kEvents};

}  // namespace tw
