// Tune (issue 62): the value of one parameter of a rule set or co-op level whose measure
// (a win rate, a seat advantage, a score) is nearest a target, found by the study
// library's search (tw::study::tune on tw::study::engine_evaluator, study/sweep.h): the
// same search, seeds and figures as `tilewright tune`, run off the UI thread with
// progress, cancellation and a snapshot of the values played after every step (the
// chart fills as it runs). SaveTunedCommand writes the result as a new rule set or level
// through the store (clone, then the one value set; undoable), as `tune --save` writes it
// through `content clone --set`.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <wx/cmdproc.h>

#include "context.h"
#include "engine/content.h"
#include "study/sweep.h"

namespace twe {

// A number of a rule set or level that Tune can vary: a level's integer columns that
// change the game, then the rule parameters its rule set's system reads (the names of
// `content show`, accepted by tw::study::find_param_of).
struct TuneParam {
  std::string key;
  bool level_column = false;
  int64_t min = 0, max = 0, current = 0;
};
std::vector<TuneParam> tune_params(const tw::Content& c, const std::string& source);

struct TuneRequest {
  std::string source;                  // a rule set or a co-op level
  std::string param;
  std::string measure;                 // "" = win (co-op level) or seat-advantage
  double target = 0.30;
  std::vector<std::string> bots;       // empty = coop x2 (level) or greedy x2, as the command line
  int64_t lo = 0, hi = -1;             // the range searched; hi < lo = the parameter's whole range
  int games = 200;                     // seeds a value gets when first played
  int64_t budget = 6000;               // games in all
  double tolerance = 0.03;
  uint64_t seed = 1;
  bool rotate = false;
  int threads = 0;                     // 0 = all cores (the figures do not depend on it)
};

// What the chart shows while the search runs: every value played so far with its 95%
// interval, and the games played.
struct TuneSnapshot {
  tw::study::SweepChart chart;
  int64_t games = 0;
  std::string step;                    // the last step, "bisection: 25 on 200 seeds"
};

struct TuneOutcome {
  std::string error;                   // could not start, or a value could not be played
  bool stopped = false;                // Stop: the values played so far are in `chart` only
  tw::study::ParamRef param;
  std::string measure;
  tw::study::TuneSpec spec;
  tw::study::TuneResult result;        // the library's answer (when done: no error, not stopped)
  tw::study::SweepChart chart;         // the values played, the target
  double seconds = 0;
  bool done() const { return error.empty() && !stopped && !result.values.empty(); }
  std::string summary() const;         // a few lines for people
};

// Runs the search on the calling thread. on_step is called after every step of the
// search (a value played on more seeds) with the values so far; progress(done, budget)
// after each game; cancel is polled before each game (then `stopped`).
TuneOutcome run_tune(const tw::Content& c, const TuneRequest& r,
                     const std::function<void(const TuneSnapshot&)>& on_step = {},
                     const std::function<void(int64_t, int64_t)>& progress = {},
                     const std::atomic<bool>* cancel = nullptr);

// What "Save as new" writes: a level column of a level -> a new level; a rule-set
// parameter -> a new rule set (of a level: a copy of the rule set it plays).
struct TunedSave {
  bool level = false;                  // a new level (else a new rule set)
  std::string source;                  // the level or rule set copied
  std::string key;
  int64_t value = 0;
};
TunedSave tuned_save(const tw::Content& c, const TuneOutcome& o);
// A free id for it: "mists-4-ghost_bank-25" (then -2, -3, ... while taken).
std::string tuned_default_id(const tw::Content& c, const TunedSave& s);

// Copies the source as new_id (Store::clone_level / clone_rule_set) and sets the one
// value (Store::set_level_value / set_rule_params: the loader's checks); refused, the
// copy is removed again and nothing stays. Undo removes the copy.
class SaveTunedCommand : public wxCommand {
 public:
  SaveTunedCommand(EditorContext& ctx, TunedSave save, std::string new_id, std::string new_name);
  bool Do() override;
  bool Undo() override;
  const std::string& error() const { return error_; }

 private:
  EditorContext& ctx_;
  TunedSave save_;
  std::string new_id_, new_name_, error_;
};

}  // namespace twe
