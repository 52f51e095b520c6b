// Writes: scripts, tile types and rule parameters land whole or not at all.
#include "support.h"
#include "schema/connection.h"

using namespace tw;
using namespace tw::test;

namespace {

bool same_segments(const TileType& a, const TileType& b) {
  if (a.segments.size() != b.segments.size()) return false;
  for (size_t i = 0; i < a.segments.size(); ++i) {
    const Segment& x = a.segments[i];
    const Segment& y = b.segments[i];
    if (x.kind != y.kind || x.terrain != y.terrain || x.ports != y.ports ||
        x.shields != y.shields || x.covered != y.covered || x.touches != y.touches)
      return false;
  }
  return true;
}

const TileType& find(const Content& c, const std::string& id) {
  const int i = c.find_tile("base", id);
  REQUIRE(i >= 0);
  return c.tiles[static_cast<size_t>(i)];
}

}  // namespace

TEST_CASE("save_tile_type: a new tile type round-trips") {
  TempDir dir;
  const std::string path = copy_default(dir);
  Store s = Store::open(path, Store::Mode::ReadWrite);
  const Content before = s.load_content();
  TileType y = find(before, "D");
  y.id = "Y";
  y.count = 2;
  y.reconstructed = true;
  y.symbols = 3;
  y.note = "a D in a piece";
  y.piece = "YY";
  y.piece_x = 1;
  y.piece_y = 2;
  s.save_tile_type(y);

  const Content after = Store::open(path, Store::Mode::ReadOnly).load_content();
  REQUIRE(after.tiles.size() == before.tiles.size() + 1);
  const TileType& got = find(after, "Y");
  CHECK(after.find_tile("base", "Y") == after.find_tile("base", "X") + 1);  // after the set's last
  CHECK(got.id == "Y");
  CHECK(got.count == 2);
  CHECK(got.reconstructed);
  CHECK(got.symbols == 3);
  CHECK(got.note == "a D in a piece");
  CHECK(got.piece == "YY");
  CHECK(got.piece_x == 1);
  CHECK(got.piece_y == 2);
  CHECK(got.notation_id() == "YY");
  CHECK_FALSE(got.covered_tile());
  CHECK(same_segments(got, y));
  CHECK(got.edge == find(before, "D").edge);
}

TEST_CASE("save_tile_type: replacing a tile keeps its place and drops old segments") {
  TempDir dir;
  const std::string path = copy_default(dir);
  Store s = Store::open(path, Store::Mode::ReadWrite);
  const Content before = s.load_content();
  const int v_index = before.find_tile("base", "V");
  TileType v = find(before, "V");
  v.count = 7;
  v.note = "edited";
  // V becomes a field with a monastery (like B): 2 segments instead of 3.
  v.segments = find(before, "B").segments;
  s.save_tile_type(v);
  const Content after = s.load_content();
  CHECK(after.tiles.size() == before.tiles.size());
  CHECK(after.find_tile("base", "V") == v_index);
  const TileType& got = find(after, "V");
  CHECK(got.count == 7);
  CHECK(got.note == "edited");
  CHECK(same_segments(got, find(before, "B")));
}

TEST_CASE("save_tile_type: an invalid tile is refused and nothing is written") {
  TempDir dir;
  const std::string path = copy_default(dir);
  const std::string bytes = read_bytes(path);
  std::string what;
  {
    Store s = Store::open(path, Store::Mode::ReadWrite);
    TileType e = find(s.load_content(), "E");
    e.segments[0].ports = static_cast<uint16_t>((1u << Nw) | (1u << N));  // city misses Ne
    e.segments[1].terrain = 0;  // a field segment pointing at the city terrain
    try {
      s.save_tile_type(e);
      FAIL("save_tile_type accepted an invalid tile");
    } catch (const LoadError& err) {
      what = err.what();
      CHECK(has_error(err.errors(), "tile_segment", "base/E#1", "terrain", "kind field"));
    }
  }
  INFO(what);
  CHECK(what.find(path) != std::string::npos);
  CHECK(read_bytes(path) == bytes);
}

TEST_CASE("save_tile_type: a write failing half-way is rolled back completely") {
  TempDir dir;
  const std::string path = copy_default(dir);
  Store s = Store::open(path, Store::Mode::ReadWrite);
  const Content before = s.load_content();
  const std::string bytes = read_bytes(path);

  SECTION("a CHECK constraint fails after the old segments were deleted") {
    TileType d = find(before, "D");
    d.symbols = 12;  // CHECK (ghost_symbols BETWEEN 0 AND 9)
    d.note = "changed";
    CHECK_THROWS_WITH(s.save_tile_type(d), Catch::Contains("CHECK constraint failed") &&
                                               Catch::Contains("nothing was written"));
  }
  SECTION("an insert fails after some segments were written") {
    tw::store_layer::connection(s).exec(
        "CREATE TEMP TRIGGER boom BEFORE INSERT ON tile_segment WHEN NEW.idx = 2 "
        "BEGIN SELECT RAISE(ABORT, 'boom'); END");
    TileType d = find(before, "D");
    d.count = 9;
    d.segments[3].touches = {0};
    CHECK_THROWS_WITH(s.save_tile_type(d), Catch::Contains("boom"));
  }
  const Content after = s.load_content();
  CHECK(find(after, "D").count == find(before, "D").count);
  CHECK(find(after, "D").symbols == 0);
  CHECK(same_segments(find(after, "D"), find(before, "D")));
  CHECK(read_bytes(path) == bytes);
}

