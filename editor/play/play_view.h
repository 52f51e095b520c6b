// PlayView: humans and bots at one table. A new-game dialog picks the rule set, the
// seats (human, bot:greedy, bot:random) and the seed; the board highlights the legal
// positions of the drawn tile; clicks, keys and the option list choose among the
// pending decision's options; bots move on a timer and think on a worker thread (on
// copies of the game and the content), so the UI never blocks, even on a search bot's
// second; a finished game is stored as a replay.
//
// The game in progress is a document of its own: every human decision is a step of the
// view's own undo history (Edit > Undo takes it back with the bots' replies after it;
// Take back does the same, Take back to ply... goes to any ply), saved after every
// decision in the settings (wxConfig, "/play/...") and resumed when the editor opens the
// same database again. Replacing an unfinished game (New game, a scenario's Play from
// here) asks first and can keep it as a replay.
//
// Keys (board focused): R / Shift+R turn the drawn tile, Shift+wheel too, P passes,
// wheel and + / - zoom, F fits, drag pans.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <wx/panel.h>
#include <wx/timer.h>

#include "context.h"
#include "play/online_scene.h"
#include "play/online_session.h"
#include "play/play_session.h"

class wxButton;
class wxCommandProcessor;
class wxListBox;
class wxStaticText;
class wxTextCtrl;

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
  // The next New game dialog offers this rule set or level (Levels' "Play this level").
  void prepare_game(const std::string& rule_set, const std::string& level);
  // Chooses an option of the pending decision, as a click or the list does ("" or why not).
  std::string choose(const tw::Option& option);
  // Chooses the listed option whose canonical text this is (tests and scripts: the text
  // is looked up among the options listed, never read as a decision). "" or why not.
  std::string choose(const std::string& option_text);
  // Before an unfinished game is replaced: asks (through `ask`) whether to keep it as a
  // replay, discard it, or keep playing. True when it may be replaced (kept or discarded).
  bool confirm_replace();
  // Answers the question confirm_replace asks: wxID_YES keep it as a replay, wxID_NO
  // discard it, wxID_CANCEL keep playing. Default: a message box.
  std::function<int(const wxString& question)> ask;

  // Take-backs: one step (the last human decision and the bots' replies after it), or
  // back to any ply; each one step of the view's undo history. "" or why not.
  std::string take_back();
  std::string take_back_to(int ply);
  // The play document's own undo history (human decisions and take-backs).
  wxCommandProcessor& history() { return *history_; }
  // Undoes a decision or redoes it (used by the history's commands). "" or why not.
  std::string rewind_to(int ply);
  std::string replay_decision(int ply, const tw::Option& option);
  // The same with the decision's text (the resumed game's history keeps texts).
  std::string replay_decision_text(int ply, const std::string& text);
  // Puts a whole earlier game back (the undo of a take-back to a ply): its decisions
  // played again, the bots' generator as it was. "" or why not.
  std::string restore_game(const tw::GameSetup& setup, const std::vector<std::string>& decisions,
                           const std::vector<uint64_t>& draws);

  // The game in progress as saved in the settings; resume_saved() starts it again when it
  // was played on the open database. True when a game was resumed.
  bool resume_saved();
  void save_progress();

  PlaySession* session() { return session_.get(); }
  // Whose turn, what is asked and why (the status line beside the board).
  wxString status_text() const;
  wxButton* pass_button() { return pass_; }
  // Hint: what the search bot (kHintBot, a medium budget) would choose for the human to
  // move, seeded by the position so the same position gets the same hint. It thinks on a
  // worker thread like the bots (the button reads "Thinking…" meanwhile); when it is done
  // it is drawn on the board (a ghost of the tile, a ring on the follower's segment:
  // BoardOverlay::hint), selected in the list (double-click or Enter plays it) and named
  // in the status bar. A hint that arrives after the position changed is dropped.
  // request_hint() returns "" when the hint is on its way, else why not.
  static constexpr const char* kHintBot = "mcts:200";
  // The smallest cell (pixels) a follower step's rings are shown at: below it the board
  // zooms in on them (their layout keeps them apart from 48 px up).
  static constexpr double kRingCell = 64;
  std::string request_hint();
  bool hint_thinking() const { return hint_thinking_; }
  // The last hint shown (the option's text; "" before the first).
  const std::string& last_hint() const { return last_hint_; }
  wxButton* hint_button() { return hint_; }
  wxString selected_option() const;
  const tw::GameSetup& last_setup() const { return last_setup_; }
  wxTextCtrl* event_log() { return log_; }
  BoardCanvas* board() { return board_; }
  // The replay id the last finished game was stored as (0: none yet).
  int64_t saved_replay() const { return saved_replay_; }
  // Milliseconds a bot waits before it moves (tests use 1).
  void set_bot_delay(int ms) { bot_delay_ = ms; }
  // A bot is deciding on the worker thread.
  bool bot_thinking() const { return thinking_; }

  // --- Online play (Play > Host online game…, Join…, Watch…; docs/protocol.md) ---
  // The board, the option list, Pass and R work as in hotseat, on the game the server
  // sends (OnlineSession: a worker thread talks to the server, its messages come to the
  // GUI thread by CallAfter); a choice goes to the server as the option's text, and the
  // board follows the server's states. The status line and the frame's status bar say
  // the room, who is connected and whose turn it is; a dropped connection is shown and
  // the view comes back to its seat with the seat's token (automatically a few times,
  // then with Rejoin). Each starts a session ("" or why not); the dialogs ask first.
  std::string host_online(const std::string& url, const std::string& name, const HostSpec& spec);
  std::string join_online(const std::string& url, const std::string& name, const std::string& room, int seat = -1,
                          const std::string& token = {});
  std::string watch_online(const std::string& url, const std::string& room);
  void host_online_dialog();
  void join_online_dialog();
  void watch_online_dialog();
  // Connects again and resumes the seat (its token is kept for the editor's session).
  std::string rejoin_online();
  // Leaves the online game (the seat stays on the server: Rejoin comes back to it).
  void leave_online();
  // Drops the connection as a network fault would (tests): the view reconnects.
  void drop_online_connection();
  // The online session (null when not online).
  OnlineSession* online() { return online_.get(); }
  bool is_online() const { return online_ != nullptr; }
  // Chooses the listed option with this text for this seat (a click, the list, Pass do).
  std::string choose_online(const std::string& option_text);
  // A click on cell x,y of the online board: the drawn tile there (in the rotation shown,
  // or the next one listed there). "" or why nothing was sent.
  std::string click_online(int x, int y);
  // The invitation shown beside the board (room code, server, a command per free seat).
  wxString invite_text() const;
  // How many times the view reconnected after a drop.
  int reconnects() const { return reconnects_; }

 private:
  // Chooses the first option of this kind (the Pass button, the P key).
  std::string choose_kind(tw::OptKind kind);
  void update();
  void schedule_bot();
  // Stops the bots: the timer, and a decision being thought is dropped when it arrives.
  void stop_bots();
  void on_bot_timer(wxTimerEvent&);
  void bot_decided(uint64_t generation, PlaySession::BotChoice c);
  void hint_ready(PlaySession::BotChoice c);
  void on_cell(int x, int y);
  void on_spot(int spot);
  bool on_key(wxKeyEvent& e);
  void finish();
  void content_changed();
  void clear_progress();
  // Ends the local game without storing it (after confirm_replace kept or discarded it).
  void drop_game();
  // The history of a resumed game: each human decision, undoable.
  void history_of_decisions();
  void follow_board();
  // A message in the status bar; an error (error = true) is cleared by the next decision.
  void show_status(const std::string& text, bool error);
  void clear_error();
  // Clears this view's last message from the status bar (when it still shows it): the
  // next decision answers a take-back's line, a hint, a refusal.
  void clear_status();
 public:
  // Why a click on cell x,y chooses nothing ("does not fit here: ...").
  std::string why_not_here(int x, int y) const;
  // What a take-back to `ply` takes back, named by its movers: "Took back Ann's move
  // (place M05 1,0 r90, back to ply 6): Ann to move".
  std::string taken_back_text(int ply) const;
  // The last take-back's text ("" before the first).
  const std::string& last_take_back() const { return last_take_back_; }

 private:

  EditorContext& ctx_;
  std::unique_ptr<PlaySession> session_;
  tw::GameSetup last_setup_;
  BoardCanvas* board_ = nullptr;
  TilePreview* preview_ = nullptr;
  wxStaticText* status_ = nullptr;
  wxStaticText* scores_ = nullptr;
  wxListBox* options_ = nullptr;
  wxTextCtrl* log_ = nullptr;
  size_t log_lines_ = 0;
  wxButton* pass_ = nullptr;
  wxButton* hint_ = nullptr;
  wxButton* take_back_ = nullptr;
  wxButton* take_back_to_ = nullptr;
  std::unique_ptr<wxCommandProcessor> history_;
  int followed_tile_ = -1;
  wxTimer bot_timer_;
  int bot_delay_ = 400;
  std::thread bot_worker_;       // at most one decision thought at a time
  bool thinking_ = false;        // bot_worker_ runs (or its result is on its way)
  uint64_t bot_generation_ = 0;  // bumped by stop_bots(): a result of an older one is dropped
  std::thread hint_worker_;      // at most one hint thought at a time
  bool hint_thinking_ = false;
  std::string last_hint_;
  std::optional<tw::Option> hint_option_;  // the hint drawn on the board ...
  uint64_t hint_position_ = 0;             // ... while the game is at this position
  bool status_error_ = false;
  std::string status_shown_;                // this view's last message in the status bar
  std::string last_take_back_;              // the status bar shows an error of this view
  int64_t saved_replay_ = 0;
  bool saved_ = false;

  // Online play.
  void start_online();
  void online_message(OnlineSession::Incoming in);
  void online_message_checked(OnlineSession::Incoming in);
  void update_online();
  void on_reconnect_timer(wxTimerEvent&);
  void remember_online();
  std::unique_ptr<OnlineSession> online_;
  OptionWriter writer_;
  ViewPlacements placements_;
  int online_tile_ = -1;  // the drawn tile (content index) of the view's pending placement
  int online_rot_ = 0;
  std::string online_status_;  // the last line sent to the status bar
  std::string online_error_;   // the last refusal shown
  bool online_fitted_ = false;
  int online_tiles_seen_ = 0;
  size_t online_log_ply_ = 0;
  int online_prev_tiles_ = -1, online_prev_followers_ = -1, online_prev_seat_ = -1;  // the last state logged
  bool online_over_logged_ = false;
  wxTimer reconnect_timer_;
  int reconnect_tries_ = 0;
  int reconnects_ = 0;
  bool user_left_ = false;
  wxButton* rejoin_ = nullptr;
  wxButton* leave_ = nullptr;
  wxButton* copy_invite_ = nullptr;
  wxTextCtrl* invite_ = nullptr;
  wxStaticText* online_label_ = nullptr;
  // Guards CallAfter from the worker against a view already gone.
  std::shared_ptr<std::atomic<bool>> alive_ = std::make_shared<std::atomic<bool>>(true);
};

}  // namespace twe
