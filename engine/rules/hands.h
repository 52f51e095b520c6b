// Rule module hands: its state (engine/rules/hands.cpp).
#pragma once

#include <cstdint>
#include <vector>

namespace tw {

struct HandsState {
  std::vector<std::vector<uint16_t>> held;  // per player; empty unless rules hand_size > 0
};

}  // namespace tw
