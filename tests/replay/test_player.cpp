// The seekable player: every ply reached by seeking, in any order and either direction,
// is the state the game had there (its recorded hash); stepping agrees with seeking.
#include <catch2/catch.hpp>

#include "replay/player.h"
#include "support.h"

using namespace tw;
using namespace tw::replay;

TEST_CASE("seeking to any ply in either direction gives the recorded state") {
  const GameLog log = test::bot_log(21);
  REQUIRE(log.plies() > 100);
  for (int interval : {1, 3, 8, 1000}) {
    Player p;
    REQUIRE(Player::open(test::default_content(), log, p, interval).empty());
    CHECK(p.plies() == log.plies());
    CHECK(p.ply() == log.plies());  // open leaves it at the end
    CHECK(p.game().state_hash() == log.hashes.back());
    Rng rng(static_cast<uint64_t>(interval));
    for (int k = 0; k < 400; ++k) {
      const int target = static_cast<int>(rng.below(static_cast<uint64_t>(log.plies() + 1)));
      p.seek(target);
      REQUIRE(p.ply() == target);
      REQUIRE(p.game().state_hash() == log.hashes[static_cast<size_t>(target)]);
    }
    p.seek(-5);
    CHECK(p.ply() == 0);
    p.seek(log.plies() + 5);
    CHECK(p.ply() == log.plies());
    // Step back to the start and forward to the end.
    while (p.backward()) REQUIRE(p.game().state_hash() == log.hashes[static_cast<size_t>(p.ply())]);
    CHECK(p.ply() == 0);
    CHECK_FALSE(p.backward());
    while (p.forward()) REQUIRE(p.game().state_hash() == log.hashes[static_cast<size_t>(p.ply())]);
    CHECK(p.ply() == log.plies());
    CHECK_FALSE(p.forward());
  }
}

TEST_CASE("the player reports an illegal line by ply") {
  GameLog log = test::bot_log(22, 20);
  log.decisions[6] = "place Z 9,9 r0";
  Player p;
  const std::string e = Player::open(test::default_content(), log, p);
  CHECK(e.rfind("ply 7 'place Z 9,9 r0' is illegal: ", 0) == 0);
  GameLog bad_setup = test::bot_log(22, 2);
  bad_setup.header.rule_set = "nope";
  CHECK(Player::open(test::default_content(), bad_setup, p).rfind("the game cannot be set up: ", 0) == 0);
}
