#include "views/rules_view.h"

#include <wx/choicdlg.h>

#include <wx/button.h>
#include <wx/checkbox.h>
#include <wx/choice.h>
#include <wx/gauge.h>
#include <wx/listctrl.h>
#include <wx/propgrid/propgrid.h>
#include <wx/propgrid/props.h>
#include <wx/scrolwin.h>
#include <wx/sizer.h>
#include <wx/wrapsizer.h>
#include <wx/spinctrl.h>
#include <wx/statbox.h>
#include <wx/stattext.h>
#include <wx/textctrl.h>
#include <wx/textdlg.h>

#include <algorithm>
#include <memory>
#include <sstream>

#include "doc/edits.h"
#include "doc/value_cell.h"
#include "engine/rules/level_columns.h"
#include "replay/replay_store.h"
#include "views/tune_dialog.h"

namespace twe {
namespace {

const wxColour kBadColour(255, 205, 205);
const wxColour kInherited(120, 120, 120);
const wxColour kProblemText(170, 20, 20);

const tw::ParamSpec* find_spec(const std::string& key) {
  for (const auto& spec : tw::rule_param_specs())
    if (spec.key == key) return &spec;
  return nullptr;
}

std::vector<std::string> split_bots(const std::string& text) {
  std::vector<std::string> out;
  std::string cur;
  for (char ch : text + ",") {
    if (ch == ',' || ch == ' ') {
      if (!cur.empty()) out.push_back(cur);
      cur.clear();
    } else {
      cur += ch;
    }
  }
  return out;
}

}  // namespace

RulesView::RulesView(wxWindow* parent, EditorContext& ctx) : wxPanel(parent, wxID_ANY), ctx_(ctx) {
  build();
  ctx_.content_listeners.push_back([this] {
    // The grid may be inside one of its own events: rebuild it afterwards. A change of
    // the content (an edit, an Undo, a Redo) answers the refusal shown: its mark goes.
    CallAfter([this] {
      clear_problem();
      refresh_content();
    });
  });
  refresh_content();
}

RulesView::~RulesView() { stop_worker(); }

void RulesView::stop_worker() {
  cancel_ = true;
  if (worker_.joinable()) worker_.join();
}

void RulesView::build() {
  auto* top = new wxBoxSizer(wxHORIZONTAL);
  top->Add(new wxStaticText(this, wxID_ANY, "Rule set:"), 0, wxALIGN_CENTER_VERTICAL | wxRIGHT, 6);
  set_choice_ = new wxChoice(this, wxID_ANY, wxDefaultPosition, wxSize(200, -1));
  top->Add(set_choice_, 0, wxALIGN_CENTER_VERTICAL | wxRIGHT, 12);
  top->Add(new wxStaticText(this, wxID_ANY, "Co-op level:"), 0, wxALIGN_CENTER_VERTICAL | wxRIGHT, 6);
  level_choice_ = new wxChoice(this, wxID_ANY, wxDefaultPosition, wxSize(200, -1));
  top->Add(level_choice_, 0, wxALIGN_CENTER_VERTICAL | wxRIGHT, 12);
  clone_ = new wxButton(this, wxID_ANY, "Clone rule set...");
  top->Add(clone_, 0, wxALIGN_CENTER_VERTICAL | wxRIGHT, 6);
  clone_level_ = new wxButton(this, wxID_ANY, "Clone level...");
  top->Add(clone_level_, 0, wxALIGN_CENTER_VERTICAL | wxRIGHT, 6);
  play_ = new wxButton(this, wxID_ANY, L"Play this level…");
  play_->SetToolTip("A new game of the chosen level (or rule set) in Play: the New game dialog with it chosen");
  top->Add(play_, 0, wxALIGN_CENTER_VERTICAL);
  play_->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) {
    if (on_play && !rule_set_.empty()) on_play(rule_set_, level_);
  });

  auto* body = new wxBoxSizer(wxHORIZONTAL);
  auto* left = new wxBoxSizer(wxVERTICAL);
  grid_ = new wxPropertyGrid(this, wxID_ANY, wxDefaultPosition, wxSize(460, -1),
                             wxPG_SPLITTER_AUTO_CENTER | wxPG_DEFAULT_STYLE);
  // Help texts (and a refusal's whole message) as tooltips of the rows.
  grid_->SetExtraStyle(wxPG_EX_HELP_AS_TOOLTIPS);
  left->Add(grid_, 1, wxEXPAND);
  // A refused value's message, whole, under the grid: no row is inserted, so the rows
  // below stay where they were (a double-click lands on the row aimed at).
  problem_text_ = new wxStaticText(this, wxID_ANY, "");
  problem_text_->SetForegroundColour(kProblemText);
  left->Add(problem_text_, 0, wxEXPAND | wxTOP, 4);
  body->Add(left, 5, wxEXPAND | wxRIGHT, 8);

  // The pile and the estimate scroll together when the window is short (1024x700): the
  // estimate's result and charts keep a readable height instead of being squeezed away.
  right_ = new wxScrolledWindow(this, wxID_ANY, wxDefaultPosition, wxDefaultSize, wxVSCROLL);
  right_->SetScrollRate(0, 16);
  auto* right = new wxBoxSizer(wxVERTICAL);
  auto* poolbox = new wxStaticBoxSizer(wxVERTICAL, right_, "Draw pile (the start tile is extra)");
  wxWindow* pb = poolbox->GetStaticBox();
  pool_ = new wxListCtrl(pb, wxID_ANY, wxDefaultPosition, wxSize(-1, 200), wxLC_REPORT | wxLC_SINGLE_SEL);
  pool_->SetMinSize(wxSize(-1, 120));
  pool_->AppendColumn("Tile", wxLIST_FORMAT_LEFT, 90);
  pool_->AppendColumn("Tile set", wxLIST_FORMAT_LEFT, 100);
  pool_->AppendColumn("Count", wxLIST_FORMAT_RIGHT, 60);
  pool_->AppendColumn("In the box", wxLIST_FORMAT_RIGHT, 80);
  pool_->AppendColumn("This level", wxLIST_FORMAT_LEFT, 150);
  poolbox->Add(pool_, 1, wxEXPAND | wxALL, 4);
  auto* prow = new wxBoxSizer(wxHORIZONTAL);
  prow->Add(new wxStaticText(pb, wxID_ANY, "Count of the selected tile"), 0, wxALIGN_CENTER_VERTICAL | wxRIGHT, 6);
  pool_count_ = new wxSpinCtrl(pb, wxID_ANY, "", wxDefaultPosition, wxDefaultSize, wxSP_ARROW_KEYS, 0, 10000, 0);
  prow->Add(pool_count_, 0, wxRIGHT, 6);
  pool_set_ = new wxButton(pb, wxID_ANY, "Set");
  prow->Add(pool_set_, 0, wxRIGHT, 6);
  auto* pool_add = new wxButton(pb, wxID_ANY, "Add tile...");
  pool_add->SetToolTip("Put a tile type that is not in this draw pile yet into it (1 copy)");
  prow->Add(pool_add, 0, wxRIGHT, 12);
  pool_add->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) {
    const tw::RuleSet* rs = ctx_.content.find_rule_set(rule_set_);
    if (!rs) return;
    wxArrayString choices;
    std::vector<int> tiles;
    for (size_t t = 0; t < ctx_.content.tiles.size(); ++t) {
      const tw::TileType& tt = ctx_.content.tiles[t];
      if (!tt.piece.empty()) continue;
      bool in = false;
      for (const auto& e : rs->pool) in = in || e.tile == static_cast<int>(t);
      if (in) continue;
      choices.Add(wxString::FromUTF8(tt.tile_set + "/" + tt.id + (tt.note.empty() ? "" : "  " + tt.note.substr(0, 60))));
      tiles.push_back(static_cast<int>(t));
    }
    if (tiles.empty()) return;
    wxSingleChoiceDialog dlg(this, "Tile type to add to the draw pile of " + wxString::FromUTF8(rule_set_) + ":",
                             "Add tile", choices);
    if (dlg.ShowModal() != wxID_OK) return;
    const tw::TileType& tt = ctx_.content.tiles[static_cast<size_t>(tiles[static_cast<size_t>(dlg.GetSelection())])];
    set_pool_count(tt.tile_set, tt.id, 1);
  });
  poolbox->Add(prow, 0, wxEXPAND | wxALL, 4);
  // The pile's size on a line of its own (it is long for a level that leaves tiles out).
  pool_total_ = new wxStaticText(pb, wxID_ANY, "");
  poolbox->Add(pool_total_, 0, wxEXPAND | wxLEFT | wxRIGHT, 4);
  // A refused pool count: its message under the pile's controls.
  pool_problem_ = new wxStaticText(pb, wxID_ANY, "");
  pool_problem_->SetForegroundColour(kProblemText);
  poolbox->Add(pool_problem_, 0, wxEXPAND | wxLEFT | wxRIGHT | wxBOTTOM, 4);
  right->Add(poolbox, 1, wxEXPAND | wxBOTTOM, 8);

  auto* estbox = new wxStaticBoxSizer(wxVERTICAL, right_, "Estimate difficulty (seeded bot games, as tilewright simulate)");
  wxWindow* eb = estbox->GetStaticBox();
  // Wraps at 1024 px, so that the buttons stay on screen (issue 34 item 17).
  auto* erow = new wxWrapSizer(wxHORIZONTAL);
  erow->Add(new wxStaticText(eb, wxID_ANY, "Bots"), 0, wxALIGN_CENTER_VERTICAL | wxRIGHT, 6);
  bots_ = new wxTextCtrl(eb, wxID_ANY, "greedy,greedy", wxDefaultPosition, wxSize(160, -1));
  bots_->SetToolTip("One bot per seat, separated by commas: random, greedy, coop, or the search mcts (its default budget) or mcts:N (N iterations a decision)");
  erow->Add(bots_, 0, wxRIGHT, 10);
  erow->Add(new wxStaticText(eb, wxID_ANY, "Games"), 0, wxALIGN_CENTER_VERTICAL | wxRIGHT, 6);
  games_ = new wxSpinCtrl(eb, wxID_ANY, "", wxDefaultPosition, wxDefaultSize, wxSP_ARROW_KEYS, 1, 100000, 200);
  erow->Add(games_, 0, wxRIGHT, 10);
  estimate_btn_ = new wxButton(eb, wxID_ANY, "Estimate difficulty");
  erow->Add(estimate_btn_, 0, wxRIGHT | wxBOTTOM, 6);
  compare_btn_ = new wxButton(eb, wxID_ANY, "Compare with parent");
  compare_btn_->SetToolTip("The rules that differ from the parent rule set, side by side, and the same seeded "
                           "games of both (as tilewright compare PARENT VARIANT)");
  erow->Add(compare_btn_, 0, wxRIGHT, 6);
  auto* tune = new wxButton(eb, wxID_ANY, "Tune...");
  tune->SetToolTip("The value of one number of this level or rule set that meets a target (win = 30%, "
                   "seat-advantage = 0), found with few games (as tilewright tune), then saved as a new one");
  tune->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { open_tune(); });
  erow->Add(tune, 0);
  estbox->Add(erow, 0, wxEXPAND | wxALL, 4);
  // The solver's side of the bracket (co-op levels): its budget, and the deals it won.
  auto* srow = new wxWrapSizer(wxHORIZONTAL);
  solve_ = new wxCheckBox(eb, wxID_ANY, "Solver, nodes a deal");
  solve_->SetToolTip("Also search every same deal for a winning line with the whole pile known (as tilewright "
                     "simulate --solve): the winnable share beside the bots' win rate");
  srow->Add(solve_, 0, wxALIGN_CENTER_VERTICAL | wxRIGHT, 6);
  solve_nodes_ = new wxSpinCtrl(eb, wxID_ANY, "", wxDefaultPosition, wxSize(150, -1), wxSP_ARROW_KEYS, 1000,
                                100000000, 50000);
  solve_nodes_->SetToolTip("The solver's budget: game states generated a deal (deterministic)");
  srow->Add(solve_nodes_, 0, wxRIGHT, 10);
  lines_ = new wxChoice(eb, wxID_ANY, wxDefaultPosition, wxSize(190, -1));
  lines_->SetToolTip("The deals the solver won");
  srow->Add(lines_, 0, wxALIGN_CENTER_VERTICAL | wxRIGHT, 6);
  open_line_ = new wxButton(eb, wxID_ANY, "Open a winning line");
  open_line_->SetToolTip("The solver's record of the chosen deal, stored as a replay and opened in Replays");
  srow->Add(open_line_, 0, wxBOTTOM, 4);
  estbox->Add(srow, 0, wxEXPAND | wxLEFT | wxRIGHT, 4);
  lines_->Enable(false);
  open_line_->Enable(false);
  gauge_ = new wxGauge(eb, wxID_ANY, 100, wxDefaultPosition, wxSize(-1, 16));
  estbox->Add(gauge_, 0, wxEXPAND | wxALL, 4);
  result_text_ = new wxTextCtrl(eb, wxID_ANY, "", wxDefaultPosition, wxSize(-1, 130), wxTE_MULTILINE | wxTE_READONLY);
  result_text_->SetFont(wxFont(wxFontInfo(9).Family(wxFONTFAMILY_TELETYPE)));
  result_text_->SetMinSize(wxSize(-1, 80));
  estbox->Add(result_text_, 1, wxEXPAND | wxALL, 4);
  chart_ = new StudyChart(eb);
  chart_->SetMinSize(wxSize(-1, 180));
  chart_->SetToolTip("Win rates with their 95% intervals, the score distribution and the loss reasons "
                     "(the charts of tilewright simulate --plot)");
  estbox->Add(chart_, 1, wxEXPAND | wxALL, 4);
  right->Add(estbox, 2, wxEXPAND);
  right_->SetSizer(right);
  body->Add(right_, 4, wxEXPAND);

  auto* s = new wxBoxSizer(wxVERTICAL);
  s->Add(top, 0, wxEXPAND | wxALL, 8);
  s->Add(body, 1, wxEXPAND | wxLEFT | wxRIGHT | wxBOTTOM, 8);
  SetSizer(s);

  set_choice_->Bind(wxEVT_CHOICE, [this](wxCommandEvent&) {
    const int i = set_choice_->GetSelection();
    if (i != wxNOT_FOUND) select_rule_set(set_choice_->GetString(static_cast<unsigned>(i)).utf8_string());
  });
  level_choice_->Bind(wxEVT_CHOICE, [this](wxCommandEvent&) {
    const int i = level_choice_->GetSelection();
    select_level(i <= 0 ? std::string() : level_choice_->GetString(static_cast<unsigned>(i)).utf8_string());
  });
  clone_->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) {
    if (rule_set_.empty()) return;
    wxTextEntryDialog dlg(this, "Id of the new rule set (a copy of " + wxString::FromUTF8(rule_set_) + "):",
                          "Clone rule set", wxString::FromUTF8(rule_set_ + "-copy"));
    if (dlg.ShowModal() != wxID_OK) return;
    const std::string id = dlg.GetValue().utf8_string();
    const tw::RuleSet* rs = ctx_.content.find_rule_set(rule_set_);
    clone_rule_set(id, (rs ? rs->name : rule_set_) + " (copy)");
  });
  clone_level_->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) {
    if (level_.empty()) return;
    wxTextEntryDialog dlg(this, "Id of the new level (a copy of " + wxString::FromUTF8(level_) + "):",
                          "Clone level", wxString::FromUTF8(level_ + "-copy"));
    if (dlg.ShowModal() != wxID_OK) return;
    const tw::Level* l = ctx_.content.find_level(level_);
    clone_level(dlg.GetValue().utf8_string(), (l ? l->name : level_) + " (copy)");
  });
  grid_->Bind(wxEVT_PG_CHANGING, &RulesView::on_changing, this);
  // A cell's editor starts with its whole text selected: typing replaces the value (a
  // double-click left the caret at the start, so "2.5" typed gave "2.52").
  for (const auto type : {wxEVT_PG_SELECTED, wxEVT_PG_DOUBLE_CLICK})
    grid_->Bind(type, [this](wxPropertyGridEvent& e) {
      e.Skip();
      CallAfter([this] { select_editor_text(); });
    });
  pool_->Bind(wxEVT_LIST_ITEM_SELECTED, [this](wxListEvent& e) {
    pool_count_->SetValue(static_cast<int>(wxAtol(pool_->GetItemText(e.GetIndex(), 2))));
  });
  pool_set_->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) {
    const long i = pool_->GetNextItem(-1, wxLIST_NEXT_ALL, wxLIST_STATE_SELECTED);
    if (i < 0) return;
    set_pool_count(pool_->GetItemText(i, 1).utf8_string(), pool_->GetItemText(i, 0).utf8_string(),
                   pool_count_->GetValue());
  });
  compare_btn_->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) {
    if (estimating()) {
      cancel_ = true;
      return;
    }
    start_compare(games_->GetValue(), level_.empty() ? bots_->GetValue().utf8_string() : std::string("greedy,greedy"));
  });
  estimate_btn_->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) {
    if (estimating()) {
      cancel_ = true;
      return;
    }
    std::optional<int64_t> nodes;
    if (solve_->GetValue() && !level_.empty()) nodes = solve_nodes_->GetValue();
    start_estimate(games_->GetValue(), bots_->GetValue().utf8_string(), nodes);
  });
  open_line_->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) {
    const int k = lines_->GetSelection();
    if (k != wxNOT_FOUND) open_winning_line(static_cast<size_t>(k));
  });
}

