#include "engine/bots/mcts.h"

#include "engine/bots/option_index.h"
#include "engine/text.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <string>
#include <thread>
#include <tuple>

namespace tw {

namespace {

struct Node {
  Option move;
  int mover = -1;       // the player who chose `move`
  uint32_t visits = 0;
  uint32_t avail = 0;   // times it was legal when its parent was visited
  double total = 0;     // the mover's reward, summed
  double margin = 0;    // the mover's final score margin, summed (analysis)
  double wins = 0;      // the mover's playouts won (1) or tied (0.5), summed (analysis)
  std::vector<int> children;
};

// Each player's reward at the end of a (played out) game, in [0, 1].
// `margins` receives each player's score margin (co-op: 0).
// `centre` (Reward::Relative): each player's margin the tanh is centred on.
double squash(double margin, MctsConfig::Reward mode, double centre) {
  if (mode == MctsConfig::Reward::Win) return margin > 0 ? 1.0 : margin == 0 ? 0.5 : 0.0;
  if (mode == MctsConfig::Reward::Relative) margin -= centre;
  return 0.5 + 0.5 * std::tanh(margin / 20.0);
}

void rewards(const Game& g, MctsConfig::Reward mode, std::vector<double>& out, std::vector<double>& margins,
             const std::vector<double>& centre = {}) {
  const int n = g.player_count();
  out.assign(static_cast<size_t>(n), 0.0);
  margins.assign(static_cast<size_t>(n), 0.0);
  if (is_coop(g)) {
    double v = 1.0;
    if (g.outcome() != Outcome::Win) {
      const Level& l = *coop_level(g);
      const double share = l.target > 0 ? std::clamp(static_cast<double>(progress(g)) / static_cast<double>(l.target), 0.0, 1.0) : 0.0;
      const double dogs = l.dogs.empty() ? 0.0 : static_cast<double>(dogs_reached(g)) / static_cast<double>(l.dogs.size());
      v = 0.7 * share + 0.2 * dogs;
    }
    std::fill(out.begin(), out.end(), v);
    return;
  }
  for (int p = 0; p < n; ++p) {
    int64_t best_other = 0;
    bool any = false;
    for (int q = 0; q < n; ++q)
      if (q != p && (!any || g.score(q) > best_other)) {
        best_other = g.score(q);
        any = true;
      }
    const double margin = static_cast<double>(g.score(p) - (any ? best_other : 0));
    margins[static_cast<size_t>(p)] = margin;
    out[static_cast<size_t>(p)] =
        squash(margin, mode, static_cast<size_t>(p) < centre.size() ? centre[static_cast<size_t>(p)] : 0.0);
  }
}

// Discovery (no scoring on completion; a take-back scores an area at once): take back
// the follower on the richest area when it is worth it or the supply is empty, else put
// one on the richest area of the new tile; now and then anything at random.
size_t discovery_follower(const Game& g, Rng& rng) {
  const auto& opts = g.pending().options;
  if (rng.below(5) == 0) return static_cast<size_t>(rng.below(opts.size()));
  const int me = g.pending().player;
  const int p = g.last_placed();
  size_t take = opts.size(), put = opts.size(), pass = opts.size();
  int take_v = -1, put_v = -1;
  for (size_t i = 0; i < opts.size(); ++i) {
    const Option& o = opts[i];
    if (o.kind == OptKind::TakeBack) {
      const int v = g.feature_value(g.node_of(g.tile_at(o.x, o.y), o.seg));
      if (v > take_v) {
        take_v = v;
        take = i;
      }
    } else if (o.kind == OptKind::Meeple && p >= 0) {
      const int v = g.feature_value(g.node_of(p, o.seg));
      if (v > put_v) {
        put_v = v;
        put = i;
      }
    } else if (o.kind == OptKind::Pass) {
      pass = i;
    }
  }
  if (take < opts.size() && (take_v >= 5 || g.supply(me) == 0 || put == opts.size())) return take;
  if (put < opts.size()) return put;
  return pass < opts.size() ? pass : 0;
}

// The playout policy: cheap, but better than uniform where it pays.
size_t rollout_choice(const Game& g, Rng& rng) {
  const Decision& d = g.pending();
  const auto& opts = d.options;
  if (d.kind == DecisionKind::Place) {  // (counted, not listed, on the playout path)
    const size_t n = g.option_count();
    return n == 1 ? 0 : static_cast<size_t>(rng.below(n));
  }
  if (opts.size() == 1) return 0;
  if (is_coop(g)) return coop_rule_choice(g);
  if (d.kind != DecisionKind::Follower) return static_cast<size_t>(rng.below(opts.size()));
  if (!g.rules().completion_scores) return discovery_follower(g, rng);
  // A follower: where it scores at once (best first), else a random option that does not
  // put it in a field for the rest of the game.
  const int p = g.last_placed();
  size_t best = opts.size();
  int best_value = 0;
  size_t keep[64];
  size_t kept = 0;
  for (size_t i = 0; i < opts.size(); ++i) {
    const Option& o = opts[i];
    if ((o.kind == OptKind::Meeple || o.kind == OptKind::Guard) && p >= 0) {
      const TileType& tt = g.content().tiles[g.placed()[static_cast<size_t>(p)].type];
      const uint32_t node = g.node_of(p, o.seg);
      if (g.feature_complete(node)) {
        const int v = g.feature_value(node);
        if (v > best_value) {
          best_value = v;
          best = i;
        }
      }
      if (tt.segments[o.seg].kind == Kind::Field) continue;
    }
    if (kept < 64) keep[kept++] = i;
  }
  if (best < opts.size()) return best;
  if (kept == 0) return static_cast<size_t>(rng.below(opts.size()));
  return keep[rng.below(kept)];
}

class Search {
 public:
  // `kept`: a tree kept from an earlier decision whose root is `root`'s decision (MctsTree).
  Search(const Game& root, const MctsConfig& config, uint64_t seed, std::vector<Node>* kept = nullptr)
      : root_(root), config_(config), rng_(seed) {
    if (config_.iterations <= 0) config_.iterations = mcts_default_iterations(root);
    if (kept && !kept->empty()) nodes_ = std::move(*kept);
    nodes_.reserve(nodes_.size() + static_cast<size_t>(std::min(config_.iterations, 1 << 16)) + 1);
    if (nodes_.empty()) nodes_.emplace_back();
    if (config_.reward == MctsConfig::Reward::Relative && !is_coop(root)) {
      // Lopsided positions: centre each player's reward on its margin now when it is
      // more than kLopsided points from even, so a player far behind (or ahead) still
      // tells a better move from a worse one; near even the reward is the margin's.
      std::vector<double> now, margins;
      rewards(root, MctsConfig::Reward::Margin, now, margins);
      centre_.assign(margins.size(), 0.0);
      for (size_t p = 0; p < margins.size(); ++p)
        if (std::abs(margins[p]) > kLopsided) centre_[p] = margins[p];
    }
    if (is_coop(root)) {
      // The playout policy: the co-op bot on the iteration's own deal (no second deal a
      // decision; make_coop_playout_bot).
      coop_bot_ = make_coop_playout_bot(kCoopPlayoutSample);
      // On a copy: the Game's const queries compress union-find paths, and the other
      // trees' threads read `root` at the same time.
      Game view = root;
      root_value_ = coop_position_value(view);
      // The root's options enter in the co-op bot's order (on a deal of our own): the
      // search refines the one-ply bot's best few rather than spreading its playouts
      // over every placement.
      if (config_.coop_guided) {
        view.determinize(rng_);
        order_root(coop_option_values(view));
        paired_ = true;
        pair_seed_ = rng_.next();
        explore_ = config_.coop_exploration;
      }
    } else {
      // Competitive: the root's options enter the tree in the greedy bot's order (on a
      // deal of our own), best first, under progressive widening like every other node.
      Game view = root;
      view.determinize(rng_);
      order_root(greedy_option_values(view));
    }
  }

