// The big follower module (engine/rules/big_follower.cpp, RULES.md section 6): its
// majorities (2 against 1, a tie against 2, strength 3), its supply (one per player, back
// on scoring; ordinary followers not offered when only big ones are left), a record that
// round-trips through TGN, the bots playing it, and the module off by default.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "engine/bots/bots.h"
#include "engine/game.h"
#include "engine/tgn.h"
#include "fixtures.h"
#include "recorded_game.h"

using namespace tw;

namespace {

// The shipped content with base-big's parameters changed.
Content with_big(int64_t strength, int64_t followers = 7) {
  Content c = test::default_content();
  for (RuleSet& rs : c.rule_sets)
    if (rs.id == "base-big") {
      rs.rules.big_follower_strength = strength;
      rs.rules.followers = followers;
    }
  return c;
}

GameSetup setup(const std::string& rule_set) {
  GameSetup s;
  s.rule_set = rule_set;
  s.seed = 1;
  s.players = parse_players("Ann, Ben");
  s.draw = {"N", "U", "U", "B", "E", "E", "R"};
  return s;
}

// Plays the moves (texts) in order; each must be legal and keep the invariants.
void play(Game& g, const std::vector<std::string>& moves) {
  for (const std::string& m : moves) {
    INFO(m);
    const auto v = g.apply(m);
    REQUIRE_FALSE(v);
    REQUIRE(g.check_invariants().empty());
  }
}

// The five-tile city of records/base/06: Ann's followers go on city:E of the tile at 0,1
// (turn 1) and city:W of the tile at 2,1 (turn 5), Ben's on city:S of the tile at 1,2
// (turn 6); the R at 1,1 (turn 7) joins and completes it (10 points).
std::vector<std::string> city(const std::string& ann1, const std::string& ann5, const std::string& ben6) {
  return {"place N 0,1 r180", ann1, "place U 1,0 r0", "pass", "place U 2,0 r0", "pass", "place B 0,2 r0", "pass",
          "place E 2,1 r270", ann5, "place E 1,2 r180", ben6, "place R 1,1 r0", "pass"};
}

int big_in_supply(const Game& g, int player) {
  return static_cast<int>(std::count_if(g.followers().begin(), g.followers().end(), [&](const Follower& f) {
    return f.player == player && f.placed < 0 && f.weight > 1;
  }));
}

bool offers(const Game& g, OptKind k) {
  const auto& o = g.pending().options;
  return std::any_of(o.begin(), o.end(), [&](const Option& x) { return x.kind == k; });
}

}  // namespace

TEST_CASE("big follower: it beats one follower, ties two, and strength 3 beats two", "[big]") {
  const Content& c = test::default_content();
  SECTION("big (2) against one follower: only its owner scores, 10 points (not doubled)") {
    Game g;
    REQUIRE_FALSE(Game::create(c, setup("base-big"), g));
    play(g, city("big city:E", "pass", "meeple city:S"));
    CHECK(g.score(0) == 10);
    CHECK(g.score(1) == 0);
  }
  SECTION("one big against two followers: a tie, both score") {
    Game g;
    REQUIRE_FALSE(Game::create(c, setup("base-big"), g));
    play(g, city("meeple city:E", "meeple city:W", "big city:S"));
    CHECK(g.score(0) == 10);
    CHECK(g.score(1) == 10);
  }
  SECTION("strength 3 against two followers: the big follower's owner alone scores") {
    const Content c3 = with_big(3);
    Game g;
    REQUIRE_FALSE(Game::create(c3, setup("base-big"), g));
    play(g, city("meeple city:E", "meeple city:W", "big city:S"));
    CHECK(g.score(0) == 0);
    CHECK(g.score(1) == 10);
  }
  SECTION("the same moves with ordinary followers only: two beat one") {
    Game g;
    REQUIRE_FALSE(Game::create(c, setup("base-big"), g));
    play(g, city("meeple city:E", "meeple city:W", "meeple city:S"));
    CHECK(g.score(0) == 10);
    CHECK(g.score(1) == 0);
  }
}