void RulesView::refresh_content() {
  set_choice_->Clear();
  for (const auto& rs : ctx_.content.rule_sets) set_choice_->Append(wxString::FromUTF8(rs.id));
  if (!ctx_.content.find_rule_set(rule_set_))
    rule_set_ = ctx_.content.rule_sets.empty() ? std::string() : ctx_.content.rule_sets.front().id;
  const int i = set_choice_->FindString(wxString::FromUTF8(rule_set_));
  if (i != wxNOT_FOUND) set_choice_->SetSelection(i);
  level_choice_->Clear();
  level_choice_->Append("(none: a competitive game)");
  bool level_found = false;
  for (const auto& l : ctx_.content.levels)
    if (l.rule_set == rule_set_) {
      level_choice_->Append(wxString::FromUTF8(l.id));
      level_found = level_found || l.id == level_;
    }
  if (!level_found) level_.clear();
  const int li = level_.empty() ? 0 : level_choice_->FindString(wxString::FromUTF8(level_));
  level_choice_->SetSelection(li == wxNOT_FOUND ? 0 : li);
  level_choice_->Enable(level_choice_->GetCount() > 1);
  clone_->Enable(!rule_set_.empty());
  if (compare_btn_) {
    const tw::RuleSet* rs = ctx_.content.find_rule_set(rule_set_);
    compare_btn_->Enable(rs && !rs->parent.empty() && ctx_.content.find_rule_set(rs->parent));
    compare_btn_->SetLabel(rs && !rs->parent.empty() ? wxString::FromUTF8("Compare with " + rs->parent)
                                                     : wxString("Compare with parent"));
  }
  clone_level_->Enable(!level_.empty());
  if (play_) play_->SetLabel(level_.empty() ? wxString(L"Play this rule set…") : wxString(L"Play this level…"));
  if (solve_) solve_->Enable(!level_.empty());  // the solver searches co-op deals
  fill_grid();
  fill_pool();
  show_result_of_selection();
}

