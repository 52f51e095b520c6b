// Replays in the database: stored and loaded whole, damage reported by replay id and
// byte with nothing written, migration 0002, and a writer killed mid-transaction.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <thread>
#include <fstream>
#include <sstream>

#include "replay/archive.h"
#include "replay/digest.h"
#include "replay/replay_store.h"
#include "replay/verify.h"
#include "support.h"

using namespace tw;
using namespace tw::replay;

namespace {

std::string file_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// A replay with a bit of everything: pinned comment, annotations with markers, nested
// variations.
Replay rich_replay(uint64_t seed) {
  Replay r = from_log(test::bot_log(seed, 40));
  r.pinned = "A *pinned* note";
  Annotation a;
  a.comment = "Why **not** the road?\nSecond line";
  a.glyph = "?!";
  a.markers = {{Marker::Kind::Cell, 1, 0, 0, 0, ""},
               {Marker::Kind::Arrow, 0, 0, 1, -1, ""},
               {Marker::Kind::Label, -2, 3, 0, 0, "here"}};
  REQUIRE(annotate(r, NodePath::main(3), a).empty());
  REQUIRE(annotate(r, NodePath::main(10), {"", "!", {}}).empty());
  // An alternative to the follower decision at ply 2: pass if it placed one, else any
  // other legal option.
  const Content& c = test::default_content();
  Game g = test::replayed(r.log, 1);
  std::string alt;
  for (const Option& o : g.pending().options)
    if (g.to_string(o) != r.log.decisions[1]) alt = g.to_string(o);
  REQUIRE(!alt.empty());
  NodePath added;
  REQUIRE(add_variation(c, r, NodePath::main(2), {alt}, &added) == "");
  REQUIRE(annotate(r, added, {"the alternative", "!?", {}}).empty());
  return r;
}

}  // namespace

TEST_CASE("replays are stored, listed and loaded back whole") {
  test::ReplayTempDir dir;
  const std::string path = test::copy_default_db(dir);
  Store store = Store::open(path, Store::Mode::ReadWrite);
  ReplayStore replays(store);
  CHECK(replays.list().empty());
  const Replay a = rich_replay(1);
  const Replay b = from_log(test::bot_log(2));
  const int64_t ia = replays.insert(a);
  const int64_t ib = replays.insert(b);
  CHECK(ia != ib);
  const auto all = replays.list();
  REQUIRE(all.size() == 2);
  CHECK(all[0].id == ib);  // newest first
  CHECK(all[1].plies == 40);
  CHECK(all[1].rule_set == "base");
  CHECK(all[1].players == "bot:greedy, bot:random");
  CHECK(all[1].seed == "1");
  CHECK(all[1].pinned == "A *pinned* note");
  CHECK(all[1].rules_digest == hex64(a.log.header.rules_digest));
  CHECK(all[1].created.size() == 20);
  CHECK(all[0].finished);
  CHECK(all[0].result == b.log.result);
  CHECK(replays.list("base").size() == 2);
  CHECK(replays.list("other").empty());

  Replay back = replays.load(ia);
  CHECK(back.id == ia);
  CHECK(back.created == all[1].created);
  back.id = 0;
  back.created.clear();
  CHECK(back == a);
  CHECK(verify(test::default_content(), back.log, "replay").ok());

  // save replaces everything in one go.
  back.id = ia;
  REQUIRE(delete_variation(back, NodePath::parse("2/0:1").value()).empty());
  back.pinned = "changed";
  replays.save(back);
  const Replay again = replays.load(ia);
  CHECK(again.pinned == "changed");
  CHECK(again.mainline[1].variations.empty());
  CHECK(again.mainline[2].note == a.mainline[2].note);

  CHECK(replays.remove(ib));
  CHECK_FALSE(replays.remove(ib));
  CHECK_FALSE(replays.exists(ib));
  CHECK_THROWS_WITH(replays.load(ib), "replay " + std::to_string(ib) + ": no such replay in " + path);
}

TEST_CASE("a damaged stored replay is a clear error naming replay and byte, and nothing is written") {
  test::ReplayTempDir dir;
  const std::string path = test::copy_default_db(dir);
  int64_t id = 0;
  {
    Store store = Store::open(path, Store::Mode::ReadWrite);
    id = ReplayStore(store).insert(rich_replay(3));
  }
  const std::string w = "replay " + std::to_string(id);
  const auto damage = [&](const std::string& sql) {
    SQLite::Database raw(path, SQLite::OPEN_READWRITE);
    raw.exec(sql);
  };
  std::string expected;
  SECTION("a flipped byte") {
    damage("UPDATE replay SET log = CAST(substr(log, 1, 99) || x'7a' || substr(log, 101) AS BLOB)");
    expected = w + ", byte 20: checksum mismatch";
  }
  SECTION("a truncated blob") {
    damage("UPDATE replay SET log = substr(log, 1, 60)");
    expected = w + ", byte 60: truncated";
  }
  SECTION("a wrong version") {
    damage("UPDATE replay SET log = CAST(substr(log, 1, 8) || x'09' || substr(log, 10) AS BLOB)");
    expected = w + ", byte 8: log format version 9 is newer than this build's 1";
  }
  SECTION("a variation row that points nowhere") {
    damage("UPDATE replay_variation SET node = '200'");
    expected = w + ": variation 0 at 200: there is no node 200";
  }
  SECTION("metadata that disagrees with the log") {
    damage("UPDATE replay SET plies = 41");
    expected = w + ": the row's columns";
  }
  const std::string before = file_bytes(path);
  Store store = Store::open(path, Store::Mode::ReadWrite);
  ReplayStore replays(store);
  try {
    replays.load(id);
    FAIL("no error");
  } catch (const ReplayError& e) {
    CHECK(std::string(e.what()).rfind(expected, 0) == 0);
  }
  // A replay that breaks the tree's invariants is refused before anything is written.
  Replay bad = rich_replay(4);
  bad.mainline[0].note.glyph = "!!!";
  CHECK_THROWS_AS(replays.insert(bad), ReplayError);
  bad = rich_replay(4);
  bad.log.hashes.pop_back();
  CHECK_THROWS_WITH(replays.insert(bad), Catch::Contains("state hashes"));
  bad = rich_replay(4);
  bad.id = id;
  bad.mainline[5].decision = "pass?";
  CHECK_THROWS_AS(replays.save(bad), ReplayError);
  CHECK(file_bytes(path) == before);
}

