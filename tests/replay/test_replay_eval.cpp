// Kept evaluations (issue 34 item 16): migration 0004's replay_eval rows are written with
// a replay in the same transaction as its annotations, read back whole, checked before
// anything is written, removed with their replay; an older database migrates and a newer
// one is still refused.
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

#include <SQLiteCpp/SQLiteCpp.h>

#include <cmath>

#include "replay/replay_store.h"
#include "schema/connection.h"
#include "schema/migrations.h"
#include "support.h"

using namespace tw;
using namespace tw::replay;

namespace {

// A replay whose first `n` main-line plies carry evaluations (every third one marked).
Replay evaluated_replay(uint64_t seed, int n) {
  Replay r = from_log(test::bot_log(seed, 30));
  REQUIRE(annotate(r, NodePath::main(3), {"best: elsewhere", "?", {}}).empty());
  for (int ply = 1; ply <= n; ++ply) {
    PlyEvaluation e;
    e.ply = ply;
    e.player = (ply - 1) % 2;
    e.measure = "margin";
    e.value = 0.25 * ply - 2.5;
    e.loss = ply % 3 == 0 ? 4.5 : 0.0;
    e.glyph = ply % 3 == 0 ? "?" : "";
    e.played = r.log.decisions[static_cast<size_t>(ply - 1)];
    e.best = ply % 3 == 0 ? "pass" : e.played;
    r.evaluations.push_back(e);
  }
  return r;
}

int64_t count(Store& s, const std::string& sql) { return tw::store_layer::connection(s).execAndGet(sql).getInt64(); }

}  // namespace

TEST_CASE("kept evaluations are stored with the replay and loaded back whole") {
  test::ReplayTempDir dir;
  Store store = Store::open(test::copy_default_db(dir), Store::Mode::ReadWrite);
  CHECK(store.schema_version() == latest_schema_version());
  CHECK(tw::store_layer::connection(store).tableExists("replay_eval"));
  ReplayStore replays(store);

  // A replay without evaluations has none after a round trip.
  const int64_t plain = replays.insert(from_log(test::bot_log(2, 20)));
  CHECK(replays.load(plain).evaluations.empty());

  // Insert, then save (Keep's path): the rows follow the replay.
  const Replay r = evaluated_replay(3, 12);
  Replay bare = r;
  bare.evaluations.clear();
  const int64_t id = replays.insert(bare);
  CHECK(count(store, "SELECT count(*) FROM replay_eval") == 0);
  Replay kept = r;
  kept.id = id;
  replays.save(kept);
  const Replay back = replays.load(id);
  CHECK(back.evaluations == r.evaluations);
  CHECK(back.mainline == r.mainline);
  CHECK(count(store, "SELECT count(*) FROM replay_eval WHERE replay_id = " + std::to_string(id)) == 12);

  // Saving again (an undo of Keep) replaces them.
  bare.id = id;
  replays.save(bare);
  CHECK(replays.load(id).evaluations.empty());
  replays.save(kept);
  CHECK(replays.load(id).evaluations.size() == 12);

  // Removing the replay removes its evaluations.
  CHECK(replays.remove(id));
  CHECK(count(store, "SELECT count(*) FROM replay_eval") == 0);
}

TEST_CASE("bad evaluations are refused before anything is written") {
  test::ReplayTempDir dir;
  Store store = Store::open(test::copy_default_db(dir), Store::Mode::ReadWrite);
  ReplayStore replays(store);
  Replay r = evaluated_replay(5, 6);
  const int64_t id = replays.insert(r);
  r.id = id;
  const Replay good = replays.load(id);
  auto refused = [&](auto&& spoil, const std::string& words) {
    Replay bad = r;
    spoil(bad);
    CHECK_THROWS_WITH(replays.save(bad), Catch::Contains(words));
    CHECK_THROWS_WITH(replays.insert(bad), Catch::Contains(words));
    CHECK(replays.load(id) == good);
  };
  refused([](Replay& b) { b.evaluations[2].ply = 2; }, "plies must rise");
  refused([](Replay& b) { b.evaluations.back().ply = 999; }, "plies must rise");
  refused([](Replay& b) { b.evaluations[0].measure = "elo"; }, "unknown measure");
  refused([](Replay& b) { b.evaluations[1].glyph = "!!"; }, "unknown mark");
  refused([](Replay& b) { b.evaluations[1].value = std::nan(""); }, "not a number");
  refused([](Replay& b) { b.evaluations[1].played.clear(); }, "no played option");
}

TEST_CASE("migration 0004 adds replay_eval to an older database, a newer one is refused") {
  test::ReplayTempDir dir;
  const std::string path = test::copy_default_db(dir);
  int64_t id = 0;
  {
    Store store = Store::open(path, Store::Mode::ReadWrite);
    id = ReplayStore(store).insert(from_log(test::bot_log(7, 16)));
  }
  {
    // A version-3 database, as the previous build left it: a replay, no replay_eval.
    SQLite::Database raw(path, SQLite::OPEN_READWRITE);
    raw.exec("DROP TABLE net_move; DROP TABLE net_seat; DROP TABLE net_room; DROP TABLE replay_eval; "
             "PRAGMA user_version = 3");
  }
  // Read-only: read through a copy upgraded in memory; the file stays as it was.
  test::check_read_only_upgrade(path, 3);
  {
    Store store = Store::open(path, Store::Mode::ReadWrite);
    CHECK(store.schema_version() == latest_schema_version());
    CHECK(store.schema_version() >= 4);
    REQUIRE(tw::store_layer::connection(store).tableExists("replay_eval"));
    ReplayStore replays(store);
    Replay r = replays.load(id);  // the old replay is still there, with no evaluations
    CHECK(r.evaluations.empty());
    Replay e = evaluated_replay(7, 16);
    r.evaluations = e.evaluations;
    replays.save(r);
    CHECK(replays.load(id).evaluations.size() == 16);
  }
  {
    SQLite::Database raw(path, SQLite::OPEN_READWRITE);
    raw.exec("PRAGMA user_version = " + std::to_string(latest_schema_version() + 1));
  }
  for (auto mode : {Store::Mode::ReadOnly, Store::Mode::ReadWrite})
    CHECK_THROWS_WITH(Store::open(path, mode), Catch::Contains("written by a newer Tilewright"));
}
