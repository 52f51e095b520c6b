// Content: the engine's view of everything a database defines — terrains, tile types
// with their segments, and rule sets with their tile pools and parameters.
//
// These are plain values. The store (schema/) builds them from SQLite rows and checks
// them; the engine only reads them. Invariants a loaded Content keeps (checked by
// `validate_content`): every tile type has at most one segment per port, each edge's
// middle port is owned by a segment whose terrain names the edge's match group, field
// `touches` lists point at city segments of the same tile, a Discovery region (lowland,
// mountain, water) owns whole edges, its `touches` list names other regions of the tile
// both ways round, and per tile the land regions' and the water regions' city counts
// (`shields`) agree, and every pool entry refers to an existing tile type.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/limits.h"  // kMaxPlayers and every other size limit
#include "engine/rules/level.h"   // Level: a co-op level (its module's row type)
#include "engine/rules/params.h"  // System, Rules, ParamSpec: the rule modules' parameters

namespace tw {

// Ports run clockwise from the west end of the north edge:
//   Nw N Ne | En E Es | Se S Sw | Ws W Wn, then the centre C.
// Rotating a tile 90 degrees clockwise moves port p to (p + 3) % 12.
enum Port : uint8_t { Nw, N, Ne, En, E, Es, Se, S, Sw, Ws, W, Wn, C, kPortCount };
inline constexpr int kEdgePorts = 12;
inline constexpr std::array<std::string_view, kPortCount> kPortNames = {
    "Nw", "N", "Ne", "En", "E", "Es", "Se", "S", "Sw", "Ws", "W", "Wn", "C"};
// Sides: 0 N, 1 E, 2 S, 3 W. Middle port of side d is 3d+1.
inline constexpr int middle_port(int side) { return 3 * side + 1; }
inline constexpr int port_side(int port) { return port / 3; }
inline constexpr int rotate_port(int port, int quarter_turns) {
  return port == C ? C : (port + 3 * quarter_turns) % 12;
}
// The port of the neighbour across the edge that touches `port`.
inline constexpr int opposite_port(int port) {
  const int side = port / 3;
  return (side == 0 || side == 2) ? (8 - port + 12) % 12 : (14 - port) % 12;
}
std::optional<int> parse_port(std::string_view name);
// "Nw N Ne" for a port mask, in port order: how tile_segment.ports is written.
std::string ports_text(uint16_t mask);

// What a segment is, for the rule modules. Terrains in the database map onto these.
enum class Kind : uint8_t {
  None, City, Road, Field, Monastery, Castle, Cemetery, Lowland, Mountain, Water,
  Fog,   // Mists/GCC: a second layer over whole edges (and the centre); see Segment
  Ruin   // the start piece's central ruin: ends roads, separates fields, never scored
};
std::string_view kind_name(Kind k);  // "city", "road", ... as in NOTATION.md
std::optional<Kind> parse_kind(std::string_view name);
// The kinds a location "kind:port" of option text may name, in Kind order.
const std::vector<std::string_view>& location_kind_names();
// Kinds whose segments cover an edge middle and are named by it (city, road, regions).
inline bool kind_named_by_edge(Kind k) {
  return k == Kind::City || k == Kind::Road || k == Kind::Lowland || k == Kind::Mountain ||
         k == Kind::Water;
}

struct Terrain {
  std::string id;          // database id, e.g. "city"
  Kind kind = Kind::None;  // the rule module's view
  std::string match;       // edges match when their terrains' match groups are equal
  std::string colour;      // "#rrggbb", used by the editor
  uint8_t match_group = 0; // 1..15, assigned by the loader from `match`
};

// A segment of kind Fog lies in the fog layer: it owns whole edges (all 3 ports of each
// fogged side, plus C for a patch in the middle) on top of the terrain segments, which
// keep their own ports. A road or field under fog carries `fogged`: a field lies wholly
// under fog or wholly outside it (fog closes fields), a road is fogged when it reaches a
// fogged side. Cities are never fogged.
struct Segment {
  Kind kind = Kind::None;
  uint8_t terrain = 0;            // index into Content::terrains
  uint16_t ports = 0;             // bit p set = the segment owns port p (C included)
  uint8_t shields = 0;            // city: coats of arms; region: cities on its border
                                  // (Discovery: each city counts on its water side
                                  // and on its land side)
  bool fogged = false;            // Mists/GCC: fog lies over this road or field part
  std::vector<uint8_t> touches;   // field: indices of the city segments it borders;
                                  // lowland/mountain/water: the adjacent region segments
};

struct TileType {
  std::string tile_set;
  std::string id;               // "A".."X", "M01".., "MS"
  int count = 0;                // copies in the physical tile set
  bool reconstructed = false;   // geometry designed by us, not from a public source
  int ghost_symbols = 0;        // Mists: ghosts that emerge when placed
  std::string note;
  std::string piece;            // "" or the multi-cell piece it belongs to ("MS")
  int piece_x = 0, piece_y = 0; // its cell within the piece
  std::vector<Segment> segments;
  // The id the notation uses: the piece's id for a cell of a piece.
  const std::string& notation_id() const { return piece.empty() ? id : piece; }
  // Derived by finalize_tile(): match group per side (N E S W) at rotation 0, the
  // terrain segment owning each port (-1 = none), and the fog segment over each side.
  std::array<uint8_t, 4> edge{};
  std::array<int8_t, kPortCount> port_segment{};
  std::array<int8_t, 4> fog_side{-1, -1, -1, -1};
  bool fogged_tile() const;
};

struct PoolEntry {
  int tile = -1;  // index into Content::tiles
  int count = 0;  // copies in the draw pile
};

struct RuleSet {
  std::string id;
  std::string name;
  std::string parent;  // rule set whose params this one inherits ("" = none)
  System system = System::Base;
  int start_tile = -1;  // index into Content::tiles
  std::vector<PoolEntry> pool;
  Rules rules;
  std::string description;
  // The parameters this rule set's own rows set (the rest it inherits). Filled by the
  // store; empty for content built in code, which is then checked by its values.
  std::vector<std::string_view> own_params;
};

struct Content {
  std::string source;  // where it came from (database path), for messages
  std::vector<Terrain> terrains;
  std::vector<TileType> tiles;
  std::vector<RuleSet> rule_sets;
  std::vector<Level> levels;

