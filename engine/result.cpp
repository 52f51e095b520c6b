#include "engine/result.h"

namespace tw {

std::string result_text(const Game& g) {
  if (is_coop(g)) {
    std::string s = coop_scores_text(g);
    if (g.outcome() == Outcome::Win) return "win, " + s;
    if (g.outcome() == Outcome::Lose) return "lose, " + s;
    return s;
  }
  std::string s;
  for (int p = 0; p < g.player_count(); ++p) {
    if (p) s += ", ";
    s += seat_label(g.setup().players, static_cast<size_t>(p)) + " " + std::to_string(g.score(p));
  }
  return s;
}

}  // namespace tw
