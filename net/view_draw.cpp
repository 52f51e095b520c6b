// What a browser needs to draw a view without knowing a rule (issue 58): the tile art's
// key per tile on the board (`art`, the tile type's index: /tiles/RULESET.json holds its
// SVG), where each follower stands on its tile (`spot`), and each pending option's fields
// (`option_views`, in the order of `options`). A face-down tile keeps all of it back:
// no art, no spot on it, so nothing of its type reaches a client.
#include "net/view_draw.h"

#include <cmath>

#include "present/tile_svg.h"

namespace tw::net {

namespace {
using OJ = nlohmann::ordered_json;

OJ unit(double v) { return std::round(v * 1000.0) / 1000.0; }

bool face_up(const OJ& board, int i) {
  return i >= 0 && static_cast<size_t>(i) < board.size() && board[static_cast<size_t>(i)].value("face_up", true);
}

OJ spot_of(const Game& g, int placed, int seg) {
  const PlacedTile& t = g.placed()[static_cast<size_t>(placed)];
  const auto [u, v] = segment_spot(g.content().tiles[t.type], seg, t.rot);
  return OJ::array({unit(u), unit(v)});
}
}  // namespace

void add_drawing(const Game& g, OJ& view) {
  OJ& board = view["board"];
  for (size_t i = 0; i < g.placed().size() && i < board.size(); ++i)
    board[i]["art"] = face_up(board, static_cast<int>(i)) ? OJ(g.placed()[i].type) : OJ(nullptr);
  // The followers in the order state_json lists them (those on the board).
  size_t k = 0;
  OJ& followers = view["followers"];
  for (const auto& f : g.followers()) {
    if (f.placed < 0) continue;
    if (k >= followers.size()) break;
    followers[k]["spot"] = face_up(board, f.placed) ? spot_of(g, f.placed, f.seg) : OJ(nullptr);
    ++k;
  }
  if (g.finished() || !view["pending"].is_object()) return;
  OJ& pending = view["pending"];
  const Decision& d = g.pending();
  if (d.kind == DecisionKind::Place && d.tile >= 0) pending["art"] = d.tile;
  OJ views = OJ::array();
  for (const auto& text : pending["options"]) {
    const auto o = g.parse_option(text.get<std::string>());
    OJ v = OJ::object();
    if (!o) {  // (every listed text reads back: this is only a guard)
      views.push_back(v);
      continue;
    }
    const OptionView ov = g.describe(*o);
    v["kind"] = std::string(ov.verb);
    if (ov.has_cell) {
      v["x"] = ov.x;
      v["y"] = ov.y;
    }
    if (ov.rot >= 0) {
      v["rot"] = ov.rot * 90;
      v["tile"] = ov.tile;
      v["art"] = o->tile;
    }
    if (ov.placed >= 0 && static_cast<size_t>(ov.placed) < g.placed().size()) {
      const PlacedTile& t = g.placed()[static_cast<size_t>(ov.placed)];
      v["on"] = OJ::array({t.x, t.y});
      if (ov.seg >= 0 && face_up(board, ov.placed)) v["spot"] = spot_of(g, ov.placed, ov.seg);
    }
    if (ov.colour >= 0 && static_cast<size_t>(ov.colour) < kColourNames.size())
      v["colour"] = std::string(kColourNames[static_cast<size_t>(ov.colour)]);
    if (ov.count >= 0) v["count"] = ov.count;
    views.push_back(v);
  }
  pending["option_views"] = views;
}

}  // namespace tw::net
