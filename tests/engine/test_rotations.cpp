// Merged equivalent rotations (engine/content.h same_by_symmetry, Game::set_all_rotations):
// a decision lists each placement once, at its canonical rotation. The differential test
// plays the same seeded games with the old listing (every fitting rotation) and the new
// one, and finds at every decision the same options up to equivalence and at the end the
// same scores; the old game's choices are given to the new one as their text, so a record
// that names another equivalent rotation reads and plays the same.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <tuple>
#include <vector>

#include "engine/game.h"
#include "engine/rng.h"
#include "fixtures.h"
#include "sanitized.h"

using namespace tw;

namespace {

const TileType& base_tile(const Content& c, const char* id) {
  const int t = c.find_tile("base", id);
  REQUIRE(t >= 0);
  return c.tiles[static_cast<size_t>(t)];
}

unsigned rot_canon_mask(const TileType& t) {
  unsigned m = 0;
  for (int r = 0; r < 4; ++r)
    if (canonical_rotation(t, r) == r) m |= 1u << r;
  return m;
}

// A decision's options as comparable keys: a placement by tile, cell and canonical
// rotation; anything else by its canonical text (a location names board ports, so the
// same follower spot reads the same whichever equivalent rotation the tile lies at).
using RotKey = std::tuple<int, int, int, int, std::string>;
std::vector<RotKey> rot_keys(const Game& g) {
  std::vector<RotKey> out;
  for (const Option& o : g.pending().options) {
    if (o.kind == OptKind::Place)
      out.emplace_back(o.tile, o.x, o.y, g.canonical_rotation(o.tile, o.rot), std::string());
    else
      out.emplace_back(-1, 0, 0, 0, g.to_string(o));
  }
  std::sort(out.begin(), out.end());
  return out;
}

struct RotPlayed {
  long decisions = 0, merged = 0, renamed = 0;  // decisions; old options merged away; choices
                                                // given at a rotation that is not canonical
};

RotPlayed rot_differential(GameSetup setup, int games) {
  const Content& c = test::default_content();
  RotPlayed played;
  for (int i = 1; i <= games; ++i) {
    setup.seed = static_cast<uint64_t>(i);
    Game old_game, new_game;
    old_game.set_all_rotations(true);  // before create: the first decision is listed so too
    REQUIRE_FALSE(Game::create(c, setup, old_game));
    REQUIRE(old_game.all_rotations());
    REQUIRE_FALSE(Game::create(c, setup, new_game));
    Rng rng(setup.seed * 104729 + 17);
    while (!old_game.finished()) {
      INFO("seed " << setup.seed << " ply " << old_game.ply());
      REQUIRE_FALSE(new_game.finished());
      REQUIRE(old_game.pending().kind == new_game.pending().kind);
      REQUIRE(old_game.pending().player == new_game.pending().player);
      std::vector<RotKey> ko = rot_keys(old_game), kn = rot_keys(new_game);
      // The new list: canonical rotations only, nothing twice.
      for (const Option& o : new_game.pending().options) REQUIRE(new_game.canonical(o) == o);
      REQUIRE(std::adjacent_find(kn.begin(), kn.end()) == kn.end());
      const size_t old_size = ko.size();
      ko.erase(std::unique(ko.begin(), ko.end()), ko.end());
      played.merged += static_cast<long>(old_size - ko.size());
      REQUIRE(ko == kn);
      ++played.decisions;
      // The old game's choice, given to the new game as the text a record would hold.
      const auto& opts = old_game.pending().options;
      const Option o = opts[static_cast<size_t>(rng.below(opts.size()))];
      const std::string text = old_game.to_string(o);
      if (!(old_game.canonical(o) == o)) ++played.renamed;
      REQUIRE_FALSE(old_game.apply(o));
      const auto v = new_game.apply(std::string_view(text));
      INFO(text);
      REQUIRE_FALSE(v);
      for (int p = 0; p < old_game.player_count(); ++p) REQUIRE(old_game.score(p) == new_game.score(p));
      REQUIRE(old_game.tiles_left() == new_game.tiles_left());
    }
    REQUIRE(new_game.finished());
    REQUIRE(old_game.outcome() == new_game.outcome());
    REQUIRE(old_game.end_reason() == new_game.end_reason());
    for (int p = 0; p < old_game.player_count(); ++p) REQUIRE(old_game.score(p) == new_game.score(p));
    REQUIRE(new_game.check_invariants().empty());
  }
  return played;
}

GameSetup rot_setup(const std::string& rule_set, const std::string& level, int players) {
  GameSetup s;
  s.rule_set = rule_set;
  s.level = level;
  for (int p = 0; p < players; ++p) s.players.push_back({"bot:random", "random"});
  return s;
}

}  // namespace

