#include "study/chart.h"

#include <algorithm>
#include <cmath>

namespace tw::study {

Chart chart_data(const Report& r) {
  Chart c;
  const Study& s = r.study;
  c.title = std::to_string(r.rows.size()) + " games, seeds " + std::to_string(s.seed) + ".." +
            std::to_string(s.seed + static_cast<uint64_t>(s.seeds) - 1) + (s.rotate ? ", seats rotated" : "");
  bool any_coop = false;
  std::vector<VariantSummary> sums;
  for (size_t v = 0; v < s.variants.size(); ++v) {
    sums.push_back(summarise(s, static_cast<int>(v), r.rows));
    any_coop = any_coop || s.variants[v].coop;
  }
  int64_t lo = INT64_MAX, hi = INT64_MIN;
  for (const auto& sum : sums)
    for (int64_t x : sum.scores) lo = std::min(lo, x), hi = std::max(hi, x);
  if (lo > hi) lo = hi = 0;
  // About 20 bins of a whole width.
  const int64_t span = hi - lo + 1;
  const int64_t width = std::max<int64_t>(1, (span + 19) / 20);
  c.score_min = static_cast<double>(lo);
  c.bin_width = static_cast<double>(width);
  const size_t bins = static_cast<size_t>((span + width - 1) / width);
  c.score_max = c.score_min + c.bin_width * static_cast<double>(bins);
  c.outcome_title = any_coop ? "loss reasons (games)" : "seat wins and ties (games)";
  for (size_t v = 0; v < s.variants.size(); ++v) {
    const Variant& var = s.variants[v];
    const VariantSummary& sum = sums[v];
    const int series = static_cast<int>(v);
    const std::string group = s.variants.size() > 1 ? var.label : std::string();
    const std::string prefix = group.empty() ? std::string() : group + " ";
    if (var.coop) {
      c.win_rates.push_back({var.label, sum.win_rate.mean, sum.win_rate.lo, sum.win_rate.hi, series, ""});
      for (const auto& [why, n] : sum.loss_reasons)
        c.outcomes.push_back({prefix + why, double(n), double(n), double(n), series, group});
    } else {
      for (size_t j = 0; j < sum.entrants.size(); ++j) {
        const auto& e = sum.entrants[j];
        c.win_rates.push_back({prefix + std::to_string(j + 1) + ":" + e.bot, e.win_rate.mean, e.win_rate.lo,
                               e.win_rate.hi, series, group});
      }
      for (size_t p = 0; p < sum.seat_wins.size(); ++p) {
        const double n = sum.seat_wins[p];
        c.outcomes.push_back({prefix + "seat " + std::to_string(p + 1), n, n, n, series, group});
      }
      c.outcomes.push_back({prefix + "tie", double(sum.ties), double(sum.ties), double(sum.ties), series, group});
    }
    if (v > 0) {
      // The point of a comparison: B - A on the same seeds, with the interval.
      const auto diffs = paired(s, series, r.rows);
      const std::string points = var.coop ? "progress" : "margin";
      for (const auto& d : diffs) {
        const bool win = d.measure == "win";
        if (!win && d.measure != points) continue;
        const double k = win ? 100.0 : 1.0;
        const std::string title = win ? "win rate: B - A, percentage points, with 95% interval"
                                      : (var.coop ? "final team score" : "score margin of entrant 1") +
                                            std::string(": B - A, points, with 95% interval");
        auto it = std::find_if(c.differences.begin(), c.differences.end(),
                               [&](const ChartDifferences& x) { return x.title == title; });
        if (it == c.differences.end()) {
          c.differences.push_back({title, {}});
          it = c.differences.end() - 1;
        }
        it->bars.push_back({var.label + " - " + s.variants.front().label, k * d.diff.mean, k * d.diff.lo,
                            k * d.diff.hi, series, ""});
      }
    }
    ChartHistogram h;
    h.label = var.label;
    h.counts.assign(bins, 0);
    for (int64_t x : sum.scores) h.counts[static_cast<size_t>((x - lo) / width)] += 1;
    c.scores.push_back(h);
  }
  return c;
}

std::vector<std::string> label_lines(const std::string& label, size_t width) {
  std::vector<std::string> out;
  std::string line, word;
  const auto flush_word = [&] {
    if (word.empty()) return;
    if (!line.empty() && line.size() + 1 + word.size() > width) {
      out.push_back(line);
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
    word.clear();
  };
  for (char ch : label) {
    if (ch == ' ') flush_word();
    else word += ch;
  }
  flush_word();
  if (!line.empty() || out.empty()) out.push_back(line);
  return out;
}

}  // namespace tw::study
