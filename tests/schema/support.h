// Helpers shared by the schema tests: a unique temporary directory that removes itself,
// copies of the built default.db to damage, raw SQL on a file (bypassing the Store), and
// lookups in a list of ContentErrors.
#pragma once

#include <SQLiteCpp/SQLiteCpp.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "schema/migrations.h"
#include "schema/store.h"

namespace tw::test {

namespace fs = std::filesystem;

class TempDir {
 public:
  TempDir() {
    static int counter = 0;
    for (;;) {
      path_ = fs::temp_directory_path() /
              ("tw-schema-test-" + std::to_string(::getpid()) + "-" + std::to_string(++counter));
      if (fs::create_directory(path_)) break;
    }
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::string file(const std::string& name) const { return (path_ / name).string(); }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

inline std::string read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::string bytes(static_cast<size_t>(fs::file_size(path)), '\0');
  in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  return bytes;
}

inline void write_bytes(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << bytes;
}

inline std::string read_text(const std::string& path) { return read_bytes(path); }

inline std::string copy_default(const TempDir& dir, const std::string& name = "copy.db") {
  const std::string to = dir.file(name);
  fs::copy_file(TW_TEST_DB, to, fs::copy_options::overwrite_existing);
  return to;
}

// Runs SQL straight on the file, foreign keys off (SQLite's default), so a test can put
// in rows the Store would never write.
inline void raw_sql(const std::string& path, const std::string& sql) {
  SQLite::Database db(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
  db.exec(sql);
}

// Loads `path` read-only and returns the problems; fails the test if it loads cleanly.
inline std::vector<ContentError> load_errors(const std::string& path, std::string* what = nullptr) {
  try {
    Store::open(path, Store::Mode::ReadOnly).load_content();
  } catch (const LoadError& e) {
    if (what) *what = e.what();
    return e.errors();
  }
  FAIL("expected a LoadError from " << path);
  return {};
}

inline bool has_error(const std::vector<ContentError>& errors, const std::string& table,
                      const std::string& row, const std::string& column,
                      const std::string& message_part = "") {
  for (const auto& e : errors)
    if (e.table == table && e.row == row && e.column == column &&
        (e.message + " " + e.value).find(message_part) != std::string::npos)
      return true;
  return false;
}

inline std::string dump(const std::string& source, const std::vector<ContentError>& errors) {
  std::string out;
  for (const auto& e : errors) out += format_error(source, e) + "\n";
  return out;
}

// The StoreError message from opening `path`, or "" if it opened.
inline std::string open_error(const std::string& path, Store::Mode mode) {
  try {
    Store::open(path, mode);
  } catch (const StoreError& e) {
    return e.what();
  }
  return "";
}

}  // namespace tw::test
