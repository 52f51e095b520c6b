#include "play/play_view.h"

#include <algorithm>

#include <wx/aui/auibook.h>
#include <wx/button.h>
#include <wx/clipbrd.h>
#include <wx/frame.h>
#include <wx/statusbr.h>
#include <wx/dataobj.h>
#include <wx/cmdproc.h>
#include <wx/config.h>
#include <wx/listbox.h>
#include <wx/msgdlg.h>
#include <wx/numdlg.h>
#include <wx/textctrl.h>
#include <wx/tokenzr.h>
#include <wx/utils.h>
#include <wx/sizer.h>
#include <wx/stattext.h>

#include "board/board_canvas.h"
#include "board/tile_preview.h"
#include "engine/bots/bots.h"
#include "present/record.h"
#include "present/summary.h"
#include "play/new_game_dialog.h"
#include "play/online_dialog.h"
#include "net/client.h"
#include "replay/replay_store.h"

namespace twe {

namespace {

// A human decision: undo takes it back (with the bots' replies after it), redo plays
// it again (and the bots, whose generator was put back, answer as before).
class PlayMoveCommand : public wxCommand {
 public:
  PlayMoveCommand(PlayView* view, int ply, const tw::Option& option, const wxString& name)
      : wxCommand(true, name), view_(view), ply_(ply), option_(option) {}
  bool Do() override { return view_->replay_decision(ply_, option_).empty(); }
  bool Undo() override { return view_->rewind_to(ply_).empty(); }

 private:
  PlayView* view_;
  int ply_;
  tw::Option option_;  // an option of the decision at ply_ (the game replays the same there)
};

// A human decision of a resumed game (stored in the history without being done again):
// undo takes it back as PlayMoveCommand does, redo plays its text again.
class ResumedMoveCommand : public wxCommand {
 public:
  ResumedMoveCommand(PlayView* view, int ply, std::string text, const wxString& name)
      : wxCommand(true, name), view_(view), ply_(ply), text_(std::move(text)) {}
  bool Do() override { return view_->replay_decision_text(ply_, text_).empty(); }
  bool Undo() override { return view_->rewind_to(ply_).empty(); }

 private:
  PlayView* view_;
  int ply_;
  std::string text_;
};

// A take-back to a ply: undo puts the whole game as it was back. It keeps the game as
// text (setup, decisions, the bots' generator's draw counts), not as a copy of the
// session, which points into the content: a design edit in between reloads that.
class TakeBackCommand : public wxCommand {
 public:
  TakeBackCommand(PlayView* view, int ply, const std::string& what)
      : wxCommand(true, what.empty() ? wxString::Format("Take back to ply %d", ply) : wxString::FromUTF8(what)),
        view_(view),
        ply_(ply) {}
  bool Do() override {
    const PlaySession* s = view_->session();
    if (!s) return false;
    setup_ = s->game().setup();
    decisions_ = s->log().decisions;
    draws_ = s->draws_at();
    return view_->rewind_to(ply_).empty();
  }
  bool Undo() override { return view_->restore_game(setup_, decisions_, draws_).empty(); }

