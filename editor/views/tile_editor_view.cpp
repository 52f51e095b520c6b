#include "views/tile_editor_view.h"
#include "engine/rules/kinds.h"

#include <wx/textdlg.h>

#include <wx/button.h>
#include <wx/checkbox.h>
#include <wx/choice.h>
#include <wx/dcbuffer.h>
#include <wx/gbsizer.h>
#include <wx/htmllbox.h>
#include <wx/listbox.h>
#include <wx/sizer.h>
#include <wx/spinctrl.h>
#include <wx/statbox.h>
#include <wx/stattext.h>
#include <wx/textctrl.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <sstream>

#include "art/tile_art.h"
#include "doc/edits.h"
#include "present/markdown.h"

namespace twe {
namespace {

const wxColour kErrorColour(190, 30, 30);

std::string segment_label(const tw::TileType& t, size_t i) {
  const tw::Segment& s = t.segments[i];
  std::string out = std::to_string(i) + "  " + std::string(tw::kind_name(s.kind)) + "  " + tw::ports_text(s.ports);
  if (s.shields) out += "  shields " + std::to_string(s.shields);
  if (s.covered) out += "  fogged";
  if (!s.touches.empty()) {
    out += "  touches";
    for (auto c : s.touches) out += " " + std::to_string(c);
  }
  return out;
}

// The segment index a ContentError row names ("base/D#2" -> 2), or -1.
int error_segment(const tw::ContentError& e) {
  const auto hash = e.row.rfind('#');
  if (e.table != "tile_segment" || hash == std::string::npos) return -1;
  try {
    return std::stoi(e.row.substr(hash + 1));
  } catch (...) {
    return -1;
  }
}

// The draft holds what is stored: the fields the editor changes are all equal.
bool same_tile(const tw::TileType& a, const tw::TileType& b) {
  if (a.count != b.count || a.reconstructed != b.reconstructed || a.symbols != b.symbols || a.note != b.note ||
      a.segments.size() != b.segments.size())
    return false;
  for (size_t i = 0; i < a.segments.size(); ++i) {
    const tw::Segment& x = a.segments[i];
    const tw::Segment& y = b.segments[i];
    if (x.kind != y.kind || x.terrain != y.terrain || x.ports != y.ports || x.shields != y.shields ||
        x.covered != y.covered || x.touches != y.touches)
      return false;
  }
  return true;
}

}  // namespace

// One step of a tile draft: the draft (and selected segment) before and after.
class DraftStep : public wxCommand {
 public:
  DraftStep(TileEditorView& view, const std::string& name, tw::TileType before, int seg_before, bool dirty_before,
            tw::TileType after, int seg_after)
      : wxCommand(true, wxString::FromUTF8(name)), view_(view), before_(std::move(before)),
        after_(std::move(after)), seg_before_(seg_before), seg_after_(seg_after), dirty_before_(dirty_before) {}
  bool Do() override {
    view_.apply_draft(after_, seg_after_, true);
    return true;
  }
  bool Undo() override {
    view_.apply_draft(before_, seg_before_, dirty_before_);
    return true;
  }
  // Typing on in the same field: this step takes the new state.
  void extend(const tw::TileType& after, int seg) {
    after_ = after;
    seg_after_ = seg;
  }

