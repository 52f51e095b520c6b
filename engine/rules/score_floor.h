// Rule module score floor: its entries (engine/rules/score_floor.cpp).
#pragma once

#include "engine/rules/module.h"

namespace tw {

void apply_score_floor(Core& core);
bool step_score_floor(Core& core);

}  // namespace tw
