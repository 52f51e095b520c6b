// The TGN syntax layer: the NOTATION.md example, lax reading, option keywords,
// variations, comments, tags, and a table of malformed inputs with their messages.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "engine/tgn.h"

using namespace tw::tgn;

namespace {

// The record of NOTATION.md, byte for byte.
const std::string kExample =
    "[Format \"TGN 1\"]\n"
    "[Ruleset \"gcc\"]\n"
    "[Players \"Ann, Ben, bot:greedy\"]\n"
    "[Seed \"12345\"]\n"
    "[Draw \"U V E\"]\n"
    "[Date \"2026-11-22\"]\n"
    "[Result \"Ann 52, Ben 47, bot:greedy 30\"]\n"
    "\n"
    "1. place U 1,0 r90 meeple road:E\n"
    "2. place V 0,-1 r0 pass {opens the south} !\n"
    "3. place E 0,1 r180 ghost 1,0 road:E meeple city:S\n"
    "   (3. place E -1,0 r270 pass)\n";

// Minimal required tags, 4 lines: a body after it starts on line 5.
const std::string kHead = "[Format \"TGN 1\"]\n[Ruleset \"gcc\"]\n[Seed \"1\"]\n\n";

std::string all_errors(const ParseResult& r) {
  std::string s;
  for (const ParseError& e : r.errors) s += to_string(e) + "\n";
  return s;
}

Record parse_ok(const std::string& text) {
  ParseResult r = parse(text);
  INFO(all_errors(r));
  REQUIRE(r.errors.empty());
  REQUIRE(r.record.has_value());
  return *r.record;
}

std::vector<std::string> moves(const std::vector<Node>& line) {
  std::vector<std::string> out;
  for (const Node& n : line) out.push_back(n.move);
  return out;
}

}  // namespace

TEST_CASE("the NOTATION.md example reads into plies and writes back byte for byte") {
  const Record r = parse_ok(kExample);
  REQUIRE(r.tags.size() == 7);
  CHECK(*r.tag("Players") == "Ann, Ben, bot:greedy");
  CHECK(*r.tag("Result") == "Ann 52, Ben 47, bot:greedy 30");
  CHECK(r.tag("Level") == nullptr);
  CHECK(r.pre_comment.empty());
  CHECK(moves(r.mainline) == std::vector<std::string>{"place U 1,0 r90", "meeple road:E",
                                                      "place V 0,-1 r0", "pass", "place E 0,1 r180",
                                                      "ghost 1,0 road:E", "meeple city:S"});
  CHECK(r.mainline[3].comment == "opens the south");
  CHECK(r.mainline[3].glyph == "!");
  CHECK(r.mainline[2].glyph.empty());
  // The variation opens with a placement after "meeple city:S": it replaces the turn's
  // placement, "place E 0,1 r180" (the lead's reading of NOTATION.md's example).
  REQUIRE(r.mainline[4].variations.size() == 1);
  CHECK(moves(r.mainline[4].variations[0]) ==
        std::vector<std::string>{"place E -1,0 r270", "pass"});
  for (std::size_t i = 0; i < r.mainline.size(); ++i)
    if (i != 4) CHECK(r.mainline[i].variations.empty());
  // Source positions of the plies.
  CHECK(r.mainline[0].line == 9);
  CHECK(r.mainline[0].column == 4);
  CHECK(r.mainline[5].line == 11);
  CHECK(r.mainline[5].column == 21);
  CHECK(r.mainline[4].variations[0][1].line == 12);
  CHECK(r.mainline[4].variations[0][1].column == 26);

  CHECK(write(r) == kExample);
}

