// `tilewright solve --level L [--players P] [--seed S] [--out win.tgn] [--nodes N |
// --seconds T] [--width W] [--no-rollouts] [--json]`: searches one deal of a co-op level, with the whole
// pile known (the seed fixes every draw), for a line that wins (engine/bots/solver.h).
// The answer is a winning record, checked by replaying it as `tilewright run` does, or
// "no win found within the budget" with the effort spent; "exhaustive: no win exists"
// only when the search tried every line.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>

#include "engine/content.h"

#include "engine/bots/solver.h"

namespace tw {

struct SolveOptions {
  std::string level;
  std::string rule_set;
  int players = 2;
  uint64_t seed = 1;
  std::string out_file;      // "" = no record written; "-" = standard output
  int64_t nodes = 200000;    // node budget (deterministic)
  double seconds = 0;        // seconds budget (0 = none; not deterministic)
  int width = 8;             // the first pass's beam width
  bool no_rollouts = false;  // the beam alone (SolverConfig::rollouts = 0)
  bool no_prune = false;     // keep the children a bound proves impossible (SolverConfig::prune = false)
  double rollout_bias = kDefaultRolloutBias;  // the parents' rollouts steer the beam (0: off)
  bool no_colour_search = false;  // level 6 searched as the shared levels are (SolverConfig::colour_search = false)
  std::string method = "beam";  // beam (solver.h), nrpa or gnrpa (nrpa.h: for measurement)
  bool json = false;
};
int cmd_solve(const Content& c, const SolveOptions& o, std::ostream& out, std::ostream& err);

}  // namespace tw

#include <optional>
#include <vector>

#include "engine/game.h"

namespace tw {

// The TGN text of the game `setup` played by `line` (every decision from the start), with
// its Result and RulesDigest tags, as `play` writes a record. nullopt with *error set when
// the setup fails or an option of the line is not legal where it comes.
std::optional<std::string> line_record(const Content& c, const GameSetup& setup, const std::vector<Option>& line,
                                       std::string* error);
// The setup of a solved deal: rule set and level, `players` seats named "solver 1", "solver 2", ...
GameSetup solve_setup(const std::string& rule_set, const std::string& level, int players, uint64_t seed);

}  // namespace tw
