// Rule module: score floor (Ghosts, Castles and Cemeteries). With score_floor_zero no
// score goes below 0: after each scoring (Game::add_points), or with
// score_floor_per_turn once on the turn's total and on the final total (module
// "score floor").
#include <algorithm>

#include "engine/core.h"
#include "engine/rules/plan.h"
#include "engine/rules/score_floor.h"

namespace tw {

void apply_score_floor(Core& core) {
  if (!core.rules().score_floor_zero) return;
  for (auto& s : core.scores()) s = std::max<int64_t>(s, 0);
}

std::string check_score_floor(const Core& core) {
  if (!core.rules().score_floor_zero) return "";
  for (int p = 0; p < core.player_count(); ++p)
    if (core.scores()[static_cast<size_t>(p)] < 0) return "a score is negative";
  return "";
}

bool step_score_floor(Core& core) {
  apply_score_floor(core);
  return core.next();
}

// ---------------------------------------------------------------------------------
// The module's parameters (engine/rules/params.h): its rows of rule_param_specs().

namespace {

constexpr ParamRow kParams[] = {
    {"score_floor_zero", &Rules::score_floor_zero, 0, 1, kSysGcc,
     "1: a score never drops below 0"},
    {"score_floor_per_turn", &Rules::score_floor_per_turn, 0, 1, kSysGcc,
     "with score_floor_zero: 0: the floor applies after each scoring step (each feature, each penalty); 1: once, to "
     "the score after the turn's (or the final) scoring"},
};

}  // namespace

extern const ParamTable kScoreFloorParams{"score floor", 0, kParams};

// ---------------------------------------------------------------------------------
// The module's descriptor (engine/rules/registry.h): its tables, when it plays and the
// parts it installs in the turn plan (engine/rules/plan.h), each at its order key.

namespace {

void plan_part_380(PlanBuild& b) {
  if (!b.plays("score floor")) return;
  b.plan.floor_each = b.rules.score_floor_per_turn == 0;
  // Floored after each scoring (add_points), no score is ever below 0 at the end of a
  // turn: the step is only for the floor per turn.
  if (!b.plan.floor_each) b.step(&step_score_floor, 12, "score floor");
  b.plan.checks.push_back(&check_score_floor);
}

void plan_part_520(PlanBuild& b) {
  if (b.plays("score floor")) b.plan.at_end.push_back(&apply_score_floor);
}

constexpr ModulePart kPlanParts[] = {{380, &plan_part_380}, {520, &plan_part_520}};
const ModuleDescriptor kDescriptor{.name = "score floor",
                                  .order = 220,
                                  .params = &kScoreFloorParams,
                                  .plan_order = 380,
                                  .plays = [](const PlanBuild& b) { return !b.coop && b.rules.score_floor_zero != 0; },
                                  .parts = kPlanParts};

}  // namespace

TW_REGISTER_MODULE(score_floor, kDescriptor);

}  // namespace tw
