// Helpers shared by the replay tests: seeded bot games recorded as logs, a temporary
// directory that removes itself, and copies of the built default.db to write into.
#pragma once

#include <SQLiteCpp/SQLiteCpp.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "engine/bots/bots.h"
#include "fixtures.h"
#include "replay/log.h"
#include "replay/tree.h"
#include "schema/migrations.h"
#include "schema/store.h"

namespace tw::test {

namespace fs = std::filesystem;

class ReplayTempDir {
 public:
  ReplayTempDir() {
    static int counter = 0;
    for (;;) {
      path_ = fs::temp_directory_path() /
              ("tw-replay-test-" + std::to_string(::getpid()) + "-" + std::to_string(++counter));
      if (fs::create_directory(path_)) break;
    }
  }
  ~ReplayTempDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  ReplayTempDir(const ReplayTempDir&) = delete;
  ReplayTempDir& operator=(const ReplayTempDir&) = delete;
  std::string file(const std::string& name) const { return (path_ / name).string(); }

 private:
  fs::path path_;
};

// A copy of the built default.db (already at the latest schema version).
inline std::string copy_default_db(const ReplayTempDir& dir, const std::string& name = "replays.db") {
  const std::string p = dir.file(name);
  fs::copy_file(TW_TEST_DB, p, fs::copy_options::overwrite_existing);
  return p;
}

inline GameSetup bot_setup(uint64_t seed, const std::string& rule_set = "base",
                           std::vector<std::string> draw = {}) {
  GameSetup s;
  s.rule_set = rule_set;
  s.seed = seed;
  s.players = {{"bot:greedy", "greedy"}, {"bot:random", "random"}};
  s.draw = std::move(draw);
  return s;
}

// Records `max_plies` decisions (or the whole game) of greedy against random bots.
inline replay::GameLog bot_log(uint64_t seed, int max_plies = 1 << 20,
                               const GameSetup* setup = nullptr, uint64_t bot_seed = 0) {
  const GameSetup s = setup ? *setup : bot_setup(seed);
  replay::Recorder rec;
  REQUIRE_FALSE(replay::Recorder::start(default_content(), s, rec));
  auto greedy = make_bot("greedy");
  auto random = make_bot("random");
  std::vector<Bot*> bots = {greedy.get(), random.get()};
  Rng rng(bot_seed ? bot_seed : seed * 7919 + 1);
  while (!rec.game().finished() && rec.log().plies() < max_plies)
    rec.apply_index(bots[static_cast<size_t>(rec.game().pending().player)]->choose(rec.game(), rng));
  return rec.take_log();
}

// The game after `plies` decisions of a log, played by the engine.
// An older database opened read-only is read through a copy upgraded in memory: the
// store shows the latest schema and the file keeps its bytes and `version`.
inline void check_read_only_upgrade(const std::string& path, int version) {
  const auto bytes = [&] {
    std::ostringstream b;
    b << std::ifstream(path, std::ios::binary).rdbuf();
    return b.str();
  };
  const std::string before = bytes();
  Store ro = Store::open(path, Store::Mode::ReadOnly);
  CHECK(ro.schema_version() == latest_schema_version());
  CHECK(ro.read_only());
  CHECK(bytes() == before);
  CHECK(SQLite::Database(path, SQLite::OPEN_READONLY).execAndGet("PRAGMA user_version").getInt() == version);
}

inline Game replayed(const replay::GameLog& log, int plies) {
  Game g;
  REQUIRE_FALSE(Game::create(default_content(), log.setup(), g));
  for (int i = 0; i < plies; ++i)
    REQUIRE_FALSE(g.apply(std::string_view(log.decisions[static_cast<size_t>(i)])));
  return g;
}

}  // namespace tw::test

namespace tw::test {

// A legal option at the node `path` replaces, other than the node's own decision: the
// first such in the engine's order (`skip` of them skipped).
inline std::string other_option(const replay::Replay& r, const replay::NodePath& path, int skip = 0) {
  auto moves = replay::moves_to(r, path);
  REQUIRE(moves.has_value());
  const std::string own = moves->back();
  moves->pop_back();
  replay::GameLog log = r.log;
  log.decisions = *moves;
  Game g = replayed(log, static_cast<int>(moves->size()));
  for (const Option& o : g.pending().options) {
    const std::string s = g.to_string(o);
    if (s != own && skip-- <= 0) return s;
  }
  FAIL("no other option at " << path.to_string());
  return {};
}

// The legal line of `n` decisions that follows the node at `path` when it is replaced by
// `first` (the bots pick the rest).
inline std::vector<std::string> line_from(const replay::Replay& r, const replay::NodePath& path,
                                          const std::string& first, int n, uint64_t seed) {
  auto moves = replay::moves_to(r, path);
  moves->pop_back();
  replay::GameLog log = r.log;
  log.decisions = *moves;
  Game g = replayed(log, static_cast<int>(moves->size()));
  std::vector<std::string> out = {first};
  REQUIRE_FALSE(g.apply(std::string_view(first)));
  auto bot = make_bot("random");
  Rng rng(seed);
  while (static_cast<int>(out.size()) < n && !g.finished()) {
    const Option o = g.pending().options[bot->choose(g, rng)];
    out.push_back(g.to_string(o));
    g.apply(o);
  }
  return out;
}

// A whole game with every kind of annotation and nested variations, made only through
// the public edits (each checked by the engine).
inline replay::Replay annotated_replay(uint64_t seed = 2026) {
  using namespace replay;
  const Content& c = default_content();
  Replay r = from_log(bot_log(seed));
  r.pinned = "A game between the *bots*, annotated {for the tests} with \\ and }.";
  // Turn 2's placement, with an alternative placement played on for a few decisions.
  const NodePath place2 = NodePath::main(3);
  REQUIRE(r.mainline[2].decision.rfind("place ", 0) == 0);
  NodePath v0;
  REQUIRE(add_variation(c, r, place2, line_from(r, place2, other_option(r, place2), 5, 1), &v0) == "");
  NodePath v1;
  REQUIRE(add_variation(c, r, place2, line_from(r, place2, other_option(r, place2, 1), 2, 2), &v1) == "");
  // A follower decision's alternative, and inside variation 0 a nested one.
  const NodePath follower4 = NodePath::main(4);
  REQUIRE(add_variation(c, r, follower4, {other_option(r, follower4)}) == "");
  NodePath inner = v0;  // the third decision of variation 0
  inner.steps.back().second = 3;
  REQUIRE(add_variation(c, r, inner, line_from(r, inner, other_option(r, inner), 2, 3)) == "");
  REQUIRE(annotate(r, NodePath::main(1), {"Opening: *the* road.", "!", {}}).empty());
  REQUIRE(annotate(r, NodePath::main(3), {"", "?!", {{Marker::Kind::Cell, 1, 1, 0, 0, ""}}}).empty());
  REQUIRE(annotate(r, v0, {"Better:\n- keeps the city open\n- `pass` later", "!!",
                           {{Marker::Kind::Arrow, 0, 0, 2, -1, ""}, {Marker::Kind::Label, 2, -1, 0, 0, "target"}}})
              .empty());
  REQUIRE(annotate(r, v1, {"", "??", {}}).empty());
  REQUIRE(annotate(r, NodePath::main(r.log.plies()), {"The end.", "", {}}).empty());
  return r;
}

}  // namespace tw::test