void RulesView::show_result_of_selection() {
  // A running estimate or compare keeps the panel (its text names what it plays); when it
  // is done the panel shows the selection's own result again.
  if (!result_text_ || worker_.joinable()) return;
  const std::string key = selection_key();
  if (key == shown_key_) return;
  shown_key_ = key;
  const auto it = results_.find(key);
  result_ = it != results_.end() ? it->second : EstimateResult{};
  comparison_ = ComparisonResult{};
  chart_->clear();
  if (!chart_->IsShown()) chart_->Show();
  result_text_->SetMinSize(wxSize(-1, 80));
  gauge_->SetValue(0);
  if (it != results_.end()) {
    result_text_->ChangeValue(wxString::FromUTF8(result_.summary()));
    gauge_->SetRange(std::max(1, result_.games));
    gauge_->SetValue(result_.games);
    if (result_.error.empty() && result_.games > 0) chart_->set_chart(tw::study::chart_data(result_.report));
  } else {
    result_text_->ChangeValue("");
  }
  show_winning_lines();
  relayout();
}

bool RulesView::select_rule_set(const std::string& id) {
  if (!ctx_.content.find_rule_set(id)) return false;
  if (id != rule_set_ || !level_.empty()) {
    rule_set_ = id;
    level_.clear();
    if (!estimating()) bots_->ChangeValue("greedy,greedy");
  }
  clear_problem();
  refresh_content();
  // A rule set with levels is played as its levels: preselect the first.
  if (level_.empty())
    for (const auto& l : ctx_.content.levels)
      if (l.rule_set == rule_set_) return select_level(l.id) || true;
  return true;
}

