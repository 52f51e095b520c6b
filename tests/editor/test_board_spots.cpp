// Issue 18, items 1 and 8: the follower rings on the board. A click on a spot shared by
// a meeple and a guard places the meeple (the first option), every option of a spot gets
// a ring of its own that overlaps no other ring and no ghost badge, and the ring under the
// pointer is highlighted with the option as its tooltip.
#include <catch2/catch.hpp>

#include <wx/tooltip.h>

#include <algorithm>

#include "board/board_canvas.h"
#include "board/board_model.h"
#include "board/option_map.h"
#include "engine/bots/bots.h"
#include "fixture.h"
#include "play/play_session.h"
#include "play/play_view.h"
#include "schema/store.h"

namespace {

const tw::Content& spots_content() {
  static const tw::Content c = tw::Store::open(TW_TEST_DB, tw::Store::Mode::ReadOnly).load_content();
  return c;
}

// Plays random moves until a follower decision offers a meeple and a guard on one
// segment; false when the game ends first.
bool to_shared_spot(tw::Game& g, tw::Rng& rng) {
  auto bot = tw::make_bot("random");
  for (int i = 0; i < 400 && !g.finished(); ++i) {
    const auto opts = twe::classify(g);
    for (const auto& a : opts)
      for (const auto& b : opts)
        if (a.verb == "meeple" && b.verb == "guard" && a.has_cell && a.seg >= 0 && a.x == b.x && a.y == b.y &&
            a.seg == b.seg)
          return true;
    g.apply_index(bot->choose(g, rng));
  }
  return false;
}

tw::GameSetup gcc_setup(const std::string& players, uint64_t seed) {
  tw::GameSetup s;
  s.rule_set = "gcc";
  s.players = tw::parse_players(players);
  s.seed = seed;
  return s;
}

}  // namespace

TEST_CASE("a click on a spot shared by a meeple and a guard chooses the meeple", "[board][issue18]") {
  tw::Game g;
  REQUIRE_FALSE(tw::Game::create(spots_content(), gcc_setup("bot:random, bot:random", 3), g));
  tw::Rng rng(7);
  REQUIRE(to_shared_spot(g, rng));
  const auto opts = twe::classify(g);
  const auto spots = twe::option_spots(opts);
  twe::BoardViewport vp;
  vp.cell = 96;
  vp.ox = 400;
  vp.oy = 300;
  int tried = 0;
  for (size_t i = 0; i < spots.size(); ++i) {
    if (spots[i].label.rfind("meeple", 0) != 0) continue;
    const auto guard = std::find_if(spots.begin(), spots.end(), [&](const twe::SceneSpot& s) {
      return s.label.rfind("guard", 0) == 0 && s.x == spots[i].x && s.y == spots[i].y && s.seg == spots[i].seg;
    });
    if (guard == spots.end()) continue;
    const auto& pt = g.placed()[static_cast<size_t>(g.tile_at(spots[i].x, spots[i].y))];
    // A click on the segment's point (where the follower will stand).
    const wxPoint at = twe::spot_point(vp, g.content().tiles[pt.type], pt.x, pt.y, pt.rot, spots[i].seg);
    const int hit = twe::hit_spot(g, vp, spots, at, 19);
    REQUIRE(hit >= 0);
    CHECK(spots[static_cast<size_t>(hit)].label == spots[i].label);
    // The guard has a ring of its own, and a click there chooses it.
    const auto pts = twe::spot_layout(g, vp, spots);
    const size_t gi = static_cast<size_t>(guard - spots.begin());
    CHECK(pts[gi].p != pts[i].p);
    CHECK(twe::hit_spot(g, vp, spots, pts[gi].p, 19) == static_cast<int>(gi));
    ++tried;
  }
  CHECK(tried > 0);
}