 private:
  TileEditorView& view_;
  tw::TileType before_, after_;
  int seg_before_, seg_after_;
  bool dirty_before_;
};

// The live preview: the draft drawn large with the selected segment highlighted;
// clicking near a segment's point selects it.
class TileEditorPreview : public wxWindow {
 public:
  TileEditorPreview(wxWindow* parent, const tw::TileType& draft) : wxWindow(parent, wxID_ANY), draft_(draft) {
    SetBackgroundStyle(wxBG_STYLE_PAINT);
    SetMinSize(wxSize(250, 300));
    Bind(wxEVT_PAINT, [this](wxPaintEvent&) {
      wxAutoBufferedPaintDC dc(this);
      dc.SetBackground(wxBrush(wxColour(246, 244, 238)));
      dc.Clear();
      if (draft_.segments.empty() && draft_.id.empty()) return;
      TileArtStyle st;
      st.highlight_segment = highlight;
      draw_tile(dc, draft_, rotation, tile_rect(), st);
      dc.SetTextForeground(wxColour(60, 60, 60));
      // Two short lines: whole in a narrow column (1024 px wide window).
      const int line_h = dc.GetCharHeight();
      dc.DrawText(wxString::Format("rotation r%d", rotation * 90), tile_rect().x, tile_rect().GetBottom() + 6);
      dc.DrawText("(the arrows below turn it)", tile_rect().x, tile_rect().GetBottom() + 6 + line_h);
      // Segment numbers at their follower points, moved apart where two would overlap
      // (the number's own segment is the one its point lies in; a small move keeps it there).
      dc.SetFont(GetFont().Bold());
      std::vector<wxPoint> at;
      std::vector<int> radius;
      for (size_t i = 0; i < draft_.segments.size(); ++i) {
        const wxSize ts = dc.GetTextExtent(wxString::Format("%zu", i));
        at.push_back(segment_point(draft_, static_cast<int>(i), rotation, tile_rect()));
        radius.push_back(std::max(ts.x, ts.y) / 2 + 3);
      }
      for (int pass = 0; pass < 8; ++pass)
        for (size_t i = 0; i < at.size(); ++i)
          for (size_t j = 0; j < i; ++j) {
            const double dx = at[i].x - at[j].x, dy = at[i].y - at[j].y;
            const double d = std::hypot(dx, dy), need = radius[i] + radius[j] + 2;
            if (d >= need) continue;
            const double ux = d > 0.5 ? dx / d : 1.0, uy = d > 0.5 ? dy / d : 0.0;
            const double push = (need - d) / 2 + 0.5;
            at[i].x += static_cast<int>(std::lround(ux * push));
            at[i].y += static_cast<int>(std::lround(uy * push));
            at[j].x -= static_cast<int>(std::lround(ux * push));
            at[j].y -= static_cast<int>(std::lround(uy * push));
          }
      for (size_t i = 0; i < at.size(); ++i) {
        const wxString n = wxString::Format("%zu", i);
        const wxSize ts = dc.GetTextExtent(n);
        dc.SetPen(wxPen(wxColour(30, 30, 30)));
        dc.SetBrush(wxBrush(static_cast<int>(i) == highlight ? wxColour(255, 214, 0) : wxColour(255, 255, 255)));
        dc.DrawCircle(at[i], radius[i]);
        dc.DrawText(n, at[i].x - ts.x / 2, at[i].y - ts.y / 2);
      }
    });
    Bind(wxEVT_SIZE, [this](wxSizeEvent& e) {
      Refresh();
      e.Skip();
    });
    Bind(wxEVT_LEFT_DOWN, [this](wxMouseEvent& e) {
      int best = -1;
      double best_d = 1e18;
      for (size_t i = 0; i < draft_.segments.size(); ++i) {
        const wxPoint p = segment_point(draft_, static_cast<int>(i), rotation, tile_rect());
        const double d = std::hypot(p.x - e.GetX(), p.y - e.GetY());
        if (d < best_d) {
          best_d = d;
          best = static_cast<int>(i);
        }
      }
      if (best >= 0 && best_d < tile_rect().width / 4.0 && on_pick) on_pick(best);
    });
  }
  wxRect tile_rect() const {
    const wxSize s = GetClientSize();
    const int side = std::max(60, std::min(s.x - 20, s.y - 52));  // two lines of text below
    return {(s.x - side) / 2, 10, side, side};
  }
  int highlight = -1;
  int rotation = 0;
  std::function<void(int)> on_pick;

