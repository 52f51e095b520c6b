// Issue 34, items 4-6, the tile editor: its columns hold still under the mouse when
// problems come and go (and after Revert), a draft has its own undo before Save, and a
// geometry whose segments would cross is refused with the problem wrapped in the list.
#include <catch2/catch.hpp>

#include <wx/htmllbox.h>

#include "fixture.h"
#include "views/tile_editor_view.h"

using namespace twe::test;

namespace {

// Where everything a designer clicks is, on the screen.
std::vector<wxRect> places(twe::TileEditorView* ed) {
  std::vector<wxRect> out{ed->preview()->GetScreenRect(), ed->problem_list()->GetScreenRect(),
                          ed->save_button()->GetScreenRect()};
  for (int p = 0; p < tw::kPortCount; ++p) out.push_back(ed->port_box(p)->GetScreenRect());
  return out;
}

// The same, once the layout has settled: read until five reads 10 ms apart agree (at
// most 5 s). Under a loaded machine a resize or a new problem list is laid out over more
// than one round of events; a layout that really moves still differs once settled.
std::vector<wxRect> settled_places(twe::TileEditorView* ed) {
  std::vector<wxRect> last = places(ed);
  for (int i = 0, same = 0; i < 500 && same < 5; ++i) {
    pump(1);
    wxMilliSleep(10);
    std::vector<wxRect> now = places(ed);
    same = now == last ? same + 1 : 0;
    last = std::move(now);
  }
  return last;
}

int open_tile(FrameFixture& f, const char* set, const char* id) {
  const int t = f.ctx().content.find_tile(set, id);
  REQUIRE(t >= 0);
  f.frame->edit_tile(t);
  pump();
  return t;
}

bool has_problem(twe::TileEditorView* ed, const std::string& text) {
  for (const auto& p : ed->problems())
    if (p.message.find(text) != std::string::npos) return true;
  return false;
}

}  // namespace

TEST_CASE_METHOD(FrameFixture, "tile editor: the columns hold still when problems come and go", "[tile_editor][issue34]") {
  for (const wxSize size : {wxSize(1600, 1000), wxSize(1024, 700)}) {
    INFO(size.x << "x" << size.y);
    frame->SetSize(size);
    pump();
    open_tile(*this, "base", "A");
    twe::TileEditorView* ed = frame->tile_editor();
    ed->select_segment(0);  // the road, owning S
    pump();
    const std::vector<wxRect> start = settled_places(ed);
    REQUIRE(ed->problems().empty());
    // Clicking the S box again and again: problems appear and disappear; nothing moves.
    for (int round = 0; round < 3; ++round) {
      set_check(ed->port_box(tw::S), false);
      pump();
      CHECK(ed->problems().size() >= 2);  // the road owns no port, edge S has no terrain
      CHECK(settled_places(ed) == start);
      if (round == 0) screenshot(frame, "tile_editor_problem_" + std::to_string(size.x));
      set_check(ed->port_box(tw::S), true);
      pump();
      CHECK(ed->problems().empty());
      CHECK(settled_places(ed) == start);
    }
    set_check(ed->port_box(tw::S), false);
    pump();
    click(ed->revert_button());
    pump();
    CHECK_FALSE(ed->dirty());
    CHECK(settled_places(ed) == start);
  }
}

TEST_CASE_METHOD(FrameFixture, "tile editor: undo and redo inside a draft, before Save", "[tile_editor][issue34]") {
  const int a = open_tile(*this, "base", "A");
  twe::TileEditorView* ed = frame->tile_editor();
  ed->select_segment(2);  // the monastery
  CHECK(frame->active_history() == &frame->commands());
  set_check(ed->port_box(tw::N), true);  // N taken from the field to the monastery
  set_spin(ed->count_ctrl(), 7);
  pump();
  REQUIRE(ed->dirty());
  // Edit > Undo acts on the draft and names its step.
  REQUIRE(frame->active_history() == &ed->draft_history());
  CHECK(frame->undo_label().Contains("copies in the box"));
  menu(frame, wxID_UNDO);
  pump();
  CHECK(ed->draft().count == ctx().content.tiles[static_cast<size_t>(a)].count);
  CHECK((ed->draft().segments[2].ports >> tw::N) & 1);
  CHECK(frame->undo_label().Contains("port N"));
  menu(frame, wxID_UNDO);
  pump();
  CHECK_FALSE((ed->draft().segments[2].ports >> tw::N) & 1);
  CHECK((ed->draft().segments[1].ports >> tw::N) & 1);  // the field has it back
  CHECK_FALSE(ed->port_box(tw::N)->GetValue());
  CHECK_FALSE(ed->dirty());  // back at the saved tile
  CHECK(frame->redo_label().Contains("port N"));
  menu(frame, wxID_REDO);
  pump();
  CHECK((ed->draft().segments[2].ports >> tw::N) & 1);
  CHECK(ed->dirty());
  menu(frame, wxID_UNDO);
  pump();
  // A step of its own, then Save: the design's history undoes the saved tile.
  set_spin(ed->count_ctrl(), 7);
  pump();
  REQUIRE(ed->save());
  pump();
  CHECK_FALSE(ed->draft_history().CanUndo());
  CHECK(frame->active_history() == &frame->commands());
  CHECK(ctx().content.tiles[static_cast<size_t>(ctx().content.find_tile("base", "A"))].count == 7);
}

TEST_CASE_METHOD(FrameFixture, "tile editor: segments that would cross are refused, the problem wraps", "[tile_editor][issue34]") {
  frame->SetSize(1024, 700);
  pump();
  open_tile(*this, "mists", "M37");
  twe::TileEditorView* ed = frame->tile_editor();
  REQUIRE(ed->problems().empty());
  // The road made straight east-west, S given to field 3 (as the issue walked it).
  ed->select_segment(1);
  set_check(ed->port_box(tw::S), false);
  set_check(ed->port_box(tw::W), true);
  ed->select_segment(3);
  set_check(ed->port_box(tw::S), true);
  pump();
  CHECK(ed->draft().segments[1].ports == ((1u << tw::E) | (1u << tw::W)));
  CHECK(has_problem(ed, "crosses segment 1 (E W)"));
  CHECK_FALSE(ed->save_button()->IsEnabled());
  CHECK_FALSE(ed->save());
  // The problem list wraps its lines: no row is wider than the list.
  auto* list = dynamic_cast<wxSimpleHtmlListBox*>(ed->problem_list());
  REQUIRE(list);
  CHECK(list->GetCount() == ed->problems().size());
  screenshot(frame, "tile_editor_crossing");
}
