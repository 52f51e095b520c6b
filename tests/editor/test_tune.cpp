// Tune... in the editor (issue 62 item 3): the tune document (doc/tune.h) runs the study
// library's own search, so on the same seeds it gives the library's bracket, values and
// games; the dialog runs it on a worker thread with the chart filling, Stop stops it, and
// "Save as new level" writes the clone with the value found into the store (undoable).
#include <catch2/catch.hpp>

#include <wx/button.h>
#include <wx/cmdproc.h>

#include "doc/tune.h"
#include "fixture.h"
#include "schema/store.h"
#include "views/rules_view.h"
#include "views/study_chart.h"
#include "views/tune_dialog.h"

using namespace twe::test;

namespace {

twe::TuneRequest small_mists4() {
  twe::TuneRequest r;
  r.source = "mists-4";
  r.param = "ghost_bank";
  r.measure = "win";
  r.target = 0.30;
  r.bots = {"coop", "coop"};
  r.lo = 14;
  r.hi = 34;
  r.games = 20;
  r.budget = 240;
  r.seed = 3;
  r.threads = 2;
  return r;
}

}  // namespace

TEST_CASE("tune document: the library's bracket on the same seeds", "[tune]") {
  const tw::Content c = tw::Store::open(TW_TEST_DB, tw::Store::Mode::ReadOnly).load_content();
  const twe::TuneRequest req = small_mists4();
  std::vector<twe::TuneSnapshot> snaps;
  int64_t last_done = -1, last_total = 0;
  const twe::TuneOutcome o = twe::run_tune(
      c, req, [&](const twe::TuneSnapshot& s) { snaps.push_back(s); },
      [&](int64_t d, int64_t t) {
        CHECK(d >= last_done);  // progress only grows
        last_done = d;
        last_total = t;
      });
  INFO(o.error);
  REQUIRE(o.done());
  CHECK(last_total == req.budget);
  CHECK(last_done == o.result.games);

  // The library itself, as `tilewright tune mists-4@coop,coop --param ghost_bank --range
  // 14..34 --target win=0.30 --games 20 --budget 240 --seed 3` runs it.
  tw::Content lc = c;
  std::string error;
  const auto p = tw::study::find_param_of(lc, "mists-4", "ghost_bank", &error);
  REQUIRE(p);
  tw::study::Study proto;
  proto.seed = 3;
  proto.seeds = 1;
  tw::study::Variant base{"mists", "mists-4", {"coop", "coop"}, "", 0, false, 0};
  tw::study::RunOptions ro;
  ro.threads = 1;  // the figures do not depend on it
  tw::study::TuneSpec spec;
  spec.lo = 14;
  spec.hi = 34;
  spec.target = 0.30;
  spec.proportion = true;
  spec.start_games = 20;
  spec.budget = 240;
  const tw::study::TuneResult lib = tw::study::tune(spec, tw::study::engine_evaluator(lc, *p, base, proto, "win", ro));
  CHECK(o.result.below == lib.below);
  CHECK(o.result.above == lib.above);
  CHECK(o.result.best == lib.best);
  CHECK(o.result.bracketed == lib.bracketed);
  CHECK(o.result.games == lib.games);
  CHECK(o.result.verdict == lib.verdict);
  REQUIRE(o.result.values.size() == lib.values.size());
  for (const auto& [v, tv] : lib.values) {
    REQUIRE(o.result.values.count(v) == 1);
    CHECK(o.result.values.at(v).xs == tv.xs);  // the same games, game by game
  }
  REQUIRE(lib.bracketed);  // 30% lies inside 14..34 for two coop bots
  // A snapshot after every step of the search; the last one is the final chart.
  REQUIRE(snaps.size() == lib.evals.size());
  CHECK(snaps.back().games == lib.games);
  REQUIRE(snaps.back().chart.points.size() == o.chart.points.size());
  for (size_t i = 0; i < o.chart.points.size(); ++i) {
    CHECK(snaps.back().chart.points[i].value == o.chart.points[i].value);
    CHECK(snaps.back().chart.points[i].games == o.chart.points[i].games);
    CHECK(snaps.back().chart.points[i].measure.mean == Approx(o.chart.points[i].measure.mean));
    CHECK(snaps.back().chart.points[i].measure.lo == Approx(o.chart.points[i].measure.lo));
  }
  CHECK(o.chart.target == 0.30);
  CHECK(o.summary().find("Value found: ghost_bank = " + std::to_string(lib.best)) != std::string::npos);

  // What Save as new would write: a level column of a level -> a new level.
  const twe::TunedSave s = twe::tuned_save(c, o);
  CHECK(s.level);
  CHECK(s.source == "mists-4");
  CHECK(s.value == lib.best);
  CHECK(twe::tuned_default_id(c, s) == "mists-4-ghost_bank-" + std::to_string(lib.best));
  // A rule-set parameter of a level: a new rule set (a copy of the one it plays).
  twe::TuneOutcome rp = o;
  rp.param.level_column = false;
  rp.param.key = "followers";
  CHECK_FALSE(twe::tuned_save(c, rp).level);
  CHECK(twe::tuned_save(c, rp).source == "mists");

  // The numbers offered: the level's own columns first, then its rule set's parameters.
  const auto ps = twe::tune_params(c, "mists-4");
  REQUIRE_FALSE(ps.empty());
  CHECK(ps.front().level_column);
  CHECK(std::any_of(ps.begin(), ps.end(), [](const twe::TuneParam& q) { return q.key == "ghost_bank"; }));
  CHECK(std::any_of(ps.begin(), ps.end(), [](const twe::TuneParam& q) { return !q.level_column; }));
  // Refusals: the range, the measure.
  twe::TuneRequest bad = req;
  bad.lo = -5;
  CHECK(twe::run_tune(c, bad).error.find("ranges over") != std::string::npos);
  bad = req;
  bad.measure = "seat-advantage";
  CHECK_FALSE(twe::run_tune(c, bad).error.empty());
}

