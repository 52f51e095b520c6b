// Rule module score markers: its state (engine/rules/score_markers.cpp).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "engine/content.h"
#include "engine/fixed_vec.h"

namespace tw {

struct ScoreMarkersState {
  FixedVec<int, kMaxPlayers> colour;           // per marker: its colour (shared scoring: {-1})
  FixedVec<int64_t, kMaxPlayers> score;        // per marker
  std::array<int8_t, kMaxPlayers> of_colour{};  // colour -> marker index, -1 none
  std::vector<int64_t> queue;                  // points waiting for a marker choice
};

}  // namespace tw
