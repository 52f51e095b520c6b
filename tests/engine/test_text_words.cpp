// text::words, the one splitter of the list columns of content (ports, touches, a level's
// kinds and numbers): schema/store.cpp and engine/rules/level_columns.cpp both read
// through it.
#include <catch2/catch.hpp>

#include "engine/text.h"

namespace tt = tw::text;  // (qualified: a unity batch may hold another test file's own words())
using WordList = std::vector<std::string>;

TEST_CASE("text::words splits at spaces, tabs and line breaks, runs counting once") {
  CHECK(tt::words("") == WordList{});
  CHECK(tt::words(" \t\r\n ") == WordList{});
  CHECK(tt::words("n e") == WordList{"n", "e"});
  CHECK(tt::words("  castle\tcemetery\r\n lowland  ") == WordList{"castle", "cemetery", "lowland"});
  CHECK(tt::words("1,2 -3") == WordList{"1,2", "-3"});
  // Only the four white-space characters split: other bytes stay inside the word.
  CHECK(tt::words("a\vb\fc") == WordList{"a\vb\fc"});
}
