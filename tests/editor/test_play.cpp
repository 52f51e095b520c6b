// Play: the session model without a window (bots, clicks mapped to options, rotation,
// determinism, the recorded replay), and the play view in the main frame under Xvfb
// (a human clicking on the board, bots moving on their timer, the finished game stored
// as a replay, screenshots).
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

#include "board/board_canvas.h"
#include "fixture.h"
#include "game_fixture.h"
#include "engine/bots/bots.h"
#include "play/new_game_dialog.h"
#include "play/play_session.h"
#include "play/play_view.h"
#include "replay/player.h"
#include "replay/replay_store.h"
#include "schema/store.h"

namespace {

using twe::test::content;
using twe::test::setup_of;

// The frame's play view, shown, with bots that move at once.
twe::PlayView* shown_play_view(twe::test::FrameFixture& f) {
  twe::PlayView* pv = f.frame->play();
  REQUIRE(pv);
  f.frame->show_page(pv);
  pv->set_bot_delay(1);
  twe::test::pump();
  return pv;
}

// Plays a session to its end with its bots; returns the decisions.
std::vector<std::string> play_out(twe::PlaySession& s) {
  while (!s.finished()) {
    REQUIRE(s.bot_to_move());
    REQUIRE_FALSE(s.bot_step().empty());
  }
  return s.log().decisions;
}

}  // namespace

TEST_CASE("a bots-only session plays gcc to the end and records a replay that replays", "[play]") {
  twe::PlaySession s;
  REQUIRE(twe::PlaySession::start(content(), setup_of("gcc", "bot:greedy, bot:random", 5), {}, s).empty());
  CHECK_FALSE(s.human_to_move());
  const auto decisions = play_out(s);
  CHECK(s.finished());
  CHECK(static_cast<int>(decisions.size()) == s.game().ply());
  const tw::replay::Replay r = s.to_replay();
  CHECK(r.log.finished);
  REQUIRE(r.log.tag("Result"));
  CHECK(r.log.tag("Result")->find("bot:greedy") != std::string::npos);
  tw::replay::Player p;
  REQUIRE(tw::replay::Player::open(content(), r.log, p).empty());
  p.seek(p.plies());
  CHECK(p.game().state_hash() == s.game().state_hash());
  CHECK_FALSE(s.event_log().empty());

  // Same setup, same seed: the same game.
  twe::PlaySession again;
  REQUIRE(twe::PlaySession::start(content(), setup_of("gcc", "bot:greedy, bot:random", 5), {}, again).empty());
  CHECK(play_out(again) == decisions);
}

TEST_CASE("a human's clicks map onto the pending options", "[play]") {
  twe::PlaySession s;
  REQUIRE(twe::PlaySession::start(content(), setup_of("base", "Ann, bot:greedy", 3), {}, s).empty());
  REQUIRE(s.human_to_move());
  REQUIRE(s.drawn_tile());
  CHECK(s.option_for_cell(0, 0) == -1);  // the start tile's cell
  // A legal cell: the click places in the chosen rotation, or the next one that fits.
  const auto& opts = s.options();
  const auto first = std::find_if(opts.begin(), opts.end(), [](const twe::OptionInfo& o) { return o.place; });
  REQUIRE(first != opts.end());
  const int x = first->x, y = first->y;
  const auto rots = twe::legal_rotations(opts, x, y);
  s.set_rotation(rots.front());
  int i = s.option_for_cell(x, y);
  REQUIRE(i >= 0);
  CHECK(opts[static_cast<size_t>(i)].rot == rots.front());
  // Rotating at that cell walks through the rotations that fit there only.
  s.rotate(1, std::make_pair(x, y));
  CHECK(std::find(rots.begin(), rots.end(), s.rotation()) != rots.end());
  if (rots.size() > 1) CHECK(s.rotation() != rots.front());
  s.rotate(-1, std::make_pair(x, y));
  CHECK(s.rotation() == rots.front());
  // Away from a legal cell the rotation just turns.
  s.set_rotation(3);
  s.rotate(1);
  CHECK(s.rotation() == 0);
  s.set_rotation(rots.front());
  i = s.option_for_cell(x, y);
  const std::string placed = s.options()[static_cast<size_t>(i)].text;
  REQUIRE(s.apply(placed).empty());
  // The follower step: spots on the new tile, pass in the list.
  REQUIRE(s.human_to_move());
  REQUIRE(s.game().pending().kind == tw::DecisionKind::Follower);
  const auto spots = s.spots();
  CHECK_FALSE(spots.empty());
  for (const auto& sp : spots) CHECK((sp.x == x && sp.y == y));
  const auto list = s.list_options();
  REQUIRE(list.size() == 1);
  CHECK(s.options()[static_cast<size_t>(list[0])].text == "pass");
  // An illegal option is refused and changes nothing.
  const int ply = s.game().ply();
  CHECK_FALSE(s.apply("place A 9,9 r0").empty());
  CHECK(s.game().ply() == ply);
  REQUIRE(s.apply(spots.front().label).empty());
  CHECK(s.bot_to_move());
  CHECK(s.log().decisions.size() == 2);
  CHECK(s.log().decisions[0] == placed);
  CHECK(s.log().decisions[1] == spots.front().label);
}