TEST_CASE("tune document: cancelled, it stops with the values so far and nothing to save", "[tune]") {
  const tw::Content c = tw::Store::open(TW_TEST_DB, tw::Store::Mode::ReadOnly).load_content();
  twe::TuneRequest req = small_mists4();
  req.budget = 1000000;
  req.games = 400;
  std::atomic<bool> cancel{false};
  int steps = 0;
  const twe::TuneOutcome o = twe::run_tune(
      c, req, [&](const twe::TuneSnapshot&) { ++steps; },
      [&](int64_t done, int64_t) {
        if (done >= 30) cancel = true;  // Stop, in the middle of the first value's games
      },
      &cancel);
  CHECK(o.stopped);
  CHECK_FALSE(o.done());
  CHECK(steps == 0);
  CHECK(o.error.empty());
  CHECK(o.summary().find("Stopped") != std::string::npos);
}

TEST_CASE_METHOD(FrameFixture, "Tune dialog: runs in the background, charts as it fills, Stop stops it",
                 "[tune][rules]") {
  twe::RulesView* rv = frame->rules();
  frame->show_page(rv);
  REQUIRE(rv->select_rule_set("mists"));
  REQUIRE(rv->select_level("mists-4"));
  pump();
  twe::TuneDialog* d = rv->open_tune();
  REQUIRE(d);
  CHECK(d->source() == "mists-4");
  pump();
  REQUIRE(d->set_param("ghost_bank"));
  d->set_range(10, 40);
  REQUIRE(d->set_target("win", "30%"));
  d->set_games(300);
  d->set_budget(1000000);
  d->set_threads(2);
  std::string error;
  CHECK(d->request(&error).target == Approx(0.30));
  CHECK(error.empty());
  click(d->tune_button());  // Tune
  CHECK(d->running());
  CHECK(d->tune_button()->GetLabel() == "Stop");
  // The chart fills after the first step while the UI thread serves events.
  REQUIRE(pump_until([&] { return d->steps_shown() >= 1; }, 120000));
  REQUIRE(d->chart()->sweep());
  CHECK(d->chart()->sweep()->points.size() >= 1);
  CHECK(d->running());
  click(d->tune_button());  // Stop
  REQUIRE(pump_until([&] { return !d->running(); }, 60000));
  CHECK(d->outcome().stopped);
  CHECK(d->tune_button()->GetLabel() == "Tune");
  CHECK_FALSE(d->save_button()->IsEnabled());
  CHECK(d->save_as_new("mists-4-stopped") == "nothing tuned to save");
  CHECK(d->result_text().find("Stopped") != std::string::npos);
  d->Destroy();
  pump();
}

