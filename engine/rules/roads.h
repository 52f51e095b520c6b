// Rule module roads: its entries (engine/rules/roads.cpp).
#pragma once

#include "engine/rules/module.h"

namespace tw {

int road_value(const Core& core, uint32_t node, bool complete);

}  // namespace tw
