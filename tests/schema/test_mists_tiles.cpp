// The reconstructed Mists over Carcassonne / Ghosts, Castles and Cemeteries tiles in the
// shipped default.db (scenarios/mists.sql) against the facts of TILES.md section 2, and
// a play check: the base engine deals them like a Carcassonne tile mix.
#include <SQLiteCpp/SQLiteCpp.h>

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "engine/rules/kinds.h"
#include "engine/bots/bots.h"
#include "engine/game.h"
#include "fixtures.h"

using namespace tw;

namespace {

const Content& content() { return test::default_content(); }

int bits(int v) { return std::popcount(static_cast<unsigned>(v)); }

constexpr uint16_t side_mask(int side) { return static_cast<uint16_t>(7u << (3 * side)); }

// The 56 tile types of tile set mists, in database order.
std::vector<const TileType*> mists_types() {
  std::vector<const TileType*> out;
  for (const auto& t : content().tiles)
    if (t.tile_set == "mists") out.push_back(&t);
  return out;
}
// The 52 ordinary tile types (not cells of the start piece).
std::vector<const TileType*> mists_tiles() {
  std::vector<const TileType*> out;
  for (const TileType* t : mists_types())
    if (t->piece.empty()) out.push_back(t);
  return out;
}

const TileType& mists(const std::string& id) {
  const int i = content().find_tile("mists", id);
  REQUIRE(i >= 0);
  return content().tiles[static_cast<size_t>(i)];
}

bool has_kind(const TileType& t, Kind k) {
  for (const auto& s : t.segments)
    if (s.kind == k) return true;
  return false;
}

// Sides (bit 0 N .. bit 3 W) covered by the tile's fog; -1 when it has more than one
// fog segment.
int fog_sides(const TileType& t) {
  int fog_segments = 0, sides = 0;
  for (const auto& s : t.segments) {
    if (s.kind != kFog) continue;
    ++fog_segments;
    for (int d = 0; d < 4; ++d)
      if ((s.ports & side_mask(d)) == side_mask(d)) sides |= 1 << d;
  }
  return fog_segments > 1 ? -1 : sides;
}

char edge_letter(uint8_t group) {
  auto is = [&](const char* id) {
    const Terrain* t = content().find_terrain(id);
    REQUIRE(t != nullptr);
    return t->match_group == group;
  };
  return is("city") ? 'C' : is("road") ? 'R' : is("field") ? 'F' : is("ruin") ? 'X' : '?';
}

// Edge letters C/R/F over a list of tiles, weighted by count.
std::map<char, int> edge_totals(const std::vector<const TileType*>& tiles) {
  std::map<char, int> out;
  for (const TileType* t : tiles)
    for (uint8_t g : t->edge) out[edge_letter(g)] += t->count;
  return out;
}

struct Expect {
  const char* id;
  int count;
  int ghosts;
  char centre;  // 'S' castle, 'F' cemetery, '-' none
  bool fog;
};
// Transcribed by hand from TILES.md section 2 (the Wikicarpedia list), independently of
// scenarios/mists.sql.
const std::array<Expect, 52> kExpect = {{
    {"M01", 2, 0, 'F', false}, {"M03", 1, 1, 'S', true},  {"M04", 1, 2, 'S', true},
    {"M05", 1, 2, '-', true},  {"M06", 1, 2, '-', true},  {"M07", 2, 0, '-', false},
    {"M09", 2, 0, 'F', false}, {"M11", 1, 1, 'S', true},  {"M12", 1, 3, '-', true},
    {"M13", 1, 3, '-', true},  {"M14", 3, 3, '-', true},  {"M17", 1, 0, '-', false},
    {"M18", 1, 2, '-', true},  {"M19", 1, 2, '-', true},  {"M20", 1, 0, '-', false},
    {"M21", 1, 1, '-', true},  {"M22", 1, 0, '-', false}, {"M23", 2, 3, '-', true},
    {"M25", 1, 2, '-', true},  {"M26", 1, 2, '-', true},  {"M27", 1, 1, '-', true},
    {"M28", 1, 2, '-', true},  {"M29", 1, 2, '-', true},  {"M30", 1, 0, '-', false},
    {"M31", 1, 1, '-', true},  {"M32", 1, 3, '-', true},  {"M33", 1, 1, '-', true},
    {"M34", 1, 2, '-', true},  {"M35", 1, 2, '-', true},  {"M36", 1, 2, '-', true},
    {"M37", 1, 1, '-', true},  {"M38", 2, 0, '-', false}, {"M40", 1, 0, '-', false},
    {"M41", 1, 1, '-', true},  {"M42", 1, 1, '-', true},  {"M43", 1, 1, 'S', true},
    {"M44", 1, 1, '-', true},  {"M45", 1, 1, '-', true},  {"M46", 1, 0, 'F', false},
    {"M47", 1, 3, '-', true},  {"M48", 1, 0, '-', false}, {"M49", 1, 0, '-', false},
    {"M50", 1, 1, '-', true},  {"M51", 1, 1, '-', true},  {"M52", 1, 2, '-', true},
    {"M54", 2, 2, '-', true},  {"M55", 1, 0, '-', false}, {"M56", 1, 1, '-', true},
    {"M57", 1, 2, '-', true},  {"M58", 1, 1, 'S', true},  {"M59", 1, 1, '-', true},
    {"M60", 1, 2, '-', true},
}};

// Discards over `games` seeded random 2-player games of a rule set.
struct PlayStats {
  long drawn = 0, discarded = 0;
  int unfinished = 0;
  std::string broken;  // first invariant violation, if any
};
PlayStats play_random(const std::string& rule_set, int games) {
  const Content& c = test::test_content();
  auto bot = make_bot("random");
  REQUIRE(bot != nullptr);
  PlayStats st;
  auto count = [&](const Game& g) {
    for (const Event& e : g.events()) {
      st.drawn += e.kind == EventKind::TileDrawn;
      st.discarded += e.kind == EventKind::TileDiscarded;
    }
  };
  for (int i = 0; i < games; ++i) {
    GameSetup s;
    s.rule_set = rule_set;
    s.seed = static_cast<uint64_t>(i) + 1;
    s.players = {{"a", "random"}, {"b", "random"}};
    Game g;
    const auto v = Game::create(c, s, g);
    INFO(rule_set << " seed " << s.seed << ": " << (v ? v->message : std::string()));
    REQUIRE(!v);
    count(g);
    Rng rng(s.seed);
    int steps = 0;
    while (!g.finished() && steps++ < 10000) {
      g.apply_index(bot->choose(g, rng));
      count(g);
    }
    st.unfinished += !g.finished();
    if (st.broken.empty()) st.broken = g.check_invariants();
  }
  return st;
}

}  // namespace

