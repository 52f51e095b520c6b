// Where databases live. The contract every command follows: "--db PATH; without it,
// TILEWRIGHT_DB, else the user's own database, created on first use as a copy of the
// bundled default.db".
//
// Invariants: a path returned by default_db_path() exists (it was created if needed,
// atomically: a temporary copy renamed into place, so no half-copied database is ever
// seen); nothing here opens a database, Store::open() does the checking.
#pragma once

#include <optional>
#include <string>

namespace tw {

// $XDG_DATA_HOME/tilewright/tilewright.db, else $HOME/.local/share/tilewright/
// tilewright.db. Throws StoreError when neither variable is set. Does not create it.
std::string user_db_path();

// The bundled default.db: $TILEWRIGHT_DEFAULT_DB if set (returned even if missing, so
// the error names it); else the first existing of default.db next to the running
// executable, in its parent directory, or in <exe dir>/../share/tilewright/.
std::optional<std::string> find_bundled_db();

// The database used when no --db is given: $TILEWRIGHT_DB if set and non-empty, else
// the user's database, copied from the bundled default.db when it does not exist yet.
// Throws StoreError if it must be created and no bundled default.db is found.
std::string default_db_path();

// Where `tilewright play` keeps a game in progress when no --out is given, so that a
// game is never lost: $XDG_STATE_HOME/tilewright/recovery, else
// $HOME/.local/state/tilewright/recovery, else <temp dir>/tilewright-recovery. Created
// when missing; "" when it cannot be.
std::string recovery_dir();

// --db PATH if given (returned as is), else default_db_path().
std::string resolve_db_path(const std::optional<std::string>& cli_db);

}  // namespace tw