TEST_CASE("lax inputs produce the canonical text") {
  const std::string tags =
      "[Format \"TGN 1\"]\n[Ruleset \"gcc\"]\n[Players \"Ann, Ben, bot:greedy\"]\n"
      "[Seed \"12345\"]\n[Draw \"U V E\"]\n[Date \"2026-11-22\"]\n"
      "[Result \"Ann 52, Ben 47, bot:greedy 30\"]\n";
  std::string text;
  SECTION("no turn numbers, all on one line") {
    text = tags +
           "place U 1,0 r90 meeple road:E place V 0,-1 r0 pass {opens the south} ! place E "
           "0,1 r180 ghost 1,0 road:E meeple city:S (place E -1,0 r270 pass)";
  }
  SECTION("odd spacing, tabs, newlines between any tokens, no blank line") {
    text = tags +
           "  1.\tplace\nU   1,0\n\n r90 meeple\troad:E\n2... place V 0,-1 r0\n pass\n{opens "
           "the south}\n!\n   3.place E 0,1 r180 ghost 1,0 road:E meeple city:S (  3. place "
           "E -1,0 r270 pass  )  \n\n";
  }
  SECTION("CRLF line ends and a UTF-8 BOM") {
    text = "\xEF\xBB\xBF";
    for (char c : kExample) {
      if (c == '\n') text += '\r';
      text += c;
    }
  }
  SECTION("glyph attached, glyph before comment, turn numbers anywhere") {
    text = tags +
           "7. place U 1,0 r90 meeple road:E 99. place V 0,-1 r0 pass! {opens the south} 1. "
           "place E 0,1 r180 3. ghost 1,0 road:E meeple city:S (place E -1,0 r270 pass)";
  }
  SECTION("tags in another order, spaces inside brackets, leading zeros, -0") {
    text =
        "[Result \"Ann 52, Ben 47, bot:greedy 30\"]\n[ Seed   \"12345\" ]\n[Date "
        "\"2026-11-22\"][Draw \"U V E\"]\n[Players \"Ann, Ben, bot:greedy\"]\n[Ruleset "
        "\"gcc\"]\n[Format \"TGN 1\"]\n"
        "1. place U 01,-0 r90 meeple road:E 2. place V 0,-001 r0 pass {opens the south} !\n"
        "3. place E 0,1 r180 ghost 1,0 road:E meeple city:S\n(3. place E -1,0 r270 pass)\n";
  }
  CHECK(write(parse_ok(text)) == kExample);
}

TEST_CASE("one numbered line may hold several decisions") {
  const Record r = parse_ok(kHead + "3. place E 0,1 r180 ghost 1,0 road:E meeple city:S");
  CHECK(moves(r.mainline) ==
        std::vector<std::string>{"place E 0,1 r180", "ghost 1,0 road:E", "meeple city:S"});
  CHECK(r.mainline[2].column == 38);
  // Canonical numbering restarts at 1 and counts placements.
  CHECK(write(r) == kHead + "1. place E 0,1 r180 ghost 1,0 road:E meeple city:S\n");
}

