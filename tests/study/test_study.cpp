// The study library: results independent of threads and shards (merge == whole run,
// byte for byte without timings, for N = 1..4), rotation, paired comparison, SPRT,
// JSON round trip, CSV rows, merge refusals, charts.
#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <numeric>
#include <set>

#include "engine/bots/mcts.h"
#include "fixtures.h"
#include "study/chart.h"
#include "study/study.h"

using namespace tw;
using namespace tw::study;

namespace {

Study small_study(bool rotate = false) {
  Study s;
  s.variants.push_back({"gcc", "", {"greedy", "random"}, "", 0, false, 0});
  s.seeds = 6;
  s.seed = 11;
  s.rotate = rotate;
  REQUIRE(prepare(test::default_content(), s).empty());
  return s;
}

Study coop_study() {
  Study s;
  s.variants.push_back({"", "mists-1", {"coop", "coop"}, "", 0, false, 0});
  s.variants.push_back({"", "mists-2", {"coop", "coop"}, "", 0, false, 0});
  s.seeds = 3;
  s.seed = 5;
  REQUIRE(prepare(test::default_content(), s).empty());
  return s;
}

Report run_whole(const Study& s, int threads) {
  RunOptions o;
  o.threads = threads;
  RunResult r = play(test::default_content(), s, shard_indices(s, {0, 1}), o);
  Report rep;
  rep.study = s;
  rep.rows = r.rows;
  rep.seconds = r.seconds;
  rep.threads = r.threads;
  return rep;
}

std::string without_timing(Json j) {
  j.erase("timing");
  return j.dump();
}

}  // namespace

TEST_CASE("game indices decompose into seed, rotation and variant, shards are disjoint and cover") {
  Study s = coop_study();
  s.rotate = true;
  CHECK(s.rotations() == 2);
  CHECK(s.total_games() == 12);
  const GameRow r = describe(s, 7);  // (seed_index * 2 + rotation) * 2 + variant = 7
  CHECK(r.variant == 1);
  CHECK(r.rotation == 1);
  CHECK(r.seed_index == 1);
  CHECK(r.seed == 6);
  for (int n = 1; n <= 5; ++n) {
    std::set<uint64_t> all;
    size_t count = 0;
    for (int i = 0; i < n; ++i)
      for (uint64_t x : shard_indices(s, {i, n})) {
        all.insert(x);
        ++count;
      }
    CHECK(count == 12);
    CHECK(all.size() == 12);
  }
  CHECK(shard_indices(s, {3, 3}).empty());
}

TEST_CASE("the thread count changes no figure") {
  const Study s = small_study();
  CHECK(without_timing(to_json(run_whole(s, 1))) == without_timing(to_json(run_whole(s, 2))));
  CHECK(to_csv(run_whole(s, 1)) == to_csv(run_whole(s, 3)));
}

TEST_CASE("merging N shards gives the whole run's JSON exactly, N = 1..4") {
  for (const Study& s : {small_study(true), coop_study()}) {
    const std::string whole = without_timing(to_json(run_whole(s, 2)));
    for (int n = 1; n <= 4; ++n) {
      std::vector<Report> parts;
      for (int i = n - 1; i >= 0; --i) {  // any order
        RunOptions o;
        o.threads = 1;
        Report p;
        p.study = s;
        p.shard = {i, n};
        p.rows = play(test::default_content(), s, shard_indices(s, {i, n}), o).rows;
        // Through the file format, as `merge` reads them.
        std::string error;
        auto back = from_json(Json::parse(to_json(p).dump()), &error);
        REQUIRE(back);
        CHECK(error.empty());
        parts.push_back(*back);
      }
      std::string error;
      const auto merged = merge(parts, &error);
      REQUIRE(merged);
      CHECK(without_timing(to_json(*merged)) == whole);
      if (n > 1) {
        // Refusals: a missing shard, a shard twice, another study.
        std::vector<Report> missing(parts.begin(), parts.end() - 1);
        CHECK_FALSE(merge(missing, &error));
        CHECK(error.find("missing") != std::string::npos);
        std::vector<Report> twice = parts;
        twice.back() = parts.front();
        CHECK_FALSE(merge(twice, &error));
        CHECK(error.find("twice") != std::string::npos);
        std::vector<Report> other = parts;
        other.front().study.seed += 1;
        CHECK_FALSE(merge(other, &error));
        CHECK(error.find("same study") != std::string::npos);
      }
    }
  }
}

