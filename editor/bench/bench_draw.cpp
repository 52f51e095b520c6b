// Board painting benchmark: a 150-tile board (a GCC game with the pool doubled, played
// by random bots until 150 tiles lie on the board) drawn into a 1280x800 wxMemoryDC, the
// whole board fitted into the frame, with followers, legal cells and the score box. The
// goal is under 16 ms a frame.
// Run (wx needs a display):
//   xvfb-run -a ./build/editor/tw_bench_editor --benchmark_filter=Draw
// The database is $TILEWRIGHT_DB, else default.db next to the build's editor/ folder.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <filesystem>
#include <string>

#include <wx/app.h>
#include <wx/bitmap.h>
#include <wx/dcmemory.h>
#include <wx/image.h>
#include <wx/init.h>

#include "board/board_model.h"
#include "engine/bots/bots.h"
#include "schema/store.h"

namespace {

std::string db_path() {
  if (const char* p = std::getenv("TILEWRIGHT_DB")) return p;
  std::error_code ec;
  const auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  return (exe.parent_path().parent_path() / "default.db").string();
}

const tw::Content& content() {
  static const tw::Content c = [] {
    tw::Content k = tw::Store::open(db_path(), tw::Store::Mode::ReadOnly).load_content();
    for (auto& rs : k.rule_sets)
      if (rs.id == "gcc")
        for (auto& e : rs.pool) e.count *= 2;
    return k;
  }();
  return c;
}

// A GCC game (pool doubled) with `tiles` tiles on the board, a placement pending.
const tw::Game& board_game(size_t tiles) {
  static tw::Game g;
  static bool made = false;
  if (!made) {
    tw::GameSetup s;
    s.rule_set = "gcc";
    s.seed = 150;
    s.players = {{"bot:random", "random"}, {"bot:greedy", "greedy"}, {"bot:random", "random"}};
    if (auto v = tw::Game::create(content(), s, g)) {
      std::fprintf(stderr, "setup: %s\n", v->message.c_str());
      std::abort();
    }
    auto bot = tw::make_bot("random");
    tw::Rng rng(7);
    while (!g.finished() && !(g.placed().size() >= tiles && g.pending().kind == tw::DecisionKind::Place))
      g.apply_index(bot->choose(g, rng));
    made = true;
  }
  return g;
}

void draw_frame(benchmark::State& state, bool fit, double cell, bool cached) {
  const tw::Game& g = board_game(150);
  const wxSize size(1280, 800);
  wxBitmap bmp(size.GetWidth(), size.GetHeight(), 24);
  wxMemoryDC dc(bmp);
  twe::BoardViewport vp;
  if (fit) {
    int x0, y0, x1, y1;
    twe::board_bounds(g, 1, x0, y0, x1, y1);
    vp.fit(x0, y0, x1, y1, size);
  } else {
    vp.cell = cell;
    vp.ox = size.GetWidth() / 2.0;
    vp.oy = size.GetHeight() / 2.0;
  }
  twe::BoardOverlay ov;
  ov.legal_cells = true;
  const wxRect area(wxPoint(0, 0), size);
  twe::TileCache cache;
  for (auto _ : state) {
    twe::draw_board(dc, g, vp, area, ov, cached ? &cache : nullptr);
    benchmark::ClobberMemory();
  }
  state.counters["tiles"] = static_cast<double>(g.placed().size());
  state.counters["cell_px"] = vp.cell;
}

// As the canvas paints: tiles blitted from its cache (filled on the first frame).
void BM_DrawBoard150_Fit(benchmark::State& state) { draw_frame(state, true, 0, true); }
void BM_DrawBoard150_Cell64(benchmark::State& state) { draw_frame(state, false, 64, true); }
void BM_DrawBoard150_Cell128(benchmark::State& state) { draw_frame(state, false, 128, true); }
// Every tile drawn from its segments each frame (the first frame after a zoom).
void BM_DrawBoard150_Fit_Uncached(benchmark::State& state) { draw_frame(state, true, 0, false); }

// The scene alone (no pixels): what the painter gathers from the game each frame.
void BM_SceneOf150(benchmark::State& state) {
  const tw::Game& g = board_game(150);
  twe::BoardOverlay ov;
  ov.legal_cells = true;
  for (auto _ : state) benchmark::DoNotOptimize(twe::scene_of(g, ov));
}

BENCHMARK(BM_DrawBoard150_Fit)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DrawBoard150_Cell64)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DrawBoard150_Cell128)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DrawBoard150_Fit_Uncached)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SceneOf150)->Unit(benchmark::kMicrosecond);

}  // namespace

int main(int argc, char** argv) {
  // A GUI app instance, so wx initialises GTK with the display.
  wxApp::SetInstance(new wxApp);
  wxInitializer init(argc, argv);
  if (!init.IsOk()) {
    std::fprintf(stderr, "wxWidgets could not start (no display? run under xvfb-run -a)\n");
    return 1;
  }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
