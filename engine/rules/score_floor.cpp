// Rule module: score floor (Ghosts, Castles and Cemeteries). With score_floor_zero no
// score goes below 0: after each scoring (Game::add_points), or with
// score_floor_per_turn once on the turn's total and on the final total (module
// "score floor").
#include <algorithm>

#include "engine/core.h"
#include "engine/rules/score_floor.h"

namespace tw {

void apply_score_floor(Core& core) {
  if (!core.rules().score_floor_zero) return;
  for (auto& s : core.scores()) s = std::max<int64_t>(s, 0);
}

bool step_score_floor(Core& core) {
  apply_score_floor(core);
  return core.next();
}

}  // namespace tw
