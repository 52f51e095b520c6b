// Tile art: every shape is derived from port masks. Geometry is computed in unit
// coordinates (0..1, y down) on the rotated tile and mapped to the target square.
//
// Shapes: a segment owning edge ports is drawn as the area between its runs of owned
// perimeter and quadratic curves (through a point near the centre) joining one run's
// end to the next run's start. That gives caps, corners, bands, three-sided cities and
// region blobs from one rule. Roads are curves between their ports (or from a port to
// the centre feature); centre features are icons.
#include "art/tile_art.h"
#include "engine/rules/kinds.h"

#include <wx/dcgraph.h>
#include <wx/graphics.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <memory>
#include <vector>

namespace twe {
namespace {

using tw::Kind;
using tw::kCastle;
using tw::kCemetery;
using tw::kFog;
using tw::kLowland;
using tw::kMountain;
using tw::kRuin;
using tw::kWater;

struct P {
  double x = 0, y = 0;
};
P operator+(P a, P b) { return {a.x + b.x, a.y + b.y}; }
P operator-(P a, P b) { return {a.x - b.x, a.y - b.y}; }
P operator*(P a, double k) { return {a.x * k, a.y * k}; }
double len(P a) { return std::hypot(a.x, a.y); }
P lerp(P a, P b, double t) { return a + (b - a) * t; }
const P kCentre{0.5, 0.5};

// Point on the perimeter: t in [0,1) runs clockwise from the north-west corner.
P perim(double t) {
  t -= std::floor(t);
  const int side = std::min(3, static_cast<int>(t * 4));
  const double f = t * 4 - side;
  switch (side) {
    case 0: return {f, 0};
    case 1: return {1, f};
    case 2: return {1 - f, 1};
    default: return {0, 1 - f};
  }
}
P port_point(int p) { return p == tw::C ? kCentre : perim((p + 0.5) / 12.0); }

uint16_t rotate_mask(uint16_t m, int rot) {
  uint16_t out = 0;
  for (int p = 0; p < tw::kPortCount; ++p)
    if (m & (1u << p)) out = static_cast<uint16_t>(out | (1u << tw::rotate_port(p, rot)));
  return out;
}
constexpr uint16_t kEdgeMask = (1u << 12) - 1;
bool has_c(uint16_t m) { return (m & (1u << tw::C)) != 0; }
int edge_count(uint16_t m) {
  int n = 0;
  for (int p = 0; p < 12; ++p) n += (m >> p) & 1;
  return n;
}

// Average of the owned edge ports' points (the centre when none).
P owned_avg(uint16_t m) {
  P s{};
  int n = 0;
  for (int p = 0; p < 12; ++p)
    if (m & (1u << p)) {
      s = s + port_point(p);
      ++n;
    }
  return n ? s * (1.0 / n) : kCentre;
}

bool is_centre_kind(Kind k) {
  return k == Kind::Monastery || k == kCastle || k == kCemetery || k == kRuin;
}

// A path described in unit coordinates; mapped later.
struct Op {
  enum T { Move, Line, Quad, Close } t;
  P a, b;  // Quad: a control, b end; Move/Line: a
};
using Shape = std::vector<Op>;

// The area of a segment owning mask m (see the file comment).
Shape area_shape(uint16_t m, std::vector<std::pair<P, P>>* curves = nullptr,
                 std::vector<P>* ctrls = nullptr) {
  Shape s;
  const uint16_t e = m & kEdgeMask;
  if (e == kEdgeMask || e == 0) {
    if (e == 0) return s;  // a centre-only segment has no area of its own
    s = {{Op::Move, {0, 0}, {}}, {Op::Line, {1, 0}, {}}, {Op::Line, {1, 1}, {}},
         {Op::Line, {0, 1}, {}}, {Op::Close, {}, {}}};
    return s;
  }
  // Runs of consecutive owned ports, cyclically, starting after an unowned port.
  int start = 0;
  while (e & (1u << start)) ++start;
  std::vector<std::pair<int, int>> runs;  // [first, last] ports, last may exceed 11
  for (int i = 1; i <= 12; ++i) {
    const int p = (start + i) % 12;
    if (!(e & (1u << p))) continue;
    if (!runs.empty() && runs.back().second == start + i - 1)
      runs.back().second = start + i;
    else
      runs.push_back({start + i, start + i});
  }
  const P dir = owned_avg(e) - kCentre;
  const double dl = len(dir);
  const P udir = dl > 1e-9 ? dir * (1.0 / dl) : P{};
  for (size_t i = 0; i < runs.size(); ++i) {
    const double t0 = runs[i].first / 12.0, t1 = (runs[i].second + 1) / 12.0;
    const P a = perim(t0);
    if (i == 0) s.push_back({Op::Move, a, {}});
    else s.push_back({Op::Line, a, {}});
    for (int k = static_cast<int>(std::floor(t0 * 4)) + 1; k / 4.0 < t1; ++k)
      s.push_back({Op::Line, perim(k / 4.0), {}});
    const P end = perim(t1);
    s.push_back({Op::Line, end, {}});
    const auto& next = runs[(i + 1) % runs.size()];
    const P b = perim(next.first / 12.0);
    const P mid = lerp(end, b, 0.5);
    const P v = kCentre - mid;
    P ctrl;
    if (len(v) < 0.12) ctrl = kCentre + udir * 0.24;
    else ctrl = mid + v * 1.05;
    if (has_c(m)) ctrl = ctrl + (ctrl - mid) * 0.45;
    s.push_back({Op::Quad, ctrl, b});
    if (curves) curves->push_back({end, b});
    if (ctrls) ctrls->push_back(ctrl);
  }
  s.push_back({Op::Close, {}, {}});
  return s;
}

// Maps unit coordinates into the drawing space.
struct Mapper {
  double x0, y0, size;
  double X(double u) const { return x0 + u * size; }
  double Y(double v) const { return y0 + v * size; }
  double L(double d) const { return d * size; }
};

wxGraphicsPath make_path(wxGraphicsContext& gc, const Mapper& m, const Shape& s) {
  wxGraphicsPath path = gc.CreatePath();
  for (const Op& op : s) {
    switch (op.t) {
      case Op::Move: path.MoveToPoint(m.X(op.a.x), m.Y(op.a.y)); break;
      case Op::Line: path.AddLineToPoint(m.X(op.a.x), m.Y(op.a.y)); break;
      case Op::Quad:
        path.AddQuadCurveToPoint(m.X(op.a.x), m.Y(op.a.y), m.X(op.b.x), m.Y(op.b.y));
        break;
      case Op::Close: path.CloseSubpath(); break;
    }
  }
  return path;
}

// Palette by kind (the tile type carries no terrain colours; Kind is what rules see).
// (Kinds are the core's enumerators and the modules' constants: no switch over them.)
wxColour kind_colour(Kind k) {
  if (k == Kind::City) return {214, 176, 118};
  if (k == Kind::Road) return {244, 238, 222};
  if (k == Kind::Field) return {132, 186, 84};
  if (k == Kind::Monastery) return {178, 58, 47};
  if (k == kCastle) return {112, 116, 140};
  if (k == kCemetery) return {110, 106, 94};
  if (k == kLowland) return {183, 211, 107};
  if (k == kMountain) return {150, 132, 114};
  if (k == kWater) return {79, 143, 214};
  if (k == kFog) return {226, 231, 238};
  if (k == kRuin) return {138, 127, 114};
  return {200, 200, 200};
}
wxColour darker(const wxColour& c, double k) {
  auto f = [k](unsigned char v) { return static_cast<unsigned char>(std::clamp(v * k, 0.0, 255.0)); };
  return {f(c.Red()), f(c.Green()), f(c.Blue()), c.Alpha()};
}
wxColour with_alpha(const wxColour& c, double a) {
  return {c.Red(), c.Green(), c.Blue(), static_cast<unsigned char>(std::clamp(a, 0.0, 1.0) * 255)};
}

struct Rotated {
  Kind kind;
  uint16_t mask;
  int shields;
  bool fogged;
};

std::vector<Rotated> rotated_segments(const tw::TileType& t, int rot) {
  std::vector<Rotated> out;
  out.reserve(t.segments.size());
  for (const auto& s : t.segments)
    out.push_back({s.kind, rotate_mask(s.ports, ((rot % 4) + 4) % 4), s.shields, s.covered});
  return out;
}

// Where a ruin that lies at a corner goes: towards the corner its ports surround.
P ruin_point(uint16_t m) {
  if (has_c(m)) return kCentre;
  const P a = owned_avg(m);
  const P corner{a.x < 0.5 ? 0.0 : 1.0, a.y < 0.5 ? 0.0 : 1.0};
  return lerp(corner, kCentre, 0.4);
}

// The point where a road with one port ends: a centre feature's point, else the centre.
P road_end(const std::vector<Rotated>& segs) {
  for (const auto& s : segs)
    if (s.kind == kRuin) return ruin_point(s.mask);
  return kCentre;
}

P label_point(const std::vector<Rotated>& segs, int i) {
  const Rotated& s = segs[static_cast<size_t>(i)];
  const uint16_t e = s.mask & kEdgeMask;
  const P avg = owned_avg(s.mask);
  const Kind k = s.kind;
  if (k == Kind::Monastery || k == kCastle || k == kCemetery) return has_c(s.mask) ? kCentre : lerp(kCentre, avg, 0.5);
  if (k == kRuin) return ruin_point(s.mask);
  if (k == Kind::Road) {
    std::vector<int> ports;
    for (int p = 0; p < 12; ++p)
      if (e & (1u << p)) ports.push_back(p);
    if (ports.size() == 2) {
      const P a = port_point(ports[0]), b = port_point(ports[1]);
      return a * 0.25 + kCentre * 0.5 + b * 0.25;
    }
    if (ports.size() == 1) return lerp(port_point(ports[0]), road_end(segs), 0.42);
    return lerp(avg, kCentre, 0.3);
  }
  if (k == Kind::City) {
    if (e == kEdgeMask) return kCentre;
    return kCentre + (avg - kCentre) * 0.8;
  }
  if (k == Kind::Field) {
    if (len(avg - kCentre) < 0.1 || e == kEdgeMask) {
      // Fields all around: a free corner.
      static const std::array<std::pair<int, int>, 4> corners = {
          {{tw::Nw, tw::Wn}, {tw::Ne, tw::En}, {tw::Es, tw::Se}, {tw::Sw, tw::Ws}}};
      static const std::array<P, 4> pts = {{{0.2, 0.2}, {0.8, 0.2}, {0.8, 0.8}, {0.2, 0.8}}};
      for (size_t c = 0; c < 4; ++c)
        if ((e & (1u << corners[c].first)) && (e & (1u << corners[c].second))) return pts[c];
    }
    return kCentre + (avg - kCentre) * 0.72;
  }
  if (k == kLowland || k == kMountain || k == kWater || k == kFog) {
    if (e == kEdgeMask || len(avg - kCentre) < 0.08) return kCentre;
    return kCentre + (avg - kCentre) * 0.62;
  }
  return kCentre;
}

class Painter {
 public:
  Painter(wxGraphicsContext& gc, const Mapper& m) : gc_(gc), m_(m) {}

