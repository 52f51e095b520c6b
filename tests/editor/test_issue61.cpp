// Issue 61, the editor's items: no copy made twice, nothing stale. Each case names the
// item it covers; the documents and views are driven directly.
#include <catch2/catch.hpp>

#include <wx/button.h>
#include <wx/choice.h>
#include <wx/propgrid/propgrid.h>
#include <wx/textctrl.h>
#include <wx/uiaction.h>

#include "board/board_canvas.h"
#include "doc/estimate.h"
#include "views/tile_editor_view.h"
#include "fixture.h"
#include "game_fixture.h"
#include "play/play_session.h"
#include "play/play_view.h"
#include "replay/replay_store.h"
#include "views/rules_view.h"

// (A named namespace: the editor tests are built as unity files.)
namespace issue61 {

// The human (seat 0) plays the first option of each decision; the bot answers.
void play_moves(twe::PlayView* pv, int human_moves) {
  for (int i = 0; i < human_moves; ++i) {
    REQUIRE(twe::test::pump_until([&] { return pv->session()->human_to_move() || pv->session()->finished(); }, 20000));
    if (pv->session()->finished()) break;
    REQUIRE(pv->choose(pv->session()->options().front().option).empty());
  }
  REQUIRE(twe::test::pump_until([&] { return pv->session()->human_to_move() || pv->session()->finished(); }, 20000));
}

size_t replays(twe::test::FrameFixture& f) { return tw::replay::ReplayStore(*f.ctx().store).list().size(); }

}  // namespace issue61

using namespace issue61;
using twe::test::setup_of;

TEST_CASE_METHOD(twe::test::FrameFixture, "issue 61 item 1: Keep as replay stores the game once and Discard discards it",
                 "[play][issue61]") {
  twe::PlayView* pv = frame->play();
  pv->set_bot_delay(1);
  REQUIRE(pv->start_game(setup_of("base", "Ann, bot:greedy", 5)).empty());
  play_moves(pv, 2);
  int asked = 0;
  pv->ask = [&](const wxString&) {
    ++asked;
    return static_cast<int>(wxID_YES);
  };
  const size_t before = replays(*this);
  // Host online -> Keep as replay: stored once; the local game is gone.
  REQUIRE(pv->confirm_replace());
  CHECK(asked == 1);
  CHECK(replays(*this) == before + 1);
  CHECK(pv->session() == nullptr);
  // Leave -> Join -> asked again? Nothing left to keep: no question, no second copy.
  REQUIRE(pv->watch_online("ws://127.0.0.1:1/", "ABCD").empty());
  pv->leave_online();
  CHECK(pv->session() == nullptr);
  REQUIRE(pv->confirm_replace());
  CHECK(asked == 1);
  CHECK(replays(*this) == before + 1);

  // Watch -> Discard -> Leave: the local game does not come back.
  REQUIRE(pv->start_game(setup_of("base", "Ann, bot:greedy", 6)).empty());
  play_moves(pv, 2);
  pv->ask = [&](const wxString&) {
    ++asked;
    return static_cast<int>(wxID_NO);
  };
  REQUIRE(pv->confirm_replace());
  CHECK(asked == 2);
  REQUIRE(pv->watch_online("ws://127.0.0.1:1/", "ABCD").empty());
  pv->leave_online();
  twe::test::pump();
  CHECK(pv->session() == nullptr);
  CHECK(pv->board()->game() == nullptr);
  CHECK(replays(*this) == before + 1);
  CHECK(pv->status_text().Contains("No game"));
}

