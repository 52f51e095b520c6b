// Level 6 as the uk book reads it (rule marker_colours_chosen): with fewer markers than
// colours the players choose the markers' colours at setup, before the first tile; the
// shipped reading (the first colours in play take them) stays the default.
#include <catch2/catch.hpp>

#include <algorithm>
#include <vector>

#include "engine/bots/bots.h"
#include "engine/game.h"
#include "engine/rules/score_markers.h"
#include "fixtures.h"

using namespace tw;

namespace {

// The default content with mists-6 playing 3 markers, and the rule set mists with the
// choice on or off.
const Content& variant(bool chosen) {
  static const Content on = [] {
    Content v = test::default_content();
    for (Level& l : v.levels)
      if (l.id == "mists-6") l.score_markers = 3;
    for (RuleSet& rs : v.rule_sets)
      if (rs.id == "mists") rs.rules.marker_colours_chosen = 1;
    return v;
  }();
  static const Content off = [] {
    Content v = test::default_content();
    for (Level& l : v.levels)
      if (l.id == "mists-6") l.score_markers = 3;
    return v;
  }();
  return chosen ? on : off;
}

GameSetup setup(int players, uint64_t seed) {
  GameSetup s;
  s.rule_set = "mists";
  s.level = "mists-6";
  s.seed = seed;
  for (int p = 0; p < players; ++p) s.players.push_back({"p" + std::to_string(p), ""});
  return s;
}

size_t option_of_colour(const Game& g, int colour) {
  const auto& opts = g.pending().options;
  for (size_t i = 0; i < opts.size(); ++i)
    if (opts[i].kind == OptKind::Marker && opts[i].colour == colour) return i;
  FAIL("no marker option for colour " << colour);
  return 0;
}

}  // namespace

TEST_CASE("marker colours: the shipped reading gives the markers to the first colours", "[engine][coop][markers]") {
  Game g;
  REQUIRE_FALSE(Game::create(variant(false), setup(2, 1), g));
  REQUIRE(g.pending().kind == DecisionKind::Place);
  REQUIRE(marker_colours(g).size() == 3);
  CHECK(marker_colours(g)[0] == 0);
  CHECK(marker_colours(g)[1] == 1);
  CHECK(marker_colours(g)[2] == 2);
}

TEST_CASE("marker colours: chosen at setup, seat by seat, before the first tile", "[engine][coop][markers]") {
  Game g;
  REQUIRE_FALSE(Game::create(variant(true), setup(2, 1), g));
  // Four colours in play (two each), three markers to place.
  REQUIRE(g.pending().kind == DecisionKind::Marker);
  REQUIRE(g.pending().options.size() == 4);
  CHECK(g.pending().player == 0);
  CHECK(marker_colours(g).empty());
  CHECK(progress(g) == 0);
  const uint64_t before = g.state_hash();
  g.apply_index(option_of_colour(g, 3));
  CHECK(g.state_hash() != before);
  REQUIRE(g.pending().kind == DecisionKind::Marker);
  CHECK(g.pending().options.size() == 3);
  CHECK(g.pending().player == 1);
  g.apply_index(option_of_colour(g, 1));
  REQUIRE(g.pending().kind == DecisionKind::Marker);
  CHECK(g.pending().options.size() == 2);
  g.apply_index(option_of_colour(g, 2));
  // The first tile goes to seat 0; the markers are the chosen colours, in choice order.
  REQUIRE(g.pending().kind == DecisionKind::Place);
  CHECK(g.pending().player == 0);
  REQUIRE(marker_colours(g).size() == 3);
  CHECK(marker_colours(g)[0] == 3);
  CHECK(marker_colours(g)[1] == 1);
  CHECK(marker_colours(g)[2] == 2);
  CHECK(g.check_invariants().empty());
  // A colour chosen twice is not legal.
  Game h;
  REQUIRE_FALSE(Game::create(variant(true), setup(2, 1), h));
  Option twice = h.pending().options[option_of_colour(h, 0)];
  REQUIRE_FALSE(h.apply(twice));
  CHECK(h.apply(twice).has_value());
}

TEST_CASE("marker colours: bots make the choice and play the game to its end", "[engine][coop][markers]") {
  for (const int players : {1, 2}) {
    for (uint64_t seed = 1; seed <= 3; ++seed) {
      Game a, b;
      REQUIRE_FALSE(Game::create(variant(true), setup(players, seed), a));
      REQUIRE_FALSE(Game::create(variant(true), setup(players, seed), b));
      auto bot = make_bot("coop");
      std::vector<Bot*> bots(static_cast<size_t>(players), bot.get());
      Rng ra(seed), rb(seed);
      play_out(a, bots, ra);
      play_out(b, bots, rb);
      INFO(players << " players, seed " << seed);
      CHECK(a.finished());
      CHECK(a.check_invariants().empty());
      CHECK(marker_colours(a).size() == 3);
      CHECK(a.state_hash() == b.state_hash());  // deterministic
    }
  }
}

