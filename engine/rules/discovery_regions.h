// Rule module discovery regions: its entries (engine/rules/discovery_regions.cpp).
#pragma once

#include "engine/rules/module.h"

namespace tw {

// Discovery's regions: areas that own whole edges, count the cities on their borders
// (tile_segment.shields: each city once on its land side and once on its water side)
// and list their neighbouring regions in `touches` (the module checks both).
inline constexpr Kind kLowland{7};
inline constexpr Kind kMountain{8};
inline constexpr Kind kWater{9};
inline constexpr bool is_region(Kind k) { return k == kLowland || k == kMountain || k == kWater; }

int region_cities(const Core& core, uint32_t node);
int region_value(const Core& core, uint32_t node, bool closed);

}  // namespace tw
