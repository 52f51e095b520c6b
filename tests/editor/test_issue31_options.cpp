// Issue 31 in the editor: a click, a list entry, a take-back's redo apply the engine's
// option itself (never its text read back); the board's spots carry their option, verb
// and colour from Game::describe; the scenario keeps its decisions as options; the score
// box shows present/summary.h's lines.
#include <catch2/catch.hpp>

#include <wx/cmdproc.h>

#include <algorithm>

#include "board/board_canvas.h"
#include "board/board_model.h"
#include "board/option_map.h"
#include "engine/bots/bots.h"
#include "fixture.h"
#include "game_fixture.h"
#include "play/play_session.h"
#include "play/play_view.h"
#include "present/summary.h"
#include "replay/log.h"
#include "review/replay_doc.h"
#include "scenario/scenario_model.h"
#include "schema/store.h"

namespace {

using twe::test::content;
using twe::test::setup_of;

bool pending(const tw::Game& g, const tw::Option& o) {
  const auto& opts = g.pending().options;
  return std::find(opts.begin(), opts.end(), o) != opts.end();
}

}  // namespace

TEST_CASE("the options and spots of a session carry the engine's option and its fields", "[issue31][play]") {
  for (const char* rs : {"gcc", "mists"}) {
    twe::PlaySession s;
    REQUIRE(twe::PlaySession::start(content(), setup_of(rs, "Ann, Ben", 9), {}, s).empty());
    auto bot = tw::make_bot("random");
    tw::Rng rng(4);
    int spots_seen = 0;
    for (int ply = 0; ply < 60 && !s.finished(); ++ply) {
      const tw::Game& g = s.game();
      REQUIRE(s.options().size() == g.pending().options.size());
      for (size_t i = 0; i < s.options().size(); ++i) {
        const auto& info = s.options()[i];
        CHECK(info.option == g.pending().options[i]);
        CHECK(info.text == g.to_string(info.option));
        CHECK(info.colour == g.describe(info.option).colour);
      }
      for (const auto& sp : s.spots()) {
        ++spots_seen;
        REQUIRE(pending(g, sp.option));
        CHECK(sp.label == g.to_string(sp.option));
        CHECK(sp.verb == std::string(g.describe(sp.option).verb));
        CHECK(sp.colour == g.describe(sp.option).colour);
        CHECK(twe::spot_tag(sp) != "?");
      }
      // Applying an option records exactly that option.
      const tw::Option o = g.pending().options[bot->choose(g, rng)];
      const std::string text = g.to_string(o);
      REQUIRE(s.apply(o).empty());
      CHECK(s.log().decisions.back() == text);
    }
    CHECK(spots_seen > 0);
    // An option that is not pending is refused and changes nothing.
    if (!s.finished()) {
      const uint64_t before = s.game().state_hash();
      tw::Option bogus;
      bogus.kind = tw::OptKind::Place;
      bogus.x = 999;
      CHECK_FALSE(s.apply(bogus).empty());
      CHECK(s.game().state_hash() == before);
    }
  }
}

TEST_CASE("play view: a click applies the clicked option, undo and redo replay it", "[issue31][play][ui]") {
  twe::test::FrameFixture f;
  twe::PlayView* pv = f.frame->play();
  REQUIRE(pv);
  f.frame->show_page(pv);
  pv->set_bot_delay(100000);  // the bot waits: the position stays for the checks
  twe::test::pump();
  REQUIRE(pv->start_game(setup_of("gcc", "Ann, Ben", 21)).empty());
  twe::test::pump();
  twe::PlaySession* s = pv->session();
  REQUIRE(s->human_to_move());
  twe::BoardCanvas* board = pv->board();
  // A click on a legal cell: the placement option_for_cell names, applied as it is.
  const auto opts = s->options();
  const auto first = std::find_if(opts.begin(), opts.end(), [](const twe::OptionInfo& o) { return o.place; });
  REQUIRE(first != opts.end());
  const int i = s->option_for_cell(first->x, first->y);
  REQUIRE(i >= 0);
  const tw::Option placed = opts[static_cast<size_t>(i)].option;
  const std::string placed_text = s->game().to_string(placed);
  board->click_at(board->viewport().cell_centre(first->x, first->y));
  twe::test::pump();
  s = pv->session();
  REQUIRE(s->game().ply() == 1);
  CHECK(s->log().decisions[0] == placed_text);
  // A click on a follower spot: that spot's option.
  const auto spots = board->spots();
  REQUIRE_FALSE(spots.empty());
  const tw::Game& g = s->game();
  const auto& pt = g.placed()[static_cast<size_t>(g.tile_at(spots.front().x, spots.front().y))];
  const tw::Option spot_option = spots.front().option;
  const std::string spot_text = g.to_string(spot_option);
  board->click_at(twe::spot_point(board->viewport(), g.content().tiles[pt.type], pt.x, pt.y, pt.rot, spots.front().seg));
  twe::test::pump();
  s = pv->session();
  REQUIRE(s->game().ply() >= 2);
  CHECK(s->log().decisions[1] == spot_text);
  const uint64_t after = s->game().state_hash();
  const int ply = s->game().ply();
  // The board's score box shows the one summary's lines.
  {
    std::vector<std::string> lines;
    for (const auto& l : tw::state_summary(s->game(), tw::SummaryForm::ScoreBox)) lines.push_back(l.text);
    CHECK(twe::scene_of(s->game()).score_lines == lines);
  }
  // Undo takes the follower back; redo plays the same option again: the same state.
  pv->history().Undo();
  twe::test::pump();
  CHECK(pv->session()->game().ply() == 1);
  pv->history().Redo();
  twe::test::pump();
  CHECK(pv->session()->game().ply() == ply);
  CHECK(pv->session()->game().state_hash() == after);
  // An option of another decision is refused and changes nothing.
  CHECK_FALSE(pv->choose(placed).empty());
  CHECK(pv->session()->game().state_hash() == after);
  // A listed option's text is looked up among the options; other text is refused.
  CHECK_FALSE(pv->choose(std::string("place nonsense")).empty());
  CHECK(pv->session()->game().state_hash() == after);
}