TEST_CASE("a session starts after a scenario's opening decisions", "[play]") {
  twe::PlaySession probe;
  REQUIRE(twe::PlaySession::start(content(), setup_of("base", "Ann, Ben", 9), {}, probe).empty());
  const std::string place = probe.options().front().text;
  twe::PlaySession s;
  REQUIRE(twe::PlaySession::start(content(), setup_of("base", "Ann, Ben", 9), {place, "pass"}, s).empty());
  CHECK(s.game().ply() == 2);
  CHECK(s.game().placed().size() == 2);
  twe::PlaySession bad;
  CHECK_FALSE(twe::PlaySession::start(content(), setup_of("base", "Ann, Ben", 9), {"pass"}, bad).empty());
}

TEST_CASE("co-op levels play through the generic option mapping", "[play][coop]") {
  if (content().levels.empty()) return;  // no levels in this database
  const tw::Level& level = content().levels.front();
  twe::PlaySession s;
  const std::string err =
      twe::PlaySession::start(content(), setup_of(level.rule_set, "bot:coop, bot:coop", 4, level.id), {}, s);
  REQUIRE(err.empty());
  int guard = 0;
  std::set<std::string> verbs;
  while (!s.finished() && guard++ < 5000) {
    const auto spots = s.spots();
    for (const auto& o : s.options()) {
      verbs.insert(o.verb);
      // Every option naming a cell is a placement or a spot on the board.
      if (o.has_cell && !o.place)
        CHECK(std::any_of(spots.begin(), spots.end(), [&](const twe::SceneSpot& sp) { return sp.label == o.text; }));
    }
    s.bot_step();
  }
  CHECK(s.finished());
  CHECK(verbs.count("place"));
  const auto r = s.to_replay();
  CHECK(r.log.header.level == level.id);
}

