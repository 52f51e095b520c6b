// Reading the pending decision's options for the board, from the engine's structured
// view of each (tw::Game::describe), never by re-reading their text: an option that names
// a cell ("x,y") belongs to that cell; one that also names a location ("kind:port") to
// that segment of the tile there (a follower option without a cell names a segment of
// the tile just placed); `place T x,y rN` is a placement. Everything else (pass, points,
// done, marker COLOUR, ...) is chosen from a list.
//
// Invariants: classify keeps the options' order; every OptionInfo's option is one of the
// pending decision's options (so applying it is always legal) and its text that
// option's canonical string; nothing here reads option text back.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "board/board_model.h"
#include "engine/game.h"

namespace twe {

struct OptionInfo {
  tw::Option option;    // the engine's option: what a click applies
  std::string text;     // canonical option string (shown in lists and tooltips)
  std::string verb;     // first word: place, meeple, guard, ghost, pass, unghost, ...
  bool place = false;
  std::string tile;     // place: the tile id
  int rot = 0;          // place: quarter turns
  bool has_cell = false;
  int x = 0, y = 0;     // the cell it names
  int seg = -1;         // the segment it names on the tile at x,y (-1: the whole cell)
  int colour = -1;      // the colour it names (a meeple of several colours, bury supply, marker), or -1
};

std::vector<OptionInfo> classify(const tw::Game& g);

// Placement options of the drawn tile at x,y: the rotations (quarter turns) that fit.
std::vector<int> legal_rotations(const std::vector<OptionInfo>& opts, int x, int y);
// The rotation a click at x,y places: `rot` when it fits there, else the next fitting
// one clockwise; nullopt when the tile fits nowhere at x,y.
std::optional<int> effective_rotation(const std::vector<OptionInfo>& opts, int x, int y, int rot);
// The index of the placement at x,y in rotation rot, or -1.
int find_place(const std::vector<OptionInfo>& opts, int x, int y, int rot);
// The option a click on cell x,y chooses: a placement of the drawn tile (in rotation
// rot, or the next rotation that fits there), or the one option naming that cell
// without a segment (unghost x,y, facedown x,y, ...). -1 when the click chooses nothing.
int option_for_cell(const std::vector<OptionInfo>& opts, int x, int y, int rot);
// Board spots of the options that name a cell but do not place a tile.
std::vector<SceneSpot> option_spots(const std::vector<OptionInfo>& opts);
// Options chosen from a list: those that name no cell.
std::vector<int> list_options(const std::vector<OptionInfo>& opts);
// The index of the option with this text, or -1.
int find_option(const std::vector<OptionInfo>& opts, const std::string& text);
// The index of the first option of this kind (OptKind::Pass, ...), or -1.
int find_kind(const std::vector<OptionInfo>& opts, tw::OptKind kind);

}  // namespace twe
