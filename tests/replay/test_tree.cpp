// Annotations and variations: node paths, variations checked by the engine, promote and
// delete, and the flat rows the database keeps.
#include <catch2/catch.hpp>

#include "replay/tree.h"
#include "replay/verify.h"
#include "support.h"

using namespace tw;
using namespace tw::replay;

TEST_CASE("node paths read and write their one text form") {
  for (const char* key : {"1", "12", "12/0:3", "12/0:3/1:2", "140/10:1"}) {
    const auto p = NodePath::parse(key);
    REQUIRE(p.has_value());
    CHECK(p->to_string() == key);
  }
  const auto p = NodePath::parse("12/0:3/1:2");
  CHECK(p->ply == 12);
  CHECK(p->steps == std::vector<std::pair<int, int>>{{0, 3}, {1, 2}});
  CHECK(p->game_ply() == 12 + 2 + 1);
  CHECK(NodePath::parse("12/0:1")->game_ply() == 12);
  std::string deep = "1";
  for (int i = 0; i < kMaxDepth; ++i) deep += "/0:1";
  CHECK(NodePath::parse(deep).has_value());
  for (const std::string& bad : std::vector<std::string>{"", "0", "012", "-1", "12/", "12/0", "12/0:0", "12/-1:1", "a",
                                "12/0:3/", " 12", "12 ", "12/00:1", "12/0:01", "1234567890",
                                "12:0/1", "12//0:1", deep + "/0:1"})
    CHECK_FALSE(NodePath::parse(bad).has_value());
}

TEST_CASE("variations are played by the engine from their branch point") {
  const Content& c = test::default_content();
  Replay r = from_log(test::bot_log(31, 30));
  const NodePath at = NodePath::main(5);
  REQUIRE(r.mainline[4].decision.rfind("place ", 0) == 0);
  const std::string alt = test::other_option(r, at);
  NodePath added;
  CHECK(add_variation(c, r, at, test::line_from(r, at, alt, 4, 9), &added) == "");
  CHECK(added.to_string() == "5/0:1");
  CHECK(find_node(r, added)->decision == alt);
  CHECK(moves_to(r, NodePath::parse("5/0:2").value())->size() == 6);

  SECTION("an illegal move is named with its place, and nothing changes") {
    const Replay before = r;
    const std::string e = add_variation(c, r, at, {alt, "meeple road:Q"});
    CHECK(e.rfind("move 2 of the variation at 5, 'meeple road:Q', is illegal (game ply 6): ", 0) == 0);
    CHECK(add_variation(c, r, at, {"place Z 0,0 r0"}).rfind("move 1 of the variation at 5", 0) == 0);
    CHECK(add_variation(c, r, at, {r.mainline[4].decision}) ==
          "the variation's first move '" + r.mainline[4].decision +
              "' is the decision at 5 itself, not an alternative");
    CHECK(add_variation(c, r, NodePath::main(99), {"pass"}) == "no node 99 in this replay");
    CHECK(add_variation(c, r, at, {}) == "a variation needs at least one move");
    CHECK(r == before);
  }
  SECTION("moves are stored canonically, and variations nest") {
    const NodePath f = NodePath::parse("5/0:2").value();
    NodePath nested;
    std::string e = add_variation(c, r, f, {"pass"}, &nested);
    if (!e.empty()) e = add_variation(c, r, f, {test::other_option(r, f)}, &nested);
    REQUIRE(e.empty());
    CHECK(nested.to_string() == "5/0:2/0:1");
    CHECK(check_variations(c, r) == "");
    CHECK(check_tree(r) == "");
  }
  SECTION("other rules data is refused") {
    Content other = c;
    const_cast<RuleSet*>(other.find_rule_set("base"))->rules.road_tile_points = 5;
    CHECK(add_variation(other, r, at, {alt}).find("recorded with different rules data") !=
          std::string::npos);
  }
}

