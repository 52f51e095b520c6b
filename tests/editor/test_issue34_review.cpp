// Issue 34, items 14 and 16 in Replays: a replay opens at a readable zoom around its
// position and the board follows the moves; + / - zoom while the move list has the
// focus; the turn's tile stays framed at the follower ply; before Keep, a marked ply
// shows its mark in the move list, the analysis' note and the best move on the board,
// clear of the score box.
#include <catch2/catch.hpp>

#include <wx/dcclient.h>
#include <wx/html/htmlwin.h>
#include <wx/treectrl.h>

#include "board/board_canvas.h"
#include "engine/bots/bots.h"
#include "fixture.h"
#include "game_fixture.h"
#include "replay/replay_store.h"
#include "review/eval_graph.h"
#include "review/replay_doc.h"
#include "review/replay_view.h"

namespace {

using tw::replay::NodePath;

tw::replay::Replay i34_bot_game(const std::string& rule_set, const std::string& players, uint64_t seed) {
  tw::GameSetup s;
  s.rule_set = rule_set;
  s.seed = seed;
  s.players = tw::parse_players(players);
  tw::replay::Recorder rec;
  REQUIRE_FALSE(tw::replay::Recorder::start(twe::test::content(), s, rec));
  auto greedy = tw::make_bot("greedy"), random = tw::make_bot("random");
  tw::Rng rng(seed);
  while (!rec.game().finished()) {
    tw::Bot* b = rec.game().pending().player == 0 ? greedy.get() : random.get();
    rec.apply_index(b->choose(rec.game(), rng));
  }
  return tw::replay::from_log(rec.take_log());
}

wxKeyEvent i34_char_hook(wxWindow* w, int code) {
  wxKeyEvent e(wxEVT_CHAR_HOOK);
  e.m_keyCode = code;
  e.SetEventObject(w);
  return e;
}

}  // namespace

TEST_CASE("issue 34.14: a replay opens readable, follows the play, zooms from the move list, frames the turn's tile",
          "[review][ui][issue34]") {
  twe::test::FrameFixture f;
  twe::ReplayView* rv = f.frame->replays();
  const int64_t id = tw::replay::ReplayStore(*f.ctx().store).insert(i34_bot_game("gcc", "Ann, Ben", 3));
  f.frame->show_page(rv);
  rv->refresh_list();
  rv->open_replay(id);
  twe::test::pump();
  REQUIRE(rv->doc());
  REQUIRE(twe::is_start(rv->doc()->position()));
  // At the start: tiles at a readable size (the final board fitted would give ~30 px).
  CHECK(rv->board()->viewport().cell >= 56);
  twe::test::screenshot(f.frame, "issue34-replay-open");
  // + and - zoom while the move list has the focus.
  rv->moves()->SetFocus();
  const double before = rv->board()->viewport().cell;
  wxKeyEvent plus = i34_char_hook(rv->moves(), '+');
  rv->moves()->GetEventHandler()->ProcessEvent(plus);
  CHECK(rv->board()->viewport().cell > before);
  wxKeyEvent minus = i34_char_hook(rv->moves(), '-');
  rv->moves()->GetEventHandler()->ProcessEvent(minus);
  rv->moves()->GetEventHandler()->ProcessEvent(minus);
  CHECK(rv->board()->viewport().cell < before);
  // Stepping through the game keeps the zoom readable and each new tile in view; at the
  // ply after a follower step (the turn is over) the turn's tile is still framed.
  int follower_plies = 0;
  for (int i = 0; i < 80; ++i) {
    rv->handle_key(WXK_RIGHT, false, false);
    const tw::Game& g = rv->doc()->game();
    const int t = rv->doc()->turn_tile();
    REQUIRE(t >= 0);
    const auto& p = g.placed()[static_cast<size_t>(t)];
    INFO("ply " << rv->doc()->position().ply);
    CHECK(rv->board()->cell_visible(p.x, p.y));
    int framed = 0;
    for (const auto& st : rv->board()->scene().tiles)
      if (st.last) {
        ++framed;
        CHECK(st.x == p.x);
        CHECK(st.y == p.y);
      }
    CHECK(framed == 1);
    if (g.last_placed() < 0) ++follower_plies;
  }
  CHECK(follower_plies > 5);
  CHECK(rv->board()->viewport().cell >= 40);
  twe::test::screenshot(f.frame, "issue34-replay-follow");
}

