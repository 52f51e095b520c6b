// PlyGraph (editor/review/ply_graph.h): the score graph and the evaluation graph map a
// click to the ply under it the same way, and go nowhere while they show nothing.
#include <catch2/catch.hpp>

#include <wx/frame.h>

#include "fixture.h"
#include "review/eval_graph.h"
#include "review/score_graph.h"

namespace {

// The ply under x for a graph spanning `n` plies, by the plot's rule: the plot starts
// 28 px from the left and ends 8 px before the right edge.
int expected(int width, int n, int px) {
  const int w = std::max(1, width - 28 - 8);
  return std::clamp((px - 28) * n / w, 0, n);
}

}  // namespace

TEST_CASE("ply graphs: a click goes to the ply under it, nowhere while empty", "[review]") {
  twe::test::ensure_wx();
  auto* frame = new wxFrame(nullptr, wxID_ANY, "ply graphs");
  auto* score = new twe::ScoreGraph(frame);
  auto* eval = new twe::EvalGraph(frame);
  score->SetSize(0, 0, 228, 100);
  eval->SetSize(0, 100, 228, 100);
  const int ws = score->GetClientSize().GetWidth(), we = eval->GetClientSize().GetWidth();
  REQUIRE(ws > 60);
  REQUIRE(we > 60);
  CHECK_FALSE(score->ply_at(100));
  CHECK_FALSE(eval->ply_at(100));

  // 11 score rows: plies 0..10.
  score->set(std::vector<std::vector<int64_t>>(11, std::vector<int64_t>{0, 0}), std::vector<bool>(11, false), 3);
  // 20 plies analysed in part.
  std::vector<std::optional<twe::EvalGraph::Point>> points(20);
  points[4] = twe::EvalGraph::Point{1.5, 0, "?"};
  eval->set(points, true, 20, 4, "test");
  for (int px : {0, 28, 50, 100, ws - 8, ws + 40}) {
    INFO("x = " << px);
    CHECK(score->ply_at(px) == expected(ws, 10, px));
    CHECK(eval->ply_at(px) == expected(we, 20, px));
  }
  CHECK(score->ply_at(0) == 0);
  CHECK(score->ply_at(ws + 40) == 10);
  CHECK(eval->ply_at(we + 40) == 20);
  // One score row (the start only): a click still goes somewhere, ply 0 at the left.
  score->set({{0, 0}}, {false}, 0);
  REQUIRE(score->ply_at(28));
  CHECK(score->ply_at(28) == 0);
  eval->clear();
  CHECK_FALSE(eval->ply_at(100));
  frame->Destroy();
}
