// The size limits of engine/limits.h, each at its boundary: content at the limit loads
// and plays, one more is refused by validate_content (naming table, row and column) and
// by Game::create (a Violation, never a crash). Issue 30: a pool of 240,000 tiles used to
// overflow a placed tile's int16_t index and crash in field_value at the final scoring.
#include <catch2/catch.hpp>

#include "engine/game.h"
#include "engine/limits.h"
#include "engine/rng.h"
#include "fixtures.h"

using namespace tw;

namespace {

bool has_error(const std::vector<ContentError>& errors, const std::string& table, const std::string& row,
               const std::string& column, const std::string& part) {
  for (const auto& e : errors)
    if (e.table == table && e.row == row && e.column == column && (e.message + " " + e.value).find(part) != std::string::npos)
      return true;
  return false;
}

RuleSet& limits_rule_set(Content& c, const std::string& id) {
  for (auto& r : c.rule_sets)
    if (r.id == id) return r;
  FAIL("no rule set " << id);
  return c.rule_sets.front();
}

// Base's pool scaled up to hold exactly `tiles` tiles with the start tile: every row
// `scale` times, the rest as copies of tile A (a monastery, no shields).
void scale_base_pool(Content& c, int64_t tiles) {
  RuleSet& base = limits_rule_set(c, "base");
  const int64_t now = pile_size(c, base).tiles;  // 72 (71 in the pile)
  const int64_t scale = (tiles - 1) / (now - 1);
  int64_t total = 1;
  for (auto& e : base.pool) {
    e.count = static_cast<int>(e.count * scale);
    total += e.count;
  }
  const int a = c.find_tile("base", "A");
  REQUIRE(a >= 0);
  for (auto& e : base.pool)
    if (e.tile == a) e.count += static_cast<int>(tiles - total);
  REQUIRE(pile_size(c, base).tiles == tiles);
}

GameSetup two_players(const std::string& limits_rule_set, uint64_t seed = 7) {
  GameSetup s;
  s.rule_set = limits_rule_set;
  s.seed = seed;
  s.players = {{"Ann", ""}, {"Ben", ""}};
  return s;
}

}  // namespace

TEST_CASE("limits: pile_size counts the start tile (or piece), the pool and their shields", "[engine][limits]") {
  const Content& c = test::default_content();
  const PileSize base = pile_size(c, *c.find_rule_set("base"));
  CHECK(base.tiles == 72);  // the base game: 71 in the pile and the start tile
  CHECK(base.shields > 0);
  const RuleSet* gcc = c.find_rule_set("gcc");
  REQUIRE(gcc);
  int64_t pool = 0;
  for (const auto& e : gcc->pool) pool += e.count;
  CHECK(pile_size(c, *gcc).tiles == pool + 4);  // the 2x2 start piece
}

TEST_CASE("limits: kMaxGameTiles tiles load, one more is refused at load and by Game::create", "[engine][limits]") {
  Content c = test::default_content();
  scale_base_pool(c, kMaxGameTiles);
  CHECK(!has_error(validate_content(c), "rule_set_pool", "base", "count", "tiles in one game"));
  Game g;
  const auto ok = Game::create(c, two_players("base"), g);
  INFO((ok ? ok->message : std::string()));
  CHECK(!ok);
  CHECK(g.tiles_left() == kMaxGameTiles - 2);  // the start tile placed, the first tile drawn

  scale_base_pool(c, kMaxGameTiles + 1);
  const auto errors = validate_content(c);
  CHECK(has_error(errors, "rule_set_pool", "base", "count", "at most 16,000 tiles in one game"));
  CHECK(has_error(errors, "rule_set_pool", "base", "count", "16,001 tiles"));
  const auto refused = Game::create(c, two_players("base"), g);
  REQUIRE(refused);
  CHECK(refused->message.find("at most 16000 tiles") != std::string::npos);
}

TEST_CASE("limits: the issue's pool (every base row 10,000) is refused, not a crash", "[engine][limits]") {
  Content c = test::default_content();
  for (auto& e : limits_rule_set(c, "base").pool) e.count = static_cast<int>(kMaxPoolCount);
  CHECK(has_error(validate_content(c), "rule_set_pool", "base", "count", "240,001 tiles"));
  Game g;
  CHECK(Game::create(c, two_players("base"), g));
}

