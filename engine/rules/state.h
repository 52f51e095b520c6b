// The rule modules' state: one plain struct per module, declared in its header beside its
// file (engine/rules/X.h), held by Game in this one flat aggregate. No heap of its own
// beyond the modules' vectors and no virtual calls, so a copy of a game (what the search
// does most) stays one member-wise copy.
#pragma once

#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>

#include "engine/rules/cemeteries.h"
#include "engine/rules/coop.h"
#include "engine/rules/coop_ghosts.h"
#include "engine/rules/dogs.h"
#include "engine/rules/evaluation.h"
#include "engine/rules/face_down.h"
#include "engine/rules/fog.h"
#include "engine/rules/followers.h"
#include "engine/rules/gcc_ghosts.h"
#include "engine/rules/ghost_bank.h"
#include "engine/rules/guards.h"
#include "engine/rules/hands.h"
#include "engine/rules/score_markers.h"
#include "engine/rules/stacks.h"

namespace tw {

// The slots of Follower::count (engine/game.h), one per module that counts something with
// a follower. The core hashes slot 0 with the follower's place, so the slot a module was
// given stays its slot (pinned state hashes).
inline constexpr size_t kGhostCount = 0;  // gcc ghosts: the ghosts standing with it (gcc_ghosts.h)
inline constexpr size_t kDogCount = 1;    // dogs: the dogs standing with it (dogs.h)

// The core's generic per-segment count (Node::count) is the co-op ghost bank's: the ghosts
// standing on the segment (coop_ghosts.h). A retired follower (Follower::retired) is one
// buried in a cemetery (cemeteries.h); a wild tile (PlacedTile::wild) is a face-down tile
// (face_down.h).

struct ModuleState;
// The modules' state that Game::state_hash hashes within its own sequence, where it has
// always been (the pinned hashes fix the order): after the players' lines ...
void hash_modules_shared(const ModuleState& st, const Content& content, Fnv64& h);
// ... and after the pending decision. The rest of a module's state is hashed by its
// plan entry (TurnPlan::hashes), after the core's.
void hash_modules_turn(const ModuleState& st, Fnv64& h);

struct ModuleState {
  CoopState coop;
  FollowersState followers;
  GuardsState guards;
  GhostBankState bank;
  GccGhostsState gcc_ghosts;
  HandsState hands;
  CoopGhostsState coop_ghosts;
  FogState fog;
  CemeteriesState cemeteries;
  EvaluationState evaluation;
  ScoreMarkersState markers;
  StacksState stacks;
  DogsState dogs;
  FaceDownState face_down;
  friend bool operator==(const ModuleState&, const ModuleState&) = default;
};

// The parts of a ModuleState (one struct per module), in declaration order, as a tuple of
// references: what the undo frames save a part at a time (Game::mark, engine/undo.cpp,
// and Core::mut, engine/core.h). The structured binding names every member, so a member
// added to ModuleState and not here does not compile; each part is its own type, so a
// part is found by its type (state_part).
inline constexpr size_t kModuleParts = 14;
template <class S>  // ModuleState or const ModuleState
auto module_parts(S& st) {
  auto& [a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13] = st;
  return std::tie(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13);
}
using ModuleParts = decltype(module_parts(std::declval<ModuleState&>()));
static_assert(std::tuple_size_v<ModuleParts> == kModuleParts);
static_assert(kModuleParts <= 32, "Game::Frame keeps one bit per part in a uint32_t");

// The index of part T (a module's state struct) in module_parts.
template <class T, size_t... I>
constexpr size_t module_part_index(std::index_sequence<I...>) {
  constexpr size_t count = (size_t{std::is_same_v<std::tuple_element_t<I, ModuleParts>, T&>} + ...);
  static_assert(count == 1, "a part of ModuleState is found by its type: one member of that type");
  return ((std::is_same_v<std::tuple_element_t<I, ModuleParts>, T&> ? I : 0) + ...);
}
template <class T>
constexpr size_t module_part_index() {
  return module_part_index<T>(std::make_index_sequence<kModuleParts>{});
}
template <class T>
T& module_part(ModuleState& st) {
  return std::get<module_part_index<T>()>(module_parts(st));
}

// A competitive game's module state at its start, before the followers are made (a
// co-op game's comes from setup_coop, engine/rules/coop.h).
inline void start_modules(ModuleState& st, const Rules& rules, size_t players) {
  start_guards(st.guards, rules, players);
  start_ghost_bank(st.bank, rules);
}

inline void hash_modules_shared(const ModuleState& st, const Content& content, Fnv64& h) {
  hash_ghost_bank(st.bank, h);
  hash_hands(st.hands, content, h);
}
inline void hash_modules_turn(const ModuleState& st, Fnv64& h) { hash_gcc_ghosts_turn(st.gcc_ghosts, h); }

}  // namespace tw