TEST_CASE_METHOD(twe::test::FrameFixture,
                 "issue 61 item 2: the estimate panel and Open a winning line follow the selected rule set",
                 "[rules][solver][issue61]") {
  twe::RulesView* rv = frame->rules();
  frame->show_page(rv);
  REQUIRE(rv->select_rule_set("mists"));
  REQUIRE(rv->select_level("mists-1"));
  twe::test::pump();
  rv->start_estimate(3, "coop,coop", 30000);
  REQUIRE(twe::test::pump_until([&] { return !rv->estimating(); }, 600000));
  twe::test::pump();
  REQUIRE_FALSE(rv->winning_lines().empty());
  const std::string mists = rv->estimate_text();
  CHECK(mists.find("Winnable share") != std::string::npos);
  CHECK(rv->open_line_button()->IsEnabled());
  // Another rule set: no result of its own yet, nothing of mists-1's shown or opened.
  REQUIRE(rv->select_rule_set("gcc"));
  twe::test::pump();
  CHECK(rv->estimate_text().empty());
  CHECK_FALSE(rv->open_line_button()->IsEnabled());
  CHECK(rv->winning_lines().empty());
  CHECK(rv->last_estimate().games == 0);
  const size_t before = replays(*this);
  CHECK(rv->open_winning_line(0) == -1);
  CHECK(replays(*this) == before);
  // Back to mists-1: its own result again.
  REQUIRE(rv->select_rule_set("mists"));
  REQUIRE(rv->select_level("mists-1"));
  twe::test::pump();
  CHECK(rv->estimate_text() == mists);
  CHECK(rv->open_line_button()->IsEnabled());
  // An estimate of gcc switched away from while it plays is kept for gcc, not shown on mists-1.
  REQUIRE(rv->select_rule_set("gcc"));
  rv->start_estimate(2, "greedy,greedy");
  REQUIRE(rv->select_rule_set("mists"));
  REQUIRE(rv->select_level("mists-1"));
  REQUIRE(twe::test::pump_until([&] { return !rv->estimating(); }, 600000));
  twe::test::pump();
  CHECK(rv->estimate_text() == mists);
  REQUIRE(rv->select_rule_set("gcc"));
  twe::test::pump();
  CHECK(rv->last_estimate().games == 2);
  CHECK(rv->estimate_text().find("Winnable") == std::string::npos);
}

TEST_CASE_METHOD(twe::test::FrameFixture,
                 "issue 61 item 5: a cloned rule set is a variant of its source (Compare with parent shows one change)",
                 "[rules][issue61]") {
  twe::RulesView* rv = frame->rules();
  frame->show_page(rv);
  REQUIRE(rv->select_rule_set("gcc"));
  REQUIRE(rv->clone_rule_set("gcc-var", "GCC variant"));
  twe::test::pump();
  const tw::RuleSet* var = ctx().content.find_rule_set("gcc-var");
  REQUIRE(var);
  CHECK(var->parent == "gcc");
  CHECK(rv->compare_button()->IsEnabled());
  CHECK(twe::rules_side_by_side(ctx().content, "gcc", "gcc-var").differences.empty());
  REQUIRE(rv->set_param("followers", ctx().content.find_rule_set("gcc")->rules.followers + 1));
  twe::test::pump();
  const auto cmp = twe::rules_side_by_side(ctx().content, "gcc", "gcc-var");
  REQUIRE(cmp.differences.size() == 1);
  CHECK(cmp.differences.front().first.find("followers") != std::string::npos);
  // The same rules and pile as gcc otherwise.
  CHECK(ctx().content.find_rule_set("gcc-var")->pool.size() == ctx().content.find_rule_set("gcc")->pool.size());
}

TEST_CASE("issue 61 item 5: Edit > Undo takes back a move of a resumed game", "[play][ui][issue61]") {
  twe::test::FrameFixture f;
  twe::PlayView* pv = f.frame->play();
  pv->set_bot_delay(1);
  REQUIRE(pv->start_game(setup_of("base", "Ann, bot:greedy", 4)).empty());
  play_moves(pv, 3);
  const std::vector<std::string> played = pv->session()->log().decisions;
  twe::test::menu(f.frame, wxID_EXIT);
  twe::test::pump();
  f.frame = new twe::MainFrame(f.db_path, f.config.get());
  f.frame->SetSize(1280, 800);
  f.frame->Show();
  twe::test::pump();
  pv = f.frame->play();
  pv->set_bot_delay(1);
  REQUIRE(pv->session());
  REQUIRE(pv->session()->log().decisions == played);
  f.frame->show_page(pv);
  twe::test::pump();
  CHECK(pv->history().CanUndo());
  CHECK(f.frame->undo_label().Contains("Ann"));
  const int last_human = pv->session()->last_human_ply();
  twe::test::menu(f.frame, wxID_UNDO);
  twe::test::pump();
  CHECK(pv->session()->game().ply() == last_human);
  // Redo plays the same decision again, and the bot answers as before.
  twe::test::menu(f.frame, wxID_REDO);
  REQUIRE(twe::test::pump_until([&] { return pv->session()->log().decisions.size() >= played.size(); }));
  CHECK(pv->session()->log().decisions == played);
}