 private:
  const tw::TileType& draft_;
};

TileEditorView::TileEditorView(wxWindow* parent, EditorContext& ctx) : wxPanel(parent, wxID_ANY), ctx_(ctx) {
  build();
  ctx_.content_listeners.push_back([this] { refresh_content(); });
  refresh_content();
}

void TileEditorView::build() {
  auto* main = new wxBoxSizer(wxHORIZONTAL);

  // Left: the preview and its rotation.
  auto* left = new wxBoxSizer(wxVERTICAL);
  title_ = new wxStaticText(this, wxID_ANY, "No tile: pick one in Tile sets", wxDefaultPosition, wxDefaultSize,
                            wxST_NO_AUTORESIZE | wxST_ELLIPSIZE_END);
  title_->SetFont(title_->GetFont().Bold().Larger());
  title_->SetMinSize(wxSize(200, title_->GetCharHeight() + 4));
  left->Add(title_, 0, wxALL, 6);
  preview_ = new TileEditorPreview(this, draft_);
  preview_->on_pick = [this](int s) { select_segment(s); };
  left->Add(preview_, 1, wxEXPAND | wxALL, 4);
  auto* rot = new wxBoxSizer(wxHORIZONTAL);
  auto* ccw = new wxButton(this, wxID_ANY, wxString::FromUTF8("\u21ba"), wxDefaultPosition, wxSize(40, -1));
  auto* cw = new wxButton(this, wxID_ANY, wxString::FromUTF8("\u21bb"), wxDefaultPosition, wxSize(40, -1));
  ccw->SetToolTip("Preview rotated a quarter turn anticlockwise");
  cw->SetToolTip("Preview rotated a quarter turn clockwise");
  ccw->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) {
    preview_->rotation = (preview_->rotation + 3) % 4;
    preview_->Refresh();
  });
  cw->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) {
    preview_->rotation = (preview_->rotation + 1) % 4;
    preview_->Refresh();
  });
  rot->Add(ccw, 0, wxRIGHT, 4);
  rot->Add(cw, 0);
  left->Add(rot, 0, wxALIGN_CENTER | wxALL, 4);
  main->Add(left, 4, wxEXPAND | wxALL, 6);

  // Middle: segments and tile attributes.
  auto* mid = new wxBoxSizer(wxVERTICAL);
  auto* segbox = new wxStaticBoxSizer(wxVERTICAL, this, "Segments");
  segbox->GetStaticBox()->SetMinSize(wxSize(200, -1));
  segments_ = new wxListBox(segbox->GetStaticBox(), wxID_ANY, wxDefaultPosition, wxSize(240, 150));
  segments_->SetMinSize(wxSize(240, 150));
  segbox->Add(segments_, 1, wxEXPAND | wxALL, 4);
  auto* segbtn = new wxBoxSizer(wxHORIZONTAL);
  add_seg_ = new wxButton(segbox->GetStaticBox(), wxID_ANY, "Add");
  del_seg_ = new wxButton(segbox->GetStaticBox(), wxID_ANY, "Remove");
  add_seg_->SetToolTip("Add a segment (a field) to the tile");
  del_seg_->SetToolTip("Remove the selected segment (touches lists are renumbered)");
  segbtn->Add(add_seg_, 0, wxRIGHT, 4);
  segbtn->Add(del_seg_, 0);
  segbox->Add(segbtn, 0, wxALL, 4);
  mid->Add(segbox, 1, wxEXPAND | wxBOTTOM, 6);

  auto* tilebox = new wxStaticBoxSizer(wxVERTICAL, this, "Tile type");
  wxWindow* tb = tilebox->GetStaticBox();
  auto* tg = new wxFlexGridSizer(2, 4, 8);
  tg->AddGrowableCol(1);
  count_ = new wxSpinCtrl(tb, wxID_ANY, "", wxDefaultPosition, wxDefaultSize, wxSP_ARROW_KEYS, 0, 1000, 0);
  ghosts_ = new wxSpinCtrl(tb, wxID_ANY, "", wxDefaultPosition, wxDefaultSize, wxSP_ARROW_KEYS, 0, 9, 0);
  reconstructed_ = new wxCheckBox(tb, wxID_ANY, "designed by us");
  reconstructed_->SetToolTip("The geometry is designed by us, not taken from a public source");
  note_ = new wxTextCtrl(tb, wxID_ANY, "", wxDefaultPosition, wxSize(150, 60), wxTE_MULTILINE);
  note_->SetMinSize(wxSize(150, 60));
  tg->Add(new wxStaticText(tb, wxID_ANY, "Copies in the box"), 0, wxALIGN_CENTER_VERTICAL);
  tg->Add(count_, 0);
  tg->Add(new wxStaticText(tb, wxID_ANY, "Ghost symbols"), 0, wxALIGN_CENTER_VERTICAL);
  tg->Add(ghosts_, 0);
  tg->Add(new wxStaticText(tb, wxID_ANY, "Reconstructed"), 0, wxALIGN_CENTER_VERTICAL);
  tg->Add(reconstructed_, 0);
  tg->Add(new wxStaticText(tb, wxID_ANY, "Note"), 0);
  tg->Add(note_, 1, wxEXPAND);
  tilebox->Add(tg, 0, wxEXPAND | wxALL, 4);
  msg_tile_ = new wxStaticText(tb, wxID_ANY, "", wxDefaultPosition, wxDefaultSize, wxST_NO_AUTORESIZE);
  msg_tile_->SetForegroundColour(kErrorColour);
  msg_tile_->SetMinSize(wxSize(200, 2 * msg_tile_->GetCharHeight() + 2));
  tilebox->Add(msg_tile_, 0, wxEXPAND | wxALL, 4);
  mid->Add(tilebox, 0, wxEXPAND);
  main->Add(mid, 4, wxEXPAND | wxALL, 6);

  // Right: the selected segment's fields, each with its message.
  auto* right = new wxBoxSizer(wxVERTICAL);
  auto* fbox = new wxStaticBoxSizer(wxVERTICAL, this, "Selected segment");
  wxWindow* fb = fbox->GetStaticBox();
  fb->SetMinSize(wxSize(200, -1));  // the box's own idea of its size is not its contents
  // Each field's message keeps room for two lines even when empty, so that the form
  // does not jump when a problem appears (longer messages are in the Problems list).
  auto add_msg = [&](wxStaticText*& m) {
    // A fixed size whatever the text: a message never moves the columns.
    m = new wxStaticText(fb, wxID_ANY, "", wxDefaultPosition, wxDefaultSize, wxST_NO_AUTORESIZE);
    m->SetForegroundColour(kErrorColour);
    m->SetMinSize(wxSize(200, 2 * m->GetCharHeight() + 2));
    fbox->Add(m, 0, wxEXPAND | wxLEFT | wxRIGHT | wxBOTTOM, 4);
  };
  auto* trow = new wxBoxSizer(wxHORIZONTAL);
  trow->Add(new wxStaticText(fb, wxID_ANY, "Terrain"), 0, wxALIGN_CENTER_VERTICAL | wxRIGHT, 8);
  terrain_ = new wxChoice(fb, wxID_ANY);
  terrain_->SetMinSize(wxSize(150, -1));
  trow->Add(terrain_, 1);
  fbox->Add(trow, 0, wxEXPAND | wxALL, 4);
  add_msg(msg_terrain_);

  // Ports laid out around a square: north row, west and east columns, south row, centre.
  auto* ports_caption = new wxStaticText(fb, wxID_ANY, "Ports (clockwise from Nw; C = centre)");
  ports_caption->SetToolTip("The ports of the edges, clockwise from the north-west corner: Nw N Ne along the north "
                            "edge, En E Es along the east, and so on; C is the centre");
  fbox->Add(ports_caption, 0, wxALL, 4);
  auto* pg = new wxGridBagSizer(2, 2);
  auto place = [&](int port, int row, int col) {
    ports_[static_cast<size_t>(port)] =
        new wxCheckBox(fb, wxID_ANY, wxString(tw::kPortNames[static_cast<size_t>(port)].data(),
                                              tw::kPortNames[static_cast<size_t>(port)].size()));
    pg->Add(ports_[static_cast<size_t>(port)], wxGBPosition(row, col), wxDefaultSpan, wxALIGN_CENTER);
  };
  place(tw::Nw, 0, 1);
  place(tw::N, 0, 2);
  place(tw::Ne, 0, 3);
  place(tw::En, 1, 4);
  place(tw::E, 2, 4);
  place(tw::Es, 3, 4);
  place(tw::Se, 4, 3);
  place(tw::S, 4, 2);
  place(tw::Sw, 4, 1);
  place(tw::Ws, 3, 0);
  place(tw::W, 2, 0);
  place(tw::Wn, 1, 0);
  place(tw::C, 2, 2);
  fbox->Add(pg, 0, wxALIGN_CENTER | wxALL, 4);
  add_msg(msg_ports_);
  for (int p = 0; p < tw::kPortCount; ++p)
    ports_[static_cast<size_t>(p)]->Bind(wxEVT_CHECKBOX, [this, p](wxCommandEvent&) { on_port(p); });

  auto* sg = new wxFlexGridSizer(2, 4, 8);
  shields_ = new wxSpinCtrl(fb, wxID_ANY, "", wxDefaultPosition, wxDefaultSize, wxSP_ARROW_KEYS, 0, 9, 0);
  fogged_ = new wxCheckBox(fb, wxID_ANY, "under fog");
  fogged_->SetToolTip("Fog lies over this road or field");
  touches_ = new wxTextCtrl(fb, wxID_ANY, "", wxDefaultPosition, wxDefaultSize, wxTE_PROCESS_ENTER);
  touches_->SetMinSize(wxSize(100, -1));
  touches_->SetToolTip("Segment numbers, separated by spaces: the cities a field borders, the regions a region borders");
  sg->Add(new wxStaticText(fb, wxID_ANY, "Shields / cities"), 0, wxALIGN_CENTER_VERTICAL);
  sg->Add(shields_, 0);
  sg->Add(new wxStaticText(fb, wxID_ANY, "Fogged"), 0, wxALIGN_CENTER_VERTICAL);
  sg->Add(fogged_, 0);
  sg->Add(new wxStaticText(fb, wxID_ANY, "Touches"), 0, wxALIGN_CENTER_VERTICAL);
  sg->Add(touches_, 1, wxEXPAND);
  sg->AddGrowableCol(1);
  fbox->Add(sg, 0, wxEXPAND | wxALL, 4);
  add_msg(msg_shields_);
  add_msg(msg_touches_);
  right->Add(fbox, 0, wxEXPAND | wxBOTTOM, 6);

  right->Add(new wxStaticText(this, wxID_ANY, "Problems (engine validation)"), 0, wxBOTTOM, 2);
  // Each problem wrapped to the list's width (a plain list box cut long lines and grew
  // with them, moving the columns).
  problem_list_ = new wxSimpleHtmlListBox(this, wxID_ANY, wxDefaultPosition, wxSize(200, 90));
  problem_list_->SetMinSize(wxSize(200, 90));
  right->Add(problem_list_, 1, wxEXPAND | wxBOTTOM, 6);
  auto* btns = new wxBoxSizer(wxHORIZONTAL);
  save_btn_ = new wxButton(this, wxID_SAVE, "Save");
  save_btn_->SetToolTip("Save the draft to the database (one step of Edit > Undo)");
  revert_btn_ = new wxButton(this, wxID_REVERT_TO_SAVED, "Revert");
  save_as_btn_ = new wxButton(this, wxID_ANY, "Save as new...");
  save_as_btn_->SetToolTip("Save the draft as a new tile type of the same tile set");
  btns->Add(save_btn_, 0, wxRIGHT, 6);
  btns->Add(save_as_btn_, 0, wxRIGHT, 6);
  btns->Add(revert_btn_, 0);
  save_as_btn_->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) {
    if (tile_ < 0) return;
    wxTextEntryDialog dlg(this, "Id of the new tile type in tile set " + wxString::FromUTF8(draft_.tile_set) + ":",
                          "Save as new tile", wxString::FromUTF8(draft_.id + "2"));
    if (dlg.ShowModal() == wxID_OK) save_as(dlg.GetValue().utf8_string());
  });
  right->Add(btns, 0);
  main->Add(right, 5, wxEXPAND | wxALL, 6);
  SetSizer(main);

  // Handlers: read the widget, change the draft, revalidate.
  segments_->Bind(wxEVT_LISTBOX, [this](wxCommandEvent&) {
    if (!updating_) select_segment(segments_->GetSelection());
  });
  add_seg_->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) {
    if (tile_ < 0) return;
    tw::Segment s;
    if (!ctx_.content.terrains.empty()) {
      const tw::Terrain* field = ctx_.content.find_terrain("field");
      s.terrain = static_cast<uint8_t>(field ? field - ctx_.content.terrains.data() : 0);
      s.kind = ctx_.content.terrains[s.terrain].kind;
    }
    draft_.segments.push_back(s);
    seg_ = static_cast<int>(draft_.segments.size()) - 1;
    changed("Add segment " + std::to_string(seg_));
  });
  del_seg_->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) {
    if (seg_ < 0 || seg_ >= static_cast<int>(draft_.segments.size())) return;
    draft_.segments.erase(draft_.segments.begin() + seg_);
    // Touches lists refer to indices: drop the removed one, shift the later ones.
    for (auto& s : draft_.segments) {
      std::vector<uint8_t> t;
      for (auto c : s.touches)
        if (c != seg_) t.push_back(static_cast<uint8_t>(c > seg_ ? c - 1 : c));
      s.touches = t;
    }
    const int removed = seg_;
    seg_ = std::min(seg_, static_cast<int>(draft_.segments.size()) - 1);
    changed("Remove segment " + std::to_string(removed));
  });
  terrain_->Bind(wxEVT_CHOICE, [this](wxCommandEvent&) {
    if (updating_ || seg_ < 0) return;
    const int i = terrain_->GetSelection();
    if (i == wxNOT_FOUND) return;
    auto& s = draft_.segments[static_cast<size_t>(seg_)];
    s.terrain = static_cast<uint8_t>(i);
    s.kind = ctx_.content.terrains[static_cast<size_t>(i)].kind;
    changed("Set the terrain of segment " + std::to_string(seg_));
  });
  shields_->Bind(wxEVT_SPINCTRL, [this](wxSpinEvent&) {
    if (updating_ || seg_ < 0) return;
    draft_.segments[static_cast<size_t>(seg_)].shields = static_cast<uint8_t>(shields_->GetValue());
    changed("Set the shields of segment " + std::to_string(seg_));
  });
  fogged_->Bind(wxEVT_CHECKBOX, [this](wxCommandEvent&) {
    if (updating_ || seg_ < 0) return;
    draft_.segments[static_cast<size_t>(seg_)].covered = fogged_->GetValue();
    changed("Set fogged of segment " + std::to_string(seg_));
  });
  auto touches_changed = [this](wxCommandEvent&) {
    if (updating_ || seg_ < 0) return;
    std::istringstream in(touches_->GetValue().utf8_string());
    std::vector<uint8_t> t;
    int v = 0;
    while (in >> v)
      if (v >= 0 && v < 256) t.push_back(static_cast<uint8_t>(v));
    draft_.segments[static_cast<size_t>(seg_)].touches = t;
    changed("Set the touches of segment " + std::to_string(seg_), true);
  };
  touches_->Bind(wxEVT_TEXT, touches_changed);
  count_->Bind(wxEVT_SPINCTRL, [this](wxSpinEvent&) {
    if (updating_) return;
    draft_.count = count_->GetValue();
    changed("Set the copies in the box");
  });
  ghosts_->Bind(wxEVT_SPINCTRL, [this](wxSpinEvent&) {
    if (updating_) return;
    draft_.symbols = ghosts_->GetValue();
    changed("Set the ghost symbols");
  });
  reconstructed_->Bind(wxEVT_CHECKBOX, [this](wxCommandEvent&) {
    if (updating_) return;
    draft_.reconstructed = reconstructed_->GetValue();
    changed("Set reconstructed");
  });
  note_->Bind(wxEVT_TEXT, [this](wxCommandEvent&) {
    if (updating_) return;
    draft_.note = note_->GetValue().utf8_string();
    changed("Edit the note", true);
  });
  problem_list_->Bind(wxEVT_LISTBOX, [this](wxCommandEvent&) {
    const int i = problem_list_->GetSelection();
    if (i >= 0 && i < static_cast<int>(problems_.size())) {
      const int s = error_segment(problems_[static_cast<size_t>(i)]);
      if (s >= 0) select_segment(s);
    }
  });
  save_btn_->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { save(); });
  revert_btn_->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { revert(); });
}

