#include "engine/bots/solver.h"

#include <algorithm>
#include <chrono>
#include <deque>
#include <memory>
#include <unordered_map>
#include <unordered_set>

#include "engine/bots/bots.h"
#include "engine/bots/proof.h"
#include "engine/core.h"
#include "engine/rules/coop.h"
#include "engine/rules/dogs.h"
#include "engine/rules/score_markers.h"

namespace tw {

namespace {

// Decisions one turn may hold at most (a guard against a turn that never ends).
constexpr int kMaxTurnDecisions = 64;
// A rollout's placement decision: nodes counted an option. The co-op bot applies each
// placement and then each of its follower choices; 3 keeps a rollout's CPU per counted
// node near the beam's (measured on mists-1 and mists-6, 2 players).
constexpr int64_t kPlacementWeight = 3;

// A child: a turn played from a beam node, as the options applied (in the layer's arena).
struct Child {
  uint32_t parent = 0;
  uint32_t first = 0, count = 0;
  double value = 0;
  double base = 0;     // the one-turn value alone (before the steering)
  uint64_t order = 0;  // generation order (ties)
};

// One layer of the search: the beam nodes of a depth, each one child of the layer above.
struct Layer {
  std::vector<Child> nodes;
  std::vector<double> roll;  // each node's rollout progress (its parent's when not played out)
  std::vector<Option> arena;
};

// The bounds prove a child lost only close to a deadline (far from one, the reach bound
// lets every colour join every feature: measured, mists-6 and mists-4 at 2 players, no
// child proved with more than a few tiles to go), so the solver asks them only within
// kNearDeadline tiles of the next one: what it costs stays small.
constexpr size_t kNearDeadline = 6;

bool near_deadline(const Game& g) {
  const Core core(g);
  const Level* level = core.st().coop.level;
  if (!level) return false;
  const auto& ends = core.st().stacks.end;
  const size_t k = static_cast<size_t>(core.st().dogs.reached);
  size_t to = core.pile().size();
  if (k < level->dogs.size() && k < ends.size()) to = std::min(to, ends[k]);
  return to <= core.pile_pos() + kNearDeadline;
}

// A per-colour level's steering signal (SolverConfig::colour_search): each marker's score
// capped at the next threshold (points beyond it help no colour that lags), averaged,
// plus the lowest marker. A shared marker: the progress.
double colour_progress(const Game& g) {
  const size_t m = marker_colours(g).size();
  const Level* level = coop_level(g);
  if (m <= 1 || !level) return static_cast<double>(progress(g));
  const size_t dog = static_cast<size_t>(dogs_reached(g));
  const double next = static_cast<double>(dog < level->dogs.size() ? level->dogs[dog] : level->target);
  double sum = 0;
  for (size_t i = 0; i < m; ++i) sum += std::min(next, static_cast<double>(marker_score(g, i)));
  return sum / static_cast<double>(m) + static_cast<double>(progress(g));
}

class Search {
 public:
  Search(const SolverConfig& c, SolveResult& r)
      : cfg_(c), res_(r), t0_(std::chrono::steady_clock::now()), policy_(make_coop_playout_bot(0)) {}

  // The level scores per colour and the config asks for level 6's search.
  void set_colours(const Game& start) {
    const Level* level = coop_level(start);
    colours_ = cfg_.colour_search && level && level->scoring == ScoringMode::PerColour;
  }

