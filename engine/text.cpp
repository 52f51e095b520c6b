#include "engine/text.h"

#include <algorithm>
#include <charconv>
#include <cstdint>

namespace tw::text {

namespace {

constexpr char kHex[] = "0123456789abcdef";

void hex_escape(std::string& out, unsigned char b) {
  out += "\\x";
  out += kHex[b >> 4];
  out += kHex[b & 15];
}

char32_t decode(std::string_view s, std::size_t i, std::size_t len) {
  const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[i + k]); };
  switch (len) {
    case 1: return b(0);
    case 2: return (char32_t{b(0)} & 0x1f) << 6 | (b(1) & 0x3f);
    case 3: return (char32_t{b(0)} & 0x0f) << 12 | (char32_t{b(1)} & 0x3f) << 6 | (b(2) & 0x3f);
    default:
      return (char32_t{b(0)} & 0x07) << 18 | (char32_t{b(1)} & 0x3f) << 12 | (char32_t{b(2)} & 0x3f) << 6 |
             (b(3) & 0x3f);
  }
}

}  // namespace

std::size_t utf8_sequence_length(std::string_view s, std::size_t i) {
  if (i >= s.size()) return 0;
  const auto at = [&](std::size_t k) -> unsigned {
    return i + k < s.size() ? static_cast<unsigned char>(s[i + k]) : 0u;
  };
  const unsigned b0 = at(0);
  if (b0 < 0x80) return 1;
  const auto cont = [&](std::size_t k) { return (at(k) & 0xc0) == 0x80; };
  if (b0 >= 0xc2 && b0 <= 0xdf) return cont(1) ? 2 : 0;
  if (b0 >= 0xe0 && b0 <= 0xef) {
    const unsigned b1 = at(1);
    if (b0 == 0xe0 && b1 < 0xa0) return 0;   // overlong
    if (b0 == 0xed && b1 >= 0xa0) return 0;  // UTF-16 surrogates
    return cont(1) && cont(2) ? 3 : 0;
  }
  if (b0 >= 0xf0 && b0 <= 0xf4) {
    const unsigned b1 = at(1);
    if (b0 == 0xf0 && b1 < 0x90) return 0;   // overlong
    if (b0 == 0xf4 && b1 >= 0x90) return 0;  // above U+10FFFF
    return cont(1) && cont(2) && cont(3) ? 4 : 0;
  }
  return 0;  // a continuation byte, 0xc0/0xc1, or 0xf5..0xff
}

std::size_t invalid_utf8_at(std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    const std::size_t n = utf8_sequence_length(s, i);
    if (n == 0) return i;
    i += n;
  }
  return std::string_view::npos;
}

bool is_control(char32_t cp) { return cp < 0x20 || (cp >= 0x7f && cp <= 0x9f); }

std::string printable(std::string_view s, PrintableOptions o) {
  std::string out;
  const std::size_t shown = s.size() <= o.max_bytes ? s.size() : o.max_bytes;
  out.reserve(shown + 16);
  std::size_t i = 0;
  while (i < s.size()) {
    const std::size_t n = utf8_sequence_length(s, i);
    if (i + (n ? n : 1) > shown) break;
    if (n == 0) {
      hex_escape(out, static_cast<unsigned char>(s[i]));
      ++i;
      continue;
    }
    const char32_t cp = decode(s, i, n);
    if (o.keep_newlines && (cp == '\n' || cp == '\t')) {
      out += static_cast<char>(cp);
    } else if (is_control(cp)) {
      if (cp < 0x80)
        hex_escape(out, static_cast<unsigned char>(cp));
      else {  // a C1 control, U+0080..U+009F: shown by its code point
        out += "\\u00";
        out += kHex[(cp >> 4) & 15];
        out += kHex[cp & 15];
      }
    } else {
      out.append(s.substr(i, n));
    }
    i += n;
  }
  if (i < s.size()) out += "... (" + std::to_string(s.size()) + " bytes)";
  return out;
}

