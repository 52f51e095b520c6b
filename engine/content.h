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

// The four rule systems the engine knows; a rule set picks one and sets its numbers.
enum class System : uint8_t { Base, Gcc, Mists, Discovery };
std::string_view system_name(System s);
std::optional<System> parse_system(std::string_view name);

// Every number and switch a designer can vary. Defaults are the base game's; the
// registry below names each field for the `rule_param` table.
struct Rules {
  int64_t min_players = 1;
  int64_t max_players = 5;
  int64_t followers = 7;                // per player, in supply at the start
  int64_t road_tile_points = 1;         // completed road, per tile
  int64_t road_tile_points_final = 1;   // incomplete at the end, per tile
  int64_t city_tile_points = 2;         // completed city, per tile
  int64_t city_shield_points = 2;       // completed city, per shield
  int64_t city_tile_points_final = 1;
  int64_t city_shield_points_final = 1;
  int64_t small_city_rule = 0;          // 1: a completed 2-tile city scores small_city_points
  int64_t small_city_points = 2;
  int64_t monastery_points = 9;         // completed (8 neighbours)
  int64_t monastery_tile_points_final = 1;  // per present tile of the 9
  int64_t farmers = 1;                  // 1: followers may stand on fields
  int64_t farm_city_points = 3;         // per completed city bordering the field
  int64_t final_scoring = 1;            // 1: incomplete features and fields score at the end
  // Ghosts, Castles and Cemeteries (all off in the base game).
  int64_t fog_ghosts = 0;               // 1: fog thickening/dispersing puts ghosts with followers
  int64_t ghost_bank = 0;               // ghosts in the bank at the start
  int64_t ghost_penalty = 2;            // per ghost with a scoring follower, in play
  int64_t ghost_penalty_final = 1;      // per ghost still with a follower at the end
  int64_t final_ghost_penalty_all = 1;  // 1: every follower's ghosts cost at the end; 0: scorers only
  int64_t ghosts_to_scare = 3;          // the ghost that sends a follower home
  int64_t guards = 0;                   // guards per player in supply at the start
  int64_t general_guards = 0;           // guards per colour in the general supply
  int64_t score_floor_zero = 0;         // 1: a score never drops below 0
  int64_t score_floor_per_turn = 0;     // with the floor: 0 after each scoring step, 1 once on the turn's total
  int64_t fog_closes_fields = 0;        // 1: fields do not continue across a fog boundary
  int64_t fogged_fields_occupiable = 1; // 0: no follower on a fogged part of a field
  int64_t castle_fog_tile_points = 2;   // completed castle: per fogged tile of its 9
  int64_t castle_fog_tile_points_final = 1;  // at the end: per fogged present tile
  int64_t castle_tile_points_final = 1;      // at the end: the castle tile itself, fogged or not
  int64_t cemetery_neighbours = 8;      // tiles around a cemetery that complete it (4 or 8)
  // Mists over Carcassonne (co-op): numbers the rule book fixes, for designers to vary.
  int64_t unghost_ghosts = 3;           // ghosts one `unghost` (or a dog's clearing) removes from a tile
  int64_t dog_clear_tiles = 2;          // tiles a reached dog clears of ghosts
  int64_t dog_ghost_points = 1;         // points a dog scores per ghost on the board
  int64_t marker_supply_players = 3;    // per colour scoring: markers come from the supply from this many players
  int64_t fog_extend_fewer_ghosts = 1;  // ghosts fewer emerge when the placed tile's fog extends fog on the board
  int64_t haunted_cemetery_ghosts = 1;  // ghosts a placed haunted cemetery puts on each neighbouring fogged tile
  int64_t plain_cemetery_ghosts = 1;    // ghosts that go to an open plain cemetery when ghosts emerge on fog
  // Choices the rule book leaves open, the engine's reading the default (README: Mists).
  int64_t fog_clear_side_never_closes = 1;  // 1: fog meeting a clear side disperses (never closes); 0: the side bounds it
  int64_t dog_waits_for_follower = 0;   // 0: a dog with no standing follower is lost; 1: it waits for one
  int64_t unghost_choose_count = 0;     // 0: removing ghosts takes the most it may; 1: the player picks how many
  // Discovery (all off, or unused, in the base game: base tiles have no regions).
  int64_t takeback = 0;                 // 1: instead of a follower, take one back and score its area
  int64_t completion_scores = 1;        // 0: completing a feature scores nothing, returns nobody
  int64_t score_each_follower = 0;      // 1: at the end each follower scores its area alone
  int64_t lowland_tile_points = 1;      // open lowland, per tile
  int64_t lowland_closed_tile_points = 2;
  int64_t lowland_small_points = 2;     // closed two-tile lowland, in total
  int64_t mountain_city_points = 1;     // open mountains, per city (its own + adjacent lowlands')
  int64_t mountain_closed_city_points = 2;
  int64_t mountain_small_city_points = 1;  // closed two-tile mountains, per city
  int64_t water_city_points = 1;        // open water, per city on its shores
  int64_t water_closed_tile_points = 1;
  int64_t water_closed_city_points = 1; // the seed's worked example; 0 = the text's reading
  int64_t water_small_city_points = 1;  // closed two-tile water, per city
  int64_t hand_size = 0;                // 0: draw and place; n: keep n face-up tiles, place one, refill
  int64_t remove_tiles_1 = 0;           // tiles set aside before the game, by player count
  int64_t remove_tiles_2 = 0;
  int64_t remove_tiles_3 = 0;
  int64_t remove_tiles_4 = 0;
  int64_t remove_tiles_5 = 0;
  int64_t remove_tiles_6 = 0;
};
// The remove_tiles_N parameter for `players` seats (nullptr outside 1..kMaxPlayers).
int64_t Rules::* remove_tiles_field(int players);