bool RulesView::select_level(const std::string& id) {
  if (!id.empty()) {
    const tw::Level* l = ctx_.content.find_level(id);
    if (!l) return false;
    rule_set_ = l->rule_set;
  }
  level_ = id;
  clear_problem();
  if (!estimating()) bots_->ChangeValue(level_.empty() ? "greedy,greedy" : "coop,coop");
  refresh_content();
  return true;
}

void RulesView::fill_grid() {
  filling_ = true;
  grid_->Freeze();
  grid_->Clear();
  // The co-op level first: its columns are what a level designer changes most.
  if (const tw::Level* l = level_.empty() ? nullptr : ctx_.content.find_level(level_)) {
    grid_->Append(new wxPropertyCategory("Co-op level " + wxString::FromUTF8(l->id), "cat.level"));
    // Every editable column of the level table (engine/rules/level_columns.h), in its
    // order, with its meaning and range as help.
    for (const tw::LevelColumn& c : tw::level_columns()) {
      if (!c.editable) continue;
      const std::string name(c.name), v = c.get(*l);
      std::string help(c.meaning);
      if (c.integer()) help += " (" + c.range_text() + ")";
      // Choices: the table's words (cemetery none / plain / haunted, scoring shared /
      // per_colour), so a new mode appears here by itself.
      if (c.type == tw::LevelColumnType::Choice) {
        wxArrayString words;
        for (const auto w : c.choices) words.Add(wxString::FromUTF8(std::string(w)));
        const int sel = words.Index(wxString::FromUTF8(v));
        wxPGProperty* p = grid_->Append(new wxEnumProperty(name, "level." + name, words, wxArrayInt(),
                                                           sel == wxNOT_FOUND ? 0 : sel));
        grid_->SetPropertyHelpString(p, wxString::FromUTF8(help));
        continue;
      }
      // Every value cell is text, read by the view exactly as its type allows (a number
      // cell's own filter would drop a typed '.' and store 25 for 2.5).
      if (c.integer()) help = std::string(c.meaning) + " (" + whole_number_hint(c.min, c.max) + ")";
      wxPGProperty* p = new wxStringProperty(name, "level." + name,
                                             wxString::FromUTF8(c.integer() ? std::to_string(c.number(*l)) : v));
      grid_->Append(p);
      grid_->SetPropertyHelpString(p, wxString::FromUTF8(help));
    }
    const std::string f = tw::level_followers_text(l->followers);
    wxPGProperty* fp = grid_->Append(new wxStringProperty("followers", "level.followers", wxString::FromUTF8(f)));
    grid_->SetPropertyHelpString(fp, "per seat count: colours each player plays x followers of each colour, "
                                     "e.g. '1p: 4x3; 2p: 2x3; 3p: 1x5' (level_followers rows)");
  }
  const tw::RuleSet* rs = ctx_.content.find_rule_set(rule_set_);
  if (rs) {
    grid_->Append(new wxPropertyCategory("Rule set " + wxString::FromUTF8(rs->id), "cat.ruleset"));
    auto ro = [&](const char* label, const char* name, const std::string& v) {
      wxPGProperty* p = grid_->Append(new wxStringProperty(label, name, wxString::FromUTF8(v)));
      p->ChangeFlag(wxPG_PROP_READONLY, true);
      return p;
    };
    ro("name", "rs.name", rs->name);
    ro("system", "rs.system", std::string(tw::system_name(rs->system)));
    ro("parent", "rs.parent", rs->parent.empty() ? "(none)" : rs->parent);
    const std::string start = rs->start_tile >= 0 ? ctx_.content.tiles[static_cast<size_t>(rs->start_tile)].tile_set +
                                                        "/" + ctx_.content.tiles[static_cast<size_t>(rs->start_tile)].id
                                                  : "(none)";
    ro("start tile", "rs.start", start);
    if (!rs->description.empty()) ro("description", "rs.description", rs->description);

    std::vector<std::string> explicit_keys;
    for (const auto& [k, v] : explicit_params(ctx_, rule_set_)) explicit_keys.push_back(k);
    grid_->Append(new wxPropertyCategory("Rule parameters (grey: inherited or default)", "cat.params"));
    for (const auto& spec : tw::rule_param_specs()) {
      const std::string key(spec.key);
      auto* p = new wxStringProperty(wxString::FromUTF8(key), wxString::FromUTF8("param." + key),
                                     wxString::FromUTF8(std::to_string(rs->rules.*(spec.field))));
      grid_->Append(p);
      grid_->SetPropertyHelpString(p, wxString::FromUTF8(std::string(spec.doc) + " (" +
                                                         whole_number_hint(spec.min, spec.max) + ")"));
      const bool own = std::find(explicit_keys.begin(), explicit_keys.end(), key) != explicit_keys.end();
      if (!own) grid_->SetPropertyTextColour(p, kInherited);
    }
  }
  grid_->Thaw();
  filling_ = false;
  // Keep a refused value's mark until the next successful change.
  mark_problem();
}

