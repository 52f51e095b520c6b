#include "views/tune_dialog.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>

#include <wx/button.h>
#include <wx/choice.h>
#include <wx/cmdproc.h>
#include <wx/gauge.h>
#include <wx/sizer.h>
#include <wx/spinctrl.h>
#include <wx/stattext.h>
#include <wx/textctrl.h>

#include "views/study_chart.h"

namespace twe {

namespace {

std::vector<std::string> tune_split_bots(const std::string& text) {
  std::vector<std::string> out;
  std::string cur;
  for (char ch : text + ",") {
    if (ch == ',') {
      const size_t b = cur.find_first_not_of(' '), e = cur.find_last_not_of(' ');
      if (b != std::string::npos) out.push_back(cur.substr(b, e - b + 1));
      cur.clear();
    } else {
      cur += ch;
    }
  }
  return out;
}

// The measures a tune offers (winnable needs the solver: the command line's).
std::vector<std::string> tune_measures() {
  std::vector<std::string> out;
  for (const auto& m : tw::study::sweep_measures())
    if (m != "winnable") out.push_back(m);
  return out;
}

std::string tune_cell(double x, bool pct) {
  char b[48];
  if (pct) std::snprintf(b, sizeof b, "%.1f%%", 100 * x);
  else std::snprintf(b, sizeof b, "%.3f", x);
  return b;
}

}  // namespace

TuneDialog::TuneDialog(wxWindow* parent, EditorContext& ctx, const std::string& source, const std::string& bots)
    : wxDialog(parent, wxID_ANY, "Tune " + wxString::FromUTF8(source), wxDefaultPosition, wxDefaultSize,
               wxDEFAULT_DIALOG_STYLE | wxRESIZE_BORDER),
      ctx_(ctx), source_(source), params_(tune_params(ctx.content, source)) {
  build(bots);
  Bind(wxEVT_CLOSE_WINDOW, [this](wxCloseEvent& e) {
    cancel_ = true;
    e.Skip();
  });
}

TuneDialog::~TuneDialog() {
  cancel_ = true;
  join();
}

void TuneDialog::join() {
  if (worker_.joinable()) worker_.join();
}

void TuneDialog::build(const std::string& bots) {
  const bool level = ctx_.content.find_level(source_) != nullptr;
  auto* top = new wxBoxSizer(wxVERTICAL);
  auto* form = new wxFlexGridSizer(4, wxSize(8, 6));
  const auto label = [&](const wxString& s) {
    form->Add(new wxStaticText(this, wxID_ANY, s), 0, wxALIGN_CENTER_VERTICAL);
  };

  label("Parameter");
  param_ = new wxChoice(this, wxID_ANY);
  for (const auto& p : params_)
    param_->Append(wxString::FromUTF8(p.key) + wxString::Format(" (now %lld, %lld..%lld)%s",
                                                              static_cast<long long>(p.current),
                                                              static_cast<long long>(p.min),
                                                              static_cast<long long>(p.max),
                                                              p.level_column ? "" : " rule"));
  param_->SetToolTip("A number of the level (its columns) or of the rule set it plays, as `content show` names it");
  form->Add(param_, 1, wxEXPAND);
  label("Range");
  auto* range = new wxBoxSizer(wxHORIZONTAL);
  lo_ = new wxSpinCtrl(this, wxID_ANY, "", wxDefaultPosition, wxSize(150, -1), wxSP_ARROW_KEYS, 0, 1, 0);
  hi_ = new wxSpinCtrl(this, wxID_ANY, "", wxDefaultPosition, wxSize(150, -1), wxSP_ARROW_KEYS, 0, 1, 1);
  range->Add(lo_, 0, wxRIGHT, 4);
  range->Add(new wxStaticText(this, wxID_ANY, ".."), 0, wxALIGN_CENTER_VERTICAL | wxRIGHT, 4);
  range->Add(hi_, 0);
  form->Add(range, 0);

  label("Target");
  auto* target = new wxBoxSizer(wxHORIZONTAL);
  measure_ = new wxChoice(this, wxID_ANY);
  for (const auto& m : tune_measures()) measure_->Append(wxString::FromUTF8(m));
  measure_->SetStringSelection(level ? "win" : "seat-advantage");
  measure_->SetToolTip("win: the team won (co-op); seat-advantage: seat 1's win rate minus the fair share "
                       "(competitive); score: the final score");
  target->Add(measure_, 0, wxRIGHT, 4);
  target->Add(new wxStaticText(this, wxID_ANY, "="), 0, wxALIGN_CENTER_VERTICAL | wxRIGHT, 4);
  target_ = new wxTextCtrl(this, wxID_ANY, level ? "0.30" : "0", wxDefaultPosition, wxSize(80, -1));
  target_->SetToolTip("A number: 0.30 or 30% for a win rate, 0 for a fair seat advantage");
  target->Add(target_, 0);
  form->Add(target, 0);
  label("Bots");
  bots_ = new wxTextCtrl(this, wxID_ANY, wxString::FromUTF8(bots.empty() ? (level ? "coop,coop" : "greedy,greedy")
                                                                         : bots),
                         wxDefaultPosition, wxSize(230, -1));
  bots_->SetToolTip("One bot a seat, comma separated (as the command line's SOURCE@BOTS)");
  form->Add(bots_, 1, wxEXPAND);

  label("Games at first");
  games_ = new wxSpinCtrl(this, wxID_ANY, "", wxDefaultPosition, wxSize(150, -1), wxSP_ARROW_KEYS, 2, 100000, 200);
  games_->SetToolTip("Seeds a value is played on when first tried (then doubled where it decides)");
  form->Add(games_, 0);
  label("Game budget");
  auto* bud = new wxBoxSizer(wxHORIZONTAL);
  budget_ = new wxSpinCtrl(this, wxID_ANY, "", wxDefaultPosition, wxSize(150, -1), wxSP_ARROW_KEYS, 1, 10000000, 6000);
  budget_->SetToolTip("Games in all, at most");
  bud->Add(budget_, 0, wxRIGHT, 12);
  bud->Add(new wxStaticText(this, wxID_ANY, "Seed"), 0, wxALIGN_CENTER_VERTICAL | wxRIGHT, 4);
  seed_ = new wxSpinCtrl(this, wxID_ANY, "", wxDefaultPosition, wxSize(150, -1), wxSP_ARROW_KEYS, 1, 1000000000, 1);
  bud->Add(seed_, 0);
  form->Add(bud, 0);
  form->AddGrowableCol(1);
  form->AddGrowableCol(3);
  top->Add(form, 0, wxEXPAND | wxALL, 8);

  auto* run = new wxBoxSizer(wxHORIZONTAL);
  tune_btn_ = new wxButton(this, wxID_ANY, "Tune");
  run->Add(tune_btn_, 0, wxRIGHT, 8);
  gauge_ = new wxGauge(this, wxID_ANY, 1000, wxDefaultPosition, wxSize(220, -1));
  run->Add(gauge_, 0, wxALIGN_CENTER_VERTICAL | wxRIGHT, 8);
  step_ = new wxStaticText(this, wxID_ANY, "");
  run->Add(step_, 1, wxALIGN_CENTER_VERTICAL);
  top->Add(run, 0, wxEXPAND | wxLEFT | wxRIGHT, 8);

  chart_ = new StudyChart(this);
  chart_->SetMinSize(wxSize(760, 280));
  top->Add(chart_, 1, wxEXPAND | wxALL, 8);
  result_ = new wxTextCtrl(this, wxID_ANY, "", wxDefaultPosition, wxSize(-1, 150),
                           wxTE_MULTILINE | wxTE_READONLY | wxTE_DONTWRAP);
  result_->SetFont(wxFont(wxFontInfo(9).Family(wxFONTFAMILY_TELETYPE)));
  top->Add(result_, 0, wxEXPAND | wxLEFT | wxRIGHT, 8);

  auto* save = new wxBoxSizer(wxHORIZONTAL);
  save->Add(new wxStaticText(this, wxID_ANY, "New id"), 0, wxALIGN_CENTER_VERTICAL | wxRIGHT, 4);
  new_id_ = new wxTextCtrl(this, wxID_ANY, "", wxDefaultPosition, wxSize(220, -1));
  save->Add(new_id_, 0, wxRIGHT, 8);
  save->Add(new wxStaticText(this, wxID_ANY, "Name"), 0, wxALIGN_CENTER_VERTICAL | wxRIGHT, 4);
  new_name_ = new wxTextCtrl(this, wxID_ANY, "", wxDefaultPosition, wxSize(200, -1));
  save->Add(new_name_, 1, wxRIGHT, 8);
  save_btn_ = new wxButton(this, wxID_ANY, level ? "Save as new level" : "Save as new rule set");
  save_btn_->Enable(false);
  save->Add(save_btn_, 0, wxRIGHT, 8);
  save->Add(new wxButton(this, wxID_CLOSE, "Close"), 0);
  top->Add(save, 0, wxEXPAND | wxALL, 8);
  SetSizerAndFit(top);

  param_->Bind(wxEVT_CHOICE, [this](wxCommandEvent&) { on_param(); });
  measure_->Bind(wxEVT_CHOICE, [this](wxCommandEvent&) {
    target_->SetValue(measure_->GetStringSelection() == "seat-advantage" ? "0" : target_->GetValue());
  });
  tune_btn_->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) {
    if (running()) stop();
    else start();
  });
  save_btn_->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) {
    save_as_new(new_id_->GetValue().utf8_string(), new_name_->GetValue().utf8_string());
  });
  Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { Close(); }, wxID_CLOSE);

  // The first number that is the level's own (ghost_bank of a mists level), else the first.
  if (!params_.empty()) {
    int pick = 0;
    for (size_t i = 0; i < params_.size(); ++i)
      if (params_[i].key == "ghost_bank") pick = static_cast<int>(i);
    param_->SetSelection(pick);
    on_param();
  } else {
    tune_btn_->Enable(false);
    step_->SetLabel("this item has no number to tune");
  }
}

