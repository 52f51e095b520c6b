#include "study/sweep.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>
#include <stdexcept>

#include "engine/rules/level_columns.h"
#include "engine/rules/params.h"
#include "engine/text.h"

namespace tw::study {

// ---------------------------------------------------------------------------------
// Measures

const std::vector<std::string>& sweep_measures() {
  static const std::vector<std::string> m{"win", "winnable", "score", "seat-advantage"};
  return m;
}

bool proportion_measure(const std::string& m) { return m == "win" || m == "winnable"; }

double sweep_measure(const Study& s, const GameRow& r, const std::string& m) {
  const Variant& v = s.variants[static_cast<size_t>(r.variant)];
  if (m == "win") return measure(s, r, "win");
  if (m == "winnable") return r.winnable() ? 1 : 0;
  if (m == "score") return measure(s, r, v.coop ? "progress" : "score");
  if (m == "seat-advantage") {
    const double seats = static_cast<double>(std::max<size_t>(1, r.scores.size()));
    if (r.winner < 0) return 0;  // a tie: nobody's share
    return (r.winner == 0 ? 1.0 : 0.0) - 1.0 / seats;
  }
  return 0;
}

std::string check_measure(const Study& s, const Variant& v, const std::string& m) {
  if (std::find(sweep_measures().begin(), sweep_measures().end(), m) == sweep_measures().end())
    return "unknown measure '" + text::printable(m, 40) + "'" + text::did_you_mean(m, sweep_measures()) +
           " (measures: " + text::joined(sweep_measures()) + ")";
  if (m == "winnable" && !(v.coop && s.solve.on))
    return "the measure winnable needs a co-op level and --solve (the solver searches each deal)";
  if (m == "seat-advantage" && (v.coop || v.bots.size() < 2))
    return "the measure seat-advantage needs a competitive game of two or more seats";
  return {};
}

// ---------------------------------------------------------------------------------
// Parameters and derived variants

std::optional<ParamRef> find_param_of(const Content& c, const std::string& source, const std::string& key,
                                      std::string* error) {
  auto fail = [&](const std::string& m) -> std::optional<ParamRef> {
    if (error) *error = m;
    return std::nullopt;
  };
  const Level* lv = c.find_level(source);
  const RuleSet* rs = lv ? c.find_rule_set(lv->rule_set) : c.find_rule_set(source);
  if (!rs) return fail("no rule set or level '" + text::printable(source, 80) + "'");
  ParamRef p;
  p.source = source;
  p.source_is_level = lv != nullptr;
  p.key = key;
  std::vector<std::string> known;
  if (lv) {
    for (const auto& col : level_columns())
      if (col.integer() && col.digest) known.emplace_back(col.name);
    if (const LevelColumn* col = find_level_column(key)) {
      if (!col->integer()) return fail("level column " + key + " is not a number (a sweep varies whole numbers)");
      if (!col->digest) return fail("level column " + key + " does not change the game (numbers that do: " +
                                    text::joined(known) + ")");
      p.level_column = true;
      p.min = col->min;
      p.max = col->max;
      p.current = col->number(*lv);
      return p;
    }
  }
  for (const ParamSpec& spec : rule_param_specs()) known.emplace_back(spec.key);
  if (const ParamSpec* spec = find_param(key)) {
    p.min = spec->min;
    p.max = spec->max;
    p.current = rs->rules.*(spec->field);
    return p;
  }
  return fail(std::string(lv ? "level " : "rule set ") + source + " has no number '" + text::printable(key, 80) + "'" +
              text::did_you_mean(key, known) + " (`tilewright content show " + source + "` lists them)");
}

std::string derived_id(const ParamRef& p, int64_t value) {
  return p.source + "{" + p.key + "=" + std::to_string(value) + "}";
}

namespace {

// Adds the variant without checking the whole content.
std::optional<DerivedIds> add_derived(Content& c, const ParamRef& p, int64_t value, std::string* error) {
  auto fail = [&](const std::string& m) -> std::optional<DerivedIds> {
    if (error) *error = m;
    return std::nullopt;
  };
  if (value < p.min || value > p.max)
    return fail(p.key + " = " + std::to_string(value) + " is outside its range " + std::to_string(p.min) + ".." +
                std::to_string(p.max));
  const std::string id = derived_id(p, value);
  if (p.source_is_level) {
    if (const Level* done = c.find_level(id)) return DerivedIds{done->rule_set, id};
    const Level* lv = c.find_level(p.source);
    if (!lv) return fail("no level '" + p.source + "'");
    Level copy = *lv;
    copy.id = id;
    if (p.level_column) {
      find_level_column(p.key)->set_number(copy, value);
    } else {
      // A rule-set parameter of a level: a copy of its rule set, which the copy plays.
      ParamRef rp = p;
      rp.source = lv->rule_set;
      rp.source_is_level = false;
      auto r = add_derived(c, rp, value, error);
      if (!r) return std::nullopt;
      copy.rule_set = r->rule_set;
    }
    c.levels.push_back(std::move(copy));
    return DerivedIds{c.levels.back().rule_set, id};
  }
  if (c.find_rule_set(id)) return DerivedIds{id, ""};
  const RuleSet* rs = c.find_rule_set(p.source);
  const ParamSpec* spec = find_param(p.key);
  if (!rs || !spec) return fail("no rule set '" + p.source + "' with parameter " + p.key);
  RuleSet copy = *rs;
  copy.id = id;
  copy.rules.*(spec->field) = value;
  if (std::find(copy.own_params.begin(), copy.own_params.end(), spec->key) == copy.own_params.end())
    copy.own_params.push_back(spec->key);
  c.rule_sets.push_back(std::move(copy));
  return DerivedIds{id, ""};
}

}  // namespace

std::optional<std::vector<DerivedIds>> derive_all(Content& c, const ParamRef& p, const std::vector<int64_t>& values,
                                                 std::string* error) {
  std::vector<DerivedIds> out;
  // On a problem, the content is left as it was.
  const size_t rule_sets = c.rule_sets.size(), levels = c.levels.size();
  const auto undo = [&] {
    c.rule_sets.resize(rule_sets);
    c.levels.resize(levels);
  };
  for (int64_t v : values) {
    auto d = add_derived(c, p, v, error);
    if (!d) {
      undo();
      return std::nullopt;
    }
    out.push_back(*d);
  }
  if (c.rule_sets.size() == rule_sets && c.levels.size() == levels) return out;  // all there before: checked then
  // The loader's checks, as `content clone` has them made on its copy.
  const auto errors = validate_content(c);
  if (!errors.empty()) {
    undo();
    std::string m;
    for (size_t i = 0; i < errors.size() && i < 5; ++i) m += (i ? "\n" : "") + format_error(c.source, errors[i]);
    if (error) *error = m;
    return std::nullopt;
  }
  return out;
}

std::optional<DerivedIds> derive(Content& c, const ParamRef& p, int64_t value, std::string* error) {
  auto all = derive_all(c, p, {value}, error);
  if (!all) return std::nullopt;
  return all->front();
}

std::optional<std::vector<int64_t>> parse_values(const std::string& list, const std::string& range, std::string* error) {
  auto fail = [&](const std::string& m) -> std::optional<std::vector<int64_t>> {
    if (error) *error = m;
    return std::nullopt;
  };
  auto number = [](const std::string& t, int64_t& out) {
    size_t used = 0;
    try {
      out = std::stoll(t, &used);
    } catch (const std::exception&) {
      return false;
    }
    return !t.empty() && used == t.size();
  };
  constexpr size_t kMaxValues = 1000;
  std::vector<int64_t> out;
  if (!list.empty() == !range.empty()) return fail("give the values as --values A,B,C or --range LO..HI[/STEP]");
  if (!list.empty()) {
    for (size_t start = 0; start <= list.size();) {
      size_t comma = list.find(',', start);
      if (comma == std::string::npos) comma = list.size();
      int64_t v = 0;
      const std::string word = list.substr(start, comma - start);
      if (!number(word, v)) return fail("--values: '" + text::printable(word, 40) + "' is not a whole number");
      if (std::find(out.begin(), out.end(), v) != out.end())
        return fail("--values: " + std::to_string(v) + " is named twice");
      out.push_back(v);
      if (out.size() > kMaxValues) return fail("--values: at most 1000 values");
      start = comma + 1;
    }
    std::sort(out.begin(), out.end());
    return out;
  }
  const size_t dots = range.find("..");
  const size_t slash = range.find('/');
  int64_t lo = 0, hi = 0, step = 1;
  if (dots == std::string::npos || !number(range.substr(0, dots), lo) ||
      !number(range.substr(dots + 2, slash == std::string::npos ? std::string::npos : slash - dots - 2), hi) ||
      (slash != std::string::npos && !number(range.substr(slash + 1), step)))
    return fail("--range wants LO..HI or LO..HI/STEP (e.g. 8..16 or 8..40/4), not '" + text::printable(range, 40) + "'");
  if (hi < lo || step < 1) return fail("--range: LO..HI with LO <= HI and a step of at least 1");
  if ((hi - lo) / step + 1 > static_cast<int64_t>(kMaxValues)) return fail("--range: at most 1000 values");
  for (int64_t v = lo; v <= hi; v += step) out.push_back(v);
  return out;
}

// ---------------------------------------------------------------------------------
// Summaries

namespace {

Interval interval_of(const std::vector<double>& xs, bool proportion) {
  if (!proportion) return mean_interval(xs);
  double sum = 0;
  for (double x : xs) sum += x;
  return wilson(sum, static_cast<double>(xs.size()));
}

// The paired difference b - a over the first min(|a|, |b|) games (the same seeds, in order).
SweepStep step_of(int64_t from, int64_t to, const std::vector<double>& a, const std::vector<double>& b) {
  SweepStep st;
  st.from = from;
  st.to = to;
  const size_t n = std::min(a.size(), b.size());
  std::vector<double> d(n);
  for (size_t i = 0; i < n; ++i) d[i] = b[i] - a[i];
  st.pairs = static_cast<int>(n);
  st.diff = mean_interval(d);
  return st;
}

std::string fmt_number(double x) {
  char b[32];
  std::snprintf(b, sizeof b, "%+.4g", x);
  return b;
}

}  // namespace

std::vector<SweepPoint> sweep_points(const Study& s, const std::vector<GameRow>& rows) {
  std::vector<SweepPoint> out;
  if (!s.sweep) return out;
  std::vector<std::vector<double>> xs(s.variants.size());
  for (const auto& r : rows) xs[static_cast<size_t>(r.variant)].push_back(sweep_measure(s, r, s.sweep->measure));
  for (size_t v = 0; v < s.variants.size(); ++v)
    out.push_back({s.sweep->values[v], static_cast<int>(xs[v].size()),
                   interval_of(xs[v], proportion_measure(s.sweep->measure))});
  return out;
}

std::vector<SweepStep> sweep_steps(const Study& s, const std::vector<GameRow>& rows) {
  std::vector<SweepStep> out;
  if (!s.sweep) return out;
  // Per variant, the measure by (seed index, rotation), so that the pairs are the same deals.
  std::vector<std::map<std::pair<int, int>, double>> by(s.variants.size());
  for (const auto& r : rows)
    by[static_cast<size_t>(r.variant)][{r.seed_index, r.rotation}] = sweep_measure(s, r, s.sweep->measure);
  for (size_t v = 0; v + 1 < s.variants.size(); ++v) {
    std::vector<double> a, b;
    for (const auto& [key, x] : by[v])
      if (const auto it = by[v + 1].find(key); it != by[v + 1].end()) {
        a.push_back(x);
        b.push_back(it->second);
      }
    out.push_back(step_of(s.sweep->values[v], s.sweep->values[v + 1], a, b));
  }
  return out;
}

Monotonicity monotonicity(const std::vector<SweepPoint>& points, const std::vector<SweepStep>& steps) {
  Monotonicity m;
  if (points.size() < 2) {
    m.text = "one value: no trend";
    return m;
  }
  const double rise = points.back().measure.mean - points.front().measure.mean;
  m.direction = rise > 0 ? 1 : rise < 0 ? -1 : 0;
  bool up = false, down = false;
  for (const auto& st : steps) {
    up = up || st.diff.lo > 0;
    down = down || st.diff.hi < 0;
  }
  if (m.direction == 0) m.direction = up && !down ? 1 : down && !up ? -1 : 0;
  for (const auto& st : steps)
    if ((m.direction > 0 && st.diff.hi < 0) || (m.direction < 0 && st.diff.lo > 0) ||
        (m.direction == 0 && up && down && (st.diff.hi < 0 || st.diff.lo > 0)))
      m.against.push_back(st);
  // Values further apart: a hump that no single step shows (their intervals do not overlap,
  // against the direction).
  for (size_t i = 0; i < points.size(); ++i)
    for (size_t j = i + 2; j < points.size(); ++j) {
      const Interval& a = points[i].measure;
      const Interval& b = points[j].measure;
      if ((m.direction > 0 && b.hi < a.lo) || (m.direction < 0 && b.lo > a.hi)) {
        SweepStep st;
        st.from = points[i].value;
        st.to = points[j].value;
        st.diff = {b.mean - a.mean, b.lo - a.hi, b.hi - a.lo};  // unpaired: pairs 0
        m.against.push_back(st);
      }
    }
  m.monotone = m.against.empty();
  if (m.monotone) {
    m.text = m.direction > 0   ? "monotone: the measure rises with the value (no step significantly against it)"
             : m.direction < 0 ? "monotone: the measure falls as the value rises (no step significantly against it)"
                               : "flat: no step changes the measure significantly";
    return m;
  }
  m.text = std::string("NOT monotone: the measure ") + (m.direction > 0 ? "rises" : m.direction < 0 ? "falls" : "moves") +
           " over the range, but";
  for (size_t i = 0; i < m.against.size(); ++i) {
    const auto& st = m.against[i];
    m.text += std::string(i ? ";" : "") + " from " + std::to_string(st.from) + " to " + std::to_string(st.to) +
              " it changes by " + fmt_number(st.diff.mean) + " (95% " + fmt_number(st.diff.lo) + " .. " +
              fmt_number(st.diff.hi) + (st.pairs > 0 ? ", paired over " + std::to_string(st.pairs) + " games)" : ", unpaired)");
  }
  return m;
}

Json sweep_json(const Study& s, const std::vector<GameRow>& rows) {
  Json j;
  if (!s.sweep) return j;
  const auto points = sweep_points(s, rows);
  const auto steps = sweep_steps(s, rows);
  const auto mono = monotonicity(points, steps);
  Json ps = Json::array();
  for (const auto& p : points)
    ps.push_back(Json{{"value", p.value}, {"games", p.games}, {"mean", p.measure.mean}, {"lo", p.measure.lo},
                      {"hi", p.measure.hi}});
  Json ss = Json::array();
  for (const auto& st : steps)
    ss.push_back(Json{{"from", st.from}, {"to", st.to}, {"pairs", st.pairs}, {"mean", st.diff.mean},
                      {"lo", st.diff.lo}, {"hi", st.diff.hi}});
  j["measure"] = s.sweep->measure;
  j["points"] = ps;
  j["steps"] = ss;
  j["monotone"] = mono.monotone;
  j["direction"] = mono.direction;
  j["trend"] = mono.text;
  return j;
}

SweepChart sweep_chart(const Study& s, const std::vector<GameRow>& rows, std::optional<double> target) {
  SweepChart c;
  if (!s.sweep) return c;
  c.points = sweep_points(s, rows);
  c.percent = proportion_measure(s.sweep->measure);
  c.target = target;
  c.x_label = s.sweep->param;
  c.y_label = s.sweep->measure + (c.percent ? " (%)" : "");
  const Variant& v = s.variants.front();
  std::string bots;
  for (const auto& b : v.bots) bots += (bots.empty() ? "" : ",") + b;
  c.title = s.sweep->measure + " by " + s.sweep->param + " of " + s.sweep->source + ", " + bots + ", " +
            std::to_string(s.seeds) + " seeds a value (95% band)";
  return c;
}

// ---------------------------------------------------------------------------------
// Tune

TuneResult tune(const TuneSpec& sp, const TuneEvaluator& eval) {
  TuneResult R;
  const int n0 = std::max(2, sp.start_games);
  int64_t seeds_played = 0;
  const auto side_of = [&](const Interval& iv) { return iv.lo > sp.target ? 1 : iv.hi < sp.target ? -1 : 0; };
  const auto within = [&](const Interval& iv) {
    return iv.lo >= sp.target - sp.tolerance && iv.hi <= sp.target + sp.tolerance;
  };
  // Plays `count` more seeds at v (never a seed it played there before); false when the
  // budget allows none.
  const auto play = [&](int64_t v, int count, const char* why) {
    const int64_t per_seed = seeds_played > 0 ? std::max<int64_t>(1, R.games / seeds_played) : 1;
    const int64_t left = (sp.budget - R.games) / per_seed;
    if (left <= 0) {
      R.budget_spent = true;
      return false;
    }
    TuneValue& tv = R.values[v];  // (a value enters only with games)
    tv.value = v;
    count = static_cast<int>(std::min<int64_t>(count, left));
    auto xs = eval(v, tv.seeds, count);
    R.evals.push_back({v, tv.seeds, count, why});
    tv.seeds += count;
    seeds_played += count;
    R.games += static_cast<int64_t>(xs.size());
    tv.xs.insert(tv.xs.end(), xs.begin(), xs.end());
    tv.iv = interval_of(tv.xs, sp.proportion);
    tv.side = side_of(tv.iv);
    return true;
  };
  const auto first = [&](int64_t v, const char* why) {
    if (!R.values.count(v)) play(v, n0, why);
    return R.values.count(v) > 0;
  };
  // Grows v (doubling its seeds) until its interval lies on one side of the target, or
  // inside the tolerance, or it holds a third of the budget, or the budget is spent.
  const auto settle = [&](int64_t v, const char* why) {
    while (R.values.count(v)) {
      const TuneValue& tv = R.values.at(v);
      if (tv.side != 0 || within(tv.iv) || static_cast<int64_t>(tv.xs.size()) * 3 >= sp.budget) return;
      if (!play(v, tv.seeds, why)) return;
    }
  };
  const auto mean = [&](int64_t v) { return R.values.at(v).iv.mean; };

  const bool ends = sp.hi >= sp.lo && first(sp.lo, "end of the range") && first(sp.hi, "end of the range");
  if (R.values.empty()) {
    R.verdict = "nothing played (an empty range or no budget)";
    return R;
  }
  if (ends) {
    const double rise = mean(sp.hi) - mean(sp.lo);
    R.direction = rise > 0 ? 1 : rise < 0 ? -1 : 0;
  }
  // g(v) < 0: v's measure lies on the low-value side of the target.
  const auto g = [&](int64_t v) { return R.direction * (mean(v) - sp.target); };
  int64_t a = sp.lo, b = sp.hi;
  if (R.direction != 0 && sp.hi > sp.lo) {
    settle(a, "end of the range");
    settle(b, "end of the range");
    if (g(a) < 0 && g(b) >= 0) {
      R.bracketed = true;
      // Bisect, grow the bracket; when the grown figures move the target out of it (a value
      // first measured on few seeds was lucky), bisect again between the played values
      // that now bracket it.
      for (int round = 0; round < 32; ++round) {
        while (b - a > 1 && !R.budget_spent) {
          const int64_t m = a + (b - a) / 2;
          if (!first(m, "bisection")) break;
          settle(m, "bisection");
          (g(m) < 0 ? a : b) = m;
        }
        // Grow both bracket values on the same seeds (paired: their deals alike) until both
        // are separated from the target, or the nearer one's interval lies within the
        // tolerance, or the budget is spent.
        while (!R.budget_spent) {
          const TuneValue& ta = R.values.at(a);
          const TuneValue& tb = R.values.at(b);
          // Decided only on the same seeds: bisection measures each value on its first
          // seeds, and a few lucky deals lift every value measured on them alike.
          const bool paired = ta.seeds == tb.seeds;
          if (paired && ta.side != 0 && tb.side != 0) break;
          const TuneValue& near = std::abs(ta.iv.mean - sp.target) <= std::abs(tb.iv.mean - sp.target) ? ta : tb;
          if (paired && within(near.iv)) break;
          const int n = paired ? 2 * ta.seeds : std::max(ta.seeds, tb.seeds);
          const int grow_a = n - ta.seeds, grow_b = n - tb.seeds;
          if (grow_a > 0 && !play(a, grow_a, "grow the bracket")) break;
          if (grow_b > 0 && !play(b, grow_b, "grow the bracket")) break;
        }
        if (g(a) < 0 && g(b) >= 0) break;
        // g runs from < 0 to >= 0 in value order (a < b): the first such pair of played values.
        std::optional<std::pair<int64_t, int64_t>> next;
        std::optional<int64_t> prev;
        for (const auto& entry : R.values) {
          if (prev && !next && g(*prev) < 0 && g(entry.first) >= 0) next = {*prev, entry.first};
          prev = entry.first;
        }
        if (!next || R.budget_spent) break;
        a = next->first;
        b = next->second;
      }
      if (R.direction > 0) R.below = a, R.above = b;
      else R.below = b, R.above = a;
    }
  }
  // The nearest value played.
  double best_gap = 1e300;
  for (const auto& [v, tv] : R.values) {
    const double gap = std::abs(tv.iv.mean - sp.target);
    if (gap < best_gap) best_gap = gap, R.best = v;
  }
  // Monotonicity over the values played, paired on their common seeds.
  std::vector<SweepPoint> points;
  std::vector<SweepStep> steps;
  const TuneValue* prev = nullptr;
  for (const auto& [v, tv] : R.values) {
    points.push_back({v, static_cast<int>(tv.xs.size()), tv.iv});
    if (prev) steps.push_back(step_of(prev->value, v, prev->xs, tv.xs));
    prev = &tv;
  }
  R.monotonicity = monotonicity(points, steps);
  const TuneValue& best = R.values.at(R.best);
  R.within_tolerance = within(best.iv);
  if (R.below && R.above) {
    const TuneValue& lo = R.values.at(*R.below);
    const TuneValue& hi = R.values.at(*R.above);
    R.separated = lo.side < 0 && hi.side > 0;
  }
  std::string v;
  if (!ends) {
    v = "the budget does not cover both ends of the range";
  } else if (R.direction == 0) {
    v = "the measure is the same at both ends of the range: nothing to bisect";
  } else if (!R.bracketed) {
    v = "the target lies outside the range: the nearest end is " + std::to_string(R.best);
  } else if (*R.below == *R.above) {
    v = "the target is met at " + std::to_string(R.best);
  } else {
    v = "the target lies between " + std::to_string(std::min(*R.below, *R.above)) + " and " +
        std::to_string(std::max(*R.below, *R.above)) + "; nearest " + std::to_string(R.best);
    v += R.separated ? " (sure: both values' 95% intervals exclude the target)"
                     : " (not sure: a value's 95% interval still holds the target" +
                           std::string(R.budget_spent ? "; the budget is spent)" : ")");
  }
  if (R.within_tolerance) v += "; its 95% interval lies within the target +- " + fmt_number(sp.tolerance).substr(1);
  if (!R.monotonicity.monotone) v += "; WARNING: " + R.monotonicity.text + " (bisection assumes a monotone measure)";
  R.verdict = v;
  return R;
}

}  // namespace tw::study

namespace tw::study {

TuneEvaluator engine_evaluator(Content& c, const ParamRef& p, const Variant& base, const Study& proto,
                               const std::string& measure_name, const RunOptions& ro) {
  return [&c, p, base, proto, measure_name, ro](int64_t value, int first, int count) {
    std::string error;
    const auto ids = derive(c, p, value, &error);
    if (!ids) throw std::runtime_error(error);
    Study s = proto;
    s.sweep.reset();
    Variant v = base;
    v.rule_set = ids->rule_set;
    v.level = ids->level;
    v.label = p.key + "=" + std::to_string(value);
    s.variants = {v};
    s.seed = proto.seed + static_cast<uint64_t>(first);
    s.seeds = count;
    if (const std::string e = prepare(c, s); !e.empty()) throw std::runtime_error(e);
    std::vector<uint64_t> idx(s.total_games());
    for (size_t i = 0; i < idx.size(); ++i) idx[i] = i;
    const RunResult run = play(c, s, idx, ro);
    if (run.cancelled) throw std::runtime_error("stopped");
    std::vector<double> xs;
    xs.reserve(run.rows.size());
    for (const auto& r : run.rows) xs.push_back(sweep_measure(s, r, measure_name));
    return xs;
  };
}

}  // namespace tw::study