  int find_tile(std::string_view tile_set, std::string_view id) const;  // -1 if none
  int find_tile(std::string_view id) const;  // first match by id alone
  const RuleSet* find_rule_set(std::string_view id) const;
  const Level* find_level(std::string_view id) const;
  const Terrain* find_terrain(std::string_view id) const;
};

// One problem found while checking content, named so a designer can find it.
struct ContentError {
  std::string table;   // "tile_segment"
  std::string row;     // "base/D#2"
  std::string column;  // "ports"
  std::string value;   // the offending value
  std::string message; // what was expected
};
std::string format_error(const std::string& source, const ContentError& e);

// What one game of a rule set places at most: the start tile (every cell of its start
// piece) and the whole pool, and the shields on those tiles. Limits: kMaxGameTiles,
// kMaxGameShields (engine/limits.h). Pool entries naming no tile type count nothing.
struct PileSize {
  int64_t tiles = 0;
  int64_t shields = 0;
};
PileSize pile_size(const Content& c, const RuleSet& r);
// The shields on every segment of one tile type.
int64_t tile_shields(const TileType& t);

// Derives edge signatures and port maps for one tile type, appending any problems.
void finalize_tile(TileType& t, const std::vector<Terrain>& terrains,
                   std::vector<ContentError>& errors);
// Checks a whole Content (after every tile was finalized); returns all problems.
std::vector<ContentError> validate_content(const Content& c);

}  // namespace tw