  void fill(const Shape& s, const wxColour& c) {
    if (s.empty()) return;
    gc_.SetPen(*wxTRANSPARENT_PEN);
    gc_.SetBrush(wxBrush(c));
    gc_.FillPath(make_path(gc_, m_, s));
  }
  void stroke_quad(P a, P ctrl, P b, const wxColour& c, double width) {
    wxGraphicsPath path = gc_.CreatePath();
    path.MoveToPoint(m_.X(a.x), m_.Y(a.y));
    path.AddQuadCurveToPoint(m_.X(ctrl.x), m_.Y(ctrl.y), m_.X(b.x), m_.Y(b.y));
    gc_.SetPen(gc_.CreatePen(wxGraphicsPenInfo(c).Width(m_.L(width)).Cap(wxCAP_ROUND)));
    gc_.StrokePath(path);
  }
  void rect(P a, P b, const wxColour& fillc, const wxColour& line, double w) {
    gc_.SetBrush(wxBrush(fillc));
    if (w > 0) gc_.SetPen(gc_.CreatePen(wxGraphicsPenInfo(line).Width(m_.L(w))));
    else gc_.SetPen(*wxTRANSPARENT_PEN);
    gc_.DrawRectangle(m_.X(a.x), m_.Y(a.y), m_.L(b.x - a.x), m_.L(b.y - a.y));
  }
  void ellipse(P c, double rx, double ry, const wxColour& fillc, const wxColour& line, double w) {
    gc_.SetBrush(wxBrush(fillc));
    if (w > 0) gc_.SetPen(gc_.CreatePen(wxGraphicsPenInfo(line).Width(m_.L(w))));
    else gc_.SetPen(*wxTRANSPARENT_PEN);
    gc_.DrawEllipse(m_.X(c.x - rx), m_.Y(c.y - ry), m_.L(2 * rx), m_.L(2 * ry));
  }
  void poly(const std::vector<P>& pts, const wxColour& fillc, const wxColour& line, double w) {
    wxGraphicsPath path = gc_.CreatePath();
    for (size_t i = 0; i < pts.size(); ++i) {
      if (i == 0) path.MoveToPoint(m_.X(pts[i].x), m_.Y(pts[i].y));
      else path.AddLineToPoint(m_.X(pts[i].x), m_.Y(pts[i].y));
    }
    path.CloseSubpath();
    gc_.SetBrush(wxBrush(fillc));
    if (w > 0) gc_.SetPen(gc_.CreatePen(wxGraphicsPenInfo(line).Width(m_.L(w)).Join(wxJOIN_ROUND)));
    else gc_.SetPen(*wxTRANSPARENT_PEN);
    gc_.DrawPath(path);
  }
  wxGraphicsContext& gc() { return gc_; }
  const Mapper& map() const { return m_; }

