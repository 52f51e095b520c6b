#include "views/study_chart.h"

#include <algorithm>
#include <cmath>

#include <wx/control.h>
#include <wx/dcbuffer.h>

#include "views/sweep_chart.h"

namespace twe {

namespace {

// The same colour-blind safe palette as the PLplot charts.
const wxColour kSeries[] = {wxColour(0, 114, 178), wxColour(230, 159, 0), wxColour(0, 158, 115),
                            wxColour(204, 121, 167), wxColour(86, 180, 233), wxColour(213, 94, 0),
                            wxColour(240, 228, 66), wxColour(0, 0, 0)};

wxColour series_colour(int s) { return kSeries[static_cast<size_t>(s) % 8]; }

// A frame with a title; returns the plot area inside it.
wxRect frame(wxDC& dc, const wxRect& r, const wxString& title, const wxString& top_label, int label_lines = 1) {
  dc.SetTextForeground(*wxBLACK);
  dc.DrawText(title, r.x + 4, r.y + 2);
  const int th = dc.GetCharHeight();
  wxRect area(r.x + 30, r.y + th + 6, r.width - 36, r.height - (1 + label_lines) * th - 12);
  dc.SetPen(wxPen(wxColour(120, 120, 120)));
  dc.SetBrush(*wxTRANSPARENT_BRUSH);
  dc.DrawRectangle(area);
  dc.DrawText(top_label, r.x + 2, area.y - 2);
  dc.DrawText("0", r.x + 2, area.GetBottom() - th + 2);
  return area;
}

void bars(wxDC& dc, const wxRect& r, const std::vector<tw::study::ChartBar>& bs, const wxString& title, bool rates) {
  double top = 1;
  if (!rates)
    for (const auto& b : bs) top = std::max(top, b.hi * 1.1);
  const wxRect a = frame(dc, r, title, rates ? "1" : wxString::Format("%.0f", top), 3);
  if (bs.empty()) return;
  const double w = static_cast<double>(a.width) / static_cast<double>(bs.size());
  const auto y_of = [&](double v) { return a.GetBottom() - static_cast<int>(std::lround(v / top * (a.height - 2))); };
  wxFont small = dc.GetFont();
  small.SetPointSize(std::max(6, small.GetPointSize() - 2));
  dc.SetFont(small);
  for (size_t i = 0; i < bs.size(); ++i) {
    const auto& b = bs[i];
    const int x0 = a.x + static_cast<int>(w * static_cast<double>(i) + w * 0.15);
    const int x1 = a.x + static_cast<int>(w * static_cast<double>(i) + w * 0.85);
    dc.SetPen(wxPen(*wxBLACK));
    dc.SetBrush(wxBrush(series_colour(b.series)));
    dc.DrawRectangle(x0, y_of(b.value), std::max(1, x1 - x0), a.GetBottom() - y_of(b.value) + 1);
    if (rates) {  // the 95% interval as a whisker
      const int xm = (x0 + x1) / 2;
      dc.SetPen(wxPen(*wxBLACK, 2));
      dc.DrawLine(xm, y_of(b.lo), xm, y_of(b.hi));
      dc.DrawLine(xm - 4, y_of(b.lo), xm + 5, y_of(b.lo));
      dc.DrawLine(xm - 4, y_of(b.hi), xm + 5, y_of(b.hi));
      dc.SetPen(wxPen(*wxBLACK));
      const wxString pct = wxString::Format("%.0f%%", 100 * b.value);
      dc.DrawText(pct, xm + 6, std::max(a.y, y_of(b.value) - dc.GetCharHeight()));
    }
    // The label under the bar, in its column: wrapped at spaces onto three lines, an
    // ellipsis only when a word does not fit (issue 34 item 17: "ghost bank em").
    const int col = std::max(8, static_cast<int>(w) - 2);
    const int lx = a.x + static_cast<int>(w * static_cast<double>(i)) + 1;
    int ly = a.GetBottom() + 2;
    for (const wxString& line : bar_label_lines(dc, wxString::FromUTF8(b.label), col, 3)) {
      dc.DrawText(line, lx + (col - dc.GetTextExtent(line).x) / 2, ly);
      ly += dc.GetCharHeight();
    }
  }
}

}  // namespace

std::vector<wxString> bar_label_lines(wxDC& dc, const wxString& label, int width, int max_lines) {
  std::vector<wxString> lines;
  wxString rest = label;
  rest.Trim(true).Trim(false);
  while (!rest.empty() && static_cast<int>(lines.size()) < max_lines) {
    if (dc.GetTextExtent(rest).x <= width) {
      lines.push_back(rest);
      break;
    }
    if (static_cast<int>(lines.size()) + 1 == max_lines) {  // the last line: cut
      lines.push_back(wxControl::Ellipsize(rest, dc, wxELLIPSIZE_END, width));
      break;
    }
    // The longest run of whole words that fits; else the first word, cut.
    size_t cut = wxString::npos;
    for (size_t sp = rest.find(' '); sp != wxString::npos; sp = rest.find(' ', sp + 1))
      if (dc.GetTextExtent(rest.Left(sp)).x <= width) cut = sp;
    if (cut == wxString::npos) {
      const size_t sp = rest.find(' ');
      lines.push_back(wxControl::Ellipsize(sp == wxString::npos ? rest : rest.Left(sp), dc, wxELLIPSIZE_END, width));
      if (sp == wxString::npos) break;
      cut = sp;
    } else {
      lines.push_back(rest.Left(cut));
    }
    rest = rest.Mid(cut + 1);
    rest.Trim(false);
  }
  return lines;
}

StudyChart::StudyChart(wxWindow* parent) : wxPanel(parent, wxID_ANY, wxDefaultPosition, wxSize(-1, 170)) {
  SetBackgroundStyle(wxBG_STYLE_PAINT);
  Bind(wxEVT_PAINT, &StudyChart::on_paint, this);
  Bind(wxEVT_SIZE, [this](wxSizeEvent& e) {
    Refresh();
    e.Skip();
  });
}

void StudyChart::set_chart(const tw::study::Chart& c) {
  chart_ = c;
  has_ = true;
  sweep_.reset();
  Refresh();
}

void StudyChart::set_sweep(const tw::study::SweepChart& c) {
  sweep_ = c;
  has_ = false;
  Refresh();
}

void StudyChart::clear() {
  has_ = false;
  sweep_.reset();
  Refresh();
}

void StudyChart::on_paint(wxPaintEvent&) {
  wxAutoBufferedPaintDC dc(this);
  dc.SetBackground(*wxWHITE_BRUSH);
  dc.Clear();
  if (sweep_) {
    draw_sweep_chart(dc, wxRect(GetClientSize()), *sweep_);
    return;
  }
  if (!has_) return;
  const wxSize sz = GetClientSize();
  const int w = sz.x / 3;
  const wxFont base = dc.GetFont();
  bars(dc, wxRect(0, 0, w, sz.y), chart_.win_rates, "Win rate, 95% interval", true);
  dc.SetFont(base);

  // The score distribution: one step line per variant.
  wxRect r(w, 0, w, sz.y);
  double top = 1;
  for (const auto& h : chart_.scores)
    for (double v : h.counts) top = std::max(top, v * 1.1);
  const wxRect a = frame(dc, r, "Scores (games)", wxString::Format("%.0f", top));
  dc.DrawText(wxString::Format("%.0f", chart_.score_min), a.x, a.GetBottom() + 2);
  const wxString hi = wxString::Format("%.0f", chart_.score_max);
  dc.DrawText(hi, a.GetRight() - dc.GetTextExtent(hi).x, a.GetBottom() + 2);
  const double span = std::max(1e-9, chart_.score_max - chart_.score_min);
  for (size_t v = 0; v < chart_.scores.size(); ++v) {
    const auto& h = chart_.scores[v];
    dc.SetPen(wxPen(series_colour(static_cast<int>(v)), 2));
    int px = -1, py = -1;
    for (size_t k = 0; k < h.counts.size(); ++k) {
      const double x0 = chart_.bin_width * static_cast<double>(k) / span, x1 = chart_.bin_width * static_cast<double>(k + 1) / span;
      const int sx0 = a.x + static_cast<int>(x0 * a.width), sx1 = a.x + static_cast<int>(std::min(1.0, x1) * a.width);
      const int sy = a.GetBottom() - static_cast<int>(std::lround(h.counts[k] / top * (a.height - 2)));
      if (px >= 0) dc.DrawLine(px, py, sx0, sy);
      dc.DrawLine(sx0, sy, sx1, sy);
      px = sx1;
      py = sy;
    }
  }
  dc.SetFont(base);
  bars(dc, wxRect(2 * w, 0, sz.x - 2 * w, sz.y), chart_.outcomes,
       chart_.outcome_title.rfind("loss", 0) == 0 ? "Loss reasons (games)" : "Seat wins and ties (games)", false);
  dc.SetFont(base);
}

}  // namespace twe
