// Sweeps and tune (issue 62): derived variants, paired deals, the exact arithmetic of a
// level whose target alone changes, bisection that never plays a (value, seed) twice,
// non-monotone measures reported, determinism, shards of a sweep merged.
#include <catch2/catch.hpp>

#include <cmath>
#include <map>
#include <set>

#include "fixtures.h"
#include "study/study.h"
#include "study/sweep.h"

using namespace tw;
using namespace tw::study;

namespace {

// A uniform number in [0, 1) per seed (not per value): values share their deals' luck, as
// paired deals do, so a rising probability gives per-seed monotone outcomes.
double unit(int seed) {
  uint64_t x = static_cast<uint64_t>(seed) * 0x9e3779b97f4a7c15ULL + 0x632be59bd9b4e019ULL;
  x ^= x >> 31;
  x *= 0xbf58476d1ce4e5b9ULL;
  x ^= x >> 27;
  return static_cast<double>(x >> 11) / 9007199254740992.0;
}

// An evaluator of Bernoulli games with win probability p(value), recording every
// (value, seed) it plays.
struct Synthetic {
  std::function<double(int64_t)> p;
  std::multiset<std::pair<int64_t, int>> played;
  TuneEvaluator evaluator() {
    return [this](int64_t v, int first, int count) {
      std::vector<double> xs;
      for (int s = first; s < first + count; ++s) {
        played.insert({v, s});
        xs.push_back(unit(s) < p(v) ? 1.0 : 0.0);
      }
      return xs;
    };
  }
};

// The study of level `src` with `param` at `values`, derived in `c`, `seeds` seeds.
Study sweep_study(Content& c, const std::string& src, const std::string& param, const std::vector<int64_t>& values,
                  int seeds, uint64_t seed) {
  std::string error;
  const auto p = find_param_of(c, src, param, &error);
  REQUIRE(p);
  const auto ids = derive_all(c, *p, values, &error);
  INFO(error);
  REQUIRE(ids);
  Study s;
  s.seed = seed;
  s.seeds = seeds;
  for (size_t i = 0; i < values.size(); ++i)
    s.variants.push_back({(*ids)[i].rule_set, (*ids)[i].level, {"coop", "coop"}, param + "=" + std::to_string(values[i]),
                          0, false, 0});
  s.sweep = SweepSpec{src, param, "win", values};
  const std::string problem = prepare(c, s);
  INFO(problem);
  REQUIRE(problem.empty());
  return s;
}

std::vector<GameRow> play_all(const Content& c, const Study& s) {
  RunOptions o;
  o.threads = 2;
  return play(c, s, shard_indices(s, {0, 1}), o).rows;
}

}  // namespace

TEST_CASE("tune: a known rising probability gives the bracket the arithmetic predicts", "[sweep]") {
  // p(v) = 0.10 + 0.04 v: the target 0.31 lies between v = 5 (0.30) and v = 6 (0.34).
  Synthetic syn;
  syn.p = [](int64_t v) { return 0.10 + 0.04 * static_cast<double>(v); };
  TuneSpec sp;
  sp.lo = 0;
  sp.hi = 20;
  sp.target = 0.31;
  sp.start_games = 200;
  sp.budget = 60000;
  sp.tolerance = 0.001;  // never "close enough": the bracket must separate
  const TuneResult r = tune(sp, syn.evaluator());
  CHECK(r.direction == 1);
  REQUIRE(r.below);
  REQUIRE(r.above);
  CHECK(*r.below == 5);
  CHECK(*r.above == 6);
  CHECK(r.bracketed);
  CHECK(r.monotonicity.monotone);
  CHECK(r.games <= sp.budget);
  // Never a (value, seed) twice; each value's seeds are 0..n-1 (the same deals for every value).
  std::set<std::pair<int64_t, int>> once(syn.played.begin(), syn.played.end());
  CHECK(once.size() == syn.played.size());
  for (const auto& [v, tv] : r.values) {
    for (int s = 0; s < tv.seeds; ++s) CHECK(once.count({v, s}) == 1);
    CHECK(tv.xs.size() == static_cast<size_t>(tv.seeds));
  }
  int64_t sum = 0;
  for (const auto& e : r.evals) {
    CHECK(e.count > 0);
    sum += e.count;
  }
  CHECK(sum == r.games);
  // Bisection plays few values: the ends and about log2(20) midpoints.
  CHECK(r.values.size() <= 8);
  // A falling probability: the same bracket, the other way round.
  Synthetic down;
  down.p = [](int64_t v) { return 0.90 - 0.04 * static_cast<double>(v); };  // 0.31 between 14 (0.34) and 15 (0.30)
  const TuneResult d = tune(sp, down.evaluator());
  CHECK(d.direction == -1);
  REQUIRE(d.below);
  REQUIRE(d.above);
  CHECK(*d.below == 15);
  CHECK(*d.above == 14);
}

