// Tile art: draws any tile type from its segment data alone (ports, kind, shields, fog,
// ghost symbols, touches), so a tile type added in the database is drawn with no new
// code. Fields, cities with walls and shield badges, roads, monastery, castle, cemetery,
// ruin, the Discovery regions (lowland, mountain, water) with their cities, fog as a
// translucent overlay, ghost symbols, a tile back for face-down tiles, and a small mark
// on tiles whose geometry is reconstructed.
//
// Invariants: drawing never changes the tile; the same tile, rotation, rectangle and
// style give the same pixels; the rectangle is in the DC's logical coordinates (scale
// and origin of the DC are honoured); the DC's pen, brush and clipping are restored.
#pragma once

#include <wx/dc.h>
#include <wx/gdicmn.h>

#include "engine/content.h"

namespace twe {

struct TileArtStyle {
  bool reconstructed_mark = true;
  double fog_alpha = 0.45;
  int highlight_segment = -1;
  bool face_down = false;
};

// Draws tile type t rotated by rot quarter turns clockwise (0..3) into the square r.
void draw_tile(wxDC& dc, const tw::TileType& t, int rot, const wxRect& r,
               const TileArtStyle& s = {});

// Where a follower / ghost marker for segment seg of t, rotated rot, goes inside r.
wxPoint segment_point(const tw::TileType& t, int seg, int rot, const wxRect& r);

}  // namespace twe
