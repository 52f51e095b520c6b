// Rule module evaluation: its state (engine/rules/evaluation.cpp).
#pragma once

#include "engine/rules/module.h"

#include <cstdint>
#include <vector>

namespace tw {

struct EvaluationState {
  std::vector<uint32_t> queue;  // completed features to evaluate
  friend bool operator==(const EvaluationState&, const EvaluationState&) = default;
};

// The module's entries (engine/rules/evaluation.cpp).
bool step_completed_features(Core& core);
bool step_evaluate(Core& core);
void apply_evaluate(Core& core, const Option& o);
void coop_evaluate(Core& core, uint32_t root, const Option& o);
void coop_return_followers(Core& core, uint32_t root);

// Queries for bots and front ends.
// What `points` would score for the feature being evaluated (an Evaluate decision is
// pending): the feature's value once per distinct colour on it, as coop_evaluate pays it
// (dogs not counted); 0 when no feature waits.
int64_t evaluation_points(const Game& g);

}  // namespace tw
