// What a rule module's header needs to declare its entries: the core's view (Core,
// engine/core.h) and the option types, declared here so that a module's header holds its
// state and its entries without including the game (engine/rules/state.h is part of it).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/limits.h"

namespace tw {

class Core;
struct Option;
// A feature kind (engine/content.h). The core defines the base game's kinds; a module
// declares its own as `inline constexpr Kind kName{value}` in its header and describes
// them in a row of its kind table (engine/rules/registry.h, KindRule).
enum class Kind : uint8_t;
struct Fnv64;
struct Level;
struct TileType;
struct PlacedTile;
struct Follower;
template <class T>
struct ListAllocator;
using OptionList = std::vector<Option, ListAllocator<Option>>;

}  // namespace tw
