#include "review/eval_graph.h"

#include <algorithm>
#include <cmath>

#include <wx/dcbuffer.h>

#include "board/board_model.h"

namespace twe {

namespace {
constexpr int kMargin = 28;

wxColour glyph_colour(const std::string& g) {
  if (g == "??") return wxColour(0xD0, 0x20, 0x20);
  if (g == "?") return wxColour(0xF0, 0x80, 0x10);
  return wxColour(0xE0, 0xC0, 0x10);
}
}  // namespace

EvalGraph::EvalGraph(wxWindow* parent) : wxWindow(parent, wxID_ANY, wxDefaultPosition, wxSize(300, 110)) {
  SetBackgroundStyle(wxBG_STYLE_PAINT);
  SetMinSize(wxSize(120, 90));
  Bind(wxEVT_PAINT, [this](wxPaintEvent&) {
    wxAutoBufferedPaintDC dc(this);
    paint(dc);
  });
  Bind(wxEVT_LEFT_DOWN, [this](wxMouseEvent& e) {
    if (on_ply && plies_ > 0) on_ply(ply_at(e.GetX()));
  });
  Bind(wxEVT_SIZE, [this](wxSizeEvent& e) {
    Refresh();
    e.Skip();
  });
}

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

int EvalGraph::ply_at(int px) const {
  const int w = std::max(1, GetClientSize().GetWidth() - kMargin - 8);
  const int n = std::max(1, plies_);
  return std::clamp((px - kMargin) * n / w, 0, n);
}

void EvalGraph::paint(wxDC& dc) {
  const wxSize sz = GetClientSize();
  dc.SetBackground(*wxWHITE_BRUSH);
  dc.Clear();
  dc.SetFont(wxFontInfo(7));
  dc.SetTextForeground(wxColour(0x60, 0x60, 0x60));
  if (points_.empty()) {
    dc.DrawText("Evaluation: Analyse the replay to see it", kMargin, sz.GetHeight() / 2 - 6);
    return;
  }
  double top = centred_ ? 10.0 : 100.0;
  if (centred_)
    for (const auto& p : points_)
      if (p) top = std::max(top, std::ceil(std::fabs(p->value)));
  const double bottom = centred_ ? -top : 0.0;
  const int n = std::max(1, plies_);
  const int x0 = kMargin, x1 = sz.GetWidth() - 8, y0 = sz.GetHeight() - 14, y1 = 6;
  auto px = [&](int i) { return x0 + static_cast<int>(static_cast<int64_t>(x1 - x0) * i / n); };
  auto py = [&](double v) { return y0 - static_cast<int>((y0 - y1) * (v - bottom) / (top - bottom)); };
  dc.SetPen(wxPen(wxColour(0xC0, 0xC0, 0xC0)));
  dc.DrawLine(x0, y0, x1, y0);
  dc.DrawLine(x0, y0, x0, y1);
  dc.DrawLine(x0, py(centred_ ? 0.0 : 50.0), x1, py(centred_ ? 0.0 : 50.0));
  dc.DrawText(wxString::Format("%+.0f", top), 2, y1);
  dc.DrawText(centred_ ? wxString::Format("%+.0f", bottom) : wxString("0"), 2, y0 - 8);
  dc.DrawText(wxString::FromUTF8(caption_), x0 + 4, y0 + 1);
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
  if (current_ >= 0) {
    dc.SetPen(wxPen(*wxBLACK, 1, wxPENSTYLE_SHORT_DASH));
    dc.DrawLine(px(current_), y0, px(current_), y1);
  }
}

}  // namespace twe