TEST_CASE("save_rule_params: set, checked, all or nothing") {
  TempDir dir;
  const std::string path = copy_default(dir);
  Store s = Store::open(path, Store::Mode::ReadWrite);
  s.save_rule_params("base", {{"followers", 5}, {"small_city_rule", 1}});
  {
    const Content c = s.load_content();
    CHECK(c.find_rule_set("base")->rules.followers == 5);
    CHECK(c.find_rule_set("base")->rules.small_city_rule == 1);
  }
  const std::string bytes = read_bytes(path);
  try {
    s.save_rule_params("base", {{"followers", 6}, {"folowers", 6}, {"max_players", 60}});
    FAIL("bad parameters were accepted");
  } catch (const LoadError& e) {
    REQUIRE(e.errors().size() == 2);
    CHECK(has_error(e.errors(), "rule_param", "base/folowers", "key", "followers"));
    CHECK(has_error(e.errors(), "rule_param", "base/max_players", "value", "1..6"));
  }
  CHECK_THROWS_WITH(s.save_rule_params("nope", {{"followers", 6}}),
                    Catch::Contains("no rule set 'nope'"));
  CHECK(read_bytes(path) == bytes);
  CHECK(s.load_content().find_rule_set("base")->rules.followers == 5);
}

TEST_CASE("exec_script: a failing script leaves nothing behind and names its line") {
  TempDir dir;
  const std::string path = copy_default(dir);
  Store s = Store::open(path, Store::Mode::ReadWrite);
  const std::string bytes = read_bytes(path);
  const std::string script =
      "-- adds a terrain, then fails\n"
      "INSERT INTO terrain VALUES ('lava', 'field', 'lava', '#ff0000', NULL);\n"
      "\n"
      "INSERT INTO tile_type (tile_set, id, count) VALUES ('nope', 'Z', 1);\n";
  CHECK_THROWS_WITH(s.exec_script(script, "extra.sql"),
                    Catch::StartsWith("extra.sql:4: FOREIGN KEY constraint failed") &&
                        Catch::Contains(path));
  CHECK(s.load_content().find_terrain("lava") == nullptr);
  CHECK_THROWS_WITH(s.exec_script("PRAGMA user_version = 42;", "sneaky.sql"),
                    Catch::Contains("must not change PRAGMA user_version"));
  CHECK(s.schema_version() == latest_schema_version());
  CHECK_THROWS_WITH(s.exec_script("BEGIN; COMMIT;", "tx.sql"), Catch::StartsWith("tx.sql:1:"));
  CHECK(read_bytes(path) == bytes);
}

TEST_CASE("a read-only store refuses every write") {
  TempDir dir;
  const std::string path = copy_default(dir);
  const std::string bytes = read_bytes(path);
  Store s = Store::open(path, Store::Mode::ReadOnly);
  const Content c = s.load_content();
  CHECK_THROWS_WITH(s.exec_script("DELETE FROM meta", "x.sql"), Catch::Contains("read-only"));
  CHECK_THROWS_WITH(s.set_meta("k", "v"), Catch::Contains("read-only"));
  CHECK_THROWS_WITH(s.save_tile_type(c.tiles[0]), Catch::Contains("read-only"));
  CHECK_THROWS_WITH(s.save_rule_params("base", {{"followers", 3}}), Catch::Contains("read-only"));
  CHECK(read_bytes(path) == bytes);
}

TEST_CASE("rule sets inherit parameters and, without pool rows, the pool") {
  TempDir dir;
  const std::string path = copy_default(dir);
  Store s = Store::open(path, Store::Mode::ReadWrite);
  s.exec_script(
      "INSERT INTO rule_set (id, name, system, parent, start_tile_set, start_tile) VALUES\n"
      "  ('short', 'Short', 'base', 'base', 'base', 'D'),\n"
      "  ('tiny', 'Tiny', 'base', 'short', 'base', 'X'),\n"
      "  ('bare', 'Bare', 'base', NULL, 'base', 'D');\n"
      "INSERT INTO rule_param VALUES ('short', 'followers', 3), ('tiny', 'min_players', 1);\n"
      "INSERT INTO rule_set_pool VALUES ('tiny', 'base', 'U', 4), ('tiny', 'base', 'A', 1),\n"
      "  ('bare', 'base', 'B', 2);\n",
      "variants.sql");
  const Content c = s.load_content();
  const RuleSet* base = c.find_rule_set("base");
  const RuleSet* short_rs = c.find_rule_set("short");
  const RuleSet* tiny = c.find_rule_set("tiny");
  const RuleSet* bare = c.find_rule_set("bare");
  REQUIRE((base && short_rs && tiny && bare));
  CHECK(c.find_rule_set("short") > c.find_rule_set("base"));  // rowid order
  CHECK(short_rs->rules.followers == 3);
  CHECK(short_rs->rules.min_players == 2);  // from base
  CHECK(short_rs->pool.size() == base->pool.size());
  CHECK(tiny->rules.followers == 3);  // from short, from base
  CHECK(tiny->rules.min_players == 1);
  REQUIRE(tiny->pool.size() == 2);
  CHECK(c.tiles[static_cast<size_t>(tiny->pool[0].tile)].id == "A");  // tile order
  CHECK(tiny->pool[1].count == 4);
  CHECK(c.tiles[static_cast<size_t>(tiny->start_tile)].id == "X");
  // No parent, no params: the engine's defaults.
  CHECK(bare->rules.followers == Rules{}.followers);
  CHECK(bare->rules.min_players == Rules{}.min_players);
}
