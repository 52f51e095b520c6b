// PlayView: humans and bots at one table. A new-game dialog picks the rule set, the
// seats (human, bot:greedy, bot:random) and the seed; the board highlights the legal
// positions of the drawn tile; clicks, keys and the option list choose among the
// pending decision's options; bots move on a timer so the UI never blocks; a finished
// game is stored as a replay.
#pragma once

#include <wx/panel.h>

#include "context.h"

namespace twe {

class PlayView : public wxPanel {
 public:
  PlayView(wxWindow* parent, EditorContext& ctx);

 private:
  EditorContext& ctx_;
};

}  // namespace twe
