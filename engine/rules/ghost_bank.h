// The ghost bank shared by the modules gcc ghosts (engine/rules/gcc_ghosts.cpp) and the
// co-op ghost bank (engine/rules/coop_ghosts.cpp): ghosts come from it and go back to it.
#pragma once

namespace tw {

struct GhostBankState {
  int ghosts = 0;  // in the bank
};

}  // namespace tw
