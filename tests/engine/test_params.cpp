// The rule parameters: each module's rows are a table in its own file
// (engine/rules/params.h, ParamTable), and rule_param_specs() lists them in the order
// users have always seen (content show, the editor's rules form, packs, the digest).
#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/rules/kinds.h"
#include "engine/content.h"
#include "engine/rules/params.h"

using namespace tw;

TEST_CASE("rule_param_specs keeps its order and each parameter's module") {
  // The order and the module of every parameter as they were when the specs were one list
  // in engine/rules/params.cpp. A new module's parameters go at the end.
  const std::vector<std::pair<std::string_view, std::string_view>> pinned = {
      {"min_players", "players"},
      {"max_players", "players"},
      {"followers", "followers"},
      {"road_tile_points", "roads"},
      {"road_tile_points_final", "roads"},
      {"city_tile_points", "cities"},
      {"city_shield_points", "cities"},
      {"city_tile_points_final", "cities"},
      {"city_shield_points_final", "cities"},
      {"small_city_rule", "cities"},
      {"small_city_points", "cities"},
      {"monastery_points", "monasteries"},
      {"monastery_tile_points_final", "monasteries"},
      {"farmers", "fields"},
      {"farm_city_points", "fields"},
      {"final_scoring", "final scoring"},
      {"fog_ghosts", "gcc ghosts"},
      {"ghost_bank", "gcc ghosts"},
      {"ghost_penalty", "gcc ghosts"},
      {"ghost_penalty_final", "gcc ghosts"},
      {"final_ghost_penalty_all", "gcc ghosts"},
      {"ghosts_to_scare", "gcc ghosts"},
      {"guards", "guards"},
      {"general_guards", "guards"},
      {"score_floor_zero", "score floor"},
      {"score_floor_per_turn", "score floor"},
      {"fog_closes_fields", "fog"},
      {"fogged_fields_occupiable", "fog"},
      {"castle_fog_tile_points", "castles"},
      {"castle_fog_tile_points_final", "castles"},
      {"castle_tile_points_final", "castles"},
      {"cemetery_neighbours", "cemeteries"},
      {"unghost_ghosts", "co-op ghost bank"},
      {"dog_clear_tiles", "dogs"},
      {"dog_ghost_points", "dogs"},
      {"marker_supply_players", "score markers"},
      {"marker_colours_chosen", "score markers"},
      {"fog_extend_fewer_ghosts", "fog"},
      {"haunted_cemetery_ghosts", "cemeteries"},
      {"plain_cemetery_ghosts", "cemeteries"},
      {"fog_clear_side_never_closes", "fog"},
      {"dog_waits_for_follower", "dogs"},
      {"unghost_choose_count", "co-op ghost bank"},
      {"takeback", "take-back"},
      {"completion_scores", "discovery regions"},
      {"score_each_follower", "discovery regions"},
      {"lowland_tile_points", "discovery regions"},
      {"lowland_closed_tile_points", "discovery regions"},
      {"lowland_small_points", "discovery regions"},
      {"mountain_city_points", "discovery regions"},
      {"mountain_closed_city_points", "discovery regions"},
      {"mountain_small_city_points", "discovery regions"},
      {"water_city_points", "discovery regions"},
      {"water_closed_tile_points", "discovery regions"},
      {"water_closed_city_points", "discovery regions"},
      {"water_small_city_points", "discovery regions"},
      {"hand_size", "hands"},
      {"remove_tiles_1", "hands"},
      {"remove_tiles_2", "hands"},
      {"remove_tiles_3", "hands"},
      {"remove_tiles_4", "hands"},
      {"remove_tiles_5", "hands"},
      {"remove_tiles_6", "hands"},
  };
  const auto& specs = rule_param_specs();
  REQUIRE(specs.size() >= pinned.size());
  for (size_t i = 0; i < pinned.size(); ++i) {
    INFO("parameter " << i);
    CHECK(specs[i].key == pinned[i].first);
    CHECK(specs[i].module == pinned[i].second);
  }
}

TEST_CASE("rule_param_specs follows the order of Rules' fields, one spec per field") {
  const Rules r{};
  const auto& specs = rule_param_specs();
  std::set<std::string_view> keys;
  std::set<const int64_t*> fields;
  for (size_t i = 0; i < specs.size(); ++i) {
    INFO(specs[i].key);
    CHECK(keys.insert(specs[i].key).second);
    CHECK(fields.insert(&(r.*specs[i].field)).second);
    if (i) CHECK(&(r.*specs[i - 1].field) < &(r.*specs[i].field));
    CHECK(specs[i].min <= specs[i].max);
    CHECK(!specs[i].doc.empty());
    CHECK(find_param(specs[i].key) == &specs[i]);
  }
  // Every int64_t field of Rules has its spec (Rules holds nothing else).
  CHECK(specs.size() * sizeof(int64_t) == sizeof(Rules));
}

TEST_CASE("each parameter table names its module once, and its rows become the specs") {
  size_t rows = 0;
  std::set<std::string_view> modules;
  for (const ParamTable* t : param_tables()) {
    INFO(t->module);
    CHECK(modules.insert(t->module).second);
    CHECK(!t->rows.empty());
    for (const ParamRow& row : t->rows) {
      ++rows;
      const ParamSpec* spec = find_param(row.key);
      REQUIRE(spec);
      CHECK(spec->module == t->module);
      CHECK(spec->needs == t->needs);
      CHECK(spec->field == row.field);
      CHECK(spec->systems == row.systems);
      CHECK(spec->doc == row.doc);
    }
  }
  CHECK(rows == rule_param_specs().size());
  // What the tables derive: where the module plays, the tiles it needs.
  const ParamSpec* fog = find_param("fog_extend_fewer_ghosts");
  REQUIRE(fog);
  CHECK(fog->plays == kPlaysCoop);
  CHECK(fog->needs == uint64_t{1} << static_cast<unsigned>(kFog));
  const ParamSpec* farmers = find_param("farmers");
  REQUIRE(farmers);
  CHECK(farmers->plays == (kPlaysCoop | kPlaysCompetitive));
  CHECK(farmers->needs == 0);
  const ParamSpec* water = find_param("water_city_points");
  REQUIRE(water);
  CHECK(water->needs == (uint64_t{1} << static_cast<unsigned>(kLowland) |
                         uint64_t{1} << static_cast<unsigned>(kMountain) |
                         uint64_t{1} << static_cast<unsigned>(kWater)));
}
