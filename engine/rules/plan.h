// What a rule module's descriptor (ModuleDescriptor, engine/rules/registry.h) sees while
// the turn plan is built: the plan being filled, the game's rules, level and tiles, which
// modules play; and the macro that registers a descriptor in its own file.
//
// build_plan (engine/rules/modules.cpp) first decides, module by module in plan_order,
// which modules play (ModuleDescriptor::plays, unless GameSetup::without leaves one out),
// then runs every module's parts (and the core's) by their order keys. A part runs
// whether its module plays or not: most begin `if (!b.plays("name")) return;`; some are
// the frame of every co-op game (b.coop) whichever of its modules play. The order keys
// fix the order of every list of the plan (steps, hooks, checks): pinned state hashes
// depend on it, so a key once given is not moved (docs/architecture.md lists them).
#pragma once

#include <string_view>
#include <vector>

#include "engine/core.h"
#include "engine/rules/registry.h"

namespace tw {

struct PlanBuild {
  TurnPlan& plan;
  const std::vector<Core::TypeCache>& tiles;
  const Rules& rules;
  const Level* level;  // the co-op level, or null
  uint64_t kinds;      // bit k: the game's tiles show Kind k
  bool coop;           // a co-op game (a level)
  std::vector<std::string_view> playing;  // every module that plays (listed or not)

  bool shows(Kind k) const { return (kinds >> static_cast<unsigned>(k)) & 1; }
  bool plays(std::string_view module) const {
    for (std::string_view m : playing)
      if (m == module) return true;
    return false;
  }
  // A step of the turn and the code state_hash records of it (co-op levels hash it, so a
  // step keeps its code: records keep their hashes).
  void step(Step s, uint8_t code, std::string_view name) const { plan.steps.push_back({s, code, name}); }
  // Who applies an option of kind `o` answering a decision of kind `d`.
  void handle(DecisionKind d, OptKind o, Handler h) const {
    plan.apply[static_cast<size_t>(d)][static_cast<size_t>(o)] = h;
  }
};

// Registers `descriptor` (a ModuleDescriptor) from its module's own file, at namespace
// scope in namespace tw; `stem` is the file's name (engine/rules/<stem>.cpp). The build
// generates a reference to every registrar (engine/CMakeLists.txt, module_anchors.cpp),
// so a static library keeps every module's object file.
#define TW_REGISTER_MODULE(stem, descriptor) \
  extern const bool tw_module_anchor_##stem; \
  const bool tw_module_anchor_##stem = ::tw::register_module(descriptor)

}  // namespace tw