TEST_CASE("spot rings never overlap one another or a ghost badge", "[board][issue18]") {
  int checked = 0;
  for (const char* rs : {"gcc", "base"}) {
    for (uint64_t seed = 1; seed <= 6; ++seed) {
      tw::GameSetup setup = gcc_setup("bot:random, bot:random", seed);
      setup.rule_set = rs;
      tw::Game g;
      REQUIRE_FALSE(tw::Game::create(spots_content(), setup, g));
      auto bot = tw::make_bot("random");
      tw::Rng rng(seed);
      for (int i = 0; i < 300 && !g.finished(); ++i) {
        const auto spots = twe::option_spots(twe::classify(g));
        if (spots.size() > 1) {
          twe::BoardViewport vp;
          vp.cell = 80;
          const auto pts = twe::spot_layout(g, vp, spots);
          for (size_t a = 0; a < spots.size(); ++a) {
            if (spots[a].seg < 0) continue;
            // Every ring is hit at its own centre.
            CHECK(twe::hit_spot(g, vp, spots, pts[a].p, 16) == static_cast<int>(a));
            for (size_t b = a + 1; b < spots.size(); ++b) {
              if (spots[b].seg < 0 || spots[a].x != spots[b].x || spots[a].y != spots[b].y) continue;
              const long dx = pts[a].p.x - pts[b].p.x, dy = pts[a].p.y - pts[b].p.y;
              const long gap = pts[a].r + pts[b].r;
              INFO(spots[a].label << " / " << spots[b].label);
              CHECK(dx * dx + dy * dy >= gap * gap);
            }
          }
          ++checked;
        }
        g.apply_index(bot->choose(g, rng));
      }
    }
  }
  CHECK(checked > 20);
}

TEST_CASE("play view: clicking a follower ring places a meeple, hovering it shows the option", "[play][ui][issue18]") {
  twe::test::FrameFixture f;
  twe::PlayView* pv = f.frame->play();
  f.frame->show_page(pv);
  pv->set_bot_delay(1);
  twe::test::pump();
  // Find a seed where Ann's first follower step offers a meeple and a guard on one spot.
  bool found = false;
  for (uint64_t seed = 1; seed < 60 && !found; ++seed) {
    REQUIRE(pv->start_game(gcc_setup("Ann, bot:greedy", seed)).empty());
    twe::PlaySession* s = pv->session();
    REQUIRE(s->human_to_move());
    const auto first = s->options();  // a copy: choose() changes them
    for (const auto& o : first) {
      if (!o.place) continue;
      twe::PlaySession probe;
      REQUIRE(twe::PlaySession::start(spots_content(), gcc_setup("Ann, bot:greedy", seed), {o.text}, probe).empty());
      const auto& po = probe.options();
      const bool shared = std::any_of(po.begin(), po.end(), [&](const twe::OptionInfo& a) {
        return a.verb == "guard" && std::any_of(po.begin(), po.end(), [&](const twe::OptionInfo& b) {
                 return b.verb == "meeple" && b.seg == a.seg && b.seg >= 0;
               });
      });
      if (!shared) continue;
      REQUIRE(pv->choose(o.text).empty());
      found = true;
      break;
    }
  }
  REQUIRE(found);
  twe::test::pump();
  twe::PlaySession* s = pv->session();
  twe::BoardCanvas* board = pv->board();
  const auto spots = board->spots();
  const tw::Game& g = s->game();
  const auto m = std::find_if(spots.begin(), spots.end(), [&](const twe::SceneSpot& sp) {
    return sp.label.rfind("meeple", 0) == 0 &&
           std::any_of(spots.begin(), spots.end(),
                       [&](const twe::SceneSpot& q) { return q.label.rfind("guard", 0) == 0 && q.seg == sp.seg; });
  });
  REQUIRE(m != spots.end());
  const auto& pt = g.placed()[static_cast<size_t>(g.tile_at(m->x, m->y))];
  const wxPoint at = twe::spot_point(board->viewport(), g.content().tiles[pt.type], pt.x, pt.y, pt.rot, m->seg);
  // Hover: the ring is highlighted and its option is the tooltip.
  board->hover_at(at);
  CHECK(board->hover_spot() == static_cast<int>(m - spots.begin()));
  REQUIRE(board->GetToolTip());
  CHECK(board->GetToolTip()->GetTip().utf8_string() == m->label);
  CHECK(board->scene().hover_spot == board->hover_spot());
  twe::test::screenshot(f.frame, "play-rings");
  const std::string expected = m->label;
  const int ply = g.ply();
  board->click_at(at);
  twe::test::pump();
  REQUIRE(s->log().decisions.size() > static_cast<size_t>(ply));
  CHECK(s->log().decisions[static_cast<size_t>(ply)] == expected);
}
