// The sweep chart in the editor (issue 62), drawn by StudyChart::set_sweep: the value of
// a parameter on x, the measure with its 95% interval as a band on y, the target as a
// dashed line; the same chart data (tw::study::SweepChart) that `tilewright sweep
// --plot` and `tune --plot` draw with PLplot.
#pragma once

#include <wx/dc.h>
#include <wx/gdicmn.h>

#include "study/sweep.h"

namespace twe {

// Draws `c` into `r` of `dc` (a white background is the caller's). Nothing but the
// frame and title while it has no point.
void draw_sweep_chart(wxDC& dc, const wxRect& r, const tw::study::SweepChart& c);

}  // namespace twe
