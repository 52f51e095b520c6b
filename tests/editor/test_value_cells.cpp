// Issue 34, items 1-3: every value cell of Levels and rule sets reads exactly what its
// type allows. Typed into the grid's own editor as a person types (then Enter): "2.5"
// in a whole-number cell is refused (never stored as 25), "abc" brings no modal box,
// the refused row is marked at once and its message (the expected type and range, or the
// store's reason, without the database path) is shown under the grid, with no row
// inserted (issue 61 item 4: the rows below stay put); the mark goes away with the next
// successful change.
#include <catch2/catch.hpp>

#include <wx/modalhook.h>
#include <wx/propgrid/propgrid.h>
#include <wx/textctrl.h>

#include "doc/value_cell.h"
#include "fixture.h"
#include "schema/store.h"
#include "views/rules_view.h"

using namespace twe::test;

namespace {

const wxColour kPink(255, 205, 205);

tw::Content stored(const std::string& db) { return tw::Store::open(db, tw::Store::Mode::ReadOnly).load_content(); }

// Counts modal dialogs (wx's "You have entered invalid value" box among them) and
// closes them at once, so a test sees them instead of hanging.
struct ModalCounter : wxModalDialogHook {
  int shown = 0;
  ModalCounter() { Register(); }
  ~ModalCounter() override { Unregister(); }
  int Enter(wxDialog*) override {
    ++shown;
    return wxID_CANCEL;
  }
  void Exit(wxDialog*) override {}
};

// Selects the cell, puts `text` into its editor as typing does and presses Enter (the
// grid's commit of the editor: its own parse and validation, then our change event).
void type_into(wxPropertyGrid* g, const std::string& name, const std::string& text) {
  wxPGProperty* p = g->GetPropertyByName(wxString::FromUTF8(name));
  REQUIRE(p);
  g->SelectProperty(p, true);
  pump(1);
  auto* tc = wxDynamicCast(g->GetEditorControl(), wxTextCtrl);
  REQUIRE(tc);
  tc->SetValue(wxString::FromUTF8(text));
  g->CommitChangesFromEditor();
}

bool pink(wxPropertyGrid* g, const std::string& name) {
  wxPGProperty* p = g->GetPropertyByName(wxString::FromUTF8(name));
  return p && p->GetCell(1).GetBgCol() == kPink;
}

// The name of the row right after `name` in the grid's order.
std::string row_after(wxPropertyGrid* g, const std::string& name) {
  bool next = false;
  for (wxPropertyGridIterator it = g->GetIterator(wxPG_ITERATE_ALL); !it.AtEnd(); ++it) {
    if (next) return (*it)->GetName().utf8_string();
    next = (*it)->GetName().utf8_string() == name;
  }
  return "";
}

// The message under the grid, after the field it names ("dogs not saved: ...").
std::string message_row(twe::RulesView* rv) {
  const std::string m = rv->problem_message();
  const size_t at = m.find(" not saved: ");
  return at == std::string::npos ? std::string() : m.substr(at + 12);
}

}  // namespace

TEST_CASE("value cells: a whole number is read exactly, with its range", "[rules][cells]") {
  CHECK(twe::parse_whole_number("7", 0, 10).number == 7);
  CHECK(twe::parse_whole_number(" 10 ", 0, 10).number == 10);
  CHECK(twe::parse_whole_number("-3", -5, 5).number == -3);
  CHECK(twe::parse_whole_number("+3", -5, 5).number == 3);
  for (const char* bad : {"2.5", "25x", "abc", "", " ", "1e2", "0x10", "++3", "+-3", "3 4", "99999999999999999999"}) {
    INFO(bad);
    const twe::CellValue v = twe::parse_whole_number(bad, 0, 100);
    CHECK_FALSE(v.number);
    CHECK(v.problem.find("0..100") != std::string::npos);  // the range, whatever was wrong
  }
  CHECK(twe::parse_whole_number("2.5", 0, 100).problem == "'2.5' is not a whole number (0..100)");
  CHECK(twe::parse_whole_number("101", 0, 100).problem == "101 is out of range (0..100)");
  CHECK(twe::parse_whole_number("2", 0, 1).problem == "2 is out of range (0 or 1)");
}

