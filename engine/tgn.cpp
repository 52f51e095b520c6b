#include "engine/tgn.h"

#include "engine/content.h"
#include "engine/rules/registry.h"
#include "engine/text.h"

#include <algorithm>
#include <array>
#include <utility>

namespace tw::tgn {
namespace {

// The decision keywords and the location kinds come from the rule modules' tables
// (engine/rules/registry.h: option_verbs) and from the feature kinds (location_kind_names).
constexpr std::array<std::string_view, 13> kPorts = {"N",  "E",  "S",  "W",  "Nw", "Ne", "En",
                                                     "Es", "Se", "Sw", "Ws", "Wn", "C"};
constexpr std::array<std::string_view, 6> kColours = {"red",    "green", "blue",
                                                      "yellow", "black", "pink"};
constexpr std::array<std::string_view, 6> kGlyphs = {"!", "?", "!!", "??", "!?", "?!"};
// Canonical tag order on writing; other tags follow in their own order.
constexpr std::array<std::string_view, 8> kTagOrder = {"Format", "Ruleset", "Level", "Players",
                                                       "Seed",   "Draw",    "Date",  "Result"};

template <std::size_t N>
bool one_of(std::string_view s, const std::array<std::string_view, N>& set) {
  return std::find(set.begin(), set.end(), s) != set.end();
}

template <class Set>
std::string joined(const Set& set, std::string_view sep) {
  std::string out;
  for (std::string_view s : set) {
    if (!out.empty()) out += sep;
    out += s;
  }
  return out;
}

bool is_keyword(std::string_view s) {
  const auto& verbs = option_verbs();
  return std::find(verbs.begin(), verbs.end(), s) != verbs.end();
}
bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}
bool is_special(char c) {
  return c == '{' || c == '}' || c == '(' || c == ')' || c == '[' || c == ']' || c == '!' ||
         c == '?';
}
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_alnum(char c) { return is_digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// Text quoted for a message: printable ASCII as is (\" and \\ escaped), other bytes as
// \xNN, cut at 40 bytes.
std::string quote(std::string_view s) {
  constexpr std::size_t kMax = 40;
  std::string out = "\"";
  for (std::size_t i = 0; i < s.size() && i < kMax; ++i) {
    const auto b = static_cast<unsigned char>(s[i]);
    if (b < 0x20 || b >= 0x7f) {
      constexpr char kHex[] = "0123456789abcdef";
      out += "\\x";
      out += kHex[b >> 4];
      out += kHex[b & 15];
    } else {
      if (s[i] == '"' || s[i] == '\\') out += '\\';
      out += s[i];
    }
  }
  if (s.size() > kMax) out += "...";
  out += '"';
  return out;
}

// ---------------------------------------------------------------------------------------
// Lexer: characters to tokens, tracking line and column.

enum class Tok {
  End,         // end of input
  Word,        // a run of characters that are neither space nor special
  Number,      // a turn number "12." / "12..." (also the prefix of "12.place")
  Glyph,       // a run of ! and ?
  Comment,     // {...}; text holds the unescaped content
  BadComment,  // { without its }
  Open,        // (
  Close,       // )
  TagOpen,     // [ ... ] in the body, up to ] or the end of the line
  Stray,       // } or ] with nothing to close
};

struct Token {
  Tok kind = Tok::End;
  std::string_view raw;
  std::string text;
  int line = 1, column = 1;
};

std::string describe(const Token& t) {
  switch (t.kind) {
    case Tok::End:
      return "end of input";
    case Tok::Comment:
    case Tok::BadComment:
      return "a comment";
    case Tok::TagOpen:
      return "a tag";
    default:
      return quote(t.raw);
  }
}

class Lexer {
 public:
  explicit Lexer(std::string_view s) : s_(s) {}

  bool at_end() const { return pos_ >= s_.size(); }
  char peek_char(std::size_t ahead = 0) const {
    return pos_ + ahead < s_.size() ? s_[pos_ + ahead] : '\0';
  }
  std::size_t pos() const { return pos_; }
  int line() const { return line_; }
  int column() const { return column_; }
  std::string_view slice(std::size_t from) const { return s_.substr(from, pos_ - from); }

  void advance() {
    if (at_end()) return;
    const char c = s_[pos_++];
    if (c == '\n') {
      ++line_;
      column_ = 1;
    } else if ((static_cast<unsigned char>(c) & 0xc0) != 0x80) {
      ++column_;  // a UTF-8 continuation byte belongs to the previous column
    }
  }
  void skip_bytes(std::size_t n) { pos_ += std::min(n, s_.size() - pos_); }  // no column
  void skip_space() {
    while (!at_end() && is_space(s_[pos_])) advance();
  }
  void skip_blanks() {  // spaces and tabs only, inside a tag
    while (peek_char() == ' ' || peek_char() == '\t') advance();
  }
  void skip_to_line_end() {
    while (!at_end() && s_[pos_] != '\n') advance();
  }

  const Token& peek() {
    if (!has_token_) {
      token_ = lex();
      has_token_ = true;
    }
    return token_;
  }
  Token next() {
    peek();
    has_token_ = false;
    return std::move(token_);
  }

 private:
  Token lex() {
    skip_space();
    Token t;
    t.line = line_;
    t.column = column_;
    const std::size_t start = pos_;
    if (at_end()) return t;
    const char c = s_[pos_];
    switch (c) {
      case '{':
        lex_comment(t);
        break;
      case '(':
        t.kind = Tok::Open;
        advance();
        break;
      case ')':
        t.kind = Tok::Close;
        advance();
        break;
      case '}':
      case ']':
        t.kind = Tok::Stray;
        advance();
        break;
      case '[':
        t.kind = Tok::TagOpen;
        while (!at_end() && s_[pos_] != '\n' && s_[pos_] != ']') advance();
        if (peek_char() == ']') advance();
        break;
      case '!':
      case '?':
        t.kind = Tok::Glyph;
        while (peek_char() == '!' || peek_char() == '?') advance();
        break;
      default: {
        std::size_t j = pos_;
        while (j < s_.size() && is_digit(s_[j])) ++j;
        if (j > pos_ && j < s_.size() && s_[j] == '.') {
          t.kind = Tok::Number;
          while (peek_char() != '.') advance();
          while (peek_char() == '.') advance();
        } else {
          t.kind = Tok::Word;
          while (!at_end() && !is_space(s_[pos_]) && !is_special(s_[pos_])) advance();
        }
      }
    }
    t.raw = slice(start);
    return t;
  }

  void lex_comment(Token& t) {
    advance();  // {
    while (!at_end()) {
      const char c = s_[pos_];
      if (c == '}') {
        advance();
        t.kind = Tok::Comment;
        return;
      }
      const char d = peek_char(1);
      if (c == '\\' && (d == '}' || d == '\\')) {
        t.text += d;
        advance();
        advance();
      } else if (c == '\r') {
        if (d != '\n') t.text += '\n';  // CRLF and a lone CR both become "\n"
        advance();
      } else {
        t.text += c;
        advance();
      }
    }
    t.kind = Tok::BadComment;
  }

  std::string_view s_;
  std::size_t pos_ = 0;
  int line_ = 1, column_ = 1;
  Token token_;
  bool has_token_ = false;
};

// ---------------------------------------------------------------------------------------
// Arguments of a decision.

enum class Arg { Tile, Coord, Rotation, Location, Colour, Count };

std::string expected(Arg a) {
  switch (a) {
    case Arg::Tile:
      return "a tile id (e.g. U, M01, MS)";
    case Arg::Coord:
      return "a coordinate x,y";
    case Arg::Rotation:
      return "a rotation r0|r90|r180|r270";
    case Arg::Location:
      return "a location kind:port (e.g. road:E)";
    case Arg::Colour:
      return "a colour " + joined(kColours, "|");
    case Arg::Count:
      return "a number";
  }
  return {};
}

// A decimal integer with an optional '-', normalised; nullopt if malformed or too long.
std::optional<std::string> normal_integer(std::string_view s) {
  const bool negative = !s.empty() && s[0] == '-';
  if (negative) s.remove_prefix(1);
  if (s.empty() || !std::all_of(s.begin(), s.end(), is_digit)) return std::nullopt;
  while (s.size() > 1 && s[0] == '0') s.remove_prefix(1);
  if (s.size() > 9) return std::nullopt;  // stays well inside int
  std::string out = (negative && s != "0") ? "-" : "";
  out += s;
  return out;
}

// Checks one argument's shape. Returns its normalised text, or sets `problem` (a whole
// message) when something more precise than "expected X, found Y" can be said.
std::optional<std::string> check_arg(Arg a, std::string_view w, std::string_view after,
                                     std::string& problem) {
  switch (a) {
    case Arg::Tile: {
      const bool ok = !w.empty() && !is_keyword(w) && std::all_of(w.begin(), w.end(), [](char c) {
        return is_alnum(c) || c == '_' || c == '-';
      });
      if (ok) return std::string(w);
      return std::nullopt;
    }
    case Arg::Coord: {
      // The cell grammar's split (engine/text.h); the parts are checked and normalised
      // here, since a record may hold any number of digits ("007", a 12-digit number).
      std::string_view xs, ys;
      if (!text::split_cell(w, xs, ys)) return std::nullopt;
      auto x = normal_integer(xs);
      auto y = normal_integer(ys);
      if (!x || !y) {
        const auto digits = [](std::string_view s) {
          if (!s.empty() && s[0] == '-') s.remove_prefix(1);
          return !s.empty() && std::all_of(s.begin(), s.end(), is_digit);
        };
        if (digits(xs) && digits(ys))
          problem = "coordinate " + quote(w) + " after " + quote(after) +
                    " is out of range (at most 9 digits)";
        return std::nullopt;
      }
      return *x + "," + *y;
    }
    case Arg::Rotation:
      if (w == "r0" || w == "r90" || w == "r180" || w == "r270") return std::string(w);
      return std::nullopt;
    case Arg::Location: {
      const auto colon = w.find(':');
      if (colon == std::string_view::npos || colon == 0 || colon + 1 == w.size())
        return std::nullopt;
      const std::string_view kind = w.substr(0, colon), port = w.substr(colon + 1);
      const auto& kinds = location_kind_names();
      if (std::find(kinds.begin(), kinds.end(), kind) == kinds.end()) {
        problem = "unknown location kind " + quote(kind) + " in " + quote(w) + " after " +
                  quote(after) + "; kinds: " + joined(kinds, " ");
        return std::nullopt;
      }
      if (!one_of(port, kPorts)) {
        problem = "unknown port " + quote(port) + " in " + quote(w) + " after " + quote(after) +
                  "; ports: " + joined(kPorts, " ");
        return std::nullopt;
      }
      return std::string(w);
    }
    case Arg::Colour:
      if (one_of(w, kColours)) return std::string(w);
      return std::nullopt;
    case Arg::Count:
      if (std::all_of(w.begin(), w.end(), is_digit)) return normal_integer(w);
      return std::nullopt;
  }
  return std::nullopt;
}

// Whether a decision is a tile placement (the first decision of a turn).
bool is_place(const Node& n) {
  return n.move.rfind("place", 0) == 0 && (n.move.size() == 5 || n.move[5] == ' ');
}

// ---------------------------------------------------------------------------------------
// Parser.

class Parser {
 public:
  // Where a tag's value starts.
  struct Position {
    int line, column;
  };

  Parser(Lexer& lx, std::vector<ParseError>& errors) : lx_(lx), errors_(errors) {}

  // Parallel to Record::tags.
  const std::vector<Position>& tag_positions() const { return positions_; }

  void error(int line, int column, std::string message) {
    if (stopped_) return;
    if (errors_.size() >= kMaxErrors) {
      errors_.push_back({line, column, "too many errors; stopped reading here"});
      stopped_ = true;
      return;
    }
    errors_.push_back({line, column, std::move(message)});
  }

  // Reads the optional header: tags, each [Name "value"].
  void tags(Record& r) {
    if (lx_.peek_char() == '\xef' && lx_.peek_char(1) == '\xbb' && lx_.peek_char(2) == '\xbf')
      lx_.skip_bytes(3);  // UTF-8 BOM
    for (;;) {
      lx_.skip_space();
      if (stopped_) return;
      if (lx_.peek_char() == '%' && lx_.column() == 1) {
        escape_line(r);
        continue;
      }
      if (lx_.peek_char() != '[') return;
      tag(r);
    }
  }

  // Whether the header had a line starting with '%' (TGN 2 only), and where the first was.
  bool saw_escape() const { return escape_line_ > 0; }
  int escape_line() const { return escape_line_; }

  // A line starting with '%' in column 1: "%rules TEXT" adds TEXT to the embedded pack;
  // any other escape line is skipped.
  void escape_line(Record& r) {
    const int line = lx_.line();
    if (escape_line_ == 0) escape_line_ = line;
    const std::size_t start = lx_.pos();
    lx_.skip_to_line_end();
    std::string_view text = lx_.slice(start);
    if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
    if (text.substr(0, 6) != "%rules") return;
    text.remove_prefix(6);
    if (!text.empty() && text.front() != ' ') return;  // "%rulesX": another escape
    if (!text.empty()) text.remove_prefix(1);
    if (r.rules.size() + text.size() + 1 > kMaxRulesBytes) {
      if (!rules_too_long_) error(line, 1, "the %rules section holds more than " + std::to_string(kMaxRulesBytes) +
                                               " bytes (2 MiB)");
      rules_too_long_ = true;
      return;
    }
    if (rules_lines_++) r.rules += '\n';
    r.rules += text;
  }

  // Reads a line of play up to the end of input (depth 0) or its ')' (variations).
  // `open` is the variation's '(' token; `pre` receives comments before the first node of
  // the main line.
  void line_of_play(std::vector<Node>& out, int depth, const Token* open, std::string* pre) {
    // Whether the last thing read was a decision that failed: its annotations are dropped
    // quietly instead of piling up errors.
    bool last_failed = false;
    std::string pending;  // comments before a variation's first node
    while (!stopped_) {
      const Token& t = lx_.peek();
      switch (t.kind) {
        case Tok::End:
          if (open != nullptr)
            error(open->line, open->column, "unterminated variation: this '(' has no matching ')'");
          return;
        case Tok::Close:
          if (open != nullptr) {
            lx_.next();
            return;
          }
          error(t.line, t.column, "unbalanced ')': no variation is open");
          lx_.next();
          break;
        case Tok::Number:
          lx_.next();
          break;
        case Tok::Word: {
          if (!is_keyword(t.raw)) {
            error(t.line, t.column,
                  "expected a decision keyword (" + joined(option_verbs(), ", ") + "), found " +
                      quote(t.raw));
            lx_.next();
            skip_arguments();
            last_failed = true;
            break;
          }
          if (++nodes_ > kMaxNodes) {
            error(t.line, t.column,
                  "more than " + std::to_string(kMaxNodes) +
                      " decisions (variations included); a record holds at most that many");
            stopped_ = true;
            return;
          }
          std::optional<Node> node = decision();
          last_failed = !node;
          if (node) {
            if (out.empty() && !pending.empty()) node->comment = std::move(pending);
            out.push_back(std::move(*node));
          }
          break;
        }
        case Tok::Glyph: {
          const Token g = lx_.next();
          if (last_failed) break;
          if (out.empty()) {
            error(g.line, g.column, "a glyph must follow a decision, found " + quote(g.raw));
          } else if (!one_of(g.raw, kGlyphs)) {
            error(g.line, g.column,
                  "expected a glyph " + joined(kGlyphs, " ") + ", found " + quote(g.raw));
          } else if (!out.back().glyph.empty()) {
            error(g.line, g.column,
                  "a decision has one glyph at most; found " + quote(g.raw) + " after " +
                      quote(out.back().glyph));
          } else {
            out.back().glyph = std::string(g.raw);
          }
          break;
        }
        case Tok::Comment: {
          const Token c = lx_.next();
          if (last_failed || c.text.empty()) break;
          std::string& into = !out.empty() ? out.back().comment : pre ? *pre : pending;
          if (into.size() + 1 + c.text.size() > kMaxCommentBytes) {
            error(c.line, c.column,
                  "a comment of " + std::to_string(into.size() + (into.empty() ? 0 : 1) + c.text.size()) +
                      " bytes; a decision's comments hold at most " + std::to_string(kMaxCommentBytes) +
                      " bytes");
            break;
          }
          if (!into.empty()) into += '\n';
          into += c.text;
          break;
        }
        case Tok::BadComment:
          error(t.line, t.column, "unterminated comment: this '{' has no closing '}'");
          lx_.next();
          break;
        case Tok::Open:
          variation(out, depth, last_failed);
          break;
        case Tok::TagOpen:
          error(t.line, t.column,
                "tags must come before the first decision, found " + quote(t.raw));
          lx_.next();
          break;
        case Tok::Stray:
          error(t.line, t.column,
                "unexpected " + quote(t.raw) + ": no " + (t.raw == "}" ? "comment" : "tag") +
                    " is open");
          lx_.next();
          break;
      }
    }
  }

 private:
  void tag(Record& r) {
    const int line = lx_.line(), column = lx_.column();
    lx_.advance();  // [
    lx_.skip_blanks();
    const std::size_t name_start = lx_.pos();
    while (is_alnum(lx_.peek_char()) || lx_.peek_char() == '_') lx_.advance();
    const std::string name(lx_.slice(name_start));
    if (name.empty()) return tag_error("expected a tag name after '['");
    lx_.skip_blanks();
    if (lx_.peek_char() != '"') return tag_error("expected a quoted value after \"[" + name + "\"");
    const int value_line = lx_.line(), value_column = lx_.column();
    lx_.advance();
    std::string value;
    for (;;) {
      const char c = lx_.peek_char();
      if (lx_.at_end() || c == '\n' || c == '\r') {
        error(value_line, value_column,
              "unterminated tag value: the value of [" + name +
                  "] has no closing '\"' on its "
                  "line, found " +
                  quote(value));
        lx_.skip_to_line_end();
        return;
      }
      lx_.advance();
      if (c == '"') break;
      if (c == '\\' && (lx_.peek_char() == '"' || lx_.peek_char() == '\\')) {
        value += lx_.peek_char();
        lx_.advance();
      } else {
        value += c;
      }
    }
    lx_.skip_blanks();
    if (lx_.peek_char() != ']')
      return tag_error("unterminated tag: expected ']' after [" + name + " " + quote(value));
    lx_.advance();
    if (r.tag(name) != nullptr) {
      error(line, column, "tag [" + name + "] appears twice");
      return;
    }
    if (auto problem = tag_problem(name, value); !problem.empty()) {
      error(value_line, value_column, std::move(problem));
      return;
    }
    if (r.tags.size() >= kMaxTags) {
      error(line, column, "more than " + std::to_string(kMaxTags) + " tags; a record has at most that many");
      stopped_ = true;
      return;
    }
    r.tags.push_back({name, std::move(value)});
    positions_.push_back({value_line, value_column});
  }

  void tag_error(const std::string& what) {
    std::string found;
    if (lx_.at_end())
      found = "end of input";
    else if (lx_.peek_char() == '\n' || lx_.peek_char() == '\r')
      found = "end of line";
    else
      found = quote(std::string(1, lx_.peek_char()));
    error(lx_.line(), lx_.column(), what + ", found " + found);
    lx_.skip_to_line_end();
  }

  // Skips the words after a bad decision up to the next keyword.
  void skip_arguments() {
    while (lx_.peek().kind == Tok::Word && !is_keyword(lx_.peek().raw)) lx_.next();
  }

  // Reads one argument into `move` (after a space). False after reporting an error.
  bool argument(Arg a, std::string& move) {
    const Token& t = lx_.peek();
    if (t.kind != Tok::Word) {
      error(t.line, t.column,
            "expected " + expected(a) + " after " + quote(move) + ", found " + describe(t));
      return false;
    }
    std::string problem;
    std::optional<std::string> v = check_arg(a, t.raw, move, problem);
    if (!v) {
      error(t.line, t.column,
            !problem.empty()
                ? problem
                : "expected " + expected(a) + " after " + quote(move) + ", found " + quote(t.raw));
      if (!is_keyword(t.raw)) lx_.next();
      return false;
    }
    lx_.next();
    move += ' ';
    move += *v;
    return true;
  }

  bool next_word_is(std::string_view w) {
    return lx_.peek().kind == Tok::Word && lx_.peek().raw == w;
  }

  std::optional<Node> decision() {
    const Token kw = lx_.next();
    Node n;
    n.line = kw.line;
    n.column = kw.column;
    std::string move(kw.raw);
    const std::string_view k = kw.raw;
    bool ok = true;
    // The keyword's row of the modules' tables (a fixed word after it picks a row:
    // `bury supply red`); its arguments in order, an optional tail read when present.
    const OptionRule* rule = nullptr;
    for (const OptionRule* r : option_rules()) {
      if (r->verb != k) continue;
      if (r->word.empty()) {
        if (!rule) rule = r;
      } else if (next_word_is(r->word)) {
        lx_.next();
        move += ' ';
        move += r->word;
        rule = r;
        break;
      }
    }
    for (uint8_t i = 0; ok && rule && i < rule->arity; ++i) {
      const tw::Arg a = rule->args[i];
      const Arg want = a == tw::Arg::Tile       ? Arg::Tile
                       : a == tw::Arg::Cell     ? Arg::Coord
                       : a == tw::Arg::Rotation ? Arg::Rotation
                       : a == tw::Arg::Location ? Arg::Location
                       : a == tw::Arg::Count    ? Arg::Count
                                                : Arg::Colour;
      if (i >= rule->arity - rule->optional) {  // the optional tail: only when it is there
        const Token& t = lx_.peek();
        const bool there = t.kind == Tok::Word && (want == Arg::Colour ? one_of(t.raw, kColours)
                                                                       : !t.raw.empty() && std::all_of(t.raw.begin(), t.raw.end(), is_digit));
        if (!there) break;
      }
      ok = argument(want, move);
    }
    if (!ok) {
      skip_arguments();
      return std::nullopt;
    }
    n.move = std::move(move);
    return n;
  }

  void variation(std::vector<Node>& out, int depth, bool last_failed) {
    const Token open = lx_.next();
    if (depth + 1 > kMaxVariationDepth) {
      error(open.line, open.column,
            "variations nest deeper than " + std::to_string(kMaxVariationDepth) +
                " levels; this one is skipped");
      skip_balanced(open);
      return;
    }
    std::vector<Node> alt;
    line_of_play(alt, depth + 1, &open, nullptr);
    if (last_failed) return;
    if (out.empty()) {
      error(open.line, open.column, "a variation must follow the decision it replaces");
    } else if (alt.empty()) {
      error(open.line, open.column, "empty variation: '(' and ')' hold no decision");
    } else {
      // A variation opening with a placement, read after a decision that is not one,
      // replaces the turn's placement: the nearest place before it in this line.
      Node* target = &out.back();
      if (is_place(alt.front()) && !is_place(*target))
        for (auto it = out.rbegin(); it != out.rend(); ++it)
          if (is_place(*it)) {
            target = &*it;
            break;
          }
      target->variations.push_back(std::move(alt));
    }
  }

  // After a too-deep '(': skips to its matching ')' without recursing.
  void skip_balanced(const Token& open) {
    for (std::size_t open_count = 1; open_count > 0;) {
      const Token t = lx_.next();
      if (t.kind == Tok::End) {
        error(open.line, open.column, "unterminated variation: this '(' has no matching ')'");
        return;
      }
      if (t.kind == Tok::Open) ++open_count;
      if (t.kind == Tok::Close) --open_count;
    }
  }

  Lexer& lx_;
  std::vector<ParseError>& errors_;
  std::vector<Position> positions_;
  int escape_line_ = 0;
  int rules_lines_ = 0;
  bool rules_too_long_ = false;
  bool stopped_ = false;
  std::size_t nodes_ = 0;
};

// The text's encoding: UTF-8 without control characters but whitespace
// (find_text_fault). Reports each offending byte or character at its line and column (up
// to kMaxErrors, then stops).
void check_encoding(std::string_view s, Parser& p, std::vector<ParseError>& errors) {
  int line = 1, column = 1;
  std::size_t at = 0;  // line and column are those of byte `at`
  const auto move_to = [&](std::size_t to) {
    while (at < to) {
      const std::size_t n = text::utf8_sequence_length(s, at);
      if (s[at] == '\n') {
        ++line;
        column = 1;
      } else {
        ++column;
      }
      at += n == 0 ? 1 : n;
    }
  };
  for (std::size_t from = 0; errors.size() <= kMaxErrors;) {
    const auto fault = find_text_fault(s, from);
    if (!fault) break;
    move_to(fault->offset);
    p.error(line, column, fault->message);
    from = fault->offset + fault->length;
  }
}

}  // namespace

bool valid_date(std::string_view s) {
  if (s.size() != 10 || s[4] != '-' || s[7] != '-') return false;
  for (size_t i : {0, 1, 2, 3, 5, 6, 8, 9})
    if (s[i] < '0' || s[i] > '9') return false;
  const auto num = [&](size_t at, size_t n) {
    int v = 0;
    for (size_t i = at; i < at + n; ++i) v = 10 * v + (s[i] - '0');
    return v;
  };
  const int year = num(0, 4), month = num(5, 2), day = num(8, 2);
  if (month < 1 || month > 12 || day < 1) return false;
  static constexpr int kDays[12] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  return day <= (month == 2 && !leap ? 28 : kDays[month - 1]);
}

namespace {

// Checks the required tags. False if the record is of another version: its body is not
// read then, since its syntax may differ.
bool check_tags(const Record& r, const std::vector<Parser::Position>& positions, Parser& p) {
  bool same_version = true;
  const auto it =
      std::find_if(r.tags.begin(), r.tags.end(), [](const Tag& t) { return t.name == "Format"; });
  if (it == r.tags.end()) {
    p.error(1, 1, "missing required tag [Format \"" + std::string(kFormat) + "\"]");
  } else if (it->value != kFormat && it->value != kFormatWithRules) {
    const auto& pos = positions[static_cast<std::size_t>(it - r.tags.begin())];
    const bool tgn = it->value.rfind("TGN ", 0) == 0;
    p.error(pos.line, pos.column,
            "this reader knows " + std::string(kFormat) + " and " + std::string(kFormatWithRules) +
                "; the record says " + (tgn ? it->value : quote(it->value)));
    same_version = !tgn;
  } else if (it->value == kFormat && p.saw_escape()) {
    p.error(p.escape_line(), 1,
            "a line starting with '%' (a %rules section) needs [Format \"" + std::string(kFormatWithRules) +
                "\"]; this record says " + std::string(kFormat));
  }
  for (std::string_view name : {"Ruleset", "Seed"})
    if (r.tag(name) == nullptr)
      p.error(1, 1, "missing required tag [" + std::string(name) + " \"...\"]");
  for (size_t i = 0; i < r.tags.size(); ++i)
    if (r.tags[i].name == "Date" && !valid_date(r.tags[i].value))
      p.error(positions[i].line, positions[i].column,
              "[Date " + quote(r.tags[i].value) + "] is not a date written YYYY-MM-DD (e.g. 2026-11-22)");
  return same_version;
}

// ---------------------------------------------------------------------------------------
// Writer.

void put_escaped(std::string& out, std::string_view s, std::string_view special) {
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '\r') {
      if (i + 1 < s.size() && s[i + 1] == '\n') continue;
      out += '\n';
      continue;
    }
    if (c == '\\' || special.find(c) != std::string_view::npos) out += '\\';
    out += c;
  }
}