TEST_CASE("tune: a non-monotone measure is reported, not hidden, and a spent budget is said", "[sweep]") {
  // Low at 0, high at 10, middling at 20: bisection alone would trust 0 -> 20.
  Synthetic syn;
  syn.p = [](int64_t v) { return v <= 10 ? 0.1 + 0.08 * static_cast<double>(v) : 0.9 - 0.04 * static_cast<double>(v - 10); };
  TuneSpec sp;
  sp.lo = 0;
  sp.hi = 20;
  sp.target = 0.3;
  sp.start_games = 200;
  sp.budget = 20000;
  const TuneResult r = tune(sp, syn.evaluator());
  CHECK_FALSE(r.monotonicity.monotone);
  CHECK(r.monotonicity.text.find("NOT monotone") != std::string::npos);
  CHECK(r.verdict.find("NOT monotone") != std::string::npos);
  // A small budget stops the search and says so.
  Synthetic small;
  small.p = [](int64_t v) { return 0.10 + 0.04 * static_cast<double>(v); };
  sp.budget = 700;
  const TuneResult b = tune(sp, small.evaluator());
  CHECK(b.budget_spent);
  CHECK(b.games <= 700);
  // The same search twice: the same steps and figures.
  Synthetic again;
  again.p = small.p;
  const TuneResult b2 = tune(sp, again.evaluator());
  REQUIRE(b2.evals.size() == b.evals.size());
  for (size_t i = 0; i < b.evals.size(); ++i) {
    CHECK(b2.evals[i].value == b.evals[i].value);
    CHECK(b2.evals[i].count == b.evals[i].count);
  }
  CHECK(b2.best == b.best);
}

TEST_CASE("monotonicity: a step against the trend, or a hump between far values, is found", "[sweep]") {
  std::vector<SweepPoint> pts{{1, 100, {0.1, 0.05, 0.15}}, {2, 100, {0.5, 0.4, 0.6}}, {3, 100, {0.3, 0.2, 0.4}}};
  std::vector<SweepStep> steps{{1, 2, 100, {0.4, 0.3, 0.5}}, {2, 3, 100, {-0.2, -0.3, -0.1}}};
  const Monotonicity m = monotonicity(pts, steps);
  CHECK(m.direction == 1);
  CHECK_FALSE(m.monotone);
  REQUIRE(m.against.size() == 1);
  CHECK(m.against[0].from == 2);
  steps[1].diff = {-0.05, -0.12, 0.02};  // not significant: monotone within the noise
  CHECK(monotonicity(pts, steps).monotone);
}

