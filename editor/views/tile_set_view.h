// TileSetView: browse the tile types of the open database, one tile set at a time, as a
// grid of drawn tiles with their id, count and attributes (reconstructed, ghost symbols,
// piece). Clicking selects; double-click (or Enter, or "Edit") opens the tile in the tile
// editor through on_open_tile. The view only reads ctx.content and redraws when it
// changes.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include <wx/panel.h>

#include "context.h"

class wxChoice;
class wxStaticText;
class wxButton;

namespace twe {

class TileSetGrid;

class TileSetView : public wxPanel {
 public:
  TileSetView(wxWindow* parent, EditorContext& ctx);

  std::function<void(int tile)> on_open_tile;  // index into ctx.content.tiles

  // The tile sets of the content, in first-appearance order.
  std::vector<std::string> tile_sets() const;
  void show_tile_set(const std::string& id);
  // The line under the tile set choice ("84 tiles of 60 types, 26 tiles (16 types) reconstructed ...").
  wxString summary() const;
  const std::string& current_tile_set() const { return current_; }
  void select_tile(int tile);  // also switches to its tile set
  int selected_tile() const;
  void open_selected();

 private:
  void refresh_content();
  void update_details();
  EditorContext& ctx_;
  std::string current_;
  wxChoice* set_choice_ = nullptr;
  wxStaticText* summary_ = nullptr;
  wxStaticText* details_ = nullptr;
  wxButton* edit_ = nullptr;
  TileSetGrid* grid_ = nullptr;
};

}  // namespace twe
