// Issue 34, items 9, 10 and 12 in Play: the hint is drawn on the board (a ghost of the
// tile, a ring on the follower's segment) and leaves the side panel as it was; a click
// that chooses nothing says why, and the message goes when a decision is made; Take
// back names whose move it takes back; a resumed game is shown and said.
#include <catch2/catch.hpp>

#include <wx/aui/auibook.h>
#include <wx/statusbr.h>

#include "board/board_canvas.h"
#include "fixture.h"
#include "game_fixture.h"
#include "play/play_session.h"
#include "play/play_view.h"
#include "play/new_game_dialog.h"
#include "engine/bots/bots.h"

namespace {

using twe::test::setup_of;

twe::PlayView* i34_play_view(twe::test::FrameFixture& f) {
  twe::PlayView* pv = f.frame->play();
  REQUIRE(pv);
  f.frame->show_page(pv);
  pv->set_bot_delay(1);
  twe::test::pump();
  return pv;
}

wxString i34_status(twe::test::FrameFixture& f) { return f.frame->GetStatusBar()->GetStatusText(0); }

}  // namespace

TEST_CASE("issue 34.9: Hint draws the suggested move on the board and leaves the panel's layout alone",
          "[play][ui][issue34]") {
  twe::test::FrameFixture f;
  twe::PlayView* pv = i34_play_view(f);
  REQUIRE(pv->start_game(setup_of("gcc", "Ann, bot:greedy", 21)).empty());
  twe::test::pump();
  twe::PlaySession* s = pv->session();
  REQUIRE(s->human_to_move());
  const wxString status_before = pv->status_text();
  const wxPoint log_before = pv->event_log()->GetPosition();
  CHECK_FALSE(pv->board()->scene().hint);
  REQUIRE(pv->request_hint().empty());
  REQUIRE(twe::test::pump_until([&] { return !pv->hint_thinking(); }, 60000));
  twe::test::pump();
  REQUIRE_FALSE(pv->last_hint().empty());
  // On the board: a ghost of the drawn tile where the hint places it.
  const auto hint = pv->board()->scene().hint;
  REQUIRE(hint);
  CHECK(hint->text == "hint");
  REQUIRE(hint->tile);
  const tw::Option* placed = nullptr;
  for (const auto& o : s->options())
    if (o.text == pv->last_hint()) placed = &o.option;
  REQUIRE(placed);
  CHECK(hint->tile->x == placed->x);
  CHECK(hint->tile->y == placed->y);
  CHECK(hint->tile->rot == placed->rot);
  CHECK(pv->board()->cell_visible(placed->x, placed->y));
  // The side panel did not grow: the status line and the event log stay where they were.
  CHECK(pv->status_text() == status_before);
  CHECK(pv->event_log()->GetPosition() == log_before);
  twe::test::screenshot(f.frame, "issue34-play-hint");
  // Played, the hint is gone.
  REQUIRE(pv->choose(pv->last_hint()).empty());
  twe::test::pump();
  CHECK_FALSE(pv->board()->scene().hint);
}

TEST_CASE("issue 34.10: a click that places nothing says why, the next decision clears it", "[play][ui][issue34]") {
  twe::test::FrameFixture f;
  twe::PlayView* pv = i34_play_view(f);
  REQUIRE(pv->start_game(setup_of("base", "Ann, bot:greedy", 5)).empty());
  twe::test::pump();
  twe::PlaySession* s = pv->session();
  REQUIRE(s->human_to_move());
  REQUIRE(s->game().pending().kind == tw::DecisionKind::Place);
  const int ply = s->game().ply();
  // Far from the board: nothing placed, and the status bar says why.
  const wxRect far = pv->board()->viewport().cell_rect(9, 9);
  pv->board()->click_at(far.GetPosition() + wxPoint(far.width / 2, far.height / 2));
  twe::test::pump();
  CHECK(s->game().ply() == ply);
  CHECK(i34_status(f).Contains("does not fit here"));
  CHECK(i34_status(f).Contains("next to a placed one"));
  // On the start tile: taken.
  const wxRect start = pv->board()->viewport().cell_rect(0, 0);
  pv->board()->click_at(start.GetPosition() + wxPoint(start.width / 2, start.height / 2));
  CHECK(i34_status(f).Contains("taken"));
  // Next to the board where no rotation fits (when there is such a cell): why too.
  const tw::Game& g = s->game();
  for (int x = -1; x <= 1; ++x)
    for (int y = -1; y <= 1; ++y) {
      if (g.tile_at(x, y) >= 0 || (x != 0 && y != 0)) continue;
      bool fits = false;
      for (const auto& o : s->options()) fits |= o.place && o.x == x && o.y == y;
      if (!fits) CHECK(pv->why_not_here(x, y).find("edges match") != std::string::npos);
    }
  // A legal decision clears the error.
  REQUIRE(pv->choose(s->options().front().option).empty());
  twe::test::pump();
  CHECK_FALSE(i34_status(f).Contains("does not fit"));
  CHECK_FALSE(i34_status(f).Contains("taken"));
}