 private:
  PlayView* view_;
  int ply_;
  tw::GameSetup setup_;
  std::vector<std::string> decisions_;
  std::vector<uint64_t> draws_;
};

std::string join(const std::vector<std::string>& v, const char* sep) {
  std::string out;
  for (size_t i = 0; i < v.size(); ++i) out += (i ? sep : "") + v[i];
  return out;
}

std::string players_of(const tw::GameSetup& s) {
  std::vector<std::string> names;
  for (const auto& p : s.players) names.push_back(p.bot.empty() ? p.name : "bot:" + p.bot);
  return join(names, ", ");
}

}  // namespace

PlayView::PlayView(wxWindow* parent, EditorContext& ctx)
    : wxPanel(parent, wxID_ANY), ctx_(ctx), bot_timer_(this), reconnect_timer_(this) {
  last_setup_.rule_set = "gcc";
  last_setup_.players = tw::parse_players("You, bot:greedy");
  last_setup_.seed = 1;
  history_ = std::make_unique<wxCommandProcessor>(200);
  if (ctx_.config) {  // the last new game's setup (names, seats, seed)
    wxString v;
    if (ctx_.config->Read("/play/last/rule_set", &v) && !v.empty()) last_setup_.rule_set = v.utf8_string();
    if (ctx_.config->Read("/play/last/level", &v)) last_setup_.level = v.utf8_string();
    if (ctx_.config->Read("/play/last/players", &v) && !v.empty()) last_setup_.players = tw::parse_players(v.utf8_string());
    if (ctx_.config->Read("/play/last/seed", &v) && !v.empty()) last_setup_.seed = tw::parse_seed(v.utf8_string());
  }

  auto* top = new wxBoxSizer(wxHORIZONTAL);
  board_ = new BoardCanvas(this);
  top->Add(board_, 1, wxEXPAND);

  auto* side = new wxBoxSizer(wxVERTICAL);
  auto* buttons = new wxBoxSizer(wxHORIZONTAL);
  auto* newg = new wxButton(this, wxID_ANY, L"New game…");
  pass_ = new wxButton(this, wxID_ANY, "Pass");
  take_back_ = new wxButton(this, wxID_ANY, "Take back");
  take_back_to_ = new wxButton(this, wxID_ANY, L"To ply…");
  hint_ = new wxButton(this, wxID_ANY, "Hint");
  hint_->SetToolTip(wxString::Format("What the search bot (%s) would choose here; double-click the selected option to play it",
                                     kHintBot));
  take_back_->SetToolTip("Take back your last decision and the bots' replies after it (Edit > Undo does too)");
  take_back_to_->SetToolTip("Take the game back to any ply");
  buttons->Add(newg, 0, wxRIGHT, 4);
  buttons->Add(pass_, 0, wxRIGHT, 4);
  buttons->Add(take_back_, 0, wxRIGHT, 4);
  buttons->Add(take_back_to_, 0, wxRIGHT, 4);
  buttons->Add(hint_, 0);
  side->Add(buttons, 0, wxALL, 4);
  // Online play (Play menu too): a room on a game server, a seat in one, or watching.
  auto* online_row = new wxBoxSizer(wxHORIZONTAL);
  auto* host = new wxButton(this, wxID_ANY, L"Host online…");
  auto* join = new wxButton(this, wxID_ANY, L"Join…");
  auto* watch = new wxButton(this, wxID_ANY, L"Watch…");
  host->SetToolTip("Make a room on a game server (tilewright serve) and invite players to it");
  join->SetToolTip("Take a seat in a room by its code, or come back to yours with its token");
  watch->SetToolTip("Watch a room as a spectator");
  online_row->Add(host, 0, wxRIGHT, 4);
  online_row->Add(join, 0, wxRIGHT, 4);
  online_row->Add(watch, 0);
  side->Add(online_row, 0, wxLEFT | wxRIGHT | wxBOTTOM, 4);
  host->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { host_online_dialog(); });
  join->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { join_online_dialog(); });
  watch->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { watch_online_dialog(); });
  pass_->Disable();
  take_back_->Disable();
  take_back_to_->Disable();
  hint_->Disable();
  status_ = new wxStaticText(this, wxID_ANY, L"No game. Press New game…", wxDefaultPosition, wxSize(300, -1));
  side->Add(status_, 0, wxEXPAND | wxALL, 4);
  // Online play: the invitation and the connection's buttons (shown while online).
  online_label_ = new wxStaticText(this, wxID_ANY, "Invite (room code and commands):");
  side->Add(online_label_, 0, wxLEFT | wxTOP, 4);
  invite_ = new wxTextCtrl(this, wxID_ANY, "", wxDefaultPosition, wxSize(300, 72),
                           wxTE_MULTILINE | wxTE_READONLY | wxTE_WORDWRAP);
  side->Add(invite_, 0, wxEXPAND | wxALL, 4);
  auto* online_buttons = new wxBoxSizer(wxHORIZONTAL);
  copy_invite_ = new wxButton(this, wxID_ANY, "Copy invite");
  rejoin_ = new wxButton(this, wxID_ANY, "Rejoin");
  leave_ = new wxButton(this, wxID_ANY, "Leave");
  copy_invite_->SetToolTip("Copy the room code and the commands that join it to the clipboard");
  rejoin_->SetToolTip("Connect again and come back to your seat with its token");
  leave_->SetToolTip("Leave the online game (your seat is kept on the server: Rejoin comes back)");
  online_buttons->Add(copy_invite_, 0, wxRIGHT, 4);
  online_buttons->Add(rejoin_, 0, wxRIGHT, 4);
  online_buttons->Add(leave_, 0);
  side->Add(online_buttons, 0, wxALL, 4);
  for (wxWindow* w : {static_cast<wxWindow*>(online_label_), static_cast<wxWindow*>(invite_),
                      static_cast<wxWindow*>(copy_invite_), static_cast<wxWindow*>(rejoin_),
                      static_cast<wxWindow*>(leave_)})
    w->Hide();
  preview_ = new TilePreview(this, 96);
  side->Add(preview_, 0, wxALIGN_CENTER_HORIZONTAL | wxALL, 4);
  scores_ = new wxStaticText(this, wxID_ANY, "");
  side->Add(scores_, 0, wxEXPAND | wxALL, 4);
  side->Add(new wxStaticText(this, wxID_ANY, "Legal options (double-click):"), 0, wxLEFT | wxTOP, 4);
  options_ = new wxListBox(this, wxID_ANY, wxDefaultPosition, wxSize(300, 140));
  side->Add(options_, 1, wxEXPAND | wxALL, 4);
  side->Add(new wxStaticText(this, wxID_ANY, "Events:"), 0, wxLEFT, 4);
  // A text field that wraps long lines (a list box cuts them off).
  log_ = new wxTextCtrl(this, wxID_ANY, "", wxDefaultPosition, wxSize(300, 180),
                        wxTE_MULTILINE | wxTE_READONLY | wxTE_WORDWRAP | wxTE_RICH2);
  side->Add(log_, 1, wxEXPAND | wxALL, 4);
  top->Add(side, 0, wxEXPAND);
  SetSizer(top);

  newg->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { new_game(); });
  pass_->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) {
    if (online_) {
      if (const std::string e = choose_online(view_pass(online_->view())); !e.empty()) show_status(e, true);
      return;
    }
    choose_kind(tw::OptKind::Pass);
  });
  copy_invite_->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) {
    if (wxTheClipboard->Open()) {
      wxTheClipboard->SetData(new wxTextDataObject(invite_text()));
      wxTheClipboard->Close();
      show_status("The invitation is on the clipboard", false);
    }
  });
  rejoin_->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) {
    if (const std::string e = rejoin_online(); !e.empty()) show_status(e, true);
  });
  leave_->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { leave_online(); });
  Bind(wxEVT_TIMER, &PlayView::on_reconnect_timer, this, reconnect_timer_.GetId());
  take_back_->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) {
    const std::string e = take_back();
    if (!e.empty() && ctx_.status) ctx_.status(e);
  });
  take_back_to_->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) {
    if (!session_) return;
    const long n = wxGetNumberFromUser("Take the game back to ply", "Ply", "Take back", session_->game().ply(), 0,
                                       session_->game().ply(), this);
    if (n < 0) return;
    const std::string e = take_back_to(static_cast<int>(n));
    if (!e.empty() && ctx_.status) ctx_.status(e);
  });
  ask = [this](const wxString& question) {
    wxMessageDialog dlg(this, question, "Game in progress", wxYES_NO | wxCANCEL | wxICON_QUESTION);
    dlg.SetYesNoCancelLabels("Keep as replay", "Discard", "Keep playing");
    const int r = dlg.ShowModal();
    return r == wxID_YES ? wxID_YES : r == wxID_NO ? wxID_NO : wxID_CANCEL;
  };
  hint_->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) {
    if (const std::string why = request_hint(); !why.empty() && ctx_.status) ctx_.status(why);
  });
  options_->Bind(wxEVT_LISTBOX_DCLICK, [this](wxCommandEvent& e) {
    // The list shows the session's options in order (update()).
    const int i = e.GetSelection();
    if (online_) {
      if (i >= 0)
        if (const std::string err = choose_online(options_->GetString(static_cast<unsigned>(i)).utf8_string()); !err.empty())
          show_status(err, true);
      return;
    }
    if (session_ && i >= 0 && static_cast<size_t>(i) < session_->options().size())
      choose(session_->options()[static_cast<size_t>(i)].option);
  });
  Bind(wxEVT_TIMER, &PlayView::on_bot_timer, this, bot_timer_.GetId());
  board_->on_cell = [this](int x, int y) { on_cell(x, y); };
  board_->on_spot = [this](int s) { on_spot(s); };
  board_->on_key = [this](wxKeyEvent& e) { return on_key(e); };
  board_->on_rotate = [this](int dir) {
    if (online_) {
      online_rot_ = ((online_rot_ + dir) % 4 + 4) % 4;
      update_online();
      return;
    }
    if (!session_) return;
    session_->rotate(dir, board_->hover());
    update();
  };
  board_->preview = [this](int x, int y) -> std::optional<std::pair<SceneTile, bool>> {
    if (online_) {
      if (!online_->my_turn() || online_tile_ < 0) return std::nullopt;
      int r = online_rot_;
      const bool legal = !placements_.at(x, y, online_rot_, &r).empty();
      if (!legal) return std::nullopt;
      return std::make_pair(SceneTile{&ctx_.content.tiles[static_cast<size_t>(online_tile_)], x, y, r, false}, true);
    }
    if (!session_ || !session_->human_to_move()) return std::nullopt;
    const tw::TileType* t = session_->drawn_tile();
    if (!t) return std::nullopt;
    const tw::Game& g = session_->game();
    if (g.tile_at(x, y) >= 0) return std::nullopt;
    if (auto r = effective_rotation(session_->options(), x, y, session_->rotation()))
      return std::make_pair(SceneTile{t, x, y, *r, false}, true);
    const bool next_to = g.tile_at(x + 1, y) >= 0 || g.tile_at(x - 1, y) >= 0 || g.tile_at(x, y + 1) >= 0 ||
                         g.tile_at(x, y - 1) >= 0;
    if (!next_to) return std::nullopt;
    return std::make_pair(SceneTile{t, x, y, session_->rotation(), false}, false);
  };
  ctx_.content_listeners.push_back([this]() { content_changed(); });
  board_->on_hover = [this]() {
    if (online_) {
      int r = online_rot_;
      if (auto h = board_->hover()) placements_.at(h->first, h->second, online_rot_, &r);
      preview_->set(online_->my_turn() && online_tile_ >= 0 ? &ctx_.content.tiles[static_cast<size_t>(online_tile_)]
                                                            : nullptr,
                    r);
      return;
    }
    if (!session_) return;
    const tw::TileType* t = session_->drawn_tile();
    int rot = session_->rotation();
    if (auto h = board_->hover())
      if (auto r = effective_rotation(session_->options(), h->first, h->second, rot)) rot = *r;
    preview_->set(t, rot);
  };
}

PlayView::~PlayView() {
  *alive_ = false;
  reconnect_timer_.Stop();
  online_.reset();  // joins its worker
  stop_bots();
  if (bot_worker_.joinable()) bot_worker_.join();  // at most one bot decision (~1 s)
  if (hint_worker_.joinable()) hint_worker_.join();  // and one hint
}

void PlayView::content_changed() {
  // The game points into the content: replay its decisions on the reloaded content.
  board_->set_game(nullptr);
  if (!session_) {
    resume_saved();
    return;
  }
  const tw::GameSetup setup = session_->game().setup();
  const std::vector<std::string> decisions = session_->log().decisions;
  const std::vector<uint64_t> draws = session_->draws_at();
  const bool saved = saved_;
  stop_bots();
  auto s = std::make_unique<PlaySession>();
  session_.reset();
  if (!PlaySession::resume(ctx_.content, setup, decisions, draws, *s).empty()) {
    status_->SetLabel("The game no longer replays on the changed content.");
    history_->ClearCommands();
    take_back_->Disable();
    take_back_to_->Disable();
    pass_->Disable();
    return;
  }
  session_ = std::move(s);
  board_->set_game(&session_->game());
  saved_ = saved;
  update();
  schedule_bot();
}

