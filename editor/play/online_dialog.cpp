#include "play/online_dialog.h"

#include <algorithm>
#include <cctype>

#include <wx/button.h>
#include <wx/choice.h>
#include <wx/msgdlg.h>
#include <wx/sizer.h>
#include <wx/stattext.h>
#include <wx/textctrl.h>

#include "net/client.h"
#include "net/protocol.h"

namespace twe {

const std::vector<OnlineDialog::SeatChoice>& OnlineDialog::seat_choices() {
  static const std::vector<SeatChoice> s = {
      {"you (this editor)", ""},
      {"invited player", ""},
      {"(empty)", ""},
      {"server bot: easy (greedy)", "greedy"},
      {"server bot: medium (mcts:200)", "mcts:200"},
      {"server bot: hard (mcts)", "mcts"},
      {"server bot: random", "random"},
      {"server bot: co-op (coop)", "coop"},
  };
  return s;
}

OnlineDialog::OnlineDialog(wxWindow* parent, Kind kind, const tw::Content& content, const std::string& url,
                           const std::string& name, const std::string& room, const std::string& token)
    : wxDialog(parent, wxID_ANY,
               kind == Kind::Host   ? "Host online game"
               : kind == Kind::Join ? "Join online game"
                                    : "Watch online game",
               wxDefaultPosition, wxDefaultSize, wxDEFAULT_DIALOG_STYLE | wxRESIZE_BORDER),
      kind_(kind) {
  auto* top = new wxBoxSizer(wxVERTICAL);
  auto* grid = new wxFlexGridSizer(2, 6, 8);
  grid->AddGrowableCol(1);
  auto row = [&](const char* label, wxWindow* w) {
    grid->Add(new wxStaticText(this, wxID_ANY, label), 0, wxALIGN_CENTER_VERTICAL);
    grid->Add(w, 1, wxEXPAND);
  };
  url_ = new wxTextCtrl(this, wxID_ANY, wxString::FromUTF8(url.empty() ? kDefaultUrl : url), wxDefaultPosition,
                        wxSize(280, -1));
  row("Server", url_);
  if (kind != Kind::Watch) {
    name_ = new wxTextCtrl(this, wxID_ANY, wxString::FromUTF8(name));
    name_->SetHint("Your name at the table");
    row("Your name", name_);
  }
  if (kind != Kind::Host) {
    room_ = new wxTextCtrl(this, wxID_ANY, wxString::FromUTF8(room));
    room_->SetHint("The room code, e.g. K7RMX2QA");
    row("Room", room_);
  }
  if (kind == Kind::Join) {
    seat_ = new wxChoice(this, wxID_ANY);
    seat_->Append("the first free seat");
    for (size_t i = 0; i < tw::net::kMaxSeats; ++i) seat_->Append(wxString::Format("seat %zu", i));
    seat_->SetSelection(0);
    row("Seat", seat_);
    token_ = new wxTextCtrl(this, wxID_ANY, wxString::FromUTF8(token));
    token_->SetHint("Only to come back to your seat");
    row("Seat token", token_);
  }
  if (kind == Kind::Host) {
    game_ = new wxChoice(this, wxID_ANY);
    for (const auto& rs : content.rule_sets) {
      if (rs.system == tw::System::Mists) continue;  // played through its levels
      games_.emplace_back(rs.id, "");
      game_->Append(wxString::FromUTF8(rs.id + " — " + rs.name));
    }
    for (const auto& l : content.levels) {
      games_.emplace_back(l.rule_set, l.id);
      game_->Append(wxString::FromUTF8("co-op " + l.id + " — " + l.name));
    }
    int sel = 0;
    for (size_t i = 0; i < games_.size(); ++i)
      if (games_[i].first == "base" && games_[i].second.empty()) sel = static_cast<int>(i);
    if (!games_.empty()) game_->SetSelection(sel);
    row("Game", game_);
    wxArrayString labels;
    for (const auto& s : seat_choices()) labels.Add(wxString::FromUTF8(s.label));
    for (size_t i = 0; i < tw::net::kMaxSeats; ++i) {
      auto* k = new wxChoice(this, wxID_ANY, wxDefaultPosition, wxDefaultSize, labels);
      auto* n = new wxTextCtrl(this, wxID_ANY);
      n->SetHint(wxString::Format("Player %zu", i + 1));
      k->SetSelection(i == 0 ? kYou : i == 1 ? 3 /* easy bot */ : kEmpty);
      n->Enable(i == 0 ? false : k->GetSelection() == kInvited);
      k->Bind(wxEVT_CHOICE, [k, n](wxCommandEvent&) { n->Enable(k->GetSelection() == kInvited); });
      auto* line = new wxBoxSizer(wxHORIZONTAL);
      line->Add(k, 0, wxRIGHT, 6);
      line->Add(n, 1, wxEXPAND);
      // Numbered as the players are (1..6; the server's seat numbers start at 0).
      grid->Add(new wxStaticText(this, wxID_ANY, wxString::Format("Seat %zu", i + 1)), 0, wxALIGN_CENTER_VERTICAL);
      grid->Add(line, 1, wxEXPAND);
      kinds_.push_back(k);
      names_.push_back(n);
    }
    // Only the bots that play the chosen game: the co-op bot for a co-op level only.
    fit_bots();
    game_->Bind(wxEVT_CHOICE, [this](wxCommandEvent&) { fit_bots(); });
  }
  top->Add(grid, 1, wxEXPAND | wxALL, 10);
  const char* help = kind == Kind::Host
                         ? "The server makes the room and its code; invited players join with the code (the game "
                           "starts when every seat is taken). Bots play on the server."
                     : kind == Kind::Join ? "Takes a free seat of the room, or with a seat token comes back to that seat."
                                          : "Watches the room as a spectator: you see what a player at the table sees.";
  auto* h = new wxStaticText(this, wxID_ANY, help);
  h->Wrap(420);
  top->Add(h, 0, wxLEFT | wxRIGHT | wxBOTTOM, 10);
  top->Add(CreateStdDialogButtonSizer(wxOK | wxCANCEL), 0, wxEXPAND | wxALL, 8);
  SetSizerAndFit(top);
  if (wxWindow* ok = FindWindow(wxID_OK))
    ok->Bind(wxEVT_BUTTON, [this](wxCommandEvent& e) {
      const std::string p = problem();
      if (!p.empty()) {
        wxMessageBox(wxString::FromUTF8(p), GetTitle(), wxOK | wxICON_WARNING, this);
        return;
      }
      e.Skip();
    });
}

bool OnlineDialog::bot_fits(int choice) const {
  const std::string bot = seat_choices()[static_cast<size_t>(choice)].bot;
  const bool coop = game_ && game_->GetSelection() >= 0 && static_cast<size_t>(game_->GetSelection()) < games_.size() &&
                    !games_[static_cast<size_t>(game_->GetSelection())].second.empty();
  return bot != "coop" || coop;
}

void OnlineDialog::fit_bots() {
  for (size_t i = 0; i < kinds_.size(); ++i) {
    wxChoice* k = kinds_[i];
    const int was = choice_of(i);
    std::vector<int> offered;
    k->Clear();
    for (size_t c = 0; c < seat_choices().size(); ++c)
      if (bot_fits(static_cast<int>(c))) {
        offered.push_back(static_cast<int>(c));
        k->Append(wxString::FromUTF8(seat_choices()[c].label));
      }
    offered_.resize(kinds_.size());
    offered_[i] = offered;
    // The same choice when it is still offered, else an easy bot.
    const auto it = std::find(offered.begin(), offered.end(), was);
    k->SetSelection(it != offered.end() ? static_cast<int>(it - offered.begin()) : 3);
    names_[i]->Enable(choice_of(i) == kInvited);
  }
}

int OnlineDialog::choice_of(size_t seat) const {
  const int sel = kinds_[seat]->GetSelection();
  if (sel < 0) return -1;
  if (seat < offered_.size() && static_cast<size_t>(sel) < offered_[seat].size())
    return offered_[seat][static_cast<size_t>(sel)];
  return sel;  // (before the first fit_bots: every choice listed)
}

void OnlineDialog::set_choice_of(size_t seat, int choice) {
  if (seat < offered_.size()) {
    const auto& o = offered_[seat];
    const auto it = std::find(o.begin(), o.end(), choice);
    if (it == o.end()) return;
    kinds_[seat]->SetSelection(static_cast<int>(it - o.begin()));
  } else {
    kinds_[seat]->SetSelection(choice);
  }
  names_[seat]->Enable(choice == kInvited);
}

std::string OnlineDialog::host_settings() const {
  // "rule_set|level" then per seat "choice:name", one a line.
  std::string out;
  if (game_ && game_->GetSelection() >= 0 && static_cast<size_t>(game_->GetSelection()) < games_.size())
    out = games_[static_cast<size_t>(game_->GetSelection())].first + "|" +
          games_[static_cast<size_t>(game_->GetSelection())].second;
  for (size_t i = 0; i < kinds_.size(); ++i)
    out += "\n" + std::to_string(choice_of(i)) + ":" + names_[i]->GetValue().utf8_string();
  return out;
}

void OnlineDialog::restore_host_settings(const std::string& text) {
  if (!game_ || text.empty()) return;
  std::vector<std::string> lines;
  std::string l;
  for (char ch : text + "\n") {
    if (ch == '\n') {
      lines.push_back(l);
      l.clear();
    } else {
      l += ch;
    }
  }
  if (lines.empty()) return;
  const size_t bar = lines[0].find('|');
  if (bar != std::string::npos) {
    const std::pair<std::string, std::string> g{lines[0].substr(0, bar), lines[0].substr(bar + 1)};
    const auto it = std::find(games_.begin(), games_.end(), g);
    if (it != games_.end()) game_->SetSelection(static_cast<int>(it - games_.begin()));
  }
  fit_bots();
  for (size_t i = 0; i + 1 < lines.size() && i < kinds_.size(); ++i) {
    const std::string& line = lines[i + 1];
    const size_t colon = line.find(':');
    if (colon == std::string::npos) continue;
    int c = -1;
    try {
      c = std::stoi(line.substr(0, colon));
    } catch (const std::exception&) {
      continue;
    }
    if (c < 0 || static_cast<size_t>(c) >= seat_choices().size()) continue;
    set_choice_of(i, c);
    names_[i]->ChangeValue(wxString::FromUTF8(line.substr(colon + 1)));
  }
}

std::string OnlineDialog::url() const { return url_->GetValue().Trim().Trim(false).utf8_string(); }
std::string OnlineDialog::name() const { return name_ ? name_->GetValue().Trim().Trim(false).utf8_string() : ""; }
std::string OnlineDialog::room() const {
  if (!room_) return {};
  std::string r;
  for (char c : room_->GetValue().utf8_string())
    if (!std::isspace(static_cast<unsigned char>(c))) r += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return r;
}
std::string OnlineDialog::token() const { return token_ ? token_->GetValue().Trim().Trim(false).utf8_string() : ""; }
int OnlineDialog::seat() const { return seat_ && seat_->GetSelection() > 0 ? seat_->GetSelection() - 1 : -1; }

HostSpec OnlineDialog::spec() const {
  HostSpec s;
  if (game_ && game_->GetSelection() >= 0 && static_cast<size_t>(game_->GetSelection()) < games_.size()) {
    s.rule_set = games_[static_cast<size_t>(game_->GetSelection())].first;
    s.level = games_[static_cast<size_t>(game_->GetSelection())].second;
  }
  for (size_t i = 0; i < kinds_.size(); ++i) {
    const int k = choice_of(i);
    if (k == kEmpty || k < 0) continue;
    OnlineSeat seat;
    if (k == kYou) {
      seat.kind = OnlineSeat::Kind::Me;
      seat.name = name().empty() ? "Player " + std::to_string(i + 1) : name();
    } else if (k == kInvited) {
      seat.kind = OnlineSeat::Kind::Invited;
      const std::string n = names_[i]->GetValue().Trim().Trim(false).utf8_string();
      seat.name = n.empty() ? "Player " + std::to_string(i + 1) : n;
    } else {
      seat.kind = OnlineSeat::Kind::Bot;
      seat.bot = seat_choices()[static_cast<size_t>(k)].bot;
    }
    s.seats.push_back(seat);
  }
  return s;
}

std::string OnlineDialog::problem() const {
  std::string why;
  if (!tw::net::parse_url(url(), &why)) return why;
  if (kind_ != Kind::Host && room().empty()) return "Type the room code the host gave you.";
  if (kind_ == Kind::Host) {
    const HostSpec s = spec();
    if (s.rule_set.empty()) return "Choose a game.";
    int me = 0;
    for (const auto& seat : s.seats) {
      if (seat.kind == OnlineSeat::Kind::Me) ++me;
      if (seat.kind != OnlineSeat::Kind::Bot && !tw::net::printable_name(seat.name, tw::net::kMaxNameBytes))
        return "A name is printable text of at most 40 bytes.";
      if (seat.kind != OnlineSeat::Kind::Bot && (seat.name.find(',') != std::string::npos || seat.name.rfind("bot:", 0) == 0))
        return "A name has no comma and does not start with 'bot:'.";
    }
    if (me != 1) return "Choose exactly one seat for you.";
  }
  return {};
}

}  // namespace twe
