#include "review/replay_view.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <wx/button.h>
#include <wx/choice.h>
#include <wx/cmdproc.h>
#include <wx/dcmemory.h>
#include <wx/gauge.h>
#include <wx/html/htmlwin.h>
#include <wx/imaglist.h>
#include <wx/listbox.h>
#include <wx/listctrl.h>
#include <wx/numdlg.h>
#include <wx/radiobox.h>
#include <wx/sizer.h>
#include <wx/splitter.h>
#include <wx/stattext.h>
#include <wx/textctrl.h>
#include <wx/treectrl.h>
#include <wx/wrapsizer.h>

#include "board/board_canvas.h"
#include "board/option_map.h"
#include "engine/bots/mcts.h"
#include "present/record.h"
#include "replay/replay_store.h"
#include "replay/tgn_io.h"
#include "review/eval_graph.h"
#include "present/markdown.h"
#include "review/score_graph.h"

namespace twe {

using tw::replay::Annotation;
using tw::replay::Marker;

namespace {

const wxString kGlyphs[] = {"(none)", "!", "?", "!!", "??", "!?", "?!"};
// The analysis budgets offered (iterations a ply); the default is the search bot's.
const wxString kBudgets[] = {"quick (mcts:100)", "normal (mcts:500)", "deep (mcts:2000)"};
const int kBudgetIterations[] = {100, tw::kMctsQuickIterations, 2000};
// The smallest cell a replay opens with (pixels): tiles and followers stay legible.
constexpr double kReadableCell = 56.0;

class PathData : public wxTreeItemData {
 public:
  explicit PathData(NodePath p) : path(std::move(p)) {}
  NodePath path;
};

// The small coloured discs of the movers (index = seat colour; the last one grey).
wxImageList* mover_images() {
  auto* il = new wxImageList(12, 12, true);
  for (int i = 0; i <= tw::kMaxPlayers; ++i) {
    wxBitmap b(12, 12, 24);
    {
      wxMemoryDC dc(b);
      dc.SetBackground(*wxWHITE_BRUSH);
      dc.Clear();
      dc.SetPen(wxPen(wxColour(0x60, 0x60, 0x60), 1));
      dc.SetBrush(wxBrush(i < tw::kMaxPlayers ? player_colour(i) : *wxLIGHT_GREY));
      dc.DrawCircle(6, 6, 5);
    }
    il->Add(b, *wxWHITE);
  }
  return il;
}

// `pending`: the analysis' mark of a move not yet kept (shown in brackets).
wxString node_label(const tw::replay::Node& n, const wxString& prefix, const std::string& pending = {}) {
  wxString s = prefix + wxString::FromUTF8(n.decision);
  if (!n.note.glyph.empty())
    s += " " + wxString::FromUTF8(n.note.glyph);
  else if (!pending.empty())
    s += " [" + wxString::FromUTF8(pending) + "]";
  if (!n.note.comment.empty()) s += L"  {…}";
  if (!n.note.markers.empty()) s += L"  ◆";
  return s;
}

}  // namespace

ReplayView::ReplayView(wxWindow* parent, EditorContext& ctx) : wxPanel(parent, wxID_ANY), ctx_(ctx) {
  auto* top = new wxBoxSizer(wxHORIZONTAL);

  // Left: replays and moves.
  auto* left = new wxBoxSizer(wxVERTICAL);
  // Wide enough for "discovery-expert" and two players' names without clipping.
  list_ = new wxListCtrl(this, wxID_ANY, wxDefaultPosition, wxSize(320, 180), wxLC_REPORT | wxLC_SINGLE_SEL);
  list_->AppendColumn("id", wxLIST_FORMAT_RIGHT, 36);
  // A co-op game shows its level (mists-1), which names its rule set; then the result
  // and the date, so that replays of the same rule set are told apart.
  list_->AppendColumn("rules / level", wxLIST_FORMAT_LEFT, 78);
  list_->AppendColumn("players", wxLIST_FORMAT_LEFT, 156);
  list_->AppendColumn("plies", wxLIST_FORMAT_RIGHT, 46);
  list_->AppendColumn("result", wxLIST_FORMAT_LEFT, 130);
  list_->AppendColumn("date", wxLIST_FORMAT_LEFT, 120);
  left->Add(list_, 0, wxEXPAND | wxALL, 2);
  moves_ = new wxTreeCtrl(this, wxID_ANY, wxDefaultPosition, wxSize(320, 300),
                          wxTR_HAS_BUTTONS | wxTR_HIDE_ROOT | wxTR_LINES_AT_ROOT | wxTR_SINGLE);
  moves_->AssignImageList(mover_images());
  left->Add(moves_, 1, wxEXPAND | wxALL, 2);
  auto* tree_row = new wxBoxSizer(wxHORIZONTAL);
  auto* promote = new wxButton(this, wxID_ANY, "Promote", wxDefaultPosition, wxDefaultSize, wxBU_EXACTFIT);
  auto* to_main = new wxButton(this, wxID_ANY, "To main line", wxDefaultPosition, wxDefaultSize, wxBU_EXACTFIT);
  auto* remove = new wxButton(this, wxID_ANY, "Delete variation", wxDefaultPosition, wxDefaultSize, wxBU_EXACTFIT);
  promote->SetToolTip("The selected move's variation becomes the main continuation of its line (undoable)");
  to_main->SetToolTip("Promote the selected move's variation until it is the main line (undoable)");
  remove->SetToolTip("Delete the selected move's variation with everything in it (undoable)");
  tree_row->Add(promote, 0, wxRIGHT, 2);
  tree_row->Add(to_main, 0, wxRIGHT, 2);
  tree_row->Add(remove, 0);
  left->Add(tree_row, 0, wxALL, 2);
  top->Add(left, 0, wxEXPAND);

  // Centre: header, board, score graph.
  auto* centre = new wxBoxSizer(wxVERTICAL);
  header_ = new wxStaticText(this, wxID_ANY, "Open a replay from the list.");
  centre->Add(header_, 0, wxEXPAND | wxALL, 4);
  board_ = new BoardCanvas(this);
  centre->Add(board_, 1, wxEXPAND);
  auto* graphs = new wxBoxSizer(wxHORIZONTAL);
  graph_ = new ScoreGraph(this);
  graphs->Add(graph_, 1, wxEXPAND | wxRIGHT, 2);
  eval_ = new EvalGraph(this);
  graphs->Add(eval_, 1, wxEXPAND);
  centre->Add(graphs, 0, wxEXPAND | wxTOP, 2);
  // Wraps onto a second line when the centre is narrow (1024 px): Keep and Discard stay whole.
  auto* arow = new wxWrapSizer(wxHORIZONTAL);
  analyse_ = new wxButton(this, wxID_ANY, "Analyse", wxDefaultPosition, wxDefaultSize, wxBU_EXACTFIT);
  analyse_->SetToolTip("Evaluate every ply of the main line with the search (in the background, on every core)");
  budget_ = new wxChoice(this, wxID_ANY, wxDefaultPosition, wxDefaultSize, 3, kBudgets);
  budget_->SetSelection(1);
  cancel_button_ = new wxButton(this, wxID_ANY, "Cancel", wxDefaultPosition, wxDefaultSize, wxBU_EXACTFIT);
  gauge_ = new wxGauge(this, wxID_ANY, 100, wxDefaultPosition, wxSize(90, 16));
  keep_ = new wxButton(this, wxID_ANY, "Keep", wxDefaultPosition, wxDefaultSize, wxBU_EXACTFIT);
  keep_->SetToolTip("Write the marks (?!, ?, ?\?), comments and best lines into the replay (one undoable step)");
  discard_ = new wxButton(this, wxID_ANY, "Discard", wxDefaultPosition, wxDefaultSize, wxBU_EXACTFIT);
  discard_->SetToolTip("Throw the analysis away");
  arow->Add(analyse_, 0, wxRIGHT, 2);
  arow->Add(budget_, 0, wxRIGHT, 2);
  arow->Add(cancel_button_, 0, wxRIGHT, 4);
  arow->Add(gauge_, 0, wxALIGN_CENTER_VERTICAL | wxRIGHT, 4);
  arow->Add(keep_, 0, wxRIGHT, 2);
  arow->Add(discard_, 0);
  centre->Add(arow, 0, wxEXPAND | wxALL, 2);
  cancel_button_->Disable();
  keep_->Disable();
  discard_->Disable();
  top->Add(centre, 1, wxEXPAND);

  // Right: annotation pane, options, events.
  auto* right = new wxBoxSizer(wxVERTICAL);
  right->Add(new wxStaticText(this, wxID_ANY, "Comment (Markdown):"), 0, wxLEFT | wxTOP, 4);
  comment_ = new wxTextCtrl(this, wxID_ANY, "", wxDefaultPosition, wxSize(260, 70), wxTE_MULTILINE);
  right->Add(comment_, 0, wxEXPAND | wxALL, 4);
  rendered_ = new wxHtmlWindow(this, wxID_ANY, wxDefaultPosition, wxSize(260, 90), wxHW_SCROLLBAR_AUTO | wxBORDER_THEME);
  rendered_->SetStandardFonts(9);
  right->Add(rendered_, 0, wxEXPAND | wxLEFT | wxRIGHT, 4);
  auto* row = new wxBoxSizer(wxHORIZONTAL);
  auto* save_comment = new wxButton(this, wxID_ANY, "Set comment");
  row->Add(save_comment, 0, wxRIGHT, 4);
  glyph_ = new wxChoice(this, wxID_ANY, wxDefaultPosition, wxDefaultSize, 7, kGlyphs);
  glyph_->SetSelection(0);
  row->Add(new wxStaticText(this, wxID_ANY, "Glyph"), 0, wxALIGN_CENTER_VERTICAL | wxRIGHT, 4);
  row->Add(glyph_, 0);
  right->Add(row, 0, wxALL, 4);
  const wxString tools[] = {"Play", "Circle", "Arrow", "Label"};
  tool_ = new wxRadioBox(this, wxID_ANY, "Board click", wxDefaultPosition, wxDefaultSize, 4, tools, 4);
  right->Add(tool_, 0, wxEXPAND | wxALL, 4);
  auto* row2 = new wxBoxSizer(wxHORIZONTAL);
  label_ = new wxTextCtrl(this, wxID_ANY, "A");
  row2->Add(new wxStaticText(this, wxID_ANY, "Label"), 0, wxALIGN_CENTER_VERTICAL | wxRIGHT, 4);
  row2->Add(label_, 1, wxRIGHT, 4);
  auto* clear = new wxButton(this, wxID_ANY, "Clear markers");
  row2->Add(clear, 0);
  right->Add(row2, 0, wxEXPAND | wxALL, 4);
  right->Add(new wxStaticText(this, wxID_ANY, "Legal moves here (double-click: variation):"), 0, wxLEFT, 4);
  options_ = new wxListBox(this, wxID_ANY, wxDefaultPosition, wxSize(240, 120));
  right->Add(options_, 1, wxEXPAND | wxALL, 4);
  right->Add(new wxStaticText(this, wxID_ANY, "Events of this step:"), 0, wxLEFT, 4);
  events_ = new wxTextCtrl(this, wxID_ANY, "", wxDefaultPosition, wxSize(260, 110),
                           wxTE_MULTILINE | wxTE_READONLY | wxTE_WORDWRAP);
  right->Add(events_, 1, wxEXPAND | wxALL, 4);
  top->Add(right, 0, wxEXPAND);
  SetSizer(top);

  list_->Bind(wxEVT_LIST_ITEM_ACTIVATED, [this](wxListEvent& e) {
    const long i = e.GetIndex();
    if (i >= 0 && static_cast<size_t>(i) < list_ids_.size()) open_replay(list_ids_[static_cast<size_t>(i)]);
  });
  list_->Bind(wxEVT_LIST_ITEM_SELECTED, [this](wxListEvent& e) {
    const long i = e.GetIndex();
    if (!syncing_ && i >= 0 && static_cast<size_t>(i) < list_ids_.size())
      open_replay(list_ids_[static_cast<size_t>(i)]);
  });
  moves_->Bind(wxEVT_TREE_SEL_CHANGED, [this](wxTreeEvent& e) {
    if (syncing_ || !doc_) return;
    if (auto* d = dynamic_cast<PathData*>(moves_->GetItemData(e.GetItem()))) doc_->go(d->path);
  });
  save_comment->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { commit_comment(); });
  promote->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { edit_tree(TreeEditCommand::Kind::Promote); });
  to_main->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { edit_tree(TreeEditCommand::Kind::PromoteToMain); });
  remove->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { edit_tree(TreeEditCommand::Kind::Delete); });
  comment_->Bind(wxEVT_KILL_FOCUS, [this](wxFocusEvent& e) {
    commit_comment();
    e.Skip();
  });
  glyph_->Bind(wxEVT_CHOICE, [this](wxCommandEvent&) {
    const int i = glyph_->GetSelection();
    set_glyph(i <= 0 ? std::string() : kGlyphs[i].ToStdString());
  });
  tool_->Bind(wxEVT_RADIOBOX, [this](wxCommandEvent&) { set_marker_tool(tool_->GetSelection()); });
  clear->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) {
    if (!doc_ || is_start(doc_->position())) return;
    Annotation a = doc_->note();
    a.markers.clear();
    edit_note(a);
  });
  options_->Bind(wxEVT_LISTBOX_DCLICK, [this](wxCommandEvent& e) {
    if (!doc_) return;
    // The list shows the position's options in the engine's order (update()).
    const auto opts = classify(doc_->game());
    const int i = e.GetSelection();
    if (i < 0 || static_cast<size_t>(i) >= opts.size()) return;
    const std::string err = doc_->play(opts[static_cast<size_t>(i)].option, history());
    if (!err.empty() && ctx_.status) ctx_.status(err);
  });
  graph_->on_ply = [this](int ply) {
    if (doc_) doc_->go_ply(ply);
  };
  eval_->on_ply = [this](int ply) {
    if (doc_) doc_->go(NodePath::main(ply));
  };
  analyse_->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { start_analysis(); });
  cancel_button_->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { cancel_analysis(); });
  keep_->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { keep_analysis(); });
  discard_->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { discard_analysis(); });
  board_->on_cell = [this](int x, int y) { on_cell(x, y); };
  board_->on_spot = [this](int s) { on_spot(s); };
  board_->on_rotate = [this](int dir) {
    rotation_ = ((rotation_ + dir) % 4 + 4) % 4;
    board_->Refresh();
  };
  board_->preview = [this](int x, int y) -> std::optional<std::pair<SceneTile, bool>> {
    if (!doc_ || marker_tool_ != 0) return std::nullopt;
    const tw::Game& g = doc_->game();
    if (g.finished() || g.pending().kind != tw::DecisionKind::Place || g.tile_at(x, y) >= 0) return std::nullopt;
    const auto opts = classify(g);
    if (auto r = effective_rotation(opts, x, y, rotation_))
      return std::make_pair(SceneTile{&g.content().tiles[static_cast<size_t>(g.pending().tile)], x, y, *r, false}, true);
    return std::nullopt;
  };
  Bind(wxEVT_CHAR_HOOK, [this](wxKeyEvent& e) {
    if (dynamic_cast<wxTextCtrl*>(wxWindow::FindFocus())) {
      e.Skip();
      return;
    }
    if (e.AltDown() || !handle_key(e.GetKeyCode(), e.ShiftDown(), e.ControlDown())) e.Skip();
  });
  ctx_.content_listeners.push_back([this]() {
    // Games point into the content: reopen the documents on the new content.
    const int64_t id = doc_ ? doc_->id() : 0;
    if (doc_) doc_->listeners.clear();
    histories_.clear();  // their commands refer to the documents of the old content
    docs_.clear();
    doc_.reset();
    board_->set_game(nullptr);
    refresh_list();
    if (id) open_replay(id);
  });
  // Games played or scenarios stored elsewhere appear when the view is shown again.
  Bind(wxEVT_SHOW, [this](wxShowEvent& e) {
    if (e.IsShown()) refresh_list();
    e.Skip();
  });
  refresh_list();
}

