// TileEditorView: edits one tile type (a draft copy) — its segments (kind/terrain,
// ports, shields, fog, touches), ghost symbols and attributes — with a live preview
// and the engine's validation (finalize_tile, validate_content) shown next to the
// fields. Save submits a SaveTileCommand (undoable, one transaction).
#pragma once

#include <string>
#include <vector>

#include <wx/panel.h>

#include "context.h"

namespace twe {

class TileEditorView : public wxPanel {
 public:
  TileEditorView(wxWindow* parent, EditorContext& ctx);

  void load_tile(int tile);  // index into ctx.content.tiles
  int tile_index() const { return tile_; }

 private:
  EditorContext& ctx_;
  int tile_ = -1;
};

}  // namespace twe