std::string PlayView::start_game(const tw::GameSetup& setup, const std::vector<std::string>& prefix) {
  stop_bots();
  auto s = std::make_unique<PlaySession>();
  if (std::string err = PlaySession::start(ctx_.content, setup, prefix, *s); !err.empty()) {
    if (ctx_.status) ctx_.status("Cannot start the game: " + err);
    return err;
  }
  if (online_) leave_online();
  last_setup_ = setup;
  if (ctx_.config) {
    ctx_.config->Write("/play/last/rule_set", wxString::FromUTF8(setup.rule_set));
    ctx_.config->Write("/play/last/level", wxString::FromUTF8(setup.level));
    ctx_.config->Write("/play/last/players", wxString::FromUTF8(players_of(setup)));
    ctx_.config->Write("/play/last/seed", wxString::Format("%llu", static_cast<unsigned long long>(setup.seed)));
  }
  session_ = std::move(s);
  saved_ = false;
  saved_replay_ = 0;
  // Nothing of the game before: its take-back line, its hint, its messages.
  last_take_back_.clear();
  hint_option_.reset();
  clear_status();
  history_->ClearCommands();
  board_->set_game(&session_->game());
  board_->fit();
  followed_tile_ = session_->game().last_placed();
  log_->Clear();
  log_lines_ = 0;
  update();
  schedule_bot();
  // The keys (R, P, F, +, -) work at once, without a click on the board first.
  board_->SetFocus();
  return {};
}

void PlayView::new_game() {
  NewGameDialog dlg(this, ctx_.content, last_setup_);
  if (dlg.ShowModal() != wxID_OK) return;
  if (!confirm_replace()) return;
  if (online_) leave_online();
  const std::string err = start_game(dlg.setup());
  if (!err.empty()) wxMessageBox(wxString::FromUTF8(err), "New game", wxOK | wxICON_ERROR, this);
  // Once the dialog has gone and its parent took the focus back: the board's keys again.
  CallAfter([this] { board_->SetFocus(); });
}

void PlayView::prepare_game(const std::string& rule_set, const std::string& level) {
  const bool was_level = !last_setup_.level.empty();
  last_setup_.rule_set = rule_set;
  last_setup_.level = level;
  // Bots that play it: the co-op bot for a level, a greedy one for a competitive game.
  if (was_level != !level.empty())
    for (auto& p : last_setup_.players)
      if (!p.bot.empty()) p.bot = level.empty() ? "greedy" : "coop";
}

bool PlayView::confirm_replace() {
  if (!session_ || session_->finished() || session_->game().ply() <= static_cast<int>(session_->prefix())) return true;
  const int answer = ask(wxString::Format(
      "The game in progress (ply %d) is not finished. Keep it as a replay before starting another one?",
      session_->game().ply()));
  if (answer == wxID_CANCEL) return false;
  if (answer == wxID_YES && ctx_.store) {
    try {
      tw::replay::Replay r = session_->to_replay();
      r.log.set_tag("Event", "unfinished");
      const int64_t id = tw::replay::ReplayStore(*ctx_.store).insert(r);
      if (ctx_.status) ctx_.status("The unfinished game is stored as replay " + std::to_string(id));
    } catch (const std::exception& ex) {
      if (ctx_.status) ctx_.status(std::string("Could not store the game: ") + ex.what());
      return false;
    }
  }
  // Kept or discarded, the game is done with: it is not asked about (and stored) again,
  // and leaving an online game afterwards does not bring it back.
  drop_game();
  return true;
}

void PlayView::drop_game() {
  stop_bots();
  clear_progress();
  session_.reset();
  saved_ = false;
  saved_replay_ = 0;
  hint_option_.reset();
  last_take_back_.clear();
  history_->ClearCommands();
  board_->set_game(nullptr);
  board_->set_spots({});
  board_->set_overlay({});
  options_->Clear();
  log_->Clear();
  log_lines_ = 0;
  preview_->set(nullptr, 0);
  status_->SetLabel(L"No game. Press New game…");
  scores_->SetLabel("");
  pass_->Disable();
  take_back_->Disable();
  take_back_to_->Disable();
  hint_->Disable();
}

std::string PlayView::choose(const tw::Option& option) {
  if (!session_) return "no game";
  if (!session_->human_to_move()) return "it is not a human's turn";
  const tw::Game& g = session_->game();
  const auto& opts = g.pending().options;
  if (std::find(opts.begin(), opts.end(), option) == opts.end()) {
    show_status("Not legal: not an option of this decision", true);
    return "not an option of this decision";
  }
  const std::string canonical = g.to_string(option);
  const int ply = g.ply();
  const wxString name = wxString::FromUTF8(session_->player_name(g.pending().player) + ": " + canonical);
  if (!history_->Submit(new PlayMoveCommand(this, ply, option, name))) return "the decision was refused";
  return {};
}

std::string PlayView::choose(const std::string& option_text) {
  if (!session_) return "no game";
  const int i = find_option(session_->options(), option_text);
  if (i < 0) {
    const std::string why = "'" + option_text + "' is not one of the options listed";
    show_status("Not legal: " + why, true);
    return why;
  }
  return choose(session_->options()[static_cast<size_t>(i)].option);
}

std::string PlayView::choose_kind(tw::OptKind kind) {
  if (!session_) return "no game";
  const int i = find_kind(session_->options(), kind);
  if (i < 0) return "no such option";
  return choose(session_->options()[static_cast<size_t>(i)].option);
}

std::string PlayView::replay_decision(int ply, const tw::Option& option) {
  if (!session_) return "no game";
  if (session_->game().ply() > ply)
    if (std::string e = session_->rewind(ply); !e.empty()) return e;
  if (session_->game().ply() != ply) return "the game is not at ply " + std::to_string(ply);
  const std::string err = session_->apply(option);
  if (!err.empty()) {
    show_status("Not legal: " + err, true);
    return err;
  }
  clear_status();  // an earlier "does not fit", a take-back, a hint: answered by the decision
  last_take_back_.clear();
  board_->set_game(&session_->game());
  update();
  schedule_bot();
  return {};
}

std::string PlayView::replay_decision_text(int ply, const std::string& text) {
  if (!session_) return "no game";
  if (session_->game().ply() > ply)
    if (std::string e = session_->rewind(ply); !e.empty()) return e;
  const int i = find_option(session_->options(), text);
  if (i < 0) return "'" + text + "' is not an option at ply " + std::to_string(ply);
  return replay_decision(ply, session_->options()[static_cast<size_t>(i)].option);
}

void PlayView::history_of_decisions() {
  // Edit > Undo takes back the human decisions of a resumed game as it did before.
  history_->ClearCommands();
  if (!session_ || session_->finished()) return;
  const auto& seats = session_->game().setup().players;
  const auto& d = session_->log().decisions;
  for (int p = static_cast<int>(session_->prefix()); p < static_cast<int>(d.size()); ++p) {
    const int m = session_->mover(p);
    if (m < 0 || static_cast<size_t>(m) >= seats.size() || !seats[static_cast<size_t>(m)].bot.empty()) continue;
    const std::string& text = d[static_cast<size_t>(p)];
    history_->Store(
        new ResumedMoveCommand(this, p, text, wxString::FromUTF8(session_->player_name(m) + ": " + text)));
  }
}

std::string PlayView::rewind_to(int ply) {
  if (!session_) return "no game";
  stop_bots();
  if (std::string e = session_->rewind(ply); !e.empty()) return e;
  saved_ = false;
  board_->set_game(&session_->game());
  update();
  schedule_bot();
  return {};
}