  template <class V>
  void order_root(const std::vector<V>& v) {
    root_order_.resize(v.size());
    for (size_t i = 0; i < v.size(); ++i) root_order_[i] = i;
    std::stable_sort(root_order_.begin(), root_order_.end(), [&](size_t a, size_t b) { return v[a] > v[b]; });
  }

  void run() {
    for (int i = 0; i < config_.iterations; ++i) iterate();
  }

  // The same choice as run()'s (the most visited root option, ties by value), stopping
  // as soon as no other option can catch up: once the most visited root child has more
  // visits than any other could reach in the iterations left, the rest cannot change
  // it. Returns the iterations run.
  int run_until_decided() {
    const int n = config_.iterations;
    for (int i = 0; i < n; ++i) {
      iterate();
      uint32_t first = 0, second = 0;
      for (const int c : nodes_[0].children) {
        const uint32_t v = nodes_[static_cast<size_t>(c)].visits;
        if (v > first) {
          second = first;
          first = v;
        } else if (v > second) {
          second = v;
        }
      }
      if (first > second + static_cast<uint32_t>(n - 1 - i)) return i + 1;
    }
    return n;
  }

  // Iterations until `iterations` are done, `ms` milliseconds have passed (0: no limit)
  // or `*stop` is set; returns the iterations run. At least one.
  int run(int iterations, double ms, const std::atomic<bool>* stop) {
    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    int i = 0;
    do {
      iterate();
      ++i;
      if (stop && stop->load(std::memory_order_relaxed)) break;
      if (ms > 0 && (i & 7) == 0 &&
          std::chrono::duration<double, std::milli>(Clock::now() - start).count() >= ms)
        break;
    } while (iterations <= 0 || i < iterations);
    return i;
  }