void TuneDialog::on_param() {
  const int i = param_->GetSelection();
  if (i < 0 || static_cast<size_t>(i) >= params_.size()) return;
  const TuneParam& p = params_[static_cast<size_t>(i)];
  const int lo = static_cast<int>(std::max<int64_t>(p.min, -1000000000));
  const int hi = static_cast<int>(std::min<int64_t>(p.max, 1000000000));
  lo_->SetRange(lo, hi);
  hi_->SetRange(lo, hi);
  lo_->SetValue(lo);
  hi_->SetValue(hi);
}

bool TuneDialog::set_param(const std::string& key) {
  for (size_t i = 0; i < params_.size(); ++i)
    if (params_[i].key == key) {
      param_->SetSelection(static_cast<int>(i));
      on_param();
      return true;
    }
  return false;
}

void TuneDialog::set_range(int64_t lo, int64_t hi) {
  lo_->SetValue(static_cast<int>(lo));
  hi_->SetValue(static_cast<int>(hi));
}

bool TuneDialog::set_target(const std::string& measure, const std::string& value) {
  if (!measure_->SetStringSelection(wxString::FromUTF8(measure))) return false;
  target_->SetValue(wxString::FromUTF8(value));
  return true;
}

void TuneDialog::set_bots(const std::string& bots) { bots_->SetValue(wxString::FromUTF8(bots)); }
void TuneDialog::set_games(int games) { games_->SetValue(games); }
void TuneDialog::set_budget(int budget) { budget_->SetValue(budget); }
void TuneDialog::set_seed(int seed) { seed_->SetValue(seed); }