TEST_CASE("promoting a variation makes it the main line and recomputes the log") {
  const Content& c = test::default_content();
  Replay r = test::annotated_replay();
  const Replay original = r;
  const Node old_v0 = r.mainline[2].variations[0][0];
  const size_t v0_len = r.mainline[2].variations[0].size();
  NodePath moved;
  REQUIRE(promote(c, r, NodePath::parse("3/0:2").value(), &moved) == "");
  CHECK(moved.to_string() == "4");
  CHECK(r.mainline.size() == 2 + v0_len);
  CHECK(r.mainline[2].decision == old_v0.decision);
  CHECK(r.mainline[2].note == old_v0.note);
  // The old continuation is variation 0 now, the other alternative stays variation 1,
  // and the promoted node's own variations follow.
  REQUIRE(r.mainline[2].variations.size() == 2);
  CHECK(r.mainline[2].variations[0][0].decision == original.mainline[2].decision);
  CHECK(r.mainline[2].variations[0].size() == original.mainline.size() - 2);
  CHECK(r.mainline[2].variations[0][0].note == original.mainline[2].note);
  CHECK(r.mainline[2].variations[1] == original.mainline[2].variations[1]);
  // The log follows the new main line: decisions, hashes, result.
  CHECK(check_tree(r) == "");
  CHECK(check_variations(c, r) == "");
  CHECK(r.log.plies() == static_cast<int>(r.mainline.size()));
  CHECK(verify(c, r.log, "promoted").ok());
  CHECK_FALSE(r.log.finished);

  // Promoting the old line back restores the original main line.
  REQUIRE(promote(c, r, NodePath::parse("3/0:1").value()) == "");
  CHECK(r.log == original.log);
  CHECK(r.mainline.size() == original.mainline.size());

  CHECK(promote(c, r, NodePath::main(3)) == "3 is on the main line already");
  CHECK(promote(c, r, NodePath::parse("3/7:1").value()) == "no node 3/7:1 in this replay");
}

TEST_CASE("a nested variation is promoted to the main line step by step") {
  const Content& c = test::default_content();
  Replay r = test::annotated_replay();
  const NodePath nested = NodePath::parse("3/0:3/0:2").value();
  const std::vector<std::string> line = *moves_to(r, nested);
  NodePath moved;
  REQUIRE(promote_to_main(c, r, nested, &moved) == "");
  CHECK(moved.steps.empty());
  CHECK(moved.ply == static_cast<int>(line.size()));
  CHECK(*moves_to(r, moved) == line);
  CHECK(verify(c, r.log, "promoted").ok());
  CHECK(check_variations(c, r) == "");
}

TEST_CASE("deleting a variation removes it with everything inside") {
  Replay r = test::annotated_replay();
  REQUIRE(r.mainline[2].variations.size() == 2);
  const Line second = r.mainline[2].variations[1];
  CHECK(delete_variation(r, NodePath::parse("3/0:4").value()) == "");
  REQUIRE(r.mainline[2].variations.size() == 1);
  CHECK(r.mainline[2].variations[0] == second);
  CHECK(delete_variation(r, NodePath::main(3)) == "3 is on the main line, not in a variation");
  CHECK(delete_variation(r, NodePath::parse("3/5:1").value()) == "no node 3/5:1 in this replay");
  CHECK(check_tree(r) == "");
}

TEST_CASE("annotations: glyphs are checked, markers kept") {
  Replay r = from_log(test::bot_log(32, 10));
  CHECK(annotate(r, NodePath::main(2), {"c", "!!?", {}}) == "'!!?' is not a glyph; glyphs: ! ? !! ?? !? ?!");
  for (const char* g : {"", "!", "?", "!!", "??", "!?", "?!"}) CHECK(annotate(r, NodePath::main(2), {"c", g, {}}) == "");
  CHECK(annotate(r, NodePath::main(11), {}) == "no node 11 in this replay");
}

TEST_CASE("the flat rows rebuild the same tree, and bad rows are named") {
  const Replay r = test::annotated_replay();
  const FlatTree flat = flatten(r);
  CHECK(flat.variations.size() == 4);
  CHECK(flat.variations[0].node == "3");
  CHECK(flat.annotations.size() == 5);
  Replay back = from_log(r.log);
  back.pinned = r.pinned;
  FlatTree shuffled = flat;
  std::reverse(shuffled.variations.begin(), shuffled.variations.end());
  CHECK(unflatten(back, shuffled) == "");
  CHECK(back == r);

  FlatTree gap = flat;
  for (auto& v : gap.variations)
    if (v.node == "3" && v.index == 1) v.index = 2;
  CHECK(unflatten(back, gap) ==
        std::string("variation 2 at 3: expected index 1 (indices run 0, 1, ... without gaps)"));
  FlatTree nowhere = flat;
  nowhere.annotations[0].node = "3/9:1";
  CHECK(unflatten(back, nowhere) == std::string("annotation at 3/9:1: there is no such node"));
  FlatTree twice = flat;
  twice.annotations.push_back(twice.annotations[0]);
  CHECK(unflatten(back, twice).find("annotated twice") != std::string::npos);
  CHECK(back == r);  // failed rebuilds change nothing
}