TEST_CASE("every option keyword reads and writes") {
  struct Row {
    const char* in;
    const char* move;
  };
  const Row rows[] = {
      {"place U 1,0 r0", "place U 1,0 r0"},
      {"place M01 -3,-12 r90", "place M01 -3,-12 r90"},
      {"place MS 0,1 r180", "place MS 0,1 r180"},
      {"place X 10,0 r270", "place X 10,0 r270"},
      {"meeple road:E", "meeple road:E"},
      {"meeple field:Sw blue", "meeple field:Sw blue"},
      {"guard castle:C", "guard castle:C"},
      {"guard city:N pink", "guard city:N pink"},
      {"pass", "pass"},
      {"takeback -1,2 monastery:C", "takeback -1,2 monastery:C"},
      {"ghost 1,0 road:E", "ghost 1,0 road:E"},
      {"points", "points"},
      {"unghost 4,-4", "unghost 4,-4"},
      {"cemetery 0,-0", "cemetery 0,0"},
      {"bury 2,3 cemetery:Wn", "bury 2,3 cemetery:Wn"},
      {"bury supply yellow", "bury supply yellow"},
      {"dog 0,0 lowland:Ne", "dog 0,0 lowland:Ne"},
      {"done", "done"},
      {"facedown 007,1", "facedown 7,1"},
      {"marker black", "marker black"},
      {"meeple water:En green", "meeple water:En green"},
      {"meeple mountain:Es", "meeple mountain:Es"},
  };
  std::string body;
  std::vector<std::string> expected;
  for (const Row& row : rows) {
    const Record r = parse_ok(kHead + row.in + "\n");
    REQUIRE(r.mainline.size() == 1);
    CHECK(r.mainline[0].move == row.move);
    body += std::string(row.in) + " ";
    expected.push_back(row.move);
  }
  // All in one record: the splitter finds each decision, and the text round-trips.
  const Record all = parse_ok(kHead + body);
  CHECK(moves(all.mainline) == expected);
  const std::string canonical = write(all);
  CHECK(canonical.find("\n2. place M01 -3,-12 r90\n") != std::string::npos);
  CHECK(canonical.find("\n4. place X 10,0 r270 meeple road:E meeple field:Sw blue guard") !=
        std::string::npos);
  CHECK(write(parse_ok(canonical)) == canonical);
}

TEST_CASE("an optional colour is taken only when the next word is a colour") {
  const Record r = parse_ok(kHead + "place U 0,0 r0 meeple road:E red pass marker red");
  CHECK(moves(r.mainline) ==
        std::vector<std::string>{"place U 0,0 r0", "meeple road:E red", "pass", "marker red"});
}

TEST_CASE("nested variations, several per node, write canonically") {
  // Variations of a placement follow the whole turn; others follow their decision.
  const std::string canonical = kHead +
                                "1. place U 0,0 r0 pass\n"
                                "   (1. place U 0,0 r90 meeple road:E\n"
                                "    2. place V 1,0 r0 pass ?\n"
                                "      (2. place V 1,0 r180 pass)\n"
                                "      (2. place V -1,0 r0 pass {second}\n"
                                "         (2. place V -1,0 r90 pass)\n"
                                "      )\n"
                                "   )\n"
                                "   (1. place U 0,0 r180 pass)\n"
                                "2. place V 1,0 r0 meeple city:N\n"
                                "   (2. meeple road:S)\n"
                                "3. place E 2,0 r0 pass\n";
  const Record r = parse_ok(canonical);
  REQUIRE(moves(r.mainline).size() == 6);
  const auto& v = r.mainline[0].variations;
  REQUIRE(v.size() == 2);
  CHECK(moves(v[0]) ==
        std::vector<std::string>{"place U 0,0 r90", "meeple road:E", "place V 1,0 r0", "pass"});
  CHECK(v[0][3].glyph == "?");
  REQUIRE(v[0][2].variations.size() == 2);
  CHECK(v[0][2].variations[1][1].comment == "second");
  REQUIRE(v[0][2].variations[1][0].variations.size() == 1);
  CHECK(moves(v[0][2].variations[1][0].variations[0]) ==
        std::vector<std::string>{"place V -1,0 r90", "pass"});
  CHECK(moves(v[1]) == std::vector<std::string>{"place U 0,0 r180", "pass"});
  REQUIRE(r.mainline[3].variations.size() == 1);
  CHECK(moves(r.mainline[3].variations[0]) == std::vector<std::string>{"meeple road:S"});
  CHECK(write(r) == canonical);

  // The same record written loosely on one line.
  const std::string lax =
      kHead +
      "place U 0,0 r0 (place U 0,0 r90 meeple road:E place V 1,0 r0 (place V 1,0 r180 "
      "pass)(place V -1,0 r0 (place V -1,0 r90 pass) pass {second}) pass?) (place U 0,0 "
      "r180 pass) pass place V 1,0 r0 meeple city:N (meeple road:S) place E 2,0 r0 pass";
  CHECK(write(parse_ok(lax)) == canonical);
}

