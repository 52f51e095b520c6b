#include "review/replay_view.h"

namespace twe {

ReplayView::ReplayView(wxWindow* parent, EditorContext& ctx) : wxPanel(parent, wxID_ANY), ctx_(ctx) {}

void ReplayView::open_replay(int64_t) {}

bool ReplayView::import_tgn(const std::string&, std::string* error) {
  if (error) *error = "not implemented yet";
  return false;
}

bool ReplayView::export_tgn(const std::string&, std::string* error) {
  if (error) *error = "not implemented yet";
  return false;
}

}  // namespace twe
