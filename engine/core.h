// Core: what a rule module sees of a game. A rule module (engine/rules/X.{h,cpp}) is a
// set of free functions over a Core and its own state struct (ModuleState, engine/rules/
// state.h); the plan (TurnPlan, built by engine/rules/modules.cpp) holds plain function
// pointers to them. A Core is one pointer to the game, made on the stack where the core
// calls a module: no virtual calls, nothing per copy of a game.
//
// Core is the only friend of Game that modules use. Its accessors give the board, the
// union-find nodes and features, the followers, scores and supplies, the pending
// decision, the events, the rules and the modules' state; its calls are the core's
// operations (placing a tile, scoring a feature, asking a decision, moving the turn on).
#pragma once

#include <array>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "engine/game.h"
#include "engine/rules/hooks.h"

namespace tw {

class Core {
 public:
  explicit Core(Game& g) : g_(&g) {}
  // A read-only view of a const game (the const entries of the plan take a const Core).
  explicit Core(const Game& g) : g_(const_cast<Game*>(&g)) {}

  using TypeCache = Game::TypeCache;
  using Feature = Game::Feature;
  using Node = Game::Node;
  using Cell = Game::Cell;
  using FrontierCell = Game::FrontierCell;
  static constexpr size_t kOptKinds = Game::kOptKinds;
  static constexpr size_t kKinds = Game::kKinds;
  static constexpr size_t kDecisionKinds = Game::kDecisionKinds;
  static constexpr size_t kLaneBlock = Game::kLaneBlock;  // frontier cells per block of lanes_

  Game& game() { return *g_; }
  const Game& game() const { return *g_; }

  // The arrays whose entries an undo frame logs one by one (Game::mark): through a
  // non-const Core a module reaches them as a Log, whose mut(i) logs the entry (while a
  // frame is open) before handing it out to be changed; appends are cut back on undo.
  // Reading goes through operator[] and the iterators (const: never logged).
  template <class T, class Vec>
  class Log {
   public:
    Log(Vec& v, std::vector<Game::Logged<T>>* log) : v_(&v), log_(log) {}
    // Entry i, to be changed: logged first while a frame is open.
    T& mut(size_t i) {
      if (log_) log_->push_back({static_cast<uint32_t>(i), (*v_)[i]});
      return (*v_)[i];
    }
    // Entry i, to read: never logged.
    const T& operator[](size_t i) const { return (*v_)[i]; }
    size_t size() const { return v_->size(); }
    bool empty() const { return v_->empty(); }
    auto begin() const { return std::as_const(*v_).begin(); }
    auto end() const { return std::as_const(*v_).end(); }
    void push_back(const T& t) { v_->push_back(t); }
    operator const Vec&() const { return *v_; }

