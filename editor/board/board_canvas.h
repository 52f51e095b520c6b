// BoardCanvas: a window showing a Game's board through board_model.h's painter. Zoom
// with the mouse wheel (around the pointer) or + / -, pan by dragging, F fits the board.
// A click that is not a drag goes to the owner: on a clickable spot (a follower or ghost
// choice) as on_spot, otherwise as on_cell. Shift+wheel asks the owner to rotate; other
// keys go to on_key first.
//
// Invariants: the canvas never changes the game; it only reads it while painting and
// hit-testing, so the owner must keep it alive (or set nullptr) while it is shown.
#pragma once

#include <functional>
#include <optional>
#include <utility>
#include <vector>

#include <wx/window.h>

#include "board/board_model.h"

namespace twe {

class BoardCanvas : public wxWindow {
 public:
  BoardCanvas(wxWindow* parent, wxWindowID id = wxID_ANY);

  // nullptr also empties the tile cache (call it when the content is reloaded).
  void set_game(const tw::Game* g) {
    if (!g) cache_.clear();
    game_ = g;
    Refresh();
  }
  const tw::Game* game() const { return game_; }
  void set_overlay(BoardOverlay o) { overlay_ = std::move(o); Refresh(); }
  BoardOverlay& overlay() { return overlay_; }
  void set_spots(std::vector<SceneSpot> s);
  const std::vector<SceneSpot>& spots() const { return spots_; }
  BoardViewport& viewport() { return vp_; }
  const BoardViewport& viewport() const { return vp_; }
  // Fits the whole board into the window.
  void fit();
  // Fits these cells into the window.
  void fit_cells(int min_x, int min_y, int max_x, int max_y);
  // Brings cell x,y into view (with half a cell of margin) by panning as little as it
  // takes; false when it was in view already.
  bool ensure_visible(int x, int y);
  // The same for a box of cells; zooms out (fits the box) when it is larger than the view.
  bool ensure_visible(int min_x, int min_y, int max_x, int max_y);
  // Zooms in about cell x,y until a cell is at least min_cell pixels (a follower step's
  // rings need the room), keeping it in view; false when it was large enough.
  bool ensure_cell_size(double min_cell, int x, int y);
  // Zooms by `factor` about device point `at` (the wheel, + and -); the tile just placed,
  // when in view, is moved out from under the score box.
  void zoom_by(double factor, wxPoint at);
  // The cell is wholly in the window.
  bool cell_visible(int x, int y) const;
  // The cell under the mouse, when it is over the canvas.
  std::optional<std::pair<int, int>> hover() const { return hover_; }
  // The spot under the mouse (index into spots(), -1: none); its ring is filled and its
  // option text is the canvas's tooltip.
  int hover_spot() const { return hover_spot_; }
  // Moves the pointer to device point p, as the mouse would (tests use it).
  void hover_at(wxPoint p);

  // The scene as it is painted now (tests check it without looking at pixels).
  BoardScene scene() const;

  std::function<void(int x, int y)> on_cell;
  std::function<void(int spot)> on_spot;
  std::function<void(int direction)> on_rotate;   // +1 clockwise, -1 back
  std::function<bool(wxKeyEvent&)> on_key;        // true: handled
  std::function<void()> on_hover;                 // the hovered cell changed
  // The tile previewed under the pointer at x,y and whether it may go there.
  std::function<std::optional<std::pair<SceneTile, bool>>(int x, int y)> preview;

  // A click at device point p, as the mouse would make it (tests use it).
  void click_at(wxPoint p);

  // Without a game: the scene to paint and the cells to fit (an online game's board,
  // drawn from what the server sent: play/online_scene.h). Clicks go to on_cell.
  std::function<std::optional<BoardScene>()> scene_source;
  std::function<bool(int& min_x, int& min_y, int& max_x, int& max_y)> bounds_source;

 private:
  void on_paint(wxPaintEvent&);
  void on_size(wxSizeEvent&);
  void on_mouse(wxMouseEvent&);
  void on_wheel(wxMouseEvent&);
  void on_key_down(wxKeyEvent&);

  const tw::Game* game_ = nullptr;
  BoardOverlay overlay_;
  std::vector<SceneSpot> spots_;
  BoardViewport vp_;
  TileCache cache_;
  bool fitted_ = false;
  wxSize last_size_;  // the client size at the last size event (a resize keeps the centre)
  bool dragging_ = false;
  wxPoint down_{-1, -1}, last_{-1, -1};
  std::optional<std::pair<int, int>> hover_;
  int hover_spot_ = -1;
};

}  // namespace twe
