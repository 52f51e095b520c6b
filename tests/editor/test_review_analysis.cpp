// Review analysis in the editor: Analyse runs in the background with progress, the
// evaluation graph fills, ] / [ jump between the marked moves, Keep writes the analysis
// into the replay as one undoable step (in the database too), Discard throws it away,
// Cancel stops a run without a result; screenshots.
#include <catch2/catch.hpp>

#include <wx/gauge.h>

#include <sstream>

#include "board/board_canvas.h"
#include "engine/bots/bots.h"
#include "engine/text.h"
#include "fixture.h"
#include "replay/replay_store.h"
#include "review/eval_graph.h"
#include "review/replay_doc.h"
#include "review/replay_view.h"

namespace {

using tw::replay::NodePath;

// A finished base game, greedy against random (the random seat makes mistakes).
tw::replay::Replay greedy_random_game(const tw::Content& c, uint64_t seed) {
  tw::GameSetup s;
  s.rule_set = "base";
  s.seed = seed;
  s.players = tw::parse_players("bot:greedy, bot:random");
  tw::replay::Recorder rec;
  REQUIRE_FALSE(tw::replay::Recorder::start(c, s, rec));
  auto greedy = tw::make_bot("greedy"), random = tw::make_bot("random");
  tw::Rng rng(seed);
  while (!rec.game().finished()) {
    tw::Bot* b = rec.game().pending().player == 0 ? greedy.get() : random.get();
    rec.apply_index(b->choose(rec.game(), rng));
  }
  return tw::replay::from_log(rec.take_log());
}

int marks_in(const tw::replay::Replay& r) {
  int n = 0;
  for (const auto& node : r.mainline) n += !node.note.glyph.empty();
  return n;
}

}  // namespace

