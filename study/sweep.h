// Sweeps and tuning (issue 62): one parameter of a rule set or a co-op level (a rule-set
// parameter or a level column, by its name in `content show`) varied over values, each
// value a derived variant in memory (what `content clone SRC NEW --set KEY=VALUE` would
// write, nothing written), played on the same seeded deals; the measure per value with
// its 95% interval; and the search for the value whose measure is nearest a target
// (bisection on a monotone integer parameter, games grown where they decide). No UI.
//
// A sweep is an ordinary study (study.h) whose variants are the derived values, so its
// JSON, CSV, shards and merge are the study's; Study::sweep says which parameter and
// measure, and is part of the study's identity (merge refuses parts of another sweep).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "engine/content.h"
#include "study/study.h"

namespace tw::study {

// The measures a sweep or tune reads, per game:
//   win             co-op: the team won (1/0)
//   winnable        co-op with the solver: the deal is winnable (study.h GameRow::winnable)
//   score           co-op: the team's final score (progress); competitive: the first bot's score
//   seat-advantage  competitive: 1 when seat 1 wins alone, minus 1/seats when some seat
//                   wins alone (0 for a tie), so its mean is seat 1's win rate minus the
//                   fair share of the decided games (0 when the seats are equal)
const std::vector<std::string>& sweep_measures();
// A measure whose per-game values are 0/1 (its interval is Wilson's, else Student's t).
bool proportion_measure(const std::string& m);
// The per-game value of a sweep measure.
double sweep_measure(const Study& s, const GameRow& r, const std::string& m);
// "" when `m` can be read from variants like `v` (coop or not, with or without the solver), else why not.
std::string check_measure(const Study& s, const Variant& v, const std::string& m);

// A parameter of a rule set or level.
struct ParamRef {
  std::string source;        // the rule set or level named
  bool source_is_level = false;
  bool level_column = false; // a column of the level (else a parameter of the rule set it plays)
  std::string key;
  int64_t min = 0, max = 0;  // its range (the loader's check)
  int64_t current = 0;       // its value in the source
};
// Finds `key` of rule set or level `source`: a level's own columns first (integer
// columns: ghost_bank, target, stacks, ...), then the parameters of its rule set. nullopt
// with *error naming what exists.
std::optional<ParamRef> find_param_of(const Content& c, const std::string& source, const std::string& key,
                                      std::string* error);

// The id a derived variant gets in memory: "SOURCE{KEY=VALUE}".
std::string derived_id(const ParamRef& p, int64_t value);
// Adds to `c` the variant of p.source with p.key = value (a level column: a copy of the
// level; a rule-set parameter: a copy of the rule set, and of the level playing it when
// the source is a level), under derived_id(). Checked as the loader checks a clone: the
// value's range, then validate_content on the whole content. Returns the derived
// {rule set, level} ids ("" level for a rule set), or nullopt with *error. Adding a value
// already there returns the ids without adding it again.
struct DerivedIds {
  std::string rule_set, level;
};
std::optional<DerivedIds> derive(Content& c, const ParamRef& p, int64_t value, std::string* error);
// All at once (one validate_content): the ids per value.
std::optional<std::vector<DerivedIds>> derive_all(Content& c, const ParamRef& p, const std::vector<int64_t>& values,
                                                 std::string* error);

// Values from "10,11,12" or "8..16" / "8..16/2" (a step); nullopt with *error.
std::optional<std::vector<int64_t>> parse_values(const std::string& list, const std::string& range, std::string* error);

// ---------------------------------------------------------------------------------
// A sweep's summary (from the rows of a study whose Study::sweep is set)

struct SweepPoint {
  int64_t value = 0;
  int games = 0;
  Interval measure;
};
struct SweepStep {            // neighbouring values: paired difference next - this on the common deals
  int64_t from = 0, to = 0;
  int pairs = 0;
  Interval diff;
};
struct Monotonicity {
  int direction = 0;          // +1 the measure rises with the value, -1 falls, 0 flat or undecided
  bool monotone = true;       // no step is significantly against the direction
  std::vector<SweepStep> against;  // the steps whose 95% interval lies against the direction
  std::string text;           // for people: "monotone (rising)", "NOT monotone: 12 -> 13 falls by ..."
};
std::vector<SweepPoint> sweep_points(const Study& s, const std::vector<GameRow>& rows);
std::vector<SweepStep> sweep_steps(const Study& s, const std::vector<GameRow>& rows);
// The direction from the first to the last point (their paired difference; undecided when
// its interval holds 0, then from the means), and every step significantly against it.
Monotonicity monotonicity(const std::vector<SweepPoint>& points, const std::vector<SweepStep>& steps);
Json sweep_json(const Study& s, const std::vector<GameRow>& rows);

// The chart: value on x, the measure with its 95% band on y, the target as a dashed line.
struct SweepChart {
  std::string title, x_label, y_label;
  std::vector<SweepPoint> points;  // by value
  std::optional<double> target;
  bool percent = false;            // the measure is a rate, shown in %
};
SweepChart sweep_chart(const Study& s, const std::vector<GameRow>& rows, std::optional<double> target = std::nullopt);
// Draws it with PLplot: .svg or .png (as plot()). "" on success, else the problem.
std::string plot_sweep(const SweepChart& c, const std::string& file);

// ---------------------------------------------------------------------------------
// Tune: the value nearest a target

struct TuneSpec {
  int64_t lo = 0, hi = 0;     // the integer range searched
  double target = 0;
  bool proportion = true;     // Wilson intervals (else Student's t)
  int start_games = 200;      // games (seeds) at a value when it is first played
  int64_t budget = 6000;      // games in all (per seed and rotation: rows)
  double tolerance = 0.03;    // done when the nearest value's interval lies within target +- this
};
// Plays `count` more seeds at `value`, from seed index `first` (the caller's deals are
// seed + first .. seed + first + count - 1): the measure per game, in seed order (a seed
// may give several games: its rotations, always the same number).
using TuneEvaluator = std::function<std::vector<double>(int64_t value, int first, int count)>;

struct TuneEval {             // one call of the evaluator
  int64_t value = 0;
  int first = 0, count = 0;
  std::string why;            // "end of the range", "bisection", "grow the bracket"
};
struct TuneValue {
  int64_t value = 0;
  int seeds = 0;
  std::vector<double> xs;     // per game, seed order
  Interval iv;
  int side = 0;               // +1 interval above the target, -1 below, 0 it holds the target
};
struct TuneResult {
  std::vector<TuneEval> evals;
  std::map<int64_t, TuneValue> values;
  int direction = 0;           // +1 the measure rises with the value, -1 falls
  std::optional<int64_t> below, above;  // the bracket: the values either side of the target (below: measure < target)
  int64_t best = 0;            // the value whose measure is nearest the target
  bool bracketed = false;      // the target lies between two neighbouring values (else outside the range)
  bool separated = false;      // both bracket values' intervals exclude the target
  bool within_tolerance = false;  // best's interval lies inside target +- tolerance
  bool budget_spent = false;
  int64_t games = 0;
  Monotonicity monotonicity;   // over the values played (paired on their common seeds)
  std::string verdict;         // how sure, for people
};
TuneResult tune(const TuneSpec& spec, const TuneEvaluator& eval);

}  // namespace tw::study

namespace tw::study {

// The evaluator of a parameter on the engine: at `value`, the variant `base` (its bots;
// rule set and level replaced by the derived ones, added to `c` on first use) is played
// on seeds proto.seed + first .. (proto's rotation and solver), and `measure` read per
// game. Throws std::runtime_error when the value cannot be derived or played.
TuneEvaluator engine_evaluator(Content& c, const ParamRef& p, const Variant& base, const Study& proto,
                               const std::string& measure, const RunOptions& ro);

}  // namespace tw::study
