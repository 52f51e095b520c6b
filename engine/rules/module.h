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
struct Fnv64;
struct Level;
struct TileType;
struct PlacedTile;
struct Follower;
template <class T>
struct ListAllocator;
using OptionList = std::vector<Option, ListAllocator<Option>>;

}  // namespace tw
