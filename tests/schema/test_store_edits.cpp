// The store's edit API (the editor's documents write through it): each edit lands, each
// refusal is a typed EditError naming table, row and column, checked in C++ before
// anything is written, and a refused edit leaves the file byte for byte as it was. The
// level columns come from one table (engine/rules/level_columns.h) that the loader and
// save_level cover column by column; refresh() re-reads only what an edit changed.
#include <algorithm>
#include <map>

#include "engine/rules/level_columns.h"
#include "support.h"

using namespace tw;
using namespace tw::test;

namespace {

// Runs `edit`, which must throw EditError; returns it (fails the test otherwise).
template <class F>
EditError refused(F&& edit) {
  try {
    edit();
  } catch (const EditError& e) {
    return e;
  }
  FAIL("expected an EditError");
  return EditError("", EditError::Why::NotFound, {{"", "", "", "", ""}});
}

// A value for every column of the level table, each differing from level mists-3's
// and valid together (4 stacks, 3 dogs). A column added to the table without a value
// here fails "every column" below.
const std::map<std::string, std::string>& new_values() {
  static const std::map<std::string, std::string> v = {
      {"id", "mists-3b"},         {"name", "Level 3b"},     {"position", "42"},
      {"rule_set", "mists"},      {"exclude_kinds", "castle"}, {"ghost_bank", "17"},
      {"stacks", "4"},            {"dogs", "12 40 60"},        {"target", "77"},
      {"cemetery", "haunted"},    {"scoring", "per_colour"}, {"score_markers", "4"},
      {"marker_from_supply", "1"}, {"description", "a test level"},
  };
  return v;
}

}  // namespace

TEST_CASE("level columns: the table names exactly the columns of the level tables") {
  TempDir dir;
  const std::string path = copy_default(dir);
  SQLite::Database db(path, SQLite::OPEN_READONLY);
  auto schema_columns = [&](const std::string& table) {
    std::vector<std::string> cols;
    SQLite::Statement q(db, "SELECT name FROM pragma_table_info(?) ORDER BY cid");
    q.bind(1, table);
    while (q.executeStep()) cols.push_back(q.getColumn(0).getString());
    return cols;
  };
  std::vector<std::string> table;
  for (const auto& c : level_columns()) table.emplace_back(c.name);
  CHECK(table == schema_columns("level"));
  std::vector<std::string> followers{"level"};
  for (const auto& c : level_follower_columns()) followers.emplace_back(c.name);
  CHECK(followers == schema_columns("level_followers"));
  // Each column's default is what a Level{} holds.
  const Level fresh;
  for (const auto& c : level_columns()) {
    INFO(c.name);
    CHECK(c.get(fresh) == std::string(c.default_text));
    CHECK(find_level_column(c.name) == &c);
  }
}

TEST_CASE("level columns: the loader checks every integer column's range from the table") {
  for (const auto& col : level_columns()) {
    if (!col.integer()) continue;
    INFO(col.name);
    TempDir dir;
    const std::string path = copy_default(dir);
    raw_sql(path, "PRAGMA ignore_check_constraints = ON; UPDATE level SET " + std::string(col.name) + " = " +
                      std::to_string(col.max + 1) + " WHERE id = 'mists-3';");
    const auto errors = load_errors(path);
    CHECK(has_error(errors, "level", "mists-3", std::string(col.name), col.range_text()));
  }
}

TEST_CASE("level columns: save_level and the loader carry every column") {
  TempDir dir;
  const std::string path = copy_default(dir);
  Store store = Store::open(path, Store::Mode::ReadWrite);
  const Content before = store.load_content();
  Level l = *before.find_level("mists-3");
  for (const auto& col : level_columns()) {
    INFO(col.name);
    REQUIRE(new_values().count(std::string(col.name)));
    const std::string& v = new_values().at(std::string(col.name));
    if (col.name != "rule_set") CHECK(col.get(l) != v);  // the test changes every column
    CHECK_FALSE(set_level_value(l, col, v));
  }
  CHECK(new_values().size() == level_columns().size());
  store.save_level(l);
  const Content after = store.load_content();
  const Level* saved = after.find_level("mists-3b");
  REQUIRE(saved);
  for (const auto& col : level_columns()) {
    INFO(col.name);
    CHECK(col.get(*saved) == new_values().at(std::string(col.name)));
  }
  CHECK(level_followers_text(saved->followers) == level_followers_text(l.followers));
}

