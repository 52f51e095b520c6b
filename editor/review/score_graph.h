// ScoreGraph: every seat's score over the plies of the current line, drawn by hand; a
// bar marks the current ply, dots the plies that scored. A click asks to go to a ply.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "review/ply_graph.h"

namespace twe {

class ScoreGraph : public PlyGraph {
 public:
  explicit ScoreGraph(wxWindow* parent);
  // scores[i][seat] after ply i (i = 0: the start); scoring[i]: ply i scored.
  void set(std::vector<std::vector<int64_t>> scores, std::vector<bool> scoring, int current);
 private:
  std::optional<int> plies() const override;
  void paint(wxDC& dc) override;

  std::vector<std::vector<int64_t>> scores_;
  std::vector<bool> scoring_;
  int current_ = 0;
};

}  // namespace twe