std::string PlayView::restore_game(const tw::GameSetup& setup, const std::vector<std::string>& decisions,
                                   const std::vector<uint64_t>& draws) {
  stop_bots();
  auto s = std::make_unique<PlaySession>();
  if (std::string e = PlaySession::resume(ctx_.content, setup, decisions, draws, *s); !e.empty()) return e;
  session_ = std::move(s);
  saved_ = false;
  board_->set_game(&session_->game());
  update();
  schedule_bot();
  return {};
}

std::string PlayView::take_back() {
  if (!session_) return "no game";
  if (session_->finished()) return "the game is over";
  const int p = session_->last_human_ply();
  if (p < 0) return "nothing to take back: no human has decided yet";
  return take_back_to(p);
}

std::string PlayView::take_back_to(int ply) {
  if (!session_) return "no game";
  if (session_->finished()) return "the game is over";
  if (ply < 0 || ply >= session_->game().ply()) return "no earlier ply " + std::to_string(ply);
  // A bot to move there would only play the same again: go back to where a human decides.
  const auto& seats = session_->game().setup().players;
  auto bot = [&](int p) {
    const int m = session_->mover(p);
    return m >= 0 && static_cast<size_t>(m) < seats.size() && !seats[static_cast<size_t>(m)].bot.empty();
  };
  while (ply > 0 && bot(ply)) --ply;
  // Whose moves go back, named (in a hotseat game Take back on Ben's turn takes back
  // Ann's move: say so).
  const std::string what = taken_back_text(ply);
  auto* cmd = new TakeBackCommand(this, ply, what);
  last_take_back_ = what;  // shown under the turn's line until the next decision
  if (!history_->Submit(cmd)) {
    last_take_back_.clear();
    return "the take-back was refused";
  }
  show_status(what, false);
  return {};
}

std::string PlayView::taken_back_text(int ply) const {
  const auto& d = session_->log().decisions;
  const int now = session_->game().ply();
  std::vector<std::string> names;  // the movers of the plies taken back, in order, once each
  for (int p = ply; p < now; ++p) {
    if (session_->mover(p) < 0) continue;
    const std::string n = session_->player_name(session_->mover(p));
    if (std::find(names.begin(), names.end(), n) == names.end()) names.push_back(n);
  }
  std::string who;
  for (size_t i = 0; i < names.size(); ++i)
    who += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + names[i] + "'s";
  std::string text = "Took back " + who + (now - ply == 1 ? " move" : " moves") + " (" +
                     (ply < static_cast<int>(d.size()) ? d[static_cast<size_t>(ply)] : std::string()) +
                     (now - ply > 1 ? " …" : "") + ", back to ply " + std::to_string(ply) + ")";
  const int mover = session_->mover(ply);
  if (mover >= 0) text += ": " + session_->player_name(mover) + " to move";
  return text;
}

void PlayView::save_progress() {
  if (!ctx_.config) return;
  if (!session_ || session_->finished() || ctx_.db_path.empty()) {
    clear_progress();
    return;
  }
  const tw::GameSetup& s = session_->game().setup();
  wxConfigBase* c = ctx_.config;
  c->Write("/play/current/db", wxString::FromUTF8(ctx_.db_path));
  c->Write("/play/current/rule_set", wxString::FromUTF8(s.rule_set));
  c->Write("/play/current/level", wxString::FromUTF8(s.level));
  c->Write("/play/current/players", wxString::FromUTF8(players_of(s)));
  c->Write("/play/current/seed", wxString::Format("%llu", static_cast<unsigned long long>(s.seed)));
  c->Write("/play/current/draw", wxString::FromUTF8(join(s.draw, " ")));
  c->Write("/play/current/decisions", wxString::FromUTF8(join(session_->log().decisions, "|")));
  std::string draws;
  for (uint64_t d : session_->draws_at()) draws += (draws.empty() ? "" : " ") + std::to_string(d);
  c->Write("/play/current/draws", wxString::FromUTF8(draws));
  c->Flush();
}

void PlayView::clear_progress() {
  if (!ctx_.config) return;
  if (ctx_.config->HasGroup("/play/current")) {
    ctx_.config->DeleteGroup("/play/current");
    ctx_.config->Flush();
  }
}

bool PlayView::resume_saved() {
  if (!ctx_.config || session_ || ctx_.db_path.empty()) return false;
  wxConfigBase* c = ctx_.config;
  wxString db;
  if (!c->Read("/play/current/db", &db) || db.utf8_string() != ctx_.db_path) return false;
  tw::GameSetup s;
  wxString v;
  c->Read("/play/current/rule_set", &v);
  s.rule_set = v.utf8_string();
  v.clear();
  c->Read("/play/current/level", &v);
  s.level = v.utf8_string();
  v.clear();
  c->Read("/play/current/players", &v);
  s.players = tw::parse_players(v.utf8_string());
  v.clear();
  c->Read("/play/current/seed", &v);
  s.seed = tw::parse_seed(v.utf8_string());
  v.clear();
  c->Read("/play/current/draw", &v);
  for (const auto& t : wxStringTokenize(v, " ")) s.draw.push_back(t.utf8_string());
  v.clear();
  c->Read("/play/current/decisions", &v);
  std::vector<std::string> decisions;
  for (const auto& t : wxStringTokenize(v, "|")) decisions.push_back(t.utf8_string());
  v.clear();
  c->Read("/play/current/draws", &v);
  std::vector<uint64_t> draws;
  for (const auto& t : wxStringTokenize(v, " ")) {
    unsigned long long d = 0;
    if (t.ToULongLong(&d)) draws.push_back(d);
  }
  auto ps = std::make_unique<PlaySession>();
  if (std::string e = PlaySession::resume(ctx_.content, s, decisions, draws, *ps); !e.empty()) {
    if (ctx_.status) ctx_.status("The saved game no longer replays on this database: " + e);
    return false;
  }
  session_ = std::move(ps);
  last_setup_ = s;
  saved_ = false;
  history_of_decisions();
  board_->set_game(&session_->game());
  board_->fit();
  log_->Clear();
  log_lines_ = 0;
  update();
  schedule_bot();
  // Say so where it shows: the Play page comes to the front, and the message goes to the
  // status bar after whatever the frame says about opening the database.
  const std::string msg = "Resumed the unfinished game (" + players_of(s) + ", " + s.rule_set + ") at ply " +
                          std::to_string(session_->game().ply()) + ": Play > New game… starts another";
  if (ctx_.status) ctx_.status(msg);
  CallAfter([this, msg] {
    if (auto* nb = dynamic_cast<wxAuiNotebook*>(GetParent())) {
      const int i = nb->GetPageIndex(this);
      if (i != wxNOT_FOUND) nb->SetSelection(static_cast<size_t>(i));
    }
    if (ctx_.status) ctx_.status(msg);
  });
  return true;
}

void PlayView::on_cell(int x, int y) {
  if (online_) {
    if (const std::string e = click_online(x, y); !e.empty()) show_status(e, true);
    return;
  }
  if (!session_) return;
  const int i = session_->option_for_cell(x, y);
  if (i < 0) {  // say why the click chose nothing
    show_status(why_not_here(x, y), true);
    return;
  }
  choose(session_->options()[static_cast<size_t>(i)].option);
}

void PlayView::on_spot(int spot) {
  if (online_) {  // a ring of the online game: its option's text goes to the server
    const auto& spots = board_->spots();
    if (spot >= 0 && static_cast<size_t>(spot) < spots.size())
      if (const std::string e = choose_online(spots[static_cast<size_t>(spot)].label); !e.empty()) show_status(e, true);
    return;
  }
  if (!session_ || !session_->human_to_move()) return;
  const auto& spots = board_->spots();
  if (spot < 0 || static_cast<size_t>(spot) >= spots.size()) return;
  choose(spots[static_cast<size_t>(spot)].option);
}