TEST_CASE_METHOD(twe::test::FrameFixture,
                 "issue 61 item 5: a draft changed back by hand has nothing to save and Save as new is a tile of its own",
                 "[tile_editor][issue61]") {
  const int e = ctx().content.find_tile("base", "E");
  REQUIRE(e >= 0);
  twe::TileEditorView* ed = frame->tile_editor();
  ed->load_tile(e);
  frame->show_page(ed);
  twe::test::pump();
  const int count = ed->draft().count;
  twe::test::set_spin(ed->count_ctrl(), count + 1);
  CHECK(ed->dirty());
  CHECK(ed->save_button()->IsEnabled());
  twe::test::set_spin(ed->count_ctrl(), count);
  CHECK_FALSE(ed->dirty());
  CHECK_FALSE(ed->save_button()->IsEnabled());

  // Save as new: the source's note and provenance stay with the source.
  int noted = -1;
  for (size_t i = 0; i < ctx().content.tiles.size(); ++i) {
    const tw::TileType& t = ctx().content.tiles[i];
    if (!t.note.empty() && !t.reconstructed && t.piece.empty()) {
      noted = static_cast<int>(i);
      break;
    }
  }
  REQUIRE(noted >= 0);
  const std::string set = ctx().content.tiles[static_cast<size_t>(noted)].tile_set;
  ed->load_tile(noted);
  twe::test::pump();
  REQUIRE(ed->save_as("ZZ61"));
  twe::test::pump();
  const int copy = ctx().content.find_tile(set, "ZZ61");
  REQUIRE(copy >= 0);
  CHECK(ctx().content.tiles[static_cast<size_t>(copy)].note.empty());
  CHECK(ctx().content.tiles[static_cast<size_t>(copy)].reconstructed);
}

namespace issue61 {

const wxColour kPink(255, 205, 205);

void type_cell(wxPropertyGrid* g, const std::string& name, const std::string& text) {
  wxPGProperty* p = g->GetPropertyByName(wxString::FromUTF8(name));
  REQUIRE(p);
  g->SelectProperty(p, true);
  twe::test::pump(1);
  auto* tc = wxDynamicCast(g->GetEditorControl(), wxTextCtrl);
  REQUIRE(tc);
  tc->SetValue(wxString::FromUTF8(text));
  g->CommitChangesFromEditor();
}

std::vector<std::string> row_names(wxPropertyGrid* g) {
  std::vector<std::string> out;
  for (wxPropertyGridIterator it = g->GetIterator(wxPG_ITERATE_ALL); !it.AtEnd(); ++it)
    out.push_back((*it)->GetName().utf8_string());
  return out;
}

bool pink(wxPropertyGrid* g, const std::string& name) {
  wxPGProperty* p = g->GetPropertyByName(wxString::FromUTF8(name));
  return p && p->GetCell(1).GetBgCol() == kPink;
}

// The screen point of a row's value cell.
wxPoint value_cell(wxPropertyGrid* g, const std::string& name) {
  wxPGProperty* p = g->GetPropertyByName(wxString::FromUTF8(name));
  REQUIRE(p);
  g->EnsureVisible(p);
  twe::test::pump();
  const wxRect r = g->GetPropertyRect(p, p);
  wxPoint c(g->GetSplitterPosition() + 4, r.y + r.height / 2);  // near the text start
  c = g->CalcScrolledPosition(c);
  return g->GetPanel()->ClientToScreen(c);
}

}  // namespace issue61

