// Board model and painter without a window: viewport geometry, the scene of a game,
// option mapping from the engine's option fields (placements, follower spots, list options), spot hit
// tests, and painting into a wxMemoryDC (deterministic, tiles where the game has them).
#include <catch2/catch.hpp>

#include <wx/dcmemory.h>

#include <algorithm>
#include <set>
#include <sstream>

#include "board/board_model.h"
#include "board/option_map.h"
#include "engine/bots/bots.h"
#include "engine/text.h"
#include "fixture.h"
#include "schema/store.h"
#include "game_fixture.h"

namespace {

using twe::test::content;

// A game played by random bots for `plies` decisions.
tw::Game played(const std::string& rule_set, uint64_t seed, int plies) {
  tw::GameSetup s;
  s.rule_set = rule_set;
  s.seed = seed;
  s.players = tw::parse_players("bot:random, bot:greedy");
  tw::Game g;
  REQUIRE_FALSE(tw::Game::create(content(), s, g));
  auto bot = tw::make_bot("random");
  tw::Rng rng(seed);
  for (int i = 0; i < plies && !g.finished(); ++i) g.apply_index(bot->choose(g, rng));
  return g;
}

wxImage paint(const tw::Game& g, const twe::BoardViewport& vp, wxSize size, const twe::BoardOverlay& ov,
              twe::TileCache* cache = nullptr) {
  wxBitmap bmp(size.GetWidth(), size.GetHeight(), 24);
  {
    wxMemoryDC dc(bmp);
    twe::draw_board(dc, g, vp, wxRect(wxPoint(0, 0), size), ov, cache);
  }
  return bmp.ConvertToImage();
}

}  // namespace

TEST_CASE("viewport maps cells to pixels and back at every zoom", "[board]") {
  twe::BoardViewport vp;
  for (double cell : {12.0, 37.5, 64.0, 100.0, 256.0}) {
    vp.cell = cell;
    vp.ox = 313.25;
    vp.oy = 207.75;
    for (int x = -7; x <= 7; ++x)
      for (int y = -7; y <= 7; ++y) {
        const wxRect r = vp.cell_rect(x, y);
        CHECK(vp.cell_at(r.GetTopLeft() + wxPoint(1, 1)) == std::make_pair(x, y));
        CHECK(vp.cell_at(r.GetBottomRight() - wxPoint(1, 1)) == std::make_pair(x, y));
        CHECK(vp.cell_at(vp.cell_centre(x, y)) == std::make_pair(x, y));
      }
  }
  // North is up: y grows upwards on screen.
  vp.cell = 64;
  CHECK(vp.cell_rect(0, 1).y < vp.cell_rect(0, 0).y);
  CHECK(vp.cell_rect(1, 0).x > vp.cell_rect(0, 0).x);
  // Zooming keeps the point under the anchor.
  const wxPoint anchor(500, 300);
  const auto before = vp.cell_at(anchor);
  vp.zoom(1.7, anchor);
  CHECK(vp.cell_at(anchor) == before);
  CHECK(vp.cell == Approx(64 * 1.7));
  vp.zoom(100, anchor);
  CHECK(vp.cell == twe::BoardViewport::kMaxCell);
  // Fit puts the whole box inside the window.
  vp.fit(-5, -3, 6, 4, wxSize(800, 600));
  CHECK(wxRect(0, 0, 800, 600).Contains(vp.cell_rect(-5, 4)));
  CHECK(wxRect(0, 0, 800, 600).Contains(vp.cell_rect(6, -3)));
}

TEST_CASE("the scene of a game holds its tiles, followers and legal cells", "[board]") {
  const tw::Game g = played("gcc", 11, 60);
  REQUIRE_FALSE(g.finished());
  twe::BoardOverlay ov;
  ov.legal_cells = true;
  const twe::BoardScene s = twe::scene_of(g, ov);
  CHECK(s.tiles.size() == g.placed().size());
  const auto on_board = std::count_if(g.followers().begin(), g.followers().end(), [](const tw::Follower& f) { return f.placed >= 0; });
  CHECK(static_cast<long>(s.followers.size()) == on_board);
  CHECK(std::count_if(s.tiles.begin(), s.tiles.end(), [](const twe::SceneTile& t) { return t.last; }) <= 1);
  CHECK(s.score_lines.size() == 3);  // two seats and the ghost bank
  if (g.pending().kind == tw::DecisionKind::Place) {
    std::set<std::pair<int, int>> cells;
    for (const auto& o : g.pending().options) cells.insert({o.x, o.y});
    CHECK(std::set<std::pair<int, int>>(s.legal_cells.begin(), s.legal_cells.end()) == cells);
  }
}