TEST_CASE("migration 0002 adds the replay tables when an older database is opened for writing") {
  test::ReplayTempDir dir;
  const std::string path = test::copy_default_db(dir);
  {
    SQLite::Database raw(path, SQLite::OPEN_READWRITE);
    // A version-1 database: no replay tables, and none of the later migrations' either.
    raw.exec("DROP TABLE net_move; DROP TABLE net_seat; DROP TABLE net_room; "
             "DROP TABLE replay_eval; DROP TABLE annotation_marker; DROP TABLE annotation; DROP TABLE replay_variation; "
             "DROP TABLE replay; DROP TABLE level_followers; DROP TABLE level; "
             "ALTER TABLE tile_segment DROP COLUMN mark; PRAGMA user_version = 1");
  }
  // Read-only: read through a copy upgraded in memory; the file stays as it was.
  test::check_read_only_upgrade(path, 1);
  Store store = Store::open(path, Store::Mode::ReadWrite);
  CHECK(store.schema_version() >= 2);
  ReplayStore replays(store);
  const int64_t id = replays.insert(from_log(test::bot_log(6, 12)));
  CHECK(replays.load(id).log.plies() == 12);
}

TEST_CASE("a process killed while saving replays leaves a sound database holding the last commit") {
  test::ReplayTempDir dir;
  const std::string path = test::copy_default_db(dir);
  std::vector<Replay> batch;
  for (uint64_t s = 1; s <= 6; ++s) batch.push_back(rich_replay(s));
  int fds[2];
  REQUIRE(::pipe(fds) == 0);
  const pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    // The child writes batches of replays forever, reporting each commit.
    ::close(fds[0]);
    try {
      Store store = Store::open(path, Store::Mode::ReadWrite);
      ReplayStore replays(store);
      for (int32_t n = 1;; ++n) {
        replays.insert_all(batch);
        if (::write(fds[1], &n, sizeof n) != static_cast<ssize_t>(sizeof n)) ::_exit(3);
      }
    } catch (...) {
      ::_exit(2);
    }
  }
  ::close(fds[1]);
  // Kill half-way through a batch: wait half the time the last batch took.
  int32_t committed = 0, n = 0;
  auto last = std::chrono::steady_clock::now();
  std::chrono::steady_clock::duration took{};
  while (committed < 15 && ::read(fds[0], &n, sizeof n) == static_cast<ssize_t>(sizeof n)) {
    committed = n;
    const auto now = std::chrono::steady_clock::now();
    took = now - last;
    last = now;
  }
  REQUIRE(committed == 15);
  std::this_thread::sleep_for(took / 2);
  ::kill(child, SIGKILL);
  int status = 0;
  ::waitpid(child, &status, 0);
  while (::read(fds[0], &n, sizeof n) == static_cast<ssize_t>(sizeof n)) committed = n;
  ::close(fds[0]);
  CHECK(WIFSIGNALED(status));
  std::error_code ec;  // usually a hot journal is left: the kill came mid-transaction
  INFO("journal after the kill: " << std::filesystem::file_size(path + "-journal", ec) << " bytes");

  {
    SQLite::Database raw(path, SQLite::OPEN_READWRITE);  // rolls a hot journal back
    CHECK(raw.execAndGet("PRAGMA integrity_check").getString() == "ok");
    SQLite::Statement fk(raw, "PRAGMA foreign_key_check");
    CHECK_FALSE(fk.executeStep());
  }
  Store store = Store::open(path, Store::Mode::ReadWrite);
  ReplayStore replays(store);
  const auto all = replays.list();
  const auto batches = static_cast<int32_t>(all.size() / batch.size());
  CHECK(all.size() % batch.size() == 0);  // never half a transaction
  CHECK((batches == committed || batches == committed + 1));  // the kill may follow a commit
  for (const auto& s : all) {
    const Replay r = replays.load(s.id);
    CHECK(verify(test::default_content(), r.log, ReplayStore::where(s.id)).ok());
  }
}
