// The board painter and its geometry, without a window: a BoardViewport maps board cells
// (x east, y north) to device pixels and back; a BoardScene is what one frame shows (the
// placed tiles, the followers with their ghosts, overlays: legal cells, a preview of the
// drawn tile, clickable follower spots, annotation markers, a score box); draw_scene
// paints it into any wxDC. draw_board builds the scene of a Game and paints it. The
// canvas (board_canvas.h), the benchmark and the tests all go through these.
//
// Invariants: painting never changes the game or the scene; cell_at(cell_rect(x, y)
// .GetPosition() + (1, 1)) == (x, y) for every cell; the same scene, viewport and DC
// size give the same pixels.
#pragma once

#include <functional>

#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <wx/bitmap.h>
#include <wx/colour.h>
#include <wx/dc.h>
#include <wx/gdicmn.h>

#include "engine/game.h"
#include "replay/tree.h"

namespace twe {

// Device pixels per cell and where cell 0,0's top-left corner lies.
struct BoardViewport {
  double cell = 64.0;   // pixels per cell side
  double ox = 0, oy = 0;  // device position of the top-left corner of cell 0,0

  static constexpr double kMinCell = 12.0, kMaxCell = 256.0;

  wxRect cell_rect(int x, int y) const;
  wxPoint cell_centre(int x, int y) const;
  // The cell under a device point.
  std::pair<int, int> cell_at(wxPoint p) const;
  // Zooms by `factor` keeping the device point `anchor` over the same board point.
  void zoom(double factor, wxPoint anchor);
  void pan(int dx, int dy) { ox += dx; oy += dy; }
  // Centres the cells' bounding box in a window of `size`, choosing a cell size that
  // fits (within the limits).
  void fit(int min_x, int min_y, int max_x, int max_y, wxSize size);
};

// The colour of seat `player`'s followers (red green blue yellow black pink).
wxColour player_colour(int player);

struct SceneTile {
  const tw::TileType* type = nullptr;
  int x = 0, y = 0, rot = 0;
  bool last = false;  // the tile placed in the current turn (outlined)
  bool face_down = false;  // co-op: shows its back
  int ghosts = 0;          // co-op: ghosts on the tile (fog and cemetery)
};
struct SceneFollower {
  const tw::TileType* type = nullptr;  // of the tile it stands on
  int x = 0, y = 0, rot = 0, seg = 0;
  int player = 0;   // the colour slot it is drawn in (co-op: its colour)
  bool guard = false;
  int ghosts = 0;
  int dogs = 0;         // co-op: dogs standing with it
  bool buried = false;  // co-op: lies in a cemetery for good
  int weight = 1;       // what it counts in a majority (Follower::weight): a big follower is
                        // drawn larger, with its strength written on it
};
// A spot on the board a click can choose (a follower, ghost or take-back option).
struct SceneSpot {
  int x = 0, y = 0, seg = -1;  // seg -1: the whole cell
  std::string label;           // the option text, for tooltips and tests
  tw::Option option;           // the option a click chooses
  std::string verb;            // the option's verb (Game::describe): meeple, guard, ghost, ...
  int colour = -1;             // the colour the option names (drawn inside the ring), or -1
  friend bool operator==(const SceneSpot&, const SceneSpot&) = default;
};

// A suggestion drawn on the board (Play's hint, the review's best move): a ghost of the
// tile to place (drawn pale, with a dashed frame) and/or a dashed ring on the segment of
// a placed tile where a follower should go, each labelled with `text`.
struct SceneHint {
  std::optional<SceneTile> tile;       // the tile to place (its cell is empty)
  const tw::TileType* spot_type = nullptr;  // the ring: on segment `seg` of this tile ...
  int x = 0, y = 0, rot = 0, seg = -1;      // ... at x,y (seg -1: no ring)
  std::string text;                    // "hint", "best"
};

struct BoardScene {
  std::vector<SceneTile> tiles;
  std::vector<SceneFollower> followers;
  std::vector<std::pair<int, int>> legal_cells;  // highlighted (placements)
  std::vector<SceneSpot> spots;                  // clickable follower/ghost choices
  int hover_spot = -1;                           // index into spots under the pointer (drawn filled)
  std::vector<std::pair<int, int>> scored_cells; // cells of features scored by the last step (highlighted)
  std::optional<SceneTile> preview;              // the drawn tile under the mouse
  bool preview_legal = false;
  std::vector<tw::replay::Marker> markers;       // annotation markers
  std::optional<SceneHint> hint;                 // a suggested move (drawn over the rest)
  std::vector<std::string> score_lines;          // score overlay, one line per seat
  std::vector<wxColour> score_colours;
  int hover_x = 0, hover_y = 0;
  bool hover = false;
};

// Rendered tiles by (tile type, rotation, pixel size): drawing a tile from its segments
// costs far more than copying its bitmap, so a canvas keeps one cache and the painter
// blits from it. Keys hold TileType addresses: clear() when the content is reloaded.
class TileCache {
 public:
  static constexpr size_t kMaxEntries = 3000;  // about 4 sizes of every tile and rotation
  const wxBitmap& get(const tw::TileType& t, int rot, wxSize size, bool reconstructed_mark,
                      bool face_down = false);
  void clear() { cache_.clear(); }
  size_t size() const { return cache_.size(); }

