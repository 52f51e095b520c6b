// Levels and rule sets: the estimate is deterministic and counts every game; the rules
// view changes a parameter and a level column through undoable commands, refuses values
// the loader refuses (message next to the field, nothing written), clones a rule set,
// and its difficulty estimate runs on a background thread with a progress bar.
#include <catch2/catch.hpp>

#include <wx/propgrid/propgrid.h>

#include <numeric>

#include "doc/estimate.h"
#include "engine/bots/mcts.h"
#include "fixture.h"
#include "schema/store.h"
#include "views/rules_view.h"

using namespace twe::test;

namespace {

tw::Content stored(const std::string& db) { return tw::Store::open(db, tw::Store::Mode::ReadOnly).load_content(); }

}  // namespace

TEST_CASE("estimate: seeded, every game counted, co-op loss reasons", "[estimate]") {
  const tw::Content c = stored(TW_TEST_DB);
  twe::EstimateOptions o;
  o.rule_set = "base";
  o.games = 12;
  const auto a = twe::estimate(c, o), b = twe::estimate(c, o);
  REQUIRE(a.error.empty());
  CHECK(a.games == 12);
  CHECK_FALSE(a.coop);
  CHECK(a.mean_score == b.mean_score);
  CHECK(a.wins == b.wins);
  CHECK(std::accumulate(a.wins.begin(), a.wins.end(), 0) + a.ties == 12);  // alone first, as simulate counts
  CHECK(a.mean_score[0] > 10);
  o.seed = 99;
  CHECK(twe::estimate(c, o).mean_score != a.mean_score);

  twe::EstimateOptions bad = o;
  bad.bots = {"nobody"};
  CHECK_FALSE(twe::estimate(c, bad).error.empty());

  twe::EstimateOptions co;
  co.level = "mists-1";
  co.bots = {"coop", "coop"};
  co.games = 3;
  const auto r = twe::estimate(c, co);
  REQUIRE(r.error.empty());
  CHECK(r.coop);
  int losses = 0;
  for (const auto& [why, n] : r.loss_reasons) losses += n;
  CHECK(r.coop_wins + losses == 3);
  CHECK(r.summary().find("Win rate") != std::string::npos);
  // The meter names who measured, with the budget.
  CHECK(r.measured_by == "bot:coop (one ply) x2");
  CHECK(r.summary().rfind("Measured by bot:coop (one ply) x2\n", 0) == 0);
  twe::EstimateOptions strong = co;
  strong.bots = {"mcts:2", "coop"};
  strong.games = 1;
  const auto m = twe::estimate(c, strong);
  REQUIRE(m.error.empty());
  CHECK(m.games == 1);
  CHECK(m.measured_by ==
        "bot:mcts:2 (2 iterations a placement or evaluation, the co-op bot's other decisions), bot:coop (one ply)");
  // `mcts` alone: the level's default budget (named before a game is played).
  twe::EstimateOptions deflt = co;
  deflt.bots = {"mcts", "mcts"};
  std::atomic<bool> stop{true};
  const auto d = twe::estimate(c, deflt, {}, &stop);
  CHECK(d.games == 0);
  CHECK(d.measured_by == "bot:mcts (" + std::to_string(tw::kMctsDefaultCoop) +
                         " iterations a placement or evaluation, the co-op bot's other decisions) x2");

  std::atomic<bool> cancel{true};
  CHECK(twe::estimate(c, o, {}, &cancel).games == 0);
}