TEST_CASE("a variation whose last decision has variations closes on its own line") {
  const std::string canonical = kHead +
                                "1. place U 0,0 r0 pass\n"
                                "   (1. place U 0,0 r90 meeple road:E\n"
                                "      (1. pass)\n"
                                "   )\n";
  const Record r = parse_ok(canonical);
  REQUIRE(r.mainline[0].variations.size() == 1);
  REQUIRE(r.mainline[0].variations[0][1].variations.size() == 1);
  CHECK(moves(r.mainline[0].variations[0][1].variations[0]) == std::vector<std::string>{"pass"});
  CHECK(write(r) == canonical);
  CHECK(write(parse_ok(kHead + "place U 0,0 r0 (place U 0,0 r90 meeple road:E (pass)) pass")) ==
        canonical);
}

TEST_CASE("the NOTATION.md example's variation replaces place E 0,1 r180 and round-trips") {
  const Record r = parse_ok(kExample);
  const Node& place = r.mainline[4];
  CHECK(place.move == "place E 0,1 r180");
  REQUIRE(place.variations.size() == 1);
  CHECK(moves(place.variations[0]) == std::vector<std::string>{"place E -1,0 r270", "pass"});
  CHECK(r.mainline[6].move == "meeple city:S");
  CHECK(r.mainline[6].variations.empty());
  CHECK(write(r) == kExample);
  CHECK(write(parse_ok(write(r))) == kExample);

  // Built by hand on the placement, it is written exactly as the example lays it out.
  Record built = r;
  built.mainline[4].variations.clear();
  Node alt1, alt2;
  alt1.move = "place E -1,0 r270";
  alt2.move = "pass";
  built.mainline[4].variations.push_back({alt1, alt2});
  CHECK(write(built) == kExample);
}

TEST_CASE("which decision a variation replaces") {
  SECTION("a placement after a follower decision: the turn's placement") {
    const Record r = parse_ok(kHead + "place U 0,0 r0 meeple road:E (place U 0,0 r90 pass)");
    REQUIRE(r.mainline[0].variations.size() == 1);
    CHECK(r.mainline[1].variations.empty());
    CHECK(write(r) == kHead + "1. place U 0,0 r0 meeple road:E\n   (1. place U 0,0 r90 pass)\n");
  }
  SECTION("a non-placement after a follower decision: that decision") {
    const Record r = parse_ok(kHead + "place U 0,0 r0 meeple road:E (pass)");
    CHECK(r.mainline[0].variations.empty());
    REQUIRE(r.mainline[1].variations.size() == 1);
    CHECK(write(r) == kHead + "1. place U 0,0 r0 meeple road:E\n   (1. pass)\n");
  }
  SECTION("a placement right after a placement: that placement") {
    const Record r = parse_ok(kHead + "place U 0,0 r0 (place U 0,0 r90) pass");
    REQUIRE(r.mainline[0].variations.size() == 1);
    CHECK(write(r) == kHead + "1. place U 0,0 r0 pass\n   (1. place U 0,0 r90)\n");
  }
  SECTION("a placement with no placement before it in its line: the decision before") {
    const Record r = parse_ok(kHead + "pass (place U 0,0 r90) place V 1,0 r0");
    REQUIRE(r.mainline[0].variations.size() == 1);
    CHECK(write(parse_ok(write(r))) == write(r));
  }
  SECTION("inside a variation, the placement of that variation's turn") {
    const Record r = parse_ok(kHead +
                              "place U 0,0 r0 pass (place U 0,0 r90 meeple road:E (place U 0,0 "
                              "r180 pass)) place V 1,0 r0 pass");
    REQUIRE(r.mainline[0].variations.size() == 1);
    const auto& v = r.mainline[0].variations[0];
    REQUIRE(v[0].variations.size() == 1);
    CHECK(v[1].variations.empty());
    CHECK(write(r) == kHead +
                          "1. place U 0,0 r0 pass\n"
                          "   (1. place U 0,0 r90 meeple road:E\n"
                          "      (1. place U 0,0 r180 pass)\n"
                          "   )\n"
                          "2. place V 1,0 r0 pass\n");
  }
  SECTION("a turn whose follower decision has its own variation as well") {
    const std::string canonical = kHead +
                                  "1. place U 0,0 r0 meeple road:E\n"
                                  "   (1. pass)\n"
                                  "   (1. place U 0,0 r90 pass)\n"
                                  "2. place V 1,0 r0 pass\n";
    const Record r = parse_ok(canonical);
    REQUIRE(r.mainline[0].variations.size() == 1);
    REQUIRE(r.mainline[1].variations.size() == 1);
    CHECK(write(r) == canonical);
  }
}