void put_tag(std::string& out, std::string_view name, std::string_view value) {
  out += '[';
  out += name;
  out += " \"";
  std::string flat(value);
  std::replace(flat.begin(), flat.end(), '\n', ' ');
  std::replace(flat.begin(), flat.end(), '\r', ' ');
  put_escaped(out, flat, "\"");
  out += "\"]\n";
}

void put_comment(std::string& out, std::string_view text) {
  out += '{';
  put_escaped(out, text, "}");
  out += '}';
}

// Writes a line of play: a numbered text line per placement holding it and the decisions
// that follow it in its turn. A variation of a placement that opens with a placement is
// written after the whole turn (after the turn's last decision and that decision's own
// variations), as NOTATION.md's example does; any other variation follows its own
// decision, which then ends its text line, and the rest of the turn continues on a line
// numbered "N...". Variations go one under the other, indented one step deeper and
// numbered like the turn. A variation opens with "(" and closes with ")" after its last
// decision, or on a line of its own when variations follow that decision. `number` is
// the turn number of the first text line.
void put_line(std::string& out, const std::vector<Node>& nodes, int number, int depth) {
  const std::string indent(static_cast<std::size_t>(3 * depth), ' ');
  const auto deferred = [](const Node& n, const std::vector<Node>& v) {
    return is_place(n) && !v.empty() && is_place(v.front());
  };
  bool line_start = true, continuation = false;
  const Node* turn_place = nullptr;  // the placement that opened the current turn
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const Node& n = nodes[i];
    if (i > 0 && is_place(n)) {
      if (!line_start) out += '\n';
      line_start = true;
      continuation = false;
      ++number;
    }
    if (is_place(n)) turn_place = &n;
    if (line_start) {
      if (depth > 0) out += indent + (i == 0 ? "(" : " ");
      out += std::to_string(number) + (continuation ? "..." : ".");
      line_start = false;
    }
    out += ' ';
    out += n.move;
    if (!n.comment.empty()) {
      out += ' ';
      put_comment(out, n.comment);
    }
    if (!n.glyph.empty()) {
      out += ' ';
      out += n.glyph;
    }
    const bool last = i + 1 == nodes.size();
    bool broke = false;  // variations were written: the text line has ended
    const auto put_variation = [&](const std::vector<Node>& v) {
      if (!broke) out += '\n';
      broke = true;
      put_line(out, v, number, depth + 1);
    };
    for (const auto& v : n.variations)
      if (!v.empty() && !deferred(n, v)) put_variation(v);
    if ((last || is_place(nodes[i + 1])) && turn_place != nullptr)
      for (const auto& v : turn_place->variations)
        if (deferred(*turn_place, v)) put_variation(v);
    if (broke) {
      line_start = continuation = true;
      if (last && depth > 0) out += indent + ")\n";
    } else if (last) {
      if (depth > 0) out += ')';
      out += '\n';
    }
  }
}

}  // namespace

