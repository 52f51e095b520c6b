// Rule module: guards (Ghosts, Castles and Cemeteries). A player has `guards` guards to
// place like meeples (the follower step offers them, engine/rules/followers.cpp); guards
// take no ghosts. `general_guards` more wait in the general supply: completing a
// cemetery with a follower there gives its owner one of them. Parameters: guards,
// general_guards (module "guards").
#include "engine/rules/kinds.h"
#include "engine/core.h"
#include "engine/rules/guards.h"

namespace tw {

void gain_guard(Core& core, int p, const PlacedTile& at) {
  if (!core.plan().guards || core.st().guards.general[static_cast<size_t>(p)] <= 0) return;
  for (auto& f : core.followers())
    if (f.player == p && f.general) {
      f.general = false;
      break;
    }
  --core.st().guards.general[static_cast<size_t>(p)];
  ++core.st().guards.supply[static_cast<size_t>(p)];
  core.emit({EventKind::GuardGained, static_cast<int8_t>(p), kCemetery, at.x, at.y, at.type, 0});
}

// ---------------------------------------------------------------------------------
// The module's table (engine/rules/registry.h): its options' grammar, its events' words.

namespace {

constexpr EventRule kEvents[] = {
    {EventKind::GuardGained, "guards", "{who} takes a guard from the general supply (cemetery at {at})"},
};

}  // namespace

extern const ModuleTable kGuardsTable{"guards", {}, kEvents};

// ---------------------------------------------------------------------------------
// The module's parameters (engine/rules/params.h): its rows of rule_param_specs().

namespace {

constexpr ParamRow kParams[] = {
    {"guards", &Rules::guards, 0, 20, kSysGcc,
     "guards per player in supply at the start"},
    {"general_guards", &Rules::general_guards, 0, 20, kSysGcc,
     "guards per colour in the general supply"},
};

}  // namespace

extern const ParamTable kGuardsParams{"guards", 0, kParams};

void start_guards(GuardsState& st, const Rules& rules, size_t players) {
  st.supply.assign(players, static_cast<int>(rules.guards));
  st.general.assign(players, static_cast<int>(rules.general_guards));
}

}  // namespace tw
