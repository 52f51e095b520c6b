// Tile art: every shape is derived from port masks. Geometry is computed in unit
// coordinates (0..1, y down) on the rotated tile.
//
// Shapes: a segment owning edge ports is drawn as the area between its runs of owned
// perimeter and quadratic curves (through a point near the centre) joining one run's
// end to the next run's start. That gives caps, corners, bands, three-sided cities and
// region blobs from one rule. Roads are curves between their ports (or from a port to
// the centre feature); centre features are icons.
#include "present/tile_art.h"

#include "engine/rules/kinds.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace tw {
namespace {

using P = ArtPoint;
using Rgb = ArtColour;
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
P port_point(int p) { return p == C ? kCentre : perim((p + 0.5) / 12.0); }

uint16_t rotate_mask(uint16_t m, int rot) {
  uint16_t out = 0;
  for (int p = 0; p < kPortCount; ++p)
    if (m & (1u << p)) out = static_cast<uint16_t>(out | (1u << rotate_port(p, rot)));
  return out;
}
constexpr uint16_t kEdgeMask = (1u << 12) - 1;
bool has_c(uint16_t m) { return (m & (1u << C)) != 0; }
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

bool is_centre_kind(Kind k) { return k == Kind::Monastery || k == kCastle || k == kCemetery || k == kRuin; }

ArtPath full_square() {
  return {{ArtStep::Move, {0, 0}, {}}, {ArtStep::Line, {1, 0}, {}}, {ArtStep::Line, {1, 1}, {}},
          {ArtStep::Line, {0, 1}, {}}, {ArtStep::Close, {}, {}}};
}

// The area of a segment owning mask m (see the file comment).
ArtPath area_shape(uint16_t m, std::vector<std::pair<P, P>>* curves = nullptr, std::vector<P>* ctrls = nullptr) {
  ArtPath s;
  const uint16_t e = m & kEdgeMask;
  if (e == 0) return s;  // a centre-only segment has no area of its own
  if (e == kEdgeMask) return full_square();
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
    s.push_back({i == 0 ? ArtStep::Move : ArtStep::Line, perim(t0), {}});
    for (int k = static_cast<int>(std::floor(t0 * 4)) + 1; k / 4.0 < t1; ++k)
      s.push_back({ArtStep::Line, perim(k / 4.0), {}});
    const P end = perim(t1);
    s.push_back({ArtStep::Line, end, {}});
    const auto& next = runs[(i + 1) % runs.size()];
    const P b = perim(next.first / 12.0);
    const P mid = lerp(end, b, 0.5);
    const P v = kCentre - mid;
    P ctrl = len(v) < 0.12 ? kCentre + udir * 0.24 : mid + v * 1.05;
    if (has_c(m)) ctrl = ctrl + (ctrl - mid) * 0.45;
    s.push_back({ArtStep::Quad, ctrl, b});
    if (curves) curves->push_back({end, b});
    if (ctrls) ctrls->push_back(ctrl);
  }
  s.push_back({ArtStep::Close, {}, {}});
  return s;
}

