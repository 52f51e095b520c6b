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

TEST_CASE("rules: a variant beside its parent, the same seeded games", "[rules][issue34][estimate]") {
  const twe::ComparisonResult d = twe::rules_side_by_side(content(), "base", "gcc");
  REQUIRE_FALSE(d.differences.empty());
  bool followers = false;
  for (const auto& [field, ab] : d.differences)
    followers = followers || (field == "followers" && ab.first == "7" && ab.second == "5");
  CHECK(followers);
  CHECK(d.side_by_side().find("base (parent)") != std::string::npos);
  CHECK(d.side_by_side().find("Rules that differ:") != std::string::npos);

  twe::EstimateOptions o;
  o.games = 3;
  o.bots = {"greedy", "greedy"};
  const twe::ComparisonResult r = twe::compare_with_parent(content(), "gcc", o);
  REQUIRE(r.a.error.empty());
  REQUIRE(r.b.error.empty());
  CHECK(r.parent == "base");
  // Each side is exactly the estimate of that rule set alone (the same seeds and bots).
  twe::EstimateOptions base = o, gcc = o;
  base.rule_set = "base";
  gcc.rule_set = "gcc";
  CHECK(r.a.mean_score == twe::estimate(content(), base).mean_score);
  CHECK(r.b.mean_score == twe::estimate(content(), gcc).mean_score);
  const std::string t = r.side_by_side();
  INFO(t);
  CHECK(t.find("The same 3 seeded games of each") != std::string::npos);
  CHECK(t.find("seat 1 mean score") != std::string::npos);
  CHECK(twe::compare_with_parent(content(), "base", o).a.error == "rule set base has no parent");
}

TEST_CASE_METHOD(FrameFixture, "rules: Compare with parent in the rules view", "[rules][issue34][ui]") {
  twe::RulesView* rv = frame->rules();
  frame->show_page(rv);
  REQUIRE(rv->select_rule_set("base"));
  pump();
  CHECK_FALSE(rv->compare_button()->IsEnabled());  // base has no parent
  REQUIRE(rv->select_rule_set("gcc"));
  pump();
  REQUIRE(rv->compare_button()->IsEnabled());
  CHECK(rv->compare_button()->GetLabel() == "Compare with base");
  REQUIRE(rv->start_compare(4, "greedy,greedy"));
  CHECK(rv->estimate_text().find("Rules that differ:") != std::string::npos);  // at once
  REQUIRE(pump_until([&] { return !rv->estimating(); }, 300000));
  CHECK(rv->last_comparison().a.games == 4);
  CHECK(rv->last_comparison().b.games == 4);
  CHECK(rv->estimate_text() == rv->last_comparison().side_by_side());
  CHECK(rv->estimate_text().find("seat 2 wins") != std::string::npos);
  CHECK(rv->progress_value() == 8);
  screenshot(frame, "rules_compare");
}
