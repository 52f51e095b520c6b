#include "scenario/scenario_view.h"

#include <algorithm>
#include <fstream>

#include <wx/aui/auibook.h>
#include <wx/bookctrl.h>
#include <wx/button.h>
#include <wx/cmdproc.h>
#include <wx/choice.h>
#include <wx/filedlg.h>
#include <wx/listbox.h>
#include <wx/sizer.h>
#include <wx/stattext.h>
#include <wx/textctrl.h>

#include "board/board_canvas.h"
#include "board/option_map.h"
#include "board/tile_preview.h"
#include "play/play_view.h"
#include "replay/replay_store.h"

namespace twe {

namespace {

PlayView* find_play_view(wxWindow* w) {
  if (auto* p = dynamic_cast<PlayView*>(w)) return p;
  for (wxWindow* c : w->GetChildren())
    if (PlayView* p = find_play_view(c)) return p;
  return nullptr;
}

}  // namespace

ScenarioView::ScenarioView(wxWindow* parent, EditorContext& ctx)
    : wxPanel(parent, wxID_ANY), ctx_(ctx), model_(std::make_shared<ScenarioModel>(ctx.content)),
      history_(std::make_unique<wxCommandProcessor>(200)) {
  auto* top = new wxBoxSizer(wxHORIZONTAL);
  auto* left = new wxBoxSizer(wxVERTICAL);
  auto* grid = new wxFlexGridSizer(2, 4, 6);
  grid->AddGrowableCol(1);
  grid->Add(new wxStaticText(this, wxID_ANY, "Rule set"), 0, wxALIGN_CENTER_VERTICAL);
  rule_set_ = new wxChoice(this, wxID_ANY);
  grid->Add(rule_set_, 1, wxEXPAND);
  grid->Add(new wxStaticText(this, wxID_ANY, "Players"), 0, wxALIGN_CENTER_VERTICAL);
  players_ = new wxTextCtrl(this, wxID_ANY, "You, bot:greedy");
  grid->Add(players_, 1, wxEXPAND);
  grid->Add(new wxStaticText(this, wxID_ANY, "Seed"), 0, wxALIGN_CENTER_VERTICAL);
  seed_ = new wxTextCtrl(this, wxID_ANY, "1");
  grid->Add(seed_, 1, wxEXPAND);
  left->Add(grid, 0, wxEXPAND | wxALL, 4);
  auto* reset_btn = new wxButton(this, wxID_ANY, "New position");
  left->Add(reset_btn, 0, wxALL, 4);
  left->Add(new wxStaticText(this, wxID_ANY, "Tile to place (copies left):"), 0, wxLEFT, 4);
  tiles_ = new wxListBox(this, wxID_ANY, wxDefaultPosition, wxSize(200, 220));
  left->Add(tiles_, 1, wxEXPAND | wxALL, 4);
  preview_ = new TilePreview(this, 88);
  left->Add(preview_, 0, wxALIGN_CENTER_HORIZONTAL | wxALL, 4);
  top->Add(left, 0, wxEXPAND);

  board_ = new BoardCanvas(this);
  top->Add(board_, 1, wxEXPAND);

  auto* right = new wxBoxSizer(wxVERTICAL);
  status_ = new wxStaticText(this, wxID_ANY, "");
  right->Add(status_, 0, wxEXPAND | wxALL, 4);
  right->Add(new wxStaticText(this, wxID_ANY, "Other decisions (double-click):"), 0, wxLEFT, 4);
  options_ = new wxListBox(this, wxID_ANY, wxDefaultPosition, wxSize(220, 200));
  right->Add(options_, 1, wxEXPAND | wxALL, 4);
  auto* undo = new wxButton(this, wxID_ANY, "Take back last decision");
  auto* tgn = new wxButton(this, wxID_ANY, L"Save as TGN…");
  auto* rep = new wxButton(this, wxID_ANY, "Save as replay");
  auto* play = new wxButton(this, wxID_ANY, "Play from here");
  for (auto* b : {undo, tgn, rep, play}) right->Add(b, 0, wxEXPAND | wxALL, 3);
  top->Add(right, 0, wxEXPAND);
  SetSizer(top);

  fill_rule_sets();

  reset_btn->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) {
    const std::string e = reset();
    if (!e.empty() && ctx_.status) ctx_.status(e);
  });
  tiles_->Bind(wxEVT_LISTBOX, [this](wxCommandEvent&) {
    const int i = tiles_->GetSelection();
    if (i < 0 || static_cast<size_t>(i) >= tile_ids_.size()) return;
    const std::string e = model_->select_tile(tile_ids_[static_cast<size_t>(i)]);
    if (!e.empty() && ctx_.status) ctx_.status(e);
    update();
  });
  options_->Bind(wxEVT_LISTBOX_DCLICK, [this](wxCommandEvent& e) {
    // The list shows the options that place no tile, in the engine's order (update()).
    if (!model_->ok()) return;
    std::vector<tw::Option> listed;
    for (const auto& o : classify(model_->game()))
      if (!o.place) listed.push_back(o.option);
    const int i = e.GetSelection();
    if (i < 0 || static_cast<size_t>(i) >= listed.size()) return;
    const std::string err = apply(listed[static_cast<size_t>(i)]);
    if (!err.empty() && ctx_.status) ctx_.status(err);
  });
  undo->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) {
    if (dynamic_cast<ScenarioDecisionCommand*>(history_->GetCurrentCommand())) {
      history_->Undo();
      return;
    }
    model_->undo();
    update();
  });
  tgn->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) {
    wxFileDialog dlg(this, "Save scenario", "", "scenario.tgn", "TGN records (*.tgn)|*.tgn",
                     wxFD_SAVE | wxFD_OVERWRITE_PROMPT);
    if (dlg.ShowModal() != wxID_OK) return;
    const std::string e = save_tgn(dlg.GetPath().ToStdString(wxConvUTF8));
    if (ctx_.status) ctx_.status(e.empty() ? "Saved " + dlg.GetPath().ToStdString(wxConvUTF8) : e);
  });
  rep->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { save_replay(); });
  play->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) {
    const std::string e = play_from_here();
    if (!e.empty() && ctx_.status) ctx_.status(e);
  });
  board_->on_cell = [this](int x, int y) { on_cell(x, y); };
  board_->on_spot = [this](int s) {
    const auto& spots = board_->spots();
    if (s < 0 || static_cast<size_t>(s) >= spots.size()) return;
    apply(spots[static_cast<size_t>(s)].option);
  };
  board_->on_rotate = [this](int dir) {
    rotation_ = ((rotation_ + dir) % 4 + 4) % 4;
    update();
  };
  board_->on_key = [this](wxKeyEvent& e) {
    if (e.GetKeyCode() == 'R' && !e.ControlDown() && !e.AltDown()) {
      board_->on_rotate(e.ShiftDown() ? -1 : 1);
      return true;
    }
    return false;
  };
  board_->preview = [this](int x, int y) -> std::optional<std::pair<SceneTile, bool>> {
    const tw::Game& g = model_->game();
    if (!model_->ok() || g.finished() || g.pending().kind != tw::DecisionKind::Place || g.tile_at(x, y) >= 0)
      return std::nullopt;
    const auto opts = classify(g);
    if (auto r = effective_rotation(opts, x, y, rotation_))
      return std::make_pair(SceneTile{&g.content().tiles[static_cast<size_t>(g.pending().tile)], x, y, *r, false}, true);
    return std::nullopt;
  };
  ctx_.content_listeners.push_back([this]() {
    fill_rule_sets();
    model_ = std::make_shared<ScenarioModel>(ctx_.content);
    board_->set_game(nullptr);
    reset();
  });
  reset();
}