// Palette by kind (the tile type carries no terrain colours; Kind is what rules see).
// (Kinds are the core's enumerators and the modules' constants: no switch over them.)
Rgb kind_colour(Kind k) {
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
Rgb darker(Rgb c, double k) {
  const auto f = [k](int v) { return static_cast<int>(std::clamp(v * k, 0.0, 255.0)); };
  return {f(c.r), f(c.g), f(c.b), c.a};
}
Rgb with_alpha(Rgb c, double a) { return {c.r, c.g, c.b, std::clamp(a, 0.0, 1.0)}; }

struct Rotated {
  Kind kind;
  uint16_t mask;
  int shields;
};

std::vector<Rotated> rotated_segments(const TileType& t, int rot) {
  std::vector<Rotated> out;
  out.reserve(t.segments.size());
  for (const auto& s : t.segments) out.push_back({s.kind, rotate_mask(s.ports, ((rot % 4) + 4) % 4), s.shields});
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
    if (ports.size() == 2) return port_point(ports[0]) * 0.25 + kCentre * 0.5 + port_point(ports[1]) * 0.25;
    if (ports.size() == 1) return lerp(port_point(ports[0]), road_end(segs), 0.42);
    return lerp(avg, kCentre, 0.3);
  }
  if (k == Kind::City) return e == kEdgeMask ? kCentre : kCentre + (avg - kCentre) * 0.8;
  if (k == Kind::Field) {
    if (len(avg - kCentre) < 0.1 || e == kEdgeMask) {
      // Fields all around: a free corner.
      static const std::array<std::pair<int, int>, 4> corners = {{{Nw, Wn}, {Ne, En}, {Es, Se}, {Sw, Ws}}};
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

// Collects marks, back to front.
class Canvas {
 public:
  void fill(ArtPath s, Rgb c) {
    if (s.empty()) return;
    ArtMark m;
    m.path = std::move(s);
    m.fill = c;
    marks_.push_back(std::move(m));
  }
  void stroke_path(ArtPath s, Rgb c, double w) {
    ArtMark m;
    m.path = std::move(s);
    m.stroke = c;
    m.width = w;
    marks_.push_back(std::move(m));
  }
  void stroke_quad(P a, P ctrl, P b, Rgb c, double w) {
    ArtMark m;
    m.path = {{ArtStep::Move, a, {}}, {ArtStep::Quad, ctrl, b}};
    m.stroke = c;
    m.width = w;
    m.round_cap = true;
    marks_.push_back(std::move(m));
  }
  // A filled path with a round-joined outline.
  void draw_path(ArtPath s, Rgb f, Rgb line, double w) {
    ArtMark m;
    m.path = std::move(s);
    m.fill = f;
    m.stroke = line;
    m.width = w;
    m.round_join = true;
    marks_.push_back(std::move(m));
  }
  // fillc none: an outline only; w <= 0: no outline.
  void rect(P a, P b, std::optional<Rgb> fillc, Rgb line, double w, bool hairline = false) {
    ArtMark m;
    m.shape = ArtMark::Shape::Rect;
    m.points = {a, b};
    m.fill = fillc;
    outline(m, line, w);
    m.hairline = hairline;
    marks_.push_back(std::move(m));
  }
  void ellipse(P c, double rx, double ry, Rgb fillc, Rgb line, double w) {
    ArtMark m;
    m.shape = ArtMark::Shape::Ellipse;
    m.points = {c, {rx, ry}};
    m.fill = fillc;
    outline(m, line, w);
    marks_.push_back(std::move(m));
  }
  void poly(std::vector<P> pts, Rgb fillc, Rgb line, double w) {
    ArtMark m;
    m.shape = ArtMark::Shape::Polygon;
    m.points = std::move(pts);
    m.fill = fillc;
    outline(m, line, w);
    m.round_join = w > 0;
    marks_.push_back(std::move(m));
  }
  std::vector<ArtMark> take() { return std::move(marks_); }

 private:
  static void outline(ArtMark& m, Rgb line, double w) {
    if (w <= 0) return;
    m.stroke = line;
    m.width = w;
  }
  std::vector<ArtMark> marks_;
};

const Rgb kNone{};

// --- icons, centred at c, size d (unit coordinates) ---

void draw_shield(Canvas& p, P c, double d) {
  const double w = d * 0.5, h = d * 0.6;
  p.poly({{c.x - w, c.y - h * 0.5}, {c.x + w, c.y - h * 0.5}, {c.x + w, c.y + h * 0.1}, {c.x, c.y + h * 0.6},
          {c.x - w, c.y + h * 0.1}},
         {36, 72, 160}, {250, 250, 250}, d * 0.12);
  p.rect({c.x - w * 0.18, c.y - h * 0.35}, {c.x + w * 0.18, c.y + h * 0.3}, Rgb{250, 250, 250}, kNone, 0);
}

void draw_monastery(Canvas& p, P c, double d) {
  const Rgb wall{236, 226, 200}, roof{178, 58, 47}, ink{70, 40, 30};
  p.rect({c.x - d * 0.3, c.y - d * 0.05}, {c.x + d * 0.3, c.y + d * 0.4}, wall, ink, d * 0.04);
  p.poly({{c.x - d * 0.38, c.y - d * 0.02}, {c.x, c.y - d * 0.36}, {c.x + d * 0.38, c.y - d * 0.02}}, roof, ink,
         d * 0.04);
  p.rect({c.x - d * 0.07, c.y + d * 0.15}, {c.x + d * 0.07, c.y + d * 0.4}, Rgb{90, 60, 40}, kNone, 0);
  p.rect({c.x - d * 0.03, c.y - d * 0.52}, {c.x + d * 0.03, c.y - d * 0.3}, ink, kNone, 0);
  p.rect({c.x - d * 0.1, c.y - d * 0.46}, {c.x + d * 0.1, c.y - d * 0.41}, ink, kNone, 0);
}

void draw_castle(Canvas& p, P c, double d) {
  const Rgb stone{150, 154, 176}, ink{50, 52, 70};
  std::vector<P> pts;
  const double l = c.x - d * 0.42, r = c.x + d * 0.42, top = c.y - d * 0.32, bot = c.y + d * 0.38;
  pts.push_back({l, bot});
  pts.push_back({l, top});
  const int merlons = 4;
  const double step = (r - l) / (2 * merlons - 1);
  for (int i = 0; i < 2 * merlons - 1; ++i) {
    const double x1 = l + i * step + step;
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
  p.poly({{c.x - d * 0.12, bot}, {c.x - d * 0.12, c.y + d * 0.08}, {c.x, c.y - d * 0.02}, {c.x + d * 0.12, c.y + d * 0.08},
          {c.x + d * 0.12, bot}},
         {60, 50, 45}, kNone, 0);
}

void draw_cemetery(Canvas& p, P c, double d) {
  const Rgb ground{128, 120, 100}, ink{60, 56, 48}, stone{205, 205, 198};
  p.ellipse(c, d * 0.46, d * 0.36, ground, ink, d * 0.05);
  for (int i = -1; i <= 1; ++i) {
    const P s{c.x + i * d * 0.24, c.y + (i == 0 ? -d * 0.06 : d * 0.04)};
    p.rect({s.x - d * 0.035, s.y - d * 0.17}, {s.x + d * 0.035, s.y + d * 0.14}, stone, ink, d * 0.02);
    p.rect({s.x - d * 0.1, s.y - d * 0.09}, {s.x + d * 0.1, s.y - d * 0.03}, stone, ink, d * 0.02);
  }
}

void draw_ruin(Canvas& p, P c, double d) {
  const Rgb stone{176, 166, 150}, ink{80, 72, 64};
  p.ellipse(c, d * 0.42, d * 0.3, {150, 140, 124}, kNone, 0);
  p.poly({{c.x - d * 0.32, c.y + d * 0.2}, {c.x - d * 0.32, c.y - d * 0.25}, {c.x - d * 0.22, c.y - d * 0.32},
          {c.x - d * 0.12, c.y - d * 0.14}, {c.x - d * 0.12, c.y + d * 0.2}},
         stone, ink, d * 0.04);
  p.poly({{c.x + d * 0.02, c.y + d * 0.2}, {c.x + d * 0.02, c.y - d * 0.05}, {c.x + d * 0.14, c.y - d * 0.15},
          {c.x + d * 0.3, c.y - d * 0.02}, {c.x + d * 0.3, c.y + d * 0.2}},
         stone, ink, d * 0.04);
  p.rect({c.x - d * 0.1, c.y + d * 0.1}, {c.x + d * 0.06, c.y + d * 0.2}, stone, ink, d * 0.03);
}

void draw_tower(Canvas& p, P c, double d) {  // a Discovery city
  const Rgb wall{226, 204, 160}, roof{176, 62, 50}, ink{70, 45, 30};
  p.rect({c.x - d * 0.22, c.y - d * 0.1}, {c.x + d * 0.22, c.y + d * 0.3}, wall, ink, d * 0.05);
  p.poly({{c.x - d * 0.3, c.y - d * 0.08}, {c.x, c.y - d * 0.38}, {c.x + d * 0.3, c.y - d * 0.08}}, roof, ink,
         d * 0.05);
}

void draw_ghost(Canvas& p, P c, double d) {
  const Rgb body{250, 250, 255}, ink{60, 64, 90};
  const double w = d * 0.34, top = c.y - d * 0.4, bot = c.y + d * 0.38;
  p.draw_path({{ArtStep::Move, {c.x - w, bot}, {}},
               {ArtStep::Line, {c.x - w, c.y - d * 0.06}, {}},
               {ArtStep::Quad, {c.x - w, top}, {c.x, top}},
               {ArtStep::Quad, {c.x + w, top}, {c.x + w, c.y - d * 0.06}},
               {ArtStep::Line, {c.x + w, bot}, {}},
               {ArtStep::Line, {c.x + w * 0.5, bot - d * 0.12}, {}},
               {ArtStep::Line, {c.x, bot}, {}},
               {ArtStep::Line, {c.x - w * 0.5, bot - d * 0.12}, {}},
               {ArtStep::Close, {}, {}}},
              body, ink, d * 0.07);
  p.ellipse({c.x - w * 0.4, c.y - d * 0.1}, d * 0.06, d * 0.08, ink, kNone, 0);
  p.ellipse({c.x + w * 0.4, c.y - d * 0.1}, d * 0.06, d * 0.08, ink, kNone, 0);
}

void draw_peaks(Canvas& p, P c, double d) {
  const Rgb rock{118, 102, 88}, snow{246, 246, 246}, ink{80, 68, 58};
  for (int i = -1; i <= 1; i += 2) {
    const P b{c.x + i * d * 0.2, c.y + d * 0.2};
    p.poly({{b.x - d * 0.28, b.y}, {b.x, b.y - d * 0.45}, {b.x + d * 0.28, b.y}}, rock, ink, d * 0.04);
    p.poly({{b.x - d * 0.1, b.y - d * 0.29}, {b.x, b.y - d * 0.45}, {b.x + d * 0.1, b.y - d * 0.29}}, snow, kNone, 0);
  }
}

void draw_waves(Canvas& p, P c, double d) {
  const Rgb wave{200, 226, 250};
  for (int i = -1; i <= 1; ++i) {
    const double y = c.y + i * d * 0.22, x = c.x + (i == 0 ? d * 0.12 : -d * 0.05);
    p.stroke_quad({x - d * 0.3, y}, {x - d * 0.15, y - d * 0.14}, {x, y}, wave, d * 0.06);
    p.stroke_quad({x, y}, {x + d * 0.15, y + d * 0.14}, {x + d * 0.3, y}, wave, d * 0.06);
  }
}

void draw_grass(Canvas& p, P c, double d) {
  const Rgb g{96, 140, 58};
  for (int i = -1; i <= 1; ++i) {
    const P b{c.x + i * d * 0.12, c.y + d * 0.15};
    p.stroke_quad(b, {b.x + i * d * 0.05, b.y - d * 0.15}, {b.x + i * d * 0.12, b.y - d * 0.3}, g, d * 0.05);
  }
}

void draw_back(Canvas& p) {
  p.rect({0, 0}, {1, 1}, Rgb{70, 84, 120}, kNone, 0);
  p.rect({0.08, 0.08}, {0.92, 0.92}, Rgb{84, 100, 142}, {150, 164, 200}, 0.025);
  p.poly({{0.5, 0.22}, {0.78, 0.5}, {0.5, 0.78}, {0.22, 0.5}}, {104, 122, 168}, {170, 184, 220}, 0.025);
  p.ellipse(kCentre, 0.09, 0.09, {190, 200, 230}, kNone, 0);
}

void draw_fog(Canvas& p, ArtPath s, const std::vector<P>& wisps, double alpha) {
  p.fill(std::move(s), with_alpha(kind_colour(kFog), alpha));
  const Rgb w = with_alpha({255, 255, 255}, std::min(1.0, alpha * 1.3));
  for (const P& c : wisps) {
    p.stroke_quad({c.x - 0.14, c.y}, {c.x - 0.07, c.y - 0.05}, c, w, 0.025);
    p.stroke_quad(c, {c.x + 0.07, c.y + 0.05}, {c.x + 0.14, c.y}, w, 0.025);
  }
}

}  // namespace

bool is_full_square(const ArtPath& p) {
  const ArtPath sq = full_square();
  if (p.size() != sq.size()) return false;
  for (size_t i = 0; i < p.size(); ++i)
    if (p[i].op != sq[i].op || p[i].a.x != sq[i].a.x || p[i].a.y != sq[i].a.y) return false;
  return true;
}

std::vector<ArtMark> tile_art(const TileType& t, int rot, const TileArtStyle& st) {
  Canvas p;
  if (st.face_down) {
    draw_back(p);
    p.rect({0, 0}, {1, 1}, std::nullopt, {40, 40, 50}, 0.02);
    return p.take();
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
    if (bg < 0 || edge_count(segs[i].mask) > edge_count(segs[static_cast<size_t>(bg)].mask)) bg = static_cast<int>(i);
  }
  const Kind bg_kind = bg >= 0 ? segs[static_cast<size_t>(bg)].kind : Kind::Field;
  p.rect({0, 0}, {1, 1}, kind_colour(bg_kind), kNone, 0);

  // Regions (Discovery) and non-background areas, largest first.
  std::vector<int> order;
  for (size_t i = 0; i < segs.size(); ++i) {
    const Kind k = segs[i].kind;
    if (static_cast<int>(i) != bg && (k == kLowland || k == kMountain || k == kWater)) order.push_back(static_cast<int>(i));
  }
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    return edge_count(segs[static_cast<size_t>(a)].mask) > edge_count(segs[static_cast<size_t>(b)].mask);
  });
  for (int i : order) {
    const auto& s = segs[static_cast<size_t>(i)];
    std::vector<std::pair<P, P>> curves;
    std::vector<P> ctrls;
    p.fill(area_shape(s.mask, &curves, &ctrls), kind_colour(s.kind));
    for (size_t c = 0; c < curves.size(); ++c)
      p.stroke_quad(curves[c].first, ctrls[c], curves[c].second, darker(kind_colour(s.kind), 0.8), 0.02);
  }
  // Region decoration and Discovery cities (drawn on the land side only: a city counts
  // on both its water and its land region).
  for (size_t i = 0; i < segs.size(); ++i) {
    const auto& s = segs[i];
    const P c = label_point(segs, static_cast<int>(i));
    const P deco = c + P{0.0, 0.14};
    if (s.kind == kMountain) draw_peaks(p, deco, 0.26);
    else if (s.kind == kWater) draw_waves(p, c, 0.24);
    else if (s.kind == kLowland) draw_grass(p, deco, 0.24);
    if ((s.kind == kLowland || s.kind == kMountain) && s.shields > 0)
      for (int k = 0; k < s.shields; ++k) draw_tower(p, c + P{(k - (s.shields - 1) / 2.0) * 0.16, -0.1}, 0.2);
  }

  // Roads, then cities over them.
  const P rend = road_end(segs);
  int roads_to_centre = 0;
  bool centre_feature = false;
  for (const auto& s : segs) {
    if (s.kind == Kind::Road && edge_count(s.mask) == 1) ++roads_to_centre;
    if (is_centre_kind(s.kind)) centre_feature = true;
  }
  const auto road_curves = [&](const Rotated& s, std::vector<std::array<P, 3>>& out) {
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
        if (pass == 0) p.stroke_quad(c[0], c[1], c[2], {120, 104, 80}, 0.115);
        else p.stroke_quad(c[0], c[1], c[2], kind_colour(Kind::Road), 0.075);
      }
    }
  if (roads_to_centre >= 3 && !centre_feature) {
    p.rect({0.4, 0.4}, {0.6, 0.6}, Rgb{196, 86, 60}, {90, 50, 36}, 0.02);
    p.poly({{0.4, 0.4}, {0.5, 0.47}, {0.6, 0.4}}, {150, 60, 44}, {90, 50, 36}, 0.015);
  }

  for (size_t i = 0; i < segs.size(); ++i) {
    const auto& s = segs[i];
    if (s.kind != Kind::City || static_cast<int>(i) == bg) continue;
    std::vector<std::pair<P, P>> curves;
    std::vector<P> ctrls;
    p.fill(area_shape(s.mask, &curves, &ctrls), kind_colour(Kind::City));
    // Walls, then roofs: a few small red rectangles towards the city's inside.
    const P lp = label_point(segs, static_cast<int>(i));
    for (size_t c = 0; c < curves.size(); ++c) {
      p.stroke_quad(curves[c].first, ctrls[c], curves[c].second, {92, 78, 66}, 0.05);
      p.stroke_quad(curves[c].first, ctrls[c], curves[c].second, {168, 156, 140}, 0.022);
    }
    const std::array<P, 3> roofs = {{{-0.15, -0.02}, {-0.05, 0.03}, {0.2, -0.01}}};
    for (const P& o : roofs) {
      const P a = lp + o;
      if (a.x < 0.08 || a.x > 0.92 || a.y < 0.08 || a.y > 0.92) continue;
      p.rect({a.x - 0.035, a.y - 0.025}, {a.x + 0.035, a.y + 0.025}, Rgb{186, 84, 62}, {120, 60, 44}, 0.01);
    }
  }
  if (bg >= 0 && segs[static_cast<size_t>(bg)].kind == Kind::City) {
    const P lp = kCentre;
    p.rect({lp.x - 0.08, lp.y - 0.05}, {lp.x + 0.08, lp.y + 0.05}, Rgb{186, 84, 62}, {120, 60, 44}, 0.01);
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
    const P c = lerp(label_point(segs, static_cast<int>(i)), kCentre, 0.2);
    draw_fog(p, area_shape(s.mask), {c + P{0.0, -0.12}, c + P{0.06, 0.12}}, st.fog_alpha);
  }

  // Ghost symbols: a row in the south-west corner (not rotated: it is a count).
  for (int g = 0; g < t.symbols; ++g) draw_ghost(p, {0.12 + g * 0.15, 0.86}, 0.16);

  // Highlight.
  if (st.highlight_segment >= 0 && st.highlight_segment < static_cast<int>(segs.size())) {
    const auto& s = segs[static_cast<size_t>(st.highlight_segment)];
    const Rgb hl{255, 214, 0};
    if (s.kind == Kind::Road) {
      std::vector<std::array<P, 3>> cs;
      road_curves(s, cs);
      for (const auto& c : cs) p.stroke_quad(c[0], c[1], c[2], with_alpha(hl, 0.7), 0.12);
    } else if (is_centre_kind(s.kind) || (s.mask & kEdgeMask) == 0) {
      p.ellipse(label_point(segs, st.highlight_segment), 0.22, 0.22, with_alpha(hl, 0.35), hl, 0.03);
    } else {
      const ArtPath sh = area_shape(s.mask);
      p.fill(sh, with_alpha(hl, 0.35));
      p.stroke_path(sh, hl, 0.03);
    }
  }

  // Reconstructed geometry: a small orange corner in the north-east (not rotated).
  if (t.reconstructed && st.reconstructed_mark) {
    p.poly({{0.8, 0}, {1, 0}, {1, 0.2}}, {240, 120, 20}, {120, 50, 0}, 0.012);
    p.ellipse({0.935, 0.065}, 0.022, 0.022, {255, 255, 255}, kNone, 0);
  }
  // Edge.
  p.rect({0, 0}, {1, 1}, std::nullopt, {40, 40, 40, 0.63}, 0.012, true);
  return p.take();
}

std::pair<double, double> segment_spot(const TileType& t, int seg, int rot) {
  if (seg < 0 || seg >= static_cast<int>(t.segments.size())) return {0.5, 0.5};
  const P p = label_point(rotated_segments(t, rot), seg);
  return {p.x, p.y};
}

}  // namespace tw