bool PlayView::on_key(wxKeyEvent& e) {
  if (online_ && !e.ControlDown() && !e.AltDown()) {
    if (e.GetKeyCode() == 'R') {
      online_rot_ = ((online_rot_ + (e.ShiftDown() ? -1 : 1)) % 4 + 4) % 4;
      update_online();
      return true;
    }
    if (e.GetKeyCode() == 'P') {
      if (const std::string err = choose_online(view_pass(online_->view())); !err.empty()) show_status(err, true);
      return true;
    }
    return false;
  }
  if (!session_ || e.ControlDown() || e.AltDown()) return false;
  switch (e.GetKeyCode()) {
    case 'R':
      session_->rotate(e.ShiftDown() ? -1 : 1, board_->hover());
      update();
      return true;
    case 'P':
      if (find_kind(session_->options(), tw::OptKind::Pass) >= 0) choose_kind(tw::OptKind::Pass);
      return true;
    default:
      return false;
  }
}

void PlayView::schedule_bot() {
  if (session_ && session_->bot_to_move()) bot_timer_.StartOnce(bot_delay_);
}

void PlayView::stop_bots() {
  bot_timer_.Stop();
  ++bot_generation_;
}

void PlayView::on_bot_timer(wxTimerEvent&) {
  if (!session_ || !session_->bot_to_move()) return;
  if (thinking_) return;  // bot_decided() schedules again
  auto turn = session_->bot_turn(std::make_shared<const tw::Content>(ctx_.content));
  if (!turn) return;
  if (bot_worker_.joinable()) bot_worker_.join();
  thinking_ = true;
  const uint64_t generation = bot_generation_;
  bot_worker_ = std::thread([this, generation, turn = std::move(*turn)] {
    PlaySession::BotChoice c = PlaySession::think(turn);
    CallAfter([this, generation, c = std::move(c)]() mutable { bot_decided(generation, std::move(c)); });
  });
}

void PlayView::bot_decided(uint64_t generation, PlaySession::BotChoice c) {
  if (bot_worker_.joinable()) bot_worker_.join();
  thinking_ = false;
  if (generation == bot_generation_ && session_) {
    if (std::string e = session_->play_bot_choice(c); !e.empty()) {
      if (ctx_.status) ctx_.status("The bot's decision was not played: " + e);
    } else {
      if (status_error_) clear_status();  // (a take-back's or a hint's line stays for the human's turn)
      update();
    }
  }
  schedule_bot();
}

void PlayView::finish() {
  if (saved_ || !session_ || !session_->finished()) return;
  saved_ = true;
  history_->ClearCommands();  // the game is stored: no take-backs after the end
  clear_progress();
  board_->fit();  // the whole final board
  if (!ctx_.store) return;
  try {
    tw::replay::ReplayStore rs(*ctx_.store);
    saved_replay_ = rs.insert(session_->to_replay());
    if (ctx_.status) ctx_.status("Game over: " + tw::result_text(session_->game()) + " — stored as replay " +
                                 std::to_string(saved_replay_));
  } catch (const std::exception& ex) {
    if (ctx_.status) ctx_.status(std::string("Could not store the game: ") + ex.what());
  }
}

wxString PlayView::status_text() const { return status_->GetLabelText(); }

wxString PlayView::selected_option() const { return options_->GetStringSelection(); }

std::string PlayView::request_hint() {
  if (hint_thinking_) return "A hint is on its way.";
  if (!session_ || !session_->human_to_move()) return "No decision of yours is pending: nothing to hint.";
  auto turn = session_->hint_turn(kHintBot, std::make_shared<const tw::Content>(ctx_.content));
  if (!turn) return "No hint bot.";
  if (hint_worker_.joinable()) hint_worker_.join();  // (finished: its answer has arrived)
  hint_thinking_ = true;
  hint_->Disable();
  hint_->SetLabel(L"Thinking…");
  hint_worker_ = std::thread([this, turn = std::move(*turn)] {
    PlaySession::BotChoice c = PlaySession::think(turn);
    CallAfter([this, c = std::move(c)]() mutable { hint_ready(std::move(c)); });
  });
  return {};
}

void PlayView::hint_ready(PlaySession::BotChoice c) {
  if (hint_worker_.joinable()) hint_worker_.join();
  hint_thinking_ = false;
  hint_->SetLabel("Hint");
  if (!session_) return;
  hint_->Enable(session_->human_to_move());
  // Only for the position it was asked for: not after a move, a take-back or a new game.
  if (!session_->human_to_move() || session_->game().state_hash() != c.position) return;
  if (!c.error.empty()) {
    if (ctx_.status) ctx_.status("No hint: " + c.error);
    return;
  }
  last_hint_ = c.text;
  // On the board (a ghost of the tile, a ring on the follower's segment), not in the side
  // panel; what it is and how sure the search is goes to the status bar.
  hint_option_ = c.option;
  hint_position_ = c.position;
  wxString line = wxString::Format("Hint (%s): %s", kHintBot, wxString::FromUTF8(c.text));
  if (c.visits > 0) line += wxString::Format(L" — tried %d times, mean reward %.2f", c.visits, c.value);
  show_status(line.ToStdString(wxConvUTF8), false);
  update();
  options_->SetStringSelection(wxString::FromUTF8(c.text));  // (update() refilled the list)
}

void PlayView::show_status(const std::string& text, bool error) {
  if (ctx_.status) ctx_.status(text);
  status_error_ = error;
  status_shown_ = text;
}

void PlayView::clear_error() {
  if (status_error_) clear_status();
  status_error_ = false;
}

void PlayView::clear_status() {
  // Only this view's own message, while the status bar still shows it.
  if (!status_shown_.empty() && ctx_.status) {
    auto* f = wxDynamicCast(wxGetTopLevelParent(this), wxFrame);
    if (!f || !f->GetStatusBar() || f->GetStatusBar()->GetStatusText(0).utf8_string() == status_shown_)
      ctx_.status("");
  }
  status_shown_.clear();
  status_error_ = false;
}

std::string PlayView::why_not_here(int x, int y) const {
  if (!session_ || !session_->human_to_move()) return "It is not your turn.";
  const tw::Game& g = session_->game();
  const auto& d = g.pending();
  if (d.kind != tw::DecisionKind::Place) {
    if (session_->spots().empty()) return "Nothing to click on the board now: choose from the list (or Pass).";
    return "Click one of the rings on the board, or choose from the list (or Pass).";
  }
  const tw::TileType* t = session_->drawn_tile();
  const std::string tile = t ? t->notation_id() : std::string("the tile");
  if (g.tile_at(x, y) >= 0) return "That cell is taken: place " + tile + " on a free cell next to the board.";
  const bool next_to =
      g.tile_at(x + 1, y) >= 0 || g.tile_at(x - 1, y) >= 0 || g.tile_at(x, y + 1) >= 0 || g.tile_at(x, y - 1) >= 0;
  if (!next_to) return tile + " does not fit here: a tile goes next to a placed one (the green cells).";
  return tile + " does not fit here: in no rotation do its edges match the neighbours' (the green cells fit).";
}

void PlayView::follow_board() {
  // The board follows play: a tile placed outside the view is brought into it.
  const tw::Game& g = session_->game();
  const int last = g.last_placed();
  if (last < 0 || last == followed_tile_) return;
  followed_tile_ = last;
  const auto& p = g.placed()[static_cast<size_t>(last)];
  board_->ensure_visible(p.x, p.y);
}

