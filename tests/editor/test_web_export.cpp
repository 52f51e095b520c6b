// File > Export web page...: the open replay as one offline HTML file (web/page.h; the
// page itself is tested in a browser by tests/web/).
#include <catch2/catch.hpp>

#include <wx/menu.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "fixture.h"
#include "review/replay_view.h"

using twe::test::FrameFixture;

TEST_CASE_METHOD(FrameFixture, "File menu: export web page", "[frame]") {
  wxMenuBar* bar = frame->GetMenuBar();
  REQUIRE(bar);
  CHECK(bar->FindMenuItem("File", "Export web page...") != wxNOT_FOUND);
  std::string error;
  const std::string out =  // no extension: ".html" is added
      (std::filesystem::path(db_path).parent_path() / ("web-export-" + std::filesystem::path(db_path).stem().string())).string();
  std::remove((out + ".html").c_str());
  if (!frame->replays()->doc()) {
    CHECK_FALSE(frame->export_web(out, &error));
    CHECK(error == "no replay is open");
  }
  REQUIRE(frame->import_tgn(std::string(TW_SOURCE_DIR) + "/tests/records/base/06-majority.tgn", &error));
  REQUIRE(frame->replays()->doc());
  REQUIRE(frame->export_web(out, &error));
  CHECK(error.empty());
  std::ifstream in(out + ".html", std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  const std::string page = text.str();
  CHECK(page.rfind("<!DOCTYPE html>", 0) == 0);
  CHECK(page.find("id=\"tw-data\"") != std::string::npos);
  CHECK(page.find("place N 0,1 r180") != std::string::npos);  // the record inside (its TGN and moves)
  CHECK(page.find("default-src 'none'") != std::string::npos);
  std::remove((out + ".html").c_str());
}
