// Rule module discovery regions: its entries (engine/rules/discovery_regions.cpp).
#pragma once

#include "engine/rules/module.h"

namespace tw {

int region_cities(const Core& core, uint32_t node);
int region_value(const Core& core, uint32_t node, bool closed);

}  // namespace tw