ReplayView::~ReplayView() {
  if (cancel_) *cancel_ = true;
  join_worker();
  if (doc_) doc_->listeners.clear();
}

void ReplayView::join_worker() {
  if (worker_.joinable()) worker_.join();
}

void ReplayView::start_analysis(int iterations) {
  if (!doc_ || running_) return;
  join_worker();
  const int budget = iterations > 0 ? iterations : kBudgetIterations[std::clamp(budget_->GetSelection(), 0, 2)];
  // The worker reads its own copies: the content may be reloaded meanwhile.
  auto content = std::make_shared<const tw::Content>(ctx_.content);
  const tw::GameSetup setup = doc_->replay().log.setup();
  const std::vector<std::string> decisions = doc_->replay().log.decisions;
  const int64_t id = doc_->id();
  tw::analysis::Settings s;
  s.iterations = budget;
  s.threads = 0;
  cancel_ = std::make_shared<std::atomic<bool>>(false);
  running_ = true;
  gauge_->SetRange(std::max<int>(1, static_cast<int>(decisions.size())));
  gauge_->SetValue(0);
  analyse_->Disable();
  cancel_button_->Enable();
  if (ctx_.status) ctx_.status("Analysing " + tw::replay::ReplayStore::where(id) + " (mcts:" + std::to_string(budget) + ")...");
  auto cancel = cancel_;
  worker_ = std::thread([this, content, setup, decisions, s, cancel, id] {
    auto a = tw::analysis::analyse(
        *content, setup, decisions, s,
        [this, cancel](int done, int total) {
          if (!cancel->load()) CallAfter([this, done, total] { analysis_progress(done, total); });
        },
        cancel.get());
    if (cancel->load()) a.cancelled = true;
    CallAfter([this, id, a = std::move(a)]() mutable { analysis_done(id, std::move(a)); });
  });
}

