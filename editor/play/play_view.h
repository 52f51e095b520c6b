// PlayView: humans and bots at one table. A new-game dialog picks the rule set, the
// seats (human, bot:greedy, bot:random) and the seed; the board highlights the legal
// positions of the drawn tile; clicks, keys and the option list choose among the
// pending decision's options; bots move on a timer so the UI never blocks; a finished
// game is stored as a replay.
//
// Keys (board focused): R / Shift+R turn the drawn tile, Shift+wheel too, P passes,
// wheel and + / - zoom, F fits, drag pans.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <wx/panel.h>
#include <wx/timer.h>

#include "context.h"
#include "play/play_session.h"

class wxButton;
class wxListBox;
class wxStaticText;

namespace twe {

class BoardCanvas;
class TilePreview;

class PlayView : public wxPanel {
 public:
  PlayView(wxWindow* parent, EditorContext& ctx);
  ~PlayView() override;

  // Starts a game (after `prefix`, a scenario's opening decisions). "" or the problem.
  std::string start_game(const tw::GameSetup& setup, const std::vector<std::string>& prefix = {});
  // Asks for a new game with the dialog.
  void new_game();
  // Chooses an option as a click or the list would ("" or why not).
  std::string choose(const std::string& option_text);

  PlaySession* session() { return session_.get(); }
  BoardCanvas* board() { return board_; }
  // The replay id the last finished game was stored as (0: none yet).
  int64_t saved_replay() const { return saved_replay_; }
  // Milliseconds a bot waits before it moves (tests use 1).
  void set_bot_delay(int ms) { bot_delay_ = ms; }

 private:
  void update();
  void schedule_bot();
  void on_bot_timer(wxTimerEvent&);
  void on_cell(int x, int y);
  void on_spot(int spot);
  bool on_key(wxKeyEvent& e);
  void finish();
  void content_changed();

  EditorContext& ctx_;
  std::unique_ptr<PlaySession> session_;
  tw::GameSetup last_setup_;
  BoardCanvas* board_ = nullptr;
  TilePreview* preview_ = nullptr;
  wxStaticText* status_ = nullptr;
  wxStaticText* scores_ = nullptr;
  wxListBox* options_ = nullptr;
  wxListBox* log_ = nullptr;
  wxButton* pass_ = nullptr;
  wxTimer bot_timer_;
  int bot_delay_ = 400;
  int64_t saved_replay_ = 0;
  bool saved_ = false;
};

}  // namespace twe
