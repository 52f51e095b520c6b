// Helpers shared by the replay tests: seeded bot games recorded as logs, a temporary
// directory that removes itself, and copies of the built default.db to write into.
#pragma once

#include <SQLiteCpp/SQLiteCpp.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <string>
#include <vector>

#include "engine/bots.h"
#include "fixtures.h"
#include "replay/log.h"
#include "replay/tree.h"
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
inline Game replayed(const replay::GameLog& log, int plies) {
  Game g;
  REQUIRE_FALSE(Game::create(default_content(), log.setup(), g));
  for (int i = 0; i < plies; ++i)
    REQUIRE_FALSE(g.apply(std::string_view(log.decisions[static_cast<size_t>(i)])));
  return g;
}

}  // namespace tw::test