TEST_CASE_METHOD(twe::test::FrameFixture,
                 "issue 61 item 4: a refusal inserts no row and shows its whole message until Undo",
                 "[rules][cells][issue61]") {
  twe::RulesView* rv = frame->rules();
  frame->show_page(rv);
  REQUIRE(rv->select_level("mists-3"));
  twe::test::pump();
  wxPropertyGrid* g = rv->grid();
  const std::vector<std::string> rows = row_names(g);
  // The store's long message (the players' counts): refused, every row where it was.
  type_cell(g, "level.followers", "7p: 9x9");
  twe::test::pump();
  REQUIRE_FALSE(rv->field_problem().empty());
  CHECK(pink(g, "level.followers"));
  CHECK(row_names(g) == rows);
  // Whole, not cut: the message shown ends as the problem does.
  const std::string problem = rv->field_problem();
  const std::string shown = rv->problem_message();
  INFO(problem << " | " << shown);
  CHECK(shown.find(problem.substr(problem.find(": ") + 2)) != std::string::npos);
  CHECK(g->GetPropertyByName("level.followers")->GetHelpString().utf8_string() == problem);

  // A good change, then a refusal, then Undo: the mark goes with the undone change.
  REQUIRE(rv->set_level_field("target", "111"));
  twe::test::pump();
  type_cell(g, "level.ghost_bank", "250");
  twe::test::pump();
  REQUIRE(pink(g, "level.ghost_bank"));
  twe::test::menu(frame, wxID_UNDO);
  twe::test::pump();
  CHECK(rv->problem_message().empty());
  CHECK(rv->field_problem().empty());
  CHECK_FALSE(pink(g, "level.ghost_bank"));
  CHECK(row_names(g) == rows);
}

TEST_CASE_METHOD(twe::test::FrameFixture,
                 "issue 61 item 4: Ctrl+Z right after Enter undoes and a double-click selects the cell text",
                 "[rules][cells][ui][issue61]") {
  twe::RulesView* rv = frame->rules();
  frame->show_page(rv);
  frame->Raise();
  REQUIRE(rv->select_rule_set("gcc"));
  twe::test::pump();
  wxPropertyGrid* g = rv->grid();
  const int before = ctx().content.find_rule_set("gcc")->rules.followers;
  wxUIActionSimulator sim;
  // Double-click the value, type 2.5, Enter: the cell reads "2.5" (refused), not "2.52"
  // or "52" with the old value kept beside it.
  sim.MouseMove(value_cell(g, "param.ghost_penalty"));
  twe::test::run_loop_for(100);
  sim.MouseDblClick();
  twe::test::run_loop_for(300);
  REQUIRE(wxDynamicCast(g->GetEditorControl(), wxTextCtrl));
  sim.Text("2.5");
  sim.Char(WXK_RETURN);
  twe::test::run_loop_for(300);
  INFO(rv->field_problem());
  CHECK(rv->field_problem().find("'2.5'") != std::string::npos);
  // A single click on another value, then typing: the value is replaced, not added to.
  sim.MouseMove(value_cell(g, "param.farmers"));
  twe::test::run_loop_for(100);
  sim.MouseClick();
  twe::test::run_loop_for(300);
  REQUIRE(wxDynamicCast(g->GetEditorControl(), wxTextCtrl));
  sim.Text("2.5");
  sim.Char(WXK_RETURN);
  twe::test::run_loop_for(300);
  INFO(rv->field_problem());
  CHECK(rv->field_problem().find("farmers: '2.5'") != std::string::npos);

  // Enter a good value, then Ctrl+Z at once: undone the first time.
  sim.MouseMove(value_cell(g, "param.followers"));
  twe::test::run_loop_for(100);
  sim.MouseDblClick();
  twe::test::run_loop_for(300);
  sim.Text(std::to_string(before + 1).c_str());
  sim.Char(WXK_RETURN);
  twe::test::run_loop_for(300);
  REQUIRE(ctx().content.find_rule_set("gcc")->rules.followers == before + 1);
  sim.Char('z', wxMOD_CONTROL);
  twe::test::run_loop_for(300);
  CHECK(ctx().content.find_rule_set("gcc")->rules.followers == before);
}

