// Bad content in a well-formed database: every problem is reported at once, each naming
// database, table, row, column, value and what was expected. Nothing crashes, nothing
// is written.
#include <algorithm>

#include "support.h"

using namespace tw;
using namespace tw::test;

namespace {

// A copy of default.db with `sql` applied (foreign keys off), then loaded read-only.
struct Damaged {
  TempDir dir;
  std::string path;
  std::string what;
  std::vector<ContentError> errors;

  // Each script runs on its own connection (a rewritten schema is seen by the next one).
  explicit Damaged(const std::vector<std::string>& scripts) {
    path = copy_default(dir);
    for (const auto& sql : scripts) raw_sql(path, sql);
    const std::string before = read_bytes(path);
    errors = load_errors(path, &what);
    CHECK(read_bytes(path) == before);
    UNSCOPED_INFO(dump(path, errors));
  }
};

// Replaces a table's definition by one without types, NOT NULL, CHECK or STRICT (same
// columns, same primary key), as an old or tampered file might have it.
std::string loosen(const std::string& table, const std::string& columns) {
  return "PRAGMA writable_schema = ON; UPDATE sqlite_schema SET sql = 'CREATE TABLE " + table +
         " (" + columns + ")' WHERE type = 'table' AND name = '" + table +
         "'; PRAGMA writable_schema = OFF;";
}

}  // namespace

TEST_CASE("a port name that does not exist") {
  Damaged d({"UPDATE tile_segment SET ports = 'Nw N Nx' WHERE tile_id = 'E' AND idx = 0"});
  CHECK(has_error(d.errors, "tile_segment", "base/E#0", "ports", "unknown port name 'Nx'"));
  CHECK(has_error(d.errors, "tile_segment", "base/E#0", "ports", "Nw N Nx"));
  CHECK(d.what.find(d.path + ": tile_segment row base/E#0 column ports = 'Nw N Nx'") !=
        std::string::npos);
}

TEST_CASE("a port owned by two segments") {
  Damaged d({"UPDATE tile_segment SET ports = 'Nw N Ne En E Wn' WHERE tile_id = 'U' AND idx = 1"});
  CHECK(has_error(d.errors, "tile_segment", "base/U#1", "ports", "already owned by segment 0"));
}

TEST_CASE("a port listed twice in one segment") {
  Damaged d({"UPDATE tile_segment SET ports = 'E W E' WHERE tile_id = 'U' AND idx = 0"});
  CHECK(has_error(d.errors, "tile_segment", "base/U#0", "ports", "port E is listed more than once"));
}