  std::vector<Node>& nodes() { return nodes_; }

  // The most visited line below root option `index`, whoever decides, at most `depth`
  // options after it.
  std::vector<Option> principal_after(size_t index, size_t depth) const {
    std::vector<Option> out;
    const Option& o = root_.pending().options[index];
    int cur = -1;
    for (const int c : nodes_[0].children)
      if (nodes_[static_cast<size_t>(c)].move == o) cur = c;
    while (cur >= 0 && out.size() < depth) {
      int best = -1;
      for (const int c : nodes_[static_cast<size_t>(cur)].children)
        if (best < 0 || nodes_[static_cast<size_t>(c)].visits > nodes_[static_cast<size_t>(best)].visits) best = c;
      if (best < 0 || nodes_[static_cast<size_t>(best)].visits < 2) break;
      out.push_back(nodes_[static_cast<size_t>(best)].move);
      cur = best;
    }
    return out;
  }

  // Analysis: more iterations, each entering the root through option `index` (added to
  // the tree if it is not there), until that option has `visits` visits.
  void top_up(size_t index, int visits) {
    force_ = static_cast<int>(index);
    for (int guard = 0; guard < visits && root_visits(index) < visits; ++guard) iterate();
    force_ = -1;
  }

  int root_visits(size_t index) const {
    const Option& o = root_.pending().options[index];
    for (const int c : nodes_[0].children)
      if (nodes_[static_cast<size_t>(c)].move == o) return static_cast<int>(nodes_[static_cast<size_t>(c)].visits);
    return 0;
  }

  // Root children with the analysis sums, and the most visited line below `index` while
  // the root's player keeps deciding.
  std::vector<RootEval> root_evals() const {
    std::vector<RootEval> out;
    const auto& opts = root_.pending().options;
    for (const int c : nodes_[0].children) {
      const Node& n = nodes_[static_cast<size_t>(c)];
      const auto it = std::find(opts.begin(), opts.end(), n.move);
      if (it == opts.end() || n.visits == 0) continue;
      RootEval e;
      e.index = static_cast<size_t>(it - opts.begin());
      e.visits = static_cast<int>(n.visits);
      e.value = n.total / n.visits;
      e.margin = n.margin / n.visits;
      e.win = n.wins / n.visits;
      out.push_back(e);
    }
    return out;
  }
  std::vector<Option> line_after(size_t index) const {
    std::vector<Option> out;
    if (index >= root_.pending().options.size()) return out;
    const Option& o = root_.pending().options[index];
    int cur = -1;
    for (const int c : nodes_[0].children)
      if (nodes_[static_cast<size_t>(c)].move == o) cur = c;
    if (cur < 0) return out;
    const int me = root_.pending().player;
    for (;;) {
      const Node& n = nodes_[static_cast<size_t>(cur)];
      int best = -1;
      for (const int c : n.children) {
        const Node& k = nodes_[static_cast<size_t>(c)];
        if (k.mover != me || k.visits == 0) continue;
        if (best < 0 || k.visits > nodes_[static_cast<size_t>(best)].visits) best = c;
      }
      // The most visited continuation, where the search tried it more than once.
      if (best < 0 || nodes_[static_cast<size_t>(best)].visits < 2 || out.size() >= 8) break;
      out.push_back(nodes_[static_cast<size_t>(best)].move);
      cur = best;
    }
    return out;
  }

  // Root children: option index, visits, mean reward for the deciding player.
  std::vector<OptionEval> root_stats() const {
    std::vector<OptionEval> out;
    const auto& opts = root_.pending().options;
    for (const int c : nodes_[0].children) {
      const Node& n = nodes_[static_cast<size_t>(c)];
      const auto it = std::find(opts.begin(), opts.end(), n.move);
      if (it == opts.end() || n.visits == 0) continue;
      out.push_back({static_cast<size_t>(it - opts.begin()), static_cast<int>(n.visits), n.total / n.visits});
    }
    return out;
  }

