// The shipped default.db: the base game loads cleanly and matches TILES.md section 1.
#include <array>
#include <map>

#include "support.h"
#include "schema/connection.h"

using namespace tw;
using tw::test::has_error;

namespace {

const Content& base_content() {
  static const Content c = Store::open(TW_TEST_DB, Store::Mode::ReadOnly).load_content();
  return c;
}

const TileType& tile(const std::string& id) {
  const int i = base_content().find_tile("base", id);
  REQUIRE(i >= 0);
  return base_content().tiles[static_cast<size_t>(i)];
}

uint8_t group(const std::string& terrain) {
  const Terrain* t = base_content().find_terrain(terrain);
  REQUIRE(t != nullptr);
  return t->match_group;
}

// Edge letters N E S W as in TILES.md: C city, R road, F field.
std::string edges(const TileType& t) {
  std::string s;
  for (uint8_t g : t.edge)
    s += g == group("city") ? 'C' : g == group("road") ? 'R' : g == group("field") ? 'F' : '?';
  return s;
}

}  // namespace

TEST_CASE("default.db opens read-only and loads without problems") {
  Store store = Store::open(TW_TEST_DB, Store::Mode::ReadOnly);
  CHECK(store.schema_version() == latest_schema_version());
  CHECK(store.meta("content_version").has_value());
  CHECK(store.meta("content_version")->size() == 16);
  const Content c = store.load_content();
  CHECK(c.source == TW_TEST_DB);
  CHECK(c.find_tile("base", "A") == 0);  // the base set loads first
}

TEST_CASE("the tests read their own default.db, never the one the editor opens") {
  // <build>/default.db is where the README's first command starts the editor: a designer's
  // edits land in it and the editor switches it to WAL mode. The tests read the build's
  // second copy, made from the same scenarios, which is left in SQLite's rollback mode.
  CHECK_FALSE(std::filesystem::equivalent(TW_TEST_DB, std::filesystem::path(TW_BUILD_DIR) / "default.db"));
  CHECK(SQLite::Database(TW_TEST_DB, SQLite::OPEN_READONLY).execAndGet("PRAGMA journal_mode").getString() ==
        "delete");
}

TEST_CASE("default.db holds the 72 base tiles in 24 types, A..X in order") {
  const Content& c = base_content();
  REQUIRE(c.tiles.size() >= 24);
  size_t base_types = 0;
  for (const auto& t : c.tiles) base_types += t.tile_set == "base";
  REQUIRE(base_types == 24);
  int total = 0;
  for (size_t i = 0; i < 24; ++i) {
    CHECK(c.tiles[i].tile_set == "base");
    CHECK(c.tiles[i].id == std::string(1, static_cast<char>('A' + i)));
    CHECK_FALSE(c.tiles[i].reconstructed);
    total += c.tiles[i].count;
  }
  CHECK(total == 72);
}

TEST_CASE("every base tile matches TILES.md section 1") {
  struct Expect {
    const char* id;
    int count;
    const char* edges;  // N E S W
    int cities, roads, fields, monasteries, shields;
  };
  // Transcribed by hand from TILES.md, independently of scenarios/base.sql.
  const std::array<Expect, 24> expect = {{
      {"A", 2, "FFRF", 0, 1, 1, 1, 0}, {"B", 4, "FFFF", 0, 0, 1, 1, 0},
      {"C", 1, "CCCC", 1, 0, 0, 0, 1}, {"D", 4, "CRFR", 1, 1, 2, 0, 0},
      {"E", 5, "CFFF", 1, 0, 1, 0, 0}, {"F", 2, "FCFC", 1, 0, 2, 0, 1},
      {"G", 1, "FCFC", 1, 0, 2, 0, 0}, {"H", 3, "CFCF", 2, 0, 1, 0, 0},
      {"I", 2, "CFFC", 2, 0, 1, 0, 0}, {"J", 3, "CRRF", 1, 1, 2, 0, 0},
      {"K", 3, "CFRR", 1, 1, 2, 0, 0}, {"L", 3, "CRRR", 1, 3, 3, 0, 0},
      {"M", 2, "CFFC", 1, 0, 1, 0, 1}, {"N", 3, "CFFC", 1, 0, 1, 0, 0},
      {"O", 2, "CRRC", 1, 1, 2, 0, 1}, {"P", 3, "CRRC", 1, 1, 2, 0, 0},
      {"Q", 1, "CCFC", 1, 0, 1, 0, 1}, {"R", 3, "CCFC", 1, 0, 1, 0, 0},
      {"S", 2, "CCRC", 1, 1, 2, 0, 1}, {"T", 1, "CCRC", 1, 1, 2, 0, 0},
      {"U", 8, "FRFR", 0, 1, 2, 0, 0}, {"V", 9, "FFRR", 0, 1, 2, 0, 0},
      {"W", 4, "FRRR", 0, 3, 3, 0, 0}, {"X", 1, "RRRR", 0, 4, 4, 0, 0},
  }};
  for (const auto& e : expect) {
    INFO("tile " << e.id);
    const TileType& t = tile(e.id);
    CHECK(t.count == e.count);
    CHECK(edges(t) == e.edges);
    std::map<Kind, int> kinds;
    int shields = 0;
    for (const auto& s : t.segments) {
      ++kinds[s.kind];
      shields += s.shields;
    }
    CHECK(kinds[Kind::City] == e.cities);
    CHECK(kinds[Kind::Road] == e.roads);
    CHECK(kinds[Kind::Field] == e.fields);
    CHECK(kinds[Kind::Monastery] == e.monasteries);
    CHECK(shields == e.shields);
    // Every one of the 12 edge ports has an owner; only a monastery owns the centre.
    for (int p = 0; p < kEdgePorts; ++p) CHECK(t.port_segment[static_cast<size_t>(p)] >= 0);
    CHECK((t.port_segment[C] >= 0) == (e.monasteries == 1));
  }
}

