// ScenarioView: sets up a starting position: preset tiles on a board (each placed tile
// becomes an entry of the record's Draw tag), the other decisions of those turns, seats
// and seed; saves it as a TGN record or a replay, and "Play from here" hands it to the
// play view (the nearest PlayView in the same window, or on_play when set).
//
// Keys (board focused): R / Shift+R turn the selected tile, Shift+wheel too. Each
// decision is a command on the editor's undo stack (Edit > Undo, Ctrl+Z); "Take back
// last decision" removes the last one outside the stack.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <wx/cmdproc.h>
#include <wx/panel.h>

#include "context.h"
#include "scenario/scenario_model.h"

class wxChoice;
class wxListBox;
class wxStaticText;
class wxTextCtrl;

namespace twe {

class BoardCanvas;
class TilePreview;

// One scenario decision: undo takes it back.
class ScenarioDecisionCommand : public wxCommand {
 public:
  ScenarioDecisionCommand(std::shared_ptr<ScenarioModel> model, const tw::Option& option, const std::string& text,
                          std::function<void()> changed);
  bool Do() override;
  bool Undo() override;
  const std::string& error() const { return error_; }

 private:
  std::shared_ptr<ScenarioModel> model_;
  tw::Option option_;  // an option of the decision pending when it was made (redo: again)
  std::function<void()> changed_;
  std::string selected_;  // the tile selected before, restored by Undo
  size_t decisions_ = 0;  // decisions before Do
  std::string error_;
};

class ScenarioView : public wxPanel {
 public:
  ScenarioView(wxWindow* parent, EditorContext& ctx);

  ScenarioModel& model() { return *model_; }
  BoardCanvas* board() { return board_; }
  // Applies the setup fields (rule set, players, seed) and clears the board.
  std::string reset();
  // Writes the position as a TGN record; "" or the problem.
  std::string save_tgn(const std::string& path);
  // Stores the position as a replay; its id, or 0 (problem in the status bar).
  int64_t save_replay();
  // Starts a game from the position in the play view; "" or the problem.
  std::string play_from_here();
  // Shows the model again after it was changed directly (tests, scripts).
  void refresh() { update(); }
  // The scenario's own undo history (its decisions); cleared by reset().
  wxCommandProcessor& history() { return *history_; }
  // Overrides where "Play from here" goes.
  std::function<void(const tw::GameSetup&, const std::vector<std::string>&)> on_play;

 private:
  void update();
  void fill_rule_sets();
  void on_cell(int x, int y);
  // Applies an option as an undoable command; "" or why not.
  std::string apply(const tw::Option& option);

  EditorContext& ctx_;
  std::shared_ptr<ScenarioModel> model_;  // shared with the undo stack's commands
  std::unique_ptr<wxCommandProcessor> history_;
  int rotation_ = 0;
  BoardCanvas* board_ = nullptr;
  TilePreview* preview_ = nullptr;
  wxChoice* rule_set_ = nullptr;
  wxTextCtrl* players_ = nullptr;
  wxTextCtrl* seed_ = nullptr;
  wxListBox* tiles_ = nullptr;
  std::vector<std::string> tile_ids_;
  wxListBox* options_ = nullptr;
  wxStaticText* status_ = nullptr;
};

}  // namespace twe
