#include "views/rules_view.h"

namespace twe {

RulesView::RulesView(wxWindow* parent, EditorContext& ctx) : wxPanel(parent, wxID_ANY), ctx_(ctx) {}

}  // namespace twe
