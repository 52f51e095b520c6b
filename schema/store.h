// Store: one open Tilewright database (SQLite), and the code that turns its rows into
// engine Content and writes edits back.
//
// Invariants a Store keeps once open() has returned: the file is a healthy SQLite
// database (PRAGMA quick_check passed) at exactly latest_schema_version(), foreign keys
// are enforced on the connection, and a ReadOnly store never writes. Every write runs in
// one transaction: it lands completely or not at all. Problems with the file (missing,
// corrupt, foreign, from a newer Tilewright) are StoreErrors naming the path; problems
// with the content are a LoadError listing every one of them at once.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "engine/content.h"

namespace SQLite {
class Database;
}

namespace tw {

class Store;
namespace store_layer {
SQLite::Database& connection(Store& s);  // schema/connection.h: the store layer's only
}

// The database cannot be opened, read or written as asked. what() names the path.
// Text from the file in the message is shown printable (engine/text.h).
class StoreError : public std::runtime_error {
 public:
  explicit StoreError(const std::string& what);
};

// How long a command waits for another program's write to the database to finish (SQLite's
// busy timeout, set on every connection Store opens) before it gives up with BusyError.
inline constexpr int kBusyTimeoutMs = 5000;

// Another program held the database locked (it was writing it) for all of kBusyTimeoutMs.
// Not damage: what() says so, names the path and how long it waited.
class BusyError : public StoreError {
 public:
  explicit BusyError(const std::string& path);
};

// Throws BusyError(path) when `e` is SQLite's "database is locked" (SQLITE_BUSY) or
// "database table is locked" (SQLITE_LOCKED); returns otherwise. Every place that turns
// an SQLite error into a StoreError calls it first.
void throw_if_busy(const std::string& path, const std::exception& e);

// Throws when `e` is a failure of the storage rather than of the data written: BusyError
// as above; StoreError for a full disk (SQLITE_FULL), an I/O error, a write-protected or
// damaged file, no memory. `after` ends the message ("nothing was written"). Returns for
// anything else (a constraint the row broke, say), which the caller reports as bad input.
void throw_if_storage_failure(const std::string& path, const std::exception& e, const std::string& after);

// The content is wrong. what() lists every problem, one per line, each formatted by
// tw::format_error(source, e); errors() gives them as values.
class LoadError : public StoreError {
 public:
  LoadError(std::string source, std::vector<ContentError> errors);
  const std::string& source() const { return source_; }
  const std::vector<ContentError>& errors() const { return errors_; }

 private:
  std::string source_;
  std::vector<ContentError> errors_;
};

// An edit the store refused before writing anything (Store::set_rule_params and the
// other edits below): why, and where. errors() names each problem's table, row, column,
// the value given and what was expected; the checks are C++ (the parameter specs, the
// level columns of engine/rules/level_columns.h, the loader's checks), never SQLite's
// constraint messages.
class EditError : public LoadError {
 public:
  enum class Why {
    NotFound,  // no such rule set, level, tile type or column
    Exists,    // the new id is taken
    BadValue,  // a value out of range, a word not known, or content the loader refuses
    InUse,     // still referred to (a rule set with levels or children)
  };
  EditError(std::string source, Why why, std::vector<ContentError> errors);
  Why why() const { return why_; }
  const ContentError& where() const { return errors().front(); }

 private:
  Why why_;
};

// What an edit changed, so that a caller holding a loaded Content re-reads only that part
// (Store::refresh).
struct ContentChange {
  std::vector<std::pair<std::string, std::string>> tiles;  // tile types rewritten in place (tile_set, id)
  bool tile_list = false;  // a tile type added or removed: indices move, everything is re-read
  bool rule_sets = false;  // rule_set, rule_set_pool, rule_param rows
  bool levels = false;     // level, level_followers rows
};

// What Store::refresh read.
struct Refreshed {
  int tiles = 0;           // tile types re-read one by one
  bool rule_sets = false;  // the rule set tables
  bool levels = false;     // the level tables
  bool everything = false; // the whole content (load_content)
};

// A rule set's own parameter rows to write: key -> value, or nullopt to remove the row
// (the value is then inherited from the parent, or the engine's default).
using ParamEdit = std::vector<std::pair<std::string, std::optional<int64_t>>>;

class Store {
 public:
  enum class Mode {
    ReadOnly,   // never writes; refuses a database that needs a migration
    ReadWrite,  // applies pending migrations (one transaction each)
    Create,     // makes a new database at a path that does not exist yet
  };