const std::string* Record::tag(std::string_view name) const {
  for (const Tag& t : tags)
    if (t.name == name) return &t.value;
  return nullptr;
}

void Record::set_tag(std::string_view name, std::string_view value) {
  for (Tag& t : tags)
    if (t.name == name) {
      t.value = std::string(value);
      return;
    }
  tags.push_back({std::string(name), std::string(value)});
}

std::string to_string(const ParseError& e) {
  return "line " + std::to_string(e.line) + ", column " + std::to_string(e.column) + ": " +
         e.message;
}

ParseResult parse(std::string_view text) {
  ParseResult result;
  Record r;
  Lexer lx(text);
  Parser p(lx, result.errors);
  if (text.size() > kMaxRecordBytes) {
    p.error(1, 1,
            "the record has " + std::to_string(text.size()) + " bytes; a record holds at most " +
                std::to_string(kMaxRecordBytes) + " bytes (4 MiB)");
    return result;
  }
  check_encoding(text, p, result.errors);
  if (!result.errors.empty()) return result;
  p.tags(r);
  if (check_tags(r, p.tag_positions(), p)) p.line_of_play(r.mainline, 0, nullptr, &r.pre_comment);
  if (result.errors.empty()) result.record = std::move(r);
  return result;
}

std::string write(const Record& r) {
  std::string out;
  put_tag(out, "Format", r.rules.empty() ? kFormat : kFormatWithRules);
  for (std::size_t k = 1; k < kTagOrder.size(); ++k)
    if (const std::string* v = r.tag(kTagOrder[k])) put_tag(out, kTagOrder[k], *v);
  std::vector<std::string_view> written;
  for (const Tag& t : r.tags) {
    if (one_of(t.name, kTagOrder) ||
        std::find(written.begin(), written.end(), t.name) != written.end())
      continue;
    written.push_back(t.name);
    put_tag(out, t.name, t.value);
  }
  out += '\n';
  if (!r.rules.empty()) {
    std::size_t start = 0;
    for (;;) {
      const std::size_t nl = r.rules.find('\n', start);
      out += "%rules ";
      out += r.rules.substr(start, nl == std::string::npos ? std::string::npos : nl - start);
      out += '\n';
      if (nl == std::string::npos) break;
      start = nl + 1;
    }
    out += '\n';
  }
  if (!r.pre_comment.empty()) {
    put_comment(out, r.pre_comment);
    out += '\n';
  }
  put_line(out, r.mainline, 1, 0);
  return out;
}

