// Player: steps through a recorded line of play in either direction and seeks to any
// ply quickly, for the replay viewer and `tilewright replay show`.
//
// `open` replays the line once, keeping a copy of the Game every `interval` plies (Game
// copies are cheap) and the Option of every ply. `seek(n)` then starts from the nearest
// snapshot at or before n (or from the current state when that is closer) and applies
// at most interval - 1 options, so any ply of a long game is reached in well under a
// millisecond.
//
// Invariants: game().ply() == ply() at every moment, and the state at ply n equals the
// state reached by applying the line's first n decisions to a new game. The Content the
// player was opened with must outlive it (every Game points to it).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/content.h"
#include "engine/game.h"
#include "replay/log.h"

namespace tw::replay {

class Player {
 public:
  static constexpr int kDefaultInterval = 8;

  // Replays `decisions` from the setup. "" on success, else the problem (setup refused,
  // or the first illegal decision, named by ply); `out` is then unusable.
  static std::string open(const Content& content, const GameSetup& setup,
                          const std::vector<std::string>& decisions, Player& out,
                          int interval = kDefaultInterval);
  static std::string open(const Content& content, const GameLog& log, Player& out,
                          int interval = kDefaultInterval);

  int plies() const { return static_cast<int>(options_.size()); }
  int ply() const { return current_.ply(); }
  const Game& game() const { return current_; }

  // Moves to ply n, clamped to 0..plies().
  void seek(int n);
  bool forward();   // one ply on; false at the end
  bool backward();  // one ply back; false at the start

 private:
  int interval_ = kDefaultInterval;
  std::vector<Game> snapshots_;  // snapshots_[k]: the state at ply k * interval_
  std::vector<Option> options_;  // options_[i]: ply i + 1
  Game current_;
};

}  // namespace tw::replay
