// Inns & Cathedrals (engine/rules/inns.{h,cpp}, scenarios/tiles_inns_cathedrals.sql, RULES.md section 8):
// the 18 tiles against the JCloisterZone facts, the rule set `ic`, the values of inns and
// cathedrals (the worked cases are records under tests/records/ic/), the module off,
// compositions, the located error of a misplaced mark, seeded bot games for 2..6 players
// and the notation round trip.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "engine/bots/bots.h"
#include "engine/content.h"
#include "engine/game.h"
#include "engine/tgn.h"
#include "fixtures.h"
#include "recorded_game.h"

using namespace tw;

namespace inns_test {

RuleSet& ic_rule_set(Content& c, std::string_view id) {
  for (RuleSet& rs : c.rule_sets)
    if (rs.id == id) return rs;
  FAIL("no rule set " << id);
  throw 0;
}

// The edges N E S W of a tile type as C/R/F (what its middle ports' segments are).
std::string ic_edges(const TileType& t) {
  std::string e;
  for (int side = 0; side < 4; ++side) {
    const int seg = t.port_segment[static_cast<size_t>(middle_port(side))];
    const Kind k = seg < 0 ? Kind::None : t.segments[static_cast<size_t>(seg)].kind;
    e += k == Kind::City ? 'C' : k == Kind::Road ? 'R' : k == Kind::Field ? 'F' : '?';
  }
  return e;
}

// Plays the moves; each must be legal and keep the invariants.
void ic_play(Game& g, const std::vector<std::string>& moves) {
  for (const std::string& m : moves) {
    INFO(m);
    REQUIRE_FALSE(g.apply(m));
    REQUIRE(g.check_invariants().empty());
  }
}

GameSetup ic_setup(const std::string& rule_set, std::vector<std::string> draw) {
  GameSetup s;
  s.rule_set = rule_set;
  s.seed = 1;
  s.players = parse_players("Ann, Ben");
  s.draw = std::move(draw);
  return s;
}

}  // namespace inns_test

using inns_test::ic_rule_set;
using inns_test::ic_play;
using inns_test::ic_setup;
using inns_test::ic_edges;

TEST_CASE("inns and cathedrals: the 18 tiles are JCloisterZone's inns-and-cathedrals:1", "[inns]") {
  const Content& c = test::default_content();
  // Per type: count, edges N E S W, features (cities, roads, fields, monasteries), marks
  // on roads (inns) and cities (cathedrals), shields; from inns_and_cathedrals.xml.
  struct Want {
    const char* id;
    int count;
    const char* edges;
    int cities, roads, fields, monasteries, inns, cathedrals, shields;
  };
  const std::vector<Want> want = {
      {"IC01", 2, "CCCC", 1, 0, 0, 0, 0, 1, 0}, {"IC02", 1, "FRFR", 0, 2, 2, 1, 0, 0, 0},
      {"IC03", 1, "CCCC", 4, 0, 1, 0, 0, 0, 0}, {"IC04", 1, "CCFC", 3, 0, 1, 0, 0, 0, 0},
      {"IC05", 1, "CRCR", 2, 2, 4, 0, 0, 0, 0}, {"IC06", 1, "CFCC", 2, 0, 1, 0, 0, 0, 1},
      {"IC07", 1, "CFFF", 1, 0, 2, 0, 0, 0, 0}, {"IC08", 1, "CFRF", 1, 1, 2, 0, 0, 0, 0},
      {"IC09", 1, "CRFC", 1, 1, 2, 0, 0, 0, 0}, {"IC10", 1, "RCRC", 1, 2, 4, 0, 0, 0, 1},
      {"IC11", 1, "CFRC", 1, 1, 2, 0, 1, 0, 0}, {"IC12", 1, "CFRR", 1, 1, 2, 0, 1, 0, 0},
      {"IC13", 1, "CRRC", 1, 1, 2, 0, 1, 0, 1}, {"IC14", 1, "FRRR", 0, 3, 3, 0, 1, 0, 0},
      {"IC15", 1, "FRFR", 0, 1, 2, 0, 1, 0, 0}, {"IC16", 1, "FFRR", 0, 1, 2, 0, 1, 0, 0},
      {"IC17", 1, "RRRR", 0, 2, 3, 0, 0, 0, 0},
  };
  int tiles = 0, types = 0, inn_tiles = 0, cathedral_tiles = 0;
  for (const TileType& t : c.tiles)
    if (t.tile_set == "inns") ++types;
  CHECK(types == 17);
  for (const Want& w : want) {
    INFO(w.id);
    const int i = c.find_tile("inns", w.id);
    REQUIRE(i >= 0);
    const TileType& t = c.tiles[static_cast<size_t>(i)];
    CHECK(t.count == w.count);
    CHECK(ic_edges(t) == w.edges);
    int n[5] = {}, inns = 0, cathedrals = 0, shields = 0;
    for (const Segment& s : t.segments) {
      if (s.kind == Kind::City) ++n[0];
      if (s.kind == Kind::Road) ++n[1];
      if (s.kind == Kind::Field) ++n[2];
      if (s.kind == Kind::Monastery) ++n[3];
      inns += s.mark && s.kind == Kind::Road;
      cathedrals += s.mark && s.kind == Kind::City;
      shields += s.shields;
    }
    CHECK(n[0] == w.cities);
    CHECK(n[1] == w.roads);
    CHECK(n[2] == w.fields);
    CHECK(n[3] == w.monasteries);
    CHECK(inns == w.inns);
    CHECK(cathedrals == w.cathedrals);
    CHECK(shields == w.shields);
    CHECK(t.note.find("JCZ IC/") != std::string::npos);
    tiles += t.count;
    inn_tiles += inns > 0 ? t.count : 0;
    cathedral_tiles += cathedrals > 0 ? t.count : 0;
  }
  CHECK(tiles == 18);
  CHECK(inn_tiles == 6);
  CHECK(cathedral_tiles == 2);
}

