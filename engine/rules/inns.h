// Rule module: inns and cathedrals (Inns & Cathedrals; RULES.md section 8). A road
// segment with a mark (Segment::mark, tile_segment.mark) has an inn beside it, a city
// segment with a mark a cathedral in it; a mark on any other kind is refused at load.
// A feature with at least one marked segment is worth the module's numbers instead of its
// kind's: a completed road with an inn inn_road_tile_points per tile, an incomplete one at
// the end inn_road_tile_points_final per tile; a completed city with a cathedral
// cathedral_city_tile_points per tile and cathedral_city_shield_points per shield, an
// incomplete one at the end the _final numbers. Several marks on one feature count once.
// Fields are unaffected (a farmer's completed city is worth farm_city_points whatever it
// holds). The module plays when the rule set sets inns_cathedrals = 1.
//
// How it uses the core: it keeps no state (the marks are tile data) and installs itself
// (its descriptor's plan part, at order key 165, after the roads' and the cities') as the
// plan's value of roads and cities, wrapping the value the roads and cities modules set: an unmarked feature
// is worth what it was worth without the module. Everything that values a feature
// (scoring on completion, final scoring, the bots) calls the plan's value, so they all
// see inns and cathedrals.
#pragma once

#include "engine/rules/module.h"

namespace tw {

// Whether the feature of `node` holds a marked segment (an inn on a road, a cathedral in a city).
bool feature_marked(const Core& core, uint32_t node);

}  // namespace tw