TEST_CASE("rotations: the base tiles' equivalent rotations, from their edges and segments") {
  const Content& c = test::default_content();
  // Same at every rotation: the monastery B, the full city C, the crossroads X.
  for (const char* id : {"B", "C", "X"}) {
    INFO(id);
    CHECK(rot_canon_mask(base_tile(c, id)) == 0b0001);
  }
  // Same at r0 and r180: the city across (F with a shield, G), the two caps H, the road U.
  for (const char* id : {"F", "G", "H", "U"}) {
    INFO(id);
    CHECK(rot_canon_mask(base_tile(c, id)) == 0b0011);
    CHECK(canonical_rotation(base_tile(c, id), 3) == 1);
  }
  for (const char* id : {"A", "D", "E", "J", "K", "L", "V", "W"}) {
    INFO(id);
    CHECK(rot_canon_mask(base_tile(c, id)) == 0b1111);
  }
}

TEST_CASE("rotations: a tile the same in edges but not in what lies on them keeps its rotations") {
  const Content& c = test::default_content();
  const TileType& h = base_tile(c, "H");  // two city caps, N and S at r0 (or E and W)
  REQUIRE(same_by_symmetry(h, 0, 2));
  const int north = h.port_segment[N], south = h.port_segment[S];
  const int east = h.port_segment[E], west = h.port_segment[W];
  const int cap = h.segments[static_cast<size_t>(north)].kind == Kind::City ? north : east;
  const int other = cap == north ? south : west;
  REQUIRE(h.segments[static_cast<size_t>(other)].kind == Kind::City);
  {  // a shield on one cap only
    TileType t = h;
    t.segments[static_cast<size_t>(cap)].shields = 1;
    CHECK_FALSE(same_by_symmetry(t, 0, 2));
    CHECK(canonical_rotation(t, 2) == 2);
  }
  {  // one cap of another kind (terrain kept): a special feature on one side
    TileType t = h;
    t.segments[static_cast<size_t>(cap)].kind = Kind::Road;
    CHECK_FALSE(same_by_symmetry(t, 0, 2));
  }
  {  // the cover layer over one cap only
    TileType t = h;
    t.segments[static_cast<size_t>(cap)].covered = true;
    CHECK_FALSE(same_by_symmetry(t, 0, 2));
  }
  {  // the field touching one cap only (a farmer's city scoring would differ)
    TileType t = h;
    for (Segment& s : t.segments)
      if (s.kind == Kind::Field && !s.touches.empty()) {
        s.touches.erase(std::remove(s.touches.begin(), s.touches.end(), static_cast<uint8_t>(other)), s.touches.end());
      }
    CHECK_FALSE(same_by_symmetry(t, 0, 2));
  }
  {  // the two caps joined into one city across the tile (the edges are the same)
    TileType t = h;
    Segment& a = t.segments[static_cast<size_t>(cap)];
    a.ports = static_cast<uint16_t>(a.ports | t.segments[static_cast<size_t>(other)].ports);
    for (auto& p : t.port_segment)
      if (p == other) p = static_cast<int8_t>(cap);
    // (the other cap's segment stays, on no port: no longer a cap on the board)
    CHECK_FALSE(same_by_symmetry(t, 0, 2));
  }
  // A cell of a multi-cell piece keeps its rotation.
  TileType piece = base_tile(c, "B");
  piece.piece = "MS";
  CHECK_FALSE(same_by_symmetry(piece, 0, 1));
}

