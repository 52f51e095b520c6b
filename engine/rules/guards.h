// Rule module guards: its state (engine/rules/guards.cpp).
#pragma once

#include "engine/rules/module.h"

#include "engine/content.h"
#include "engine/fixed_vec.h"

namespace tw {

struct Rules;

struct GuardsState {
  FixedVec<int, kMaxPlayers> supply;   // per player: guards in its supply
  FixedVec<int, kMaxPlayers> general;  // per player: guards still in the general supply
  friend bool operator==(const GuardsState&, const GuardsState&) = default;
};

// The module's entries (engine/rules/guards.cpp).
void gain_guard(Core& core, int p, const PlacedTile& at);

// Its state at the start of a competitive game (start_modules, engine/rules/state.h).
void start_guards(GuardsState& st, const Rules& rules, size_t players);

}  // namespace tw