TEST_CASE("level columns: set_level_value checks the table's ranges and words") {
  Level l;
  l.id = "x";
  const auto e = set_level_value(l, *find_level_column("ghost_bank"), "250");
  REQUIRE(e);
  CHECK(e->table == "level");
  CHECK(e->column == "ghost_bank");
  CHECK(e->value == "250");
  CHECK(e->message.find("0..200") != std::string::npos);
  CHECK(set_level_value(l, *find_level_column("target"), "7x"));
  CHECK(set_level_value(l, *find_level_column("cemetery"), "spooky"));
  CHECK(set_level_value(l, *find_level_column("exclude_kinds"), "castle dragon")->message.find("dragon") !=
        std::string::npos);
  CHECK_FALSE(set_level_value(l, *find_level_column("dogs"), "10 20"));
  CHECK(l.dogs == std::vector<int>{10, 20});
  std::string why;
  CHECK(parse_level_followers("1p: 4x3; 2p: 2x3", &why));
  CHECK_FALSE(parse_level_followers("2p: 2x3; 2p: 1x3", &why));
  CHECK(why.find("given twice") != std::string::npos);
  CHECK_FALSE(parse_level_followers("2p: 9x3", &why));
  CHECK(why.find("colours 1..6") != std::string::npos);
  CHECK(level_followers_text(*parse_level_followers(" 2p: 2x3 ;1p: 4x3 ", &why)) == "2p: 2x3; 1p: 4x3");
}

TEST_CASE("store edits: rule parameters set, remove, and refuse with typed errors") {
  TempDir dir;
  const std::string path = copy_default(dir);
  Store store = Store::open(path, Store::Mode::ReadWrite);
  const ContentChange ch = store.set_rule_params("base", {{"city_tile_points", 3}});
  CHECK(ch.rule_sets);
  CHECK(ch.tiles.empty());
  CHECK_FALSE(ch.tile_list);
  CHECK(store.load_content().find_rule_set("base")->rules.city_tile_points == 3);
  const auto own = store.rule_params("base");
  CHECK(std::count(own.begin(), own.end(), std::pair<std::string, int64_t>{"city_tile_points", 3}) == 1);
  store.set_rule_params("base", {{"city_tile_points", std::nullopt}});
  CHECK(store.load_content().find_rule_set("base")->rules.city_tile_points == 2);

  const std::string bytes = read_bytes(path);
  auto e = refused([&] { store.set_rule_params("base", {{"followers", 999}}); });
  CHECK(e.why() == EditError::Why::BadValue);
  CHECK(e.where().table == "rule_param");
  CHECK(e.where().row == "base/followers");
  CHECK(e.where().column == "value");
  CHECK(e.where().message.find("0..50") != std::string::npos);
  e = refused([&] { store.set_rule_params("base", {{"folowers", 3}}); });
  CHECK(e.why() == EditError::Why::BadValue);
  CHECK(e.where().column == "key");
  CHECK(std::string(e.what()).find("did you mean 'followers'") != std::string::npos);
  e = refused([&] { store.set_rule_params("nosuch", {{"followers", 3}}); });
  CHECK(e.why() == EditError::Why::NotFound);
  CHECK(e.where().table == "rule_set");
  // The loader's check inside the transaction: the dogs play only in co-op games, so base
  // may not set them. The good row written first in the same edit is rolled back with it.
  e = refused([&] { store.set_rule_params("base", {{"city_tile_points", 4}, {"dog_waits_for_follower", 1}}); });
  CHECK(e.why() == EditError::Why::BadValue);
  CHECK(has_error(e.errors(), "rule_param", "base/dog_waits_for_follower", "value", "dogs rules of mists"));
  CHECK(read_bytes(path) == bytes);
  CHECK(store.load_content().find_rule_set("base")->rules.city_tile_points == 2);
}

