// Carcassonne: Discovery on the shipped `discovery` rule sets: the tile set's facts,
// determinism, the bots, the take-back, and the expert variant's tiles set aside. The
// random-game checks (followers conserved at every ply, scores only grow, the Follower
// decision's pass / follower / take-backs, the expert hands, every tile played,
// discarded or set aside) are in the conformance test, tests/replay/test_conformance.cpp.
// The seed's worked examples are records under tests/records/discovery/.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>

#include "engine/rules/kinds.h"
#include "engine/bots/bots.h"
#include "engine/game.h"
#include "fixtures.h"

using namespace tw;

namespace {

int count_kind(const Decision& d, OptKind k) {
  return static_cast<int>(std::count_if(d.options.begin(), d.options.end(),
                                        [&](const Option& o) { return o.kind == k; }));
}

}  // namespace

TEST_CASE("discovery tiles: 84 with the start tile, 58 known, every one noted", "[discovery][content]") {
  const Content& c = test::default_content();
  const RuleSet* rs = c.find_rule_set("discovery");
  REQUIRE(rs != nullptr);
  CHECK(rs->system == System::Discovery);
  CHECK(c.tiles[static_cast<size_t>(rs->start_tile)].id == "DS");
  int all = 0, known = 0, cities = 0;
  std::map<int, int> cities_per_tile;
  for (const auto& t : c.tiles) {
    if (t.tile_set != "discovery") continue;
    all += t.count;
    if (!t.reconstructed) known += t.count;
    CHECK(!t.note.empty());
    int land = 0, water = 0;
    for (const auto& s : t.segments) {
      CHECK(is_region(s.kind));
      (s.kind == kWater ? water : land) += s.shields;
    }
    CHECK(land == water);  // every city lies between water and land
    cities += t.count * water;
    ++cities_per_tile[water];
  }
  CHECK(all == 84);
  CHECK(known == 58);
  CHECK(c.tiles[static_cast<size_t>(rs->start_tile)].reconstructed);
  CHECK(cities == 34);  // 22 on the 58 known tiles, 11 on the 25 added ones, 1 on the start tile
  CHECK(cities_per_tile.rbegin()->first == 2);
  int pool = 0;
  for (const auto& e : rs->pool) {
    pool += e.count;
    CHECK(e.tile != rs->start_tile);
  }
  CHECK(pool == 83);
  // Terrains match by their own groups, and the rules are the seed's.
  const Terrain* l = c.find_terrain("lowland");
  const Terrain* m = c.find_terrain("mountain");
  const Terrain* w = c.find_terrain("water");
  REQUIRE((l && m && w));
  CHECK(l->match_group != m->match_group);
  CHECK(m->match_group != w->match_group);
  CHECK(l->match_group != w->match_group);
  CHECK(rs->rules.followers == 4);
  CHECK(rs->rules.takeback == 1);
  CHECK(rs->rules.completion_scores == 0);
  CHECK(rs->rules.water_closed_city_points == 1);
  CHECK(c.find_rule_set("discovery-water-text")->rules.water_closed_city_points == 0);
}

TEST_CASE("discovery: the same seed gives the same game, another seed another", "[discovery][determinism]") {
  const Content& c = test::default_content();
  auto play = [&](uint64_t seed) {
    GameSetup s;
    s.rule_set = "discovery";
    s.seed = seed;
    s.players = {{"a", "greedy"}, {"b", "random"}, {"c", "greedy"}};
    Game g;
    REQUIRE(!Game::create(c, s, g));
    auto greedy = make_bot("greedy");
    auto random = make_bot("random");
    std::vector<Bot*> bots = {greedy.get(), random.get(), greedy.get()};
    Rng rng(seed);
    play_out(g, bots, rng);
    REQUIRE(g.check_invariants().empty());
    return g.state_hash();
  };
  CHECK(play(11) == play(11));
  CHECK(play(11) != play(12));
}

TEST_CASE("discovery: greedy takes back for points and beats random", "[discovery][bots]") {
  const Content& c = test::default_content();
  auto greedy = make_bot("greedy");
  auto random = make_bot("random");
  int wins = 0;
  uint64_t greedy_takebacks = 0;
  const int games = 100;
  for (int i = 0; i < games; ++i) {
    GameSetup s;
    s.rule_set = "discovery";
    s.seed = static_cast<uint64_t>(i) + 1;
    s.players = {{"g", "greedy"}, {"r", "random"}};
    Game g;
    REQUIRE(!Game::create(c, s, g));
    std::vector<Bot*> bots = {greedy.get(), random.get()};
    Rng rng(s.seed);
    while (!g.finished()) {
      const int who = g.pending().player;
      const size_t k = bots[static_cast<size_t>(who)]->choose(g, rng);
      if (who == 0 && g.pending().options[k].kind == OptKind::TakeBack) ++greedy_takebacks;
      g.apply_index(k);
    }
    wins += g.score(0) > g.score(1);
  }
  CHECK(wins >= 90);
  CHECK(greedy_takebacks > 100);
}

TEST_CASE("discovery: a take-back scores its area now and is written takeback x,y LOC", "[discovery]") {
  const Content& c = test::test_content();
  GameSetup s;
  s.rule_set = "test-disc-l";
  s.players = {{"Ann", ""}, {"Ben", ""}};
  s.draw = {"LA", "LA", "LA"};
  Game g;
  REQUIRE(!Game::create(c, s, g));
  REQUIRE(!g.apply(std::string_view("place LA 0,1 r0")));
  CHECK(count_kind(g.pending(), OptKind::TakeBack) == 0);
  REQUIRE(!g.apply(std::string_view("meeple lowland:N")));
  REQUIRE(!g.apply(std::string_view("place LA 1,1 r0")));
  // Ben has no follower on the board: nothing to take back.
  CHECK(count_kind(g.pending(), OptKind::TakeBack) == 0);
  CHECK(g.apply(std::string_view("takeback 0,1 lowland:N")).has_value());
  REQUIRE(!g.apply(std::string_view("pass")));
  REQUIRE(!g.apply(std::string_view("place LA 0,2 r0")));
  REQUIRE(count_kind(g.pending(), OptKind::TakeBack) == 1);
  const Option& tb = g.pending().options.back();
  CHECK(g.to_string(tb) == "takeback 0,1 lowland:N");
  CHECK(g.feature_value(g.node_of(g.tile_at(0, 1), tb.seg)) == 4);
  CHECK(g.supply(0) == 3);
  REQUIRE(!g.apply(std::string_view("takeback 0,1 lowland:N")));
  CHECK(g.score(0) == 4);
  CHECK(g.supply(0) == 4);
  CHECK(g.check_invariants().empty());
}

TEST_CASE("discovery-expert sets 1, 2, 3, 1 tiles aside for 2, 3, 4, 5 players", "[discovery][expert]") {
  const Content& c = test::default_content();
  const std::map<int, int> aside = {{2, 1}, {3, 2}, {4, 3}, {5, 1}};
  for (const auto& [players, removed] : aside) {
    for (const char* id : {"discovery", "discovery-expert"}) {
      GameSetup s;
      s.rule_set = id;
      s.seed = 5;
      for (int p = 0; p < players; ++p) s.players.push_back({"bot:random", "random"});
      Game g;
      REQUIRE(!Game::create(c, s, g));
      // One tile is already drawn for the first decision; with hands, 2 per player.
      const bool expert = std::string(id) == "discovery-expert";
      const int expected = 83 - (expert ? removed + 2 * players : 1);
      CHECK(g.tiles_left() == expected);
    }
  }
}
