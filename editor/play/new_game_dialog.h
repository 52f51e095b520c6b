// The new-game dialog of the play view: a rule set or a co-op level, up to six seats
// (each empty, a human with a name, or a bot by strength: easy = greedy, medium =
// mcts:200, hard = mcts at its default budget; also random and coop), and the seed.
#pragma once

#include <optional>

#include <wx/dialog.h>

#include "engine/content.h"
#include "engine/game.h"

class wxChoice;
class wxTextCtrl;

namespace twe {

class NewGameDialog : public wxDialog {
 public:
  // `initial` fills the fields (its rule set, seats and seed).
  NewGameDialog(wxWindow* parent, const tw::Content& content, const tw::GameSetup& initial);
  // The setup the fields describe (empty seats skipped).
  tw::GameSetup setup() const;
  // The seat choices offered, in order: a label and the bot it seats ("" for empty and
  // human). A bot of the initial setup not among them is added to its row as it is.
  struct Seat {
    const char* label;
    const char* bot;
  };
  static const std::vector<Seat>& seats();
  // The seat choice of row i (tests).
  wxChoice* seat_choice(size_t i) { return kinds_[i]; }

 private:
  [[maybe_unused]] const tw::Content& content_;  // not read yet (clang -Wunused-private-field)
  wxChoice* rule_set_ = nullptr;
  wxTextCtrl* seed_ = nullptr;
  std::vector<std::pair<std::string, std::string>> games_;  // (rule set, level) per entry
  std::vector<wxChoice*> kinds_;
  std::vector<wxTextCtrl*> names_;
  std::vector<std::string> extra_bot_;  // per row: a bot of the initial setup not in seats()
};

}  // namespace twe
