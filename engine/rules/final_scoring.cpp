// Rule module: final scoring. When the pile runs out, every feature with followers
// scores once for its majority as an incomplete feature: cities, roads, monasteries and
// castles first, then fields (final_scoring). Discovery scores each follower on its own
// instead: every follower still on the board scores its area for its owner, regions as
// open, independently of the others (score_each_follower). Parameters: final_scoring,
// score_each_follower (module "final scoring").
#include <algorithm>

#include "engine/rules/kinds.h"
#include "engine/core.h"
#include "engine/rules/plan.h"
#include "engine/rules/final_scoring.h"

namespace tw {

void final_by_majority(Core& core) {
  std::vector<uint32_t> roots;
  for (const auto& f : core.followers())
    if (f.placed >= 0) roots.push_back(core.find(f.node));
  std::sort(roots.begin(), roots.end());
  roots.erase(std::unique(roots.begin(), roots.end()), roots.end());
  for (const bool fields : {false, true})
    for (const uint32_t r : roots)
      if ((core.nodes()[r].kind == Kind::Field) == fields) core.score_feature(r, true);
}

void final_each_follower(Core& core) {
  for (const auto& f : core.followers()) {
    if (f.placed < 0) continue;
    const Kind k = core.nodes()[f.node].kind;
    const bool region = k == kLowland || k == kMountain || k == kWater;
    // A region scores as open, by the plan's value table like any kind (no value: its
    // module, "discovery regions", is not played, and it is worth 0).
    const Value open_value = core.plan().value[static_cast<size_t>(k)];
    const int value = !region ? core.feature_value(f.node) : open_value ? open_value(core, f.node, false) : 0;
    const PlacedTile& pt = core.placed()[static_cast<size_t>(f.placed)];
    core.add_points(f.player, value);
    core.emit({EventKind::FinalScored, f.player, k, pt.x, pt.y, pt.type, value});
  }
}

// ---------------------------------------------------------------------------------
// The module's parameters (engine/rules/params.h): its rows of rule_param_specs().

namespace {

constexpr ParamRow kParams[] = {
    {"final_scoring", &Rules::final_scoring, 0, 1, kSysAll,
     "1: incomplete features and fields score at the end of the game"},
};

}  // namespace

extern const ParamTable kFinalScoringParams{"final scoring", 0, kParams};

// ---------------------------------------------------------------------------------
// The module's descriptor (engine/rules/registry.h): its tables, when it plays and the
// parts it installs in the turn plan (engine/rules/plan.h), each at its order key.

namespace {

void plan_part_500(PlanBuild& b) {
  if (!b.plays("final scoring")) return;
  b.plan.at_end.push_back(b.rules.score_each_follower != 0 ? &final_each_follower : &final_by_majority);
}

constexpr ModulePart kPlanParts[] = {{500, &plan_part_500}};
const ModuleDescriptor kDescriptor{.name = "final scoring",
                                  .order = 190,
                                  .params = &kFinalScoringParams,
                                  .plan_order = 500,
                                  .plays = [](const PlanBuild& b) { return !b.coop && b.rules.final_scoring != 0; },
                                  .parts = kPlanParts};

}  // namespace

TW_REGISTER_MODULE(final_scoring, kDescriptor);

}  // namespace tw