void RulesView::fill_pool() {
  pool_->DeleteAllItems();
  const tw::RuleSet* rs = ctx_.content.find_rule_set(rule_set_);
  const tw::Level* level = level_.empty() ? nullptr : ctx_.content.find_level(level_);
  int total = 0, left_out = 0;
  std::vector<std::string> kinds_left_out;
  if (rs) {
    long row = 0;
    for (const auto& e : rs->pool) {
      if (e.tile < 0) continue;
      const tw::TileType& t = ctx_.content.tiles[static_cast<size_t>(e.tile)];
      const long i = pool_->InsertItem(row++, wxString::FromUTF8(t.id));
      pool_->SetItem(i, 1, wxString::FromUTF8(t.tile_set));
      pool_->SetItem(i, 2, wxString::Format("%d", e.count));
      pool_->SetItem(i, 3, wxString::Format("%d", t.count));
      total += e.count;
      // A level leaves the tiles that show one of its excluded kinds in the box (as
      // the game builds its pile: engine/game.cpp, build_pile).
      const tw::Segment* shown = nullptr;
      if (level)
        for (const auto& seg : t.segments)
          if (std::find(level->exclude_kinds.begin(), level->exclude_kinds.end(), seg.kind) !=
              level->exclude_kinds.end()) {
            shown = &seg;
            break;
          }
      if (shown) {
        const std::string kind(tw::kind_name(shown->kind));
        pool_->SetItem(i, 4, wxString::FromUTF8("left out (" + kind + ")"));
        pool_->SetItemTextColour(i, kInherited);
        left_out += e.count;
        if (std::find(kinds_left_out.begin(), kinds_left_out.end(), kind) == kinds_left_out.end())
          kinds_left_out.push_back(kind);
      } else {
        pool_->SetItemTextColour(i, pool_->GetForegroundColour());
      }
    }
  }
  std::string text;
  if (level && left_out > 0) {
    std::string kinds;
    for (const auto& k : kinds_left_out) kinds += (kinds.empty() ? "" : ", ") + k;
    text = std::to_string(total - left_out) + " tiles in the pile of level " + level_ + " (rule set " + rule_set_ +
           ": " + std::to_string(total) + "; " + std::to_string(left_out) + " left in the box: " + kinds + ")";
  } else {
    text = std::to_string(total) + " tiles in the pile";
  }
  pile_count_ = total - left_out;
  pool_total_->SetLabel(wxString::FromUTF8(text));
  pool_total_->Wrap(std::max(200, pool_->GetClientSize().x));
  relayout();
}

