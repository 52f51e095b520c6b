// The migration runner: numbered, embedded, applied once each, in one transaction each.
#include "support.h"
#include "schema/connection.h"

using namespace tw;
using namespace tw::test;

TEST_CASE("migrations are numbered 1..N and embedded verbatim") {
  const auto& ms = migrations();
  REQUIRE_FALSE(ms.empty());
  for (size_t i = 0; i < ms.size(); ++i) {
    CHECK(ms[i].version == static_cast<int>(i) + 1);
    char prefix[8];
    std::snprintf(prefix, sizeof prefix, "%04d_", ms[i].version);
    CHECK(std::string(ms[i].name).rfind(prefix, 0) == 0);
    const std::string file =
        std::string(TW_SOURCE_DIR) + "/schema/migrations/" + std::string(ms[i].name) + ".sql";
    CHECK(read_text(file) == std::string(ms[i].sql));
  }
  CHECK(latest_schema_version() == ms.back().version);
}

TEST_CASE("Create makes a database at the latest version, and reopening it changes nothing") {
  TempDir dir;
  const std::string path = dir.file("new.db");
  {
    Store s = Store::open(path, Store::Mode::Create);
    CHECK(s.schema_version() == latest_schema_version());
    CHECK_FALSE(s.read_only());
    const Content c = s.load_content();  // empty content is valid content
    CHECK(c.tiles.empty());
    CHECK(c.rule_sets.empty());
  }
  const std::string before = read_bytes(path);
  {
    Store s = Store::open(path, Store::Mode::ReadWrite);
    CHECK(s.schema_version() == latest_schema_version());
  }
  CHECK(read_bytes(path) == before);
  {
    Store s = Store::open(path, Store::Mode::ReadOnly);
    CHECK(s.read_only());
  }
  CHECK(read_bytes(path) == before);
}

TEST_CASE("a blank database at version 0 is migrated when opened for writing") {
  TempDir dir;
  const std::string path = dir.file("v0.db");
  raw_sql(path, "CREATE TABLE t (x INTEGER); DROP TABLE t;");
  {
    SQLite::Database raw(path);
    CHECK(raw.execAndGet("PRAGMA user_version").getInt() == 0);
  }
  Store s = Store::open(path, Store::Mode::ReadWrite);
  CHECK(s.schema_version() == latest_schema_version());
  for (const char* table : {"meta", "terrain", "tile_set", "tile_type", "tile_segment",
                            "rule_set", "rule_set_pool", "rule_param"})
    CHECK(tw::store_layer::connection(s).tableExists(table));
  // Foreign keys are on for the connection after migrating.
  CHECK(tw::store_layer::connection(s).execAndGet("PRAGMA foreign_keys").getInt() == 1);
}

TEST_CASE("the schema enforces its constraints") {
  TempDir dir;
  Store s = Store::open(dir.file("c.db"), Store::Mode::Create);
  auto& db = tw::store_layer::connection(s);
  CHECK(db.execAndGet("PRAGMA foreign_keys").getInt() == 1);
  // STRICT: no text in an INTEGER column.
  db.exec("INSERT INTO tile_set (id, name) VALUES ('s', 'S')");
  CHECK_THROWS(db.exec("INSERT INTO tile_type (tile_set, id, count) VALUES ('s', 'a', 'two')"));
  // CHECK: counts are not negative; kinds and colours are from their lists.
  CHECK_THROWS(db.exec("INSERT INTO tile_type (tile_set, id, count) VALUES ('s', 'a', -1)"));
  CHECK_THROWS(db.exec("INSERT INTO terrain VALUES ('x', 'lava', 'x', '#000000', NULL)"));
  CHECK_THROWS(db.exec("INSERT INTO terrain VALUES ('x', 'city', 'x', '#00000g', NULL)"));
  // Foreign keys: a tile type of a tile set that does not exist.
  CHECK_THROWS(db.exec("INSERT INTO tile_type (tile_set, id, count) VALUES ('nope', 'a', 1)"));
  CHECK_NOTHROW(db.exec("INSERT INTO tile_type (tile_set, id, count) VALUES ('s', 'a', 1)"));
}