TEST_CASE("derived variants: a level column or a rule-set parameter, range-checked, nothing else changed", "[sweep]") {
  Content c = test::default_content();
  std::string error;
  CHECK_FALSE(find_param_of(c, "mists-1", "ghost_bnak", &error));
  CHECK(error.find("ghost_bank") != std::string::npos);  // did you mean
  const auto col = find_param_of(c, "mists-1", "target", &error);
  REQUIRE(col);
  CHECK(col->level_column);
  CHECK(col->current == c.find_level("mists-1")->target);
  CHECK_FALSE(derive(c, *col, 0, &error));  // target 1..10000
  CHECK(error.find("outside its range") != std::string::npos);
  const size_t levels = c.levels.size(), rule_sets = c.rule_sets.size();
  const auto ids = derive(c, *col, 35, &error);
  REQUIRE(ids);
  CHECK(c.levels.size() == levels + 1);
  CHECK(c.rule_sets.size() == rule_sets);
  const Level* l = c.find_level(ids->level);
  REQUIRE(l);
  CHECK(l->target == 35);
  CHECK(l->ghost_bank == c.find_level("mists-1")->ghost_bank);
  REQUIRE(derive(c, *col, 35, &error));  // again: the same variant, not a second
  CHECK(c.levels.size() == levels + 1);
  // A rule-set parameter of a level: a copy of its rule set, played by a copy of the level.
  const auto rp = find_param_of(c, "mists-1", "unghost_ghosts", &error);
  REQUIRE(rp);
  CHECK_FALSE(rp->level_column);
  const auto rids = derive(c, *rp, 2, &error);
  REQUIRE(rids);
  CHECK(c.find_level(rids->level)->rule_set == rids->rule_set);
  CHECK(c.find_rule_set(rids->rule_set)->rules.unghost_ghosts == 2);
  CHECK(c.find_rule_set("mists")->rules.unghost_ghosts == 3);
}

TEST_CASE("sweep of a level's target: paired deals and the target's exact arithmetic", "[sweep]") {
  // A level whose target alone changes: the bots play the same until the game ends, so a
  // deal won at target T with final score P ends the same (same plies, same score) at
  // every target T' <= P, and a deal lost at T is lost at every higher target.
  Content c = test::default_content();
  const std::vector<int64_t> values{25, 35, 45};
  const Study s = sweep_study(c, "mists-1", "target", values, 30, 1);
  const auto rows = play_all(c, s);
  REQUIRE(rows.size() == 90);
  std::map<std::pair<int, int>, const GameRow*> at;  // (variant, seed index)
  for (const auto& r : rows) at[{r.variant, r.seed_index}] = &r;
  int implied = 0;
  for (int seed = 0; seed < 30; ++seed)
    for (int a = 0; a < 3; ++a)
      for (int b = a + 1; b < 3; ++b) {
        const GameRow& lo = *at.at({a, seed});
        const GameRow& hi = *at.at({b, seed});
        CHECK(lo.seed == hi.seed);  // paired: the same deal
        if (hi.won()) CHECK(lo.won());
        if (lo.won() && lo.progress >= values[static_cast<size_t>(b)]) {
          ++implied;
          CHECK(hi.won());
          CHECK(hi.plies == lo.plies);
          CHECK(hi.progress == lo.progress);
        }
      }
  CHECK(implied > 0);
  const auto points = sweep_points(s, rows);
  REQUIRE(points.size() == 3);
  CHECK(points[0].measure.mean >= points[1].measure.mean);
  CHECK(points[1].measure.mean >= points[2].measure.mean);
  const Monotonicity m = monotonicity(points, sweep_steps(s, rows));
  CHECK(m.monotone);
  CHECK(m.direction <= 0);
  // A value's games do not depend on the other values swept with it (the same seeds, the
  // same bot streams): 35 alone plays what it played beside 25 and 45.
  Content c2 = test::default_content();
  const Study alone = sweep_study(c2, "mists-1", "target", {35}, 30, 1);
  const auto rows2 = play_all(c2, alone);
  for (int seed = 0; seed < 30; ++seed) {
    CHECK(rows2[static_cast<size_t>(seed)].progress == at.at({1, seed})->progress);
    CHECK(rows2[static_cast<size_t>(seed)].plies == at.at({1, seed})->plies);
  }
}