TEST_CASE_METHOD(FrameFixture, "Tune dialog: Save as new level writes the clone with the value into the store",
                 "[tune][rules]") {
  twe::RulesView* rv = frame->rules();
  frame->show_page(rv);
  REQUIRE(rv->select_rule_set("mists"));
  REQUIRE(rv->select_level("mists-4"));
  pump();
  twe::TuneDialog* d = rv->open_tune();
  REQUIRE(d);
  REQUIRE(d->set_param("ghost_bank"));
  d->set_range(14, 34);
  REQUIRE(d->set_target("win", "0.30"));
  d->set_games(20);
  d->set_budget(240);
  d->set_seed(3);
  d->set_threads(2);
  REQUIRE(d->start());
  REQUIRE(pump_until([&] { return !d->running(); }, 120000));
  INFO(d->outcome().error);
  REQUIRE(d->outcome().done());
  const int64_t best = d->outcome().result.best;
  CHECK(d->progress_value() == 1000);
  CHECK(d->save_button()->IsEnabled());
  CHECK(d->save_button()->GetLabel() == "Save as new level");
  CHECK(d->result_text().find("nearest") != std::string::npos);
  REQUIRE(d->chart()->sweep());
  CHECK(d->chart()->sweep()->points.size() == d->outcome().result.values.size());
  screenshot(d, "tune_dialog");

  // An id already taken is refused, nothing written.
  CHECK_FALSE(d->save_as_new("mists-3").empty());
  CHECK(d->save_as_new("mists-4-thirty", "Mists 4, 30%").empty());
  {
    const tw::Content c = tw::Store::open(db_path, tw::Store::Mode::ReadOnly).load_content();
    const tw::Level* l = c.find_level("mists-4-thirty");
    REQUIRE(l);
    CHECK(l->ghost_bank == best);
    const tw::Level* src = c.find_level("mists-4");
    REQUIRE(src);
    CHECK(l->rule_set == src->rule_set);
    CHECK(l->target == src->target);  // the rest as the source
  }
  CHECK(ctx().content.find_level("mists-4-thirty"));  // the editor's content too
  CHECK_FALSE(d->save_button()->IsEnabled());
  // Undo removes it again.
  REQUIRE(ctx().commands->CanUndo());
  ctx().commands->Undo();
  pump();
  CHECK_FALSE(tw::Store::open(db_path, tw::Store::Mode::ReadOnly).load_content().find_level("mists-4-thirty"));
  d->Destroy();
  pump();
}

TEST_CASE_METHOD(FrameFixture, "Save as new rule set: a rule parameter's clone through the store, a refused value leaves nothing",
                 "[tune][rules]") {
  twe::TunedSave s;
  s.level = false;
  s.source = "gcc";
  s.key = "ghosts_to_scare";
  s.value = 4;
  CHECK(twe::tuned_default_id(ctx().content, s) == "gcc-ghosts_to_scare-4");
  auto* cmd = new twe::SaveTunedCommand(ctx(), s, "gcc-fair", "gcc, fair");
  REQUIRE(ctx().commands->Submit(cmd));
  {
    const tw::Content c = tw::Store::open(db_path, tw::Store::Mode::ReadOnly).load_content();
    const tw::RuleSet* rs = c.find_rule_set("gcc-fair");
    REQUIRE(rs);
    CHECK(rs->rules.ghosts_to_scare == 4);
    CHECK(rs->rules.followers == c.find_rule_set("gcc")->rules.followers);
  }
  // Out of the parameter's range: refused by the store's checks, the copy removed again.
  s.value = 1000000;
  twe::SaveTunedCommand bad(ctx(), s, "gcc-bad", "");
  CHECK_FALSE(bad.Do());
  CHECK(bad.error().find("refused") != std::string::npos);
  CHECK_FALSE(tw::Store::open(db_path, tw::Store::Mode::ReadOnly).load_content().find_rule_set("gcc-bad"));
  CHECK_FALSE(ctx().content.find_rule_set("gcc-bad"));
  // An id already taken.
  twe::SaveTunedCommand taken(ctx(), s, "gcc-fair", "");
  CHECK_FALSE(taken.Do());
}
