// Rule module: stacks (co-op levels 3-6). The pile is split into the level's stacks,
// played in order; a stack that runs out before its dog was reached loses the game.
#include <algorithm>

#include "engine/core.h"
#include "engine/rules/plan.h"
#include "engine/report.h"
#include "engine/rules/stacks.h"

namespace tw {

int stack_tiles_left(const Core& core) {
  if (!core.st().coop.level || core.st().stacks.current >= static_cast<int>(core.st().stacks.end.size())) return 0;
  return static_cast<int>(core.st().stacks.end[static_cast<size_t>(core.st().stacks.current)] - std::min(core.pile_pos(), core.st().stacks.end[static_cast<size_t>(core.st().stacks.current)]));
}

void draw_from_stacks(Core& core) {
  const size_t stacks = core.st().stacks.end.size();
  for (;;) {
    if (static_cast<size_t>(core.st().stacks.current) >= stacks) {
      core.plan().hooks.lose(core, "no tile left", "no tile left to draw");
      return;
    }
    if (core.pile_pos() >= core.st().stacks.end[static_cast<size_t>(core.st().stacks.current)]) {
      const int reached = core.plan().hooks.dogs_reached ? core.plan().hooks.dogs_reached(core) : 0;  // (module "dogs")
      if (static_cast<size_t>(core.st().stacks.current) < core.st().coop.level->dogs.size() && reached <= core.st().stacks.current) {
        core.plan().hooks.lose(core, "stack " + std::to_string(core.st().stacks.current + 1) + " ran out",
                  "stack " + std::to_string(core.st().stacks.current + 1) + " ran out before dog " + std::to_string(core.st().stacks.current + 1) +
                  " (" + std::to_string(core.st().coop.level->dogs[static_cast<size_t>(core.st().stacks.current)]) + " points) was reached");
        return;
      }
      if (static_cast<size_t>(core.st().stacks.current) + 1 >= stacks) {
        core.plan().hooks.lose(core, "no tile left", "no tile left to draw");
        return;
      }
      ++core.mut(&ModuleState::stacks).current;
      core.emit({EventKind::StackChanged, -1, Kind::None, 0, 0, -1, core.st().stacks.current});
      continue;
    }
    if (core.draw_one()) return;
  }
}

void stacks_on_dog_reached(Core& core, int reached) {
  // The rest of the current stack goes on top of the next one.
  if (core.st().stacks.current < reached && static_cast<size_t>(reached) < core.st().stacks.end.size()) {
    core.mut(&ModuleState::stacks).current = reached;
    core.emit({EventKind::StackChanged, -1, Kind::None, 0, 0, -1, core.st().stacks.current});
  }
}

void stacks_start(Core& core) {
  // The pile in `stacks` parts played in order, the first ones one larger when it does
  // not divide evenly.
  const size_t n = core.pile().size();
  const size_t k = static_cast<size_t>(core.st().coop.level->stacks);
  size_t end = 0;
  for (size_t i = 0; i < k; ++i) {
    end += n / k + (i < n % k ? 1 : 0);
    core.mut(&ModuleState::stacks).end.push_back(end);
  }
}

// Game's read accessor (until the callers use the free function).
int stack_tiles_left(const Game& g) { return stack_tiles_left(Core(g)); }
int current_stack(const Game& g) { return Core(g).st().stacks.current; }

// ---------------------------------------------------------------------------------
// The module's table (engine/rules/registry.h): its options' grammar, its events' words.

namespace {

constexpr EventRule kEvents[] = {
    {EventKind::StackChanged, "stacks", "play goes on from stack {next}"},
};

}  // namespace

extern const ModuleTable kStacksTable{"stacks", {}, kEvents};

// ---------------------------------------------------------------------------------
// The module's descriptor (engine/rules/registry.h): its tables, when it plays and the
// parts it installs in the turn plan (engine/rules/plan.h), each at its order key.

namespace {

void plan_part_200(PlanBuild& b) {
  if (!b.plays("stacks")) return;
  b.plan.at_start.push_back(&stacks_start);
  b.plan.draw = &draw_from_stacks;
  b.plan.hooks.stack_tiles_left = &stack_tiles_left;
  b.plan.hooks.on_dog_reached = &stacks_on_dog_reached;
}

// What a front end shows: the current stack (from 1) and the tiles left in it.
void report_view(const Game& g, ViewReport& r) {
  if (!r.coop) return;
  r.add("stack", "stack", current_stack(g) + 1, 20);
  r.add("stack_tiles_left", "tiles left in the stack", stack_tiles_left(g), 21);
}

constexpr ModulePart kPlanParts[] = {{200, &plan_part_200}};
const ModuleDescriptor kDescriptor{.name = "stacks",
                                  .order = 110,
                                  .options = &kStacksTable,
                                  .plan_order = 200,
                                  .plays = [](const PlanBuild& b) { return b.coop; },
                                  .parts = kPlanParts,
                                  .report = &report_view};

}  // namespace

TW_REGISTER_MODULE(stacks, kDescriptor);

}  // namespace tw
