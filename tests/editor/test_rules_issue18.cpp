// Issue 18, item 5: a refused level value names the value typed and what was expected
// (not raw SQLite text), only the refused field is marked red (no stale mark left on
// another), cemetery and scoring are choices, and the estimate gives a 95% interval.
#include <catch2/catch.hpp>

#include <wx/propgrid/propgrid.h>
#include <wx/propgrid/props.h>

#include "doc/estimate.h"
#include "fixture.h"
#include "schema/store.h"
#include "views/rules_view.h"

namespace {

// The properties of the grid with a red background.
std::vector<std::string> marked(wxPropertyGrid* g) {
  std::vector<std::string> out;
  for (wxPropertyGridIterator it = g->GetIterator(); !it.AtEnd(); ++it) {
    wxPGProperty* p = *it;
    if (p->GetCell(1).GetBgCol() == wxColour(255, 205, 205)) out.push_back(p->GetName().utf8_string());
  }
  return out;
}

}  // namespace

TEST_CASE("rules: a refused value names what was typed, one field is marked, modes are choices", "[rules][ui][issue18]") {
  twe::test::FrameFixture f;
  twe::RulesView* rv = f.frame->rules();
  f.frame->show_page(rv);
  twe::test::pump();
  REQUIRE(rv->select_level("mists-2"));
  twe::test::pump();
  // cemetery and scoring: the loader's words as choices.
  for (const char* col : {"level.cemetery", "level.scoring"}) {
    auto* en = dynamic_cast<wxEnumProperty*>(rv->grid()->GetPropertyByName(col));
    REQUIRE(en);
    CHECK(en->GetChoices().GetCount() == (std::string(col) == "level.cemetery" ? 3u : 2u));
  }
  CHECK(dynamic_cast<wxEnumProperty*>(rv->grid()->GetPropertyByName("level.cemetery"))->GetValueAsString() == "plain");

  // A refused word: its field is marked.
  CHECK_FALSE(rv->set_level_field("cemetery", "spooky"));
  CHECK(rv->field_problem().find("spooky") != std::string::npos);
  CHECK(marked(rv->grid()) == std::vector<std::string>{"level.cemetery"});
  // A value out of the schema's range: the value typed and the range, no SQLite wording;
  // the mark moves to that field (no stale mark stays on cemetery).
  CHECK_FALSE(rv->set_level_field("ghost_bank", "250"));
  INFO(rv->field_problem());
  CHECK(rv->field_problem().find("250") != std::string::npos);
  CHECK(rv->field_problem().find("0..200") != std::string::npos);
  CHECK(rv->field_problem().find("ghost_bank") != std::string::npos);
  CHECK(rv->field_problem().find("CHECK constraint") == std::string::npos);
  CHECK(marked(rv->grid()) == std::vector<std::string>{"level.ghost_bank"});
  // A good value clears the mark.
  REQUIRE(rv->set_level_field("ghost_bank", "14"));
  twe::test::pump();
  CHECK(marked(rv->grid()).empty());
  CHECK(rv->field_problem().empty());
  REQUIRE(rv->set_level_field("cemetery", "haunted"));
  twe::test::pump();
  CHECK(dynamic_cast<wxEnumProperty*>(rv->grid()->GetPropertyByName("level.cemetery"))->GetValueAsString() ==
        "haunted");
  twe::test::screenshot(f.frame, "rules-choices");
}

TEST_CASE("the estimate gives a 95% interval for win rates", "[estimate][issue18]") {
  const auto [lo, hi] = twe::win_interval(42, 100);
  CHECK(lo == Approx(0.3280).epsilon(0.001));
  CHECK(hi == Approx(0.5179).epsilon(0.001));
  CHECK(twe::win_interval(0, 10).first == 0.0);
  CHECK(twe::win_interval(10, 10).second == 1.0);
  twe::EstimateResult r;
  r.coop = true;
  r.games = 100;
  r.coop_wins = 42;
  CHECK(r.summary().find("95% interval 32.8-51.8%") != std::string::npos);
  twe::EstimateResult c;
  c.games = 100;
  c.mean_score = {50, 40};
  c.wins = {60, 40};
  CHECK(c.summary().find("wins 60.0% (95% interval 50.2-69.1%)") != std::string::npos);
  // "1 decision", not "1 decisions".
  twe::EstimateResult one;
  one.games = 1;
  one.mean_plies = 1;
  one.mean_score = {0};
  one.wins = {1};
  CHECK(one.summary().find("1 game, 1 decision a game") != std::string::npos);
}