void ReplayView::cancel_analysis() {
  if (cancel_) *cancel_ = true;
}

void ReplayView::analysis_progress(int done, int total) {
  if (!running_) return;
  gauge_->SetRange(std::max(1, total));
  gauge_->SetValue(std::min(done, total));
}

void ReplayView::analysis_done(int64_t id, tw::analysis::Analysis a) {
  running_ = false;
  join_worker();
  analyse_->Enable();
  cancel_button_->Disable();
  gauge_->SetValue(0);
  if (a.cancelled) {
    if (ctx_.status) ctx_.status("Analysis cancelled");
  } else if (!a.error.empty()) {
    if (ctx_.status) ctx_.status("Analysis failed: " + a.error);
  } else {
    int marks = 0;
    for (const auto& p : a.plies) marks += !p.glyph.empty();
    if (ctx_.status)
      ctx_.status("Analysis of " + tw::replay::ReplayStore::where(id) + ": " + std::to_string(a.plies.size()) +
                  " plies, " + std::to_string(marks) + " marked (] / [ jump to them; Keep writes them into the replay)");
    analyses_[id] = std::move(a);
  }
  update_analysis();
  if (doc_) update();
}

namespace {
// Whether `a` is an analysis of the replay's main line as it is (a promotion changes it).
bool of_main_line(const tw::analysis::Analysis& a, const tw::replay::Replay& r) {
  const auto& d = r.log.decisions;
  for (const auto& p : a.plies)
    if (p.node.empty() &&
        (p.ply < 1 || p.ply > static_cast<int>(d.size()) || d[static_cast<size_t>(p.ply - 1)] != p.played))
      return false;
  return true;
}
}  // namespace

