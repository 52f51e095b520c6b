#include "play/play_view.h"

namespace twe {

PlayView::PlayView(wxWindow* parent, EditorContext& ctx) : wxPanel(parent, wxID_ANY), ctx_(ctx) {}

}  // namespace twe