TEST_CASE("issue 34.16: before Keep a marked ply shows its mark, the note and the best move clear of the score box",
          "[review][ui][issue34][analysis]") {
  twe::test::FrameFixture f;
  twe::ReplayView* rv = f.frame->replays();
  const int64_t id = tw::replay::ReplayStore(*f.ctx().store).insert(i34_bot_game("base", "bot:greedy, bot:random", 4));
  f.frame->show_page(rv);
  rv->refresh_list();
  rv->open_replay(id);
  twe::test::pump();
  rv->start_analysis(20);
  REQUIRE(twe::test::pump_until([&] { return !rv->analysis_running(); }, 120000));
  const tw::analysis::Analysis* a = rv->analysis();
  REQUIRE(a);
  int shown = 0, followers = 0, drawn = 0;
  while (rv->next_mistake(1)) {
    twe::test::pump();
    const int ply = rv->doc()->position().ply;
    const tw::analysis::PlyEval* pe = nullptr;
    for (const auto& p : a->plies)
      if (p.node.empty() && p.ply == ply) pe = &p;
    REQUIRE(pe);
    INFO("ply " << ply << " played " << pe->played << " best " << pe->best);
    // The move list shows the mark (in brackets until kept).
    const wxString label = rv->moves()->GetItemText(rv->moves()->GetSelection());
    CHECK(label.Contains("[" + wxString::FromUTF8(pe->glyph) + "]"));
    // The analysis' note is in the comment pane.
    CHECK(rv->rendered_comment()->ToText().Contains("Analysis:"));
    CHECK(rv->rendered_comment()->ToText().Contains(wxString::FromUTF8(pe->best)));
    // The best move is on the board: a ghost tile, a ring or a "best" label.
    const twe::BoardScene sc = rv->board()->scene();
    bool label_best = false;
    for (const auto& m : sc.markers) label_best |= m.text == "best";
    // (A best "pass" names nothing on the board: the note says it.)
    if (twe::hint_of(rv->doc()->main_game(ply - 1), pe->best_option, "best")) {
      CHECK((sc.hint.has_value() || label_best));
      if (++drawn == 1) twe::test::screenshot(f.frame, "issue34-review-best");
    }
    if (sc.hint && sc.hint->seg >= 0) ++followers;
    ++shown;
    // Nothing of it under the score box.
    wxClientDC dc(rv->board());
    const wxRect box = twe::score_box_rect(dc, sc.score_lines, wxRect(wxPoint(0, 0), rv->board()->GetClientSize()));
    if (pe->best_option.kind == tw::OptKind::Place) {
      CHECK_FALSE(box.Intersects(rv->board()->viewport().cell_rect(pe->best_option.x, pe->best_option.y)));
      CHECK(rv->board()->cell_visible(pe->best_option.x, pe->best_option.y));
    }
    if (pe->played_option.kind == tw::OptKind::Place)
      CHECK_FALSE(box.Intersects(rv->board()->viewport().cell_rect(pe->played_option.x, pe->played_option.y)));
  }
  CHECK(shown > 1);
  CHECK(drawn > 0);
  INFO("follower bests " << followers);
}

TEST_CASE("issue 34.15: in a variation the drawn tile's legal cells are shown", "[review][ui][issue34]") {
  twe::test::FrameFixture f;
  twe::ReplayView* rv = f.frame->replays();
  const int64_t id = tw::replay::ReplayStore(*f.ctx().store).insert(i34_bot_game("base", "Ann, Ben", 6));
  f.frame->show_page(rv);
  rv->refresh_list();
  rv->open_replay(id);
  twe::test::pump();
  // On the main line: none (the review's board stays clean).
  REQUIRE(rv->doc()->game().pending().kind == tw::DecisionKind::Place);
  CHECK(rv->board()->scene().legal_cells.empty());
  // Play another placement than the record's first: a variation; at its next placement
  // decision the legal cells are there without hovering.
  const auto& opts = rv->doc()->game().pending().options;
  const std::string recorded = rv->doc()->replay().mainline.front().decision;
  const tw::Option* other = nullptr;
  for (const auto& o : opts)
    if (o.kind == tw::OptKind::Place && rv->doc()->game().to_string(o) != recorded) other = &o;
  REQUIRE(other);
  REQUIRE(rv->doc()->play(*other, rv->history()).empty());
  twe::test::pump();
  REQUIRE_FALSE(rv->doc()->position().steps.empty());
  // The follower step of the variation, then the next tile.
  while (rv->doc()->game().pending().kind != tw::DecisionKind::Place)
    REQUIRE(rv->doc()->play(rv->doc()->game().pending().options.front(), rv->history()).empty());
  twe::test::pump();
  const auto cells = rv->board()->scene().legal_cells;
  CHECK_FALSE(cells.empty());
  for (const auto& o : rv->doc()->game().pending().options)
    if (o.kind == tw::OptKind::Place)
      CHECK(std::find(cells.begin(), cells.end(), std::make_pair(static_cast<int>(o.x), static_cast<int>(o.y))) != cells.end());
  twe::test::screenshot(f.frame, "issue34-variation-legal");
}

TEST_CASE("issue 34.17: at 1024x700 Replays shows Keep, Discard and the graphs whole", "[review][ui][issue34]") {
  twe::test::FrameFixture f;
  f.frame->SetSize(1024, 700);
  twe::ReplayView* rv = f.frame->replays();
  const int64_t id = tw::replay::ReplayStore(*f.ctx().store).insert(i34_bot_game("base", "Ann, Ben", 6));
  f.frame->show_page(rv);
  rv->refresh_list();
  rv->open_replay(id);
  twe::test::pump();
  const wxRect view(wxPoint(0, 0), rv->GetClientSize());
  for (wxWindow* w : {static_cast<wxWindow*>(rv->keep_button()), static_cast<wxWindow*>(rv->discard_button()),
                      static_cast<wxWindow*>(rv->eval_graph())}) {
    INFO(wxString(w->GetClassInfo()->GetClassName()).ToStdString() << " at " << w->GetRect().x << "," << w->GetRect().y << " "
                                           << w->GetRect().width << "x" << w->GetRect().height);
    CHECK(view.Contains(w->GetRect()));
    CHECK(w->GetRect().width >= w->GetBestSize().x - 1);
  }
  twe::test::screenshot(f.frame, "issue34-replays-1024");
}
