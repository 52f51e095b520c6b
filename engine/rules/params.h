// The rule modules' parameters: the rule systems, every number and switch a designer
// can vary (Rules), and each parameter's spec (name, range, default, meaning, module).
// The store, packs, the digest, the editor's forms and `content show` read them from
// rule_param_specs() (engine/rules/params.cpp).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tw {

// The four rule systems the engine knows; a rule set picks one and sets its numbers.
enum class System : uint8_t { Base, Gcc, Mists, Discovery };
std::string_view system_name(System s);
std::optional<System> parse_system(std::string_view name);

struct Content;
struct RuleSet;

// Every number and switch a designer can vary, one flat struct of every module's fields
// (as ModuleState holds every module's state): a module's table of parameters (ParamTable,
// at the end of its own file) names its fields for the `rule_param` table. Defaults are
// the base game's. A new module appends its fields at the end: their order here is the
// order users see (rule_param_specs()).
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
  int64_t marker_colours_chosen = 0;    // per colour, fewer markers than colours: 1 = the players choose their colours at setup
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
  // The big follower (Inns & Cathedrals; off unless a rule set gives one).
  int64_t big_followers = 0;            // big followers per player besides the others (0: module off)
  int64_t big_follower_strength = 2;    // what a big follower counts in a feature's majority
  // Inns and cathedrals (Inns & Cathedrals; off unless a rule set plays them): marked road
  // and city segments (Segment::mark) change what their features are worth.
  int64_t inns_cathedrals = 0;          // 1: an inn on a road and a cathedral in a city count (module on)
  int64_t inn_road_tile_points = 2;     // completed road with an inn, per tile
  int64_t inn_road_tile_points_final = 0;        // incomplete road with an inn at the end, per tile
  int64_t cathedral_city_tile_points = 3;        // completed city with a cathedral, per tile
  int64_t cathedral_city_shield_points = 3;      // ... per shield (pennant)
  int64_t cathedral_city_tile_points_final = 0;  // incomplete city with a cathedral at the end, per tile
  int64_t cathedral_city_shield_points_final = 0;  // ... per shield
  friend bool operator==(const Rules&, const Rules&) = default;
};
// The remove_tiles_N parameter for `players` seats (nullptr outside 1..kMaxPlayers).
int64_t Rules::* remove_tiles_field(int players);

// The rule module a parameter belongs to, the rule systems whose own rules read it, and
// where its module can play. Modules compose in data: a rule set may set a parameter of
// any module that can play in its games, whatever its system, when its module plays in
// that kind of game (competitive or co-op) and the rule set's tiles show a kind of
// segment the module needs. Anything else would be ignored silently, so it is refused
// at load (validate_content names table, row and column).
inline constexpr uint8_t system_bit(System s) { return static_cast<uint8_t>(1u << static_cast<unsigned>(s)); }
inline constexpr uint8_t kPlaysCompetitive = 1, kPlaysCoop = 2;
struct ParamSpec {
  std::string_view key;
  int64_t Rules::*field;
  int64_t min;
  int64_t max;
  std::string_view doc;
  std::string_view module;  // "roads", "gcc ghosts", "dogs", ...
  uint8_t systems;          // system_bit()s of the systems whose own rules read it
  // Derived from `module` and `systems` by rule_param_specs():
  uint8_t plays = 0;        // kPlaysCompetitive / kPlaysCoop: the games its module plays in
  uint64_t needs = 0;       // Kind bits: its module plays only on tiles showing one (0: any)
};

// A module's parameters are a table at the end of its own file (engine/rules/X.cpp, as
// its options and events are, engine/rules/registry.h), listed once in params.cpp. A row
// is a ParamSpec without what the table says once for all its rows: the module's name
// and the kinds of segment it needs.
inline constexpr uint8_t kSysBase = system_bit(System::Base), kSysGcc = system_bit(System::Gcc),
                         kSysMists = system_bit(System::Mists), kSysDiscovery = system_bit(System::Discovery),
                         kSysAll = kSysBase | kSysGcc | kSysMists | kSysDiscovery;
struct ParamRow {
  std::string_view key;
  int64_t Rules::*field;
  int64_t min;
  int64_t max;
  uint8_t systems;  // system_bit()s of the systems whose own rules read it
  std::string_view doc;
};
struct ParamTable {
  std::string_view module;
  uint64_t needs;  // Kind bits: the module plays only on tiles showing one (0: any)
  std::span<const ParamRow> rows;
};
// Every module's table, in the one registered order (engine/rules/params.cpp).
std::span<const ParamTable* const> param_tables();

// Whether rule set `r` (of content `c`) plays the module of `spec`: "" if it does, else
// why not, in words that complete "<key> ...". A parameter of the rule set's own system
// is read as before; one of another system's module needs the module to play in the
// rule set's kind of game (competitive or co-op) and, for a feature module, tiles that
// show its feature.
std::string param_unread_reason(const Content& c, const RuleSet& r, const ParamSpec& spec);
// Every parameter, each module's rows from its table, in the declaration order of their
// fields in Rules (the order users see: `content show`, the editor's rules form, packs,
// the digest; tests/engine/test_params.cpp pins it).
const std::vector<ParamSpec>& rule_param_specs();
const ParamSpec* find_param(std::string_view key);

}  // namespace tw
