#include "views/tile_set_view.h"

#include "views/study_chart.h"

#include <wx/button.h>
#include <wx/choice.h>
#include <wx/dcbuffer.h>
#include <wx/scrolwin.h>
#include <wx/settings.h>
#include <wx/sizer.h>
#include <wx/stattext.h>

#include <algorithm>

#include "art/tile_art.h"

namespace twe {

// The scrolling grid of tiles of one tile set.
class TileSetGrid : public wxScrolledCanvas {
 public:
  TileSetGrid(wxWindow* parent, EditorContext& ctx) : wxScrolledCanvas(parent, wxID_ANY), ctx_(ctx) {
    SetBackgroundStyle(wxBG_STYLE_PAINT);
    SetScrollRate(0, 20);
    Bind(wxEVT_PAINT, &TileSetGrid::on_paint, this);
    Bind(wxEVT_SIZE, [this](wxSizeEvent& e) {
      layout();
      e.Skip();
    });
    Bind(wxEVT_LEFT_DOWN, [this](wxMouseEvent& e) {
      SetFocus();
      const int hit = hit_test(CalcUnscrolledPosition(e.GetPosition()));
      if (hit >= 0) set_selected(hit);
    });
    Bind(wxEVT_LEFT_DCLICK, [this](wxMouseEvent& e) {
      const int hit = hit_test(CalcUnscrolledPosition(e.GetPosition()));
      if (hit >= 0) {
        set_selected(hit);
        if (on_open) on_open();
      }
    });
    Bind(wxEVT_KEY_DOWN, [this](wxKeyEvent& e) {
      const int n = static_cast<int>(tiles_.size());
      int s = selected_index();
      switch (e.GetKeyCode()) {
        case WXK_LEFT: s = std::max(0, s - 1); break;
        case WXK_RIGHT: s = std::min(n - 1, s + 1); break;
        case WXK_UP: s = std::max(0, s - cols_); break;
        case WXK_DOWN: s = std::min(n - 1, s + cols_); break;
        case WXK_RETURN:
        case WXK_NUMPAD_ENTER:
          if (on_open) on_open();
          return;
        default: e.Skip(); return;
      }
      if (s >= 0 && s < n) set_selected(tiles_[static_cast<size_t>(s)]);
    });
  }

  std::function<void()> on_select, on_open;

  void set_tiles(std::vector<int> tiles) {
    tiles_ = std::move(tiles);
    if (std::find(tiles_.begin(), tiles_.end(), selected_) == tiles_.end())
      selected_ = tiles_.empty() ? -1 : tiles_.front();
    layout();
    Refresh();
  }
  int selected() const { return selected_; }
  void set_selected(int tile) {
    selected_ = tile;
    Refresh();
    const int i = selected_index();
    if (i >= 0) {
      // Scroll it into view.
      const int row = i / std::max(1, cols_);
      int vx = 0, vy = 0;
      GetViewStart(&vx, &vy);
      const int top = row * kCellH, h = GetClientSize().y;
      if (top < vy * 20 || top + kCellH > vy * 20 + h) Scroll(0, top / 20);
    }
    if (on_select) on_select();
  }

 private:
  static constexpr int kTile = 96, kCellW = 124, kCellH = 172, kMargin = 12;