TEST_CASE("big follower: one per player in supply, offered once, back when its feature scores", "[big]") {
  const Content& c = test::default_content();
  Game g;
  REQUIRE_FALSE(Game::create(c, setup("base-big"), g));
  CHECK(g.supply(0) == 8);  // 7 followers and the big one
  CHECK(big_in_supply(g, 0) == 1);
  CHECK(big_in_supply(g, 1) == 1);
  play(g, {"place N 0,1 r180"});
  CHECK(offers(g, test::option_kind("big")));
  CHECK(offers(g, OptKind::Meeple));
  CHECK(g.to_string(g.pending().options.back()).rfind("big ", 0) == 0);
  play(g, {"big city:E"});
  CHECK(big_in_supply(g, 0) == 0);
  CHECK(g.supply(0) == 7);
  play(g, {"place U 1,0 r0", "pass", "place U 2,0 r0"});
  CHECK_FALSE(offers(g, test::option_kind("big")));  // Ann's big follower stands on the city
  std::string why;
  CHECK_FALSE(g.parse_option("big road:E", &why));
  INFO(why);
  CHECK(why.find("big follower is not in supply") != std::string::npos);
  play(g, {"pass", "place B 0,2 r0", "pass", "place E 2,1 r270", "pass", "place E 1,2 r180", "pass",
           "place R 1,1 r0", "pass"});
  // The city scored: the big follower is home again, and offered again.
  CHECK(big_in_supply(g, 0) == 1);
  CHECK(g.supply(0) == 8);
  const auto returned = std::count_if(g.events().begin(), g.events().end(),
                                      [](const Event& e) { return e.kind == EventKind::FollowerReturned; });
  CHECK(returned == 1);
}

TEST_CASE("big follower: with only big followers left, no ordinary follower is offered", "[big]") {
  const Content c0 = with_big(2, 0);
  Game g;
  REQUIRE_FALSE(Game::create(c0, setup("base-big"), g));
  CHECK(g.supply(0) == 1);
  play(g, {"place N 0,1 r180"});
  CHECK(offers(g, test::option_kind("big")));
  CHECK_FALSE(offers(g, OptKind::Meeple));
  CHECK_FALSE(g.parse_option("meeple city:E"));
  // Issue 57, item 6: the reason is the supply, not the segment (`big city:E` is offered).
  std::string why;
  CHECK_FALSE(g.parse_option("meeple city:E", &why));
  INFO(why);
  CHECK(why.rfind("the player has no ordinary follower left in supply", 0) == 0);
  CHECK(why.find("not free") == std::string::npos);
  CHECK(g.parse_option("big city:E"));
}

TEST_CASE("big follower: off unless a rule set gives one, and base plays as before", "[big]") {
  const Content& c = test::default_content();
  GameSetup s = setup("base");
  s.draw.clear();
  s.players = parse_players("bot:greedy, bot:random");
  Game g;
  REQUIRE_FALSE(Game::create(c, s, g));
  CHECK(std::find(g.modules().begin(), g.modules().end(), "big follower") == g.modules().end());
  CHECK(std::none_of(g.followers().begin(), g.followers().end(), [](const Follower& f) { return f.weight != 1; }));
  CHECK(g.supply(0) == 7);
  auto bot = make_bot("random");
  Rng rng(3);
  while (!g.finished()) {
    CHECK_FALSE(offers(g, test::option_kind("big")));
    g.apply_index(bot->choose(g, rng));
  }
  const RuleSet* big = c.find_rule_set("base-big");
  REQUIRE(big != nullptr);
  CHECK(big->rules.big_followers == 1);
  CHECK(big->rules.big_follower_strength == 2);
  Game b;
  GameSetup sb = s;
  sb.rule_set = "base-big";
  REQUIRE_FALSE(Game::create(c, sb, b));
  CHECK(std::find(b.modules().begin(), b.modules().end(), "big follower") != b.modules().end());
}

TEST_CASE("big follower: a record with big followers round-trips through TGN and replays", "[big]") {
  const Content& c = test::default_content();
  GameSetup s;
  s.rule_set = "base-big";
  s.seed = 42;
  s.players = parse_players("bot:greedy, bot:random");
  Game g;
  REQUIRE_FALSE(Game::create(c, s, g));
  auto greedy = make_bot("greedy");
  auto random = make_bot("random");
  Rng rng(42);
  int bigs = 0;
  const std::string text = test::play_recorded_round_trip(
      c, s, g, {greedy.get(), random.get()}, "bot:greedy, bot:random", rng,
      [&](const Option& o) { bigs += o.kind == test::option_kind("big"); });
  CHECK(bigs > 0);
  CHECK(text.find(" big ") != std::string::npos);
  CHECK(text.find("[Format \"TGN 1\"]") == 0);  // no new version: only the rule set enables `big`
}

TEST_CASE("big follower: greedy and search play it", "[big]") {
  const Content& c = test::default_content();
  for (const char* name : {"greedy", "mcts:40"}) {
    INFO(name);
    GameSetup s;
    s.rule_set = "base-big";
    s.seed = 7;
    s.players = parse_players(std::string("bot:") + name + ", bot:" + name);
    Game g;
    REQUIRE_FALSE(Game::create(c, s, g));
    auto bot = make_bot(name);
    REQUIRE(bot);
    Rng rng(7);
    int bigs = 0;
    while (!g.finished()) {
      const size_t k = bot->choose(g, rng);
      if (g.pending().options[k].kind == test::option_kind("big")) ++bigs;
      g.apply_index(k);
      REQUIRE(g.check_invariants().empty());
    }
    CHECK(bigs > 0);
  }
}