TEST_CASE("mists tile set row: name, source and low confidence") {
  SQLite::Database db(TW_TEST_DB, SQLite::OPEN_READONLY);
  SQLite::Statement st(db, "SELECT name, source, confidence FROM tile_set WHERE id = 'mists'");
  REQUIRE(st.executeStep());
  CHECK(st.getColumn(0).getString() == "Mists over Carcassonne / Ghosts, Castles and Cemeteries");
  CHECK(st.getColumn(1).getString().rfind("reconstructed", 0) == 0);
  CHECK(st.getColumn(2).getString() == "low");
}

TEST_CASE("mists holds 52 tile types M01..M60 and the 4 cells of the start piece") {
  const auto all = mists_types();
  CHECK(all.size() == 56);
  const auto tiles = mists_tiles();
  REQUIRE(tiles.size() == kExpect.size());
  int total = 0;
  for (size_t i = 0; i < tiles.size(); ++i) {
    INFO("tile " << kExpect[i].id);
    CHECK(tiles[i]->id == kExpect[i].id);
    CHECK(tiles[i]->count == kExpect[i].count);
    total += tiles[i]->count;
  }
  CHECK(total == 60);
  // The picture numbers that are extra copies are not tile types of their own.
  for (const char* id : {"M02", "M08", "M10", "M15", "M16", "M24", "M39", "M53"})
    CHECK(content().find_tile("mists", id) < 0);
}

