// MainFrame: the editor's one window. It owns the EditorContext (database, content, undo
// stack, settings) and hands it to every view; views live as pages of a wxAuiNotebook
// managed by a wxAuiManager. Menus: File (new/open/recent databases, TGN import/export),
// Edit (undo/redo of the document in front), View (one item per view), Help.
//
// Undo is per document: the database's design (tile sets, tile editor, levels and rule
// sets share ctx.commands, the frame's processor), the game in Play, each open replay and
// the scenario each have a history of their own. Edit > Undo / Redo act on, and name the
// step of, the document of the page holding the keyboard focus (else the selected page).
//
// Invariants: ctx.store and ctx.content always describe the same database (both empty
// when none is open); opening another database clears the undo stack, because its
// commands refer to the old one; every view is created once and lives as long as the
// frame. Settings (geometry, recent files, last database) go to the wxConfigBase given,
// or wxConfigBase::Get().
#pragma once

#include "schema/pack.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <wx/aui/aui.h>
#include <wx/cmdproc.h>
#include <wx/filehistory.h>
#include <wx/frame.h>
#include <wx/timer.h>

#include "context.h"

namespace twe {

class TileSetView;
class TileEditorView;
class RulesView;
class PlayView;
class ReplayView;
class ScenarioView;

class MainFrame : public wxFrame {
 public:
  // Opens db_path when it is not empty (an error is shown in the status bar and in
  // last_error(); the frame stays usable with no database).
  explicit MainFrame(const std::string& db_path, wxConfigBase* config = nullptr);
  ~MainFrame() override;

  EditorContext& context() { return ctx_; }
  wxCommandProcessor& commands() { return commands_; }
  // The undo history of the document in front (see above); nullptr when it has none.
  wxCommandProcessor* active_history();
  // The Edit menu's items as they read now: "&Undo Clone level mists-2", or "&Undo".
  wxString undo_label();
  wxString redo_label();
  wxAuiNotebook* notebook() { return notebook_; }

  // Opens (or, with create, makes as a copy of the bundled default.db) a database and
  // reloads every view; false with last_error() set on failure (the old one stays open).
  bool open_database(const std::string& path);
  bool new_database(const std::string& path);
  // Reloads content from the open store (after an external change).
  bool reload_content();
  const std::string& last_error() const { return last_error_; }

  // Views, for tests and for cross-view navigation.
  TileSetView* tile_sets() { return tile_sets_; }
  TileEditorView* tile_editor() { return tile_editor_; }
  RulesView* rules() { return rules_; }
  PlayView* play() { return play_; }
  ReplayView* replays() { return replays_; }
  ScenarioView* scenarios() { return scenarios_; }
  // Brings page `index` of the notebook to the front (View menu order).
  void show_page(wxWindow* page);
  // Opens tile `tile` (index into ctx.content.tiles) in the tile editor and shows it.
  void edit_tile(int tile);
  // A message in the status bar expires after this long (unless another replaced it).
  void set_status_expiry(int ms) { status_expiry_ms_ = ms; }
  wxString status_message() const;

  bool import_tgn(const std::string& path, std::string* error);
  // Asks for the TGN file to import ("" when cancelled); a file dialog unless replaced.
  std::function<std::string()> choose_import_path;
  bool export_tgn(const std::string& path, std::string* error);
  // File > Export web page...: the open replay (with its review analysis, if any) as one
  // offline HTML file (web/page.h).
  bool export_web(const std::string& path, std::string* error);
  // Content packs (schema/pack.h): import all or nothing into the open database (the
  // design's undo history is cleared: its steps refer to the rows before the import);
  // `summary` says what was added, replaced or already there. Conflicts are refused with
  // the differences in `error` unless `options` renames or replaces.
  bool import_pack(const std::string& path, const tw::pack::ImportOptions& options, std::string* error,
                   std::string* summary = nullptr);
  // Writes the pack of rule sets / levels / tile sets `ids` with everything they need.
  bool export_pack(const std::string& path, const std::vector<std::string>& ids, std::string* error);

 private:
  void build_menus();
  void build_views();
  void save_settings();
  void restore_geometry();
  void update_title();
  void on_menu(wxCommandEvent& e);
  void on_char_hook(wxKeyEvent& e);
  void on_close(wxCloseEvent& e);
  void update_edit_menu();
  wxWindow* front_page();

  wxConfigBase* config_;
  EditorContext ctx_;
  wxCommandProcessor commands_;
  wxAuiManager aui_;
  wxAuiNotebook* notebook_ = nullptr;
  wxFileHistory history_;
  std::string last_error_;
  TileSetView* tile_sets_ = nullptr;
  TileEditorView* tile_editor_ = nullptr;
  RulesView* rules_ = nullptr;
  PlayView* play_ = nullptr;
  ReplayView* replays_ = nullptr;
  ScenarioView* scenarios_ = nullptr;
  std::vector<wxWindow*> pages_;
  wxTimer status_timer_;
  int status_expiry_ms_ = 12000;
};

}  // namespace twe
