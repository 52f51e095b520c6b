// Issue 34 item 17 (views other than Play/Replays): labels cut or overlapping at
// 1024x700. A study chart's bar label ("ghost bank empty") and a Tile sets cell's
// attributes ("1 ghost recon. MS 0,0") are wrapped at spaces onto lines that each fit
// their column, instead of being cut mid-word or drawn over the neighbour's.
#include <catch2/catch.hpp>

#include <wx/dcmemory.h>
#include <wx/frame.h>

#include "fixture.h"
#include "main_frame.h"
#include "views/rules_view.h"
#include "views/study_chart.h"

namespace {

wxString joined(const std::vector<wxString>& lines) {
  wxString s;
  for (const auto& l : lines) s += (s.empty() ? "" : " ") + l;
  return s;
}

}  // namespace

TEST_CASE("a bar or tile label is wrapped at spaces onto lines that fit their column", "[ui][issue34]") {
  twe::test::ensure_wx();
  wxBitmap bmp(50, 50, 24);
  wxMemoryDC dc(bmp);
  wxFont small = *wxNORMAL_FONT;
  small.SetPointSize(std::max(6, small.GetPointSize() - 2));
  dc.SetFont(small);
  for (const wxString& label : {wxString("ghost bank empty"), wxString("dogs reached the village"),
                               wxString("1 ghost recon. MS 0,0"), wxString("target missed")}) {
    INFO(label.utf8_string());
    const int full = dc.GetTextExtent(label).x;
    // The widest word decides the narrowest column that keeps every word whole.
    int widest = 0;
    for (const auto& w : wxSplit(label, ' ')) widest = std::max(widest, dc.GetTextExtent(w).x);
    for (int width : {full + 4, full * 2 / 3, std::max(widest, full / 2 + 1)}) {
      INFO("column " << width << " px, text " << full << " px");
      const auto lines = twe::bar_label_lines(dc, label, width, 2);
      REQUIRE_FALSE(lines.empty());
      CHECK(lines.size() <= 2);
      for (const auto& l : lines) CHECK(dc.GetTextExtent(l).x <= width);
      if (width >= full) CHECK(lines.size() == 1);
      // No word is cut where every word fits the column and the label needs no third line.
      const bool ellipsized = lines.back().EndsWith("...") || lines.back().EndsWith(wxString::FromUTF8("…"));
      if (width >= widest && lines.size() == 2 && !ellipsized)
        CHECK(joined(lines) == label);
    }
  }
  // "ghost bank em": the words of the loss reason are all there, whole.
  const int col = dc.GetTextExtent("ghost bank").x + 2;
  const auto lines = twe::bar_label_lines(dc, "ghost bank empty", col, 2);
  REQUIRE(lines.size() == 2);
  CHECK(lines[0] == "ghost bank");
  CHECK(lines[1] == "empty");
  // A word wider than the column ends in an ellipsis and still fits.
  const auto cut = twe::bar_label_lines(dc, "reconstructed", dc.GetTextExtent("recon").x, 2);
  REQUIRE(cut.size() == 1);
  CHECK(dc.GetTextExtent(cut[0]).x <= dc.GetTextExtent("recon").x);
}

TEST_CASE("the loss reasons chart at the width it has at 1024 px (picture)", "[ui][issue34]") {
  twe::test::ensure_wx();
  auto* frame = new wxFrame(nullptr, wxID_ANY, "chart", wxDefaultPosition, wxSize(480, 200));
  auto* chart = new twe::StudyChart(frame);
  tw::study::Chart c;
  c.win_rates = {{"mists-3", 0.1, 0.0, 0.4, 0}};
  c.scores = {{"mists-3", {1, 0, 2, 1}}};
  c.score_min = 40;
  c.score_max = 80;
  c.bin_width = 10;
  c.outcome_title = "loss reasons";
  c.outcomes = {{"ghost bank empty", 5, 5, 5, 0}, {"dogs reached the village", 2, 2, 2, 0}, {"target missed", 3, 3, 3, 0}};
  chart->set_chart(c);
  frame->Show();
  twe::test::pump();
  CHECK(chart->has_chart());
  twe::test::screenshot(frame, "issue34-chart-labels-1024");
  frame->Destroy();
  twe::test::pump();
}

TEST_CASE("the levels and rule sets view at 1024x700 (picture)", "[ui][issue34]") {
  twe::test::FrameFixture f;
  f.frame->SetSize(1024, 700);
  f.frame->show_page(f.frame->rules());
  REQUIRE(f.frame->rules()->select_rule_set("gcc"));
  twe::test::pump();
  twe::test::screenshot(f.frame, "issue34-rules-1024");
  // The estimate row's buttons stay inside the view (they ran off its right edge).
  twe::RulesView* rv = f.frame->rules();
  for (wxWindow* b : {static_cast<wxWindow*>(rv->compare_button())}) {
    const wxRect r = b->GetScreenRect();
    const wxRect view = rv->GetScreenRect();
    INFO("button " << r.x << "+" << r.width << ", view " << view.x << "+" << view.width);
    CHECK(b->IsShown());
    CHECK(r.GetRight() <= view.GetRight());
    CHECK(b->GetTextExtent(b->GetLabel()).x <= b->GetSize().x);
  }
  REQUIRE(f.frame->rules()->select_rule_set("mists"));
  REQUIRE(f.frame->rules()->select_level("mists-3"));
  twe::test::pump();
  twe::test::screenshot(f.frame, "issue34-level-1024");
}
