#include "schema/paths.h"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <system_error>
#include <vector>

#include "schema/store.h"

namespace tw {

namespace fs = std::filesystem;

namespace {

std::optional<std::string> env(const char* name) {
  const char* v = std::getenv(name);
  if (!v || !*v) return std::nullopt;
  return std::string(v);
}

std::optional<fs::path> exe_dir() {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (ec || exe.empty()) return std::nullopt;
  return exe.parent_path();
}

std::vector<fs::path> bundled_candidates() {
  std::vector<fs::path> out;
  if (auto dir = exe_dir()) {
    out.push_back(*dir / "default.db");
    out.push_back(dir->parent_path() / "default.db");
    out.push_back(dir->parent_path() / "share" / "tilewright" / "default.db");
  }
  return out;
}

}  // namespace

std::string user_db_path() {
  if (auto xdg = env("XDG_DATA_HOME"))
    return (fs::path(*xdg) / "tilewright" / "tilewright.db").string();
  if (auto home = env("HOME"))
    return (fs::path(*home) / ".local" / "share" / "tilewright" / "tilewright.db").string();
  throw StoreError(
      "cannot find a place for your database: neither XDG_DATA_HOME nor HOME is set; pass "
      "--db PATH or set TILEWRIGHT_DB");
}

std::optional<std::string> find_bundled_db() {
  if (auto set = env("TILEWRIGHT_DEFAULT_DB")) return set;
  std::error_code ec;
  for (const auto& p : bundled_candidates())
    if (fs::is_regular_file(p, ec)) return p.string();
  return std::nullopt;
}

std::string default_db_path() {
  if (auto set = env("TILEWRIGHT_DB")) return *set;
  const fs::path user = user_db_path();
  std::error_code ec;
  if (fs::exists(user, ec)) return user.string();
  const auto bundled = find_bundled_db();
  if (!bundled) {
    std::string looked;
    for (const auto& p : bundled_candidates()) looked += "\n  " + p.string();
    throw StoreError(user.string() +
                     ": your database does not exist yet, and no bundled default.db to "
                     "create it from was found (set TILEWRIGHT_DEFAULT_DB, or pass --db "
                     "PATH). Looked in:" + looked);
  }
  if (!fs::is_regular_file(*bundled, ec))
    throw StoreError(*bundled + ": the bundled default.db (TILEWRIGHT_DEFAULT_DB) does not "
                                "exist; cannot create " + user.string());
  fs::create_directories(user.parent_path(), ec);
  if (ec)
    throw StoreError(user.parent_path().string() + ": cannot create the directory: " +
                     ec.message());
  // Copy beside the target, then rename: another process sees no database or a whole one.
  const fs::path tmp = user.string() + ".tmp-" + std::to_string(::getpid());
  fs::copy_file(*bundled, tmp, fs::copy_options::overwrite_existing, ec);
  if (!ec) fs::permissions(tmp, fs::perms::owner_read | fs::perms::owner_write,
                           fs::perm_options::add, ec);
  if (!ec) fs::rename(tmp, user, ec);
  if (ec) {
    std::error_code ignored;
    fs::remove(tmp, ignored);
    throw StoreError(user.string() + ": cannot create it from " + *bundled + ": " +
                     ec.message());
  }
  return user.string();
}

std::string recovery_dir() {
  fs::path dir;
  if (auto xdg = env("XDG_STATE_HOME"))
    dir = fs::path(*xdg) / "tilewright" / "recovery";
  else if (auto home = env("HOME"))
    dir = fs::path(*home) / ".local" / "state" / "tilewright" / "recovery";
  std::error_code ec;
  if (!dir.empty()) {
    fs::create_directories(dir, ec);
    if (!ec) return dir.string();
  }
  dir = fs::temp_directory_path(ec) / "tilewright-recovery";
  if (ec) return {};
  fs::create_directories(dir, ec);
  return ec ? std::string() : dir.string();
}

std::string resolve_db_path(const std::optional<std::string>& cli_db) {
  if (cli_db) return *cli_db;
  return default_db_path();
}

}  // namespace tw