TEST_CASE("options map onto cells, segments and a list", "[board]") {
  tw::GameSetup s;
  s.rule_set = "base";
  s.seed = 3;
  s.players = tw::parse_players("Ann, Ben");
  tw::Game g;
  REQUIRE_FALSE(tw::Game::create(content(), s, g));
  REQUIRE(g.pending().kind == tw::DecisionKind::Place);
  auto opts = twe::classify(g);
  REQUIRE(opts.size() == g.pending().options.size());
  for (const auto& o : opts) {
    CHECK(o.place);
    CHECK(o.has_cell);
    CHECK(g.tile_at(o.x, o.y) < 0);
    CHECK(o.text == "place " + o.tile + " " + std::to_string(o.x) + "," + std::to_string(o.y) + " r" +
                        std::to_string(o.rot * 90));
  }
  // A click on a legal cell in a rotation that does not fit there takes the next one.
  const twe::OptionInfo first = opts.front();  // a copy: opts is read again below
  const auto rots = twe::legal_rotations(opts, first.x, first.y);
  REQUIRE_FALSE(rots.empty());
  for (int r = 0; r < 4; ++r) {
    const auto eff = twe::effective_rotation(opts, first.x, first.y, r);
    REQUIRE(eff);
    CHECK(std::find(rots.begin(), rots.end(), *eff) != rots.end());
    if (std::find(rots.begin(), rots.end(), r) != rots.end()) CHECK(*eff == r);
    const int i = twe::option_for_cell(opts, first.x, first.y, r);
    REQUIRE(i >= 0);
    CHECK(opts[static_cast<size_t>(i)].rot == *eff);
  }
  CHECK(twe::option_for_cell(opts, 40, 40, 0) == -1);  // far from the board
  CHECK(twe::option_for_cell(opts, 0, 0, 0) == -1);    // the start tile's cell

  // After the placement: follower spots on the new tile, pass in the list.
  REQUIRE_FALSE(g.apply(std::string_view(first.text)));
  REQUIRE(g.pending().kind == tw::DecisionKind::Follower);
  opts = twe::classify(g);
  const auto spots = twe::option_spots(opts);
  const auto list = twe::list_options(opts);
  REQUIRE(list.size() == 1);
  CHECK(opts[static_cast<size_t>(list[0])].text == "pass");
  CHECK(spots.size() + 1 == opts.size());
  for (const auto& sp : spots) {
    CHECK(sp.x == first.x);
    CHECK(sp.y == first.y);
    CHECK(sp.seg >= 0);
    CHECK(sp.label.rfind("meeple ", 0) == 0);
  }
  // Each spot is hit at its own point.
  twe::test::ensure_wx();
  twe::BoardViewport vp;
  vp.cell = 96;
  vp.ox = 400;
  vp.oy = 300;
  const int p = g.tile_at(first.x, first.y);
  const auto& pt = g.placed()[static_cast<size_t>(p)];
  std::set<std::pair<int, int>> points;
  for (size_t i = 0; i < spots.size(); ++i) {
    const wxPoint q = twe::spot_point(vp, content().tiles[pt.type], pt.x, pt.y, pt.rot, spots[i].seg);
    points.insert({q.x, q.y});
    CHECK(vp.cell_rect(pt.x, pt.y).Contains(q));
    const int hit = twe::hit_spot(g, vp, spots, q, 12);
    REQUIRE(hit >= 0);
    CHECK(spots[static_cast<size_t>(hit)].seg == spots[i].seg);
  }
  CHECK(points.size() == spots.size());  // distinct points: every choice is clickable
  CHECK(twe::hit_spot(g, vp, spots, wxPoint(-500, -500), 12) == -1);
}

TEST_CASE("ghost options of GCC become spots on the follower's tile", "[board]") {
  // Play random games until a ghost decision comes up; its options name x,y LOC.
  bool seen = false;
  for (uint64_t seed = 1; seed < 40 && !seen; ++seed) {
    tw::GameSetup s;
    s.rule_set = "gcc";
    s.seed = seed;
    s.players = tw::parse_players("bot:random, bot:random");
    tw::Game g;
    REQUIRE_FALSE(tw::Game::create(content(), s, g));
    auto bot = tw::make_bot("random");
    tw::Rng rng(seed);
    while (!g.finished() && g.pending().kind != tw::DecisionKind::Ghost) g.apply_index(bot->choose(g, rng));
    if (g.finished()) continue;
    seen = true;
    const auto opts = twe::classify(g);
    for (const auto& o : opts) {
      CHECK(o.verb == "ghost");
      CHECK(o.has_cell);
      CHECK(g.tile_at(o.x, o.y) >= 0);
      CHECK(o.seg >= 0);
    }
  }
  CHECK(seen);
}

