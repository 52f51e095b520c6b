#include "board/option_map.h"

#include <algorithm>
#include <charconv>
#include <sstream>

namespace twe {

namespace {

bool parse_int(std::string_view s, int& out) {
  if (s.empty()) return false;
  const char* b = s.data();
  const char* e = s.data() + s.size();
  auto [p, ec] = std::from_chars(b, e, out);
  return ec == std::errc() && p == e;
}

bool parse_cell(std::string_view tok, int& x, int& y) {
  const size_t comma = tok.find(',');
  if (comma == std::string_view::npos) return false;
  return parse_int(tok.substr(0, comma), x) && parse_int(tok.substr(comma + 1), y);
}

}  // namespace

std::vector<OptionInfo> classify(const tw::Game& g) {
  std::vector<OptionInfo> out;
  const auto& opts = g.pending().options;
  out.reserve(opts.size());
  for (const auto& o : opts) {
    OptionInfo info;
    info.text = g.to_string(o);
    std::vector<std::string> tok;
    {
      std::istringstream in(info.text);
      std::string t;
      while (in >> t) tok.push_back(t);
    }
    if (tok.empty()) continue;
    info.verb = tok[0];
    if (info.verb == "place" && tok.size() == 4) {
      info.place = true;
      info.tile = tok[1];
      int deg = 0;
      if (parse_cell(tok[2], info.x, info.y) && tok[3].size() > 1 && parse_int(std::string_view(tok[3]).substr(1), deg)) {
        info.has_cell = true;
        info.rot = (deg / 90) % 4;
      }
      out.push_back(std::move(info));
      continue;
    }
    std::string loc;
    for (size_t i = 1; i < tok.size(); ++i) {
      int x = 0, y = 0;
      if (!info.has_cell && parse_cell(tok[i], x, y)) {
        info.has_cell = true;
        info.x = x;
        info.y = y;
      } else if (loc.empty() && tok[i].find(':') != std::string::npos) {
        loc = tok[i];
      }
    }
    if (!loc.empty()) {
      int p = -1;
      if (info.has_cell) {
        p = g.tile_at(info.x, info.y);
      } else if (g.last_placed() >= 0) {
        p = g.last_placed();
        const auto& pt = g.placed()[static_cast<size_t>(p)];
        info.has_cell = true;
        info.x = pt.x;
        info.y = pt.y;
      }
      const auto port = tw::parse_port(std::string_view(loc).substr(loc.find(':') + 1));
      if (p >= 0 && port) info.seg = g.segment_at(p, *port);
    }
    out.push_back(std::move(info));
  }
  return out;
}

std::vector<int> legal_rotations(const std::vector<OptionInfo>& opts, int x, int y) {
  std::vector<int> rots;
  for (const auto& o : opts)
    if (o.place && o.has_cell && o.x == x && o.y == y) rots.push_back(o.rot);
  std::sort(rots.begin(), rots.end());
  rots.erase(std::unique(rots.begin(), rots.end()), rots.end());
  return rots;
}

std::optional<int> effective_rotation(const std::vector<OptionInfo>& opts, int x, int y, int rot) {
  const auto rots = legal_rotations(opts, x, y);
  if (rots.empty()) return std::nullopt;
  for (int k = 0; k < 4; ++k) {
    const int r = (rot + k) % 4;
    if (std::find(rots.begin(), rots.end(), r) != rots.end()) return r;
  }
  return std::nullopt;
}

int find_place(const std::vector<OptionInfo>& opts, int x, int y, int rot) {
  for (size_t i = 0; i < opts.size(); ++i) {
    const auto& o = opts[i];
    if (o.place && o.has_cell && o.x == x && o.y == y && o.rot == rot) return static_cast<int>(i);
  }
  return -1;
}

int option_for_cell(const std::vector<OptionInfo>& opts, int x, int y, int rot) {
  if (auto r = effective_rotation(opts, x, y, rot)) return find_place(opts, x, y, *r);
  int found = -1;
  for (size_t i = 0; i < opts.size(); ++i) {
    const auto& o = opts[i];
    if (o.place || !o.has_cell || o.x != x || o.y != y) continue;
    if (found >= 0) return -1;  // several choices on this cell: the spots decide
    found = static_cast<int>(i);
  }
  return found;
}

std::vector<SceneSpot> option_spots(const std::vector<OptionInfo>& opts) {
  std::vector<SceneSpot> spots;
  for (const auto& o : opts)
    if (!o.place && o.has_cell) spots.push_back({o.x, o.y, o.seg, o.text});
  return spots;
}

std::vector<int> list_options(const std::vector<OptionInfo>& opts) {
  std::vector<int> out;
  for (size_t i = 0; i < opts.size(); ++i)
    if (!opts[i].has_cell) out.push_back(static_cast<int>(i));
  return out;
}

int find_option(const std::vector<OptionInfo>& opts, const std::string& text) {
  for (size_t i = 0; i < opts.size(); ++i)
    if (opts[i].text == text) return static_cast<int>(i);
  return -1;
}

}  // namespace twe
