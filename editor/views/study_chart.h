// StudyChart: the estimate's charts in the Levels and rule sets view, drawn from the
// same chart data (study/chart.h) that `tilewright simulate --plot` draws with PLplot:
// win rates with their 95% intervals, the score distribution, loss reasons (competitive:
// seat wins and ties). Three panels side by side; empty until a chart is set.
#pragma once

#include <wx/dc.h>
#include <wx/panel.h>

#include <optional>
#include <vector>

#include "study/chart.h"
#include "study/sweep.h"

namespace twe {

// A bar's label for a column `width` pixels wide: wrapped at spaces onto at most
// `max_lines` lines, each fitting; a word wider than the column, or what does not fit
// on the last line, ends in an ellipsis.
std::vector<wxString> bar_label_lines(wxDC& dc, const wxString& label, int width, int max_lines);

class StudyChart : public wxPanel {
 public:
  explicit StudyChart(wxWindow* parent);
  void set_chart(const tw::study::Chart& c);
  void clear();
  const tw::study::Chart& chart() const { return chart_; }
  bool has_chart() const { return has_; }
  // A sweep or tune instead (views/sweep_chart.h): one panel, value on x, the measure
  // with its 95% band, the target line. set_chart() and clear() drop it.
  void set_sweep(const tw::study::SweepChart& c);
  const std::optional<tw::study::SweepChart>& sweep() const { return sweep_; }

 private:
  void on_paint(wxPaintEvent&);
  tw::study::Chart chart_;
  bool has_ = false;
  std::optional<tw::study::SweepChart> sweep_;
};

}  // namespace twe
