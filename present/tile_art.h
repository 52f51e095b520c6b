// Tile art as geometry: every tile type drawn from its segment data alone (ports, kind,
// shields, fog, ghost symbols), so a tile type added in the database, a variant's custom
// tile or a Discovery terrain, is drawn with no new code. This is the one description of
// how a tile looks: the editor paints it with wxWidgets (editor/art/tile_art.h) and the
// web page writes it as SVG (present/tile_svg.h); neither holds a shape of its own.
//
// What it draws: fields, cities with walls, roofs and shield badges, roads, monastery,
// castle, cemetery, ruin, the Discovery regions (lowland, mountain, water) with their
// cities, fog as a translucent overlay with wisps, ghost symbols, a tile back for
// face-down tiles, a small mark on tiles whose geometry is reconstructed, an optional
// highlight of one segment, and the tile's edge.
//
// Coordinates: unit coordinates, the tile is the square 0..1 x 0..1, x east, y down
// (north up), already turned `rot` quarter turns clockwise. Invariants: the result is a
// pure function of the tile, the rotation and the style (the same input gives the same
// marks, in the same order: back to front); every mark lies in the unit square.
// Engine only: no I/O, no GUI.
#pragma once

#include <optional>
#include <utility>
#include <vector>

#include "engine/content.h"

namespace tw {

struct ArtPoint {
  double x = 0, y = 0;
};

// A colour; a < 1 is translucent (0..1).
struct ArtColour {
  int r = 0, g = 0, b = 0;
  double a = 1;
};

// A path: moves, lines, quadratic curves (control a, end b) and closes.
struct ArtStep {
  enum Op { Move, Line, Quad, Close } op = Move;
  ArtPoint a, b;
};
using ArtPath = std::vector<ArtStep>;

// One mark, painted over the ones before it.
struct ArtMark {
  enum class Shape {
    Path,     // `path`
    Rect,     // corners points[0] (north-west) and points[1] (south-east)
    Ellipse,  // centre points[0], radii points[1].x and points[1].y
    Polygon,  // `points`, closed
  } shape = Shape::Path;
  ArtPath path;
  std::vector<ArtPoint> points;
  std::optional<ArtColour> fill;    // none: not filled
  std::optional<ArtColour> stroke;  // none: no outline
  double width = 0;                 // of the outline, in unit coordinates
  bool round_cap = false;           // the outline's ends are round
  bool round_join = false;          // the outline's corners are round
  bool hairline = false;            // the outline is at least one device pixel wide
};

struct TileArtStyle {
  bool reconstructed_mark = true;
  double fog_alpha = 0.45;
  int highlight_segment = -1;
  bool face_down = false;
};

// The marks of tile type t turned rot quarter turns clockwise, back to front.
std::vector<ArtMark> tile_art(const TileType& t, int rot, const TileArtStyle& style = {});

// The full tile square as a path (the outline a segment owning every edge port has).
bool is_full_square(const ArtPath& p);

// Where a follower on segment seg of t, turned rot, is drawn: unit coordinates 0..1
// (x east, y down). A seg out of range: the centre.
std::pair<double, double> segment_spot(const TileType& t, int seg, int rot);

}  // namespace tw