TEST_CASE("comments: escapes, several joined, before the first move, spanning lines") {
  Record r;
  r.set_tag("Ruleset", "base");
  r.set_tag("Seed", "7");
  r.pre_comment = "a game\nfrom the club";
  Node n;
  n.move = "place D 0,1 r0";
  n.comment = "closing } brace and back\\slash \\} {open";
  n.glyph = "!?";
  r.mainline.push_back(n);
  const std::string text = write(r);
  CHECK(text ==
        "[Format \"TGN 1\"]\n[Ruleset \"base\"]\n[Seed \"7\"]\n\n"
        "{a game\nfrom the club}\n"
        "1. place D 0,1 r0 {closing \\} brace and back\\\\slash \\\\\\} {open} !?\n");
  const Record back = parse_ok(text);
  CHECK(back.pre_comment == r.pre_comment);
  REQUIRE(back.mainline.size() == 1);
  CHECK(back.mainline[0].comment == n.comment);
  CHECK(back.mainline[0].glyph == "!?");

  // Lax: several comments join with "\n"; an empty one adds nothing; a lone backslash
  // stays; CRLF inside a comment becomes "\n"; a comment before a variation's first
  // decision belongs to that decision.
  const Record lax = parse_ok(kHead +
                              "{one}{}{two} place U 0,0 r0 {a\\b}{c\r\nd} pass (  {why} "
                              "pass {not}) ");
  CHECK(lax.pre_comment == "one\ntwo");
  CHECK(lax.mainline[0].comment == "a\\b\nc\nd");
  CHECK(lax.mainline[1].variations[0][0].comment == "why\nnot");
}

TEST_CASE("tags: escapes, unknown tags in order, canonical order, set_tag") {
  const Record r = parse_ok(
      "[Zeta \"z\"]\n[Seed \"5\"]\n[Event \"say \\\"hi\\\" \\\\ there\"]\n"
      "[Format \"TGN 1\"]\n[Ruleset \"base\"]\n[Alpha \"a\\b\"]\n\npass\n");
  CHECK(*r.tag("Event") == "say \"hi\" \\ there");
  CHECK(*r.tag("Alpha") == "a\\b");  // an unknown escape is kept as written
  CHECK(write(r) ==
        "[Format \"TGN 1\"]\n[Ruleset \"base\"]\n[Seed \"5\"]\n[Zeta \"z\"]\n"
        "[Event \"say \\\"hi\\\" \\\\ there\"]\n[Alpha \"a\\\\b\"]\n\n1. pass\n");

  Record m;
  CHECK(m.tag("Seed") == nullptr);
  m.set_tag("Seed", "1");
  m.set_tag("Ruleset", "gcc");
  m.set_tag("Seed", "2");
  m.set_tag("Format", "TGN 9");  // the writer only writes TGN 1
  m.set_tag("Note", "two\nlines");
  REQUIRE(m.tags.size() == 4);
  CHECK(*m.tag("Seed") == "2");
  CHECK(write(m) ==
        "[Format \"TGN 1\"]\n[Ruleset \"gcc\"]\n[Seed \"2\"]\n[Note \"two lines\"]\n\n");
  CHECK(write(parse_ok(write(m))) == write(m));
}

