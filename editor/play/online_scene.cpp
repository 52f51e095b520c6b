#include "play/online_scene.h"

#include <cstdio>

#include <algorithm>
#include <set>

namespace twe {

using J = nlohmann::json;

namespace {

constexpr std::array<int, 8> kFieldNameOrder = {tw::Nw, tw::Ne, tw::En, tw::Es, tw::Se, tw::Sw, tw::Ws, tw::Wn};

int colour_index(const std::string& name) {
  for (size_t i = 0; i < tw::kColourNames.size(); ++i)
    if (tw::kColourNames[i] == name) return static_cast<int>(i);
  return 0;
}

int integer(const J& j, const char* key, int fallback = 0) {
  auto it = j.find(key);
  return it != j.end() && it->is_number_integer() ? it->get<int>() : fallback;
}

}  // namespace

const tw::TileType* tile_by_id(const tw::Content& content, const std::string& id) {
  for (const auto& t : content.tiles)
    if (t.id == id) return &t;
  for (const auto& t : content.tiles)
    if (t.notation_id() == id) return &t;
  return nullptr;
}

int segment_named(const tw::TileType& t, int rot, const std::string& name) {
  // The board port q of a tile at rotation r shows its own port (q - 3r) mod 12.
  auto seg_at = [&](int q) {
    const int p = ((q - 3 * rot) % tw::kEdgePorts + tw::kEdgePorts) % tw::kEdgePorts;
    return static_cast<int>(t.port_segment[static_cast<size_t>(p)]);
  };
  for (size_t s = 0; s < t.segments.size(); ++s) {
    const tw::Kind k = t.segments[s].kind;
    std::string n = std::string(tw::kind_name(k)) + ":";
    std::string port = "C";
    if (tw::kind_named_by_edge(k)) {
      for (int side = 0; side < 4; ++side)
        if (seg_at(tw::middle_port(side)) == static_cast<int>(s)) {
          port = std::string(tw::kPortNames[static_cast<size_t>(tw::middle_port(side))]);
          break;
        }
    } else if (k == tw::Kind::Field) {
      for (int q : kFieldNameOrder)
        if (seg_at(q) == static_cast<int>(s)) {
          port = std::string(tw::kPortNames[static_cast<size_t>(q)]);
          break;
        }
    }
    if (n + port == name) return static_cast<int>(s);
  }
  return -1;
}

bool view_bounds(const J& view, int& min_x, int& min_y, int& max_x, int& max_y) {
  if (!view.is_object() || !view.contains("board") || !view["board"].is_array() || view["board"].empty()) return false;
  bool first = true;
  for (const auto& b : view["board"]) {
    const int x = integer(b, "x"), y = integer(b, "y");
    if (first) {
      min_x = max_x = x;
      min_y = max_y = y;
      first = false;
    }
    min_x = std::min(min_x, x);
    max_x = std::max(max_x, x);
    min_y = std::min(min_y, y);
    max_y = std::max(max_y, y);
  }
  return true;
}

BoardScene scene_of_view(const tw::Content& content, const J& view) {
  BoardScene s;
  if (!view.is_object() || !view.contains("board") || !view["board"].is_array() || content.tiles.empty()) return s;
  const auto& board = view["board"];
  for (size_t i = 0; i < board.size(); ++i) {
    const J& b = board[i];
    SceneTile t;
    t.x = integer(b, "x");
    t.y = integer(b, "y");
    t.rot = ((integer(b, "rot") / 90) % 4 + 4) % 4;
    t.ghosts = integer(b, "ghosts");
    const bool up = b.value("face_up", true) && b.contains("tile") && b["tile"].is_string();
    t.type = up ? tile_by_id(content, b["tile"].get<std::string>()) : nullptr;
    if (!t.type) {  // face down (or a tile this content lacks): its back
      t.type = &content.tiles.front();
      t.face_down = true;
    }
    t.last = i + 1 == board.size() && board.size() > 1;
    s.tiles.push_back(t);
  }
  if (view.contains("followers") && view["followers"].is_array())
    for (const auto& f : view["followers"]) {
      const int x = integer(f, "x"), y = integer(f, "y");
      const SceneTile* on = nullptr;
      for (const auto& t : s.tiles)
        if (t.x == x && t.y == y) on = &t;
      if (!on || on->face_down) continue;
      SceneFollower sf;
      sf.type = on->type;
      sf.x = x;
      sf.y = y;
      sf.rot = on->rot;
      sf.seg = segment_named(*on->type, on->rot, f.value("at", std::string()));
      if (sf.seg < 0) continue;
      sf.player = colour_index(f.value("colour", std::string()));
      sf.guard = f.value("kind", std::string()) == "guard";
      sf.ghosts = integer(f, "ghosts");
      sf.dogs = integer(f, "dogs");
      sf.buried = f.value("buried", false);
      s.followers.push_back(sf);
    }
  if (view.contains("scores") && view["scores"].is_object()) {
    int i = 0;
    for (auto it = view["scores"].begin(); it != view["scores"].end(); ++it, ++i) {
      s.score_lines.push_back(it.key() + " " + (it->is_number() ? it->dump() : std::string("?")));
      // Competitive: seat i plays colour i; co-op: the key is the colour's name.
      int c = i;
      for (size_t k = 0; k < tw::kColourNames.size(); ++k)
        if (tw::kColourNames[k] == it.key()) c = static_cast<int>(k);
      s.score_colours.push_back(it.key() == "team" ? wxColour(0x70, 0x70, 0x70) : player_colour(c));
    }
  }
  return s;
}

std::vector<SceneSpot> view_spots(const tw::Content& content, const J& view, const std::vector<std::string>& options) {
  std::vector<SceneSpot> out;
  if (!view.is_object() || !view.contains("board") || !view["board"].is_array() || view["board"].empty()) return out;
  const J& board = view["board"];
  auto tile_at = [&](int x, int y, int& rot) -> const tw::TileType* {
    for (const auto& b : board)
      if (integer(b, "x") == x && integer(b, "y") == y) {
        rot = ((integer(b, "rot") / 90) % 4 + 4) % 4;
        if (!b.value("face_up", true) || !b.contains("tile") || !b["tile"].is_string()) return nullptr;
        return tile_by_id(content, b["tile"].get<std::string>());
      }
    return nullptr;
  };
  for (const std::string& text : options) {
    std::vector<std::string> words;
    std::string w;
    for (char ch : text + " ") {
      if (ch == ' ') {
        if (!w.empty()) words.push_back(w);
        w.clear();
      } else {
        w += ch;
      }
    }
    if (words.empty() || words[0] == "place" || words[0] == "pass") continue;
    SceneSpot s;
    s.label = text;
    s.verb = words[0];
    bool cell = false;
    std::string at;
    for (size_t i = 1; i < words.size(); ++i) {
      const std::string& t = words[i];
      int x = 0, y = 0;
      char comma = 0;
      if (std::sscanf(t.c_str(), "%d%c%d", &x, &comma, &y) == 3 && comma == ',' && !cell) {
        s.x = x;
        s.y = y;
        cell = true;
      } else if (t.find(':') != std::string::npos && at.empty()) {
        at = t;
      } else {
        for (size_t k = 0; k < tw::kColourNames.size(); ++k)
          if (tw::kColourNames[k] == t) s.colour = static_cast<int>(k);
      }
    }
    if (!cell && at.empty()) continue;  // from the list
    if (!cell) {  // a segment of the tile just placed
      const J& last = board.back();
      s.x = integer(last, "x");
      s.y = integer(last, "y");
    }
    int rot = 0;
    const tw::TileType* t = tile_at(s.x, s.y, rot);
    if (!at.empty()) {
      if (!t) continue;
      s.seg = segment_named(*t, rot, at);
      if (s.seg < 0) continue;
    }
    out.push_back(std::move(s));
  }
  return out;
}

std::string clock_text(int64_t ms) {
  const int64_t s = std::max<int64_t>(0, ms) / 1000;
  char buf[32];
  if (s >= 3600)
    std::snprintf(buf, sizeof buf, "%lld:%02lld:%02lld", static_cast<long long>(s / 3600),
                  static_cast<long long>(s / 60 % 60), static_cast<long long>(s % 60));
  else
    std::snprintf(buf, sizeof buf, "%lld:%02lld", static_cast<long long>(s / 60), static_cast<long long>(s % 60));
  return buf;
}

std::string OptionWriter::open(const tw::Content& content, const std::string& rule_set, const std::string& level) {
  game_.reset();
  rule_set_ = rule_set;
  level_ = level;
  tw::GameSetup setup;
  setup.rule_set = rule_set;
  setup.level = level;
  setup.seed = 1;
  // Any legal seat count: the text of a placement does not depend on the players.
  for (int n = 1; n <= 6; ++n) {
    setup.players.clear();
    for (int p = 0; p < n; ++p) setup.players.push_back({"P" + std::to_string(p + 1), ""});
    auto g = std::make_unique<tw::Game>();
    if (!tw::Game::create(content, setup, *g)) {
      game_ = std::move(g);
      return {};
    }
  }
  return "no game of '" + rule_set + (level.empty() ? "" : "' level '" + level) + "' can be set up on this database";
}

std::string view_pass(const J& view) {
  if (!view.is_object() || !view.contains("pending") || !view["pending"].is_object()) return {};
  const J& p = view["pending"];
  if (!p.contains("options") || !p.contains("option_views") || !p["options"].is_array() ||
      !p["option_views"].is_array() || p["options"].size() != p["option_views"].size())
    return {};
  for (size_t i = 0; i < p["options"].size(); ++i)
    if (p["option_views"][i].is_object() && p["option_views"][i].value("kind", std::string()) == "pass" &&
        p["options"][i].is_string())
      return p["options"][i].get<std::string>();
  return {};
}

std::string ViewPlacements::at(int x, int y, int rot, int* chosen_rot) const {
  for (size_t i = 0; i < cells.size(); ++i) {
    if (cells[i] != std::make_pair(x, y)) continue;
    for (int k = 0; k < 4; ++k) {
      const int r = ((rot + k) % 4 + 4) % 4;
      const std::string& t = texts[i * 4 + static_cast<size_t>(r)];
      if (!t.empty()) {
        if (chosen_rot) *chosen_rot = r;
        return t;
      }
    }
  }
  return {};
}

std::vector<int> ViewPlacements::rotations(int x, int y) const {
  std::vector<int> out;
  for (size_t i = 0; i < cells.size(); ++i)
    if (cells[i] == std::make_pair(x, y))
      for (int r = 0; r < 4; ++r)
        if (!texts[i * 4 + static_cast<size_t>(r)].empty()) out.push_back(r);
  return out;
}

ViewPlacements view_placements(const J& view, int tile, const std::vector<std::string>& options) {
  ViewPlacements out;
  if (tile < 0 || !view.is_object() || !view.contains("pending") || !view["pending"].is_object()) return out;
  const J& p = view["pending"];
  if (!p.contains("options") || !p.contains("option_views") || !p["options"].is_array() ||
      !p["option_views"].is_array() || p["options"].size() != p["option_views"].size())
    return out;
  const std::set<std::string> listed(options.begin(), options.end());
  // The server says each option's cell and rotation (docs/protocol.md, option_views): no
  // option text is written or read here.
  for (size_t i = 0; i < p["options"].size(); ++i) {
    const J& v = p["option_views"][i];
    if (!v.is_object() || v.value("kind", std::string()) != "place" || !v.contains("x") || !v.contains("y") ||
        !v.contains("rot") || !p["options"][i].is_string())
      continue;
    if (v.contains("art") && v["art"].is_number_integer() && v["art"].get<int>() != tile) continue;
    const std::string text = p["options"][i].get<std::string>();
    if (!listed.count(text)) continue;
    const std::pair<int, int> cell{integer(v, "x"), integer(v, "y")};
    size_t at = 0;
    while (at < out.cells.size() && out.cells[at] != cell) ++at;
    if (at == out.cells.size()) {
      out.cells.push_back(cell);
      out.texts.resize(out.texts.size() + 4);
    }
    out.texts[at * 4 + static_cast<size_t>(((integer(v, "rot") / 90) % 4 + 4) % 4)] = text;
  }
  return out;
}

}  // namespace twe
