// Files that are not (current, healthy) Tilewright databases: each is refused with a
// message naming the path, nothing crashes, and the file is left as it was.
#include "support.h"

using namespace tw;
using namespace tw::test;

namespace {

void refused_everywhere(const std::string& path, const std::vector<std::string>& parts) {
  const std::string before = read_bytes(path);
  for (auto mode : {Store::Mode::ReadOnly, Store::Mode::ReadWrite}) {
    const std::string msg = open_error(path, mode);
    INFO("message: " << msg);
    REQUIRE_FALSE(msg.empty());
    CHECK(msg.rfind(path + ": ", 0) == 0);  // starts with the path
    for (const auto& p : parts) CHECK(msg.find(p) != std::string::npos);
    CHECK(read_bytes(path) == before);
  }
}

}  // namespace

TEST_CASE("a database from a newer Tilewright is refused, naming both versions") {
  TempDir dir;
  const std::string path = copy_default(dir);
  const int newer = latest_schema_version() + 1;
  raw_sql(path, "PRAGMA user_version = " + std::to_string(newer));
  refused_everywhere(path, {"written by a newer Tilewright (schema version " + std::to_string(newer) + ")",
                            "this build knows schema versions up to " +
                                std::to_string(latest_schema_version()),
                            "Update Tilewright or open another database."});
}

TEST_CASE("a file of garbage bytes is not a Tilewright database") {
  TempDir dir;
  const std::string path = dir.file("garbage.db");
  std::string bytes(8192, '\0');
  uint32_t x = 12345;
  for (auto& ch : bytes) {
    x = x * 1103515245u + 12345u;
    ch = static_cast<char>(x >> 24);
  }
  write_bytes(path, bytes);
  refused_everywhere(path, {"not a Tilewright database"});
  write_bytes(path, "hello, this is a text file\n");
  refused_everywhere(path, {"not a Tilewright database"});
}

TEST_CASE("an empty file is refused, and stays empty") {
  TempDir dir;
  const std::string path = dir.file("empty.db");
  write_bytes(path, "");
  refused_everywhere(path, {"empty file", "not a Tilewright database"});
  CHECK(fs::file_size(path) == 0);
}

TEST_CASE("a file shorter than SQLite's header is refused, and never replaced by an empty database") {
  // Issue 56, item 7: SQLite takes a 1-byte file for an empty database; a read-write open
  // then wrote the schema over it (`replay list` made it an empty database).
  TempDir dir;
  for (const std::string& bytes : {std::string("x"), std::string(99, 'S')}) {
    const std::string path = dir.file("short.db");
    write_bytes(path, bytes);
    refused_everywhere(path, {"too short for an SQLite database", "not a Tilewright database"});
    CHECK(read_bytes(path) == bytes);
  }
}

TEST_CASE("a truncated copy of default.db is reported as corrupt") {
  TempDir dir;
  const std::string full = read_bytes(TW_TEST_DB);
  REQUIRE(full.size() > 8192);
  for (size_t keep : {full.size() / 2, size_t{4096} + 100, size_t{50}}) {
    INFO("kept " << keep << " of " << full.size() << " bytes");
    const std::string path = dir.file("cut-" + std::to_string(keep) + ".db");
    write_bytes(path, full.substr(0, keep));
    const std::string before = read_bytes(path);
    for (auto mode : {Store::Mode::ReadOnly, Store::Mode::ReadWrite}) {
      std::string msg;
      try {
        Store::open(path, mode).load_content();
      } catch (const StoreError& e) {
        msg = e.what();
      }
      INFO("message: " << msg);
      CHECK(msg.rfind(path + ": ", 0) == 0);
      CHECK((msg.find("corrupt") != std::string::npos ||
             msg.find("not a Tilewright database") != std::string::npos));
      CHECK(read_bytes(path) == before);
    }
  }
}

TEST_CASE("an SQLite database of another program is not a Tilewright database") {
  TempDir dir;
  const std::string path = dir.file("other.db");
  raw_sql(path, "CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT)");
  refused_everywhere(path, {"not a Tilewright database", "no terrain table", "customers"});
}

TEST_CASE("a missing file is named and not created, and Create refuses a taken path") {
  TempDir dir;
  const std::string path = dir.file("missing.db");
  for (auto mode : {Store::Mode::ReadOnly, Store::Mode::ReadWrite}) {
    const std::string msg = open_error(path, mode);
    CHECK(msg == path + ": no such database file");
    CHECK_FALSE(fs::exists(path));
  }
  const std::string taken = copy_default(dir);
  const std::string before = read_bytes(taken);
  CHECK(open_error(taken, Store::Mode::Create).find("already exists") != std::string::npos);
  CHECK(read_bytes(taken) == before);
}

TEST_CASE("a read-only open refuses an empty SQLite database and does not touch it") {
  TempDir dir;
  const std::string path = dir.file("v0.db");
  raw_sql(path, "CREATE TABLE t (x INTEGER); DROP TABLE t;");  // a blank database
  const std::string before = read_bytes(path);
  const std::string msg = open_error(path, Store::Mode::ReadOnly);
  INFO(msg);
  CHECK(msg.find("an empty SQLite database (no tables, schema version 0), not yet a Tilewright database") !=
        std::string::npos);
  CHECK(read_bytes(path) == before);
}
