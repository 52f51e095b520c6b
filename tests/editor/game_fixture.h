// What the editor's game tests share, without a window: the bundled default.db's content
// (read once per process) and a game setup from a rule set, a Players text, a seed and
// a level.
#pragma once

#include <cstdint>
#include <string>

#include "engine/game.h"
#include "schema/store.h"

namespace twe::test {

inline const tw::Content& content() {
  static const tw::Content c = tw::Store::open(TW_TEST_DB, tw::Store::Mode::ReadOnly).load_content();
  return c;
}

inline tw::GameSetup setup_of(const std::string& rule_set, const std::string& players, uint64_t seed,
                              const std::string& level = {}) {
  tw::GameSetup s;
  s.rule_set = rule_set;
  s.players = tw::parse_players(players);
  s.seed = seed;
  s.level = level;
  return s;
}

}  // namespace twe::test
