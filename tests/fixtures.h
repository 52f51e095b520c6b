// Shared test fixtures: the built default.db, and a copy extended with the test-only
// rule sets of tests/data/test-rulesets.sql (tiny draw piles, so a hand-written record
// can reach the end of the game and its final scoring), test-gcc.sql and
// test-discovery.sql (test tiles for the worked examples of seeds 004 and 001).
#pragma once

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>

#include <unistd.h>

#include "engine/content.h"
#include "engine/rules/registry.h"
#include "schema/store.h"

namespace tw::test {

inline std::string read_text(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

inline const Content& default_content() {
  static const Content c = Store::open(TW_TEST_DB, Store::Mode::ReadOnly).load_content();
  return c;
}

// A directory removed when the test program exits.
struct TempTestDir {
  std::filesystem::path path;
  TempTestDir()
      : path(std::filesystem::temp_directory_path() / ("tw-test-" + std::to_string(::getpid()))) {
    std::filesystem::create_directories(path);
  }
  ~TempTestDir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
};

// A folder of one test's own, removed with it (`prefix` names it in the temp folder):
// p(name) is a path in it, fresh(name) a copy of the bundled default.db there.
struct ScratchDir {
  std::filesystem::path path;
  explicit ScratchDir(const std::string& prefix) {
    static int n = 0;
    path = std::filesystem::temp_directory_path() /
           (prefix + "-" + std::to_string(::getpid()) + "-" + std::to_string(++n));
    std::filesystem::create_directories(path);
  }
  ~ScratchDir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  std::string p(const std::string& name) const { return (path / name).string(); }
  std::string fresh(const std::string& name) const {
    const auto q = p(name);
    std::filesystem::copy_file(TW_TEST_DB, q, std::filesystem::copy_options::overwrite_existing);
    return q;
  }
};

inline std::filesystem::path test_db_path() {
  static const TempTestDir temp;
  static const std::filesystem::path path = [] {
    const auto& dir = temp.path;
    const auto p = dir / "test.db";
    std::filesystem::copy_file(TW_TEST_DB, p, std::filesystem::copy_options::overwrite_existing);
    Store s = Store::open(p.string(), Store::Mode::ReadWrite);
    for (const char* script : {"tests/data/test-rulesets.sql", "tests/data/test-gcc.sql",
                               "tests/data/test-discovery.sql", "tests/data/test-mists.sql"})
      s.exec_script(read_text(std::filesystem::path(TW_SOURCE_DIR) / script), script);
    return p;
  }();
  return path;
}

inline const Content& test_content() {
  static const Content c = Store::open(test_db_path().string(), Store::Mode::ReadOnly).load_content();
  return c;
}

// The option kind of a verb ("big"): a module numbers its own kinds in its own file
// (engine/rules/registry.h), so tests ask the grammar's rows for it.
inline OptKind option_kind(std::string_view verb) {
  for (const OptionRule* r : option_rules())
    if (r->verb == verb) return r->kind;
  throw std::runtime_error("no option verb '" + std::string(verb) + "'");
}

}  // namespace tw::test