  // One pass of width w from `start`; true when it ended the search (a win, exhaustive,
  // or the budget spent).
  bool pass(const Game& start, int w) {
    seen_.clear();
    pruned_ = false;
    cut_ = false;
    layers_.clear();
    layers_.push_back({});
    layers_.back().nodes.push_back({0, 0, 0, 0, 0});
    std::vector<Game> beam(1, start);
    layers_.back().roll.push_back(0);
    if (cfg_.rollouts > 0 && probe(start)) {
      finish_line(0, 0, roll_);
      res_.depth = std::max(res_.depth, roll_turns_);
      return true;
    }
    if (rolled_) layers_.back().roll[0] = roll_progress_;
    for (int depth = 0;; ++depth) {
      res_.depth = std::max(res_.depth, depth);
      children_.clear();
      arena_.clear();
      for (size_t i = 0; i < beam.size(); ++i) {
        path_.clear();
        parent_ = static_cast<uint32_t>(i);
        walk(beam[i], 0, false);
        if (won_ || out_of_budget()) break;
      }
      if (won_) {
        finish_win(depth);
        return true;
      }
      if (out_of_budget()) return true;
      if (children_.empty()) {
        if (!pruned_) res_.exhaustive = true;
        return !cut_;  // without a cut, a wider pass searches the same lines
      }
      if (cfg_.rollout_bias != 0) {  // the parents' rollouts steer the beam
        const auto& roll = layers_.back().roll;
        for (Child& c : children_) c.value += cfg_.rollout_bias * roll[c.parent];
      }
      // The best w children, ties in generation order (level 6: the best kPreselect x w,
      // to be played out and cut to w below).
      const bool preselect = colours_ && cfg_.rollouts > 0 && cfg_.rollout_bias != 0;
      const size_t keep = static_cast<size_t>(w) * (preselect ? static_cast<size_t>(kPreselect) : 1);
      if (children_.size() > keep) {
        pruned_ = cut_ = true;
        std::partial_sort(children_.begin(), children_.begin() + static_cast<std::ptrdiff_t>(keep), children_.end(), better);
        children_.resize(keep);
      } else {
        std::sort(children_.begin(), children_.end(), better);
      }
      // The next beam: each child replayed from its parent.
      Layer layer;
      layer.nodes.reserve(children_.size());
      std::vector<Game> next(children_.size());
      for (size_t k = 0; k < children_.size(); ++k) {
        Child c = children_[k];
        next[k] = beam[c.parent];
        for (uint32_t j = 0; j < c.count; ++j) next[k].apply(arena_[c.first + j]);
        c.first = static_cast<uint32_t>(layer.arena.size());
        layer.arena.insert(layer.arena.end(), arena_.begin() + children_[k].first,
                           arena_.begin() + children_[k].first + children_[k].count);
        layer.nodes.push_back(c);
        layer.roll.push_back(layers_.back().roll[c.parent]);
      }
      layers_.push_back(std::move(layer));
      beam = std::move(next);
      // Rollouts: the best beam nodes played to the end by the co-op bot on the known deal.
      for (size_t k = 0; k < beam.size() && k < static_cast<size_t>(cfg_.rollouts); ++k) {
        if (probe(beam[k])) {
          finish_line(depth + 1, static_cast<uint32_t>(k), roll_);
          res_.depth = std::max(res_.depth, depth + 1 + roll_turns_);
          return true;
        }
        if (rolled_) layers_.back().roll[k] = roll_progress_;
        if (out_of_budget()) return true;
      }
      if (preselect && beam.size() > static_cast<size_t>(w)) cut_to_own_rollouts(beam, static_cast<size_t>(w));
    }
  }

  // Level 6: the candidates of the last layer, each played out, ranked by their one-turn
  // value plus rollout_bias x their own rollout's progress (ties in rank order); the best
  // w stay (the layer and the beam alike).
  void cut_to_own_rollouts(std::vector<Game>& beam, size_t w) {
    Layer& l = layers_.back();
    std::vector<size_t> idx(beam.size());
    for (size_t k = 0; k < idx.size(); ++k) idx[k] = k;
    auto rank = [&](size_t k) { return l.nodes[k].base + cfg_.rollout_bias * l.roll[k]; };
    std::stable_sort(idx.begin(), idx.end(), [&](size_t a, size_t b) { return rank(a) > rank(b); });
    idx.resize(w);
    Layer kept;
    std::vector<Game> next;
    for (size_t k : idx) {
      kept.nodes.push_back(l.nodes[k]);
      kept.roll.push_back(l.roll[k]);
      next.push_back(std::move(beam[k]));
    }
    kept.arena = std::move(l.arena);  // (the nodes keep their offsets)
    l = std::move(kept);
    beam = std::move(next);
    pruned_ = cut_ = true;
  }

