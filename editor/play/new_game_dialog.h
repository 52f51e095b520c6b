// The new-game dialog of the play view: a rule set or a co-op level, up to six seats
// (each a human with a name, bot:greedy, bot:random or bot:coop, or empty), and the seed.
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

 private:
  const tw::Content& content_;
  wxChoice* rule_set_ = nullptr;
  wxTextCtrl* seed_ = nullptr;
  std::vector<std::pair<std::string, std::string>> games_;  // (rule set, level) per entry
  std::vector<wxChoice*> kinds_;
  std::vector<wxTextCtrl*> names_;
};

}  // namespace twe