std::string valid_utf8(std::string_view s) {
  if (invalid_utf8_at(s) == std::string_view::npos) return std::string(s);
  std::string out;
  out.reserve(s.size() + 8);
  for (std::size_t i = 0; i < s.size();) {
    const std::size_t n = utf8_sequence_length(s, i);
    if (n == 0) {
      out += "\xEF\xBF\xBD";  // U+FFFD REPLACEMENT CHARACTER
      ++i;
    } else {
      out.append(s.substr(i, n));
      i += n;
    }
  }
  return out;
}

std::size_t edit_distance(std::string_view a, std::string_view b) {
  const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
  const std::size_t n = a.size(), m = b.size();
  // Three rows of the dynamic programme: two back for transpositions.
  std::vector<std::size_t> prev2(m + 1), prev(m + 1), cur(m + 1);
  for (std::size_t j = 0; j <= m; ++j) prev[j] = j;
  for (std::size_t i = 1; i <= n; ++i) {
    cur[0] = i;
    for (std::size_t j = 1; j <= m; ++j) {
      const bool same = lower(a[i - 1]) == lower(b[j - 1]);
      std::size_t d = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (same ? 0 : 1)});
      if (i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) && lower(a[i - 2]) == lower(b[j - 1]))
        d = std::min(d, prev2[j - 2] + 1);
      cur[j] = d;
    }
    std::swap(prev2, prev);
    std::swap(prev, cur);
  }
  return prev[m];
}

std::string closest(std::string_view word, const std::vector<std::string>& known) {
  if (word.empty()) return {};
  const std::size_t limit = word.size() <= 4 ? 1 : std::min<std::size_t>(3, word.size() / 3);
  std::string best;
  std::size_t best_d = limit + 1;
  for (const auto& k : known) {
    const std::size_t d = edit_distance(word, k);
    if (d < best_d) {
      best_d = d;
      best = k;
    }
  }
  if (!best.empty()) return best;
  for (const auto& k : known)  // a prefix: "sim" for simulate
    if (word.size() >= 2 && k.size() > word.size() && k.compare(0, word.size(), word) == 0) return k;
  return {};
}

std::string did_you_mean(std::string_view word, const std::vector<std::string>& known) {
  const std::string c = closest(word, known);
  return c.empty() ? std::string() : " (did you mean '" + c + "'?)";
}

std::vector<std::string> words(std::string_view s) {
  std::vector<std::string> out;
  std::string cur;
  for (char ch : s) {
    if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r') {
      if (!cur.empty()) out.push_back(std::move(cur));
      cur.clear();
    } else {
      cur += ch;
    }
  }
  if (!cur.empty()) out.push_back(std::move(cur));
  return out;
}

std::string joined(const std::vector<std::string>& names, std::string_view sep) {
  std::string out;
  for (const auto& n : names) {
    if (!out.empty()) out += sep;
    out += n;
  }
  return out;
}

std::string hex64(uint64_t v) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string s(16, '0');
  for (int i = 15; i >= 0; --i, v >>= 4) s[static_cast<size_t>(i)] = kHex[v & 15];
  return s;
}

bool parse_int(std::string_view s, int& out) {
  if (s.empty()) return false;
  const char* b = s.data();
  const char* e = s.data() + s.size();
  const auto r = std::from_chars(b, e, out);
  return r.ec == std::errc() && r.ptr == e;
}

bool split_cell(std::string_view s, std::string_view& x, std::string_view& y) {
  const std::size_t comma = s.find(',');
  if (comma == std::string_view::npos) return false;
  x = s.substr(0, comma);
  y = s.substr(comma + 1);
  return true;
}

bool parse_cell(std::string_view s, int& x, int& y) {
  std::string_view xs, ys;
  return split_cell(s, xs, ys) && parse_int(xs, x) && parse_int(ys, y) && x > -kCellLimit && x < kCellLimit &&
         y > -kCellLimit && y < kCellLimit;
}

std::string cell_text(int x, int y) { return std::to_string(x) + "," + std::to_string(y); }

}  // namespace tw::text
