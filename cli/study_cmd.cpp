#include "cli/study_cmd.h"

#include <algorithm>
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
                         "{} by the bots only; {} proven unwinnable); solver budget {} nodes a deal, mean {:.0f} used\n",
                         100 * w.mean, 100 * w.lo, 100 * w.hi, sum.winnable, sum.solved_deals, sum.solver_wins,
                         sum.winnable - sum.solver_wins, sum.unwinnable, s.solve.nodes, sum.mean_solver_nodes);
      out << fmt::format("bracket: the bots win {:.2f}%, a team can win at least {:.2f}% of these deals\n",
                         100 * sum.win_rate.mean, 100 * w.mean);
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
    if (const std::string e = study::plot(study::chart_data(r), plot_file); !e.empty()) {
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

}  // namespace

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

}  // namespace tw