TEST_CASE("rotation plays each seed once per seat order, entrants are counted where they sat") {
  const Study s = small_study(true);
  const Report r = run_whole(s, 2);
  REQUIRE(r.rows.size() == 12);
  CHECK(r.rows[0].bots == std::vector<std::string>{"greedy", "random"});
  CHECK(r.rows[1].bots == std::vector<std::string>{"random", "greedy"});
  CHECK(r.rows[0].seed == r.rows[1].seed);
  const VariantSummary v = summarise(s, 0, r.rows);
  CHECK(v.games == 12);
  CHECK(v.entrants.size() == 2);
  CHECK(v.entrants[0].bot == "greedy");
  CHECK(v.entrants[0].wins + v.entrants[1].wins + v.ties == 12);
  CHECK(v.seat_wins[0] + v.seat_wins[1] + v.ties == 12);
  // Greedy beats random on most seeds whichever seat it takes.
  CHECK(v.entrants[0].wins > v.entrants[1].wins);
  // Entrant 1's measures follow it to seat 2 in rotation 1.
  CHECK(measure(s, r.rows[1], "score") == double(r.rows[1].scores[1]));
}

TEST_CASE("co-op rows carry the graded measures and the JSON names the rules") {
  const Study s = coop_study();
  const Report r = run_whole(s, 2);
  const Json j = to_json(r);
  CHECK(j["study"]["engine"] == std::string("tilewright ") + TW_VERSION);
  CHECK(j["study"]["variants"][0]["rules_digest"].get<std::string>().size() == 16);
  CHECK(j["study"]["variants"][0]["rules_digest"] != j["study"]["variants"][1]["rules_digest"]);
  CHECK(j["study"]["variants"][0]["rule_set"] == "mists");
  CHECK(j["study"]["variants"][0]["budgets"][0]["search"] == "none");
  Study m;
  m.variants.push_back({"base", "", {"mcts:200:2", "mcts"}, "", 0, false, 0});
  m.seeds = 1;
  REQUIRE(prepare(test::default_content(), m).empty());
  const Json budgets = identity(m)["variants"][0]["budgets"];
  CHECK(budgets[0]["iterations"] == 200);
  CHECK(budgets[0]["threads"] == 2);
  CHECK(budgets[1]["iterations"] == kMctsDefaultIterations);
  // Plain `mcts` in a co-op level plays the co-op default, and the identity says so.
  Study cm;
  cm.variants.push_back({"", "mists-2", {"mcts", "mcts:30"}, "", 0, false, 0});
  cm.seeds = 1;
  REQUIRE(prepare(test::default_content(), cm).empty());
  const Json cb = identity(cm)["variants"][0]["budgets"];
  CHECK(cb[0]["iterations"] == kMctsDefaultCoop);
  CHECK(cb[1]["iterations"] == 30);
  CHECK(j["complete"] == true);
  const VariantSummary v = summarise(s, 0, r.rows);
  int losses = 0;
  for (const auto& [why, n] : v.loss_reasons) losses += n;
  CHECK(v.wins + losses == 3);
  CHECK(v.win_rate.lo <= v.win_rate.mean);
  CHECK(v.win_rate.mean <= v.win_rate.hi);
  const std::string csv = to_csv(r);
  CHECK(csv.rfind("index,variant,rule_set,level,seed,rotation,seats,bots,scores,winner,outcome,loss_reason,plies,"
                  "score,target_share,dogs_reached,defeat_ply\n",
                  0) == 0);
  CHECK(std::count(csv.begin(), csv.end(), '\n') == 7);
  CHECK(csv.find(",mists-2,mists,mists-2,5,0,2,coop coop,") != std::string::npos);
  // A paired comparison over the 3 seeds.
  const auto d = paired(s, 1, r.rows);
  REQUIRE_FALSE(d.empty());
  CHECK(d[0].measure == "win");
  CHECK(d[0].pairs == 3);
  CHECK(d[0].diff.mean == Approx(d[0].mean_b - d[0].mean_a));
}

