// Issue 34 item 8: the follower option rings of a follower step sit inside their tile
// and overlap no other ring, on every tile type of the bundled database at each
// rotation and several zooms; a ring moved off its segment keeps the segment's point
// (drawn as a leader line); a picture of a crowded tile to look at.
#include <catch2/catch.hpp>

#include <wx/dcmemory.h>
#include <wx/image.h>

#include <cmath>
#include <filesystem>

#include "board/board_model.h"
#include "fixture.h"
#include "game_fixture.h"

namespace {

// A scene of one tile at 0,0 with `per_seg` options on each of its segments (a meeple,
// a guard, one per colour ...), as a follower step offers them.
twe::BoardScene ring_scene(const tw::TileType& t, int rot, int per_seg) {
  twe::BoardScene scene;
  twe::SceneTile tile;
  tile.type = &t;
  tile.rot = rot;
  scene.tiles.push_back(tile);
  static const char* verbs[] = {"meeple", "guard", "meeple", "meeple"};
  for (int s = 0; s < static_cast<int>(t.segments.size()); ++s)
    for (int k = 0; k < per_seg; ++k) {
      twe::SceneSpot sp;
      sp.x = 0;
      sp.y = 0;
      sp.seg = s;
      sp.verb = verbs[k % 4];
      sp.colour = k >= 2 ? k : -1;
      sp.label = sp.verb + " " + std::to_string(s);
      scene.spots.push_back(sp);
    }
  return scene;
}

}  // namespace

TEST_CASE("follower rings lie inside their tile and do not overlap, on every tile type and rotation",
          "[board][issue34]") {
  const tw::Content& c = twe::test::content();
  REQUIRE(c.tiles.size() > 100);
  int checked = 0;
  for (const tw::TileType& t : c.tiles) {
    if (t.segments.empty()) continue;
    for (int rot = 0; rot < 4; ++rot)
      for (double cell : {48.0, 64.0, 96.0, 128.0})
        for (int per_seg : {1, 2}) {
          twe::BoardViewport vp;
          vp.cell = cell;
          vp.ox = 100;
          vp.oy = 100;
          const twe::BoardScene scene = ring_scene(t, rot, per_seg);
          const auto pts = twe::spot_layout(scene, vp);
          REQUIRE(pts.size() == scene.spots.size());
          const wxRect r = vp.cell_rect(0, 0);
          INFO("tile " << t.tile_set << "/" << t.id << " rot " << rot << " cell " << cell << " options/segment "
                       << per_seg);
          for (size_t i = 0; i < pts.size(); ++i) {
            INFO("spot " << scene.spots[i].label << " at " << pts[i].p.x << "," << pts[i].p.y << " r " << pts[i].r);
            CHECK(pts[i].r >= 2);
            // Inside the tile, with its pen.
            CHECK(pts[i].p.x - pts[i].r > r.x);
            CHECK(pts[i].p.x + pts[i].r < r.GetRight());
            CHECK(pts[i].p.y - pts[i].r > r.y);
            CHECK(pts[i].p.y + pts[i].r < r.GetBottom());
            // Its segment's point is the tile art's.
            CHECK(pts[i].seg_at == twe::spot_point(vp, t, 0, 0, rot, scene.spots[i].seg));
            for (size_t j = 0; j < i; ++j) {
              const double d = std::hypot(pts[i].p.x - pts[j].p.x, pts[i].p.y - pts[j].p.y);
              INFO("against " << scene.spots[j].label);
              CHECK(d >= pts[i].r + pts[j].r);
            }
          }
          ++checked;
        }
  }
  CHECK(checked >= 100 * 4 * 4 * 2);
}

TEST_CASE("a crowded tile's rings, drawn (picture)", "[board][issue34]") {
  twe::test::ensure_wx();
  const tw::Content& c = twe::test::content();
  // The tile with the most segments, two options on each.
  const tw::TileType* most = nullptr;
  for (const auto& t : c.tiles)
    if (!most || t.segments.size() > most->segments.size()) most = &t;
  REQUIRE(most);
  twe::BoardViewport vp;
  vp.cell = 160;
  vp.ox = 20;
  vp.oy = 20;
  twe::BoardScene scene = ring_scene(*most, 1, 2);
  scene.hover_spot = 1;
  wxBitmap bmp(200, 200, 24);
  {
    wxMemoryDC dc(bmp);
    twe::draw_scene(dc, scene, vp, wxRect(0, 0, 200, 200));
  }
  std::filesystem::create_directories(TW_SCREENSHOT_DIR);
  CHECK(bmp.ConvertToImage().SaveFile(std::string(TW_SCREENSHOT_DIR) + "/board-rings-crowded.png", wxBITMAP_TYPE_PNG));
}