void RulesView::clear_problem() {
  problem_.clear();
  if (pool_problem_) pool_problem_->SetLabel("");
  if (problem_text_ && !problem_text_->GetLabel().empty()) {
    problem_text_->SetLabel("");
    problem_text_->UnsetToolTip();
    problem_shown_.clear();
    relayout();
  }
  if (!grid_) return;
  if (!problem_property_.empty())
    if (wxPGProperty* p = grid_->GetPropertyByName(wxString::FromUTF8(problem_property_))) {
      grid_->SetPropertyHelpString(p, wxString::FromUTF8(problem_help_));
      grid_->SetPropertyColoursToDefault(p);
      if (p->GetName().StartsWith("param.") && !p->HasFlag(wxPG_PROP_READONLY)) {
        // Parameters the rule set does not set itself stay grey.
        std::vector<std::string> own;
        for (const auto& [k, v] : explicit_params(ctx_, rule_set_)) own.push_back(k);
        const std::string key = p->GetName().utf8_string().substr(6);
        if (std::find(own.begin(), own.end(), key) == own.end()) grid_->SetPropertyTextColour(p, kInherited);
      }
    }
  problem_property_.clear();
  grid_->Refresh();
}

void RulesView::show_problem(const std::string& property, const std::string& message) {
  clear_problem();  // one mark at a time: the field of this refusal only
  problem_ = message;
  problem_property_ = property;
  // Inside the grid's own change event is no time to add a row: then mark it as soon as
  // the event is done (before anything is painted), else now.
  if (in_changing_)
    CallAfter([this] { mark_problem(); });
  else
    mark_problem();
}

void RulesView::mark_problem() {
  if (problem_.empty()) return;
  wxPGProperty* p = grid_->GetPropertyByName(wxString::FromUTF8(problem_property_));
  if (!p) return;
  grid_->SetPropertyBackgroundColour(p, kBadColour);
  // The row's tooltip is the whole message while it is marked (its help text after).
  if (p->GetHelpString() != wxString::FromUTF8(problem_)) problem_help_ = p->GetHelpString().utf8_string();
  grid_->SetPropertyHelpString(p, wxString::FromUTF8(problem_));
  // The message, whole and wrapped, under the grid, naming the field.
  const std::string field = problem_property_.substr(problem_property_.find('.') + 1);
  const std::string shown = problem_.rfind(field + ": ", 0) == 0 ? problem_.substr(field.size() + 2) : problem_;
  problem_shown_ = field + " not saved: " + shown;
  problem_text_->SetLabel(wxString::FromUTF8(problem_shown_));
  problem_text_->Wrap(std::max(200, grid_->GetClientSize().x));
  problem_text_->SetToolTip(wxString::FromUTF8(problem_));
  grid_->EnsureVisible(p);
  grid_->RefreshProperty(p);
  grid_->Refresh();
  relayout();
  grid_->Update();
}

void RulesView::select_editor_text() {
  auto* tc = wxDynamicCast(grid_->GetEditorControl(), wxTextCtrl);
  if (!tc) return;
  tc->SelectAll();
  if (tc == editor_bound_) return;
  editor_bound_ = tc;  // (a new editor for each selected row)
  // The clicks that made it (a double-click's second click places the caret): all again.
  tc->Bind(wxEVT_LEFT_DCLICK, [tc](wxMouseEvent& m) {
    m.Skip();
    tc->CallAfter([tc] { tc->SelectAll(); });
  });
}

void RulesView::scroll_to_result() {
  // A short window: the estimate's result and charts come into view (they are what was asked for).
  if (!right_) return;
  relayout();
  right_->Scroll(0, right_->GetVirtualSize().y);
}

void RulesView::relayout() {
  Layout();
  if (right_) {
    right_->Layout();
    right_->FitInside();
  }
}

std::string RulesView::problem_message() const { return problem_shown_; }

