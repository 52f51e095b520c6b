// Deterministic randomised tests of the TGN syntax layer: random records round-trip
// through write/parse, a loose rendering of a record reads back to the same record, and
// mutated text never breaks the reader.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdio>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/tgn.h"

using namespace tw::tgn;

namespace {

// splitmix64: a tiny RNG of our own so the tests are the same everywhere.
class RoundtripRng {
 public:
  explicit RoundtripRng(std::uint64_t seed) : s_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (s_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  int below(int n) { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }
  int between(int lo, int hi) { return lo + below(hi - lo + 1); }
  bool chance(int percent) { return below(100) < percent; }
  template <typename T>
  const T& pick(const std::vector<T>& v) {
    return v[static_cast<std::size_t>(below(static_cast<int>(v.size())))];
  }

 private:
  std::uint64_t s_;
};

const std::vector<std::string> kKinds = {"city",     "road",    "field",    "monastery", "castle",
                                         "cemetery", "lowland", "mountain", "water"};
const std::vector<std::string> kPorts = {"N",  "E",  "S",  "W",  "Nw", "Ne", "En",
                                         "Es", "Se", "Sw", "Ws", "Wn", "C"};
const std::vector<std::string> kColours = {"red", "green", "blue", "yellow", "black", "pink"};
const std::vector<std::string> kGlyphs = {"!", "?", "!!", "??", "!?", "?!"};
const std::vector<std::string> kRotations = {"r0", "r90", "r180", "r270"};

std::string coord(RoundtripRng& g) {
  return std::to_string(g.between(-15, 15)) + "," + std::to_string(g.between(-15, 15));
}
std::string location(RoundtripRng& g) { return g.pick(kKinds) + ":" + g.pick(kPorts); }
std::string tile(RoundtripRng& g) {
  const int k = g.below(4);
  if (k == 0) return "MS";
  if (k == 1) {
    const int n = g.between(1, 60);
    return std::string("M") + (n < 10 ? "0" : "") + std::to_string(n);
  }
  return std::string(1, static_cast<char>('A' + g.below(24)));
}

std::string place(RoundtripRng& g) { return "place " + tile(g) + " " + coord(g) + " " + g.pick(kRotations); }

// Any decision other than place, in its canonical text.
std::string other_decision(RoundtripRng& g) {
  switch (g.below(15)) {
    case 0:
      return "meeple " + location(g);
    case 1:
      return "meeple " + location(g) + " " + g.pick(kColours);
    case 2:
      return "guard " + location(g) + (g.chance(50) ? " " + g.pick(kColours) : "");
    case 3:
      return "pass";
    case 4:
      return "takeback " + coord(g) + " " + location(g);
    case 5:
      return "ghost " + coord(g) + " " + location(g);
    case 6:
      return "points";
    case 7:
      return "unghost " + coord(g);
    case 8:
      return "cemetery " + coord(g);
    case 9:
      return "bury " + coord(g) + " " + location(g);
    case 10:
      return "bury supply " + g.pick(kColours);
    case 11:
      return "dog " + coord(g) + " " + location(g);
    case 12:
      return "done";
    case 13:
      return "facedown " + coord(g);
    default:
      return "marker " + g.pick(kColours);
  }
}

// Comment text drawn from characters that matter to the syntax, plus UTF-8.
std::string text(RoundtripRng& g, int max_len) {
  static const std::vector<std::string> kBits = {
      "a", "b", "Z",  " ",  " ", "}",  "{",    "\\",       "(",  ")", "!", "?",
      "[", "]", "\"", "\n", ";", "1.", "pass", "\xC3\xA9", "\t", ":", ","};
  std::string s;
  const int n = g.between(1, max_len);
  for (int i = 0; i < n; ++i) s += g.pick(kBits);
  return s;
}

// A variation opens with a decision of the kind it replaces: a placement for a placement,
// another decision otherwise (as in any game; tgn::write's precondition).
std::vector<Node> line_of_play(RoundtripRng& g, int depth, bool opens_with_place);

bool is_place(const std::string& move) { return move.rfind("place ", 0) == 0; }

Node node(RoundtripRng& g, std::string move, int depth) {
  Node n;
  n.move = std::move(move);
  if (g.chance(20)) n.comment = text(g, 12);
  if (g.chance(20)) n.glyph = g.pick(kGlyphs);
  if (depth < 4 && g.chance(depth == 0 ? 15 : 8)) {
    const int count = g.between(1, 2);
    for (int i = 0; i < count; ++i)
      n.variations.push_back(line_of_play(g, depth + 1, is_place(n.move)));
  }
  return n;
}

std::vector<Node> line_of_play(RoundtripRng& g, int depth, bool opens_with_place) {
  std::vector<Node> out;
  if (depth > 0 && !opens_with_place) out.push_back(node(g, other_decision(g), depth));
  const int turns = depth == 0 ? g.between(0, 8) : g.between(opens_with_place ? 1 : 0, 3);
  for (int t = 0; t < turns; ++t) {
    out.push_back(node(g, place(g), depth));
    const int follow = g.between(0, 3);
    for (int i = 0; i < follow; ++i) out.push_back(node(g, other_decision(g), depth));
  }
  if (out.empty()) out.push_back(node(g, other_decision(g), depth));
  return out;
}

Record record(RoundtripRng& g) {
  Record r;
  std::vector<Tag> tags = {{"Format", "TGN 1"}, {"Ruleset", "gcc"}, {"Seed", "42"}};
  for (const char* name : {"Level", "Players", "Draw", "Date", "Result"})
    if (g.chance(50)) tags.push_back({name, text(g, 6)});
  for (Tag& t : tags)  // a Date is a day written YYYY-MM-DD (tgn::valid_date)
    if (t.name == "Date") {
      char day[16];
      std::snprintf(day, sizeof day, "%04d-%02d-%02d", g.between(1, 9999), g.between(1, 12), g.between(1, 28));
      t.value = day;
    }
  const std::vector<std::string> others = {"Event", "Site", "Round_2", "X1", "annotator"};
  for (const std::string& name : others)
    if (g.chance(30)) tags.push_back({name, text(g, 8)});
  for (Tag& t : tags) std::replace(t.value.begin(), t.value.end(), '\n', ' ');
  // Any order: the writer puts them in canonical order.
  for (std::size_t i = tags.size(); i > 1; --i)
    std::swap(tags[i - 1], tags[static_cast<std::size_t>(g.below(static_cast<int>(i)))]);
  r.tags = tags;
  if (g.chance(30)) r.pre_comment = text(g, 10);
  r.mainline = line_of_play(g, 0, true);
  return r;
}

void require_same_line(const std::vector<Node>& a, const std::vector<Node>& b) {
  REQUIRE(a.size() == b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    REQUIRE(a[i].move == b[i].move);
    REQUIRE(a[i].comment == b[i].comment);
    REQUIRE(a[i].glyph == b[i].glyph);
    REQUIRE(a[i].variations.size() == b[i].variations.size());
    for (std::size_t v = 0; v < a[i].variations.size(); ++v)
      require_same_line(a[i].variations[v], b[i].variations[v]);
  }
}

void require_same_tags(std::vector<Tag> a, std::vector<Tag> b) {
  const auto by_name = [](const Tag& x, const Tag& y) { return x.name < y.name; };
  std::sort(a.begin(), a.end(), by_name);
  std::sort(b.begin(), b.end(), by_name);
  REQUIRE(a == b);
}

// ---- A loose rendering: what a person or another program might write.

std::string escaped_comment(const std::string& c) {
  std::string s = "{";
  for (char ch : c) {
    if (ch == '}' || ch == '\\') s += '\\';
    s += ch;
  }
  return s + "}";
}

class Loose {
 public:
  explicit Loose(RoundtripRng& g) : g_(g), crlf_(g.chance(30)) {}

