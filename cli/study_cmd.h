// Balance studies on the command line: `compare` (variants on the same seeds, paired
// differences, SPRT) and `merge` (shards of a study back into the whole run); `simulate`
// is declared in commands.h. All three go through tw::study (study/study.h).
#pragma once

#include <iosfwd>
#include <optional>
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
// "bot:greedy, random" -> {"greedy", "random"}: the bots of --bots, commas between,
// blanks and a "bot:" prefix dropped (simulate, compare, sweep, tune).
std::vector<std::string> split_bots(const std::string& text);

int cmd_compare(const Content& c, const CompareOptions& o, std::ostream& out, std::ostream& err);

// `sweep SOURCE --param KEY --values A,B | --range LO..HI[/STEP]`: one parameter of a rule
// set or level over values, each a derived variant in memory, paired on the same seeds.
struct SweepOptions {
  std::string source;                  // "mists-4", "gcc@greedy,greedy"
  std::string param;
  std::string values, range;
  std::string measure;                 // "" = win (co-op) / seat-advantage (competitive)
  std::vector<std::string> bots;
  int players = 0;
  int games = 200;                     // seeds per value
  int threads = 0;
  uint64_t seed = 1;
  bool rotate = false;
  bool progress = false;
  int shard_index = 0, shard_count = 1;
  std::string json_file, csv_file, plot_file;
  bool solve = false;
  int64_t solve_nodes = 100000;
  std::optional<double> target;        // drawn on the chart, and where it falls in the table
};
int cmd_sweep(const Content& c, const SweepOptions& o, std::ostream& out, std::ostream& err);

// `tune SOURCE --param KEY --target MEASURE=X`: the value nearest the target by bisection.
struct TuneOptions {
  std::string source;
  std::string param;
  std::string target;                  // "win=0.30", "seat-advantage=0"
  std::string range;                   // "" = the parameter's whole range
  std::vector<std::string> bots;
  int players = 0;
  int games = 200;                     // seeds a value gets when first played
  int64_t budget = 6000;               // games in all
  double tolerance = 0.03;
  int threads = 0;
  uint64_t seed = 1;
  bool rotate = false;
  bool progress = false;
  bool solve = false;
  int64_t solve_nodes = 100000;
  std::string json_file, csv_file, plot_file;
  std::string save;                    // --save ID: clone the source with the value found
  std::optional<std::string> db;       // for --save
};
int cmd_tune(const Content& c, const TuneOptions& o, std::ostream& out, std::ostream& err);

struct MergeOptions {
  std::vector<std::string> parts;
  std::string json_file, csv_file, plot_file;
};
// Needs no database: the parts carry the study's identity.
int cmd_merge(const MergeOptions& o, std::ostream& out, std::ostream& err);

}  // namespace tw
