#include "views/tile_editor_view.h"

namespace twe {

TileEditorView::TileEditorView(wxWindow* parent, EditorContext& ctx) : wxPanel(parent, wxID_ANY), ctx_(ctx) {}

void TileEditorView::load_tile(int tile) { tile_ = tile; }

}  // namespace twe
