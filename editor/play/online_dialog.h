// The dialogs of online play (Play > Host online game…, Join online game…, Watch online
// game…): the server's address (ws://127.0.0.1:8765/ unless changed; the last one used is
// remembered), and for a host the game (a rule set or a co-op level) and up to six seats
// (you, an invited player, a bot on the server at a strength, or empty); for a join the
// room code, a seat (or the first free one) and, to come back to a seat, its token; for a
// watch the room code.
#pragma once

#include <string>
#include <vector>

#include <wx/dialog.h>

#include "engine/content.h"
#include "play/online_session.h"

class wxChoice;
class wxTextCtrl;

namespace twe {

class OnlineDialog : public wxDialog {
 public:
  enum class Kind { Host, Join, Watch };
  static constexpr const char* kDefaultUrl = "ws://127.0.0.1:8765/";
  OnlineDialog(wxWindow* parent, Kind kind, const tw::Content& content, const std::string& url,
               const std::string& name, const std::string& room = {}, const std::string& token = {});

  std::string url() const;
  std::string name() const;
  std::string room() const;   // upper case, spaces taken out
  std::string token() const;  // Join: "" unless coming back to a seat
  int seat() const;           // Join: -1 the first free one
  HostSpec spec() const;      // Host
  // "" or what is missing or wrong (the dialog stays open while it is not "").
  std::string problem() const;

  // The seat choices of a host, in order: a label and the bot it seats.
  struct SeatChoice {
    const char* label;
    const char* bot;  // "" for you / invited / empty
  };
  static const std::vector<SeatChoice>& seat_choices();
  static constexpr int kYou = 0, kInvited = 1, kEmpty = 2;

  // Host: the game and the seats as chosen (for the settings), and put back.
  std::string host_settings() const;
  void restore_host_settings(const std::string& text);
  // Host: seat `seat`'s choice as an index of seat_choices() (the list offers only the
  // bots that play the chosen game), and setting it (false when not offered).
  int choice_of(size_t seat) const;
  void set_choice_of(size_t seat, int choice);
  bool bot_fits(int choice) const;

  wxChoice* game_choice() { return game_; }
  wxChoice* seat_kind(size_t i) { return kinds_[i]; }
  wxTextCtrl* seat_name(size_t i) { return names_[i]; }
  wxTextCtrl* url_field() { return url_; }
  wxTextCtrl* room_field() { return room_; }

 private:
  Kind kind_;
  wxTextCtrl* url_ = nullptr;
  wxTextCtrl* name_ = nullptr;
  wxTextCtrl* room_ = nullptr;
  wxTextCtrl* token_ = nullptr;
  wxChoice* seat_ = nullptr;
  wxChoice* game_ = nullptr;
  std::vector<std::pair<std::string, std::string>> games_;  // (rule set, level)
  std::vector<wxChoice*> kinds_;
  std::vector<std::vector<int>> offered_;  // per seat: the seat_choices() its list offers
  void fit_bots();
  std::vector<wxTextCtrl*> names_;
};

}  // namespace twe