const tw::analysis::Analysis* ReplayView::kept_analysis() const {
  if (!doc_) return nullptr;
  const auto& rows = doc_->replay().evaluations;
  if (rows != kept_rows_ || (!kept_ && !rows.empty())) {
    kept_rows_ = rows;
    kept_ = tw::analysis::from_kept(ctx_.content, doc_->replay());
  }
  return kept_ ? &*kept_ : nullptr;
}

const tw::analysis::Analysis* ReplayView::analysis() const {
  if (!doc_) return nullptr;
  const auto it = analyses_.find(doc_->id());
  if (it != analyses_.end() && of_main_line(it->second, doc_->replay())) return &it->second;
  const tw::analysis::Analysis* kept = kept_analysis();
  if (kept && of_main_line(*kept, doc_->replay())) return kept;
  return nullptr;
}

bool ReplayView::showing_kept_analysis() const {
  const tw::analysis::Analysis* a = analysis();
  return a != nullptr && kept_ && a == &*kept_;
}

bool ReplayView::keep_analysis() {
  const tw::analysis::Analysis* a = analysis();
  if (!a || showing_kept_analysis()) return false;
  tw::replay::Replay after = doc_->replay();
  const auto rep = tw::analysis::annotate(ctx_.content, after, *a);
  // The evaluations go with the marks, in the same save (one transaction, one undo step).
  after.evaluations = tw::analysis::kept_evaluations(*a);
  if (after == doc_->replay()) {
    if (ctx_.status) ctx_.status("The analysis is in the replay already");
    return true;
  }
  auto* cmd = new ReplaceTreeCommand(doc_, "Keep analysis", std::move(after));
  bool ok = false;
  if (history()) {
    ok = history()->Submit(cmd);
  } else {
    ok = cmd->Do();
    delete cmd;
  }
  if (ctx_.status)
    ctx_.status(ok ? "Analysis kept: " + std::to_string(rep.glyphs) + " marks, " + std::to_string(rep.comments) +
                         " comments, " + std::to_string(rep.variations) + " variations" +
                         (rep.kept_comments ? ", " + std::to_string(rep.kept_comments) + " human comments kept" : "")
                   : std::string("The analysis could not be written into the replay"));
  return ok;
}

void ReplayView::discard_analysis() {
  if (!doc_) return;
  analyses_.erase(doc_->id());
  update_analysis();
  update();
}

const tw::analysis::PlyEval* ReplayView::analysed_here() const {
  const tw::analysis::Analysis* a = analysis();
  if (!a || !doc_->position().steps.empty() || is_start(doc_->position())) return nullptr;
  for (const auto& p : a->plies)
    if (p.node.empty() && p.ply == doc_->position().ply) return &p;
  return nullptr;
}

std::string ReplayView::pending_glyph(const NodePath& path) const {
  const tw::analysis::Analysis* a = analysis();
  if (!a || !path.steps.empty()) return {};
  for (const auto& p : a->plies)
    if (p.node.empty() && p.ply == path.ply) return p.glyph;
  return {};
}

bool ReplayView::next_mistake(int dir) {
  const tw::analysis::Analysis* a = analysis();
  if (!a) return false;
  const int here = is_start(doc_->position()) ? 0 : doc_->position().ply;
  const tw::analysis::PlyEval* to = nullptr;
  for (const auto& p : a->plies) {
    if (p.glyph.empty() || !p.node.empty()) continue;
    if (dir > 0 && p.ply > here && (!to || p.ply < to->ply)) to = &p;
    if (dir < 0 && p.ply < here && (!to || p.ply > to->ply)) to = &p;
  }
  if (!to) return false;
  return doc_->go(NodePath::main(to->ply));
}

