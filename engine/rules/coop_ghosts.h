// Rule module co-op ghost bank: its state (engine/rules/coop_ghosts.cpp).
#pragma once

#include "engine/rules/module.h"

#include <cstdint>
#include <span>
#include <vector>

namespace tw {

class Game;

struct CoopGhostsState {
  std::vector<uint16_t> per_tile;  // ghosts per placed tile: the sum of its nodes' (check_coop)
  int due = 0;                     // ghosts due to emerge on the tile just placed (fog) ...
  uint32_t due_node = 0;           // ... on this fog segment
  int emerged = 0;                 // ghosts that emerged on fog in this turn's emerge step
  friend bool operator==(const CoopGhostsState&, const CoopGhostsState&) = default;
};

// The module's entries (engine/rules/coop_ghosts.cpp).
int emerged_on_fog(const Core& core);
int tile_ghosts(const Core& core, int p);
int ghosts_on_board(const Core& core);
void add_ghosts(Core& core, uint32_t node, int n);
int remove_tile_ghosts(Core& core, int p, int n);
int return_area_ghosts(Core& core, uint32_t root);
void ghosts_due(Core& core, uint32_t node, int n);
void coop_ghosts_on_put(Core& core);
void push_unghost(const Core& core, OptionList& out, int q);
int unghost_count(const Core& core, const Option& o);
void start_ghosts(Core& core);
bool step_emerge(Core& core);

// The ghosts on placed tile p (on its fog and cemetery segments: Node::count), and on the
// whole board.
int tile_ghosts(const Game& g, int p);
int ghosts_on_board(const Game& g);
// tile_ghosts of every placed tile, in placed order (empty outside co-op levels): for a
// loop over the board, one load a tile (the co-op bot's position value).
std::span<const uint16_t> tile_ghost_counts(const Game& g);

}  // namespace tw
