// PlyGraph: what the review's graphs over the plies of a line share (the score graph, the
// evaluation graph): a small window drawn by hand on white, a plot area with plies 0..n
// across it, the axes and the bar at the current ply, and a click that asks to go to the
// ply under it. A graph says how many plies it spans and draws its own values.
#pragma once

#include <functional>
#include <optional>

#include <wx/window.h>

class wxDC;

namespace twe {

class PlyGraph : public wxWindow {
 public:
  // Called with the ply a click asks for.
  std::function<void(int ply)> on_ply;
  // The ply a click at x = `px` (client pixels) goes to: plies() spread over the plot
  // area's width, clamped to 0 .. plies(); nullopt when the graph has nothing to go to.
  std::optional<int> ply_at(int px) const;

 protected:
  explicit PlyGraph(wxWindow* parent);

  // The plot area of the window as it is now: x0..x1 across (ply 0 .. n), y0 the bottom
  // (the lowest value) and y1 the top.
  struct Plot {
    int x0 = 0, x1 = 0, y0 = 0, y1 = 0;
    int n = 1;  // the plies across, at least 1
    int x(int ply) const;
  };
  Plot plot() const;
  static constexpr int kMargin = 28;  // left of the plot: the value labels

  // White background, and the labels' small grey font.
  void begin_paint(wxDC& dc) const;
  // The two axes, light grey.
  static void axes(wxDC& dc, const Plot& p);
  // The dashed bar at ply `ply`.
  static void current_bar(wxDC& dc, const Plot& p, int ply);

 private:
  // How many plies the graph spans; nullopt when there is nothing to show or click.
  virtual std::optional<int> plies() const = 0;
  virtual void paint(wxDC& dc) = 0;
};

}  // namespace twe
