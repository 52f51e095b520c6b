#include "engine/bots/nrpa.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <unordered_map>
#include <vector>

#include "engine/bots/bots.h"
#include "engine/rng.h"
#include "engine/rules/dogs.h"
#include "engine/rules/score_markers.h"

namespace tw {
namespace {

using Policy = std::unordered_map<uint64_t, double>;

uint64_t option_code(const Option& o) {
  uint64_t h = 1469598103934665603ULL;
  const auto mix = [&h](uint64_t v) { h = (h ^ v) * 1099511628211ULL; };
  mix(static_cast<uint64_t>(o.kind));
  mix(o.rot);
  mix(o.seg);
  mix(o.colour);
  mix(static_cast<uint64_t>(static_cast<uint16_t>(o.x)));
  mix(static_cast<uint64_t>(static_cast<uint16_t>(o.y)));
  mix(o.tile);
  return h;
}

// One step of a sequence: the options' codes (and prior), the index chosen.
struct Step {
  std::vector<uint64_t> codes;
  std::vector<double> prior;  // empty without bias
  size_t chosen = 0;
};

struct Sequence {
  double score = -std::numeric_limits<double>::infinity();
  std::vector<Step> steps;
  std::vector<Option> line;
  bool won = false;
  int64_t progress = 0;
};

struct Search {
  const Game& start;
  const NrpaConfig& cfg;
  Rng rng;
  int64_t nodes = 0;
  int64_t playouts = 0;
  Sequence best_ever;

  bool spent() const { return cfg.max_nodes > 0 && nodes >= cfg.max_nodes; }

  double weight(const Policy& p, uint64_t code) const {
    const auto it = p.find(code);
    return it == p.end() ? 0.0 : it->second;
  }

  Sequence playout(const Policy& policy) {
    Sequence s;
    Game g = start;
    std::vector<double> w;
    while (!g.finished()) {
      const auto& opts = g.pending().options;
      Step st;
      st.codes.reserve(opts.size());
      for (const Option& o : opts) st.codes.push_back(option_code(o));
      if (cfg.bias && opts.size() > 1) {
        const std::vector<double> v = coop_option_values(g);
        nodes += static_cast<int64_t>(opts.size());
        if (v.size() == opts.size() && !v.empty()) {
          double lo = v[0], hi = v[0];
          for (const double x : v) lo = std::min(lo, x), hi = std::max(hi, x);
          const double span = hi - lo;
          st.prior.assign(v.size(), 0.0);
          for (size_t i = 0; i < v.size(); ++i) st.prior[i] = span > 0 ? cfg.bias_weight * (v[i] - hi) / span : 0.0;
        }
      }
      w.assign(opts.size(), 0.0);
      double top = -std::numeric_limits<double>::infinity();
      for (size_t i = 0; i < opts.size(); ++i) {
        w[i] = weight(policy, st.codes[i]) + (st.prior.empty() ? 0.0 : st.prior[i]);
        top = std::max(top, w[i]);
      }
      double sum = 0;
      for (double& x : w) sum += (x = std::exp(x - top));
      // Sample by a 53-bit uniform draw (deterministic for the seed).
      const double u = static_cast<double>(rng.next() >> 11) * (1.0 / 9007199254740992.0) * sum;
      size_t k = 0;
      for (double acc = w[0]; k + 1 < w.size() && acc <= u; acc += w[++k]) {
      }
      st.chosen = k;
      s.line.push_back(opts[k]);
      s.steps.push_back(std::move(st));
      g.apply_index(k);
      ++nodes;
    }
    ++playouts;
    s.won = g.outcome() == Outcome::Win;
    s.progress = progress(g);
    s.score = (s.won ? 1e9 : 0.0) + 1e6 * dogs_reached(g) + static_cast<double>(s.progress);
    if (s.score > best_ever.score) best_ever = s;
    return s;
  }

  void adapt(Policy& policy, const Sequence& s) const {
    const Policy old = policy;
    for (const Step& st : s.steps) {
      if (st.codes.size() < 2) continue;
      policy[st.codes[st.chosen]] += cfg.alpha;
      double top = -std::numeric_limits<double>::infinity();
      std::vector<double> w(st.codes.size());
      for (size_t i = 0; i < st.codes.size(); ++i) {
        w[i] = weight(old, st.codes[i]) + (st.prior.empty() ? 0.0 : st.prior[i]);
        top = std::max(top, w[i]);
      }
      double z = 0;
      for (double& x : w) z += (x = std::exp(x - top));
      for (size_t i = 0; i < st.codes.size(); ++i) policy[st.codes[i]] -= cfg.alpha * w[i] / z;
    }
  }

  Sequence nested(int level, Policy policy) {
    if (level <= 0) return playout(policy);
    Sequence best;
    for (int i = 0; i < cfg.iterations && !spent() && !best_ever.won; ++i) {
      Sequence r = nested(level - 1, policy);
      if (r.score >= best.score) best = std::move(r);
      adapt(policy, best);
    }
    return best;
  }
};

}  // namespace

SolveResult solve_nrpa(const Game& start, const NrpaConfig& config) {
  SolveResult out;
  if (start.finished()) {
    out.won = start.outcome() == Outcome::Win;
    out.exhaustive = !out.won;
    return out;
  }
  Search s{start, config, Rng(config.seed), 0, 0, {}};
  // Restart the top level until the budget is spent or a win is found.
  while (!s.spent() && !s.best_ever.won) s.nested(config.level, Policy{});
  out.won = s.best_ever.won;
  if (out.won) out.line = s.best_ever.line;
  out.nodes = s.nodes;
  out.rollouts = s.playouts;
  out.best_progress = s.best_ever.progress;
  return out;
}

}  // namespace tw
