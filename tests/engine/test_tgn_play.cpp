// tgn::read_decision: the record layer reads a move's text as the pending Option it names
// (present/'s replay_record plays the Options it gives), with the record's view of a
// refusal: the ply, the source line, how many options were legal, a move after the end.
#include <catch2/catch.hpp>

#include <algorithm>

#include "engine/game.h"
#include "engine/tgn_play.h"
#include "fixtures.h"

using namespace tw;

namespace {

Game new_game(const std::string& rule_set, uint64_t seed) {
  GameSetup s;
  s.rule_set = rule_set;
  s.players = parse_players("Ann, Ben");
  s.seed = seed;
  Game g;
  REQUIRE_FALSE(Game::create(test::default_content(), s, g));
  return g;
}

tgn::Node node(std::string move, int line = 0) {
  tgn::Node n;
  n.move = std::move(move);
  n.line = line;
  return n;
}

}  // namespace

TEST_CASE("tgn::read_decision gives the pending option a move names", "[tgn]") {
  Game g = new_game("base", 3);
  for (int ply = 1; ply <= 6 && !g.finished(); ++ply) {
    const auto& opts = g.pending().options;
    const Option want = opts[static_cast<size_t>(ply) % opts.size()];
    std::string error;
    const auto o = tgn::read_decision(g, node(g.to_string(want), ply + 7), ply, error);
    REQUIRE(o);
    CHECK(*o == want);
    CHECK(error.empty());
    REQUIRE_FALSE(g.apply(*o));
  }
}

TEST_CASE("tgn::read_decision names the ply, the line and the legal count of an illegal move", "[tgn]") {
  const Game g = new_game("base", 3);
  const size_t legal = g.pending().options.size();
  std::string why;
  REQUIRE_FALSE(g.parse_option("pass", &why));
  REQUIRE_FALSE(why.empty());
  const std::string count =
      why.find("legal option") == std::string::npos ? " (" + std::to_string(legal) + " legal options)" : "";
  std::string error;
  CHECK_FALSE(tgn::read_decision(g, node("pass", 12), 4, error));
  CHECK(error == "ply 4 (line 12): illegal decision 'pass': " + why + count);
  // A node built in memory has no line.
  CHECK_FALSE(tgn::read_decision(g, node("pass"), 1, error));
  CHECK(error == "ply 1: illegal decision 'pass': " + why + count);
}

TEST_CASE("tgn::read_decision refuses a move after the end of the game", "[tgn]") {
  Game g = new_game("base", 5);
  while (!g.finished()) g.apply_index(0);
  std::string error;
  CHECK_FALSE(tgn::read_decision(g, node("pass", 3), 99, error));
  CHECK(error == "ply 99: 'pass' comes after the end of the game");
}