TEST_CASE("scenario: decisions are kept as options, undoing a placement gives its tile back", "[issue31][scenario]") {
  twe::ScenarioModel m(content());
  REQUIRE(m.reset("base", "Ann, Ben", 5).empty());
  const std::string tile = m.selected();
  REQUIRE_FALSE(tile.empty());
  const int copies = m.copies_left(tile);
  const tw::Option place = m.game().pending().options.front();
  REQUIRE(place.kind == tw::OptKind::Place);
  const std::string text = m.game().to_string(place);
  REQUIRE(m.apply(place).empty());
  REQUIRE(m.decisions() == std::vector<std::string>{text});
  CHECK(m.draw() == std::vector<std::string>{tile});
  CHECK(m.copies_left(tile) == copies - 1);
  // The follower decision: an option of another decision is refused.
  CHECK_FALSE(m.apply(place).empty());
  const tw::Option pass = m.game().pending().options.back();
  REQUIRE(m.apply(pass).empty());
  CHECK(m.decisions().size() == 2);
  // The record replays to the same position (the options' text is canonical).
  tw::replay::Replay r;
  REQUIRE(m.to_replay(r).empty());
  CHECK(r.log.decisions == m.decisions());
  // Undo: the follower decision keeps the Draw; the placement gives its tile back.
  REQUIRE(m.undo());
  CHECK(m.draw().size() == 1);
  REQUIRE(m.undo());
  CHECK(m.draw().empty());
  CHECK(m.copies_left(tile) == copies);
}

TEST_CASE("review: playing an option that is not pending is refused", "[issue31][review]") {
  tw::replay::Recorder rec;
  REQUIRE_FALSE(tw::replay::Recorder::start(content(), setup_of("base", "Ann, Ben", 3), rec));
  auto bot = tw::make_bot("random");
  tw::Rng rng(1);
  for (int i = 0; i < 8; ++i) rec.apply_index(bot->choose(rec.game(), rng));
  std::shared_ptr<twe::ReplayDoc> d;
  REQUIRE(twe::ReplayDoc::open(content(), tw::replay::from_log(rec.take_log()), d).empty());
  wxCommandProcessor commands;
  d->go_ply(3);
  const tw::Game before = d->game();
  tw::Option bogus;
  bogus.kind = tw::OptKind::Place;
  bogus.x = 500;
  CHECK_FALSE(d->play(bogus, &commands).empty());
  CHECK_FALSE(commands.CanUndo());
  // Another pending option: a variation holding its canonical text.
  const std::string main4 = d->replay().mainline[3].decision;
  const auto opts = twe::classify(d->game());
  const auto other = std::find_if(opts.begin(), opts.end(), [&](const twe::OptionInfo& o) { return o.text != main4; });
  REQUIRE(other != opts.end());
  REQUIRE(d->play(other->option, &commands).empty());
  const auto* n = tw::replay::find_node(d->replay(), *tw::replay::NodePath::parse("4/0:1"));
  REQUIRE(n);
  CHECK(n->decision == other->text);
  REQUIRE(commands.Undo());
  CHECK(tw::replay::find_node(d->replay(), tw::replay::NodePath::main(4))->variations.empty());
}

TEST_CASE("a session rebuilds from the options it played: bot turns and rewinds carry options", "[issue31][play]") {
  twe::PlaySession probe;
  REQUIRE(twe::PlaySession::start(content(), setup_of("gcc", "bot:random, bot:greedy", 11), {}, probe).empty());
  const std::string opening = probe.options().front().text;
  // One opening decision given as text (a scenario's), then the bots play.
  twe::PlaySession s;
  REQUIRE(twe::PlaySession::start(content(), setup_of("gcc", "bot:random, bot:greedy", 11), {opening}, s).empty());
  REQUIRE(s.game().ply() == 1);
  std::vector<tw::Option> played{probe.options().front().option};
  for (int k = 0; k < 12 && !s.finished(); ++k) {
    const auto turn = s.bot_turn();
    REQUIRE(turn);
    // The turn carries the options played so far, not their text.
    CHECK(turn->decisions == played);
    const auto c = twe::PlaySession::think(*turn);
    REQUIRE(c.error.empty());
    REQUIRE(s.play_bot_choice(c).empty());
    played.push_back(c.option);
    CHECK(s.log().decisions.back() == c.text);
  }
  // Rewinding replays the kept options: the same state as when that ply was reached,
  // and the opening decision still counts as the scenario's.
  const std::vector<std::string> log = s.log().decisions;
  REQUIRE(s.rewind(5).empty());
  CHECK(s.game().ply() == 5);
  CHECK(s.prefix() == 1);
  CHECK(std::vector<std::string>(log.begin(), log.begin() + 5) == s.log().decisions);
  const auto turn = s.bot_turn();
  REQUIRE(turn);
  CHECK(turn->decisions == std::vector<tw::Option>(played.begin(), played.begin() + 5));
  // A text decision (a saved game's) is read by the replay layer and kept as its option.
  twe::PlaySession t;
  REQUIRE(twe::PlaySession::resume(content(), setup_of("gcc", "bot:random, bot:greedy", 11), log, {}, t).empty());
  CHECK(t.bot_turn()->decisions == played);
  CHECK_FALSE(t.apply(std::string("place nonsense")).empty());
}