wxStaticText* TileEditorView::field_message(const std::string& column) {
  if (column == "terrain" || column == "kind") return msg_terrain_;
  if (column == "ports") return msg_ports_;
  if (column == "shields" || column == "fogged") return msg_shields_;
  if (column == "touches") return msg_touches_;
  if (column == "tile") return msg_tile_;
  return nullptr;
}

void TileEditorView::refresh_content() {
  updating_ = true;
  terrain_->Clear();
  for (const auto& t : ctx_.content.terrains)
    terrain_->Append(wxString::FromUTF8(t.id + "  (" + std::string(tw::kind_name(t.kind)) + ")"));
  updating_ = false;
  // Find the same tile type again (indices may have moved); keep an unsaved draft.
  int idx = -1;
  if (!draft_.id.empty()) idx = ctx_.content.find_tile(draft_.tile_set, draft_.id);
  if (idx < 0) {
    tile_ = -1;
    draft_ = tw::TileType{};
    dirty_ = false;
    seg_ = -1;
    start_history();
  } else {
    tile_ = idx;
    if (!dirty_) {
      draft_ = ctx_.content.tiles[static_cast<size_t>(idx)];
      start_history();  // a saved (or undone) tile: the draft starts again from it
    }
  }
  show_draft();
  validate();
}