TEST_CASE_METHOD(twe::test::FrameFixture,
                 "issue 61 item 3: a new game has no old take-back line and messages are answered or expire",
                 "[play][issue61]") {
  twe::PlayView* pv = frame->play();
  frame->show_page(pv);
  pv->set_bot_delay(1);
  REQUIRE(pv->start_game(setup_of("base", "Ann, bot:greedy", 5)).empty());
  play_moves(pv, 2);
  REQUIRE(pv->take_back().empty());
  twe::test::pump();
  CHECK(pv->status_text().Contains("Took back"));
  CHECK(frame->status_message().Contains("Took back"));
  // The next decision answers the take-back: off the status bar and the status line.
  play_moves(pv, 1);
  CHECK_FALSE(frame->status_message().Contains("Took back"));
  CHECK_FALSE(pv->status_text().Contains("Took back"));
  // A new game shows nothing of the old one's take-back.
  REQUIRE(pv->take_back().empty());
  REQUIRE(pv->status_text().Contains("Took back"));
  pv->ask = [](const wxString&) { return static_cast<int>(wxID_NO); };
  REQUIRE(pv->confirm_replace());
  REQUIRE(pv->start_game(setup_of("base", "Ann, bot:greedy", 9)).empty());
  twe::test::pump();
  CHECK_FALSE(pv->status_text().Contains("Took back"));
  CHECK(pv->last_take_back().empty());
  CHECK_FALSE(frame->status_message().Contains("Took back"));

  // Any message expires after a while.
  frame->set_status_expiry(200);
  ctx().status("A message");
  CHECK(frame->status_message() == "A message");
  twe::test::run_loop_for(500);
  CHECK(frame->status_message().empty());

  // A spectator who leaves is not told about a seat and a token.
  frame->set_status_expiry(60000);
  REQUIRE(pv->watch_online("ws://127.0.0.1:1/", "ABCD").empty());
  pv->leave_online();
  twe::test::pump();
  INFO(frame->status_message());
  CHECK(frame->status_message().Contains("Stopped watching"));
  CHECK_FALSE(frame->status_message().Contains("token"));
  CHECK_FALSE(frame->status_message().Contains("seat"));
}

#include "play/online_dialog.h"
#include "play/online_scene.h"

TEST_CASE_METHOD(twe::test::FrameFixture,
                 "issue 61 item 6: the Host dialog numbers seats 1-6 and offers the bots that fit and remembers",
                 "[play][online][issue61]") {
  twe::OnlineDialog dlg(frame, twe::OnlineDialog::Kind::Host, twe::test::content(), "", "Ann");
  CHECK(wxWindow::FindWindowByLabel("Seat 1", &dlg));
  CHECK(wxWindow::FindWindowByLabel("Seat 6", &dlg));
  CHECK_FALSE(wxWindow::FindWindowByLabel("Seat 0", &dlg));
  auto offers_coop = [&](size_t seat) {
    wxChoice* k = dlg.seat_kind(seat);
    for (unsigned i = 0; i < k->GetCount(); ++i)
      if (k->GetString(i).Contains("co-op")) return true;
    return false;
  };
  // base (the default game): no co-op bot.
  REQUIRE(dlg.spec().rule_set == "base");
  CHECK_FALSE(offers_coop(1));
  // A co-op level: the co-op bot is offered.
  wxChoice* game = dlg.game_choice();
  int level = -1;
  for (unsigned i = 0; i < game->GetCount(); ++i)
    if (game->GetString(i).StartsWith("co-op mists-1 ")) level = static_cast<int>(i);
  REQUIRE(level >= 0);
  twe::test::set_choice(game, level);
  CHECK(offers_coop(1));
  int coop = -1;
  for (size_t c = 0; c < twe::OnlineDialog::seat_choices().size(); ++c)
    if (std::string(twe::OnlineDialog::seat_choices()[c].bot) == "coop") coop = static_cast<int>(c);
  dlg.set_choice_of(1, coop);
  dlg.set_choice_of(2, twe::OnlineDialog::kInvited);
  dlg.seat_name(2)->ChangeValue("Cid");
  CHECK(dlg.choice_of(1) == coop);
  // Put back in a new dialog (as after Keep playing): the same game and seats.
  const std::string saved = dlg.host_settings();
  twe::OnlineDialog again(frame, twe::OnlineDialog::Kind::Host, twe::test::content(), "", "Ann");
  again.restore_host_settings(saved);
  const twe::HostSpec a = dlg.spec(), b = again.spec();
  CHECK(b.level == "mists-1");
  REQUIRE(a.seats.size() == b.seats.size());
  for (size_t i = 0; i < a.seats.size(); ++i) {
    CHECK(a.seats[i].kind == b.seats[i].kind);
    CHECK(a.seats[i].name == b.seats[i].name);
    CHECK(a.seats[i].bot == b.seats[i].bot);
  }
  // Back to base: the co-op bot is not offered, and not kept.
  int base = -1;
  for (unsigned i = 0; i < game->GetCount(); ++i)
    if (game->GetString(i).StartsWith("base ")) base = static_cast<int>(i);
  REQUIRE(base >= 0);
  twe::test::set_choice(game, base);
  CHECK_FALSE(offers_coop(1));
  for (const auto& s : dlg.spec().seats) CHECK(s.bot != "coop");
}

