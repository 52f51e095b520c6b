// Balance studies: many seeded bot games of one or more variants (a rule set or a co-op
// level, with one bot per seat), played on every core, summarised with 95% intervals,
// exported as JSON (summary + identity + one row per game) and CSV, split into disjoint
// shards and merged back exactly. Used by `tilewright simulate`, `tilewright compare`,
// `tilewright merge` and the editor's difficulty estimate. No wx, no UI.
//
// Determinism. A study of V variants, S seeds and R rotations (R = seats with --rotate,
// else 1) has V*S*R games, indexed globally:
//     index = (seed_index * R + rotation) * V + variant
// Game `index` deals with seed `seed + seed_index` and its bots draw from
// Rng(that seed ^ 0x5bd1e995) (as `simulate` always did), whatever thread plays it. In
// rotation r, seat p is played by entrant (p + r) % seats (entrant j = the j-th bot
// named). Shard I of N plays the indices with index % N == I. Summaries are computed
// from the rows sorted by index on one thread, so the thread count and the sharding do
// not change a single figure: merge(shards) == the whole run (timings aside).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/bots/solver.h"
#include "engine/content.h"
#include "engine/game.h"
#include "replay/tree.h"

namespace tw::study {

using Json = nlohmann::ordered_json;

// The bot random stream of a game: Rng(game seed ^ kBotStream).
inline constexpr uint64_t kBotStream = 0x5bd1e995ULL;
// The format of the JSON written by to_json (bumped when its meaning changes).
inline constexpr int kFormat = 1;

// One arm of a study.
struct Variant {
  std::string rule_set;            // resolved from the level when a level is given
  std::string level;               // "" = a competitive game
  std::vector<std::string> bots;   // one per seat ("greedy", "mcts:200", ...)
  std::string label;               // how it is named in tables ("" = level, else rule set)
  // Filled by prepare():
  uint64_t rules_digest = 0;       // replay::rules_digest of the rule set (and level)
  bool coop = false;
  int64_t target = 0;              // co-op: the level's target
};

// The solver's part of a study (simulate --solve): each co-op deal is also searched for a
// winning line with the whole pile known (engine/bots/solver.h), with this node budget.
struct SolveSpec {
  bool on = false;
  int64_t nodes = 100000;  // node budget per deal (deterministic)
  int first_width = 8;     // the first pass's beam width
  bool rollouts = true;    // the solver's rollouts (a study file without the field searched
                           // with the beam alone: read back so, and not merged with one that did)
  bool prune = true;       // the solver drops children a bound proves impossible (a file
                           // without the field searched without: read back so)
  double rollout_bias = kDefaultRolloutBias;  // the parents' rollouts steer the beam (a file
                           // without the field searched without, 0: read back so)
  bool colour_search = true;  // level 6's search at a per-colour level (SolverConfig::colour_search;
                              // a file without the field searched without: read back so)
  friend bool operator==(const SolveSpec&, const SolveSpec&) = default;
};

// A sweep (study/sweep.h): the variants are one source with one parameter at these
// values, in this order; part of the study's identity.
struct SweepSpec {
  std::string source;              // the rule set or level varied
  std::string param;               // its parameter or level column
  std::string measure;             // "win", "winnable", "score", "seat-advantage"
  std::vector<int64_t> values;     // one per variant
  friend bool operator==(const SweepSpec&, const SweepSpec&) = default;
};

struct Study {
  std::vector<Variant> variants;
  std::optional<SweepSpec> sweep;  // a sweep's variants (absent in a plain study)
  SolveSpec solve;                 // co-op variants only
  int seeds = 1000;                // seeds per variant (games per variant without rotation)
  uint64_t seed = 1;               // the first seed
  bool rotate = false;             // each seed once per seat rotation
  std::string engine_version;      // filled by prepare (TW_VERSION)

