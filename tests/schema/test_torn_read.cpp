// Issue 56, item 3: the content is read in one read transaction. A `content import`
// committed by another connection between two of the loader's SELECTs made a `run` fail
// with "rule_param row r22/...: the id of a rule set" (9 of 200 runs). Here the commit is
// made exactly there, from the reader's own statement trace, so the race is not left to
// chance: in rollback-journal mode the writer must wait (it gets SQLITE_BUSY at once), in
// WAL mode it commits and the reader's snapshot does not see it; either way the load sees
// the content whole, before or after, never half.
#include <sqlite3.h>

#include "support.h"
#include "schema/connection.h"

using namespace tw;
using namespace tw::test;

namespace {

struct Interloper {
  SQLite::Database* writer = nullptr;
  bool tried = false;
  bool committed = false;
};

// A rule set and its parameters added in one transaction, as `content import` does.
const char* const kImport =
    "BEGIN IMMEDIATE;"
    "CREATE TEMP TABLE IF NOT EXISTS copy AS SELECT * FROM rule_set WHERE 0;"
    "DELETE FROM temp.copy;"
    "INSERT INTO temp.copy SELECT * FROM rule_set WHERE id = 'gcc';"
    "UPDATE temp.copy SET id = 'r22', name = 'r22';"
    "INSERT INTO rule_set SELECT * FROM temp.copy;"
    "INSERT INTO rule_param (rule_set, key, value) SELECT 'r22', key, value FROM rule_param WHERE rule_set = 'gcc';"
    "COMMIT;";

int on_statement(unsigned, void* ctx, void*, void* sql_text) {
  auto* in = static_cast<Interloper*>(ctx);
  const std::string sql = static_cast<const char*>(sql_text);
  if (in->tried || sql.find("FROM rule_param") == std::string::npos) return 0;
  in->tried = true;
  try {
    in->writer->exec(kImport);
    in->committed = true;
  } catch (const SQLite::Exception&) {
    // Busy: the reader holds the database for its transaction (rollback journal).
    sqlite3_exec(in->writer->getHandle(), "ROLLBACK", nullptr, nullptr, nullptr);
  }
  return 0;
}

}  // namespace

TEST_CASE("content is read in one transaction: a commit between two tables' reads is never seen half") {
  for (const bool wal : {false, true}) {
    CAPTURE(wal);
    TempDir dir;
    const std::string path = copy_default(dir);
    raw_sql(path, wal ? "PRAGMA journal_mode = WAL" : "PRAGMA journal_mode = DELETE");
    SQLite::Database writer(path, SQLite::OPEN_READWRITE);
    writer.exec("PRAGMA busy_timeout = 0");
    Store reader = Store::open(path, Store::Mode::ReadOnly);
    Interloper in;
    in.writer = &writer;
    sqlite3_trace_v2(tw::store_layer::connection(reader).getHandle(), SQLITE_TRACE_STMT, on_statement, &in);
    Content c;
    CHECK_NOTHROW(c = reader.load_content());
    REQUIRE(in.tried);
    CHECK_FALSE(c.find_rule_set("r22"));  // the snapshot before the commit, or no commit
    CHECK(in.committed == wal);            // WAL: the writer is not held up by the reader
    sqlite3_trace_v2(tw::store_layer::connection(reader).getHandle(), 0, nullptr, nullptr);
    // Afterwards the reader sees the import whole (or the import, retried, goes through).
    if (!in.committed) writer.exec(kImport);
    const Content after = reader.load_content();
    CHECK(after.find_rule_set("r22"));
  }
}
