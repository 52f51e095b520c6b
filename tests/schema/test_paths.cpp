// Finding the database: --db, TILEWRIGHT_DB, else the user's own, copied on first use
// from the bundled default.db.
#include <cstdlib>
#include <map>

#include "schema/paths.h"
#include "support.h"

using namespace tw;
using namespace tw::test;

namespace {

// Sets environment variables for one test and restores them afterwards.
class EnvGuard {
 public:
  ~EnvGuard() {
    for (const auto& [name, old] : saved_) {
      if (old)
        ::setenv(name.c_str(), old->c_str(), 1);
      else
        ::unsetenv(name.c_str());
    }
  }
  void set(const std::string& name, const std::optional<std::string>& value) {
    if (!saved_.count(name)) {
      const char* old = std::getenv(name.c_str());
      saved_[name] = old ? std::optional<std::string>(old) : std::nullopt;
    }
    if (value)
      ::setenv(name.c_str(), value->c_str(), 1);
    else
      ::unsetenv(name.c_str());
  }

 private:
  std::map<std::string, std::optional<std::string>> saved_;
};

}  // namespace

TEST_CASE("the --db option wins, then TILEWRIGHT_DB") {
  EnvGuard env;
  env.set("TILEWRIGHT_DB", "/somewhere/env.db");
  CHECK(resolve_db_path(std::string("/x/cli.db")) == "/x/cli.db");
  CHECK(resolve_db_path(std::nullopt) == "/somewhere/env.db");
  CHECK(default_db_path() == "/somewhere/env.db");
}

TEST_CASE("the user's database is created on first use as a copy of default.db") {
  TempDir dir;
  EnvGuard env;
  env.set("TILEWRIGHT_DB", std::nullopt);
  env.set("XDG_DATA_HOME", dir.file("data"));
  env.set("TILEWRIGHT_DEFAULT_DB", std::string(TW_TEST_DB));
  const std::string expected = dir.file("data") + "/tilewright/tilewright.db";
  CHECK(user_db_path() == expected);
  REQUIRE_FALSE(fs::exists(expected));
  CHECK(resolve_db_path(std::nullopt) == expected);
  REQUIRE(fs::exists(expected));
  CHECK(read_bytes(expected) == read_bytes(TW_TEST_DB));
  // No temporary file is left beside it, and it opens for writing.
  int files = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir.file("data") + "/tilewright"))
    ++files;
  CHECK(files == 1);
  CHECK(Store::open(expected, Store::Mode::ReadWrite).load_content().tiles.size() ==
        Store::open(TW_TEST_DB, Store::Mode::ReadOnly).load_content().tiles.size());
  // Once it exists it is used as it is, never copied over.
  write_bytes(expected, "mine");
  CHECK(resolve_db_path(std::nullopt) == expected);
  CHECK(read_bytes(expected) == "mine");
}

TEST_CASE("without XDG_DATA_HOME the user's database lives under HOME") {
  TempDir dir;
  EnvGuard env;
  env.set("XDG_DATA_HOME", std::nullopt);
  env.set("HOME", dir.path().string());
  CHECK(user_db_path() == dir.path().string() + "/.local/share/tilewright/tilewright.db");
  env.set("HOME", std::nullopt);
  CHECK_THROWS_AS(user_db_path(), StoreError);
}

TEST_CASE("no bundled default.db: a clear error, and nothing is created") {
  TempDir dir;
  EnvGuard env;
  env.set("TILEWRIGHT_DB", std::nullopt);
  env.set("XDG_DATA_HOME", dir.file("data"));
  env.set("TILEWRIGHT_DEFAULT_DB", dir.file("missing/default.db"));
  CHECK_THROWS_WITH(resolve_db_path(std::nullopt),
                    Catch::Contains(dir.file("missing/default.db")) &&
                        Catch::Contains("does not exist"));
  CHECK_FALSE(fs::exists(dir.file("data/tilewright/tilewright.db")));
}

TEST_CASE("the bundled default.db is found beside or above the executable") {
  EnvGuard env;
  env.set("TILEWRIGHT_DEFAULT_DB", std::nullopt);
  // This test program lives in <build>/tests/, default.db in <build>/.
  const auto found = find_bundled_db();
  REQUIRE(found.has_value());
  CHECK(fs::equivalent(*found, TW_TEST_DB));
  env.set("TILEWRIGHT_DEFAULT_DB", "/elsewhere/default.db");
  CHECK(find_bundled_db() == std::optional<std::string>("/elsewhere/default.db"));
}
