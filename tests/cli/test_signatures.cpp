// Pinned behaviour signatures: for every rule set and every co-op level of the shipped
// database, 100 seeded games of random bots must generate the same number of legal
// placements and end in the same combined state hash as when they were pinned. Any
// change to the rules engine that changes a game changes a signature, so a refactoring
// or speed-up that claims "no functional change" is checked here, in CI, for every rule
// system at once. A deliberate change of behaviour updates the table in the same commit
// and says why. A rule set or level added to the shipped content must be pinned too.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

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
    {"base", "", 2, 193497, 0xed6104365381f685ULL},
    {"base", "", 5, 193497, 0x9f67b0a340f6708eULL},
    {"gcc", "", 2, 556339, 0x00b800af83c59cb0ULL},
    {"gcc", "", 4, 559479, 0xc422f6002404b4c3ULL},
    {"discovery", "", 2, 269286, 0x7f72f161745eefe9ULL},
    {"discovery", "", 3, 269286, 0x7478a838d30d62d7ULL},
    {"discovery-expert", "", 2, 488827, 0x5ca739d94e6f4d2cULL},
    {"discovery-expert", "", 3, 479424, 0xa1a2d3d1e11d0612ULL},
    {"discovery-water-text", "", 2, 269286, 0x0a1ed0238e0ec939ULL},
    {"discovery-water-text", "", 3, 269286, 0xc8b052907bf848fcULL},
    {"base-big", "", 2, 193497, 0x9ef03fe7159c7e4cULL},
    {"base-big", "", 3, 193497, 0x05c55953637a7223ULL},
    {"mists", "", 2, 16574, 0x26ce0d4500234f23ULL},
    {"mists", "", 3, 16727, 0x3e69dcaf9bad4d5cULL},
    {"mists", "mists-1", 2, 16574, 0x26ce0d4500234f23ULL},
    {"mists", "mists-1", 3, 16727, 0x3e69dcaf9bad4d5cULL},
    {"mists", "mists-2", 2, 16977, 0xd1b012791bee788fULL},
    {"mists", "mists-2", 3, 16774, 0x67201442fd1f171eULL},
    {"mists", "mists-3", 2, 16977, 0xa8dd639c1544a412ULL},
    {"mists", "mists-3", 3, 16774, 0xe922ef813e105d88ULL},
    {"mists", "mists-4", 2, 14056, 0xdacf055e1d5c8fe6ULL},
    {"mists", "mists-4", 3, 13708, 0x7ed5728e13218422ULL},
    {"mists", "mists-5", 2, 13763, 0x1a4932091ab3f041ULL},
    {"mists", "mists-5", 3, 13853, 0x6b5889a1dca559f5ULL},
    {"mists", "mists-6", 2, 12331, 0x47c5ea3956cd2e16ULL},
    {"mists", "mists-6", 4, 12487, 0x65f05bd9f429d72aULL},
    // The Ukrainian reading of level 6 (issue 59; the rule set alone plays its one level).
    {"mists-uk", "", 2, 12202, 0x4040f53be797b591ULL},
    {"mists-uk", "", 4, 12107, 0x8371e1ac2de5fad3ULL},
    {"mists-uk", "mists-6-uk", 2, 12202, 0x4040f53be797b591ULL},
    {"mists-uk", "mists-6-uk", 4, 12107, 0x8371e1ac2de5fad3ULL},
};

// Plays each pinned configuration's 100 games (through the playout path or not) and
// compares the signature with the pinned one.
void check_pinned(bool playout) {
  const Content& c = test::default_content();
  for (const Pinned& p : kPinned) {
    BenchOptions o;
    o.rule_set = p.rule_set;
    o.level = p.level;
    o.players = p.players;
    o.games = 100;
    o.playout = playout;
    std::string error;
    const auto r = run_bench(c, o, &error);
    INFO(p.rule_set << " " << p.level << " x" << p.players << (playout ? " (playout path)" : "") << ": " << error);
    REQUIRE(r);
    CHECK(r->placements == p.placements);
    CHECK(r->hash == p.hash);
  }
}

}  // namespace

TEST_CASE("bench signatures of every shipped rule set and level are unchanged") { check_pinned(false); }

// The playout path (Game::set_playout) counts placements instead of listing them; the
// random bots then play the same games, so every signature must come out the same.
TEST_CASE("the playout path plays the same games: every pinned signature through it") { check_pinned(true); }

