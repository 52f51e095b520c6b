// `tilewright match --engine CMD --engine CMD --ruleset R --games N [--seed S]
// [--go "iterations 500"]`: two programs that speak the engine protocol
// (docs/engine-protocol.md) play each other. Each seed is played twice, seats swapped, on
// the same tiles; the referee is our engine's Game (it holds the real pile and tells each
// engine only the tiles drawn so far). Reports the first engine's score share (a win 1, a
// tie 1/2) with its 95% Wilson interval, and the mean scores.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "engine/content.h"

namespace tw {

struct MatchOptions {
  std::vector<std::string> engines;  // two shell commands
  std::string rule_set = "base";
  int games = 10;                    // seeds; each played in both seat orders
  uint64_t seed = 1;
  std::string go = "";               // the go command's budget ("iterations 500", "ms 100"); "" = the engine's own
  bool quiet = false;                // no line per game
  double handshake_timeout = 10;     // seconds for each engine to answer hello (0: wait)
  double move_timeout = 60;          // seconds for each answer in a game: newgame, position, go (0: wait)
};
int cmd_match(const Content& c, const MatchOptions& o, std::ostream& out, std::ostream& err);

}  // namespace tw