 private:
  wxGraphicsContext& gc_;
  Mapper m_;
};

// --- icons, centred at c, size d (unit coordinates) ---

void draw_shield(Painter& p, P c, double d) {
  const double w = d * 0.5, h = d * 0.6;
  std::vector<P> pts = {{c.x - w, c.y - h * 0.5}, {c.x + w, c.y - h * 0.5},
                        {c.x + w, c.y + h * 0.1}, {c.x, c.y + h * 0.6},
                        {c.x - w, c.y + h * 0.1}};
  p.poly(pts, wxColour(36, 72, 160), wxColour(250, 250, 250), d * 0.12);
  p.rect({c.x - w * 0.18, c.y - h * 0.35}, {c.x + w * 0.18, c.y + h * 0.3}, wxColour(250, 250, 250),
         wxColour(), 0);
}

void draw_monastery(Painter& p, P c, double d) {
  const wxColour wall(236, 226, 200), roof(178, 58, 47), ink(70, 40, 30);
  p.rect({c.x - d * 0.3, c.y - d * 0.05}, {c.x + d * 0.3, c.y + d * 0.4}, wall, ink, d * 0.04);
  p.poly({{c.x - d * 0.38, c.y - d * 0.02}, {c.x, c.y - d * 0.36}, {c.x + d * 0.38, c.y - d * 0.02}},
         roof, ink, d * 0.04);
  p.rect({c.x - d * 0.07, c.y + d * 0.15}, {c.x + d * 0.07, c.y + d * 0.4}, wxColour(90, 60, 40),
         wxColour(), 0);
  p.rect({c.x - d * 0.03, c.y - d * 0.52}, {c.x + d * 0.03, c.y - d * 0.3}, ink, wxColour(), 0);
  p.rect({c.x - d * 0.1, c.y - d * 0.46}, {c.x + d * 0.1, c.y - d * 0.41}, ink, wxColour(), 0);
}

void draw_castle(Painter& p, P c, double d) {
  const wxColour stone(150, 154, 176), ink(50, 52, 70);
  std::vector<P> pts;
  const double l = c.x - d * 0.42, r = c.x + d * 0.42, top = c.y - d * 0.32, bot = c.y + d * 0.38;
  pts.push_back({l, bot});
  pts.push_back({l, top});
  const int merlons = 4;
  const double step = (r - l) / (2 * merlons - 1);
  for (int i = 0; i < 2 * merlons - 1; ++i) {
    const double x0 = l + i * step, x1 = x0 + step;
    if (i % 2 == 0) {
      pts.push_back({x1, top});
      pts.push_back({x1, top + step});
    } else {
      pts.push_back({x1, top + step});
      if (i + 1 < 2 * merlons - 1) pts.push_back({x1, top});
    }
  }
  pts.push_back({r, top});
  pts.push_back({r, bot});
  p.poly(pts, stone, ink, d * 0.05);
  p.poly({{c.x - d * 0.12, bot}, {c.x - d * 0.12, c.y + d * 0.08}, {c.x, c.y - d * 0.02},
          {c.x + d * 0.12, c.y + d * 0.08}, {c.x + d * 0.12, bot}},
         wxColour(60, 50, 45), wxColour(), 0);
}

void draw_cemetery(Painter& p, P c, double d) {
  const wxColour ground(128, 120, 100), ink(60, 56, 48), stone(205, 205, 198);
  p.ellipse(c, d * 0.46, d * 0.36, ground, ink, d * 0.05);
  for (int i = -1; i <= 1; ++i) {
    const P s{c.x + i * d * 0.24, c.y + (i == 0 ? -d * 0.06 : d * 0.04)};
    p.rect({s.x - d * 0.035, s.y - d * 0.17}, {s.x + d * 0.035, s.y + d * 0.14}, stone, ink, d * 0.02);
    p.rect({s.x - d * 0.1, s.y - d * 0.09}, {s.x + d * 0.1, s.y - d * 0.03}, stone, ink, d * 0.02);
  }
}

void draw_ruin(Painter& p, P c, double d) {
  const wxColour stone(176, 166, 150), ink(80, 72, 64);
  p.ellipse(c, d * 0.42, d * 0.3, wxColour(150, 140, 124), wxColour(), 0);
  p.poly({{c.x - d * 0.32, c.y + d * 0.2}, {c.x - d * 0.32, c.y - d * 0.25}, {c.x - d * 0.22, c.y - d * 0.32},
          {c.x - d * 0.12, c.y - d * 0.14}, {c.x - d * 0.12, c.y + d * 0.2}},
         stone, ink, d * 0.04);
  p.poly({{c.x + d * 0.02, c.y + d * 0.2}, {c.x + d * 0.02, c.y - d * 0.05}, {c.x + d * 0.14, c.y - d * 0.15},
          {c.x + d * 0.3, c.y - d * 0.02}, {c.x + d * 0.3, c.y + d * 0.2}},
         stone, ink, d * 0.04);
  p.rect({c.x - d * 0.1, c.y + d * 0.1}, {c.x + d * 0.06, c.y + d * 0.2}, stone, ink, d * 0.03);
}

void draw_tower(Painter& p, P c, double d) {  // a Discovery city
  const wxColour wall(226, 204, 160), roof(176, 62, 50), ink(70, 45, 30);
  p.rect({c.x - d * 0.22, c.y - d * 0.1}, {c.x + d * 0.22, c.y + d * 0.3}, wall, ink, d * 0.05);
  p.poly({{c.x - d * 0.3, c.y - d * 0.08}, {c.x, c.y - d * 0.38}, {c.x + d * 0.3, c.y - d * 0.08}}, roof,
         ink, d * 0.05);
}

void draw_ghost(Painter& p, P c, double d) {
  const wxColour body(250, 250, 255), ink(60, 64, 90);
  wxGraphicsContext& gc = p.gc();
  const Mapper& m = p.map();
  wxGraphicsPath path = gc.CreatePath();
  const double w = d * 0.34, top = c.y - d * 0.4, bot = c.y + d * 0.38;
  path.MoveToPoint(m.X(c.x - w), m.Y(bot));
  path.AddLineToPoint(m.X(c.x - w), m.Y(c.y - d * 0.06));
  path.AddQuadCurveToPoint(m.X(c.x - w), m.Y(top), m.X(c.x), m.Y(top));
  path.AddQuadCurveToPoint(m.X(c.x + w), m.Y(top), m.X(c.x + w), m.Y(c.y - d * 0.06));
  path.AddLineToPoint(m.X(c.x + w), m.Y(bot));
  path.AddLineToPoint(m.X(c.x + w * 0.5), m.Y(bot - d * 0.12));
  path.AddLineToPoint(m.X(c.x), m.Y(bot));
  path.AddLineToPoint(m.X(c.x - w * 0.5), m.Y(bot - d * 0.12));
  path.CloseSubpath();
  gc.SetBrush(wxBrush(body));
  gc.SetPen(gc.CreatePen(wxGraphicsPenInfo(ink).Width(m.L(d * 0.07)).Join(wxJOIN_ROUND)));
  gc.DrawPath(path);
  p.ellipse({c.x - w * 0.4, c.y - d * 0.1}, d * 0.06, d * 0.08, ink, wxColour(), 0);
  p.ellipse({c.x + w * 0.4, c.y - d * 0.1}, d * 0.06, d * 0.08, ink, wxColour(), 0);
}

void draw_peaks(Painter& p, P c, double d) {
  const wxColour rock(118, 102, 88), snow(246, 246, 246), ink(80, 68, 58);
  for (int i = -1; i <= 1; i += 2) {
    const P b{c.x + i * d * 0.2, c.y + d * 0.2};
    p.poly({{b.x - d * 0.28, b.y}, {b.x, b.y - d * 0.45}, {b.x + d * 0.28, b.y}}, rock, ink, d * 0.04);
    p.poly({{b.x - d * 0.1, b.y - d * 0.29}, {b.x, b.y - d * 0.45}, {b.x + d * 0.1, b.y - d * 0.29}}, snow,
           wxColour(), 0);
  }
}

void draw_waves(Painter& p, P c, double d) {
  const wxColour wave(200, 226, 250);
  for (int i = -1; i <= 1; ++i) {
    const double y = c.y + i * d * 0.22, x = c.x + (i == 0 ? d * 0.12 : -d * 0.05);
    p.stroke_quad({x - d * 0.3, y}, {x - d * 0.15, y - d * 0.14}, {x, y}, wave, d * 0.06);
    p.stroke_quad({x, y}, {x + d * 0.15, y + d * 0.14}, {x + d * 0.3, y}, wave, d * 0.06);
  }
}

void draw_grass(Painter& p, P c, double d) {
  const wxColour g(96, 140, 58);
  for (int i = -1; i <= 1; ++i) {
    const P b{c.x + i * d * 0.12, c.y + d * 0.15};
    p.stroke_quad(b, {b.x + i * d * 0.05, b.y - d * 0.15}, {b.x + i * d * 0.12, b.y - d * 0.3}, g, d * 0.05);
  }
}

void draw_back(Painter& p) {
  p.rect({0, 0}, {1, 1}, wxColour(70, 84, 120), wxColour(), 0);
  p.rect({0.08, 0.08}, {0.92, 0.92}, wxColour(84, 100, 142), wxColour(150, 164, 200), 0.025);
  p.poly({{0.5, 0.22}, {0.78, 0.5}, {0.5, 0.78}, {0.22, 0.5}}, wxColour(104, 122, 168),
         wxColour(170, 184, 220), 0.025);
  p.ellipse(kCentre, 0.09, 0.09, wxColour(190, 200, 230), wxColour(), 0);
}

void draw_fog(Painter& p, const Shape& s, std::vector<P> wisps, double alpha) {
  p.fill(s, with_alpha(kind_colour(kFog), alpha));
  const wxColour w = with_alpha(wxColour(255, 255, 255), std::min(1.0, alpha * 1.3));
  for (const P& c : wisps) {
    p.stroke_quad({c.x - 0.14, c.y}, {c.x - 0.07, c.y - 0.05}, {c.x, c.y}, w, 0.025);
    p.stroke_quad({c.x, c.y}, {c.x + 0.07, c.y + 0.05}, {c.x + 0.14, c.y}, w, 0.025);
  }
}

void paint(wxGraphicsContext& gc, const Mapper& m, const tw::TileType& t, int rot,
           const TileArtStyle& st) {
  Painter p(gc, m);
  gc.SetAntialiasMode(wxANTIALIAS_DEFAULT);
  gc.Clip(m.X(0), m.Y(0), m.L(1), m.L(1));
  if (st.face_down) {
    draw_back(p);
    p.rect({0, 0}, {1, 1}, wxColour(0, 0, 0, 0), wxColour(40, 40, 50), 0.02);
    gc.ResetClip();
    return;
  }
  const auto segs = rotated_segments(t, rot);
  // Background: fields if any, else the terrain segment owning the most ports.
  int bg = -1;
  for (size_t i = 0; i < segs.size(); ++i) {
    if (segs[i].kind == kFog || is_centre_kind(segs[i].kind) || segs[i].kind == Kind::Road) continue;
    if (segs[i].kind == Kind::Field) {
      bg = static_cast<int>(i);
      break;
    }
    if (bg < 0 || edge_count(segs[i].mask) > edge_count(segs[static_cast<size_t>(bg)].mask))
      bg = static_cast<int>(i);
  }
  const Kind bg_kind = bg >= 0 ? segs[static_cast<size_t>(bg)].kind : Kind::Field;
  p.rect({0, 0}, {1, 1}, kind_colour(bg_kind), wxColour(), 0);

  // Regions (Discovery) and non-background areas, largest first.
  std::vector<int> order;
  for (size_t i = 0; i < segs.size(); ++i) {
    const Kind k = segs[i].kind;
    if (static_cast<int>(i) != bg && (k == kLowland || k == kMountain || k == kWater))
      order.push_back(static_cast<int>(i));
  }
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    return edge_count(segs[static_cast<size_t>(a)].mask) > edge_count(segs[static_cast<size_t>(b)].mask);
  });
  for (int i : order) {
    const auto& s = segs[static_cast<size_t>(i)];
    std::vector<std::pair<P, P>> curves;
    std::vector<P> ctrls;
    const Shape sh = area_shape(s.mask, &curves, &ctrls);
    p.fill(sh, kind_colour(s.kind));
    for (size_t c = 0; c < curves.size(); ++c)
      p.stroke_quad(curves[c].first, ctrls[c], curves[c].second, darker(kind_colour(s.kind), 0.8), 0.02);
  }
  // Region decoration and Discovery cities (drawn on the land side only: a city counts
  // on both its water and its land region).
  for (size_t i = 0; i < segs.size(); ++i) {
    const auto& s = segs[i];
    const P c = label_point(segs, static_cast<int>(i));
    const P deco = lerp(c, kCentre, 0.0) + P{0.0, 0.14};
    if (s.kind == kMountain) draw_peaks(p, deco, 0.26);
    else if (s.kind == kWater) draw_waves(p, c, 0.24);
    else if (s.kind == kLowland) draw_grass(p, deco, 0.24);
    if ((s.kind == kLowland || s.kind == kMountain) && s.shields > 0)
      for (int k = 0; k < s.shields; ++k)
        draw_tower(p, c + P{(k - (s.shields - 1) / 2.0) * 0.16, -0.1}, 0.2);
  }

