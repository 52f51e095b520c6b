#include "review/score_graph.h"

#include <algorithm>

#include <wx/dc.h>

#include "board/board_model.h"

namespace twe {

ScoreGraph::ScoreGraph(wxWindow* parent) : PlyGraph(parent) {}

void ScoreGraph::set(std::vector<std::vector<int64_t>> scores, std::vector<bool> scoring, int current) {
  scores_ = std::move(scores);
  scoring_ = std::move(scoring);
  current_ = current;
  Refresh();
}

std::optional<int> ScoreGraph::plies() const {
  if (scores_.empty()) return std::nullopt;
  return static_cast<int>(scores_.size()) - 1;
}

void ScoreGraph::paint(wxDC& dc) {
  begin_paint(dc);
  if (scores_.empty()) return;
  int64_t top = 10;
  for (const auto& s : scores_)
    for (int64_t v : s) top = std::max(top, v);
  const Plot pl = plot();
  const int n = pl.n, x1 = pl.x1, y0 = pl.y0, y1 = pl.y1;
  auto px = [&](int i) { return pl.x(i); };
  auto py = [&](int64_t v) { return y0 - static_cast<int>((y0 - y1) * v / top); };
  axes(dc, pl);
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
  current_bar(dc, pl, current_);
}

}  // namespace twe
