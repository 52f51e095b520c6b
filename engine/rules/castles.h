// Rule module castles: its entries (engine/rules/castles.cpp).
#pragma once

#include "engine/rules/module.h"

namespace tw {

// The castle: a centre feature of GCC tiles (a row of the module's kind table).
inline constexpr Kind kCastle{5};

bool castle_complete(const Core& core, uint32_t node);
int fogged_tiles_around(const Core& core, int p);
int castle_value(const Core& core, uint32_t node, bool complete);

}  // namespace tw