TEST_CASE("play view: a human clicks on the board, the bot answers, the game is stored", "[play][ui]") {
  twe::test::FrameFixture f;
  twe::PlayView* pv = shown_play_view(f);
  REQUIRE(pv->start_game(setup_of("gcc", "Ann, bot:greedy", 21)).empty());
  twe::test::pump();
  twe::PlaySession* s = pv->session();
  REQUIRE(s);
  REQUIRE(s->human_to_move());
  twe::BoardCanvas* board = pv->board();
  // Hover over a legal cell for the screenshot, then click it.
  const auto& opts = s->options();
  const auto first = std::find_if(opts.begin(), opts.end(), [](const twe::OptionInfo& o) { return o.place; });
  REQUIRE(first != opts.end());
  const int fx = first->x, fy = first->y;  // options() changes with every decision
  const wxPoint at = board->viewport().cell_centre(fx, fy);
  twe::test::screenshot(f.frame, "play-start");
  board->click_at(at);
  twe::test::pump();
  REQUIRE(s->game().ply() == 1);
  REQUIRE(s->game().tile_at(fx, fy) >= 0);
  // The follower step: click the first spot on the board.
  REQUIRE(s->game().pending().kind == tw::DecisionKind::Follower);
  const auto spots = board->spots();
  REQUIRE_FALSE(spots.empty());
  twe::test::screenshot(f.frame, "play-follower");
  const tw::Game& g = s->game();
  const auto& pt = g.placed()[static_cast<size_t>(g.tile_at(spots.front().x, spots.front().y))];
  board->click_at(twe::spot_point(board->viewport(), g.content().tiles[pt.type], pt.x, pt.y, pt.rot, spots.front().seg));
  twe::test::pump();
  REQUIRE(s->game().ply() >= 2);
  // The bot moves on its timer; then it is Ann's turn again.
  REQUIRE(twe::test::pump_until([&] { return s->human_to_move() || s->finished(); }, 20000));
  CHECK(s->game().ply() >= 3);
  // Play the rest through the option list's choice (first option each time).
  int guard = 0;
  while (!s->finished() && guard++ < 2000) {
    if (s->human_to_move()) {
      const auto list = s->list_options();
      const std::string choice = !list.empty() ? s->options()[static_cast<size_t>(list[0])].text : s->options().front().text;
      REQUIRE(pv->choose(choice).empty());
      if (guard == 40) twe::test::screenshot(f.frame, "play-midgame");
    }
    twe::test::pump_until([&] { return s->human_to_move() || s->finished(); }, 20000);
  }
  REQUIRE(s->finished());
  twe::test::pump();
  twe::test::screenshot(f.frame, "play-finished");
  REQUIRE(pv->saved_replay() > 0);
  tw::replay::ReplayStore rs(*f.ctx().store);
  const auto r = rs.load(pv->saved_replay());
  CHECK(r.log.decisions == s->log().decisions);
  CHECK(r.log.finished);
}

TEST_CASE("play view: every co-op decision can be made on the board or from the list", "[play][ui][coop]") {
  twe::test::FrameFixture f;
  if (f.ctx().content.levels.empty()) return;
  twe::PlayView* pv = f.frame->play();
  f.frame->show_page(pv);
  pv->set_bot_delay(1);
  const tw::Level* level = f.ctx().content.find_level("mists-5");
  if (!level) level = &f.ctx().content.levels.back();
  REQUIRE(pv->start_game(setup_of(level->rule_set, "Ann, bot:coop", 3, level->id)).empty());
  twe::PlaySession* s = pv->session();
  twe::BoardCanvas* board = pv->board();
  tw::Rng pick(99);
  std::set<std::string> by_click;
  int guard = 0;
  bool shot = false;
  while (!s->finished() && guard++ < 600) {
    REQUIRE(twe::test::pump_until([&] { return s->human_to_move() || s->finished(); }, 20000));
    if (s->finished()) break;
    const auto opts = s->options();  // a copy: options() changes with the decision
    const twe::OptionInfo o = opts[pick.next() % opts.size()];
    const int ply = s->game().ply();
    if (o.place) {
      s->set_rotation(o.rot);
      board->click_at(board->viewport().cell_centre(o.x, o.y));
      by_click.insert(o.verb);
    } else if (o.has_cell && o.seg >= 0) {
      // Click the option's ring where it is drawn (rings that would overlap are moved aside).
      const auto spots = board->spots();
      const auto at = std::find_if(spots.begin(), spots.end(), [&](const twe::SceneSpot& sp) { return sp.label == o.text; });
      REQUIRE(at != spots.end());
      const auto places = twe::spot_layout(s->game(), board->viewport(), spots);
      board->click_at(places[static_cast<size_t>(at - spots.begin())].p);
      by_click.insert(o.verb);
    } else if (o.has_cell && s->option_for_cell(o.x, o.y) >= 0) {
      board->click_at(board->viewport().cell_centre(o.x, o.y));
      by_click.insert(o.verb);
    } else {
      REQUIRE(pv->choose(o.text).empty());
    }
    twe::test::pump(1);
    REQUIRE(s->game().ply() > ply);
    // The click made exactly the decision chosen (every option has a ring of its own).
    CHECK(s->log().decisions[static_cast<size_t>(ply)] == o.text);
    if (!shot && s->game().ply() > 16 && s->human_to_move()) {
      twe::test::pump();
      twe::test::screenshot(f.frame, "play-coop");
      shot = true;
    }
  }
  twe::test::pump();
  twe::test::screenshot(f.frame, "play-coop-end");
  INFO("plies " << s->game().ply() << ", " << s->game().end_reason());
  CHECK(by_click.count("place"));
  CHECK(s->log().header.level == level->id);
}