void RulesView::on_changing(wxPropertyGridEvent& e) {
  if (filling_) return;
  const std::string name = e.GetPropertyName().utf8_string();
  const wxVariant v = e.GetValue();
  bool ok = true;
  in_changing_ = true;
  if (name.rfind("param.", 0) == 0) {
    const std::string key = name.substr(6);
    const tw::ParamSpec* spec = find_spec(key);
    const CellValue cell = spec ? parse_whole_number(v.GetString().utf8_string(), spec->min, spec->max)
                                : CellValue{std::nullopt, "no such parameter"};
    if (!cell.number) {
      show_problem(name, key + ": " + cell.problem);
      ok = false;
    } else {
      ok = set_param(key, *cell.number);
    }
  } else if (name.rfind("level.", 0) == 0) {
    const std::string col = name.substr(6);
    if (auto* en = dynamic_cast<wxEnumProperty*>(e.GetProperty())) {
      const int i = en->GetChoices().Index(static_cast<int>(v.GetLong()));
      ok = i != wxNOT_FOUND && set_level_field(col, en->GetChoices().GetLabel(static_cast<unsigned>(i)).utf8_string());
    } else {
      ok = set_level_field(col, v.GetString().utf8_string());
    }
  }
  in_changing_ = false;
  if (!ok) {
    e.Veto();
    e.SetValidationFailureBehavior(0);  // our message is shown under the grid
  }
}

bool RulesView::set_param(const std::string& key, int64_t value) {
  if (rule_set_.empty() || !ctx_.commands) return false;
  // Ranges and keys are the store's check (rule_param_specs()): its typed error is shown.
  if (!ctx_.commands->Submit(new SetRuleParamsCommand(ctx_, rule_set_, {{key, value}}))) {
    show_problem("param." + key, key + ": " + last_edit_problem());
    return false;
  }
  clear_problem();
  return true;
}

bool RulesView::set_level_field(const std::string& column, const std::string& value) {
  if (level_.empty() || !ctx_.commands) return false;
  // Whole numbers are read exactly (no "2.5" taken for anything), with their range.
  if (const tw::LevelColumn* c = tw::find_level_column(column); c && c->integer()) {
    const CellValue cell = parse_whole_number(value, c->min, c->max);
    if (!cell.number) {
      show_problem("level." + column, column + ": " + cell.problem);
      return false;
    }
  }
  if (!ctx_.commands->Submit(new SetLevelFieldCommand(ctx_, level_, column, value))) {
    show_problem("level." + column, column + ": " + last_edit_problem());
    return false;
  }
  clear_problem();
  return true;
}

bool RulesView::clone_level(const std::string& new_id, const std::string& new_name) {
  if (level_.empty() || !ctx_.commands) return false;
  if (!ctx_.commands->Submit(new CloneLevelCommand(ctx_, level_, new_id, new_name))) {
    show_problem("cat.level", last_edit_problem());
    return false;
  }
  level_ = new_id;
  clear_problem();
  refresh_content();
  return true;
}

bool RulesView::clone_rule_set(const std::string& new_id, const std::string& new_name) {
  if (rule_set_.empty() || !ctx_.commands) return false;
  if (!ctx_.commands->Submit(new CloneRuleSetCommand(ctx_, rule_set_, new_id, new_name))) {
    show_problem("rs.name", last_edit_problem());
    return false;
  }
  rule_set_ = new_id;
  level_.clear();
  clear_problem();
  refresh_content();
  return true;
}

bool RulesView::set_pool_count(const std::string& tile_set, const std::string& tile_id, int count) {
  if (rule_set_.empty() || !ctx_.commands) return false;
  if (!ctx_.commands->Submit(new SetPoolCountCommand(ctx_, rule_set_, tile_set, tile_id, count))) {
    clear_problem();
    problem_ = last_edit_problem();
    pool_problem_->SetLabel(wxString::FromUTF8(tile_set + "/" + tile_id + ": " + problem_));
    pool_problem_->Wrap(std::max(200, pool_->GetClientSize().x));
    relayout();
    return false;
  }
  clear_problem();
  return true;
}

std::string RulesView::pile_text() const { return pool_total_->GetLabel().utf8_string(); }
bool RulesView::start_compare(int games, const std::string& bots) {
  if (worker_.joinable()) return false;
  const tw::RuleSet* rs = ctx_.content.find_rule_set(rule_set_);
  if (!rs || rs->parent.empty() || !ctx_.content.find_rule_set(rs->parent)) return false;
  EstimateOptions o;
  o.games = games;
  o.bots = split_bots(bots);
  // At once: the rules that differ, side by side.
  comparison_ = rules_side_by_side(ctx_.content, rs->parent, rule_set_);
  result_text_->ChangeValue(wxString::FromUTF8(comparison_.side_by_side() + "\nPlaying " + std::to_string(games) +
                                               " games of each..."));
  games_->SetValue(games);
  gauge_->SetRange(std::max(1, 2 * games));
  gauge_->SetValue(0);
  estimate_btn_->Enable(false);
  compare_btn_->SetLabel("Stop");
  chart_->clear();
  // The table needs the room: the chart (of one variant's estimate) is hidden meanwhile.
  chart_->Hide();
  result_text_->SetMinSize(wxSize(-1, 300));  // the whole table, also in a short window
  relayout();
  cancel_ = false;
  finished_ = false;
  auto content = std::make_shared<const tw::Content>(ctx_.content);
  const std::string variant = rule_set_;
  worker_ = std::thread([this, content, o, variant, progress = gauge_progress()] {
    ComparisonResult r = compare_with_parent(*content, variant, o, progress, &cancel_);
    CallAfter([this, r, variant] {
      if (worker_.joinable()) worker_.join();
      finished_ = true;
      estimate_btn_->Enable(true);
      const bool same = rule_set_ == variant && level_.empty();
      if (!same) shown_key_ = "\x01";  // the selection changed meanwhile: show its own result
      refresh_content();  // the compare button's label
      if (same) {
        comparison_ = r;
        result_text_->ChangeValue(wxString::FromUTF8(r.side_by_side()));
        scroll_to_result();
      }
      if (ctx_.status) ctx_.status("Compared " + r.variant + " with " + r.parent);
    });
  });
  return true;
}

