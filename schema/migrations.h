// Schema migrations: the numbered SQL files of schema/migrations/, embedded into the
// binary at build time by schema/embed_migrations.cmake.
//
// Invariants: versions run 1..N without gaps and in order (the build fails otherwise);
// migration k takes a database from PRAGMA user_version k-1 to k. A shipped migration
// never changes; a schema change is a new file.
#pragma once

#include <string_view>
#include <vector>

namespace tw {

struct Migration {
  int version = 0;        // the user_version after it has run
  std::string_view name;  // file name without .sql, e.g. "0001_foundation"
  std::string_view sql;   // the whole script
};

// Every migration this build knows, in order (generated source).
const std::vector<Migration>& migrations();

// The schema version a fully migrated database has: the number of the last migration.
inline int latest_schema_version() {
  return migrations().empty() ? 0 : migrations().back().version;
}

}  // namespace tw
