#include "review/eval_graph.h"

#include <wx/control.h>

#include <algorithm>
#include <cmath>

#include <wx/dc.h>

#include "board/board_model.h"

namespace twe {

namespace {

wxColour glyph_colour(const std::string& g) {
  if (g == "??") return wxColour(0xD0, 0x20, 0x20);
  if (g == "?") return wxColour(0xF0, 0x80, 0x10);
  return wxColour(0xE0, 0xC0, 0x10);
}
}  // namespace

EvalGraph::EvalGraph(wxWindow* parent) : PlyGraph(parent) {}

void EvalGraph::set(std::vector<std::optional<Point>> points, bool centred, int plies, int current,
                    std::string caption) {
  points_ = std::move(points);
  centred_ = centred;
  plies_ = plies;
  current_ = current;
  caption_ = std::move(caption);
  Refresh();
}

void EvalGraph::clear() {
  points_.clear();
  plies_ = 0;
  caption_.clear();
  Refresh();
}

std::optional<int> EvalGraph::plies() const {
  if (plies_ <= 0) return std::nullopt;
  return plies_;
}

void EvalGraph::paint(wxDC& dc) {
  begin_paint(dc);
  if (points_.empty()) {
    // Two short lines: the graph is narrow beside the score graph at 1024 px.
    dc.DrawText("Evaluation:\nAnalyse the replay to see it", kMargin, GetClientSize().GetHeight() / 2 - 14);
    return;
  }
  double top = centred_ ? 10.0 : 100.0;
  if (centred_)
    for (const auto& p : points_)
      if (p) top = std::max(top, std::ceil(std::fabs(p->value)));
  const double bottom = centred_ ? -top : 0.0;
  const Plot pl = plot();
  const int x0 = pl.x0, x1 = pl.x1, y0 = pl.y0, y1 = pl.y1;
  auto px = [&](int i) { return pl.x(i); };
  auto py = [&](double v) { return y0 - static_cast<int>((y0 - y1) * (v - bottom) / (top - bottom)); };
  axes(dc, pl);
  dc.DrawLine(x0, py(centred_ ? 0.0 : 50.0), x1, py(centred_ ? 0.0 : 50.0));
  dc.DrawText(wxString::Format("%+.0f", top), 2, y1);
  dc.DrawText(centred_ ? wxString::Format("%+.0f", bottom) : wxString("0"), 2, y0 - 8);
  dc.DrawText(wxControl::Ellipsize(wxString::FromUTF8(caption_), dc, wxELLIPSIZE_END, std::max(20, x1 - x0 - 8)), x0 + 4,
              y0 + 1);
  // The line (two seats, co-op) or the movers' points.
  const bool by_mover = std::any_of(points_.begin(), points_.end(), [](const auto& p) { return p && p->mover >= 2; });
  bool has_last = false;
  int last_x = 0, last_y = 0;
  for (size_t i = 0; i < points_.size(); ++i) {
    if (!points_[i]) {
      has_last = false;
      continue;
    }
    const int x = px(static_cast<int>(i) + 1), y = py(points_[i]->value);
    if (by_mover) {
      dc.SetPen(wxPen(player_colour(std::max(0, points_[i]->mover)), 1));
      dc.SetBrush(wxBrush(player_colour(std::max(0, points_[i]->mover))));
      dc.DrawCircle(x, y, 2);
    } else {
      dc.SetPen(wxPen(wxColour(0x30, 0x30, 0x30), 2));
      if (has_last) dc.DrawLine(last_x, last_y, x, y);
    }
    has_last = true;
    last_x = x;
    last_y = y;
  }
  for (size_t i = 0; i < points_.size(); ++i)
    if (points_[i] && !points_[i]->glyph.empty()) {
      const wxColour c = glyph_colour(points_[i]->glyph);
      dc.SetPen(wxPen(c, 1));
      dc.SetBrush(wxBrush(c));
      dc.DrawCircle(px(static_cast<int>(i) + 1), py(points_[i]->value), points_[i]->glyph == "??" ? 4 : 3);
    }
  if (current_ >= 0) current_bar(dc, pl, current_);
}

}  // namespace twe
