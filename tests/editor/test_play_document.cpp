// Issue 18, items 2, 3 and 7: the game in Play is a document. Its undo history is its own
// (a take-back never undoes design work in another tab, and the Edit menu names the step
// of the document in front), a take-back goes back one human step or to any ply with the
// bots answering as before, the game is saved after every decision and resumed when the
// editor opens again, replacing an unfinished game asks first, and the board has the
// keyboard focus as soon as a game starts.
#include <catch2/catch.hpp>

#include <wx/menu.h>
#include <wx/textctrl.h>

#include <algorithm>

#include "board/board_canvas.h"
#include "fixture.h"
#include "play/play_session.h"
#include "play/play_view.h"
#include "replay/replay_store.h"
#include "scenario/scenario_view.h"
#include "views/rules_view.h"

namespace {

tw::GameSetup document_setup_of(const std::string& rule_set, const std::string& players, uint64_t seed) {
  tw::GameSetup s;
  s.rule_set = rule_set;
  s.players = tw::parse_players(players);
  s.seed = seed;
  return s;
}

// The human (seat 0) plays the first option of each decision until `human_moves`
// decisions are made; the bot answers on its timer.
void play_human_moves(twe::PlayView* pv, int human_moves) {
  twe::PlaySession* s = pv->session();
  for (int i = 0; i < human_moves && !s->finished(); ++i) {
    REQUIRE(twe::test::pump_until([&] { return s->human_to_move() || s->finished(); }, 20000));
    if (s->finished()) break;
    const auto list = s->list_options();
    const std::string choice =
        !list.empty() ? s->options()[static_cast<size_t>(list[0])].text : s->options().front().text;
    REQUIRE(pv->choose(choice).empty());
    s = pv->session();
  }
  REQUIRE(twe::test::pump_until([&] { return pv->session()->human_to_move() || pv->session()->finished(); }, 20000));
}

size_t replay_count(twe::test::FrameFixture& f) { return tw::replay::ReplayStore(*f.ctx().store).list().size(); }

}  // namespace

TEST_CASE("undo is per document: Play's Edit > Undo takes back a move, never design work", "[play][ui][issue18]") {
  twe::test::FrameFixture f;
  // Design work first: clone a level in the Levels tab.
  twe::RulesView* rv = f.frame->rules();
  f.frame->show_page(rv);
  twe::test::pump();
  REQUIRE(rv->select_rule_set("mists"));
  REQUIRE(rv->select_level("mists-2"));
  REQUIRE(rv->clone_level("mists-2b", "Level 2 again"));
  twe::test::pump();
  CHECK(f.frame->undo_label().Contains("Clone level"));

  // Then a game in Play.
  twe::PlayView* pv = f.frame->play();
  f.frame->show_page(pv);
  pv->set_bot_delay(1);
  twe::test::pump();
  REQUIRE(pv->start_game(document_setup_of("base", "Ann, bot:greedy", 3)).empty());
  twe::test::pump();
  CHECK(f.frame->undo_label() == "&Undo");  // nothing played yet: no design step offered
  CHECK_FALSE(f.frame->active_history()->CanUndo());
  play_human_moves(pv, 2);  // Ann places and decides on a follower; the bot answers
  const int ply = pv->session()->game().ply();
  REQUIRE(ply >= 3);
  const std::string second = pv->session()->log().decisions[1];
  CHECK(f.frame->undo_label() == wxString::FromUTF8("&Undo Ann: " + second));
  // The menu item itself, as the menu bar shows it (updated at idle time, enabled).
  twe::test::pump();
  wxMenuItem* undo_item = f.frame->GetMenuBar()->FindItem(wxID_UNDO);
  REQUIRE(undo_item);
  CHECK(undo_item->GetItemLabel() == f.frame->undo_label() + "\tCtrl+Z");
  CHECK(undo_item->IsEnabled());
  twe::test::menu(f.frame, wxID_UNDO);
  twe::test::pump();
  // Back to where Ann decided her follower, the bot's reply gone too; the level is still there.
  CHECK(pv->session()->game().ply() == 1);
  CHECK(pv->session()->human_to_move());
  CHECK(f.ctx().content.find_level("mists-2b") != nullptr);
  // Redo plays it again, and the bot answers as before.
  const std::vector<std::string> before(pv->session()->log().decisions);
  twe::test::menu(f.frame, wxID_REDO);
  REQUIRE(twe::test::pump_until([&] { return pv->session()->game().ply() >= ply && pv->session()->human_to_move(); }));
  CHECK(pv->session()->game().ply() == ply);

  // The Levels tab's history still offers the clone.
  f.frame->show_page(rv);
  rv->SetFocus();
  twe::test::pump();
  CHECK(f.frame->undo_label().Contains("Clone level"));
  twe::test::menu(f.frame, wxID_UNDO);
  twe::test::pump();
  CHECK(f.ctx().content.find_level("mists-2b") == nullptr);
  CHECK(pv->session()->game().ply() == ply);  // the game is untouched
}

