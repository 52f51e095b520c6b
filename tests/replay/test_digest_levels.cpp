// The rules digest and its diff read the level columns from their one table
// (engine/rules/level_columns.h): every column the game reads changes the digest and is
// named by diff_rules, the others (name, order, description) do not; and the digest of
// every shipped level is what it was before the table (records keep verifying).
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>

#include "engine/rules/level_columns.h"
#include "fixtures.h"
#include "replay/digest.h"

using namespace tw;

namespace {

// A valid value for each column, differing from mists-3's.
const std::map<std::string, std::string> kChanged = {
    {"id", "mists-3b"},       {"name", "Other"},          {"position", "42"},     {"rule_set", "gcc"},
    {"exclude_kinds", "castle"}, {"ghost_bank", "17"},     {"stacks", "4"},        {"dogs", "12 40 60"},
    {"target", "77"},         {"cemetery", "haunted"},    {"scoring", "per_colour"}, {"score_markers", "4"},
    {"marker_from_supply", "1"}, {"description", "other"},
};

// The level part of the digest as replay/digest.cpp wrote it before the table, field by
// field: the table must hash the same bytes.
uint64_t old_level_hash(const Level& l) {
  Fnv64 h;
  h.text(l.id);
  for (const Kind k : l.exclude_kinds) h.text(kind_name(k));
  h.i64(l.ghost_bank);
  h.i64(l.stacks);
  for (const int d : l.dogs) h.i64(d);
  h.i64(l.target);
  h.text(cemetery_mode_name(l.cemetery));
  h.text(scoring_mode_name(l.scoring));
  h.i64(l.score_markers);
  h.i64(l.marker_from_supply ? 1 : 0);
  for (const auto& f : l.followers) {
    h.i64(f.players);
    h.i64(f.colours);
    h.i64(f.per_colour);
  }
  return h.h;
}

}  // namespace

TEST_CASE("digest: every shipped level hashes as before the level column table") {
  const Content& c = test::default_content();
  REQUIRE(c.levels.size() >= 6);
  for (const Level& l : c.levels) {
    INFO(l.id);
    Fnv64 h;
    hash_level(h, l);
    CHECK(h.h == old_level_hash(l));
  }
}

TEST_CASE("digest: each level column the game reads changes the digest and is named by the diff") {
  const Content& c = test::default_content();
  const Level& base = *c.find_level("mists-3");
  const RuleSet& rs = *c.find_rule_set(base.rule_set);
  const uint64_t before = replay::rules_digest(c, rs, &base);
  REQUIRE(kChanged.size() == level_columns().size());
  for (const LevelColumn& col : level_columns()) {
    INFO(col.name);
    Level l = base;
    REQUIRE_FALSE(set_level_value(l, col, kChanged.at(std::string(col.name))));
    REQUIRE(col.get(l) != col.get(base));
    const bool changed = replay::rules_digest(c, rs, &l) != before;
    CHECK(changed == col.digest);
    const auto diff = replay::diff_rules(c, rs, &base, c, rs, &l);
    const std::string field = col.type == LevelColumnType::Id ? "level" : "level." + std::string(col.name);
    const bool named = std::any_of(diff.begin(), diff.end(), [&](const replay::RulesDifference& d) {
      return d.field == field && d.a == col.get(base) && d.b == col.get(l);
    });
    CHECK(named == col.digest);
    CHECK(diff.size() == (col.digest ? 1u : 0u));
  }
  // The follower rows too.
  Level l = base;
  l.followers.front().per_colour += 1;
  CHECK(replay::rules_digest(c, rs, &l) != before);
  const auto diff = replay::diff_rules(c, rs, &base, c, rs, &l);
  REQUIRE(diff.size() == 1);
  CHECK(diff[0].field == "level.followers");
}
