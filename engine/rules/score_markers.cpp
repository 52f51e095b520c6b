// Rule module: score markers (co-op). Shared scoring moves one team marker; per colour
// scoring (level 6) moves one marker per colour, and the players choose which marker a
// colour without one advances. Thresholds (dogs, the target) are measured by progress():
// the team's score, or the lowest marker. Parameter: marker_supply_players.
#include <algorithm>

#include "engine/game.h"
#include "engine/result.h"

namespace tw {

int64_t Game::progress() const {
  if (!level_) return scores_.empty() ? 0 : *std::max_element(scores_.begin(), scores_.end());
  return *std::min_element(st_.markers.score.begin(), st_.markers.score.end());
}

void Game::coop_add_points(int colour, int64_t points) {
  if (!plan_->per_colour) {
    st_.markers.score[0] += points;
  } else {
    const int m = colour >= 0 ? st_.markers.of_colour[static_cast<size_t>(colour)] : -1;
    if (m < 0)
      st_.markers.queue.push_back(points);  // the players choose which marker advances
    else
      st_.markers.score[static_cast<size_t>(m)] += points;
  }
  const int64_t pr = progress();
  for (auto& s : scores_) s = pr;
}

void Game::apply_marker(const Option& o) {
  const int m = st_.markers.of_colour[o.colour];
  st_.markers.score[static_cast<size_t>(m)] += st_.markers.queue.front();
  st_.markers.queue.erase(st_.markers.queue.begin());
  const int64_t pr = progress();
  for (auto& s : scores_) s = pr;
  coop_check_thresholds();
}

// The co-op scores as text (engine/result.h: the Result tag, every "Game over" line).
std::string coop_scores_text(const Game& g) {
  std::string s;
  for (size_t i = 0; i < g.marker_colours().size(); ++i) {
    const int c = g.marker_colours()[i];
    if (i) s += ", ";
    s += (c < 0 ? std::string("team") : std::string(kColourNames[static_cast<size_t>(c)])) + " " +
         std::to_string(g.marker_score(i));
  }
  return s;
}

// ---------------------------------------------------------------------------------
// The module's table (engine/rules/registry.h): its options' grammar, its events' words.

namespace {

std::string explain_marker(const ParseContext& cx, const Option&) {
  return "no " + std::string(cx.tok[1]) + " score marker is on the track (" + cx.legal + ")";
}

constexpr OptionRule kOptions[] = {
    {OptKind::Marker, "marker", "", {Arg::Colour}, 1, 0, decision_bit(DecisionKind::Marker), true,
     "a marker choice", "'marker' takes a colour", "", "", nullptr, nullptr, explain_marker, "score markers"},
};

}  // namespace

extern const ModuleTable kScoreMarkersTable{"score markers", kOptions, {}};

}  // namespace tw