TuneRequest TuneDialog::request(std::string* error) const {
  TuneRequest r;
  r.source = source_;
  const int i = param_->GetSelection();
  if (i < 0 || static_cast<size_t>(i) >= params_.size()) {
    if (error) *error = "choose a parameter";
    return r;
  }
  r.param = params_[static_cast<size_t>(i)].key;
  r.lo = lo_->GetValue();
  r.hi = hi_->GetValue();
  if (r.hi <= r.lo) {
    if (error) *error = "the range needs two values at least (low < high)";
    return r;
  }
  r.measure = measure_->GetStringSelection().utf8_string();
  std::string t = target_->GetValue().utf8_string();
  while (!t.empty() && t.back() == ' ') t.pop_back();
  const bool pct = !t.empty() && t.back() == '%';
  if (pct) t.pop_back();
  size_t used = 0;
  double x = 0;
  try {
    x = std::stod(t, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (t.empty() || used != t.size() || !std::isfinite(x)) {
    if (error) *error = "the target is a number: 0.30, 30% or 0";
    return r;
  }
  r.target = pct ? x / 100 : x;
  r.bots = tune_split_bots(bots_->GetValue().utf8_string());
  r.games = games_->GetValue();
  r.budget = budget_->GetValue();
  r.seed = static_cast<uint64_t>(seed_->GetValue());
  r.threads = threads_;
  if (error) error->clear();
  return r;
}

bool TuneDialog::start() {
  if (running()) return false;
  join();
  std::string error;
  const TuneRequest r = request(&error);
  if (!error.empty()) {
    step_->SetLabel(wxString::FromUTF8(error));
    return false;
  }
  outcome_ = TuneOutcome{};
  steps_shown_ = 0;
  save_btn_->Enable(false);
  result_->Clear();
  chart_->clear();
  gauge_->SetValue(0);
  posted_permille_ = -1;
  step_->SetLabel("playing the ends of the range ...");
  tune_btn_->SetLabel("Stop");
  cancel_ = false;
  finished_ = false;
  auto content = std::make_shared<const tw::Content>(ctx_.content);
  worker_ = std::thread([this, content, r] {
    TuneOutcome o = run_tune(
        *content, r,
        [this](const TuneSnapshot& snap) {
          CallAfter([this, snap] {
            chart_->set_sweep(snap.chart);
            step_->SetLabel(wxString::FromUTF8(snap.step + ", " + std::to_string(snap.games) + " games so far"));
            ++steps_shown_;
          });
        },
        [this](int64_t done, int64_t total) {
          const int permille = static_cast<int>(1000 * done / std::max<int64_t>(1, total));
          if (permille / 10 == posted_permille_.load() / 10) return;  // about 100 updates a run
          posted_permille_ = permille;
          CallAfter([this, permille] { gauge_->SetValue(std::min(1000, permille)); });
        },
        &cancel_);
    CallAfter([this, o] { finish(o); });
  });
  return true;
}

void TuneDialog::stop() {
  if (!running()) return;
  cancel_ = true;
  step_->SetLabel("stopping ...");
}

void TuneDialog::finish(const TuneOutcome& o) {
  outcome_ = o;
  finished_ = true;
  join();
  tune_btn_->SetLabel("Tune");
  if (!o.chart.points.empty()) chart_->set_sweep(o.chart);
  std::string text = o.summary();
  if (o.error.empty() && !o.result.values.empty()) {
    const bool pct = o.spec.proportion;
    char b[200];
    std::snprintf(b, sizeof b, "%12s %7s %10s %22s\n", o.param.key.c_str(), "games", o.measure.c_str(),
                  "95% interval");
    text += b;
    for (const auto& [v, tv] : o.result.values) {
      const std::string mark = o.result.below && v == *o.result.below   ? "below the target"
                               : o.result.above && v == *o.result.above ? "above the target"
                                                                        : "";
      const std::string iv = tune_cell(tv.iv.lo, pct) + " .. " + tune_cell(tv.iv.hi, pct);
      std::snprintf(b, sizeof b, "%12lld %7zu %10s %22s   %s%s\n", static_cast<long long>(v), tv.xs.size(),
                    tune_cell(tv.iv.mean, pct).c_str(), iv.c_str(), mark.c_str(),
                    v == o.result.best ? (mark.empty() ? "nearest" : ", nearest") : "");
      text += b;
    }
  }
  result_->SetValue(wxString::FromUTF8(text));
  if (o.done()) {
    gauge_->SetValue(1000);
    const TunedSave s = tuned_save(ctx_.content, o);
    new_id_->SetValue(wxString::FromUTF8(tuned_default_id(ctx_.content, s)));
    save_btn_->SetLabel(s.level ? "Save as new level" : "Save as new rule set");
    save_btn_->SetToolTip(wxString::FromUTF8("A copy of " + s.source + " with " + s.key + " = " +
                                             std::to_string(s.value) + " (undoable)"));
    save_btn_->Enable(ctx_.store && !ctx_.store->read_only());
    step_->SetLabel(wxString::FromUTF8("done: " + o.param.key + " = " + std::to_string(o.result.best)));
  } else {
    step_->SetLabel(o.stopped ? "stopped" : wxString::FromUTF8(o.error));
  }
  Layout();
  if (ctx_.status) ctx_.status(o.stopped ? "Tune stopped" : o.done() ? "Tune done" : "Tune: " + o.error);
}

int TuneDialog::progress_value() const { return gauge_->GetValue(); }

std::string TuneDialog::result_text() const { return result_->GetValue().utf8_string(); }

std::string TuneDialog::save_as_new(const std::string& id, const std::string& name) {
  if (!outcome_.done() || running()) return "nothing tuned to save";
  const TunedSave s = tuned_save(ctx_.content, outcome_);
  auto* cmd = new SaveTunedCommand(ctx_, s, id, name.empty() ? id : name);
  std::string error;
  if (ctx_.commands) {
    // The processor deletes a command whose Do() fails: read its error first.
    const bool ok = cmd->Do();
    error = cmd->error();
    if (ok) {
      ctx_.commands->Store(cmd);
    } else {
      delete cmd;
    }
  } else {
    std::unique_ptr<SaveTunedCommand> own(cmd);
    if (!own->Do()) error = own->error();
  }
  step_->SetLabel(wxString::FromUTF8(error.empty() ? "saved " + id : error));
  if (error.empty()) {
    save_btn_->Enable(false);
    new_id_->SetValue(wxString::FromUTF8(tuned_default_id(ctx_.content, s)));
  }
  return error;
}

}  // namespace twe
