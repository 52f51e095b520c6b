// Verification: a recorded game verifies; the verifier catches hidden randomness and
// altered decisions, naming the first diverging ply; other rules data is said first.
#include <catch2/catch.hpp>

#include "replay/digest.h"
#include "replay/verify.h"
#include "support.h"

using namespace tw;
using namespace tw::replay;

TEST_CASE("a recorded game verifies, ply by ply") {
  for (uint64_t seed = 1; seed <= 5; ++seed) {
    const GameLog log = test::bot_log(seed);
    REQUIRE(log.finished);
    REQUIRE(log.plies() > 100);
    const VerifyReport r = verify(test::default_content(), log, "game " + std::to_string(seed));
    INFO(r.message);
    CHECK(r.ok());
    CHECK(r.ply == -1);
    CHECK(r.message == "game " + std::to_string(seed) + ": ok, " + std::to_string(log.plies()) +
                           " plies, every state hash matches");
  }
}

TEST_CASE("the verifier catches hidden randomness: hashes from a game with another seed") {
  // Both games draw the same first tiles (Draw), so every decision below stays legal with
  // either seed; only the shuffled rest of the pile differs, which nothing but the state
  // hash shows.
  const std::vector<std::string> draw = {"U", "V", "E", "D", "K", "B"};
  GameSetup a = test::bot_setup(1, "base", draw), b = test::bot_setup(2, "base", draw);
  const GameLog played = test::bot_log(1, 10, &a, 77);
  const GameLog other = test::bot_log(2, 10, &b, 77);
  REQUIRE(played.decisions == other.decisions);  // same tiles, same bots: same choices
  GameLog tampered = played;
  tampered.header.seed = b.seed;  // the seed the log claims is not the one played
  const VerifyReport r = verify(test::default_content(), tampered, "replay 1");
  CHECK(r.status == VerifyStatus::HashDiffers);
  CHECK(r.ply == 0);
  CHECK(r.expected == played.hashes[0]);
  CHECK(r.actual == other.hashes[0]);
  CHECK(r.message.rfind("replay 1: the state after setup (ply 0) differs", 0) == 0);

  // Hashes recorded by the other game, decisions and seed of this one: ply 0 again.
  GameLog mixed = played;
  mixed.hashes = other.hashes;
  CHECK(verify(test::default_content(), mixed, "replay 1").ply == 0);
}

TEST_CASE("the verifier names the first diverging ply of an altered decision list") {
  const GameLog log = test::bot_log(3);
  // Find a follower decision where the bot placed a follower and "pass" is also legal:
  // passing instead keeps the game legal but changes the state.
  int target = -1;
  for (int ply = 20; ply <= log.plies() && target < 0; ++ply)
    if (log.decisions[static_cast<size_t>(ply - 1)].rfind("meeple", 0) == 0) target = ply;
  REQUIRE(target > 0);
  GameLog altered = log;
  altered.decisions[static_cast<size_t>(target - 1)] = "pass";
  const VerifyReport r = verify(test::default_content(), altered, "replay 8");
  INFO(r.message);
  CHECK(r.ply == target);
  CHECK(r.status == VerifyStatus::HashDiffers);
  CHECK(r.message == "replay 8: ply " + std::to_string(target) +
                         " 'pass': the state hash " + hex64(r.actual) + " differs from the recorded " +
                         hex64(log.hashes[static_cast<size_t>(target)]) + " (first diverging ply)");

  // An illegal decision is named as such.
  GameLog illegal = log;
  illegal.decisions[4] = "place Q 40,40 r0";
  const VerifyReport i = verify(test::default_content(), illegal, "replay 8");
  CHECK(i.status == VerifyStatus::Illegal);
  CHECK(i.ply == 5);
  CHECK(i.message.rfind("replay 8: ply 5 'place Q 40,40 r0' is illegal here: ", 0) == 0);

  // A result that does not match.
  GameLog result = log;
  result.result = "bot:greedy 1, bot:random 2";
  CHECK(verify(test::default_content(), result, "r").status == VerifyStatus::ResultDiffers);
}

TEST_CASE("a log from other rules data says so before anything else") {
  GameLog log = test::bot_log(4, 30);
  log.decisions[3] = "nonsense";  // would fail later: the rules message must come first
  log.header.rules_digest ^= 1;
  const VerifyReport r = verify(test::default_content(), log, "replay 2");
  CHECK(r.status == VerifyStatus::RulesDiffer);
  CHECK(r.ply == -1);
  CHECK(r.message.rfind("replay 2: recorded with different rules data: rule set 'base' had digest ",
                        0) == 0);
  CHECK(r.message.find("no ply was checked") != std::string::npos);

  GameLog unknown = test::bot_log(4, 3);
  unknown.header.rule_set = "gone";
  CHECK(verify(test::default_content(), unknown, "replay 2").message ==
        "replay 2: recorded with different rules data: rule set 'gone' is not in " +
            std::string(TW_TEST_DB) + "; no ply was checked");

  GameLog shape = test::bot_log(4, 3);
  shape.hashes.pop_back();
  CHECK(verify(test::default_content(), shape, "replay 2").status == VerifyStatus::BadShape);
}
