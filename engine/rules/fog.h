// Rule module fog: its state (engine/rules/fog.cpp).
#pragma once

#include "engine/rules/module.h"

namespace tw {

struct FogState {
  bool joined = false;  // the tile just placed extended fog
};

// The module's entries (engine/rules/fog.cpp).
int fog_open_ends(const Core& core, int p);
void fog_after_place(Core& core);
void fog_on_put(Core& core);
bool join_fog(Core& core, uint32_t base, const TileType& tt, int rot, int side, const PlacedTile& q);

}  // namespace tw
