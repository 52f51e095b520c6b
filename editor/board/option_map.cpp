#include "board/option_map.h"

#include <algorithm>

namespace twe {

std::vector<OptionInfo> classify(const tw::Game& g) {
  std::vector<OptionInfo> out;
  const auto& opts = g.pending().options;
  out.reserve(opts.size());
  for (const auto& o : opts) {
    const tw::OptionView v = g.describe(o);
    OptionInfo info;
    info.option = o;
    info.text = g.to_string(o);
    info.colour = v.colour;
    info.verb = std::string(v.verb);
    if (o.kind == tw::OptKind::Place) {
      info.place = true;
      info.tile = v.tile;
      info.rot = v.rot;
    }
    if (v.has_cell) {
      info.has_cell = true;
      info.x = v.x;
      info.y = v.y;
    }
    if (v.placed >= 0) {
      // A follower option without a cell (meeple, guard) belongs to the tile's cell.
      const auto& pt = g.placed()[static_cast<size_t>(v.placed)];
      if (!info.has_cell) {
        info.has_cell = true;
        info.x = pt.x;
        info.y = pt.y;
      }
      info.seg = v.seg;
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
    if (!o.place && o.has_cell) spots.push_back({o.x, o.y, o.seg, o.text, o.option, o.verb, o.colour});
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

int find_kind(const std::vector<OptionInfo>& opts, tw::OptKind kind) {
  for (size_t i = 0; i < opts.size(); ++i)
    if (opts[i].option.kind == kind) return static_cast<int>(i);
  return -1;
}

}  // namespace twe