TEST_CASE("every shipped rule set and level has a pinned signature, at 2 seats and at 3 or more") {
  const Content& c = test::default_content();
  std::set<std::string> two, more;  // "rule set/level"
  for (const Pinned& p : kPinned)
    (p.players >= 3 ? more : two).insert(std::string(p.rule_set) + "/" + p.level);
  std::vector<std::string> shipped;
  for (const RuleSet& rs : c.rule_sets) shipped.push_back(rs.id + "/");
  for (const Level& l : c.levels) shipped.push_back(l.rule_set + "/" + l.id);
  CHECK(shipped.size() >= 12);
  for (const std::string& id : shipped) {
    INFO(id << ": pin `tilewright bench --ruleset R [--level L] --players P --games 100` in kPinned");
    CHECK(two.count(id) == 1);
    CHECK(more.count(id) == 1);
  }
  // And no pin of something no longer shipped.
  for (const std::set<std::string>* s : {&two, &more})
    for (const std::string& id : *s) {
      INFO("pinned " << id << " is not shipped");
      CHECK(std::find(shipped.begin(), shipped.end(), id) != shipped.end());
    }
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
  CHECK(ghost_bank(light.game) < ghost_bank(plain.game));
}

TEST_CASE("each number and reading the issue named is read from the rule set: changing it changes the games") {
  // A module switched off (or turned) by its parameter must show in the games: the bench
  // signature where it matters moves, and the default gives the same games again.
  const Content& shipped = test::default_content();
  auto signature = [](const Content& c, const char* rule_set, const char* level, int players, int games = 100) {
    BenchOptions o;
    o.rule_set = rule_set;
    o.level = level;
    o.players = players;
    o.games = games;
    std::string error;
    const auto r = run_bench(c, o, &error);
    INFO(error);
    REQUIRE(r);
    return std::make_pair(r->placements, r->hash);
  };
  struct Turn {
    int64_t Rules::*field;
    int64_t value;
    const char* rule_set;  // the rule set whose row is turned
    const char* level;     // "" = a competitive game of rule_set
    int players;
    int games = 100;
  };
  const Turn turns[] = {
      {&Rules::fog_extend_fewer_ghosts, 0, "mists", "mists-1", 2},
      {&Rules::haunted_cemetery_ghosts, 2, "mists", "mists-5", 2},
      {&Rules::plain_cemetery_ghosts, 0, "mists", "mists-2", 2},
      {&Rules::fog_clear_side_never_closes, 0, "mists", "mists-1", 2},
      {&Rules::unghost_choose_count, 1, "mists", "mists-3", 2},
      // A score that dips below 0 and comes back within one turn is rare: 3000 games.
      {&Rules::score_floor_per_turn, 1, "gcc", "", 2, 3000},
      {&Rules::remove_tiles_2, 5, "discovery", "", 2},
  };
  for (const Turn& t : turns) {
    // (dog_waits_for_follower: tests/engine/test_rule_params.cpp; random games reach no dog.)
    const auto plain = signature(shipped, t.rule_set, t.level, t.players, t.games);
    Content c = shipped;
    for (RuleSet& rs : c.rule_sets)
      if (rs.id == t.rule_set) rs.rules.*t.field = t.value;
    CAPTURE(t.rule_set, t.level, t.value);
    CHECK(signature(c, t.rule_set, t.level, t.players, t.games) != plain);
    const Rules defaults;
    for (RuleSet& rs : c.rule_sets)
      if (rs.id == t.rule_set) rs.rules.*t.field = defaults.*t.field;
    CHECK(signature(c, t.rule_set, t.level, t.players, t.games) == plain);
  }
}

TEST_CASE("tiles set aside are read for every seat count, 1 to the most") {
  const Content& shipped = test::default_content();
  for (int players = 1; players <= kMaxPlayers; ++players) {
    Content c = shipped;
    RuleSet* rs = nullptr;
    for (RuleSet& r : c.rule_sets)
      if (r.id == "discovery") rs = &r;
    REQUIRE(rs);
    rs->rules.min_players = 1;
    rs->rules.max_players = kMaxPlayers;
    auto tiles_left = [&](const Content& content) {
      GameSetup s;
      s.rule_set = "discovery";
      s.seed = 5;
      for (int i = 0; i < players; ++i) s.players.push_back({"bot:random", "random"});
      Game g;
      REQUIRE_FALSE(Game::create(content, s, g));
      return g.tiles_left();
    };
    const int all = tiles_left(c);
    rs->rules.*remove_tiles_field(players) = 3;
    CAPTURE(players);
    CHECK(tiles_left(c) == all - 3);
  }
  CHECK(remove_tiles_field(0) == nullptr);
  CHECK(remove_tiles_field(kMaxPlayers + 1) == nullptr);
}
