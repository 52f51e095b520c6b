// ReplayView: the replay review. A list of the database's replays, the board at the
// current node (zoom and pan), the move list with variations, the annotation pane
// (comment, glyph, board markers), the score graph and the event log. Playing another
// move on the board or from the option list starts a variation. Every edit is an
// undoable command on the editor's command processor, saved through ReplayStore.
//
// The move list is grouped by turn as TGN numbers them (a turn's first move, usually the
// placement, carries the number and the mover's name and colour; the turn's other
// decisions are under it), comments are shown rendered from Markdown under the editor,
// and the board follows the current move (the last tile framed in yellow, the tiles
// where it scored in blue).
//
// Keys (anywhere in the view but a text field): Left / Right step, Home / End, Up / Down
// among the alternatives of a move, N / Shift+N next / previous comment, S / Shift+S
// next / previous scoring step, Ctrl+G go to a ply, R / Shift+R turn the tile to play,
// F fits the board, ] / [ next / previous move the analysis marked.
//
// Analyse (the review analysis, analysis/analysis.h) evaluates every ply of the main line
// in the background on every core, with a progress bar and Cancel; the evaluation graph
// beside the score graph shows it (click to jump), at a move the analysis found worse
// than the best the board labels the best placement's cell "best" (an arrow leads there
// from the tile played), and Keep writes the marks, comments and best
// lines into the replay as one undoable step (Discard throws the analysis away).
#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <thread>

#include "analysis/analysis.h"

#include <wx/panel.h>
#include <wx/treebase.h>

#include "context.h"
#include "review/replay_doc.h"

class wxButton;
class wxCommandProcessor;
class wxChoice;
class wxGauge;
class wxListBox;
class wxListCtrl;
class wxRadioBox;
class wxStaticText;
class wxTextCtrl;
class wxTreeCtrl;
class wxHtmlWindow;

namespace twe {

class BoardCanvas;
class ScoreGraph;
class EvalGraph;

class ReplayView : public wxPanel {
 public:
  ReplayView(wxWindow* parent, EditorContext& ctx);
  ~ReplayView() override;

  // Shows replay `id` of the open database.
  void open_replay(int64_t id);
  // Imports a TGN record into the database and opens it; false with *error on failure.
  bool import_tgn(const std::string& path, std::string* error);
  // Writes the open replay as TGN; false with *error on failure.
  bool export_tgn(const std::string& path, std::string* error);
  // Reloads the list of replays from the database.
  void refresh_list();

  // The open replay's own undo history (each replay has one; nullptr when none is open).
  wxCommandProcessor* history();

  // For tests and the frame.
  ReplayDoc* doc() { return doc_.get(); }
  BoardCanvas* board() { return board_; }
  wxTreeCtrl* moves() { return moves_; }
  wxListCtrl* replay_list() { return list_; }
  // The current move's comment (and the pinned comment) rendered from Markdown.
  wxHtmlWindow* rendered_comment() { return rendered_; }
  wxTextCtrl* events() { return events_; }
  // Handles a navigation / editing key as the view does; true when it was one.
  bool handle_key(int key_code, bool shift, bool ctrl);
  // Sets the comment of the current node (as typing and leaving the field does).
  void set_comment(const std::string& text);
  void set_glyph(const std::string& glyph);
  // Marker tool: 0 none (clicks play moves), 1 circle a cell, 2 arrow, 3 label.
  void set_marker_tool(int tool);
  void set_label_text(const std::string& text);

  // Review analysis of the open replay's main line, `iterations` a ply (0: the default
  // budget of the choice box). Runs in the background; progress and the result arrive
  // through the event loop.
  void start_analysis(int iterations = 0);
  void cancel_analysis();
  bool analysis_running() const { return running_; }
  // The finished analysis of the open replay (nullptr when there is none): the one run in
  // this session, else the evaluations kept with the replay (Keep stores them, table
  // replay_eval), so the graph and the marks come back after a restart.
  const tw::analysis::Analysis* analysis() const;
  // True when analysis() is the one read back from the replay (Keep and Discard are off).
  bool showing_kept_analysis() const;
  // Writes it into the replay (one undoable step); false when there is none.
  bool keep_analysis();
  void discard_analysis();
  // Goes to the next (dir > 0) / previous marked move of the main line; false: none.
  bool next_mistake(int dir);
  EvalGraph* eval_graph() { return eval_; }
  wxButton* keep_button() { return keep_; }
  wxButton* discard_button() { return discard_; }

 private:
  void show_doc();
  void update();
  void rebuild_moves();
  void select_current_in_tree();
  void on_cell(int x, int y);
  void on_spot(int spot);
  void edit_note(const tw::replay::Annotation& note);
  void commit_comment();
  void go_to_ply_dialog();
  void analysis_progress(int done, int total);
  void analysis_done(int64_t id, tw::analysis::Analysis a);
  void join_worker();
  void update_analysis();
  // The analysis of the position's ply (main line only), or nullptr.
  const tw::analysis::PlyEval* analysed_here() const;
  // The mark the analysis gives the main-line node at `path` ("" for none), shown in the
  // move list until Keep writes it into the replay.
  std::string pending_glyph(const NodePath& path) const;
 public:
  // Promotes (to_main: to the main line) or deletes the selected move's variation, as
  // one undoable step. False when the selection is not in a variation.
  bool edit_tree(TreeEditCommand::Kind kind);

 private:

  EditorContext& ctx_;
  std::map<int64_t, std::shared_ptr<ReplayDoc>> docs_;
  std::shared_ptr<ReplayDoc> doc_;
  std::map<int64_t, std::unique_ptr<wxCommandProcessor>> histories_;  // per replay id
  std::vector<int64_t> list_ids_;
  std::map<std::string, wxTreeItemId> items_;
  std::map<std::string, wxString> prefixes_;  // a move's label before its decision ("12. Ann  ")
  const ReplayDoc* shown_doc_ = nullptr;      // the document and tree shape the move list shows
  int shown_version_ = -1;
  int followed_tile_ = -1;
  bool syncing_ = false;
  int rotation_ = 0;
  int marker_tool_ = 0;
  std::optional<std::pair<int, int>> arrow_from_;

  wxListCtrl* list_ = nullptr;
  wxTreeCtrl* moves_ = nullptr;
  BoardCanvas* board_ = nullptr;
  ScoreGraph* graph_ = nullptr;
  wxStaticText* header_ = nullptr;
  wxTextCtrl* comment_ = nullptr;
  wxChoice* glyph_ = nullptr;
  wxRadioBox* tool_ = nullptr;
  wxTextCtrl* label_ = nullptr;
  wxListBox* options_ = nullptr;
  wxTextCtrl* events_ = nullptr;
  wxHtmlWindow* rendered_ = nullptr;

  // Review analysis: finished ones by replay id, and the one running.
  std::map<int64_t, tw::analysis::Analysis> analyses_;
  // The open replay's kept evaluations as an analysis, cached by their rows.
  const tw::analysis::Analysis* kept_analysis() const;
  mutable std::vector<tw::replay::PlyEvaluation> kept_rows_;
  mutable std::optional<tw::analysis::Analysis> kept_;
  std::thread worker_;
  std::shared_ptr<std::atomic<bool>> cancel_;
  bool running_ = false;
  EvalGraph* eval_ = nullptr;
  wxButton* analyse_ = nullptr;
  wxButton* cancel_button_ = nullptr;
  wxButton* keep_ = nullptr;
  wxButton* discard_ = nullptr;
  wxChoice* budget_ = nullptr;
  wxGauge* gauge_ = nullptr;
};

}  // namespace twe
