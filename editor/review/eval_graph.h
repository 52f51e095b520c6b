// EvalGraph: the review analysis' evaluation over the plies of the main line, beside the
// score graph. Two seats: the first seat's view (above the middle line the first seat
// stands better; its expected final margin in points, or its win chance); co-op: the
// team's chances (0..100 %); more seats: each ply's value from its mover's view, in the
// mover's colour. Marked plies get a dot (?! yellow, ? orange, ?? red), a bar marks the
// current ply, and a click asks to go to a ply.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "review/ply_graph.h"

namespace twe {

class EvalGraph : public PlyGraph {
 public:
  explicit EvalGraph(wxWindow* parent);
  struct Point {
    double value = 0;   // as plotted
    int mover = -1;     // its colour (more than two seats)
    std::string glyph;  // "", "?!", "?", "??"
  };
  // points[i]: the evaluation after ply i + 1 (nullopt: not analysed); `centred`: values
  // around 0 (a margin), else 0..100; `plies`: the main line's length; `current` the ply
  // shown (-1: not on the main line).
  void set(std::vector<std::optional<Point>> points, bool centred, int plies, int current, std::string caption);
  void clear();
  bool empty() const { return points_.empty(); }
  const std::vector<std::optional<Point>>& points() const { return points_; }
  const std::string& caption() const { return caption_; }

 private:
  std::optional<int> plies() const override;
  void paint(wxDC& dc) override;

  std::vector<std::optional<Point>> points_;
  bool centred_ = true;
  int plies_ = 0;
  int current_ = -1;
  std::string caption_;
};

}  // namespace twe
