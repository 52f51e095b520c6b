#include "doc/tune.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <exception>
#include <map>
#include <stdexcept>

#include "doc/edits.h"
#include "engine/rules/level_columns.h"
#include "engine/rules/params.h"

namespace twe {

namespace {

// A rate as "30.0%", else "0.125".
std::string tune_number(double x, bool pct) {
  char b[48];
  if (pct) std::snprintf(b, sizeof b, "%.1f%%", 100 * x);
  else std::snprintf(b, sizeof b, "%.3f", x);
  return b;
}

tw::study::Interval tune_interval(const std::vector<double>& xs, bool proportion) {
  if (!proportion) return tw::study::mean_interval(xs);
  double wins = 0;
  for (double x : xs) wins += x;
  return tw::study::wilson(wins, static_cast<double>(xs.size()));
}

struct TuneStopped : std::runtime_error {
  TuneStopped() : std::runtime_error("stopped") {}
};

}  // namespace

std::vector<TuneParam> tune_params(const tw::Content& c, const std::string& source) {
  std::vector<TuneParam> out;
  const tw::Level* lv = c.find_level(source);
  const tw::RuleSet* rs = lv ? c.find_rule_set(lv->rule_set) : c.find_rule_set(source);
  if (!rs) return out;
  const auto add = [&](const std::string& key) {
    std::string error;
    if (const auto p = tw::study::find_param_of(c, source, key, &error); p && p->max > p->min)
      out.push_back({p->key, p->level_column, p->min, p->max, p->current});
  };
  if (lv)
    for (const auto& col : tw::level_columns())
      if (col.integer() && col.digest) add(std::string(col.name));
  for (const tw::ParamSpec& spec : tw::rule_param_specs())
    if ((spec.systems & tw::system_bit(rs->system)) != 0 &&
        std::none_of(out.begin(), out.end(), [&](const TuneParam& p) { return p.key == spec.key; }))
      add(std::string(spec.key));
  return out;
}

std::string TuneOutcome::summary() const {
  const bool pct = spec.proportion;
  std::string s;
  if (!error.empty()) return "Tune: " + error;
  s += "Tune " + param.key + " of " + param.source + " (now " + std::to_string(param.current) + ") for " + measure +
       " = " + tune_number(spec.target, pct) + " over " + std::to_string(spec.lo) + ".." + std::to_string(spec.hi) +
       "\n";
  if (stopped) {
    s += "Stopped after " + std::to_string(chart.points.size()) + " value(s); nothing to save.\n";
    return s;
  }
  const auto& R = result;
  if (R.values.empty()) return s + R.verdict + "\n";
  const auto& best = R.values.at(R.best);
  s += "Value found: " + param.key + " = " + std::to_string(R.best) + " (" + measure + " " +
       tune_number(best.iv.mean, pct) + ", 95% " + tune_number(best.iv.lo, pct) + " .. " + tune_number(best.iv.hi, pct) +
       ")\n";
  s += R.verdict + "\n";
  char b[160];
  std::snprintf(b, sizeof b, "%lld games at %zu values in %zu steps (%.1f s); %s\n", static_cast<long long>(R.games),
                R.values.size(), R.evals.size(), seconds, R.monotonicity.text.c_str());
  s += b;
  return s;
}

TuneOutcome run_tune(const tw::Content& c0, const TuneRequest& r, const std::function<void(const TuneSnapshot&)>& on_step,
                     const std::function<void(int64_t, int64_t)>& progress, const std::atomic<bool>* cancel) {
  TuneOutcome out;
  const auto fail = [&](const std::string& m) {
    out.error = m;
    return out;
  };
  if (r.games < 2 || r.budget < 1) return fail("the games at first must be at least 2 and the budget at least 1");
  if (!(r.tolerance > 0)) return fail("the tolerance must be above 0");
  if (!std::isfinite(r.target)) return fail("the target must be a number");
  // The base variant, as the command line makes it (cli/study_cmd.cpp base_variant).
  tw::study::Variant base;
  if (const tw::Level* lv = c0.find_level(r.source)) {
    base.level = lv->id;
    base.rule_set = lv->rule_set;
  } else if (c0.find_rule_set(r.source)) {
    base.rule_set = r.source;
  } else {
    return fail("no rule set or level '" + r.source + "'");
  }
  base.bots = r.bots;
  if (base.bots.empty()) base.bots.assign(2, base.level.empty() ? "greedy" : "coop");
  std::string error;
  const auto param = tw::study::find_param_of(c0, r.source, r.param, &error);
  if (!param) return fail(error);
  out.param = *param;
  int64_t lo = r.lo, hi = r.hi;
  if (hi < lo) lo = param->min, hi = param->max;
  if (lo < param->min || hi > param->max)
    return fail(param->key + " ranges over " + std::to_string(param->min) + ".." + std::to_string(param->max) +
                "; the range " + std::to_string(lo) + ".." + std::to_string(hi) + " leaves it");
  tw::Content c = c0;  // the derived variants live in this copy, in memory
  tw::study::Study proto;
  proto.seed = r.seed;
  proto.rotate = r.rotate;
  proto.seeds = 1;
  std::string measure = r.measure;
  {
    // Checked on the range's low end, as `tune` checks it.
    const auto ids = tw::study::derive(c, *param, lo, &error);
    if (!ids) return fail(error);
    tw::study::Study probe = proto;
    tw::study::Variant v = base;
    v.rule_set = ids->rule_set;
    v.level = ids->level;
    probe.variants = {v};
    if (const std::string e = tw::study::prepare(c, probe); !e.empty()) return fail(e);
    if (measure.empty()) measure = probe.variants.front().coop ? "win" : "seat-advantage";
    if (const std::string e = tw::study::check_measure(probe, probe.variants.front(), measure); !e.empty())
      return fail(e);
  }
  out.measure = measure;
  const bool pct = tw::study::proportion_measure(measure);
  tw::study::TuneSpec& spec = out.spec;
  spec.lo = lo;
  spec.hi = hi;
  spec.target = r.target;
  spec.proportion = pct;
  spec.start_games = r.games;
  spec.budget = r.budget;
  spec.tolerance = r.tolerance;
  out.chart.target = r.target;
  out.chart.percent = pct;
  out.chart.x_label = param->key;
  out.chart.y_label = measure + (pct ? " (%)" : "");
  out.chart.title = "tune " + param->key + " of " + r.source + " for " + measure + " = " + tune_number(r.target, pct);

  int64_t done = 0;  // games of the steps finished
  tw::study::RunOptions ro;
  ro.threads = r.threads;
  ro.cancel = cancel;
  if (progress)
    ro.progress = [&](int d, int) { progress(std::min(done + d, spec.budget), spec.budget); };
  const auto inner = tw::study::engine_evaluator(c, *param, base, proto, measure, ro);
  std::map<int64_t, std::vector<double>> played;
  const auto eval = [&](int64_t value, int first, int count) {
    if (cancel && cancel->load()) throw TuneStopped();
    auto xs = inner(value, first, count);
    done += static_cast<int64_t>(xs.size());
    auto& all = played[value];
    all.insert(all.end(), xs.begin(), xs.end());
    out.chart.points.clear();
    for (const auto& [v, ys] : played)
      out.chart.points.push_back({v, static_cast<int>(ys.size()), tune_interval(ys, pct)});
    if (on_step) {
      TuneSnapshot snap;
      snap.chart = out.chart;
      snap.games = done;
      snap.step = param->key + " = " + std::to_string(value) + " on " + std::to_string(count) + " more seed" +
                  (count == 1 ? "" : "s");
      on_step(snap);
    }
    return xs;
  };
  const auto t0 = std::chrono::steady_clock::now();
  try {
    out.result = tw::study::tune(spec, eval);
  } catch (const std::exception& e) {
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (cancel && cancel->load()) {
      out.stopped = true;
      return out;
    }
    return fail(e.what());
  }
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (out.result.values.empty()) return fail(out.result.verdict);
  // The chart from the library's own figures (the same as the snapshots').
  out.chart.points.clear();
  for (const auto& [v, tv] : out.result.values)
    out.chart.points.push_back({v, static_cast<int>(tv.xs.size()), tv.iv});
  return out;
}

TunedSave tuned_save(const tw::Content& c, const TuneOutcome& o) {
  TunedSave s;
  s.key = o.param.key;
  s.value = o.result.best;
  s.level = o.param.source_is_level && o.param.level_column;
  s.source = o.param.source;
  if (o.param.source_is_level && !o.param.level_column)
    if (const tw::Level* lv = c.find_level(o.param.source)) s.source = lv->rule_set;
  return s;
}

std::string tuned_default_id(const tw::Content& c, const TunedSave& s) {
  const std::string stem = s.source + "-" + s.key + "-" + std::to_string(s.value);
  std::string id = stem;
  for (int k = 2; c.find_level(id) || c.find_rule_set(id); ++k) id = stem + "-" + std::to_string(k);
  return id;
}

SaveTunedCommand::SaveTunedCommand(EditorContext& ctx, TunedSave save, std::string new_id, std::string new_name)
    : wxCommand(true, "Save tuned " + wxString::FromUTF8(save.source) + " as " + wxString::FromUTF8(new_id)),
      ctx_(ctx), save_(std::move(save)), new_id_(std::move(new_id)), new_name_(std::move(new_name)) {}

bool SaveTunedCommand::Do() {
  error_.clear();
  const auto refuse = [&](const std::string& m) {
    error_ = m;
    if (ctx_.status) ctx_.status(m);
    return false;
  };
  if (!ctx_.store || ctx_.store->read_only()) return refuse("no database is open for writing");
  if (new_id_.empty() || new_id_.find_first_of(" \t\n,:=\"") != std::string::npos)
    return refuse("the new id '" + new_id_ + "' may not be empty or hold spaces, commas, colons, = or quotes");
  if (ctx_.content.find_level(new_id_) || ctx_.content.find_rule_set(new_id_))
    return refuse("there is already a rule set or level '" + new_id_ + "'; choose another id");
  const std::string what = save_.level ? "level" : "rule set";
  tw::ContentChange ch;
  try {
    ch = save_.level ? ctx_.store->clone_level(save_.source, new_id_, new_name_)
                     : ctx_.store->clone_rule_set(save_.source, new_id_, new_name_);
  } catch (const std::exception& e) {
    return refuse(what + " " + new_id_ + " not created: " + e.what());
  }
  try {
    tw::ContentChange set;
    if (save_.level) {
      set = ctx_.store->set_level_value(new_id_, save_.key, std::to_string(save_.value));
    } else {
      set = ctx_.store->set_rule_params(new_id_, tw::ParamEdit{{save_.key, save_.value}});
    }
    ch.rule_sets = ch.rule_sets || set.rule_sets;
    ch.levels = ch.levels || set.levels;
  } catch (const std::exception& e) {
    // Nothing stays: the copy goes again.
    try {
      if (save_.level) ctx_.store->delete_level(new_id_);
      else ctx_.store->delete_rule_set(new_id_);
    } catch (const std::exception&) {
    }
    return refuse(what + " " + new_id_ + " not created: " + save_.key + " = " + std::to_string(save_.value) +
                  " refused: " + e.what());
  }
  std::string error;
  if (!refresh_content(ctx_, ch, &error)) return refuse(error);  // written; the reload failed
  if (ctx_.status)
    ctx_.status("Saved " + what + " " + new_id_ + ": " + save_.source + " with " + save_.key + " = " +
                std::to_string(save_.value));
  return true;
}

bool SaveTunedCommand::Undo() {
  if (!ctx_.store || ctx_.store->read_only()) return false;
  tw::ContentChange ch;
  try {
    if (save_.level) {
      ctx_.store->delete_level(new_id_);
      ch.levels = true;
    } else {
      ch = ctx_.store->delete_rule_set(new_id_);
    }
  } catch (const std::exception& e) {
    error_ = e.what();
    if (ctx_.status) ctx_.status(new_id_ + " not removed: " + error_);
    return false;
  }
  std::string error;
  refresh_content(ctx_, ch, &error);
  if (ctx_.status) ctx_.status("Removed " + new_id_);
  return true;
}

}  // namespace twe
