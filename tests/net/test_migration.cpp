// Migration 5 (schema/migrations/0005_online.sql) adds the server's tables to a database
// of the previous version, keeping what it held.
#include <catch2/catch.hpp>

#include <SQLiteCpp/SQLiteCpp.h>

#include "net_fixture.h"
#include "schema/connection.h"
#include "schema/migrations.h"

using namespace tw;

TEST_CASE("net migration: a version-4 database opened for writing gets the online tables") {
  const std::string path = test::fresh_server_db("migration");
  {
    SQLite::Database raw(path, SQLite::OPEN_READWRITE);
    raw.exec("DROP TABLE net_move; DROP TABLE net_seat; DROP TABLE net_room; PRAGMA user_version = 4");
  }
  {
    // Read-only: a copy upgraded in memory; the file keeps its version until a write.
    Store ro = Store::open(path, Store::Mode::ReadOnly);
    CHECK(ro.schema_version() == latest_schema_version());
    CHECK(SQLite::Database(path, SQLite::OPEN_READONLY).execAndGet("PRAGMA user_version").getInt() == 4);
  }
  {
    Store s = Store::open(path, Store::Mode::ReadWrite);
    CHECK(s.schema_version() == latest_schema_version());
    for (const char* t : {"net_room", "net_seat", "net_move"}) CHECK(tw::store_layer::connection(s).tableExists(t));
  }
  // The server runs on it.
  test::HubHarness h(path);
  h.hello(1);
  CHECK(!h.create(1, "rule_set", "base", nlohmann::json::array({{{"kind", "human"}}, {{"kind", "bot"}, {"bot", "random"}}}))
              .first.empty());
  // The tables refuse rows that break their rules.
  CHECK_THROWS(tw::store_layer::connection(h.store).exec(
      "INSERT INTO net_room (code, rule_set, seed, host_token, state) VALUES ('X', 'base', 1, 't', 'dancing')"));
}