std::optional<TextFault> find_text_fault(std::string_view s, std::size_t from) {
  for (std::size_t i = from; i < s.size();) {
    const std::size_t n = text::utf8_sequence_length(s, i);
    if (n == 0)
      return TextFault{i, 1,
                       "byte " + quote(s.substr(i, 1)) +
                           " is not UTF-8; a record is UTF-8 text (was it saved in another encoding?)"};
    const auto b = static_cast<unsigned char>(s[i]);
    const bool c1 = n == 2 && b == 0xc2 && static_cast<unsigned char>(s[i + 1]) < 0xa0;
    // Tabs and line breaks only: VT and FF are whitespace to the lexer but control
    // characters to a terminal, so a record holds neither.
    const bool allowed_blank = b == '\t' || b == '\n' || b == '\r';
    if ((n == 1 && (b < 0x20 || b == 0x7f) && !allowed_blank) || c1)
      return TextFault{i, n,
                       "control character " + quote(s.substr(i, n)) +
                           " in the text; a record holds no control characters but tabs and line breaks"};
    i += n;
  }
  return std::nullopt;
}

std::string tag_problem(std::string_view name, std::string_view value) {
  const std::string shown = "[" + std::string(name.substr(0, 40)) + "]";
  if (name.empty() || !std::all_of(name.begin(), name.end(), [](char c) { return is_alnum(c) || c == '_'; }))
    return "the tag name " + quote(name) + " is not letters, digits and '_'";
  if (value.size() > kMaxTagBytes)
    return "the value of " + shown + " has " + std::to_string(value.size()) + " bytes; a tag value holds at most " +
           std::to_string(kMaxTagBytes);
  if (value.find_first_of("\r\n") != std::string_view::npos)
    return "the value of " + shown + " holds a line break; a tag is one line";
  if (auto fault = find_text_fault(value)) return "the value of " + shown + ": " + fault->message;
  return {};
}

}  // namespace tw::tgn