TEST_CASE("store edits: clone and delete a rule set, pool counts") {
  TempDir dir;
  const std::string path = copy_default(dir);
  Store store = Store::open(path, Store::Mode::ReadWrite);
  store.set_rule_params("gcc", {{"ghost_penalty", 3}});
  store.clone_rule_set("gcc", "gcc-copy", "A copy");
  {
    const Content c = store.load_content();
    REQUIRE(c.find_rule_set("gcc-copy"));
    CHECK(c.find_rule_set("gcc-copy")->rules.ghost_penalty == 3);
    CHECK(c.find_rule_set("gcc-copy")->pool.size() == c.find_rule_set("gcc")->pool.size());
    CHECK(c.find_rule_set("gcc-copy")->name == "A copy");
  }
  const std::string bytes = read_bytes(path);
  CHECK(refused([&] { store.clone_rule_set("gcc", "base", "x"); }).why() == EditError::Why::Exists);
  CHECK(refused([&] { store.clone_rule_set("nosuch", "y", "x"); }).why() == EditError::Why::NotFound);
  CHECK(refused([&] { store.clone_rule_set("gcc", "", "x"); }).why() == EditError::Why::BadValue);
  auto e = refused([&] { store.delete_rule_set("mists"); });  // its levels play on it
  CHECK(e.why() == EditError::Why::InUse);
  CHECK(e.where().table == "level");
  CHECK(e.where().column == "rule_set");
  e = refused([&] { store.delete_rule_set("base"); });  // gcc and mists name it as parent
  CHECK(e.why() == EditError::Why::InUse);
  CHECK(e.where().column == "parent");
  CHECK(read_bytes(path) == bytes);
  store.delete_rule_set("gcc-copy");
  CHECK_FALSE(store.load_content().find_rule_set("gcc-copy"));

  CHECK(store.pool_count("base", "base", "A") == 2);
  store.set_pool_count("base", "base", "A", 5);
  CHECK(store.pool_count("base", "base", "A") == 5);
  store.set_pool_count("base", "mists", "M17", 1);  // a tile not in the pile yet
  CHECK(store.load_content().find_rule_set("base")->pool.size() == 25);
  store.set_pool_count("base", "mists", "M17", 0);  // 0 removes the row
  CHECK(store.pool_count("base", "mists", "M17") == 0);
  CHECK(store.load_content().find_rule_set("base")->pool.size() == 24);
  const std::string bytes2 = read_bytes(path);
  e = refused([&] { store.set_pool_count("base", "base", "A", -1); });
  CHECK(e.why() == EditError::Why::BadValue);
  CHECK(e.where().column == "count");
  e = refused([&] { store.set_pool_count("base", "base", "ZZ", 1); });
  CHECK(e.why() == EditError::Why::NotFound);
  CHECK(e.where().column == "tile_id");
  CHECK(read_bytes(path) == bytes2);
}

TEST_CASE("store edits: level values, followers and clones, refused with typed errors") {
  TempDir dir;
  const std::string path = copy_default(dir);
  Store store = Store::open(path, Store::Mode::ReadWrite);
  const ContentChange ch = store.set_level_value("mists-3", "target", "111");
  CHECK(ch.levels);
  CHECK_FALSE(ch.rule_sets);
  CHECK(store.load_content().find_level("mists-3")->target == 111);
  const std::string bytes = read_bytes(path);
  auto e = refused([&] { store.set_level_value("mists-3", "ghost_bank", "250"); });
  CHECK(e.why() == EditError::Why::BadValue);
  CHECK(e.where().table == "level");
  CHECK(e.where().row == "mists-3");
  CHECK(e.where().column == "ghost_bank");
  CHECK(e.where().value == "250");
  CHECK(e.where().message.find("0..200") != std::string::npos);
  CHECK(std::string(e.what()).find("CHECK constraint") == std::string::npos);
  e = refused([&] { store.set_level_value("mists-3", "dogs", "50 15"); });  // the loader's check: increasing
  CHECK(e.why() == EditError::Why::BadValue);
  CHECK(e.where().column == "dogs");
  e = refused([&] { store.set_level_value("mists-3", "cemetary", "plain"); });
  CHECK(e.why() == EditError::Why::NotFound);
  CHECK(std::string(e.what()).find("did you mean 'cemetery'") != std::string::npos);
  CHECK(refused([&] { store.set_level_value("mists-3", "id", "x"); }).why() == EditError::Why::NotFound);
  CHECK(refused([&] { store.set_level_value("nosuch", "target", "5"); }).why() == EditError::Why::NotFound);
  e = refused([&] { store.set_level_value("mists-3", "rule_set", "base"); });  // not of system mists
  CHECK(e.why() == EditError::Why::BadValue);
  CHECK(e.where().column == "rule_set");
  e = refused([&] { store.set_level_followers("mists-3", {{2, 4, 4}}); });  // 8 colours
  CHECK(e.why() == EditError::Why::BadValue);
  CHECK(e.where().table == "level_followers");
  CHECK(refused([&] { store.set_level_followers("mists-3", {{2, 2, 3}, {2, 1, 3}}); }).why() ==
        EditError::Why::BadValue);
  CHECK(read_bytes(path) == bytes);

  store.set_level_followers("mists-3", {{2, 2, 4}, {1, 4, 3}});
  {
    const Content c = store.load_content();
    CHECK(level_followers_text(c.find_level("mists-3")->followers) == "1p: 4x3; 2p: 2x4");
  }
  store.clone_level("mists-3", "mists-3-easy", "Easy");
  {
    const Content c = store.load_content();
    const Level* copy = c.find_level("mists-3-easy");
    REQUIRE(copy);
    CHECK(copy->target == 111);
    CHECK(copy->name == "Easy");
    CHECK(c.levels.back().id == "mists-3-easy");  // listed after every other level
  }
  CHECK(refused([&] { store.clone_level("mists-3", "mists-1", "x"); }).why() == EditError::Why::Exists);
  CHECK(refused([&] { store.clone_level("nosuch", "y", "x"); }).why() == EditError::Why::NotFound);
}

