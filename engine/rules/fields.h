// Rule module fields: its entries (engine/rules/fields.cpp).
#pragma once

#include "engine/rules/module.h"

namespace tw {

int field_value(const Core& core, uint32_t node, bool);

}  // namespace tw
