#include "engine/content.h"

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

namespace {
constexpr std::array<std::string_view, 12> kKindNames = {
    "none", "city", "road", "field", "monastery", "castle", "cemetery",
    "lowland", "mountain", "water", "fog", "ruin"};
}

std::string_view kind_name(Kind k) { return kKindNames[static_cast<size_t>(k)]; }

const std::vector<std::string_view>& location_kind_names() {
  static const std::vector<std::string_view> names(kKindNames.begin() + static_cast<int>(Kind::City),
                                                   kKindNames.begin() + static_cast<int>(Kind::Water) + 1);
  return names;
}

std::optional<Kind> parse_kind(std::string_view name) {
  for (size_t i = 1; i < kKindNames.size(); ++i)
    if (kKindNames[i] == name) return static_cast<Kind>(i);
  return std::nullopt;
}

bool TileType::fogged_tile() const {
  return std::any_of(segments.begin(), segments.end(),
                     [](const Segment& s) { return s.kind == Kind::Fog || s.fogged; });
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
  if (!e.value.empty() || !e.column.empty()) out += " = '" + text::printable(e.value, 80) + "'";
  out += ": " + text::printable(e.message, 2000);
  return out;
}

namespace {
bool is_region(Kind k) { return k == Kind::Lowland || k == Kind::Mountain || k == Kind::Water; }
std::string seg_row(const TileType& t, size_t i) {
  return t.tile_set + "/" + t.id + "#" + std::to_string(i);
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
  t.fog_side.fill(-1);
  uint16_t fog_ports = 0;
  int land_cities = 0, water_cities = 0;  // Discovery: each city counts once on each side
  for (size_t i = 0; i < t.segments.size(); ++i) {
    const Segment& s = t.segments[i];
    if (s.kind != Kind::Fog) continue;
    for (int side = 0; side < 4; ++side) {
      const uint16_t edge_mask = static_cast<uint16_t>(7u << (3 * side));
      const uint16_t have = s.ports & edge_mask;
      if (have == 0) continue;
      if (have != edge_mask)
        errors.push_back({"tile_segment", seg_row(t, i), "ports", ports_text(s.ports),
                          "fog covers whole edges: all three ports of side " +
                              std::string(kPortNames[static_cast<size_t>(middle_port(side))])});
      if (t.fog_side[static_cast<size_t>(side)] >= 0)
        errors.push_back({"tile_segment", seg_row(t, i), "ports", ports_text(s.ports),
                          "side " + std::string(kPortNames[static_cast<size_t>(middle_port(side))]) +
                              " is already under another fog segment"});
      t.fog_side[static_cast<size_t>(side)] = static_cast<int8_t>(i);
    }
    fog_ports |= s.ports;
  }
  for (size_t i = 0; i < t.segments.size(); ++i) {
    const Segment& s = t.segments[i];
    if (s.ports == 0)
      errors.push_back({"tile_segment", seg_row(t, i), "ports", "",
                        "a segment must own at least one port"});
    if (s.kind == Kind::Fog) {
      if (s.ports != 0 && (s.ports & 0x0FFF) == 0)
        errors.push_back({"tile_segment", seg_row(t, i), "ports", ports_text(s.ports),
                          "fog must cover at least one side: fog that touches no edge closes as it is placed, "
                          "so no ghost would ever emerge on it"});
      if (s.fogged)
        errors.push_back({"tile_segment", seg_row(t, i), "fogged", "1",
                          "0: a fog segment is the fog itself"});
      continue;
    }
    // Fog agreement: fields wholly in or out of fog, roads fogged when they reach fog.
    if (s.kind == Kind::City && (s.ports & fog_ports & 0x0FFF))
      errors.push_back({"tile_segment", seg_row(t, i), "ports", ports_text(s.ports),
                        "fog never lies over a city"});
    if (s.kind == Kind::Field || s.kind == Kind::Road) {
      const uint16_t edge_ports = s.ports & 0x0FFF;
      const bool any_fog = (edge_ports & fog_ports) != 0;
      const bool all_fog = edge_ports != 0 && (edge_ports & fog_ports) == edge_ports;
      if (s.kind == Kind::Field && edge_ports != 0 && any_fog != all_fog)
        errors.push_back({"tile_segment", seg_row(t, i), "ports", ports_text(s.ports),
                          "a field lies wholly under fog or wholly outside it (fog closes fields)"});
      if (edge_ports != 0 && s.fogged != any_fog)
        errors.push_back({"tile_segment", seg_row(t, i), "fogged", s.fogged ? "1" : "0",
                          std::string(any_fog ? "1" : "0") + ": the segment " +
                              (any_fog ? "reaches" : "does not reach") + " a fogged side"});
    }
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
    if (s.kind != Kind::City && !is_region(s.kind) && s.shields != 0)
      errors.push_back({"tile_segment", seg_row(t, i), "shields", std::to_string(s.shields),
                        "only a city or a Discovery region segment carries shields"});
    if (s.fogged && s.kind != Kind::Road && s.kind != Kind::Field && s.kind != Kind::Fog)
      errors.push_back({"tile_segment", seg_row(t, i), "fogged", "1",
                        "fog lies only over roads and fields, never over a " +
                            std::string(kind_name(s.kind))});
    if (is_region(s.kind)) {
      // Discovery: `touches` lists the adjacent regions of the same tile, both ways.
      for (uint8_t c : s.touches) {
        if (c >= t.segments.size() || c == i || !is_region(t.segments[c].kind)) {
          errors.push_back({"tile_segment", seg_row(t, i), "touches", std::to_string(c),
                            "the index of another region segment (lowland, mountain, water) "
                            "on the same tile"});
          continue;
        }
        const auto& back = t.segments[c].touches;
        if (std::find(back.begin(), back.end(), static_cast<uint8_t>(i)) == back.end())
          errors.push_back({"tile_segment", seg_row(t, i), "touches", std::to_string(c),
                            "adjacency goes both ways: segment " + std::to_string(c) +
                                " must list " + std::to_string(i) + " too"});
      }
      if (s.shields && s.kind != Kind::Water) land_cities += s.shields;
      if (s.shields && s.kind == Kind::Water) water_cities += s.shields;
      if (s.shields) {
        // A city lies between water and land: the segment must touch the other side.
        bool other = false;
        for (uint8_t c : s.touches)
          if (c < t.segments.size() && is_region(t.segments[c].kind) &&
              (t.segments[c].kind == Kind::Water) != (s.kind == Kind::Water) && t.segments[c].shields)
            other = true;
        if (!other)
          errors.push_back({"tile_segment", seg_row(t, i), "shields", std::to_string(s.shields),
                            "a city lies between water and land: the segment must touch a region "
                            "of the other side that counts cities too"});
      }
    }
    for (uint8_t c : s.touches) {
      if (is_region(s.kind)) break;
      if (s.kind != Kind::Field) {
        errors.push_back({"tile_segment", seg_row(t, i), "touches", std::to_string(c),
                          "only a field lists the cities it touches"});
        break;
      }
      if (c >= t.segments.size() || t.segments[c].kind != Kind::City)
        errors.push_back({"tile_segment", seg_row(t, i), "touches", std::to_string(c),
                          "the index of a city segment on the same tile"});
    }
    if ((s.kind == Kind::Monastery || s.kind == Kind::Castle || s.kind == Kind::Cemetery) &&
        s.ports != (1u << C))
      errors.push_back({"tile_segment", seg_row(t, i), "ports", ports_text(s.ports),
                        "a " + std::string(kind_name(s.kind)) + " owns only the centre port C"});
  }
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
    if (s.kind == Kind::City || is_region(s.kind)) {
      for (int p = 3 * side; p < 3 * side + 3; ++p)
        if (t.port_segment[p] != seg)
          errors.push_back({"tile_segment", seg_row(t, seg), "ports", ports_text(s.ports),
                            "a " + std::string(kind_name(s.kind)) + " covers its whole edge: port " +
                                std::string(kPortNames[p]) + " is missing"});
    }
  }
  if (land_cities != water_cities)
    errors.push_back({"tile_type", row, "segments", "",
                      "Discovery cities: the land segments count " + std::to_string(land_cities) +
                          " and the water segments " + std::to_string(water_cities) +
                          "; every city counts once on each side"});
}