TEST_CASE("issue 61 item 6: an online follower decision has its rings on the board and clocks read", "[play][online][issue61]") {
  const tw::Content& c = twe::test::content();
  const nlohmann::json view = {
      {"board", {{{"tile", "D"}, {"x", 0}, {"y", 0}, {"rot", 0}}, {{"tile", "E"}, {"x", 0}, {"y", -1}, {"rot", 0}}}},
      {"followers", nlohmann::json::array()}};
  const auto spots = twe::view_spots(c, view, {"meeple city:N", "meeple nothing:Q", "pass", "unghost 0,0"});
  REQUIRE(spots.size() == 2);  // no ring for a location the tile lacks, nor for a pass
  CHECK(spots[0].x == 0);
  CHECK(spots[0].y == -1);
  CHECK(spots[0].seg >= 0);
  CHECK(spots[0].verb == "meeple");
  CHECK(spots[0].label == "meeple city:N");
  CHECK(spots[1].x == 0);
  CHECK(spots[1].y == 0);
  CHECK(spots[1].seg == -1);
  CHECK(twe::clock_text(61000) == "1:01");
  CHECK(twe::clock_text(3723000) == "1:02:03");
}

#include <wx/listctrl.h>
#include "review/replay_view.h"

TEST_CASE_METHOD(twe::test::FrameFixture,
                 "issue 61 item 8: the replay list shows level and result and date and Levels has Play this level",
                 "[play][review][issue61]") {
  // Two unfinished games kept as replays: one of base, one of the level mists-1.
  twe::PlayView* pv = frame->play();
  pv->set_bot_delay(1);
  pv->ask = [](const wxString&) { return static_cast<int>(wxID_YES); };
  REQUIRE(pv->start_game(setup_of("base", "Ann, bot:greedy", 5)).empty());
  play_moves(pv, 2);
  REQUIRE(pv->confirm_replace());
  REQUIRE(pv->start_game(setup_of("mists", "Ann, bot:coop", 5, "mists-1")).empty());
  play_moves(pv, 2);
  REQUIRE(pv->confirm_replace());
  twe::ReplayView* rv = frame->replays();
  rv->refresh_list();
  wxListCtrl* list = rv->replay_list();
  REQUIRE(list->GetColumnCount() >= 6);
  std::vector<std::string> kinds;
  for (long i = 0; i < list->GetItemCount(); ++i) {
    if (!list->GetItemText(i, 4).Contains("unfinished")) continue;
    kinds.push_back(list->GetItemText(i, 1).utf8_string());
    CHECK(list->GetItemText(i, 5).StartsWith("20"));  // the date it was stored
  }
  CHECK(std::find(kinds.begin(), kinds.end(), "base") != kinds.end());
  CHECK(std::find(kinds.begin(), kinds.end(), "mists-1") != kinds.end());

  // Levels: Play this level opens a new game of it.
  twe::RulesView* rules = frame->rules();
  REQUIRE(rules->select_level("mists-1"));
  std::string rs, lv;
  rules->on_play = [&](const std::string& a, const std::string& b) {
    rs = a;
    lv = b;
  };
  twe::test::click(rules->play_button());
  CHECK(rs == "mists");
  CHECK(lv == "mists-1");
  pv->prepare_game(rs, lv);
  CHECK(pv->last_setup().level == "mists-1");
  CHECK(pv->last_setup().rule_set == "mists");
}

#include "views/study_chart.h"

