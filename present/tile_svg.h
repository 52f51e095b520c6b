// Tiles as SVG for the web page of a game (web/page.h): the marks of present/tile_art.h,
// the one tile geometry the editor paints too, written as SVG elements; so a tile type
// added in the database, a variant's custom tile, shows with no new code. Engine only:
// no I/O.
//
// Coordinates: the tile is the square 0..100 x 0..100, y down (north up), turned `rot`
// quarter turns clockwise. The output is a sequence of SVG elements (no <svg> wrapper),
// numbers with at most one decimal; the same tile, rotation and face give the same text.
#pragma once

#include <string>
#include <utility>

#include "engine/content.h"
#include "present/tile_art.h"

namespace tw {

// The SVG elements of tile type t turned rot quarter turns (face_down: the tile's back).
std::string tile_svg(const TileType& t, int rot, bool face_down = false);

}  // namespace tw
