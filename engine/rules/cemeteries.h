// Rule module cemeteries: its state (engine/rules/cemeteries.cpp).
#pragma once

#include "engine/rules/module.h"

#include <cstdint>
#include <vector>

namespace tw {

// The cemetery: a centre feature of GCC tiles (a row of the module's kind table).
inline constexpr Kind kCemetery{6};
class Game;

struct CemeteriesState {
  std::vector<uint8_t> closed;  // per placed tile: its cemetery closed (co-op)
  std::vector<int> bury_queue;  // cemetery tiles (placed index) to close
  friend bool operator==(const CemeteriesState&, const CemeteriesState&) = default;
};

// The module's entries (engine/rules/cemeteries.cpp).
bool cemetery_complete(const Core& core, uint32_t node);
void score_cemetery(Core& core, uint32_t root, bool final);
bool cemetery_open(const Core& core, int p);
void queue_cemeteries_closed_around(Core& core, int p);
void close_cemetery(Core& core, int p);
OptionList bury_options(const Core& core);
void cemeteries_on_put(Core& core);
void cemeteries_after_place(Core& core);
void cemeteries_on_face_down(Core& core, int p);
bool step_bury(Core& core);
void apply_bury(Core& core, const Option& o);
void apply_cemetery(Core& core, const Option& o);
bool step_haunt(Core& core);
bool step_cemetery_ghost(Core& core);

// Follower f lies buried in a cemetery for good (a buried follower is retired: Follower::retired).
bool buried(const Follower& f);

// Placed tile p holds a cemetery not yet closed.
bool cemetery_open(const Game& g, int p);

}  // namespace tw
