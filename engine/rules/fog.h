// Rule module fog: its state (engine/rules/fog.cpp).
#pragma once

#include "engine/rules/module.h"

namespace tw {

// Fog (GCC and Mists): the core's cover layer (engine/content.h, Segment). A fog segment
// owns whole edges (and C for a patch in the middle) above the terrain; a road or field
// under it is `fogged` (a field lies wholly under it or wholly outside it, a road when it
// reaches a fogged side; never a city). The module's tile check says so; rule
// fog_closes_fields makes the cover split fields (the plan's cover_splits).
inline constexpr Kind kFog{10};
class Game;

struct FogState {
  bool joined = false;  // the tile just placed extended fog
  friend bool operator==(const FogState&, const FogState&) = default;
};

// The module's entries (engine/rules/fog.cpp).
int fog_open_ends(const Core& core, int p);
void fog_after_place(Core& core);
void fog_on_put(Core& core);
struct Rules;
uint64_t fog_cover_splits(const Rules& r);  // the plan's cover_splits: fields if fog_closes_fields
bool join_fog(Core& core, uint32_t base, const TileType& tt, int rot, int side, const PlacedTile& q);

// The open ends of the fog area on placed tile p (0 when it has none; -1 when it can
// never close).
int fog_open_ends(const Game& g, int p);

}  // namespace tw
