#include "engine/content.h"

#include "engine/rules/compose.h"
#include "engine/rules/registry.h"
#include "engine/text.h"

#include <algorithm>
#include <set>
#include <tuple>

namespace tw {

std::optional<int> parse_port(std::string_view name) {
  for (int p = 0; p < kPortCount; ++p)
    if (kPortNames[p] == name) return p;
  return std::nullopt;
}

// The base game's kinds, as the core plumbs them; the modules register theirs.
namespace {
constexpr KindRule kKinds[] = {
    {Kind::None, "none", 0},
    {Kind::City, "city", kNamedByEdge | kWholeEdge | kLocated | kShields},
    {Kind::Road, "road", kNamedByEdge | kLocated},
    {Kind::Field, "field", kLocated},
    {Kind::Monastery, "monastery", kCentre | kLocated},
};
}  // namespace
extern const KindTable kCoreKinds{"core", kKinds, {}};

std::string_view kind_name(Kind k) {
  const KindRule* r = kind_rule(k);
  return r ? r->name : std::string_view("?");
}

bool kind_named_by_edge(Kind k) { return (kind_props(k) & kNamedByEdge) != 0; }

const std::vector<std::string_view>& location_kind_names() {
  static const std::vector<std::string_view> names = [] {
    std::vector<std::string_view> out;
    for (size_t v = 0; v < kMaxKinds; ++v)
      if (const KindRule* r = kind_rule(static_cast<Kind>(v)); r && (r->props & kLocated)) out.push_back(r->name);
    return out;
  }();
  return names;
}

std::optional<Kind> parse_kind(std::string_view name) {
  for (size_t v = 1; v < kMaxKinds; ++v)
    if (const KindRule* r = kind_rule(static_cast<Kind>(v)); r && r->name == name) return r->kind;
  return std::nullopt;
}

bool TileType::covered_tile() const {
  return std::any_of(segments.begin(), segments.end(),
                     [](const Segment& s) { return (kind_props(s.kind) & kCover) || s.covered; });
}

int Content::find_tile(std::string_view tile_set, std::string_view id) const {
  for (size_t i = 0; i < tiles.size(); ++i)
    if (tiles[i].tile_set == tile_set && tiles[i].id == id) return static_cast<int>(i);
  return -1;
}

int Content::find_tile(std::string_view id) const {
  for (size_t i = 0; i < tiles.size(); ++i)
    if (tiles[i].id == id) return static_cast<int>(i);
  return -1;
}

const RuleSet* Content::find_rule_set(std::string_view id) const {
  for (const auto& r : rule_sets)
    if (r.id == id) return &r;
  return nullptr;
}

const Level* Content::find_level(std::string_view id) const {
  for (const auto& l : levels)
    if (l.id == id) return &l;
  return nullptr;
}

const Terrain* Content::find_terrain(std::string_view id) const {
  for (const auto& t : terrains)
    if (t.id == id) return &t;
  return nullptr;
}

std::string format_error(const std::string& source, const ContentError& e) {
  // Every part may come from the file: shown printable, a long value cut.
  std::string out = source.empty() ? std::string("<content>") : text::printable(source, 400);
  out += ": " + text::printable(e.table, 80);
  if (!e.row.empty()) out += " row " + text::printable(e.row, 80);
  if (!e.column.empty()) out += " column " + text::printable(e.column, 80);
  // 80 bytes of a value; a loader's value already cut there ("... (N bytes)") shows whole.
  if (!e.value.empty() || !e.column.empty()) out += " = '" + text::printable(e.value, 120) + "'";
  out += ": " + text::printable(e.message, 2000);
  return out;
}

namespace {
std::string seg_row(const TileType& t, size_t i) {
  return t.tile_set + "/" + t.id + "#" + std::to_string(i);
}
}  // namespace

namespace {

// Every segment is one connected piece of the tile's square, and pieces do not overlap:
// two segments whose edge ports alternate around the edge (A B A B, clockwise) would have
// to cross each other to connect their own ports. A cover segment lies above the terrain
// and is not a piece of it.
void check_crossings(const TileType& t, std::vector<ContentError>& errors) {
  for (size_t i = 0; i < t.segments.size(); ++i) {
    if (kind_props(t.segments[i].kind) & kCover) continue;
    for (size_t j = 0; j < i; ++j) {
      if (kind_props(t.segments[j].kind) & kCover) continue;
      // The owners of the edge ports, clockwise from Nw, runs of one owner merged.
      std::vector<size_t> runs;
      for (int p = 0; p < C; ++p) {
        size_t owner;
        if (t.segments[i].ports & (1u << p)) owner = i;
        else if (t.segments[j].ports & (1u << p)) owner = j;
        else continue;
        if (runs.empty() || runs.back() != owner) runs.push_back(owner);
      }
      if (runs.size() > 1 && runs.front() == runs.back()) runs.pop_back();  // around the corner
      if (runs.size() < 4) continue;
      errors.push_back({"tile_segment", seg_row(t, i), "ports", ports_text(t.segments[i].ports),
                        "crosses segment " + std::to_string(j) + " (" + ports_text(t.segments[j].ports) +
                            "): their ports alternate around the edge, so one would have to cross the other "
                            "to join its own ports"});
    }
  }
}

}  // namespace

std::string ports_text(uint16_t mask) {
  std::string s;
  for (int p = 0; p < kPortCount; ++p)
    if (mask & (1u << p)) {
      if (!s.empty()) s += ' ';
      s += kPortNames[p];
    }
  return s;
}

void finalize_tile(TileType& t, const std::vector<Terrain>& terrains,
                   std::vector<ContentError>& errors) {
  t.port_segment.fill(-1);
  t.edge.fill(0);
  const std::string row = t.tile_set + "/" + t.id;
  if (t.segments.empty())
    errors.push_back({"tile_type", row, "id", t.id, "a tile type needs at least one segment"});
  if (t.segments.size() > static_cast<size_t>(kMaxSegments))
    errors.push_back({"tile_type", row, "id", t.id, "at most " + std::to_string(kMaxSegments) + " segments per tile type"});
  // The cover layer: the cover segment over each side it reaches (its module checks
  // that it covers whole edges, one segment per side).
  t.cover_side.fill(-1);
  for (size_t i = 0; i < t.segments.size(); ++i) {
    if (!(kind_props(t.segments[i].kind) & kCover)) continue;
    for (int side = 0; side < 4; ++side)
      if (t.segments[i].ports & (7u << (3 * side))) t.cover_side[static_cast<size_t>(side)] = static_cast<int8_t>(i);
  }
  for (size_t i = 0; i < t.segments.size(); ++i) {
    const Segment& s = t.segments[i];
    const uint8_t props = kind_props(s.kind);
    if (s.ports == 0)
      errors.push_back({"tile_segment", seg_row(t, i), "ports", "",
                        "a segment must own at least one port"});
    if (props & kCover) continue;  // above the terrain: owns no port of port_segment
    for (int p = 0; p < kPortCount; ++p) {
      if (!(s.ports & (1u << p))) continue;
      if (t.port_segment[p] >= 0) {
        errors.push_back({"tile_segment", seg_row(t, i), "ports", ports_text(s.ports),
                          "port " + std::string(kPortNames[p]) + " is already owned by segment " +
                              std::to_string(t.port_segment[p])});
        continue;
      }
      t.port_segment[p] = static_cast<int8_t>(i);
    }
    if (s.kind == Kind::City && s.shields > 9)
      errors.push_back({"tile_segment", seg_row(t, i), "shields", std::to_string(s.shields),
                        "0..9 shields"});
    for (uint8_t c : s.touches) {
      if (props & kOwnTouches) break;
      if (s.kind != Kind::Field) {
        errors.push_back({"tile_segment", seg_row(t, i), "touches", std::to_string(c),
                          "only a field lists the cities it touches"});
        break;
      }
      if (c >= t.segments.size() || t.segments[c].kind != Kind::City)
        errors.push_back({"tile_segment", seg_row(t, i), "touches", std::to_string(c),
                          "the index of a city segment on the same tile"});
    }
    if ((props & kCentre) && s.ports != (1u << C))
      errors.push_back({"tile_segment", seg_row(t, i), "ports", ports_text(s.ports),
                        "a " + std::string(kind_name(s.kind)) + " owns only the centre port C"});
  }
  check_crossings(t, errors);
  for (int side = 0; side < 4; ++side) {
    const int mid = middle_port(side);
    const int seg = t.port_segment[mid];
    if (seg < 0) {
      errors.push_back({"tile_type", row, "segments", "",
                        "edge " + std::string(kPortNames[mid]) +
                            ": no segment owns its middle port, so the edge has no terrain"});
      continue;
    }
    const Segment& s = t.segments[seg];
    if (s.terrain >= terrains.size()) continue;
    t.edge[side] = terrains[s.terrain].match_group;
    if (kind_props(s.kind) & kWholeEdge) {
      for (int p = 3 * side; p < 3 * side + 3; ++p)
        if (t.port_segment[p] != seg)
          errors.push_back({"tile_segment", seg_row(t, seg), "ports", ports_text(s.ports),
                            "a " + std::string(kind_name(s.kind)) + " covers its whole edge: port " +
                                std::string(kPortNames[p]) + " is missing"});
    }
  }
  // The modules' checks of their kinds (engine/rules/registry.h: tile_checks()).
  for (const TileCheck check : tile_checks()) check(t, errors);
}

std::string segment_row(const TileType& t, size_t i) { return seg_row(t, i); }

int64_t tile_shields(const TileType& t) {
  int64_t n = 0;
  for (const Segment& s : t.segments) n += s.shields;
  return n;
}

PileSize pile_size(const Content& c, const RuleSet& r) {
  PileSize size;
  const auto add = [&](const TileType& t, int64_t copies) {
    size.tiles += copies;
    size.shields += copies * tile_shields(t);
  };
  if (r.start_tile >= 0 && r.start_tile < static_cast<int>(c.tiles.size())) {
    const TileType& start = c.tiles[static_cast<size_t>(r.start_tile)];
    if (start.piece.empty()) {
      add(start, 1);
    } else {
      for (const TileType& t : c.tiles)
        if (t.tile_set == start.tile_set && t.piece == start.piece) add(t, 1);
    }
  }
  for (const PoolEntry& e : r.pool)
    if (e.tile >= 0 && e.tile < static_cast<int>(c.tiles.size()) && e.count > 0)
      add(c.tiles[static_cast<size_t>(e.tile)], e.count);
  return size;
}

namespace {

std::string thousands(int64_t n) {
  std::string digits = std::to_string(n < 0 ? -n : n), out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return (n < 0 ? "-" : "") + out;
}

// The size limits of engine/limits.h that one rule set's games must keep.
void check_game_limits(const Content& c, const RuleSet& r, std::vector<ContentError>& errors) {
  const PileSize size = pile_size(c, r);
  std::string largest;  // the pool row with the most copies, to say where the tiles are
  int most = 0;
  for (const PoolEntry& e : r.pool)
    if (e.tile >= 0 && e.tile < static_cast<int>(c.tiles.size()) && e.count > most) {
      most = e.count;
      const TileType& t = c.tiles[static_cast<size_t>(e.tile)];
      largest = r.id + "/" + t.tile_set + "/" + t.id;
    }
  const std::string where = largest.empty() ? "" : " (the largest row: " + largest + ", count " + thousands(most) + ")";
  if (size.tiles > kMaxGameTiles)
    errors.push_back({"rule_set_pool", r.id, "count", thousands(size.tiles) + " tiles",
                      "at most " + thousands(kMaxGameTiles) + " tiles in one game, the start tile and the draw pile together" +
                          where});
  else if (size.shields > kMaxGameShields)
    errors.push_back({"rule_set_pool", r.id, "count", thousands(size.shields) + " shields",
                      "at most " + thousands(kMaxGameShields) +
                          " shields (tile_segment.shields) on the tiles of one game, the start tile and the draw pile "
                          "together" + where});
  const int64_t seats = std::min<int64_t>(r.rules.max_players, kMaxPlayers);
  const int64_t each = r.rules.followers + r.rules.guards + r.rules.general_guards;
  if (seats_hold_followers(r) && seats * each > kMaxGameFollowers)
    errors.push_back({"rule_param", r.id + "/followers", "value", std::to_string(r.rules.followers),
                      "at most " + std::to_string(kMaxGameFollowers) + " followers in one game: max_players (" +
                          std::to_string(seats) + ") x (followers + guards + general_guards = " + std::to_string(each) +
                          ") is " + std::to_string(seats * each)});
}

}  // namespace

std::vector<ContentError> validate_content(const Content& c) {
  std::vector<ContentError> errors;
  if (static_cast<int64_t>(c.tiles.size()) > kMaxTileTypes)
    errors.push_back({"tile_type", "", "id", thousands(static_cast<int64_t>(c.tiles.size())) + " tile types",
                      "at most " + thousands(kMaxTileTypes) + " tile types in a database"});
  std::set<std::pair<std::string, std::string>> seen;
  std::set<std::tuple<std::string, std::string, int, int>> cells;
  for (const auto& t : c.tiles) {
    if (!seen.insert({t.tile_set, t.id}).second)
      errors.push_back({"tile_type", t.tile_set + "/" + t.id, "id", t.id, "duplicate tile id"});
    if (!t.piece.empty() && !cells.insert({t.tile_set, t.piece, t.piece_x, t.piece_y}).second)
      errors.push_back({"tile_type", t.tile_set + "/" + t.id, "piece_x",
                        std::to_string(t.piece_x) + "," + std::to_string(t.piece_y),
                        "a cell of piece " + t.piece + " not taken by another tile type"});
  }
  std::set<std::string> rs_ids;
  for (const auto& r : c.rule_sets) {
    if (!rs_ids.insert(r.id).second)
      errors.push_back({"rule_set", r.id, "id", r.id, "duplicate rule set id"});
    if (r.start_tile < 0 || r.start_tile >= static_cast<int>(c.tiles.size()))
      errors.push_back({"rule_set", r.id, "start_tile", "", "an existing tile type"});
    int64_t total = 0;
    for (const auto& e : r.pool) {
      if (e.tile < 0 || e.tile >= static_cast<int>(c.tiles.size()))
        errors.push_back({"rule_set_pool", r.id, "tile_id", "", "an existing tile type"});
      if (e.count < 0)
        errors.push_back({"rule_set_pool", r.id, "count", std::to_string(e.count), ">= 0"});
      total += e.count;
    }
    if (total == 0)
      errors.push_back({"rule_set_pool", r.id, "count", "0", "a draw pile of at least one tile"});
    if (r.rules.min_players > r.rules.max_players)
      errors.push_back({"rule_param", r.id + "/min_players", "value",
                        std::to_string(r.rules.min_players), "min_players <= max_players"});
    check_rule_set(c, r, errors);  // engine/rules/compose.h: what its modules need
    check_game_limits(c, r, errors);
  }
  std::set<std::string> level_ids;
  for (const auto& l : c.levels) {
    if (!level_ids.insert(l.id).second) errors.push_back({"level", l.id, "id", l.id, "duplicate level id"});
    check_level(c, l, errors);  // engine/rules/level.h: the level's own columns
  }
  return errors;
}

bool same_by_symmetry(const TileType& t, int rot_a, int rot_b) {
  rot_a &= 3;
  rot_b &= 3;
  if (rot_a == rot_b) return true;
  if (!t.piece.empty()) return false;
  // Board port q shows tile port (q - 3r) mod 12 at rotation r; side d shows side d - r.
  const auto seg_at = [&](int rot, int q) { return t.port_segment[static_cast<size_t>((q + 12 - 3 * rot) % 12)]; };
  const auto side_at = [](int rot, int d) { return static_cast<size_t>((d + 4 - rot) % 4); };
  const size_t n = t.segments.size();
  std::vector<int> map(n, -1);  // segment at rot_a -> the segment in its place at rot_b
  const auto bind = [&](int a, int b) {
    if (a < 0 || b < 0) return a == b;
    if (static_cast<size_t>(a) >= n || static_cast<size_t>(b) >= n) return false;
    if (map[static_cast<size_t>(a)] < 0) map[static_cast<size_t>(a)] = b;
    return map[static_cast<size_t>(a)] == b;
  };
  for (int q = 0; q < kEdgePorts; ++q)
    if (!bind(seg_at(rot_a, q), seg_at(rot_b, q))) return false;
  if (!bind(t.port_segment[C], t.port_segment[C])) return false;
  for (size_t s = 0; s < n; ++s)  // a segment on no port stays itself
    if (map[s] < 0) map[s] = static_cast<int>(s);
  std::vector<bool> hit(n, false);  // the map must be one to one
  for (size_t s = 0; s < n; ++s) {
    if (hit[static_cast<size_t>(map[s])]) return false;
    hit[static_cast<size_t>(map[s])] = true;
  }
  for (size_t s = 0; s < n; ++s) {
    const Segment& a = t.segments[s];
    const Segment& b = t.segments[static_cast<size_t>(map[s])];
    if (a.kind != b.kind || a.terrain != b.terrain || a.shields != b.shields || a.covered != b.covered || a.mark != b.mark ||
        a.touches.size() != b.touches.size())
      return false;
    // The ports it owns, turned from rot_a to rot_b (tile port p at rot_a is on board port
    // p + 3 rot_a, which at rot_b is tile port p + 3 (rot_a - rot_b)).
    uint16_t turned = 0;
    for (int q = 0; q < kPortCount; ++q)
      if (a.ports >> q & 1) turned = static_cast<uint16_t>(turned | 1u << rotate_port(q, (rot_a - rot_b + 4) % 4));
    if (turned != b.ports) return false;
    std::vector<int> ta, tb(b.touches.begin(), b.touches.end());
    for (uint8_t x : a.touches) ta.push_back(x < n ? map[x] : x);
    std::sort(ta.begin(), ta.end());
    std::sort(tb.begin(), tb.end());
    if (ta != tb) return false;
  }
  for (int d = 0; d < 4; ++d) {
    if (t.edge[side_at(rot_a, d)] != t.edge[side_at(rot_b, d)]) return false;
    const int fa = t.cover_side[side_at(rot_a, d)], fb = t.cover_side[side_at(rot_b, d)];
    if (!(fa < 0 ? fb < 0 : (static_cast<size_t>(fa) < n && map[static_cast<size_t>(fa)] == fb))) return false;
  }
  return true;
}

int canonical_rotation(const TileType& t, int rot) {
  for (int r = 0; r < (rot & 3); ++r)
    if (same_by_symmetry(t, r, rot)) return r;
  return rot & 3;
}


}  // namespace tw
