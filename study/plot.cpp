// PLplot rendering of a study's charts (svg needs no X server; png through pngcairo).
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <memory>

#include <plstream.h>

#include "study/chart.h"

namespace tw::study {

namespace {

// Colour map 0 entries for the series (variants): a colour-blind safe palette.
constexpr int kPalette[][3] = {{0, 114, 178}, {230, 159, 0}, {0, 158, 115}, {204, 121, 167},
                               {86, 180, 233}, {213, 94, 0}, {240, 228, 66}, {0, 0, 0}};
constexpr int kSeriesBase = 8;  // cmap0 indices kSeriesBase.. hold the palette

int series_colour(int series) { return kSeriesBase + series % 8; }

void bars(plstream& pls, const std::vector<ChartBar>& bs, const char* ylabel, const char* title, bool rates) {
  const double n = static_cast<double>(std::max<size_t>(1, bs.size()));
  double ymax = rates ? 1.0 : 1.0;
  if (!rates)
    for (const auto& b : bs) ymax = std::max(ymax, b.hi * 1.1);
  pls.col0(1);
  pls.env(0, n, 0, ymax, 0, -2);  // no axes from env: the bars are categories
  pls.box("bc", 0, 0, "bcnstv", 0, 0);
  pls.lab("", ylabel, title);
  for (size_t i = 0; i < bs.size(); ++i) {
    const ChartBar& b = bs[i];
    const double x0 = static_cast<double>(i) + 0.15, x1 = static_cast<double>(i) + 0.85;
    PLFLT xs[4] = {x0, x0, x1, x1}, ys[4] = {0, b.value, b.value, 0};
    pls.col0(series_colour(b.series));
    pls.fill(4, xs, ys);
    pls.col0(1);
    pls.line(4, xs, ys);
    if (rates) {
      PLFLT x[1] = {static_cast<double>(i) + 0.5}, lo[1] = {b.lo}, hi[1] = {b.hi};
      pls.width(2);
      pls.erry(1, x, lo, hi);
      pls.width(1);
    }
    // The label under its bar (alternating lines when there are many).
    pls.schr(0, bs.size() > 6 ? 0.6 : 0.8);
    pls.mtex("b", 1.2 + (bs.size() > 6 ? 1.2 * static_cast<double>(i % 2) : 0.0), (static_cast<double>(i) + 0.5) / n,
             0.5, b.label.c_str());
    pls.schr(0, 1.0);
  }
}

}  // namespace

std::string plot(const Chart& c, const std::string& file) {
  const std::string ext = std::filesystem::path(file).extension().string();
  std::string device;
  if (ext == ".svg" || ext == ".SVG") device = "svg";
  else if (ext == ".png" || ext == ".PNG") device = "pngcairo";
  else return "--plot: the file must end in .svg or .png";
  if (std::FILE* f = std::fopen(file.c_str(), "wb")) {
    std::fclose(f);
  } else {
    return "--plot: cannot write " + file;
  }
  auto pls = std::make_unique<plstream>();
  pls->sdev(device.c_str());
  pls->sfnam(file.c_str());
  pls->spage(90, 90, 1200, 1400, 0, 0);
  pls->scolbg(255, 255, 255);
  pls->scol0(1, 0, 0, 0);  // axes and text in black on white
  pls->ssub(1, 3);
  pls->init();
  for (int i = 0; i < 8; ++i) pls->scol0(kSeriesBase + i, kPalette[i][0], kPalette[i][1], kPalette[i][2]);

  bars(*pls, c.win_rates, "win rate", ("win rate with 95% interval: " + c.title).c_str(), true);

  // The score distribution: one step line per variant.
  double ymax = 1;
  for (const auto& h : c.scores)
    for (double v : h.counts) ymax = std::max(ymax, v * 1.1);
  pls->col0(1);
  pls->env(c.score_min, c.score_max, 0, ymax, 0, 0);
  pls->lab("final score (co-op: the team's)", "games", "score distribution");
  for (size_t v = 0; v < c.scores.size(); ++v) {
    const auto& h = c.scores[v];
    std::vector<PLFLT> xs, ys;
    for (size_t k = 0; k < h.counts.size(); ++k) {
      const double x0 = c.score_min + c.bin_width * static_cast<double>(k);
      xs.push_back(x0);
      ys.push_back(h.counts[k]);
      xs.push_back(x0 + c.bin_width);
      ys.push_back(h.counts[k]);
    }
    pls->col0(series_colour(static_cast<int>(v)));
    pls->width(2);
    if (!xs.empty()) pls->line(static_cast<PLINT>(xs.size()), xs.data(), ys.data());
    pls->width(1);
    pls->schr(0, 0.8);
    pls->mtex("t", -1.5 - 1.2 * static_cast<double>(v), 0.98, 1.0, h.label.c_str());
    pls->schr(0, 1.0);
  }

  bars(*pls, c.outcomes, "games", c.outcome_title.c_str(), false);
  pls.reset();  // plend1: writes and closes the file
  return {};
}

}  // namespace tw::study
