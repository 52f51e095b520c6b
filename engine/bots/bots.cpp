#include "engine/bots/bots.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdlib>
#include <limits>

#include "engine/core.h"
#include "engine/rules/kinds.h"
#include "engine/rules/castles.h"
#include "engine/rules/cities.h"
#include "engine/rules/roads.h"
#include "engine/text.h"

#include "engine/bots/mcts.h"

namespace tw {

namespace {

class RandomBot final : public Bot {
 public:
  std::string_view name() const override { return "random"; }
  std::string budget(const Game&) const override { return "no look-ahead"; }
  size_t choose(const Game& g, Rng& rng) override {
    return static_cast<size_t>(rng.below(g.option_count()));
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

  size_t choose(const Game& real, Rng& rng) override {
    public_view(real, rng, view_);
    const std::vector<int64_t>& vals = values_on(view_);
    int64_t best = std::numeric_limits<int64_t>::min();
    std::vector<size_t> ties;
    for (size_t i = 0; i < vals.size(); ++i) {
      const int64_t v = vals[i];
      if (v > best) {
        best = v;
        ties.clear();
      }
      if (v == best) ties.push_back(i);
    }
    return ties[static_cast<size_t>(rng.below(ties.size()))];
  }

  // Each pending option's value on `g` (already a determinized view), on a copy.
  const std::vector<int64_t>& values(const Game& g) {
    look_ = g;
    return values_on(look_);
  }

 private:
  // Scale: immediate points weigh far more than the tie-break on potential.
  static constexpr int64_t kScale = 1000;

  // Each pending option's value, each tried on `g` itself and taken back (Game::mark and
  // undo: the same values as a copy per option). The next player's placements are only
  // counted there (the playout path, as the trial copies had it): the bot weighs
  // positions and never reads that list. `g` comes back as it was (its playout mode too).
  const std::vector<int64_t>& values_on(Game& g) {
    const int me = g.pending().player;
    const DecisionKind kind = g.pending().kind;
    const size_t n = g.pending().options.size();
    const int64_t base = kind == DecisionKind::Follower ? points_after_pass(g, me) + ghost_term(g, me) : 0;
    values_.assign(n, 0);
    for (size_t i = 0; i < n; ++i) {
      const Option o = g.pending().options[i];  // (a copy: applying replaces the list)
      int64_t v = 0;
      if (kind == DecisionKind::Place)
        v = value_of_placement(g, o, me);
      else if (kind == DecisionKind::Ghost)
        v = value_of_ghost(g, o, me);
      else if (o.kind == OptKind::TakeBack)
        v = value_of_takeback(g, o, me);
      else
        v = base + follower_bonus(g, o);
      values_[i] = v;
    }
    return values_;
  }

  // Option o applied on g with the playout path on, to be taken back by g.undo().
  static void try_on(Game& g, const Option& o) {
    g.mark();
    g.set_playout(true);
    g.apply(o);
  }
  static void take_back(Game& g, bool playout) {
    g.undo();
    g.set_playout(playout);
  }

  // After a placement (and the ghosts it brings, chosen greedily): the best follower
  // choice on that board.
  int64_t value_of_placement(Game& g, const Option& o, int me) {
    const bool playout = g.playout();
    try_on(g, o);
    while (g.pending().kind == DecisionKind::Ghost) {
      size_t best_i = 0;
      int64_t best_v = std::numeric_limits<int64_t>::min();
      for (size_t i = 0; i < g.pending().options.size(); ++i) {
        const int64_t v = value_of_ghost(g, g.pending().options[i], me);
        if (v > best_v) {
          best_v = v;
          best_i = i;
        }
      }
      g.apply_index(best_i);
    }
    int64_t best;
    if (g.pending().kind != DecisionKind::Follower) {
      best = margin(g, me) * kScale;
    } else {
      const int64_t base = points_after_pass(g, me) + ghost_term(g, me);
      best = base;
      for (size_t i = 0; i < g.pending().options.size(); ++i) {
        const Option f = g.pending().options[i];
        if (f.kind == OptKind::TakeBack)
          best = std::max(best, value_of_takeback(g, f, me));
        else
          best = std::max(best, base + follower_bonus(g, f));
      }
    }
    take_back(g, playout);
    return best;
  }
  // Discovery: a take-back scores at once, so its value is the margin after it.
  int64_t value_of_takeback(Game& g, const Option& o, int me) {
    const bool playout = g.playout();
    try_on(g, o);
    const int64_t v = margin(g, me) * kScale;
    take_back(g, playout);
    return v;
  }

  // A ghost goes to the follower whose loss hurts the opponents most (or us least):
  // the position after it, ghosts and followers' present values included.
  int64_t value_of_ghost(Game& g, Option o, int me) {
    const bool playout = g.playout();
    try_on(g, o);
    const int64_t v = ghost_term(g, me) + potential(g, me);
    take_back(g, playout);
    return v;
  }

  // The margin once this turn's scoring is done without a new follower.
  int64_t points_after_pass(Game& g, int me) {
    const bool playout = g.playout();
    try_on(g, Option{});  // pass
    const int64_t v = margin(g, me) * kScale;
    take_back(g, playout);
    return v;
  }

  // Ghosts are points waiting to be lost: ours count against us, the opponents' for us.
  static int64_t ghost_term(const Game& g, int me) {
    if (!uses_ghosts(g)) return 0;
    int64_t t = 0;
    for (const auto& f : g.followers())
      if (f.placed >= 0 && tw::ghosts_with(f)) t += (f.player == me ? -1 : 1) * tw::ghosts_with(f);
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

  std::vector<int64_t> values_;
  Game view_;
  Game look_;  // values(): the copy the options are tried on
};

// The co-op bot's feature values kept for one decision (CoopKept): each follower's
// feature value, and the fog ends of each tile holding ghosts, in the decision's
// position, used again in every try of that decision where they cannot have changed.
// A try runs in an undo frame opened after the values were kept, and every write to a
// union-find node or a feature in it is logged (Game::for_each_logged: undo() puts them
// back from that log), so a feature whose root the log does not name is the same
// feature (the same ring of nodes: a union logs both roots) with the same counts (open
// ends, shields, `never`) as at the decision. Kept per follower (its index in
// followers(), which a try keeps, and the node it stood on) and per placed tile:
//  - a ring feature (road_value or city_value, complete when no edge is open): its value
//    reads only its ring's tiles, its shields and its open ends;
//  - a located feature (castle_value, castle_complete): its value reads the 3x3 around
//    its tile (tiles present, face-down, fogged), kept when no tile put in the try lies
//    in that 3x3 (tiles are never taken off within a try: a tile put in it is one at an
//    index past the decision's count);
//  - a ghosted tile's fog ends (fog_open_ends: its first fog segment's feature, `never`
//    and open ends; a face-down tile or a tile without fog always the same).
// Any other kind, or a tile that gained ghosts in the try, is worked out afresh. The
// values used are the very ints feature_value and fog_open_ends give, added in the same
// order: the position value is the same double (coop_kept_value_check proves it on
// seeded games). The cache is the bot's own: state_hash and differs_from never see it.
struct CoopKept {
  enum class Way : uint8_t { Fresh, Ring, Located };
  struct Entry {  // per follower (its index in followers(): a try keeps the indices)
    uint32_t node = UINT32_MAX;  // where it stood in the decision's position (none: MAX)
    uint32_t root = 0;           // its feature's root there
    int value = 0;
    Way way = Way::Fresh;
  };
  struct Fog {                    // per placed tile of the decision's position
    uint32_t root = UINT32_MAX;   // its first fog segment's root (kNone: not kept;
    int open = 0;                 // kFixed: the same in any try), fog_open_ends
  };
  static constexpr uint32_t kNone = UINT32_MAX, kFixed = UINT32_MAX - 1;
  size_t tiles = SIZE_MAX;  // placed tiles in the decision's position
  size_t frame = 0;         // the frame a try opens (Game::marks() at the decision)
  size_t nodes = 0;         // union-find nodes in the decision's position
  std::vector<Entry> at;    // per follower
  std::vector<Fog> fog;     // per tile
  // A try's scratch: the nodes and features its log names (stamp == gen), its tiles' cells.
  std::vector<uint32_t> stamp;
  uint32_t gen = 0;
  std::vector<std::pair<int16_t, int16_t>> put;
  bool stale = false;  // (the check's negative control: every kept value trusted)

  static Way way(const Core& core, Kind k) {
    const TurnPlan& plan = core.plan();
    const Value v = plan.value[static_cast<size_t>(k)];
    const Complete c = plan.complete[static_cast<size_t>(k)];
    if ((v == &road_value || v == &city_value) && c == &Core::edge_complete) return Way::Ring;
    if (v == &castle_value && c == &castle_complete) return Way::Located;
    return Way::Fresh;
  }

  // The values in g's position (the decision's, before any of its tries' marks).
  void keep(const Game& g) {
    const Core core(g);
    tiles = g.placed().size();
    frame = g.marks();
    nodes = core.nodes().size();
    const auto& fs = g.followers();
    at.assign(fs.size(), Entry{});
    for (size_t i = 0; i < fs.size(); ++i) {
      const Follower& f = fs[i];
      if (f.placed < 0 || tw::buried(f)) continue;
      Entry& e = at[i];
      e.way = way(core, core.nodes()[f.node].kind);
      if (e.way == Way::Fresh) continue;
      e.node = f.node;
      e.root = core.find(f.node);
      e.value = g.feature_value(f.node);
    }
    fog.assign(tiles, Fog{});
    const auto ghosts = tile_ghost_counts(g);
    for (size_t p = 0; p < ghosts.size() && p < tiles; ++p) {
      if (!ghosts[p]) continue;
      const PlacedTile& pt = g.placed()[p];
      const uint32_t segs = core.cache()[pt.type].kind_segs[static_cast<size_t>(kFog)];
      fog[p].open = fog_open_ends(g, static_cast<int>(p));
      fog[p].root = pt.wild || segs == 0 ? kFixed : core.find(pt.node_base + static_cast<uint32_t>(std::countr_zero(segs)));
    }
    if (stamp.size() < core.nodes().size()) stamp.resize(core.nodes().size() + 256, 0);
  }
  // Before a try's position is weighed: what its log names, its tiles' cells.
  void look(const Game& g) {
    put.clear();
    const auto& placed = g.placed();
    for (size_t p = tiles; p < placed.size(); ++p) put.emplace_back(placed[p].x, placed[p].y);
    if (++gen == 0) {
      std::fill(stamp.begin(), stamp.end(), 0);
      gen = 1;
    }
    g.for_each_logged(frame, [this](uint32_t i) {
      if (i < stamp.size()) stamp[i] = gen;
    });
  }
  // A root of the decision's position that the try changed (or a node past it).
  bool changed(uint32_t root) const { return root >= nodes || stamp[root] == gen; }
  // Follower i's feature value in the try's position (look() done); `root`: its root there.
  int value(const Game& g, size_t i, uint32_t root) const {
    const Follower& f = g.followers()[i];
    if (i < at.size() && at[i].node == f.node) {
      const Entry& e = at[i];
      if (e.way == Way::Ring) {
        if (stale || (root == e.root && !changed(root))) return e.value;
      } else {
        const PlacedTile& pt = g.placed()[static_cast<size_t>(Core(g).nodes()[f.node].tile)];
        bool near = false;
        for (const auto& [x, y] : put) near |= std::abs(x - pt.x) <= 1 && std::abs(y - pt.y) <= 1;
        if (stale || !near) return e.value;
      }
    }
    return g.feature_value(f.node);
  }
  // Tile p's fog ends in the try's position (look() done).
  int fog_ends(const Game& g, size_t p) const {
    if (p < fog.size() && fog[p].root != kNone && (stale || fog[p].root == kFixed || !changed(fog[p].root)))
      return fog[p].open;
    return fog_open_ends(g, static_cast<int>(p));
  }
};

// Co-op (Mists levels): the team's bot. Each placement, follower and evaluation option
// is tried on a copy of the game, the rest of the turn is played with quick rules, and
// the position is weighed: progress towards the target, the ghost bank (worth more the
// emptier it is), followers' open features, and the dog deadlines (per colour: every
// colour's gap to the stack's dog, so the colours are kept even). The quick rules weigh
// points against clearing ghosts by the points the stack still misses per tile left.
class CoopBot final : public Bot {
 public:
  CoopBot() = default;
  // The playout policy of co-op search (make_coop_playout_bot): it chooses on the game it
  // is given (a determinized copy already: no second deal) and weighs at most `sample`
  // placements (a random sample, each with its best follower) when there are more.
  explicit CoopBot(int sample) : playout_(true), sample_(sample) {}
  std::string_view name() const override { return "coop"; }

  size_t choose(const Game& real, Rng& rng) override {
    if (!is_coop(real)) return greedy_.choose(real, rng);
    if (playout_) return choose_on(real, nullptr, rng);
    // A decision the quick rules take reads nothing a deal changes (the board, the
    // followers, the counts; never the unseen tiles' order nor a face-down tile's type),
    // so it is taken on the game itself: no determinized view (the same choice: the view
    // would be dealt from a copy of rng, which does not advance).
    if (real.pending().options.size() == 1) return 0;
    if (!weighed(real.pending().kind)) return quick(real);
    public_view(real, rng, view_);
    return choose_on(view_, &view_, rng);
  }
  // The playout policy on the search's own game: its options tried on `g` itself and
  // taken back (Game::mark and undo), no copy; the same choice as choose().
  size_t choose_in_place(Game& g, Rng& rng) override {
    if (!playout_ || !is_coop(g)) return choose(g, rng);
    return choose_on(g, &g, rng);
  }

  // Each option's value, as choose() weighs it (a placement: with its best follower, the
  // rest of the turn by the quick rules), for placement, follower and evaluation
  // decisions; empty for the others (the quick rules decide them).
  std::vector<double> values(const Game& g) {
    if (!weighed(g.pending().kind)) return {};
    scratch_ = g;
    std::vector<double> out;
    weigh_all(scratch_, out);
    return out;
  }

 private:
  // The decisions whose options the bot weighs one by one (the quick rules decide the rest).
  static bool weighed(DecisionKind kind) {
    return kind == DecisionKind::Place || kind == DecisionKind::Follower || kind == DecisionKind::Evaluate;
  }
  // Every option of t's decision weighed (option_value), into out.
  void weigh_all(Game& t, std::vector<double>& out) {
    kept_.keep(t);
    out.assign(t.pending().options.size(), 0.0);
    for (size_t i = 0; i < out.size(); ++i) out[i] = option_value(t, i);
  }

  // The choice on `g`; its options are tried on `mine` (g itself, changeable), or on one
  // copy of g made here when that is null (a const game: the copy only when some option
  // is weighed).
  size_t choose_on(const Game& g, Game* mine, Rng& rng) {
    const auto& opts = g.pending().options;
    if (opts.size() == 1) return 0;
    const DecisionKind kind = g.pending().kind;
    const bool sampled = playout_ && sample_ > 0 && kind == DecisionKind::Place && opts.size() > static_cast<size_t>(sample_);
    if (!sampled && !weighed(kind)) return quick(g);
    if (!mine) {
      scratch_ = g;
      mine = &scratch_;
    }
    Game& t = *mine;
    if (sampled) {
      // A random sample of the placements (partial Fisher-Yates), the best of them.
      picks_.resize(opts.size());
      for (size_t i = 0; i < picks_.size(); ++i) picks_[i] = i;
      size_t best_i = 0;
      double best = -1e300;
      kept_.keep(t);
      for (size_t k = 0; k < static_cast<size_t>(sample_); ++k) {
        const size_t j = k + static_cast<size_t>(rng.below(picks_.size() - k));
        std::swap(picks_[k], picks_[j]);
        const double v = option_value(t, picks_[k]);
        if (v > best) {
          best = v;
          best_i = picks_[k];
        }
      }
      return best_i;
    }
    weigh_all(t, values_);
    const auto& v = values_;
    double best = -1e300;
    ties_.clear();
    for (size_t i = 0; i < v.size(); ++i) {
      if (v[i] > best + 1e-9) {
        best = v[i];
        ties_.clear();
      }
      if (v[i] >= best - 1e-9) ties_.push_back(i);
    }
    return ties_[static_cast<size_t>(rng.below(ties_.size()))];
  }

  // Option i of a placement, follower or evaluation decision: applied on g (with the
  // playout path on: the next player's placements only counted) and taken back, a
  // placement with its best follower, the rest of the turn by the quick rules, weighed.
  // g comes back as it was (its playout mode too).
  double option_value(Game& g, size_t i) {
    const DecisionKind kind = g.pending().kind;
    const int me = g.pending().player;
    const bool playout = g.playout();
    g.mark();
    g.set_playout(true);
    g.apply_index(i);
    double v;
    if (kind == DecisionKind::Place && !g.finished() && g.pending().player == me &&
        g.pending().kind == DecisionKind::Follower && g.pending().options.size() > 1) {
      // The placement is worth its best follower choice, each tried and taken back.
      // (The face-down cells, worked out before the tries, are the same in each.)
      v = -1e300;
      const size_t n = g.pending().options.size();
      keep_face_down_cells(g);
      // The last choice is tried in the placement's own frame: the undo below takes it
      // back with the placement (one mark and undo fewer a placement).
      for (size_t j = 0; j < n; ++j) {
        const bool last = j + 1 == n;
        if (!last) g.mark();
        g.apply_index(j);
        finish_turn(g, me);
        v = std::max(v, weigh(g));
        if (!last) g.undo();
      }
    } else {
      finish_turn(g, me);
      v = weigh(g);
    }
    g.undo();
    g.set_playout(playout);
    return v;
  }

 private:
  // Plays the rest of `me`'s turn with the quick rules.
  static void finish_turn(Game& s, int me) {
    for (int guard = 0; guard < 64 && !s.finished(); ++guard) {
      const Decision& d = s.pending();
      if (d.kind == DecisionKind::Place || d.player != me) return;
      s.apply_index(quick(s));
    }
  }

  static double ghost_weight(const Game& g) {
    const int bank = ghost_bank(g);
    return 2.0 + 14.0 / (bank + 1.0);
  }

  // The ghost bank's part of value(): each ghost there is worth more the emptier it is.
  static double bank_term(int bank) {
    double v = kBank * bank;
    if (bank < kBankLow) v -= (kBankLow - bank) * (kBankLow - bank) * kBankLowWeight;
    return v;
  }

  // Quick rules for every co-op decision: no copies.
  static size_t quick(const Game& g) {
    const Decision& d = g.pending();
    const auto& opts = d.options;
    auto best_by = [&](auto score) {
      size_t bi = 0;
      double bv = -1e300;
      for (size_t i = 0; i < opts.size(); ++i) {
        const double v = score(opts[i]);
        if (v > bv) {
          bv = v;
          bi = i;
        }
      }
      return bi;
    };
    switch (d.kind) {
      case DecisionKind::Place:
        return 0;
      case DecisionKind::Follower:
        return best_by([&](const Option& o) -> double {
          if (o.kind != OptKind::Meeple) return 0.0;
          const uint32_t node = g.node_of(g.last_placed(), o.seg);
          const double v = g.feature_value(node);
          if (g.feature_complete(node)) return 100.0 + v;
          return g.colour_supply(o.colour) > 1 ? v * 0.3 - 0.5 : -1.0;
        });
      case DecisionKind::Evaluate: {
        const int64_t before = progress(g);
        const Level& l = *coop_level(g);
        const size_t dog = static_cast<size_t>(dogs_reached(g));
        const bool deadline = dog < l.dogs.size() && current_stack(g) == static_cast<int>(dog);
        if (!deadline && marker_colours(g).size() <= 1) {
          // No stack short of its dog, one shared marker: the points and each ghost
          // removal weighed as value() weighs their results (the progress, the bank).
          const double points = kProgress * static_cast<double>(evaluation_points(g));
          const int bank = ghost_bank(g);
          const Core core(g);
          return best_by([&](const Option& o) -> double {
            if (o.kind == OptKind::Points) return points;
            const int n = std::min(unghost_count(core, o), tile_ghosts(g, g.tile_at(o.x, o.y)));
            return bank_term(bank + n) - bank_term(bank);
          });
        }
        return best_by([&](const Option& o) -> double {
          if (o.kind == OptKind::Points) {
            // Points weigh more as the stack runs short of its dog.
            double urgency = 0;
            if (deadline && before < l.dogs[dog])
              urgency = kQuickUrgency * static_cast<double>(l.dogs[dog] - before) / (stack_tiles_left(g) + 1.0);
            return 4.0 + urgency;
          }
          const int p = g.tile_at(o.x, o.y);
          return std::min(3, tile_ghosts(g, p)) * ghost_weight(g) * 0.5;
        });
      }
      case DecisionKind::Cemetery:
      case DecisionKind::FaceDown:
        return best_by([&](const Option& o) -> double {
          // A cemetery about to close; a face-down cell touching the fewest tiles.
          if (d.kind == DecisionKind::FaceDown) return -tiles_around(g, o.x, o.y);
          int around = 0;
          for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx)
              if ((dx || dy) && g.tile_at(o.x + dx, o.y + dy) >= 0) ++around;
          return around;
        });
      case DecisionKind::Bury:
        return best_by([&](const Option& o) -> double {
          if (o.kind == OptKind::BurySupply) return g.colour_supply(o.colour);
          const int p = g.tile_at(o.x, o.y);
          double v = -g.feature_value(g.node_of(p, o.seg));
          for (const auto& f : g.followers())
            if (f.placed == p && f.seg == o.seg && tw::dogs_with(f)) v -= 20;
          return v;
        });
      case DecisionKind::Dog:
        return best_by([&](const Option& o) -> double {
          // The two most haunted tiles among the 9 (no heap: this runs in every playout).
          int first = 0, second = 0;
          for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx) {
              const int n = std::min(3, tile_ghosts(g, g.tile_at(o.x + dx, o.y + dy)));
              if (n > first) {
                second = first;
                first = n;
              } else if (n > second) {
                second = n;
              }
            }
          return first + second;
        });
      case DecisionKind::DogClear:
        return best_by([&](const Option& o) -> double {
          if (o.kind == OptKind::Done) return 0.0;
          return tile_ghosts(g, g.tile_at(o.x, o.y));
        });
      case DecisionKind::Marker:
        return best_by([&](const Option& o) -> double {
          for (size_t i = 0; i < marker_colours(g).size(); ++i)
            if (marker_colours(g)[i] == o.colour) return -static_cast<double>(marker_score(g, i));
          return 0.0;
        });
      default:
        return 0;
    }
  }