void PlayView::update() {
  if (online_) {
    update_online();
    return;
  }
  if (!session_) return;
  const tw::Game& g = session_->game();
  const bool human = session_->human_to_move();

  // Status line: whose turn and what is asked.
  wxString status;
  if (g.finished()) {
    status = "Game over: " + wxString::FromUTF8(tw::result_text(g));
  } else {
    const auto& d = g.pending();
    status = wxString::FromUTF8(session_->player_name(d.player)) + L" — " +
             wxString::FromUTF8(std::string(tw::decision_kind_name(d.kind)));
    if (const tw::TileType* t = session_->drawn_tile()) status += " " + wxString::FromUTF8(t->notation_id());
    status += human ? wxString() : wxString(L" (thinking…)");
    const std::string help = decision_help(g, session_->options());
    if (!help.empty()) status += "\n" + wxString::FromUTF8(help);
    if (!last_take_back_.empty()) status += "\n" + wxString::FromUTF8(last_take_back_);
  }
  status_->SetLabel(status);
  status_->Wrap(300);

  // Scores, supplies, ghost bank, tiles left (present/summary.h).
  const wxString sc = wxString::FromUTF8(tw::summary_text(tw::state_summary(g, tw::SummaryForm::Panel), "\n", false));
  scores_->SetLabel(sc);

  // Options: every legal option in the list, the board's overlays for the human.
  options_->Clear();
  if (human)
    for (const auto& o : session_->options()) options_->Append(wxString::FromUTF8(o.text));
  pass_->Enable(human && find_kind(session_->options(), tw::OptKind::Pass) >= 0);
  take_back_->Enable(!g.finished() && session_->last_human_ply() >= 0);
  take_back_to_->Enable(!g.finished() && g.ply() > 0);
  hint_->Enable(human && !hint_thinking_);

  BoardOverlay ov;
  ov.legal_cells = human && g.pending().kind == tw::DecisionKind::Place;
  // The hint, while the position is the one it was thought for.
  if (hint_option_ && human && g.state_hash() == hint_position_) {
    ov.hint = hint_of(g, *hint_option_, "hint");
  } else {
    hint_option_.reset();
  }
  const std::optional<SceneHint> hint = ov.hint;
  board_->set_overlay(ov);
  board_->set_spots(human ? session_->spots() : std::vector<SceneSpot>{});
  // Rings on a tile need room: a small board (a 1024x700 window) zooms in on them.
  for (const auto& sp : board_->spots())
    if (sp.seg >= 0) {
      board_->ensure_cell_size(kRingCell, sp.x, sp.y);
      break;
    }

  int rot = session_->rotation();
  if (auto h = board_->hover())
    if (auto r = effective_rotation(session_->options(), h->first, h->second, rot)) rot = *r;
  preview_->set(human ? session_->drawn_tile() : nullptr, rot);

  // Events since the last update (all of them again after a take-back).
  const auto& ev = session_->event_log();
  if (ev.size() < log_lines_) {
    log_->Clear();
    log_lines_ = 0;
  }
  if (ev.size() > log_lines_) {
    wxString add;
    for (size_t i = log_lines_; i < ev.size(); ++i) add += (i ? "\n" : "") + wxString::FromUTF8(ev[i]);
    log_->AppendText(add);
    log_lines_ = ev.size();
    log_->ShowPosition(log_->GetLastPosition());
  }
  follow_board();
  // A ghost's candidates may stand anywhere: bring them into view.
  if (human && g.pending().kind == tw::DecisionKind::Ghost && !board_->spots().empty()) {
    const auto& sp = board_->spots();
    int x0 = sp.front().x, x1 = x0, y0 = sp.front().y, y1 = y0;
    for (const auto& p : sp) {
      x0 = std::min(x0, p.x);
      x1 = std::max(x1, p.x);
      y0 = std::min(y0, p.y);
      y1 = std::max(y1, p.y);
    }
    board_->ensure_visible(x0, y0, x1, y1);
  }
  if (hint) board_->ensure_visible(hint->tile ? hint->tile->x : hint->x, hint->tile ? hint->tile->y : hint->y);
  Layout();
  if (g.finished())
    finish();
  else
    save_progress();
}

// ---------------------------------------------------------------------------------
// Online play

namespace {

std::string config_string(wxConfigBase* c, const char* key) {
  wxString v;
  if (c && c->Read(key, &v)) return v.utf8_string();
  return {};
}

}  // namespace

void PlayView::start_online() {
  stop_bots();
  reconnect_timer_.Stop();
  reconnect_tries_ = 0;
  user_left_ = false;
  online_fitted_ = false;
  online_tiles_seen_ = 0;
  online_log_ply_ = 0;
  online_prev_tiles_ = online_prev_followers_ = online_prev_seat_ = -1;
  online_over_logged_ = false;
  online_status_.clear();
  online_error_.clear();
  online_rot_ = 0;
  online_tile_ = -1;
  placements_ = {};
  std::weak_ptr<std::atomic<bool>> alive = alive_;
  online_ = std::make_unique<OnlineSession>([this, alive](OnlineSession::Incoming in) {
    // The worker's thread: only queue the call (wxEvtHandler::CallAfter is thread-safe).
    if (auto a = alive.lock(); a && *a)
      CallAfter([this, alive, in = std::move(in)]() mutable {
        if (auto a2 = alive.lock(); a2 && *a2) online_message(std::move(in));
      });
  });
  board_->set_game(nullptr);
  board_->set_spots({});
  board_->set_overlay({});
  board_->scene_source = [this]() -> std::optional<BoardScene> {
    if (!online_ || !online_->view().is_object()) return std::nullopt;
    BoardScene sc = scene_of_view(ctx_.content, online_->view());
    if (online_->my_turn()) sc.legal_cells = placements_.cells;
    return sc;
  };
  board_->bounds_source = [this](int& x0, int& y0, int& x1, int& y1) {
    return online_ && view_bounds(online_->view(), x0, y0, x1, y1);
  };
  log_->Clear();
  log_lines_ = 0;
  for (wxWindow* w : {static_cast<wxWindow*>(online_label_), static_cast<wxWindow*>(invite_),
                      static_cast<wxWindow*>(copy_invite_), static_cast<wxWindow*>(rejoin_),
                      static_cast<wxWindow*>(leave_)})
    w->Show();
  // Room for the invitation: the list and the events give up some height.
  options_->SetMinSize(wxSize(300, 100));
  log_->SetMinSize(wxSize(300, 100));
  Layout();
}

std::string PlayView::host_online(const std::string& url, const std::string& name, const HostSpec& spec) {
  std::string why;
  if (!tw::net::parse_url(url, &why)) return why;
  if (spec.rule_set.empty()) return "no game chosen";
  if (std::string e = writer_.open(ctx_.content, spec.rule_set, spec.level); !e.empty()) return e;
  start_online();
  online_->host(url, name, spec);
  update_online();
  return {};
}

std::string PlayView::join_online(const std::string& url, const std::string& name, const std::string& room, int seat,
                                  const std::string& token) {
  std::string why;
  if (!tw::net::parse_url(url, &why)) return why;
  if (room.empty()) return "no room code";
  start_online();
  if (!token.empty())
    online_->rejoin(url, room, token);
  else
    online_->join(url, name, room, seat);
  update_online();
  return {};
}

std::string PlayView::watch_online(const std::string& url, const std::string& room) {
  std::string why;
  if (!tw::net::parse_url(url, &why)) return why;
  if (room.empty()) return "no room code";
  start_online();
  online_->watch(url, room);
  update_online();
  return {};
}

void PlayView::host_online_dialog() {
  OnlineDialog dlg(this, OnlineDialog::Kind::Host, ctx_.content, config_string(ctx_.config, "/play/online/url"),
                   config_string(ctx_.config, "/play/online/name"));
  dlg.restore_host_settings(config_string(ctx_.config, "/play/online/host"));
  if (dlg.ShowModal() != wxID_OK) return;
  // Remembered before the question: "Keep playing" does not lose what was typed.
  if (ctx_.config) {
    ctx_.config->Write("/play/online/url", wxString::FromUTF8(dlg.url()));
    ctx_.config->Write("/play/online/name", wxString::FromUTF8(dlg.name()));
    ctx_.config->Write("/play/online/host", wxString::FromUTF8(dlg.host_settings()));
    ctx_.config->Flush();
  }
  if (!online_ && !confirm_replace()) return;
  if (const std::string e = host_online(dlg.url(), dlg.name(), dlg.spec()); !e.empty())
    wxMessageBox(wxString::FromUTF8(e), "Host online game", wxOK | wxICON_ERROR, this);
}