  // Non-background ruin areas are icons only; roads, then cities over them.
  const P rend = road_end(segs);
  int roads_to_centre = 0;
  bool centre_feature = false;
  for (const auto& s : segs) {
    if (s.kind == Kind::Road && edge_count(s.mask) == 1) ++roads_to_centre;
    if (is_centre_kind(s.kind)) centre_feature = true;
  }
  auto road_curves = [&](const Rotated& s, std::vector<std::array<P, 3>>& out) {
    std::vector<int> ports;
    for (int q = 0; q < 12; ++q)
      if (s.mask & (1u << q)) ports.push_back(q);
    if (ports.size() == 2) {
      out.push_back({port_point(ports[0]), kCentre, port_point(ports[1])});
    } else {
      for (int q : ports) {
        const P a = port_point(q);
        out.push_back({a, lerp(a, rend, 0.5), rend});
      }
    }
  };
  for (int pass = 0; pass < 2; ++pass)
    for (const auto& s : segs) {
      if (s.kind != Kind::Road) continue;
      std::vector<std::array<P, 3>> cs;
      road_curves(s, cs);
      for (const auto& c : cs) {
        if (pass == 0) p.stroke_quad(c[0], c[1], c[2], wxColour(120, 104, 80), 0.115);
        else p.stroke_quad(c[0], c[1], c[2], kind_colour(Kind::Road), 0.075);
      }
    }
  if (roads_to_centre >= 3 && !centre_feature) {
    p.rect({0.4, 0.4}, {0.6, 0.6}, wxColour(196, 86, 60), wxColour(90, 50, 36), 0.02);
    p.poly({{0.4, 0.4}, {0.5, 0.47}, {0.6, 0.4}}, wxColour(150, 60, 44), wxColour(90, 50, 36), 0.015);
  }

