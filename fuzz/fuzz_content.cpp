// libFuzzer target: the content loader (schema/store.h) on any bytes, read as an SQLite
// database image in memory (sqlite3_deserialize, read-only). The only acceptable failure
// is a StoreError (a LoadError included) naming the problem; any other exception escapes
// and is reported, as is a crash. Content that loads must also set up and play: a short
// game of random bots on each of its first rule sets, with the engine's invariants
// checked, so that a row the loader accepts never breaks the engine.
#include <cstddef>
#include <cstdint>
#include <string>

#include "engine/bots/bots.h"
#include "schema/store.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace tw;
  const std::string image(reinterpret_cast<const char*>(data), size);
  Content content;
  try {
    Store store = Store::open_image(image, "fuzz.db");
    content = store.load_content();
  } catch (const StoreError&) {
    return 0;
  }
  auto bot = make_bot("random");
  const size_t sets = content.rule_sets.size() < 3 ? content.rule_sets.size() : 3;
  for (size_t i = 0; i < sets; ++i) {
    const RuleSet& rs = content.rule_sets[i];
    GameSetup setup;
    setup.rule_set = rs.id;
    setup.seed = 1;
    if (rs.system == System::Mists) {
      if (content.levels.empty()) continue;
      setup.level = content.levels.front().id;
      setup.rule_set = content.levels.front().rule_set;
    }
    const int64_t players = rs.rules.min_players > 2 ? rs.rules.min_players : 2;
    for (int64_t p = 0; p < players && p < kMaxPlayers; ++p) setup.players.push_back({"bot:random", "random"});
    Game g;
    if (Game::create(content, setup, g)) continue;  // refused as a value: fine
    Rng rng(7);
    for (int ply = 0; ply < 40 && !g.finished(); ++ply) {
      const size_t k = bot->choose(g, rng);
      if (g.apply(g.pending().options[k])) __builtin_trap();  // a bot's legal option refused
    }
    if (!g.check_invariants().empty()) __builtin_trap();
  }
  return 0;
}
