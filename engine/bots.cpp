#include "engine/bots.h"

#include <limits>

namespace tw {

namespace {

class RandomBot final : public Bot {
 public:
  std::string_view name() const override { return "random"; }
  size_t choose(const Game& g, Rng& rng) override {
    return static_cast<size_t>(rng.below(g.pending().options.size()));
  }
};

// Own score minus the best opponent's.
int64_t margin(const Game& g, int player) {
  int64_t best_other = 0;
  bool any = false;
  for (int p = 0; p < g.player_count(); ++p) {
    if (p == player) continue;
    if (!any || g.score(p) > best_other) best_other = g.score(p);
    any = true;
  }
  return g.score(player) - (any ? best_other : 0);
}

class GreedyBot final : public Bot {
 public:
  std::string_view name() const override { return "greedy"; }

  size_t choose(const Game& g, Rng& rng) override {
    const auto& opts = g.pending().options;
    const int me = g.pending().player;
    int64_t best = std::numeric_limits<int64_t>::min();
    std::vector<size_t> ties;
    const DecisionKind kind = g.pending().kind;
    const int64_t base = kind == DecisionKind::Follower ? points_after_pass(g, me) + ghost_term(g, me) : 0;
    for (size_t i = 0; i < opts.size(); ++i) {
      int64_t v = 0;
      if (kind == DecisionKind::Place)
        v = value_of_placement(g, opts[i], me);
      else if (kind == DecisionKind::Ghost)
        v = value_of_ghost(g, opts[i], me);
      else if (opts[i].kind == OptKind::TakeBack)
        v = value_of_takeback(g, opts[i], me);
      else
        v = base + follower_bonus(g, opts[i]);
      if (v > best) {
        best = v;
        ties.clear();
      }
      if (v == best) ties.push_back(i);
    }
    return ties[static_cast<size_t>(rng.below(ties.size()))];
  }

 private:
  // Scale: immediate points weigh far more than the tie-break on potential.
  static constexpr int64_t kScale = 1000;

  // After a placement (and the ghosts it brings, chosen greedily): the best follower
  // choice on that board.
  int64_t value_of_placement(const Game& g, const Option& o, int me) {
    scratch_ = g;
    scratch_.apply(o);
    while (scratch_.pending().kind == DecisionKind::Ghost) {
      size_t best_i = 0;
      int64_t best_v = std::numeric_limits<int64_t>::min();
      for (size_t i = 0; i < scratch_.pending().options.size(); ++i) {
        const int64_t v = value_of_ghost(scratch_, scratch_.pending().options[i], me);
        if (v > best_v) {
          best_v = v;
          best_i = i;
        }
      }
      scratch_.apply_index(best_i);
    }
    if (scratch_.pending().kind != DecisionKind::Follower) return margin(scratch_, me) * kScale;
    const int64_t base = points_after_pass(scratch_, me) + ghost_term(scratch_, me);
    int64_t best = base;
    for (const auto& f : scratch_.pending().options) {
      if (f.kind == OptKind::TakeBack)
        best = std::max(best, value_of_takeback(scratch_, f, me));
      else
        best = std::max(best, base + follower_bonus(scratch_, f));
    }
    return best;
  }
  // Discovery: a take-back scores at once, so its value is the margin after it.
  int64_t value_of_takeback(const Game& g, const Option& o, int me) {
    takeback_ = g;
    takeback_.apply(o);
    return margin(takeback_, me) * kScale;
  }

  // A ghost goes to the follower whose loss hurts the opponents most (or us least):
  // the position after it, ghosts and followers' present values included.
  int64_t value_of_ghost(const Game& g, const Option& o, int me) {
    ghost_ = g;
    ghost_.apply(o);
    return ghost_term(ghost_, me) + potential(ghost_, me);
  }

  // The margin once this turn's scoring is done without a new follower.
  int64_t points_after_pass(const Game& g, int me) {
    after_ = g;
    after_.apply(Option{});  // pass
    return margin(after_, me) * kScale;
  }

  // Ghosts are points waiting to be lost: ours count against us, the opponents' for us.
  static int64_t ghost_term(const Game& g, int me) {
    if (!g.uses_ghosts()) return 0;
    int64_t t = 0;
    for (const auto& f : g.followers())
      if (f.placed >= 0 && f.ghosts) t += (f.player == me ? -1 : 1) * f.ghosts;
    return t * g.rules().ghost_penalty * kScale;
  }

  // Present value of the features our followers hold, minus the opponents'.
  static int64_t potential(const Game& g, int me) {
    int64_t t = 0;
    for (const auto& f : g.followers())
      if (f.placed >= 0) t += (f.player == me ? 1 : -1) * g.feature_value(f.node);
    return t;
  }

  // What a follower adds: its feature's points if that feature is complete now (it
  // scores at once), else the feature's present value as a tie-break.
  static int64_t follower_bonus(const Game& g, const Option& o) {
    if (o.kind != OptKind::Meeple && o.kind != OptKind::Guard) return 0;
    const uint32_t node = g.node_of(g.last_placed(), o.seg);
    const int value = g.feature_value(node);
    // Keep guards for features ghosts can reach: a plain follower first when both fit.
    const int64_t guard_cost = o.kind == OptKind::Guard ? 1 : 0;
    // (Discovery: completion scores nothing, so the value is only a tie-break.)
    const bool scores_now = g.feature_complete(node) && g.rules().completion_scores;
    return (scores_now ? value * kScale : value) - guard_cost;
  }

  Game scratch_;
  Game after_;
  Game ghost_;
  Game takeback_;
};

}  // namespace

int play_out(Game& g, const std::vector<Bot*>& bots, Rng& rng) {
  int plies = 0;
  while (!g.finished()) {
    Bot* bot = bots[static_cast<size_t>(g.pending().player)];
    g.apply_index(bot->choose(g, rng));
    ++plies;
  }
  return plies;
}

std::unique_ptr<Bot> make_bot(std::string_view name) {
  if (name == "random") return std::make_unique<RandomBot>();
  if (name == "greedy") return std::make_unique<GreedyBot>();
  return nullptr;
}

const std::vector<std::string_view>& bot_names() {
  static const std::vector<std::string_view> names = {"random", "greedy"};
  return names;
}

}  // namespace tw
