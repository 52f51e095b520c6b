#include "cli/study_cmd.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <iostream>
#include <map>
#include <optional>

#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/files.h"
#include "cli/progress.h"
#include "engine/bots/bots.h"
#include "engine/plural.h"
#include "engine/text.h"
#include "replay/digest.h"
#include "replay/replay_store.h"
#include "replay/tree.h"
#include "schema/store.h"
#include "study/chart.h"
#include "study/study.h"
#include "study/sweep.h"
#include "cli/content_cmd.h"

namespace tw {

namespace {

using study::Report;
using study::Study;

// A study result read back (merge) may be large: one row per game.
constexpr size_t kMaxStudyBytes = size_t{1} << 30;

std::string seeds_text(const Study& s) {
  return fmt::format("seeds {}..{}", s.seed, s.seed + static_cast<uint64_t>(s.seeds) - 1);
}

std::string timing_text(const Report& r) {
  return fmt::format("{} thread{}, {:.2f} s ({:.0f} games/s)", r.threads, r.threads == 1 ? "" : "s", r.seconds,
                     r.seconds > 0 ? static_cast<double>(r.rows.size()) / r.seconds : 0.0);
}

std::string shard_text(const Report& r) {
  if (r.shard.count == 1) return {};
  return fmt::format(", shard {}/{}", r.shard.index, r.shard.count);
}

// The body of one variant's summary (the lines after the header), as `simulate` has
// always printed it.
void print_variant(const Study& s, int variant, std::ostream& out, const Report& r) {
  const study::Variant& v = s.variants[static_cast<size_t>(variant)];
  const study::VariantSummary sum = study::summarise(s, variant, r.rows);
  const double g = sum.games;
  if (sum.games == 0) {
    out << "no game played\n";
    return;
  }
  if (v.coop) {
    out << fmt::format("win rate: {:.2f}% (95% CI {:.2f}–{:.2f}%), {} of {} games\n", 100 * sum.win_rate.mean,
                       100 * sum.win_rate.lo, 100 * sum.win_rate.hi, sum.wins, sum.games);
    out << fmt::format("mean final score: {:.1f} ± {:.1f}\n", sum.progress.mean, sum.progress.hi - sum.progress.mean);
    if (sum.solved_deals > 0) {
      const auto& w = sum.winnable_share;
      out << fmt::format("winnable share: {:.2f}% (95% CI {:.2f}–{:.2f}%), {} of {} deals ({} won by the solver, "
                         "{} by the bots only); solver budget {} nodes a deal, mean {:.0f} used\n",
                         100 * w.mean, 100 * w.lo, 100 * w.hi, sum.winnable, sum.solved_deals, sum.solver_wins,
                         sum.winnable - sum.solver_wins, s.solve.nodes, sum.mean_solver_nodes);
      const auto& x = sum.impossible_share;
      out << fmt::format("proved impossible: {:.2f}% (95% CI {:.2f}–{:.2f}%), {} of {} deals ({} by a bound, {} by "
                         "exhaustive search); unresolved: {} of {} deals\n",
                         100 * x.mean, 100 * x.lo, 100 * x.hi, sum.unwinnable, sum.solved_deals, sum.proved,
                         sum.unwinnable - sum.proved, sum.unresolved, sum.solved_deals);
      out << fmt::format("bracket: the bots win {:.2f}% <= winnable {:.2f}% <= not proved impossible {:.2f}% "
                         "(unresolved {:.2f}% between)\n",
                         100 * sum.win_rate.mean, 100 * w.mean, 100 * (1 - x.mean),
                         100.0 * sum.unresolved / sum.solved_deals);
      if (sum.contradictions > 0)
        out << fmt::format("error: {} deals proved impossible were won by the bots: the bound is unsound (report it)\n",
                           sum.contradictions);
    }
    out << fmt::format("share of the target reached: {:.1f}% ± {:.1f}   mean dogs reached: {:.2f}\n",
                       100 * sum.target_share.mean, 100 * (sum.target_share.hi - sum.target_share.mean),
                       sum.mean_dogs);
    const int losses = sum.games - sum.wins;
    if (losses > 0) {
      out << fmt::format("mean ply of defeat: {:.1f}\n", sum.mean_defeat_ply);
      out << "loss reasons:\n";
      for (const auto& [why, count] : sum.loss_reasons) {
        const int bar = static_cast<int>(40.0 * count / losses + 0.5);
        out << fmt::format("  {:<22}{:>7} {:>6.1f}%  {}\n", why, count, 100.0 * count / g,
                           std::string(static_cast<size_t>(bar), '#'));
      }
    }
    return;
  }
  out << fmt::format("{:<4}{:<16}{:>24}{:>28}\n", "#", "player", "mean score (95% CI)", "wins (95% CI)");
  for (size_t p = 0; p < sum.entrants.size(); ++p) {
    const auto& e = sum.entrants[p];
    out << fmt::format("{:<4}{:<16}{:>24}{:>28}\n", p + 1, "bot:" + e.bot,
                       fmt::format("{:.2f} ± {:.2f}", e.score.mean, e.score.hi - e.score.mean),
                       fmt::format("{:.1f}% ({:.1f}–{:.1f}%)", 100 * e.win_rate.mean, 100 * e.win_rate.lo,
                                   100 * e.win_rate.hi));
  }
  out << fmt::format("ties for first: {:.1f}%   mean decisions per game: {:.1f}\n", 100 * sum.ties / g,
                     sum.mean_plies);
  if (s.rotate) {
    std::string seats;
    for (size_t p = 0; p < sum.seat_wins.size(); ++p)
      seats += fmt::format("{}seat {} {:.1f}%", p ? ", " : "", p + 1, 100 * sum.seat_wins[p] / g);
    out << "seats rotated (every bot sat in every seat on every seed); wins by seat: " << seats << '\n';
  }
}

void print_comparison(const Study& s, const Report& r, std::ostream& out) {
  for (size_t v = 1; v < s.variants.size(); ++v) {
    const auto diffs = study::paired(s, static_cast<int>(v), r.rows);
    if (diffs.empty()) continue;
    const int rotations = s.rotations(), seeds = diffs.front().pairs / std::max(1, rotations);
    out << fmt::format("paired over {} seed{}{}: {} - {} (B - A, mean difference with 95% interval)\n", seeds,
                       seeds == 1 ? "" : "s", s.rotate ? fmt::format(" x {} rotations", rotations) : "",
                       s.variants[v].label, s.variants.front().label);
    out << fmt::format("  {:<14}{:>12}{:>12}{:>14}   {}\n", "measure", "A", "B", "B - A", "95% interval");
    for (const auto& d : diffs)
      out << fmt::format("  {:<14}{:>12.3f}{:>12.3f}{:>+14.3f}   {:+.3f} .. {:+.3f}{}\n", d.measure, d.mean_a,
                         d.mean_b, d.diff.mean, d.diff.lo, d.diff.hi,
                         d.diff.lo > 0 || d.diff.hi < 0 ? "  *" : "");
  }
}

// "LLR +2.31 after 40 pairs, bounds -2.94 (H0) .. +2.94 (H1)" and a gauge of where it stands.
std::string sprt_text(const Report& r) {
  const auto& st = r.sprt_state;
  std::string line = fmt::format("  LLR {:+.3f} after {} pair{}, bounds {:+.3f} (accept H0) .. {:+.3f} (accept H1)",
                                 st.llr, st.pairs, st.pairs == 1 ? "" : "s", st.lower, st.upper);
  if (st.upper > st.lower) {
    const int width = 30;
    const double at = std::clamp((st.llr - st.lower) / (st.upper - st.lower), 0.0, 1.0);
    std::string gauge(static_cast<size_t>(width + 1), '-');
    gauge[static_cast<size_t>(std::lround(at * width))] = '|';
    line += fmt::format("\n  H0 [{}] H1", gauge);
  }
  return line;
}

// Writes the --json, --csv and --plot files; an exit code on failure.
std::optional<int> write_outputs(const Report& r, const std::string& json_file, const std::string& csv_file,
                                 const std::string& plot_file, const char* command, std::ostream& err) {
  std::string error;
  if (!json_file.empty() && !write_file_atomic(json_file, json_text(study::to_json(r)) + "\n", &error, false)) {
    err << "tilewright " << command << ": " << error << '\n';
    return kExitInput;
  }
  if (!csv_file.empty() && !write_file_atomic(csv_file, study::to_csv(r), &error, false)) {
    err << "tilewright " << command << ": " << error << '\n';
    return kExitInput;
  }
  if (!plot_file.empty())
    if (const std::string e = r.study.sweep ? study::plot_sweep(study::sweep_chart(r.study, r.rows), plot_file)
                                            : study::plot(study::chart_data(r), plot_file);
        !e.empty()) {
      err << "tilewright " << command << ": " << e << '\n';
      return kExitInput;
    }
  return std::nullopt;
}

std::optional<int> check_bots(const std::vector<std::string>& bots, const char* command, std::ostream& err) {
  for (const auto& b : bots)
    if (!make_bot(b)) {
      err << "tilewright " << command << ": unknown bot '" << text::printable(b, 60) << "'"
          << text::did_you_mean(b, known_bots()) << " (known: " << text::joined(known_bots()) << ")\n";
      return kExitInput;
    }
  return std::nullopt;
}


// The measure as people read it: a rate in %, else a number.
std::string measure_text(double x, bool percent) {
  return percent ? fmt::format("{:.1f}%", 100 * x) : fmt::format("{:.3f}", x);
}
std::string interval_text(const study::Interval& iv, bool percent) {
  return percent ? fmt::format("{:.1f} .. {:.1f}%", 100 * iv.lo, 100 * iv.hi)
                 : fmt::format("{:.3f} .. {:.3f}", iv.lo, iv.hi);
}

// A sweep's table: per value the games and the measure with its interval, the paired
// step from the previous value, and whether the measure is monotone.
void print_sweep(const Study& s, const std::vector<study::GameRow>& rows, std::ostream& out,
                 std::optional<double> target) {
  const auto& sw = *s.sweep;
  const bool pct = study::proportion_measure(sw.measure);
  const auto points = study::sweep_points(s, rows);
  const auto steps = study::sweep_steps(s, rows);
  out << fmt::format("  {:>12}{:>8}{:>16}{:>20}   {}\n", sw.param, "games", sw.measure, "95% interval",
                     "step from the previous value (paired, 95%)");
  for (size_t i = 0; i < points.size(); ++i) {
    const auto& p = points[i];
    std::string step;
    if (i > 0) {
      const auto& st = steps[i - 1];
      const double k = pct ? 100 : 1;
      step = fmt::format("{:+.{}f} ({:+.{}f} .. {:+.{}f}){}", k * st.diff.mean, pct ? 1 : 3, k * st.diff.lo, pct ? 1 : 3,
                         k * st.diff.hi, pct ? 1 : 3, st.diff.lo > 0 || st.diff.hi < 0 ? " *" : "");
    }
    out << fmt::format("  {:>12}{:>8}{:>16}{:>20}   {}\n", p.value, p.games, measure_text(p.measure.mean, pct),
                       interval_text(p.measure, pct), step);
  }
  out << study::monotonicity(points, steps).text << '\n';
  if (target) {
    std::optional<size_t> cross;
    for (size_t i = 0; i + 1 < points.size() && !cross; ++i)
      if ((points[i].measure.mean - *target) * (points[i + 1].measure.mean - *target) <= 0) cross = i;
    if (cross)
      out << fmt::format("target {}: between {} ({}) and {} ({})\n", measure_text(*target, pct), points[*cross].value,
                         measure_text(points[*cross].measure.mean, pct), points[*cross + 1].value,
                         measure_text(points[*cross + 1].measure.mean, pct));
    else
      out << fmt::format("target {}: not crossed between {} and {}\n", measure_text(*target, pct), points.front().value,
                         points.back().value);
  }
}

// SOURCE or SOURCE@bot,bot: the variant a sweep or tune varies (as compare reads a variant).
std::optional<int> base_variant(const Content& c, const std::string& word, const std::vector<std::string>& default_bots,
                                int players, const char* command, study::Variant& v, std::ostream& err) {
  const size_t at = word.find('@');
  const std::string name = word.substr(0, at);
  std::vector<std::string> bots = at == std::string::npos ? default_bots : split_bots(word.substr(at + 1));
  std::string rule_set = name, level;
  if (c.find_level(name)) {
    level = name;
    rule_set.clear();
  }
  if (auto e = resolve_level(c, rule_set, level, command, err)) return *e;
  if (bots.empty()) bots.assign(static_cast<size_t>(players > 0 ? players : 2), level.empty() ? "greedy" : "coop");
  else if (players > 0) bots.resize(static_cast<size_t>(players), bots.back());
  if (auto e = check_bots(bots, command, err)) return *e;
  v = study::Variant{rule_set, level, bots, "", 0, false, 0};
  return std::nullopt;
}

}  // namespace

std::vector<std::string> split_bots(const std::string& text) {
  std::vector<std::string> out;
  for (size_t start = 0; start <= text.size();) {
    size_t comma = text.find(',', start);
    if (comma == std::string::npos) comma = text.size();
    std::string b = text.substr(start, comma - start);
    b.erase(0, b.find_first_not_of(' '));
    if (const auto last = b.find_last_not_of(' '); last != std::string::npos) b.erase(last + 1);
    if (b.rfind("bot:", 0) == 0) b = b.substr(4);
    if (!b.empty()) out.push_back(b);
    start = comma + 1;
  }
  return out;
}

// ---------------------------------------------------------------------------------
// simulate

int cmd_simulate(const Content& c, const SimulateOptions& opts, std::ostream& out, std::ostream& err) {
  if (opts.games <= 0) {
    err << "tilewright simulate: --games must be at least 1\n";
    return kExitInput;
  }
  if (opts.shard_count < 1 || opts.shard_index < 0 || opts.shard_index >= opts.shard_count) {
    err << "tilewright simulate: --shard I/N needs 0 <= I < N\n";
    return kExitInput;
  }
  SimulateOptions o = opts;
  if (auto e = resolve_level(c, o.rule_set, o.level, "simulate", err)) return *e;
  if (!o.level.empty() && !o.explicit_bots) {
    o.bots.assign(static_cast<size_t>(o.players > 0 ? o.players : 2), "coop");  // the difficulty meter
  } else if (o.players > 0) {
    o.bots.resize(static_cast<size_t>(o.players), o.bots.empty() ? "random" : o.bots.back());
  }
  if (auto e = check_bots(o.bots, "simulate", err)) return *e;
  Study s;
  s.variants.push_back({o.rule_set, o.level, o.bots, "", 0, false, 0});
  s.seeds = o.games;
  s.seed = o.seed;
  s.rotate = o.rotate;
  if (const std::string e = study::prepare(c, s); !e.empty()) {
    err << "tilewright simulate: " << e << '\n';
    return kExitInput;
  }
  if (o.solve && !s.variants.front().coop) {
    err << "tilewright simulate: --solve searches co-op deals for a team's win; give a co-op level (--level)\n";
    return kExitInput;
  }
  s.solve.on = o.solve;
  s.solve.nodes = o.solve_nodes;
  const bool record = !o.record_db.empty();
  // Recording: the database must take writes before a game is played, and games are
  // stored in batches (one transaction each), so memory stays bounded.
  std::optional<Store> record_store;
  if (record) {
    try {
      record_store.emplace(Store::open(o.record_db, Store::Mode::ReadWrite));
    } catch (const std::exception& e) {
      err << "tilewright simulate: " << e.what() << " (no game was played)\n";
      return db_exit_code(e);
    }
  }
  std::vector<int64_t> stored_ids;
  std::string store_error;
  int store_code = kExitDatabase;
  study::RunOptions ro;
  ro.threads = o.threads;
  ro.record = record;
  ro.batch = std::max(1, o.record_batch);
  ro.store = [&](std::vector<replay::Replay>& replays) {
    try {
      const auto ids = replay::ReplayStore(*record_store).insert_all(replays);  // one transaction
      stored_ids.insert(stored_ids.end(), ids.begin(), ids.end());
      return true;
    } catch (const std::exception& e) {
      store_error = e.what();
      store_code = db_exit_code(e);
      return false;
    }
  };
  Progress bar(err, "games", o.progress);
  if (o.progress) ro.progress = [&bar](int done, int total) { bar.update(done, total); };
  const study::Shard shard{o.shard_index, o.shard_count};
  study::RunResult run = study::play(c, s, study::shard_indices(s, shard), ro);
  bar.finish();
  if (run.store_failed) {
    err << "tilewright simulate: " << store_error << '\n';
    if (!stored_ids.empty())
      err << fmt::format("tilewright simulate: games 1..{} were stored before, as replays {}..{}\n", stored_ids.size(),
                         stored_ids.front(), stored_ids.back());
    return store_code;
  }
  Report r;
  r.study = s;
  r.shard = shard;
  r.rows = std::move(run.rows);
  r.seconds = run.seconds;
  r.threads = run.threads;
  const study::Variant& v = s.variants.front();
  const std::string games =
      fmt::format("{}{}", text::counted(static_cast<long long>(r.rows.size()), "game", "games"), s.rotate ? " (seats rotated)" : "");
  if (v.coop)
    out << fmt::format("simulate: level {} ({}), {} players: {}; {}, {}{}, {}\n", v.level, v.rule_set,
                       v.bots.size(), study::bots_text(c, v, s.seed), games, seeds_text(s), shard_text(r),
                       timing_text(r));
  else
    out << fmt::format("simulate: rule set {}, {}, {}{}, {}\n", v.rule_set, games, seeds_text(s), shard_text(r),
                       timing_text(r));
  print_variant(s, 0, out, r);
  if (record)
    out << fmt::format("stored {} as replays {}..{} in {} ({} per transaction)\n",
                       text::counted(static_cast<long long>(stored_ids.size()), "game", "games"),
                       stored_ids.front(), stored_ids.back(), o.record_db, ro.batch);
  if (auto e = write_outputs(r, o.json_file, o.csv_file, o.plot_file, "simulate", err)) return *e;
  return kExitOk;
}

// ---------------------------------------------------------------------------------
// compare

int cmd_compare(const Content& c, const CompareOptions& o, std::ostream& out, std::ostream& err) {
  if (o.variants.size() < 2) {
    err << "tilewright compare: name at least two rule sets or levels (A B ...), e.g. compare mists-2 mists-3\n";
    return kExitInput;
  }
  if (o.games <= 0) {
    err << "tilewright compare: --games must be at least 1\n";
    return kExitInput;
  }
  if (o.sprt && o.variants.size() != 2) {
    err << "tilewright compare: --sprt compares exactly two variants\n";
    return kExitInput;
  }
  if (o.sprt && !(o.d1 > o.d0 && o.alpha > 0 && o.alpha < 0.5 && o.beta > 0 && o.beta < 0.5)) {
    err << "tilewright compare: --sprt needs --d1 > --d0 and 0 < --alpha, --beta < 0.5\n";
    return kExitInput;
  }
  if (o.sprt && o.shard_count > 1) {
    err << "tilewright compare: --sprt decides as the games come in and cannot be sharded\n";
    return kExitInput;
  }
  if (o.shard_count < 1 || o.shard_index < 0 || o.shard_index >= o.shard_count) {
    err << "tilewright compare: --shard I/N needs 0 <= I < N\n";
    return kExitInput;
  }
  Study s;
  s.seed = o.seed;
  s.rotate = o.rotate;
  for (const std::string& word : o.variants) {
    // NAME or NAME@bot,bot,...
    const size_t at = word.find('@');
    std::string name = word.substr(0, at);
    std::vector<std::string> bots = at == std::string::npos ? o.bots : split_bots(word.substr(at + 1));
    std::string rule_set = name, level;
    if (c.find_level(name)) {
      level = name;
      rule_set.clear();
    }
    if (auto e = resolve_level(c, rule_set, level, "compare", err)) return *e;
    if (bots.empty()) bots.assign(static_cast<size_t>(o.players > 0 ? o.players : 2), level.empty() ? "greedy" : "coop");
    else if (o.players > 0) bots.resize(static_cast<size_t>(o.players), bots.back());
    if (auto e = check_bots(bots, "compare", err)) return *e;
    s.variants.push_back({rule_set, level, bots, word, 0, false, 0});
  }
  s.seeds = o.games;
  if (const std::string e = study::prepare(c, s); !e.empty()) {
    err << "tilewright compare: " << e << '\n';
    return kExitInput;
  }
  if (o.solve)
    for (const auto& v : s.variants)
      if (!v.coop) {
        err << "tilewright compare: --solve compares co-op levels; '" << v.label << "' is competitive\n";
        return kExitInput;
      }
  s.solve.on = o.solve;
  s.solve.nodes = o.solve_nodes;
  study::RunOptions ro;
  ro.threads = o.threads;
  Report r;
  r.study = s;
  double seconds = 0;
  if (!o.sprt) {
    Progress bar(err, "games", o.progress);
    if (o.progress) ro.progress = [&bar](int done, int total) { bar.update(done, total); };
    r.shard = {o.shard_index, o.shard_count};
    auto run = study::play(c, s, study::shard_indices(s, r.shard), ro);
    bar.finish();
    r.rows = std::move(run.rows);
    seconds = run.seconds;
    r.threads = run.threads;
  } else {
    // Batches of seeds; after each batch the pairs are taken in seed order and the test
    // stops at the first seed where it decides (the same seed for any thread count).
    study::SprtOptions so{o.d0, o.d1, o.alpha, o.beta};
    study::SprtState state;
    const int batch = 20;
    int used = 0;
    Progress bar(err, "seeds", o.progress);
    for (int first = 0; first < o.games && state.verdict.empty(); first += batch) {
      const int last = std::min(o.games, first + batch);
      std::vector<uint64_t> idx;
      const uint64_t per_seed = static_cast<uint64_t>(s.rotations()) * s.variants.size();
      for (uint64_t i = static_cast<uint64_t>(first) * per_seed; i < static_cast<uint64_t>(last) * per_seed; ++i)
        idx.push_back(i);
      auto run = study::play(c, s, idx, ro);
      seconds += run.seconds;
      r.threads = run.threads;
      for (size_t k = 0; k < run.rows.size(); k += s.variants.size()) {
        const auto& a = run.rows[k];
        const auto& b = run.rows[k + 1];
        state.add(study::measure(s, b, "win") - study::measure(s, a, "win"), so);
        // Decisions are taken at whole seeds (every rotation of a seed played).
        if (a.rotation == s.rotations() - 1) {
          used = a.seed_index + 1;
          if (!state.verdict.empty()) break;
        }
      }
      for (auto& row : run.rows)
        if (row.seed_index < used) r.rows.push_back(std::move(row));
      bar.update(used, o.games);
    }
    bar.finish();
    r.study.seeds = std::max(1, used);
    r.sprt = so;
    r.sprt_verdict = state.verdict.empty() ? "inconclusive" : state.verdict;
    r.sprt_state = state;
  }
  r.seconds = seconds;
  out << fmt::format("compare: {} variants, {} games, {}{}, {}\n", s.variants.size(), r.rows.size(),
                     seeds_text(r.study), shard_text(r), timing_text(r));
  for (size_t v = 0; v < s.variants.size(); ++v) {
    const auto& var = s.variants[v];
    std::string bots;
    for (const auto& b : var.bots) bots += (bots.empty() ? "" : ",") + b;
    out << fmt::format("\n{} {}: {}{} (rules {}), bots {}\n", v == 0 ? "A" : v == 1 ? "B" : "+", var.label,
                       var.level.empty() ? "rule set " : "level ", var.level.empty() ? var.rule_set : var.level,
                       replay::hex64(var.rules_digest), bots);
    print_variant(r.study, static_cast<int>(v), out, r);
  }
  out << '\n';
  print_comparison(r.study, r, out);
  if (r.sprt) {
    const auto& so = *r.sprt;
    out << fmt::format(
        "SPRT on the paired win difference B - A: H0 d = {:g} against H1 d = {:g}, alpha {:g}, beta {:g}: {} after {} "
        "seed{}\n",
        so.d0, so.d1, so.alpha, so.beta,
        r.sprt_verdict == "H1"   ? "H1 accepted (B is better by about d1)"
        : r.sprt_verdict == "H0" ? "H0 accepted (no difference of d1)"
                                 : "inconclusive (--games reached)",
        r.study.seeds, r.study.seeds == 1 ? "" : "s");
    out << sprt_text(r) << '\n';
  }
  if (auto e = write_outputs(r, o.json_file, o.csv_file, o.plot_file, "compare", err)) return *e;
  return kExitOk;
}

// ---------------------------------------------------------------------------------
// merge

int cmd_merge(const MergeOptions& o, std::ostream& out, std::ostream& err) {
  if (o.parts.empty()) {
    err << "tilewright merge: name the parts (part-*.json)\n";
    return kExitInput;
  }
  std::vector<Report> parts;
  for (const auto& file : o.parts) {
    std::string error;
    const auto text = read_text_file(file, kMaxStudyBytes, "a study result", &error);
    if (!text) {
      err << "tilewright merge: " << text::printable(error, 1000) << '\n';
      return kExitInput;
    }
    const study::Json j = study::Json::parse(*text, nullptr, false);
    if (j.is_discarded()) {
      err << "tilewright merge: " << text::printable(file, 1000) << ": not JSON\n";
      return kExitInput;
    }
    auto r = study::from_json(j, &error);
    if (!r) {
      err << "tilewright merge: " << text::printable(file, 1000) << ": " << text::printable(error, 1000) << '\n';
      return kExitInput;
    }
    parts.push_back(std::move(*r));
  }
  std::string error;
  auto merged = study::merge(parts, &error);
  if (!merged) {
    err << "tilewright merge: " << error << '\n';
    return kExitIllegal;
  }
  const Report& r = *merged;
  out << fmt::format("merge: {} part{}, {} games, {}, slowest part {:.2f} s\n", parts.size(),
                     parts.size() == 1 ? "" : "s", r.rows.size(), seeds_text(r.study), r.seconds);
  if (r.study.sweep) {
    print_sweep(r.study, r.rows, out, std::nullopt);
    if (auto e = write_outputs(r, o.json_file, o.csv_file, o.plot_file, "merge", err)) return *e;
    return kExitOk;
  }
  for (size_t v = 0; v < r.study.variants.size(); ++v) {
    const auto& var = r.study.variants[v];
    if (r.study.variants.size() > 1 || var.level.empty())
      out << fmt::format("{} (rule set {}{}, rules {})\n", var.label, var.rule_set,
                         var.level.empty() ? "" : ", level " + var.level, replay::hex64(var.rules_digest));
    else
      out << fmt::format("level {} ({}, rules {})\n", var.level, var.rule_set, replay::hex64(var.rules_digest));
    print_variant(r.study, static_cast<int>(v), out, r);
  }
  if (r.study.variants.size() > 1) print_comparison(r.study, r, out);
  if (auto e = write_outputs(r, o.json_file, o.csv_file, o.plot_file, "merge", err)) return *e;
  return kExitOk;
}

// ---------------------------------------------------------------------------------
// sweep

int cmd_sweep(const Content& c0, const SweepOptions& o, std::ostream& out, std::ostream& err) {
  if (o.games <= 0) {
    err << "tilewright sweep: --games must be at least 1\n";
    return kExitInput;
  }
  if (o.shard_count < 1 || o.shard_index < 0 || o.shard_index >= o.shard_count) {
    err << "tilewright sweep: --shard I/N needs 0 <= I < N\n";
    return kExitInput;
  }
  study::Variant base;
  if (auto e = base_variant(c0, o.source, o.bots, o.players, "sweep", base, err)) return *e;
  const std::string source = base.level.empty() ? base.rule_set : base.level;
  std::string error;
  const auto param = study::find_param_of(c0, source, o.param, &error);
  if (!param) {
    err << "tilewright sweep: " << error << '\n';
    return kExitInput;
  }
  const auto values = study::parse_values(o.values, o.range, &error);
  if (!values) {
    err << "tilewright sweep: " << error << '\n';
    return kExitInput;
  }
  Content c = c0;  // the derived variants live in this copy, in memory
  const auto ids = study::derive_all(c, *param, *values, &error);
  if (!ids) {
    err << "tilewright sweep: " << error << '\n';
    return kExitIllegal;
  }
  Study s;
  s.seed = o.seed;
  s.seeds = o.games;
  s.rotate = o.rotate;
  for (size_t i = 0; i < values->size(); ++i) {
    study::Variant v = base;
    v.rule_set = (*ids)[i].rule_set;
    v.level = (*ids)[i].level;
    v.label = param->key + "=" + std::to_string((*values)[i]);
    s.variants.push_back(v);
  }
  if (const std::string e = study::prepare(c, s); !e.empty()) {
    err << "tilewright sweep: " << e << '\n';
    return kExitInput;
  }
  s.solve.on = o.solve;
  s.solve.nodes = o.solve_nodes;
  const std::string measure = o.measure.empty() ? (s.variants.front().coop ? "win" : "seat-advantage") : o.measure;
  if (o.solve && !s.variants.front().coop) {
    err << "tilewright sweep: --solve searches co-op deals; '" << source << "' is competitive\n";
    return kExitInput;
  }
  if (const std::string e = study::check_measure(s, s.variants.front(), measure); !e.empty()) {
    err << "tilewright sweep: " << e << '\n';
    return kExitInput;
  }
  s.sweep = study::SweepSpec{source, param->key, measure, *values};
  study::RunOptions ro;
  ro.threads = o.threads;
  Progress bar(err, "games", o.progress);
  if (o.progress) ro.progress = [&bar](int done, int total) { bar.update(done, total); };
  Report r;
  r.study = s;
  r.shard = {o.shard_index, o.shard_count};
  auto run = study::play(c, s, study::shard_indices(s, r.shard), ro);
  bar.finish();
  r.rows = std::move(run.rows);
  r.seconds = run.seconds;
  r.threads = run.threads;
  std::string bots;
  for (const auto& b : base.bots) bots += (bots.empty() ? "" : ",") + b;
  out << fmt::format("sweep: {} {} of {} {} over {} value{} ({} now {}), bots {}; {} games, {}{}{}, {}\n",
                     param->level_column ? "level column" : "parameter", param->key,
                     param->source_is_level ? "level" : "rule set", source, values->size(),
                     values->size() == 1 ? "" : "s", source, param->current, bots, r.rows.size(), seeds_text(s),
                     s.rotate ? " (seats rotated)" : "", shard_text(r), timing_text(r));
  print_sweep(s, r.rows, out, o.target);
  if (o.target) {
    // The target line on the chart: drawn here (merge has none).
    if (!o.plot_file.empty()) {
      if (const std::string e = study::plot_sweep(study::sweep_chart(s, r.rows, o.target), o.plot_file); !e.empty()) {
        err << "tilewright sweep: " << e << '\n';
        return kExitInput;
      }
    }
    if (auto e = write_outputs(r, o.json_file, o.csv_file, "", "sweep", err)) return *e;
    return kExitOk;
  }
  if (auto e = write_outputs(r, o.json_file, o.csv_file, o.plot_file, "sweep", err)) return *e;
  return kExitOk;
}

// ---------------------------------------------------------------------------------
// tune

int cmd_tune(const Content& c0, const TuneOptions& o, std::ostream& out, std::ostream& err) {
  if (o.games < 2 || o.budget < 1) {
    err << "tilewright tune: --games must be at least 2 and --budget at least 1\n";
    return kExitInput;
  }
  if (!(o.tolerance > 0)) {
    err << "tilewright tune: --tolerance must be above 0\n";
    return kExitInput;
  }
  // MEASURE=X
  const size_t eq = o.target.find('=');
  std::string measure = eq == std::string::npos ? "" : o.target.substr(0, eq);
  double target = 0;
  {
    size_t used = 0;
    const std::string t = eq == std::string::npos ? "" : o.target.substr(eq + 1);
    try {
      target = std::stod(t, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (measure.empty() || t.empty() || used != t.size() || !std::isfinite(target)) {
      err << "tilewright tune: --target wants MEASURE=VALUE (win=0.30, seat-advantage=0), not '"
          << text::printable(o.target, 60) << "'\n";
      return kExitInput;
    }
  }
  study::Variant base;
  if (auto e = base_variant(c0, o.source, o.bots, o.players, "tune", base, err)) return *e;
  const std::string source = base.level.empty() ? base.rule_set : base.level;
  std::string error;
  const auto param = study::find_param_of(c0, source, o.param, &error);
  if (!param) {
    err << "tilewright tune: " << error << '\n';
    return kExitInput;
  }
  if (!o.save.empty() && param->source_is_level && !param->level_column) {
    err << "tilewright tune: --save clones level " << source << ", whose numbers are its columns; " << param->key
        << " is a parameter of its rule set: tune without --save, then `content clone` the rule set with the value "
           "and point a copy of the level at it\n";
    return kExitInput;
  }
  int64_t lo = param->min, hi = param->max;
  if (!o.range.empty()) {
    const auto vs = study::parse_values("", o.range, &error);
    if (!vs) {
      err << "tilewright tune: " << error << '\n';
      return kExitInput;
    }
    if (o.range.find('/') != std::string::npos) {
      err << "tilewright tune: --range LO..HI (tune bisects every whole number between; no step)\n";
      return kExitInput;
    }
    lo = vs->front();
    hi = vs->back();
  }
  if (lo < param->min || hi > param->max) {
    err << fmt::format("tilewright tune: {} ranges over {}..{}; --range {}..{} leaves it\n", param->key, param->min,
                       param->max, lo, hi);
    return kExitInput;
  }
  Content c = c0;
  // The proto study: checked on the source's own value (or the range's low end).
  Study proto;
  proto.seed = o.seed;
  proto.rotate = o.rotate;
  proto.seeds = 1;
  proto.solve.on = o.solve;
  proto.solve.nodes = o.solve_nodes;
  {
    const auto ids = study::derive(c, *param, lo, &error);
    if (!ids) {
      err << "tilewright tune: " << error << '\n';
      return kExitIllegal;
    }
    Study probe = proto;
    study::Variant v = base;
    v.rule_set = ids->rule_set;
    v.level = ids->level;
    probe.variants = {v};
    if (const std::string e = study::prepare(c, probe); !e.empty()) {
      err << "tilewright tune: " << e << '\n';
      return kExitInput;
    }
    if (o.solve && !probe.variants.front().coop) {
      err << "tilewright tune: --solve searches co-op deals; '" << source << "' is competitive\n";
      return kExitInput;
    }
    if (const std::string e = study::check_measure(probe, probe.variants.front(), measure); !e.empty()) {
      err << "tilewright tune: " << e << '\n';
      return kExitInput;
    }
  }
  const bool pct = study::proportion_measure(measure);
  study::TuneSpec spec;
  spec.lo = lo;
  spec.hi = hi;
  spec.target = target;
  spec.proportion = pct;
  spec.start_games = o.games;
  spec.budget = o.budget;
  spec.tolerance = o.tolerance;
  study::RunOptions ro;
  ro.threads = o.threads;
  Progress bar(err, "games", o.progress);
  int64_t done = 0;
  const auto inner = study::engine_evaluator(c, *param, base, proto, measure, ro);
  const auto eval = [&](int64_t value, int first, int count) {
    auto xs = inner(value, first, count);
    done += static_cast<int64_t>(xs.size());
    if (o.progress) bar.update(static_cast<int>(std::min(done, o.budget)), static_cast<int>(o.budget));
    return xs;
  };
  const auto t0 = std::chrono::steady_clock::now();
  study::TuneResult res;
  try {
    res = study::tune(spec, eval);
  } catch (const std::exception& e) {
    bar.finish();
    err << "tilewright tune: " << e.what() << '\n';
    return kExitIllegal;
  }
  bar.finish();
  if (res.values.empty()) {
    err << "tilewright tune: " << res.verdict << '\n';
    return kExitInput;
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::string bots;
  for (const auto& b : base.bots) bots += (bots.empty() ? "" : ",") + b;
  out << fmt::format("tune: {} {} of {} {} for {} = {}, over {}..{} ({} now {}), bots {}; seeds from {}, {} games "
                     "at first, budget {}\n",
                     param->level_column ? "level column" : "parameter", param->key,
                     param->source_is_level ? "level" : "rule set", source, measure, measure_text(target, pct), lo, hi,
                     source, param->current, bots, o.seed, o.games, o.budget);
  out << fmt::format("  {:>12}{:>8}{:>16}{:>20}   {}\n", param->key, "games", measure, "95% interval", "");
  for (const auto& [v, tv] : res.values) {
    const std::string mark = res.below && v == *res.below   ? "below the target"
                             : res.above && v == *res.above ? "above the target"
                                                            : "";
    out << fmt::format("  {:>12}{:>8}{:>16}{:>20}   {}{}\n", v, tv.xs.size(), measure_text(tv.iv.mean, pct),
                       interval_text(tv.iv, pct), mark, v == res.best ? (mark.empty() ? "nearest" : ", nearest") : "");
  }
  out << fmt::format("played {} games at {} value{} in {} step{} ({:.2f} s); {}\n", res.games, res.values.size(),
                     res.values.size() == 1 ? "" : "s", res.evals.size(), res.evals.size() == 1 ? "" : "s", seconds,
                     res.monotonicity.text);
  out << "result: " << res.verdict << '\n';
  out << fmt::format("value: {} = {} ({} {}, 95% {})\n", param->key, res.best, measure,
                     measure_text(res.values.at(res.best).iv.mean, pct),
                     interval_text(res.values.at(res.best).iv, pct));
  // Outputs.
  study::Json j;
  j["format"] = "tilewright tune 1";
  j["source"] = source;
  j["param"] = param->key;
  j["level_column"] = param->level_column;
  j["current"] = param->current;
  j["measure"] = measure;
  j["target"] = target;
  j["range"] = study::Json{lo, hi};
  j["bots"] = base.bots;
  j["seed"] = o.seed;
  j["rotate"] = o.rotate;
  j["start_games"] = o.games;
  j["budget"] = o.budget;
  j["tolerance"] = o.tolerance;
  study::Json steps = study::Json::array();
  for (const auto& e : res.evals)
    steps.push_back(study::Json{{"value", e.value}, {"first_seed", o.seed + static_cast<uint64_t>(e.first)},
                                {"seeds", e.count}, {"why", e.why}});
  j["steps"] = steps;
  study::Json vals = study::Json::array();
  for (const auto& [v, tv] : res.values)
    vals.push_back(study::Json{{"value", v}, {"seeds", tv.seeds}, {"games", tv.xs.size()}, {"mean", tv.iv.mean},
                               {"lo", tv.iv.lo}, {"hi", tv.iv.hi}, {"side", tv.side}});
  j["values"] = vals;
  j["direction"] = res.direction;
  j["bracketed"] = res.bracketed;
  j["below"] = res.below ? study::Json(*res.below) : study::Json();
  j["above"] = res.above ? study::Json(*res.above) : study::Json();
  j["best"] = res.best;
  j["separated"] = res.separated;
  j["within_tolerance"] = res.within_tolerance;
  j["budget_spent"] = res.budget_spent;
  j["games"] = res.games;
  j["monotone"] = res.monotonicity.monotone;
  j["trend"] = res.monotonicity.text;
  j["verdict"] = res.verdict;
  j["saved"] = o.save.empty() ? study::Json() : study::Json(o.save);
  j["timing"] = study::Json{{"seconds", seconds}};
  if (!o.json_file.empty() && !write_file_atomic(o.json_file, json_text(j) + "\n", &error, false)) {
    err << "tilewright tune: " << error << '\n';
    return kExitInput;
  }
  if (!o.csv_file.empty()) {
    std::string csv = "value,seeds,games,mean,lo,hi,side\n";
    for (const auto& [v, tv] : res.values)
      csv += fmt::format("{},{},{},{},{},{},{}\n", v, tv.seeds, tv.xs.size(), tv.iv.mean, tv.iv.lo, tv.iv.hi, tv.side);
    if (!write_file_atomic(o.csv_file, csv, &error, false)) {
      err << "tilewright tune: " << error << '\n';
      return kExitInput;
    }
  }
  if (!o.plot_file.empty()) {
    study::SweepChart ch;
    for (const auto& [v, tv] : res.values) ch.points.push_back({v, static_cast<int>(tv.xs.size()), tv.iv});
    ch.target = target;
    ch.percent = pct;
    ch.x_label = param->key;
    ch.y_label = measure + (pct ? " (%)" : "");
    ch.title = "tune " + param->key + " of " + source + " for " + measure + " = " + measure_text(target, pct) +
               " (values played, 95% intervals)";
    if (const std::string e = study::plot_sweep(ch, o.plot_file); !e.empty()) {
      err << "tilewright tune: " << e << '\n';
      return kExitInput;
    }
  }
  if (!o.save.empty()) {
    // As `content clone SOURCE ID --set KEY=VALUE` writes it (the same code, the same checks).
    ContentArgs a;
    a.action = ContentArgs::Action::Clone;
    a.db = o.db;
    a.ids = {source, o.save};
    a.sets = {param->key + "=" + std::to_string(res.best)};
    if (const int code = cmd_content(a, out, err); code != kExitOk) return code;
  }
  return kExitOk;
}

}  // namespace tw