  for (size_t i = 0; i < segs.size(); ++i) {
    const auto& s = segs[i];
    if (s.kind != Kind::City || static_cast<int>(i) == bg) continue;
    std::vector<std::pair<P, P>> curves;
    std::vector<P> ctrls;
    const Shape sh = area_shape(s.mask, &curves, &ctrls);
    p.fill(sh, kind_colour(Kind::City));
    // Roofs: a few small red rectangles towards the city's inside.
    const P lp = label_point(segs, static_cast<int>(i));
    for (size_t c = 0; c < curves.size(); ++c) {
      p.stroke_quad(curves[c].first, ctrls[c], curves[c].second, wxColour(92, 78, 66), 0.05);
      p.stroke_quad(curves[c].first, ctrls[c], curves[c].second, wxColour(168, 156, 140), 0.022);
    }
    const std::array<P, 3> roofs = {{{-0.15, -0.02}, {-0.05, 0.03}, {0.2, -0.01}}};
    for (const P& o : roofs) {
      const P a = lp + o;
      if (a.x < 0.08 || a.x > 0.92 || a.y < 0.08 || a.y > 0.92) continue;
      p.rect({a.x - 0.035, a.y - 0.025}, {a.x + 0.035, a.y + 0.025}, wxColour(186, 84, 62),
             wxColour(120, 60, 44), 0.01);
    }
  }
  if (bg >= 0 && segs[static_cast<size_t>(bg)].kind == Kind::City) {
    const P lp = kCentre;
    p.rect({lp.x - 0.08, lp.y - 0.05}, {lp.x + 0.08, lp.y + 0.05}, wxColour(186, 84, 62),
           wxColour(120, 60, 44), 0.01);
  }