  // Plays g (a beam node) to its end by the co-op bot's policy on the real deal (the
  // solver knows it); true when that wins, the decisions then in roll_. A node is played
  // out once a search (its tie-breaks are seeded by the node's state hash, so the same
  // node would give the same game). Rollouts through one state from different nodes go
  // on independently: their different tie-breaks are worth it (measured: stopping a
  // rollout at a turn another one passed won fewer mists-2..5 deals). A node played out
  // before (an earlier pass, or another parent's child) gives the progress its rollout
  // reached then, for the steering.
  bool probe(const Game& g) {
    rolled_ = false;
    const uint64_t h = g.state_hash();
    if (const auto it = probed_.find(h); it != probed_.end()) {
      if (it->second >= 0) {
        rolled_ = true;
        roll_progress_ = it->second;
      }
      return false;
    }
    double& known = probed_[h];
    known = -1;  // (played out below; -1 until it ends)
    roll_.clear();
    rg_ = g;
    Rng rng(cfg_.rollout_seed ^ h);
    int turns = 0;
    for (int guard = 0; guard < 100000 && !rg_.finished(); ++guard) {
      const Decision& d = rg_.pending();
      if (d.kind == DecisionKind::Place) ++turns;
      // What the bot weighs: each option, a placement with its follower choices.
      res_.nodes += static_cast<int64_t>(d.options.size()) * (d.kind == DecisionKind::Place ? kPlacementWeight : 1);
      const size_t i = policy_->choose(rg_, rng);
      roll_.push_back(d.options[i]);
      rg_.apply_index(i);
      if (out_of_budget()) return false;
    }
    ++res_.rollouts;
    rolled_ = true;
    roll_progress_ = colours_ ? colour_progress(rg_) : static_cast<double>(progress(rg_));
    known = roll_progress_;
    res_.best_progress = std::max(res_.best_progress, progress(rg_));
    note_end(rg_, true);
    roll_turns_ = turns;
    return rg_.outcome() == Outcome::Win;
  }

  bool out_of_budget() {
    if (cfg_.max_nodes > 0 && res_.nodes >= cfg_.max_nodes) return true;
    if (cfg_.max_seconds > 0 && (++checks_ & 255) == 0) {
      if (seconds() >= cfg_.max_seconds) res_.stopped_by_time = true;
    }
    return res_.stopped_by_time;
  }
  double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0_).count();
  }

 private:
  static bool better(const Child& a, const Child& b) {
    if (a.value != b.value) return a.value > b.value;
    return a.order < b.order;
  }

  Game& scratch(size_t level) {
    while (games_.size() <= level) games_.emplace_back();
    return games_[level];
  }

  // Plays the rest of the turn from g every way kept; `placed` once the turn's
  // placement is behind.
  void walk(const Game& g, int n, bool placed) {
    if (won_ || out_of_budget()) return;
    if (g.finished() || (placed && g.pending().kind == DecisionKind::Place) || n >= kMaxTurnDecisions) {
      emit(g);
      return;
    }
    const Decision& d = g.pending();
    const size_t count = d.options.size();
    const bool all = d.kind == DecisionKind::Place || d.kind == DecisionKind::Follower ||
                     count <= static_cast<size_t>(std::max(1, cfg_.inner_options));
    std::vector<size_t> order;
    if (all) {
      order.reserve(count);
      for (size_t i = 0; i < count; ++i) order.push_back(i);
    } else {
      order = best_inner(g);
      pruned_ = true;
    }
    for (size_t i : order) {
      Game& s = scratch(static_cast<size_t>(n));
      s = g;
      s.apply_index(i);
      ++res_.nodes;
      path_.push_back(d.options[i]);
      walk(s, n + 1, placed || d.kind == DecisionKind::Place);
      path_.pop_back();
      if (won_ || out_of_budget()) return;
    }
  }

