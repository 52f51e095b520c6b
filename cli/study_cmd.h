// Balance studies on the command line: `compare` (variants on the same seeds, paired
// differences, SPRT) and `merge` (shards of a study back into the whole run); `simulate`
// is declared in commands.h. All three go through tw::study (study/study.h).
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "engine/content.h"

namespace tw {

struct CompareOptions {
  std::vector<std::string> variants;   // "base", "mists-3", "gcc@mcts:200,greedy"
  std::vector<std::string> bots;       // default bots of every variant ("" = greedy x2 / coop x players)
  int players = 0;
  int games = 200;                     // seeds per variant (with --sprt: at most)
  int threads = 0;
  uint64_t seed = 1;
  bool rotate = false;
  bool progress = false;
  bool sprt = false;
  double d0 = 0, d1 = 0.05, alpha = 0.05, beta = 0.05;
  int shard_index = 0, shard_count = 1;  // --shard I/N (not with --sprt)
  std::string json_file, csv_file, plot_file;
  bool solve = false;           // co-op: the solver's winnable share beside the bots' win rate
  int64_t solve_nodes = 100000;  // ... its node budget per deal
};
int cmd_compare(const Content& c, const CompareOptions& o, std::ostream& out, std::ostream& err);

struct MergeOptions {
  std::vector<std::string> parts;
  std::string json_file, csv_file, plot_file;
};
// Needs no database: the parts carry the study's identity.
int cmd_merge(const MergeOptions& o, std::ostream& out, std::ostream& err);

}  // namespace tw