void ReplayView::update_analysis() {
  const tw::analysis::Analysis* a = analysis();
  const bool fresh = a != nullptr && !showing_kept_analysis();
  keep_->Enable(fresh && !running_);
  discard_->Enable(fresh && !running_);
  if (!a) {
    if (!eval_->empty()) eval_->clear();
    return;
  }
  const auto& r = doc_->replay();
  const size_t seats = r.log.header.players.size();
  const bool two = a->measure != tw::analysis::Measure::Team && seats == 2;
  std::vector<std::optional<EvalGraph::Point>> pts(static_cast<size_t>(r.log.plies()));
  for (const auto& p : a->plies) {
    if (!p.node.empty()) continue;
    EvalGraph::Point q;
    q.value = p.eval_after;
    if (two && p.player == 1) q.value = a->measure == tw::analysis::Measure::Win ? 100.0 - q.value : -q.value;
    q.mover = two ? 0 : p.player;
    q.glyph = p.glyph;
    pts[static_cast<size_t>(p.ply - 1)] = q;
  }
  std::string caption;
  if (a->measure == tw::analysis::Measure::Team)
    caption = "the team's chances (%)";
  else if (two)
    caption = r.log.header.players[0].name + (a->measure == tw::analysis::Measure::Win ? "'s win chance (%)" : "'s expected margin");
  else
    caption = a->measure == tw::analysis::Measure::Win ? "the mover's win chance (%)" : "the mover's expected margin";
  if (showing_kept_analysis()) caption += " (kept)";
  const int current = doc_->position().steps.empty() ? doc_->position().ply : -1;
  eval_->set(std::move(pts), a->measure == tw::analysis::Measure::Margin, r.log.plies(), current, caption);
}

wxCommandProcessor* ReplayView::history() {
  if (!doc_) return nullptr;
  auto& h = histories_[doc_->id()];
  if (!h) h = std::make_unique<wxCommandProcessor>(200);
  return h.get();
}

void ReplayView::refresh_list() {
  list_->DeleteAllItems();
  list_ids_.clear();
  if (!ctx_.store) return;
  try {
    tw::replay::ReplayStore rs(*ctx_.store);
    for (const auto& s : rs.list()) {
      const long i = list_->InsertItem(list_->GetItemCount(), wxString::Format("%lld", static_cast<long long>(s.id)));
      list_->SetItem(i, 1, wxString::FromUTF8(s.level.empty() ? s.rule_set : s.level));
      list_->SetItem(i, 2, wxString::FromUTF8(s.players));
      list_->SetItem(i, 3, wxString::Format("%d", s.plies));
      // The result; an unfinished game says so, with the scores when it stopped.
      list_->SetItem(i, 4, wxString::FromUTF8(s.finished ? s.result
                                              : s.result.empty() ? std::string("unfinished")
                                                                 : "unfinished: " + s.result));
      // "2026-12-07 15:13" (the stored time without its seconds and zone).
      std::string date = s.created.substr(0, std::min<size_t>(s.created.size(), 16));
      if (date.size() > 10 && date[10] == 'T') date[10] = ' ';
      list_->SetItem(i, 5, wxString::FromUTF8(date));
      list_ids_.push_back(s.id);
    }
  } catch (const std::exception& e) {
    if (ctx_.status) ctx_.status(std::string("Cannot list the replays: ") + e.what());
  }
  // Rule set names are short: never clip them; the players column takes what they need
  // (up to a limit).
  if (list_->GetItemCount() > 0) {
    for (int col : {1, 2, 4, 5}) {
      int w = 0;
      for (long i = 0; i < list_->GetItemCount(); ++i)
        w = std::max(w, list_->GetTextExtent(list_->GetItemText(i, col)).x + 16);
      list_->SetColumnWidth(col, std::clamp(w, col == 1 ? 60 : col == 2 ? 120 : 60, col == 1 ? 200 : 320));
    }
  }
}

void ReplayView::open_replay(int64_t id) {
  if (!ctx_.store) return;
  std::shared_ptr<ReplayDoc> d;
  if (auto it = docs_.find(id); it != docs_.end()) {
    d = it->second;
  } else {
    try {
      tw::replay::Replay r = tw::replay::ReplayStore(*ctx_.store).load(id);
      if (std::string e = ReplayDoc::open(ctx_.content, std::move(r), d); !e.empty()) {
        if (ctx_.status) ctx_.status(tw::replay::ReplayStore::where(id) + ": " + e);
        return;
      }
    } catch (const std::exception& e) {
      if (ctx_.status) ctx_.status(e.what());
      return;
    }
    d->set_store(ctx_.store.get());
    docs_[id] = d;
  }
  if (doc_) doc_->listeners.clear();
  doc_ = d;
  doc_->listeners.push_back([this]() { update(); });
  show_doc();
  syncing_ = true;
  for (size_t i = 0; i < list_ids_.size(); ++i)
    if (list_ids_[i] == id) list_->SetItemState(static_cast<long>(i), wxLIST_STATE_SELECTED, wxLIST_STATE_SELECTED);
  syncing_ = false;
}

void ReplayView::show_doc() {
  board_->set_game(&doc_->game());
  // A readable zoom around the board as it is at the position (the start: the start tile
  // and its neighbours); the board then follows the moves (update()). The whole final
  // board would make the tiles tiny (F fits it on request).
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  board_bounds(doc_->game(), 1, x0, y0, x1, y1);
  board_->fit_cells(x0, y0, x1, y1);
  if (board_->viewport().cell < kReadableCell) {
    const wxSize sz = board_->GetClientSize();
    board_->viewport().zoom(kReadableCell / board_->viewport().cell, wxPoint(sz.x / 2, sz.y / 2));
    const tw::Game& g = doc_->game();
    const int t = doc_->turn_tile();
    if (t >= 0 && static_cast<size_t>(t) < g.placed().size())
      board_->ensure_visible(g.placed()[static_cast<size_t>(t)].x, g.placed()[static_cast<size_t>(t)].y);
  }
  followed_tile_ = -1;
  rebuild_moves();
  update();
}

bool ReplayView::import_tgn(const std::string& path, std::string* error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    if (error) *error = "cannot read " + path;
    return false;
  }
  std::ostringstream ss;
  ss << in.rdbuf();
  auto res = tw::replay::import_tgn(ctx_.content, ss.str(), path);
  if (!res.replay) {
    std::string all;
    for (const auto& e : res.errors) all += (all.empty() ? "" : "\n") + e;
    if (error) *error = all;
    return false;
  }
  if (!ctx_.store) {
    if (error) *error = "no database is open";
    return false;
  }
  try {
    const int64_t id = tw::replay::ReplayStore(*ctx_.store).insert(*res.replay);
    refresh_list();
    open_replay(id);
  } catch (const std::exception& e) {
    if (error) *error = e.what();
    return false;
  }
  return true;
}

