// ScenarioView: sets up a starting position: preset tiles on a board, a forced draw
// order (the TGN Draw tag), seats and seed; saves it as a TGN record or a replay and
// hands it to the play view.
#pragma once

#include <wx/panel.h>

#include "context.h"

namespace twe {

class ScenarioView : public wxPanel {
 public:
  ScenarioView(wxWindow* parent, EditorContext& ctx);

 private:
  EditorContext& ctx_;
};

}  // namespace twe