TEST_CASE("take back one step or to any ply, and the bots answer as before", "[play][ui][issue18]") {
  twe::test::FrameFixture f;
  twe::PlayView* pv = f.frame->play();
  f.frame->show_page(pv);
  pv->set_bot_delay(1);
  REQUIRE(pv->start_game(document_setup_of("gcc", "Ann, bot:greedy", 8)).empty());
  play_human_moves(pv, 6);
  const std::vector<std::string> played = pv->session()->log().decisions;
  const int ply = pv->session()->game().ply();
  const wxString log_before = pv->event_log()->GetValue();
  const int last_human = pv->session()->last_human_ply();
  REQUIRE(last_human >= 0);
  REQUIRE(pv->take_back().empty());
  twe::test::pump();
  CHECK(pv->session()->game().ply() == last_human);
  CHECK(pv->session()->human_to_move());
  // The event lines are those of the shorter game.
  CHECK(pv->event_log()->GetValue().size() < log_before.size());
  CHECK(log_before.StartsWith(pv->event_log()->GetValue()));
  // The same choice again: the bot answers exactly as before.
  REQUIRE(pv->choose(played[static_cast<size_t>(last_human)]).empty());
  REQUIRE(twe::test::pump_until([&] { return pv->session()->game().ply() >= ply && pv->session()->human_to_move(); }));
  CHECK(pv->session()->log().decisions == played);
  // To any ply, and undone again, even after a design edit reloaded the content.
  // Ply 2 is the bot's: the take-back goes on to where Ann decides (ply 1, her follower).
  REQUIRE(pv->session()->mover(2) == 1);
  REQUIRE(pv->session()->mover(1) == 0);
  REQUIRE(pv->take_back_to(2).empty());
  twe::test::pump();
  CHECK(pv->session()->game().ply() == 1);
  CHECK(pv->session()->human_to_move());
  REQUIRE(f.frame->rules()->select_level("mists-3"));
  REQUIRE(f.frame->rules()->set_level_field("target", "99"));
  twe::test::pump();
  CHECK(pv->session()->game().ply() == 1);
  REQUIRE(pv->history().Undo());
  twe::test::pump();
  CHECK(pv->session()->log().decisions == played);
  CHECK(pv->event_log()->GetValue() == log_before);
}