TEST_CASE("limits: shields on the tiles of one game, kMaxGameShields and one more", "[engine][limits]") {
  Content c = test::default_content();
  RuleSet& base = limits_rule_set(c, "base");
  // Tile C (the full city) with 9 shields; the pool only C, as many as the limit allows.
  const int ct = c.find_tile("base", "C");
  REQUIRE(ct >= 0);
  TileType& tc = c.tiles[static_cast<size_t>(ct)];
  REQUIRE(tc.segments.size() == 1);
  tc.segments[0].shields = 9;
  base.pool = {{ct, 0}};
  const int64_t start = pile_size(c, base).shields;
  base.pool[0].count = static_cast<int>((kMaxGameShields - start) / 9);
  const int64_t at = pile_size(c, base).shields;
  REQUIRE(at <= kMaxGameShields);
  REQUIRE(at + 9 > kMaxGameShields);
  CHECK(!has_error(validate_content(c), "rule_set_pool", "base", "count", "shields"));
  Game g;
  CHECK(!Game::create(c, two_players("base"), g));
  ++base.pool[0].count;
  CHECK(has_error(validate_content(c), "rule_set_pool", "base", "count", "at most 65,535 shields"));
  const auto refused = Game::create(c, two_players("base"), g);
  REQUIRE(refused);
  CHECK(refused->message.find("65535 shields") != std::string::npos);
}

TEST_CASE("limits: followers in one game, kMaxGameFollowers and one more", "[engine][limits]") {
  Content c = test::default_content();
  RuleSet& base = limits_rule_set(c, "base");
  base.rules.max_players = 5;
  base.rules.followers = kMaxGameFollowers / 5;  // 51: 255 followers with 5 players
  CHECK(!has_error(validate_content(c), "rule_param", "base/followers", "value", "followers in one game"));
  GameSetup five = two_players("base");
  five.players.resize(5, {"Cy", ""});
  Game g;
  CHECK(!Game::create(c, five, g));
  base.rules.followers += 1;  // 260
  CHECK(has_error(validate_content(c), "rule_param", "base/followers", "value", "is 260"));
  const auto refused = Game::create(c, five, g);
  REQUIRE(refused);
  CHECK(refused->message.find("at most 255") != std::string::npos);
  // Co-op: players x colours x per_colour.
  Level* level = nullptr;
  for (auto& l : c.levels)
    if (!l.followers.empty()) level = &l;
  REQUIRE(level);
  level->followers[0].per_colour = 300;
  CHECK(has_error(validate_content(c), "level_followers", level->id + "/" + std::to_string(level->followers[0].players),
                  "per_colour", "at most 255 followers"));
}

TEST_CASE("limits: tile types and the co-op ghost bank", "[engine][limits]") {
  Content c = test::default_content();
  CHECK(!has_error(validate_content(c), "tile_type", "", "id", "tile types"));
  c.tiles.resize(static_cast<size_t>(kMaxTileTypes) + 1, c.tiles.front());
  // (the copies repeat an id; only the count matters here)
  CHECK(has_error(validate_content(c), "tile_type", "", "id", "at most 65,535 tile types"));

  Content d = test::default_content();
  REQUIRE(!d.levels.empty());
  d.levels.front().ghost_bank = static_cast<int>(kMaxGhostBank);
  CHECK(!has_error(validate_content(d), "level", d.levels.front().id, "ghost_bank", "0..200"));
  d.levels.front().ghost_bank = static_cast<int>(kMaxGhostBank) + 1;
  CHECK(has_error(validate_content(d), "level", d.levels.front().id, "ghost_bank", "0..200"));
}

TEST_CASE("limits: a game of kMaxGameTiles tiles plays to its final scoring", "[engine][limits][slow]") {
  // Every base tile about 225 times (fields and cities far larger than any real game's),
  // random legal decisions: the board, the frontier and the features reach sizes a
  // narrower field would overflow; the final scoring walks every one of them.
  Content c = test::default_content();
  scale_base_pool(c, kMaxGameTiles);
  Game g;
  REQUIRE(!Game::create(c, two_players("base", 11), g));
  g.set_playout(true);
  Rng rng(2026);
  size_t decisions = 0;
  while (!g.finished()) {
    g.apply_index(static_cast<size_t>(rng.below(g.option_count())));
    ++decisions;
  }
  CHECK(static_cast<int64_t>(g.placed().size()) + g.tiles_left() <= kMaxGameTiles);
  CHECK(static_cast<int64_t>(g.placed().size()) > kMaxGameTiles / 2);
  CHECK(g.check_invariants().empty());
  CHECK(g.score(0) > 0);
  CHECK(g.score(1) > 0);
  CHECK(decisions > static_cast<size_t>(kMaxGameTiles));
}