int RulesView::progress_value() const { return gauge_->GetValue(); }

std::function<void(int, int)> RulesView::gauge_progress() {
  return [this, last_shown = -1](int done, int total) mutable {
    const int step = std::max(1, total / 100);
    if (done - last_shown >= step || done == total) {
      last_shown = done;
      CallAfter([this, done] { gauge_->SetValue(done); });
    }
  };
}
TuneDialog* RulesView::open_tune() {
  const std::string source = level_.empty() ? rule_set_ : level_;
  if (source.empty()) return nullptr;
  auto* d = new TuneDialog(this, ctx_, source, level_.empty() ? bots_->GetValue().utf8_string() : std::string());
  d->Show();
  return d;
}

std::string RulesView::estimate_text() const { return result_text_->GetValue().utf8_string(); }

void RulesView::start_estimate(int games, const std::string& bots, std::optional<int64_t> solve_nodes) {
  if (worker_.joinable()) return;
  EstimateOptions o;
  o.rule_set = rule_set_;
  o.level = level_;
  o.games = games;
  o.bots = split_bots(bots);
  if (solve_nodes) {
    o.solve = true;
    o.solve_nodes = *solve_nodes;
    solve_->SetValue(true);
    solve_nodes_->SetValue(static_cast<int>(std::clamp<int64_t>(*solve_nodes, 1000, 100000000)));
  }
  result_ = EstimateResult{};
  show_winning_lines();
  std::string shown;
  for (const auto& b : o.bots) shown += (shown.empty() ? "" : ",") + b;
  bots_->ChangeValue(wxString::FromUTF8(shown));
  games_->SetValue(games);
  gauge_->SetRange(std::max(1, games));
  gauge_->SetValue(0);
  estimate_btn_->SetLabel("Stop");
  chart_->clear();
  if (!chart_->IsShown()) {
    chart_->Show();
    result_text_->SetMinSize(wxSize(-1, 80));
    relayout();
  }
  result_text_->ChangeValue("Playing " + wxString::Format("%d", games) + " games of " +
                            wxString::FromUTF8(level_.empty() ? rule_set_ : level_) +
                            (o.solve ? " and searching each deal with the solver..." : "..."));
  cancel_ = false;
  finished_ = false;
  // The worker plays on its own copy of the content; results come back by CallAfter.
  auto content = std::make_shared<const tw::Content>(ctx_.content);
  const std::string key = selection_key();
  worker_ = std::thread([this, content, o, key, progress = gauge_progress()] {
    EstimateResult r = estimate(*content, o, progress, &cancel_);
    CallAfter([this, r, o, key] {
      if (worker_.joinable()) worker_.join();
      finished_ = true;
      estimate_btn_->SetLabel("Estimate difficulty");
      // Kept for the rule set or level it was played on; shown while that is selected.
      results_[key] = r;
      shown_key_ = "\x01";
      show_result_of_selection();
      scroll_to_result();
      if (ctx_.status)
        ctx_.status("Estimate of " + (o.level.empty() ? o.rule_set : o.level) + ": " + std::to_string(r.games) +
                    " games played" +
                    (r.solved_deals > 0 ? ", " + std::to_string(r.solver_wins) + " of " + std::to_string(r.solved_deals) +
                                              " deals won by the solver"
                                        : ""));
    });
  });
}

std::vector<std::string> RulesView::winning_lines() const {
  std::vector<std::string> out;
  for (size_t k = 0; k < result_.solver_won_rows.size(); ++k) out.push_back(winning_line_label(result_, k));
  return out;
}

void RulesView::show_winning_lines() {
  lines_->Clear();
  for (const auto& label : winning_lines()) lines_->Append(wxString::FromUTF8(label));
  if (lines_->GetCount() > 0) {
    lines_->SetSelection(0);
  } else if (result_.solved_deals > 0) {
    lines_->Append("(the solver won no deal)");
    lines_->SetSelection(0);
  }
  const bool any = !result_.solver_won_rows.empty();
  lines_->Enable(any);
  open_line_->Enable(any);
}

int64_t RulesView::open_winning_line(size_t k) {
  open_error_.clear();
  auto fail = [&](const std::string& why) -> int64_t {
    open_error_ = why;
    if (ctx_.status) ctx_.status("Cannot open the winning line: " + why);
    return -1;
  };
  if (!finished_) return fail("the estimate is still running");
  if (shown_key_ != selection_key()) return fail("no estimate of the selected rule set or level");
  if (!ctx_.store) return fail("no database is open");
  std::string error;
  // The witness replays the line from the deal's start and checks that it wins.
  auto rp = winning_line(ctx_.content, result_, k, &error);
  if (!rp) return fail(error);
  int64_t id = -1;
  try {
    id = tw::replay::ReplayStore(*ctx_.store).insert(*rp);
  } catch (const std::exception& e) {
    return fail(e.what());
  }
  if (ctx_.status) ctx_.status("Stored the solver's winning line of " + winning_line_label(result_, k) + " as replay " +
                               std::to_string(id));
  if (on_open_replay) on_open_replay(id);
  return id;
}

}  // namespace twe
