// The declared hooks between the rule modules: a module calls another module only
// through these, never through its functions or its state (the ghost bank,
// engine/rules/ghost_bank.h, is shared by design). The plan holds them (TurnPlan::hooks,
// engine/core.h); the module that provides a hook fills it from a part of its descriptor
// (engine/rules/plan.h) when it plays, and a null hook means it does not: the caller does
// without. Some are filled in every co-op game, whichever of its modules play.
// docs/architecture.md ("Calls between modules: declared hooks") lists who fills and who calls each.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/rules/module.h"

namespace tw {

struct ModuleHooks {
  // The co-op game (coop.cpp): it ends lost (`kind`: the short reason) or won.
  void (*lose)(Core&, std::string kind, std::string why) = nullptr;
  void (*win)(Core&) = nullptr;
  // The co-op ghosts on the board (coop_ghosts.cpp): on tile p, on the whole board; put n
  // on a node; take up to n from tile p back to the bank (returns how many); send a
  // closed area's back (returns how many); n due to emerge on a node; the ghosts that
  // emerged on fog this turn; the options to remove ghosts from tile q, and how many an
  // option removes.
  int (*tile_ghosts)(const Core&, int p) = nullptr;
  int (*ghosts_on_board)(const Core&) = nullptr;
  void (*add_ghosts)(Core&, uint32_t node, int n) = nullptr;
  int (*remove_ghosts)(Core&, int p, int n) = nullptr;
  int (*return_area_ghosts)(Core&, uint32_t root) = nullptr;
  void (*ghosts_due)(Core&, uint32_t node, int n) = nullptr;
  int (*emerged_on_fog)(const Core&) = nullptr;
  void (*unghost_options)(const Core&, OptionList& out, int q) = nullptr;
  int (*unghost_count)(const Core&, const Option&) = nullptr;
  // The co-op score (score_markers.cpp): a colour's points go to the team or its marker;
  // the progress thresholds are measured by; a marker choice waits (then the step that
  // asks it, before the next evaluation).
  void (*team_points)(Core&, int colour, int64_t points) = nullptr;
  int64_t (*progress)(const Core&) = nullptr;
  bool (*points_waiting)(const Core&) = nullptr;
  bool (*marker_choice)(Core&) = nullptr;
  // After co-op points were scored: the thresholds they reach (dogs.cpp: dogs, the
  // target); how many dogs were reached.
  void (*thresholds)(Core&) = nullptr;
  int (*dogs_reached)(const Core&) = nullptr;
  // Stacks (stacks.cpp): tiles left in the current stack; dog `reached` moves play on to
  // its stack.
  int (*stack_tiles_left)(const Core&) = nullptr;
  void (*on_dog_reached)(Core&, int reached) = nullptr;
  // Cemeteries (cemeteries.cpp): whether the tile p is an open cemetery.
  bool (*cemetery_open)(const Core&, int p) = nullptr;
  // Gcc ghosts (gcc_ghosts.cpp): per player, the ghosts with its followers on a feature.
  std::array<int, kMaxPlayers> (*feature_ghosts)(const Core&, uint32_t root) = nullptr;
  // Guards (guards.cpp): player p gains a guard for the cemetery on `at`.
  void (*gain_guard)(Core&, int p, const PlacedTile& at) = nullptr;
  // The co-op frame (coop.cpp): a colour chosen for a score marker at setup gives its
  // follower for the marker. Score markers (score_markers.cpp): the draw it wraps while
  // marker colours are being chosen.
  void (*take_marker_follower)(Core&, int colour) = nullptr;
  void (*marker_inner_draw)(Core&) = nullptr;
  // A tile just put face down (face_down.cpp): the modules' per-tile state grows (as
  // on_put does for a tile put face up).
  std::vector<void (*)(Core&)> on_put_face_down;
};

}  // namespace tw
