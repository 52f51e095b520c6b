// Tile art: every tile type of the bundled database draws in all four rotations without
// failing, drawing is deterministic, rotation moves what is drawn, segment points lie
// inside the tile, and a sheet of every tile is saved as a screenshot to look at.
#include <catch2/catch.hpp>

#include <wx/dcmemory.h>

#include <algorithm>
#include <filesystem>

#include "art/tile_art.h"
#include "fixture.h"
#include "schema/store.h"

namespace {

wxImage render(const tw::TileType& t, int rot, int size, const twe::TileArtStyle& s = {}) {
  wxBitmap bmp(size, size, 24);
  {
    wxMemoryDC dc(bmp);
    dc.SetBackground(*wxWHITE_BRUSH);
    dc.Clear();
    twe::draw_tile(dc, t, rot, wxRect(0, 0, size, size), s);
  }
  return bmp.ConvertToImage();
}

bool same(const wxImage& a, const wxImage& b) {
  return a.GetWidth() == b.GetWidth() && a.GetHeight() == b.GetHeight() &&
         std::equal(a.GetData(), a.GetData() + a.GetWidth() * a.GetHeight() * 3, b.GetData());
}

wxColour pixel(const wxImage& im, int x, int y) {
  return {im.GetRed(x, y), im.GetGreen(x, y), im.GetBlue(x, y)};
}

}  // namespace

TEST_CASE("tile art draws every tile of the bundled database", "[art]") {
  twe::test::ensure_wx();
  const tw::Content c = tw::Store::open(TW_TEST_DB, tw::Store::Mode::ReadOnly).load_content();
  REQUIRE(c.tiles.size() > 100);

  // A sheet: every tile type, rotation 0, grouped by tile set; then base D in 4 rotations.
  const int size = 72, gap = 6, cols = 16;
  const int rows = static_cast<int>((c.tiles.size() + cols - 1) / cols) + 1;
  wxBitmap sheet(cols * (size + gap) + gap, rows * (size + gap) + gap, 24);
  {
    wxMemoryDC dc(sheet);
    dc.SetBackground(wxBrush(wxColour(60, 60, 60)));
    dc.Clear();
    for (size_t i = 0; i < c.tiles.size(); ++i) {
      const int x = gap + static_cast<int>(i % cols) * (size + gap);
      const int y = gap + static_cast<int>(i / cols) * (size + gap);
      twe::draw_tile(dc, c.tiles[i], 0, wxRect(x, y, size, size));
    }
    const int d = c.find_tile("base", "D");
    REQUIRE(d >= 0);
    for (int r = 0; r < 4; ++r)
      twe::draw_tile(dc, c.tiles[static_cast<size_t>(d)], r,
                     wxRect(gap + r * (size + gap), gap + (rows - 1) * (size + gap), size, size));
    twe::TileArtStyle back;
    back.face_down = true;
    twe::draw_tile(dc, c.tiles[0], 0, wxRect(gap + 5 * (size + gap), gap + (rows - 1) * (size + gap), size, size),
                   back);
  }
  std::filesystem::create_directories(TW_SCREENSHOT_DIR);
  // A few tiles large, one of each look: base, GCC (fog, castle, cemetery, ruin), Discovery.
  const char* large[][2] = {{"base", "D"}, {"base", "F"}, {"base", "N"}, {"base", "X"},
                            {"mists", "M04"}, {"mists", "M09"}, {"mists", "MS10"}, {"mists", "M26"},
                            {"discovery", "D05"}, {"discovery", "D10"}, {"discovery", "DS"}, {"base", "A"}};
  wxBitmap big(4 * 206 + 6, 3 * 206 + 6, 24);
  {
    wxMemoryDC dc(big);
    dc.SetBackground(wxBrush(wxColour(60, 60, 60)));
    dc.Clear();
    for (int i = 0; i < 12; ++i) {
      const int t = c.find_tile(large[i][0], large[i][1]);
      if (t >= 0)
        twe::draw_tile(dc, c.tiles[static_cast<size_t>(t)], 0, wxRect(6 + (i % 4) * 206, 6 + (i / 4) * 206, 200, 200));
    }
  }
  CHECK(big.SaveFile(std::string(TW_SCREENSHOT_DIR) + "/tile_art_large.png", wxBITMAP_TYPE_PNG));
  CHECK(sheet.SaveFile(std::string(TW_SCREENSHOT_DIR) + "/tile_art_sheet.png", wxBITMAP_TYPE_PNG));

  for (const auto& t : c.tiles)
    for (int rot = 0; rot < 4; ++rot)
      for (size_t s = 0; s < t.segments.size(); ++s) {
        const wxPoint p = twe::segment_point(t, static_cast<int>(s), rot, wxRect(10, 20, 100, 100));
        INFO(t.tile_set << "/" << t.id << " segment " << s << " rot " << rot);
        CHECK(p.x >= 10);
        CHECK(p.x <= 110);
        CHECK(p.y >= 20);
        CHECK(p.y <= 120);
      }
}

TEST_CASE("tile art is deterministic and follows rotation and style", "[art]") {
  twe::test::ensure_wx();
  const tw::Content c = tw::Store::open(TW_TEST_DB, tw::Store::Mode::ReadOnly).load_content();
  const tw::TileType& e = c.tiles[static_cast<size_t>(c.find_tile("base", "E"))];  // city cap north
  const wxImage a = render(e, 0, 64), b = render(e, 0, 64);
  CHECK(same(a, b));
  // The city is at the top at r0 and at the right at r90 (the field shows on the left).
  const wxColour top0 = pixel(a, 32, 4), bottom0 = pixel(a, 32, 58);
  CHECK(top0 != bottom0);
  const wxImage r90 = render(e, 1, 64);
  CHECK(pixel(r90, 59, 32) == top0);
  CHECK(pixel(r90, 4, 32) == bottom0);
  CHECK_FALSE(same(a, r90));
  // The face-down back differs from the face; a highlight changes the picture.
  twe::TileArtStyle back;
  back.face_down = true;
  CHECK_FALSE(same(a, render(e, 0, 64, back)));
  twe::TileArtStyle hl;
  hl.highlight_segment = 0;
  CHECK_FALSE(same(a, render(e, 0, 64, hl)));
  // A reconstructed tile carries its mark (and loses it when the style says so).
  tw::TileType r = e;
  r.reconstructed = true;
  twe::TileArtStyle nomark;
  nomark.reconstructed_mark = false;
  CHECK_FALSE(same(render(r, 0, 64), a));
  CHECK(same(render(r, 0, 64, nomark), a));
}
