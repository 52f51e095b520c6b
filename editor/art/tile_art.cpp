// Tile art: the marks of present/tile_art.h painted on a wxGraphicsContext, each mapped
// from unit coordinates into the target square.
#include "art/tile_art.h"

#include <wx/dcgraph.h>
#include <wx/graphics.h>

#include <algorithm>
#include <cmath>
#include <memory>

namespace twe {
namespace {

// Maps unit coordinates into the drawing space.
struct Mapper {
  double x0, y0, size;
  double X(double u) const { return x0 + u * size; }
  double Y(double v) const { return y0 + v * size; }
  double L(double d) const { return d * size; }
};

wxColour colour(const tw::ArtColour& c) {
  const auto ch = [](int v) { return static_cast<unsigned char>(std::clamp(v, 0, 255)); };
  return {ch(c.r), ch(c.g), ch(c.b), static_cast<unsigned char>(std::clamp(c.a, 0.0, 1.0) * 255)};
}

wxGraphicsPath make_path(wxGraphicsContext& gc, const Mapper& m, const tw::ArtPath& s) {
  wxGraphicsPath path = gc.CreatePath();
  for (const tw::ArtStep& op : s) {
    switch (op.op) {
      case tw::ArtStep::Move: path.MoveToPoint(m.X(op.a.x), m.Y(op.a.y)); break;
      case tw::ArtStep::Line: path.AddLineToPoint(m.X(op.a.x), m.Y(op.a.y)); break;
      case tw::ArtStep::Quad: path.AddQuadCurveToPoint(m.X(op.a.x), m.Y(op.a.y), m.X(op.b.x), m.Y(op.b.y)); break;
      case tw::ArtStep::Close: path.CloseSubpath(); break;
    }
  }
  return path;
}

void paint_mark(wxGraphicsContext& gc, const Mapper& m, const tw::ArtMark& mark) {
  gc.SetBrush(mark.fill ? wxBrush(colour(*mark.fill)) : *wxTRANSPARENT_BRUSH);
  if (mark.stroke) {
    wxGraphicsPenInfo pen(colour(*mark.stroke));
    pen.Width(mark.hairline ? std::max(1.0, m.L(mark.width)) : m.L(mark.width));
    if (mark.round_cap) pen.Cap(wxCAP_ROUND);
    if (mark.round_join) pen.Join(wxJOIN_ROUND);
    gc.SetPen(gc.CreatePen(pen));
  } else {
    gc.SetPen(*wxTRANSPARENT_PEN);
  }
  const auto& p = mark.points;
  switch (mark.shape) {
    case tw::ArtMark::Shape::Path: {
      const wxGraphicsPath path = make_path(gc, m, mark.path);
      if (mark.fill && mark.stroke) gc.DrawPath(path);
      else if (mark.fill) gc.FillPath(path);
      else gc.StrokePath(path);
      break;
    }
    case tw::ArtMark::Shape::Rect:
      gc.DrawRectangle(m.X(p[0].x), m.Y(p[0].y), m.L(p[1].x - p[0].x), m.L(p[1].y - p[0].y));
      break;
    case tw::ArtMark::Shape::Ellipse:
      gc.DrawEllipse(m.X(p[0].x - p[1].x), m.Y(p[0].y - p[1].y), m.L(2 * p[1].x), m.L(2 * p[1].y));
      break;
    case tw::ArtMark::Shape::Polygon: {
      wxGraphicsPath path = gc.CreatePath();
      for (size_t i = 0; i < p.size(); ++i) {
        if (i == 0) path.MoveToPoint(m.X(p[i].x), m.Y(p[i].y));
        else path.AddLineToPoint(m.X(p[i].x), m.Y(p[i].y));
      }
      path.CloseSubpath();
      gc.DrawPath(path);
      break;
    }
  }
}

void paint(wxGraphicsContext& gc, const Mapper& m, const tw::TileType& t, int rot, const TileArtStyle& st) {
  gc.SetAntialiasMode(wxANTIALIAS_DEFAULT);
  gc.Clip(m.X(0), m.Y(0), m.L(1), m.L(1));
  for (const tw::ArtMark& mark : tw::tile_art(t, rot, st)) paint_mark(gc, m, mark);
  gc.ResetClip();
}

}  // namespace

void draw_tile(wxDC& dc, const tw::TileType& t, int rot, const wxRect& r, const TileArtStyle& s) {
  if (r.width <= 0 || r.height <= 0) return;
  const int side = std::min(r.width, r.height);
  if (wxGraphicsContext* gc = dc.GetGraphicsContext()) {
    // The DC's own context already maps logical coordinates.
    gc->PushState();
    paint(*gc, Mapper{static_cast<double>(r.x), static_cast<double>(r.y), static_cast<double>(side)}, t, rot, s);
    gc->PopState();
    return;
  }
  std::unique_ptr<wxGraphicsContext> gc(wxGraphicsContext::CreateFromUnknownDC(dc));
  if (!gc) return;
  const int x0 = dc.LogicalToDeviceX(r.x), y0 = dc.LogicalToDeviceY(r.y);
  const int x1 = dc.LogicalToDeviceX(r.x + side);
  paint(*gc, Mapper{static_cast<double>(x0), static_cast<double>(y0), static_cast<double>(x1 - x0)}, t, rot, s);
}

wxPoint segment_point(const tw::TileType& t, int seg, int rot, const wxRect& r) {
  const int side = std::min(r.width, r.height);
  if (seg < 0 || seg >= static_cast<int>(t.segments.size())) return {r.x + side / 2, r.y + side / 2};
  const auto [x, y] = tw::segment_spot(t, seg, rot);
  return {r.x + static_cast<int>(std::lround(x * side)), r.y + static_cast<int>(std::lround(y * side))};
}

}  // namespace twe
