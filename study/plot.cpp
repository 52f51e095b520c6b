// PLplot rendering of a study's charts (svg needs no X server; png through pngcairo).
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <memory>

#include <plstream.h>

#include "study/chart.h"
#include "study/sweep.h"

namespace tw::study {

namespace {

// Colour map 0 entries for the series (variants): a colour-blind safe palette.
constexpr int kPalette[][3] = {{0, 114, 178}, {230, 159, 0}, {0, 158, 115}, {204, 121, 167},
                               {86, 180, 233}, {213, 94, 0}, {240, 228, 66}, {0, 0, 0}};
constexpr int kSeriesBase = 8;  // cmap0 indices kSeriesBase.. hold the palette

int series_colour(int series) { return kSeriesBase + series % 8; }

enum class BarMode { Rates, Counts, Differences };

// The labels under the bars: each cut at its spaces into lines that fit its slot, in the
// largest of a few sizes where every line fits; when none does, the smallest size with
// the bars' labels on alternate rows. With several variants (every bar has a group),
// a bar shows only its own part ("1:greedy", "seat 2", "tie") and each variant's name is
// written once, centred under its run of bars, below them: six variants of two or three
// bars each no longer run their long labels into one another. Widths are measured from
// PLplot's character height: an average glyph of these labels is taken as kGlyph of it
// (measured on the svg and pngcairo drivers: "gcc@greedy,greedy 1:greedy" is 4.9 mm
// wide at a character height of 0.45 x 3.5 mm, 0.87 of it a glyph; a little more, so
// that neighbours keep a gap).
constexpr double kGlyph = 0.95;

void bar_labels(plstream& pls, const std::vector<ChartBar>& bs) {
  const double n = static_cast<double>(std::max<size_t>(1, bs.size()));
  PLFLT def = 0, ht = 0;
  pls.gchr(def, ht);
  PLFLT sx0 = 0, sx1 = 0, sy0 = 0, sy1 = 0;
  pls.gspa(sx0, sx1, sy0, sy1);
  PLFLT vx0 = 0, vx1 = 0, vy0 = 0, vy1 = 0;
  pls.gvpd(vx0, vx1, vy0, vy1);
  const double slot_mm = (sx1 - sx0) * (vx1 - vx0) / n * 0.92;
  const auto chars = [&](double sc, double slots) {
    return static_cast<size_t>(std::max(1.0, slots * slot_mm / (def * sc * kGlyph)));
  };
  const bool grouped =
      !bs.empty() && std::all_of(bs.begin(), bs.end(), [](const ChartBar& b) { return !b.group.empty(); });
  std::vector<std::string> own;
  for (const auto& b : bs) own.push_back(grouped ? b.own_label() : b.label);
  double scale = 0.5;
  bool stagger = true;
  std::vector<std::vector<std::string>> lines(bs.size());
  const auto cut = [&](double sc, double slots, size_t max_lines) {
    const size_t width = chars(sc, slots);
    bool fits = true;
    for (size_t i = 0; i < bs.size(); ++i) {
      lines[i] = label_lines(own[i], width);
      if (lines[i].size() > max_lines) fits = false;
      for (const auto& l : lines[i]) fits = fits && l.size() <= width;
    }
    return fits;
  };
  // One line each if any size allows it ("seat 1" whole), else up to three.
  for (size_t max_lines : {size_t{1}, size_t{3}}) {
    for (double sc : {0.85, 0.75, 0.65, 0.55})
      if (cut(sc, 1, max_lines)) {
        scale = sc;
        stagger = false;
        break;
      }
    if (!stagger) break;
  }
  if (stagger && cut(0.45, 1, 3)) scale = 0.45, stagger = false;
  if (stagger) cut(scale, 2, 3);  // twice the room: every other bar's label goes below its neighbours'
  size_t most = 1;
  for (const auto& l : lines) most = std::max(most, l.size());
  // Lines 1.5 character heights apart: the glyphs drawn are taller than PLplot's nominal height.
  const double step = 1.5;
  pls.schr(0, scale);
  for (size_t i = 0; i < bs.size(); ++i) {
    const double below = stagger && i % 2 ? step * static_cast<double>(most) : 0.0;
    for (size_t k = 0; k < lines[i].size(); ++k)
      pls.mtex("b", 1.6 + below + step * static_cast<double>(k), (static_cast<double>(i) + 0.5) / n, 0.5,
               lines[i][k].c_str());
  }
  if (grouped) {
    // The runs of bars of one variant, and below the bars' own labels, each variant's name.
    std::vector<std::pair<size_t, size_t>> runs;
    for (size_t i = 0; i < bs.size(); ++i)
      if (runs.empty() || bs[i].group != bs[runs.back().first].group)
        runs.emplace_back(i, i + 1);
      else
        runs.back().second = i + 1;
    const double rows = static_cast<double>(most) * (stagger ? 2 : 1);
    const double top_mm = (1.6 + step * rows) * def * scale + 0.5 * def * scale;  // a gap under the bars' labels
    double gscale = 0.45;
    std::vector<std::vector<std::string>> glines(runs.size());
    for (double sc : {0.75, 0.65, 0.55, 0.45}) {
      bool fits = true;
      for (size_t r = 0; r < runs.size(); ++r) {
        const size_t width = chars(sc, static_cast<double>(runs[r].second - runs[r].first));
        glines[r] = label_lines(bs[runs[r].first].group, width);
        if (glines[r].size() > 2) fits = false;
        for (const auto& l : glines[r]) fits = fits && l.size() <= width;
      }
      gscale = sc;
      if (fits) break;
    }
    pls.schr(0, gscale);
    for (size_t r = 0; r < runs.size(); ++r) {
      const double centre = (static_cast<double>(runs[r].first + runs[r].second) / 2) / n;
      for (size_t k = 0; k < glines[r].size(); ++k)
        pls.mtex("b", top_mm / (def * gscale) + 0.6 + step * static_cast<double>(k), centre, 0.5, glines[r][k].c_str());
    }
  }
  pls.schr(0, 1.0);
}

void bars(plstream& pls, const std::vector<ChartBar>& bs, const char* ylabel, const char* title, BarMode mode) {
  const double n = static_cast<double>(std::max<size_t>(1, bs.size()));
  double ymin = 0, ymax = 1.0;
  if (mode == BarMode::Counts)
    for (const auto& b : bs) ymax = std::max(ymax, b.hi * 1.1);
  if (mode == BarMode::Differences) {
    double lo = 0, hi = 0;
    for (const auto& b : bs) lo = std::min({lo, b.lo, b.value}), hi = std::max({hi, b.hi, b.value});
    const double pad = std::max(0.1 * (hi - lo), 0.5);
    ymin = lo - pad;
    ymax = hi + pad;
  }
  pls.col0(1);
  // The viewport by hand, not env's: room below the plot for labels of up to 3 lines.
  pls.adv(0);
  pls.vpor(0.1, 0.95, 0.3, 0.88);
  pls.wind(0, n, ymin, ymax);
  pls.box("bc", 0, 0, "bcnstv", 0, 0);
  pls.lab("", ylabel, title);
  if (mode == BarMode::Differences) {  // the line of no difference
    PLFLT zx[2] = {0, n}, zy[2] = {0, 0};
    pls.lsty(2);
    pls.line(2, zx, zy);
    pls.lsty(1);
  }
  for (size_t i = 0; i < bs.size(); ++i) {
    const ChartBar& b = bs[i];
    const double x0 = static_cast<double>(i) + 0.15, x1 = static_cast<double>(i) + 0.85;
    PLFLT xs[4] = {x0, x0, x1, x1}, ys[4] = {0, b.value, b.value, 0};
    pls.col0(series_colour(b.series));
    pls.fill(4, xs, ys);
    pls.col0(1);
    pls.line(4, xs, ys);
    if (mode != BarMode::Counts) {
      PLFLT x[1] = {static_cast<double>(i) + 0.5}, lo[1] = {b.lo}, hi[1] = {b.hi};
      pls.width(2);
      pls.erry(1, x, lo, hi);
      pls.width(1);
    }
  }
  bar_labels(pls, bs);
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
  const int panels = 3 + static_cast<int>(c.differences.size());
  pls->spage(90, 90, 1200, 470 * panels, 0, 0);
  pls->scolbg(255, 255, 255);
  pls->scol0(1, 0, 0, 0);  // axes and text in black on white
  pls->ssub(1, panels);
  pls->init();
  for (int i = 0; i < 8; ++i) pls->scol0(kSeriesBase + i, kPalette[i][0], kPalette[i][1], kPalette[i][2]);

  bars(*pls, c.win_rates, "win rate", ("win rate with 95% interval: " + c.title).c_str(), BarMode::Rates);

  // The score distribution: one step line per variant.
  // Room at the top for the legend (a line a variant, top right): the steps stay below it.
  double ymax = 1;
  for (const auto& h : c.scores)
    for (double v : h.counts) ymax = std::max(ymax, v * 1.1 * (1 + 0.06 * static_cast<double>(c.scores.size())));
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

  bars(*pls, c.outcomes, "games", c.outcome_title.c_str(), BarMode::Counts);
  for (const auto& d : c.differences)
    bars(*pls, d.bars, d.title.rfind("win", 0) == 0 ? "percentage points" : "points", d.title.c_str(),
         BarMode::Differences);
  pls.reset();  // plend1: writes and closes the file
  return {};
}

std::string plot_sweep(const SweepChart& c, const std::string& file) {
  const std::string ext = std::filesystem::path(file).extension().string();
  std::string device;
  if (ext == ".svg" || ext == ".SVG") device = "svg";
  else if (ext == ".png" || ext == ".PNG") device = "pngcairo";
  else return "--plot: the file must end in .svg or .png";
  if (c.points.empty()) return "--plot: no value to draw";
  if (std::FILE* f = std::fopen(file.c_str(), "wb")) {
    std::fclose(f);
  } else {
    return "--plot: cannot write " + file;
  }
  const double k = c.percent ? 100.0 : 1.0;
  double xmin = static_cast<double>(c.points.front().value), xmax = static_cast<double>(c.points.back().value);
  double ymin = 1e300, ymax = -1e300;
  for (const auto& p : c.points) {
    xmin = std::min(xmin, static_cast<double>(p.value));
    xmax = std::max(xmax, static_cast<double>(p.value));
    ymin = std::min(ymin, k * p.measure.lo);
    ymax = std::max(ymax, k * p.measure.hi);
  }
  if (c.target) ymin = std::min(ymin, k * *c.target), ymax = std::max(ymax, k * *c.target);
  const double xpad = std::max(0.5, 0.04 * (xmax - xmin)), ypad = std::max(0.05 * (ymax - ymin), c.percent ? 1.0 : 0.01);
  if (c.percent) ymin = std::max(0.0, ymin - ypad), ymax = std::min(100.0, ymax + ypad);
  else ymin -= ypad, ymax += ypad;
  if (ymax <= ymin) ymax = ymin + 1;
  auto pls = std::make_unique<plstream>();
  pls->sdev(device.c_str());
  pls->sfnam(file.c_str());
  pls->spage(90, 90, 1200, 700, 0, 0);
  pls->scmap0n(kSeriesBase + 9);  // the palette and the band's colour
  pls->scolbg(255, 255, 255);
  pls->scol0(1, 0, 0, 0);
  pls->init();
  for (int i = 0; i < 8; ++i) pls->scol0(kSeriesBase + i, kPalette[i][0], kPalette[i][1], kPalette[i][2]);
  pls->scol0(kSeriesBase + 8, 190, 220, 240);  // the band: a light blue
  pls->col0(1);
  pls->env(xmin - xpad, xmax + xpad, ymin, ymax, 0, 0);
  pls->lab(c.x_label.c_str(), c.y_label.c_str(), c.title.c_str());
  // The 95% band: lo along the values, hi back.
  std::vector<PLFLT> bx, by;
  for (const auto& p : c.points) bx.push_back(static_cast<double>(p.value)), by.push_back(k * p.measure.lo);
  for (auto it = c.points.rbegin(); it != c.points.rend(); ++it)
    bx.push_back(static_cast<double>(it->value)), by.push_back(k * it->measure.hi);
  if (c.points.size() > 1) {
    pls->col0(kSeriesBase + 8);
    pls->fill(static_cast<PLINT>(bx.size()), bx.data(), by.data());
  }
  if (c.target) {
    PLFLT tx[2] = {xmin - xpad, xmax + xpad}, ty[2] = {k * *c.target, k * *c.target};
    pls->col0(series_colour(5));
    pls->lsty(2);
    pls->line(2, tx, ty);
    pls->lsty(1);
    pls->schr(0, 0.8);
    pls->ptex(xmin - xpad * 0.8, k * *c.target + (ymax - ymin) * 0.02, 1, 0, 0, "target");
    pls->schr(0, 1.0);
  }
  std::vector<PLFLT> xs, ys, los, his;
  for (const auto& p : c.points) {
    xs.push_back(static_cast<double>(p.value));
    ys.push_back(k * p.measure.mean);
    los.push_back(k * p.measure.lo);
    his.push_back(k * p.measure.hi);
  }
  pls->col0(series_colour(0));
  pls->width(2);
  pls->line(static_cast<PLINT>(xs.size()), xs.data(), ys.data());
  pls->erry(static_cast<PLINT>(xs.size()), xs.data(), los.data(), his.data());
  pls->width(1);
  pls->poin(static_cast<PLINT>(xs.size()), xs.data(), ys.data(), 17);
  pls.reset();
  return {};
}

}  // namespace tw::study
