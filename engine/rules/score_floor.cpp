// Rule module: score floor (Ghosts, Castles and Cemeteries). With score_floor_zero no
// score goes below 0: after each scoring (Game::add_points), or with
// score_floor_per_turn once on the turn's total and on the final total (module
// "score floor").
#include <algorithm>

#include "engine/game.h"

namespace tw {

void Game::apply_score_floor() {
  if (!rules_.score_floor_zero) return;
  for (auto& s : scores_) s = std::max<int64_t>(s, 0);
}

bool Game::step_score_floor() {
  apply_score_floor();
  return next();
}

}  // namespace tw
