// The text of a game's result, the one formatting behind the TGN Result tag, the stored
// replay's result (and so `replay list`), and every front end's "Game over" line
// (docs/notation.md, Result).
#pragma once

#include <string>

#include "engine/game.h"

namespace tw {

// Co-op scores: "team 52", or each colour's at level 6, "red 31, blue 28" (written by
// the co-op scoring module in engine/rules/).
std::string coop_scores_text(const Game& g);
// Competitive games: "Ann 52, Ben 47" in seat order, each seat by its seat_label. Co-op
// games: the outcome once decided, then the scores: "win, team 52", "lose, red 31, blue
// 28" (while the game goes on, the scores alone).
std::string result_text(const Game& g);

}  // namespace tw