TEST_CASE_METHOD(FrameFixture, "rules view: edit, refuse, undo, redo, clone, level, estimate", "[rules]") {
  twe::RulesView* rv = frame->rules();
  frame->show_page(rv);
  REQUIRE(rv->select_rule_set("base"));
  pump();
  CHECK(rv->grid()->GetPropertyByName("param.city_tile_points"));
  CHECK(rv->grid()->GetPropertyValueAsString("param.city_tile_points") == "2");

  // A good value: written, undone, redone.
  REQUIRE(rv->set_param("city_tile_points", 3));
  pump();
  CHECK(stored(db_path).find_rule_set("base")->rules.city_tile_points == 3);
  CHECK(rv->grid()->GetPropertyValueAsString("param.city_tile_points") == "3");
  menu(frame, wxID_UNDO);
  pump();
  CHECK(stored(db_path).find_rule_set("base")->rules.city_tile_points == 2);
  menu(frame, wxID_REDO);
  pump();
  CHECK(stored(db_path).find_rule_set("base")->rules.city_tile_points == 3);

  // A value out of range: refused with the reason next to the field, nothing written.
  CHECK_FALSE(rv->set_param("followers", 999));
  CHECK(rv->field_problem().find("followers") != std::string::npos);
  CHECK(stored(db_path).find_rule_set("base")->rules.followers == 7);
  CHECK(rv->grid()->GetPropertyByName("param.followers")->GetCell(1).GetBgCol() != *wxWHITE);
  pump();
  screenshot(frame, "rules_error");

  // Clone, then undo the clone.
  REQUIRE(rv->clone_rule_set("base-test", "Base, a test copy"));
  pump();
  CHECK(stored(db_path).find_rule_set("base-test"));
  CHECK(stored(db_path).find_rule_set("base-test")->rules.city_tile_points == 3);
  CHECK(rv->rule_set() == "base-test");
  menu(frame, wxID_UNDO);
  pump();
  CHECK_FALSE(stored(db_path).find_rule_set("base-test"));

  // A co-op level's columns: a good value, then ones the loader refuses.
  // A tile that was not in the draw pile goes in (the command the "Add tile..." dialog
  // submits), and out again with undo.
  REQUIRE(rv->select_rule_set("base"));
  pump();
  REQUIRE(rv->set_pool_count("mists", "M17", 2));
  CHECK(stored(db_path).find_rule_set("base")->pool.size() == 25);
  menu(frame, wxID_UNDO);
  pump();
  CHECK(stored(db_path).find_rule_set("base")->pool.size() == 24);
  REQUIRE(rv->select_level("mists-3"));
  pump();
  CHECK(rv->grid()->GetPropertyByName("level.target"));
  REQUIRE(rv->set_level_field("target", "111"));
  CHECK(stored(db_path).find_level("mists-3")->target == 111);
  CHECK_FALSE(rv->set_level_field("dogs", "50 15"));  // thresholds must increase
  CHECK_FALSE(rv->field_problem().empty());
  CHECK(stored(db_path).find_level("mists-3")->dogs == std::vector<int>{15, 50});
  CHECK_FALSE(rv->set_level_field("cemetery", "spooky"));
  CHECK(rv->field_problem().find("cemetery") != std::string::npos);
  // The followers per seat count: edited as text, checked, undoable.
  REQUIRE(rv->set_level_field("followers", "1p: 4x3; 2p: 2x4; 3p: 1x5"));
  {
    const tw::Content c = stored(db_path);
    REQUIRE(c.find_level("mists-3")->followers_for(2));
    CHECK(c.find_level("mists-3")->followers_for(2)->per_colour == 4);
    CHECK_FALSE(c.find_level("mists-3")->followers_for(4));
  }
  CHECK_FALSE(rv->set_level_field("followers", "2p: 4x4"));  // 8 colours: more than 6
  CHECK_FALSE(rv->set_level_field("followers", "two players"));
  CHECK(rv->field_problem().find("Np: CxF") != std::string::npos);
  menu(frame, wxID_UNDO);
  pump();
  CHECK(stored(db_path).find_level("mists-3")->followers.size() == 5);
  CHECK(stored(db_path).find_level("mists-3")->followers_for(2)->per_colour == 3);
  // Clone the level: a new row with the same numbers, selected; undo removes it.
  REQUIRE(rv->clone_level("mists-3-easy", "Level 3, easy"));
  pump();
  {
    const tw::Content c = stored(db_path);
    const tw::Level* copy = c.find_level("mists-3-easy");
    REQUIRE(copy);
    CHECK(copy->dogs == c.find_level("mists-3")->dogs);
    CHECK(copy->followers.size() == 5);
    CHECK(copy->name == "Level 3, easy");
  }
  REQUIRE(rv->set_level_field("ghost_bank", "20"));
  CHECK(stored(db_path).find_level("mists-3-easy")->ghost_bank == 20);
  CHECK(stored(db_path).find_level("mists-3")->ghost_bank == 15);
  CHECK_FALSE(rv->clone_level("mists-1", "taken"));
  menu(frame, wxID_UNDO);
  pump();
  menu(frame, wxID_UNDO);
  pump();
  CHECK_FALSE(stored(db_path).find_level("mists-3-easy"));
  REQUIRE(rv->select_level("mists-3"));
  pump();
  rv->start_estimate(2, "mcts:4,mcts:4");
  REQUIRE(pump_until([&] { return !rv->estimating(); }, 300000));
  CHECK(rv->last_estimate().coop);
  CHECK(rv->last_estimate().games == 2);
  // The meter says who measured, with the budget, and the interval.
  CHECK(rv->estimate_text().rfind(
            "Measured by bot:mcts:4 (4 iterations a placement or evaluation, the co-op bot's other decisions) x2\n", 0) == 0);
  CHECK(rv->estimate_text().find("95% interval") != std::string::npos);
  // The charts of the estimate: the team's win rate with its interval, the loss reasons.
  REQUIRE(rv->estimate_chart()->has_chart());
  CHECK(rv->estimate_chart()->chart().win_rates.size() == 1);
  CHECK(rv->estimate_chart()->chart().win_rates[0].lo <= rv->estimate_chart()->chart().win_rates[0].hi);
  screenshot(frame, "rules_level");
  menu(frame, wxID_UNDO);
  pump();
  CHECK(stored(db_path).find_level("mists-3")->target == 100);

  // The estimate runs in the background and fills the gauge.
  REQUIRE(rv->select_rule_set("base"));
  pump();
  rv->start_estimate(20, "greedy,random");
  CHECK(rv->estimating());
  REQUIRE(pump_until([&] { return !rv->estimating(); }, 300000));
  CHECK(rv->last_estimate().games == 20);
  CHECK(rv->progress_value() == 20);
  CHECK(rv->last_estimate().wins.size() == 2);
  REQUIRE(rv->estimate_chart()->has_chart());
  CHECK(rv->estimate_chart()->chart().win_rates.size() == 2);  // one bar per bot
  CHECK(rv->estimate_chart()->chart().win_rates[0].value == Approx(rv->last_estimate().wins[0] / 20.0));
  screenshot(frame, "rules");

  // Reopen: the parameter change is in the file.
  REQUIRE(frame->open_database(db_path));
  CHECK(ctx().content.find_rule_set("base")->rules.city_tile_points == 3);
}
