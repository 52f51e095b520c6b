// A record's decisions read against the rules. engine/tgn.h reads a record's text without
// knowing the rules; here the text of one of its moves becomes the Option it names in a
// game's pending decision, so the layers above (present/'s replay_record behind
// `tilewright run`) take Options and never read move text themselves. The grammar is
// Game::parse_option's (engine/options.cpp); what this adds is the record's view of a
// refusal: the ply, the move's line in the source and how many options were legal.
#pragma once

#include <optional>
#include <string>

#include "engine/game.h"
#include "engine/tgn.h"

namespace tw::tgn {

// The option that `node` (ply `ply` of a line, counted from 1) names in `g`'s pending
// decision. nullopt when it names none, with `error` saying so:
//   "ply N: 'MOVE' comes after the end of the game"                 (g is finished)
//   "ply N (line L): illegal decision 'MOVE': WHY (K legal options)"
// where "(line L)" is left out for a node built in memory (line 0), WHY is
// Game::parse_option's reason, and the count is left out when WHY already names the
// legal options.
std::optional<Option> read_decision(const Game& g, const Node& node, int ply, std::string& error);

}  // namespace tw::tgn