void PlayView::join_online_dialog() {
  OnlineDialog dlg(this, OnlineDialog::Kind::Join, ctx_.content, config_string(ctx_.config, "/play/online/url"),
                   config_string(ctx_.config, "/play/online/name"), config_string(ctx_.config, "/play/online/room"),
                   config_string(ctx_.config, "/play/online/token"));
  if (dlg.ShowModal() != wxID_OK) return;
  if (ctx_.config) {  // (before the question, as for Host)
    ctx_.config->Write("/play/online/url", wxString::FromUTF8(dlg.url()));
    ctx_.config->Write("/play/online/name", wxString::FromUTF8(dlg.name()));
    ctx_.config->Write("/play/online/room", wxString::FromUTF8(dlg.room()));
    ctx_.config->Flush();
  }
  if (!online_ && !confirm_replace()) return;
  if (const std::string e = join_online(dlg.url(), dlg.name(), dlg.room(), dlg.seat(), dlg.token()); !e.empty())
    wxMessageBox(wxString::FromUTF8(e), "Join online game", wxOK | wxICON_ERROR, this);
}

void PlayView::watch_online_dialog() {
  OnlineDialog dlg(this, OnlineDialog::Kind::Watch, ctx_.content, config_string(ctx_.config, "/play/online/url"), {},
                   config_string(ctx_.config, "/play/online/room"));
  if (dlg.ShowModal() != wxID_OK) return;
  if (!online_ && !confirm_replace()) return;
  if (const std::string e = watch_online(dlg.url(), dlg.room()); !e.empty())
    wxMessageBox(wxString::FromUTF8(e), "Watch online game", wxOK | wxICON_ERROR, this);
}

std::string PlayView::rejoin_online() {
  if (!online_) return "No online game to rejoin: Play > Join online game… with the room code and your seat token.";
  if (online_->connected()) return "Connected already.";
  user_left_ = false;
  reconnect_timer_.Stop();
  if (!online_->reconnect()) return "Nothing to come back to: this view had no seat (and was not watching).";
  update_online();
  return {};
}

void PlayView::leave_online() {
  if (!online_) return;
  user_left_ = true;
  reconnect_timer_.Stop();
  remember_online();
  const std::string room = online_->room();
  const bool watching = online_->watching();
  online_.reset();  // the connection ends; the seat stays on the server
  board_->scene_source = nullptr;
  board_->bounds_source = nullptr;
  for (wxWindow* w : {static_cast<wxWindow*>(online_label_), static_cast<wxWindow*>(invite_),
                      static_cast<wxWindow*>(copy_invite_), static_cast<wxWindow*>(rejoin_),
                      static_cast<wxWindow*>(leave_)})
    w->Hide();
  options_->SetMinSize(wxSize(300, 140));
  log_->SetMinSize(wxSize(300, 180));
  options_->Clear();
  log_->Clear();
  log_lines_ = 0;
  preview_->set(nullptr, 0);
  if (session_) {
    board_->set_game(&session_->game());
    board_->fit();
    update();
    schedule_bot();
  } else {
    board_->set_game(nullptr);
    status_->SetLabel(L"No game. Press New game…");
    scores_->SetLabel("");
    pass_->Disable();
    Layout();
  }
  clear_status();
  if (watching)  // a spectator has no seat to keep
    show_status(room.empty() ? "Stopped watching" : "Stopped watching room " + room, false);
  else
    show_status(room.empty() ? "Left the online game"
                             : "Left room " + room +
                                   " (your seat is kept: Play > Join online game… with your token comes back)",
                false);
}

void PlayView::drop_online_connection() {
  if (!online_) return;
  online_->disconnect();
  online_message(OnlineSession::Incoming{OnlineSession::Incoming::Kind::Dropped, nullptr,
                                         "the connection was dropped", online_->connection()});
}

void PlayView::remember_online() {
  if (!ctx_.config || !online_) return;
  ctx_.config->Write("/play/online/url", wxString::FromUTF8(online_->url()));
  if (!online_->room().empty()) ctx_.config->Write("/play/online/room", wxString::FromUTF8(online_->room()));
  ctx_.config->Write("/play/online/token", wxString::FromUTF8(online_->token()));
  ctx_.config->Flush();
}

void PlayView::online_message(OnlineSession::Incoming in) {
  // A message whose fields are not of the types the protocol says is named, not a crash.
  try {
    online_message_checked(std::move(in));
  } catch (const nlohmann::json::exception& e) {
    online_error_ = std::string("The server sent a message this editor cannot read: ") + e.what();
    show_status(online_error_, true);
  }
}

void PlayView::online_message_checked(OnlineSession::Incoming in) {
  if (!online_) return;
  const bool mine = in.connection == online_->connection();
  const bool was_joined = online_->joined();
  online_->handle(in);
  if (!mine) return;
  using K = OnlineSession::Incoming::Kind;
  if ((in.kind == K::Dropped || (in.kind == K::Failed && reconnect_tries_ > 0)) && !user_left_ &&
      !online_->over() && (!online_->token().empty() || online_->watching())) {
    // Come back by itself a few times (1 s apart), then leave it to Rejoin.
    if (reconnect_tries_ < 5) {
      ++reconnect_tries_;
      reconnect_timer_.StartOnce(1000);
    }
  }
  if (in.kind == K::Message && !was_joined && online_->joined()) {
    if (reconnect_tries_ > 0 || !online_error_.empty()) {
      // Back: "Cannot connect… reconnecting" is answered.
      if (reconnect_tries_ > 0) ++reconnects_;
      online_error_.clear();
      clear_status();
      show_status("Reconnected to room " + online_->room(), false);
    }
    reconnect_tries_ = 0;
    remember_online();
  }
  if (in.kind == K::Message && in.message.value("type", std::string()) == "error") {
    const std::string line = "The server refused: " + online_->error() + " (" + online_->error_code() + ")";
    online_error_ = line;
    show_status(line, true);
  } else if (in.kind == K::Dropped || in.kind == K::Failed) {
    online_error_ = online_->error_code() == "connect" ? "Cannot connect: " + online_->error()
                                                       : "Connection lost: " + online_->error();
    show_status(online_error_ + (reconnect_timer_.IsRunning() ? " — reconnecting…" : ""), true);
  } else if (in.kind == K::Message && in.message.value("type", std::string()) == "state") {
    online_error_.clear();
  }
  update_online();
}

void PlayView::on_reconnect_timer(wxTimerEvent&) {
  if (!online_ || online_->connected() || user_left_) return;
  online_->reconnect();
  update_online();
}

std::string PlayView::choose_online(const std::string& option_text) {
  if (!online_) return "not online";
  if (online_->watching()) return "You are watching: a spectator does not decide.";
  const std::string e = online_->move(option_text);
  if (e.empty()) {
    online_error_.clear();
    clear_error();
  }
  update_online();
  return e;
}

std::string PlayView::click_online(int x, int y) {
  if (!online_) return "not online";
  if (!online_->my_turn()) return online_->watching() ? "You are watching." : "It is not your turn.";
  if (online_tile_ < 0) return "Nothing to place: choose from the list (or Pass).";
  int r = online_rot_;
  const std::string text = placements_.at(x, y, online_rot_, &r);
  if (text.empty())
    return ctx_.content.tiles[static_cast<size_t>(online_tile_)].notation_id() +
           " does not fit here: the green cells are where it fits.";
  online_rot_ = r;
  return choose_online(text);
}

wxString PlayView::invite_text() const { return online_ ? wxString::FromUTF8(online_->invite_text()) : wxString(); }

