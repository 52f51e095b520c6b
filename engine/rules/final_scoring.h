// Rule module final scoring: its entries (engine/rules/final_scoring.cpp).
#pragma once

#include "engine/rules/module.h"

namespace tw {

void final_by_majority(Core& core);
void final_each_follower(Core& core);

}  // namespace tw
