// Issue 18, items 4, 7, 9, 10 and 11 in Replays: Promote leaves a move list that matches
// the tree, its undo is in the database at once and the exported Result tag follows the
// main line; the move list is grouped by turn with the mover; comments are rendered;
// F shows the whole game and the board follows the moves; F and Ctrl+I work
// whatever widget has the focus; an export without an extension writes a .tgn file.
#include <catch2/catch.hpp>

#include <wx/html/htmlwin.h>
#include <wx/textctrl.h>
#include <wx/treectrl.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>

#include "board/board_canvas.h"
#include "board/option_map.h"
#include "present/record.h"
#include "engine/bots/bots.h"
#include "fixture.h"
#include "replay/replay_store.h"
#include "replay/tgn_io.h"
#include "present/markdown.h"
#include "review/replay_doc.h"
#include "review/replay_view.h"
#include "schema/store.h"
#include "game_fixture.h"

namespace {

using tw::replay::NodePath;

using twe::test::content;

tw::replay::Replay review18_bot_game(const std::string& rule_set, uint64_t seed) {
  tw::GameSetup s;
  s.rule_set = rule_set;
  s.seed = seed;
  s.players = tw::parse_players("Ann, Ben");
  tw::replay::Recorder rec;
  REQUIRE_FALSE(tw::replay::Recorder::start(content(), s, rec));
  auto greedy = tw::make_bot("greedy");
  tw::Rng rng(seed);
  while (!rec.game().finished()) rec.apply_index(greedy->choose(rec.game(), rng));
  tw::replay::GameLog log = rec.take_log();
  log.set_tag("Result", log.result);
  return tw::replay::from_log(std::move(log));
}

// Every item of the tree under `item`, depth first.
void walk(wxTreeCtrl* t, wxTreeItemId item, const std::function<void(wxTreeItemId)>& f) {
  wxTreeItemIdValue cookie;
  for (wxTreeItemId c = t->GetFirstChild(item, cookie); c.IsOk(); c = t->GetNextChild(item, cookie)) {
    f(c);
    walk(t, c, f);
  }
}

size_t tree_items(wxTreeCtrl* t) {
  size_t n = 0;
  walk(t, t->GetRootItem(), [&](wxTreeItemId) { ++n; });
  return n;
}

wxKeyEvent key_event(wxWindow* w, int code, bool ctrl) {
  wxKeyEvent e(wxEVT_CHAR_HOOK);
  e.m_keyCode = code;
  e.m_controlDown = ctrl;
  e.SetEventObject(w);
  return e;
}

}  // namespace

TEST_CASE("promote: the move list matches the tree, undo is saved at once, Result follows", "[review][ui][issue18]") {
  twe::test::FrameFixture f;
  twe::ReplayView* rv = f.frame->replays();
  tw::replay::Replay game = review18_bot_game("base", 4);
  const int plies = game.log.plies();
  REQUIRE(plies > 40);
  REQUIRE(game.log.tag("Result"));
  const int64_t id = tw::replay::ReplayStore(*f.ctx().store).insert(game);
  f.frame->show_page(rv);
  rv->refresh_list();
  rv->open_replay(id);
  twe::test::pump();
  const size_t items_before = tree_items(rv->moves());
  // A one-move variation at ply 40, then promoted: the main line ends there.
  rv->doc()->go_ply(39);
  const std::string main40 = rv->doc()->replay().mainline[39].decision;
  std::string other;
  for (const auto& o : twe::classify(rv->doc()->game()))
    if (o.text != main40) other = o.text;
  REQUIRE_FALSE(other.empty());
  REQUIRE(rv->doc()->play(other, rv->history()).empty());
  twe::test::pump();
  REQUIRE(rv->edit_tree(twe::TreeEditCommand::Kind::Promote));
  twe::test::pump();
  CHECK(rv->doc()->replay().mainline.size() == 40);
  // The move list shows the tree as it is: no dead plies 41.. left on the main line;
  // they are a variation now, so every node has exactly one item.
  size_t nodes = 0;
  std::function<void(const tw::replay::Line&)> count = [&](const tw::replay::Line& l) {
    for (const auto& n : l) {
      ++nodes;
      for (const auto& v : n.variations) count(v);
    }
  };
  count(rv->doc()->replay().mainline);
  size_t with_data = 0;
  walk(rv->moves(), rv->moves()->GetRootItem(), [&](wxTreeItemId i) {
    if (rv->moves()->GetItemData(i)) ++with_data;
  });
  CHECK(with_data == nodes + 1);  // + start
  CHECK(tree_items(rv->moves()) > items_before - 5);
  // No dead items: each one goes to the move it names.
  std::vector<wxTreeItemId> items;
  walk(rv->moves(), rv->moves()->GetRootItem(), [&](wxTreeItemId i) {
    if (rv->moves()->GetItemData(i) && rv->moves()->GetItemText(i) != "start") items.push_back(i);
  });
  int dead = 0;
  for (size_t k = 0; k < items.size(); k += 7) {
    const wxString label = rv->moves()->GetItemText(items[k]);
    rv->moves()->SelectItem(items[k]);
    twe::test::pump(1);
    const auto* n = tw::replay::find_node(rv->doc()->replay(), rv->doc()->position());
    if (!n || !label.Contains(wxString::FromUTF8(n->decision))) ++dead;
  }
  CHECK(dead == 0);
  // The replay list shows the new length, and the database has it.
  CHECK(tw::replay::ReplayStore(*f.ctx().store).load(id).log.plies() == 40);
  // The exported record has no stale Result: the main line is not finished now.
  const std::string tgn = tw::replay::export_tgn(rv->doc()->replay());
  CHECK(tgn.find("[Result") == std::string::npos);
  // Undo: in the database at once, Result back.
  REQUIRE(rv->history()->Undo());
  const tw::replay::Replay stored = tw::replay::ReplayStore(*f.ctx().store).load(id);
  CHECK(stored.log.plies() == plies);
  CHECK(stored.mainline.size() == static_cast<size_t>(plies));
  CHECK(stored.log.tag("Result") != nullptr);
  CHECK(tw::replay::export_tgn(rv->doc()->replay()).find("[Result") != std::string::npos);
  twe::test::pump();
  with_data = 0;
  walk(rv->moves(), rv->moves()->GetRootItem(), [&](wxTreeItemId i) {
    if (rv->moves()->GetItemData(i)) ++with_data;
  });
  nodes = 0;
  count(rv->doc()->replay().mainline);
  CHECK(with_data == nodes + 1);
}