TEST_CASE("store refresh: re-reads only what an edit changed, and equals a full load") {
  TempDir dir;
  const std::string path = copy_default(dir);
  Store store = Store::open(path, Store::Mode::ReadWrite);
  Content c = store.load_content();
  auto same_as_full_load = [&] {
    const Content full = store.load_content();
    REQUIRE(full.levels.size() == c.levels.size());
    for (size_t i = 0; i < full.levels.size(); ++i)
      for (const auto& col : level_columns()) CHECK(col.get(full.levels[i]) == col.get(c.levels[i]));
    REQUIRE(full.rule_sets.size() == c.rule_sets.size());
    for (size_t i = 0; i < full.rule_sets.size(); ++i) {
      CHECK(full.rule_sets[i].id == c.rule_sets[i].id);
      CHECK(full.rule_sets[i].pool.size() == c.rule_sets[i].pool.size());
      for (const auto& spec : rule_param_specs())
        CHECK(full.rule_sets[i].rules.*spec.field == c.rule_sets[i].rules.*spec.field);
    }
    REQUIRE(full.tiles.size() == c.tiles.size());
    for (size_t i = 0; i < full.tiles.size(); ++i) {
      CHECK(full.tiles[i].segments.size() == c.tiles[i].segments.size());
      CHECK(full.tiles[i].edge == c.tiles[i].edge);
    }
  };
  Refreshed r = store.refresh(c, store.set_level_value("mists-2", "position", "99"));
  CHECK(r.levels);
  CHECK_FALSE(r.rule_sets);
  CHECK(r.tiles == 0);
  CHECK_FALSE(r.everything);
  CHECK(c.levels.back().id == "mists-2");  // re-ordered by position, as a full load orders
  same_as_full_load();
  r = store.refresh(c, store.set_rule_params("base", {{"farm_city_points", 4}}));
  CHECK(r.rule_sets);
  CHECK(r.tiles == 0);
  CHECK(c.find_rule_set("mists")->rules.farm_city_points == 4);  // inherited by its children
  same_as_full_load();
  // A tile rewritten in place: that one tile is re-read.
  TileType t = c.tiles[static_cast<size_t>(c.find_tile("base", "A"))];
  t.note = "changed";
  store.save_tile_type(t);
  ContentChange tile;
  tile.tiles.emplace_back("base", "A");
  r = store.refresh(c, tile);
  CHECK(r.tiles == 1);
  CHECK_FALSE(r.rule_sets);
  CHECK(c.tiles[static_cast<size_t>(c.find_tile("base", "A"))].note == "changed");
  same_as_full_load();
  // A tile added: indices move, everything is re-read.
  t.id = "A2";
  store.save_tile_type(t);
  ContentChange added;
  added.tile_list = true;
  CHECK(store.refresh(c, added).everything);
  CHECK(c.find_tile("base", "A2") >= 0);
  same_as_full_load();
}

TEST_CASE("store: enable_concurrent_readers puts a file database in WAL mode, never a read-only one") {
  TempDir dir;
  const std::string path = copy_default(dir);
  {
    Store ro = Store::open(path, Store::Mode::ReadOnly);
    CHECK_FALSE(ro.enable_concurrent_readers());
  }
  CHECK(SQLite::Database(path, SQLite::OPEN_READWRITE).execAndGet("PRAGMA journal_mode").getString() != "wal");
  {
    Store rw = Store::open(path, Store::Mode::ReadWrite);
    CHECK(rw.enable_concurrent_readers());
    // A reader on its own connection reads while the store is open.
    Store reader = Store::open(path, Store::Mode::ReadOnly);
    CHECK_FALSE(reader.load_content().rule_sets.empty());
  }
  // The mode stays with the file.
  CHECK(SQLite::Database(path, SQLite::OPEN_READWRITE).execAndGet("PRAGMA journal_mode").getString() == "wal");
}