bool ReplayView::export_tgn(const std::string& path, std::string* error) {
  if (!doc_) {
    if (error) *error = "no replay is open";
    return false;
  }
  // A name without an extension gets ".tgn" (what the file dialog's filter promises).
  std::string target = path;
  if (std::filesystem::path(target).extension().empty()) target += ".tgn";
  const std::string tmp = target + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary);
    out << tw::replay::export_tgn(doc_->replay());
    if (!out) {
      if (error) *error = "cannot write " + target;
      return false;
    }
  }
  if (std::rename(tmp.c_str(), target.c_str()) != 0) {
    if (error) *error = "cannot write " + target;
    return false;
  }
  return true;
}

void ReplayView::rebuild_moves() {
  syncing_ = true;
  moves_->DeleteAllItems();
  items_.clear();
  prefixes_.clear();
  const wxTreeItemId root = moves_->AddRoot("moves");
  if (doc_) {
    const auto& r = doc_->replay();
    items_["0"] = moves_->AppendItem(root, "start", -1, -1, new PathData(NodePath::main(0)));
    tw::Game start;
    {
      tw::replay::Player p;
      if (tw::replay::Player::open(ctx_.content, r.log, p).empty()) {
        p.seek(0);
        start = p.game();
      }
    }
    // Adds a line's nodes under `parent`: a turn's first move (a placement, or the first
    // move of the line) carries the turn's number and the mover; the turn's other moves
    // go under it; each node's variations under the node. `g` is the game before the
    // line's first node, `turn` the number of placements before it.
    std::function<void(wxTreeItemId, const tw::replay::Line&, const NodePath&, bool, tw::Game, int)> add_line =
        [&](wxTreeItemId parent, const tw::replay::Line& line, const NodePath& first, bool main, tw::Game g, int turn) {
          wxTreeItemId turn_item;
          // The line's stored moves, read once by the replay layer into options.
          std::vector<std::string> texts;
          for (const auto& node : line) texts.push_back(node.decision);
          std::vector<tw::Option> moves;
          if (!g.finished()) tw::replay::read_line(g, texts, moves);
          for (size_t k = 0; k < line.size(); ++k) {
            NodePath p = first;
            if (main)
              p.ply = first.ply + static_cast<int>(k);
            else
              p.steps.back().second = static_cast<int>(k) + 1;
            const auto& node = line[k];
            const bool ok = !g.finished() && g.setup().players.size() > 0;
            const int mover = ok ? g.pending().player : -1;
            const bool place = ok && g.pending().kind == tw::DecisionKind::Place;
            const tw::Game before = node.variations.empty() ? tw::Game() : g;
            const int turn_before = turn;
            if (place) ++turn;
            if (ok && k < moves.size()) g.apply(moves[k]);
            wxString prefix;
            wxTreeItemId under = parent;
            if (place || !turn_item.IsOk()) {
              prefix = wxString::Format("%d%s ", std::max(turn, 1), place ? "." : "...");
              if (mover >= 0 && static_cast<size_t>(mover) < g.setup().players.size())
                prefix += wxString::FromUTF8(tw::seat_label(g.setup().players, static_cast<size_t>(mover))) + "  ";
            } else {
              under = turn_item;
            }
            const wxTreeItemId item = moves_->AppendItem(under, node_label(node, prefix, pending_glyph(p)),
                                                         mover >= 0 ? mover % tw::kMaxPlayers : tw::kMaxPlayers, -1,
                                                         new PathData(p));
            if (under == parent) turn_item = item;
            items_[p.to_string()] = item;
            prefixes_[p.to_string()] = prefix;
            for (size_t v = 0; v < node.variations.size(); ++v) {
              NodePath vp = p;
              vp.steps.emplace_back(static_cast<int>(v), 1);
              const wxTreeItemId vitem = moves_->AppendItem(item, wxString::Format("variation %zu", v + 1));
              add_line(vitem, node.variations[v], vp, false, before, turn_before);
              moves_->Expand(vitem);
            }
            if (!node.variations.empty()) moves_->Expand(item);
            if (under != parent) moves_->Expand(turn_item);
          }
        };
    add_line(root, r.mainline, NodePath::main(1), true, start, 0);
    shown_doc_ = doc_.get();
    shown_version_ = doc_->structure_version();
  }
  syncing_ = false;
  select_current_in_tree();
}

void ReplayView::select_current_in_tree() {
  if (!doc_) return;
  auto it = items_.find(is_start(doc_->position()) ? std::string("0") : doc_->position().to_string());
  if (it == items_.end()) return;
  syncing_ = true;
  moves_->SelectItem(it->second);
  moves_->EnsureVisible(it->second);
  syncing_ = false;
}