TEST_CASE("tune on the engine: the values it plays are the sweep's figures on the same deals", "[sweep]") {
  Content c = test::default_content();
  std::string error;
  const auto p = find_param_of(c, "mists-1", "target", &error);
  REQUIRE(p);
  Study proto;
  proto.seed = 3;
  RunOptions ro;
  ro.threads = 2;
  std::set<std::pair<int64_t, int>> played;
  bool twice = false;
  const auto inner = engine_evaluator(c, *p, Variant{"", "mists-1", {"coop", "coop"}, "", 0, false, 0}, proto, "win", ro);
  const auto eval = [&](int64_t v, int first, int count) {
    for (int s = first; s < first + count; ++s) twice = twice || !played.insert({v, s}).second;
    return inner(v, first, count);
  };
  TuneSpec sp;
  sp.lo = 20;
  sp.hi = 60;
  sp.target = 0.4;
  sp.start_games = 12;
  sp.budget = 140;
  const TuneResult r = tune(sp, eval);
  CHECK_FALSE(twice);
  CHECK(r.direction == -1);  // a higher target is harder
  CHECK(r.games <= 140);
  // Every value played, replayed as a sweep of its seeds: the same win count.
  for (const auto& [v, tv] : r.values) {
    Content c2 = test::default_content();
    const Study s = sweep_study(c2, "mists-1", "target", {v}, tv.seeds, 3);
    int wins = 0;
    for (const auto& row : play_all(c2, s)) wins += row.won() ? 1 : 0;
    double tuned = 0;
    for (double x : tv.xs) tuned += x;
    CHECK(static_cast<double>(wins) == tuned);
  }
}

TEST_CASE("a sweep's shards merge into the whole sweep, its summary included", "[sweep]") {
  Content c = test::default_content();
  const Study s = sweep_study(c, "mists-1", "ghost_bank", {10, 14}, 5, 2);
  Report whole;
  whole.study = s;
  whole.rows = play_all(c, s);
  std::vector<Report> parts;
  for (int i = 0; i < 3; ++i) {
    Report part;
    part.study = s;
    part.shard = {i, 3};
    RunOptions o;
    o.threads = 1;
    part.rows = play(c, s, shard_indices(s, part.shard), o).rows;
    // Through JSON, as merge reads the files.
    std::string error;
    auto back = from_json(to_json(part), &error);
    INFO(error);
    REQUIRE(back);
    REQUIRE(back->study.sweep);
    parts.push_back(*back);
  }
  std::string error;
  const auto merged = merge(parts, &error);
  INFO(error);
  REQUIRE(merged);
  Json a = to_json(whole), b = to_json(*merged);
  a.erase("timing");
  b.erase("timing");
  CHECK(a.dump() == b.dump());
  CHECK(a.contains("sweep_summary"));
  CHECK(a["study"]["sweep"]["param"] == "ghost_bank");
  // Another sweep's part is refused.
  Content c2 = test::default_content();
  Report other;
  other.study = sweep_study(c2, "mists-1", "ghost_bank", {10, 15}, 5, 2);
  other.shard = {0, 3};
  other.rows = parts[0].rows;
  CHECK_FALSE(merge({other, parts[1], parts[2]}, &error));
}

TEST_CASE("parse_values: lists, ranges and steps", "[sweep]") {
  std::string error;
  CHECK(*parse_values("12,10,11", "", &error) == std::vector<int64_t>{10, 11, 12});
  CHECK(*parse_values("", "8..16/4", &error) == std::vector<int64_t>{8, 12, 16});
  CHECK(*parse_values("", "3..3", &error) == std::vector<int64_t>{3});
  CHECK_FALSE(parse_values("1,1", "", &error));
  CHECK_FALSE(parse_values("", "9..8", &error));
  CHECK_FALSE(parse_values("1", "1..2", &error));
  CHECK_FALSE(parse_values("", "", &error));
}
