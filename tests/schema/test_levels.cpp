// Co-op levels as rows: a designer's level 7 is rows, not code; bad level rows are named
// where they are; writes land whole or not at all.
#include "engine/game.h"
#include "support.h"

using namespace tw;
using namespace tw::test;

TEST_CASE("a level 7 added as rows loads and plays") {
  TempDir dir;
  const std::string path = copy_default(dir);
  raw_sql(path,
          "INSERT INTO level (id, name, position, rule_set, ghost_bank, stacks, dogs, target, cemetery, scoring) "
          "VALUES ('mists-7', 'Level 7', 7, 'mists', 10, 4, '10 30 60', 90, 'haunted', 'per_colour');"
          "INSERT INTO level_followers VALUES ('mists-7', 1, 4, 3), ('mists-7', 2, 2, 3), ('mists-7', 3, 1, 5);");
  const Content c = Store::open(path, Store::Mode::ReadOnly).load_content();
  const Level* l = c.find_level("mists-7");
  REQUIRE(l);
  CHECK(l->dogs == std::vector<int>{10, 30, 60});
  CHECK(l->stacks == 4);
  CHECK(c.levels.back().id == "mists-7");  // ordered by position
  GameSetup s;
  s.level = "mists-7";
  s.seed = 1;
  s.players = parse_players("Ann, Ben, Cid");
  Game g;
  REQUIRE_FALSE(Game::create(c, s, g));
  CHECK(stack_tiles_left(g) == 14);  // 60 tiles in 4 stacks, one drawn
  CHECK(ghost_bank(g) == 7);         // 3 on the start piece
  CHECK(marker_colours(g) == std::vector<int>{0, 1, 2});
}

TEST_CASE("bad level rows are all reported, each naming its table, row and column") {
  TempDir dir;
  const std::string path = copy_default(dir);
  raw_sql(path,
          "PRAGMA ignore_check_constraints = ON;"
          "UPDATE level SET ghost_bank = 500 WHERE id = 'mists-1';"
          "UPDATE level SET dogs = '15 x' WHERE id = 'mists-3';"
          "UPDATE level SET dogs = '60 20' WHERE id = 'mists-4';"
          "UPDATE level SET cemetery = 'spooky' WHERE id = 'mists-5';"
          "UPDATE level SET exclude_kinds = 'castle dragon' WHERE id = 'mists-2';"
          "UPDATE level SET rule_set = 'base' WHERE id = 'mists-6';");
  const std::string before = read_bytes(path);
  std::string what;
  const auto errors = load_errors(path, &what);
  INFO(what);
  CHECK(has_error(errors, "level", "mists-1", "ghost_bank", "0..200"));
  CHECK(has_error(errors, "level", "mists-3", "dogs", "thresholds"));
  CHECK(has_error(errors, "level", "mists-4", "dogs", "increasing"));
  CHECK(has_error(errors, "level", "mists-5", "cemetery", "none, plain, haunted"));
  CHECK(has_error(errors, "level", "mists-2", "exclude_kinds", "terrain kinds"));
  CHECK(has_error(errors, "level", "mists-6", "rule_set", "system mists"));
  CHECK(read_bytes(path) == before);
}

TEST_CASE("save_level: a new level round-trips, a bad one is refused and nothing is written") {
  TempDir dir;
  const std::string path = copy_default(dir);
  {
    Store st = Store::open(path, Store::Mode::ReadWrite);
    Level l = *st.load_content().find_level("mists-3");
    l.id = "mists-3-easy";
    l.name = "Level 3, easy";
    l.ghost_bank = 20;
    l.dogs = {10, 40};
    st.save_level(l);
    const Content c = st.load_content();
    const Level* back = c.find_level("mists-3-easy");
    REQUIRE(back);
    CHECK(back->ghost_bank == 20);
    CHECK(back->dogs == std::vector<int>{10, 40});
    CHECK(back->followers.size() == 5);
    CHECK(back->exclude_kinds.empty());
    const std::string before = read_bytes(path);
    Level bad = l;
    bad.dogs = {50, 10};
    bad.target = 20000;
    CHECK_THROWS_AS(st.save_level(bad), LoadError);
    bad = l;
    bad.rule_set = "gcc";
    CHECK_THROWS_WITH(st.save_level(bad), Catch::Contains("system mists"));
    CHECK(read_bytes(path) == before);
    CHECK(st.delete_level("mists-3-easy"));
    CHECK_FALSE(st.delete_level("mists-3-easy"));
    CHECK_FALSE(st.load_content().find_level("mists-3-easy"));
  }
}

TEST_CASE("delete_tile_type: a tile nobody uses goes with its segments, a used one is refused") {
  TempDir dir;
  const std::string path = copy_default(dir);
  Store st = Store::open(path, Store::Mode::ReadWrite);
  Content c = st.load_content();
  TileType t = c.tiles[static_cast<size_t>(c.find_tile("base", "E"))];
  t.id = "E2";
  st.save_tile_type(t);
  REQUIRE(st.load_content().find_tile("base", "E2") >= 0);
  CHECK(st.delete_tile_type("base", "E2"));
  CHECK(st.load_content().find_tile("base", "E2") < 0);
  CHECK_FALSE(st.delete_tile_type("base", "E2"));
  const std::string before = read_bytes(path);
  CHECK_THROWS_WITH(st.delete_tile_type("base", "E"), Catch::Contains("used by rule set"));
  CHECK(read_bytes(path) == before);
  CHECK(st.load_content().find_tile("base", "E") >= 0);
}