TEST_CASE("a game in progress is saved after every decision and resumed on start", "[play][ui][issue18]") {
  twe::test::FrameFixture f;
  twe::PlayView* pv = f.frame->play();
  pv->set_bot_delay(1);
  REQUIRE(pv->start_game(document_setup_of("base", "Ann, bot:greedy", 5)).empty());
  play_human_moves(pv, 4);
  const std::vector<std::string> played = pv->session()->log().decisions;
  const uint64_t hash = pv->session()->game().state_hash();
  REQUIRE(played.size() >= 5);
  // Quit (Ctrl+Q closes the window) and start the editor again on the same database.
  twe::test::menu(f.frame, wxID_EXIT);
  twe::test::pump();
  f.frame = new twe::MainFrame(f.db_path, f.config.get());
  f.frame->SetSize(1280, 800);
  f.frame->Show();
  twe::test::pump();
  pv = f.frame->play();
  REQUIRE(pv->session());
  CHECK(pv->session()->log().decisions == played);
  CHECK(pv->session()->game().state_hash() == hash);
  CHECK(pv->event_log()->GetValue().Contains("Ann: "));
  // Take-backs work across the restart, and the bot's generator was put back: the same
  // move again gets the same answer.
  pv->set_bot_delay(1);
  const int last_human = pv->session()->last_human_ply();
  REQUIRE(last_human >= 0);
  REQUIRE(pv->take_back().empty());
  REQUIRE(pv->choose(played[static_cast<size_t>(last_human)]).empty());
  REQUIRE(twe::test::pump_until([&] {
    return pv->session()->log().decisions.size() >= played.size() && pv->session()->human_to_move();
  }));
  CHECK(pv->session()->log().decisions == played);
}

TEST_CASE("replacing an unfinished game asks first and can keep it as a replay", "[play][ui][issue18]") {
  twe::test::FrameFixture f;
  twe::PlayView* pv = f.frame->play();
  pv->set_bot_delay(1);
  REQUIRE(pv->start_game(document_setup_of("base", "Ann, bot:greedy", 5)).empty());
  play_human_moves(pv, 2);
  const std::vector<std::string> played = pv->session()->log().decisions;
  int asked = 0;
  pv->ask = [&](const wxString&) {
    ++asked;
    return static_cast<int>(wxID_CANCEL);
  };
  // Scenarios > Play from here: cancelled, the game goes on.
  twe::ScenarioView* sv = f.frame->scenarios();
  CHECK_FALSE(sv->play_from_here().empty());
  CHECK(asked == 1);
  CHECK(pv->session()->log().decisions == played);
  // Kept as a replay, then replaced.
  const size_t replays = replay_count(f);
  pv->ask = [&](const wxString&) {
    ++asked;
    return static_cast<int>(wxID_YES);
  };
  CHECK(sv->play_from_here().empty());
  CHECK(asked == 2);
  CHECK(replay_count(f) == replays + 1);
  const auto stored = tw::replay::ReplayStore(*f.ctx().store).list().front();
  CHECK(stored.plies == static_cast<int>(played.size()));
  CHECK(pv->session()->log().decisions != played);
}

TEST_CASE("the board has the keyboard focus when a game starts", "[play][ui][issue18]") {
  twe::test::FrameFixture f;
  twe::PlayView* pv = f.frame->play();
  f.frame->show_page(pv);
  f.frame->Raise();
  twe::test::pump();
  // The focus is elsewhere in the view (as on the New game button after its dialog).
  pv->event_log()->SetFocus();
  twe::test::pump();
  twe::test::run_loop_for(100);
  REQUIRE(wxWindow::FindFocus() == pv->event_log());
  REQUIRE(pv->start_game(document_setup_of("base", "Ann, bot:greedy", 3)).empty());
  twe::test::pump();
  twe::test::run_loop_for(200);
  CHECK(wxWindow::FindFocus() == pv->board());
  // R turns the drawn tile at once.
  const int rot = pv->session()->rotation();
  wxKeyEvent r(wxEVT_KEY_DOWN);
  r.m_keyCode = 'R';
  r.SetEventObject(wxWindow::FindFocus());
  if (wxWindow* w = wxWindow::FindFocus()) w->GetEventHandler()->ProcessEvent(r);
  CHECK(pv->session()->rotation() == (rot + 1) % 4);
}
