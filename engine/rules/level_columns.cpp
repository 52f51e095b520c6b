#include "engine/rules/level_columns.h"

#include <charconv>
#include <sstream>

#include "engine/limits.h"
#include "engine/text.h"

namespace tw {
namespace {

using Problems = std::vector<std::pair<std::string, std::string>>;

std::optional<int64_t> whole_number(std::string_view s) {
  int64_t v = 0;
  const char* end = s.data() + s.size();
  const auto res = std::from_chars(s.data(), end, v);
  if (res.ec != std::errc() || res.ptr != end || s.empty()) return std::nullopt;
  return v;
}

std::string kinds_text(const Level& l) {
  std::string s;
  for (const Kind k : l.exclude_kinds) s += (s.empty() ? "" : " ") + std::string(kind_name(k));
  return s;
}

std::string dogs_text(const Level& l) {
  std::string s;
  for (const int d : l.dogs) s += (s.empty() ? "" : " ") + std::to_string(d);
  return s;
}

// A column whose value is an int field of Level (or a bool, for a Flag).
#define TW_INT_COLUMN(field)                                                          \
  [](const Level& l) { return std::to_string(static_cast<int64_t>(l.field)); },       \
      [](Level& l, std::string_view t) -> Problems {                                   \
        const auto v = whole_number(t);                                                \
        if (!v) return {{std::string(t), "a whole number"}};                           \
        l.field = static_cast<decltype(l.field)>(*v);                                  \
        return {};                                                                     \
      },                                                                               \
      [](const Level& l) { return static_cast<int64_t>(l.field); },                    \
      [](Level& l, int64_t v) { l.field = static_cast<decltype(l.field)>(v); }

#define TW_TEXT_COLUMN(field)                           \
  [](const Level& l) { return l.field; },                \
      [](Level& l, std::string_view t) -> Problems {     \
        l.field = std::string(t);                        \
        return {};                                       \
      },                                                 \
      nullptr, nullptr

std::vector<LevelColumn> make_columns() {
  using T = LevelColumnType;
  std::vector<LevelColumn> c;
  c.push_back({"id", T::Id, 1, 64, "", "the level's id (1 to 64 characters), as records and `play --level` name it",
               true, false, {}, TW_TEXT_COLUMN(id)});
  c.push_back({"name", T::Text, 0, 0, "", "the level's name, for players", false, true, {}, TW_TEXT_COLUMN(name)});
  c.push_back({"position", T::Integer, -1000000, 1000000, "0", "order in lists", false, true, {},
               TW_INT_COLUMN(position)});
  c.push_back({"rule_set", T::RuleSetId, 0, 0, "",
               "the rule set of system mists whose tiles and numbers the level plays", false, false, {},
               [](const Level& l) { return l.rule_set; },
               [](Level& l, std::string_view t) -> Problems {
                 if (t.empty()) return {{"", "a non-empty text"}};
                 l.rule_set = std::string(t);
                 return {};
               },
               nullptr, nullptr});
  c.push_back({"exclude_kinds", T::KindList, 0, 0, "",
               "tiles showing one of these kinds stay in the box, e.g. 'castle cemetery'", true, true, {},
               kinds_text,
               [](Level& l, std::string_view t) -> Problems {
                 Problems p;
                 l.exclude_kinds.clear();
                 for (const auto& w : text::words(t)) {
                   if (const auto k = parse_kind(w))
                     l.exclude_kinds.push_back(*k);
                   else
                     p.push_back({w, "terrain kinds separated by spaces (castle, cemetery, city, road, ...)"});
                 }
                 return p;
               },
               nullptr, nullptr});
  c.push_back({"ghost_bank", T::Integer, 0, kMaxGhostBank, "15",
               "ghosts in the bank at the start (those on the start piece included)", true, true, {},
               TW_INT_COLUMN(ghost_bank)});
  c.push_back({"stacks", T::Integer, 1, 10, "1", "the pile is split into this many stacks, played in order", true,
               true, {}, TW_INT_COLUMN(stacks)});
  c.push_back({"dogs", T::NumberList, 1, 10000, "", "dog thresholds, one per stack but the last, increasing: '15 50'",
               true, true, {}, dogs_text,
               [](Level& l, std::string_view t) -> Problems {
                 Problems p;
                 l.dogs.clear();
                 for (const auto& w : text::words(t)) {
                   const auto v = whole_number(w);
                   if (!v || *v < 1 || *v > 10000)
                     p.push_back({w, "thresholds 1..10000 separated by spaces, e.g. '15 50'"});
                   else
                     l.dogs.push_back(static_cast<int>(*v));
                 }
                 return p;
               },
               nullptr, nullptr});
  c.push_back({"target", T::Integer, 1, 10000, "50", "the score that wins", true, true, {}, TW_INT_COLUMN(target)});
  c.push_back({"cemetery", T::Choice, 0, 0, "none", "cemeteries: none, plain or haunted", true, true,
               {cemetery_mode_name(CemeteryMode::None), cemetery_mode_name(CemeteryMode::Plain),
                cemetery_mode_name(CemeteryMode::Haunted)},
               [](const Level& l) { return std::string(cemetery_mode_name(l.cemetery)); },
               [](Level& l, std::string_view t) -> Problems {
                 const auto m = parse_cemetery_mode(t);
                 if (!m) return {{std::string(t), "one of none, plain, haunted"}};
                 l.cemetery = *m;
                 return {};
               },
               nullptr, nullptr});
  c.push_back({"scoring", T::Choice, 0, 0, "shared", "shared (one team score) or per_colour", true, true,
               {scoring_mode_name(ScoringMode::Shared), scoring_mode_name(ScoringMode::PerColour)},
               [](const Level& l) { return std::string(scoring_mode_name(l.scoring)); },
               [](Level& l, std::string_view t) -> Problems {
                 const auto m = parse_scoring_mode(t);
                 if (!m) return {{std::string(t), "one of shared, per_colour"}};
                 l.scoring = *m;
                 return {};
               },
               nullptr, nullptr});
  c.push_back({"score_markers", T::Integer, 0, 6, "0",
               "per colour scoring: markers on the track (0 = one per colour in play)", true, true, {},
               TW_INT_COLUMN(score_markers)});
  c.push_back({"marker_from_supply", T::Flag, 0, 1, "0",
               "per colour, 3+ players: 1 = each marker is one of the player's followers", true, true, {},
               TW_INT_COLUMN(marker_from_supply)});
  c.push_back({"description", T::Text, 0, 0, "", "text for players", false, true, {}, TW_TEXT_COLUMN(description)});
  return c;
}

#undef TW_INT_COLUMN
#undef TW_TEXT_COLUMN

}  // namespace

const std::vector<LevelColumn>& level_columns() {
  static const std::vector<LevelColumn> cols = make_columns();
  return cols;
}

const LevelColumn* find_level_column(std::string_view name) {
  for (const auto& c : level_columns())
    if (c.name == name) return &c;
  return nullptr;
}

const std::vector<LevelFollowerColumn>& level_follower_columns() {
  static const std::vector<LevelFollowerColumn> cols = {
      {"players", 1, kMaxPlayers, "seats: the row applies to games of this many players", &LevelFollowers::players},
      {"colours", 1, 6, "colours each player plays", &LevelFollowers::colours},
      {"per_colour", 0, 30, "followers of each colour", &LevelFollowers::per_colour},
  };
  return cols;
}

std::optional<ContentError> set_level_value(Level& l, const LevelColumn& col, std::string_view text) {
  const std::string name(col.name), value(text);
  if (col.integer()) {
    const auto v = whole_number(text);
    if (!v) return ContentError{"level", l.id, name, value, "a whole number in " + col.range_text()};
    if (*v < col.min || *v > col.max) return ContentError{"level", l.id, name, value, "an integer in " + col.range_text()};
    col.set_number(l, *v);
    return std::nullopt;
  }
  if (col.type == LevelColumnType::Id && (text.empty() || static_cast<int64_t>(text.size()) > col.max))
    return ContentError{"level", l.id, name, value, "1 to " + std::to_string(col.max) + " characters"};
  const auto problems = col.set(l, text);
  if (!problems.empty()) {
    std::string expected = problems.front().second;
    if (problems.front().first != value) expected = "'" + problems.front().first + "': " + expected;
    return ContentError{"level", l.id, name, value, expected};
  }
  return std::nullopt;
}

std::vector<ContentError> check_level_columns(const Level& l) {
  std::vector<ContentError> errors;
  for (const auto& col : level_columns()) {
    if (col.integer()) {
      const int64_t v = col.number(l);
      if (v < col.min || v > col.max)
        errors.push_back({"level", l.id, std::string(col.name), std::to_string(v), "an integer in " + col.range_text()});
    } else if (col.type == LevelColumnType::Id) {
      if (l.id.empty() || static_cast<int64_t>(l.id.size()) > col.max)
        errors.push_back({"level", l.id, "id", l.id, "1 to " + std::to_string(col.max) + " characters"});
    } else if (col.type == LevelColumnType::RuleSetId) {
      if (l.rule_set.empty()) errors.push_back({"level", l.id, "rule_set", "", "a non-empty text"});
    } else if (col.type == LevelColumnType::NumberList) {
      for (const auto& w : text::words(col.get(l))) {
        const auto v = whole_number(w);
        if (!v || *v < col.min || *v > col.max)
          errors.push_back({"level", l.id, std::string(col.name), w, "numbers in " + col.range_text()});
      }
    }
  }
  for (const auto& f : l.followers)
    for (const auto& fc : level_follower_columns()) {
      const int v = f.*fc.field;
      if (v < fc.min || v > fc.max)
        errors.push_back({"level_followers", l.id + "/" + std::to_string(f.players), std::string(fc.name),
                          std::to_string(v), "an integer in " + std::to_string(fc.min) + ".." + std::to_string(fc.max)});
    }
  return errors;
}

void hash_level(Fnv64& h, const Level& l) {
  for (const auto& col : level_columns()) {
    if (!col.digest) continue;
    switch (col.type) {
      case LevelColumnType::Integer:
      case LevelColumnType::Flag: h.i64(col.number(l)); break;
      case LevelColumnType::KindList:
        for (const auto& w : text::words(col.get(l))) h.text(w);
        break;
      case LevelColumnType::NumberList:
        for (const auto& w : text::words(col.get(l))) h.i64(whole_number(w).value_or(0));
        break;
      default: h.text(col.get(l)); break;
    }
  }
  for (const auto& f : l.followers)
    for (const auto& fc : level_follower_columns()) h.i64(f.*fc.field);
}

std::string level_followers_text(const std::vector<LevelFollowers>& rows) {
  std::string f;
  for (const auto& r : rows)
    f += (f.empty() ? "" : "; ") + std::to_string(r.players) + "p: " + std::to_string(r.colours) + "x" +
         std::to_string(r.per_colour);
  return f;
}

std::optional<std::vector<LevelFollowers>> parse_level_followers(std::string_view text, std::string* error) {
  const auto fail = [&](std::string why) -> std::optional<std::vector<LevelFollowers>> {
    if (error) *error = "followers: " + std::move(why);
    return std::nullopt;
  };
  std::vector<LevelFollowers> out;
  std::string item;
  std::istringstream in{std::string(text)};
  while (std::getline(in, item, ';')) {
    const auto first = item.find_first_not_of(" \t");
    if (first == std::string::npos) continue;
    item = item.substr(first, item.find_last_not_of(" \t") - first + 1);
    LevelFollowers row;
    char p = 0, colon = 0, x = 0;
    std::istringstream one(item);
    if (!(one >> row.players >> p >> colon >> row.colours >> x >> row.per_colour) || p != 'p' || colon != ':' ||
        x != 'x' || !(one >> std::ws).eof())
      return fail("'" + item + "' is not 'Np: CxF' (N players, C colours each, F followers of each)");
    std::string ranges;
    bool in_range = true;
    for (const auto& fc : level_follower_columns()) {
      ranges += (ranges.empty() ? "" : ", ") + std::string(fc.name) + " " + std::to_string(fc.min) + ".." +
                std::to_string(fc.max);
      in_range = in_range && row.*fc.field >= fc.min && row.*fc.field <= fc.max;
    }
    if (!in_range) return fail("'" + item + "': " + ranges);
    for (const auto& r : out)
      if (r.players == row.players) return fail(std::to_string(row.players) + " players given twice");
    out.push_back(row);
  }
  if (out.empty()) return fail("at least one seat count, e.g. '2p: 2x3'");
  return out;
}

}  // namespace tw