  // The best `inner_options` options of a decision, by the position after each with the
  // turn finished by the quick rules (ties: the lower index).
  std::vector<size_t> best_inner(const Game& g) {
    const auto& opts = g.pending().options;
    std::vector<std::pair<double, size_t>> v;
    for (size_t i = 0; i < opts.size(); ++i) {
      look_ = g;
      look_.apply_index(i);
      ++res_.nodes;
      for (int k = 0; k < kMaxTurnDecisions && !look_.finished() && look_.pending().kind != DecisionKind::Place; ++k) {
        look_.apply_index(coop_rule_choice(look_));
        ++res_.nodes;
      }
      v.push_back({weigh(look_), i});
    }
    std::stable_sort(v.begin(), v.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    std::vector<size_t> out;
    for (size_t k = 0; k < v.size() && k < static_cast<size_t>(std::max(1, cfg_.inner_options)); ++k)
      out.push_back(v[k].second);
    return out;
  }

  static double weigh(const Game& g) {
    if (g.outcome() == Outcome::Win) return 1e15;
    return coop_position_value(g);
  }

  void emit(const Game& g) {
    res_.best_progress = std::max(res_.best_progress, progress(g));
    if (g.outcome() == Outcome::Win) {
      won_ = true;
      win_path_ = path_;
      win_parent_ = parent_;
      return;
    }
    if (g.finished()) {  // lost: this line is over
      note_end(g, false);
      return;
    }
    if (!seen_.insert(g.state_hash()).second) return;
    if (cfg_.prune && near_deadline(g) && prove_impossible(g)) {  // dead: no win below it (not a cut)
      ++res_.dead;
      return;
    }
    Child c;
    c.parent = parent_;
    c.first = static_cast<uint32_t>(arena_.size());
    c.count = static_cast<uint32_t>(path_.size());
    c.value = c.base = weigh(g);
    c.order = order_++;
    arena_.insert(arena_.end(), path_.begin(), path_.end());
    children_.push_back(c);
  }

  // A lost line's end, for the study of where lines end (SolveResult::best_end).
  void note_end(const Game& g, bool rollout) {
    if (g.outcome() == Outcome::Win) return;
    const std::string& why = loss_reason(g);
    if (rollout) {
      auto it = std::find_if(res_.rollout_ends.begin(), res_.rollout_ends.end(),
                             [&](const auto& e) { return e.first == why; });
      if (it == res_.rollout_ends.end()) res_.rollout_ends.push_back({why, 1});
      else ++it->second;
    }
    const int64_t p = progress(g);
    const int tile = static_cast<int>(Core(g).pile_pos());
    if (res_.best_end.empty() || p > end_progress_ || (p == end_progress_ && tile > res_.best_end_tile)) {
      end_progress_ = p;
      res_.best_end = why;
      res_.best_end_tile = tile;
    }
  }

  // The line from the start to the win found below beam node win_parent_ of `depth`.
  void finish_win(int depth) { finish_line(depth, win_parent_, win_path_); }
  // The line from the start through beam node `at` of `depth`, then `tail`.
  void finish_line(int depth, uint32_t at, const std::vector<Option>& tail) {
    std::vector<std::vector<Option>> turns;
    turns.push_back(tail);
    for (int d = depth; d > 0; --d) {
      const Layer& l = layers_[static_cast<size_t>(d)];
      const Child& c = l.nodes[at];
      turns.emplace_back(l.arena.begin() + c.first, l.arena.begin() + c.first + c.count);
      at = c.parent;
    }
    res_.line.clear();
    for (auto it = turns.rbegin(); it != turns.rend(); ++it) res_.line.insert(res_.line.end(), it->begin(), it->end());
    res_.won = true;
    res_.depth = std::max(res_.depth, depth + 1);
  }

  const SolverConfig& cfg_;
  SolveResult& res_;
  std::chrono::steady_clock::time_point t0_;
  std::unordered_set<uint64_t> seen_;
  std::vector<Layer> layers_;
  std::vector<Child> children_;
  std::vector<Option> arena_;
  std::vector<Option> path_;
  std::deque<Game> games_;  // one per decision of a turn (a deque: references stay valid)
  Game look_;
  std::unique_ptr<Bot> policy_;
  std::unordered_map<uint64_t, double> probed_;  // nodes played out: the progress reached (-1: cut)
  std::vector<Option> roll_;
  int roll_turns_ = 0;
  bool rolled_ = false;         // the last probe played a rollout to its end
  double roll_progress_ = 0;    // and the progress it reached
  Game rg_;
  uint32_t parent_ = 0;
  int64_t end_progress_ = 0;
  uint64_t order_ = 0;
  uint64_t checks_ = 0;
  bool cut_ = false;  // the beam dropped a child for want of width
  bool pruned_ = false;
  bool won_ = false;
  bool colours_ = false;  // level 6's search (SolverConfig::colour_search at a per-colour level)
  std::vector<Option> win_path_;
  uint32_t win_parent_ = 0;
};

}  // namespace

SolveResult solve(const Game& start, const SolverConfig& config) {
  SolveResult res;
  if (start.finished()) {
    res.won = start.outcome() == Outcome::Win;
    res.exhaustive = !res.won;
    res.best_progress = is_coop(start) ? progress(start) : 0;
    return res;
  }
  Search search(config, res);
  search.set_colours(start);
  for (int w = std::max(1, config.first_width);; w = w > config.max_width / 2 ? config.max_width + 1 : w * 2) {
    if (w > config.max_width) break;
    res.width = w;
    ++res.passes;
    if (search.pass(start, w)) break;
  }
  res.seconds = search.seconds();
  return res;
}

}  // namespace tw