TEST_CASE("the move list is grouped by turn with the mover, comments are rendered", "[review][ui][issue18]") {
  twe::test::FrameFixture f;
  twe::ReplayView* rv = f.frame->replays();
  tw::replay::Replay game = review18_bot_game("base", 6);
  const int64_t id = tw::replay::ReplayStore(*f.ctx().store).insert(game);
  f.frame->show_page(rv);
  rv->refresh_list();
  rv->open_replay(id);
  twe::test::pump();
  wxTreeCtrl* t = rv->moves();
  // Top level: start, then one item per turn ("1. Ann  place ..."), the turn's other
  // decisions under it; the mover's colour as the item's image.
  wxTreeItemIdValue cookie;
  wxTreeItemId first = t->GetFirstChild(t->GetRootItem(), cookie);
  REQUIRE(first.IsOk());
  CHECK(t->GetItemText(first) == "start");
  wxTreeItemId turn1 = t->GetNextChild(t->GetRootItem(), cookie);
  REQUIRE(turn1.IsOk());
  CHECK(t->GetItemText(turn1).StartsWith(wxString::FromUTF8("1. Ann  " + game.mainline[0].decision)));
  CHECK(t->GetItemImage(turn1) == 0);
  wxTreeItemId turn2 = t->GetNextChild(t->GetRootItem(), cookie);
  REQUIRE(turn2.IsOk());
  CHECK(t->GetItemText(turn2).StartsWith("2. Ben  "));
  CHECK(t->GetItemImage(turn2) == 1);
  // Ann's follower decision of turn 1 is under turn 1.
  REQUIRE(t->GetChildrenCount(turn1, false) >= 1);
  wxTreeItemIdValue c2;
  const wxTreeItemId follow = t->GetFirstChild(turn1, c2);
  CHECK(t->GetItemText(follow).StartsWith(wxString::FromUTF8(game.mainline[1].decision)));
  // As many top-level turn items as placements in the game.
  size_t places = 0;
  for (const auto& n : game.mainline)
    if (n.decision.rfind("place ", 0) == 0) ++places;
  CHECK(t->GetChildrenCount(t->GetRootItem(), false) == places + 1);

  // A Markdown comment is shown rendered.
  rv->doc()->go_ply(3);
  rv->set_comment("Why *not* the **road**? See `road:E`.");
  twe::test::pump();
  const wxString shown = rv->rendered_comment()->ToText();
  CHECK(shown.Contains("Why not the road? See road:E."));
  CHECK_FALSE(shown.Contains("*"));
  twe::test::screenshot(f.frame, "review-turns");
}

