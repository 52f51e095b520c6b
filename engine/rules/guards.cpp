// Rule module: guards (Ghosts, Castles and Cemeteries). A player has `guards` guards to
// place like meeples (the follower step offers them, engine/rules/followers.cpp); guards
// take no ghosts. `general_guards` more wait in the general supply: completing a
// cemetery with a follower there gives its owner one of them. Parameters: guards,
// general_guards (module "guards").
#include "engine/rules/kinds.h"
#include "engine/core.h"
#include "engine/rules/plan.h"
#include "engine/report.h"
#include "engine/rules/guards.h"

namespace tw {

void gain_guard(Core& core, int p, const PlacedTile& at) {
  if (!core.plan().guards || core.st().guards.general[static_cast<size_t>(p)] <= 0) return;
  for (auto& f : core.followers())
    if (f.player == p && f.general) {
      f.general = false;
      break;
    }
  --core.mut(&ModuleState::guards).general[static_cast<size_t>(p)];
  ++core.mut(&ModuleState::guards).supply[static_cast<size_t>(p)];
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

// ---------------------------------------------------------------------------------
// The module's descriptor (engine/rules/registry.h): its tables, when it plays and the
// parts it installs in the turn plan (engine/rules/plan.h), each at its order key.

namespace {

void plan_part_320(PlanBuild& b) {
  if (!b.plays("guards")) return;
  b.plan.guards = true;
  b.plan.hooks.gain_guard = &gain_guard;  // (the followers' step places guards: followers.cpp)
}

// What a front end shows: each seat's guards, in its supply and in the general supply.
void report_view(const Game& g, ViewReport& r) {
  if (r.coop || (g.rules().guards == 0 && g.rules().general_guards == 0)) return;
  for (int p = 0; p < g.player_count(); ++p)
    r.seat_figures[static_cast<size_t>(p)].push_back({"guard", g.guard_supply(p), g.general_guards(p)});
}

constexpr ModulePart kPlanParts[] = {{320, &plan_part_320}};
const ModuleDescriptor kDescriptor{.name = "guards",
                                  .order = 40,
                                  .options = &kGuardsTable,
                                  .params = &kGuardsParams,
                                  .plan_order = 320,
                                  .plays = [](const PlanBuild& b) { return !b.coop && (b.rules.guards > 0 || b.rules.general_guards > 0); },
                                  .parts = kPlanParts,
                                  .report = &report_view};

}  // namespace

TW_REGISTER_MODULE(guards, kDescriptor);

}  // namespace tw
