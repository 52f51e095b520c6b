// Engine behaviour on the shipped base content: legal-placement counts on hand-checked
// boards (our "perft"), and the random-game conformance test: invariants after every
// decision, conservation of tiles and followers, determinism, option round trips.
#include <catch2/catch.hpp>

#include "engine/bots.h"
#include "engine/game.h"
#include "fixtures.h"

using namespace tw;

namespace {

Game new_game(const std::vector<std::string>& draw, const std::string& rule_set = "base",
              uint64_t seed = 1, int players = 2) {
  GameSetup s;
  s.rule_set = rule_set;
  s.seed = seed;
  s.draw = draw;
  for (int p = 0; p < players; ++p) s.players.push_back({"P" + std::to_string(p + 1), ""});
  Game g;
  auto v = Game::create(test::default_content(), s, g);
  INFO((v ? v->message : std::string()));
  REQUIRE(!v);
  return g;
}

size_t count_kind(const Game& g, OptKind k) {
  size_t n = 0;
  for (const auto& o : g.pending().options) n += o.kind == k;
  return n;
}

void apply_ok(Game& g, const std::string& text) {
  auto v = g.apply(std::string_view(text));
  INFO(text << ": " << (v ? v->message : ""));
  REQUIRE(!v);
}

}  // namespace

TEST_CASE("legal placements next to the start tile", "[engine][perft]") {
  // Start tile D at 0,0: city N, road W-E, field S.
  SECTION("E (city on one edge): city must face the start's city, or lie south") {
    Game g = new_game({"E"});
    REQUIRE(g.pending().kind == DecisionKind::Place);
    // 0,1: only r180 (city south). 0,-1: any rotation with a field north: r90 r180 r270.
    // East and west need a road: none.
    CHECK(g.pending().options.size() == 4);
  }
  SECTION("U (straight road): east and west along the road, south with fields north") {
    Game g = new_game({"U"});
    CHECK(g.pending().options.size() == 6);
  }
  SECTION("C (all city): only north") {
    Game g = new_game({"C"});
    CHECK(g.pending().options.size() == 4);  // 4 rotations of a symmetric tile at 0,1
    for (const auto& o : g.pending().options) CHECK((o.x == 0 && o.y == 1));
  }
  SECTION("X (crossing): east and west in 4 rotations each") {
    Game g = new_game({"X"});
    CHECK(g.pending().options.size() == 8);
  }
  SECTION("B (monastery, fields all round): south only") {
    Game g = new_game({"B"});
    CHECK(g.pending().options.size() == 4);
  }
}

TEST_CASE("legal placements on a hand-checked three-tile board", "[engine][perft]") {
  // D at 0,0; U at 1,0 r0 (road W-E); then V (curve S-W).
  Game g = new_game({"U", "V"});
  apply_ok(g, "place U 1,0 r0");
  apply_ok(g, "pass");
  // Frontier: 0,1 (needs city S: none for V), -1,0 (needs road E: r180 r270),
  // 0,-1 (needs field N: r0 r270), 1,1 (needs field S: r90 r180),
  // 2,0 (needs road W: r0 r90), 1,-1 (needs field N: r0 r270).
  CHECK(g.pending().options.size() == 10);
  CHECK(g.pending().tile == test::default_content().find_tile("base", "V"));
}

TEST_CASE("follower options: pass always, one per free segment, fields too", "[engine]") {
  Game g = new_game({"U"});
  apply_ok(g, "place U 1,0 r0");
  // U has a road and two fields; the road joins the start tile's empty road.
  CHECK(g.pending().kind == DecisionKind::Follower);
  CHECK(count_kind(g, OptKind::Pass) == 1);
  CHECK(count_kind(g, OptKind::Meeple) == 3);
  std::vector<std::string> names;
  for (const auto& o : g.pending().options) names.push_back(g.to_string(o));
  CHECK(names == std::vector<std::string>{"pass", "meeple road:E", "meeple field:Nw", "meeple field:Es"});
}

TEST_CASE("any port of a segment names it; canonical text is written back", "[engine]") {
  Game g = new_game({"U"});
  apply_ok(g, "place U 1,0 r0");
  std::string why;
  auto o = g.parse_option("meeple road:W", &why);
  REQUIRE(o);
  CHECK(g.to_string(*o) == "meeple road:E");
  auto f = g.parse_option("meeple field:Ne", &why);
  REQUIRE(f);
  CHECK(g.to_string(*f) == "meeple field:Nw");
  CHECK_FALSE(g.parse_option("meeple city:N", &why));
  CHECK(why.find("has no city:N") != std::string::npos);
  CHECK_FALSE(g.parse_option("meeple road:Q", &why));
  CHECK_FALSE(g.parse_option("place U 1,0 r0", &why));
  CHECK(why.find("asks for a follower decision") != std::string::npos);
}

TEST_CASE("a full follower supply: only pass is legal", "[engine]") {
  GameSetup s;
  s.rule_set = "base";
  s.seed = 7;
  s.players = {{"A", ""}, {"B", ""}};
  Game g;
  REQUIRE(!Game::create(test::default_content(), s, g));
  // Each player places a follower whenever one is offered, on a feature that stays open.
  int guard = 0;
  while (!g.finished() && g.supply(0) > 0 && ++guard < 400) {
    const auto& opts = g.pending().options;
    size_t pick = 0;
    if (g.pending().kind == DecisionKind::Follower)
      for (size_t i = 0; i < opts.size(); ++i)
        if (opts[i].kind == OptKind::Meeple) pick = i;
    g.apply_index(pick);
  }
  REQUIRE(g.check_invariants().empty());
}