TEST_CASE("review analysis: analyse, graph, jump to mistakes, keep as one undoable step, discard", "[review][ui][analysis]") {
  twe::test::FrameFixture f;
  twe::ReplayView* rv = f.frame->replays();
  REQUIRE(rv);
  auto& ctx = f.ctx();
  const tw::replay::Replay game = greedy_random_game(ctx.content, 4);
  const int64_t id = tw::replay::ReplayStore(*ctx.store).insert(game);
  f.frame->show_page(rv);
  rv->refresh_list();
  rv->open_replay(id);
  twe::test::pump();
  REQUIRE(rv->doc());
  CHECK(rv->analysis() == nullptr);
  CHECK(rv->eval_graph()->empty());
  CHECK_FALSE(rv->keep_analysis());
  CHECK_FALSE(rv->next_mistake(1));

  rv->start_analysis(20);
  CHECK(rv->analysis_running());
  REQUIRE(twe::test::pump_until([&] { return !rv->analysis_running(); }, 120000));
  const tw::analysis::Analysis* a = rv->analysis();
  REQUIRE(a);
  CHECK(static_cast<int>(a->plies.size()) == game.log.plies());
  CHECK_FALSE(rv->eval_graph()->empty());
  int marked = 0;
  int first = 0, last = 0;
  for (const auto& p : a->plies)
    if (!p.glyph.empty()) {
      ++marked;
      if (!first) first = p.ply;
      last = p.ply;
    }
  INFO(marked << " marked plies");
  REQUIRE(marked >= 2);
  CHECK(marks_in(rv->doc()->replay()) == 0);  // nothing written yet

  // ] / [ jump between the marked plies.
  rv->doc()->home();
  CHECK(rv->handle_key(']', false, false));
  CHECK(rv->doc()->position() == NodePath::main(first));
  rv->doc()->end();
  CHECK(rv->handle_key('[', false, false));
  CHECK(rv->doc()->position() == NodePath::main(last));
  // At a marked placement the board labels the best placement's cell.
  const tw::analysis::PlyEval* placed = nullptr;
  for (const auto& p : a->plies)
    if (!p.glyph.empty() && p.best.rfind("place ", 0) == 0 && !placed) placed = &p;
  REQUIRE(placed);
  rv->doc()->go(NodePath::main(placed->ply));
  twe::test::pump();
  // The cells as the stored texts write them ("place T x,y rN"), read here by words.
  const auto cell_of = [](const std::string& text, int& x, int& y) {
    std::istringstream in(text);
    std::string verb, tile, cell;
    in >> verb >> tile >> cell;
    return verb == "place" && tw::text::parse_cell(cell, x, y);
  };
  int bx = 0, by = 0, px = 0, py = 0;
  REQUIRE(cell_of(placed->best, bx, by));
  const bool played_placed = cell_of(placed->played, px, py);
  bool labelled = false, arrow = false;
  for (const auto& m : rv->board()->scene().markers) {
    if (m.text == "best") {
      labelled = true;
      CHECK(m.x == bx);  // on the best placement's cell
      CHECK(m.y == by);
    }
    if (m.kind == tw::replay::Marker::Kind::Arrow) {
      arrow = true;
      CHECK(played_placed);  // from the tile played to the best cell
      CHECK(m.x == px);
      CHECK(m.y == py);
      CHECK(m.x2 == bx);
      CHECK(m.y2 == by);
    }
  }
  // The best placement's cell is labelled "best" or shows a ghost of the tile (issue 34.16).
  if (const auto& h = rv->board()->scene().hint; h && h->tile && h->text == "best") {
    CHECK(h->tile->x == bx);
    CHECK(h->tile->y == by);
    labelled = true;
  }
  CHECK(labelled);
  // Nothing of it is stored: the markers are the view's.
  CHECK(rv->doc()->note().markers.empty());
  CHECK(arrow == (placed->played.substr(0, placed->played.find(" r")) != placed->best.substr(0, placed->best.find(" r"))));
  twe::test::screenshot(f.frame, "review-analysis");
  rv->doc()->go(NodePath::main(first));

  // Keep: marks, comments and best lines in the replay, saved; one undo takes it all back.
  REQUIRE(rv->keep_analysis());
  twe::test::pump();
  CHECK(marks_in(rv->doc()->replay()) == marked);
  const tw::replay::Replay stored = tw::replay::ReplayStore(*ctx.store).load(id);
  CHECK(marks_in(stored) == marked);
  CHECK(stored.mainline[static_cast<size_t>(first - 1)].note.comment.rfind("best: ", 0) == 0);
  CHECK_FALSE(stored.mainline[static_cast<size_t>(first - 1)].variations.empty());
  twe::test::screenshot(f.frame, "review-analysis-kept");
  REQUIRE(rv->history()->Undo());
  twe::test::pump();
  CHECK(tw::replay::ReplayStore(*ctx.store).load(id).mainline == game.mainline);
  REQUIRE(rv->history()->Redo());
  CHECK(marks_in(tw::replay::ReplayStore(*ctx.store).load(id)) == marked);

  // Discard: the session's analysis goes, what was kept stays (the marks, and the
  // evaluations Keep stored: the graph reads them back, issue 34 item 16).
  rv->discard_analysis();
  CHECK(rv->showing_kept_analysis());
  CHECK_FALSE(rv->eval_graph()->empty());
  CHECK_FALSE(rv->keep_button()->IsEnabled());
  CHECK(marks_in(rv->doc()->replay()) == marked);
  // Undoing Keep takes the evaluations too: nothing is left to show.
  REQUIRE(rv->history()->Undo());
  twe::test::pump();
  CHECK(rv->analysis() == nullptr);
  CHECK(rv->eval_graph()->empty());
}

TEST_CASE("review analysis: cancel stops a run without a result", "[review][ui][analysis]") {
  twe::test::FrameFixture f;
  twe::ReplayView* rv = f.frame->replays();
  auto& ctx = f.ctx();
  const int64_t id = tw::replay::ReplayStore(*ctx.store).insert(greedy_random_game(ctx.content, 5));
  f.frame->show_page(rv);
  rv->refresh_list();
  rv->open_replay(id);
  twe::test::pump();
  rv->start_analysis(100000);
  CHECK(rv->analysis_running());
  rv->cancel_analysis();
  REQUIRE(twe::test::pump_until([&] { return !rv->analysis_running(); }, 120000));
  CHECK(rv->analysis() == nullptr);
  CHECK(rv->eval_graph()->empty());
}
