// TuneDialog (issue 62): "Tune..." on a level or rule set of the Levels and rule sets
// view. The designer picks one of its numbers (a level column or a rule parameter, with
// its range), a target (win = 30%, seat-advantage = 0, score = 60), the bots, the games a
// value gets at first and the game budget; Tune runs the study library's search
// (doc/tune.h: tw::study::tune, the same as `tilewright tune`) on a background thread
// with a progress bar and Stop, and the chart (StudyChart's sweep: value on x, the
// measure with its 95% band, the target line) fills after every step. When it is done,
// the values played and the verdict are shown and "Save as new level" / "Save as new
// rule set" writes a copy with the value found (doc/tune.h SaveTunedCommand, undoable).
// Modeless: the editor stays usable while it runs.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <thread>
#include <vector>

#include <wx/dialog.h>

#include "context.h"
#include "doc/tune.h"

class wxButton;
class wxChoice;
class wxGauge;
class wxSpinCtrl;
class wxStaticText;
class wxTextCtrl;

namespace twe {

class StudyChart;

class TuneDialog : public wxDialog {
 public:
  // `source`: a rule set or co-op level; `bots`: "coop,coop" ("" = as the command line).
  TuneDialog(wxWindow* parent, EditorContext& ctx, const std::string& source, const std::string& bots = "");
  ~TuneDialog() override;

  const std::string& source() const { return source_; }
  const std::vector<TuneParam>& params() const { return params_; }
  // The form, as a person fills it (each false when refused).
  bool set_param(const std::string& key);       // also sets the range to the parameter's
  void set_range(int64_t lo, int64_t hi);
  bool set_target(const std::string& measure, const std::string& value);  // "0.30" or "30%"
  void set_bots(const std::string& bots);
  void set_games(int games);
  void set_budget(int budget);
  void set_seed(int seed);
  void set_threads(int threads) { threads_ = threads; }
  // The request the form makes now (error: what is wrong with it).
  TuneRequest request(std::string* error) const;

  // The Tune button: starts the search (false with the reason shown when the form is
  // wrong or it is running); the same button is Stop while it runs.
  bool start();
  void stop();
  bool running() const { return worker_.joinable() && !finished_; }
  const TuneOutcome& outcome() const { return outcome_; }
  int steps_shown() const { return steps_shown_; }   // snapshots the chart has drawn
  int progress_value() const;
  std::string result_text() const;
  const StudyChart* chart() const { return chart_; }
  wxButton* tune_button() { return tune_btn_; }
  wxButton* save_button() { return save_btn_; }
  // The save button, with the id (and name) typed: the command's error, "" when saved.
  std::string save_as_new(const std::string& id, const std::string& name = "");

 private:
  void build(const std::string& bots);
  void on_param();
  void finish(const TuneOutcome& o);
  void join();

  EditorContext& ctx_;
  std::string source_;
  std::vector<TuneParam> params_;
  int threads_ = 0;
  wxChoice* param_ = nullptr;
  wxSpinCtrl* lo_ = nullptr;
  wxSpinCtrl* hi_ = nullptr;
  wxChoice* measure_ = nullptr;
  wxTextCtrl* target_ = nullptr;
  wxTextCtrl* bots_ = nullptr;
  wxSpinCtrl* games_ = nullptr;
  wxSpinCtrl* budget_ = nullptr;
  wxSpinCtrl* seed_ = nullptr;
  wxButton* tune_btn_ = nullptr;
  wxGauge* gauge_ = nullptr;
  wxStaticText* step_ = nullptr;
  StudyChart* chart_ = nullptr;
  wxTextCtrl* result_ = nullptr;
  wxTextCtrl* new_id_ = nullptr;
  wxTextCtrl* new_name_ = nullptr;
  wxButton* save_btn_ = nullptr;

  std::thread worker_;
  std::atomic<bool> cancel_{false};
  std::atomic<bool> finished_{true};
  std::atomic<int> posted_permille_{-1};
  TuneOutcome outcome_;
  int steps_shown_ = 0;
};

}  // namespace twe
