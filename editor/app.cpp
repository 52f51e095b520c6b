// tilewright-editor [DB]: the wxWidgets editor. Without DB it opens the database every
// Tilewright command uses (schema/paths.h: $TILEWRIGHT_DB, else the user's own database,
// created as a copy of the bundled default.db); with DB it opens that file.
#include <wx/app.h>
#include <wx/cmdline.h>
#include <wx/config.h>
#include <wx/image.h>
#include <wx/msgdlg.h>

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
      wxMessageBox(wxString::FromUTF8(e.what()), "Tilewright: no database", wxOK | wxICON_ERROR);
    }
    auto* frame = new twe::MainFrame(path);
    if (!path.empty() && frame->context().db_path.empty())
      wxMessageBox(wxString::FromUTF8(frame->last_error()), "Tilewright: cannot open the database",
                   wxOK | wxICON_ERROR, frame);
    frame->Show();
    return true;
  }

  void OnInitCmdLine(wxCmdLineParser& parser) override {
    wxApp::OnInitCmdLine(parser);
    parser.AddParam("DB", wxCMD_LINE_VAL_STRING, wxCMD_LINE_PARAM_OPTIONAL);
  }
  bool OnCmdLineParsed(wxCmdLineParser& parser) override {
    if (parser.GetParamCount() > 0) db_arg_ = parser.GetParam(0).utf8_string();
    return wxApp::OnCmdLineParsed(parser);
  }

 private:
  std::optional<std::string> db_arg_;
};

}  // namespace

wxIMPLEMENT_APP(EditorApp);