TEST_CASE("markdown comments become escaped HTML", "[review][issue18]") {
  CHECK(tw::markdown_html("Why *not* the **road**?", tw::HtmlFor::WxHtml) == "<p>Why <i>not</i> the <b>road</b>?</p>");
  CHECK(tw::markdown_html("a <b> & `x*y*`", tw::HtmlFor::WxHtml) == "<p>a &lt;b&gt; &amp; <code>x*y*</code></p>");
  CHECK(tw::markdown_html("- one\n- two\n\nnext", tw::HtmlFor::WxHtml) == "<ul><li>one</li><li>two</li></ul><p>next</p>");
  CHECK(tw::markdown_html("# Title\nline 1\nline 2", tw::HtmlFor::WxHtml) == "<h3>Title</h3><p>line 1<br>line 2</p>");
  CHECK(tw::markdown_html("snake_case_name", tw::HtmlFor::WxHtml) == "<p>snake_case_name</p>");
  CHECK(tw::markdown_html("[rules](https://x.org/a)", tw::HtmlFor::WxHtml) == "<p><a href=\"https://x.org/a\">rules</a></p>");
  // Plain text (a tile problem, an analysis note): escaped the same way, no markup made.
  CHECK(tw::escape_html("A 0,0 'x<y>' & *z*: \"bad\"", tw::HtmlFor::WxHtml) == "A 0,0 'x&lt;y&gt;' &amp; *z*: &quot;bad&quot;");
}

TEST_CASE("a long replay opens with the whole game in view and the board follows the moves", "[review][ui][issue18]") {
  twe::test::FrameFixture f;
  twe::ReplayView* rv = f.frame->replays();
  tw::replay::Replay game = review18_bot_game("gcc", 3);
  const int64_t id = tw::replay::ReplayStore(*f.ctx().store).insert(game);
  f.frame->show_page(rv);
  rv->refresh_list();
  rv->open_replay(id);
  twe::test::pump();
  rv->doc()->end();
  twe::test::pump();
  // At the end the last tile is in view (issue 34.14: the replay opens readable around its
  // position and follows the moves, not with the whole final board); F fits it all.
  const tw::Game& g = rv->doc()->game();
  {
    const int t = rv->doc()->turn_tile();
    REQUIRE(t >= 0);
    CHECK(rv->board()->cell_visible(g.placed()[static_cast<size_t>(t)].x, g.placed()[static_cast<size_t>(t)].y));
  }
  rv->handle_key('F', false, false);
  for (const auto& p : g.placed()) CHECK(rv->board()->cell_visible(p.x, p.y));
  // Zoomed in on the start, stepping on brings each new tile into view.
  rv->doc()->home();
  rv->board()->viewport().zoom(3.0, wxPoint(rv->board()->GetClientSize().x / 2, rv->board()->GetClientSize().y / 2));
  twe::test::pump();
  for (int i = 0; i < 60; ++i) {
    rv->handle_key(WXK_RIGHT, false, false);
    const tw::Game& h = rv->doc()->game();
    if (h.last_placed() < 0) continue;
    const auto& p = h.placed()[static_cast<size_t>(h.last_placed())];
    INFO("ply " << h.ply());
    CHECK(rv->board()->cell_visible(p.x, p.y));
  }
  // The last move is framed, and a step that scored frames its tiles.
  REQUIRE(rv->doc()->next_scoring(1));
  twe::test::pump();
  CHECK_FALSE(rv->board()->scene().scored_cells.empty());
  // The event lines wrap in a text field: all of each line is there.
  const wxString ev = rv->events()->GetValue();
  for (const auto& line : tw::event_lines(rv->doc()->game())) CHECK(ev.Contains(wxString::FromUTF8(line)));
  CHECK((rv->events()->GetWindowStyle() & wxTE_DONTWRAP) == 0);
}

TEST_CASE("F and Ctrl+I work in Replays whatever has the focus, and export adds .tgn", "[review][ui][issue18]") {
  twe::test::FrameFixture f;
  twe::ReplayView* rv = f.frame->replays();
  const int64_t id = tw::replay::ReplayStore(*f.ctx().store).insert(review18_bot_game("base", 9));
  f.frame->show_page(rv);
  rv->refresh_list();
  rv->open_replay(id);
  twe::test::pump();
  // F in the move list fits the board (it does not search the list for an "F").
  rv->board()->viewport().zoom(4.0, wxPoint(0, 0));
  const double zoomed = rv->board()->viewport().cell;
  rv->moves()->SetFocus();
  wxKeyEvent fk = key_event(rv->moves(), 'F', false);
  rv->moves()->GetEventHandler()->ProcessEvent(fk);
  twe::test::pump();
  CHECK(rv->board()->viewport().cell < zoomed);
  // Ctrl+I in the move list imports a record.
  const std::string record = std::string(TW_SOURCE_DIR) + "/tests/records/base/01-two-tile-city.tgn";
  f.frame->choose_import_path = [&] { return record; };
  wxKeyEvent ik = key_event(rv->moves(), 'I', true);
  rv->moves()->GetEventHandler()->ProcessEvent(ik);
  twe::test::pump();
  REQUIRE(rv->doc());
  CHECK(rv->doc()->id() != id);
  // Export without an extension writes NAME.tgn.
  const std::string base = (std::filesystem::temp_directory_path() / ("tw_export_" + std::to_string(::getpid()))).string();
  std::string err;
  REQUIRE(f.frame->export_tgn(base, &err));
  CHECK(std::filesystem::exists(base + ".tgn"));
  CHECK_FALSE(std::filesystem::exists(base));
  std::filesystem::remove(base + ".tgn");
}
