// The tile editor, walked through its widgets: a bad edit is shown next to its field and
// cannot be saved; a good edit is saved in one undoable step, undone, redone, and found
// again after the database is reopened.
#include <catch2/catch.hpp>

#include <wx/listbox.h>
#include <wx/stattext.h>

#include "fixture.h"
#include "schema/store.h"
#include "views/tile_editor_view.h"
#include "views/tile_set_view.h"

using namespace twe::test;

namespace {

// The tile as stored in the file, read by a connection of its own.
tw::TileType stored_tile(const std::string& db, const char* set, const char* id) {
  const tw::Content c = tw::Store::open(db, tw::Store::Mode::ReadOnly).load_content();
  const int i = c.find_tile(set, id);
  REQUIRE(i >= 0);
  return c.tiles[static_cast<size_t>(i)];
}

}  // namespace

TEST_CASE_METHOD(FrameFixture, "tile editor: edit, validate, save, undo, redo, reopen", "[tile_editor]") {
  const int e = ctx().content.find_tile("base", "E");  // city cap north, 1 city segment, no shield
  REQUIRE(e >= 0);
  // Open it from the tile set browser, as a double-click does.
  frame->tile_sets()->select_tile(e);
  frame->tile_sets()->open_selected();
  pump();
  twe::TileEditorView* ed = frame->tile_editor();
  REQUIRE(ed->tile_index() == e);
  CHECK(frame->notebook()->GetCurrentPage() == ed);
  REQUIRE(ed->draft().segments.size() >= 2);
  CHECK(ed->problems().empty());
  CHECK_FALSE(ed->save_button()->IsEnabled());

  int city = -1;
  for (size_t i = 0; i < ed->draft().segments.size(); ++i)
    if (ed->draft().segments[i].kind == tw::Kind::City) city = static_cast<int>(i);
  REQUIRE(city >= 0);
  ed->select_segment(city);

  SECTION("a bad edit shows its message next to the field and is not saved") {
    set_check(ed->port_box(tw::N), false);  // the north edge's middle port left unowned
    CHECK_FALSE(ed->problems().empty());
    for (const auto& p : ed->problems()) UNSCOPED_INFO(p.row << " " << p.column << ": " << p.message);
    CHECK_FALSE(ed->field_message("ports")->GetLabel().empty());
    CHECK_FALSE(ed->save_button()->IsEnabled());
    CHECK_FALSE(ed->save());
    screenshot(frame, "tile_editor_error");
    CHECK(stored_tile(db_path, "base", "E").segments[static_cast<size_t>(city)].ports ==
          ctx().content.tiles[static_cast<size_t>(e)].segments[static_cast<size_t>(city)].ports);
    set_check(ed->port_box(tw::N), true);
    CHECK(ed->problems().empty());
  }

  SECTION("a good edit is saved, undone, redone and persists") {
    set_spin(ed->shields_ctrl(), 2);
    set_spin(ed->ghosts_ctrl(), 1);
    CHECK(ed->problems().empty());
    CHECK(ed->dirty());
    REQUIRE(ed->save_button()->IsEnabled());
    screenshot(frame, "tile_editor");
    click(ed->save_button());
    pump();
    CHECK_FALSE(ed->dirty());
    CHECK(stored_tile(db_path, "base", "E").segments[static_cast<size_t>(city)].shields == 2);
    CHECK(stored_tile(db_path, "base", "E").symbols == 1);
    CHECK(ctx().content.tiles[static_cast<size_t>(e)].segments[static_cast<size_t>(city)].shields == 2);
    REQUIRE(frame->commands().CanUndo());
    CHECK(frame->commands().GetUndoMenuLabel().Contains("base/E"));

    menu(frame, wxID_UNDO);
    pump();
    CHECK(stored_tile(db_path, "base", "E").segments[static_cast<size_t>(city)].shields == 0);
    CHECK(ed->draft().segments[static_cast<size_t>(city)].shields == 0);
    CHECK(frame->commands().CanRedo());
    menu(frame, wxID_REDO);
    pump();
    CHECK(stored_tile(db_path, "base", "E").segments[static_cast<size_t>(city)].shields == 2);

    // Reopen: the change is in the file.
    REQUIRE(frame->open_database(db_path));
    const int e2 = ctx().content.find_tile("base", "E");
    CHECK(ctx().content.tiles[static_cast<size_t>(e2)].segments[static_cast<size_t>(city)].shields == 2);
    CHECK_FALSE(frame->commands().CanUndo());

    // Save as a new tile type: a designer's new tile, drawn and edited from then on;
    // an id already taken is refused; undo removes the new tile.
    ed->load_tile(e2);
    REQUIRE(ed->save_as("E7"));
    pump();
    CHECK(stored_tile(db_path, "base", "E7").segments.size() == stored_tile(db_path, "base", "E").segments.size());
    CHECK(ed->draft().id == "E7");
    CHECK_FALSE(ed->save_as("A"));
    menu(frame, wxID_UNDO);
    pump();
    CHECK(tw::Store::open(db_path, tw::Store::Mode::ReadOnly).load_content().find_tile("base", "E7") < 0);
  }
}
