// Rule module cities: its entries (engine/rules/cities.cpp).
#pragma once

#include "engine/rules/module.h"

namespace tw {

int city_value(const Core& core, uint32_t node, bool complete);

}  // namespace tw
