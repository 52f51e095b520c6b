// Rule module gcc ghosts: its state (engine/rules/gcc_ghosts.cpp).
#pragma once

#include <cstdint>

namespace tw {

struct GccGhostsState {
  uint8_t queue = 0;  // bit 0: an opponent's ghost is due, bit 1: one's own
};

}  // namespace tw