TEST_CASE("malformed input: each error names its place and the problem") {
  struct Row {
    std::string text;
    int line, column;
    std::string message;  // a part of the message
  };
  const std::vector<Row> rows = {
      {kHead + "1. place U 1,0 r45", 5, 16,
       "expected a rotation r0|r90|r180|r270 after \"place U 1,0\", found \"r45\""},
      {kHead + "1. place U 1;0 r90", 5, 12,
       "expected a coordinate x,y after \"place U\", found \"1;0\""},
      {kHead + "takeback 1;0 road:E", 5, 10, "expected a coordinate x,y after \"takeback\""},
      {kHead + "place U 1,0,2 r0", 5, 9, "found \"1,0,2\""},
      {kHead + "place U 99999999999,0 r0", 5, 9, "out of range"},
      {kHead + "place pass", 5, 7, "expected a tile id (e.g. U, M01, MS) after \"place\""},
      {kHead + "place U 1,0", 5, 12,
       "expected a rotation r0|r90|r180|r270 after \"place U "
       "1,0\", found end of input"},
      {kHead + "place U 1,0 r90 jump 2,2", 5, 17,
       "expected a decision keyword (place, meeple, guard, pass, takeback, ghost, points, "
       "unghost, cemetery, bury, dog, done, facedown, marker, big), found \"jump\""},
      {kHead + "place U 1,0 r90 Pass", 5, 17, "found \"Pass\""},
      {kHead + "place U 1,0 r90 meeple road:Q", 5, 24,
       "unknown port \"Q\" in \"road:Q\" after \"meeple\""},
      {kHead + "meeple rood:E", 5, 8, "unknown location kind \"rood\" in \"rood:E\""},
      {kHead + "meeple road", 5, 8, "expected a location kind:port (e.g. road:E)"},
      {kHead + "dog 1,1 (", 5, 9,
       "expected a location kind:port (e.g. road:E) after "
       "\"dog 1,1\", found \"(\""},
      {kHead + "marker purple", 5, 8,
       "expected a colour red|green|blue|yellow|black|pink after \"marker\", found \"purple\""},
      {kHead + "bury supply", 5, 12,
       "expected a colour red|green|blue|yellow|black|pink after "
       "\"bury supply\", found end of input"},
      {kHead + "place U 1,0 2. place V", 5, 13, "found \"2.\""},
      {kHead + "place U 1,0 r90 {never closed\n pass", 5, 17,
       "unterminated comment: this '{' has no closing '}'"},
      {kHead + "place U 1,0 r90\n  (2. place V 0,1 r0 pass", 6, 3,
       "unterminated variation: this '(' has no matching ')'"},
      {kHead + "place U 1,0 r90 pass)", 5, 21, "unbalanced ')': no variation is open"},
      {kHead + "place U 1,0 r90 }", 5, 17, "unexpected \"}\": no comment is open"},
      {kHead + "place U 1,0 r90 ]", 5, 17, "unexpected \"]\": no tag is open"},
      // Control characters and bytes that are not UTF-8 are refused where they stand,
      // before the decisions are read (a record is UTF-8 text).
      {kHead + "place U 1,0 r90 \x01\xfe pass", 5, 17, "control character \"\\x01\""},
      {kHead + "place U 1,0 r90 \x01\xfe pass", 5, 18, "byte \"\\xfe\" is not UTF-8"},
      {kHead + "place U 1,0 r90 {caf\xc3\xa9 \x1b[2J}", 5, 23, "control character \"\\x1b\""},
      {"[Format \"TGN 1\"]\n[Ruleset \"gcc\"]\n[Players \"Ann\xff\xfe, bot:random\"]\n[Seed \"1\"]\n", 3, 14,
       "byte \"\\xff\" is not UTF-8"},
      {kHead + "place U 1,0 r90 ; a line comment", 5, 17, "found \";\""},
      {kHead + "place U 1,0 r90 !!!", 5, 17, "expected a glyph ! ? !! ?? !? ?!, found \"!!!\""},
      {kHead + "place U 1,0 r90 ! ?", 5, 19, "a decision has one glyph at most"},
      {kHead + "! place U 1,0 r90", 5, 1, "a glyph must follow a decision"},
      {kHead + "(place U 1,0 r90)", 5, 1, "a variation must follow the decision it replaces"},
      {kHead + "place U 1,0 r90 ( )", 5, 17, "empty variation"},
      {kHead + "place U 1,0 r90\n[Event \"late\"]", 6, 1,
       "tags must come before the first "
       "decision"},
      {kHead + "{h\xC3\xA9\xC3\xA9} place U 1,0 r45", 5, 19, "found \"r45\""},
      {"[Format \"TGN 1\"\n[Ruleset \"gcc\"]\n[Seed \"1\"]\n", 1, 16,
       "unterminated tag: expected ']' after [Format \"TGN 1\", found end of line"},
      {"[Format \"TGN 1]\n[Ruleset \"gcc\"]\n[Seed \"1\"]\n", 1, 9,
       "unterminated tag value: the value of [Format] has no closing '\"' on its line, "
       "found \"TGN 1]\""},
      {"[Format TGN]\n[Ruleset \"gcc\"]\n[Seed \"1\"]\n", 1, 9,
       "expected a quoted value after \"[Format\", found \"T\""},
      {"[ \"x\"]\n", 1, 3, "expected a tag name after '[', found \"\\\"\""},
      {"[Ruleset \"gcc\"]\n[Seed \"1\"]\n\nplace U 0,0 r0\n", 1, 1,
       "missing required tag [Format \"TGN 1\"]"},
      {"[Format \"TGN 1\"]\n[Seed \"1\"]\n", 1, 1, "missing required tag [Ruleset"},
      {"[Format \"TGN 1\"]\n[Ruleset \"x\"]\n", 1, 1, "missing required tag [Seed"},
      {"[Format \"PGN\"]\n[Ruleset \"x\"]\n[Seed \"1\"]\n", 1, 9,
       "this reader knows TGN 1 and TGN 2; the record says \"PGN\""},
      {kHead + "[Seed \"2\"]\n", 5, 1, "tag [Seed] appears twice"},
      {"[Seed \"1\"][Seed \"2\"]\n[Format \"TGN 1\"]\n[Ruleset \"x\"]\n", 1, 11,
       "tag [Seed] appears twice"},
  };
  for (const Row& row : rows) {
    INFO("input: " << row.text);
    const ParseResult r = parse(row.text);
    INFO(all_errors(r));
    CHECK_FALSE(r.record.has_value());
    REQUIRE_FALSE(r.errors.empty());
    bool found = false;
    for (const ParseError& e : r.errors)
      found = found || (e.line == row.line && e.column == row.column &&
                        e.message.find(row.message) != std::string::npos);
    CHECK(found);
  }
}

