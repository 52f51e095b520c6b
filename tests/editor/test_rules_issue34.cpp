// Issue 34, item 7: the rules view tells the pile a level really plays (the tiles of its
// excluded kinds are left in the box, as the game builds its pile), and a variant can be
// compared with its parent side by side.
#include <catch2/catch.hpp>

#include <wx/listctrl.h>

#include "fixture.h"
#include "game_fixture.h"
#include "views/rules_view.h"

using namespace twe::test;

TEST_CASE_METHOD(FrameFixture, "rules: a level's pile leaves its excluded kinds in the box", "[rules][issue34]") {
  twe::RulesView* rv = frame->rules();
  frame->show_page(rv);
  REQUIRE(rv->select_level("mists-1"));
  pump();
  // The game's own pile for this level: the tiles drawn so far and those left.
  tw::Game g;
  REQUIRE_FALSE(tw::Game::create(content(), setup_of("mists", "coop,coop", 1, "mists-1"), g));
  const int played = static_cast<int>(g.tiles_drawn().size()) + g.tiles_left();
  CHECK(played == 50);
  CHECK(rv->pile_count() == played);
  INFO(rv->pile_text());
  CHECK(rv->pile_text().rfind("50 tiles in the pile of level mists-1", 0) == 0);
  CHECK(rv->pile_text().find("60") != std::string::npos);
  screenshot(frame, "rules_level_pile");
  // The rule set alone (a competitive game of it) plays the whole pool.
  REQUIRE(rv->select_level(""));
  pump();
  CHECK(rv->pile_count() == 60);
  CHECK(rv->pile_text() == "60 tiles in the pile");
}