  // Centre features.
  for (size_t i = 0; i < segs.size(); ++i) {
    const auto& s = segs[i];
    const P c = label_point(segs, static_cast<int>(i));
    if (s.kind == Kind::Monastery) draw_monastery(p, c, 0.42);
    else if (s.kind == kCastle) draw_castle(p, c, 0.42);
    else if (s.kind == kCemetery) draw_cemetery(p, c, 0.42);
    else if (s.kind == kRuin) draw_ruin(p, c, 0.4);
  }
  // Shields on cities.
  for (size_t i = 0; i < segs.size(); ++i) {
    const auto& s = segs[i];
    if (s.kind != Kind::City || s.shields <= 0) continue;
    const P c = label_point(segs, static_cast<int>(i)) + P{0.07, 0.0};
    for (int k = 0; k < s.shields; ++k) draw_shield(p, c + P{k * 0.11, 0}, 0.14);
  }

  // Fog over everything but the icons' outlines.
  for (size_t i = 0; i < segs.size(); ++i) {
    const auto& s = segs[i];
    if (s.kind != kFog) continue;
    const Shape sh = area_shape(s.mask);
    std::vector<P> wisps;
    const P c = label_point(segs, static_cast<int>(i));
    wisps.push_back(lerp(c, kCentre, 0.2) + P{0.0, -0.12});
    wisps.push_back(lerp(c, kCentre, 0.2) + P{0.06, 0.12});
    draw_fog(p, sh, wisps, st.fog_alpha);
  }

