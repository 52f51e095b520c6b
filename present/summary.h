// The state summary: a game's scores, supplies, ghost bank, stack and tiles left, put into
// words in one place for every front end: `tilewright` prints it above the board
// (state_text), the editor's Play view beside the board, and the board's score box in its
// corner. Which facts a game has (guards, a ghost bank, co-op markers, colours, stacks)
// is decided here once; the forms differ only in how much they say and how.
//
// Invariants: the lines are read from the game only (it is not changed); every line
// names its kind and, for a seat or a marker, the colour it is about, so a front end
// colours it without reading the text.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/game.h"

namespace tw {

enum class SummaryForm : uint8_t {
  Text,      // the terminal's lines above the board (indented, the ruleset line first)
  Panel,     // the editor's Play view: a line per seat and per fact
  ScoreBox,  // the board's corner: a seat's or marker's score, the ghosts
};

struct SummaryLine {
  enum class Kind : uint8_t {
    Heading,  // the rule set / level line
    Seat,     // one seat: its score or supplies (colour: the seat's colour)
    Marker,   // a co-op score marker (colour: its colour, -1 the team's)
    Ghosts,   // the ghost bank (and the ghosts on the board, dogs reached)
    Pile,     // the stack, the tiles left, the ply
  };
  Kind kind = Kind::Heading;
  int colour = -1;
  std::string text;
  friend bool operator==(const SummaryLine&, const SummaryLine&) = default;
};

std::vector<SummaryLine> state_summary(const Game& g, SummaryForm form);

// The lines' texts joined by `sep` (each line followed by it when `trailing`).
std::string summary_text(const std::vector<SummaryLine>& lines, std::string_view sep, bool trailing);

}  // namespace tw
