#include "doc/estimate.h"

#include <cmath>

#include <algorithm>
#include <cstdio>
#include <memory>

#include "replay/digest.h"

namespace twe {

EstimateResult estimate(const tw::Content& c, const EstimateOptions& o,
                        const std::function<void(int, int)>& progress, const std::atomic<bool>* cancel) {
  EstimateResult r;
  tw::study::Study s;
  s.variants.push_back({o.rule_set, o.level, o.bots, "", 0, false, 0});
  s.seeds = std::max(1, o.games);
  s.seed = o.seed;
  s.solve.on = o.solve;
  s.solve.nodes = std::max<int64_t>(1, o.solve_nodes);
  r.error = tw::study::prepare(c, s);
  if (r.error.empty() && o.solve && !s.variants.front().coop)
    r.error = "the solver searches co-op deals for a team's win: choose a co-op level";
  if (!r.error.empty()) return r;
  r.measured_by = tw::study::bots_text(c, s.variants.front(), s.seed);
  tw::study::RunOptions ro;
  ro.threads = o.threads;
  ro.progress = progress;
  ro.cancel = cancel;
  if (cancel && cancel->load()) return r;
  tw::study::RunResult run = tw::study::play(c, s, tw::study::shard_indices(s, {0, 1}), ro);
  r.report.study = s;
  r.report.rows = std::move(run.rows);
  r.report.seconds = run.seconds;
  r.report.threads = run.threads;
  const tw::study::VariantSummary v = tw::study::summarise(s, 0, r.report.rows);
  r.coop = v.coop;
  r.games = v.games;
  r.mean_plies = v.mean_plies;
  if (v.coop) {
    r.coop_wins = v.wins;
    r.mean_progress = v.progress.mean;
    for (const auto& [why, n] : v.loss_reasons) r.loss_reasons[why] = n;
    r.mean_score.assign(o.bots.size(), 0.0);
    for (const auto& row : r.report.rows)
      for (size_t p = 0; p < row.scores.size() && p < r.mean_score.size(); ++p)
        r.mean_score[p] += static_cast<double>(row.scores[p]) / std::max(1, r.games);
    r.wins.assign(o.bots.size(), 0);
    r.solved_deals = v.solved_deals;
    r.winnable = v.winnable;
    r.solver_wins = v.solver_wins;
    r.unwinnable = v.unwinnable;
    r.mean_solver_nodes = v.mean_solver_nodes;
    r.solve_nodes = s.solve.on ? s.solve.nodes : 0;
    for (size_t i = 0; i < r.report.rows.size(); ++i)
      if (r.report.rows[i].solver == 1) r.solver_won_rows.push_back(i);
  } else {
    for (const auto& e : v.entrants) {
      r.mean_score.push_back(e.score.mean);
      r.wins.push_back(e.wins);
    }
    r.ties = v.ties;
  }
  return r;
}

std::optional<tw::replay::Replay> winning_line(const tw::Content& c, const EstimateResult& r, size_t k,
                                               std::string* error) {
  if (k >= r.solver_won_rows.size()) {
    if (error) *error = "no such winning line";
    return std::nullopt;
  }
  return tw::study::witness(c, r.report.study, r.report.rows[r.solver_won_rows[k]], error);
}

std::string winning_line_label(const EstimateResult& r, size_t k) {
  if (k >= r.solver_won_rows.size()) return {};
  const tw::study::GameRow& row = r.report.rows[r.solver_won_rows[k]];
  std::string out = "seed " + std::to_string(row.seed);
  if (!row.solver_line.empty()) out += ": " + std::to_string(row.solver_line.size()) + " decisions";
  return out;
}

std::pair<double, double> win_interval(int wins, int games) {
  if (games <= 0) return {0, 0};
  const tw::study::Interval i = tw::study::wilson(wins, games);
  return {i.lo, i.hi};
}

std::string EstimateResult::summary() const {
  if (!error.empty()) return "Cannot estimate: " + error;
  if (games == 0) return "No game played.";
  char buf[320];
  std::string out;
  if (!measured_by.empty()) out += "Measured by " + measured_by + "\n";
  if (coop) {
    const auto [lo, hi] = win_interval(coop_wins, games);
    std::snprintf(buf, sizeof buf,
                  "%s %.1f%% (95%% interval %.1f-%.1f%%; %d of %d game%s), mean score %.1f, %.0f decision%s a game\n",
                  solved_deals > 0 ? "Bots' win rate" : "Win rate", 100.0 * coop_wins / games, 100.0 * lo, 100.0 * hi, coop_wins, games, games == 1 ? "" : "s",
                  mean_progress, mean_plies, std::lround(mean_plies) == 1 ? "" : "s");
    out += buf;
    if (solved_deals > 0) {
      // The bracket: the bots' win rate (a lower estimate of what a team reaches) and the
      // winnable share (an upper one: the solver knows the pile), over the same deals.
      const auto [wlo, whi] = win_interval(winnable, solved_deals);
      std::snprintf(buf, sizeof buf,
                    "Winnable share %.1f%% (95%% interval %.1f-%.1f%%; %d of %d deals: %d won by the solver, %d by "
                    "the bots only; %d proved impossible, %d unresolved)\n",
                    100.0 * winnable / solved_deals, 100.0 * wlo, 100.0 * whi, winnable, solved_deals, solver_wins,
                    winnable - solver_wins, unwinnable, solved_deals - winnable - unwinnable);
      out += buf;
      std::snprintf(buf, sizeof buf,
                    "Bracket: the bots win %.1f%% <= winnable %.1f%% <= not proved impossible %.1f%% (solver: %lld "
                    "nodes a deal, %.0f used on average)\n",
                    100.0 * coop_wins / games, 100.0 * winnable / solved_deals,
                    100.0 * (solved_deals - unwinnable) / solved_deals, static_cast<long long>(solve_nodes),
                    mean_solver_nodes);
      out += buf;
    }
    if (!loss_reasons.empty()) {
      out += "Losses:\n";
      std::vector<std::pair<int, std::string>> sorted;
      for (const auto& [why, n] : loss_reasons) sorted.emplace_back(n, why);
      std::sort(sorted.rbegin(), sorted.rend());
      for (const auto& [n, why] : sorted) {
        std::snprintf(buf, sizeof buf, "  %5.1f%%  %s (%d)\n", 100.0 * n / games, why.c_str(), n);
        out += buf;
      }
    }
    return out;
  }
  std::snprintf(buf, sizeof buf, "%d game%s, %.0f decision%s a game\n", games, games == 1 ? "" : "s", mean_plies,
                std::lround(mean_plies) == 1 ? "" : "s");
  out += buf;
  for (size_t p = 0; p < mean_score.size(); ++p) {
    const auto [lo, hi] = win_interval(wins[p], games);
    std::snprintf(buf, sizeof buf, "  seat %zu: mean score %.1f, wins %.1f%% (95%% interval %.1f-%.1f%%)\n", p + 1,
                  mean_score[p], 100.0 * wins[p] / games, 100.0 * lo, 100.0 * hi);
    out += buf;
  }
  return out;
}

ComparisonResult rules_side_by_side(const tw::Content& c, const std::string& parent, const std::string& variant) {
  ComparisonResult r;
  r.parent = parent;
  r.variant = variant;
  const tw::RuleSet* pa = c.find_rule_set(parent);
  const tw::RuleSet* va = c.find_rule_set(variant);
  if (!pa || !va) return r;
  for (const auto& d : tw::replay::diff_rules(c, *pa, nullptr, c, *va, nullptr))
    r.differences.push_back({d.field, {d.a, d.b}});
  return r;
}

ComparisonResult compare_with_parent(const tw::Content& c, const std::string& variant, const EstimateOptions& o,
                                     const std::function<void(int, int)>& progress,
                                     const std::atomic<bool>* cancel) {
  const tw::RuleSet* v = c.find_rule_set(variant);
  ComparisonResult r = rules_side_by_side(c, v ? v->parent : std::string(), variant);
  if (!v || v->parent.empty()) {
    r.a.error = r.b.error = "rule set " + variant + " has no parent";
    return r;
  }
  EstimateOptions oa = o, ob = o;
  oa.rule_set = v->parent;
  ob.rule_set = variant;
  oa.level.clear();
  ob.level.clear();
  const int n = std::max(1, o.games);
  r.a = estimate(c, oa, [&](int done, int) { if (progress) progress(done, 2 * n); }, cancel);
  r.b = estimate(c, ob, [&](int done, int) { if (progress) progress(n + done, 2 * n); }, cancel);
  return r;
}

std::string ComparisonResult::side_by_side() const {
  size_t w = 26;
  for (const auto& [field, ab] : differences) w = std::max(w, field.size() + 4);
  const size_t col = std::max<size_t>(14, std::max(parent.size(), variant.size()) + 2) + 9;
  auto pad = [](std::string s, size_t n) {
    if (s.size() < n) s.append(n - s.size(), ' ');
    return s;
  };
  auto row = [&](const std::string& what, const std::string& x, const std::string& y) {
    return pad("  " + what, w) + pad(x, col) + y + "\n";
  };
  std::string out = pad("", w) + pad(parent + " (parent)", col) + variant + "\n";
  // The figures first (they are few), then every rule that differs.
  if (!a.error.empty() || !b.error.empty()) {
    out += "Cannot compare: " + (a.error.empty() ? b.error : a.error) + "\n";
  } else if (a.games > 0 || b.games > 0) {
    char buf[64];
    auto pct = [&](int wins, int games) {
      const auto [lo, hi] = win_interval(wins, games);
      std::snprintf(buf, sizeof buf, "%.1f%% (%.0f-%.0f)", games ? 100.0 * wins / games : 0.0, 100 * lo, 100 * hi);
      return std::string(buf);
    };
    auto num = [&](double x) {
      std::snprintf(buf, sizeof buf, "%.1f", x);
      return std::string(buf);
    };
    out += "The same " + std::to_string(a.games) + " seeded games of each (" + a.measured_by + "):\n";
    out += row("decisions a game", num(a.mean_plies), num(b.mean_plies));
    for (size_t p = 0; p < a.mean_score.size() && p < b.mean_score.size(); ++p) {
      out += row("seat " + std::to_string(p + 1) + " mean score", num(a.mean_score[p]), num(b.mean_score[p]));
      if (p < a.wins.size() && p < b.wins.size())
        out += row("seat " + std::to_string(p + 1) + " wins", pct(a.wins[p], a.games), pct(b.wins[p], b.games));
    }
  }
  out += differences.empty() ? "No rule differs.\n" : "Rules that differ:\n";
  for (const auto& [field, ab] : differences) out += row(field, ab.first, ab.second);
  return out;
}

}  // namespace twe