  // Weights, tuned on levels 1, 3 and 5 (600 games each, 2 players).
  static constexpr double kProgress = 3.0;   // per point of progress
  static constexpr double kBank = 6.0;       // per ghost in the bank ...
  static constexpr double kBankLow = 5.0;    // ... and below this many, a quadratic penalty
  static constexpr double kBankLowWeight = 6.0;
  static constexpr double kDeadline = 2.0;   // points missing for the next dog, per tile left
  static constexpr double kDeadlinePerColour = 10.0;  // per colour: each colour's gap, this much more
  static constexpr double kQuickUrgency = 4.0;  // quick rule: a point's worth, per point missing per tile left
  static constexpr double kFreeFollower = 1.0;
  static constexpr double kRecover1 = 2.5, kRecover2 = 1.0;   // ghosts on fog 1 or 2 ends from closing
  static constexpr double kDone1 = 1.2, kDone2 = 0.8, kDone3 = 0.4;  // feature value by open ends

  // Per colour (markers > 1): marker i's score plus, for every open feature its colour's
  // followers stand on (each feature once per colour, as the rules pay it), the feature's
  // value weighed by how close to done it is (kProject1..3). Buried followers hold nothing.
 public:
  static void colour_projection(const Game& g, std::array<double, kMaxPlayers>& out) {
    const auto& colours = marker_colours(g);
    const size_t markers = colours.size();
    std::array<int8_t, kMaxPlayers> marker_of{};
    marker_of.fill(-1);
    for (size_t i = 0; i < markers; ++i) {
      out[i] = static_cast<double>(marker_score(g, i));
      if (colours[i] >= 0 && colours[i] < kMaxPlayers) marker_of[static_cast<size_t>(colours[i])] = static_cast<int8_t>(i);
    }
    const Core core(g);
    std::array<std::pair<int8_t, uint32_t>, 64> seen;
    size_t n_seen = 0;
    for (const auto& f : g.followers()) {
      if (f.placed < 0 || tw::buried(f) || f.colour < 0) continue;
      const int m = marker_of[static_cast<size_t>(f.colour)];
      if (m < 0) continue;
      const uint32_t root = core.find(f.node);
      bool dup = false;
      for (size_t k = 0; k < n_seen; ++k)
        if (seen[k].first == m && seen[k].second == root) dup = true;
      if (dup) continue;
      if (n_seen < seen.size()) seen[n_seen++] = {static_cast<int8_t>(m), root};
      const int open = g.feature_open_ends(f.node);
      const double w = open == 0 ? kProject0 : open == 1 ? kProject1 : open == 2 ? kProject2 : kProject3;
      out[static_cast<size_t>(m)] += w * g.feature_value(f.node);
    }
  }

