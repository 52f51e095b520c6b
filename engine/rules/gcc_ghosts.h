// Rule module gcc ghosts: its state (engine/rules/gcc_ghosts.cpp).
#pragma once

#include "engine/rules/module.h"

#include <cstdint>

namespace tw {

class Game;

struct GccGhostsState {
  uint8_t queue = 0;  // bit 0: an opponent's ghost is due, bit 1: one's own
  friend bool operator==(const GccGhostsState&, const GccGhostsState&) = default;
};

// The module's entries (engine/rules/gcc_ghosts.cpp).
void ghosts_after_place(Core& core);
bool step_ghosts(Core& core);
void apply_ghost(Core& core, const Option& o);
std::array<int, kMaxPlayers> feature_ghosts(const Core& core, uint32_t root);
std::array<int, kMaxPlayers> ghost_costs(const Core& core, uint32_t root);
void final_ghost_penalty(Core& core);
std::string check_gcc_ghosts(const Core& core);
// A follower leaving the board takes its ghosts back to the bank (TurnPlan::on_return).
void ghosts_on_return(Core& core, Follower& f);
// The ghosts standing with follower f (its count in slot kGhostCount, engine/rules/state.h).
int ghosts_with(const Follower& f);

// The game plays gcc ghosts (rule fog_ghosts).
bool uses_ghosts(const Game& g);

// Its part of Game::state_hash (hash_modules_turn, engine/rules/state.h): the ghosts due.
void hash_gcc_ghosts_turn(const GccGhostsState& st, Fnv64& h);

}  // namespace tw
