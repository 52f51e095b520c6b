// The main frame: opens the database it is given, builds every view, keeps settings in
// its own wxConfig, refuses a bad database with a message and keeps the old one open.
#include <catch2/catch.hpp>

#include <wx/menu.h>

#include <SQLiteCpp/SQLiteCpp.h>

#include <filesystem>
#include <fstream>

#include "review/replay_view.h"

#include "fixture.h"
#include "views/tile_set_view.h"

using twe::test::FrameFixture;
using twe::test::pump;

TEST_CASE_METHOD(FrameFixture, "main frame opens the database and shows every view", "[frame]") {
  REQUIRE(ctx().store);
  CHECK(ctx().db_path == db_path);
  CHECK(ctx().content.tiles.size() > 100);
  CHECK(frame->notebook()->GetPageCount() == 6);
  CHECK(ctx().commands == &frame->commands());
  // Menus with accelerators.
  wxMenuBar* bar = frame->GetMenuBar();
  REQUIRE(bar);
  CHECK(bar->FindMenuItem("File", "Open database...") != wxNOT_FOUND);
  CHECK(bar->FindItem(wxID_UNDO) != nullptr);
  CHECK(bar->FindItem(wxID_OPEN)->GetItemLabel().Contains("Ctrl+O"));

  // The tile set browser lists the tile sets; base first.
  auto sets = frame->tile_sets()->tile_sets();
  REQUIRE(sets.size() >= 3);
  CHECK(sets.front() == "base");
  frame->tile_sets()->show_tile_set("base");
  frame->show_page(frame->tile_sets());
  pump();
  CHECK(twe::test::screenshot(frame, "tile_sets"));
  frame->tile_sets()->show_tile_set("mists");
  frame->tile_sets()->select_tile(ctx().content.find_tile("mists", "M04"));
  pump();
  CHECK(twe::test::screenshot(frame, "tile_sets_mists"));
}

TEST_CASE_METHOD(FrameFixture, "a bad database is refused and the open one stays", "[frame]") {
  const std::string bad = db_path + ".bad";
  { std::ofstream(bad) << "not a database"; }
  CHECK_FALSE(frame->open_database(bad));
  CHECK_FALSE(frame->last_error().empty());
  CHECK(ctx().db_path == db_path);
  CHECK(ctx().store);
  std::remove(bad.c_str());
  // A second copy opens, replaces the content and clears the undo stack.
  const std::string other = twe::test::temp_db_copy("other");
  REQUIRE(frame->open_database(other));
  CHECK(ctx().db_path == other);
  CHECK_FALSE(frame->commands().CanUndo());
  frame->Close(true);
  frame = nullptr;
  pump();
  // Settings were written: the recent list holds both databases, and the last one.
  config->SetPath("/recent");
  CHECK(config->Read("file1", "") == wxString::FromUTF8(other));
  CHECK(config->Read("file2", "") == wxString::FromUTF8(db_path));
  config->SetPath("/");
  CHECK(config->Read("/last_db", "") == wxString::FromUTF8(other));
  CHECK(config->Read("/window/w", 0L) > 0);
  twe::test::remove_db(other);
}

TEST_CASE_METHOD(FrameFixture, "File menu: new database, import and export TGN", "[frame]") {
  namespace fs = std::filesystem;
  const std::string fresh = db_path + ".new.db";
  twe::test::remove_db(fresh);
  // TILEWRIGHT_DEFAULT_DB names the bundled database the copy is made from.
  ::setenv("TILEWRIGHT_DEFAULT_DB", TW_TEST_DB, 1);
  REQUIRE(frame->new_database(fresh));
  CHECK(ctx().db_path == fresh);
  CHECK(fs::file_size(fresh) > 0);
  CHECK_FALSE(frame->new_database(fresh));  // never overwrites
  CHECK(frame->last_error().find("exists") != std::string::npos);

  std::string error;
  REQUIRE(frame->import_tgn(std::string(TW_SOURCE_DIR) + "/tests/records/base/01-two-tile-city.tgn", &error));
  CHECK(error.empty());
  CHECK(frame->notebook()->GetCurrentPage() == reinterpret_cast<wxWindow*>(frame->replays()));
  const std::string out = fresh + ".tgn";
  REQUIRE(frame->export_tgn(out, &error));
  std::ifstream in(out);
  std::string text, line;
  while (std::getline(in, line)) text += line + "\n";
  CHECK(text.find("place E 0,1 r180") != std::string::npos);
  CHECK_FALSE(frame->import_tgn(fresh + ".missing.tgn", &error));
  CHECK_FALSE(error.empty());
  std::remove(out.c_str());
  REQUIRE(frame->open_database(db_path));
  twe::test::remove_db(fresh);
}

TEST_CASE_METHOD(FrameFixture, "File menu: export a pack, import it into another database, conflicts refused", "[frame]") {
  {
    wxMenuBar* bar = frame->GetMenuBar();
    REQUIRE(bar);
    CHECK(bar->FindMenuItem("File", "Import pack...") != wxNOT_FOUND);
    CHECK(bar->FindMenuItem("File", "Export pack...") != wxNOT_FOUND);
  }
  // A level of our own, exported with everything it needs.
  {
    SQLite::Database db(db_path, SQLite::OPEN_READWRITE);
    db.exec("INSERT INTO level (id, name, position, rule_set, ghost_bank, target) VALUES ('mists-7', 'Seven', 7, "
            "'mists', 20, 60); INSERT INTO level_followers VALUES ('mists-7', 2, 1, 6);");
  }
  REQUIRE(frame->reload_content());
  const std::string pack = db_path + ".pack.json";
  std::string error;
  REQUIRE(frame->export_pack(pack, {"level:mists-7"}, &error));
  CHECK(error.empty());
  // Another database: the level arrives, all of it, and the views see it.
  const std::string other = twe::test::temp_db_copy("pack-target");
  REQUIRE(frame->open_database(other));
  CHECK(ctx().content.find_level("mists-7") == nullptr);
  std::string summary;
  REQUIRE(frame->import_pack(pack, {}, &error, &summary));
  CHECK(ctx().content.find_level("mists-7") != nullptr);
  CHECK(summary.find("added level mists-7") != std::string::npos);
  // The same id with other numbers is refused, naming the difference, and nothing changes.
  {
    SQLite::Database db(other, SQLite::OPEN_READWRITE);
    db.exec("UPDATE level SET target = 61 WHERE id = 'mists-7'");
  }
  REQUIRE(frame->reload_content());
  CHECK_FALSE(frame->import_pack(pack, {}, &error));
  CHECK(error.find("level mists-7: target: here 61, in the pack 60") != std::string::npos);
  CHECK(ctx().content.find_level("mists-7")->target == 61);
  // Under a new id it lands beside it.
  tw::pack::ImportOptions rename;
  rename.renames["mists-7"] = "mists-7b";
  REQUIRE(frame->import_pack(pack, rename, &error));
  REQUIRE(ctx().content.find_level("mists-7b") != nullptr);
  CHECK(ctx().content.find_level("mists-7b")->target == 60);
  std::remove(pack.c_str());
  REQUIRE(frame->open_database(db_path));
  twe::test::remove_db(other);
}
