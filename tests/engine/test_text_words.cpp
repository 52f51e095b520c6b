// text::words, the one splitter of the list columns of content (ports, touches, a level's
// kinds and numbers): schema/store.cpp and engine/rules/level_columns.cpp both read
// through it.
#include <catch2/catch.hpp>

#include "engine/text.h"

using tw::text::words;
using V = std::vector<std::string>;

TEST_CASE("text::words splits at spaces, tabs and line breaks, runs counting once") {
  CHECK(words("") == V{});
  CHECK(words(" \t\r\n ") == V{});
  CHECK(words("n e") == V{"n", "e"});
  CHECK(words("  castle\tcemetery\r\n lowland  ") == V{"castle", "cemetery", "lowland"});
  CHECK(words("1,2 -3") == V{"1,2", "-3"});
  // Only the four white-space characters split: other bytes stay inside the word.
  CHECK(words("a\vb\fc") == V{"a\vb\fc"});
}
