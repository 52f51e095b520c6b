// Rule module takeback: its entries (engine/rules/takeback.cpp).
#pragma once

#include "engine/rules/module.h"

namespace tw {

void add_takeback_options(Core& core);
void apply_takeback(Core& core, const Option& o);

}  // namespace tw