 private:
  // Measured on mists-6 (2 players, coop, seeds 1..1000): weights 2x these left the lowest
  // marker at 1.8, these 2.3, 0.6x these 2.3, none (the marker alone) 2.1.
  static constexpr double kProject0 = 0.5, kProject1 = 0.4, kProject2 = 0.25, kProject3 = 0.125;

  // A try's position weighed with the decision's kept feature values (kept_, CoopKept);
  // under coop_kept_value_check also afresh, and the two compared.
  double weigh(const Game& g) {
    kept_.look(g);
    const double v = value(g, &kept_);
    if (check_) {
      ++check_->weighings;
      if (!(v == value(g))) ++check_->differ;
    }
    return v;
  }

  static double value(const Game& g, const CoopKept* kept = nullptr) {
    if (g.outcome() == Outcome::Win) return 1e12;
    if (g.outcome() == Outcome::Lose) return -1e12 + progress(g);
    const Level& l = *coop_level(g);
    double v = 0;
    const size_t dog = static_cast<size_t>(dogs_reached(g));
    const double next = dog < l.dogs.size() ? l.dogs[dog] : l.target;
    const bool stack_deadline = dog < l.dogs.size() && current_stack(g) == static_cast<int>(dog);
    const double left = stack_tiles_left(g) + 1.0;
    const size_t markers = marker_colours(g).size();
    // Progress: per colour, the lowest marker counts most.
    if (markers > 1) {
      // Per colour: every marker's points count up to the next threshold (points beyond
      // it help nobody), and the lowest marker counts once more.
      const double n = static_cast<double>(markers);
      double sum = 0;
      for (size_t i = 0; i < markers; ++i) sum += std::min(next, static_cast<double>(marker_score(g, i)));
      v += kProgress * (sum + 0.5 * n * static_cast<double>(progress(g)));
    } else {
      v += kProgress * static_cast<double>(progress(g));
    }
    v += bank_term(ghost_bank(g));
    // Deadlines: points matter more as the current stack runs short of its dog. Per
    // colour, every colour's gap counts (squared: the colours are kept even).
    if (stack_deadline) {
      if (markers > 1) {
        // Each colour's gap from its projected score: its marker plus what its followers
        // hold on open features (colour_projection), so a follower of a colour that lags
        // behind, or a feature that joins several colours, closes gaps before it scores.
        std::array<double, kMaxPlayers> proj{};
        colour_projection(g, proj);
        for (size_t i = 0; i < markers; ++i) {
          const double gap = next - proj[i];
          if (gap > 0) v -= kDeadlinePerColour * kDeadline * gap * gap / (left * 4.0);
        }
      } else {
        const double gap = static_cast<double>(l.dogs[dog] - progress(g));
        if (gap > 0) v -= kDeadline * gap * gap / (left * 4.0);
      }
    }
    // Ghosts on fog that is about to close are partly back in the bank already.
    const auto ghosts = tile_ghost_counts(g);  // (per placed tile)
    for (size_t p = 0; p < ghosts.size(); ++p) {
      const int gh = ghosts[p];
      if (!gh) continue;
      const int open = kept ? kept->fog_ends(g, p) : fog_open_ends(g, static_cast<int>(p));
      if (open == 1) v += kRecover1 * gh;
      if (open == 2) v += kRecover2 * gh;
    }
    // Followers on open features: value waiting to be collected, by how close to done.
    const auto& fs = g.followers();
    const Core core(g);
    for (size_t i = 0; i < fs.size(); ++i) {
      const Follower& f = fs[i];
      if (f.placed < 0 || tw::buried(f)) continue;
      const uint32_t root = core.find(f.node);
      const int open = core.feat()[root].open;  // (feature_open_ends)
      const double p = open <= 1 ? kDone1 : open == 2 ? kDone2 : kDone3;
      v += p * (kept ? kept->value(g, i, root) : g.feature_value(f.node)) + 3.0 * tw::dogs_with(f);
    }
    // Free followers keep options open.
    for (int p = 0; p < g.player_count(); ++p) v += kFreeFollower * std::min(g.supply(p), 3);
    return v;
  }