void PlayView::update_online() {
  if (!online_) return;
  using Json = nlohmann::json;
  const Json& v = online_->view();
  const Json& room = online_->room_info();
  if (room.is_object() && room.contains("rule_set") && room["rule_set"].is_string()) {
    const std::string rs = room["rule_set"].get<std::string>();
    const std::string lv = room.contains("level") && room["level"].is_string() ? room["level"].get<std::string>() : "";
    if (!writer_.ready() || writer_.rule_set() != rs || writer_.level() != lv) writer_.open(ctx_.content, rs, lv);
  }
  const bool mine = online_->my_turn();
  const std::vector<std::string> opts = online_->my_options();
  online_tile_ = -1;
  if (mine && v["pending"].value("kind", std::string()) == "place" && v["pending"].contains("tile") &&
      v["pending"]["tile"].is_string())
    if (const tw::TileType* t = tile_by_id(ctx_.content, v["pending"]["tile"].get<std::string>()))
      online_tile_ = static_cast<int>(t - ctx_.content.tiles.data());
  placements_ = view_placements(v, online_tile_, opts);
  // The rings of a follower (ghost, bury, ...) decision on the board, as offline.
  board_->set_spots(mine ? view_spots(ctx_.content, v, opts) : std::vector<SceneSpot>{});
  for (const auto& sp : board_->spots())
    if (sp.seg >= 0) {
      board_->ensure_cell_size(kRingCell, sp.x, sp.y);
      break;
    }

  // The status beside the board and in the frame's status bar: the room, who is here,
  // whose turn.
  const std::string line = online_->status_line();
  wxString status = wxString::FromUTF8(line);
  if (mine)
    status += online_tile_ >= 0 ? wxString(L"\nYour turn: click a green cell (R turns the tile)")
                                : wxString(L"\nYour turn: choose from the list (double-click)");
  if (!online_error_.empty()) status += "\n" + wxString::FromUTF8(online_error_);
  status_->SetLabel(status);
  status_->Wrap(300);
  if (line != online_status_ && !status_error_) {
    online_status_ = line;
    if (ctx_.status) ctx_.status(line);
  }

  wxString sc;
  if (v.is_object()) {
    if (v.contains("scores") && v["scores"].is_object())
      for (auto it = v["scores"].begin(); it != v["scores"].end(); ++it)
        sc += wxString::FromUTF8(it.key() + ": " + it->dump()) + "\n";
    // What each seat has in supply (co-op: per colour).
    if (v.contains("supply") && v["supply"].is_array())
      for (const auto& p : v["supply"]) {
        if (!p.is_object()) continue;
        std::string l = p.value("player", std::string()) + ":";
        if (p.contains("colours") && p["colours"].is_object()) {
          for (auto c = p["colours"].begin(); c != p["colours"].end(); ++c) l += " " + c.key() + " " + c->dump();
        } else {
          l += " " + p.value("followers", Json(0)).dump() + " followers";
          if (p.contains("guards") && p["guards"].is_number()) l += ", " + p["guards"].dump() + " guards";
        }
        sc += wxString::FromUTF8(l + " in supply") + "\n";
      }
    if (v.contains("tiles_left") && v["tiles_left"].is_number()) sc += wxString::Format("Tiles left: %d", v["tiles_left"].get<int>());
  }
  // The clocks (a room with a time control): each seat's time left, the running one marked.
  const Json& clocks = online_->clocks();
  if (clocks.is_array() && !clocks.empty()) {
    std::string clock_line = "Clocks:";
    const Json seats = room.is_object() ? room.value("seats", Json::array()) : Json::array();
    for (const auto& c : clocks) {
      if (!c.is_object()) continue;
      const int seat = c.value("seat", -1);
      std::string who = "seat " + std::to_string(seat + 1);
      for (const auto& st : seats)
        if (st.is_object() && st.value("seat", -2) == seat && st.value("name", Json()).is_string())
          who = st["name"].get<std::string>();
      clock_line += " " + who + " " + clock_text(c.value("left_ms", int64_t{0})) +
              (c.value("timed_out", false) ? " (out of time)" : c.value("running", false) ? " \u25C0" : "");
    }
    sc += (sc.empty() ? "" : "\n") + wxString::FromUTF8(clock_line);
  }
  scores_->SetLabel(sc);

  options_->Clear();
  for (const auto& o : opts) options_->Append(wxString::FromUTF8(o));
  const std::string pass = view_pass(online_->view());
  pass_->Enable(mine && std::find(opts.begin(), opts.end(), pass) != opts.end());
  take_back_->Disable();
  take_back_to_->Disable();
  hint_->Disable();
  rejoin_->Enable(!online_->connected() && (!online_->token().empty() || online_->watching()));
  leave_->Enable(true);
  const wxString invite = wxString::FromUTF8(online_->invite_text());
  if (invite_->GetValue() != invite) invite_->ChangeValue(invite);
  copy_invite_->Enable(!invite.empty());

  int r = online_rot_;
  if (auto h = board_->hover()) placements_.at(h->first, h->second, online_rot_, &r);
  preview_->set(mine && online_tile_ >= 0 ? &ctx_.content.tiles[static_cast<size_t>(online_tile_)] : nullptr, r);

  // The events of each state, once, and the result.
  if (v.is_object() && !online_over_logged_ && online_->ply() >= 0 &&
      static_cast<size_t>(online_->ply()) + 1 != online_log_ply_) {
    wxString add;
    // What the decision did (the view does not say who chose what): the tile placed and
    // the followers set since the last state, by the seat that was to decide.
    const int tiles_now = v.contains("board") && v["board"].is_array() ? static_cast<int>(v["board"].size()) : 0;
    const int followers_now =
        v.contains("followers") && v["followers"].is_array() ? static_cast<int>(v["followers"].size()) : 0;
    if (online_prev_seat_ >= 0 || online_prev_tiles_ >= 0) {
      std::string who = "seat " + std::to_string(online_prev_seat_ + 1);
      if (room.is_object())
        for (const auto& st : room.value("seats", Json::array()))
          if (st.is_object() && st.value("seat", -2) == online_prev_seat_)
            who = st.value("kind", std::string()) == "bot" ? "bot:" + st.value("bot", std::string())
                                                            : st.value("name", who);
      auto log_line = [&](const std::string& l) { add += (log_->IsEmpty() && add.empty() ? "" : "\n") + wxString::FromUTF8(l); };
      if (tiles_now > online_prev_tiles_ && online_prev_tiles_ >= 0) {
        const Json& b = v["board"].back();
        const std::string tile = b.contains("tile") && b["tile"].is_string() ? b["tile"].get<std::string>() : "a tile face down";
        log_line(who + ": place " + tile + " " + std::to_string(b.value("x", 0)) + "," + std::to_string(b.value("y", 0)) +
             " r" + std::to_string(b.value("rot", 0)));
      }
      if (followers_now > online_prev_followers_ && online_prev_followers_ >= 0) {
        const Json& f = v["followers"].back();
        log_line(who + ": " + f.value("kind", std::string("follower")) + " " + std::to_string(f.value("x", 0)) + "," +
             std::to_string(f.value("y", 0)) + " " + f.value("at", std::string()));
      }
    }
    online_prev_tiles_ = tiles_now;
    online_prev_followers_ = followers_now;
    online_prev_seat_ = v.contains("pending") && v["pending"].is_object() ? v["pending"].value("seat", -1) : -1;
    if (v.contains("events") && v["events"].is_array())
      for (const auto& e : v["events"])
        if (e.is_string()) add += (log_->IsEmpty() && add.empty() ? "" : "\n") + wxString::FromUTF8(e.get<std::string>());
    if (!add.empty()) {
      log_->AppendText(add);
      log_->ShowPosition(log_->GetLastPosition());
    }
    online_log_ply_ = static_cast<size_t>(online_->ply()) + 1;
  }
  if (online_->over() && !online_over_logged_) {
    log_->AppendText((log_->IsEmpty() ? "" : "\n") + wxString::FromUTF8("Game over: " + online_->result()));
    online_over_logged_ = true;
  }

  // The board follows the server: fitted at the first state, then each new tile brought
  // into view.
  const int tiles = v.is_object() && v.contains("board") && v["board"].is_array() ? static_cast<int>(v["board"].size()) : 0;
  if (tiles > 0 && !online_fitted_) {
    online_fitted_ = true;
    board_->fit();
  } else if (tiles > online_tiles_seen_ && tiles > 0) {
    const Json& last = v["board"].back();
    board_->ensure_visible(last.value("x", 0), last.value("y", 0));
  }
  online_tiles_seen_ = tiles;
  board_->Refresh();
  Layout();
}

}  // namespace twe