void TileEditorView::load_tile(int tile) {
  if (tile < 0 || tile >= static_cast<int>(ctx_.content.tiles.size())) return;
  tile_ = tile;
  draft_ = ctx_.content.tiles[static_cast<size_t>(tile)];
  dirty_ = false;
  seg_ = draft_.segments.empty() ? -1 : 0;
  preview_->rotation = 0;
  start_history();
  show_draft();
  validate();
}

void TileEditorView::select_segment(int seg) {
  if (seg < -1 || seg >= static_cast<int>(draft_.segments.size())) return;
  seg_ = seg;
  updating_ = true;
  segments_->SetSelection(seg_ < 0 ? wxNOT_FOUND : seg_);
  updating_ = false;
  show_segment();
  validate();
}

void TileEditorView::show_draft() {
  updating_ = true;
  const bool have = tile_ >= 0;
  title_->SetLabel(have ? wxString::FromUTF8("Tile " + draft_.tile_set + "/" + draft_.id +
                                              (draft_.piece.empty() ? "" : "  (piece " + draft_.piece + ")"))
                        : wxString("No tile: pick one in Tile sets"));
  segments_->Clear();
  for (size_t i = 0; i < draft_.segments.size(); ++i)
    segments_->Append(wxString::FromUTF8(segment_label(draft_, i)));
  if (seg_ >= static_cast<int>(draft_.segments.size())) seg_ = static_cast<int>(draft_.segments.size()) - 1;
  if (seg_ >= 0) segments_->SetSelection(seg_);
  count_->SetValue(draft_.count);
  ghosts_->SetValue(draft_.symbols);
  reconstructed_->SetValue(draft_.reconstructed);
  if (note_->GetValue() != wxString::FromUTF8(draft_.note)) note_->ChangeValue(wxString::FromUTF8(draft_.note));
  for (wxWindow* w : std::initializer_list<wxWindow*>{segments_, add_seg_, count_, ghosts_, reconstructed_, note_})
    w->Enable(have);
  updating_ = false;
  show_segment();
}

