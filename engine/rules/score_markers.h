// Rule module score markers: its state (engine/rules/score_markers.cpp).
#pragma once

#include "engine/rules/module.h"

#include <array>
#include <cstdint>
#include <vector>

#include "engine/content.h"
#include "engine/fixed_vec.h"

namespace tw {

class Game;

struct ScoreMarkersState {
  FixedVec<int, kMaxPlayers> colour;           // per marker: its colour (shared scoring: {-1})
  FixedVec<int64_t, kMaxPlayers> score;        // per marker
  std::array<int8_t, kMaxPlayers> of_colour{-1, -1, -1, -1, -1, -1};  // colour -> marker index, -1 none
  std::vector<int64_t> queue;                  // points waiting for a marker choice
  int to_choose = 0;                           // setup: markers whose colour the players still choose
  friend bool operator==(const ScoreMarkersState&, const ScoreMarkersState&) = default;
};

// The module's entries (engine/rules/score_markers.cpp).
int64_t progress(const Core& core);
void coop_add_points(Core& core, int colour, int64_t points);
void apply_marker(Core& core, const Option& o);
bool points_waiting(const Core& core);
bool step_marker_choice(Core& core);
// Setup (rule marker_colours_chosen, the uk book's level 6): while markers wait for their
// colour, the players choose one (`marker COLOUR`, seat by seat) before the first tile is
// drawn; true when a choice was asked. The plan's draw goes through it.
bool ask_marker_colours(Core& core);

// Score markers: one (colour -1, the team's) when scoring is shared, else one per colour
// (at most one marker per colour): their colours, and marker i's score.
const FixedVec<int, kMaxPlayers>& marker_colours(const Game& g);
int64_t marker_score(const Game& g, size_t i);
// What thresholds are measured by: the team's score, or the lowest marker's.
int64_t progress(const Game& g);

}  // namespace tw
