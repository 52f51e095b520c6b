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
    const bool placing = g.pending().kind == DecisionKind::Place;
    const int64_t base = placing ? 0 : points_after_pass(g, me);
    for (size_t i = 0; i < opts.size(); ++i) {
      const int64_t v = placing ? value_of_placement(g, opts[i], me) : base + follower_bonus(g, opts[i]);
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

  // After a placement: the best follower choice on that board.
  int64_t value_of_placement(const Game& g, const Option& o, int me) {
    scratch_ = g;
    scratch_.apply(o);
    const int64_t base = points_after_pass(scratch_, me);
    int64_t bonus = 0;
    for (const auto& f : scratch_.pending().options) bonus = std::max(bonus, follower_bonus(scratch_, f));
    return base + bonus;
  }

  // The margin once this turn's scoring is done without a new follower.
  int64_t points_after_pass(const Game& g, int me) {
    after_ = g;
    after_.apply(Option{});  // pass
    return margin(after_, me) * kScale;
  }

  // What a follower adds: its feature's points if that feature is complete now (it
  // scores at once), else the feature's present value as a tie-break.
  static int64_t follower_bonus(const Game& g, const Option& o) {
    if (o.kind != OptKind::Meeple) return 0;
    const uint32_t node = g.node_of(g.last_placed(), o.seg);
    const int value = g.feature_value(node);
    return g.feature_complete(node) ? value * kScale : value;
  }

  Game scratch_;
  Game after_;
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