  // Ghost symbols: a row in the south-west corner (not rotated: it is a count).
  for (int g = 0; g < t.symbols; ++g) draw_ghost(p, {0.12 + g * 0.15, 0.86}, 0.16);

  // Highlight.
  if (st.highlight_segment >= 0 && st.highlight_segment < static_cast<int>(segs.size())) {
    const auto& s = segs[static_cast<size_t>(st.highlight_segment)];
    const wxColour hl(255, 214, 0);
    if (s.kind == Kind::Road) {
      std::vector<std::array<P, 3>> cs;
      road_curves(s, cs);
      for (const auto& c : cs) p.stroke_quad(c[0], c[1], c[2], with_alpha(hl, 0.7), 0.12);
    } else if (is_centre_kind(s.kind) || (s.mask & kEdgeMask) == 0) {
      p.ellipse(label_point(segs, st.highlight_segment), 0.22, 0.22, with_alpha(hl, 0.35), hl, 0.03);
    } else {
      const Shape sh = area_shape(s.mask);
      p.fill(sh, with_alpha(hl, 0.35));
      gc.SetPen(gc.CreatePen(wxGraphicsPenInfo(hl).Width(m.L(0.03))));
      gc.SetBrush(*wxTRANSPARENT_BRUSH);
      gc.StrokePath(make_path(gc, m, sh));
    }
  }