TEST_CASE_METHOD(FrameFixture, "value cells: typed into the grid, refused at the cell, no modal", "[rules][cells][ui]") {
  twe::RulesView* rv = frame->rules();
  frame->show_page(rv);
  REQUIRE(rv->select_rule_set("gcc"));
  pump();
  wxPropertyGrid* g = rv->grid();
  ModalCounter modals;

  // Item 1: 2.5 in a whole-number cell is refused; nothing is stored (not 25).
  type_into(g, "param.ghost_penalty", "2.5");
  pump();
  CHECK(modals.shown == 0);
  CHECK(stored(db_path).find_rule_set("gcc")->rules.ghost_penalty == 2);
  CHECK(g->GetPropertyValueAsString("param.ghost_penalty") == "2");
  CHECK(rv->field_problem() == "ghost_penalty: '2.5' is not a whole number (0..100)");
  CHECK(pink(g, "param.ghost_penalty"));
  CHECK(row_after(g, "param.ghost_penalty") != "problem.message");  // no row inserted
  CHECK(message_row(rv) == "'2.5' is not a whole number (0..100)");
  CHECK(rv->problem_message().find("ghost_penalty") != std::string::npos);  // it names the field
  screenshot(frame, "value_cell_decimal");

  // Item 2: a word in a number cell: no modal box; the type and range at the field.
  type_into(g, "param.followers", "abc");
  pump();
  CHECK(modals.shown == 0);
  CHECK(stored(db_path).find_rule_set("gcc")->rules.followers == 5);
  CHECK(rv->field_problem() == "followers: 'abc' is not a whole number (0..50)");
  CHECK(row_after(g, "param.followers") != "problem.message");  // no row inserted
  CHECK_FALSE(pink(g, "param.ghost_penalty"));  // the earlier mark is gone
  CHECK(pink(g, "param.followers"));

  // A good value: stored, and the mark and its message go.
  type_into(g, "param.ghost_penalty", " 3 ");
  pump();
  CHECK(modals.shown == 0);
  CHECK(stored(db_path).find_rule_set("gcc")->rules.ghost_penalty == 3);
  CHECK(rv->field_problem().empty());
  CHECK_FALSE(g->GetPropertyByName("problem.message"));
  CHECK_FALSE(pink(g, "param.followers"));
}

TEST_CASE_METHOD(FrameFixture, "value cells: a level's refusals are marked at once, short, and cleared",
                 "[rules][cells][ui]") {
  twe::RulesView* rv = frame->rules();
  frame->show_page(rv);
  REQUIRE(rv->select_level("mists-3"));
  pump();
  wxPropertyGrid* g = rv->grid();
  ModalCounter modals;

  // Item 3: out of range, marked as soon as Enter is handled (no later click needed).
  type_into(g, "level.ghost_bank", "250");
  pump(1);
  CHECK(pink(g, "level.ghost_bank"));
  CHECK(row_after(g, "level.ghost_bank") != "problem.message");  // no row inserted
  CHECK(message_row(rv) == "250 is out of range (0..200)");
  // Fixed: the mark goes with the successful change.
  type_into(g, "level.ghost_bank", "20");
  pump();
  CHECK(stored(db_path).find_level("mists-3")->ghost_bank == 20);
  CHECK_FALSE(pink(g, "level.ghost_bank"));
  CHECK_FALSE(g->GetPropertyByName("problem.message"));

  // The store's refusal: one short line under the row, without the database's path.
  type_into(g, "level.dogs", "50 15");
  pump();
  CHECK(modals.shown == 0);
  CHECK(stored(db_path).find_level("mists-3")->dogs == std::vector<int>{15, 50});
  CHECK(pink(g, "level.dogs"));
  CHECK(row_after(g, "level.dogs") != "problem.message");  // no row inserted
  const std::string msg = message_row(rv);
  INFO(msg);
  CHECK(rv->field_problem() == "dogs: " + msg);
  CHECK(msg.find(db_path) == std::string::npos);
  CHECK(msg.find('\n') == std::string::npos);
  CHECK(msg.size() < 120);
  screenshot(frame, "value_cell_level");
  // A later successful action elsewhere clears the message (no red text survives it).
  REQUIRE(rv->select_rule_set("base"));
  pump();
  CHECK(rv->field_problem().empty());
  CHECK_FALSE(g->GetPropertyByName("problem.message"));
  REQUIRE(rv->select_level("mists-3"));
  pump();
  CHECK_FALSE(pink(g, "level.dogs"));
  CHECK(modals.shown == 0);
}