void TileEditorView::show_segment() {
  updating_ = true;
  const bool have = seg_ >= 0 && seg_ < static_cast<int>(draft_.segments.size());
  for (wxWindow* w : std::initializer_list<wxWindow*>{terrain_, shields_, fogged_, touches_, del_seg_}) w->Enable(have);
  for (auto* b : ports_) b->Enable(have);
  if (have) {
    const tw::Segment& s = draft_.segments[static_cast<size_t>(seg_)];
    terrain_->SetSelection(s.terrain < terrain_->GetCount() ? s.terrain : wxNOT_FOUND);
    for (int p = 0; p < tw::kPortCount; ++p) ports_[static_cast<size_t>(p)]->SetValue((s.ports >> p) & 1);
    shields_->SetValue(s.shields);
    fogged_->SetValue(s.covered);
    std::string t;
    for (auto c : s.touches) t += (t.empty() ? "" : " ") + std::to_string(c);
    // Only when it differs: typing in it must not move the caret.
    if (touches_->GetValue() != wxString::FromUTF8(t)) touches_->ChangeValue(wxString::FromUTF8(t));
  } else {
    for (auto* b : ports_) b->SetValue(false);
    touches_->ChangeValue("");
  }
  preview_->highlight = seg_;
  preview_->Refresh();
  updating_ = false;
}

