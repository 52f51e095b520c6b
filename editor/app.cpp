// tilewright-editor [DB]: the wxWidgets editor. Without DB it opens the database every
// Tilewright command uses (schema/paths.h: $TILEWRIGHT_DB, else the user's own database,
// created as a copy of the bundled default.db); with DB it opens that file.
// tilewright-editor --check [DB] opens the database as above and builds the main window
// without showing it, prints what it opened (or why it could not) and exits: 0 when the
// database opened, 3 when not (as the CLI's exit code for a database that cannot be
// used). It still needs a display (xvfb-run when there is none); the test of the
// installed layout uses it (tests/install/installed_layout.sh).
#include <wx/app.h>
#include <wx/cmdline.h>
#include <wx/config.h>
#include <wx/image.h>
#include <wx/msgdlg.h>

#include <cstdio>
#include <exception>
#include <optional>
#include <string>

#include "main_frame.h"
#include "schema/paths.h"

namespace {

class EditorApp : public wxApp {
 public:
  bool OnInit() override {
    SetAppName("tilewright-editor");
    SetVendorName("Tilewright");
    if (!wxApp::OnInit()) return false;  // parses the command line below
    wxInitAllImageHandlers();
    std::string path;
    try {
      path = tw::resolve_db_path(db_arg_);
    } catch (const std::exception& e) {
      if (check_) {
        std::fprintf(stderr, "tilewright-editor: %s\n", e.what());
        check_status_ = 3;
        return true;
      }
      wxMessageBox(wxString::FromUTF8(e.what()), "Tilewright: no database", wxOK | wxICON_ERROR);
    }
    auto* frame = new twe::MainFrame(path);
    if (check_) {
      const auto& ctx = frame->context();
      if (ctx.db_path.empty()) {
        std::fprintf(stderr, "tilewright-editor: %s\n", frame->last_error().c_str());
        check_status_ = 3;
      } else {
        std::printf("tilewright-editor: opened %s (%zu tile types, %zu rule sets)\n",
                    ctx.db_path.c_str(), ctx.content.tiles.size(), ctx.content.rule_sets.size());
        check_status_ = 0;
      }
      frame->Destroy();
      return true;
    }
    if (!path.empty() && frame->context().db_path.empty())
      wxMessageBox(wxString::FromUTF8(frame->last_error()), "Tilewright: cannot open the database",
                   wxOK | wxICON_ERROR, frame);
    frame->Show();
    return true;
  }

  // --check: no main loop; the exit status says whether the database opened.
  int OnRun() override { return check_ ? check_status_ : wxApp::OnRun(); }

  void OnInitCmdLine(wxCmdLineParser& parser) override {
    wxApp::OnInitCmdLine(parser);
    parser.AddSwitch("", "check", "open the database, say what was opened, and exit (0: opened, 3: not)");
    parser.AddParam("DB", wxCMD_LINE_VAL_STRING, wxCMD_LINE_PARAM_OPTIONAL);
  }
  bool OnCmdLineParsed(wxCmdLineParser& parser) override {
    if (parser.GetParamCount() > 0) db_arg_ = parser.GetParam(0).utf8_string();
    check_ = parser.Found("check");
    return wxApp::OnCmdLineParsed(parser);
  }

 private:
  std::optional<std::string> db_arg_;
  bool check_ = false;
  int check_status_ = 3;
};

}  // namespace

// The macro also defines wxGetApp(), which nothing here calls: with EditorApp in the
// anonymous namespace it is a function of this file only, and clang's -Wunused-function
// (an error under -Werror) names it.
#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wunused-function"
#endif
wxIMPLEMENT_APP(EditorApp);
#if defined(__clang__)
#pragma clang diagnostic pop
#endif
