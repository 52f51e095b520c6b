// The estimate's bracket (issue 33): for a co-op level, "Solver" searches every same
// deal with the whole pile known; the estimate shows the bots' win rate and the
// winnable share, each with its 95% interval, and "Open a winning line" stores the
// solver's record of a won deal and opens it in Replays, where it ends in a win.
#include <catch2/catch.hpp>

#include <wx/button.h>

#include "doc/estimate.h"
#include "fixture.h"
#include "review/replay_doc.h"
#include "review/replay_view.h"
#include "schema/store.h"
#include "views/rules_view.h"

using namespace twe::test;

TEST_CASE("estimate with the solver: both figures over the same deals, as simulate --solve", "[estimate][solver]") {
  const tw::Content c = tw::Store::open(TW_TEST_DB, tw::Store::Mode::ReadOnly).load_content();
  twe::EstimateOptions o;
  o.level = "mists-1";
  o.bots = {"coop", "coop"};
  o.games = 4;
  o.seed = 1;
  o.threads = 2;
  o.solve = true;
  o.solve_nodes = 30000;
  const auto r = twe::estimate(c, o);
  REQUIRE(r.error.empty());
  CHECK(r.solved_deals == 4);
  CHECK(r.winnable >= r.coop_wins);        // the bracket's order
  CHECK(r.winnable >= r.solver_wins);
  REQUIRE(r.solver_wins > 0);             // seed 3 is won within 25,000 nodes
  CHECK(r.solver_won_rows.size() == static_cast<size_t>(r.solver_wins));
  const std::string text = r.summary();
  INFO(text);
  CHECK(text.find("Bots' win rate") != std::string::npos);
  CHECK(text.find("Winnable share") != std::string::npos);
  CHECK(text.find("Bracket: the bots win") != std::string::npos);
  // The same figures as the study library gives `simulate --solve` for these deals.
  tw::study::Study s = r.report.study;
  const auto v = tw::study::summarise(s, 0, r.report.rows);
  CHECK(v.winnable == r.winnable);
  CHECK(v.solver_wins == r.solver_wins);
  // Every winning line replays as a win.
  for (size_t k = 0; k < r.solver_won_rows.size(); ++k) {
    std::string error;
    const auto w = twe::winning_line(c, r, k, &error);
    INFO(error);
    REQUIRE(w);
    CHECK(twe::winning_line_label(r, k).rfind("seed ", 0) == 0);
  }
  std::string error;
  CHECK_FALSE(twe::winning_line(c, r, r.solver_won_rows.size(), &error));
  // Without the solver: no bracket; a competitive rule set refuses it.
  o.solve = false;
  CHECK(twe::estimate(c, o).solved_deals == 0);
  twe::EstimateOptions comp;
  comp.rule_set = "base";
  comp.games = 1;
  comp.solve = true;
  CHECK(twe::estimate(c, comp).error.find("co-op level") != std::string::npos);
}

TEST_CASE_METHOD(FrameFixture, "rules view: the bracket and Open a winning line in Replays", "[rules][solver]") {
  twe::RulesView* rv = frame->rules();
  frame->show_page(rv);
  REQUIRE(rv->select_rule_set("mists"));
  REQUIRE(rv->select_level("mists-1"));
  pump();
  CHECK_FALSE(rv->open_line_button()->IsEnabled());
  rv->start_estimate(4, "coop,coop", 30000);
  CHECK(rv->estimating());
  // The GUI thread keeps serving events while the worker plays and searches.
  bool idle_seen = false;
  REQUIRE(pump_until(
      [&] {
        idle_seen = true;
        return !rv->estimating();
      },
      600000));
  CHECK(idle_seen);
  pump();
  const auto& r = rv->last_estimate();
  REQUIRE(r.error.empty());
  CHECK(r.solved_deals == 4);
  const std::string text = rv->estimate_text();
  INFO(text);
  CHECK(text.find("Bots' win rate") != std::string::npos);
  CHECK(text.find("Winnable share") != std::string::npos);
  REQUIRE_FALSE(rv->winning_lines().empty());
  CHECK(rv->open_line_button()->IsEnabled());
  screenshot(frame, "rules_bracket");

  const int64_t id = rv->open_winning_line(0);
  INFO(rv->last_open_error());
  REQUIRE(id > 0);
  pump();
  twe::ReplayDoc* doc = frame->replays()->doc();
  REQUIRE(doc);
  CHECK(doc->id() == id);
  // The record opened is the solver's line, and its game ends in a win.
  CHECK(doc->replay().log.header.seed == rv->last_estimate().report.rows[r.solver_won_rows[0]].seed);
  const std::string* result = doc->replay().log.tag("Result");
  REQUIRE(result);
  CHECK(result->rfind("win", 0) == 0);
  screenshot(frame, "replays_winning_line");
  CHECK(rv->open_winning_line(99) == -1);
  CHECK_FALSE(rv->last_open_error().empty());
}
