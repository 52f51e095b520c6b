// Rule module hands: its state (engine/rules/hands.cpp).
#pragma once

#include "engine/rules/module.h"

#include <cstdint>
#include <vector>

namespace tw {

struct HandsState {
  std::vector<std::vector<uint16_t>> held;  // per player; empty unless rules hand_size > 0
};

// The module's entries (engine/rules/hands.cpp).
void refill_hand(Core& core, int player);
void draw_from_hand(Core& core);
void deal_hands(Core& core);
void hands_after_place(Core& core);

}  // namespace tw
