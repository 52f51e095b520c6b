#include "play/play_view.h"

#include <wx/button.h>
#include <wx/listbox.h>
#include <wx/msgdlg.h>
#include <wx/sizer.h>
#include <wx/stattext.h>

#include "board/board_canvas.h"
#include "board/tile_preview.h"
#include "cli/record.h"
#include "play/new_game_dialog.h"
#include "replay/replay_store.h"

namespace twe {

PlayView::PlayView(wxWindow* parent, EditorContext& ctx) : wxPanel(parent, wxID_ANY), ctx_(ctx), bot_timer_(this) {
  last_setup_.rule_set = "gcc";
  last_setup_.players = tw::parse_players("You, bot:greedy");
  last_setup_.seed = 1;

  auto* top = new wxBoxSizer(wxHORIZONTAL);
  board_ = new BoardCanvas(this);
  top->Add(board_, 1, wxEXPAND);

  auto* side = new wxBoxSizer(wxVERTICAL);
  auto* buttons = new wxBoxSizer(wxHORIZONTAL);
  auto* newg = new wxButton(this, wxID_ANY, L"New game…");
  pass_ = new wxButton(this, wxID_ANY, "Pass");
  buttons->Add(newg, 0, wxRIGHT, 4);
  buttons->Add(pass_, 0);
  side->Add(buttons, 0, wxALL, 4);
  status_ = new wxStaticText(this, wxID_ANY, L"No game. Press New game…");
  side->Add(status_, 0, wxEXPAND | wxALL, 4);
  preview_ = new TilePreview(this, 96);
  side->Add(preview_, 0, wxALIGN_CENTER_HORIZONTAL | wxALL, 4);
  scores_ = new wxStaticText(this, wxID_ANY, "");
  side->Add(scores_, 0, wxEXPAND | wxALL, 4);
  side->Add(new wxStaticText(this, wxID_ANY, "Legal options (double-click):"), 0, wxLEFT | wxTOP, 4);
  options_ = new wxListBox(this, wxID_ANY, wxDefaultPosition, wxSize(240, 160));
  side->Add(options_, 1, wxEXPAND | wxALL, 4);
  side->Add(new wxStaticText(this, wxID_ANY, "Events:"), 0, wxLEFT, 4);
  log_ = new wxListBox(this, wxID_ANY, wxDefaultPosition, wxSize(240, 160));
  side->Add(log_, 1, wxEXPAND | wxALL, 4);
  top->Add(side, 0, wxEXPAND);
  SetSizer(top);

  newg->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { new_game(); });
  pass_->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { choose("pass"); });
  options_->Bind(wxEVT_LISTBOX_DCLICK, [this](wxCommandEvent& e) {
    choose(e.GetString().ToStdString(wxConvUTF8));
  });
  Bind(wxEVT_TIMER, &PlayView::on_bot_timer, this, bot_timer_.GetId());
  board_->on_cell = [this](int x, int y) { on_cell(x, y); };
  board_->on_spot = [this](int s) { on_spot(s); };
  board_->on_key = [this](wxKeyEvent& e) { return on_key(e); };
  board_->on_rotate = [this](int dir) {
    if (!session_) return;
    session_->rotate(dir, board_->hover());
    update();
  };
  board_->preview = [this](int x, int y) -> std::optional<std::pair<SceneTile, bool>> {
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
    if (!session_) return;
    const tw::TileType* t = session_->drawn_tile();
    int rot = session_->rotation();
    if (auto h = board_->hover())
      if (auto r = effective_rotation(session_->options(), h->first, h->second, rot)) rot = *r;
    preview_->set(t, rot);
  };
}

PlayView::~PlayView() { bot_timer_.Stop(); }

void PlayView::content_changed() {
  // The game points into the content: replay its decisions on the reloaded content.
  board_->set_game(nullptr);
  if (!session_) return;
  const tw::GameSetup setup = session_->game().setup();
  const std::vector<std::string> decisions = session_->log().decisions;
  const bool saved = saved_;
  session_.reset();
  if (!start_game(setup, decisions).empty()) {
    session_.reset();
    status_->SetLabel("The game no longer replays on the changed content.");
  }
  saved_ = saved;
}

std::string PlayView::start_game(const tw::GameSetup& setup, const std::vector<std::string>& prefix) {
  bot_timer_.Stop();
  auto s = std::make_unique<PlaySession>();
  if (std::string err = PlaySession::start(ctx_.content, setup, prefix, *s); !err.empty()) {
    if (ctx_.status) ctx_.status("Cannot start the game: " + err);
    return err;
  }
  last_setup_ = setup;
  session_ = std::move(s);
  saved_ = false;
  board_->set_game(&session_->game());
  board_->fit();
  log_->Clear();
  update();
  schedule_bot();
  return {};
}

void PlayView::new_game() {
  NewGameDialog dlg(this, ctx_.content, last_setup_);
  if (dlg.ShowModal() != wxID_OK) return;
  const std::string err = start_game(dlg.setup());
  if (!err.empty()) wxMessageBox(wxString::FromUTF8(err), "New game", wxOK | wxICON_ERROR, this);
}