 private:
  // Each iteration plays on a fresh copy of the root, dealt again (determinize). An undo
  // frame on one copy for the whole search (Game::mark/undo) measured no cheaper: 22% more
  // instructions in base and gcc (a whole playout logged and taken back, its finds without
  // path compression), 0.4% more on mists-5 (docs/performance.md, tenth round).
  void iterate() {
    path_.clear();
    path_.push_back(0);
    int cur = 0;
    if (paired_) {
      cur = paired_root_step();
      if (cur < 0) {
        rollout_and_backup();
        return;
      }
    } else {
      det_ = root_;
      det_.determinize(rng_);
    }
    while (!det_.finished()) {
      const Decision& d = det_.pending();
      const auto& opts = d.options;
      if (cur != 0 && coop_bot_ && config_.coop_guided && d.kind != DecisionKind::Place) {
        det_.apply_index(opts.size() == 1 ? 0 : coop_bot_->choose_in_place(det_, rng_));
        continue;
      }
      // Which children are legal in this deal, and which options have none yet.
      match_children(nodes_[static_cast<size_t>(cur)].children, opts);
      if (cur == 0 && force_ >= 0) {
        const size_t i = static_cast<size_t>(force_);
        int child = -1;
        for (const auto& [c, k] : legal_)
          if (k == i) child = c;
        if (child < 0) {
          Node fresh;
          fresh.move = opts[i];
          fresh.mover = d.player;
          fresh.avail = 1;
          nodes_.push_back(std::move(fresh));
          child = static_cast<int>(nodes_.size() - 1);
          nodes_[0].children.push_back(child);
          path_.push_back(child);
          det_.apply_index(i);
          break;
        }
        det_.apply_index(i);
        cur = child;
        path_.push_back(cur);
        continue;
      }
      const size_t untried = opts.size() - legal_.size();
      const Node& here = nodes_[static_cast<size_t>(cur)];
      const bool ordered = cur == 0 && !root_order_.empty();
      const size_t allowed =
          cur == 0 && !ordered
              ? opts.size()
              : std::max<size_t>(ordered ? kRootMin : 1, static_cast<size_t>(config_.widen * std::sqrt(here.visits + 1.0)));
      if (untried > 0 && legal_.size() < allowed) {
        // Expand: the root's best untried option by the greedy order, elsewhere one at random.
        size_t i = 0;
        if (ordered) {
          for (const size_t k : root_order_)
            if (!tried_[k]) {
              i = k;
              break;
            }
        } else {
          size_t pick = static_cast<size_t>(rng_.below(untried));
          for (;; ++i)
            if (!tried_[i] && pick-- == 0) break;
        }
        Node child;
        child.move = opts[i];
        child.mover = d.player;
        child.avail = 1;
        nodes_.push_back(std::move(child));
        const int id = static_cast<int>(nodes_.size() - 1);
        nodes_[static_cast<size_t>(cur)].children.push_back(id);
        path_.push_back(id);
        det_.apply_index(i);
        break;
      }
      // Select: UCB1 over availability counts.
      const std::pair<int, size_t> chosen = select();
      det_.apply_index(chosen.second);
      cur = chosen.first;
      path_.push_back(cur);
    }
    rollout_and_backup();
  }

  // Which children of a node are legal in this deal: each child's move is matched to the
  // first option equal to it that no earlier child took (tried_), in the children's order;
  // legal_ gets (child, option index) and the child's availability count goes up. Many
  // children and options (a placement: tens of each) match through OptionIndex, the same
  // matches as comparing every pair (which was about 9% of a base mcts:500 search).
  void match_children(const std::vector<int>& children, const OptionList& opts) {
    tried_.assign(opts.size(), 0);
    legal_.clear();
    const auto taken = [&](size_t i) { return tried_[i] != 0; };
    const bool hashed = children.size() * opts.size() >= OptionIndex::kScanBelow;
    if (hashed) option_index_.index(opts);
    for (const int c : children) {
      const Option& m = nodes_[static_cast<size_t>(c)].move;
      const size_t i = hashed ? option_index_.find(m, taken) : OptionIndex::scan(opts, m, taken);
      if (i < opts.size()) {
        tried_[i] = 1;
        legal_.push_back({c, i});
        ++nodes_[static_cast<size_t>(c)].avail;
      }
    }
  }

  // UCB1 over availability counts among legal_ (the children legal in this deal).
  std::pair<int, size_t> select() const {
    double best = -1e300;
    std::pair<int, size_t> chosen = legal_.front();
    for (const auto& [c, i] : legal_) {
      const Node& n = nodes_[static_cast<size_t>(c)];
      const double v = n.visits == 0 ? 1e9
                                     : n.total / n.visits +
                                           explore_ * std::sqrt(std::log(static_cast<double>(n.avail)) / n.visits);
      if (v > best) {
        best = v;
        chosen = {c, i};
      }
    }
    return chosen;
  }