TEST_CASE("every mists tile matches its entry in the Wikicarpedia list") {
  for (const auto& e : kExpect) {
    INFO("tile " << e.id);
    const TileType& t = mists(e.id);
    CHECK(t.reconstructed);
    CHECK(t.symbols == e.ghosts);
    CHECK(has_kind(t, kCastle) == (e.centre == 'S'));
    CHECK(has_kind(t, kCemetery) == (e.centre == 'F'));
    CHECK(t.covered_tile() == e.fog);
    CHECK(has_kind(t, kFog) == e.fog);
    CHECK_FALSE(has_kind(t, Kind::Monastery));
    CHECK_FALSE(has_kind(t, kRuin));
    // The note names the symbols.
    CHECK((t.note.find("castle") != std::string::npos) == (e.centre == 'S'));
    CHECK((t.note.find("cemetery") != std::string::npos) == (e.centre == 'F'));
    CHECK((t.note.find("fog") != std::string::npos) == e.fog);
    if (e.ghosts > 0)
      CHECK(t.note.find(std::to_string(e.ghosts) + " ghost symbol") != std::string::npos);
  }
  for (const char* id : {"M19", "M21", "M49", "M50"})
    CHECK(mists(id).note.find("(T) illustration only") != std::string::npos);
  for (const char* id : {"M33", "M40", "M41"})
    CHECK(mists(id).note.find("(K) illustration only") != std::string::npos);
}

TEST_CASE("mists totals: 43 fogged tiles with 78 ghost symbols split 17 17 9 and 17 clear") {
  int fogged = 0, clear = 0, symbols = 0, symbols_on_clear = 0;
  std::map<int, int> by_symbols;
  for (const TileType* t : mists_tiles()) {
    if (t->covered_tile()) {
      fogged += t->count;
      by_symbols[t->symbols] += t->count;
    } else {
      clear += t->count;
      symbols_on_clear += t->symbols * t->count;
    }
    symbols += t->symbols * t->count;
  }
  CHECK(fogged == 43);
  CHECK(clear == 17);
  CHECK(symbols == 78);
  CHECK(symbols_on_clear == 0);
  CHECK(by_symbols == std::map<int, int>{{1, 17}, {2, 17}, {3, 9}});
}

TEST_CASE("mists castles are 03 04 11 43 58 in the centre and all fogged") {
  std::set<std::string> ids;
  int with_road_end = 0;
  for (const TileType* t : mists_tiles()) {
    if (!has_kind(*t, kCastle)) continue;
    ids.insert(t->id);
    INFO("tile " << t->id);
    CHECK(t->count == 1);
    CHECK(t->covered_tile());
    CHECK(t->port_segment[C] >= 0);
    CHECK(t->segments[static_cast<size_t>(t->port_segment[C])].kind == kCastle);
    // Fog around the castle: the fog covers the centre and at least two sides.
    for (const auto& s : t->segments)
      if (s.kind == kFog) {
        CHECK((s.ports & (1u << C)) != 0);
        CHECK(bits(fog_sides(*t)) >= 2);
      }
    bool road_end = false;
    for (const auto& s : t->segments)
      road_end = road_end || (s.kind == Kind::Road && bits(s.ports) == 1);
    with_road_end += road_end;
  }
  CHECK(ids == std::set<std::string>{"M03", "M04", "M11", "M43", "M58"});
  CHECK(with_road_end >= 1);  // "a castle tile may have a road that ends at the castle"
}

TEST_CASE("mists cemeteries are 01 x2 09 x2 46 and never fogged") {
  std::map<std::string, int> ids;
  int with_city = 0;
  for (const TileType* t : mists_tiles()) {
    if (!has_kind(*t, kCemetery)) continue;
    ids[t->id] = t->count;
    INFO("tile " << t->id);
    CHECK_FALSE(t->covered_tile());
    CHECK(t->port_segment[C] >= 0);
    CHECK(t->segments[static_cast<size_t>(t->port_segment[C])].kind == kCemetery);
    with_city += has_kind(*t, Kind::City);
  }
  CHECK(ids == std::map<std::string, int>{{"M01", 2}, {"M09", 2}, {"M46", 1}});
  CHECK(with_city >= 1);  // the rule books' example: a cemetery with a city
}

