// Rule module followers: its state (engine/rules/followers.cpp).
#pragma once

#include "engine/rules/module.h"

#include <array>

#include "engine/content.h"
#include "engine/fixed_vec.h"

namespace tw {

struct FollowersState {
  // Co-op players play several colours, each with its own supply (by_colour); a
  // competitive player plays one, counted in the core's per-player supply.
  bool by_colour = false;
  FixedVec<FixedVec<int, kMaxPlayers>, kMaxPlayers> colours;  // per player: its colours
  std::array<int, kMaxPlayers> colour_supply{};               // per colour: followers in supply
  std::array<int, kMaxPlayers> colour_total{};                // ... and in all
  friend bool operator==(const FollowersState&, const FollowersState&) = default;
};

// The module's entries (engine/rules/followers.cpp).
bool step_follower(Core& core);
void add_meeple_options(Core& core);
void apply_follower(Core& core, const Option& o);
void apply_pass(Core& core, const Option&);

}  // namespace tw
