// Issue 31: the replay layer is where stored decision text becomes options. A variation
// added from the engine's options (the editor, the analysis) is checked against the
// pending options along the line and stored as canonical text; read_line reads a stored
// line once into options, stopping at the first that is not legal.
#include <catch2/catch.hpp>

#include <algorithm>

#include "replay/log.h"
#include "replay/tree.h"
#include "support.h"

using namespace tw;
using namespace tw::replay;

TEST_CASE("a variation added as options is stored as their canonical text", "[issue31]") {
  const Content& c = test::default_content();
  Replay r = from_log(test::bot_log(31, 30));
  const NodePath at = NodePath::main(5);
  // The game before ply 5 and a line of options from it: another option, then the bot's.
  Game g = test::replayed(r.log, 4);
  const Option own = g.pending().options[0];
  Option first = own;
  for (const Option& o : g.pending().options)
    if (g.to_string(o) != r.mainline[4].decision) {
      first = o;
      break;
    }
  REQUIRE(g.to_string(first) != r.mainline[4].decision);
  std::vector<Option> line = {first};
  std::vector<std::string> texts = {g.to_string(first)};
  Game h = g;
  REQUIRE_FALSE(h.apply(first));
  for (int k = 0; k < 3 && !h.finished(); ++k) {
    const Option o = h.pending().options.back();
    line.push_back(o);
    texts.push_back(h.to_string(o));
    REQUIRE_FALSE(h.apply(o));
  }
  NodePath added;
  REQUIRE(add_variation_options(c, r, at, line, &added) == "");
  CHECK(added.to_string() == "5/0:1");
  const Node* n = find_node(r, at);
  REQUIRE(n->variations.size() == 1);
  std::vector<std::string> stored;
  for (const Node& m : n->variations[0]) stored.push_back(m.decision);
  CHECK(stored == texts);
  CHECK(check_variations(c, r) == "");

  // An option that is not pending at its place in the line is refused, naming the move,
  // and the replay is unchanged.
  const Replay before = r;
  std::vector<Option> bad = {first, first};  // the same placement twice: not legal after itself
  const std::string e = add_variation_options(c, r, at, bad, &added);
  CHECK(e.rfind("move 2 of the variation at 5, '", 0) == 0);
  CHECK(e.find("not an option of the pending decision") != std::string::npos);
  CHECK(r == before);
  CHECK(add_variation_options(c, r, at, {}) == "a variation needs at least one move");
}

TEST_CASE("read_line reads stored decisions into options up to the first illegal one", "[issue31]") {
  const GameLog log = test::bot_log(7, 20);
  Game g;
  REQUIRE_FALSE(Game::create(test::default_content(), log.setup(), g));
  std::vector<Option> out;
  CHECK(read_line(g, log.decisions, out) == "");
  REQUIRE(out.size() == log.decisions.size());
  // The options are the ones the text names: applying them gives the recorded states.
  Game h = g;
  for (size_t i = 0; i < out.size(); ++i) {
    CHECK(h.to_string(out[i]) == log.decisions[i]);
    REQUIRE_FALSE(h.apply(out[i]));
    CHECK(h.state_hash() == log.hashes[i + 1]);
  }
  // A broken move stops the reading there: the options before it are kept.
  std::vector<std::string> broken = log.decisions;
  broken[6] = "place Z 99,99 r0";
  CHECK_FALSE(read_line(g, broken, out).empty());
  CHECK(out.size() == 6);
}
