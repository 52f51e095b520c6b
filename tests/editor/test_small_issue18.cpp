// Issue 18, items 6 and 11: a ghost decision says why it is asked and brings its
// candidates into view; the smaller ones: Pass is disabled without a game, New game
// remembers the names and the seed, the status says "Undone" after an undo, the tile
// set's header counts reconstructed tiles as the README does, the tile editor's form does
// not move when a problem appears.
#include <catch2/catch.hpp>

#include <wx/button.h>
#include <wx/checkbox.h>
#include <wx/listctrl.h>
#include <wx/stattext.h>
#include <wx/statusbr.h>

#include "board/board_canvas.h"
#include "fixture.h"
#include "play/play_session.h"
#include "play/play_view.h"
#include "replay/replay_store.h"
#include "review/replay_view.h"
#include "views/rules_view.h"
#include "views/tile_editor_view.h"
#include "views/tile_set_view.h"

namespace {

tw::GameSetup small_setup_of(const std::string& rule_set, const std::string& players, uint64_t seed) {
  tw::GameSetup s;
  s.rule_set = rule_set;
  s.players = tw::parse_players(players);
  s.seed = seed;
  return s;
}

}  // namespace

TEST_CASE("a ghost decision says why and its candidates are in view", "[play][ui][issue18]") {
  twe::test::FrameFixture f;
  twe::PlayView* pv = f.frame->play();
  f.frame->show_page(pv);
  twe::test::pump();
  int seen_thick = 0, seen_thin = 0;
  for (uint64_t seed = 1; seed <= 6 && (seen_thick == 0 || seen_thin == 0); ++seed) {
    REQUIRE(pv->start_game(small_setup_of("gcc", "Ann, Ben", seed)).empty());
    tw::Rng pick(seed);
    for (int i = 0; i < 400 && !pv->session()->finished(); ++i) {
      twe::PlaySession* s = pv->session();
      if (s->game().pending().kind == tw::DecisionKind::Ghost) {
        const wxString st = pv->status_text();
        INFO(st.utf8_string());
        CHECK(st.Contains("ghost"));
        const bool thick = st.Contains("fog thickened");
        CHECK((thick || st.Contains("fog dispersed")));
        // The candidates' owner matches the explanation.
        const auto& o = s->options().front();
        const int t = s->game().tile_at(o.x, o.y);
        int owner = -1;
        for (const auto& fl : s->game().followers())
          if (fl.placed == t && fl.seg == o.seg) owner = fl.player;
        CHECK((owner != s->game().pending().player) == thick);
        (thick ? seen_thick : seen_thin)++;
        for (const auto& sp : pv->board()->spots()) CHECK(pv->board()->cell_visible(sp.x, sp.y));
      }
      const auto opts = s->options();
      REQUIRE(pv->choose(opts[pick.next() % opts.size()].text).empty());
    }
  }
  CHECK(seen_thick + seen_thin > 0);
}

TEST_CASE("small ones: Pass without a game, New game remembers, Undone, counts, a steady form", "[ui][issue18]") {
  twe::test::FrameFixture f;
  twe::PlayView* pv = f.frame->play();
  // No game: nothing to pass.
  CHECK_FALSE(pv->pass_button()->IsEnabled());
  // New game remembers the names and the seed, across a restart.
  REQUIRE(pv->start_game(small_setup_of("base", "Zoe, bot:random", 77)).empty());
  twe::test::menu(f.frame, wxID_EXIT);
  twe::test::pump();
  f.frame = new twe::MainFrame(f.db_path, f.config.get());
  f.frame->Show();
  twe::test::pump();
  pv = f.frame->play();
  REQUIRE(pv->last_setup().players.size() == 2);
  CHECK(pv->last_setup().players[0].name == "Zoe");
  CHECK(pv->last_setup().players[1].bot == "random");
  CHECK(pv->last_setup().seed == 77);
  CHECK(pv->last_setup().rule_set == "base");

  // "Undone: ..." in the status bar after an undo (the edit itself reports "Saved").
  twe::RulesView* rv = f.frame->rules();
  f.frame->show_page(rv);
  rv->SetFocus();
  twe::test::pump();
  REQUIRE(rv->select_level("mists-3"));
  REQUIRE(rv->set_level_field("target", "101"));
  twe::test::pump();
  twe::test::menu(f.frame, wxID_UNDO);
  twe::test::pump();
  CHECK(f.frame->GetStatusBar()->GetStatusText(0).StartsWith("Undone: "));

  // The Discovery header counts tiles as the box (and the README) do.
  twe::TileSetView* ts = f.frame->tile_sets();
  ts->show_tile_set("discovery");
  twe::test::pump();
  INFO(ts->summary().utf8_string());
  CHECK(ts->summary().Contains("84 tiles of 60 types"));
  CHECK(ts->summary().Contains("26 tiles (16 types) reconstructed"));

  // The tile editor's form stays where it is when a problem appears.
  const auto& tiles = f.ctx().content.tiles;
  int e = -1;
  for (size_t i = 0; i < tiles.size(); ++i)
    if (tiles[i].tile_set == "base" && tiles[i].id == "E") e = static_cast<int>(i);
  REQUIRE(e >= 0);
  f.frame->edit_tile(e);
  twe::TileEditorView* ed = f.frame->tile_editor();
  int city = -1;
  for (size_t i = 0; i < ed->draft().segments.size(); ++i)
    if (ed->draft().segments[i].kind == tw::Kind::City) city = static_cast<int>(i);
  REQUIRE(city >= 0);
  ed->select_segment(city);
  twe::test::pump();
  const wxPoint before = ed->field_message("touches")->GetPosition();
  twe::test::set_check(ed->port_box(tw::N), false);
  twe::test::pump();
  REQUIRE_FALSE(ed->problems().empty());
  REQUIRE_FALSE(ed->field_message("ports")->GetLabel().empty());
  CHECK(ed->field_message("touches")->GetPosition() == before);
  twe::test::set_check(ed->port_box(tw::N), true);
}

TEST_CASE("the replay list does not clip rule set names", "[review][ui][issue18]") {
  twe::test::FrameFixture f;
  // A finished two-bot game of discovery-expert (the longest rule set name).
  tw::GameSetup s = small_setup_of("discovery-expert", "bot:random, bot:random", 3);
  twe::PlaySession ps;
  REQUIRE(twe::PlaySession::start(f.ctx().content, s, {}, ps).empty());
  while (!ps.finished()) REQUIRE_FALSE(ps.bot_step().empty());
  tw::replay::ReplayStore(*f.ctx().store).insert(ps.to_replay());
  twe::ReplayView* rv = f.frame->replays();
  f.frame->show_page(rv);
  rv->refresh_list();
  twe::test::pump();
  wxListCtrl* list = rv->replay_list();
  REQUIRE(list->GetItemCount() >= 1);
  CHECK(list->GetItemText(0, 1) == "discovery-expert");
  CHECK(list->GetColumnWidth(1) >= list->GetTextExtent("discovery-expert").x);
  CHECK(list->GetColumnWidth(2) >= list->GetTextExtent(list->GetItemText(0, 2)).x);
}
