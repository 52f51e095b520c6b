#include "doc/estimate.h"

#include <cmath>

#include <algorithm>
#include <cstdio>
#include <memory>

#include "engine/bots.h"
#include "engine/game.h"
#include "engine/rng.h"

namespace twe {

EstimateResult estimate(const tw::Content& c, const EstimateOptions& o,
                        const std::function<void(int, int)>& progress, const std::atomic<bool>* cancel) {
  EstimateResult r;
  tw::GameSetup base;
  base.rule_set = o.rule_set;
  base.level = o.level;
  if (!o.level.empty()) {
    const tw::Level* l = c.find_level(o.level);
    if (!l) {
      r.error = "unknown level '" + o.level + "'";
      return r;
    }
    base.rule_set = l->rule_set;
  }
  std::vector<std::unique_ptr<tw::Bot>> owned;
  std::vector<tw::Bot*> bots;
  for (const auto& b : o.bots) {
    owned.push_back(tw::make_bot(b));
    if (!owned.back()) {
      r.error = "unknown bot '" + b + "'";
      return r;
    }
    bots.push_back(owned.back().get());
    base.players.push_back({"bot:" + b, b});
  }
  tw::Game g;
  if (auto v = tw::Game::create(c, base, g)) {
    r.error = v->message;
    return r;
  }
  r.coop = g.coop();
  const size_t seats = bots.size();
  r.mean_score.assign(seats, 0.0);
  r.wins.assign(seats, 0);
  double plies = 0, progress_sum = 0;
  for (int i = 0; i < o.games; ++i) {
    if (cancel && cancel->load()) break;
    tw::GameSetup s = base;
    s.seed = o.seed + static_cast<uint64_t>(i);
    tw::Rng rng(s.seed ^ 0x5bd1e995ULL);
    tw::Game::create(c, s, g);
    plies += tw::play_out(g, bots, rng);
    int64_t best = INT64_MIN;
    for (size_t p = 0; p < seats; ++p) {
      r.mean_score[p] += static_cast<double>(g.score(static_cast<int>(p)));
      best = std::max(best, g.score(static_cast<int>(p)));
    }
    if (r.coop) {
      progress_sum += static_cast<double>(g.progress());
      if (g.outcome() == tw::Outcome::Win) ++r.coop_wins;
      else ++r.loss_reasons[g.loss_reason().empty() ? std::string("unfinished") : g.loss_reason()];
    } else {
      for (size_t p = 0; p < seats; ++p)
        if (g.score(static_cast<int>(p)) == best) ++r.wins[p];
    }
    ++r.games;
    if (progress) progress(r.games, o.games);
  }
  if (r.games > 0) {
    for (auto& m : r.mean_score) m /= r.games;
    r.mean_plies = plies / r.games;
    r.mean_progress = progress_sum / r.games;
  }
  return r;
}

std::pair<double, double> win_interval(int wins, int games) {
  if (games <= 0) return {0, 0};
  const double n = games, z = 1.96, p = wins / n;
  const double denom = 1 + z * z / n;
  const double centre = (p + z * z / (2 * n)) / denom;
  const double half = z * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom;
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

std::string EstimateResult::summary() const {
  if (!error.empty()) return "Cannot estimate: " + error;
  if (games == 0) return "No game played.";
  char buf[240];
  std::string out;
  if (coop) {
    const auto [lo, hi] = win_interval(coop_wins, games);
    std::snprintf(buf, sizeof buf,
                  "Win rate %.1f%% (95%% interval %.1f-%.1f%%; %d of %d game%s), mean score %.1f, %.0f decision%s a game\n",
                  100.0 * coop_wins / games, 100.0 * lo, 100.0 * hi, coop_wins, games, games == 1 ? "" : "s",
                  mean_progress, mean_plies, std::lround(mean_plies) == 1 ? "" : "s");
    out += buf;
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

}  // namespace twe
