// Content: the engine's view of everything a database defines — terrains, tile types
// with their segments, and rule sets with their tile pools and parameters.
//
// These are plain values. The store (schema/) builds them from SQLite rows and checks
// them; the engine only reads them. Invariants a loaded Content keeps (checked by
// `finalize_tile` and `validate_content`): every tile type has at most one segment per
// port, each edge's middle port is owned by a segment whose terrain names the edge's match
// group, field `touches` lists point at city segments of the same tile, a segment of a
// centre kind owns only C, a segment of a whole-edge kind every port of its edges, and
// every pool entry refers to an existing tile type. The rule modules add their own
// checks of tiles (registered tile checks, engine/rules/registry.h), rule sets and levels
// (engine/rules/compose.h), which validate_content calls without naming them.
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
// The core defines the kinds of the base game it plumbs (fields are split by the cover
// layer, monasteries are the first centre kind); every other kind is declared by its
// module (`inline constexpr Kind kName{value}` in engine/rules/<module>.h) with a row of
// its kind table (engine/rules/registry.h: name and KindProp bits). Values stay below
// kMaxKinds, so per-kind arrays (the plan's value/complete/score) keep a fixed size.
enum class Kind : uint8_t { None, City, Road, Field, Monastery };
inline constexpr size_t kMaxKinds = 16;
std::string_view kind_name(Kind k);  // "city", "road", ... as in NOTATION.md ("?" if none)
std::optional<Kind> parse_kind(std::string_view name);  // a registered kind's name
// The kinds a location "kind:port" of option text may name (KindProp kLocated), in Kind order.
const std::vector<std::string_view>& location_kind_names();
// Kinds whose segments cover an edge middle and are named by it (KindProp kNamedByEdge).
bool kind_named_by_edge(Kind k);

struct Terrain {
  std::string id;          // database id, e.g. "city"
  Kind kind = Kind::None;  // the rule module's view
  std::string match;       // edges match when their terrains' match groups are equal
  std::string colour;      // "#rrggbb", used by the editor
  uint8_t match_group = 0; // 1..15, assigned by the loader from `match`
};

// The cover layer, a generic mechanism: a segment of a cover kind (KindProp kCover) lies
// in a layer above the terrain segments. It owns whole edges (all 3 ports of each side
// it covers, plus C for a patch in the middle) on top of the terrain segments, which
// keep their own ports (finalize_tile leaves a cover segment out of port_segment and
// records it in cover_side). A terrain segment that lies under the cover carries
// `covered`; a rule may make the cover split features of a kind (the plan's cover_splits:
// two segments join only when both or neither lie under it). What the cover means, and
// which terrain may lie under it, is its module's: the module of the cover kind says so
// in its header and checks its tiles. (The database keeps its own column names for
// `covered` and TileType::symbols: schema/store.cpp maps them.)
struct Segment {
  Kind kind = Kind::None;
  uint8_t terrain = 0;            // index into Content::terrains
  uint16_t ports = 0;             // bit p set = the segment owns port p (C included)
  uint8_t shields = 0;            // city: coats of arms; a module's kind (KindProp
                                  // kShields) says what it counts
  bool covered = false;            // the cover layer lies over this segment
  bool mark = false;               // a symbol printed in the segment: a module says what it
                                   // means (engine/rules/inns.h: an inn, a cathedral)
  std::vector<uint8_t> touches;   // field: indices of the city segments it borders; a
                                  // module's kind (kOwnTouches) says what it lists
};

struct TileType {
  std::string tile_set;
  std::string id;               // "A".."X", "M01".., "MS"
  int count = 0;                // copies in the physical tile set
  bool reconstructed = false;   // geometry designed by us, not from a public source
  int symbols = 0;        // symbols printed on the tile: a module says what they mean
  std::string note;
  std::string piece;            // "" or the multi-cell piece it belongs to ("MS")
  int piece_x = 0, piece_y = 0; // its cell within the piece
  std::vector<Segment> segments;
  // The id the notation uses: the piece's id for a cell of a piece.
  const std::string& notation_id() const { return piece.empty() ? id : piece; }
  // Derived by finalize_tile(): match group per side (N E S W) at rotation 0, the
  // terrain segment owning each port (-1 = none), and the cover segment over each side.
  std::array<uint8_t, 4> edge{};
  std::array<int8_t, kPortCount> port_segment{};
  std::array<int8_t, 4> cover_side{-1, -1, -1, -1};
  bool covered_tile() const;  // a cover segment or a covered segment on the tile
};

// Placements that are the same by symmetry: rotations r and r' of a tile are the same
// placement when they give the same tile edges and the same segments on the board: a
// one-to-one map of segments that keeps every segment's kind, terrain, shields, mark and cover,
// the ports it owns (rotated), what a field touches (mapped) and the cover layer's sides.
// Derived from the tile's data alone, never from its id. A monastery with fields all round
// is the same at every rotation; a straight road at r0 and r180; a tile with a road that
// crosses and one with two city caps differ where their segments do. Tiles of multi-cell
// pieces keep their rotation (the piece is not checked as a whole). The canonical
// rotation is the lowest equivalent one; the engine lists each placement once, there.
bool same_by_symmetry(const TileType& t, int rot_a, int rot_b);
int canonical_rotation(const TileType& t, int rot);

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

// The row of segment i of a tile type in messages: "base/D#2".
std::string segment_row(const TileType& t, size_t i);
// Derives edge signatures and port maps for one tile type, appending any problems (the
// core's checks, then every registered tile check).
void finalize_tile(TileType& t, const std::vector<Terrain>& terrains,
                   std::vector<ContentError>& errors);
// Checks a whole Content (after every tile was finalized); returns all problems.
std::vector<ContentError> validate_content(const Content& c);

}  // namespace tw
