// ReplayDoc: one replay open for review, without a window: its tree (replay/tree.h), the
// position being looked at, navigation over the main line and the variations, the game
// state at any node, and the edits (annotations, new variations) as undoable wxCommands
// that save the whole replay through ReplayStore::save, one transaction each.
//
// Positions are node paths; ply 0 (NodePath{0, {}}) is the start, before any decision.
// The *current line* runs from the start through the current node to the end of the line
// the node lies on (a variation's line continues with its own nodes, then stops).
//
// Invariants: position() is the start or a node of the replay; game() is the state
// after the node at position(), i.e. the line's decisions up to it applied to a new game;
// every edit leaves the tree valid (tree.h's edits check it) and, when a store is set, the
// database holding the same replay.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <wx/cmdproc.h>

#include "engine/game.h"
#include "replay/player.h"
#include "replay/tree.h"
#include "schema/store.h"

namespace twe {

using tw::replay::NodePath;

inline bool is_start(const NodePath& p) { return p.ply == 0; }

// Navigation over a tree, as pure functions (nullopt: there is no such node).
std::optional<NodePath> next_node(const tw::replay::Replay& r, const NodePath& p);
std::optional<NodePath> prev_node(const tw::replay::Replay& r, const NodePath& p);
// The node and its alternatives: the node a variation replaces, then each variation's
// first node (empty at the start).
std::vector<NodePath> alternatives(const tw::replay::Replay& r, const NodePath& p);
// Start, then every node of the line through p to its end.
std::vector<NodePath> line_through(const tw::replay::Replay& r, const NodePath& p);

struct LinePoint {
  NodePath path;
  std::vector<int64_t> scores;  // per seat after the node (co-op: per score marker)
  bool scoring = false;         // the node's step scored points
  bool comment = false;         // the node has a comment
};

class ReplayDoc : public std::enable_shared_from_this<ReplayDoc> {
 public:
  // Opens a replay; "" or the problem (its line does not replay on this content).
  static std::string open(const tw::Content& content, tw::replay::Replay replay, std::shared_ptr<ReplayDoc>& out);

  const tw::replay::Replay& replay() const { return replay_; }
  int64_t id() const { return replay_.id; }
  const NodePath& position() const { return pos_; }
  const tw::Game& game() const { return game_; }
  // The placed tile (index into game().placed()) of the turn the position's decision
  // belongs to, also after a follower step that ended the turn; -1 at the start.
  int turn_tile() const { return turn_tile_; }
  // The state on the main line after its first `ply` decisions (clamped to the line),
  // e.g. the game a main-line ply's decision was taken in: main_game(ply - 1).
  tw::Game main_game(int ply);
  // The annotation at the position (empty at the start).
  tw::replay::Annotation note() const;
  // The current line with scores and flags per node (index 0 is the start).
  const std::vector<LinePoint>& line() const { return line_; }
  // The position's index in line().
  int line_index() const;

  // The bounding box of the tiles at the end of the main line (the whole game's board).
  void final_bounds(int margin, int& min_x, int& min_y, int& max_x, int& max_y);

  // Moves to a node (or the start). False when there is no such node.
  bool go(const NodePath& p);
  bool forward();
  bool backward();
  void home();
  void end();
  // To game ply n along the current line (clamped).
  void go_ply(int n);
  // Up / down among the node's alternatives.
  bool up();
  bool down();
  // The next / previous node of the current line with a comment, or with a scoring step.
  bool next_comment(int dir);
  bool next_scoring(int dir);

  // Plays `option` at the position: follows the line or a variation when it already
  // holds it; otherwise adds a variation (through `commands` when given, so it is
  // undoable). "" or the problem.
  std::string play(const tw::Option& option, wxCommandProcessor* commands);
  // Plays the option of the current position whose canonical text this is (tests: looked
  // up among the pending options, never read as a decision).
  std::string play(const std::string& option_text, wxCommandProcessor* commands);

