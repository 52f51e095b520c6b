// Playing game records (TGN) through the engine, and printing game states.
//
// `replay_record` is the one code path behind `tilewright run`, `tilewright options`,
// and the record tests: it builds the Game from the record's tags, applies the main line
// decision by decision and stops at the first illegal one, saying which ply, which
// decision, why, and how many options were legal. The printers turn a Game into the
// NOTATION.md JSON object or a text view with a drawn board; they never change it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/game.h"
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

nlohmann::ordered_json state_json(const Game& g);
std::string state_text(const Game& g);
// The board as text: 3x3 characters per tile, followers as player numbers.
std::string board_text(const Game& g);
// One line per event of the last step ("Ann scores 4 for a city at 1,0").
std::vector<std::string> event_lines(const Game& g);
// "Ann 52, Ben 47" in seat order.
std::string result_text(const Game& g);

}  // namespace tw
