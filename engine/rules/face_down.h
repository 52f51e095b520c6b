// Rule module face-down tiles: its state (engine/rules/face_down.cpp).
#pragma once

#include "engine/rules/module.h"

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace tw {

// A cell a face-down tile may go to.
struct FaceDownCell {
  int16_t x = 0, y = 0;
  friend bool operator==(const FaceDownCell&, const FaceDownCell&) = default;
};

struct FaceDownState {
  int tile = -1;                                // the unseen tile waiting to go face down
  size_t from = 0;                              // ... and its position in the pile
  std::vector<std::pair<int, size_t>> placed;   // placed face-down tiles: index, pile position
  int last = -1;                                // the last one placed
  // Kept for step_face_down (face_down_kept_cells): the placed tiles that held an open
  // cemetery when looked at, in placed order (a closed cemetery never opens again, and a
  // tile that held none never will), how many placed tiles were looked at, and the cells
  // face_down_cells gave with `cells_for` tiles placed. The cells change only when a tile
  // is placed (the board, and the cemeteries it closes), so they hold until the next one.
  std::vector<int> cemeteries;
  size_t scanned = 0;
  std::vector<FaceDownCell> cells;
  size_t cells_for = SIZE_MAX;
  friend bool operator==(const FaceDownState&, const FaceDownState&) = default;
};

// The module's entries (engine/rules/face_down.cpp).
OptionList face_down_cells(const Core& core);
// The same cells, in the same order, kept in the module's state (FaceDownState::cells):
// worked out again only when a tile was placed since, from the kept list of open
// cemeteries. What step_face_down asks, without looking at every placed tile each turn.
const std::vector<FaceDownCell>& face_down_kept_cells(Core& core);
// Brings the kept cells of a co-op game with haunted cemeteries up to date now: a bot
// that plays the rest of a turn on many copies of `g` calls it once before copying, so
// that no copy works them out again. Changes nothing else (no decision, no hash).
void keep_face_down_cells(Game& g);
// The placed tiles among the 8 cells around x,y, a cell next to the board (within the
// board's grid: Game::ensure_room keeps 2 cells around every tile).
int tiles_around(const Game& g, int x, int y);
void put_face_down(Core& core, int type, int x, int y);
bool step_face_down(Core& core);
void apply_face_down(Core& core, const Option& o);

// Placed tile t lies face down (a face-down tile is wild: PlacedTile::wild).
bool face_down(const PlacedTile& t);

}  // namespace tw