TEST_CASE("new game dialog: seats by strength (easy greedy, medium mcts:200, hard mcts) round trip", "[play][ui]") {
  twe::test::FrameFixture f;
  // Every strength seats its bot; a bot the list does not name stays as it was.
  const tw::GameSetup initial = setup_of("gcc", "Ann, bot:greedy, bot:mcts:200, bot:mcts, bot:mcts:50", 9);
  twe::NewGameDialog dlg(f.frame, content(), initial);
  const tw::GameSetup s = dlg.setup();
  REQUIRE(s.players.size() == initial.players.size());
  for (size_t i = 0; i < s.players.size(); ++i) {
    CHECK(s.players[i].bot == initial.players[i].bot);
    CHECK(s.players[i].name == initial.players[i].name);
  }
  CHECK(s.rule_set == "gcc");
  CHECK(s.seed == 9);
  CHECK(dlg.seat_choice(1)->GetStringSelection() == "bot: easy (greedy)");
  CHECK(dlg.seat_choice(2)->GetStringSelection() == "bot: medium (mcts:200)");
  CHECK(dlg.seat_choice(3)->GetStringSelection() == "bot: hard (mcts)");
  CHECK(dlg.seat_choice(4)->GetStringSelection() == "bot: mcts:50");
  // Choosing "hard" on an empty seat seats bot:mcts; every offered bot exists.
  dlg.seat_choice(5)->SetStringSelection("bot: hard (mcts)");
  const tw::GameSetup t = dlg.setup();
  REQUIRE(t.players.size() == 6);
  CHECK(t.players[5].bot == "mcts");
  CHECK(t.players[5].name == "bot:mcts");
  for (const auto& seat : twe::NewGameDialog::seats())
    if (*seat.bot) CHECK(tw::make_bot(seat.bot));
  dlg.Show();
  twe::test::pump();
  twe::test::screenshot(&dlg, "new-game-strengths");
  dlg.Hide();
}

TEST_CASE("play view: Hint names and selects what the search bot would play, the same for the same position",
          "[play][ui][issue13]") {
  twe::test::FrameFixture f;
  twe::PlayView* pv = shown_play_view(f);
  // No game: nothing to hint.
  CHECK_FALSE(pv->request_hint().empty());
  CHECK_FALSE(pv->hint_thinking());
  REQUIRE(pv->start_game(setup_of("gcc", "Ann, bot:greedy", 21)).empty());
  twe::test::pump();
  twe::PlaySession* s = pv->session();
  REQUIRE(s);
  REQUIRE(s->human_to_move());
  CHECK(pv->hint_button()->IsEnabled());
  // The hint thinks on a worker: the button is disabled meanwhile, a second request is
  // refused, and the answer comes through the event loop.
  REQUIRE(pv->request_hint().empty());
  CHECK(pv->hint_thinking());
  CHECK_FALSE(pv->hint_button()->IsEnabled());
  CHECK_FALSE(pv->request_hint().empty());
  REQUIRE(twe::test::pump_until([&] { return !pv->hint_thinking(); }, 60000));
  const std::string first = pv->last_hint();
  REQUIRE_FALSE(first.empty());
  CHECK(pv->hint_button()->IsEnabled());
  // A legal option, selected in the list and named in the status line.
  std::string parse_why;
  CHECK(s->game().parse_option(first, &parse_why));
  CHECK(pv->selected_option().ToStdString(wxConvUTF8) == first);
  // Named in the status bar (issue 34.9: not in the side panel, which it pushed down).
  CHECK(f.frame->GetStatusBar()->GetStatusText(0).ToStdString(wxConvUTF8).find("Hint (mcts:200): " + first) !=
        std::string::npos);
  twe::test::screenshot(f.frame, "play-hint");
  // The same answer as the session's own hint, thought on this thread.
  auto turn = s->hint_turn(twe::PlayView::kHintBot);
  REQUIRE(turn);
  const twe::PlaySession::BotChoice direct = twe::PlaySession::think(*turn);
  CHECK(direct.error.empty());
  CHECK(direct.text == first);
  // Deterministic: the same position gives the same hint; playing it is legal.
  REQUIRE(pv->request_hint().empty());
  REQUIRE(twe::test::pump_until([&] { return !pv->hint_thinking(); }, 60000));
  CHECK(pv->last_hint() == first);
  REQUIRE(pv->choose(first).empty());
  twe::test::pump();
  CHECK(s->game().ply() >= 1);

  // A hint that arrives after the position changed is dropped: ask, then play at once.
  twe::test::pump_until([&] { return s->human_to_move(); }, 20000);
  REQUIRE(s->human_to_move());
  const std::string before = pv->last_hint();
  REQUIRE(pv->request_hint().empty());
  const std::string move = s->options().front().text;
  REQUIRE(pv->choose(move).empty());
  REQUIRE(twe::test::pump_until([&] { return !pv->hint_thinking(); }, 60000));
  CHECK(pv->last_hint() == before);
}