TEST_CASE("rotations: a decision lists each placement once and takes any equivalent rotation") {
  const Content& c = test::default_content();
  GameSetup s = rot_setup("base", "", 2);
  s.seed = 1;
  s.draw = {"U"};  // the straight road: r0 and r180 are one placement, so are r90 and r270
  Game g;
  REQUIRE_FALSE(Game::create(c, s, g));
  REQUIRE_FALSE(g.pending().options.empty());
  for (const Option& o : g.pending().options) CHECK(o.rot <= 1);
  // With all rotations listed (set before create), the old list: every fitting rotation,
  // so U's placements twice over (a cell the road fits at, it fits at both equivalents).
  Game all;
  all.set_all_rotations(true);
  REQUIRE_FALSE(Game::create(c, s, all));
  CHECK(all.pending().options.size() == 2 * g.pending().options.size());
  for (const Option& o : all.pending().options) CHECK(std::find(g.pending().options.begin(), g.pending().options.end(), g.canonical(o)) != g.pending().options.end());
  // The same placement named at r180 or r270 is legal, as an option or as text: the tile
  // goes down as named (the board is the same; the state hash holds the rotation, so a
  // replay recorded with the other rotation still verifies), and what follows is the same.
  for (const Option& o : g.pending().options) {
    Option turned = o;
    turned.rot = static_cast<uint8_t>(o.rot + 2);
    Game h = g;
    REQUIRE_FALSE(h.apply(turned));
    CHECK(h.placed().back().rot == turned.rot);
    Game k = g;
    REQUIRE_FALSE(k.apply(o));
    std::vector<std::string> after_turned, after_listed;
    for (const Option& f : h.pending().options) after_turned.push_back(h.to_string(f));
    for (const Option& f : k.pending().options) after_listed.push_back(k.to_string(f));
    std::sort(after_turned.begin(), after_turned.end());
    std::sort(after_listed.begin(), after_listed.end());
    CHECK(after_turned == after_listed);
    CHECK(h.score(0) == k.score(0));
    Game t = g;
    const std::string text = "place U " + std::to_string(o.x) + "," + std::to_string(o.y) + (o.rot == 0 ? " r180" : " r270");
    REQUIRE_FALSE(t.apply(std::string_view(text)));
    CHECK(t.state_hash() == h.state_hash());
    // With every rotation listed, the rotation is taken as named.
    Game a = all;
    REQUIRE_FALSE(a.apply(turned));
    CHECK(a.placed().back().rot == turned.rot);
  }
}

TEST_CASE("rotations: the same games with every rotation listed and with equivalent rotations merged",
          "[differential]") {
  struct Case {
    const char* rule_set;
    const char* level;
    int players, games;
  };
  const int k = test::kSanitized ? 20 : 1000, co = test::kSanitized ? 5 : 200;
  const Case cases[] = {{"base", "", 2, k},           {"gcc", "", 3, k},           {"discovery", "", 2, k},
                        {"discovery-expert", "", 2, k}, {"mists", "mists-1", 2, co}, {"mists", "mists-2", 3, co},
                        {"mists", "mists-3", 2, co},    {"mists", "mists-4", 3, co}, {"mists", "mists-5", 2, co},
                        {"mists", "mists-6", 4, co}};
  for (const Case& c : cases) {
    INFO(c.rule_set << " " << c.level);
    const RotPlayed p = rot_differential(rot_setup(c.rule_set, c.level, c.players), c.games);
    // The games reached many decisions and the old listing had rotations to merge, some
    // of them chosen (and read back from their text) at a rotation that is not canonical.
    CHECK(p.decisions >= 20L * c.games);
    CHECK(p.merged > 0);
    CHECK(p.renamed > 0);
  }
}