   private:
    Vec* v_;
    std::vector<Game::Logged<T>>* log_;
  };
#define TW_CORE_LOGGED(name, T)                                                          \
  Log<T, decltype(Game::name##_)> name() {                                               \
    return {g_->name##_, g_->recording() ? &g_->trail_.v.name : nullptr};                \
  }                                                                                      \
  const auto& name() const { return g_->name##_; }
  TW_CORE_LOGGED(placed, PlacedTile)
  TW_CORE_LOGGED(nodes, Node)
  TW_CORE_LOGGED(feat, Feature)
  TW_CORE_LOGGED(cells, Cell)
#undef TW_CORE_LOGGED

#define TW_CORE_FIELD(name)                          \
  auto& name() { return g_->name##_; }               \
  const auto& name() const { return g_->name##_; }
  TW_CORE_FIELD(followers)
  TW_CORE_FIELD(frontier)
  TW_CORE_FIELD(lanes)
  TW_CORE_FIELD(pending)
  TW_CORE_FIELD(current)
  TW_CORE_FIELD(last_placed)
  TW_CORE_FIELD(cover_meets)
  TW_CORE_FIELD(scores)
  TW_CORE_FIELD(supply)
  TW_CORE_FIELD(stage)
  TW_CORE_FIELD(pile)
  TW_CORE_FIELD(pile_pos)
  TW_CORE_FIELD(outcome)
  TW_CORE_FIELD(end_reason)
  TW_CORE_FIELD(rules)
  TW_CORE_FIELD(players)
#undef TW_CORE_FIELD
  // The modules' state (engine/rules/state.h): read-only. A module changes its part (or
  // another's) through mut(&ModuleState::part), which saves the part in the open undo
  // frame before its first change there (Game::mark): a change cannot escape the undo.
  const ModuleState& st() const { return g_->st_; }
  template <class T>
  T& mut(T ModuleState::*) {
    return g_->st_write<T>();
  }
  const Content& content() const { return *g_->content_; }
  const RuleSet& rule_set() const { return *g_->rule_set_; }
  const std::vector<TypeCache>& cache() const { return *g_->cache_; }
  const TurnPlan& plan() const { return *g_->plan_; }
  Rng& rng() { return g_->rng_; }

#define TW_CORE_CALL(name)                                          \
  template <class... A>                                             \
  decltype(auto) name(A&&... a) {                                   \
    return g_->name(std::forward<A>(a)...);                         \
  }                                                                 \
  template <class... A>                                             \
  decltype(auto) name(A&&... a) const {                             \
    return std::as_const(*g_).name(std::forward<A>(a)...);          \
  }
  TW_CORE_CALL(find)
  TW_CORE_CALL(unite)
  TW_CORE_CALL(next)
  TW_CORE_CALL(tile_at)
  TW_CORE_CALL(cell_index)
  TW_CORE_CALL(grid_width)
  TW_CORE_CALL(segment_at)
  TW_CORE_CALL(location_name)
  TW_CORE_CALL(slot)
  TW_CORE_CALL(follower_option)
  TW_CORE_CALL(player_count)
  TW_CORE_CALL(score_feature)
  TW_CORE_CALL(score_by_majority)
  TW_CORE_CALL(return_followers)
  TW_CORE_CALL(remove_follower)
  TW_CORE_CALL(add_points)
  TW_CORE_CALL(feature_complete)
  TW_CORE_CALL(feature_tiles)
  TW_CORE_CALL(feature_value)
  TW_CORE_CALL(may_have_closed)
  TW_CORE_CALL(end_game)
  TW_CORE_CALL(draw_one)
  TW_CORE_CALL(generate_placements)
  TW_CORE_CALL(frontier_add)
  TW_CORE_CALL(frontier_remove)
  TW_CORE_CALL(ensure_room)
  TW_CORE_CALL(node_of)
#undef TW_CORE_CALL
  void emit(Event e) { g_->emit(e); }
  void ask(DecisionKind k, const OptionList& opts) { g_->ask(k, opts); }
  void go_to(bool (*step)(Core&)) { g_->go_to(step); }

  // The core's own entries of the plan.
  static void draw_from_pile(Core& c) { c.g_->draw_from_pile(); }
  static void apply_place(Core& c, const Option& o) { c.g_->apply_place(o); }
  static bool step_score_completed(Core& c) { return c.g_->step_score_completed(); }
  static bool step_end_turn(Core& c) { return c.g_->step_end_turn(); }
  static bool edge_complete(const Core& c, uint32_t node) { return c.g_->edge_complete(node); }
  static bool surrounded(const Core& c, uint32_t node) { return c.g_->surrounded(node); }

 private:
  Game* g_;
};

// The turn a game's modules make together (engine/rules/modules.cpp builds it once per
// game; copies share it). After a placement the plan's after-place hooks run, then its
// steps in order from the game's stage: a step returns true when it asked a decision (or
// the game ended), false when the turn goes on from the stage (a step moves the stage
// itself: `return c.next();`). The answer to a decision goes to the handler the plan
// names for the option's kind, then the steps run on.
using Step = bool (*)(Core&);
using Hook = void (*)(Core&);
using Handler = void (*)(Core&, const Option&);
using Check = std::string (*)(const Core&);
using Hash = void (*)(const Core&, Fnv64&);
using Value = int (*)(const Core&, uint32_t node, bool complete);
using Complete = bool (*)(const Core&, uint32_t node);
using Score = void (*)(Core&, uint32_t root, bool final);
using Penalty = std::array<int, kMaxPlayers> (*)(const Core&, uint32_t root);
// A hook inside put_tile: the tile being put at `base` (rotation rot) against its placed
// neighbour q on `side`; false: the two tiles' segments are not joined.
using Join = bool (*)(Core&, uint32_t base, const TileType& tt, int rot, int side, const PlacedTile& q);
// A hook after a module laid a wild tile (PlacedTile::wild): p, its placed index.
using FaceDownHook = void (*)(Core&, int p);

struct PlanStep {
  Step run = nullptr;
  uint8_t code = 0;        // what state_hash records of the step a decision is asked at
                           // (co-op levels hash it): fixed per step, so records keep their hashes
  std::string_view name;   // "bury", "follower", ... (for messages)
};

struct TurnPlan {
  // What it was built for (build_plan reuses it for a game of the same): rules, level,
  // tiles and the kinds of feature they show; never when some modules were left out.
  bool reusable = false;
  uint64_t key_kinds = 0;
  const Level* key_level = nullptr;
  const void* key_tiles = nullptr;
  Rules key_rules;
  std::vector<std::string_view> modules;  // the modules played, in the order they act
  std::vector<Hook> at_start;             // after the start tile, before the first draw
  Hook draw = nullptr;                    // the next tile (or hand) for the current player
  std::vector<Hook> after_place;          // forced, right after a placement
  std::vector<Hook> on_put;               // inside a placement, once its nodes exist
  Join join = nullptr;                    // inside a placement, per placed neighbour
  std::vector<PlanStep> steps;            // the rest of the turn; the last ends it
  std::vector<Hook> at_end;               // the final scoring, when the pile runs out
  // Who applies each kind of option, per kind of decision it answers (an option kind may
  // answer two decisions, each with its own handler).
  std::array<std::array<Handler, Core::kOptKinds>, Core::kDecisionKinds> apply{};
  std::vector<FaceDownHook> on_face_down;  // a tile just laid wild (placed index): what that
                                          // closes (the modules' headers say)
  std::vector<Hook> follower_options;     // more options of the follower decision, after the
                                          // followers' own (other modules' options)
  uint64_t stand_kinds = 0;               // the kinds of segment a follower may stand on ...
  bool stand_fields = false;              // ... and fields (the rules that allow it)
  std::vector<uint32_t> stand;            // per tile type: the segments a follower may stand on
  std::array<Value, Core::kKinds> value{};      // what a feature of each kind is worth
  std::array<Complete, Core::kKinds> complete{};  // when it is complete (null: never)
  std::array<Score, Core::kKinds> score{};      // how it scores (null: by majority)
  Penalty penalty = nullptr;              // per player, what scoring a feature costs
  std::vector<Check> checks;              // the modules' invariants
  std::vector<Hash> hashes;               // the modules' state, for state_hash
  bool per_colour = false;                // points go to each colour, not each player
  bool floor_each = false;                // score floor: after each scoring, not per turn
  bool guards = false;                    // guards: the follower step offers guards from their
                                          // supply (module "guards" says when one is gained)
  uint64_t cover_splits = 0;              // bit per Kind: features of that kind end where the
                                          // cover layer begins (engine/content.h, Segment)
  bool cover_meets = false;               // put_tile records where the tile's cover meets its
                                          // neighbours' (Core::cover_meets: a module reads it
                                          // in its after-place hook)
  void (*on_return)(Core&, Follower&) = nullptr;  // a follower just left the board (remove_follower,
                                                  // its place cleared): what a module kept with
                                                  // it (Follower::count) goes back

  // The modules' declared hooks between each other (engine/rules/hooks.h): a module calls
  // another only through these.
  ModuleHooks hooks;
};

// engine/rules/modules.cpp: the plan for a game (`reuse` when it was built for the same
// rules, level and tiles); `kinds`: bit k set = the game's tiles show Kind k (Game::build_pile).
std::shared_ptr<const TurnPlan> build_plan(const std::vector<Core::TypeCache>& tiles, const Rules& rules,
                                           const Level* level, uint64_t kinds,
                                           const std::vector<std::string>& without,
                                           std::shared_ptr<const TurnPlan> reuse);

}  // namespace tw
