// Rule module score floor: its entries (engine/rules/score_floor.cpp).
#pragma once

#include "engine/rules/module.h"

#include <string>

namespace tw {

void apply_score_floor(Core& core);
std::string check_score_floor(const Core& core);  // the plan's check: no score below 0
bool step_score_floor(Core& core);

}  // namespace tw
