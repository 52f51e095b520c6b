// TileEditorView: edits one tile type as a draft copy — its segments (terrain and so
// kind, ports, shields, fogged, touches), ghost symbols and attributes (count,
// reconstructed, note) — with a live preview and the engine's own validation
// (finalize_tile, then validate_content on the content with the draft in place): each
// problem is shown next to the field it names, the rest in a list. Save submits a
// SaveTileCommand (one transaction, undoable); Revert drops the draft.
//
// Invariants: the draft always names an existing tile type (tile_set, id); the widgets
// show the draft; the draft is reloaded from the content when the content changes and
// the draft has no unsaved change.
//
// Undo inside the draft: every change of the draft is a step of the draft's own history
// (draft_history(); Edit > Undo / Redo act on it while the tile editor is in front and
// the draft has steps), cleared by Save, Revert and loading another tile; after Save the
// design's history undoes the saved tile as one step.
//
// Layout: every widget whose natural size depends on its text (title, messages, lists)
// has a fixed minimum size, so the columns keep their place when problems come and go.
#pragma once

#include <array>
#include <string>
#include <vector>

#include <wx/cmdproc.h>
#include <wx/panel.h>

#include "context.h"

class wxButton;
class wxCheckBox;
class wxChoice;
class wxListBox;
class wxSimpleHtmlListBox;
class wxSpinCtrl;
class wxStaticText;
class wxTextCtrl;

namespace twe {

class TileEditorPreview;

class TileEditorView : public wxPanel {
 public:
  TileEditorView(wxWindow* parent, EditorContext& ctx);

  void load_tile(int tile);  // index into ctx.content.tiles
  int tile_index() const { return tile_; }
  const tw::TileType& draft() const { return draft_; }
  bool dirty() const { return dirty_; }
  const std::vector<tw::ContentError>& problems() const { return problems_; }
  int selected_segment() const { return seg_; }
  void select_segment(int seg);
  // Submits the draft as an undoable command; false (and nothing written) when the draft
  // has problems or the store refuses it.
  bool save();
  // Saves the draft as a new tile type `new_id` in the same tile set (undoable) and
  // edits that one from then on. False (and the reason next to the tile) when refused.
  bool save_as(const std::string& new_id);
  void revert();
  wxCommandProcessor& draft_history() { return draft_history_; }

  // The widgets, for tests that walk the UI with events.
  wxCheckBox* port_box(int port) { return ports_[static_cast<size_t>(port)]; }
  wxSpinCtrl* shields_ctrl() { return shields_; }
  wxSpinCtrl* count_ctrl() { return count_; }
  wxSpinCtrl* ghosts_ctrl() { return ghosts_; }
  wxChoice* terrain_ctrl() { return terrain_; }
  wxTextCtrl* touches_ctrl() { return touches_; }
  wxButton* save_button() { return save_btn_; }
  wxButton* revert_button() { return revert_btn_; }
  wxWindow* preview() const;
  wxWindow* problem_list() const;
  // Puts a draft state back (the draft history's steps): the tile and the selected segment.
  void apply_draft(const tw::TileType& t, int seg, bool dirty);
  wxStaticText* field_message(const std::string& column);  // "" when no such field

 private:
  void build();
  void refresh_content();
  void show_draft();        // widgets <- draft
  void show_segment();
  // After a widget changed the draft: a step of the draft history named `what`, then
  // validate and preview. Steps of one text field typed in a row are merged.
  void changed(const std::string& what, bool merge = false);
  void start_history();     // the draft as loaded: the history's start
  void validate();
  void on_port(int port);
  EditorContext& ctx_;
  int tile_ = -1;
  int seg_ = -1;
  bool dirty_ = false;
  bool updating_ = false;  // widgets are being filled: ignore their events
  tw::TileType draft_;
  tw::TileType recorded_;   // the draft as the history's last step left it
  int recorded_seg_ = -1;
  wxCommandProcessor draft_history_;
  std::vector<tw::ContentError> problems_;

  TileEditorPreview* preview_ = nullptr;
  wxStaticText* title_ = nullptr;
  wxListBox* segments_ = nullptr;
  wxButton* add_seg_ = nullptr;
  wxButton* del_seg_ = nullptr;
  wxChoice* terrain_ = nullptr;
  std::array<wxCheckBox*, tw::kPortCount> ports_{};
  wxSpinCtrl* shields_ = nullptr;
  wxCheckBox* fogged_ = nullptr;
  wxTextCtrl* touches_ = nullptr;
  wxSpinCtrl* count_ = nullptr;
  wxSpinCtrl* ghosts_ = nullptr;
  wxCheckBox* reconstructed_ = nullptr;
  wxTextCtrl* note_ = nullptr;
  wxStaticText* msg_terrain_ = nullptr;
  wxStaticText* msg_ports_ = nullptr;
  wxStaticText* msg_shields_ = nullptr;
  wxStaticText* msg_touches_ = nullptr;
  wxStaticText* msg_tile_ = nullptr;
  wxSimpleHtmlListBox* problem_list_ = nullptr;
  wxButton* save_btn_ = nullptr;
  wxButton* save_as_btn_ = nullptr;
  wxButton* revert_btn_ = nullptr;
};

}  // namespace twe
