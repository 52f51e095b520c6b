#include "play/new_game_dialog.h"

#include <wx/choice.h>
#include <wx/sizer.h>
#include <wx/stattext.h>
#include <wx/textctrl.h>

namespace twe {

namespace {
const wxString kKinds[] = {"(empty)", "human", "bot:greedy", "bot:random", "bot:coop"};
constexpr int kKindCount = 5;
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
  for (int i = 0; i < tw::kMaxPlayers; ++i) {
    auto* kind = new wxChoice(this, wxID_ANY, wxDefaultPosition, wxDefaultSize, kKindCount, kKinds);
    auto* name = new wxTextCtrl(this, wxID_ANY);
    int k = 0;
    if (static_cast<size_t>(i) < initial.players.size()) {
      const auto& p = initial.players[static_cast<size_t>(i)];
      k = p.bot.empty() ? 1 : p.bot == "random" ? 3 : p.bot == "coop" ? 4 : 2;
      if (p.bot.empty()) name->SetValue(wxString::FromUTF8(p.name));
    }
    if (k != 1 && name->IsEmpty()) name->SetValue(wxString::Format("Player %d", i + 1));
    kind->SetSelection(k);
    name->Enable(k == 1);
    kind->Bind(wxEVT_CHOICE, [kind, name](wxCommandEvent&) { name->Enable(kind->GetSelection() == 1); });
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
    if (k <= 0) continue;
    tw::PlayerSpec p;
    if (k == 1) {
      p.name = names_[i]->GetValue().ToStdString(wxConvUTF8);
      if (p.name.empty()) p.name = "Player " + std::to_string(i + 1);
    } else {
      p.bot = k == 2 ? "greedy" : k == 3 ? "random" : "coop";
      p.name = "bot:" + p.bot;
    }
    s.players.push_back(p);
  }
  s.seed = tw::parse_seed(seed_->GetValue().ToStdString(wxConvUTF8));
  return s;
}

}  // namespace twe
