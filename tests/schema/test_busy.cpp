// A database another program is writing is busy, not corrupt (issue 30): every connection
// waits kBusyTimeoutMs for the lock, then Store throws BusyError naming the path and the
// wait. The lock is held from a second connection in this process.
#include "support.h"

using namespace tw;
using namespace tw::test;

namespace {

// What opening (and loading) `path` throws, as text and whether it is a BusyError.
struct Outcome {
  bool busy = false;
  bool store_error = false;
  std::string what;
};

template <class F>
Outcome attempt(F&& f) {
  Outcome o;
  try {
    f();
  } catch (const BusyError& e) {
    o.busy = o.store_error = true;
    o.what = e.what();
  } catch (const StoreError& e) {
    o.store_error = true;
    o.what = e.what();
  }
  return o;
}

}  // namespace

TEST_CASE("busy: a database locked by a writer is busy, for readers and for writers, never corrupt") {
  TempDir dir;
  const std::string path = copy_default(dir);
  SQLite::Database holder(path, SQLite::OPEN_READWRITE);
  holder.exec("BEGIN EXCLUSIVE");
  for (const Store::Mode mode : {Store::Mode::ReadOnly, Store::Mode::ReadWrite}) {
    const Outcome o = attempt([&] { Store::open(path, mode).load_content(); });
    INFO(o.what);
    CHECK(o.busy);
    CHECK(o.what.find(path + ": another program is writing this database; waited 5 s") != std::string::npos);
    CHECK(o.what.find("corrupt") == std::string::npos);
  }
  holder.exec("ROLLBACK");
  const Outcome after = attempt([&] { Store::open(path, Store::Mode::ReadOnly).load_content(); });
  CHECK(!after.store_error);
  CHECK(kBusyTimeoutMs == 5000);  // the documented wait (docs: exit codes)
}

TEST_CASE("busy: a write that meets another writer's lock is busy, and nothing is written") {
  TempDir dir;
  const std::string path = copy_default(dir);
  Store store = Store::open(path, Store::Mode::ReadWrite);  // opened before the lock
  const Content content = store.load_content();
  SQLite::Database holder(path, SQLite::OPEN_READWRITE);
  holder.exec("BEGIN IMMEDIATE");  // a reserved lock: others may read, not write
  holder.exec("INSERT INTO meta (key, value) VALUES ('holder', 'x')");
  const Outcome o = attempt([&] { store.set_meta("busy-test", "1"); });
  INFO(o.what);
  CHECK(o.busy);
  CHECK(o.what.find("another program is writing") != std::string::npos);
  holder.exec("ROLLBACK");
  CHECK(store.meta("busy-test") == std::nullopt);
  store.set_meta("busy-test", "2");  // the lock gone, the same write goes through
  CHECK(store.meta("busy-test") == std::optional<std::string>("2"));
}

TEST_CASE("busy: an error that is not a lock is not called busy") {
  TempDir dir;
  const std::string path = dir.file("garbage.db");
  write_bytes(path, std::string(8192, 'x'));
  const Outcome o = attempt([&] { Store::open(path, Store::Mode::ReadOnly); });
  CHECK(o.store_error);
  CHECK(!o.busy);
}