TEST_CASE_METHOD(twe::test::FrameFixture, "issue 61 item 7: the estimate and the compare are readable at 1024x700",
                 "[rules][layout][issue61]") {
  frame->SetSize(1024, 700);
  twe::test::pump();
  twe::RulesView* rv = frame->rules();
  frame->show_page(rv);
  REQUIRE(rv->select_rule_set("mists"));
  REQUIRE(rv->select_level("mists-1"));
  rv->start_estimate(4, "coop,coop");
  REQUIRE(twe::test::pump_until([&] { return !rv->estimating(); }, 600000));
  twe::test::pump();
  twe::test::screenshot(frame, "issue61_estimate_1024");
  const wxWindow* chart = rv->estimate_chart();
  CHECK(chart->IsShown());
  CHECK(chart->GetSize().y >= 170);
  // In view after the estimate (the column scrolls to it).
  CHECK(chart->GetScreenRect().Intersect(frame->GetScreenRect()).height >= 150);
  REQUIRE(rv->select_rule_set("gcc"));
  REQUIRE(rv->start_compare(2, "greedy,greedy"));
  REQUIRE(twe::test::pump_until([&] { return !rv->estimating(); }, 600000));
  twe::test::pump();
  twe::test::screenshot(frame, "issue61_compare_1024");
  // The compare's table: its text has the room of a dozen lines, and is in view.
  const wxTextCtrl* text = nullptr;
  wxWindowList todo;
  todo.push_back(rv);
  while (!todo.empty() && !text) {
    wxWindow* w = todo.front();
    todo.pop_front();
    if (auto* t = dynamic_cast<wxTextCtrl*>(w); t && t->IsMultiLine() && t->GetValue().Contains("seeded games")) text = t;
    for (wxWindow* c : w->GetChildren()) todo.push_back(c);
  }
  REQUIRE(text);
  CHECK(text->GetSize().y >= 250);
  const wxRect shown = text->GetScreenRect().Intersect(frame->GetScreenRect());
  CHECK(shown.height >= 150);
}

TEST_CASE_METHOD(twe::test::FrameFixture, "issue 61 item 7: the tile editor at 1024x700", "[tile_editor][layout][issue61]") {
  frame->SetSize(1024, 700);
  twe::test::pump();
  twe::TileEditorView* ed = frame->tile_editor();
  int most = -1;
  size_t segs = 0;
  for (size_t i = 0; i < ctx().content.tiles.size(); ++i)
    if (ctx().content.tiles[i].segments.size() > segs) {
      segs = ctx().content.tiles[i].segments.size();
      most = static_cast<int>(i);
    }
  REQUIRE(most >= 0);
  ed->load_tile(most);
  frame->show_page(ed);
  twe::test::pump();
  twe::test::screenshot(frame, "issue61_tile_editor_1024");
  // The preview keeps a tile large enough for its numbers and the rotation's two lines.
  CHECK(ed->preview()->GetSize().x >= 250);
  CHECK(ed->preview()->GetSize().y >= 300);
}

#include <wx/dcclient.h>
#include "board/board_model.h"

TEST_CASE_METHOD(twe::test::FrameFixture,
                 "issue 61 item 7: at 1024x700 a follower step zooms in for its rings and zooming keeps the tile out from under the score box",
                 "[play][layout][issue61]") {
  frame->SetSize(1024, 700);
  twe::PlayView* pv = frame->play();
  frame->show_page(pv);
  pv->set_bot_delay(1);
  REQUIRE(pv->start_game(setup_of("base", "Ann, bot:greedy", 3)).empty());
  play_moves(pv, 16);
  twe::test::pump();
  twe::BoardCanvas* board = pv->board();
  // A small board (a long game in a short window), then Ann places: her follower step.
  board->viewport().cell = 30;
  REQUIRE(pv->session()->game().pending().kind == tw::DecisionKind::Place);
  REQUIRE(pv->choose(pv->session()->options().front().option).empty());
  twe::test::pump();
  if (!board->spots().empty()) {
    CHECK(board->viewport().cell >= twe::PlayView::kRingCell);
    twe::test::screenshot(frame, "issue61_rings_1024");
  }
  // Zooming in towards the bottom right pushes the last tile up-left: it is never left
  // under the score box while it is in view.
  const tw::Game& g = pv->session()->game();
  REQUIRE(g.last_placed() >= 0);
  const auto& last = g.placed()[static_cast<size_t>(g.last_placed())];
  const wxSize sz = board->GetClientSize();
  for (int i = 0; i < 8; ++i) {
    board->zoom_by(1.2, wxPoint(sz.x - 5, sz.y - 5));
    wxClientDC dc(board);
    const wxRect area(wxPoint(0, 0), sz);
    const wxRect box = twe::score_box_rect(dc, twe::scene_of(g, board->overlay()).score_lines, area);
    const wxRect cell = board->viewport().cell_rect(last.x, last.y);
    if (area.Intersects(cell)) CHECK_FALSE(box.Intersects(cell));
  }
  twe::test::screenshot(frame, "issue61_zoom_1024");
}
