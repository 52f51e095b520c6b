// Issue 34 item 16, second half: after Keep and a restart the evaluation graph comes
// back. Keep stores the per-ply evaluations with the replay (table replay_eval, in the
// same save as the marks); a new editor on the same database reads them when no analysis
// is in memory: the graph has the values, the marks, ] / [ and the "best" label work.
#include <catch2/catch.hpp>

#include "board/board_canvas.h"
#include "engine/bots/bots.h"
#include "fixture.h"
#include "main_frame.h"
#include "replay/replay_store.h"
#include "review/eval_graph.h"
#include "review/replay_doc.h"
#include "review/replay_view.h"

namespace {

using tw::replay::NodePath;

tw::replay::Replay greedy_random(const tw::Content& c, uint64_t seed) {
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

}  // namespace

TEST_CASE("review: Keep stores the evaluations, after a restart the graph and marks come back",
          "[review][ui][analysis][issue34]") {
  twe::test::FrameFixture f;
  twe::ReplayView* rv = f.frame->replays();
  const tw::replay::Replay game = greedy_random(f.ctx().content, 4);
  const int64_t id = tw::replay::ReplayStore(*f.ctx().store).insert(game);
  f.frame->show_page(rv);
  rv->refresh_list();
  rv->open_replay(id);
  twe::test::pump();
  rv->start_analysis(20);
  REQUIRE(twe::test::pump_until([&] { return !rv->analysis_running(); }, 120000));
  REQUIRE(rv->analysis());
  CHECK_FALSE(rv->showing_kept_analysis());
  const auto before = rv->eval_graph()->points();
  REQUIRE(static_cast<int>(before.size()) == game.log.plies());
  int marked = 0, first = 0;
  for (const auto& p : rv->analysis()->plies)
    if (!p.glyph.empty()) {
      ++marked;
      if (!first) first = p.ply;
    }
  REQUIRE(marked >= 2);
  REQUIRE(rv->keep_analysis());
  twe::test::pump();
  {
    const auto stored = tw::replay::ReplayStore(*f.ctx().store).load(id).evaluations;
    CHECK(static_cast<int>(stored.size()) == game.log.plies());
  }

  // Restart: a new main frame on the same database; nothing of the analysis in memory.
  f.frame->Destroy();
  twe::test::pump();
  f.frame = new twe::MainFrame(f.db_path, f.config.get());
  f.frame->SetSize(1280, 800);
  f.frame->Show();
  twe::test::pump();
  rv = f.frame->replays();
  f.frame->show_page(rv);
  rv->refresh_list();
  rv->open_replay(id);
  twe::test::pump();
  REQUIRE(rv->doc());
  REQUIRE(rv->analysis());
  CHECK(rv->showing_kept_analysis());
  CHECK_FALSE(rv->keep_button()->IsEnabled());  // kept already
  CHECK_FALSE(rv->discard_button()->IsEnabled());
  const auto after = rv->eval_graph()->points();
  REQUIRE(after.size() == before.size());
  for (size_t i = 0; i < after.size(); ++i) {
    INFO("ply " << i + 1);
    REQUIRE(after[i].has_value() == before[i].has_value());
    if (!after[i]) continue;
    CHECK(after[i]->value == Approx(before[i]->value));
    CHECK(after[i]->glyph == before[i]->glyph);
    CHECK(after[i]->mover == before[i]->mover);
  }
  CHECK(rv->eval_graph()->caption().find("(kept)") != std::string::npos);
  // The marks: ] jumps to the first one, and a marked placement shows where the best was.
  rv->doc()->home();
  CHECK(rv->handle_key(']', false, false));
  CHECK(rv->doc()->position() == NodePath::main(first));
  bool best_shown = false;
  for (const auto& p : rv->analysis()->plies) {
    if (p.glyph.empty() || p.best.rfind("place ", 0) != 0) continue;
    rv->doc()->go(NodePath::main(p.ply));
    twe::test::pump();
    // The analysis pane names the best move, read back from the replay.
    CHECK(tw::analysis::comment_text(p, rv->analysis()->measure).find(p.best) != std::string::npos);
    for (const auto& m : rv->board()->scene().markers) best_shown |= m.text == "best";
    if (const auto& h = rv->board()->scene().hint; h && h->text == "best") best_shown = true;
    break;
  }
  CHECK(best_shown);
  twe::test::screenshot(f.frame, "review-kept-after-restart");
}
