// Rule module: take-back (Carcassonne: Discovery, RULES.md section 5). Instead of
// placing a follower, a player may take one of its followers back from anywhere on the
// board (`takeback x,y LOC`); its area scores for the player at once, closed or open, as
// it stands. Parameter: takeback (module "take-back").
#include <algorithm>

#include "engine/core.h"
#include "engine/rules/plan.h"
#include "engine/rules/takeback.h"

namespace tw {

void add_takeback_options(Core& core) {
  // Any of the player's followers on the board, in follower order (a hook of the follower
  // decision: offered after the follower options).
  for (const auto& f : core.followers())
    if (f.placed >= 0 && f.player == core.current()) core.pending().options.push_back(core.follower_option(OptKind::TakeBack, f));
}

void apply_takeback(Core& core, const Option& o) {
  for (auto& f : core.followers()) {
    if (f.placed < 0 || f.player != core.current() || f.seg != o.seg) continue;
    const PlacedTile& pt = core.placed()[static_cast<size_t>(f.placed)];
    if (pt.x != o.x || pt.y != o.y) continue;
    const int value = core.feature_value(f.node);  // closed or open, as it stands now
    core.add_points(core.current(), value);
    core.emit({EventKind::Scored, f.player, core.nodes()[f.node].kind, pt.x, pt.y, pt.type, value});
    core.emit({EventKind::FollowerReturned, f.player, core.nodes()[f.node].kind, pt.x, pt.y, pt.type, 0});
    core.remove_follower(f);
    break;
  }
  ++core.stage();
}

// ---------------------------------------------------------------------------------
// The module's table (engine/rules/registry.h): its options' grammar, its events' words.

namespace {

std::string explain_takeback(const ParseContext& cx, const Option&) {
  if (!cx.game.rules().takeback) return "this rule set has no take-backs (" + cx.legal + ")";
  return "the player has no follower at " + std::string(cx.tok[1]) + " " + std::string(cx.tok[2]) +
         " to take back (" + cx.legal + ")";
}

constexpr OptionRule kOptions[] = {
    {OptKind::TakeBack, "takeback", "", {Arg::Cell, Arg::Location}, 2, 0, decision_bit(DecisionKind::Follower),
     false, "a take-back", "'takeback' takes x,y and a location kind:port", "", "", nullptr, nullptr,
     explain_takeback, "take-back", 'T'},
};

}  // namespace

extern const ModuleTable kTakeBackTable{"take-back", kOptions, {}};

// ---------------------------------------------------------------------------------
// The module's parameters (engine/rules/params.h): its rows of rule_param_specs().

namespace {

constexpr ParamRow kParams[] = {
    {"takeback", &Rules::takeback, 0, 1, kSysDiscovery,
     "1: after placing, a player may take back a follower instead and score its area (Discovery)"},
};

}  // namespace

extern const ParamTable kTakeBackParams{"take-back", 0, kParams};

// ---------------------------------------------------------------------------------
// The module's descriptor (engine/rules/registry.h): its tables, when it plays and the
// parts it installs in the turn plan (engine/rules/plan.h), each at its order key.

namespace {

void plan_part_340(PlanBuild& b) {
  if (!b.plays("take-back")) return;
  b.plan.follower_options.push_back(&add_takeback_options);
  b.handle(DecisionKind::Follower, OptKind::TakeBack, &apply_takeback);
}

constexpr ModulePart kPlanParts[] = {{340, &plan_part_340}};
const ModuleDescriptor kDescriptor{.name = "take-back",
                                  .order = 20,
                                  .options = &kTakeBackTable,
                                  .params = &kTakeBackParams,
                                  .plan_order = 340,
                                  .plays = [](const PlanBuild& b) { return !b.coop && b.rules.takeback != 0; },
                                  .parts = kPlanParts};

}  // namespace

TW_REGISTER_MODULE(takeback, kDescriptor);

}  // namespace tw
