// ScenarioModel: a starting position built move by move, without a window. The designer
// picks the rule set, seats and seed, then places chosen tiles (each becomes the next
// entry of the record's Draw tag, so the engine draws exactly that tile) and answers the
// other decisions (followers, ghosts, ...). The result is a game record (TGN) whose Draw
// tag and decisions reproduce the position; the rest of the pile is shuffled from the
// seed, so "play from here" goes on from it.
//
// Invariants: game() is setup() with draw() as the Draw prefix plus, while a tile is to
// be placed, the selected tile, after decisions() applied; every decision is legal and
// canonical; draw() holds exactly the tiles of the `place` decisions, in order. The
// decisions are kept as options and replayed as such; their text is made once, for the
// record.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/game.h"
#include "engine/tgn.h"
#include "replay/tree.h"

namespace twe {

class ScenarioModel {
 public:
  explicit ScenarioModel(const tw::Content& content) : content_(&content) {}

  // Sets rule set, seats and seed and clears the position. "" or the problem.
  std::string reset(const std::string& rule_set, const std::string& players, uint64_t seed);
  // The tile the next placement uses (a tile id of the rule set's pool). "" or why not.
  std::string select_tile(const std::string& id);
  const std::string& selected() const { return selected_; }
  // The pool's tile type with this notation id (nullptr when the pool has none).
  const tw::TileType* pool_tile(const std::string& id) const;

  const tw::Game& game() const { return game_; }
  bool ok() const { return ok_; }
  const std::string& problem() const { return problem_; }
  const tw::GameSetup& setup() const { return setup_; }
  const std::vector<std::string>& draw() const { return draw_; }
  const std::vector<std::string>& decisions() const { return decisions_; }

  // Applies an option of the pending decision (a placement of the selected tile, or any
  // other option). "" or why it is not legal.
  std::string apply(const tw::Option& option);
  // Applies the pending option whose canonical text this is (tests: looked up among the
  // options, never read as a decision). "" or why not.
  std::string apply(const std::string& option_text);
  // Takes the last decision back (with its Draw entry for a placement).
  bool undo();

  // Copies of a pool tile still in the pile (the pool's count less the Draw entries).
  int copies_left(const std::string& id) const;
  // The setup to play on from the position: seats, seed and the Draw prefix.
  tw::GameSetup play_setup() const;
  tw::tgn::Record to_record() const;
  // The position as a replay (the decisions so far as its main line). "" or the problem.
  std::string to_replay(tw::replay::Replay& out) const;

 private:
  void rebuild();

  const tw::Content* content_;
  tw::GameSetup setup_;
  std::string players_text_;
  std::vector<std::string> draw_;
  std::vector<std::string> decisions_;  // the canonical text of moves_, for records and play
  std::vector<tw::Option> moves_;       // the decisions, as the engine's options
  std::string selected_;
  tw::Game game_;
  bool ok_ = false;
  std::string problem_;
};

}  // namespace twe
