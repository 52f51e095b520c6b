// Rule module co-op ghost bank: its state (engine/rules/coop_ghosts.cpp).
#pragma once

#include <cstdint>
#include <vector>

namespace tw {

struct CoopGhostsState {
  std::vector<uint16_t> per_tile;  // ghosts per placed tile: the sum of its nodes' (check_coop)
  int due = 0;                     // ghosts due to emerge on the tile just placed (fog) ...
  uint32_t due_node = 0;           // ... on this fog segment
  int emerged = 0;                 // ghosts that emerged on fog in this turn's emerge step
};

}  // namespace tw
