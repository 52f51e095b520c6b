#include "scenario/scenario_view.h"

namespace twe {

ScenarioView::ScenarioView(wxWindow* parent, EditorContext& ctx) : wxPanel(parent, wxID_ANY), ctx_(ctx) {}

}  // namespace twe