  // Co-op, guided: the root's options are the same in every deal (the team's own tile and
  // the public board decide them), so the root child is chosen first and its k-th visit
  // plays in the k-th deal, with the k-th playout stream: every option is tried on the
  // same deals (common random numbers), and the options are compared on the same tiles to
  // come rather than on each one's luck. Returns the node to walk on from, or -1 when a
  // new root child was added (the playout follows at once).
  int paired_root_step() {
    const auto& opts = root_.pending().options;
    Node& root = nodes_[0];
    tried_.assign(opts.size(), 0);
    legal_.clear();
    const auto none = [](size_t) { return false; };
    const bool hashed = root.children.size() * opts.size() >= OptionIndex::kScanBelow;
    if (hashed) option_index_.index(opts);
    for (const int c : root.children) {
      const Option& m = nodes_[static_cast<size_t>(c)].move;
      const size_t i = hashed ? option_index_.find(m, none) : OptionIndex::scan(opts, m, none);
      tried_[i] = 1;
      legal_.push_back({c, i});
      ++nodes_[static_cast<size_t>(c)].avail;
    }
    int child = -1;
    size_t index = 0;
    bool fresh = false;
    if (force_ >= 0) {
      index = static_cast<size_t>(force_);
      for (const auto& [c, i] : legal_)
        if (i == index) child = c;
      fresh = child < 0;
    } else {
      const size_t allowed = root_order_.empty()
                                 ? opts.size()
                                 : std::max<size_t>(kRootMin, static_cast<size_t>(config_.widen * std::sqrt(root.visits + 1.0)));
      if (legal_.size() < opts.size() && legal_.size() < allowed) {
        for (const size_t k : root_order_)
          if (!tried_[k]) {
            index = k;
            break;
          }
        if (root_order_.empty())
          while (tried_[index]) ++index;
        fresh = true;
      } else {
        std::tie(child, index) = select();
      }
    }
    if (fresh) {
      Node n;
      n.move = opts[index];
      n.mover = root_.pending().player;
      n.avail = 1;
      nodes_.push_back(std::move(n));
      child = static_cast<int>(nodes_.size() - 1);
      nodes_[0].children.push_back(child);
    }
    // The k-th deal and playout stream, the same for every root option.
    uint64_t x = pair_seed_ + 0x9e3779b97f4a7c15ULL * nodes_[static_cast<size_t>(child)].visits;
    rng_.reseed(Rng::splitmix64(x));
    det_ = root_;
    det_.determinize(rng_);
    path_.push_back(child);
    const auto& dealt = det_.pending().options;
    if (index >= dealt.size() || !(dealt[index] == opts[index]))  // (the same options in every deal)
      index = static_cast<size_t>(std::find(dealt.begin(), dealt.end(), opts[index]) - dealt.begin());
    det_.apply_index(index < dealt.size() ? index : 0);
    return fresh ? -1 : child;
  }

  void rollout_and_backup() {
    // Play out, then back up every player's own reward.
    if (coop_bot_) {
      coop_rollout();
    } else {
      det_.set_playout(config_.playout_path);  // (the next iteration's copy turns it off)
      if (det_.rules().completion_scores) {
        while (!det_.finished()) det_.apply_index(rollout_choice(det_, rng_));
        rewards(det_, config_.reward, reward_, margin_, centre_);
      } else {
        truncated_rollout();
      }
    }
    for (const int id : path_) {
      Node& n = nodes_[static_cast<size_t>(id)];
      ++n.visits;
      if (n.mover >= 0) {
        const double m = margin_[static_cast<size_t>(n.mover)];
        n.total += reward_[static_cast<size_t>(n.mover)];
        n.margin += m;
        n.wins += m > 0 ? 1.0 : m == 0 ? 0.5 : 0.0;
      }
    }
  }

  // Co-op: random placements lose the ghost bank within a few turns, so the playout
  // follows the co-op bot for `coop_horizon` more placements and the leaf is weighed with
  // its position value (relative to the root's, squashed into 0.25..0.95); a game that
  // ends on the way scores 1 (won) or at most 0.2 (lost: share of the target and dogs).
  static constexpr double kCoopScale = 30.0;
  // Placements the playout policy weighs at a placement decision (a random sample; 0:
  // every one). Measured on mists-1 (2 players, mcts, 40 games, seeds 1..40): every one
  // wins 26 (65%, 95% CI 50-78%) in 89.9 s of CPU; a sample of 6 wins 11 (27.5%, 16-43%)
  // in 32.6 s: the playouts' quality is the bot's strength, so every one is weighed.
  static constexpr int kCoopPlayoutSample = 0;

