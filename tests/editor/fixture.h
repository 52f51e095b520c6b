// Editor test fixture: wx is initialised once per process (a GTK app: run the tests
// under a display, e.g. xvfb-run; ctest does it through run_ui_test.sh), each fixture
// works on its own temporary copy of the bundled default.db and its own settings file,
// so tests never touch the user's database or wxConfig.
//
//   TEST_CASE_METHOD(twe::test::FrameFixture, "...") { frame->...; pump(); }
//
// Helpers: pump() runs pending events and idle handlers; screenshot(window, name) saves
// the window as TW_SCREENSHOT_DIR/name.png (read back from the X server with
// ImageMagick's import, installed by .ci/install-deps).
#pragma once

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>

#include <unistd.h>

#include <wx/app.h>
#include <wx/bitmap.h>
#include <wx/button.h>
#include <wx/checkbox.h>
#include <wx/choice.h>
#include <wx/spinctrl.h>
#include <wx/timer.h>
#include <wx/dcmemory.h>
#include <wx/dcscreen.h>
#include <wx/evtloop.h>
#include <wx/fileconf.h>
#include <wx/image.h>
#include <wx/init.h>
#include <wx/utils.h>

#include "main_frame.h"

#ifndef TW_SCREENSHOT_DIR
#define TW_SCREENSHOT_DIR "screenshots"
#endif

