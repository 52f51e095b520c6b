// Rule module guards: its state (engine/rules/guards.cpp).
#pragma once

#include "engine/content.h"
#include "engine/fixed_vec.h"

namespace tw {

struct GuardsState {
  FixedVec<int, kMaxPlayers> supply;   // per player: guards in its supply
  FixedVec<int, kMaxPlayers> general;  // per player: guards still in the general supply
};

}  // namespace tw
