#include "main_frame.h"

#include <wx/aboutdlg.h>
#include <wx/choicdlg.h>
#include <wx/textdlg.h>
#include <wx/config.h>
#include <wx/filedlg.h>
#include <wx/menu.h>
#include <wx/msgdlg.h>
#include <wx/propgrid/propgrid.h>
#include <wx/statusbr.h>

#include <algorithm>
#include <exception>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <optional>

#include "doc/edits.h"
#include "play/play_view.h"
#include "review/replay_view.h"
#include "scenario/scenario_view.h"
#include "engine/text.h"
#include "schema/paths.h"
#include "schema/store.h"
#include "views/rules_view.h"
#include "views/tile_editor_view.h"
#include "views/tile_set_view.h"
#include "web/page_file.h"

namespace twe {
namespace {

enum MenuId {
  ID_IMPORT_TGN = wxID_HIGHEST + 1,
  ID_EXPORT_TGN,
  ID_EXPORT_WEB,
  ID_IMPORT_PACK,
  ID_EXPORT_PACK,
  ID_VIEW_FIRST,  // one per page, in notebook order
  ID_VIEW_LAST = ID_VIEW_FIRST + 15,
  ID_PLAY_NEW,  // the Play menu: a game at this table, or online (play/play_view.h)
  ID_PLAY_HOST,
  ID_PLAY_JOIN,
  ID_PLAY_WATCH,
};

}  // namespace

MainFrame::MainFrame(const std::string& db_path, wxConfigBase* config)
    : wxFrame(nullptr, wxID_ANY, "Tilewright editor", wxDefaultPosition, wxSize(1280, 800)),
      config_(config ? config : wxConfigBase::Get()),
      commands_(100),
      history_(9) {
  ctx_.commands = &commands_;
  ctx_.config = config_;
  ctx_.status = [this](const std::string& s) {
    if (!GetStatusBar()) return;
    SetStatusText(wxString::FromUTF8(s), 0);
    // Each message expires (a game's hint, a take-back's line, a connection error fixed
    // since): the bar says nothing rather than something stale.
    if (!s.empty()) status_timer_.StartOnce(status_expiry_ms_);
  };
  status_timer_.SetOwner(this);
  Bind(wxEVT_TIMER, [this](wxTimerEvent&) {
    if (GetStatusBar()) SetStatusText("", 0);
  }, status_timer_.GetId());
  aui_.SetManagedWindow(this);
  CreateStatusBar(2);
  const int widths[] = {-3, -2};
  SetStatusWidths(2, widths);
  build_menus();
  build_views();
  aui_.Update();
  restore_geometry();
  Bind(wxEVT_MENU, &MainFrame::on_menu, this);
  Bind(wxEVT_CHAR_HOOK, &MainFrame::on_char_hook, this);
  choose_import_path = [this]() {
    wxFileDialog dlg(this, "Import TGN", "", "", "Game records (*.tgn)|*.tgn|All files|*",
                     wxFD_OPEN | wxFD_FILE_MUST_EXIST);
    return dlg.ShowModal() == wxID_OK ? dlg.GetPath().utf8_string() : std::string();
  };
  Bind(wxEVT_UPDATE_UI, [this](wxUpdateUIEvent& e) {
    wxCommandProcessor* h = active_history();
    if (e.GetId() == wxID_UNDO) {
      e.SetText(undo_label() + "\tCtrl+Z");
      e.Enable(h && h->CanUndo());
    } else {
      e.SetText(redo_label() + "\tCtrl+Y");
      e.Enable(h && h->CanRedo());
    }
  }, wxID_UNDO, wxID_REDO);
  // The Edit menu follows every change of any history and of the focus (GTK does not
  // update menus at idle time by itself, and a disabled item would swallow Ctrl+Z).
  Bind(wxEVT_IDLE, [this](wxIdleEvent& e) {
    update_edit_menu();
    e.Skip();
  });
  notebook_->Bind(wxEVT_AUINOTEBOOK_PAGE_CHANGED, [this](wxAuiNotebookEvent& e) {
    update_edit_menu();
    SetStatusText("", 0);  // a page's message (an error) does not outlive the page (issue 34.13)
    e.Skip();
  });
  Bind(wxEVT_CLOSE_WINDOW, &MainFrame::on_close, this);
  if (!db_path.empty() && !open_database(db_path)) SetStatusText(wxString::FromUTF8(last_error_), 0);
  update_title();
}

MainFrame::~MainFrame() {
  save_settings();
  ctx_.content_listeners.clear();
  aui_.UnInit();
}

void MainFrame::build_menus() {
  auto* file = new wxMenu;
  file->Append(wxID_NEW, "&New database...\tCtrl+N", "Create a database as a copy of the bundled default.db");
  file->Append(wxID_OPEN, "&Open database...\tCtrl+O", "Open a Tilewright database");
  auto* recent = new wxMenu;
  file->AppendSubMenu(recent, "&Recent databases");
  history_.UseMenu(recent);
  if (config_) {
    config_->SetPath("/recent");
    history_.Load(*config_);
    config_->SetPath("/");
  }
  file->AppendSeparator();
  file->Append(ID_IMPORT_TGN, "&Import TGN...\tCtrl+I", "Import a game record as a replay");
  file->Append(ID_EXPORT_TGN, "&Export TGN...\tCtrl+E", "Write the open replay as a game record");
  file->Append(ID_EXPORT_WEB, "Export &web page...",
               "Write the open replay as one web page that works offline (with its analysis, when it has one)");
  file->AppendSeparator();
  file->Append(ID_IMPORT_PACK, "Import &pack...", "Import a content pack: rule sets, levels, tile sets (all or nothing)");
  file->Append(ID_EXPORT_PACK, "Export pac&k...", "Write a rule set or level with everything it needs as a content pack");
  file->AppendSeparator();
  file->Append(wxID_EXIT, "&Quit\tCtrl+Q");

  auto* edit = new wxMenu;
  edit->Append(wxID_UNDO, "&Undo\tCtrl+Z");
  edit->Append(wxID_REDO, "&Redo\tCtrl+Y");

  auto* view = new wxMenu;
  const char* names[] = {"&Tile sets\tCtrl+1", "Tile &editor\tCtrl+2", "&Levels and rule sets\tCtrl+3",
                         "&Play\tCtrl+4",      "Re&plays\tCtrl+5",    "&Scenarios\tCtrl+6"};
  for (int i = 0; i < 6; ++i) view->Append(ID_VIEW_FIRST + i, names[i]);

  auto* play = new wxMenu;
  play->Append(ID_PLAY_NEW, L"&New game…", "A game at this table: humans and bots");
  play->AppendSeparator();
  play->Append(ID_PLAY_HOST, L"&Host online game…", "Make a room on a game server and invite players to it");
  play->Append(ID_PLAY_JOIN, L"&Join online game…", "Take a seat in a room (or come back to yours with its token)");
  play->Append(ID_PLAY_WATCH, L"&Watch online game…", "Watch a room as a spectator");
  auto* help = new wxMenu;
  help->Append(wxID_ABOUT, "&About Tilewright");

  auto* bar = new wxMenuBar;
  bar->Append(file, "&File");
  bar->Append(edit, "&Edit");
  bar->Append(view, "&View");
  bar->Append(play, "&Play");
  bar->Append(help, "&Help");
  SetMenuBar(bar);
}

void MainFrame::build_views() {
  notebook_ = new wxAuiNotebook(this, wxID_ANY, wxDefaultPosition, wxDefaultSize,
                                wxAUI_NB_TOP | wxAUI_NB_TAB_SPLIT | wxAUI_NB_TAB_MOVE |
                                    wxAUI_NB_SCROLL_BUTTONS);
  tile_sets_ = new TileSetView(notebook_, ctx_);
  tile_editor_ = new TileEditorView(notebook_, ctx_);
  rules_ = new RulesView(notebook_, ctx_);
  play_ = new PlayView(notebook_, ctx_);
  replays_ = new ReplayView(notebook_, ctx_);
  scenarios_ = new ScenarioView(notebook_, ctx_);
  pages_ = {tile_sets_, tile_editor_, rules_, play_, replays_, scenarios_};
  const char* titles[] = {"Tile sets", "Tile editor", "Levels and rule sets", "Play", "Replays", "Scenarios"};
  for (size_t i = 0; i < pages_.size(); ++i) notebook_->AddPage(pages_[i], titles[i], i == 0);
  tile_sets_->on_open_tile = [this](int tile) { edit_tile(tile); };
  rules_->on_play = [this](const std::string& rule_set, const std::string& level) {  // "Play this level"
    play_->prepare_game(rule_set, level);
    show_page(play_);
    CallAfter([this] { play_->new_game(); });
  };
  rules_->on_open_replay = [this](int64_t id) {  // the estimate's "Open a winning line"
    replays_->refresh_list();
    replays_->open_replay(id);
    show_page(replays_);
  };
  aui_.AddPane(notebook_, wxAuiPaneInfo().Name("views").CenterPane().PaneBorder(false));
}

wxWindow* MainFrame::front_page() {
  // The page holding the keyboard focus, else the notebook's selected page.
  for (wxWindow* w = wxWindow::FindFocus(); w; w = w->GetParent())
    if (std::find(pages_.begin(), pages_.end(), w) != pages_.end()) {
      if (w->IsShownOnScreen()) return w;
      break;
    }
  return notebook_ ? notebook_->GetCurrentPage() : nullptr;
}

wxCommandProcessor* MainFrame::active_history() {
  wxWindow* page = front_page();
  if (page == play_) return &play_->history();
  if (page == replays_) return replays_->history();
  if (page == scenarios_) return &scenarios_->history();
  // A tile draft with steps: Undo steps back inside the draft (before Save).
  if (page == tile_editor_ && (tile_editor_->draft_history().CanUndo() || tile_editor_->draft_history().CanRedo()))
    return &tile_editor_->draft_history();
  return &commands_;  // tile sets, tile editor, levels and rule sets: the database's design
}

wxString MainFrame::undo_label() {
  wxCommandProcessor* h = active_history();
  if (!h || !h->CanUndo() || !h->GetCurrentCommand()) return "&Undo";
  return "&Undo " + h->GetCurrentCommand()->GetName();
}

wxString MainFrame::redo_label() {
  wxCommandProcessor* h = active_history();
  if (!h || !h->CanRedo()) return "&Redo";
  // The command after the current one is the one Redo does.
  wxList& cmds = h->GetCommands();
  wxList::compatibility_iterator node = h->GetCurrentCommand() ? cmds.Find(h->GetCurrentCommand()) : nullptr;
  node = node ? node->GetNext() : cmds.GetFirst();
  if (!node) return "&Redo";
  return "&Redo " + static_cast<wxCommand*>(node->GetData())->GetName();
}

void MainFrame::update_edit_menu() {
  wxMenuBar* bar = GetMenuBar();
  if (!bar) return;
  wxCommandProcessor* h = active_history();
  const wxString undo = undo_label() + "\tCtrl+Z", redo = redo_label() + "\tCtrl+Y";
  const bool can_undo = h && h->CanUndo(), can_redo = h && h->CanRedo();
  // Only when something changed: this runs at every idle time.
  if (wxMenuItem* u = bar->FindItem(wxID_UNDO)) {
    if (u->GetItemLabel() != undo) u->SetItemLabel(undo);
    if (u->IsEnabled() != can_undo) u->Enable(can_undo);
  }
  if (wxMenuItem* r = bar->FindItem(wxID_REDO)) {
    if (r->GetItemLabel() != redo) r->SetItemLabel(redo);
    if (r->IsEnabled() != can_redo) r->Enable(can_redo);
  }
}

wxString MainFrame::status_message() const { return GetStatusBar() ? GetStatusBar()->GetStatusText(0) : wxString(); }

void MainFrame::show_page(wxWindow* page) {
  const int i = notebook_->GetPageIndex(page);
  if (i != wxNOT_FOUND) notebook_->SetSelection(static_cast<size_t>(i));
}

void MainFrame::edit_tile(int tile) {
  tile_editor_->load_tile(tile);
  show_page(tile_editor_);
}

bool MainFrame::open_database(const std::string& path) {
  std::optional<tw::Store> store;
  tw::Content content;
  try {
    store.emplace(tw::Store::open(path, tw::Store::Mode::ReadWrite));
    content = store->load_content();
  } catch (const std::exception& e) {
    last_error_ = e.what();
    return false;
  }
  store->enable_concurrent_readers();  // readers (cli, tests) never block; else the default journal serves
  ctx_.store = std::make_unique<tw::Store>(std::move(*store));
  ctx_.content = std::move(content);
  ctx_.db_path = path;
  commands_.ClearCommands();
  update_edit_menu();
  last_error_.clear();
  history_.AddFileToHistory(wxString::FromUTF8(path));
  if (config_) config_->Write("/last_db", wxString::FromUTF8(path));
  ctx_.notify_content_changed();
  update_title();
  SetStatusText(wxString::FromUTF8("Opened " + path + " (" + std::to_string(ctx_.content.tiles.size()) +
                                   " tile types, " + std::to_string(ctx_.content.rule_sets.size()) +
                                   " rule sets)"),
                0);
  return true;
}

bool MainFrame::new_database(const std::string& path) {
  namespace fs = std::filesystem;
  const auto bundled = tw::find_bundled_db();
  if (!bundled || !fs::exists(*bundled)) {
    last_error_ = "no bundled default.db found to copy";
    return false;
  }
  std::error_code ec;
  if (fs::exists(path)) {
    last_error_ = path + " exists already";
    return false;
  }
  fs::copy_file(*bundled, path, ec);
  if (ec) {
    last_error_ = "cannot create " + path + ": " + ec.message();
    return false;
  }
  return open_database(path);
}

bool MainFrame::reload_content() {
  std::string error;
  if (!twe::reload_content(ctx_, &error)) {
    last_error_ = error;
    return false;
  }
  return true;
}

bool MainFrame::import_tgn(const std::string& path, std::string* error) {
  if (!ctx_.store) {
    if (error) *error = "no database is open";
    return false;
  }
  if (!replays_->import_tgn(path, error)) return false;
  show_page(replays_);
  return true;
}

bool MainFrame::export_tgn(const std::string& path, std::string* error) {
  return replays_->export_tgn(path, error);
}

bool MainFrame::export_web(const std::string& path, std::string* error) {
  const ReplayDoc* doc = replays_->doc();
  if (!doc) {
    if (error) *error = "no replay is open";
    return false;
  }
  tw::web::PageOptions o;
  o.analysis = replays_->analysis();  // the review analysis of the open replay, when there is one
  const std::string e = tw::web::write_page_file(path, ctx_.content, doc->replay(), o);
  if (error) *error = e;
  return e.empty();
}

bool MainFrame::import_pack(const std::string& path, const tw::pack::ImportOptions& options, std::string* error,
                            std::string* summary) {
  if (!ctx_.store) {
    if (error) *error = "no database is open";
    return false;
  }
  try {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw tw::StoreError("cannot read " + path);
    std::ostringstream text;
    text << in.rdbuf();
    tw::pack::Pack pack = tw::pack::parse_pack(text.str(), path);
    const auto report = tw::pack::import_pack(*ctx_.store, std::move(pack), options);
    commands_.ClearCommands();
    std::string s = "Imported " + path + ": " + std::to_string(report.added.size()) + " added, " +
                    std::to_string(report.replaced.size()) + " replaced, " + std::to_string(report.same.size()) +
                    " already here";
    for (const auto& it : report.added)
      if (it.key.rfind("rule_set:", 0) == 0 || it.key.rfind("level:", 0) == 0) s += "; added " + tw::pack::describe_item(it.key);
    if (summary) *summary = s;
    if (ctx_.status) ctx_.status(s);
  } catch (const std::exception& e) {
    if (error) *error = e.what();
    return false;
  }
  if (!reload_content()) {
    if (error) *error = last_error_;
    return false;
  }
  return true;
}

bool MainFrame::export_pack(const std::string& path, const std::vector<std::string>& ids, std::string* error) {
  if (!ctx_.store) {
    if (error) *error = "no database is open";
    return false;
  }
  try {
    const std::string text = tw::pack::pack_text(tw::pack::export_pack(*ctx_.store, ids));
    const std::string tmp = path + ".tmp";
    {
      std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
      out << text;
      if (!out.flush()) throw tw::StoreError("cannot write " + path);
    }
    std::error_code ec;
    std::filesystem::rename(tmp, path, ec);
    if (ec) throw tw::StoreError("cannot write " + path + ": " + ec.message());
    if (ctx_.status) ctx_.status("Wrote the pack of " + tw::text::joined(ids) + " to " + path);
  } catch (const std::exception& e) {
    if (error) *error = e.what();
    return false;
  }
  return true;
}

void MainFrame::update_title() {
  SetTitle(ctx_.db_path.empty() ? wxString("Tilewright editor")
                                : "Tilewright editor - " + wxString::FromUTF8(ctx_.db_path));
  if (GetStatusBar()) SetStatusText(wxString::FromUTF8(ctx_.db_path), 1);
}

void MainFrame::restore_geometry() {
  if (!config_) return;
  int x = 0, y = 0, w = 0, h = 0;
  if (config_->Read("/window/w", &w) && config_->Read("/window/h", &h) && w > 200 && h > 150) {
    config_->Read("/window/x", &x);
    config_->Read("/window/y", &y);
    SetSize(x, y, w, h);
  }
  bool maximized = false;
  if (config_->Read("/window/maximized", &maximized) && maximized) Maximize();
  wxString perspective;
  if (config_->Read("/window/perspective", &perspective) && !perspective.empty())
    aui_.LoadPerspective(perspective);
}

void MainFrame::save_settings() {
  if (!config_) return;
  if (!IsMaximized() && !IsIconized()) {
    const wxRect r = GetRect();
    config_->Write("/window/x", r.x);
    config_->Write("/window/y", r.y);
    config_->Write("/window/w", r.width);
    config_->Write("/window/h", r.height);
  }
  config_->Write("/window/maximized", IsMaximized());
  config_->Write("/window/perspective", aui_.SavePerspective());
  config_->SetPath("/recent");
  history_.Save(*config_);
  config_->SetPath("/");
  config_->Flush();
}

void MainFrame::on_close(wxCloseEvent& e) {
  save_settings();
  e.Skip();  // default handling destroys the frame
}

void MainFrame::on_char_hook(wxKeyEvent& e) {
  // The File menu's Ctrl+I / Ctrl+E reach the menu from every widget: a list or tree with
  // the focus would otherwise take Ctrl+I as a Tab, or search for the letter.
  if (e.ControlDown() && !e.AltDown() && !e.ShiftDown() && (e.GetKeyCode() == 'I' || e.GetKeyCode() == 'E')) {
    wxCommandEvent m(wxEVT_MENU, e.GetKeyCode() == 'I' ? ID_IMPORT_TGN : ID_EXPORT_TGN);
    m.SetEventObject(this);
    on_menu(m);
    return;
  }
  // Ctrl+Z / Ctrl+Y (Ctrl+Shift+Z) in a grid's cell editor (Levels and rule sets) is the
  // Edit menu's, at once: right after Enter the cell's editor still has the focus, and
  // the first press went to it and was lost.
  if (e.ControlDown() && !e.AltDown() && (e.GetKeyCode() == 'Z' || e.GetKeyCode() == 'Y')) {
    for (wxWindow* w = wxWindow::FindFocus(); w && w != this; w = w->GetParent())
      if (wxDynamicCast(w, wxPropertyGrid)) {
        const bool redo = e.GetKeyCode() == 'Y' || e.ShiftDown();
        wxCommandEvent m(wxEVT_MENU, redo ? wxID_REDO : wxID_UNDO);
        m.SetEventObject(this);
        on_menu(m);
        return;
      }
  }
  e.Skip();
}

void MainFrame::on_menu(wxCommandEvent& e) {
  const int id = e.GetId();
  auto report = [this](const std::string& what) {
    SetStatusText(wxString::FromUTF8(what), 0);
    wxMessageBox(wxString::FromUTF8(what), "Tilewright", wxOK | wxICON_ERROR, this);
  };
  if (id == wxID_OPEN) {
    wxFileDialog dlg(this, "Open database", "", "", "Tilewright databases (*.db)|*.db|All files|*",
                     wxFD_OPEN | wxFD_FILE_MUST_EXIST);
    if (dlg.ShowModal() == wxID_OK && !open_database(dlg.GetPath().utf8_string())) report(last_error_);
  } else if (id == wxID_NEW) {
    wxFileDialog dlg(this, "New database (a copy of default.db)", "", "tilewright.db",
                     "Tilewright databases (*.db)|*.db", wxFD_SAVE | wxFD_OVERWRITE_PROMPT);
    if (dlg.ShowModal() == wxID_OK && !new_database(dlg.GetPath().utf8_string())) report(last_error_);
  } else if (id >= wxID_FILE1 && id <= wxID_FILE9) {
    const wxString path = history_.GetHistoryFile(static_cast<size_t>(id - wxID_FILE1));
    if (!open_database(path.utf8_string())) {
      history_.RemoveFileFromHistory(static_cast<size_t>(id - wxID_FILE1));
      report(last_error_);
    }
  } else if (id == ID_IMPORT_TGN) {
    std::string error;
    const std::string path = choose_import_path ? choose_import_path() : std::string();
    if (!path.empty() && !import_tgn(path, &error)) report(error);
  } else if (id == ID_EXPORT_TGN) {
    wxFileDialog dlg(this, "Export TGN", "", "game.tgn", "Game records (*.tgn)|*.tgn",
                     wxFD_SAVE | wxFD_OVERWRITE_PROMPT);
    std::string error;
    if (dlg.ShowModal() == wxID_OK && !export_tgn(dlg.GetPath().utf8_string(), &error)) report(error);
  } else if (id == ID_EXPORT_WEB) {
    wxFileDialog dlg(this, "Export web page", "", "game.html", "Web pages (*.html)|*.html",
                     wxFD_SAVE | wxFD_OVERWRITE_PROMPT);
    std::string error;
    if (dlg.ShowModal() == wxID_OK && !export_web(dlg.GetPath().utf8_string(), &error)) report(error);
  } else if (id == ID_IMPORT_PACK) {
    wxFileDialog dlg(this, "Import pack", "", "", "Content packs (*.json)|*.json|All files|*",
                     wxFD_OPEN | wxFD_FILE_MUST_EXIST);
    if (dlg.ShowModal() != wxID_OK) return;
    const std::string path = dlg.GetPath().utf8_string();
    std::string error;
    tw::pack::ImportOptions o;
    if (import_pack(path, o, &error)) return;
    if (error.find("different content under the same ids") == std::string::npos) {
      report(error);
      return;
    }
    // A conflict: the differences, and the choice to replace or to import under a new id.
    wxMessageDialog ask(this, wxString::FromUTF8(error), "Import pack", wxYES_NO | wxCANCEL | wxICON_QUESTION);
    ask.SetYesNoCancelLabels("Replace them", "Import under a new id...", "Cancel");
    const int answer = ask.ShowModal();
    if (answer == wxID_YES) {
      o.on_conflict = tw::pack::OnConflict::Replace;
    } else if (answer == wxID_NO) {
      wxTextEntryDialog name(this, "New id for the pack's rule set or level", "Import pack");
      if (name.ShowModal() != wxID_OK) return;
      try {
        std::ifstream in(path, std::ios::binary);
        std::ostringstream text;
        text << in.rdbuf();
        o.renames = tw::pack::primary_rename(tw::pack::parse_pack(text.str(), path), name.GetValue().utf8_string());
      } catch (const std::exception& ex) {
        report(ex.what());
        return;
      }
    } else {
      return;
    }
    error.clear();
    if (!import_pack(path, o, &error)) report(error);
  } else if (id == ID_EXPORT_PACK) {
    if (!ctx_.store) return report("no database is open");
    wxArrayString choices;
    std::vector<std::string> ids;
    for (const auto& rs : ctx_.content.rule_sets) {
      choices.Add(wxString::FromUTF8("rule set " + rs.id + " — " + rs.name));
      ids.push_back("rule_set:" + rs.id);
    }
    for (const auto& l : ctx_.content.levels) {
      choices.Add(wxString::FromUTF8("level " + l.id + " — " + l.name));
      ids.push_back("level:" + l.id);
    }
    wxSingleChoiceDialog pick(this, "What to export (with everything it needs)", "Export pack", choices);
    if (pick.ShowModal() != wxID_OK || pick.GetSelection() < 0) return;
    const std::string what = ids[static_cast<size_t>(pick.GetSelection())];
    wxFileDialog dlg(this, "Export pack", "", wxString::FromUTF8(what.substr(what.find(':') + 1) + ".json"),
                     "Content packs (*.json)|*.json", wxFD_SAVE | wxFD_OVERWRITE_PROMPT);
    std::string error;
    if (dlg.ShowModal() == wxID_OK && !export_pack(dlg.GetPath().utf8_string(), {what}, &error)) report(error);
  } else if (id >= ID_PLAY_NEW && id <= ID_PLAY_WATCH) {
    show_page(play_);
    if (id == ID_PLAY_NEW) play_->new_game();
    else if (id == ID_PLAY_HOST) play_->host_online_dialog();
    else if (id == ID_PLAY_JOIN) play_->join_online_dialog();
    else play_->watch_online_dialog();
  } else if (id == wxID_EXIT) {
    Close();
  } else if (id == wxID_UNDO) {
    // The status names what was undone (the edit itself reports as if it saved).
    wxCommandProcessor* h = active_history();
    const wxString name = h && h->CanUndo() && h->GetCurrentCommand() ? h->GetCurrentCommand()->GetName() : wxString();
    if (h && h->Undo()) SetStatusText("Undone: " + name, 0);
    update_edit_menu();
  } else if (id == wxID_REDO) {
    wxCommandProcessor* h = active_history();
    const wxString name = redo_label().Mid(6);
    if (h && h->Redo()) SetStatusText("Redone: " + name, 0);
    update_edit_menu();
  } else if (id >= ID_VIEW_FIRST && id < ID_VIEW_FIRST + static_cast<int>(pages_.size())) {
    show_page(pages_[static_cast<size_t>(id - ID_VIEW_FIRST)]);
  } else if (id == wxID_ABOUT) {
    wxAboutDialogInfo info;
    info.SetName("Tilewright editor");
    info.SetDescription(
        "A workshop for Carcassonne rule variants: tile sets, rule sets and levels in SQLite, "
        "games played, reviewed and annotated.");
    wxAboutBox(info, this);
  } else {
    e.Skip();
  }
}

}  // namespace twe