TEST_CASE("co-op decisions and meeples map from the engine's fields onto cells and segments", "[board][coop]") {
  // Bot games of the Mists levels until an Evaluate `unghost x,y`, a Dog decision and
  // a meeple option have come up; each OptionInfo is checked against the option's own
  // fields and the x,y word of its text.
  int unghosts = 0, dogs = 0, meeples = 0;
  for (const auto& level : content().levels) {
    for (uint64_t seed = 1; seed <= 6 && (unghosts == 0 || dogs == 0 || meeples == 0 || seed <= 2); ++seed) {
      tw::GameSetup s;
      s.level = level.id;
      s.seed = seed;
      s.players = tw::parse_players("bot:coop, bot:coop");
      tw::Game g;
      if (tw::Game::create(content(), s, g)) continue;
      auto bot = tw::make_bot(seed % 2 ? "coop" : "random");  // random players seldom reach a dog
      tw::Rng rng(seed);
      for (int ply = 0; !g.finished() && ply < 400; ++ply, g.apply_index(bot->choose(g, rng))) {
        const auto kind = g.pending().kind;
        if (kind != tw::DecisionKind::Evaluate && kind != tw::DecisionKind::Dog &&
            kind != tw::DecisionKind::DogClear && kind != tw::DecisionKind::Follower)
          continue;
        const auto& raw = g.pending().options;
        const auto opts = twe::classify(g);
        REQUIRE(opts.size() == raw.size());
        const auto spots = twe::option_spots(opts);
        for (size_t i = 0; i < raw.size(); ++i) {
          const tw::Option& o = raw[i];
          const twe::OptionInfo& info = opts[i];
          INFO(level.id << " seed " << seed << " ply " << g.ply() << ": " << info.text);
          CHECK(info.text == g.to_string(o));
          CHECK_FALSE(info.place);
          const auto words = [&] {
            std::istringstream in(info.text);
            std::vector<std::string> w;
            for (std::string t; in >> t;) w.push_back(t);
            return w;
          }();
          if (o.kind == tw::OptKind::Unghost) {
            ++unghosts;
            CHECK(info.verb == "unghost");
            REQUIRE(words.size() == 2);
            int x = 0, y = 0;
            REQUIRE(tw::text::parse_cell(words[1], x, y));
            CHECK(info.has_cell);
            CHECK(info.x == x);
            CHECK(info.y == y);
            CHECK(info.x == o.x);
            CHECK(info.y == o.y);
            CHECK(info.seg == -1);  // the whole cell
            CHECK(std::any_of(spots.begin(), spots.end(), [&](const twe::SceneSpot& sp) {
              return sp.label == info.text && sp.x == x && sp.y == y && sp.seg == -1;
            }));
            const auto list = twe::list_options(opts);
            CHECK(std::find(list.begin(), list.end(), static_cast<int>(i)) == list.end());
          } else if (o.kind == tw::OptKind::Dog) {
            ++dogs;
            CHECK(info.verb == "dog");
            REQUIRE(words.size() == 3);  // dog x,y LOC
            int x = 0, y = 0;
            REQUIRE(tw::text::parse_cell(words[1], x, y));
            CHECK(info.has_cell);
            CHECK(info.x == x);
            CHECK(info.y == y);
            const int p = g.tile_at(x, y);
            REQUIRE(p >= 0);
            CHECK(info.seg == o.seg);
            const auto port = tw::parse_port(words[2].substr(words[2].find(':') + 1));
            REQUIRE(port);
            CHECK(info.seg == g.segment_at(p, *port));
          } else if (o.kind == tw::OptKind::Meeple) {
            ++meeples;
            CHECK(info.verb == "meeple");
            REQUIRE(words.size() >= 2);  // meeple LOC [COLOUR]: the tile just placed
            REQUIRE(g.last_placed() >= 0);
            const auto& pt = g.placed()[static_cast<size_t>(g.last_placed())];
            CHECK(info.has_cell);
            CHECK(info.x == pt.x);
            CHECK(info.y == pt.y);
            const auto port = tw::parse_port(words[1].substr(words[1].find(':') + 1));
            REQUIRE(port);
            CHECK(info.seg >= 0);
            CHECK(info.seg == o.seg);
            CHECK(info.seg == g.segment_at(g.last_placed(), *port));
          } else if (o.kind == tw::OptKind::Points || o.kind == tw::OptKind::Done || o.kind == tw::OptKind::Pass) {
            CHECK_FALSE(info.has_cell);  // chosen from the list
            CHECK(info.seg == -1);
          }
        }
      }
    }
  }
  CHECK(unghosts > 0);
  CHECK(dogs > 0);
  CHECK(meeples > 0);
}

