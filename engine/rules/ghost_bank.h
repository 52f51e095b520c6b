// The ghost bank shared by the modules gcc ghosts (engine/rules/gcc_ghosts.cpp) and the
// co-op ghost bank (engine/rules/coop_ghosts.cpp): ghosts come from it and go back to it.
#pragma once

namespace tw {

class Game;
struct Fnv64;
struct Rules;

struct GhostBankState {
  int ghosts = 0;  // in the bank
  friend bool operator==(const GhostBankState&, const GhostBankState&) = default;
};

// The ghosts in the bank (defined in gcc_ghosts.cpp).
int ghost_bank(const Game& g);

// Its part of Game::state_hash (hash_modules_shared, engine/rules/state.h).
void hash_ghost_bank(const GhostBankState& st, Fnv64& h);

// Its state at the start of a competitive game: rule ghost_bank (start_modules,
// engine/rules/state.h; defined in gcc_ghosts.cpp).
void start_ghost_bank(GhostBankState& st, const Rules& rules);

}  // namespace tw