  int selected_index() const {
    auto it = std::find(tiles_.begin(), tiles_.end(), selected_);
    return it == tiles_.end() ? -1 : static_cast<int>(it - tiles_.begin());
  }
  void layout() {
    cols_ = std::max(1, (GetClientSize().x - kMargin) / kCellW);
    const int rows = (static_cast<int>(tiles_.size()) + cols_ - 1) / cols_;
    SetVirtualSize(cols_ * kCellW + kMargin, rows * kCellH + kMargin);
  }
  wxRect cell(int i) const {
    return {kMargin + (i % cols_) * kCellW, kMargin + (i / cols_) * kCellH, kCellW - 8, kCellH - 8};
  }
  int hit_test(wxPoint p) const {
    for (size_t i = 0; i < tiles_.size(); ++i)
      if (cell(static_cast<int>(i)).Contains(p)) return tiles_[i];
    return -1;
  }
  void on_paint(wxPaintEvent&) {
    wxAutoBufferedPaintDC dc(this);
    DoPrepareDC(dc);
    dc.SetBackground(wxBrush(wxColour(246, 244, 238)));
    dc.Clear();
    dc.SetFont(GetFont());
    wxFont small = GetFont().Smaller();
    for (size_t i = 0; i < tiles_.size(); ++i) {
      const tw::TileType& t = ctx_.content.tiles[static_cast<size_t>(tiles_[i])];
      const wxRect c = cell(static_cast<int>(i));
      const bool sel = tiles_[i] == selected_;
      dc.SetPen(sel ? wxPen(wxColour(40, 110, 220), 3) : wxPen(wxColour(220, 216, 206)));
      dc.SetBrush(sel ? wxBrush(wxColour(222, 234, 252)) : wxBrush(wxColour(255, 255, 255)));
      dc.DrawRoundedRectangle(c, 6);
      const wxRect tr(c.x + (c.width - kTile) / 2, c.y + 8, kTile, kTile);
      draw_tile(dc, t, 0, tr);
      dc.SetFont(GetFont().Bold());
      dc.SetTextForeground(wxColour(30, 30, 30));
      const wxString label = wxString::FromUTF8(t.id) + wxString::Format("  x%d", t.count);
      const wxSize ts = dc.GetTextExtent(label);
      dc.DrawText(label, c.x + (c.width - ts.x) / 2, tr.GetBottom() + 5);
      wxString attrs;
      if (t.symbols) attrs += wxString::Format("%d ghost ", t.symbols);
      if (t.reconstructed) attrs += "recon. ";
      if (!t.piece.empty()) attrs += wxString::FromUTF8(t.piece) + wxString::Format(" %d,%d", t.piece_x, t.piece_y);
      if (!attrs.empty()) {
        // Wrapped to the cell (two lines at most), so that neighbours' labels never
        // overlap (issue 34 item 17: "1 ghost recon. MS 0,0").
        dc.SetFont(small);
        dc.SetTextForeground(wxColour(110, 100, 90));
        int y = tr.GetBottom() + 5 + ts.y + 1;
        for (const wxString& line : bar_label_lines(dc, attrs, c.width - 6, 2)) {
          const wxSize as = dc.GetTextExtent(line);
          dc.DrawText(line, c.x + (c.width - as.x) / 2, y);
          y += as.y;
        }
      }
    }
  }

  EditorContext& ctx_;
  std::vector<int> tiles_;
  int selected_ = -1;
  int cols_ = 1;
};

TileSetView::TileSetView(wxWindow* parent, EditorContext& ctx) : wxPanel(parent, wxID_ANY), ctx_(ctx) {
  auto* top = new wxBoxSizer(wxHORIZONTAL);
  top->Add(new wxStaticText(this, wxID_ANY, "Tile set:"), 0, wxALIGN_CENTER_VERTICAL | wxRIGHT, 6);
  set_choice_ = new wxChoice(this, wxID_ANY);
  top->Add(set_choice_, 0, wxALIGN_CENTER_VERTICAL | wxRIGHT, 12);
  summary_ = new wxStaticText(this, wxID_ANY, "");
  top->Add(summary_, 1, wxALIGN_CENTER_VERTICAL);
  edit_ = new wxButton(this, wxID_ANY, "Edit tile...");
  top->Add(edit_, 0, wxALIGN_CENTER_VERTICAL);
  grid_ = new TileSetGrid(this, ctx_);
  details_ = new wxStaticText(this, wxID_ANY, "", wxDefaultPosition, wxDefaultSize, wxST_NO_AUTORESIZE);
  details_->SetMinSize(wxSize(-1, 4 * GetCharHeight() + 4));
  auto* s = new wxBoxSizer(wxVERTICAL);
  s->Add(top, 0, wxEXPAND | wxALL, 8);
  s->Add(grid_, 1, wxEXPAND | wxLEFT | wxRIGHT, 8);
  s->Add(details_, 0, wxEXPAND | wxALL, 8);
  SetSizer(s);

  set_choice_->Bind(wxEVT_CHOICE, [this](wxCommandEvent&) {
    const int i = set_choice_->GetSelection();
    if (i != wxNOT_FOUND) show_tile_set(set_choice_->GetString(static_cast<unsigned>(i)).utf8_string());
  });
  edit_->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { open_selected(); });
  grid_->on_select = [this] { update_details(); };
  grid_->on_open = [this] { open_selected(); };
  ctx_.content_listeners.push_back([this] { refresh_content(); });
  refresh_content();
}

