#include "review/score_graph.h"

#include <algorithm>

#include <wx/dcbuffer.h>

#include "board/board_model.h"

namespace twe {

namespace {
constexpr int kMargin = 28;
}

ScoreGraph::ScoreGraph(wxWindow* parent) : wxWindow(parent, wxID_ANY, wxDefaultPosition, wxSize(300, 110)) {
  SetBackgroundStyle(wxBG_STYLE_PAINT);
  SetMinSize(wxSize(120, 90));
  Bind(wxEVT_PAINT, [this](wxPaintEvent&) {
    wxAutoBufferedPaintDC dc(this);
    paint(dc);
  });
  Bind(wxEVT_LEFT_DOWN, [this](wxMouseEvent& e) {
    if (on_ply && !scores_.empty()) on_ply(ply_at(e.GetX()));
  });
  Bind(wxEVT_SIZE, [this](wxSizeEvent& e) {
    Refresh();
    e.Skip();
  });
}

void ScoreGraph::set(std::vector<std::vector<int64_t>> scores, std::vector<bool> scoring, int current) {
  scores_ = std::move(scores);
  scoring_ = std::move(scoring);
  current_ = current;
  Refresh();
}

int ScoreGraph::ply_at(int px) const {
  const int w = std::max(1, GetClientSize().GetWidth() - kMargin - 8);
  const int n = std::max<int>(1, static_cast<int>(scores_.size()) - 1);
  return std::clamp((px - kMargin) * n / w, 0, n);
}

void ScoreGraph::paint(wxDC& dc) {
  const wxSize sz = GetClientSize();
  dc.SetBackground(*wxWHITE_BRUSH);
  dc.Clear();
  if (scores_.empty()) return;
  int64_t top = 10;
  for (const auto& s : scores_)
    for (int64_t v : s) top = std::max(top, v);
  const int n = std::max<int>(1, static_cast<int>(scores_.size()) - 1);
  const int x0 = kMargin, x1 = sz.GetWidth() - 8, y0 = sz.GetHeight() - 14, y1 = 6;
  auto px = [&](int i) { return x0 + static_cast<int>(static_cast<int64_t>(x1 - x0) * i / n); };
  auto py = [&](int64_t v) { return y0 - static_cast<int>((y0 - y1) * v / top); };
  dc.SetPen(wxPen(wxColour(0xC0, 0xC0, 0xC0)));
  dc.DrawLine(x0, y0, x1, y0);
  dc.DrawLine(x0, y0, x0, y1);
  dc.SetFont(wxFontInfo(7));
  dc.SetTextForeground(wxColour(0x60, 0x60, 0x60));
  dc.DrawText(wxString::Format("%lld", static_cast<long long>(top)), 2, y1);
  dc.DrawText("0", 2, y0 - 8);
  dc.DrawText(wxString::Format("ply %d", n), x1 - 40, y0 + 1);
  // Plies that scored.
  dc.SetPen(wxPen(wxColour(0xE8, 0xE0, 0xC0)));
  for (size_t i = 0; i < scoring_.size(); ++i)
    if (scoring_[i]) dc.DrawLine(px(static_cast<int>(i)), y0, px(static_cast<int>(i)), y1);
  const size_t seats = scores_.front().size();
  for (size_t s = 0; s < seats; ++s) {
    dc.SetPen(wxPen(player_colour(static_cast<int>(s)), 2));
    for (size_t i = 1; i < scores_.size(); ++i)
      dc.DrawLine(px(static_cast<int>(i - 1)), py(scores_[i - 1][s]), px(static_cast<int>(i)), py(scores_[i][s]));
  }
  dc.SetPen(wxPen(*wxBLACK, 1, wxPENSTYLE_SHORT_DASH));
  dc.DrawLine(px(current_), y0, px(current_), y1);
}

}  // namespace twe
