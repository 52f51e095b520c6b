// Difficulty estimate: many seeded bot games of one rule set (or co-op level), played
// off the UI thread by the study library (study/study.h), the same code as
// `tilewright simulate`: the same seeds, bot streams and figures, so the editor's
// numbers and the command line's agree by construction. Pure: no wx; progress and
// cancellation through callbacks.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/content.h"
#include "study/study.h"

namespace twe {

struct EstimateOptions {
  std::string rule_set;
  std::string level;                    // "" = a competitive game of rule_set
  std::vector<std::string> bots = {"greedy", "greedy"};
  int games = 200;
  uint64_t seed = 1;
  int threads = 0;                      // 0 = all cores (the figures do not depend on it)
  // Co-op: also search every same deal for a winning line with the whole pile known
  // (the solver, as `tilewright simulate --solve --solve-nodes N`), with this node budget.
  bool solve = false;
  int64_t solve_nodes = 50000;
};

struct EstimateResult {
  std::string error;                    // set when the games could not start
  int games = 0;                        // games played (fewer when cancelled)
  bool coop = false;
  // Competitive: per seat mean score and wins (alone in first place, as simulate counts
  // them; shared first places are ties).
  std::vector<double> mean_score;
  std::vector<int> wins;
  int ties = 0;
  // Co-op: wins, and why the other games were lost.
  int coop_wins = 0;
  std::map<std::string, int> loss_reasons;
  double mean_progress = 0;             // co-op: the team's (or lowest marker's) score
  double mean_plies = 0;
  // Co-op with the solver (EstimateOptions::solve): the bracket. The bots' win rate above
  // is its lower side; the winnable share (deals the solver or the bots won, with its 95%
  // interval) is next, and the share not proved impossible its upper side, over the same
  // deals (the unresolved deals between).
  int solved_deals = 0;                 // deals searched (0: the solver did not run)
  int winnable = 0;                     // deals won by the solver or the bots
  int solver_wins = 0;
  int unwinnable = 0;                   // proved impossible: by a bound (engine/bots/proof.h) or every line tried
  int64_t solve_nodes = 0;              // the budget a deal
  double mean_solver_nodes = 0;
  // The rows of report.rows the solver won (indices into it), in deal order: each has a
  // witness (tw::study::witness) that "Open a winning line" opens.
  std::vector<size_t> solver_won_rows;
  // Who measured: each distinct bot with its budget in this game, e.g. "bot:mcts (100
  // iterations a decision) x2" (summary()'s first line).
  std::string measured_by;
  tw::study::Report report;             // the games themselves (the charts are drawn from it)
  std::string summary() const;          // a few lines for people
};

// The record of the solver's winning line in the k-th deal of r.solver_won_rows
// (tw::study::witness): replays legally and ends in a win. nullopt with *error set.
std::optional<tw::replay::Replay> winning_line(const tw::Content& c, const EstimateResult& r, size_t k,
                                               std::string* error);
// How a winning line is named in a list: "seed 7: 143 decisions" (the deal's seed).
std::string winning_line_label(const EstimateResult& r, size_t k);

// The 95% Wilson score interval of a proportion wins / games (as `tilewright simulate`).
std::pair<double, double> win_interval(int wins, int games);

// Plays the games on the calling thread. progress(done, total) is called after each game;
// cancel is polled between games.
EstimateResult estimate(const tw::Content& c, const EstimateOptions& o,
                        const std::function<void(int, int)>& progress = {},
                        const std::atomic<bool>* cancel = nullptr);

// A variant beside its parent (the editor's "Compare with parent", as `tilewright
// compare PARENT VARIANT` plays them): what differs in their rules, side by side, and the
// same seeded games of each with the same bots.
struct ComparisonResult {
  std::string parent, variant;             // rule set ids
  std::vector<std::pair<std::string, std::pair<std::string, std::string>>> differences;  // field -> (parent, variant)
  EstimateResult a, b;                     // the parent's games, the variant's
  std::string side_by_side() const;        // one table: the rules that differ, then the figures
};

// The differences only (no game played): what the view shows at once.
ComparisonResult rules_side_by_side(const tw::Content& c, const std::string& parent, const std::string& variant);

// Plays o.games seeded games of each (o.rule_set is ignored; no level); progress counts
// both runs' games.
ComparisonResult compare_with_parent(const tw::Content& c, const std::string& variant, const EstimateOptions& o,
                                     const std::function<void(int, int)>& progress = {},
                                     const std::atomic<bool>* cancel = nullptr);

}  // namespace twe