TEST_CASE("base fields touch exactly the cities they border") {
  // A field borders a city when one of its edge ports is next to one of the city's
  // (clockwise neighbours around the tile). True of every base tile; checks `touches`.
  for (const auto& t : base_content().tiles) {
    for (size_t f = 0; f < t.segments.size(); ++f) {
      const Segment& field = t.segments[f];
      if (field.kind != Kind::Field) continue;
      std::vector<uint8_t> expected;
      for (size_t c = 0; c < t.segments.size(); ++c) {
        if (t.segments[c].kind != Kind::City) continue;
        bool next = false;
        for (int p = 0; p < kEdgePorts; ++p)
          if (field.ports & (1u << p))
            next = next || (t.segments[c].ports & (1u << ((p + 1) % 12))) ||
                   (t.segments[c].ports & (1u << ((p + 11) % 12)));
        if (next) expected.push_back(static_cast<uint8_t>(c));
      }
      INFO("tile " << t.id << " field " << f);
      CHECK(field.touches == expected);
    }
  }
}

TEST_CASE("spot checks of segments and edges") {
  const TileType& d = tile("D");
  CHECK(edges(d) == "CRFR");
  REQUIRE(d.segments.size() == 4);
  CHECK(d.segments[0].ports == ((1u << Nw) | (1u << N) | (1u << Ne)));
  CHECK(d.segments[1].ports == ((1u << E) | (1u << W)));
  CHECK(d.segments[2].touches == std::vector<uint8_t>{0});
  CHECK(d.port_segment[S] == 3);
  CHECK(edges(tile("V")) == "FFRR");
  CHECK(edges(tile("A")) == "FFRF");
  const TileType& b = tile("B");
  CHECK(b.segments[1].kind == Kind::Monastery);
  CHECK(b.segments[1].ports == (1u << C));
  CHECK(tile("C").segments[0].shields == 1);
  CHECK(tile("H").segments[2].touches == std::vector<uint8_t>{0, 1});
  // Terrains: four match groups, numbered by first appearance.
  CHECK(group("city") == 1);
  CHECK(group("road") == 2);
  CHECK(group("field") == 3);
  CHECK(group("monastery") == 4);
}

TEST_CASE("rule set base: start D, 71 tiles in the pile, every parameter set") {
  const Content& c = base_content();
  REQUIRE(!c.rule_sets.empty());
  CHECK(c.rule_sets[0].id == "base");  // rule sets in rowid order
  const RuleSet* rs = c.find_rule_set("base");
  REQUIRE(rs != nullptr);
  CHECK(rs->system == System::Base);
  CHECK(rs->parent.empty());
  REQUIRE(rs->start_tile >= 0);
  CHECK(c.tiles[static_cast<size_t>(rs->start_tile)].id == "D");
  CHECK(rs->pool.size() == 24);
  int pile = 0;
  for (size_t i = 0; i < rs->pool.size(); ++i) {
    const auto& e = rs->pool[i];
    CHECK(e.tile == static_cast<int>(i));  // pool in tile order
    const TileType& t = c.tiles[static_cast<size_t>(e.tile)];
    CHECK(e.count == (t.id == "D" ? t.count - 1 : t.count));
    pile += e.count;
  }
  CHECK(pile == 71);
  CHECK(pile + 1 == 72);

  const Rules& r = rs->rules;
  CHECK(r.min_players == 2);
  CHECK(r.max_players == 5);
  CHECK(r.followers == 7);
  CHECK(r.road_tile_points == 1);
  CHECK(r.road_tile_points_final == 1);
  CHECK(r.city_tile_points == 2);
  CHECK(r.city_shield_points == 2);
  CHECK(r.city_tile_points_final == 1);
  CHECK(r.city_shield_points_final == 1);
  CHECK(r.small_city_rule == 0);
  CHECK(r.monastery_points == 9);
  CHECK(r.monastery_tile_points_final == 1);
  CHECK(r.farmers == 1);
  CHECK(r.farm_city_points == 3);
  CHECK(r.final_scoring == 1);

  // Every key of the registry has its own row (none left to the engine's defaults).
  Store store = Store::open(TW_TEST_DB, Store::Mode::ReadOnly);
  for (const auto& spec : rule_param_specs()) {
    INFO("parameter " << spec.key);
    SQLite::Statement q(tw::store_layer::connection(store),
                        "SELECT value FROM rule_param WHERE rule_set = 'base' AND key = ?");
    q.bind(1, std::string(spec.key));
    REQUIRE(q.executeStep());
    CHECK(q.getColumn(0).getInt64() == r.*(spec.field));
  }
  SQLite::Statement n(tw::store_layer::connection(store), "SELECT count(*) FROM rule_param WHERE rule_set = 'base'");
  REQUIRE(n.executeStep());
  CHECK(n.getColumn(0).getInt() == static_cast<int>(rule_param_specs().size()));
}
