// The charts of a study, as data (what the CLI's --plot draws with PLplot, and what a
// front end may draw itself): win rates with their 95% intervals per variant (co-op:
// the team; competitive: each bot), the distribution of final scores per variant, and
// the loss reasons (competitive: seat wins and ties). No drawing code here.
#pragma once

#include <string>
#include <vector>

#include "study/study.h"

namespace tw::study {

struct ChartBar {
  std::string label;        // the whole label ("gcc@greedy,random 1:greedy")
  double value = 0;         // a rate in [0, 1] or a count
  double lo = 0, hi = 0;    // 95% interval (win rates), else lo == hi == value
  int series = 0;           // the variant it belongs to (colour)
  std::string group = {};   // with several variants, the variant ("gcc@greedy,random"): label
                            // is group + " " + the bar's own part ("1:greedy"), which a chart
                            // may draw under the bar with the group once under its bars
  // The bar's own part of the label: without the group.
  std::string own_label() const {
    return !group.empty() && label.rfind(group + " ", 0) == 0 ? label.substr(group.size() + 1) : label;
  }
};

struct ChartHistogram {
  std::string label;        // the variant
  std::vector<double> counts;
};

// The paired differences of a comparison: B - A per variant B against the first (A),
// with 95% intervals, one panel per measure.
struct ChartDifferences {
  std::string title;                 // "win rate, B - A (percentage points)"
  std::vector<ChartBar> bars;        // value = mean difference, lo..hi its interval
};

struct Chart {
  std::string title;                 // the study in a few words
  std::vector<ChartBar> win_rates;
  double score_min = 0, score_max = 1, bin_width = 1;  // the histograms' bins: [min + k w, min + (k+1) w)
  std::vector<ChartHistogram> scores;
  std::string outcome_title;         // "loss reasons" or "seat wins and ties"
  std::vector<ChartBar> outcomes;
  std::vector<ChartDifferences> differences;  // compare: win rate and a score measure; else empty
};

// A bar's label cut into lines at its spaces (the variant above the entrant), each of at
// most about `width` characters (a longer word keeps its own line).
std::vector<std::string> label_lines(const std::string& label, size_t width);

Chart chart_data(const Report& r);

// Draws the three charts to `file` with PLplot: .svg (device svg) or .png (device
// pngcairo, package plplot-driver-cairo). "" on success, else the problem.
std::string plot(const Chart& c, const std::string& file);

}  // namespace tw::study
