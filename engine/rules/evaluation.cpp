// Rule module: evaluation (co-op, RULES.md section 4, step 3a). Every feature the tile
// completed that has followers is evaluated by the players' choice: `points` (the full
// value once per colour there, module "score markers") or `unghost x,y` (ghosts from
// one tile back to the bank, module "co-op ghost bank"); then the dogs with its
// followers score and its followers go home. Completed are cities and roads, and the
// castles around the tile (engine/rules/castles.cpp).
#include <algorithm>

#include "engine/rules/kinds.h"
#include "engine/core.h"
#include "engine/rules/plan.h"
#include "engine/rules/evaluation.h"

namespace tw {

bool step_completed_features(Core& core) {
  // 3a: the features this tile completed (each once), then castles around it.
  // (Written only when there is something to clear: a first write in an undo frame saves
  // the part, and this runs in every try of the co-op bot.)
  if (!core.st().evaluation.queue.empty()) core.mut(&ModuleState::evaluation).queue.clear();
  const PlacedTile pt = core.placed()[static_cast<size_t>(core.last_placed())];
  const TileType& tt = core.content().tiles[pt.type];
  for (size_t i = 0; core.may_have_closed() && i < tt.segments.size(); ++i) {
    const Kind k = tt.segments[i].kind;
    if (k != Kind::City && k != Kind::Road) continue;
    const uint32_t root = core.find(pt.node_base + static_cast<uint32_t>(i));
    if (core.feat()[root].open != 0) continue;
    if (std::find(core.st().evaluation.queue.begin(), core.st().evaluation.queue.end(), root) == core.st().evaluation.queue.end()) core.mut(&ModuleState::evaluation).queue.push_back(root);
  }
  if (core.cells()[static_cast<size_t>(core.cell_index(pt.x, pt.y))].centres == 0) return core.next();
  for (int dy = 1; dy >= -1; --dy)
    for (int dx = -1; dx <= 1; ++dx) {
      const int q = core.tile_at(pt.x + dx, pt.y + dy);
      if (q < 0 || core.placed()[static_cast<size_t>(q)].wild) continue;
      const PlacedTile& qt = core.placed()[static_cast<size_t>(q)];
      const int centre = core.cache()[qt.type].centre;
      if (centre < 0 || core.content().tiles[qt.type].segments[static_cast<size_t>(centre)].kind != kCastle)
        continue;
      const uint32_t node = qt.node_base + static_cast<uint32_t>(centre);
      if (core.feature_complete(node)) core.mut(&ModuleState::evaluation).queue.push_back(node);
    }
  return core.next();
}

bool step_evaluate(Core& core) {
  // A marker choice comes first (module "score markers").
  if (core.plan().hooks.marker_choice && core.plan().hooks.marker_choice(core)) return true;
  while (!core.st().evaluation.queue.empty() && core.feat()[core.find(core.st().evaluation.queue.front())].followers == 0)
    core.mut(&ModuleState::evaluation).queue.erase(core.st().evaluation.queue.begin());
  if (!core.st().evaluation.queue.empty()) {
    Option points;
    points.kind = OptKind::Points;
    OptionList opts{points};
    for (size_t q = 0; q < core.placed().size(); ++q)
      if (core.plan().hooks.tile_ghosts(core, static_cast<int>(q)) > 0) core.plan().hooks.unghost_options(core, opts, static_cast<int>(q));
    core.ask(DecisionKind::Evaluate, opts);
    return true;
  }
  return core.next();
}

void apply_evaluate(Core& core, const Option& o) {
  const uint32_t root = core.st().evaluation.queue.front();
  core.mut(&ModuleState::evaluation).queue.erase(core.st().evaluation.queue.begin());
  coop_evaluate(core, root, o);
}

void coop_evaluate(Core& core, uint32_t root, const Option& o) {
  root = core.find(root);
  const Core::Feature& ft = core.feat()[root];
  const PlacedTile& at = core.placed()[static_cast<size_t>(core.nodes()[root].tile)];
  if (o.kind == OptKind::Points) {
    // The full value once per distinct colour on the feature.
    const int value = core.feature_value(root);
    for (int c = 0; c < kMaxPlayers; ++c) {
      if (ft.by_player[static_cast<size_t>(c)] == 0) continue;
      core.plan().hooks.team_points(core, c, value);
      core.emit({EventKind::Scored, static_cast<int8_t>(c), core.nodes()[root].kind, at.x, at.y, at.type, value});
    }
  } else {
    const int q = core.tile_at(o.x, o.y);
    if (q >= 0) core.plan().hooks.remove_ghosts(core, q, core.plan().hooks.unghost_count(core, o));
  }
  // Dogs with the feature's followers score the ghosts now on the board, then leave.
  for (auto& f : core.followers()) {
    if (f.placed < 0 || f.retired || f.count[kDogCount] == 0 || core.find(f.node) != root) continue;
    const PlacedTile& pt = core.placed()[static_cast<size_t>(f.placed)];
    for (; f.count[kDogCount] > 0; --f.count[kDogCount]) {
      const int pts = core.plan().hooks.ghosts_on_board(core) * static_cast<int>(core.rules().dog_ghost_points);
      core.plan().hooks.team_points(core, f.colour, pts);
      core.emit({EventKind::DogScored, f.colour, core.nodes()[f.node].kind, pt.x, pt.y, pt.type, pts});
    }
  }
  coop_return_followers(core, root);
  core.plan().hooks.thresholds(core);
}

int64_t evaluation_points(const Game& g) {
  const Core core(g);
  if (core.st().evaluation.queue.empty()) return 0;
  const uint32_t root = core.find(core.st().evaluation.queue.front());
  int colours = 0;
  for (const auto n : core.feat()[root].by_player) colours += n != 0;
  return static_cast<int64_t>(core.feature_value(root)) * colours;
}

void coop_return_followers(Core& core, uint32_t root) {
  for (auto& f : core.followers()) {
    if (f.placed < 0 || f.retired || core.find(f.node) != root) continue;
    const PlacedTile& pt = core.placed()[static_cast<size_t>(f.placed)];
    core.emit({EventKind::FollowerReturned, f.colour, core.nodes()[f.node].kind, pt.x, pt.y, pt.type, 0});
    core.remove_follower(f);
  }
}

// ---------------------------------------------------------------------------------
// The module's table (engine/rules/registry.h): its options' grammar, its events' words.

namespace {

std::string explain_points(const ParseContext& cx, const Option&) { return "'points' is not legal now (" + cx.legal + ")"; }

// The ghosts on placed tile p, through the plan's hook (module "co-op ghost bank").
int ghosts_on_tile(const Game& g, int p) {
  const Core core(g);
  return core.plan().hooks.tile_ghosts ? core.plan().hooks.tile_ghosts(core, p) : 0;
}

bool unghost_tail(const Game& g) { return g.rules().unghost_choose_count != 0; }

// `unghost x,y N` names the option that takes the most it may when that is N ghosts.
bool unghost_same(const Game& g, const Option& legal, const Option& named) {
  if (legal.x != named.x || legal.y != named.y) return false;
  const int at = g.tile_at(named.x, named.y);
  return legal.seg == named.seg ||
         (legal.seg == 0 && at >= 0 && std::min<int64_t>(ghosts_on_tile(g, at), g.rules().unghost_ghosts) == named.seg);
}

std::string explain_unghost(const ParseContext& cx, const Option& o) {
  const Game& g = cx.game;
  const std::string cell(cx.tok[1]);
  if (o.seg > 0)
    for (const auto& l : g.pending().options)
      if (l.kind == OptKind::Unghost && l.x == o.x && l.y == o.y)
        return "cannot remove " + std::to_string(o.seg) + " ghosts from the tile at " + cell + " (" + cx.legal + ")";
  const int p = g.tile_at(o.x, o.y);
  if (p < 0) return "no tile at " + cell + " (" + cx.legal + ")";
  if (ghosts_on_tile(g, p) == 0) return "no ghost stands on the tile at " + cell + " (" + cx.legal + ")";
  return "the dog cannot clear the tile at " + cell +
         ": it is not among the 9 around the dog or was cleared already (" + cx.legal + ")";
}

// A completed feature's evaluation (`unghost` is also a reached dog's clearing).
constexpr OptionRule kOptions[] = {
    {OptKind::Points, "points", "", {}, 0, 0, decision_bit(DecisionKind::Evaluate), true,
     "a points-or-ghosts choice", "'points' takes no arguments", "", "", nullptr, nullptr, explain_points,
     "evaluation"},
    {OptKind::Unghost, "unghost", "", {Arg::Cell, Arg::Count}, 2, 1,
     decision_bit(DecisionKind::Evaluate) | decision_bit(DecisionKind::DogClear), true, "a ghost removal",
     "'unghost' takes a cell x,y", "'unghost' takes a cell x,y and how many ghosts, if fewer than the most",
     "a number of ghosts", unghost_tail, unghost_same, explain_unghost, "evaluation"},
};

}  // namespace

extern const ModuleTable kEvaluationTable{"evaluation", kOptions, {}};

// ---------------------------------------------------------------------------------
// The module's descriptor (engine/rules/registry.h): its tables, when it plays and the
// parts it installs in the turn plan (engine/rules/plan.h), each at its order key.

namespace {

void plan_part_360(PlanBuild& b) {
  if (!b.plays("evaluation")) return;
  b.step(&step_completed_features, 3, "completed features");
  b.step(&step_evaluate, 3, "evaluate");
  b.handle(DecisionKind::Evaluate, OptKind::Points, &apply_evaluate);
  b.handle(DecisionKind::Evaluate, OptKind::Unghost, &apply_evaluate);
}

constexpr ModulePart kPlanParts[] = {{360, &plan_part_360}};
const ModuleDescriptor kDescriptor{.name = "evaluation",
                                  .order = 80,
                                  .options = &kEvaluationTable,
                                  .plan_order = 360,
                                  .plays = [](const PlanBuild& b) { return b.coop; },
                                  .parts = kPlanParts};

}  // namespace

TW_REGISTER_MODULE(evaluation, kDescriptor);

}  // namespace tw
