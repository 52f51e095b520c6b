// The drawing fields of a view (net/view_draw.cpp): `art` per board tile, `spot` per
// follower, `pending.art` and `pending.option_views`. public_view adds them.
#pragma once

#include <nlohmann/json.hpp>

#include "engine/game.h"

namespace tw::net {

void add_drawing(const Game& g, nlohmann::ordered_json& view);

}  // namespace tw::net
