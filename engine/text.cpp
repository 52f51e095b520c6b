#include "engine/text.h"

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

}  // namespace tw::text