  // Discovery (nothing scores on completion; a take-back or the end scores an area as it
  // stands): random placements to the end drown a few points' difference in noise, so
  // the playout stops after kDiscoveryHorizon placements and each player counts its score
  // plus what its followers' areas give now.
  static constexpr int kDiscoveryHorizon = 8;
  void truncated_rollout() {
    int placements = 0;
    while (!det_.finished()) {
      if (det_.pending().kind == DecisionKind::Place && ++placements > kDiscoveryHorizon) break;
      det_.apply_index(rollout_choice(det_, rng_));
    }
    const int n = det_.player_count();
    if (det_.finished()) {
      rewards(det_, config_.reward, reward_, margin_, centre_);
      return;
    }
    std::vector<double> worth(static_cast<size_t>(n), 0.0);
    for (int p = 0; p < n; ++p) worth[static_cast<size_t>(p)] = static_cast<double>(det_.score(p));
    for (const auto& f : det_.followers())
      if (f.placed >= 0 && f.player >= 0) worth[static_cast<size_t>(f.player)] += det_.feature_value(f.node);
    reward_.assign(static_cast<size_t>(n), 0.0);
    margin_.assign(static_cast<size_t>(n), 0.0);
    for (int p = 0; p < n; ++p) {
      double best_other = -1e300;
      for (int q = 0; q < n; ++q)
        if (q != p) best_other = std::max(best_other, worth[static_cast<size_t>(q)]);
      const double margin = n > 1 ? worth[static_cast<size_t>(p)] - best_other : worth[static_cast<size_t>(p)];
      margin_[static_cast<size_t>(p)] = margin;
      reward_[static_cast<size_t>(p)] =
          squash(margin, config_.reward, static_cast<size_t>(p) < centre_.size() ? centre_[static_cast<size_t>(p)] : 0.0);
    }
  }
  void coop_rollout() {
    int placements = 0;
    while (!det_.finished()) {
      if (det_.pending().kind == DecisionKind::Place && ++placements > config_.coop_horizon) break;
      det_.apply_index(det_.pending().options.size() == 1 ? 0 : coop_bot_->choose_in_place(det_, rng_));
    }
    double v;
    if (det_.finished()) {
      rewards(det_, config_.reward, reward_, margin_);
      v = det_.outcome() == Outcome::Win ? 1.0 : 0.2 * reward_.front() / 0.9;
    } else {
      v = 0.25 + 0.7 / (1.0 + std::exp(-(coop_position_value(det_) - root_value_) / (paired_ ? config_.coop_scale : kCoopScale)));
    }
    reward_.assign(static_cast<size_t>(det_.player_count()), v);
    margin_.assign(static_cast<size_t>(det_.player_count()), 0.0);
  }

  static constexpr size_t kRootMin = 6;  // children the root starts with
  static constexpr double kLopsided = 30;  // Reward::Relative: margins past this are centred
  std::vector<double> centre_;            // Reward::Relative: each player's centre
  int force_ = -1;                        // top_up: the root option every iteration takes
  const Game& root_;
  std::vector<size_t> root_order_;
  std::unique_ptr<Bot> coop_bot_;
  double root_value_ = 0;
  MctsConfig config_;
  bool paired_ = false;      // co-op guided: paired_root_step
  uint64_t pair_seed_ = 0;
  double explore_ = config_.exploration;  // the co-op guided search: config_.coop_exploration
  Rng rng_;
  std::vector<Node> nodes_;
  Game det_;
  std::vector<int> path_;
  std::vector<uint8_t> tried_;
  OptionIndex option_index_;  // the options of the decision being matched (match_children)
  std::vector<std::pair<int, size_t>> legal_;
  std::vector<double> reward_;
  std::vector<double> margin_;
};

class MctsBot final : public Bot {
 public:
  explicit MctsBot(MctsConfig c) : config_(c) {}
  std::string_view name() const override { return "mcts"; }
  std::string budget(const Game& g) const override {
    const int n = config_.iterations > 0 ? config_.iterations : mcts_default_iterations(g);
    // Co-op: the decisions it searches (MctsConfig::coop_searched), the rest the co-op bot's.
    // (Placements are always searched: their bit does not change the text.)
    const uint32_t searched = config_.coop_searched | MctsConfig::coop_kind_bit(DecisionKind::Place);
    const bool some = is_coop(g) && config_.coop_guided && config_.coop_searched != MctsConfig::kCoopSearchAll;
    const char* what = !some ? " a decision"
                       : searched == (MctsConfig::coop_kind_bit(DecisionKind::Place) |
                                      MctsConfig::coop_kind_bit(DecisionKind::Evaluate))
                           ? " a placement or evaluation, the co-op bot's other decisions"
                           : " a decision searched, the co-op bot's others";
    std::string out = config_.ms > 0 ? std::to_string(static_cast<int>(config_.ms)) + " ms" + what
                                     : std::to_string(n) + " iterations" + what;
    if (config_.iterations <= 0 && config_.ms <= 0 && n < mcts_default_iterations_cap(g))
      out += " (" + std::to_string(kMctsDefaultIterations) + " x " + std::to_string(kMctsDefaultPlayoutTiles) +
             " / the game's tiles)";
    if (config_.threads > 1) out += " on each of " + std::to_string(config_.threads) + " threads";
    if (config_.reward == MctsConfig::Reward::Win) out += ", win/loss reward";
    if (config_.reward == MctsConfig::Reward::Relative) out += ", relative reward";
    return out;
  }
  // evaluate()'s first option, from a search that stops once it is decided (mcts_search).
  size_t choose(const Game& g, Rng& rng) override { return decide(g, rng, true).front().index; }
  std::vector<OptionEval> evaluate(const Game& g, Rng& rng) override { return decide(g, rng, false); }

