#include "play/new_game_dialog.h"

#include <wx/choice.h>
#include <wx/sizer.h>
#include <wx/stattext.h>
#include <wx/textctrl.h>

namespace twe {

namespace {
constexpr int kEmpty = 0, kHuman = 1;
constexpr const char* kCoopLabel = "bot: co-op (coop)";
constexpr int kCoopIndex = 6;  // its place in seats()
}

const std::vector<NewGameDialog::Seat>& NewGameDialog::seats() {
  static const std::vector<Seat> s = {
      {"(empty)", ""},
      {"human", ""},
      {"bot: easy (greedy)", "greedy"},
      {"bot: medium (mcts:200)", "mcts:200"},
      {"bot: hard (mcts)", "mcts"},
      {"bot: random", "random"},
      {kCoopLabel, "coop"},
  };
  return s;
}

NewGameDialog::NewGameDialog(wxWindow* parent, const tw::Content& content, const tw::GameSetup& initial)
    : wxDialog(parent, wxID_ANY, "New game", wxDefaultPosition, wxDefaultSize,
               wxDEFAULT_DIALOG_STYLE | wxRESIZE_BORDER),
      content_(content) {
  auto* top = new wxBoxSizer(wxVERTICAL);
  auto* grid = new wxFlexGridSizer(2, 6, 8);
  grid->AddGrowableCol(1);
  grid->Add(new wxStaticText(this, wxID_ANY, "Game"), 0, wxALIGN_CENTER_VERTICAL);
  rule_set_ = new wxChoice(this, wxID_ANY);
  int sel = 0;
  for (const auto& rs : content.rule_sets) {
    if (rs.system == tw::System::Mists) continue;  // played through its levels
    if (rs.id == initial.rule_set && initial.level.empty()) sel = static_cast<int>(games_.size());
    games_.emplace_back(rs.id, "");
    rule_set_->Append(wxString::FromUTF8(rs.id + " — " + rs.name));
  }
  for (const auto& l : content.levels) {
    if (l.id == initial.level) sel = static_cast<int>(games_.size());
    games_.emplace_back(l.rule_set, l.id);
    rule_set_->Append(wxString::FromUTF8("co-op " + l.id + " — " + l.name));
  }
  if (!games_.empty()) rule_set_->SetSelection(sel);
  grid->Add(rule_set_, 1, wxEXPAND);
  wxArrayString labels;
  for (const Seat& seat : seats()) labels.Add(wxString::FromUTF8(seat.label));
  for (int i = 0; i < tw::kMaxPlayers; ++i) {
    auto* kind = new wxChoice(this, wxID_ANY, wxDefaultPosition, wxDefaultSize, labels);
    auto* name = new wxTextCtrl(this, wxID_ANY);
    int k = kEmpty;
    std::string extra;
    if (static_cast<size_t>(i) < initial.players.size()) {
      const auto& p = initial.players[static_cast<size_t>(i)];
      k = kHuman;
      if (!p.bot.empty()) {
        k = -1;
        for (size_t j = kHuman + 1; j < seats().size(); ++j)
          if (p.bot == seats()[j].bot) k = static_cast<int>(j);
        if (k < 0) {  // a bot the list does not name (mcts:500, ...): offered as it is
          extra = p.bot;
          k = static_cast<int>(kind->Append(wxString::FromUTF8("bot: " + p.bot)));
        }
      }
      if (p.bot.empty()) name->SetValue(wxString::FromUTF8(p.name));
    }
    extra_bot_.push_back(extra);
    // The name is a hint, not text: typing a name never appends to "Player 2".
    name->SetHint(wxString::Format("Player %d", i + 1));
    kind->SetSelection(k);
    name->Enable(k == kHuman);
    kind->Bind(wxEVT_CHOICE, [kind, name](wxCommandEvent&) {
      const bool human = kind->GetSelection() == kHuman;
      name->Enable(human);
      if (human) {  // ready to type
        name->SetFocus();
        name->SelectAll();
      }
    });
    grid->Add(kind, 0, wxALIGN_CENTER_VERTICAL);
    grid->Add(name, 1, wxEXPAND);
    kinds_.push_back(kind);
    names_.push_back(name);
  }
  grid->Add(new wxStaticText(this, wxID_ANY, "Seed"), 0, wxALIGN_CENTER_VERTICAL);
  seed_ = new wxTextCtrl(this, wxID_ANY, wxString::Format("%llu", static_cast<unsigned long long>(initial.seed)));
  grid->Add(seed_, 1, wxEXPAND);
  top->Add(grid, 1, wxEXPAND | wxALL, 10);
  top->Add(CreateStdDialogButtonSizer(wxOK | wxCANCEL), 0, wxEXPAND | wxALL, 8);
  SetSizerAndFit(top);
  rule_set_->Bind(wxEVT_CHOICE, [this](wxCommandEvent&) { offer_bots(); });
  offer_bots();
}

bool NewGameDialog::coop_game() const {
  const int sel = rule_set_->GetSelection();
  if (sel < 0 || static_cast<size_t>(sel) >= games_.size()) return false;
  const auto& [rule_set, level] = games_[static_cast<size_t>(sel)];
  if (!level.empty()) return true;
  for (const auto& rs : content_.rule_sets)
    if (rs.id == rule_set) return rs.system == tw::System::Mists;
  return false;
}

void NewGameDialog::offer_bots() {
  // The co-op bot plays Mists levels only: offered for those, not for a competitive game
  // (a seat that had it gets the easy bot).
  const bool coop = coop_game();
  const wxString label = wxString::FromUTF8(kCoopLabel);
  for (size_t i = 0; i < kinds_.size(); ++i) {
    wxChoice* kind = kinds_[i];
    const int at = kind->FindString(label);
    if (coop && at == wxNOT_FOUND) {
      kind->Insert(label, static_cast<unsigned>(kCoopIndex));
    } else if (!coop && at != wxNOT_FOUND) {
      const bool was = kind->GetSelection() == at;
      kind->Delete(static_cast<unsigned>(at));
      if (was) {
        kind->SetSelection(kHuman + 1);
        names_[i]->Disable();
      }
    }
  }
}

tw::GameSetup NewGameDialog::setup() const {
  tw::GameSetup s;
  const int sel = rule_set_->GetSelection();
  if (sel >= 0 && static_cast<size_t>(sel) < games_.size()) {
    s.rule_set = games_[static_cast<size_t>(sel)].first;
    s.level = games_[static_cast<size_t>(sel)].second;
  }
  for (size_t i = 0; i < kinds_.size(); ++i) {
    const int k = kinds_[i]->GetSelection();
    if (k <= kEmpty) continue;
    tw::PlayerSpec p;
    if (k == kHuman) {
      p.name = names_[i]->GetValue().ToStdString(wxConvUTF8);
      if (p.name.empty()) p.name = "Player " + std::to_string(i + 1);
    } else {
      // By the label shown (the co-op bot's entry comes and goes with the game).
      const std::string shown = kinds_[i]->GetString(static_cast<unsigned>(k)).ToStdString(wxConvUTF8);
      p.bot = extra_bot_[i];
      for (const Seat& seat : seats())
        if (shown == seat.label) p.bot = seat.bot;
      p.name = "bot:" + p.bot;
    }
    s.players.push_back(p);
  }
  s.seed = tw::parse_seed(seed_->GetValue().ToStdString(wxConvUTF8));
  return s;
}

}  // namespace twe
