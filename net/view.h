// What a client is shown of a game: only what a player at the table sees.
//
// `public_view` is the state JSON of present/record.h (NOTATION.md's object) with every
// face-down tile's type taken out, plus the board and the pending decision as text (the
// terminal client prints them) and the last step's event lines. It reads the game through
// public accessors only; the pile's order, the tile waiting to go face down and the
// face-down tiles' types never reach it. tests/net/test_hidden.cpp checks that the view of
// a game equals the view of its determinized copies (the hidden tiles dealt again).
#pragma once

#include <nlohmann/json.hpp>

#include "engine/game.h"

namespace tw::net {

nlohmann::ordered_json public_view(const Game& g);

}  // namespace tw::net
