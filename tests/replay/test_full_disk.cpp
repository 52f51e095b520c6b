// A full disk is a database error in every command (issue 30: content import said 1, bad
// input, where replay import said 3). Simulated in process: the connection's
// max_page_count is the file's size, and the free space in its pages is filled first, so
// the next write that needs a page fails with SQLITE_FULL as on a full disk.
#include <SQLiteCpp/SQLiteCpp.h>
#include <sqlite3.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <functional>

#include "replay/replay_store.h"
#include "schema/connection.h"
#include "schema/pack.h"
#include "schema/store.h"
#include "support.h"

using namespace tw;

namespace {

struct Failure {
  bool store_error = false;  // a StoreError that is not a PackError (exit 3 in the CLI)
  bool pack_error = false;   // a PackError (the CLI says bad input)
  std::string what;
};

Failure failure_of(const std::function<void()>& f) {
  Failure out;
  try {
    f();
  } catch (const pack::PackError& e) {
    out.pack_error = true;
    out.what = e.what();
  } catch (const StoreError& e) {
    out.store_error = true;
    out.what = e.what();
  }
  return out;
}

// Fills the file's pages and forbids new ones on this connection.
void fill_disk(Store& store) {
  SQLite::Database& db = tw::store_layer::connection(store);
  db.exec("CREATE TABLE IF NOT EXISTS filler (b BLOB)");
  const int64_t pages = db.execAndGet("PRAGMA page_count").getInt64();
  db.exec("PRAGMA max_page_count = " + std::to_string(pages));
  for (int size : {4096, 1024, 256, 64, 16}) {
    for (;;) {
      try {
        db.exec("INSERT INTO filler VALUES (randomblob(" + std::to_string(size) + "))");
      } catch (const SQLite::Exception&) {
        break;
      }
    }
  }
}

struct TempCopy {
  std::filesystem::path dir = std::filesystem::temp_directory_path() / ("tw-full-" + std::to_string(::getpid()));
  std::string path;
  TempCopy() {
    std::filesystem::create_directories(dir);
    path = (dir / "x.db").string();
    std::filesystem::copy_file(TW_TEST_DB, path, std::filesystem::copy_options::overwrite_existing);
  }
  ~TempCopy() {
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
  }
};

}  // namespace

TEST_CASE("full disk: content import and replay import both fail as a database error, writing nothing") {
  TempCopy copy;
  Store store = Store::open(copy.path, Store::Mode::ReadWrite);
  // A pack of every item, renamed where it would clash, so the import has rows to write.
  pack::Pack p = pack::export_pack(store, {"rule_set:gcc"});
  pack::ImportOptions o;
  o.renames["gcc"] = "gcc-copy";
  const std::string pack_text = pack::pack_text(p);
  fill_disk(store);
  const int64_t replays_before = tw::store_layer::connection(store).execAndGet("SELECT count(*) FROM replay").getInt64();

  const Failure content = failure_of([&] { pack::import_pack(store, pack::parse_pack(pack_text, "gcc.json"), o); });
  INFO(content.what);
  CHECK(content.store_error);
  CHECK(!content.pack_error);
  CHECK(content.what.find(copy.path + ": cannot write: the disk is full") != std::string::npos);
  CHECK(content.what.find("nothing was written") != std::string::npos);
  CHECK(!store.load_content().find_rule_set("gcc-copy"));

  const Failure replay = failure_of([&] {
    replay::ReplayStore(store).insert(replay::from_log(test::bot_log(3)));
  });
  INFO(replay.what);
  CHECK(replay.store_error);
  CHECK(!replay.pack_error);
  CHECK(tw::store_layer::connection(store).execAndGet("SELECT count(*) FROM replay").getInt64() == replays_before);
}

TEST_CASE("full disk: a row the schema refuses is still the pack's fault, not the disk's") {
  TempCopy copy;
  Store store = Store::open(copy.path, Store::Mode::ReadWrite);
  SQLite::Exception constraint("CHECK constraint failed: count BETWEEN 0 AND 10000", SQLITE_CONSTRAINT);
  CHECK_NOTHROW(throw_if_storage_failure(copy.path, constraint, "nothing was written"));
  SQLite::Exception full("database or disk is full", SQLITE_FULL);
  CHECK_THROWS_AS(throw_if_storage_failure(copy.path, full, "nothing was written"), StoreError);
  SQLite::Exception locked("database is locked", SQLITE_BUSY);
  CHECK_THROWS_AS(throw_if_storage_failure(copy.path, locked, "nothing was written"), BusyError);
}
