// ReplayView: the replay review. A list of the database's replays, the board at the
// current node, the move list with variations, the annotation pane, the score graph and
// the event log. Annotation edits are undoable commands saved through ReplayStore.
#pragma once

#include <cstdint>
#include <string>

#include <wx/panel.h>

#include "context.h"

namespace twe {

class ReplayView : public wxPanel {
 public:
  ReplayView(wxWindow* parent, EditorContext& ctx);

  // Shows replay `id` of the open database.
  void open_replay(int64_t id);
  // Imports a TGN record into the database and opens it; false with *error on failure.
  bool import_tgn(const std::string& path, std::string* error);
  // Writes the open replay as TGN; false with *error on failure.
  bool export_tgn(const std::string& path, std::string* error);

 private:
  EditorContext& ctx_;
};

}  // namespace twe