TEST_CASE("marker colours: at 4 and 5 players the markers' followers come from the chosen colours only",
          "[engine][coop][markers]") {
  // Issue 59, item 4: the uk book takes three followers for the markers, one from each
  // chosen colour; an unchosen colour keeps all of its followers. (At 1-2 players the
  // markers come from the box: test above.)
  for (const int players : {4, 5}) {
    CAPTURE(players);
    const Content& c = variant(true);
    const Level* level = c.find_level("mists-6");
    REQUIRE(level);
    REQUIRE(level->marker_from_supply);
    const LevelFollowers* lf = level->followers_for(players);
    REQUIRE(lf);
    REQUIRE(lf->colours == 1);
    Game g;
    REQUIRE_FALSE(Game::create(c, setup(players, 2), g));
    REQUIRE(g.pending().kind == DecisionKind::Marker);
    for (int colour = 0; colour < players; ++colour) CHECK(g.colour_supply(colour) == lf->per_colour);
    const std::vector<int> chosen = {3, 0, 1};
    for (const int colour : chosen) {
      REQUIRE(g.pending().kind == DecisionKind::Marker);
      g.apply_index(option_of_colour(g, colour));
      CHECK(g.check_invariants().empty());
    }
    REQUIRE(g.pending().kind == DecisionKind::Place);
    size_t followers = 0;
    for (int colour = 0; colour < players; ++colour) {
      const bool took = std::find(chosen.begin(), chosen.end(), colour) != chosen.end();
      CHECK(g.colour_supply(colour) == lf->per_colour - (took ? 1 : 0));
      followers += static_cast<size_t>(g.colour_supply(colour));
    }
    CHECK(g.followers().size() == followers);
  }
}

TEST_CASE("marker colours: the shipped mists-6-uk chooses 3 colours and takes followers from them only",
          "[engine][coop][markers]") {
  // Issue 59, item 4: the Ukrainian reading shipped as its own level (rule set mists-uk)
  // beside the Slovak default mists-6. At 4 players one follower goes to each chosen
  // colour's marker and the unchosen colour keeps all of its followers; at 2 players the
  // markers come from the box and every colour keeps its followers.
  const Content& c = test::default_content();
  const Level* uk = c.find_level("mists-6-uk");
  REQUIRE(uk);
  CHECK(uk->rule_set == "mists-uk");
  CHECK(uk->score_markers == 3);
  const RuleSet* rs = c.find_rule_set("mists-uk");
  REQUIRE(rs);
  CHECK(rs->rules.marker_colours_chosen == 1);
  const Level* sk = c.find_level("mists-6");
  REQUIRE(sk);
  CHECK(sk->score_markers == 0);
  for (const int players : {2, 4}) {
    CAPTURE(players);
    const LevelFollowers* lf = uk->followers_for(players);
    REQUIRE(lf);
    GameSetup s = setup(players, 5);
    s.rule_set = "";
    s.level = "mists-6-uk";
    Game g;
    REQUIRE_FALSE(Game::create(c, s, g));
    REQUIRE(g.pending().kind == DecisionKind::Marker);
    const int colours = players * lf->colours;
    for (int colour = 0; colour < colours; ++colour) CHECK(g.colour_supply(colour) == lf->per_colour);
    const std::vector<int> chosen = {2, 0, 3};
    for (const int colour : chosen) {
      REQUIRE(g.pending().kind == DecisionKind::Marker);
      g.apply_index(option_of_colour(g, colour));
    }
    REQUIRE(g.pending().kind == DecisionKind::Place);
    REQUIRE(marker_colours(g).size() == 3);
    const bool from_supply = players >= rs->rules.marker_supply_players;
    for (int colour = 0; colour < colours; ++colour) {
      const bool took = from_supply && std::find(chosen.begin(), chosen.end(), colour) != chosen.end();
      INFO("colour " << colour);
      CHECK(g.colour_supply(colour) == lf->per_colour - (took ? 1 : 0));
    }
    if (players == 4) CHECK(g.colour_supply(1) == lf->per_colour);  // unchosen: all of its followers
    CHECK(g.check_invariants().empty());
  }
}