 private:
  std::vector<OptionEval> decide(const Game& g, Rng& rng, bool choice_only) {
    if (g.pending().options.size() == 1) return {{0, 0, 0}};
    if (coop_bot_decides(g)) {
      if (!coop_) coop_ = make_bot("coop");
      return {{coop_->choose(g, rng), 0, 0}};  // (on a deal of its own: public_view)
    }
    return mcts_search(g, config_, rng.next(), choice_only);
  }

  // A co-op decision that is not a placement and whose kind the search leaves to the co-op
  // bot (MctsConfig::coop_searched).
  bool coop_bot_decides(const Game& g) const {
    const DecisionKind k = g.pending().kind;
    return config_.coop_guided && k != DecisionKind::Place && !(config_.coop_searched & MctsConfig::coop_kind_bit(k)) &&
           is_coop(g);
  }

  MctsConfig config_;
  std::unique_ptr<Bot> coop_;  // coop_bot_decides
};

}  // namespace

std::vector<OptionEval> mcts_search(const Game& g, const MctsConfig& config, uint64_t seed, bool choice_only) {
  const int threads = std::max(1, config.threads);
  std::vector<std::vector<OptionEval>> per(static_cast<size_t>(threads));
  auto work = [&](int t) {
    // Each tree gets its own stream, fixed by the seed and the tree's number.
    uint64_t x = seed + 0x9e3779b97f4a7c15ULL * static_cast<uint64_t>(t);
    Search s(g, config, Rng::splitmix64(x));
    if (config.ms > 0)
      s.run(config.iterations, config.ms, nullptr);
    else if (choice_only && threads == 1)
      s.run_until_decided();
    else
      s.run();
    per[static_cast<size_t>(t)] = s.root_stats();
  };
  if (threads == 1) {
    work(0);
  } else {
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) pool.emplace_back(work, t);
    for (auto& th : pool) th.join();
  }
  // Add up the trees' root statistics by option.
  const size_t n = g.pending().options.size();
  std::vector<OptionEval> sum(n);
  std::vector<double> total(n, 0);
  for (size_t i = 0; i < n; ++i) sum[i].index = i;
  for (const auto& v : per)
    for (const auto& e : v) {
      sum[e.index].visits += e.visits;
      total[e.index] += e.value * e.visits;
    }
  std::vector<OptionEval> out;
  for (size_t i = 0; i < n; ++i)
    if (sum[i].visits > 0) {
      sum[i].value = total[i] / sum[i].visits;
      out.push_back(sum[i]);
    }
  if (out.empty()) out.push_back({0, 0, 0});
  std::stable_sort(out.begin(), out.end(), [](const OptionEval& a, const OptionEval& b) {
    if (a.visits != b.visits) return a.visits > b.visits;
    return a.value > b.value;
  });
  return out;
}

RootSearch mcts_root_search(const Game& g, const MctsConfig& config, uint64_t seed, std::optional<size_t> played,
                            int min_visits) {
  RootSearch out;
  uint64_t x = seed;
  Search s(g, config, Rng::splitmix64(x));
  s.run();
  const auto order = [](std::vector<RootEval>& v) {
    std::stable_sort(v.begin(), v.end(), [](const RootEval& a, const RootEval& b) {
      if (a.visits != b.visits) return a.visits > b.visits;
      return a.value > b.value;
    });
  };
  out.options = s.root_evals();
  order(out.options);
  if (out.options.empty()) return out;
  // The search's choice is fixed before the top-ups, which then make both values firm.
  out.choice = out.options.front().index;
  if (min_visits > 0) {
    s.top_up(out.choice, min_visits);
    if (played && *played < g.pending().options.size()) s.top_up(*played, min_visits);
    out.options = s.root_evals();
    order(out.options);
  }
  out.best_line = s.line_after(out.choice);
  if (played && *played < g.pending().options.size()) out.played_line = s.line_after(*played);
  return out;
}

struct MctsTree::Impl {
  MctsConfig config;
  std::vector<Node> nodes;  // the kept tree (empty: none)
};

MctsTree::MctsTree(MctsConfig config) : impl_(std::make_unique<Impl>()) { impl_->config = config; }
MctsTree::~MctsTree() = default;
MctsTree::MctsTree(MctsTree&&) noexcept = default;
MctsTree& MctsTree::operator=(MctsTree&&) noexcept = default;
MctsConfig& MctsTree::config() { return impl_->config; }
size_t MctsTree::nodes() const { return impl_->nodes.size(); }

void MctsTree::clear() { impl_->nodes.clear(); }