void ScenarioView::fill_rule_sets() {
  const wxString was = rule_set_->GetStringSelection();
  rule_set_->Clear();
  for (const auto& rs : ctx_.content.rule_sets)
    if (rs.system != tw::System::Mists) rule_set_->Append(wxString::FromUTF8(rs.id));
  int sel = rule_set_->FindString(was.empty() ? wxString("gcc") : was);
  if (sel < 0) sel = rule_set_->FindString("gcc");
  if (rule_set_->GetCount() > 0) rule_set_->SetSelection(sel >= 0 ? sel : 0);
}

std::string ScenarioView::reset() {
  const int sel = rule_set_->GetSelection();
  if (sel < 0) return "no rule set";
  history_->ClearCommands();  // its commands belong to the position that is cleared
  const std::string e = model_->reset(rule_set_->GetString(sel).ToStdString(wxConvUTF8),
                                      players_->GetValue().ToStdString(wxConvUTF8),
                                      tw::parse_seed(seed_->GetValue().ToStdString(wxConvUTF8)));
  board_->set_game(model_->ok() ? &model_->game() : nullptr);
  board_->fit();
  update();
  return e;
}

void ScenarioView::update() {
  const tw::Game& g = model_->game();
  board_->set_game(model_->ok() ? &g : nullptr);
  // The pool with copies left.
  tiles_->Clear();
  tile_ids_.clear();
  if (const tw::RuleSet* rs = ctx_.content.find_rule_set(model_->setup().rule_set)) {
    for (const auto& e : rs->pool) {
      const std::string& id = ctx_.content.tiles[static_cast<size_t>(e.tile)].notation_id();
      if (std::find(tile_ids_.begin(), tile_ids_.end(), id) != tile_ids_.end()) continue;
      tile_ids_.push_back(id);
      tiles_->Append(wxString::Format("%s  (%d)", wxString::FromUTF8(id), model_->copies_left(id)));
      if (id == model_->selected()) tiles_->SetSelection(static_cast<int>(tile_ids_.size()) - 1);
    }
  }
  preview_->set(model_->pool_tile(model_->selected()), rotation_);

  options_->Clear();
  BoardOverlay ov;
  ov.scores = false;
  if (model_->ok() && !g.finished()) {
    const auto opts = classify(g);
    for (const auto& o : opts)
      if (!o.place) options_->Append(wxString::FromUTF8(o.text));
    ov.legal_cells = g.pending().kind == tw::DecisionKind::Place;
    board_->set_spots(option_spots(opts));
  } else {
    board_->set_spots({});
  }
  board_->set_overlay(ov);
  wxString st = wxString::Format("%zu decisions, Draw: %zu tiles", model_->decisions().size(), model_->draw().size());
  if (!model_->ok()) st += "\n" + wxString::FromUTF8(model_->problem());
  else if (!g.finished())
    st += "\nNext: " + wxString::FromUTF8(g.setup().players[static_cast<size_t>(g.pending().player)].name) + L" — " +
          wxString::FromUTF8(std::string(tw::decision_kind_name(g.pending().kind)));
  status_->SetLabel(st);
  Layout();
}