TEST_CASE("inns and cathedrals: the rule set ic is the base game, the 18 tiles, big followers, 6 players", "[inns]") {
  const Content& c = test::default_content();
  REQUIRE(validate_content(c).empty());
  const RuleSet* ic = c.find_rule_set("ic");
  REQUIRE(ic);
  CHECK(ic->rules.max_players == 6);
  CHECK(ic->rules.big_followers == 1);
  CHECK(ic->rules.inns_cathedrals == 1);
  CHECK(c.tiles[static_cast<size_t>(ic->start_tile)].id == "D");
  int pile = 0, inns = 0;
  for (const PoolEntry& e : ic->pool) {
    pile += e.count;
    if (c.tiles[static_cast<size_t>(e.tile)].tile_set == "inns") inns += e.count;
  }
  CHECK(pile == 71 + 18);
  CHECK(inns == 18);
  // The module plays in ic and in no other shipped rule set.
  for (const RuleSet& rs : c.rule_sets) {
    if (rs.system == System::Mists) continue;
    INFO(rs.id);
    GameSetup s;
    s.rule_set = rs.id;
    s.seed = 1;
    s.players = parse_players("Ann, Ben");
    Game g;
    REQUIRE_FALSE(Game::create(c, s, g));
    const bool plays = std::find(g.modules().begin(), g.modules().end(), "inns and cathedrals") != g.modules().end();
    CHECK(plays == (rs.id == "ic"));
  }
}

TEST_CASE("inns and cathedrals: six players, the sixth pink, each with 7 followers and a big one", "[inns]") {
  const Content& c = test::default_content();
  GameSetup s;
  s.rule_set = "ic";
  s.seed = 3;
  s.players = parse_players("A, B, C, D, E, F");
  Game g;
  REQUIRE_FALSE(Game::create(c, s, g));
  CHECK(g.player_count() == 6);
  CHECK(kColourNames[5] == "pink");
  for (int p = 0; p < 6; ++p) CHECK(g.supply(p) == 8);
  s.players = parse_players("A, B, C, D, E, F, G");
  Game h;
  CHECK(Game::create(c, s, h));  // 7 seats: refused
}

TEST_CASE("inns and cathedrals: values in play, at the end, and with the module off", "[inns]") {
  SECTION("a completed road with an inn: 2 a tile; off: 1 a tile") {
    for (const int64_t on : {1, 0}) {
      Content c = test::default_content();
      ic_rule_set(c, "ic").rules.inns_cathedrals = on;
      Game g;
      REQUIRE_FALSE(Game::create(c, ic_setup("ic", {"IC15", "W", "W"}), g));
      ic_play(g, {"place IC15 1,0 r0", "meeple road:W", "place W 2,0 r0", "pass", "place W -1,0 r0", "pass"});
      CHECK(g.score(0) == (on ? 8 : 4));
    }
  }
  SECTION("the numbers are parameters: 5 a tile for an inn road") {
    Content c = test::default_content();
    ic_rule_set(c, "ic").rules.inn_road_tile_points = 5;
    Game g;
    REQUIRE_FALSE(Game::create(c, ic_setup("ic", {"IC15", "W", "W"}), g));
    ic_play(g, {"place IC15 1,0 r0", "meeple road:W", "place W 2,0 r0", "pass", "place W -1,0 r0", "pass"});
    CHECK(g.score(0) == 20);
  }
  SECTION("open features: an inn road and a cathedral city are worth their _final numbers (0) while open") {
    const Content& c = test::default_content();
    Game g;
    REQUIRE_FALSE(Game::create(c, ic_setup("ic", {"IC15", "IC01", "U"}), g));
    ic_play(g, {"place IC15 1,0 r0", "meeple road:W", "place IC01 0,1 r0", "meeple city:N", "place U -1,0 r0",
             "pass"});
    CHECK(g.feature_value(g.node_of(1, 0)) == 0);  // IC15's road (3 tiles, open)
    CHECK(g.feature_value(g.node_of(2, 0)) == 0);  // IC01's city (2 tiles, open)
    CHECK(g.feature_value(g.node_of(3, 0)) == 0);  // U's road: the same road, with the inn
    CHECK(g.feature_value(g.node_of(0, 0)) == 0);  // D's city: the cathedral city
  }
}