  // Throws StoreError for: a missing file (ReadOnly/ReadWrite) or a taken path (Create);
  // an empty (0-byte) file, a file that is not SQLite, or one failing PRAGMA quick_check;
  // an SQLite database without Tilewright's tables; schema version newer than this
  // build's. A failed Create removes what it made.

  //
  // A ReadWrite open also refuses a database SQLite could open only for reading (a
  // write-protected file, or a folder where no journal can be made), so that a command
  // that will write finds out before it does any work. A ReadOnly open of a database
  // with a hot journal (a writer was killed mid-transaction) rolls the journal back
  // through a short writable connection when the file and its folder are writable, and
  // otherwise says what is needed.
  static Store open(const std::string& path, Mode mode);

  // A read-only database from an image in memory (sqlite3_deserialize), checked as
  // open() checks a file; `name` stands for the path in messages. For the fuzzers and
  // tests of the loader.
  static Store open_image(const std::string& image, const std::string& name);

  // A writable database in memory, for trying changes without touching a file (a
  // record's embedded rules on top of a database): a copy of `image` (a database file's
  // bytes), or, when `image` is empty, a new database with the schema and no content.
  static Store open_scratch(const std::string& image, const std::string& name);

  // A writable copy of this database in memory (SQLite's backup API, so the commits in a
  // WAL file are in it too), named as this one in messages: a change tried on it is
  // checked as it would be on the file, which is never written (content import
  // --dry-run).
  Store scratch_copy() const;

  // PRAGMA integrity_check (the thorough one, tables against their indexes): each
  // problem SQLite reports, at most `max` of them; empty when the file is sound.
  std::vector<std::string> integrity_check(int max = 20) const;
  // The rows that break a CHECK, NOT NULL or STRICT type constraint of their table's
  // definition, each named "table replay row 3: CHECK constraint failed: plies >= 0", at
  // most `max`; empty when none does. (SQLite checks these only on writable connections;
  // this works on a read-only one too.)
  std::vector<std::string> constraint_check(int max = 20) const;

  Store(Store&&) noexcept;
  Store& operator=(Store&&) noexcept;
  ~Store();

  const std::string& path() const { return path_; }
  bool read_only() const { return read_only_; }
  int schema_version() const;  // PRAGMA user_version

  // Reads and checks everything (see the header paragraph of engine/content.h). Order:
  // terrains, tile types (by tile set, then tile type, in rowid order), segments by idx,
  // rule sets by rowid; pool entries in tile order. Throws LoadError with all problems.
  Content load_content() const;

  // Runs a content script (many statements) in one transaction. On failure nothing of
  // the script is kept and StoreError names the script, the line and SQLite's message.
  void exec_script(const std::string& sql, const std::string& name);

  std::optional<std::string> meta(const std::string& key) const;
  void set_meta(const std::string& key, const std::string& value);

  // Writes one tile type (inserted, or replaced in place: its rowid and so its order
  // stay) with all its segments, in one transaction. Segment::terrain indexes this
  // database's terrains in load_content() order, and each segment's kind must be its
  // terrain's. The tile is checked by finalize_tile first: problems -> LoadError, and
  // nothing is written.
  void save_tile_type(const TileType& t);

  // Sets parameters of an existing rule set (insert or replace each key), in one
  // transaction. Unknown keys and out-of-range values -> LoadError, nothing written.
  void save_rule_params(const std::string& rule_set,
                        const std::vector<std::pair<std::string, int64_t>>& params);