void TileEditorView::on_port(int port) {
  if (updating_ || seg_ < 0) return;
  auto& s = draft_.segments[static_cast<size_t>(seg_)];
  const uint16_t bit = static_cast<uint16_t>(1u << port);
  if (ports_[static_cast<size_t>(port)]->GetValue()) {
    // A port belongs to one terrain segment: take it from any other (fog is a layer of
    // its own and keeps its ports).
    if (s.kind != tw::kFog)
      for (auto& o : draft_.segments)
        if (&o != &s && o.kind != tw::kFog) o.ports = static_cast<uint16_t>(o.ports & ~bit);
    s.ports = static_cast<uint16_t>(s.ports | bit);
  } else {
    s.ports = static_cast<uint16_t>(s.ports & ~bit);
  }
  changed(std::string(ports_[static_cast<size_t>(port)]->GetValue() ? "Give" : "Take") + " port " +
          std::string(tw::kPortNames[static_cast<size_t>(port)]) + (ports_[static_cast<size_t>(port)]->GetValue() ? " to" : " from") +
          " segment " + std::to_string(seg_));
}

void TileEditorView::changed(const std::string& what, bool merge) {
  const std::string name = what + " (tile draft " + draft_.tile_set + "/" + draft_.id + ")";
  auto* last = dynamic_cast<DraftStep*>(draft_history_.GetCurrentCommand());
  const bool at_end = !draft_history_.CanRedo();
  if (merge && last && at_end && last->GetName() == wxString::FromUTF8(name)) {
    last->extend(draft_, seg_);  // typing on in the same field: one step
    apply_draft(draft_, seg_, true);
  } else {
    // Submit runs Do(), which shows the new state.
    draft_history_.Submit(new DraftStep(*this, name, recorded_, recorded_seg_, dirty_, draft_, seg_));
  }
  recorded_ = draft_;
  recorded_seg_ = seg_;
}

void TileEditorView::apply_draft(const tw::TileType& t, int seg, bool dirty) {
  draft_ = t;
  recorded_ = t;
  dirty_ = dirty;
  seg_ = std::min(seg, static_cast<int>(draft_.segments.size()) - 1);
  recorded_seg_ = seg_;
  show_draft();
  show_segment();
  validate();
}

void TileEditorView::start_history() {
  draft_history_.ClearCommands();
  recorded_ = draft_;
  recorded_seg_ = seg_;
}