TreeSearch MctsTree::search(const Game& g, int iterations, double ms, uint64_t seed, const std::atomic<bool>* stop) {
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  TreeSearch out;
  out.reused = impl_->nodes.empty() ? 0 : static_cast<int>(impl_->nodes.front().visits);
  MctsConfig config = impl_->config;
  config.iterations = iterations > 0 ? iterations : 10'000'000;
  uint64_t x = seed;
  Search s(g, config, Rng::splitmix64(x), &impl_->nodes);
  out.iterations = s.run(iterations, ms, stop);
  out.root.options = s.root_evals();
  std::stable_sort(out.root.options.begin(), out.root.options.end(), [](const RootEval& a, const RootEval& b) {
    if (a.visits != b.visits) return a.visits > b.visits;
    return a.value > b.value;
  });
  if (!out.root.options.empty()) {
    out.root.choice = out.root.options.front().index;
    out.root.best_line = s.line_after(out.root.choice);
  }
  for (size_t i = 0; i < out.root.options.size() && i < TreeSearch::kLines; ++i) {
    out.lines.push_back(s.line_after(out.root.options[i].index));
    out.principal.push_back(s.principal_after(out.root.options[i].index, 16));
  }
  impl_->nodes = std::move(s.nodes());
  out.ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  return out;
}

void MctsTree::advance(const Option& o) {
  auto& nodes = impl_->nodes;
  if (nodes.empty()) return;
  int from = -1;
  for (const int c : nodes.front().children)
    if (nodes[static_cast<size_t>(c)].move == o) from = c;
  if (from < 0) {
    clear();
    return;
  }
  // Copy the subtree below `from` into a new vector, `from` at 0, children renumbered.
  std::vector<Node> kept;
  kept.reserve(nodes.size());
  kept.push_back(nodes[static_cast<size_t>(from)]);
  for (size_t k = 0; k < kept.size(); ++k) {
    const std::vector<int> children = std::move(kept[k].children);
    std::vector<int> renamed;
    renamed.reserve(children.size());
    for (const int c : children) {
      renamed.push_back(static_cast<int>(kept.size()));
      kept.push_back(nodes[static_cast<size_t>(c)]);
    }
    kept[k].children = std::move(renamed);
  }
  kept.front().move = Option{};
  kept.front().mover = -1;
  nodes = std::move(kept);
}

// The default before the cut for long playouts (mcts_default_iterations).
int mcts_default_iterations_cap(const Game& g) {
  if (is_coop(g)) return kMctsDefaultCoop;
  return !g.rules().completion_scores ? kMctsDefaultTruncated : kMctsDefaultIterations;
}

int mcts_default_iterations(const Game& g) {
  if (is_coop(g)) return kMctsDefaultCoop;
  if (!g.rules().completion_scores) return kMctsDefaultTruncated;
  const int tiles = g.tiles_left() + static_cast<int>(g.placed().size());  // the game's size
  if (tiles <= kMctsDefaultPlayoutTiles) return kMctsDefaultIterations;
  return static_cast<int>(int64_t{kMctsDefaultIterations} * kMctsDefaultPlayoutTiles / tiles);
}

std::unique_ptr<Bot> make_mcts_bot(std::string_view spec) {
  const auto c = parse_mcts_spec(spec);
  if (!c) return nullptr;
  return std::make_unique<MctsBot>(*c);
}

std::unique_ptr<Bot> make_mcts_bot(const MctsConfig& config) { return std::make_unique<MctsBot>(config); }

std::optional<MctsConfig> parse_mcts_spec(std::string_view spec) {
  if (spec.substr(0, 4) != "mcts") return std::nullopt;
  spec.remove_prefix(4);
  MctsConfig c;
  c.iterations = 0;  // `mcts`: the game's default budget
  std::vector<std::string_view> parts;
  while (!spec.empty()) {
    if (spec.front() != ':') return std::nullopt;
    spec.remove_prefix(1);
    const size_t next = spec.find(':');
    parts.push_back(spec.substr(0, next));
    spec = next == std::string_view::npos ? std::string_view{} : spec.substr(next);
  }
  if (parts.size() > 3) return std::nullopt;
  if (parts.size() >= 1 && parts[0].size() > 2 && parts[0].substr(parts[0].size() - 2) == "ms") {
    int ms = 0;
    if (!text::parse_int(parts[0].substr(0, parts[0].size() - 2), ms) || ms < 1 || ms > 3'600'000) return std::nullopt;
    c.ms = ms;
    c.iterations = 10'000'000;
  } else if (parts.size() >= 1 &&
             (!text::parse_int(parts[0], c.iterations) || c.iterations < 1 || c.iterations > 10'000'000)) {
    return std::nullopt;
  }
  if (parts.size() >= 2 && (!text::parse_int(parts[1], c.threads) || c.threads < 1 || c.threads > 64)) return std::nullopt;
  if (parts.size() >= 3) {
    if (parts[2] == "win")
      c.reward = MctsConfig::Reward::Win;
    else if (parts[2] == "relative")
      c.reward = MctsConfig::Reward::Relative;
    else if (parts[2] != "margin")
      return std::nullopt;
  }
  return c;
}

}  // namespace tw
