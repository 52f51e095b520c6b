#include "board/board_canvas.h"

#include <cstdlib>

#include <wx/dcbuffer.h>
#include <wx/dcclient.h>
#include <wx/tooltip.h>

namespace twe {

BoardCanvas::BoardCanvas(wxWindow* parent, wxWindowID id)
    : wxWindow(parent, id, wxDefaultPosition, wxSize(400, 400), wxWANTS_CHARS | wxFULL_REPAINT_ON_RESIZE) {
  SetBackgroundStyle(wxBG_STYLE_PAINT);
  Bind(wxEVT_PAINT, &BoardCanvas::on_paint, this);
  Bind(wxEVT_SIZE, &BoardCanvas::on_size, this);
  Bind(wxEVT_LEFT_DOWN, &BoardCanvas::on_mouse, this);
  Bind(wxEVT_LEFT_UP, &BoardCanvas::on_mouse, this);
  Bind(wxEVT_MOTION, &BoardCanvas::on_mouse, this);
  Bind(wxEVT_LEAVE_WINDOW, &BoardCanvas::on_mouse, this);
  Bind(wxEVT_MOUSEWHEEL, &BoardCanvas::on_wheel, this);
  Bind(wxEVT_KEY_DOWN, &BoardCanvas::on_key_down, this);
}

void BoardCanvas::fit() {
  const wxSize sz = GetClientSize();
  if (sz.GetWidth() < 10 || sz.GetHeight() < 10) return;
  int x0 = -2, y0 = -2, x1 = 2, y1 = 2;
  if (game_) {
    board_bounds(*game_, 1, x0, y0, x1, y1);
  } else if (bounds_source && bounds_source(x0, y0, x1, y1)) {
    x0 -= 1, y0 -= 1, x1 += 1, y1 += 1;
  }
  vp_.fit(x0, y0, x1, y1, sz);
  fitted_ = true;
  Refresh();
}

void BoardCanvas::fit_cells(int min_x, int min_y, int max_x, int max_y) {
  const wxSize sz = GetClientSize();
  if (sz.GetWidth() < 10 || sz.GetHeight() < 10) return;
  vp_.fit(min_x, min_y, max_x, max_y, sz);
  fitted_ = true;
  Refresh();
}

bool BoardCanvas::cell_visible(int x, int y) const {
  const wxRect area(wxPoint(0, 0), GetClientSize());
  return area.Contains(vp_.cell_rect(x, y));
}

bool BoardCanvas::ensure_visible(int x, int y) { return ensure_visible(x, y, x, y); }

bool BoardCanvas::ensure_visible(int min_x, int min_y, int max_x, int max_y) {
  const wxSize sz = GetClientSize();
  if (sz.GetWidth() < 10 || sz.GetHeight() < 10) return false;
  if (!fitted_) fit();
  const int margin = static_cast<int>(vp_.cell / 2);
  wxRect want = vp_.cell_rect(min_x, max_y).Union(vp_.cell_rect(max_x, min_y));
  want.Inflate(margin);
  const wxRect area(wxPoint(0, 0), sz);
  // The score box covers the top-left corner: what is to be seen must not lie under it.
  wxRect box;
  if (game_ && overlay_.scores) {
    wxClientDC dc(this);
    box = score_box_rect(dc, scene_of(*game_, overlay_).score_lines, area);
  }
  const bool covered = !box.IsEmpty() && box.Intersects(want);
  if (area.Contains(want) && !covered) return false;
  if (want.width > sz.GetWidth() || want.height > sz.GetHeight()) {
    fit_cells(min_x, min_y, max_x, max_y);
    return true;
  }
  int dx = 0, dy = 0;
  if (want.x < 0) dx = -want.x;
  else if (want.GetRight() >= sz.GetWidth()) dx = sz.GetWidth() - 1 - want.GetRight();
  if (want.y < 0) dy = -want.y;
  else if (want.GetBottom() >= sz.GetHeight()) dy = sz.GetHeight() - 1 - want.GetBottom();
  want.Offset(dx, dy);
  if (!box.IsEmpty() && box.Intersects(want)) {
    // Move it out from under the box, right or down, whichever is the shorter way that
    // still fits in the window.
    const int right = box.GetRight() + 1 - want.x, down = box.GetBottom() + 1 - want.y;
    const bool right_fits = want.GetRight() + right < sz.GetWidth();
    const bool down_fits = want.GetBottom() + down < sz.GetHeight();
    if (right_fits && (!down_fits || right <= down))
      dx += right;
    else if (down_fits)
      dy += down;
  }
  if (dx == 0 && dy == 0) return false;
  vp_.pan(dx, dy);
  Refresh();
  return true;
}

BoardScene BoardCanvas::scene() const {
  BoardScene s;
  if (!game_) {
    std::optional<BoardScene> from = scene_source ? scene_source() : std::nullopt;
    if (!from) return s;
    s = std::move(*from);
  } else {
    s = scene_of(*game_, overlay_);
  }
  s.spots = spots_;
  s.hover_spot = hover_spot_;
  if (hover_ && preview) {
    if (auto p = preview(hover_->first, hover_->second)) {
      s.preview = p->first;
      s.preview_legal = p->second;
    }
  }
  return s;
}

void BoardCanvas::on_paint(wxPaintEvent&) {
  wxAutoBufferedPaintDC dc(this);
  if (!fitted_ && (game_ || scene_source)) fit();
  const wxRect area(wxPoint(0, 0), GetClientSize());
  draw_scene(dc, scene(), vp_, area, &cache_);
}

void BoardCanvas::on_size(wxSizeEvent& e) {
  const wxSize sz = GetClientSize();
  if (!fitted_) {
    fit();
  } else if (last_size_.GetWidth() > 0 && sz != last_size_) {
    // The window was resized (a smaller frame, a sash): what was in the middle stays in
    // the middle, and a board that was wholly in view and no longer fits is fitted again.
    bool was_whole = false;
    if (game_) {
      int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
      board_bounds(*game_, 0, x0, y0, x1, y1);
      const wxRect before(wxPoint(0, 0), last_size_);
      was_whole = before.Contains(vp_.cell_rect(x0, y1).Union(vp_.cell_rect(x1, y0)));
    }
    vp_.pan((sz.GetWidth() - last_size_.GetWidth()) / 2, (sz.GetHeight() - last_size_.GetHeight()) / 2);
    if (game_ && was_whole) {
      int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
      board_bounds(*game_, 0, x0, y0, x1, y1);
      if (!wxRect(wxPoint(0, 0), sz).Contains(vp_.cell_rect(x0, y1).Union(vp_.cell_rect(x1, y0)))) {
        last_size_ = sz;
        fit();
        e.Skip();
        return;
      }
    }
  }
  last_size_ = sz;
  Refresh();
  e.Skip();
}

void BoardCanvas::set_spots(std::vector<SceneSpot> s) {
  if (s != spots_) {
    spots_ = std::move(s);
    hover_spot_ = -1;
    UnsetToolTip();
  }
  Refresh();
}

void BoardCanvas::hover_at(wxPoint p) {
  const auto cell = vp_.cell_at(p);
  int spot = -1;
  if (game_ && !spots_.empty())
    spot = hit_spot(*game_, vp_, spots_, p, std::max(8, static_cast<int>(vp_.cell / 5)));
  else if (!game_ && !spots_.empty() && scene_source)  // an online game's rings
    spot = hit_spot(scene(), vp_, p, std::max(8, static_cast<int>(vp_.cell / 5)));
  if (spot != hover_spot_) {
    hover_spot_ = spot;
    if (spot >= 0)
      SetToolTip(wxString::FromUTF8(spots_[static_cast<size_t>(spot)].label));
    else
      UnsetToolTip();
    Refresh();
  }
  if (!hover_ || *hover_ != cell) {
    hover_ = cell;
    if (on_hover) on_hover();
    if (preview || !spots_.empty()) Refresh();
  }
}

void BoardCanvas::click_at(wxPoint p) {
  if (!game_) {
    if (scene_source && !spots_.empty() && on_spot) {  // an online game's rings
      const int spot = hit_spot(scene(), vp_, p, std::max(8, static_cast<int>(vp_.cell / 5)));
      if (spot >= 0) {
        on_spot(spot);
        return;
      }
    }
    if (scene_source && on_cell) {
      const auto [x, y] = vp_.cell_at(p);
      on_cell(x, y);
    }
    return;
  }
  const int radius = std::max(8, static_cast<int>(vp_.cell / 5));
  const int spot = hit_spot(*game_, vp_, spots_, p, radius);
  if (spot >= 0) {
    if (on_spot) on_spot(spot);
    return;
  }
  const auto [x, y] = vp_.cell_at(p);
  if (on_cell) on_cell(x, y);
}

void BoardCanvas::on_mouse(wxMouseEvent& e) {
  const wxPoint p = e.GetPosition();
  if (e.LeftDown()) {
    SetFocus();
    down_ = last_ = p;
    dragging_ = false;
    if (!HasCapture()) CaptureMouse();
    return;
  }
  if (e.LeftUp()) {
    if (HasCapture()) ReleaseMouse();
    const bool was_drag = dragging_;
    dragging_ = false;
    down_ = wxPoint(-1, -1);
    if (!was_drag) click_at(p);
    return;
  }
  if (e.Leaving()) {
    if (hover_spot_ >= 0) {
      hover_spot_ = -1;
      UnsetToolTip();
      Refresh();
    }
    if (hover_) {
      hover_.reset();
      if (on_hover) on_hover();
      Refresh();
    }
    return;
  }
  if (e.Dragging() && down_.x >= 0) {
    if (!dragging_ && std::abs(p.x - down_.x) + std::abs(p.y - down_.y) > 4) dragging_ = true;
    if (dragging_) {
      vp_.pan(p.x - last_.x, p.y - last_.y);
      last_ = p;
      Refresh();
    }
    return;
  }
  hover_at(p);
}

void BoardCanvas::on_wheel(wxMouseEvent& e) {
  const int steps = e.GetWheelRotation() / std::max(1, e.GetWheelDelta());
  if (steps == 0) return;
  if (e.ShiftDown()) {
    if (on_rotate) on_rotate(steps > 0 ? -1 : 1);
    return;
  }
  zoom_by(steps > 0 ? 1.2 : 1 / 1.2, e.GetPosition());
}

bool BoardCanvas::ensure_cell_size(double min_cell, int x, int y) {
  if (vp_.cell >= min_cell || GetClientSize().GetWidth() < 10) return false;
  const wxRect r = vp_.cell_rect(x, y);
  vp_.zoom(min_cell / vp_.cell, wxPoint(r.x + r.width / 2, r.y + r.height / 2));
  ensure_visible(x, y);
  Refresh();
  return true;
}

void BoardCanvas::zoom_by(double factor, wxPoint at) {
  vp_.zoom(factor, at);
  // The tile just placed, when it is (partly) in view, is not left under the score box.
  if (game_ && overlay_.scores && game_->last_placed() >= 0) {
    const auto& p = game_->placed()[static_cast<size_t>(game_->last_placed())];
    const wxRect cell = vp_.cell_rect(p.x, p.y);
    const wxRect area(wxPoint(0, 0), GetClientSize());
    wxClientDC dc(this);
    const wxRect box = score_box_rect(dc, scene_of(*game_, overlay_).score_lines, area);
    if (area.Intersects(cell) && !box.IsEmpty() && box.Intersects(cell)) ensure_visible(p.x, p.y);
  }
  Refresh();
}

void BoardCanvas::on_key_down(wxKeyEvent& e) {
  if (on_key && on_key(e)) return;
  const wxPoint centre(GetClientSize().GetWidth() / 2, GetClientSize().GetHeight() / 2);
  switch (e.GetKeyCode()) {
    case '+':
    case '=':
    case WXK_NUMPAD_ADD:
      zoom_by(1.2, centre);
      return;
    case '-':
    case WXK_NUMPAD_SUBTRACT:
      zoom_by(1 / 1.2, centre);
      return;
    case 'F':
      fit();
      return;
    default:
      e.Skip();
  }
}

}  // namespace twe
