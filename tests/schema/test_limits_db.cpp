// Issue 30's reproduction at the database: every base pool row at the schema's maximum
// (10,000) is refused at load, naming table, row and column, instead of crashing the
// seeded game `validate` plays. One row at 10,000 loads.
#include "support.h"

using namespace tw;
using namespace tw::test;

TEST_CASE("limits: a pool beyond 16,000 tiles is refused at load with its row, one row of 10,000 loads") {
  TempDir dir;
  const std::string path = copy_default(dir);
  raw_sql(path, "UPDATE rule_set_pool SET count = 10000 WHERE rule_set = 'base'");
  const std::string before = read_bytes(path);
  std::string what;
  const auto errors = load_errors(path, &what);
  INFO(what);
  CHECK(has_error(errors, "rule_set_pool", "base", "count", "240,001 tiles"));
  CHECK(what.find(path + ": rule_set_pool row base column count = '240,001 tiles': at most 16,000 tiles in one game") !=
        std::string::npos);
  CHECK(read_bytes(path) == before);

  raw_sql(path, "UPDATE rule_set_pool SET count = 1 WHERE rule_set = 'base'; "
                "UPDATE rule_set_pool SET count = 10000 WHERE rule_set = 'base' AND tile_id = 'A'");
  const Content c = Store::open(path, Store::Mode::ReadOnly).load_content();
  CHECK(pile_size(c, *c.find_rule_set("base")).tiles == 1 + 23 + 10000);
}