  // Reconstructed geometry: a small orange corner in the north-east (not rotated).
  if (t.reconstructed && st.reconstructed_mark) {
    p.poly({{0.8, 0}, {1, 0}, {1, 0.2}}, wxColour(240, 120, 20), wxColour(120, 50, 0), 0.012);
    p.ellipse({0.935, 0.065}, 0.022, 0.022, wxColour(255, 255, 255), wxColour(), 0);
  }
  // Edge.
  gc.SetBrush(*wxTRANSPARENT_BRUSH);
  gc.SetPen(gc.CreatePen(wxGraphicsPenInfo(wxColour(40, 40, 40, 160)).Width(std::max(1.0, m.L(0.012)))));
  gc.DrawRectangle(m.X(0), m.Y(0), m.L(1), m.L(1));
  gc.ResetClip();
}

}  // namespace

void draw_tile(wxDC& dc, const tw::TileType& t, int rot, const wxRect& r, const TileArtStyle& s) {
  if (r.width <= 0 || r.height <= 0) return;
  const int side = std::min(r.width, r.height);
  if (wxGraphicsContext* gc = dc.GetGraphicsContext()) {
    // The DC's own context already maps logical coordinates.
    gc->PushState();
    paint(*gc, Mapper{static_cast<double>(r.x), static_cast<double>(r.y), static_cast<double>(side)}, t,
          rot, s);
    gc->PopState();
    return;
  }
  std::unique_ptr<wxGraphicsContext> gc(wxGraphicsContext::CreateFromUnknownDC(dc));
  if (!gc) return;
  const int x0 = dc.LogicalToDeviceX(r.x), y0 = dc.LogicalToDeviceY(r.y);
  const int x1 = dc.LogicalToDeviceX(r.x + side);
  paint(*gc, Mapper{static_cast<double>(x0), static_cast<double>(y0), static_cast<double>(x1 - x0)}, t, rot,
        s);
}

wxPoint segment_point(const tw::TileType& t, int seg, int rot, const wxRect& r) {
  const int side = std::min(r.width, r.height);
  if (seg < 0 || seg >= static_cast<int>(t.segments.size()))
    return {r.x + side / 2, r.y + side / 2};
  const auto segs = rotated_segments(t, rot);
  const P p = label_point(segs, seg);
  return {r.x + static_cast<int>(std::lround(p.x * side)), r.y + static_cast<int>(std::lround(p.y * side))};
}

}  // namespace twe
