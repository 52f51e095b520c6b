// Scenarios: the model places chosen tiles (each a Draw entry), answers the other
// decisions, takes decisions back, writes a TGN record that replays to the same
// position, stores a replay; the view hands the position to the play view.
#include <catch2/catch.hpp>

#include "board/board_canvas.h"
#include "board/option_map.h"
#include "present/record.h"
#include "fixture.h"
#include "play/play_view.h"
#include "replay/replay_store.h"
#include "scenario/scenario_model.h"
#include "scenario/scenario_view.h"
#include "schema/store.h"

namespace {

const tw::Content& scenario_content() {
  static const tw::Content c = tw::Store::open(TW_TEST_DB, tw::Store::Mode::ReadOnly).load_content();
  return c;
}

// Places tile `id` at its first legal position (in option order) and passes.
void place_and_pass(twe::ScenarioModel& m, const std::string& id) {
  REQUIRE(m.select_tile(id).empty());
  REQUIRE(m.game().pending().kind == tw::DecisionKind::Place);
  const auto opts = twe::classify(m.game());
  REQUIRE_FALSE(opts.empty());
  CHECK(opts.front().tile == id);
  REQUIRE(m.apply(opts.front().text).empty());
  while (m.game().pending().kind != tw::DecisionKind::Place && !m.game().finished()) {
    const auto o = twe::classify(m.game());
    const int pass = twe::find_option(o, "pass");
    REQUIRE(m.apply(pass >= 0 ? "pass" : o.front().text).empty());
  }
}

}  // namespace

TEST_CASE("a scenario places chosen tiles and writes a record that replays to it", "[scenario]") {
  twe::ScenarioModel m(scenario_content());
  REQUIRE(m.reset("base", "Ann, bot:greedy", 77).empty());
  REQUIRE(m.ok());
  const int v_before = m.copies_left("V");
  place_and_pass(m, "V");
  place_and_pass(m, "V");
  place_and_pass(m, "E");
  CHECK(m.copies_left("V") == v_before - 2);
  CHECK(m.draw() == std::vector<std::string>{"V", "V", "E"});
  CHECK(m.game().placed().size() == 4);
  // Take the last turn back: the E and its pass.
  REQUIRE(m.undo());
  REQUIRE(m.undo());
  CHECK(m.draw() == std::vector<std::string>{"V", "V"});
  CHECK(m.game().placed().size() == 3);
  place_and_pass(m, "U");
  // The record: Draw tag and decisions replay to the same state.
  const tw::tgn::Record rec = m.to_record();
  REQUIRE(rec.tag("Draw"));
  CHECK(*rec.tag("Draw") == "V V U");
  // (The model's game has the selected tile as its next draw; the record's draws from the
  // seeded pile: compare the board and the scores.)
  auto same_position = [&](const tw::Game& g) {
    REQUIRE(g.placed().size() == m.game().placed().size());
    for (size_t i = 0; i < g.placed().size(); ++i) {
      CHECK(g.placed()[i].x == m.game().placed()[i].x);
      CHECK(g.placed()[i].y == m.game().placed()[i].y);
      CHECK(g.placed()[i].type == m.game().placed()[i].type);
      CHECK(g.placed()[i].rot == m.game().placed()[i].rot);
    }
    CHECK(g.ply() == m.game().ply());
    for (int p = 0; p < g.player_count(); ++p) CHECK(g.score(p) == m.game().score(p));
  };
  const tw::Replayed back = tw::replay_record(scenario_content(), rec);
  REQUIRE_FALSE(back.error);
  same_position(back.game);
  // Text round trip through the TGN writer and reader.
  const auto parsed = tw::tgn::parse(tw::tgn::write(rec));
  REQUIRE(parsed.record);
  same_position(tw::replay_record(scenario_content(), *parsed.record).game);
  // As a replay.
  tw::replay::Replay r;
  REQUIRE(m.to_replay(r).empty());
  CHECK(r.log.decisions == m.decisions());
  CHECK(r.log.header.draw == m.draw());
  // No copies left: refused.
  twe::ScenarioModel few(scenario_content());
  REQUIRE(few.reset("base", "Ann, Ben", 1).empty());
  int copies = few.copies_left("A");
  for (int i = 0; i < copies; ++i) place_and_pass(few, "A");
  CHECK_FALSE(few.select_tile("A").empty());
  CHECK(few.selected() != "A");  // the pile's next tile is selected instead
  CHECK_FALSE(few.selected().empty());
  CHECK_FALSE(m.reset("no-such-rules", "Ann", 1).empty());
}

TEST_CASE("scenario view: place on the board and play from here", "[scenario][ui]") {
  twe::test::FrameFixture f;
  twe::ScenarioView* sv = f.frame->scenarios();
  REQUIRE(sv);
  f.frame->show_page(sv);
  twe::test::pump();
  const std::string reset_error = sv->reset();
  INFO(reset_error);
  REQUIRE(reset_error.empty());
  twe::ScenarioModel& m = sv->model();
  REQUIRE(m.ok());
  // Three placements by clicking on the board, each followed by a pass from the model.
  for (int k = 0; k < 3; ++k) {
    const auto opts = twe::classify(m.game());
    REQUIRE(!opts.empty());
    const size_t before = m.decisions().size();
    sv->board()->click_at(sv->board()->viewport().cell_centre(opts.back().x, opts.back().y));
    twe::test::pump();
    REQUIRE(m.decisions().size() == before + 1);
    while (m.ok() && !m.game().finished() && m.game().pending().kind != tw::DecisionKind::Place) {
      const auto o = twe::classify(m.game());
      REQUIRE(m.apply(twe::find_option(o, "pass") >= 0 ? "pass" : o.front().text).empty());
    }
  }
  // Board decisions are undoable commands.
  {
    const size_t n = m.decisions().size();
    const auto opts = twe::classify(m.game());
    sv->board()->click_at(sv->board()->viewport().cell_centre(opts.front().x, opts.front().y));
    REQUIRE(m.decisions().size() == n + 1);
    REQUIRE(sv->history().Undo());
    CHECK(m.decisions().size() == n);
    REQUIRE(sv->history().Redo());
    CHECK(m.decisions().size() == n + 1);
    REQUIRE(sv->history().Undo());
  }
  sv->refresh();
  twe::test::pump();
  INFO("selected " << m.selected());
  CHECK(m.pool_tile(m.selected()) != nullptr);
  twe::test::screenshot(f.frame, "scenario");
  const int64_t id = sv->save_replay();
  CHECK(id > 0);
  const size_t placed = m.game().placed().size();
  f.frame->play()->set_bot_delay(100000);  // the bots wait: the position stays as it is
  REQUIRE(sv->play_from_here().empty());
  twe::test::pump();
  twe::PlaySession* s = f.frame->play()->session();
  REQUIRE(s);
  CHECK(s->game().placed().size() == placed);
  CHECK(s->log().decisions == m.decisions());
  // The play view continues with a draw from the seeded pile; up to the draw it is the same state.
  CHECK(s->game().ply() == m.game().ply());
  twe::test::screenshot(f.frame, "scenario-play");
}