TEST_CASE("a record of another TGN version is refused with one clear error") {
  const ParseResult r =
      parse("[Format \"TGN 3\"]\n[Ruleset \"gcc\"]\n[Seed \"1\"]\n\n1. teleport 3 3 ~~\n");
  REQUIRE(r.errors.size() == 1);
  CHECK(to_string(r.errors[0]) ==
        "line 1, column 9: this reader knows TGN 1 and TGN 2; the record says TGN 3");
  CHECK_FALSE(r.record.has_value());
}

TEST_CASE("all errors are collected, resuming at the next decision keyword") {
  const ParseResult r = parse(kHead +
                              "1. place U 1,0 r45 meeple road:E\r\n"
                              "2. place V 1;0 r0 pass\r\n"
                              "3. frobnicate 1 2 3 place W 2,0 r90 meeple road:X\r\n");
  REQUIRE(r.errors.size() == 4);
  CHECK(to_string(r.errors[0]) ==
        "line 5, column 16: expected a rotation r0|r90|r180|r270 after \"place U 1,0\", "
        "found \"r45\"");
  CHECK(r.errors[1].line == 6);
  CHECK(r.errors[1].column == 12);
  CHECK(r.errors[2].line == 7);
  CHECK(r.errors[2].column == 4);
  CHECK(r.errors[2].message.find("\"frobnicate\"") != std::string::npos);
  CHECK(r.errors[3].line == 7);
  CHECK(r.errors[3].column == 44);
  CHECK_FALSE(r.record.has_value());
}

