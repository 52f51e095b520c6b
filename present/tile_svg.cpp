// The tile art of present/tile_art.h written as SVG elements, at 100 units a side: a
// path as <path>, a rectangle as <rect>, an ellipse as <ellipse>, a polygon as
// <polygon>; numbers with at most one decimal.
#include "present/tile_svg.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace tw {
namespace {

// One decimal at 100 units a side.
std::string num(double u) {
  char buf[32];
  double v = std::round(u * 1000.0) / 10.0;
  if (v == 0) v = 0;  // no "-0"
  if (v == std::floor(v))
    std::snprintf(buf, sizeof buf, "%.0f", v);
  else
    std::snprintf(buf, sizeof buf, "%.1f", v);
  return buf;
}
std::string pt(ArtPoint p) { return num(p.x) + " " + num(p.y); }

std::string col(const ArtColour& c) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "#%02x%02x%02x", std::clamp(c.r, 0, 255), std::clamp(c.g, 0, 255),
                std::clamp(c.b, 0, 255));
  return buf;
}
std::string opacity(const ArtColour& c, const char* attr) {
  if (c.a >= 1) return "";
  char buf[48];
  std::snprintf(buf, sizeof buf, " %s=\"%.2f\"", attr, c.a);
  return buf;
}

std::string path_data(const ArtPath& p) {
  if (is_full_square(p)) return "M0 0H100V100H0Z";
  std::string s;
  for (const ArtStep& st : p) {
    switch (st.op) {
      case ArtStep::Move: s += "M" + pt(st.a); break;
      case ArtStep::Line: s += "L" + pt(st.a); break;
      case ArtStep::Quad: s += "Q" + pt(st.a) + " " + pt(st.b); break;
      case ArtStep::Close: s += "Z"; break;
    }
  }
  return s;
}

// fill="…" (or "none") and the outline's attributes.
std::string paint(const ArtMark& m) {
  std::string s = " fill=\"" + (m.fill ? col(*m.fill) + "\"" + opacity(*m.fill, "fill-opacity") : "none\"");
  if (m.stroke)
    s += " stroke=\"" + col(*m.stroke) + "\"" + opacity(*m.stroke, "stroke-opacity") + " stroke-width=\"" +
         num(m.width) + "\"";
  if (m.round_cap) s += " stroke-linecap=\"round\"";
  if (m.round_join && m.stroke) s += " stroke-linejoin=\"round\"";
  return s;
}

std::string element(const ArtMark& m) {
  switch (m.shape) {
    case ArtMark::Shape::Path: return "<path d=\"" + path_data(m.path) + "\"" + paint(m) + "/>";
    case ArtMark::Shape::Rect: {
      const ArtPoint a = m.points[0], b = m.points[1];
      return "<rect x=\"" + num(a.x) + "\" y=\"" + num(a.y) + "\" width=\"" + num(b.x - a.x) + "\" height=\"" +
             num(b.y - a.y) + "\"" + paint(m) + "/>";
    }
    case ArtMark::Shape::Ellipse: {
      const ArtPoint c = m.points[0], r = m.points[1];
      return "<ellipse cx=\"" + num(c.x) + "\" cy=\"" + num(c.y) + "\" rx=\"" + num(r.x) + "\" ry=\"" + num(r.y) + "\"" +
             paint(m) + "/>";
    }
    case ArtMark::Shape::Polygon: {
      std::string s;
      for (const ArtPoint& p : m.points) s += (s.empty() ? "" : " ") + num(p.x) + "," + num(p.y);
      return "<polygon points=\"" + s + "\"" + paint(m) + "/>";
    }
  }
  return "";
}

}  // namespace

std::string tile_svg(const TileType& t, int rot, bool face_down) {
  TileArtStyle style;
  style.face_down = face_down;
  std::string out;
  for (const ArtMark& m : tile_art(t, rot, style)) out += element(m);
  return out;
}

}  // namespace tw