// The rule module a parameter belongs to, and the rule systems whose games read it. A
// rule set whose system does not read a parameter may not set it to anything but its
// default: the value would be ignored silently (validate_content names table, row, column).
inline constexpr uint8_t system_bit(System s) { return static_cast<uint8_t>(1u << static_cast<unsigned>(s)); }
struct ParamSpec {
  std::string_view key;
  int64_t Rules::*field;
  int64_t min;
  int64_t max;
  std::string_view doc;
  std::string_view module;  // "roads", "gcc ghosts", "dogs", ...
  uint8_t systems;          // system_bit()s of the systems that read it
};
const std::vector<ParamSpec>& rule_param_specs();
const ParamSpec* find_param(std::string_view key);

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

// Mists over Carcassonne: one cooperative level (a row of the `level` table). A level
// plays on a rule set of system mists (its tiles, start piece and scoring numbers) and
// adds the numbers and switches of the level table (RULES.md section 4).
enum class CemeteryMode : uint8_t { None, Plain, Haunted };
enum class ScoringMode : uint8_t { Shared, PerColour };
std::string_view cemetery_mode_name(CemeteryMode m);
std::optional<CemeteryMode> parse_cemetery_mode(std::string_view s);
std::string_view scoring_mode_name(ScoringMode m);
std::optional<ScoringMode> parse_scoring_mode(std::string_view s);

struct LevelFollowers {
  int players = 0;     // seats
  int colours = 1;     // colours each player plays
  int per_colour = 5;  // followers of each colour
};

struct Level {
  std::string id;          // "mists-3"
  std::string name;
  int position = 0;        // order in lists
  std::string rule_set;    // a rule set of system mists
  std::vector<Kind> exclude_kinds;  // tiles with a segment of such a kind stay in the box
  uint64_t excluded_kind_bits() const {  // the same as bits: bit k for Kind k
    uint64_t bits = 0;
    for (const Kind k : exclude_kinds) bits |= uint64_t{1} << static_cast<unsigned>(k);
    return bits;
  }
  int ghost_bank = 15;     // ghosts in the bank at the start (those on the start piece included)
  int stacks = 1;          // the pile is split into this many stacks, played in order
  std::vector<int> dogs;   // dog thresholds, one per stack but the last (increasing)
  int target = 50;         // the score that wins
  CemeteryMode cemetery = CemeteryMode::None;
  ScoringMode scoring = ScoringMode::Shared;
  int score_markers = 0;   // per colour scoring: markers on the track (0 = one per colour in play)
  bool marker_from_supply = false;  // per colour, 3+ players: each marker is one of the player's followers
  std::vector<LevelFollowers> followers;  // by player count
  std::string description;
  const LevelFollowers* followers_for(int players) const;
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