namespace twe::test {

class TestApp : public wxApp {
 public:
  bool OnInit() override { return true; }
};

// Initialises wx once for the whole test process; throws when there is no display.
// wx is shut down again (wxEntryCleanup) when the process exits.
inline void ensure_wx() {
  struct Session {
    bool ok = false;
    wxGUIEventLoop* loop = nullptr;
    Session() {
      wxApp::SetInstance(new TestApp);
      static int argc = 1;
      static char arg0[] = "tw_tests_editor";
      static char* argv[] = {arg0, nullptr};
      if (!wxEntryStart(argc, argv)) return;
      wxTheApp->CallOnInit();
      wxInitAllImageHandlers();
      // An active event loop, so wxYield and CallAfter work outside MainLoop().
      loop = new wxGUIEventLoop;
      wxEventLoopBase::SetActive(loop);
      ok = true;
    }
    ~Session() {
      if (!ok) return;
      wxTheApp->ProcessPendingEvents();
      wxTheApp->ProcessIdle();  // deletes destroyed frames
      wxEventLoopBase::SetActive(nullptr);
      delete loop;
      wxEntryCleanup();
    }
  };
  static Session session;
  if (!session.ok) throw std::runtime_error("wxWidgets could not start (no DISPLAY? run under xvfb-run)");
}

// Runs pending events, idle handlers and delayed deletions a few times.
inline void pump(int rounds = 4) {
  for (int i = 0; i < rounds; ++i) {
    wxTheApp->ProcessPendingEvents();
    if (wxEventLoopBase* l = wxEventLoopBase::GetActive()) l->YieldFor(wxEVT_CATEGORY_ALL);
    wxTheApp->ProcessIdle();
  }
}

// Waits (pumping events) until pred() holds or timeout_ms passes; returns pred().
template <class Pred>
bool pump_until(Pred pred, int timeout_ms = 60000) {
  for (int waited = 0; waited < timeout_ms; waited += 10) {
    if (pred()) return true;
    pump(1);
    wxMilliSleep(10);
  }
  return pred();
}

// Direct events, as a user's click or edit produces them (deterministic, no pointer).
inline void click(wxButton* b) {
  wxCommandEvent e(wxEVT_BUTTON, b->GetId());
  e.SetEventObject(b);
  b->ProcessWindowEvent(e);
}
inline void set_check(wxCheckBox* c, bool on) {
  c->SetValue(on);
  wxCommandEvent e(wxEVT_CHECKBOX, c->GetId());
  e.SetEventObject(c);
  e.SetInt(on ? 1 : 0);
  c->ProcessWindowEvent(e);
}
inline void set_spin(wxSpinCtrl* s, int v) {
  s->SetValue(v);
  wxSpinEvent e(wxEVT_SPINCTRL, s->GetId());
  e.SetEventObject(s);
  e.SetPosition(v);
  s->ProcessWindowEvent(e);
}
inline void set_choice(wxChoice* c, int i) {
  c->SetSelection(i);
  wxCommandEvent e(wxEVT_CHOICE, c->GetId());
  e.SetEventObject(c);
  e.SetInt(i);
  c->ProcessWindowEvent(e);
}
inline void menu(wxFrame* f, int id) {
  wxCommandEvent e(wxEVT_MENU, id);
  e.SetEventObject(f);
  f->ProcessWindowEvent(e);
}

// A fresh copy of the bundled default.db in the temp directory.
inline std::string temp_db_copy(const std::string& tag = "db") {
  static std::atomic<int> counter{0};
  namespace fs = std::filesystem;
  const fs::path p = fs::temp_directory_path() /
                     ("tw_editor_test_" + std::to_string(::getpid()) + "_" + tag + "_" +
                      std::to_string(counter++) + ".db");
  fs::remove(p);
  fs::copy_file(TW_TEST_DB, p);
  return p.string();
}

inline void remove_db(const std::string& path) {
  std::error_code ec;
  for (const char* suffix : {"", "-wal", "-shm", "-journal"})
    std::filesystem::remove(path + suffix, ec);
}

// Runs a real (nested) event loop for ms milliseconds.
inline void run_loop_for(int ms) {
  wxGUIEventLoop loop;
  wxTimer timer;
  timer.Bind(wxEVT_TIMER, [&loop](wxTimerEvent&) { loop.Exit(); });
  timer.StartOnce(ms);
  loop.Run();
  wxEventLoopBase::SetActive(wxEventLoopBase::GetActive());
}

// Saves what `w` shows on screen (read back from the X server) as <dir>/<name>.png.
inline bool screenshot(wxWindow* w, const std::string& name) {
  // GTK paints on its frame clock, which only a running main loop drives: run one for a
  // moment so the last changes reach the screen.
  w->Refresh();
  run_loop_for(300);
  const wxRect r = w->GetScreenRect();
  if (r.width <= 0 || r.height <= 0) return false;
  std::filesystem::create_directories(TW_SCREENSHOT_DIR);
  // Read back from the X server with ImageMagick's import (wxScreenDC caches its first
  // picture on GTK 3, so it cannot take a second screenshot).
  const std::string file = std::string(TW_SCREENSHOT_DIR) + "/" + name + ".png";
  const std::string cmd = "import -window root -crop " + std::to_string(r.width) + "x" + std::to_string(r.height) +
                          "+" + std::to_string(r.x) + "+" + std::to_string(r.y) + " +repage '" + file +
                          "' 2>/dev/null";
  return std::system(cmd.c_str()) == 0;
}

// A MainFrame (1280x800, shown) on a temporary copy of default.db with its own settings.
struct FrameFixture {
  std::string db_path;
  std::string config_path;
  std::unique_ptr<wxFileConfig> config;
  MainFrame* frame = nullptr;

  FrameFixture() {
    ensure_wx();
    db_path = temp_db_copy("frame");
    config_path = db_path + ".ini";
    config = std::make_unique<wxFileConfig>("tilewright-test", "", config_path, "",
                                            wxCONFIG_USE_LOCAL_FILE);
    frame = new MainFrame(db_path, config.get());
    frame->SetSize(1280, 800);
    frame->Show();
    pump();
  }
  ~FrameFixture() {
    if (frame) frame->Destroy();
    pump();
    config.reset();
    remove_db(db_path);
    std::error_code ec;
    std::filesystem::remove(config_path, ec);
  }
  FrameFixture(const FrameFixture&) = delete;
  FrameFixture& operator=(const FrameFixture&) = delete;
  EditorContext& ctx() { return frame->context(); }
};

}  // namespace twe::test
