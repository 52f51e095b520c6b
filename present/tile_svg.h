// Tiles as SVG, from their segment data alone (ports, kind, shields, fog, ghost symbols),
// for the web page of a game (web/page.h): the same shapes as the editor's tile art
// (editor/art/tile_art.cpp draws them with wxWidgets; this file writes them as SVG
// elements), so a tile type added in the database, a variant's custom tile, shows with no
// new code. Engine only: no I/O.
//
// Coordinates: the tile is the square 0..100 x 0..100, y down (north up), turned `rot`
// quarter turns clockwise. The output is a sequence of SVG elements (no <svg> wrapper),
// numbers with at most one decimal; the same tile, rotation and face give the same text.
#pragma once

#include <string>
#include <utility>

#include "engine/content.h"

namespace tw {

// The SVG elements of tile type t turned rot quarter turns (face_down: the tile's back).
std::string tile_svg(const TileType& t, int rot, bool face_down = false);

// Where a follower on segment seg of t, turned rot, is drawn: unit coordinates 0..1
// (x east, y down), as the editor's segment_point. A seg out of range: the centre.
std::pair<double, double> segment_spot(const TileType& t, int seg, int rot);

}  // namespace tw
