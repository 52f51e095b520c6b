// Rule module gcc ghosts: its state (engine/rules/gcc_ghosts.cpp).
#pragma once

#include "engine/rules/module.h"

#include <cstdint>

namespace tw {

struct GccGhostsState {
  uint8_t queue = 0;  // bit 0: an opponent's ghost is due, bit 1: one's own
};

// The module's entries (engine/rules/gcc_ghosts.cpp).
void ghosts_after_place(Core& core);
bool step_ghosts(Core& core);
void apply_ghost(Core& core, const Option& o);
std::array<int, kMaxPlayers> feature_ghosts(const Core& core, uint32_t root);
std::array<int, kMaxPlayers> ghost_costs(const Core& core, uint32_t root);
void final_ghost_penalty(Core& core);
std::string check_gcc_ghosts(const Core& core);

}  // namespace tw