TEST_CASE("play view: a bot thinks on a worker thread, the game is the one bot_step plays, a stale answer is dropped",
          "[play][ui][issue13]") {
  twe::test::FrameFixture f;
  twe::PlayView* pv = shown_play_view(f);

  // A search bot with a budget that takes a while: the event loop runs while it thinks
  // (bot_thinking() is seen from the loop, the game still at ply 0).
  REQUIRE(pv->start_game(setup_of("gcc", "bot:mcts:4000, Ann", 11)).empty());
  REQUIRE(twe::test::pump_until([&] { return pv->bot_thinking(); }, 20000));
  CHECK(pv->session()->game().ply() == 0);
  CHECK(pv->status_text().Contains(L"thinking"));
  CHECK_FALSE(pv->hint_button()->IsEnabled());
  // A new game while it thinks: its answer arrives for a game that is gone and is dropped.
  REQUIRE(pv->start_game(setup_of("gcc", "Ann, bot:greedy", 12)).empty());
  REQUIRE(twe::test::pump_until([&] { return !pv->bot_thinking(); }, 60000));
  twe::test::pump();
  CHECK(pv->session()->game().ply() == 0);
  CHECK(pv->session()->human_to_move());

  // Bots only, each decision thought on the worker: the same game as the session's own
  // bot_step() plays (same choices, same generator draws).
  const tw::GameSetup bots = setup_of("base", "bot:mcts:40, bot:greedy", 21);
  REQUIRE(pv->start_game(bots).empty());
  REQUIRE(twe::test::pump_until([&] { return pv->session()->game().ply() >= 24; }, 120000));
  const std::vector<std::string> viewed(pv->session()->log().decisions.begin(),
                                        pv->session()->log().decisions.begin() + 24);
  pv->start_game(setup_of("base", "Ann, Ben", 1));  // stops the bots
  twe::test::pump_until([&] { return !pv->bot_thinking(); }, 60000);

  twe::PlaySession s;
  REQUIRE(twe::PlaySession::start(content(), bots, {}, s).empty());
  while (s.game().ply() < 24) REQUIRE_FALSE(s.bot_step().empty());
  CHECK(viewed == s.log().decisions);
  twe::PlaySession w;
  REQUIRE(twe::PlaySession::start(content(), bots, {}, w).empty());
  while (w.game().ply() < 24) {
    auto turn = w.bot_turn();
    REQUIRE(turn);
    const auto c = twe::PlaySession::think(*turn);
    REQUIRE(c.error.empty());
    REQUIRE(w.play_bot_choice(c).empty());
    CHECK_FALSE(w.play_bot_choice(c).empty());  // played once: the game moved on
  }
  CHECK(w.log().decisions == s.log().decisions);
  CHECK(w.draws_at() == s.draws_at());
}