namespace {

// The rule system named in rule_set.system must be the one whose rules the rule set
// uses: its tiles hold only the kinds of segment that system scores, and the switches
// that turn on another system's rules stay off. (A Discovery rule set marked gcc would
// otherwise load and play as if nothing were wrong.)
void check_system(const Content& c, const RuleSet& r, std::vector<ContentError>& errors) {
  const size_t first = errors.size();
  const auto allowed = [&](Kind k) {
    // Fog, castles and cemeteries mean nothing to the base rules, so base may draw GCC
    // tiles (a designer's mix); Discovery's regions mean something only to Discovery.
    if (r.system == System::Discovery) return is_region(k) || k == Kind::None;
    return !is_region(k);
  };
  const std::string sys(system_name(r.system));
  std::set<Kind> foreign;
  const auto look_at = [&](int tile) {
    if (tile < 0 || tile >= static_cast<int>(c.tiles.size())) return;
    for (const auto& seg : c.tiles[static_cast<size_t>(tile)].segments)
      if (!allowed(seg.kind)) foreign.insert(seg.kind);
  };
  look_at(r.start_tile);
  for (const auto& e : r.pool)
    if (e.count > 0) look_at(e.tile);
  if (!foreign.empty()) {
    std::string kinds;
    for (Kind k : foreign) kinds += (kinds.empty() ? "" : ", ") + std::string(kind_name(k));
    errors.push_back({"rule_set", r.id, "system", sys,
                      "the rule set's tiles hold " + kinds + " segments, which the " + sys +
                          " rules do not score; name the system whose tiles these are"});
  }
  const Rules defaults;
  if (r.system == System::Mists) {
    // What a co-op level decides, or the co-op rules do not have: a rule set of system
    // mists that sets it otherwise would be overridden silently (RULES.md section 4).
    struct Fixed {
      std::string_view key;
      int64_t Rules::*field;
      int64_t value;
      std::string_view why;
    };
    static constexpr Fixed kFixed[] = {
        {"farmers", &Rules::farmers, 0, "the co-op rules have no farmers"},
        {"final_scoring", &Rules::final_scoring, 0, "nothing scores at the end of a co-op game"},
        {"fog_ghosts", &Rules::fog_ghosts, 0, "co-op ghosts come from the level's ghost bank, not from fog"},
        {"takeback", &Rules::takeback, 0, "takeback is a Discovery rule"},
        {"hand_size", &Rules::hand_size, 0, "hands are a Discovery rule"},
        {"guards", &Rules::guards, 0, "the co-op rules have no guards"},
        {"general_guards", &Rules::general_guards, 0, "the co-op rules have no guards"},
        {"ghost_bank", &Rules::ghost_bank, 0, "the level's ghost_bank column decides it"},
        {"cemetery_neighbours", &Rules::cemetery_neighbours, 8, "the level's cemetery column decides it (plain 4, haunted 8)"},
    };
    for (const auto& f : kFixed) {
      if (r.rules.*f.field == f.value) continue;
      errors.push_back({"rule_param", r.id + "/" + std::string(f.key), "value", std::to_string(r.rules.*f.field),
                        std::to_string(f.value) + " for a rule set of system mists: " + std::string(f.why) +
                            " (the value would be ignored)"});
    }
  }
  // A parameter whose module the rule set's games do not play would be ignored.
  for (const ParamSpec& spec : rule_param_specs()) {
    if (r.rules.*spec.field == defaults.*spec.field) continue;
    const std::string why = param_unread_reason(c, r, spec);
    if (why.empty()) continue;
    // Set by a parent of another system (base's followers under mists): the parent's
    // games read it, this one's levels decide. Only the rule set's own rows are refused.
    if (!r.own_params.empty() && std::find(r.own_params.begin(), r.own_params.end(), spec.key) == r.own_params.end())
      continue;
    if (std::any_of(errors.begin() + static_cast<std::ptrdiff_t>(first), errors.end(),
                    [&](const ContentError& e) { return e.row == r.id + "/" + std::string(spec.key); }))
      continue;  // reported above, with the co-op reason
    errors.push_back({"rule_param", r.id + "/" + std::string(spec.key), "value", std::to_string(r.rules.*spec.field),
                      std::string(spec.key) + why + " (leave it at " + std::to_string(defaults.*spec.field) + " or " +
                          (why.find("tiles") != std::string::npos ? "add such tiles to the pool" : "change rule_set.system") +
                          ")"});
  }
}

}  // namespace


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
  if (r.system != System::Mists && seats * each > kMaxGameFollowers)
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
    check_system(c, r, errors);
    check_game_limits(c, r, errors);
  }
  std::set<std::string> level_ids;
  for (const auto& l : c.levels) {
    if (!level_ids.insert(l.id).second) errors.push_back({"level", l.id, "id", l.id, "duplicate level id"});
    const RuleSet* rs = c.find_rule_set(l.rule_set);
    if (!rs)
      errors.push_back({"level", l.id, "rule_set", l.rule_set, "the id of a rule set"});
    else if (rs->system != System::Mists)
      errors.push_back({"level", l.id, "rule_set", l.rule_set,
                        "a rule set of system mists, not " + std::string(system_name(rs->system))});
    if (l.ghost_bank < 0 || l.ghost_bank > kMaxGhostBank)
      errors.push_back({"level", l.id, "ghost_bank", std::to_string(l.ghost_bank), "0.." + std::to_string(kMaxGhostBank)});
    if (l.stacks < 1) errors.push_back({"level", l.id, "stacks", std::to_string(l.stacks), ">= 1"});
    if (static_cast<int>(l.dogs.size()) > l.stacks - 1)
      errors.push_back({"level", l.id, "dogs", std::to_string(l.dogs.size()) + " dogs",
                        "at most one dog per stack but the last (" + std::to_string(l.stacks - 1) + ")"});
    for (size_t i = 0; i < l.dogs.size(); ++i)
      if (l.dogs[i] <= 0 || (i > 0 && l.dogs[i] <= l.dogs[i - 1]) || l.dogs[i] >= l.target)
        errors.push_back({"level", l.id, "dogs", std::to_string(l.dogs[i]),
                          "positive increasing thresholds below the target (" + std::to_string(l.target) + ")"});
    if (l.followers.empty())
      errors.push_back({"level_followers", l.id, "players", "", "at least one player count"});
    if (rs) {
      // The level's pile must hold at least one tile per stack.
      int64_t total = 0;
      for (const auto& e : rs->pool) {
        if (e.tile < 0 || e.tile >= static_cast<int>(c.tiles.size())) continue;
        bool excluded = false;
        for (const auto& seg : c.tiles[static_cast<size_t>(e.tile)].segments)
          excluded |= std::find(l.exclude_kinds.begin(), l.exclude_kinds.end(), seg.kind) != l.exclude_kinds.end();
        if (!excluded) total += e.count;
      }
      if (total < l.stacks)
        errors.push_back({"level", l.id, "exclude_kinds", std::to_string(total) + " tiles left",
                          "a pile of at least one tile per stack"});
      for (const auto& f : l.followers)
        if (static_cast<int64_t>(f.players) * f.colours * f.per_colour > kMaxGameFollowers)
          errors.push_back({"level_followers", l.id + "/" + std::to_string(f.players), "per_colour",
                            std::to_string(f.per_colour),
                            "at most " + std::to_string(kMaxGameFollowers) + " followers in one game: players x colours x "
                            "per_colour is " + std::to_string(static_cast<int64_t>(f.players) * f.colours * f.per_colour)});
        else if (f.players < rs->rules.min_players || f.players > std::min<int64_t>(rs->rules.max_players, kMaxPlayers) ||
            f.colours * f.players > kMaxPlayers)
          errors.push_back({"level_followers", l.id + "/" + std::to_string(f.players), "players",
                            std::to_string(f.players) + " x " + std::to_string(f.colours) + " colours",
                            "a seat count the rule set allows, and at most " + std::to_string(kMaxPlayers) +
                                " colours in all"});
    }
  }
  return errors;
}

}  // namespace tw
