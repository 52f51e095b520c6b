// The columns of a co-op level (the `level` table and its `level_followers` rows), in
// one table: name, type, range, default, meaning, and how each is read from and written
// to a tw::Level. Every place that handles level columns reads this table: the store's
// loader and save_level (schema/store.cpp), the rules digest and its diff
// (replay/digest.cpp), the editor's level form (editor/views/rules_view.cpp) and
// `tilewright content show` / `content clone --set` (cli/content_cmd.cpp). A new column
// is one row here (plus its migration and the Level field).
//
// Pure: the C++ standard library only.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/content.h"
#include "engine/rng.h"

namespace tw {

// How a column's value is written (in the database, the editor and `content show`).
enum class LevelColumnType : uint8_t {
  Id,          // the key: text of 1..64 characters
  Text,        // free text
  RuleSetId,   // the id of a rule set (of system mists)
  Integer,     // a whole number in min..max
  Flag,        // 0 or 1
  Choice,      // one of `choices`
  KindList,    // segment kind names separated by spaces ("castle cemetery")
  NumberList,  // whole numbers in min..max separated by spaces ("15 50")
};

struct LevelColumn {
  std::string_view name;         // the database column
  LevelColumnType type;
  int64_t min = 0, max = 0;      // Integer, Flag: the value's range; NumberList: each number's
  std::string_view default_text; // the value of a Level{} (the schema's DEFAULT where it has one)
  std::string_view meaning;
  bool digest = false;           // the game reads it: part of the rules digest and its diff
  bool editable = false;         // offered by the editor's level form
  std::vector<std::string_view> choices;  // Choice: the words, in enum order
  std::string (*get)(const Level&) = nullptr;  // the value as the database writes it
  // Sets the value from its database text. Returns the problems, each the offending
  // word (or the whole value) and what was expected; on a problem the level may be
  // partly changed (callers work on a copy). Integers here are not range-checked.
  std::vector<std::pair<std::string, std::string>> (*set)(Level&, std::string_view) = nullptr;
  int64_t (*number)(const Level&) = nullptr;   // Integer, Flag
  void (*set_number)(Level&, int64_t) = nullptr;  // Integer, Flag

  bool integer() const { return type == LevelColumnType::Integer || type == LevelColumnType::Flag; }
  std::string range_text() const { return std::to_string(min) + ".." + std::to_string(max); }
};

// Every column of the `level` table, in the table's (and the form's) order.
const std::vector<LevelColumn>& level_columns();
const LevelColumn* find_level_column(std::string_view name);

// Sets one column from text as a person typed it (the editor, --set): integers are
// parsed and range-checked. nullopt when it was set; else the problem, naming table
// "level", the level's id as row, the column, the value typed and what was expected.
std::optional<ContentError> set_level_value(Level& l, const LevelColumn& col, std::string_view text);

// Every range of every column of this level, and of its follower rows (the checks the
// loader makes on a row, made on a value): the problems, named as above.
std::vector<ContentError> check_level_columns(const Level& l);

// The level's part of the rules digest: the `digest` columns in table order, then the
// follower rows.
void hash_level(Fnv64& h, const Level& l);

// The columns of a `level_followers` row (its key `level` aside).
struct LevelFollowerColumn {
  std::string_view name;
  int64_t min, max;
  std::string_view meaning;
  int LevelFollowers::*field;
};
const std::vector<LevelFollowerColumn>& level_follower_columns();

// A level's follower rows as one text, "1p: 4x3; 2p: 2x3; 3p: 1x5" (players, colours each
// player plays, followers of each colour), and back. The parser checks the ranges of
// level_follower_columns() and that a seat count comes once; nullopt with *error saying
// what was wrong and what is expected.
std::string level_followers_text(const std::vector<LevelFollowers>& rows);
std::optional<std::vector<LevelFollowers>> parse_level_followers(std::string_view text, std::string* error);

}  // namespace tw