TEST_CASE("mists fog lies over roads and fields only in one area per tile") {
  for (const TileType* t : mists_types()) {
    INFO("tile " << t->id);
    uint16_t fog = 0;
    for (const auto& s : t->segments)
      if (s.kind == kFog) fog = static_cast<uint16_t>(fog | (s.ports & 0x0FFF));
    const int sides = fog_sides(*t);
    REQUIRE(sides >= 0);  // at most one fog segment per tile
    // Fog owns whole sides only.
    for (int d = 0; d < 4; ++d)
      CHECK(((fog & side_mask(d)) == 0 || (fog & side_mask(d)) == side_mask(d)));
    CHECK((sides != 0) == t->covered_tile());
    for (const auto& s : t->segments) {
      const uint16_t edge = static_cast<uint16_t>(s.ports & 0x0FFF);
      if (s.kind == Kind::City) CHECK((edge & fog) == 0);
      if (s.kind == kCastle || s.kind == kCemetery || s.kind == Kind::City)
        CHECK_FALSE(s.covered);
      if (s.kind == Kind::Field) {
        CHECK(((edge & fog) == 0 || (edge & fog) == edge));
        CHECK(s.covered == ((edge & fog) != 0));
      }
      if (s.kind == Kind::Road) CHECK(s.covered == ((edge & fog) != 0));
    }
  }
}

TEST_CASE("mists edges are a Carcassonne mix with fog shaped like city pieces") {
  std::vector<const TileType*> base;
  for (const auto& t : content().tiles)
    if (t.tile_set == "base") base.push_back(&t);
  auto b = edge_totals(base);
  auto m = edge_totals(mists_tiles());
  CHECK(b['C'] + b['R'] + b['F'] == 288);
  REQUIRE(m['C'] + m['R'] + m['F'] == 240);
  CHECK(m['X'] == 0);
  CHECK(m['?'] == 0);
  // Each share within 4 percentage points of the base game's.
  for (char k : {'C', 'R', 'F'}) {
    INFO("edge " << k << ": mists " << m[k] << "/240, base " << b[k] << "/288");
    CHECK(std::abs(m[k] / 240.0 - b[k] / 288.0) < 0.04);
  }
  // Fog shapes: caps, corners, bands and three sides all occur; some roads are fogged.
  std::map<std::string, int> shapes;
  int fogged_road_tiles = 0, fogged_sides = 0;
  for (const TileType* t : mists_tiles()) {
    const int s = fog_sides(*t);
    const int n = bits(s);
    fogged_sides += n * t->count;
    if (n == 1) shapes["cap"] += t->count;
    if (n == 2) shapes[(s == 5 || s == 10) ? "band" : "corner"] += t->count;
    if (n == 3) shapes["three"] += t->count;
    if (n == 4) shapes["four"] += t->count;
    bool road = false;
    for (const auto& seg : t->segments) road = road || (seg.kind == Kind::Road && seg.covered);
    fogged_road_tiles += road ? t->count : 0;
  }
  CHECK(shapes["cap"] >= 5);
  CHECK(shapes["corner"] >= 5);
  CHECK(shapes["band"] >= 2);
  CHECK(shapes["three"] >= 5);
  CHECK(fogged_road_tiles >= 10);
  // Enough fog to close: at least 40% of the non-city edges of the set are fogged.
  CHECK(fogged_sides >= (m['R'] + m['F']) * 2 / 5);
}

TEST_CASE("mists shields sit on cities only, on a few tiles as in the base game") {
  int shield_tiles = 0;
  for (const TileType* t : mists_tiles()) {
    int shields = 0;
    for (const auto& s : t->segments) {
      if (s.kind != Kind::City) CHECK(s.shields == 0);
      shields += s.shields;
    }
    shield_tiles += shields > 0 ? t->count : 0;
  }
  CHECK(shield_tiles >= 5);
  CHECK(shield_tiles <= 12);
}

