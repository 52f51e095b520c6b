// Pinned behaviour signatures: for every rule set and every co-op level of the shipped
// database, 100 seeded games of random bots must generate the same number of legal
// placements and end in the same combined state hash as when they were pinned. Any
// change to the rules engine that changes a game changes a signature, so a refactoring
// or speed-up that claims "no functional change" is checked here, in CI, for every rule
// system at once. A deliberate change of behaviour updates the table in the same commit
// and says why. A rule set or level added to the shipped content must be pinned too.
#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "cli/commands.h"
#include "engine/tgn.h"
#include "present/record.h"
#include "fixtures.h"

using namespace tw;

namespace {

struct Pinned {
  const char* rule_set;
  const char* level;  // "" for none
  int players;
  uint64_t placements;
  uint64_t hash;
};

// `tilewright bench --ruleset R [--level L] --players P --games 100`
constexpr Pinned kPinned[] = {
    {"base", "", 2, 232460, 0xc760b83df0858df7ULL},
    {"base", "", 5, 232460, 0x4b10cd90addacac5ULL},
    {"gcc", "", 2, 627518, 0x2427f9c5fd651dfeULL},
    {"gcc", "", 4, 631650, 0x3d0d6e416947b0e2ULL},
    {"discovery", "", 2, 291175, 0xd6f5a769baa89a30ULL},
    {"discovery", "", 3, 291175, 0xf4e4db08d113e8b3ULL},
    {"discovery-expert", "", 2, 557710, 0x0613d0544e6a33faULL},
    {"discovery-water-text", "", 2, 291175, 0xf5ccca3699032501ULL},
    {"mists", "", 2, 17548, 0x6621332c2b2ca036ULL},
    {"mists", "mists-1", 2, 17548, 0x6621332c2b2ca036ULL},
    {"mists", "mists-2", 2, 17866, 0xaf8eff99b03abc83ULL},
    {"mists", "mists-3", 2, 17866, 0x93f4160981eaef24ULL},
    {"mists", "mists-4", 2, 14820, 0x4c6700501115fb4cULL},
    {"mists", "mists-5", 2, 14531, 0x9e9a9856f82a44eeULL},
    {"mists", "mists-6", 2, 13002, 0xe5205b85dc42fdbdULL},
    {"mists", "mists-6", 4, 13083, 0x871a4ac8d9c2fa89ULL},
};

}  // namespace

TEST_CASE("bench signatures of every shipped rule set and level are unchanged") {
  const Content& c = test::default_content();
  for (const Pinned& p : kPinned) {
    BenchOptions o;
    o.rule_set = p.rule_set;
    o.level = p.level;
    o.players = p.players;
    o.games = 100;
    std::string error;
    const auto r = run_bench(c, o, &error);
    INFO(p.rule_set << " " << p.level << " x" << p.players << ": " << error);
    REQUIRE(r);
    CHECK(r->placements == p.placements);
    CHECK(r->hash == p.hash);
  }
}

TEST_CASE("every shipped rule set and level has a pinned signature") {
  const Content& c = test::default_content();
  std::set<std::string> pinned;
  for (const Pinned& p : kPinned) pinned.insert(std::string(p.rule_set) + "/" + p.level);
  for (const RuleSet& rs : c.rule_sets) CHECK(pinned.count(rs.id + "/"));
  for (const Level& l : c.levels) CHECK(pinned.count(l.rule_set + "/" + l.id));
}

TEST_CASE("the co-op numbers are read from the rule set: changing one changes the games") {
  const Content& shipped = test::default_content();
  auto signature = [](const Content& c, const char* level) {
    BenchOptions o;
    o.level = level;
    o.games = 100;
    std::string error;
    const auto r = run_bench(c, o, &error);
    REQUIRE(r);
    return std::make_pair(r->placements, r->hash);
  };
  for (const char* level : {"mists-4", "mists-6"}) {
    const auto plain = signature(shipped, level);
    {
      Content c = shipped;
      for (RuleSet& rs : c.rule_sets)
        if (rs.id == "mists") rs.rules.unghost_ghosts = 1;
      CHECK(signature(c, level) != plain);
    }
    Content c = shipped;
    for (RuleSet& rs : c.rule_sets)
      if (rs.id == "mists") rs.rules.unghost_ghosts = 3;  // the default: the same games
    CHECK(signature(c, level) == plain);
  }
}

TEST_CASE("a dog clears as many tiles as the rule set says") {
  // The rule book's dog example (seed 000, level 3): the dog clears two tiles.
  const auto parsed = tgn::parse(test::read_text(std::string(TW_SOURCE_DIR) + "/tests/records/mists/05-dog.tgn"));
  REQUIRE(parsed.record);
  auto run = [&](int64_t Rules::*field, int64_t value) {
    Content c = test::test_content();
    for (RuleSet& rs : c.rule_sets)
      if (rs.id == parsed.record->tag("Ruleset")[0]) rs.rules.*field = value;
    return replay_record(c, *parsed.record);
  };
  const Replayed plain = run(&Rules::dog_clear_tiles, 2);
  REQUIRE_FALSE(plain.error);
  const Replayed one = run(&Rules::dog_clear_tiles, 1);
  REQUIRE(one.error);  // the second `unghost` of the dog is not asked any more
  CHECK(one.error->find("unghost -1,1") != std::string::npos);
  const Replayed light = run(&Rules::unghost_ghosts, 1);  // each clearing takes one ghost, not three
  REQUIRE_FALSE(light.error);
  CHECK(light.game.ghost_bank() < plain.game.ghost_bank());
}
