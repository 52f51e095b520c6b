// `content show` and `content clone --set` read the level columns from their one table
// (engine/rules/level_columns.h): show lists every column but the id, name and
// description (those head the output), each with its value as the database holds it;
// clone --set takes exactly the table's integer columns.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "cli/app.h"
#include "cli_run.h"
#include "engine/rules/level_columns.h"
#include "fixtures.h"

using namespace tw;
using test::cli;

TEST_CASE("content show lists every level column of the table with its value") {
  const Content& c = test::default_content();
  const Level& l = *c.find_level("mists-3");
  const auto json = cli({"content", "show", "mists-3", "--db", TW_TEST_DB, "--json"});
  REQUIRE(json.code == 0);
  const auto j = nlohmann::json::parse(json.out);
  const auto text = cli({"content", "show", "mists-3", "--db", TW_TEST_DB});
  REQUIRE(text.code == 0);
  size_t listed = 0;
  for (const LevelColumn& col : level_columns()) {
    INFO(col.name);
    const bool heading = col.name == "id" || col.name == "name" || col.name == "description";
    const nlohmann::json* row = nullptr;
    for (const auto& r : j["columns"])
      if (r["column"] == std::string(col.name)) row = &r;
    CHECK((row != nullptr) == !heading);
    if (heading) continue;
    ++listed;
    REQUIRE(row);
    CHECK((*row)["value"].get<std::string>() == col.get(l));
    CHECK((*row)["meaning"].get<std::string>().find(std::string(col.meaning)) == 0);
    CHECK(text.out.find(std::string(col.name)) != std::string::npos);
  }
  CHECK(j["columns"].size() == listed);
  CHECK(j["name"] == l.name);
  CHECK(j["description"] == l.description);
}

TEST_CASE("content clone --set takes the level table's integer columns, and only those") {
  for (const LevelColumn& col : level_columns()) {
    INFO(col.name);
    const std::string value = col.integer() ? std::to_string(col.min) : "1";
    const auto r = cli({"content", "clone", "mists-3", "mists-3x", "--db", TW_TEST_DB, "--dry-run", "--set",
                        std::string(col.name) + "=" + value});
    if (col.integer()) {
      // In range: accepted as a number of the level (the loader may still refuse the
      // combination, which names the column).
      CHECK(r.err.find("has no such number") == std::string::npos);
    } else {
      CHECK(r.code != 0);
      CHECK(r.err.find("has no such number") != std::string::npos);
      CHECK(r.err.find("ghost_bank") != std::string::npos);  // the list of numbers
    }
  }
  const auto ok = cli({"content", "clone", "mists-3", "mists-3x", "--db", TW_TEST_DB, "--dry-run", "--set", "target=70"});
  CHECK(ok.code == 0);
  CHECK(ok.out.find("target 100 -> 70") != std::string::npos);
}
