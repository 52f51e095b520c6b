// Playing game records (TGN) through the engine, and printing game states.
//
// `replay_record` is the one code path behind `tilewright run`, `tilewright options`,
// and the record tests: it builds the Game from the record's tags, applies the main line
// decision by decision and stops at the first illegal one, saying which ply, which
// decision, why, and how many options were legal. The move text is read by the record
// layer (tgn::read_decision, engine/tgn_play.h); this file plays the Options it gives. The printers turn a Game into the
// NOTATION.md JSON object or a text view with a drawn board; they never change it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/game.h"
#include "engine/result.h"  // result_text: the Result tag's text
#include "engine/tgn.h"

namespace tw {

// Reads Ruleset, Players, Seed and Draw from a record's tags. Error text on failure.
std::optional<std::string> setup_from_record(const tgn::Record& r, GameSetup& out);

struct Replayed {
  Game game;
  int plies = 0;                     // decisions applied
  bool setup_failed = false;
  std::optional<std::string> error;  // setup problem or the first illegal decision
  std::vector<std::string> legal;    // the legal options at the illegal decision
};

// Applies the record's main line, up to `max_ply` decisions when given.
Replayed replay_record(const Content& content, const tgn::Record& r,
                       std::optional<int> max_ply = std::nullopt);

// The pending options as canonical strings, sorted (placements by x, y, rotation).
std::vector<std::string> option_strings(const Game& g);

// same_by_symmetry and canonical_rotation: engine/content.h (the engine lists each placement
// once, at its canonical rotation).
// The option with a placement's rotation made canonical; any other option unchanged.
Option canonical_option(const Game& g, const Option& o);
// option_strings less the placements whose canonical rotation is another listed one:
// each placement once, at its canonical rotation (any equivalent rotation typed is
// still legal and is the same placement).
std::vector<std::string> distinct_option_strings(const Game& g);

nlohmann::ordered_json state_json(const Game& g);
// What part of the board to draw. Zero sizes: the whole board.
struct BoardView {
  int columns = 0;  // characters across, the 6 of the row labels included
  int rows = 0;     // lines, the line of column labels included
  int pan_x = 0, pan_y = 0;  // cells the view is moved from the last tile placed (east, north)
};
// The board as text: 3x3 characters per tile, a meeple as its player's number, a guard
// as its player's letter (a, b, ...), a ghost as '*' in the gap right of its tile (one a
// ghost, up to three), a face-down tile as '?'. A view smaller than the board shows the
// cells around the last tile placed (moved by the pan) and says which cells it shows
// (one line of at most 40 characters for boards of up to 3-digit coordinates).
std::string board_text(const Game& g, const BoardView& view = {});
// The tile of a pending placement (each tile of a Discovery hand) drawn in every
// rotation that has a legal placement, side by side and labelled; "" otherwise.
std::string drawn_tile_text(const Game& g);
// What the board's characters mean, for the rule set played.
std::string legend_text(const Game& g);
// Scores, supplies, the board (as `view` asks) and the pending decision.
std::string state_text(const Game& g, const BoardView& view = {});
// One line per event of the last step ("Ann scores 4 for a city at 1,0").
std::vector<std::string> event_lines(const Game& g);

}  // namespace tw
