#include "review/ply_graph.h"

#include <algorithm>
#include <cstdint>

#include <wx/dcbuffer.h>

namespace twe {

PlyGraph::PlyGraph(wxWindow* parent) : wxWindow(parent, wxID_ANY, wxDefaultPosition, wxSize(300, 110)) {
  SetBackgroundStyle(wxBG_STYLE_PAINT);
  SetMinSize(wxSize(120, 90));
  Bind(wxEVT_PAINT, [this](wxPaintEvent&) {
    wxAutoBufferedPaintDC dc(this);
    paint(dc);
  });
  Bind(wxEVT_LEFT_DOWN, [this](wxMouseEvent& e) {
    if (!on_ply) return;
    if (const auto ply = ply_at(e.GetX())) on_ply(*ply);
  });
  Bind(wxEVT_SIZE, [this](wxSizeEvent& e) {
    Refresh();
    e.Skip();
  });
}

std::optional<int> PlyGraph::ply_at(int px) const {
  const auto n = plies();
  if (!n) return std::nullopt;
  const int w = std::max(1, GetClientSize().GetWidth() - kMargin - 8);
  const int across = std::max(1, *n);
  return std::clamp((px - kMargin) * across / w, 0, across);
}

int PlyGraph::Plot::x(int ply) const { return x0 + static_cast<int>(static_cast<int64_t>(x1 - x0) * ply / n); }

PlyGraph::Plot PlyGraph::plot() const {
  const wxSize sz = GetClientSize();
  Plot p;
  p.x0 = kMargin;
  p.x1 = sz.GetWidth() - 8;
  p.y0 = sz.GetHeight() - 14;
  p.y1 = 6;
  p.n = std::max(1, plies().value_or(0));
  return p;
}

void PlyGraph::begin_paint(wxDC& dc) const {
  dc.SetBackground(*wxWHITE_BRUSH);
  dc.Clear();
  dc.SetFont(wxFontInfo(7));
  dc.SetTextForeground(wxColour(0x60, 0x60, 0x60));
}

void PlyGraph::axes(wxDC& dc, const Plot& p) {
  dc.SetPen(wxPen(wxColour(0xC0, 0xC0, 0xC0)));
  dc.DrawLine(p.x0, p.y0, p.x1, p.y0);
  dc.DrawLine(p.x0, p.y0, p.x0, p.y1);
}

void PlyGraph::current_bar(wxDC& dc, const Plot& p, int ply) {
  dc.SetPen(wxPen(*wxBLACK, 1, wxPENSTYLE_SHORT_DASH));
  dc.DrawLine(p.x(ply), p.y0, p.x(ply), p.y1);
}

}  // namespace twe
