// Issue 30: a database another program is writing is busy, not corrupt. Every command
// that opens a database waits the busy timeout (5 s), then exits 4 saying so. The lock is
// held from a second connection in this process.
#include <SQLiteCpp/SQLiteCpp.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>

#include "cli/commands.h"
#include "cli_run.h"

using namespace tw;

TEST_CASE("busy: content list, replay list, validate and play on a locked database exit 4, naming it") {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("tw-busy-cli-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string db = (dir / "x.db").string();
  fs::copy_file(TW_TEST_DB, db, fs::copy_options::overwrite_existing);
  {
    SQLite::Database holder(db, SQLite::OPEN_READWRITE);
    holder.exec("BEGIN EXCLUSIVE");
    for (const std::vector<std::string>& words :
         {std::vector<std::string>{"content", "list", "--db", db}, {"replay", "list", "--db", db},
          {"validate", "--db", db}, {"play", "--db", db, "--players", "bot:random,bot:random", "--seed", "1", "--quiet"}}) {
      const auto r = test::cli(words);
      INFO(words[0] << ": " << r.err);
      CHECK(r.code == kExitBusy);
      CHECK(r.err.find(db + ": another program is writing this database; waited 5 s") != std::string::npos);
      CHECK(r.err.find("corrupt") == std::string::npos);
    }
    holder.exec("ROLLBACK");
  }
  CHECK(test::cli({"content", "list", "--db", db}).code == kExitOk);
  std::error_code ec;
  fs::remove_all(dir, ec);
}