wxWindow* TileEditorView::preview() const { return preview_; }
wxWindow* TileEditorView::problem_list() const { return problem_list_; }

void TileEditorView::validate() {
  problems_.clear();
  for (auto* m : {msg_terrain_, msg_ports_, msg_shields_, msg_touches_, msg_tile_}) m->SetLabel("");
  problem_list_->Clear();
  if (tile_ >= 0) {
    tw::TileType t = draft_;
    tw::finalize_tile(t, ctx_.content.terrains, problems_);
    if (problems_.empty()) {
      tw::Content c = ctx_.content;
      c.tiles[static_cast<size_t>(tile_)] = t;
      for (auto& e : tw::validate_content(c))
        if (e.row.rfind(draft_.tile_set + "/" + draft_.id, 0) == 0) problems_.push_back(e);
    }
  }
  for (const auto& e : problems_) {
    const std::string text = e.row + " " + e.column + (e.value.empty() ? "" : " '" + e.value + "'") + ": " + e.message;
    problem_list_->Append(wxString::FromUTF8(tw::escape_html(text, tw::HtmlFor::WxHtml)));
    const int s = error_segment(e);
    std::vector<wxStaticText*> where;
    if (s >= 0 && s == seg_) where.push_back(field_message(e.column));
    if (s >= 0 && s != seg_) where.push_back(msg_tile_);  // "segment 2: ..." under the tile
    if (s < 0) where.push_back(msg_tile_);
    // Tile-level problems with the edges come from ports: show them by the ports too.
    if (s < 0 && e.column == "segments" && seg_ >= 0) where.push_back(msg_ports_);
    for (wxStaticText* m : where) {
      if (!m) continue;
      const wxString old = m->GetLabel();
      const std::string msg = (s >= 0 && s != seg_ ? "segment " + std::to_string(s) + ": " : std::string()) + e.message;
      m->SetLabel((old.empty() ? wxString() : old + "\n") + wxString::FromUTF8(msg));
    }
  }
  // Wrapped to the width they have (their size is fixed: see build()).
  for (auto* m : {msg_terrain_, msg_ports_, msg_shields_, msg_touches_, msg_tile_})
    m->Wrap(std::max(100, m->GetSize().x));
  // A draft changed back by hand to what is stored has nothing to save.
  if (dirty_ && tile_ >= 0 && same_tile(draft_, ctx_.content.tiles[static_cast<size_t>(tile_)])) dirty_ = false;
  save_btn_->Enable(tile_ >= 0 && dirty_ && problems_.empty());
  save_as_btn_->Enable(tile_ >= 0 && problems_.empty());
  revert_btn_->Enable(tile_ >= 0 && dirty_);
  preview_->Refresh();
}

bool TileEditorView::save() {
  if (tile_ < 0 || !problems_.empty() || !ctx_.commands) return false;
  const tw::TileType before = ctx_.content.tiles[static_cast<size_t>(tile_)];
  tw::TileType after = draft_;
  dirty_ = false;  // the reload after the write shows the saved tile
  if (!ctx_.commands->Submit(new SaveTileCommand(ctx_, before, after))) {
    dirty_ = true;
    draft_ = after;
    show_draft();
    validate();
    const std::string& err = last_edit_error();
    msg_tile_->SetLabel(wxString::FromUTF8(err));
    return false;
  }
  return true;
}

bool TileEditorView::save_as(const std::string& new_id) {
  if (tile_ < 0 || !problems_.empty() || !ctx_.commands) return false;
  tw::TileType t = draft_;
  t.id = new_id;
  t.piece.clear();  // a copy of a start piece's cell is a tile of its own
  t.piece_x = t.piece_y = 0;
  if (t.count < 1) t.count = 1;
  // A new tile type designed here: the source's note (its provenance) is not its own, and
  // it is designed by us, unless the draft changed them.
  const tw::TileType& source = ctx_.content.tiles[static_cast<size_t>(tile_)];
  if (t.note == source.note) t.note.clear();
  if (t.reconstructed == source.reconstructed) t.reconstructed = true;
  if (!ctx_.commands->Submit(new AddTileCommand(ctx_, t))) {
    msg_tile_->SetLabel(wxString::FromUTF8(last_edit_error()));
    return false;
  }
  const int idx = ctx_.content.find_tile(t.tile_set, t.id);
  if (idx >= 0) load_tile(idx);
  return idx >= 0;
}

void TileEditorView::revert() {
  if (tile_ < 0) return;
  load_tile(tile_);
}

}  // namespace twe