 private:
  std::map<std::tuple<const tw::TileType*, int, int, int, bool, bool>, wxBitmap> cache_;
};

// What draw_board adds to the game's own tiles and followers.
struct BoardOverlay {
  bool legal_cells = false;   // highlight the cells where the drawn tile fits
  bool scores = true;         // the score box in the top-left corner
  bool scored = true;         // frame the tiles where the last step scored (and followers went home)
  std::vector<tw::replay::Marker> markers;
  std::optional<SceneHint> hint;  // a suggested move (SceneHint)
  // The tile framed as this turn's, when the game has none (-1: the game's last_placed()):
  // a review at the ply after the follower step, where the turn is over, still frames
  // the tile that turn placed.
  int turn_tile = -1;
};

// The hint of option `o` of the decision pending in `before` (its tile and/or its
// follower's segment, from Game::describe, never from text); nullopt when it names
// neither a placement nor a location on a placed tile.
std::optional<SceneHint> hint_of(const tw::Game& before, const tw::Option& o, const std::string& text);

// The score box's rectangle in `area` as draw_scene paints it (empty when no lines).
wxRect score_box_rect(wxDC& dc, const std::vector<std::string>& lines, const wxRect& area);

// The scene of a game: tiles, followers (with ghosts), the last placed tile, and what
// the overlay asks for.
BoardScene scene_of(const tw::Game& g, const BoardOverlay& overlay = {});
// Paints the scene into `dc` (the background is filled over `area`, the DC's visible
// rectangle in device pixels). With a cache, tiles are blitted from it.
void draw_scene(wxDC& dc, const BoardScene& scene, const BoardViewport& vp, const wxRect& area,
                TileCache* cache = nullptr);
// scene_of + draw_scene.
void draw_board(wxDC& dc, const tw::Game& g, const BoardViewport& vp, const wxRect& area,
                const BoardOverlay& overlay = {}, TileCache* cache = nullptr);

// Where segment `seg` of a tile lies on the board: the device point of its follower.
wxPoint spot_point(const BoardViewport& vp, const tw::TileType& t, int x, int y, int rot, int seg);
// The radius of a spot's ring at this zoom (on a tile with few choices).
int spot_ring_radius(const BoardViewport& vp);
// Where each spot's ring is drawn (device points; a spot with seg -1 gets its cell's
// centre). Rings that would overlap an earlier ring or a ghost badge are moved aside
// around their segment's point, so several options on one spot (a meeple and a guard,
// one follower per colour) each get a ring of their own; the first keeps the point.
// A crowded tile's rings are smaller, so that all of them fit on it. Every ring lies
// inside its tile (issue 34 item 8); one moved off its segment's point is drawn with a
// leader line to that point, so it shows which feature it belongs to.
struct SpotPlace {
  wxPoint p;
  int r = 0;        // ring radius (0: a cell spot, drawn as a frame)
  wxPoint seg_at;   // the point of the spot's segment (where the follower will stand)
};
std::vector<SpotPlace> spot_layout(const tw::Game& g, const BoardViewport& vp, const std::vector<SceneSpot>& spots);
std::vector<SpotPlace> spot_layout(const BoardScene& scene, const BoardViewport& vp);
// The spot whose ring is nearest to device point p within `radius` pixels (index into
// spots), or -1; on a tie the earlier spot wins. A spot with seg -1 is hit anywhere in
// its cell when no ring is.
int hit_spot(const tw::Game& g, const BoardViewport& vp, const std::vector<SceneSpot>& spots,
             wxPoint p, int radius);
// The same on a scene with no Game behind it (an online game's): its spots, its tiles.
int hit_spot(const BoardScene& scene, const BoardViewport& vp, wxPoint p, int radius);
int hit_spot_at(const std::vector<SpotPlace>& pts, const BoardViewport& vp, const std::vector<SceneSpot>& spots,
                wxPoint p, int radius, const std::function<bool(int, int)>& tile_at);
// The short tag drawn in a spot's ring, from its verb: "M" meeple, "G" guard, "g" ghost,
// "T" take back, "B" bury, "D" dog, else the verb's first letter.
std::string spot_tag(const SceneSpot& s);

// The bounding box of the placed tiles (with a margin of `margin` cells).
void board_bounds(const tw::Game& g, int margin, int& min_x, int& min_y, int& max_x, int& max_y);

}  // namespace twe