  int rotations() const;           // R (1 without rotate)
  uint64_t total_games() const;    // V * S * R
};

struct Shard {
  int index = 0;
  int count = 1;
};

// Checks the study against the content (rule sets, levels, bots, seat counts; a setup
// the engine refuses) and fills the variants' digests and labels. "" when it can run,
// else a message naming the problem.
std::string prepare(const Content& c, Study& s);

// Who plays a variant, for people: its seats' bots in seat order, runs of one bot counted,
// each with what it spends on a decision of this variant's game (Bot::budget), e.g.
// "bot:mcts (100 iterations a decision) x2, bot:greedy (one ply)"; "" when the game
// cannot be set up or a bot is unknown (prepare reports why).
std::string bots_text(const Content& c, const Variant& v, uint64_t seed);

// One game, as the CSV has it.
struct GameRow {
  uint64_t index = 0;
  int variant = 0;
  int seed_index = 0;
  int rotation = 0;
  uint64_t seed = 0;
  std::vector<std::string> bots;   // by seat
  std::vector<int64_t> scores;     // by seat
  std::string outcome;             // "end" (competitive), "win", "lose", "none"
  int winner = -1;                 // competitive: the seat alone in first place, -1 for a tie
  std::string loss;                // co-op loss reason ("" unless lost)
  int plies = 0;
  int64_t progress = 0;            // co-op: the team's score (or lowest marker)
  int dogs = 0;                    // co-op: dogs reached
  bool won() const { return outcome == "win"; }
  // The solver (Study::solve on, co-op): -1 not searched, 0 no win found, 1 a win found.
  int solver = -1;
  bool solver_exhaustive = false;  // no win, and every line was tried
  bool solver_proved = false;      // a sound bound proved the deal impossible (engine/bots/proof.h;
                                   // then it was not searched: solver 0, nodes 0)
  int64_t solver_nodes = 0;
  int solver_depth = 0;            // turns the search reached
  int64_t solver_progress = 0;     // the best progress it saw
  // The solver's winning line (every decision from the deal's start), kept in memory by
  // play() when the solver won; not written to JSON or CSV (witness() searches the deal
  // again when a row read back from a file has none: same deal, same budget, same line).
  std::vector<Option> solver_line;
  // The deal is winnable: the solver found a win or the bots' game is one (either is a
  // witness), so the winnable share is never below the bots' win rate on the same deals.
  bool winnable() const { return solver == 1 || won(); }
  // Proved impossible: exhausted by the search or proved by a bound (and, a contradiction
  // the soundness tests look for, never won by the bots).
  bool impossible() const { return !winnable() && (solver_exhaustive || solver_proved); }
};

// The solver's witness of a deal: the record of the winning line of row `r` (a co-op row
// the solver won, GameRow::solver == 1), replayed from the deal's start (the players
// named "solver 1".."solver N"), with its Result and RulesDigest tags and a Event tag
// naming the level, seed and budget. Checked: the line must replay legally and end in a
// win. When the row holds no line (read back from JSON), the deal is searched again
// with the study's budget (deterministic: the same line). nullopt with *error set when
// the row is not a solver win or the line does not replay as one.
std::optional<replay::Replay> witness(const Content& c, const Study& s, const GameRow& r, std::string* error);
// The record of `line` played from `setup` (the decisions applied in order), with its
// Result and RulesDigest tags; nullopt with *error naming the ply that does not apply.
// `tilewright solve --out` writes this record.
std::optional<replay::Replay> line_replay(const Content& c, const GameSetup& setup, const std::vector<Option>& line,
                                          std::string* error);
// The setup of a solver's deal: `players` seats named "solver 1".."solver N", no bots.
GameSetup solver_setup(const std::string& rule_set, const std::string& level, int players, uint64_t seed);

// Decomposes an index (see the top of this file).
GameRow describe(const Study& s, uint64_t index);
// The indices of shard `sh`, ascending.
std::vector<uint64_t> shard_indices(const Study& s, Shard sh);

struct RunOptions {
  int threads = 0;                                  // 0 = all cores
  std::function<void(int, int)> progress;           // (done, total), from the calling thread
  const std::atomic<bool>* cancel = nullptr;        // polled before each game
  // Recording: each game also logged as a replay; after every `batch` games (in index
  // order) store(replays) is called on the calling thread; false stops the run.
  bool record = false;
  int batch = 250;
  std::function<bool(std::vector<replay::Replay>&)> store;
};

struct RunResult {
  std::vector<GameRow> rows;    // sorted by index
  double seconds = 0;
  int threads = 1;
  bool cancelled = false;
  bool store_failed = false;
};

// Plays the given game indices (any order; the rows come back sorted).
RunResult play(const Content& c, const Study& s, const std::vector<uint64_t>& indices, const RunOptions& o);

// ---------------------------------------------------------------------------------
// Summaries

struct Interval {
  double mean = 0, lo = 0, hi = 0;
};
// 95% Wilson score interval of a proportion.
Interval wilson(double successes, double n);
// Mean with a 95% Student's t interval (t(0.975, n - 1) standard errors, sample
// variance): 4.30 for 3 values, 2.09 for 20, 1.98 for 100, towards 1.96. One value (or
// none) has no interval: lo == hi == mean.
Interval mean_interval(const std::vector<double>& xs);
// The 97.5% quantile of Student's t with `df` degrees of freedom (0 for df = 0).
double t_quantile_975(size_t df);

struct EntrantSummary {            // competitive: per bot named (entrant j)
  std::string bot;
  Interval score;
  int wins = 0;                    // alone in first place
  Interval win_rate;
};

struct VariantSummary {
  int games = 0;
  double mean_plies = 0;
  bool coop = false;
  // Competitive.
  std::vector<EntrantSummary> entrants;
  std::vector<int> seat_wins;      // by seat (seat advantage; with --rotate every entrant sits everywhere)
  int ties = 0;
  // Co-op.
  int wins = 0;
  Interval win_rate;
  Interval progress;               // final team score
  Interval target_share;           // progress / target
  double mean_dogs = 0;
  double mean_defeat_ply = 0;      // over lost games
  std::vector<std::pair<std::string, int>> loss_reasons;  // most frequent first, then by name
  // Co-op with the solver: deals searched, deals winnable (GameRow::winnable) with the
  // share's 95% interval, deals the solver won, and deals proved impossible (GameRow::
  // impossible: exhausted, or by a bound, `proved` of them) with that share's interval;
  // the rest are unresolved. The bracket: win rate <= winnable <= 1 - impossible share.
  int solved_deals = 0;
  int winnable = 0;
  int solver_wins = 0;
  int unwinnable = 0;
  int proved = 0;
  int unresolved = 0;
  int contradictions = 0;          // deals a bound proved impossible that the bots won: nonzero only if a bound is unsound
  Interval winnable_share;
  Interval impossible_share;
  double mean_solver_nodes = 0;
  // Both: the distribution of final scores (co-op: progress; competitive: every seat).
  std::vector<int64_t> scores;
};

// Rows of one variant (sorted by index) -> its summary.
VariantSummary summarise(const Study& s, int variant, const std::vector<GameRow>& rows);

// ---------------------------------------------------------------------------------
// Paired comparison (variant v against variant 0 on the same seeds and rotations)

// The measures compared: co-op "win", "progress", "target share", "dogs", "plies" (and
// "winnable" first when the study runs the solver);
// competitive "win" (entrant 1 alone first), "score" (entrant 1), "margin" (entrant 1
// minus the best other seat), "total score", "plies".
std::vector<std::string> measures(const Study& s, const Variant& v);
double measure(const Study& s, const GameRow& r, const std::string& m);

struct PairedDiff {
  std::string measure;
  int pairs = 0;
  double mean_a = 0, mean_b = 0;
  Interval diff;                   // b - a, mean and 95% Student's t interval of the paired differences
};
std::vector<PairedDiff> paired(const Study& s, int variant, const std::vector<GameRow>& rows);

// Sequential probability ratio test on the paired difference of the win measure
// (B - A per pair, in [-1, 1]), with the normal (generalised) likelihood ratio:
//   H0: mean difference = d0   against   H1: mean difference = d1   (d1 > d0)
//   LLR(n) = (d1 - d0) / var * (sum of differences - n (d0 + d1) / 2)
// (var: the variance of the differences so far, with two pseudo-pairs -1 and +1 added so
// that a few equal pairs are not taken for certainty), stopping after at least
// kSprtMinPairs pairs when LLR >= log((1 - beta) / alpha) (H1 accepted) or
// LLR <= log(beta / (1 - alpha)) (H0 accepted). alpha: the chance to accept H1 when H0
// holds; beta: to accept H0 when H1 holds (Wald's bounds; approximate, as in fishtest).
inline constexpr int kSprtMinPairs = 20;
struct SprtOptions {
  double d0 = 0, d1 = 0.05, alpha = 0.05, beta = 0.05;
};
struct SprtState {
  int pairs = 0;
  double sum = 0, sumsq = 0;
  double llr = 0, lower = 0, upper = 0;
  std::string verdict;             // "H1", "H0" or "" (continue)
  void add(double d, const SprtOptions& o);
};

// ---------------------------------------------------------------------------------
// JSON and CSV

struct Report {
  Study study;
  Shard shard;                     // {0, 1} for a whole run or a merge
  std::vector<GameRow> rows;       // sorted by index
  double seconds = 0;              // timing (dropped when runs are compared)
  int threads = 0;
  int parts = 1;                   // shards merged into it
  std::optional<SprtOptions> sprt; // compare --sprt
  std::string sprt_verdict;
  SprtState sprt_state;            // compare --sprt: the pairs used, the LLR and its bounds at the stop
};

// The study's identity: engine version, seeds, rotation, variants with rules digests and bots.
Json identity(const Study& s);
// Everything: {"format", "study", "shard", "complete", "summary", ["comparison"], "games", "timing"}.
Json to_json(const Report& r);
// Reads what to_json wrote. nullopt with *error set for anything else.
std::optional<Report> from_json(const Json& j, std::string* error);
// One header line and one line per game.
std::string to_csv(const Report& r);
// Merges shard reports of one study; nullopt with *error set when they are not the N
// disjoint shards of the same study (different identity, a missing or repeated shard).
std::optional<Report> merge(const std::vector<Report>& parts, std::string* error);

}  // namespace tw::study