void ReplayView::update() {
  if (!doc_) return;
  // The tree changes shape with variations and promotions: rebuild it then; otherwise
  // only labels may have changed (annotations).
  const auto& r = doc_->replay();
  if (shown_doc_ != doc_.get() || shown_version_ != doc_->structure_version()) {
    rebuild_moves();
  } else {
    syncing_ = true;
    for (auto& [key, item] : items_) {
      if (key == "0") continue;
      const auto p = NodePath::parse(key);
      if (!p) continue;
      if (const auto* n = tw::replay::find_node(r, *p))
        moves_->SetItemText(item, node_label(*n, prefixes_[key], pending_glyph(*p)));
    }
    syncing_ = false;
    select_current_in_tree();
  }
  // The replay list's length follows the main line (a promotion changes it).
  for (size_t i = 0; i < list_ids_.size(); ++i)
    if (list_ids_[i] == r.id) {
      const wxString plies = wxString::Format("%d", r.log.plies());
      if (list_->GetItemText(static_cast<long>(i), 3) != plies) list_->SetItem(static_cast<long>(i), 3, plies);
    }

  const tw::Game& g = doc_->game();
  board_->set_game(&g);
  const Annotation note = doc_->note();
  BoardOverlay ov;
  ov.markers = note.markers;
  // In a variation the reader is playing: the drawn tile's legal cells are shown, as in
  // Play (on the main line they would cover the game being reviewed).
  ov.legal_cells = marker_tool_ == 0 && !doc_->position().steps.empty();
  ov.turn_tile = doc_->turn_tile();
  // At a move of the main line the analysis found worse than the best, the best move is
  // drawn on the board: a placement as a ghost tile labelled "best" (with an arrow from
  // the tile played when it is another cell), a follower as a ring on its segment.
  std::string analysis_note;
  // The box of cells to keep in view (the best move, the tile played).
  bool keep = false;
  int kx0 = 0, ky0 = 0, kx1 = 0, ky1 = 0;
  auto keep_in_view = [&](int x, int y) {
    kx0 = keep ? std::min(kx0, x) : x;
    kx1 = keep ? std::max(kx1, x) : x;
    ky0 = keep ? std::min(ky0, y) : y;
    ky1 = keep ? std::max(ky1, y) : y;
    keep = true;
  };
  if (const tw::analysis::PlyEval* p = analysed_here()) {
    const tw::analysis::Analysis* a = analysis();
    analysis_note = (p->glyph.empty() ? std::string() : p->glyph + " ") + tw::analysis::comment_text(*p, a->measure);
    // The best move is drawn in the game before this ply (the options were read there too).
    std::optional<tw::Game> before;
    if (p->best != p->played) before = doc_->main_game(p->ply - 1);
    const tw::Option& best = p->best_option;
    const tw::Option& played = p->played_option;
    if (p->best != p->played) {
      if (auto h = hint_of(*before, best, "best")) {
        if (h->tile && g.tile_at(h->tile->x, h->tile->y) >= 0) h->tile.reset();  // the tile played covers the cell
        if (h->tile || h->seg >= 0) ov.hint = std::move(h);
      }
      if (best.kind == tw::OptKind::Place) {
        keep_in_view(best.x, best.y);
        if (played.kind == tw::OptKind::Place && (played.x != best.x || played.y != best.y)) {
          Marker arrow;
          arrow.kind = Marker::Kind::Arrow;
          arrow.x = played.x;
          arrow.y = played.y;
          arrow.x2 = best.x;
          arrow.y2 = best.y;
          ov.markers.push_back(arrow);
          keep_in_view(played.x, played.y);
        }
        if (!ov.hint || !ov.hint->tile) {  // the cell is taken: a label says it
          Marker m;
          m.kind = Marker::Kind::Label;
          m.x = best.x;
          m.y = best.y;
          m.text = "best";
          ov.markers.push_back(m);
        }
      } else if (ov.hint) {
        keep_in_view(ov.hint->x, ov.hint->y);
      }
    }
  }
  board_->set_overlay(ov);
  const auto opts = classify(g);
  board_->set_spots(marker_tool_ == 0 ? option_spots(opts) : std::vector<SceneSpot>{});

  wxString head = wxString::Format(L"Replay %lld · %s · %s · ", static_cast<long long>(r.id),
                                   wxString::FromUTF8(r.log.header.rule_set),
                                   wxString::FromUTF8(tw::replay::players_text(r.log.header.players)));
  if (is_start(doc_->position()))
    head += "start";
  else if (doc_->position().steps.empty())
    head += wxString::Format("ply %d of %d", doc_->position().ply, r.log.plies());
  else
    head += wxString::Format("ply %d in variation %s", doc_->position().game_ply(),
                             wxString::FromUTF8(doc_->position().to_string()));
  header_->SetLabel(head);
  {
    std::string html;
    if (!analysis_note.empty())
      html += "<p><font color=\"#8A2BE2\"><b>Analysis:</b> " + tw::escape_html(analysis_note, tw::HtmlFor::WxHtml) + "</font></p>";
    if (!r.pinned.empty()) html += "<p><font color=\"#707070\">Pinned:</font></p>" + tw::markdown_html(r.pinned, tw::HtmlFor::WxHtml) + "<hr>";
    html += tw::markdown_html(note.comment, tw::HtmlFor::WxHtml);
    rendered_->SetPage(wxString::FromUTF8("<html><body>" + html + "</body></html>"));
  }

  if (!comment_->HasFocus()) comment_->ChangeValue(wxString::FromUTF8(note.comment));
  int gsel = 0;
  for (int i = 1; i < 7; ++i)
    if (kGlyphs[i].ToStdString() == note.glyph) gsel = i;
  glyph_->SetSelection(gsel);
  const bool at_node = !is_start(doc_->position());
  comment_->Enable(at_node);
  glyph_->Enable(at_node);

  options_->Clear();
  for (const auto& o : opts) options_->Append(wxString::FromUTF8(o.text));

  {
    wxString ev;
    if (at_node) {
      if (const auto* n = tw::replay::find_node(r, doc_->position())) ev += wxString::FromUTF8(n->decision);
      for (const auto& line : tw::event_lines(g)) ev += "\n" + wxString::FromUTF8(line);
    }
    events_->ChangeValue(ev);
  }
  // The board follows the moves: the last tile is brought into view.
  // (The turn's tile: also at the ply after the follower step, where the turn is over.)
  if (const int tt = doc_->turn_tile(); tt >= 0 && tt != followed_tile_ && static_cast<size_t>(tt) < g.placed().size()) {
    followed_tile_ = tt;
    const auto& lp = g.placed()[static_cast<size_t>(tt)];
    board_->ensure_visible(lp.x, lp.y);
  }
  // The best move and the tile played, clear of the window's edges and the score box.
  if (keep) board_->ensure_visible(kx0, ky0, kx1, ky1);

  std::vector<std::vector<int64_t>> scores;
  std::vector<bool> scoring;
  for (const auto& lp : doc_->line()) {
    scores.push_back(lp.scores);
    scoring.push_back(lp.scoring);
  }
  graph_->set(std::move(scores), std::move(scoring), doc_->line_index());
  update_analysis();
  if (!doc_->save_error().empty() && ctx_.status) ctx_.status("Saving failed: " + doc_->save_error());
  Layout();
}

