// What a browser needs to draw a view without knowing a rule (issue 58): the tile art's
// key per tile on the board (`art`, the tile type's index: /tiles/RULESET.json holds its
// SVG), where each follower stands on its tile (`spot`), and each pending option's fields
// (`option_views`, in the order of `options`). A face-down tile keeps all of it back:
// no art, no spot on it, so nothing of its type reaches a client.
#include "net/view_draw.h"

#include <algorithm>
#include <cmath>

#include "engine/report.h"
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

// A badge: a count and what it counts, in words (a client draws the number, and the
// words as its title; it knows no module).
OJ badge(int n, std::string_view what) { return OJ{{"n", n}, {"what", std::string(what)}}; }

void add_drawing(const Game& g, OJ& view) {
  const ViewReport rep = view_report(g);
  OJ& board = view["board"];
  for (size_t i = 0; i < g.placed().size() && i < board.size(); ++i) {
    board[i]["art"] = face_up(board, static_cast<int>(i)) ? OJ(g.placed()[i].type) : OJ(nullptr);
    OJ badges = OJ::array();
    if (i < rep.tiles.size() && rep.tiles[i].ghosts > 0) badges.push_back(badge(rep.tiles[i].ghosts, "ghosts"));
    board[i]["badges"] = badges;
  }
  // The followers in the order state_json lists them (those on the board).
  size_t k = 0;
  OJ& followers = view["followers"];
  for (size_t fi = 0; fi < g.followers().size(); ++fi) {
    const Follower& f = g.followers()[fi];
    if (f.placed < 0) continue;
    if (k >= followers.size()) break;
    followers[k]["spot"] = face_up(board, f.placed) ? spot_of(g, f.placed, f.seg) : OJ(nullptr);
    OJ badges = OJ::array();
    if (fi < rep.figures.size()) {
      const auto& fig = rep.figures[fi];
      if (fig.ghosts > 0) badges.push_back(badge(fig.ghosts, "ghosts"));
      if (fig.dogs > 0) badges.push_back(badge(fig.dogs, "dogs"));
      if (fig.buried) badges.push_back(badge(1, "buried"));
    }
    followers[k]["badges"] = badges;
    ++k;
  }
  // The modules' counters and each seat's other figures, as lines a client shows as they come.
  std::vector<ViewReport::Counter> counters = rep.counters;
  std::stable_sort(counters.begin(), counters.end(), [](const auto& a, const auto& b) { return a.rank < b.rank; });
  OJ lines = OJ::array();
  for (const auto& c : counters) lines.push_back(OJ{{"key", std::string(c.key)}, {"words", std::string(c.words)}, {"value", c.value}});
  OJ seats = OJ::array();
  for (const auto& per : rep.seat_figures) {
    OJ one = OJ::array();
    for (const auto& sf : per) one.push_back(OJ{{"noun", std::string(sf.noun)}, {"supply", sf.supply}, {"general", sf.general}});
    seats.push_back(one);
  }
  view["report"] = OJ{{"counters", lines}, {"seat_figures", seats}};
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
