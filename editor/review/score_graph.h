// ScoreGraph: every seat's score over the plies of the current line, drawn by hand; a
// bar marks the current ply, dots the plies that scored. A click asks to go to a ply.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include <wx/window.h>

namespace twe {

class ScoreGraph : public wxWindow {
 public:
  explicit ScoreGraph(wxWindow* parent);
  // scores[i][seat] after ply i (i = 0: the start); scoring[i]: ply i scored.
  void set(std::vector<std::vector<int64_t>> scores, std::vector<bool> scoring, int current);
  std::function<void(int ply)> on_ply;

 private:
  void paint(wxDC& dc);
  int ply_at(int px) const;

  std::vector<std::vector<int64_t>> scores_;
  std::vector<bool> scoring_;
  int current_ = 0;
};

}  // namespace twe