  std::string space() {
    static const std::vector<std::string> kSpaces = {" ", " ", "  ", "\n", "\t", " \n  ", "\n\n"};
    std::string s = g_.pick(kSpaces);
    if (crlf_) {
      std::string t;
      for (char c : s) t += c == '\n' ? std::string("\r\n") : std::string(1, c);
      s = t;
    }
    return s;
  }

  // A comment, maybe split at a line break into two comments.
  std::string comment(const std::string& c) {
    const auto nl = c.find('\n');
    if (nl != std::string::npos && nl > 0 && nl + 1 < c.size() && g_.chance(50))
      return escaped_comment(c.substr(0, nl)) + space() + escaped_comment(c.substr(nl + 1));
    return escaped_comment(c);
  }

  std::string line(const std::vector<Node>& nodes, bool variation) {
    std::string s;
    for (std::size_t i = 0; i < nodes.size(); ++i) {
      const Node& n = nodes[i];
      if (g_.chance(30))
        s += std::to_string(g_.between(1, 300)) + (g_.chance(50) ? "." : "...") +
             (g_.chance(30) ? "" : space());
      bool comment_done = false;
      if (variation && i == 0 && !n.comment.empty() && g_.chance(40)) {
        s = comment(n.comment) + space() + s;  // a comment before the first decision
        comment_done = true;
      }
      s += n.move;
      std::vector<int> parts;  // 0 comment, 1 glyph, 2+k variation k
      if (!n.comment.empty() && !comment_done) parts.push_back(0);
      if (!n.glyph.empty()) parts.push_back(1);
      for (std::size_t v = 0; v < n.variations.size(); ++v)
        parts.push_back(2 + static_cast<int>(v));
      // Variations keep their order; comment and glyph go anywhere among them.
      std::vector<int> order;
      for (int p : parts)
        if (p >= 2) order.push_back(p);
      for (int p : parts)
        if (p < 2) order.insert(order.begin() + g_.below(static_cast<int>(order.size()) + 1), p);
      for (std::size_t k = 0; k < order.size(); ++k) {
        const int p = order[k];
        const bool attach = p == 1 && k == 0 && g_.chance(50);  // "r90!"
        if (!attach) s += space();
        if (p == 0) s += comment(n.comment);
        if (p == 1) s += n.glyph;
        if (p >= 2)
          s += "(" + (g_.chance(50) ? space() : "") +
               line(n.variations[static_cast<std::size_t>(p - 2)], true) +
               (g_.chance(50) ? space() : "") + ")";
      }
      s += space();
    }
    return s;
  }