  friend size_t tw::coop_rule_choice(const Game& g);
  friend std::vector<double> tw::coop_option_values(const Game& g);
  friend double tw::coop_position_value(const Game& g);
  friend CoopKeptCheck tw::coop_kept_value_check(const Game& g, bool stale);
  GreedyBot greedy_;
  CoopKept kept_;                   // the decision's feature values (weigh_all, the sample)
  CoopKeptCheck* check_ = nullptr;  // coop_kept_value_check's counts
  bool playout_ = false;
  int sample_ = 0;
  std::vector<size_t> picks_;
  std::vector<double> values_;
  std::vector<size_t> ties_;
  Game view_;
  Game scratch_;  // a const game's options are tried on this copy (choose_on, values)
};

}  // namespace

std::string Bot::budget(const Game&) const { return "one ply"; }

void public_view(const Game& g, const Rng& rng, Game& out) {
  const auto& st = rng.state();
  Rng deal(st[0] ^ (st[1] << 1) ^ (st[2] << 2) ^ (st[3] << 3) ^ 0x6a09e667f3bcc909ULL);
  out = g;
  out.determinize(deal);
}

size_t coop_rule_choice(const Game& g) { return CoopBot::quick(g); }
std::vector<int64_t> greedy_option_values(const Game& g) {
  GreedyBot greedy;
  return greedy.values(g);
}
double coop_position_value(const Game& g) { return CoopBot::value(g); }
std::vector<double> coop_colour_projection(const Game& g) {
  std::array<double, kMaxPlayers> proj{};
  CoopBot::colour_projection(g, proj);
  return std::vector<double>(proj.begin(), proj.begin() + static_cast<std::ptrdiff_t>(marker_colours(g).size()));
}
std::vector<double> coop_option_values(const Game& g) {
  CoopBot coop;
  return coop.values(g);
}

CoopKeptCheck coop_kept_value_check(const Game& g, bool stale) {
  CoopKeptCheck out;
  CoopBot coop;
  coop.check_ = &out;
  coop.kept_.stale = stale;
  coop.values(g);
  return out;
}

std::unique_ptr<Bot> make_coop_playout_bot(int sample) { return std::make_unique<CoopBot>(sample); }

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
  if (name == "coop") return std::make_unique<CoopBot>();
  if (name.substr(0, 4) == "mcts") return make_mcts_bot(name);
  return nullptr;
}

const std::vector<std::string_view>& bot_names() {
  static const std::vector<std::string_view> names = {"random", "greedy", "coop", "mcts"};
  return names;
}

std::string seat_bot_problem(const std::vector<PlayerSpec>& players) {
  for (const auto& p : players) {
    if (p.bot.empty() || make_bot(p.bot)) continue;
    std::vector<std::string> known;
    for (auto n : bot_names()) known.emplace_back(n);
    return "unknown bot '" + text::printable(p.bot, 60) + "'" + text::did_you_mean(p.bot, known) + " (known: " +
           text::joined(known) + "; mcts:N for N iterations, 1..10000000)";
  }
  return {};
}

}  // namespace tw
