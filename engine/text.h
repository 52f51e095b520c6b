// Text from files, databases and command lines, made safe to show.
//
// Everything Tilewright reads (record tags and comments, content ids and cells, replay
// metadata) may hold any bytes. Before such text reaches a terminal or a message it goes
// through `printable`: control characters (C0 but for the line breaks asked for, DEL and
// the C1 range U+0080..U+009F, which terminals read as escape sequences) and bytes that
// are not UTF-8 become visible escapes (\x1b, \x00, \xff), and a long text is cut with a
// note of its full size. Valid UTF-8 text without control characters comes back as it
// was. Nothing here allocates more than the cut text needs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tw::text {

// The byte offset of the first byte that does not start or continue a well-formed UTF-8
// sequence (overlong forms, surrogates and code points above U+10FFFF included), or
// std::string_view::npos when `s` is valid UTF-8.
std::size_t invalid_utf8_at(std::string_view s);

// The length in bytes of the well-formed UTF-8 sequence starting at s[i], or 0 when
// there is none there.
std::size_t utf8_sequence_length(std::string_view s, std::size_t i);

// True for a code point that a terminal may act on: C0 controls, DEL, C1 controls.
bool is_control(char32_t cp);

struct PrintableOptions {
  std::size_t max_bytes = 200;  // of the input shown; the rest is replaced by "... (N bytes)"
  bool keep_newlines = false;   // '\n' (and '\t') kept for multi-line text, else escaped
};

// `s` with control characters and invalid bytes escaped as \xNN (so "\x1b[2J" shows as
// the six characters \x1b[2J), cut after `max_bytes` bytes of input at a character
// boundary with "... (N bytes)" appended.
std::string printable(std::string_view s, PrintableOptions o = {});
inline std::string printable(std::string_view s, std::size_t max_bytes) {
  return printable(s, PrintableOptions{max_bytes, false});
}
// For multi-line human text (a board, a comment): line breaks and tabs kept, no cut.
inline std::string printable_lines(std::string_view s) {
  return printable(s, PrintableOptions{std::string_view::npos, true});
}

// `s` with every byte that is not part of well-formed UTF-8 replaced by U+FFFD, so that
// a JSON writer never meets an invalid sequence.
std::string valid_utf8(std::string_view s);

// The optimal string alignment distance (Levenshtein with adjacent transpositions),
// case-insensitive for ASCII letters.
std::size_t edit_distance(std::string_view a, std::string_view b);

// The known name closest to a mistyped `word`, when it is close enough to be meant
// (distance at most 1 for words of up to 4 characters, else at most a third of the
// word, and at most 3; a known name that starts with `word` also counts); "" otherwise.
// Ties go to the first in `known`.
std::string closest(std::string_view word, const std::vector<std::string>& known);

// " (did you mean 'X'?)" for closest(word, known), or "".
std::string did_you_mean(std::string_view word, const std::vector<std::string>& known);

// The words of `s`: the runs of characters between spaces, tabs and line breaks (runs of
// those count as one; none at either end gives no empty word). The list columns of
// content (ports, touches, a level's kinds and numbers) are read through this.
std::vector<std::string> words(std::string_view s);

// The names joined with ", ".
std::string joined(const std::vector<std::string>& names, std::string_view sep = ", ");

// 16 lower-case hex digits (digests in files, tags and messages).
std::string hex64(uint64_t v);

// --- The cell grammar of option text, records and command lines -------------------------
// A cell is written "x,y": two decimal integers (an optional '-', no '+', no spaces)
// split at the first comma. Every reader of cells goes through these.

// `s` as a whole decimal int (std::from_chars: optional '-', digits, nothing else).
bool parse_int(std::string_view s, int& out);

// The cell's two parts, split at the first comma; false when there is no comma.
bool split_cell(std::string_view s, std::string_view& x, std::string_view& y);

// Coordinates of a cell lie strictly between -kCellLimit and kCellLimit.
inline constexpr int kCellLimit = 30000;

// "x,y" as a cell: both parts parse_int and within the limit.
bool parse_cell(std::string_view s, int& x, int& y);

// The canonical text of a cell, "x,y".
std::string cell_text(int x, int y);

}  // namespace tw::text