TEST_CASE("inns and cathedrals: a mark on a field is refused with its row and column", "[inns]") {
  Content c = test::default_content();
  const int i = c.find_tile("inns", "IC15");
  REQUIRE(i >= 0);
  TileType t = c.tiles[static_cast<size_t>(i)];
  t.segments[1].mark = true;  // a field
  std::vector<ContentError> errors;
  finalize_tile(t, c.terrains, errors);
  REQUIRE(errors.size() == 1);
  CHECK(errors[0].table == "tile_segment");
  CHECK(errors[0].row == "inns/IC15#1");
  CHECK(errors[0].column == "mark");
  CHECK(errors[0].message.find("field") != std::string::npos);
  // A mark makes rotations differ where it alone tells segments apart.
  TileType x = c.tiles[static_cast<size_t>(c.find_tile("inns", "IC05"))];  // roads E and W end between cities
  CHECK(same_by_symmetry(x, 0, 2));
  x.segments[2].mark = true;  // an inn on the east road only
  errors.clear();
  finalize_tile(x, c.terrains, errors);
  CHECK(errors.empty());
  CHECK_FALSE(same_by_symmetry(x, 0, 2));
}

TEST_CASE("inns and cathedrals: compositions: gcc with it loads, mists refuses it", "[inns]") {
  Content c = test::default_content();
  RuleSet& gcc = ic_rule_set(c, "gcc");
  gcc.rules.inns_cathedrals = 1;
  gcc.own_params.clear();
  for (const TileType& t : c.tiles)
    if (t.tile_set == "inns") gcc.pool.push_back({c.find_tile("inns", t.id), t.count});
  CHECK(validate_content(c).empty());
  GameSetup s;
  s.rule_set = "gcc";
  s.seed = 5;
  s.players = parse_players("bot:random, bot:random, bot:random");
  Game g;
  REQUIRE_FALSE(Game::create(c, s, g));
  CHECK(std::find(g.modules().begin(), g.modules().end(), "inns and cathedrals") != g.modules().end());
  auto bot = make_bot("random");
  Rng rng(5);
  while (!g.finished()) {
    g.apply_index(bot->choose(g, rng));
    REQUIRE(g.check_invariants().empty());
  }
  Content m = test::default_content();
  RuleSet& mists = ic_rule_set(m, "mists");
  mists.rules.inns_cathedrals = 1;
  mists.own_params.clear();
  const auto errors = validate_content(m);
  CHECK(std::any_of(errors.begin(), errors.end(), [](const ContentError& e) {
    return e.row.find("mists") != std::string::npos && e.message.find("inns_cathedrals") != std::string::npos;
  }));
}

TEST_CASE("inns and cathedrals: seeded bot games for 2 to 6 players end, keeping the invariants", "[inns]") {
  const Content& c = test::default_content();
  const std::vector<std::string> names = {"greedy", "random"};
  for (int players = 2; players <= 6; ++players) {
    INFO(players << " players");
    GameSetup s;
    s.rule_set = "ic";
    s.seed = static_cast<uint64_t>(100 + players);
    std::string list;
    for (int p = 0; p < players; ++p) list += (p ? ", bot:" : "bot:") + names[static_cast<size_t>(p % 2)];
    s.players = parse_players(list);
    Game g;
    REQUIRE_FALSE(Game::create(c, s, g));
    std::vector<std::unique_ptr<Bot>> bots;
    for (int p = 0; p < players; ++p) bots.push_back(make_bot(names[static_cast<size_t>(p % 2)]));
    Rng rng(s.seed);
    int plies = 0;
    while (!g.finished()) {
      g.apply_index(bots[static_cast<size_t>(g.pending().player)]->choose(g, rng));
      REQUIRE(g.check_invariants().empty());
      ++plies;
    }
    CHECK(plies >= 89);
    CHECK(g.score(0) > 0);
  }
}

TEST_CASE("inns and cathedrals: search plays it, and its record round-trips through TGN", "[inns]") {
  const Content& c = test::default_content();
  GameSetup s;
  s.rule_set = "ic";
  s.seed = 11;
  s.players = parse_players("bot:mcts:30, bot:greedy");
  Game g;
  REQUIRE_FALSE(Game::create(c, s, g));
  auto mcts = make_bot("mcts:30");
  auto greedy = make_bot("greedy");
  REQUIRE(mcts);
  Rng rng(11);
  const std::string text =
      test::play_recorded_round_trip(c, s, g, {mcts.get(), greedy.get()}, "bot:mcts:30, bot:greedy", rng);
  CHECK(text.find("place IC") != std::string::npos);
}
