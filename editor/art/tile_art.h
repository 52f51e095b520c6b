// Tile art in the editor: paints the marks of present/tile_art.h (the one tile geometry,
// which the web page writes as SVG) with wxWidgets, so any tile type is drawn from its
// segment data alone and looks as it does on the web page. This file adds only the
// mapping to a wxDC: the square, clipping, antialiasing.
//
// Invariants: drawing never changes the tile; the same tile, rotation, rectangle and
// style give the same pixels; the rectangle is in the DC's logical coordinates (scale
// and origin of the DC are honoured); the DC's pen, brush and clipping are restored.
#pragma once

#include <wx/dc.h>
#include <wx/gdicmn.h>

#include "engine/content.h"
#include "present/tile_art.h"

namespace twe {

using TileArtStyle = tw::TileArtStyle;

// Draws tile type t rotated by rot quarter turns clockwise (0..3) into the square r.
void draw_tile(wxDC& dc, const tw::TileType& t, int rot, const wxRect& r,
               const TileArtStyle& s = {});

// Where a follower / ghost marker for segment seg of t, rotated rot, goes inside r.
wxPoint segment_point(const tw::TileType& t, int seg, int rot, const wxRect& r);

}  // namespace twe
