// `tilewright analyse FILE.tgn|--replay ID [--bot mcts:N] [--json] [--annotate]`: every
// ply of a recorded game's main line evaluated by the search (analysis/analysis.h), the
// moves that lost against the best marked ?! / ? / ??, and with --annotate the marks, a
// comment and the best line written into the replay (--replay, one transaction) or into
// an annotated copy of the record (FILE.tgn with --out FILE).
#pragma once

#include <array>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>

namespace tw {

struct AnalyseOptions {
  std::optional<std::string> db;
  std::string file;                // the record (or empty with --replay)
  std::optional<int64_t> replay;   // a stored replay
  std::string bot = "mcts";        // mcts or mcts:N (N iterations a ply)
  uint64_t seed = 1;
  int threads = 0;                 // 0: every core
  bool json = false;               // one object a ply
  bool annotate = false;
  std::string out_file;            // FILE.tgn --annotate: where the annotated record goes
  bool variations = false;         // also every node of every variation (reported, not annotated)
  bool win = false;                // competitive: win chance (percent) instead of score margin
  std::optional<double> inaccuracy, mistake, blunder;
  int min_visits = 0;
  int from = 0, to = 0;            // plies (0: first / last)
  bool progress = false;           // progress on err (a terminal)
};
int cmd_analyse(const AnalyseOptions& o, std::ostream& out, std::ostream& err);

// A player's line of the summary: `name` (already printable: it is painted as it is),
// its colour, plies and ?! / ? / ?? counts, the mean loss.
std::string player_summary(const std::string& name, int player, const std::array<int, 4>& counts, double mean_loss,
                           const std::string& unit, bool colour);

}  // namespace tw