std::vector<std::string> TileSetView::tile_sets() const {
  std::vector<std::string> out;
  for (const auto& t : ctx_.content.tiles)
    if (std::find(out.begin(), out.end(), t.tile_set) == out.end()) out.push_back(t.tile_set);
  return out;
}

void TileSetView::refresh_content() {
  const auto sets = tile_sets();
  set_choice_->Clear();
  for (const auto& s : sets) set_choice_->Append(wxString::FromUTF8(s));
  if (std::find(sets.begin(), sets.end(), current_) == sets.end())
    current_ = sets.empty() ? std::string() : sets.front();
  show_tile_set(current_);
}

wxString TileSetView::summary() const { return summary_->GetLabelText(); }

void TileSetView::show_tile_set(const std::string& id) {
  current_ = id;
  const int i = set_choice_->FindString(wxString::FromUTF8(id));
  if (i != wxNOT_FOUND) set_choice_->SetSelection(i);
  std::vector<int> tiles;
  int copies = 0, recon = 0, recon_copies = 0;
  for (size_t k = 0; k < ctx_.content.tiles.size(); ++k)
    if (ctx_.content.tiles[k].tile_set == id) {
      tiles.push_back(static_cast<int>(k));
      copies += ctx_.content.tiles[k].count;
      recon += ctx_.content.tiles[k].reconstructed ? 1 : 0;
      recon_copies += ctx_.content.tiles[k].reconstructed ? ctx_.content.tiles[k].count : 0;
    }
  // Tiles are counted as the box holds them (copies), as the README does; types too.
  summary_->SetLabel(wxString::Format("%d tiles of %zu types", copies, tiles.size()) +
                     (recon ? wxString::Format(", %d tiles (%d types) reconstructed: orange corner", recon_copies, recon)
                            : wxString()));
  grid_->set_tiles(std::move(tiles));
  update_details();
  Layout();
}

void TileSetView::select_tile(int tile) {
  if (tile < 0 || tile >= static_cast<int>(ctx_.content.tiles.size())) return;
  const auto& ts = ctx_.content.tiles[static_cast<size_t>(tile)].tile_set;
  if (ts != current_) show_tile_set(ts);
  grid_->set_selected(tile);
}

int TileSetView::selected_tile() const { return grid_->selected(); }

void TileSetView::open_selected() {
  const int t = grid_->selected();
  if (t >= 0 && on_open_tile) on_open_tile(t);
}

void TileSetView::update_details() {
  const int t = grid_->selected();
  edit_->Enable(t >= 0);
  if (t < 0 || t >= static_cast<int>(ctx_.content.tiles.size())) {
    details_->SetLabel("");
    return;
  }
  const tw::TileType& tile = ctx_.content.tiles[static_cast<size_t>(t)];
  wxString segs;
  for (const auto& s : tile.segments) {
    if (!segs.empty()) segs += "; ";
    segs += wxString::FromUTF8(std::string(tw::kind_name(s.kind)) + " " + tw::ports_text(s.ports));
    if (s.shields) segs += wxString::Format(" (%d shield%s)", s.shields, s.shields > 1 ? "s" : "");
    if (s.covered) segs += " fogged";
  }
  details_->SetLabel(wxString::FromUTF8(tile.tile_set + "/" + tile.id) + wxString::Format(": %d copies", tile.count) +
                     (tile.reconstructed ? ", reconstructed" : "") +
                     (tile.symbols ? wxString::Format(", %d ghost symbols", tile.symbols) : wxString()) +
                     "\n" + segs + (tile.note.empty() ? wxString() : "\n" + wxString::FromUTF8(tile.note)));
  details_->Wrap(std::max(200, GetClientSize().x - 20));
  Layout();
}

}  // namespace twe
