#include "board/board_model.h"
#include "engine/report.h"

#include <functional>

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>

#include <wx/brush.h>
#include <wx/dcmemory.h>
#include <wx/font.h>
#include <wx/image.h>
#include <wx/pen.h>

#include "art/tile_art.h"
#include "present/summary.h"

namespace twe {

namespace {

int floor_div(double a, double b) { return static_cast<int>(std::floor(a / b)); }

const wxColour kBackground(0xE8, 0xE4, 0xD8);
const wxColour kGrid(0xD6, 0xD0, 0xC0);
const wxColour kLegal(0x2E, 0x9E, 0x4F);
const wxColour kMarker(0xE0, 0x6A, 0x00);
const wxColour kLast(0xFF, 0xD8, 0x00);
const wxColour kScored(0x1E, 0x6E, 0xE6);
const wxColour kGhost(0x50, 0x40, 0xC8);

void draw_arrow(wxDC& dc, wxPoint a, wxPoint b, int head) {
  dc.DrawLine(a, b);
  const double ang = std::atan2(b.y - a.y, b.x - a.x);
  for (double d : {2.6, -2.6}) {
    const wxPoint tip(b.x + static_cast<int>(std::lround(head * std::cos(ang + d))),
                      b.y + static_cast<int>(std::lround(head * std::sin(ang + d))));
    dc.DrawLine(b, tip);
  }
}

}  // namespace

wxRect BoardViewport::cell_rect(int x, int y) const {
  const int left = static_cast<int>(std::lround(ox + x * cell));
  const int top = static_cast<int>(std::lround(oy - y * cell));
  const int right = static_cast<int>(std::lround(ox + (x + 1) * cell));
  const int bottom = static_cast<int>(std::lround(oy - (y - 1) * cell));
  return wxRect(left, top, right - left, bottom - top);
}

wxPoint BoardViewport::cell_centre(int x, int y) const {
  const wxRect r = cell_rect(x, y);
  return wxPoint(r.x + r.width / 2, r.y + r.height / 2);
}

std::pair<int, int> BoardViewport::cell_at(wxPoint p) const {
  const int col = floor_div(p.x - ox, cell);
  const int row = floor_div(p.y - oy, cell);
  return {col, -row};
}

void BoardViewport::zoom(double factor, wxPoint anchor) {
  const double next = std::clamp(cell * factor, kMinCell, kMaxCell);
  const double f = next / cell;
  ox = anchor.x - (anchor.x - ox) * f;
  oy = anchor.y - (anchor.y - oy) * f;
  cell = next;
}

void BoardViewport::fit(int min_x, int min_y, int max_x, int max_y, wxSize size) {
  const int w = max_x - min_x + 1, h = max_y - min_y + 1;
  const double c = std::min(size.GetWidth() / static_cast<double>(w), size.GetHeight() / static_cast<double>(h));
  cell = std::clamp(std::floor(c), kMinCell, 96.0);
  // Centre of the box in board units: x from min_x to max_x + 1, y rows from -max_y.
  const double bx = (min_x + max_x + 1) / 2.0, by = (max_y + min_y - 1) / 2.0;
  ox = size.GetWidth() / 2.0 - bx * cell;
  oy = size.GetHeight() / 2.0 + by * cell;
}

wxColour player_colour(int player) {
  static const std::array<wxColour, tw::kMaxPlayers> colours = {
      wxColour(0xD7, 0x26, 0x1E), wxColour(0x1E, 0x9E, 0x3A), wxColour(0x1F, 0x5F, 0xD0),
      wxColour(0xF2, 0xC4, 0x0C), wxColour(0x20, 0x20, 0x20), wxColour(0xF0, 0x7C, 0xC0)};
  if (player < 0) return *wxLIGHT_GREY;
  return colours[static_cast<size_t>(player) % colours.size()];
}

BoardScene scene_of(const tw::Game& g, const BoardOverlay& overlay) {
  BoardScene s;
  const auto& tiles = g.content().tiles;
  const auto& placed = g.placed();
  s.tiles.reserve(placed.size());
  // The modules' badges come from the game's report (engine/report.h).
  const tw::ViewReport rep = tw::view_report(g);
  for (size_t i = 0; i < placed.size(); ++i) {
    const auto& p = placed[i];
    const int framed = g.last_placed() >= 0 ? g.last_placed() : overlay.turn_tile;
    s.tiles.push_back({&tiles[p.type], p.x, p.y, p.rot, static_cast<int>(i) == framed, rep.tiles[i].face_down,
                       rep.coop ? rep.tiles[i].ghosts : 0});
  }
  for (size_t fi = 0; fi < g.followers().size(); ++fi) {
    const auto& f = g.followers()[fi];
    if (f.placed < 0) continue;
    const auto& p = placed[static_cast<size_t>(f.placed)];
    const tw::ViewReport::Figure& m = rep.figures[fi];
    s.followers.push_back({&tiles[p.type], p.x, p.y, p.rot, f.seg, rep.coop ? f.colour : f.player,
                           f.kind == tw::FollowerKind::Guard, m.ghosts, m.dogs, m.buried, f.weight});
  }
  if (overlay.legal_cells && g.pending().kind == tw::DecisionKind::Place) {
    for (const auto& o : g.pending().options)
      if (o.kind == tw::OptKind::Place) s.legal_cells.emplace_back(o.x, o.y);
    std::sort(s.legal_cells.begin(), s.legal_cells.end());
    s.legal_cells.erase(std::unique(s.legal_cells.begin(), s.legal_cells.end()), s.legal_cells.end());
  }
  s.markers = overlay.markers;
  s.hint = overlay.hint;
  if (overlay.scored) {
    for (const auto& e : g.events())
      if (((e.kind == tw::EventKind::Scored || e.kind == tw::EventKind::FinalScored ||
            e.kind == tw::EventKind::DogScored) && e.points != 0) ||
          e.kind == tw::EventKind::FollowerReturned)
        if (g.tile_at(e.x, e.y) >= 0) s.scored_cells.emplace_back(e.x, e.y);
    std::sort(s.scored_cells.begin(), s.scored_cells.end());
    s.scored_cells.erase(std::unique(s.scored_cells.begin(), s.scored_cells.end()), s.scored_cells.end());
  }
  if (overlay.scores) {
    // The score box: present/summary.h's lines, each coloured by its seat or marker.
    for (const auto& line : tw::state_summary(g, tw::SummaryForm::ScoreBox)) {
      s.score_lines.push_back(line.text);
      switch (line.kind) {
        case tw::SummaryLine::Kind::Marker:
          s.score_colours.push_back(line.colour < 0 ? wxColour(0x70, 0x70, 0x70) : player_colour(line.colour));
          break;
        case tw::SummaryLine::Kind::Seat:
          s.score_colours.push_back(player_colour(line.colour));
          break;
        default:
          s.score_colours.push_back(rep.coop ? *wxWHITE : *wxBLACK);
          break;
      }
    }
  }
  return s;
}

const wxBitmap& TileCache::get(const tw::TileType& t, int rot, wxSize size, bool mark, bool face_down) {
  const auto key = std::make_tuple(&t, rot, size.GetWidth(), size.GetHeight(), mark, face_down);
  auto it = cache_.find(key);
  if (it != cache_.end()) return it->second;
  if (cache_.size() >= kMaxEntries) cache_.clear();
  wxBitmap bmp(size.GetWidth(), size.GetHeight(), 24);
  {
    wxMemoryDC md(bmp);
    md.SetBackground(wxBrush(kBackground));
    md.Clear();
    TileArtStyle style;
    style.reconstructed_mark = mark;
    style.face_down = face_down;
    draw_tile(md, t, rot, wxRect(0, 0, size.GetWidth(), size.GetHeight()), style);
  }
  return cache_.emplace(key, std::move(bmp)).first->second;
}

wxPoint spot_point(const BoardViewport& vp, const tw::TileType& t, int x, int y, int rot, int seg) {
  return segment_point(t, seg, rot, vp.cell_rect(x, y));
}

void draw_scene(wxDC& dc, const BoardScene& scene, const BoardViewport& vp, const wxRect& area, TileCache* cache) {
  dc.SetPen(*wxTRANSPARENT_PEN);
  dc.SetBrush(wxBrush(kBackground));
  dc.DrawRectangle(area);

  // A light grid where cells are large enough to read it.
  if (vp.cell >= 24) {
    dc.SetPen(wxPen(kGrid, 1));
    const auto [x0, y0] = vp.cell_at(area.GetTopLeft());
    const auto [x1, y1] = vp.cell_at(area.GetBottomRight());
    for (int x = x0; x <= x1 + 1; ++x) {
      const int px = vp.cell_rect(x, 0).x;
      dc.DrawLine(px, area.GetTop(), px, area.GetBottom());
    }
    for (int y = y1; y <= y0 + 1; ++y) {
      const int py = vp.cell_rect(0, y).y;
      dc.DrawLine(area.GetLeft(), py, area.GetRight(), py);
    }
  }

  const int c = std::max(1, static_cast<int>(vp.cell));
  TileArtStyle style;
  style.reconstructed_mark = c >= 40;
  for (const auto& t : scene.tiles) {
    const wxRect r = vp.cell_rect(t.x, t.y);
    if (!r.Intersects(area)) continue;
    if (cache) {
      dc.DrawBitmap(cache->get(*t.type, t.rot, r.GetSize(), style.reconstructed_mark, t.face_down), r.x, r.y);
    } else {
      TileArtStyle st = style;
      st.face_down = t.face_down;
      draw_tile(dc, *t.type, t.rot, r, st);
    }
  }
  // Where the last step scored: a blue frame inside the tile.
  if (!scene.scored_cells.empty()) {
    dc.SetPen(wxPen(kScored, std::max(2, c / 16)));
    dc.SetBrush(*wxTRANSPARENT_BRUSH);
    for (const auto& [x, y] : scene.scored_cells) {
      wxRect r = vp.cell_rect(x, y);
      r.Deflate(std::max(2, c / 14));
      dc.DrawRectangle(r);
    }
  }
  // The last placed tile: a yellow frame.
  for (const auto& t : scene.tiles) {
    if (!t.last) continue;
    dc.SetPen(wxPen(kLast, std::max(2, c / 20)));
    dc.SetBrush(*wxTRANSPARENT_BRUSH);
    dc.DrawRectangle(vp.cell_rect(t.x, t.y));
  }

  // Co-op: ghosts on a tile, as a count in its top-right corner.
  {
    wxFont gf(wxFontInfo(std::max(6, c / 6)).Bold());
    dc.SetFont(gf);
    for (const auto& t : scene.tiles) {
      if (t.ghosts <= 0) continue;
      const wxRect r = vp.cell_rect(t.x, t.y);
      if (!r.Intersects(area)) continue;
      const int gr = std::max(5, c / 7);
      const wxPoint ctr(r.GetRight() - gr - 1, r.y + gr + 1);
      dc.SetPen(wxPen(wxColour(0x30, 0x30, 0x50), 1));
      dc.SetBrush(wxBrush(wxColour(0xF4, 0xF4, 0xFF)));
      dc.DrawCircle(ctr, gr);
      dc.SetTextForeground(wxColour(0x30, 0x30, 0x60));
      const wxString n = wxString::Format("%d", t.ghosts);
      const wxSize ts = dc.GetTextExtent(n);
      dc.DrawText(n, ctr.x - ts.GetWidth() / 2, ctr.y - ts.GetHeight() / 2);
    }
  }

  // Legal cells for the drawn tile.
  if (!scene.legal_cells.empty()) {
    dc.SetPen(wxPen(kLegal, std::max(2, c / 16)));
    dc.SetBrush(wxBrush(wxColour(0xC8, 0xEC, 0xC8)));
    for (const auto& [x, y] : scene.legal_cells) {
      wxRect r = vp.cell_rect(x, y);
      r.Deflate(std::max(1, c / 16));
      dc.DrawRectangle(r);
    }
  }
  if (scene.preview) {
    const auto& t = *scene.preview;
    const wxRect r = vp.cell_rect(t.x, t.y);
    draw_tile(dc, *t.type, t.rot, r, style);
    dc.SetPen(wxPen(scene.preview_legal ? kLegal : *wxRED, std::max(2, c / 12)));
    dc.SetBrush(*wxTRANSPARENT_BRUSH);
    dc.DrawRectangle(r);
  }

  // Followers: meeples as discs (a big follower larger, with its strength), guards as
  // diamonds, ghosts as a white badge with a count.
  const int rad = std::max(3, c / 9);
  wxFont small(wxFontInfo(std::max(6, c / 7)).Bold());
  dc.SetFont(small);
  for (const auto& f : scene.followers) {
    const wxPoint p = segment_point(*f.type, f.seg, f.rot, vp.cell_rect(f.x, f.y));
    if (!area.Contains(p)) continue;
    dc.SetPen(wxPen(*wxWHITE, std::max(1, c / 40)));
    dc.SetBrush(wxBrush(player_colour(f.player)));
    if (f.guard) {
      const wxPoint pts[4] = {wxPoint(p.x, p.y - rad - 2), wxPoint(p.x + rad + 2, p.y),
                              wxPoint(p.x, p.y + rad + 2), wxPoint(p.x - rad - 2, p.y)};
      dc.DrawPolygon(4, pts);
    } else if (f.weight > 1) {  // a big follower: a larger disc with its strength on it
      const int big = rad * 3 / 2 + 1;
      dc.DrawCircle(p, big);
      dc.SetTextForeground(*wxWHITE);
      const wxString n = wxString::Format("%d", f.weight);
      const wxSize ts = dc.GetTextExtent(n);
      dc.DrawText(n, p.x - ts.GetWidth() / 2, p.y - ts.GetHeight() / 2);
    } else {
      dc.DrawCircle(p, rad);
    }
    if (f.buried) {  // a cross over a follower lying in a cemetery
      dc.SetPen(wxPen(*wxBLACK, std::max(1, c / 30)));
      dc.DrawLine(p.x - rad, p.y - rad, p.x + rad, p.y + rad);
      dc.DrawLine(p.x - rad, p.y + rad, p.x + rad, p.y - rad);
    }
    if (f.dogs > 0) {  // dogs: small brown squares below the follower
      dc.SetPen(*wxTRANSPARENT_PEN);
      dc.SetBrush(wxBrush(wxColour(0x8B, 0x5A, 0x2B)));
      for (int d = 0; d < f.dogs; ++d) dc.DrawRectangle(p.x - rad + d * (rad + 1), p.y + rad + 1, rad, rad);
    }
    if (f.ghosts > 0) {
      const wxPoint g(p.x + rad, p.y - rad);
      dc.SetPen(wxPen(wxColour(0x40, 0x40, 0x60), 1));
      dc.SetBrush(*wxWHITE_BRUSH);
      dc.DrawCircle(g, rad * 3 / 4 + 1);
      dc.SetTextForeground(wxColour(0x30, 0x30, 0x60));
      const wxString n = wxString::Format("%d", f.ghosts);
      const wxSize ts = dc.GetTextExtent(n);
      dc.DrawText(n, g.x - ts.GetWidth() / 2, g.y - ts.GetHeight() / 2);
    }
  }

  // Clickable spots (follower / ghost / take-back choices): a ring each, laid out so
  // that no two overlap, with a tag naming the kind (M meeple, G guard, ...) and, for an
  // option naming a colour, that colour inside; the one under the pointer is filled.
  if (!scene.spots.empty()) {
    const std::vector<SpotPlace> pts = spot_layout(scene, vp);
    // First every leader line and dot (a ring moved off its segment's point: a line and a
    // dot on the segment, a larger one for the ring under the pointer, so it shows which
    // feature it is for), then the rings over them: no dot hides another ring's tag.
    for (size_t i = 0; i < scene.spots.size(); ++i) {
      const auto& s = scene.spots[i];
      if (s.seg < 0) continue;
      const bool hot = static_cast<int>(i) == scene.hover_spot;
      const bool ghost = s.option.kind == tw::OptKind::Ghost;
      const wxPoint p = pts[i].p;
      const int ring = pts[i].r;
      const wxPoint q = pts[i].seg_at;
      const long dx = q.x - p.x, dy = q.y - p.y;
      if (dx * dx + dy * dy > static_cast<long>(ring) * ring) {
        const wxColour lc = hot ? kLast : ghost ? kGhost : kLegal;
        const double len = std::sqrt(static_cast<double>(dx * dx + dy * dy));
        const wxPoint edge(p.x + static_cast<int>(std::lround(static_cast<double>(dx) * ring / len)),
                           p.y + static_cast<int>(std::lround(static_cast<double>(dy) * ring / len)));
        dc.SetPen(wxPen(lc, hot ? 2 : 1));
        dc.DrawLine(edge, q);
        dc.SetPen(wxPen(*wxWHITE, 1));
        dc.SetBrush(wxBrush(lc));
        dc.DrawCircle(q, hot ? std::max(3, ring / 2) : std::max(2, ring / 4));
      }
    }
    for (size_t i = 0; i < scene.spots.size(); ++i) {
      const auto& s = scene.spots[i];
      const bool hot = static_cast<int>(i) == scene.hover_spot;
      const wxRect r = vp.cell_rect(s.x, s.y);
      if (s.seg < 0) {
        wxRect in = r;
        in.Deflate(std::max(2, c / 10));
        dc.SetPen(wxPen(hot ? kLast : kLegal, std::max(2, c / (hot ? 14 : 24))));
        dc.SetBrush(*wxTRANSPARENT_BRUSH);
        dc.DrawRoundedRectangle(in, c / 8.0);
        continue;
      }
      std::optional<wxColour> colour;
      if (s.colour >= 0) colour = player_colour(s.colour);
      const wxPoint p = pts[i].p;
      const int ring = pts[i].r;
      // A ghost's candidates stand out in the ghosts' blue, thicker.
      const bool ghost = s.option.kind == tw::OptKind::Ghost;
      dc.SetPen(wxPen(hot ? kLast : ghost ? kGhost : kLegal, std::max(2, c / (hot || ghost ? 16 : 24))));
      dc.SetBrush(hot ? wxBrush(wxColour(0xFF, 0xF4, 0xA0)) : *wxTRANSPARENT_BRUSH);
      dc.DrawCircle(p, ring);
      if (colour) {
        dc.SetPen(*wxTRANSPARENT_PEN);
        dc.SetBrush(wxBrush(*colour));
        dc.DrawCircle(p, std::max(2, ring - std::max(3, c / 20)));
      }
      if (ring >= 5) {
        wxFont tagf(wxFontInfo(std::max(6, ring)).Bold());
        dc.SetFont(tagf);
        const wxString tag = wxString::FromUTF8(spot_tag(s));
        const wxSize ts = dc.GetTextExtent(tag);
        dc.SetTextForeground(colour && *colour != player_colour(3) ? *wxWHITE : wxColour(0x10, 0x50, 0x20));
        dc.DrawText(tag, p.x - ts.GetWidth() / 2, p.y - ts.GetHeight() / 2);
      }
    }
  }

  // Annotation markers.
  if (!scene.markers.empty()) {
    dc.SetPen(wxPen(kMarker, std::max(2, c / 14)));
    dc.SetBrush(*wxTRANSPARENT_BRUSH);
    dc.SetTextForeground(kMarker);
    wxFont label(wxFontInfo(std::max(7, c / 5)).Bold());
    dc.SetFont(label);
    for (const auto& m : scene.markers) {
      switch (m.kind) {
        case tw::replay::Marker::Kind::Cell:
          dc.DrawCircle(vp.cell_centre(m.x, m.y), c * 45 / 100);
          break;
        case tw::replay::Marker::Kind::Arrow:
          draw_arrow(dc, vp.cell_centre(m.x, m.y), vp.cell_centre(m.x2, m.y2), std::max(6, c / 4));
          break;
        case tw::replay::Marker::Kind::Label: {
          const wxString text = wxString::FromUTF8(m.text);
          const wxSize ts = dc.GetTextExtent(text);
          const wxPoint ctr = vp.cell_centre(m.x, m.y);
          const wxRect box(ctr.x - ts.GetWidth() / 2 - 3, ctr.y - ts.GetHeight() / 2 - 1, ts.GetWidth() + 6,
                           ts.GetHeight() + 2);
          dc.SetBrush(*wxWHITE_BRUSH);
          dc.DrawRectangle(box);
          dc.SetBrush(*wxTRANSPARENT_BRUSH);
          dc.DrawText(text, box.x + 3, box.y + 1);
          break;
        }
      }
    }
  }

  // A suggested move: a pale ghost of the tile with a dashed frame, a dashed ring on the
  // follower's segment, and the label.
  if (scene.hint) {
    const SceneHint& h = *scene.hint;
    const wxColour kHint(0x8A, 0x2B, 0xE2);
    wxFont hf(wxFontInfo(std::max(7, c / 6)).Bold());
    std::optional<wxPoint> label_at;
    if (h.tile && h.tile->type) {
      const wxRect r = vp.cell_rect(h.tile->x, h.tile->y);
      wxBitmap bmp(r.GetWidth(), r.GetHeight(), 24);
      {
        wxMemoryDC md(bmp);
        md.SetBackground(wxBrush(kBackground));
        md.Clear();
        draw_tile(md, *h.tile->type, h.tile->rot, wxRect(0, 0, r.GetWidth(), r.GetHeight()), style);
      }
      wxImage img = bmp.ConvertToImage();
      unsigned char* px = img.GetData();
      for (long i = 0, n = static_cast<long>(img.GetWidth()) * img.GetHeight() * 3; i < n; ++i)
        px[i] = static_cast<unsigned char>((px[i] + 2 * 0xF4) / 3);  // two thirds white: a ghost
      dc.DrawBitmap(wxBitmap(img), r.x, r.y);
      dc.SetPen(wxPen(kHint, std::max(2, c / 16), wxPENSTYLE_SHORT_DASH));
      dc.SetBrush(*wxTRANSPARENT_BRUSH);
      dc.DrawRectangle(r);
      label_at = wxPoint(r.x + r.width / 2, r.y);
    }
    if (h.seg >= 0 && h.spot_type) {
      const wxPoint p = segment_point(*h.spot_type, h.seg, h.rot, vp.cell_rect(h.x, h.y));
      const int ring = spot_ring_radius(vp) + 3;
      dc.SetPen(wxPen(kHint, std::max(3, c / 14)));
      dc.SetBrush(*wxTRANSPARENT_BRUSH);
      dc.DrawCircle(p, ring);
      dc.SetPen(wxPen(*wxWHITE, 1));
      dc.DrawCircle(p, ring + std::max(3, c / 14) / 2 + 1);
      if (!label_at) label_at = wxPoint(p.x, p.y - ring - 2);
    }
    if (label_at && !h.text.empty()) {
      dc.SetFont(hf);
      const wxString t = wxString::FromUTF8(h.text);
      const wxSize ts = dc.GetTextExtent(t);
      const wxRect box(label_at->x - ts.GetWidth() / 2 - 3, label_at->y - ts.GetHeight() - 2, ts.GetWidth() + 6,
                       ts.GetHeight() + 2);
      dc.SetPen(wxPen(kHint, 1));
      dc.SetBrush(wxBrush(kHint));
      dc.DrawRectangle(box);
      dc.SetTextForeground(*wxWHITE);
      dc.DrawText(t, box.x + 3, box.y + 1);
    }
  }

  // Score box.
  if (!scene.score_lines.empty()) {
    const wxRect box = score_box_rect(dc, scene.score_lines, area);
    wxFont f(wxFontInfo(10).Bold());
    dc.SetFont(f);
    dc.SetPen(wxPen(wxColour(0x80, 0x80, 0x80), 1));
    dc.SetBrush(wxBrush(wxColour(0xFA, 0xFA, 0xF5)));
    dc.DrawRectangle(box);
    int y = box.y + 4;
    for (size_t i = 0; i < scene.score_lines.size(); ++i) {
      const wxString l = wxString::FromUTF8(scene.score_lines[i]);
      const wxSize ts = dc.GetTextExtent(l);
      dc.SetPen(*wxTRANSPARENT_PEN);
      dc.SetBrush(wxBrush(scene.score_colours[i]));
      dc.DrawRectangle(box.x + 5, y + ts.GetHeight() / 2 - 5, 10, 10);
      dc.SetTextForeground(*wxBLACK);
      dc.DrawText(l, box.x + 20, y);
      y += ts.GetHeight() + 2;
    }
  }
}

wxRect score_box_rect(wxDC& dc, const std::vector<std::string>& lines, const wxRect& area) {
  if (lines.empty()) return {};
  wxFont f(wxFontInfo(10).Bold());
  dc.SetFont(f);
  int w = 0, h = 0;
  for (const auto& l : lines) {
    const wxSize ts = dc.GetTextExtent(wxString::FromUTF8(l));
    w = std::max(w, ts.GetWidth());
    h += ts.GetHeight() + 2;
  }
  return wxRect(area.x + 6, area.y + 6, w + 26, h + 8);
}

std::optional<SceneHint> hint_of(const tw::Game& before, const tw::Option& o, const std::string& text) {
  if (before.finished()) return std::nullopt;
  SceneHint h;
  h.text = text;
  const tw::OptionView v = before.describe(o);
  if (o.kind == tw::OptKind::Place && o.tile < before.content().tiles.size())
    h.tile = SceneTile{&before.content().tiles[o.tile], o.x, o.y, o.rot, false};
  if (v.placed >= 0 && static_cast<size_t>(v.placed) < before.placed().size() && v.seg >= 0) {
    const auto& p = before.placed()[static_cast<size_t>(v.placed)];
    h.spot_type = &before.content().tiles[p.type];
    h.x = p.x;
    h.y = p.y;
    h.rot = p.rot;
    h.seg = v.seg;
  }
  if (!h.tile && h.seg < 0) return std::nullopt;
  return h;
}

void draw_board(wxDC& dc, const tw::Game& g, const BoardViewport& vp, const wxRect& area,
                const BoardOverlay& overlay, TileCache* cache) {
  draw_scene(dc, scene_of(g, overlay), vp, area, cache);
}

int spot_ring_radius(const BoardViewport& vp) {
  const int c = std::max(1, static_cast<int>(vp.cell));
  return std::min(14, std::max(3, c / 9) + 3);
}

std::vector<SpotPlace> spot_layout(const BoardScene& scene, const BoardViewport& vp) {
  const int c = std::max(1, static_cast<int>(vp.cell));
  const int rad = std::max(3, c / 9);
  // What a ring must not cover: the ghost badges (on tiles and next to followers).
  std::vector<std::pair<wxPoint, int>> badges;
  for (const auto& t : scene.tiles) {
    if (t.ghosts <= 0) continue;
    const wxRect r = vp.cell_rect(t.x, t.y);
    const int gr = std::max(5, c / 7);
    badges.emplace_back(wxPoint(r.GetRight() - gr - 1, r.y + gr + 1), gr);
  }
  for (const auto& f : scene.followers) {
    if (f.ghosts <= 0) continue;
    const wxPoint p = segment_point(*f.type, f.seg, f.rot, vp.cell_rect(f.x, f.y));
    badges.emplace_back(wxPoint(p.x + rad, p.y - rad), rad * 3 / 4 + 1);
  }
  auto dist2 = [](wxPoint a, wxPoint b) {
    return static_cast<long>(a.x - b.x) * (a.x - b.x) + static_cast<long>(a.y - b.y) * (a.y - b.y);
  };
  auto free_at = [&](const std::vector<SpotPlace>& rings, wxPoint q, int ring) {
    for (const auto& o : rings) {
      const long gap = ring + o.r + 2L;
      if (dist2(o.p, q) < gap * gap) return false;
    }
    for (const auto& [b, br] : badges) {
      const long g = ring + br + 1L;
      if (dist2(b, q) < g * g) return false;
    }
    return true;
  };
  std::vector<SpotPlace> out(scene.spots.size());
  // Each cell on its own: its spots in order, each at its segment's point when that is
  // free, else at the free point of the tile nearest to it; when the tile is too crowded
  // for that, all of its rings go on a grid of slots, each to the free slot nearest to
  // its segment.
  std::map<std::pair<int, int>, std::vector<size_t>> by_cell;
  for (size_t i = 0; i < scene.spots.size(); ++i) {
    const auto& s = scene.spots[i];
    if (s.seg < 0)
      out[i] = {vp.cell_centre(s.x, s.y), 0, vp.cell_centre(s.x, s.y)};
    else
      by_cell[{s.x, s.y}].push_back(i);
  }
  for (const auto& [cell, idx] : by_cell) {
    const wxRect r = vp.cell_rect(cell.first, cell.second);
    const SceneTile* tile = nullptr;
    for (const auto& t : scene.tiles)
      if (t.x == cell.first && t.y == cell.second) tile = &t;
    std::vector<wxPoint> base;
    for (size_t i : idx)
      base.push_back(tile ? segment_point(*tile->type, scene.spots[i].seg, tile->rot, r) : vp.cell_centre(cell.first, cell.second));
    // A ring (and its pen) must stay inside the tile.
    const auto in_tile = [&](wxPoint q, int ring) {
      const int m = ring + 1;
      return q.x - m >= r.x && q.x + m <= r.GetRight() && q.y - m >= r.y && q.y + m <= r.GetBottom();
    };
    // Greedy, with the normal ring, then with smaller ones.
    std::vector<SpotPlace> rings;
    bool ok = false;
    for (int ring = spot_ring_radius(vp); !ok && ring >= std::min(5, spot_ring_radius(vp)); ring -= 2) {
      rings.clear();
      ok = true;
      for (size_t k = 0; k < idx.size() && ok; ++k) {
        if (in_tile(base[k], ring) && free_at(rings, base[k], ring)) {
          rings.push_back({base[k], ring, base[k]});
          continue;
        }
        wxRect inside = r;
        inside.Deflate(ring + 1);
        const int step = std::max(1, ring / 3);
        long best = -1;
        wxPoint chosen = base[k];
        for (int y = inside.y; y <= inside.GetBottom(); y += step)
          for (int x = inside.x; x <= inside.GetRight(); x += step) {
            const wxPoint q(x, y);
            const long d = dist2(q, base[k]);
            if ((best < 0 || d < best) && free_at(rings, q, ring)) {
              best = d;
              chosen = q;
            }
          }
        if (best < 0) ok = false;
        rings.push_back({chosen, ring, base[k]});
      }
    }
    if (!ok) {
      // A grid of side x side slots (more when ghost badges take some), smaller rings.
      for (int side = 2; side <= 8; ++side) {
        const double pitch = r.width / static_cast<double>(side);
        const int gr = std::max(2, static_cast<int>(pitch / 2) - 2);
        std::vector<wxPoint> slots;
        for (int sy = 0; sy < side; ++sy)
          for (int sx = 0; sx < side; ++sx) {
            const wxPoint q(r.x + static_cast<int>(std::lround(pitch * (sx + 0.5))),
                            r.y + static_cast<int>(std::lround(pitch * (sy + 0.5))));
            if (free_at({}, q, gr)) slots.push_back(q);
          }
        if (slots.size() < idx.size() && side < 8) continue;
        rings.clear();
        std::vector<bool> used(slots.size(), false);
        for (size_t k = 0; k < idx.size(); ++k) {
          long best = -1;
          size_t at = 0;
          for (size_t j = 0; j < slots.size(); ++j) {
            if (used[j]) continue;
            const long d = dist2(slots[j], base[k]);
            if (best < 0 || d < best) {
              best = d;
              at = j;
            }
          }
          if (best < 0) {
            rings.push_back({base[k], gr, base[k]});  // more choices than slots even at 8 x 8
            continue;
          }
          used[at] = true;
          rings.push_back({slots[at], gr, base[k]});
        }
        break;
      }
    }
    for (size_t k = 0; k < idx.size(); ++k) {
      out[idx[k]] = rings[k];
      out[idx[k]].seg_at = base[k];
    }
  }
  return out;
}

std::vector<SpotPlace> spot_layout(const tw::Game& g, const BoardViewport& vp, const std::vector<SceneSpot>& spots) {
  BoardOverlay none;
  none.scores = false;
  BoardScene scene = scene_of(g, none);
  scene.spots = spots;
  return spot_layout(scene, vp);
}

int hit_spot(const tw::Game& g, const BoardViewport& vp, const std::vector<SceneSpot>& spots, wxPoint p,
             int radius) {
  return hit_spot_at(spot_layout(g, vp, spots), vp, spots, p, radius,
                     [&](int x, int y) { return g.tile_at(x, y) >= 0; });
}

int hit_spot(const BoardScene& scene, const BoardViewport& vp, wxPoint p, int radius) {
  return hit_spot_at(spot_layout(scene, vp), vp, scene.spots, p, radius, [&](int x, int y) {
    for (const auto& t : scene.tiles)
      if (t.x == x && t.y == y) return true;
    return false;
  });
}

int hit_spot_at(const std::vector<SpotPlace>& pts, const BoardViewport& vp, const std::vector<SceneSpot>& spots,
                wxPoint p, int radius, const std::function<bool(int, int)>& tile_at) {
  int best = -1;
  long best_d = static_cast<long>(radius) * radius + 1;
  int cell_hit = -1;
  const auto [cx, cy] = vp.cell_at(p);
  for (size_t i = 0; i < spots.size(); ++i) {
    const auto& s = spots[i];
    if (s.seg < 0) {
      if (s.x == cx && s.y == cy && cell_hit < 0) cell_hit = static_cast<int>(i);
      continue;
    }
    if (!tile_at(s.x, s.y)) continue;
    const wxPoint q = pts[i].p;
    const long d = static_cast<long>(q.x - p.x) * (q.x - p.x) + static_cast<long>(q.y - p.y) * (q.y - p.y);
    if (d < best_d) {  // strictly nearer: on a tie the earlier option (a meeple before a guard) wins
      best_d = d;
      best = static_cast<int>(i);
    }
  }
  return best >= 0 ? best : cell_hit;
}

std::string spot_tag(const SceneSpot& s) {
  const std::string& verb = s.verb;
  if (verb.empty()) return "?";
  // The option row's own letter (OptionRule::tag), else the verb's first letter.
  for (const tw::OptionRule* r : tw::option_rules())
    if (r->verb == verb && r->tag != 0) return std::string(1, r->tag);
  return std::string(1, static_cast<char>(std::toupper(static_cast<unsigned char>(verb[0]))));
}

void board_bounds(const tw::Game& g, int margin, int& min_x, int& min_y, int& max_x, int& max_y) {
  min_x = min_y = 0;
  max_x = max_y = 0;
  bool first = true;
  for (const auto& p : g.placed()) {
    if (first) {
      min_x = max_x = p.x;
      min_y = max_y = p.y;
      first = false;
    }
    min_x = std::min<int>(min_x, p.x);
    max_x = std::max<int>(max_x, p.x);
    min_y = std::min<int>(min_y, p.y);
    max_y = std::max<int>(max_y, p.y);
  }
  min_x -= margin;
  min_y -= margin;
  max_x += margin;
  max_y += margin;
}

}  // namespace twe