  std::string record(const Record& r) {
    std::string s = g_.chance(30) ? "\xEF\xBB\xBF" : "";
    for (const Tag& t : r.tags) {
      std::string v;
      for (char c : t.value) {
        if (c == '"' || c == '\\') v += '\\';
        v += c;
      }
      s += "[" + std::string(g_.chance(30) ? " " : "") + t.name + " \"" + v + "\"" +
           (g_.chance(30) ? "\t" : "") + "]" + space();
    }
    s += space();
    if (!r.pre_comment.empty()) s += comment(r.pre_comment) + space();
    return s + line(r.mainline, false);
  }

 private:
  RoundtripRng& g_;
  bool crlf_;
};

std::string errors_of(const ParseResult& r) {
  std::string s;
  for (const ParseError& e : r.errors) s += to_string(e) + "\n";
  return s;
}

}  // namespace

TEST_CASE("random records: write, parse, write is byte-identical") {
  RoundtripRng g(20261122);
  int variations = 0, comments = 0;
  for (int i = 0; i < 600; ++i) {
    const Record r = record(g);
    const std::string text = write(r);
    const ParseResult back = parse(text);
    INFO("record " << i << ":\n" << text << errors_of(back));
    REQUIRE(back.errors.empty());
    REQUIRE(back.record.has_value());
    require_same_tags(back.record->tags, r.tags);
    REQUIRE(back.record->pre_comment == r.pre_comment);
    require_same_line(back.record->mainline, r.mainline);
    REQUIRE(write(*back.record) == text);
    variations += text.find('(') != std::string::npos;
    comments += text.find("\\}") != std::string::npos;
  }
  // The generator really exercised the interesting parts.
  CHECK(variations > 100);
  CHECK(comments > 50);
}

TEST_CASE("random records: a loose rendering reads back to the same record") {
  RoundtripRng g(7);
  for (int i = 0; i < 600; ++i) {
    const Record r = record(g);
    Loose loose(g);
    const std::string text = loose.record(r);
    const ParseResult back = parse(text);
    INFO("record " << i << ":\n" << text << "\ncanonical:\n" << write(r) << errors_of(back));
    REQUIRE(back.errors.empty());
    require_same_line(back.record->mainline, r.mainline);
    REQUIRE(back.record->pre_comment == r.pre_comment);
    REQUIRE(write(*back.record) == write(r));
  }
}

TEST_CASE("mutated records never break the reader, and what it accepts is stable") {
  RoundtripRng g(99);
  static const std::string kBytes = "{}()[]!?\"\\ \n\r\t.,:-0123456789abcrpES\x01\xff\xc3";
  int accepted = 0;
  for (int i = 0; i < 3000; ++i) {
    std::string s = write(record(g));
    const int edits = g.between(1, 6);
    for (int e = 0; e < edits && !s.empty(); ++e) {
      const auto at = static_cast<std::size_t>(g.below(static_cast<int>(s.size())));
      switch (g.below(4)) {
        case 0:
          s.insert(at, 1,
                   kBytes[static_cast<std::size_t>(g.below(static_cast<int>(kBytes.size())))]);
          break;
        case 1:
          s.erase(at, static_cast<std::size_t>(g.between(1, 8)));
          break;
        case 2:
          s[at] = kBytes[static_cast<std::size_t>(g.below(static_cast<int>(kBytes.size())))];
          break;
        default:
          s.insert(at, s.substr(at, static_cast<std::size_t>(g.between(1, 30))));
          break;
      }
    }
    const ParseResult r = parse(s);
    REQUIRE(r.record.has_value() == r.errors.empty());
    REQUIRE(r.errors.size() <= kMaxErrors + 1);
    for (const ParseError& e : r.errors) {
      REQUIRE(e.line >= 1);
      REQUIRE(e.column >= 1);
      REQUIRE_FALSE(e.message.empty());
    }
    if (r.record) {
      ++accepted;
      const std::string once = write(*r.record);
      const ParseResult again = parse(once);
      INFO("input:\n" << s << "\nwritten:\n" << once << errors_of(again));
      REQUIRE(again.record.has_value());
      REQUIRE(write(*again.record) == once);
    }
  }
  CHECK(accepted > 100);  // some mutations are harmless (spaces, comment text)
}
