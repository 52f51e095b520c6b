// Players in their colours on a terminal.
//
// Colour is on when the text goes to the process's standard output, that is a terminal,
// NO_COLOR is unset or empty (https://no-color.org) and TERM is not "dumb"; off when piped,
// redirected or captured (the tests' streams). Only names are painted: the text is the
// same without colour.
#pragma once

#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>
#include <string_view>

namespace tw {

inline bool colour_wanted(const std::ostream& out) {
  if (&out != &std::cout || !isatty(STDOUT_FILENO)) return false;
  const char* no = std::getenv("NO_COLOR");
  if (no && *no) return false;
  const char* term = std::getenv("TERM");
  return !(term && std::strcmp(term, "dumb") == 0);
}

// The ANSI colour of a player colour (engine/game.h kColourNames: red, green, blue,
// yellow, black, pink); black is shown grey to stay readable on a dark background.
inline std::string paint(std::string_view text, int colour, bool on) {
  static constexpr const char* kCodes[] = {"31", "32", "34", "33", "90", "95"};
  if (!on || colour < 0 || colour >= 6) return std::string(text);
  return std::string("\x1b[") + kCodes[colour] + "m" + std::string(text) + "\x1b[0m";
}

}  // namespace tw
