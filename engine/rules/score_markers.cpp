// Rule module: score markers (co-op). Shared scoring moves one team marker; per colour
// scoring (level 6) moves one marker per colour, and the players choose which marker a
// colour without one advances. Thresholds (dogs, the target) are measured by progress():
// the team's score, or the lowest marker. Parameter: marker_supply_players.
#include <algorithm>

#include "engine/game.h"

namespace tw {

int64_t Game::progress() const {
  if (!level_) return scores_.empty() ? 0 : *std::max_element(scores_.begin(), scores_.end());
  return *std::min_element(marker_score_.begin(), marker_score_.end());
}

void Game::coop_add_points(int colour, int64_t points) {
  if (!plan_->per_colour) {
    marker_score_[0] += points;
  } else {
    const int m = colour >= 0 ? colour_marker_[static_cast<size_t>(colour)] : -1;
    if (m < 0)
      marker_queue_.push_back(points);  // the players choose which marker advances
    else
      marker_score_[static_cast<size_t>(m)] += points;
  }
  const int64_t pr = progress();
  for (auto& s : scores_) s = pr;
}

void Game::apply_marker(const Option& o) {
  const int m = colour_marker_[o.colour];
  marker_score_[static_cast<size_t>(m)] += marker_queue_.front();
  marker_queue_.erase(marker_queue_.begin());
  const int64_t pr = progress();
  for (auto& s : scores_) s = pr;
  coop_check_thresholds();
}

}  // namespace tw
