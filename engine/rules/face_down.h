// Rule module face-down tiles: its state (engine/rules/face_down.cpp).
#pragma once

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

}  // namespace tw
