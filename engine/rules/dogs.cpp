// Rule module: dogs (co-op levels 3-6). A score threshold reached brings a dog: the
// rest of the stack goes on top of the next one, the dog joins a standing follower and
// clears up to `dog_clear_tiles` tiles around it; when its follower's feature is
// evaluated it scores `dog_ghost_points` per ghost on the board. Parameters:
// dog_clear_tiles, dog_ghost_points, dog_waits_for_follower (module "dogs").
// A follower's dogs are its count in slot kDogCount (Follower::count, engine/rules/state.h);
// the co-op hash (hash_coop) hashes them.
#include <algorithm>

#include "engine/core.h"
#include "engine/rules/plan.h"
#include "engine/report.h"
#include "engine/rules/dogs.h"

namespace tw {

OptionList dog_clear_options(const Core& core) {
  OptionList out;
  const Follower& f = core.followers()[static_cast<size_t>(core.st().dogs.follower)];
  const PlacedTile& pt = core.placed()[static_cast<size_t>(f.placed)];
  for (int dy = 1; dy >= -1; --dy)
    for (int dx = -1; dx <= 1; ++dx) {
      const int q = core.tile_at(pt.x + dx, pt.y + dy);
      if (q < 0 || core.plan().hooks.tile_ghosts(core, q) == 0) continue;
      if (std::find(core.st().dogs.cleared.begin(), core.st().dogs.cleared.end(), q) != core.st().dogs.cleared.end()) continue;
      core.plan().hooks.unghost_options(core, out, q);
    }
  return out;
}

void coop_check_thresholds(Core& core) {
  if (core.plan().hooks.points_waiting && core.plan().hooks.points_waiting(core)) return;  // a marker choice is still open
  const int64_t pr = core.plan().hooks.progress(core);
  while (static_cast<size_t>(core.st().dogs.reached) < core.st().coop.level->dogs.size() &&
         pr >= core.st().coop.level->dogs[static_cast<size_t>(core.st().dogs.reached)]) {
    ++core.mut(&ModuleState::dogs).reached;
    ++core.mut(&ModuleState::dogs).to_place;
    // The rest of the current stack goes on top of the next one (module "stacks").
    if (core.plan().hooks.on_dog_reached) core.plan().hooks.on_dog_reached(core, core.st().dogs.reached);
  }
  if (pr >= core.st().coop.level->target) core.plan().hooks.win(core);
}

bool step_dogs(Core& core) {
  // 3b: each dog reached joins a standing follower (`dog x,y LOC`), then clears.
  while (core.st().dogs.to_place > 0) {
    OptionList opts;
    for (const auto& f : core.followers()) {
      if (f.placed >= 0 && !f.retired) opts.push_back(core.follower_option(OptKind::Dog, f));
    }
    if (opts.empty()) {  // no standing follower: the dog has nobody to join
      if (core.rules().dog_waits_for_follower) break;  // ... yet: it joins one at the end of a later turn
      --core.mut(&ModuleState::dogs).to_place;
      continue;
    }
    core.ask(DecisionKind::Dog, opts);
    return true;
  }
  return core.next();
}

bool step_dog_clear(Core& core) {
  if (core.st().dogs.follower < 0) return core.next();  // no dog is clearing
  auto opts = dog_clear_options(core);
  if (core.st().dogs.picks >= core.rules().dog_clear_tiles || opts.empty()) {
    core.mut(&ModuleState::dogs).follower = -1;
    --core.mut(&ModuleState::dogs).to_place;
    core.go_to(&step_dogs);
    return false;
  }
  Option done;
  done.kind = OptKind::Done;
  opts.push_back(done);
  core.ask(DecisionKind::DogClear, opts);
  return true;
}

void apply_dog(Core& core, const Option& o) {
  for (size_t i = 0; i < core.followers().size(); ++i) {
    Follower& f = core.followers()[i];
    if (f.placed < 0 || f.retired || f.seg != o.seg) continue;
    const PlacedTile& pt = core.placed()[static_cast<size_t>(f.placed)];
    if (pt.x != o.x || pt.y != o.y) continue;
    ++f.count[kDogCount];
    core.mut(&ModuleState::dogs).follower = static_cast<int>(i);
    core.emit({EventKind::DogPlaced, f.colour, core.nodes()[f.node].kind, pt.x, pt.y, pt.type, core.st().dogs.reached});
    break;
  }
  core.mut(&ModuleState::dogs).picks = 0;
  core.mut(&ModuleState::dogs).cleared.clear();
  core.go_to(&step_dog_clear);
}

void apply_dog_done(Core& core, const Option&) {
  core.mut(&ModuleState::dogs).follower = -1;
  --core.mut(&ModuleState::dogs).to_place;
  core.go_to(&step_dogs);
}

void apply_dog_clear(Core& core, const Option& o) {
  const int q = core.tile_at(o.x, o.y);
  core.plan().hooks.remove_ghosts(core, q, core.plan().hooks.unghost_count(core, o));
  core.mut(&ModuleState::dogs).cleared.push_back(q);
  ++core.mut(&ModuleState::dogs).picks;
}

int dogs_reached(const Core& core) { return core.st().dogs.reached; }

// ---------------------------------------------------------------------------------
// The module's table (engine/rules/registry.h): its options' grammar, its events' words.

namespace {

std::string explain_dog(const ParseContext& cx, const Option&) {
  return "no standing follower at " + std::string(cx.tok[1]) + " " + std::string(cx.tok[2]) + " (" + cx.legal + ")";
}

std::string explain_done(const ParseContext& cx, const Option&) { return "'done' is not legal now (" + cx.legal + ")"; }

constexpr OptionRule kOptions[] = {
    {OptKind::Dog, "dog", "", {Arg::Cell, Arg::Location}, 2, 0, decision_bit(DecisionKind::Dog), true,
     "a dog's follower", "'dog' takes x,y and a location kind:port", "", "", nullptr, nullptr, explain_dog, "dogs", 'D'},
    {OptKind::Done, "done", "", {}, 0, 0, decision_bit(DecisionKind::DogClear), true,
     "the end of a dog's clearing", "'done' takes no arguments", "", "", nullptr, nullptr, explain_done, "dogs"},
};

constexpr EventRule kEvents[] = {
    {EventKind::DogPlaced, "dogs", "dog {points} joins the follower at {at}"},
    {EventKind::DogScored, "dogs", "the dog at {at} scores {points} and leaves"},
    {EventKind::DogLost, "dogs", "the dog at {at} is lost with its buried follower"},
};

}  // namespace

extern const ModuleTable kDogsTable{"dogs", kOptions, kEvents};

// ---------------------------------------------------------------------------------
// The module's parameters (engine/rules/params.h): its rows of rule_param_specs().

namespace {

constexpr ParamRow kParams[] = {
    {"dog_clear_tiles", &Rules::dog_clear_tiles, 0, 9, kSysMists,
     "co-op: tiles a reached dog clears of ghosts (rule book: 2)"},
    {"dog_ghost_points", &Rules::dog_ghost_points, 0, 100, kSysMists,
     "co-op: points a dog scores per ghost on the board when its feature scores (rule book: 1)"},
    {"dog_waits_for_follower", &Rules::dog_waits_for_follower, 0, 1, kSysMists,
     "co-op: 0: a dog reached while no follower stands is lost; 1: it waits and joins the next standing follower at "
     "the end of a later turn"},
};

}  // namespace

extern const ParamTable kDogsParams{"dogs", 0, kParams};

int dogs_with(const Follower& f) { return f.count[kDogCount]; }

int dogs_reached(const Game& g) { return Core(g).st().dogs.reached; }

// ---------------------------------------------------------------------------------
// The module's descriptor (engine/rules/registry.h): its tables, when it plays and the
// parts it installs in the turn plan (engine/rules/plan.h), each at its order key.

namespace {

void plan_part_224(PlanBuild& b) {
  // Every co-op game: the thresholds scored points reach (dogs, the target).
  if (!b.coop) return;
  b.plan.hooks.thresholds = &coop_check_thresholds;
  b.plan.hooks.dogs_reached = &dogs_reached;
}

void plan_part_390(PlanBuild& b) {
  if (!b.plays("dogs")) return;
  b.step(&step_dogs, 5, "dogs");
  b.step(&step_dog_clear, 6, "dog clears");
  b.handle(DecisionKind::Dog, OptKind::Dog, &apply_dog);
  b.handle(DecisionKind::DogClear, OptKind::Unghost, &apply_dog_clear);
  b.handle(DecisionKind::DogClear, OptKind::Done, &apply_dog_done);
}

// What a front end shows: the dogs reached; the dogs with each follower.
void report_view(const Game& g, ViewReport& r) {
  if (r.coop) r.add("dogs_reached", "dogs reached", dogs_reached(g), 30);
  for (size_t i = 0; i < g.followers().size(); ++i) r.figures[i].dogs = dogs_with(g.followers()[i]);
}

constexpr ModulePart kPlanParts[] = {{224, &plan_part_224}, {390, &plan_part_390}};
const ModuleDescriptor kDescriptor{.name = "dogs",
                                  .order = 100,
                                  .options = &kDogsTable,
                                  .params = &kDogsParams,
                                  .plan_order = 390,
                                  .plays = [](const PlanBuild& b) { return b.coop; },
                                  .parts = kPlanParts,
                                  .report = &report_view};

}  // namespace

TW_REGISTER_MODULE(dogs, kDescriptor);

}  // namespace tw