TEST_CASE("the error list is capped") {
  std::string body;
  for (int i = 0; i < 1000; ++i) body += "bad ! ";
  const ParseResult r = parse(kHead + body);
  REQUIRE(r.errors.size() == kMaxErrors + 1);
  CHECK(r.errors.back().message == "too many errors; stopped reading here");
}

TEST_CASE("variation nesting is capped without recursing past the cap") {
  const auto nested = [](int depth) {
    std::string s = kHead + "place U 0,0 r0";
    for (int i = 0; i < depth; ++i) s += " (place U 0,0 r0";
    s += std::string(static_cast<std::size_t>(depth), ')');
    return s;
  };
  const Record ok = parse_ok(nested(kMaxVariationDepth));
  const Node* n = &ok.mainline[0];
  int depth = 0;
  while (!n->variations.empty()) {
    n = &n->variations[0][0];
    ++depth;
  }
  CHECK(depth == kMaxVariationDepth);
  CHECK(write(parse_ok(write(ok))) == write(ok));

  const ParseResult deep = parse(nested(kMaxVariationDepth + 1));
  REQUIRE(deep.errors.size() == 1);
  CHECK(deep.errors[0].message.find("nest deeper than 64") != std::string::npos);
  CHECK(deep.errors[0].column == 16 * (kMaxVariationDepth + 1));

  // Far deeper, and unbalanced: still an error list, no crash.
  const ParseResult wild = parse(kHead + "pass" + std::string(200000, '('));
  CHECK_FALSE(wild.errors.empty());
  CHECK_FALSE(wild.record.has_value());
}

TEST_CASE("an empty body and an empty record write and read back") {
  const Record r = parse_ok(kHead);
  CHECK(r.mainline.empty());
  CHECK(write(r) == kHead);
  Record bare;
  CHECK(write(bare) == "[Format \"TGN 1\"]\n\n");
  CHECK_FALSE(parse(write(bare)).record.has_value());  // Ruleset and Seed are required
}

TEST_CASE("a Date tag is a day of the calendar written YYYY-MM-DD, refused at its line and column") {
  for (const char* ok : {"2026-11-22", "2024-02-29", "2000-02-29", "1999-12-31", "0001-01-01"}) {
    INFO(ok);
    CHECK(valid_date(ok));
    CHECK(parse_ok(kHead.substr(0, kHead.size() - 1) + "[Date \"" + ok + "\"]\n\n").tag("Date") != nullptr);
  }
  for (const char* bad : {"20r6-11-25", "2026-13-01", "2026-00-10", "2026-11-31", "2026-02-29", "1900-02-29",
                          "2026-11-1", "2026/11/22", "2026-11-22 ", "26-11-22", "", "\?\?\?\?-\?\?-\?\?", "2026-1a-22"}) {
    INFO(bad);
    CHECK(!valid_date(bad));
    const ParseResult r = parse(kHead.substr(0, kHead.size() - 1) + "[Date \"" + bad + "\"]\n\n");
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].line == 4);
    CHECK(r.errors[0].column == 7);
    CHECK(r.errors[0].message.find("is not a date written YYYY-MM-DD") != std::string::npos);
  }
}