bool ReplayView::handle_key(int key, bool shift, bool ctrl) {
  if (!doc_) return false;
  if (ctrl && key != 'G') return false;  // Ctrl+N, Ctrl+S ... belong to the menus
  switch (key) {
    case WXK_LEFT: doc_->backward(); return true;
    case WXK_RIGHT: doc_->forward(); return true;
    case WXK_HOME: doc_->home(); return true;
    case WXK_END: doc_->end(); return true;
    case WXK_UP: doc_->up(); return true;
    case WXK_DOWN: doc_->down(); return true;
    case 'N': doc_->next_comment(shift ? -1 : 1); return true;
    case 'S': doc_->next_scoring(shift ? -1 : 1); return true;
    case 'G':
      if (!ctrl) return false;
      go_to_ply_dialog();
      return true;
    case 'R':
      rotation_ = ((rotation_ + (shift ? 3 : 1)) % 4);
      board_->Refresh();
      return true;
    case 'F':  // here, not in the list that has the focus (it would search for an "F...")
      board_->fit();
      return true;
    case '+':
    case '=':
    case WXK_NUMPAD_ADD:
    case '-':
    case WXK_NUMPAD_SUBTRACT: {  // zoom, whatever has the focus (the move list would search)
      const wxSize sz = board_->GetClientSize();
      const bool in = key != '-' && key != WXK_NUMPAD_SUBTRACT;
      board_->viewport().zoom(in ? 1.2 : 1 / 1.2, wxPoint(sz.x / 2, sz.y / 2));
      board_->Refresh();
      return true;
    }
    case ']': next_mistake(1); return true;
    case '[': next_mistake(-1); return true;
    default: return false;
  }
}

bool ReplayView::edit_tree(TreeEditCommand::Kind kind) {
  if (!doc_) return false;
  if (is_start(doc_->position()) || doc_->position().steps.empty()) {
    if (ctx_.status) ctx_.status("Select a move of a variation first: the main line has nothing to promote or delete");
    return false;
  }
  auto* cmd = new TreeEditCommand(doc_, kind, doc_->position());
  bool ok = false;
  if (history()) {
    ok = history()->Submit(cmd);  // owns the command (and deletes it on failure)
  } else {
    ok = cmd->Do();
    delete cmd;
  }
  if (!ok && ctx_.status) ctx_.status("The variation could not be changed");
  return ok;
}

void ReplayView::go_to_ply_dialog() {
  const long n = wxGetNumberFromUser("Go to ply of this line", "Ply", "Go to ply", doc_->line_index(), 0,
                                     static_cast<long>(doc_->line().size()) - 1, this);
  if (n >= 0) doc_->go_ply(static_cast<int>(n));
}

void ReplayView::edit_note(const Annotation& note) {
  if (!doc_ || is_start(doc_->position())) return;
  if (note == doc_->note()) return;
  auto* cmd = new AnnotateCommand(doc_, doc_->position(), note);
  if (history()) {
    history()->Submit(cmd);
  } else {
    cmd->Do();
    delete cmd;
  }
}

void ReplayView::commit_comment() {
  if (!doc_ || is_start(doc_->position())) return;
  set_comment(comment_->GetValue().ToStdString(wxConvUTF8));
}

void ReplayView::set_comment(const std::string& text) {
  if (!doc_ || is_start(doc_->position())) return;
  Annotation a = doc_->note();
  if (a.comment == text) return;
  a.comment = text;
  comment_->ChangeValue(wxString::FromUTF8(text));
  edit_note(a);
}

void ReplayView::set_glyph(const std::string& glyph) {
  if (!doc_ || is_start(doc_->position())) return;
  Annotation a = doc_->note();
  a.glyph = glyph;
  edit_note(a);
}

void ReplayView::set_marker_tool(int tool) {
  marker_tool_ = tool;
  arrow_from_.reset();
  if (tool_->GetSelection() != tool) tool_->SetSelection(tool);
  update();
}

void ReplayView::set_label_text(const std::string& text) { label_->ChangeValue(wxString::FromUTF8(text)); }

void ReplayView::on_cell(int x, int y) {
  if (!doc_) return;
  if (marker_tool_ == 0) {
    const auto opts = classify(doc_->game());
    const int i = option_for_cell(opts, x, y, rotation_);
    if (i < 0) return;
    const std::string err = doc_->play(opts[static_cast<size_t>(i)].option, history());
    if (!err.empty() && ctx_.status) ctx_.status(err);
    return;
  }
  if (is_start(doc_->position())) {
    if (ctx_.status) ctx_.status("Markers belong to a move: step to one first");
    return;
  }
  Annotation a = doc_->note();
  if (marker_tool_ == 1) {
    Marker m;
    m.kind = Marker::Kind::Cell;
    m.x = x;
    m.y = y;
    auto it = std::find(a.markers.begin(), a.markers.end(), m);
    if (it != a.markers.end())
      a.markers.erase(it);
    else
      a.markers.push_back(m);
  } else if (marker_tool_ == 2) {
    if (!arrow_from_) {
      arrow_from_ = std::make_pair(x, y);
      if (ctx_.status) ctx_.status("Arrow from " + std::to_string(x) + "," + std::to_string(y) + ": click its end");
      return;
    }
    Marker m;
    m.kind = Marker::Kind::Arrow;
    m.x = arrow_from_->first;
    m.y = arrow_from_->second;
    m.x2 = x;
    m.y2 = y;
    arrow_from_.reset();
    if (m.x == m.x2 && m.y == m.y2) return;
    a.markers.push_back(m);
  } else {
    Marker m;
    m.kind = Marker::Kind::Label;
    m.x = x;
    m.y = y;
    m.text = label_->GetValue().ToStdString(wxConvUTF8);
    if (m.text.empty()) return;
    a.markers.push_back(m);
  }
  edit_note(a);
}

void ReplayView::on_spot(int spot) {
  if (!doc_ || marker_tool_ != 0) return;
  const auto& spots = board_->spots();
  if (spot < 0 || static_cast<size_t>(spot) >= spots.size()) return;
  const std::string err = doc_->play(spots[static_cast<size_t>(spot)].option, history());
  if (!err.empty() && ctx_.status) ctx_.status(err);
}

}  // namespace twe
