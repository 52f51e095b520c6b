// Rule module monasteries: its entries (engine/rules/monasteries.cpp).
#pragma once

#include "engine/rules/module.h"

namespace tw {

int monastery_value(const Core& core, uint32_t node, bool complete);

}  // namespace tw