TEST_CASE("a port list of 100 KB: a few errors of bounded size, not one per word") {
  // Issue 56, item 2: 'E W E E E ...' gave an error per repeat, each holding the whole
  // cell (4.9 GB at 100 KB). Now each kind of problem is reported once, with the value cut.
  std::string ports = "E W";
  while (ports.size() < 100'000) ports += " E W Nx";
  Damaged d({"UPDATE tile_segment SET ports = '" + ports + "' WHERE tile_id = 'U' AND idx = 0"});
  CHECK(has_error(d.errors, "tile_segment", "base/U#0", "ports", "ports E W are listed more than once"));
  CHECK(has_error(d.errors, "tile_segment", "base/U#0", "ports", "unknown port name 'Nx' (and"));
  size_t bytes = 0;
  for (const auto& e : d.errors) bytes += e.value.size() + e.message.size();
  CHECK(d.errors.size() < 10);
  CHECK(bytes < 4'000);
  CHECK(d.what.size() < 8'000);
}

TEST_CASE("a city that does not cover its whole edge") {
  Damaged d({
      "UPDATE tile_segment SET ports = 'Nw N' WHERE tile_id = 'E' AND idx = 0;"
      "UPDATE tile_segment SET ports = 'Ne En E Es Se S Sw Ws W Wn' WHERE tile_id = 'E' AND idx = 1;"});
  CHECK(has_error(d.errors, "tile_segment", "base/E#0", "ports", "port Ne is missing"));
  CHECK(d.errors.size() == 1);
}

TEST_CASE("segments that would have to cross each other") {
  // mists/M37 with its road made straight east-west and S given to field 3: field 2 keeps
  // En and Sw, on both sides of the road (issue 34, item 6).
  Damaged d({
      "UPDATE tile_segment SET ports = 'E W' WHERE tile_set = 'mists' AND tile_id = 'M37' AND idx = 1;"
      "UPDATE tile_segment SET ports = 'Es Se S' WHERE tile_set = 'mists' AND tile_id = 'M37' AND idx = 3;"
      "UPDATE tile_segment SET ports = 'Ws Wn' WHERE tile_set = 'mists' AND tile_id = 'M37' AND idx = 4;"});
  CHECK(has_error(d.errors, "tile_segment", "mists/M37#2", "ports", "crosses segment 1 (E W)"));
  CHECK(has_error(d.errors, "tile_segment", "mists/M37#4", "ports", "crosses segment 1 (E W)"));
  // The fog above field 4 (a cover layer) crosses nothing.
  // (The road now also reaches the fogged side W: the fog module's error, not counted.)
  int crossings = 0;
  for (const auto& e : d.errors) {
    CHECK(e.row != "mists/M37#5");
    crossings += e.message.find("crosses segment") != std::string::npos;
  }
  CHECK(crossings == 2);
}

TEST_CASE("an edge whose middle port nobody owns") {
  Damaged d({"UPDATE tile_segment SET ports = 'Es Se Sw Ws' WHERE tile_id = 'D' AND idx = 3"});
  CHECK(has_error(d.errors, "tile_type", "base/D", "segments", "edge S"));
}

TEST_CASE("a field touching a road") {
  Damaged d({"UPDATE tile_segment SET touches = '1' WHERE tile_id = 'D' AND idx = 2"});
  CHECK(has_error(d.errors, "tile_segment", "base/D#2", "touches", "city segment"));
}

TEST_CASE("touches that are not segment numbers") {
  Damaged d({"UPDATE tile_segment SET touches = '0 x 40' WHERE tile_id = 'D' AND idx = 2"});
  CHECK(has_error(d.errors, "tile_segment", "base/D#2", "touches", "not 'x'"));
  CHECK(has_error(d.errors, "tile_segment", "base/D#2", "touches", "not '40'"));
}

TEST_CASE("segment numbers with a gap") {
  Damaged d({"UPDATE tile_segment SET idx = 5 WHERE tile_id = 'E' AND idx = 1"});
  CHECK(has_error(d.errors, "tile_segment", "base/E#5", "idx", "expected 1"));
}

TEST_CASE("a segment of an unknown terrain, and a terrain of an unknown kind") {
  Damaged d({"UPDATE tile_segment SET terrain = 'lava' WHERE tile_id = 'B' AND idx = 1;",
             loosen("terrain", "id PRIMARY KEY, kind, match, colour, name"),
             "UPDATE terrain SET kind = 'swamp', colour = 'red' WHERE id = 'monastery';"});
  CHECK(has_error(d.errors, "tile_segment", "base/B#1", "terrain", "lava"));
  CHECK(has_error(d.errors, "terrain", "monastery", "kind", "swamp"));
  CHECK(has_error(d.errors, "terrain", "monastery", "colour", "#rrggbb"));
}

TEST_CASE("a CHECK violation planted behind the schema's back is named by row, and the file stays usable") {
  TempDir dir;
  const std::string path = copy_default(dir);
  raw_sql(path, "PRAGMA ignore_check_constraints = ON; UPDATE tile_type SET count = -3 WHERE id = 'A'");
  const std::string before = read_bytes(path);
  // A bad row is not a damaged file (issue 56, item 6: one bad replay row made every
  // write, `replay delete` too, fail with "the database is corrupt"): a read-write open
  // works, and constraint_check names the row on either kind of connection (SQLite itself
  // checks CHECK constraints only on a writable one).
  for (const auto mode : {Store::Mode::ReadOnly, Store::Mode::ReadWrite}) {
    Store store = Store::open(path, mode);
    const auto broken = store.constraint_check();
    REQUIRE(broken.size() == 1);
    CHECK(broken[0].rfind("table tile_type row ", 0) == 0);
    CHECK(broken[0].find("CHECK constraint failed") != std::string::npos);
    CHECK(broken[0].find("count") != std::string::npos);
    // SQLite's own integrity_check sees the row only on a writable connection, as a table
    // (no row named): `validate --full` reads read-only and names it by constraint_check.
    if (mode == Store::Mode::ReadOnly) CHECK(store.integrity_check().empty());
  }
  // The loader's own range check names the row too.
  const auto errors = load_errors(path);
  CHECK(errors.size() == 1);
  CHECK(has_error(errors, "tile_type", "base/A", "count", "0..10000"));
  CHECK(read_bytes(path) == before);
}

TEST_CASE("constraint_check: a sound database has no broken row") {
  TempDir dir;
  const std::string path = copy_default(dir);
  CHECK(Store::open(path, Store::Mode::ReadOnly).constraint_check().empty());
}

TEST_CASE("more than 15 match groups") {
  std::string sql;
  for (int i = 0; i < 12; ++i)
    sql += "INSERT INTO terrain VALUES ('t" + std::to_string(i) + "', 'field', 'm" +
           std::to_string(i) + "', '#000000', NULL);";
  Damaged d({sql});
  // However many groups the shipped content uses, the 12 added ones pass 15.
  REQUIRE(!d.errors.empty());
  for (const auto& e : d.errors) CHECK(e.message.find("at most 15") != std::string::npos);
  CHECK(has_error(d.errors, "terrain", "t11", "match", "at most 15"));
}

TEST_CASE("an unknown rule parameter") {
  Damaged d({"INSERT INTO rule_param VALUES ('base', 'folowers', 7)"});
  REQUIRE(d.errors.size() == 1);
  CHECK(has_error(d.errors, "rule_param", "base/folowers", "key", "followers"));
}

TEST_CASE("a rule parameter of the wrong type") {
  Damaged d({
      "UPDATE rule_param SET value = 'seven' WHERE rule_set = 'base' AND key = 'followers';"
      "UPDATE rule_param SET value = 2.5 WHERE rule_set = 'base' AND key = 'farm_city_points';"});
  REQUIRE(d.errors.size() == 2);
  CHECK(has_error(d.errors, "rule_param", "base/followers", "value", "an integer in 0..50"));
  CHECK(d.errors[0].value == "seven");
  CHECK(has_error(d.errors, "rule_param", "base/farm_city_points", "value", "not a real number"));
}

TEST_CASE("a rule parameter out of range") {
  Damaged d({"UPDATE rule_param SET value = 9 WHERE rule_set = 'base' AND key = 'max_players'"});
  REQUIRE(d.errors.size() == 1);
  CHECK(has_error(d.errors, "rule_param", "base/max_players", "value", "1..6"));
  CHECK(d.errors[0].value == "9");
}

TEST_CASE("min_players above max_players") {
  Damaged d({"UPDATE rule_param SET value = 4 WHERE rule_set = 'base' AND key = 'max_players';"
            "UPDATE rule_param SET value = 5 WHERE rule_set = 'base' AND key = 'min_players';"});
  // Rule sets inheriting these numbers from base are reported too.
  REQUIRE(!d.errors.empty());
  for (const auto& e : d.errors) CHECK(e.message == "min_players <= max_players");
  CHECK(has_error(d.errors, "rule_param", "base/min_players", "value", "min_players <= max_players"));
}

TEST_CASE("pool rows and a start tile pointing nowhere") {
  Damaged d({
      "INSERT INTO rule_set_pool VALUES ('base', 'base', 'Z', 1);"
      "INSERT INTO rule_set_pool VALUES ('nobody', 'base', 'A', 1);"
      "UPDATE rule_set SET start_tile = 'Y' WHERE id = 'base';"});
  REQUIRE(d.errors.size() == 3);
  CHECK(has_error(d.errors, "rule_set_pool", "base/base/Z", "tile_id", "base/Z"));
  CHECK(has_error(d.errors, "rule_set_pool", "nobody/base/A", "rule_set", "nobody"));
  CHECK(has_error(d.errors, "rule_set", "base", "start_tile", "base/Y"));
}

TEST_CASE("a loop of parents and an unknown parent") {
  Damaged d({
      "INSERT INTO rule_set VALUES ('a', 'A', 'base', 'b', 'base', 'D', '');"
      "INSERT INTO rule_set VALUES ('b', 'B', 'base', 'c', 'base', 'D', '');"
      "INSERT INTO rule_set VALUES ('c', 'C', 'base', 'a', 'base', 'D', '');"
      "INSERT INTO rule_set VALUES ('d', 'D', 'base', 'a', 'base', 'D', '');"
      "INSERT INTO rule_set VALUES ('e', 'E', 'base', 'ghost', 'base', 'D', '');"
      "INSERT INTO rule_set_pool VALUES ('e', 'base', 'A', 1);"});
  // One message for the loop (on its first member), one for the unknown parent; the
  // loop's members have no pool, which validate_content also reports.
  CHECK(has_error(d.errors, "rule_set", "a", "parent", "loops: a -> b -> c -> a"));
  CHECK(has_error(d.errors, "rule_set", "e", "parent", "ghost"));
  CHECK(std::count_if(d.errors.begin(), d.errors.end(),
                      [](const ContentError& e) { return e.column == "parent"; }) == 2);
}

TEST_CASE("several problems are all reported at once, each naming where") {
  Damaged d({
      "UPDATE tile_segment SET ports = 'Es Se S Sw Ws Xx' WHERE tile_id = 'D' AND idx = 3;"
      "UPDATE rule_param SET value = 'seven' WHERE rule_set = 'base' AND key = 'followers';"
      "INSERT INTO rule_set_pool VALUES ('base', 'base', 'Z', 1);"});
  REQUIRE(d.errors.size() == 3);
  CHECK(has_error(d.errors, "tile_segment", "base/D#3", "ports", "Xx"));
  CHECK(has_error(d.errors, "rule_param", "base/followers", "value", "seven"));
  CHECK(has_error(d.errors, "rule_set_pool", "base/base/Z", "tile_id", "base/Z"));
  // what(): one line per problem, each with the database path, table, row and column.
  std::vector<std::string> lines;
  std::istringstream in(d.what);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  REQUIRE(lines.size() == 3);
  for (size_t i = 0; i < 3; ++i) {
    const auto& e = d.errors[i];
    CHECK(lines[i] == format_error(d.path, e));
    CHECK(lines[i].find(d.path) == 0);
    CHECK(lines[i].find(e.table + " row " + e.row + " column " + e.column) != std::string::npos);
  }
}

TEST_CASE("NULLs and wrong types in tables without STRICT do not crash") {
  // tile_segment and tile_type as an old or tampered file might define them: no types,
  // no NOT NULL, no CHECK. Then values of every wrong type.
  Damaged d({loosen("tile_segment",
                    "tile_set, tile_id, idx, terrain, ports, shields, fogged, touches, mark, "
                    "PRIMARY KEY (tile_set, tile_id, idx)") +
                 loosen("tile_type",
                        "tile_set, id, count, reconstructed, ghost_symbols, note, piece, "
                        "piece_x, piece_y, PRIMARY KEY (tile_set, id)"),
             "UPDATE tile_segment SET terrain = NULL WHERE tile_id = 'A' AND idx = 0;"
             "UPDATE tile_segment SET ports = x'00ff' WHERE tile_id = 'B' AND idx = 0;"
             "UPDATE tile_segment SET shields = 2.5 WHERE tile_id = 'C' AND idx = 0;"
             "UPDATE tile_segment SET touches = 0 WHERE tile_id = 'E' AND idx = 1;"
             "UPDATE tile_segment SET fogged = 'yes' WHERE tile_id = 'U' AND idx = 1;"
             "UPDATE tile_segment SET idx = 'two' WHERE tile_id = 'V' AND idx = 2;"
             "UPDATE tile_segment SET mark = 'inn' WHERE tile_id = 'IC15' AND idx = 0;"
             "UPDATE tile_segment SET mark = 2 WHERE tile_id = 'IC16' AND idx = 0;"
             "UPDATE tile_type SET count = 'many' WHERE id = 'F';"
             "UPDATE tile_type SET note = NULL WHERE id = 'G';"
             "UPDATE tile_type SET reconstructed = 7 WHERE id = 'H';"
             "UPDATE tile_type SET id = NULL WHERE id = 'X';"});
  CHECK(has_error(d.errors, "tile_segment", "base/A#0", "terrain", "not NULL"));
  CHECK(has_error(d.errors, "tile_segment", "base/B#0", "ports", "not a blob"));
  CHECK(has_error(d.errors, "tile_segment", "base/C#0", "shields", "not a real number"));
  CHECK(has_error(d.errors, "tile_segment", "base/E#1", "touches", "not an integer"));
  CHECK(has_error(d.errors, "tile_segment", "base/U#1", "fogged", "yes"));
  CHECK(has_error(d.errors, "tile_segment", "base/V#two", "idx", "not text"));
  CHECK(has_error(d.errors, "tile_segment", "inns/IC15#0", "mark", "inn"));
  CHECK(has_error(d.errors, "tile_segment", "inns/IC16#0", "mark", "0..1"));
  CHECK(has_error(d.errors, "tile_type", "base/F", "count", "many"));
  CHECK(has_error(d.errors, "tile_type", "base/G", "note", "NULL"));
  CHECK(has_error(d.errors, "tile_type", "base/H", "reconstructed", "0..1"));
  CHECK(has_error(d.errors, "tile_type", "rowid 24", "id", "NULL"));
}

TEST_CASE("a parameter the rule set's system does not play is an error naming its module") {
  // gcc has no dogs; discovery's tiles have no fog for ghosts; base has no co-op ghost removal. Each value
  // would be ignored by the games of that system, so each is refused where it is set.
  Damaged d({"INSERT INTO rule_param VALUES ('gcc', 'dog_waits_for_follower', 1);"
             "INSERT INTO rule_param VALUES ('discovery', 'ghost_penalty', 5);"
             "UPDATE rule_param SET value = 1 WHERE rule_set = 'base' AND key = 'unghost_choose_count';"});
  CHECK(has_error(d.errors, "rule_param", "gcc/dog_waits_for_follower", "value", "belongs to the dogs rules of mists"));
  CHECK(has_error(d.errors, "rule_param", "discovery/ghost_penalty", "value", "play only on tiles with fog segments"));
  CHECK(has_error(d.errors, "rule_param", "base/unghost_choose_count", "value", "rule set base is of system base"));
  // gcc and mists inherit base's value: the row that sets it is refused, once.
  CHECK(d.errors.size() == 3);
}

TEST_CASE("a co-op rule set sets what the level decides: one error, not two") {
  Damaged d({"INSERT INTO rule_param VALUES ('mists', 'fog_ghosts', 1)"});
  REQUIRE(d.errors.size() == 1);
  CHECK(has_error(d.errors, "rule_param", "mists/fog_ghosts", "value", "for a rule set of system mists"));
}

TEST_CASE("fog that touches no edge is refused: its ghosts could never emerge") {
  Damaged d({"UPDATE tile_segment SET ports = 'C' WHERE tile_set = 'mists' AND tile_id = 'M06' AND idx = 4"});
  CHECK(has_error(d.errors, "tile_segment", "mists/M06#4", "ports", "fog must cover at least one side"));
}

TEST_CASE("control characters are refused at every store write the editor makes, and nothing is written") {
  // Issue 56, item 4: a rule-set name with ESC]0;...BEL reached `content show` raw.
  TempDir dir;
  const std::string path = copy_default(dir);
  const std::string evil = std::string("evil") + "\x1b]0;owned\x07" + "\x1b[2J";
  Store store = Store::open(path, Store::Mode::ReadWrite);
  const std::string before = read_bytes(path);
  CHECK_THROWS_AS(store.clone_rule_set("gcc", "gcc-x", evil), EditError);
  CHECK_THROWS_AS(store.clone_rule_set("gcc", std::string("gcc\0x", 5), "x"), EditError);
  CHECK_THROWS_AS(store.clone_level("mists-1", "m1x", evil), EditError);
  CHECK_THROWS_AS(store.set_level_value("mists-1", "description", "a\x1b[2Jb"), EditError);
  Content c = store.load_content();
  TileType t = c.tiles.front();
  t.id = "Z\x1b";
  try {
    store.save_tile_type(t);
    FAIL("a tile id with ESC was saved");
  } catch (const LoadError& e) {
    CHECK(std::string(e.what()).find("control character") != std::string::npos);
  }
  CHECK(read_bytes(path) == before);
  // Multi-line text may hold line breaks and tabs.
  CHECK_NOTHROW(store.set_level_value("mists-1", "description", "two\nlines\tand a tab"));
}