TEST_CASE("painting a board is deterministic and shows the tiles", "[board]") {
  twe::test::ensure_wx();
  const tw::Game g = played("gcc", 5, 80);
  twe::BoardViewport vp;
  int x0, y0, x1, y1;
  twe::board_bounds(g, 1, x0, y0, x1, y1);
  const wxSize size(640, 480);
  vp.fit(x0, y0, x1, y1, size);
  twe::BoardOverlay ov;
  ov.legal_cells = true;
  const wxImage a = paint(g, vp, size, ov);
  const wxImage b = paint(g, vp, size, ov);
  REQUIRE(a.IsOk());
  CHECK(std::equal(a.GetData(), a.GetData() + 640 * 480 * 3, b.GetData()));
  // The cached painter gives the same picture.
  twe::TileCache cache;
  const wxImage c1 = paint(g, vp, size, ov, &cache);
  const wxImage c2 = paint(g, vp, size, ov, &cache);
  CHECK(cache.size() > 0);
  CHECK(std::equal(c1.GetData(), c1.GetData() + 640 * 480 * 3, c2.GetData()));
  // Nearly every tile centre differs from the plain background (a board moved out of sight).
  twe::BoardViewport off = vp;
  off.ox += 5000;
  twe::BoardOverlay none;
  none.scores = false;
  const wxImage e = paint(g, off, size, none);
  const unsigned char* px = e.GetData() + (240 * 640 + 320) * 3;
  const wxImage t = paint(g, vp, size, none);
  int changed = 0;
  for (const auto& p : g.placed()) {
    const wxPoint q = vp.cell_centre(p.x, p.y);
    const unsigned char* tp = t.GetData() + (q.y * 640 + q.x) * 3;
    if (tp[0] != px[0] || tp[1] != px[1] || tp[2] != px[2]) ++changed;
  }
  CHECK(changed * 10 >= static_cast<int>(g.placed().size()) * 9);  // nearly every tile centre is drawn on
}

TEST_CASE("a big follower is in the scene with its weight and drawn larger than a follower", "[board][big]") {
  twe::test::ensure_wx();
  tw::GameSetup s;
  s.rule_set = "base-big";
  s.seed = 1;
  s.players = tw::parse_players("Ann, Ben");
  s.draw = {"N", "U"};
  tw::Game g;
  REQUIRE_FALSE(tw::Game::create(content(), s, g));
  REQUIRE_FALSE(g.apply(std::string_view("place N 0,1 r180")));
  // The `big` option is a spot of its own on the board.
  const auto spots = twe::option_spots(twe::classify(g));
  const auto spot = std::find_if(spots.begin(), spots.end(), [](const twe::SceneSpot& p) { return p.verb == "big"; });
  REQUIRE(spot != spots.end());
  CHECK(twe::spot_tag(*spot) == "B");
  REQUIRE_FALSE(g.apply(std::string_view("big city:E")));
  const twe::BoardScene scene = twe::scene_of(g);
  REQUIRE(scene.followers.size() == 1);
  CHECK(scene.followers[0].weight == 2);
  // The same scene with an ordinary follower there paints fewer pixels in Ann's colour.
  twe::BoardScene plain = scene;
  plain.followers[0].weight = 1;
  twe::BoardViewport vp;
  int x0, y0, x1, y1;
  twe::board_bounds(g, 1, x0, y0, x1, y1);
  const wxSize size(320, 240);
  vp.fit(x0, y0, x1, y1, size);
  auto red_pixels = [&](const twe::BoardScene& sc) {
    wxBitmap bmp(size.GetWidth(), size.GetHeight(), 24);
    {
      wxMemoryDC dc(bmp);
      twe::draw_scene(dc, sc, vp, wxRect(wxPoint(0, 0), size));
    }
    const wxImage img = bmp.ConvertToImage();
    const wxColour red = twe::player_colour(0);
    int n = 0;
    for (int i = 0; i < size.GetWidth() * size.GetHeight(); ++i) {
      const unsigned char* px = img.GetData() + i * 3;
      if (px[0] == red.Red() && px[1] == red.Green() && px[2] == red.Blue()) ++n;
    }
    return n;
  };
  const int big = red_pixels(scene), small = red_pixels(plain);
  CHECK(small > 0);
  CHECK(big > small);
}
