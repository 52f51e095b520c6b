#include "board/tile_preview.h"

#include <algorithm>

#include <wx/dcbuffer.h>

#include "art/tile_art.h"

namespace twe {

TilePreview::TilePreview(wxWindow* parent, int size) : wxWindow(parent, wxID_ANY, wxDefaultPosition, wxSize(size, size)) {
  SetBackgroundStyle(wxBG_STYLE_PAINT);
  SetMinSize(wxSize(size, size));
  Bind(wxEVT_PAINT, [this](wxPaintEvent&) {
    wxAutoBufferedPaintDC dc(this);
    const wxSize sz = GetClientSize();
    dc.SetBackground(wxBrush(GetParent()->GetBackgroundColour()));
    dc.Clear();
    if (!tile_) return;
    const int side = std::min(sz.GetWidth(), sz.GetHeight()) - 4;
    draw_tile(dc, *tile_, rot_, wxRect((sz.GetWidth() - side) / 2, (sz.GetHeight() - side) / 2, side, side));
  });
}

}  // namespace twe
