#include "views/sweep_chart.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace twe {

namespace {

wxString sweep_axis_text(double v, bool pct) {
  if (pct) return wxString::Format("%.0f%%", 100 * v);
  if (std::abs(v) >= 10) return wxString::Format("%.0f", v);
  return wxString::Format("%.2f", v);
}

}  // namespace

void draw_sweep_chart(wxDC& dc, const wxRect& r, const tw::study::SweepChart& c) {
  const wxColour line(0, 114, 178), band_solid(204, 227, 240), target(213, 94, 0);
  dc.SetTextForeground(*wxBLACK);
  const int th = dc.GetCharHeight();
  dc.DrawText(wxString::FromUTF8(c.title) + "  (95% band)", r.x + 4, r.y + 2);
  const int left = dc.GetTextExtent("-0.000").x + 8;
  const wxRect a(r.x + left, r.y + th + 8, std::max(20, r.width - left - 12), std::max(20, r.height - 3 * th - 16));
  dc.SetPen(wxPen(wxColour(120, 120, 120)));
  dc.SetBrush(*wxTRANSPARENT_BRUSH);
  dc.DrawRectangle(a);
  const wxString xl = wxString::FromUTF8(c.x_label);
  dc.DrawText(xl, a.x + (a.width - dc.GetTextExtent(xl).x) / 2, a.GetBottom() + th + 4);
  if (c.points.empty()) return;
  std::vector<tw::study::SweepPoint> pts = c.points;
  std::sort(pts.begin(), pts.end(), [](const auto& x, const auto& y) { return x.value < y.value; });
  // The axes: the values played; the measure's intervals and the target, padded.
  const double x0 = static_cast<double>(pts.front().value), x1 = static_cast<double>(pts.back().value);
  double y0 = 1e300, y1 = -1e300;
  for (const auto& p : pts) y0 = std::min(y0, p.measure.lo), y1 = std::max(y1, p.measure.hi);
  if (c.target) y0 = std::min(y0, *c.target), y1 = std::max(y1, *c.target);
  const double pad = std::max(1e-6, (y1 - y0) * 0.08);
  y0 -= pad;
  y1 += pad;
  if (c.percent) y0 = std::max(0.0, y0), y1 = std::min(1.0, y1);
  if (y1 <= y0) y1 = y0 + 1e-6;
  const auto sx = [&](double v) {
    if (x1 <= x0) return a.x + a.width / 2;
    return a.x + 8 + static_cast<int>(std::lround((v - x0) / (x1 - x0) * (a.width - 16)));
  };
  const auto sy = [&](double v) {
    return a.GetBottom() - static_cast<int>(std::lround((v - y0) / (y1 - y0) * (a.height - 2))) - 1;
  };
  // y labels: the bottom, the top.
  dc.DrawText(sweep_axis_text(y1, c.percent), r.x + 2, a.y - th / 2);
  dc.DrawText(sweep_axis_text(y0, c.percent), r.x + 2, a.GetBottom() - th / 2);
  // The band.
  if (pts.size() > 1) {
    std::vector<wxPoint> poly;
    for (const auto& p : pts) poly.emplace_back(sx(static_cast<double>(p.value)), sy(p.measure.hi));
    for (auto it = pts.rbegin(); it != pts.rend(); ++it)
      poly.emplace_back(sx(static_cast<double>(it->value)), sy(it->measure.lo));
    dc.SetPen(*wxTRANSPARENT_PEN);
    dc.SetBrush(wxBrush(band_solid));
    dc.DrawPolygon(static_cast<int>(poly.size()), poly.data());
  }
  // The target.
  if (c.target) {
    dc.SetPen(wxPen(target, 2, wxPENSTYLE_SHORT_DASH));
    const int ty = sy(*c.target);
    dc.DrawLine(a.x + 1, ty, a.GetRight() - 1, ty);
    dc.SetTextForeground(target);
    // Its label at the right end, above the line (below it when the line is at the top).
    const wxString tl = "target " + sweep_axis_text(*c.target, c.percent);
    dc.DrawText(tl, a.GetRight() - dc.GetTextExtent(tl).x - 6, ty - th - 1 > a.y ? ty - th - 1 : ty + 2);
    dc.SetTextForeground(*wxBLACK);
  }
  // The means with their whiskers, and the values under the axis (those that fit).
  dc.SetPen(wxPen(line, 2));
  for (size_t i = 1; i < pts.size(); ++i)
    dc.DrawLine(sx(static_cast<double>(pts[i - 1].value)), sy(pts[i - 1].measure.mean),
                sx(static_cast<double>(pts[i].value)), sy(pts[i].measure.mean));
  int last_label_right = -1000000;
  for (const auto& p : pts) {
    const int x = sx(static_cast<double>(p.value));
    dc.SetPen(wxPen(line, 1));
    dc.DrawLine(x, sy(p.measure.lo), x, sy(p.measure.hi) - 1);
    dc.DrawLine(x - 3, sy(p.measure.lo), x + 4, sy(p.measure.lo));
    dc.DrawLine(x - 3, sy(p.measure.hi), x + 4, sy(p.measure.hi));
    dc.SetBrush(wxBrush(line));
    dc.DrawCircle(x, sy(p.measure.mean), 3);
    dc.SetPen(wxPen(wxColour(120, 120, 120)));
    dc.DrawLine(x, a.GetBottom(), x, a.GetBottom() + 3);
    const wxString v = wxString::Format("%lld", static_cast<long long>(p.value));
    const int w = dc.GetTextExtent(v).x;
    if (x - w / 2 > last_label_right + 4) {
      dc.DrawText(v, x - w / 2, a.GetBottom() + 3);
      last_label_right = x + w / 2;
    }
  }
}

}  // namespace twe