TEST_CASE("issue 34.12: hotseat Take back names whose move it takes back, a resumed game is shown and said",
          "[play][ui][issue34]") {
  twe::test::FrameFixture f;
  twe::PlayView* pv = i34_play_view(f);
  REQUIRE(pv->start_game(setup_of("base", "Ann, Ben", 5)).empty());
  twe::test::pump();
  twe::PlaySession* s = pv->session();
  // Ann places and decides on her follower; it is Ben's turn.
  while (s->game().pending().player == 0) REQUIRE(pv->choose(s->options().front().option).empty());
  twe::test::pump();
  REQUIRE(s->game().pending().player == 1);
  REQUIRE(pv->take_back().empty());
  twe::test::pump();
  CHECK(s->game().pending().player == 0);
  CHECK(i34_status(f).Contains("Ann's"));
  CHECK(i34_status(f).Contains("Ann to move"));
  CHECK(pv->status_text().Contains("Took back Ann's"));
  CHECK(pv->history().GetCurrentCommand()->GetName().Contains("Ann's"));
  twe::test::screenshot(f.frame, "issue34-play-takeback");
  // Ann decides again: the note goes.
  REQUIRE(pv->choose(s->options().front().option).empty());
  twe::test::pump();
  CHECK_FALSE(pv->status_text().Contains("Took back"));

  // Quit and start again: the editor shows Play and says that the game was resumed.
  twe::test::menu(f.frame, wxID_EXIT);
  twe::test::pump();
  f.frame = new twe::MainFrame(f.db_path, f.config.get());
  f.frame->SetSize(1280, 800);
  f.frame->Show();
  twe::test::pump();
  REQUIRE(f.frame->play()->session());
  CHECK(f.frame->notebook()->GetCurrentPage() == f.frame->play());
  CHECK(i34_status(f).Contains("Resumed the unfinished game"));
  CHECK(i34_status(f).Contains("Ann, Ben"));
}

TEST_CASE("issue 34.13: events name a seat called You in the second person, status errors clear", "[play][ui][issue34]") {
  // A gcc game with a seat named You: every event line reads "your follower", "You score",
  // never "You's" or "You scores".
  twe::PlaySession s;
  REQUIRE(twe::PlaySession::start(twe::test::content(), setup_of("gcc", "You, bot:greedy", 7), {}, s).empty());
  auto you = tw::make_bot("greedy");
  tw::Rng rng(7);
  int yours = 0;
  std::vector<std::string> lines;
  while (!s.finished()) {
    if (s.human_to_move()) {
      REQUIRE(s.apply(s.game().pending().options[you->choose(s.game(), rng)]).empty());
    } else {
      REQUIRE_FALSE(s.bot_step().empty());
    }
  }
  for (const auto& l : s.event_log()) {
    INFO(l);
    CHECK(l.find("You's") == std::string::npos);
    CHECK(l.find("You scores") == std::string::npos);
    CHECK(l.find("You loses") == std::string::npos);
    CHECK(l.find("You takes") == std::string::npos);
    yours += l.find("your follower") != std::string::npos || l.find("Your follower") != std::string::npos ||
             l.find("You score ") != std::string::npos;
  }
  CHECK(yours > 0);

  // A status-bar error goes when another page is shown.
  twe::test::FrameFixture f;
  twe::PlayView* pv = i34_play_view(f);
  REQUIRE(pv->start_game(setup_of("base", "Ann, bot:greedy", 5)).empty());
  twe::test::pump();
  const wxRect far = pv->board()->viewport().cell_rect(9, 9);
  pv->board()->click_at(far.GetPosition() + wxPoint(far.width / 2, far.height / 2));
  CHECK(i34_status(f).Contains("does not fit"));
  f.frame->show_page(f.frame->replays());
  twe::test::pump();
  CHECK_FALSE(i34_status(f).Contains("does not fit"));
}