void ScenarioView::on_cell(int x, int y) {
  if (!model_->ok()) return;
  const auto opts = classify(model_->game());
  const int i = option_for_cell(opts, x, y, rotation_);
  if (i < 0) return;
  const std::string e = apply(opts[static_cast<size_t>(i)].option);
  if (!e.empty() && ctx_.status) ctx_.status(e);
}

std::string ScenarioView::apply(const tw::Option& option) {
  // Submit deletes a command whose Do fails: check first, to keep the message.
  if (!model_->ok()) return model_->problem();
  const tw::Game& g = model_->game();
  const auto& opts = g.pending().options;
  if (g.finished() || std::find(opts.begin(), opts.end(), option) == opts.end())
    return "not an option of the pending decision";
  auto* cmd = new ScenarioDecisionCommand(model_, option, g.to_string(option), [this]() { update(); });
  return history_->Submit(cmd) ? std::string() : std::string("the decision was refused");
}

ScenarioDecisionCommand::ScenarioDecisionCommand(std::shared_ptr<ScenarioModel> model, const tw::Option& option,
                                                 const std::string& text, std::function<void()> changed)
    : wxCommand(true, "Scenario: " + wxString::FromUTF8(text)),
      model_(std::move(model)),
      option_(option),
      changed_(std::move(changed)) {}

bool ScenarioDecisionCommand::Do() {
  selected_ = model_->selected();
  decisions_ = model_->decisions().size();
  error_ = model_->apply(option_);
  if (changed_) changed_();
  return error_.empty();
}

bool ScenarioDecisionCommand::Undo() {
  if (model_->decisions().size() != decisions_ + 1) return false;  // the model was reset since
  model_->undo();
  if (!selected_.empty()) model_->select_tile(selected_);
  if (changed_) changed_();
  return true;
}

std::string ScenarioView::save_tgn(const std::string& path) {
  std::ofstream out(path, std::ios::binary);
  out << tw::tgn::write(model_->to_record());
  return out ? std::string() : "cannot write " + path;
}

int64_t ScenarioView::save_replay() {
  tw::replay::Replay r;
  if (std::string e = model_->to_replay(r); !e.empty()) {
    if (ctx_.status) ctx_.status(e);
    return 0;
  }
  if (!ctx_.store) return 0;
  try {
    const int64_t id = tw::replay::ReplayStore(*ctx_.store).insert(r);
    if (ctx_.status) ctx_.status("Stored the scenario as replay " + std::to_string(id));
    return id;
  } catch (const std::exception& e) {
    if (ctx_.status) ctx_.status(e.what());
    return 0;
  }
}

std::string ScenarioView::play_from_here() {
  if (!model_->ok()) return model_->problem();
  if (on_play) {
    on_play(model_->play_setup(), model_->decisions());
    return {};
  }
  PlayView* pv = find_play_view(wxGetTopLevelParent(this));
  if (!pv) return "no play view in this window";
  if (!pv->confirm_replace()) return "the game in progress goes on";
  if (std::string e = pv->start_game(model_->play_setup(), model_->decisions()); !e.empty()) return e;
  // Show the play view's page.
  for (wxWindow* w = pv; w && w->GetParent(); w = w->GetParent()) {
    if (auto* book = dynamic_cast<wxAuiNotebook*>(w->GetParent())) {
      const int page = book->GetPageIndex(w);
      if (page != wxNOT_FOUND) book->SetSelection(static_cast<size_t>(page));
      break;
    }
    if (auto* book = dynamic_cast<wxBookCtrlBase*>(w->GetParent())) {
      const int page = book->FindPage(w);
      if (page != wxNOT_FOUND) book->SetSelection(static_cast<size_t>(page));
      break;
    }
  }
  return {};
}

}  // namespace twe
