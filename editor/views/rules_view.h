// RulesView: levels and rule sets.
#pragma once

#include <wx/panel.h>

#include "context.h"

namespace twe {

class RulesView : public wxPanel {
 public:
  RulesView(wxWindow* parent, EditorContext& ctx);

 private:
  EditorContext& ctx_;
};

}  // namespace twe
