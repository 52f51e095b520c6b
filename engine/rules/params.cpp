#include "engine/rules/params.h"

#include <iterator>
#include <utility>

#include "engine/content.h"

namespace tw {

std::string_view system_name(System s) {
  switch (s) {
    case System::Base: return "base";
    case System::Gcc: return "gcc";
    case System::Mists: return "mists";
    case System::Discovery: return "discovery";
  }
  return "?";
}

std::optional<System> parse_system(std::string_view name) {
  for (System s : {System::Base, System::Gcc, System::Mists, System::Discovery})
    if (system_name(s) == name) return s;
  return std::nullopt;
}

const std::vector<ParamSpec>& rule_param_specs() {
  constexpr uint8_t kB = system_bit(System::Base), kG = system_bit(System::Gcc), kM = system_bit(System::Mists),
                    kD = system_bit(System::Discovery), ALL = kB | kG | kM | kD;
  static std::vector<ParamSpec> specs = {
      {"min_players", &Rules::min_players, 1, kMaxPlayers, "fewest players a game may seat", "players", ALL},
      {"max_players", &Rules::max_players, 1, kMaxPlayers, "most players a game may seat", "players", ALL},
      {"followers", &Rules::followers, 0, 50, "followers each player has in supply at the start", "followers", kB | kG | kD},
      {"road_tile_points", &Rules::road_tile_points, 0, 100, "completed road: points per tile", "roads", kB | kG | kM},
      {"road_tile_points_final", &Rules::road_tile_points_final, 0, 100,
       "incomplete road at the end: points per tile", "roads", kB | kG},
      {"city_tile_points", &Rules::city_tile_points, 0, 100, "completed city: points per tile", "cities", kB | kG | kM},
      {"city_shield_points", &Rules::city_shield_points, 0, 100,
       "completed city: points per shield", "cities", kB | kG | kM},
      {"city_tile_points_final", &Rules::city_tile_points_final, 0, 100,
       "incomplete city at the end: points per tile", "cities", kB | kG},
      {"city_shield_points_final", &Rules::city_shield_points_final, 0, 100,
       "incomplete city at the end: points per shield", "cities", kB | kG},
      {"small_city_rule", &Rules::small_city_rule, 0, 1,
       "1: the obsolete rule, a completed two-tile city scores small_city_points", "cities", kB | kG | kM},
      {"small_city_points", &Rules::small_city_points, 0, 100,
       "points of a completed two-tile city when small_city_rule is 1", "cities", kB | kG | kM},
      {"monastery_points", &Rules::monastery_points, 0, 100,
       "completed monastery (all 8 neighbours present)", "monasteries", kB | kG},
      {"monastery_tile_points_final", &Rules::monastery_tile_points_final, 0, 100,
       "incomplete monastery at the end: points per present tile of the 9", "monasteries", kB | kG},
      {"farmers", &Rules::farmers, 0, 1, "1: followers may be placed on fields", "fields", ALL},
      {"farm_city_points", &Rules::farm_city_points, 0, 100,
       "field at the end: points per completed city it borders", "fields", kB | kG},
      {"final_scoring", &Rules::final_scoring, 0, 1,
       "1: incomplete features and fields score at the end of the game", "final scoring", ALL},
      {"fog_ghosts", &Rules::fog_ghosts, 0, 1,
       "1: a tile whose fog thickens or disperses fog puts ghosts with followers (GCC)", "gcc ghosts", kG},
      {"ghost_bank", &Rules::ghost_bank, 0, 99, "ghosts in the bank at the start", "gcc ghosts", kG},
      {"ghost_penalty", &Rules::ghost_penalty, 0, 100,
       "points lost per ghost with a scoring follower during play", "gcc ghosts", kG},
      {"ghost_penalty_final", &Rules::ghost_penalty_final, 0, 100,
       "points lost per ghost still with a follower at the end", "gcc ghosts", kG},
      {"final_ghost_penalty_all", &Rules::final_ghost_penalty_all, 0, 1,
       "1: at the end every follower's ghosts cost (not on cemeteries); 0: only followers that score", "gcc ghosts", kG},
      {"ghosts_to_scare", &Rules::ghosts_to_scare, 1, 9,
       "the ghost that sends a follower home with its ghosts", "gcc ghosts", kG},
      {"guards", &Rules::guards, 0, 20, "guards per player in supply at the start", "guards", kG},
      {"general_guards", &Rules::general_guards, 0, 20, "guards per colour in the general supply", "guards", kG},
      {"score_floor_zero", &Rules::score_floor_zero, 0, 1, "1: a score never drops below 0", "score floor", kG},
      {"score_floor_per_turn", &Rules::score_floor_per_turn, 0, 1,
       "with score_floor_zero: 0: the floor applies after each scoring step (each feature, each penalty); 1: once, "
       "to the score after the turn's (or the final) scoring", "score floor", kG},
      {"fog_closes_fields", &Rules::fog_closes_fields, 0, 1,
       "1: fog closes fields: a field does not continue across a fog boundary", "fog", kG | kM},
      {"fogged_fields_occupiable", &Rules::fogged_fields_occupiable, 0, 1,
       "0: no follower may stand on a fogged part of a field", "fog", kG},
      {"castle_fog_tile_points", &Rules::castle_fog_tile_points, 0, 100,
       "completed castle: points per fogged tile among its 9", "castles", kG | kM},
      {"castle_fog_tile_points_final", &Rules::castle_fog_tile_points_final, 0, 100,
       "incomplete castle at the end: points per fogged present tile", "castles", kG},
      {"castle_tile_points_final", &Rules::castle_tile_points_final, 0, 100,
       "incomplete castle at the end: points for the castle tile itself, fogged or not", "castles", kG},
      {"cemetery_neighbours", &Rules::cemetery_neighbours, 4, 8,
       "surrounding tiles that complete a cemetery: 4 (orthogonal) or 8", "cemeteries", kG},
      {"unghost_ghosts", &Rules::unghost_ghosts, 1, 9,
       "co-op: ghosts one unghost decision (or a dog's clearing) removes from a tile (rule book: 3)", "co-op ghost bank", kM},
      {"dog_clear_tiles", &Rules::dog_clear_tiles, 0, 9, "co-op: tiles a reached dog clears of ghosts (rule book: 2)", "dogs", kM},
      {"dog_ghost_points", &Rules::dog_ghost_points, 0, 100,
       "co-op: points a dog scores per ghost on the board when its feature scores (rule book: 1)", "dogs", kM},
      {"marker_supply_players", &Rules::marker_supply_players, 1, kMaxPlayers + 1,
       "co-op, per colour scoring with marker_from_supply: from this many players on each marker is one of the "
       "player's followers (rule book: 3; 7 = never)", "score markers", kM},
      {"fog_extend_fewer_ghosts", &Rules::fog_extend_fewer_ghosts, 0, 9,
       "co-op: ghosts fewer emerge on a tile whose fog extends fog on the board (rule book: 1)", "fog", kM},
      {"haunted_cemetery_ghosts", &Rules::haunted_cemetery_ghosts, 0, 9,
       "co-op: ghosts a placed haunted cemetery puts on each neighbouring tile with fog (rule book: 1)", "cemeteries", kM},
      {"plain_cemetery_ghosts", &Rules::plain_cemetery_ghosts, 0, 9,
       "co-op: ghosts put on an open plain cemetery whenever ghosts emerge on fog (rule book: 1)", "cemeteries", kM},
      {"fog_clear_side_never_closes", &Rules::fog_clear_side_never_closes, 0, 1,
       "co-op: 1: a fogged side meeting a clear side disperses the fog, the area never closes (the seed's "
       "footnote 3); 0: the clear side bounds the fog like any edge", "fog", kM},
      {"dog_waits_for_follower", &Rules::dog_waits_for_follower, 0, 1,
       "co-op: 0: a dog reached while no follower stands is lost; 1: it waits and joins the next standing "
       "follower at the end of a later turn", "dogs", kM},
      {"unghost_choose_count", &Rules::unghost_choose_count, 0, 1,
       "co-op: 0: removing ghosts from a tile (unghost, a dog's clearing) takes the most it may; 1: the "
       "player picks how many, `unghost x,y N`", "co-op ghost bank", kM},
      {"takeback", &Rules::takeback, 0, 1,
       "1: after placing, a player may take back a follower instead and score its area (Discovery)", "take-back", kD},
      {"completion_scores", &Rules::completion_scores, 0, 1,
       "0: completing a feature neither scores it nor returns its followers (Discovery)", "discovery regions", kD},
      {"score_each_follower", &Rules::score_each_follower, 0, 1,
       "1: at the end every follower scores its area by itself, as open (Discovery)", "discovery regions", kD},
      {"lowland_tile_points", &Rules::lowland_tile_points, 0, 100, "open lowland: points per tile", "discovery regions", kD},
      {"lowland_closed_tile_points", &Rules::lowland_closed_tile_points, 0, 100,
       "closed lowland: points per tile", "discovery regions", kD},
      {"lowland_small_points", &Rules::lowland_small_points, 0, 100,
       "closed lowland of only two tiles: points in total", "discovery regions", kD},
      {"mountain_city_points", &Rules::mountain_city_points, 0, 100,
       "open mountains: points per city in them and in the adjacent lowlands", "discovery regions", kD},
      {"mountain_closed_city_points", &Rules::mountain_closed_city_points, 0, 100,
       "closed mountains: points per city in them and in the adjacent lowlands", "discovery regions", kD},
      {"mountain_small_city_points", &Rules::mountain_small_city_points, 0, 100,
       "closed mountains of only two tiles: points per city", "discovery regions", kD},
      {"water_city_points", &Rules::water_city_points, 0, 100,
       "open water: points per city on its shores", "discovery regions", kD},
      {"water_closed_tile_points", &Rules::water_closed_tile_points, 0, 100,
       "closed water: points per tile", "discovery regions", kD},
      {"water_closed_city_points", &Rules::water_closed_city_points, 0, 100,
       "closed water: points per city on its shores (1: the seed's worked example, 0: its text)", "discovery regions", kD},
      {"water_small_city_points", &Rules::water_small_city_points, 0, 100,
       "closed water of only two tiles: points per city on its shores", "discovery regions", kD},
      {"hand_size", &Rules::hand_size, 0, 4,
       "0: draw a tile and place it; n: keep n face-up tiles, place one of them, then refill "
       "(Discovery expert variant: 2)", "hands", kD},
      {"remove_tiles_1", &Rules::remove_tiles_1, 0, 50, "tiles set aside before a 1-player game", "hands", kD},
      {"remove_tiles_2", &Rules::remove_tiles_2, 0, 50,
       "tiles set aside unplayed before a 2-player game (expert variant)", "hands", kD},
      {"remove_tiles_3", &Rules::remove_tiles_3, 0, 50, "tiles set aside before a 3-player game", "hands", kD},
      {"remove_tiles_4", &Rules::remove_tiles_4, 0, 50, "tiles set aside before a 4-player game", "hands", kD},
      {"remove_tiles_5", &Rules::remove_tiles_5, 0, 50, "tiles set aside before a 5-player game", "hands", kD},
      {"remove_tiles_6", &Rules::remove_tiles_6, 0, 50, "tiles set aside before a 6-player game", "hands", kD},
      {"big_followers", &Rules::big_followers, 0, 3,
       "big followers each player has besides the others (Inns & Cathedrals: 1; 0: none)", "big follower",
       kB | kG | kD},
      {"big_follower_strength", &Rules::big_follower_strength, 2, 9,
       "what a big follower counts in a feature's majority (Inns & Cathedrals: 2)", "big follower", kB | kG | kD},
  };
  static const bool derived = [] {
    // Where each module plays: in co-op games when the co-op system reads it, in
    // competitive games when a competitive system does; the feature modules of the
    // expansions only on tiles that show their kind of segment.
    const auto bit = [](Kind k) { return uint64_t{1} << static_cast<unsigned>(k); };
    const std::pair<std::string_view, uint64_t> needs[] = {
        {"castles", bit(Kind::Castle)},
        {"cemeteries", bit(Kind::Cemetery)},
        {"fog", bit(Kind::Fog)},
        {"gcc ghosts", bit(Kind::Fog)},
        {"discovery regions", bit(Kind::Lowland) | bit(Kind::Mountain) | bit(Kind::Water)}};
    for (ParamSpec& spec : specs) {
      spec.plays = static_cast<uint8_t>(((spec.systems & kM) ? kPlaysCoop : 0) |
                                        ((spec.systems & (kB | kG | kD)) ? kPlaysCompetitive : 0));
      for (const auto& [module, kinds] : needs)
        if (spec.module == module) spec.needs = kinds;
    }
    return true;
  }();
  (void)derived;
  return specs;
}

int64_t Rules::* remove_tiles_field(int players) {
  static constexpr int64_t Rules::* kFields[] = {&Rules::remove_tiles_1, &Rules::remove_tiles_2, &Rules::remove_tiles_3,
                                                 &Rules::remove_tiles_4, &Rules::remove_tiles_5, &Rules::remove_tiles_6};
  static_assert(std::size(kFields) == kMaxPlayers);
  return players >= 1 && players <= kMaxPlayers ? kFields[players - 1] : nullptr;
}

const ParamSpec* find_param(std::string_view key) {
  for (const auto& s : rule_param_specs())
    if (s.key == key) return &s;
  return nullptr;
}

std::string param_unread_reason(const Content& c, const RuleSet& r, const ParamSpec& spec) {
  const bool coop = r.system == System::Mists;
  if (!(spec.plays & (coop ? kPlaysCoop : kPlaysCompetitive))) {
    std::string readers;
    for (System s : {System::Base, System::Gcc, System::Mists, System::Discovery})
      if (spec.systems & system_bit(s)) readers += (readers.empty() ? "" : " and ") + std::string(system_name(s));
    return " belongs to the " + std::string(spec.module) + " rules of " + readers + ", but rule set " + r.id +
           " is of system " + std::string(system_name(r.system)) + ", which ignores it";
  }
  // The system's own parameters play as they always did; a parameter of another
  // system's module (a composition) needs the tiles its module plays on.
  if (spec.needs == 0 || (spec.systems & system_bit(r.system))) return {};
  // The kinds the rule set's tiles show: the pool, the start tile and the rest of its piece.
  uint64_t shown = 0;
  const auto look_at = [&](const TileType& t) {
    for (const Segment& seg : t.segments) shown |= uint64_t{1} << static_cast<unsigned>(seg.kind);
  };
  for (const PoolEntry& e : r.pool)
    if (e.count > 0 && e.tile >= 0 && e.tile < static_cast<int>(c.tiles.size())) look_at(c.tiles[static_cast<size_t>(e.tile)]);
  if (r.start_tile >= 0 && r.start_tile < static_cast<int>(c.tiles.size())) {
    const TileType& start = c.tiles[static_cast<size_t>(r.start_tile)];
    look_at(start);
    if (!start.piece.empty())
      for (const TileType& t : c.tiles)
        if (t.piece == start.piece && t.tile_set == start.tile_set) look_at(t);
  }
  if (shown & spec.needs) return {};
  std::string kinds;
  for (unsigned k = 0; k < 64; ++k)
    if (spec.needs >> k & 1) kinds += (kinds.empty() ? "" : "/") + std::string(kind_name(static_cast<Kind>(k)));
  return " belongs to the " + std::string(spec.module) + " rules, which play only on tiles with " + kinds +
         " segments, and rule set " + r.id + "'s tiles have none: it would be ignored";
}

}  // namespace tw