TEST_CASE("wilson and Student's t intervals") {
  const Interval w = wilson(42, 100);
  CHECK(w.lo == Approx(0.3280).epsilon(0.001));
  CHECK(w.hi == Approx(0.5179).epsilon(0.001));
  // t(0.975, 3) = 3.182 (tables), not the normal 1.96: small samples get wide intervals.
  const Interval m = mean_interval({1, 2, 3, 4});
  CHECK(m.mean == 2.5);
  CHECK(m.hi - m.mean == Approx(3.182446 * std::sqrt((2.25 + 0.25 + 0.25 + 2.25) / 3 / 4)).epsilon(1e-5));
  CHECK(m.mean - m.lo == Approx(m.hi - m.mean));
  // Three games: t(0.975, 2) = 4.303.
  const Interval three = mean_interval({1, 2, 3});
  CHECK(three.hi - three.mean == Approx(4.302653 / std::sqrt(3.0)).epsilon(1e-5));
  CHECK(t_quantile_975(1) == Approx(12.7062).epsilon(1e-4));
  CHECK(t_quantile_975(30) == Approx(2.0423).epsilon(1e-4));
  CHECK(t_quantile_975(100000) == Approx(1.95997).epsilon(1e-4));  // towards the normal
  // One value has no spread to measure: no interval.
  const Interval one = mean_interval({7});
  CHECK((one.lo == 7 && one.hi == 7 && one.mean == 7));
  CHECK(mean_interval({}).mean == 0);
}

TEST_CASE("chart labels are cut at their spaces into lines that fit") {
  CHECK(label_lines("gcc@greedy,mcts:50 1:greedy", 20) == std::vector<std::string>{"gcc@greedy,mcts:50", "1:greedy"});
  CHECK(label_lines("a b c", 3) == std::vector<std::string>{"a b", "c"});
  CHECK(label_lines("averyveryverylongword x", 5) == std::vector<std::string>{"averyveryverylongword", "x"});
  CHECK(label_lines("", 5) == std::vector<std::string>{""});
}

TEST_CASE("the SPRT accepts H1 for a clear difference and H0 for none") {
  SprtOptions o;
  o.d0 = 0;
  o.d1 = 0.1;
  SprtState up, flat;
  for (int i = 0; i < 400 && up.verdict.empty(); ++i) up.add(i % 2 ? 1.0 : 0.0, o);  // mean difference 0.5
  CHECK(up.verdict == "H1");
  CHECK(up.llr >= up.upper);
  for (int i = 0; i < 4000 && flat.verdict.empty(); ++i) flat.add(i % 2 ? 1.0 : -1.0, o);  // mean 0
  CHECK(flat.verdict == "H0");
  CHECK(flat.llr <= flat.lower);
}

