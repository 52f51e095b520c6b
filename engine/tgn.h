// TGN syntax layer: reads and writes game records (/work/shared/NOTATION.md) as text,
// without knowing the rules. `parse` splits a record into tags and decisions (plies),
// checking only the shape of each decision (keyword, coordinates, rotation, kind:port,
// colour); the engine later matches each decision's text against its legal options.
// `write` produces the one canonical text of a record.
//
// Invariants: a Record returned by `parse` holds only well-formed decisions whose `move`
// is normalised (tokens joined by single spaces, integers without leading zeros or
// "-0"), glyphs from the six allowed, no empty variation, variations nested at most
// kMaxVariationDepth deep, unique tag names, and comments with line breaks as "\n".
// `ParseResult::record` is engaged exactly when `errors` is empty. For any record r
// satisfying write's preconditions, write(*parse(write(r)).record) == write(r), and a
// record `parse` returns always satisfies them.
// Nothing here does I/O, throws on bad input, or recurses deeper than the depth cap.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tw::tgn {

// The version of a plain record (the value of the `Format` tag).
inline constexpr std::string_view kFormat = "TGN 1";
// TGN 1 plus a `%rules` section: the content pack of the record's rules, embedded so a
// database without them can replay it (docs/notation.md). Written only when a record
// carries its rules; both versions are read.
inline constexpr std::string_view kFormatWithRules = "TGN 2";
// The `%rules` section holds at most this many bytes.
inline constexpr std::size_t kMaxRulesBytes = 2u << 20;
// Deeper variations are reported as an error and skipped.
inline constexpr int kMaxVariationDepth = 64;
// After this many errors parse stops reading and says so in one last error.
inline constexpr std::size_t kMaxErrors = 100;

// Limits of a record, enforced by parse with a located error (docs/notation.md, Limits).
// A game of any shipped rule system takes a few hundred decisions and a few kB; these
// leave room for heavily annotated analysis while bounding memory (a record at the limit
// parses in well under 100 MB).
inline constexpr std::size_t kMaxRecordBytes = 4u << 20;   // the whole text
inline constexpr std::size_t kMaxCommentBytes = 64u << 10;  // one node's comment (or the pre-comment)
inline constexpr std::size_t kMaxTagBytes = 16u << 10;      // one tag value
inline constexpr std::size_t kMaxTags = 256;                // tags in the header
inline constexpr std::size_t kMaxNodes = 50000;             // decisions, variations included

struct Tag {
  std::string name, value;
  friend bool operator==(const Tag&, const Tag&) = default;
};

// One decision (a ply) in a line of play, with its annotations.
struct Node {
  std::string move;     // normalised decision text, e.g. "place U 1,0 r90"
  std::string comment;  // text of {...} after it ("" = none); several joined with "\n"
  std::string glyph;    // "", "!", "?", "!!", "??", "!?", "?!"
  // Each variation is an alternative line replacing THIS node: its first node stands in
  // for this one. In the text, "(...)" replaces the decision just before it, except that
  // a variation opening with a `place` after a decision that is not a `place` replaces
  // the nearest `place` before it in the same line (the turn's placement), as in
  // NOTATION.md's example.
  std::vector<std::vector<Node>> variations;
  int line = 0, column = 0;  // where the move started in the source (1-based); 0 if built
};

struct Record {
  std::vector<Tag> tags;  // in source order; unknown tags are kept as metadata
  std::vector<Node> mainline;
  std::string pre_comment;  // a {comment} before the first decision
  // TGN 2: the embedded content pack, the text of the `%rules` lines joined with "\n"
  // (without the "%rules " prefix); "" = none (TGN 1).
  std::string rules;

  // The first tag with this name, or nullptr.
  const std::string* tag(std::string_view name) const;
  // Replaces the value of the first tag with this name, or appends the tag.
  void set_tag(std::string_view name, std::string_view value);
};