  // Removes a tile type with its segments, in one transaction; false when there was
  // none. A tile still in a draw pile or used as a start tile is refused (StoreError
  // naming the rule set), and nothing is written.
  bool delete_tile_type(const std::string& tile_set, const std::string& id);

  // Writes one co-op level (inserted, or replaced in place) with its follower rows, in
  // one transaction. The level is checked first (ranges, dogs, its rule set must exist
  // and be of system mists): problems -> LoadError, and nothing is written.
  void save_level(const Level& level);
  // Removes a level and its follower rows; false when there was none.
  bool delete_level(const std::string& id);

  // --- Edits, as the editor makes them. Each checks in C++ before it writes (EditError
  // naming table, row and column when refused), runs in one transaction (all or
  // nothing) and returns what it changed, for refresh().

  // Brings `c` (loaded from this store) up to date after `change`, reading only the
  // changed tile types, or the rule set tables, or the level tables (a tile type added
  // or removed: everything). On a problem throws LoadError and leaves `c` as it was.
  Refreshed refresh(Content& c, const ContentChange& change) const;

  // A rule set's own parameter rows (not inherited), by key.
  std::vector<std::pair<std::string, int64_t>> rule_params(const std::string& rule_set) const;
  // Sets (a value) or removes (nullopt) own parameter rows. Refused: no such rule set;
  // a key not in rule_param_specs(), a value out of its range, or a result the loader
  // refuses (a parameter the rule set's system does not read, say).
  ContentChange set_rule_params(const std::string& rule_set, const ParamEdit& rows);
  // Copies a rule set's row, own parameters and own pool as `new_id`. As a variant
  // (`variant`), the copy's parent is the source and it has no parameter of its own (it
  // inherits every rule from the source: what it changes later is all that differs).
  ContentChange clone_rule_set(const std::string& source, const std::string& new_id, const std::string& new_name,
                               bool variant = false);
  // Removes a rule set with its parameters and pool; refused (InUse) while a level plays
  // on it or another rule set names it as parent.
  ContentChange delete_rule_set(const std::string& id);
  // The count of a tile type in a rule set's own pool (0: no row).
  int pool_count(const std::string& rule_set, const std::string& tile_set, const std::string& tile_id) const;
  // Sets it (0 removes the row); refused: no such rule set or tile type, a count out of
  // 0..kMaxPoolCount, or a pile the loader refuses.
  ContentChange set_pool_count(const std::string& rule_set, const std::string& tile_set, const std::string& tile_id,
                               int count);
  // Sets one column of a level from text (as level_columns() writes it; integers as
  // digits), checked as the loader checks the row and the level.
  ContentChange set_level_value(const std::string& level, const std::string& column, const std::string& value);
  // Replaces a level's follower rows.
  ContentChange set_level_followers(const std::string& level, const std::vector<LevelFollowers>& rows);
  // Copies a level and its follower rows as `new_id`, listed after every other level.
  ContentChange clone_level(const std::string& source, const std::string& new_id, const std::string& new_name);

  // Puts a file database in write-ahead-log mode, so that readers (the command line, the
  // tests) are never blocked by this connection's writes and do not block them. The mode
  // stays with the file. True when the database is in that mode afterwards; false (and
  // nothing changed) for a read-only store, a database in memory, or a file SQLite
  // cannot switch (then the default journal serves).
  bool enable_concurrent_readers();

 private:
  // The store layer (schema/connection.h) reaches the connection; every other layer
  // calls named functions: these, RoomStore's (schema/rooms.h), ReplayStore's, packs'.
  friend SQLite::Database& store_layer::connection(Store& s);

  Store(std::string path, std::unique_ptr<SQLite::Database> db, bool read_only);
  void check_and_migrate(Mode mode);
  void require_writable(const char* what) const;
  void write_level(const Level& level, const Content& before);
  // Runs `write` in one transaction and then the loader's checks; a refusal rolls back
  // and throws EditError(BadValue) with the loader's problems.
  template <class F>
  void checked_write(const std::string& what, F&& write);

  std::string path_;
  std::unique_ptr<SQLite::Database> db_;
  bool read_only_ = true;
};

}  // namespace tw
