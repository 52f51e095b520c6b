// Rule module face-down tiles: its state (engine/rules/face_down.cpp).
#pragma once

#include "engine/rules/module.h"

#include <cstddef>
#include <utility>
#include <vector>

namespace tw {

struct FaceDownState {
  int tile = -1;                                // the unseen tile waiting to go face down
  size_t from = 0;                              // ... and its position in the pile
  std::vector<std::pair<int, size_t>> placed;   // placed face-down tiles: index, pile position
  int last = -1;                                // the last one placed
};

// The module's entries (engine/rules/face_down.cpp).
OptionList face_down_cells(const Core& core);
void put_face_down(Core& core, int type, int x, int y);
bool step_face_down(Core& core);
void apply_face_down(Core& core, const Option& o);

// Placed tile t lies face down (a face-down tile is wild: PlacedTile::wild).
bool face_down(const PlacedTile& t);

}  // namespace tw