  // Edits used by the commands; each saves and notifies. "" or the problem.
  std::string set_note(const NodePath& p, const tw::replay::Annotation& note);
  std::string add_variation(const NodePath& at, const std::vector<tw::Option>& moves, NodePath* added);
  std::string delete_variation(const NodePath& p);
  // The variation holding the node at p becomes the main continuation of the line it
  // branches from (to_main: until it is on the main line). The position follows the node.
  std::string promote(const NodePath& p, bool to_main);
  // Puts a whole earlier tree back (the undo of a promotion or a deletion) and goes to pos.
  std::string restore(const tw::replay::Replay& r, const NodePath& pos);
  // Appends a decision (legal after the node at `last`, the last node of its variation)
  // to that variation; `removed` undoes it.
  std::string extend_variation(const NodePath& last, const tw::Option& option);
  std::string remove_last(const NodePath& last_added);

  // Commands hold the document by shared_ptr: the review view keeps one document per
  // replay id, so an undo reaches the same document even after switching replays.
  // Where edits are saved (nullptr: kept in memory only).
  void set_store(tw::Store* s) { store_ = s; }
  // Called after an edit or a move of the position.
  std::vector<std::function<void()>> listeners;
  // Counts the edits that changed the tree's shape (variations added, deleted, promoted,
  // extended, a tree restored): a view rebuilds its move list when it changes.
  int structure_version() const { return structure_version_; }
  // The last save problem ("" when the last save succeeded).
  const std::string& save_error() const { return save_error_; }

 private:
  void rebuild_game();
  void rebuild_line();
  void save_and_notify();
  void notify();

  const tw::Content* content_ = nullptr;
  tw::replay::Replay replay_;
  tw::replay::Player main_;
  NodePath pos_;
  tw::Game game_;
  int turn_tile_ = -1;
  std::vector<LinePoint> line_;
  tw::Store* store_ = nullptr;
  std::string save_error_;
  int structure_version_ = 0;
};

// An annotation edit of one node: undo puts the old annotation back.
class AnnotateCommand : public wxCommand {
 public:
  AnnotateCommand(std::shared_ptr<ReplayDoc> doc, NodePath path, tw::replay::Annotation after);
  bool Do() override;
  bool Undo() override;

 private:
  std::shared_ptr<ReplayDoc> doc_;
  NodePath path_;
  tw::replay::Annotation before_, after_;
};

// A decision appended to the end of a variation: undo removes it.
class ExtendVariationCommand : public wxCommand {
 public:
  ExtendVariationCommand(std::shared_ptr<ReplayDoc> doc, NodePath last, const tw::Option& option);
  bool Do() override;
  bool Undo() override;

 private:
  std::shared_ptr<ReplayDoc> doc_;
  NodePath last_;
  tw::Option option_;  // an option of the decision after `last_`
};

// A tree edit that moves nodes around (promote, delete a variation): undo puts the
// whole tree as it was back, redo does the edit again.
class TreeEditCommand : public wxCommand {
 public:
  enum class Kind { Promote, PromoteToMain, Delete };
  TreeEditCommand(std::shared_ptr<ReplayDoc> doc, Kind kind, NodePath path);
  bool Do() override;
  bool Undo() override;
  const std::string& error() const { return error_; }

 private:
  std::shared_ptr<ReplayDoc> doc_;
  Kind kind_;
  NodePath path_;
  tw::replay::Replay before_;
  NodePath before_pos_;
  std::string error_;
};

// A whole new tree for the replay (the review analysis kept: marks, comments and best
// lines at once): undo puts the tree as it was back. One undoable step.
class ReplaceTreeCommand : public wxCommand {
 public:
  ReplaceTreeCommand(std::shared_ptr<ReplayDoc> doc, const wxString& name, tw::replay::Replay after);
  bool Do() override;
  bool Undo() override;

 private:
  std::shared_ptr<ReplayDoc> doc_;
  tw::replay::Replay before_, after_;
  NodePath pos_;
};

// A new variation: undo deletes it.
class AddVariationCommand : public wxCommand {
 public:
  AddVariationCommand(std::shared_ptr<ReplayDoc> doc, NodePath at, std::vector<tw::Option> moves);
  bool Do() override;
  bool Undo() override;
  const NodePath& added() const { return added_; }
  const std::string& error() const { return error_; }

 private:
  std::shared_ptr<ReplayDoc> doc_;
  NodePath at_;
  std::vector<tw::Option> moves_;  // options of the games along the line from `at_`
  NodePath added_;
  std::string error_;
};

}  // namespace twe