std::string PlayView::choose(const std::string& option_text) {
  if (!session_) return "no game";
  if (!session_->human_to_move()) return "it is not a human's turn";
  const std::string err = session_->apply(option_text);
  if (!err.empty()) {
    if (ctx_.status) ctx_.status("Not legal: " + err);
    return err;
  }
  update();
  schedule_bot();
  return {};
}

void PlayView::on_cell(int x, int y) {
  if (!session_) return;
  const int i = session_->option_for_cell(x, y);
  if (i < 0) return;
  choose(session_->options()[static_cast<size_t>(i)].text);
}

void PlayView::on_spot(int spot) {
  if (!session_ || !session_->human_to_move()) return;
  const auto& spots = board_->spots();
  if (spot < 0 || static_cast<size_t>(spot) >= spots.size()) return;
  choose(spots[static_cast<size_t>(spot)].label);
}

bool PlayView::on_key(wxKeyEvent& e) {
  if (!session_ || e.ControlDown() || e.AltDown()) return false;
  switch (e.GetKeyCode()) {
    case 'R':
      session_->rotate(e.ShiftDown() ? -1 : 1, board_->hover());
      update();
      return true;
    case 'P':
      if (find_option(session_->options(), "pass") >= 0) choose("pass");
      return true;
    default:
      return false;
  }
}

void PlayView::schedule_bot() {
  if (session_ && session_->bot_to_move()) bot_timer_.StartOnce(bot_delay_);
}

void PlayView::on_bot_timer(wxTimerEvent&) {
  if (!session_ || !session_->bot_to_move()) return;
  session_->bot_step();
  update();
  schedule_bot();
}

void PlayView::finish() {
  if (saved_ || !session_ || !session_->finished()) return;
  saved_ = true;
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

void PlayView::update() {
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
  }
  status_->SetLabel(status);

  // Scores, supplies, ghost bank, tiles left.
  wxString sc;
  if (g.coop()) {
    sc += wxString::FromUTF8(g.level()->id + " — " + g.level()->name) + "\n";
    for (size_t i = 0; i < g.marker_colours().size(); ++i) {
      const int c = g.marker_colours()[i];
      sc += wxString::Format("%s: %lld / %d\n", c < 0 ? "team" : tw::kColourNames[static_cast<size_t>(c)].data(),
                             static_cast<long long>(g.marker_score(i)), g.level()->target);
    }
    for (int p = 0; p < g.player_count(); ++p) {
      sc += wxString::FromUTF8(session_->player_name(p)) + ":";
      for (int c : g.colours_of(p))
        sc += wxString::Format(" %s %d", tw::kColourNames[static_cast<size_t>(c)].data(), g.colour_supply(c));
      sc += "\n";
    }
    sc += wxString::Format(L"Ghosts: bank %d, board %d · dogs reached %d\n", g.ghost_bank(), g.ghosts_on_board(),
                           g.dogs_reached());
    sc += wxString::Format(L"Stack %d: %d tiles · ", g.stack() + 1, g.stack_tiles_left());
  } else {
    for (int p = 0; p < g.player_count(); ++p) {
      sc += wxString::Format("%s %s: %lld points, %d followers", tw::kColourNames[static_cast<size_t>(p)].data(),
                             wxString::FromUTF8(session_->player_name(p)), static_cast<long long>(g.score(p)),
                             g.supply(p));
      if (g.rules().guards > 0 || g.guard_supply(p) > 0) sc += wxString::Format(", %d guards", g.guard_supply(p));
      sc += "\n";
    }
    if (g.uses_ghosts()) sc += wxString::Format("Ghost bank: %d\n", g.ghost_bank());
  }
  sc += wxString::Format(L"Tiles left: %d · ply %d", g.tiles_left(), g.ply());
  scores_->SetLabel(sc);

  // Options: every legal option in the list, the board's overlays for the human.
  options_->Clear();
  if (human)
    for (const auto& o : session_->options()) options_->Append(wxString::FromUTF8(o.text));
  pass_->Enable(human && find_option(session_->options(), "pass") >= 0);

  BoardOverlay ov;
  ov.legal_cells = human && g.pending().kind == tw::DecisionKind::Place;
  board_->set_overlay(ov);
  board_->set_spots(human ? session_->spots() : std::vector<SceneSpot>{});
  int rot = session_->rotation();
  if (auto h = board_->hover())
    if (auto r = effective_rotation(session_->options(), h->first, h->second, rot)) rot = *r;
  preview_->set(human ? session_->drawn_tile() : nullptr, rot);

  // Events since the last update.
  const auto& ev = session_->event_log();
  for (size_t i = log_->GetCount(); i < ev.size(); ++i) log_->Append(wxString::FromUTF8(ev[i]));
  if (log_->GetCount() > 0) log_->EnsureVisible(static_cast<int>(log_->GetCount()) - 1);
  Layout();
  if (g.finished()) finish();
}

}  // namespace twe