TEST_CASE("issue 34.11: a human seat's name is a hint, not text, the co-op bot only for a co-op game",
          "[play][ui][issue34]") {
  twe::test::FrameFixture f;
  twe::NewGameDialog dlg(f.frame, twe::test::content(), setup_of("gcc", "Ann, bot:greedy", 3));
  dlg.Show();
  twe::test::pump();
  // Seat 2 from bot to human: the field is empty with "Player 2" as its hint, so typing
  // gives "Ben", not "Player 2Ben"; left empty, the seat is called Player 2.
  twe::test::set_choice(dlg.seat_choice(1), 1);
  CHECK(dlg.name_field(1)->IsEnabled());
  CHECK(dlg.name_field(1)->GetValue().empty());
  CHECK(dlg.name_field(1)->GetHint() == "Player 2");
  CHECK(dlg.setup().players[1].name == "Player 2");
  dlg.name_field(1)->WriteText("Ben");
  CHECK(dlg.setup().players[1].name == "Ben");
  // Empty rows are empty too (no "Player 3" text waiting to be typed after).
  CHECK(dlg.name_field(2)->GetValue().empty());
  // A competitive game does not offer the co-op bot; a co-op level does.
  CHECK_FALSE(dlg.coop_game());
  CHECK(dlg.seat_choice(1)->FindString("bot: co-op (coop)") == wxNOT_FOUND);
  int level = -1;
  for (unsigned i = 0; i < dlg.game_choice()->GetCount(); ++i)
    if (dlg.game_choice()->GetString(i).StartsWith("co-op ")) level = static_cast<int>(i);
  REQUIRE(level >= 0);
  twe::test::set_choice(dlg.game_choice(), level);
  CHECK(dlg.coop_game());
  CHECK(dlg.seat_choice(1)->FindString("bot: co-op (coop)") != wxNOT_FOUND);
  dlg.seat_choice(1)->SetStringSelection("bot: co-op (coop)");
  CHECK(dlg.setup().players[1].bot == "coop");
  // Back to gcc: the seat that had the co-op bot gets the easy one.
  twe::test::set_choice(dlg.game_choice(), 0);
  CHECK(dlg.seat_choice(1)->FindString("bot: co-op (coop)") == wxNOT_FOUND);
  CHECK(dlg.setup().players[1].bot == "greedy");
  CHECK_FALSE(dlg.name_field(1)->IsEnabled());
  twe::test::screenshot(&dlg, "issue34-new-game");
  dlg.Hide();
}

TEST_CASE("issue 34.17: Play refits the board when the window shrinks to 1024x700", "[play][ui][issue34]") {
  twe::test::FrameFixture f;
  f.frame->SetSize(1600, 1000);
  twe::PlayView* pv = i34_play_view(f);
  REQUIRE(pv->start_game(setup_of("base", "bot:greedy, bot:greedy", 5)).empty());
  REQUIRE(twe::test::pump_until([&] { return pv->session()->game().ply() >= 30; }));
  pv->set_bot_delay(100000);  // hold still
  twe::test::pump();
  pv->board()->fit();
  twe::test::pump();
  const tw::Game& g = pv->session()->game();
  for (const auto& p : g.placed()) REQUIRE(pv->board()->cell_visible(p.x, p.y));
  f.frame->SetSize(1024, 700);
  twe::test::pump();
  twe::test::run_loop_for(200);
  // Every tile still in view (the board was whole before: it is fitted again).
  for (const auto& p : g.placed()) CHECK(pv->board()->cell_visible(p.x, p.y));
  twe::test::screenshot(f.frame, "issue34-play-1024");
}