TEST_CASE("the start piece MS has 4 cells at the 4 offsets with 3 ghost symbols") {
  std::map<std::pair<int, int>, const TileType*> cells;
  int symbols = 0;
  for (const TileType* t : mists_types()) {
    if (t->piece.empty()) continue;
    INFO("cell " << t->id);
    CHECK(t->piece == "MS");
    CHECK(t->count == 1);
    CHECK(t->reconstructed);
    CHECK(t->notation_id() == "MS");
    CHECK(t->id == "MS" + std::to_string(t->piece_x) + std::to_string(t->piece_y));
    CHECK_FALSE(has_kind(*t, kCastle));
    CHECK_FALSE(has_kind(*t, kCemetery));
    CHECK_FALSE(has_kind(*t, Kind::Monastery));
    cells[{t->piece_x, t->piece_y}] = t;
    symbols += t->symbols;
  }
  REQUIRE(cells.size() == 4);
  for (int x = 0; x < 2; ++x)
    for (int y = 0; y < 2; ++y) CHECK(cells.count({x, y}) == 1);
  CHECK(symbols == 3);
}

TEST_CASE("the start piece has 2 fog areas, a ruin on every internal edge, matching edges") {
  std::map<std::pair<int, int>, const TileType*> cells;
  for (const TileType* t : mists_types())
    if (!t->piece.empty()) cells[{t->piece_x, t->piece_y}] = t;
  REQUIRE(cells.size() == 4);
  // Sides: 0 N (y+1), 1 E (x+1), 2 S (y-1), 3 W (x-1).
  const int dx[4] = {0, 1, 0, -1}, dy[4] = {1, 0, -1, 0};
  // Union-find over the cells' fog segments: fogged sides meeting across an internal
  // edge join two cells' fog into one area.
  std::map<const TileType*, const TileType*> parent;
  std::function<const TileType*(const TileType*)> root = [&](const TileType* t) {
    return parent[t] == t ? t : root(parent[t]);
  };
  for (auto& [xy, t] : cells)
    if (fog_sides(*t) > 0) parent[t] = t;
  int internal = 0, outer_ruin = 0;
  std::set<char> outer;
  for (auto& [xy, t] : cells) {
    INFO("cell " << t->id);
    int ruin_seg = -1;
    for (size_t i = 0; i < t->segments.size(); ++i)
      if (t->segments[i].kind == kRuin) {
        CHECK(ruin_seg < 0);  // one ruin quarter per cell
        ruin_seg = static_cast<int>(i);
      }
    REQUIRE(ruin_seg >= 0);
    for (int d = 0; d < 4; ++d) {
      INFO("side " << d);
      auto nb = cells.find({xy.first + dx[d], xy.second + dy[d]});
      const int mid = middle_port(d);
      if (nb == cells.end()) {
        outer.insert(edge_letter(t->edge[static_cast<size_t>(d)]));
        outer_ruin += t->port_segment[static_cast<size_t>(mid)] == ruin_seg;
        continue;
      }
      ++internal;
      const TileType* u = nb->second;
      const int od = (d + 2) % 4;
      // The ruin owns the middle port on both sides of every internal edge; the edges
      // match, and every port meets a port of the same kind.
      CHECK(t->port_segment[static_cast<size_t>(mid)] == ruin_seg);
      CHECK(t->edge[static_cast<size_t>(d)] == u->edge[static_cast<size_t>(od)]);
      CHECK(edge_letter(t->edge[static_cast<size_t>(d)]) == 'X');
      for (int p = 3 * d; p < 3 * d + 3; ++p) {
        const int a = t->port_segment[static_cast<size_t>(p)];
        const int b = u->port_segment[static_cast<size_t>(opposite_port(p))];
        REQUIRE(a >= 0);
        REQUIRE(b >= 0);
        CHECK(t->segments[static_cast<size_t>(a)].kind == u->segments[static_cast<size_t>(b)].kind);
      }
      const bool fa = (fog_sides(*t) >> d) & 1, fb = (fog_sides(*u) >> od) & 1;
      CHECK(fa == fb);  // fog does not stop at a seam inside the piece
      if (fa && fb) parent[root(t)] = root(u);
    }
    // Roads on the piece all end at the ruin.
    for (const auto& s : t->segments)
      if (s.kind == Kind::Road) CHECK(bits(s.ports) == 1);
  }
  CHECK(internal == 8);  // 4 internal edges, seen from both sides
  CHECK(outer_ruin == 0);
  CHECK(outer == std::set<char>{'C', 'R', 'F'});
  std::set<const TileType*> areas;
  for (auto& [t, p] : parent) areas.insert(root(t));
  CHECK(areas.size() == 2);
}