// Issue 56: with six variants the bars' labels ("gcc@greedy,random 1:greedy") ran into one
// another. A bar of a comparison now carries its variant as its group: the chart draws the
// bar's own part under it and the variant once under its bars (looked at: PNG and SVG).
TEST_CASE("charts of several variants group each variant's bars under its name") {
  Study s;
  for (const auto& bots : std::vector<std::vector<std::string>>{
           {"greedy", "greedy"}, {"random", "random"}, {"greedy", "random"}, {"random", "greedy"}, {"greedy", "mcts:5"}, {"mcts:5", "greedy"}})
    s.variants.push_back({"gcc", "", bots, "", 0, false, 0});
  s.seeds = 1;
  s.seed = 3;
  REQUIRE(prepare(test::default_content(), s).empty());
  const Report r = run_whole(s, 2);
  const Chart c = chart_data(r);
  REQUIRE(c.win_rates.size() == 12);
  REQUIRE(c.outcomes.size() == 18);
  for (size_t i = 0; i < c.win_rates.size(); ++i) {
    const ChartBar& b = c.win_rates[i];
    CHECK(b.group == s.variants[i / 2].label);
    CHECK(b.own_label() == std::to_string(i % 2 + 1) + ":" + s.variants[i / 2].bots[i % 2]);
    CHECK(b.label == b.group + " " + b.own_label());  // the whole label is kept (the editor draws it)
  }
  CHECK(c.outcomes[2].own_label() == "tie");
  CHECK(c.outcomes[3].group == s.variants[1].label);
  test::TempTestDir dir;
  CHECK(plot(c, (dir.path / "six.svg").string()).empty());
  // One variant: no group, the label as it was.
  const Chart one = chart_data(run_whole(small_study(), 1));
  CHECK(one.win_rates[0].group.empty());
  CHECK(one.win_rates[0].own_label() == one.win_rates[0].label);
}

TEST_CASE("charts hold one bar per variant or bot and a histogram per variant, PLplot writes the SVG") {
  const Study s = coop_study();
  const Report r = run_whole(s, 1);
  const Chart c = chart_data(r);
  CHECK(c.win_rates.size() == 2);
  CHECK(c.scores.size() == 2);
  CHECK(std::accumulate(c.scores[0].counts.begin(), c.scores[0].counts.end(), 0.0) == 3);
  CHECK_FALSE(c.outcomes.empty());
  test::TempTestDir dir;
  const auto file = (dir.path / "study.svg").string();
  CHECK(plot(c, file).empty());
  const std::string svg = test::read_text(file);
  CHECK(svg.find("<svg") != std::string::npos);
  CHECK(plot(c, (dir.path / "study.txt").string()).find(".svg or .png") != std::string::npos);
  // A comparison: the paired differences B - A (the point of compare), win rate in
  // percentage points and the team's score, each with its interval, drawn as two more panels.
  REQUIRE(c.differences.size() == 2);
  CHECK(c.differences[0].title.rfind("win rate: B - A", 0) == 0);
  CHECK(c.differences[1].title.rfind("final team score: B - A", 0) == 0);
  const auto diffs = paired(s, 1, r.rows);
  REQUIRE(c.differences[0].bars.size() == 1);
  const ChartBar& win = c.differences[0].bars[0];
  CHECK(win.value == Approx(100 * diffs[0].diff.mean));
  CHECK(win.lo == Approx(100 * diffs[0].diff.lo));
  CHECK(win.hi == Approx(100 * diffs[0].diff.hi));
  CHECK(win.label == s.variants[1].label + " - " + s.variants[0].label);
  // PLplot's svg writes each character as an entity: the difference panels' titles are there.
  const auto in_svg = [](const std::string& text) {
    std::string out;
    char buf[16];
    for (unsigned char ch : text) {
      std::snprintf(buf, sizeof buf, "&#x%x;", ch);
      out += buf;
    }
    return out;
  };
  CHECK(svg.find(in_svg("win rate: B - A")) != std::string::npos);
  CHECK(svg.find(in_svg("final team score: B - A")) != std::string::npos);
  // One variant: nothing to compare, no difference panels.
  Study one = s;
  one.variants.resize(1);
  std::vector<GameRow> rows;
  for (const auto& g : r.rows)
    if (g.variant == 0) rows.push_back(g);
  Report r1 = r;
  r1.study = one;
  r1.rows = rows;
  CHECK(chart_data(r1).differences.empty());
}