TEST_CASE("setup errors are values", "[engine]") {
  GameSetup s;
  s.rule_set = "base";
  s.players = {{"A", ""}};
  Game g;
  auto v = Game::create(test::default_content(), s, g);
  REQUIRE(v);
  CHECK(v->message.find("seats 2 to 5 players, not 1") != std::string::npos);
  s.players = {{"A", ""}, {"B", ""}};
  s.draw = {"Z"};
  v = Game::create(test::default_content(), s, g);
  REQUIRE(v);
  CHECK(v->message.find("tile 'Z'") != std::string::npos);
  s.draw = {"C", "C"};  // the base set has one C
  v = Game::create(test::default_content(), s, g);
  REQUIRE(v);
  CHECK(v->message.find("more often") != std::string::npos);
  s.draw = {};
  s.rule_set = "nosuch";
  v = Game::create(test::default_content(), s, g);
  REQUIRE(v);
  CHECK(v->message.find("unknown rule set 'nosuch'") != std::string::npos);
}

TEST_CASE("10,000 random games keep every invariant", "[engine][random]") {
  const Content& c = test::default_content();
  const RuleSet& rs = *c.find_rule_set("base");
  int pool = 0;
  for (const auto& e : rs.pool) pool += e.count;
  auto bot = make_bot("random");
  Rng pick(12345);
  for (int i = 0; i < 10000; ++i) {
    const int players = 2 + i % 4;
    GameSetup s;
    s.rule_set = "base";
    s.seed = static_cast<uint64_t>(i) * 7919 + 1;
    for (int p = 0; p < players; ++p) s.players.push_back({"bot:random", "random"});
    Game g;
    REQUIRE(!Game::create(c, s, g));
    Rng rng(s.seed);
    std::vector<int64_t> last(static_cast<size_t>(players), 0);
    int discarded = 0;
    while (!g.finished()) {
      const auto& opts = g.pending().options;
      REQUIRE(!opts.empty());
      const size_t k = static_cast<size_t>(rng.below(opts.size()));
      // Round trip: the chosen option and one other through their text.
      for (size_t idx : {k, static_cast<size_t>(pick.below(opts.size()))}) {
        const std::string text = g.to_string(opts[idx]);
        auto back = g.parse_option(text);
        if (!back || !(*back == opts[idx])) FAIL("option does not round-trip: " << text);
      }
      g.apply_index(k);
      for (const auto& e : g.events()) discarded += e.kind == EventKind::TileDiscarded;
      for (int p = 0; p < players; ++p) {
        if (g.score(p) < last[static_cast<size_t>(p)]) FAIL("a base score went down");
        last[static_cast<size_t>(p)] = g.score(p);
      }
      if (g.ply() % 16 == 0 || g.finished()) {
        const std::string broken = g.check_invariants();
        if (!broken.empty()) FAIL("game " << i << " ply " << g.ply() << ": " << broken);
      }
    }
    // Tiles: the start tile + every pile tile either placed or discarded.
    if (static_cast<int>(g.placed().size()) + discarded != 1 + pool)
      FAIL("game " << i << ": " << g.placed().size() << " placed + " << discarded << " discarded != " << 1 + pool);
    CHECK(g.tiles_left() == 0);
  }
}

TEST_CASE("the same seed gives the same game; another seed another", "[engine][determinism]") {
  const Content& c = test::default_content();
  auto play = [&](uint64_t seed, const char* bot_name) {
    GameSetup s;
    s.rule_set = "base";
    s.seed = seed;
    s.players = {{"a", bot_name}, {"b", bot_name}, {"c", bot_name}};
    Game g;
    REQUIRE(!Game::create(c, s, g));
    auto bot = make_bot(bot_name);
    std::vector<Bot*> bots(3, bot.get());
    Rng rng(seed);
    std::vector<uint64_t> hashes;
    while (!g.finished()) {
      g.apply_index(bot->choose(g, rng));
      hashes.push_back(g.state_hash());
    }
    return hashes;
  };
  for (const char* b : {"random", "greedy"}) {
    const auto a1 = play(42, b), a2 = play(42, b), other = play(43, b);
    CHECK(a1 == a2);
    CHECK(a1 != other);
  }
}

TEST_CASE("the pile order is fixed by the seed on every compiler", "[engine][determinism]") {
  // A golden value: the first tiles of the base pile for seed 12345. If this changes,
  // every recorded game changes: that needs a new format version, not a new number here.
  Game g = new_game({}, "base", 12345);
  std::string first;
  for (int i = 0; i < 6 && !g.finished(); ++i) {
    first += test::default_content().tiles[static_cast<size_t>(g.pending().tile)].id;
    g.apply_index(0);
    g.apply_index(0);
  }
  CHECK(first == "LDVKFK");
  CHECK(Rng(1).next() == 0xb3f2af6d0fc710c5ULL);
}

TEST_CASE("greedy beats random", "[engine][bots]") {
  const Content& c = test::default_content();
  auto greedy = make_bot("greedy");
  auto random = make_bot("random");
  int greedy_wins = 0;
  const int games = 40;
  for (int i = 0; i < games; ++i) {
    GameSetup s;
    s.rule_set = "base";
    s.seed = static_cast<uint64_t>(i) + 100;
    s.players = {{"g", "greedy"}, {"r", "random"}};
    Game g;
    REQUIRE(!Game::create(c, s, g));
    Rng rng(s.seed);
    std::vector<Bot*> bots = {greedy.get(), random.get()};
    play_out(g, bots, rng);
    greedy_wins += g.score(0) > g.score(1);
  }
  CHECK(greedy_wins >= games * 3 / 4);
}
