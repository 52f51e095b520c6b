// Feature kinds are registered by their modules (issue 31, target 2): the core defines
// the base game's kinds, each module declares its own and describes them in a row of its
// kind table; the core's tile checks call every module's registered check.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

#include "engine/content.h"
#include "engine/rules/kinds.h"
#include "engine/rules/registry.h"
#include "fixtures.h"

using namespace tw;

namespace {

bool has_message(const std::vector<ContentError>& errors, std::string_view column, std::string_view text) {
  return std::any_of(errors.begin(), errors.end(), [&](const ContentError& e) {
    return e.table == "tile_segment" && e.column == column && e.message.find(text) != std::string::npos;
  });
}

const TileType& tile_with(const Content& c, Kind k) {
  for (const TileType& t : c.tiles)
    for (const Segment& s : t.segments)
      if (s.kind == k) return t;
  FAIL("no tile with a " << kind_name(k));
  throw 0;
}

}  // namespace

TEST_CASE("every registered kind has a distinct value below kMaxKinds and a distinct name") {
  std::set<size_t> values;
  std::set<std::string_view> names;
  size_t rows = 0;
  for (const KindTable* t : kind_tables())
    for (const KindRule& k : t->kinds) {
      ++rows;
      INFO(t->module << ": " << k.name);
      CHECK(static_cast<size_t>(k.kind) < kMaxKinds);
      CHECK(values.insert(static_cast<size_t>(k.kind)).second);
      CHECK(names.insert(k.name).second);
      REQUIRE(kind_rule(k.kind) == &k);
      CHECK(kind_props(k.kind) == k.props);
    }
  CHECK(rows == 12);
  CHECK_FALSE(kind_rule(static_cast<Kind>(kMaxKinds - 1)));
  CHECK(kind_name(static_cast<Kind>(kMaxKinds - 1)) == "?");
}

TEST_CASE("kind names and values are those of the database and the notation") {
  // The values are hashed and stored by number in places (Level bits, plan keys): pinned.
  const std::vector<std::pair<Kind, std::string_view>> want = {
      {Kind::None, "none"},       {Kind::City, "city"},   {Kind::Road, "road"},        {Kind::Field, "field"},
      {Kind::Monastery, "monastery"}, {kCastle, "castle"}, {kCemetery, "cemetery"},   {kLowland, "lowland"},
      {kMountain, "mountain"},    {kWater, "water"},      {kFog, "fog"},               {kRuin, "ruin"}};
  for (size_t v = 0; v < want.size(); ++v) {
    CHECK(static_cast<size_t>(want[v].first) == v);
    CHECK(kind_name(want[v].first) == want[v].second);
    if (v > 0) CHECK(parse_kind(want[v].second) == want[v].first);
  }
  CHECK_FALSE(parse_kind("none"));
  CHECK_FALSE(parse_kind("castles"));
  CHECK(location_kind_names() == std::vector<std::string_view>{"city", "road", "field", "monastery", "castle",
                                                                "cemetery", "lowland", "mountain", "water"});
  for (const Kind k : {Kind::City, Kind::Road, kLowland, kMountain, kWater}) CHECK(kind_named_by_edge(k));
  for (const Kind k : {Kind::None, Kind::Field, Kind::Monastery, kCastle, kCemetery, kFog, kRuin})
    CHECK_FALSE(kind_named_by_edge(k));
  CHECK((kind_props(kFog) & kCover));
  for (const Kind k : {Kind::Monastery, kCastle, kCemetery}) CHECK((kind_props(k) & kCentre));
}

TEST_CASE("the modules' tile checks run from finalize_tile") {
  const Content& c = test::default_content();
  REQUIRE(tile_checks().size() == 4);
  SECTION("fog (engine/rules/fog.cpp): whole edges, and fogged only where fog lies") {
    TileType t = tile_with(c, kFog);
    std::vector<ContentError> errors;
    finalize_tile(t, c.terrains, errors);
    REQUIRE(errors.empty());
    for (Segment& s : t.segments)
      if (s.kind == kFog) {
        for (int side = 0; side < 4; ++side)
          if (s.ports & (1u << middle_port(side))) {
            s.ports = static_cast<uint16_t>(s.ports & ~(1u << (3 * side)));  // one port short
            break;
          }
      }
    finalize_tile(t, c.terrains, errors);
    CHECK(has_message(errors, "ports", "fog covers whole edges: all three ports of side"));
    TileType u = tile_with(c, kCastle);
    errors.clear();
    for (Segment& s : u.segments)
      if (s.kind == kCastle) s.covered = true;
    finalize_tile(u, c.terrains, errors);
    CHECK(has_message(errors, "fogged", "fog lies only over roads and fields, never over a castle"));
  }
  SECTION("cities: shields only on a kind that counts them") {
    TileType t = tile_with(c, Kind::Road);
    for (Segment& s : t.segments)
      if (s.kind == Kind::Road) s.shields = 1;
    std::vector<ContentError> errors;
    finalize_tile(t, c.terrains, errors);
    CHECK(has_message(errors, "shields", "only a city or a Discovery region segment carries shields"));
  }
  SECTION("inns and cathedrals: a mark only on a road or a city") {
    TileType t = tile_with(c, Kind::Field);
    for (Segment& s : t.segments)
      if (s.kind == Kind::Field) s.mark = true;
    std::vector<ContentError> errors;
    finalize_tile(t, c.terrains, errors);
    CHECK(has_message(errors, "mark", "only a road (an inn) or a city (a cathedral) segment carries a mark"));
  }
  SECTION("discovery regions: touches go both ways") {
    TileType t = tile_with(c, kWater);
    std::vector<ContentError> errors;
    finalize_tile(t, c.terrains, errors);
    REQUIRE(errors.empty());
    bool cut = false;
    for (Segment& s : t.segments)
      if (is_region(s.kind) && !s.touches.empty() && !cut) {
        const uint8_t other = s.touches.front();
        auto& back = t.segments[other].touches;
        back.erase(std::remove(back.begin(), back.end(), static_cast<uint8_t>(&s - t.segments.data())), back.end());
        cut = true;
      }
    REQUIRE(cut);
    finalize_tile(t, c.terrains, errors);
    CHECK(has_message(errors, "touches", "adjacency goes both ways"));
  }
  SECTION("the core: a centre kind owns only C (a castle, from its row's kCentre)") {
    TileType t = tile_with(c, kCastle);
    for (Segment& s : t.segments)
      if (s.kind == kCastle) s.ports = static_cast<uint16_t>(s.ports | (1u << N));
    std::vector<ContentError> errors;
    finalize_tile(t, c.terrains, errors);
    CHECK(has_message(errors, "ports", "a castle owns only the centre port C"));
  }
}

TEST_CASE("the port facing port 3*side+i across the edge is 3*opposite side+2-i (put_tile walks them so)") {
  for (int side = 0; side < 4; ++side)
    for (int i = 0; i < 3; ++i) {
      INFO("side " << side << " port " << i);
      const int facing = 3 * ((side + 2) % 4) + 2 - i;
      CHECK(opposite_port(3 * side + i) == facing);
      CHECK(opposite_port(facing) == 3 * side + i);
    }
  CHECK(opposite_port(middle_port(0)) == middle_port(2));
}
