// RulesView: levels and rule sets. A property grid shows the chosen rule set (its row
// read-only, every rule parameter of rule_param_specs() as a number with its range and
// meaning, explicit rows in bold, inherited ones plain) and, when a co-op level is
// chosen, the level's editable columns (tw::level_columns(), with their meaning and
// range). Every value cell is text read exactly as its type allows (doc/value_cell.h:
// "2.5" is not a whole number, never 25). Each change is an undoable command that calls
// one edit of the store (checked in C++, one transaction); a refused value is marked
// pink and its message (the expected type and range, or the store's reason) is shown
// whole under the grid and as the row's tooltip (no row is inserted: the rows stay put),
// until the next change of the content (an edit, Undo, Redo); nothing is written.
// Clone copies a rule set. The pool lists the draw pile with counts (editable).
// "Estimate difficulty" plays seeded bot games on a background thread with a progress
// bar and shows win rates and mean scores, or for a level the win rate and loss reasons,
// as text and as charts with the 95% intervals (StudyChart). For a level, "Solver" also
// searches every same deal for a winning line with the whole pile known (as `simulate
// --solve`): the result shows the bracket, the bots' win rate and the winnable share with
// their 95% intervals, and "Open a winning line" puts the solver's record of a won deal
// into the database and opens it in Replays (on_open_replay).
#pragma once

#include <atomic>
#include <map>
#include <memory>
#include <optional>
#include <vector>
#include <functional>
#include <string>
#include <thread>

#include <wx/panel.h>

#include "context.h"
#include "doc/estimate.h"
#include "views/study_chart.h"

class wxButton;
class wxCheckBox;
class wxChoice;
class wxGauge;
class wxListCtrl;
class wxPropertyGrid;
class wxPropertyGridEvent;
class wxScrolledWindow;
class wxSpinCtrl;
class wxStaticText;
class wxTextCtrl;

namespace twe {

class TuneDialog;

class RulesView : public wxPanel {
 public:
  RulesView(wxWindow* parent, EditorContext& ctx);
  ~RulesView() override;

  bool select_rule_set(const std::string& id);
  const std::string& rule_set() const { return rule_set_; }
  bool select_level(const std::string& id);  // "" = none
  const std::string& level() const { return level_; }

  // The same path as an edit in the grid: checks, submits the command, shows problems.
  bool set_param(const std::string& key, int64_t value);
  bool set_level_field(const std::string& column, const std::string& value);
  bool clone_rule_set(const std::string& new_id, const std::string& new_name);
  // Copies the selected co-op level as new_id and selects the copy (undoable).
  bool clone_level(const std::string& new_id, const std::string& new_name);
  bool set_pool_count(const std::string& tile_set, const std::string& tile_id, int count);
  // The tiles a game of the chosen rule set or level draws (the level's excluded kinds
  // left in the box), as the pile's line says, e.g. "50 tiles in the pile of level mists-1 ...".
  int pile_count() const { return pile_count_; }
  std::string pile_text() const;
  const std::string& field_problem() const { return problem_; }  // last refused edit
  // The property marked red for it ("level.cemetery", "param.farmers"), "" for none.
  const std::string& problem_property() const { return problem_property_; }
  // The refusal's message as shown under the grid ("" when none).
  std::string problem_message() const;

