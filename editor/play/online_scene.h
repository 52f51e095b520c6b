// The board of an online game drawn from what the server sent (docs/protocol.md's
// `view`: the state JSON of a player at the table), with no Game behind it: the client
// never has the pile, the seed or a face-down tile's type, so it cannot hold a Game of
// the server's game. Tiles are looked up by their notation id in the editor's content
// (the server's content is the same database's), followers are put on the segment their
// location ("city:N") names, face-down tiles show their back.
//
// The placement a click makes is the option whose `option_views` entry (docs/protocol.md)
// names that cell and rotation: no option text is written or read.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "board/board_model.h"
#include "engine/game.h"

namespace twe {

// The content's tile with this id or notation id, or nullptr.
const tw::TileType* tile_by_id(const tw::Content& content, const std::string& id);
// The segment of tile type `t` at rotation `rot` (quarter turns) whose location name
// (Game::location_name: "kind:port") is `name`; -1 when none.
int segment_named(const tw::TileType& t, int rot, const std::string& name);

// The scene of a view: tiles (the last one framed), followers, the score box.
BoardScene scene_of_view(const tw::Content& content, const nlohmann::json& view);
// The bounding box of the view's tiles; false when the board is empty.
bool view_bounds(const nlohmann::json& view, int& min_x, int& min_y, int& max_x, int& max_y);

// The rings of the view's options that name a segment or a cell without placing a tile
// ("meeple city:N" on the tile just placed, "ghost 3,0 field:Nw", "unghost 2,1"): each
// spot's label is the option's text (a click sends it). Options that name neither are
// chosen from the list.
std::vector<SceneSpot> view_spots(const tw::Content& content, const nlohmann::json& view,
                                  const std::vector<std::string>& options);
// "M:SS" (or "H:MM:SS") of a clock's milliseconds.
std::string clock_text(int64_t ms);

// Checks that a game of a rule set (and level) can be made on the editor's content
// before hosting one (the server checks it again).
class OptionWriter {
 public:
  // "" or why no game of the rule set can be made here.
  std::string open(const tw::Content& content, const std::string& rule_set, const std::string& level);
  bool ready() const { return game_ != nullptr; }
  const std::string& rule_set() const { return rule_set_; }
  const std::string& level() const { return level_; }

 private:
  std::unique_ptr<tw::Game> game_;
  std::string rule_set_, level_;
};

// The text of the pending decision's pass option ("" when it has none), from the view's
// option_views.
std::string view_pass(const nlohmann::json& view);

// What the server's options say about the drawn tile `tile` (a content index): the
// cells where some rotation is listed, and, for a cell, the option text of rotation
// `rot` there or of the next listed rotation (clockwise); "" when none is listed.
struct ViewPlacements {
  std::vector<std::pair<int, int>> cells;
  std::string at(int x, int y, int rot, int* chosen_rot = nullptr) const;
  std::vector<int> rotations(int x, int y) const;
  std::vector<std::string> texts;  // per cell (in `cells` order) and rotation: 4 entries a cell
};
ViewPlacements view_placements(const nlohmann::json& view, int tile, const std::vector<std::string>& options);

}  // namespace twe