// Columns count Unicode code points (a tab is one column); both start at 1.
struct ParseError {
  int line = 0, column = 0;
  std::string message;  // names what was expected and the offending text
};
// "line 4, column 12: expected a rotation ..."
std::string to_string(const ParseError& e);

struct ParseResult {
  std::optional<Record> record;    // engaged exactly when errors is empty
  std::vector<ParseError> errors;  // in the order found, at most kMaxErrors + 1
};

// The reader's rules for text, shared with every importer of other formats (the XML
// replay archive), so that whatever is stored can be written as a record and read back.
// A character a record may not hold: a byte that is not UTF-8, or a control character
// other than the whitespace the reader skips (tab, line breaks, form feed, vertical tab):
// C0, DEL, and C1 (U+0080..U+009F). `offset` and `length` are in bytes; `message` is the
// reader's: "control character \"\x1b\" in the text; a record holds no control ...".
struct TextFault {
  std::size_t offset = 0, length = 0;
  std::string message;
};
// The first such character at or after byte `from` of `s`, or nullopt.
std::optional<TextFault> find_text_fault(std::string_view s, std::size_t from = 0);
// "" when [name "value"] can stand in a record as it is, else why not: the name must be
// letters, digits and '_', the value one line of at most kMaxTagBytes without a fault.
std::string tag_problem(std::string_view name, std::string_view value);

// Lax reader (import). The text must be UTF-8 without control characters other than
// the whitespace below (a NUL, an escape sequence or a byte that is not UTF-8 is an error
// at its line and column), and within the limits above. Accepts any whitespace between tokens, optional and ignored turn
// numbers ("12." or "12..."), CRLF, a UTF-8 BOM, comments / glyphs / variations after a
// decision in any order, and a glyph attached to the last token ("r90!"). Requires the
// tags Format ("TGN 1", or "TGN 2" with a %rules section: lines starting "%rules" in
// column 1 between the tags and the first decision; other lines starting with "%" in
// column 1 there are skipped in TGN 2, as PGN's escape lines), Ruleset and Seed. Collects all errors it can, resuming at the
// next decision keyword after a bad one. In a comment, "\}" stands for "}" and "\\" for
// "\"; any other backslash is kept as written. A Date tag must be a day of the calendar
// written YYYY-MM-DD (valid_date).
ParseResult parse(std::string_view text);

// `s` is a day written YYYY-MM-DD: four digits, a month 01-12, a day that month has
// (29 February in leap years only).
bool valid_date(std::string_view s);

// Strict canonical writer (export). Writes [Format "TGN 1"] first (or "TGN 2" when the
// record embeds its rules: then the %rules lines follow the tags, after a blank line and
// before another one), then Ruleset,
// Level, Players, Seed, Draw, Date, Result, then other tags in their order (the first of
// several tags with the same name only; line breaks in a value become spaces), a blank
// line, a pre-comment on its own line, then one line "N. ..." per placement holding it
// and the decisions after it (N counts placements from 1; a comment " {...}" then a glyph
// " !" follow their decision; "}" and "\" in a comment are written "\}" and "\\").
// Variations go on lines of their own, indented 3 spaces per depth, "(N. ...)" with N
// the replaced decision's turn number. A variation of a `place` that opens with a `place`
// follows the whole turn (the numbered line of the placement and the decisions after it
// in that turn, with their own variations). Any other variation follows its decision,
// which then ends its line, and the rest of that turn goes on a line "N... ". Of a
// `place`'s variations, those not opening with a `place` are written first. Empty
// variations are skipped.
// Preconditions (not checked): tag names are [A-Za-z0-9_]+, every move and glyph is one
// `parse` would accept, variations nest at most kMaxVariationDepth deep, and a variation
// opening with a `place` replaces a `place` or a decision with no `place` before it in
// its line (a game's variations always do: an alternative to a decision is a decision of
// the same kind). For such records, parse(write(r)) gives r back, up to that order of a
// `place`'s variations.
std::string write(const Record& r);

}  // namespace tw::tgn