  // Difficulty estimate on a background thread.
  // With solve_nodes, a co-op level's deals are also searched by the solver, with that
  // node budget a deal (the "Solver" box and its budget do this from the button).
  void start_estimate(int games, const std::string& bots, std::optional<int64_t> solve_nodes = std::nullopt);
  bool estimating() const { return worker_.joinable() && !finished_; }
  const EstimateResult& last_estimate() const { return result_; }
  std::string estimate_text() const;  // the result as shown
  int progress_value() const;
  // A variant beside its parent: the rules that differ at once, then the same seeded
  // games of both (competitive, with `bots`) on the background thread, in one table.
  // False when the chosen rule set has no parent or games are running.
  bool start_compare(int games, const std::string& bots);
  const ComparisonResult& last_comparison() const { return comparison_; }
  wxButton* compare_button() { return compare_btn_; }
  // "Tune...": a modeless TuneDialog on the chosen level (else rule set); nullptr when none.
  TuneDialog* open_tune();
  const StudyChart* estimate_chart() const { return chart_; }
  // The solver's winning lines of the last estimate, as the list shows them.
  std::vector<std::string> winning_lines() const;
  // Stores the k-th winning line as a replay (its witness record, checked to end in a
  // win) and calls on_open_replay with its id; the id, or -1 with the reason shown in
  // the status bar and kept in last_open_error().
  int64_t open_winning_line(size_t k);
  const std::string& last_open_error() const { return open_error_; }
  wxButton* open_line_button() { return open_line_; }
  // Set by the frame: shows the replay `id` in the Replays view.
  std::function<void(int64_t)> on_open_replay;
  // Set by the frame: "Play this level" (or rule set): a new game of it in Play.
  std::function<void(const std::string& rule_set, const std::string& level)> on_play;
  wxButton* play_button() { return play_; }

  wxPropertyGrid* grid() { return grid_; }

 private:
  // The worker's progress callback (estimate, compare): moves the gauge, at most about
  // 100 times a run, on the UI thread.
  std::function<void(int, int)> gauge_progress();
  void build();
  void refresh_content();
  void fill_grid();
  void fill_pool();
  void on_changing(wxPropertyGridEvent& e);
  void on_changed(wxPropertyGridEvent& e);
  void show_problem(const std::string& property, const std::string& message);
  void clear_problem();
  void mark_problem();  // the refused row pink, its message under the grid and as its tooltip
  void stop_worker();

  EditorContext& ctx_;
  std::string rule_set_, level_, problem_, problem_property_;
  bool filling_ = false;
  int pile_count_ = 0;
  bool in_changing_ = false;  // inside the grid's change event
  wxChoice* set_choice_ = nullptr;
  wxChoice* level_choice_ = nullptr;
  wxButton* clone_ = nullptr;
  wxButton* clone_level_ = nullptr;
  wxButton* play_ = nullptr;
  wxPropertyGrid* grid_ = nullptr;
  wxScrolledWindow* right_ = nullptr;  // the pile and the estimate, scrolled when short
  wxStaticText* problem_text_ = nullptr;
  wxTextCtrl* editor_bound_ = nullptr;  // the cell editor whose double-click selects all
  void select_editor_text();
  void relayout();  // the view and its scrolled right column
  void scroll_to_result();
  std::string problem_help_;
  std::string problem_shown_;  // the message under the grid, unwrapped  // the marked row's own help text (its tooltip after)
  wxStaticText* pool_problem_ = nullptr;
  wxListCtrl* pool_ = nullptr;
  wxSpinCtrl* pool_count_ = nullptr;
  wxButton* pool_set_ = nullptr;
  wxStaticText* pool_total_ = nullptr;
  wxTextCtrl* bots_ = nullptr;
  wxSpinCtrl* games_ = nullptr;
  wxButton* estimate_btn_ = nullptr;
  wxButton* compare_btn_ = nullptr;
  wxGauge* gauge_ = nullptr;
  wxTextCtrl* result_text_ = nullptr;
  StudyChart* chart_ = nullptr;
  wxCheckBox* solve_ = nullptr;
  wxSpinCtrl* solve_nodes_ = nullptr;
  wxChoice* lines_ = nullptr;
  wxButton* open_line_ = nullptr;
  std::string open_error_;
  void show_winning_lines();
  // The estimate panel follows the selection: the result of the chosen rule set or level
  // (results_ keeps one per selection), or nothing yet.
  std::string selection_key() const { return rule_set_ + "\n" + level_; }
  void show_result_of_selection();
  std::map<std::string, EstimateResult> results_;
  std::string shown_key_ = "\x01";  // the selection the panel shows (none yet)

  std::thread worker_;
  std::atomic<bool> cancel_{false};
  std::atomic<bool> finished_{true};
  EstimateResult result_;
  ComparisonResult comparison_;
};

}  // namespace twe
