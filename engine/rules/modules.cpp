// The turn plan a game plays (Game::TurnPlan), built by a loop over the registered rule
// modules (module_entries(), engine/rules/registry.h).
//
// A rule set chooses its modules in data: its system (a level makes a co-op game) and
// its parameters switch modules on (fog_ghosts > 0 plays gcc ghosts, hand_size > 0 plays
// hands, ...); a parameter no module of the system reads is refused at load
// (rule_param_specs(), engine/content.cpp). Each module says in its own descriptor
// (engine/rules/<module>.cpp, registered there) when it plays and which hooks, steps,
// handlers and feature rules it adds, each part at its order key; this file names no
// module: it decides which play, then runs every part, the core's among them, by order
// key (engine/rules/plan.h; docs/architecture.md, "How to add a module", lists the keys).
#include <algorithm>

#include "engine/core.h"
#include "engine/rules/plan.h"

namespace tw {

namespace {

// The core's own parts of the turn, among the modules' by order key.
void core_start(PlanBuild& b) {
  b.plan.draw = &Core::draw_from_pile;
  b.handle(DecisionKind::Place, OptKind::Place, &Core::apply_place);
}
// Completed features: scored by majority (co-op: evaluated by the players' choice, the
// evaluation module's steps).
void core_scoring(PlanBuild& b) {
  if (!b.coop) b.step(&Core::step_score_completed, 11, "scoring");
}
void core_end_turn(PlanBuild& b) { b.step(&Core::step_end_turn, 9, "end of turn"); }
// Per tile type, the segments a follower may stand on (the follower step reads it).
void core_stand(PlanBuild& b) {
  TurnPlan& p = b.plan;
  p.stand.resize(b.tiles.size());
  for (size_t t = 0; t < b.tiles.size(); ++t) {
    uint32_t m = 0;
    for (size_t k = 0; k < Core::kKinds; ++k)
      if ((p.stand_kinds >> k) & 1) m |= b.tiles[t].kind_segs[k];
    if (p.stand_fields && b.rules.farmers)
      m |= b.rules.fogged_fields_occupiable ? b.tiles[t].field_segs | b.tiles[t].covered_field_segs
                                            : b.tiles[t].field_segs;
    p.stand[t] = m;
  }
}

constexpr ModulePart kCoreParts[] = {{0, &core_start}, {350, &core_scoring}, {410, &core_end_turn}, {420, &core_stand}};

// The registered modules in plan order, and every part by order key (ties: the core's
// first, then the modules' by their order keys): sorted once, on the first plan.
struct Ordered {
  std::vector<const ModuleDescriptor*> by_plan;
  std::vector<ModulePart> parts;
};
const Ordered& ordered() {
  static const Ordered o = [] {
    Ordered out;
    out.by_plan.assign(module_entries().begin(), module_entries().end());
    std::stable_sort(out.by_plan.begin(), out.by_plan.end(),
                     [](const ModuleDescriptor* a, const ModuleDescriptor* c) { return a->plan_order < c->plan_order; });
    out.parts.assign(std::begin(kCoreParts), std::end(kCoreParts));
    for (const ModuleDescriptor* m : module_entries()) out.parts.insert(out.parts.end(), m->parts.begin(), m->parts.end());
    std::stable_sort(out.parts.begin(), out.parts.end(),
                     [](const ModulePart& a, const ModulePart& c) { return a.order < c.order; });
    return out;
  }();
  return o;
}

}  // namespace

std::shared_ptr<const TurnPlan> build_plan(const std::vector<Core::TypeCache>& tiles, const Rules& r,
                                           const Level* level, uint64_t kinds,
                                           const std::vector<std::string>& without,
                                           std::shared_ptr<const TurnPlan> reuse) {
  // A plan depends on the rules, the level, the tiles and the kinds of feature they show
  // (`kinds`: the pool but what the level leaves in the box, the start tile and the rest
  // of its start piece; build_pile counts them as it fills the pile): a game made again
  // with all four the same reuses its plan.
  if (reuse && reuse->reusable && without.empty() && reuse->key_kinds == kinds && reuse->key_level == level &&
      reuse->key_tiles == &tiles && reuse->key_rules == r)
    return reuse;

  auto plan = std::make_shared<TurnPlan>();
  TurnPlan& p = *plan;
  p.reusable = without.empty();  // a plan without some modules is never reused
  p.key_kinds = kinds;
  p.key_level = level;
  p.key_tiles = &tiles;
  p.key_rules = r;
  PlanBuild b{p, tiles, r, level, kinds, level != nullptr, {}};

  // Which modules play, in plan order: named in the plan (Game::modules()) unless the
  // game leaves them out (GameSetup::without, for tests and experiments).
  b.playing.reserve(module_entries().size());
  for (const ModuleDescriptor* m : ordered().by_plan) {
    if (!m->plays || !m->plays(b)) continue;
    if (m->listed) {
      if (std::find(without.begin(), without.end(), m->name) != without.end()) continue;
      p.modules.push_back(m->name);
    }
    b.playing.push_back(m->name);
  }

  // Every part, the core's and the modules', by order key. The turn, one flow for every game: draw, place,
  // the after-place hooks, then the steps in this order, each module's where it acts
  // (engine/rules/coop.cpp has the order of a co-op turn), then the end of the turn.
  for (const ModulePart& part : ordered().parts) part.install(b);
  return plan;
}

}  // namespace tw