TEST_CASE("the engine lays the start piece and joins its ruin across the four cells") {
  const Content& c = test::test_content();
  GameSetup s;
  s.rule_set = "test-mists-base";
  s.seed = 7;
  s.players = {{"a", ""}, {"b", ""}};
  Game g;
  const auto v = Game::create(c, s, g);
  INFO((v ? v->message : std::string()));
  REQUIRE(!v);
  REQUIRE(g.placed().size() == 4);
  for (int x = 0; x < 2; ++x)
    for (int y = 0; y < 2; ++y) {
      const int p = g.tile_at(x, y);
      REQUIRE(p >= 0);
      const TileType& t = c.tiles[g.placed()[static_cast<size_t>(p)].type];
      CHECK(t.id == "MS" + std::to_string(x) + std::to_string(y));
      CHECK(g.placed()[static_cast<size_t>(p)].rot == 0);
      for (size_t i = 0; i < t.segments.size(); ++i)
        if (t.segments[i].kind == kRuin)
          CHECK(g.feature_tiles(g.node_of(p, static_cast<int>(i))) == 4);
    }
  CHECK(g.check_invariants().empty());
  CHECK(g.tiles_left() + 1 == 71 + 60);  // one tile drawn already
}

TEST_CASE("test-mists-base draws the base pile minus one D plus the 60 mists tiles") {
  const Content& c = test::test_content();
  const RuleSet* rs = c.find_rule_set("test-mists-base");
  REQUIRE(rs != nullptr);
  CHECK(rs->system == System::Base);
  CHECK(c.tiles[static_cast<size_t>(rs->start_tile)].id == "MS00");
  std::map<std::string, int> sets;
  for (const auto& e : rs->pool) {
    const TileType& t = c.tiles[static_cast<size_t>(e.tile)];
    CHECK(t.piece.empty());
    sets[t.tile_set] += e.count;
    if (t.tile_set == "base" && t.id == "D") CHECK(e.count == 3);
  }
  CHECK(sets == std::map<std::string, int>{{"base", 71}, {"mists", 60}});
}

TEST_CASE("random games of base and mists tiles discard about as few tiles as base") {
  const int games = 200;
  const PlayStats base = play_random("base", games);
  const PlayStats mix = play_random("test-mists-base", games);
  const double base_rate = static_cast<double>(base.discarded) / static_cast<double>(base.drawn);
  const double mix_rate = static_cast<double>(mix.discarded) / static_cast<double>(mix.drawn);
  INFO("base: " << base.discarded << " of " << base.drawn << " drawn tiles discarded ("
                << base_rate * 100 << "%); base+mists: " << mix.discarded << " of " << mix.drawn
                << " (" << mix_rate * 100 << "%)");
  CHECK(base.unfinished == 0);
  CHECK(mix.unfinished == 0);
  CHECK(base.broken.empty());
  CHECK(mix.broken.empty());
  CHECK(base.drawn == games * 71L);
  CHECK(mix.drawn == games * 131L);
  // Within a factor of 2 of the base game's rate, or under 1% of the draws.
  CHECK(mix_rate <= std::max(2.0 * base_rate, 0.01));
  WARN("discards per drawn tile: base " << base_rate * 100 << "%, base+mists " << mix_rate * 100
                                        << "%");
}
