// Replay: a game log with its annotations and variations, as one tree; node paths; and
// the edits (annotate, add / promote / delete a variation) with every move checked by
// the engine.
//
// The tree: `mainline[i]` is ply i + 1 of the log. A node's `variations` are alternative
// lines replacing that node: a variation's first node is another choice for the same
// decision, and the line goes on from there. Variations nest.
//
// Node paths (the key of annotations and variations, in the database and on the
// command line): the main-line ply, then one "/V:K" step per variation entered, V the
// variation's index at that node (from 0), K the ply within the variation (from 1).
//   "12"        ply 12 of the main line
//   "12/0:1"    the first decision of variation 0 at ply 12 (an alternative to ply 12)
//   "12/0:3"    its third decision (the game's ply 14 along that line)
//   "12/0:3/1:2" the second decision of variation 1 at that node
// Integers are decimal without sign or leading zeros; nothing else is allowed.
//
// Invariants (kept by every edit here, checked by `check_tree`): mainline mirrors
// log.decisions one to one; no variation is empty; every decision of every variation is
// a legal canonical option string when played from its branch point (checked by the
// engine when it is added or imported); glyphs are one of ! ? !! ?? !? ?!. Rule
// problems come back as error strings (values); nothing here throws on bad input.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/content.h"
#include "replay/log.h"

namespace tw::replay {

// Deepest variation nesting a path or a tree may have (as the TGN reader's cap).
inline constexpr int kMaxDepth = 64;

struct Marker {
  enum class Kind : uint8_t { Cell, Arrow, Label };
  Kind kind = Kind::Cell;
  int x = 0, y = 0;    // the cell highlighted or labelled; an arrow's start
  int x2 = 0, y2 = 0;  // an arrow's end (0 otherwise)
  std::string text;    // a label's text ("" otherwise)
  friend bool operator==(const Marker&, const Marker&) = default;
};
std::string_view marker_kind_name(Marker::Kind k);  // "cell", "arrow", "label"
std::optional<Marker::Kind> parse_marker_kind(std::string_view s);

struct Annotation {
  std::string comment;  // Markdown
  std::string glyph;    // "" or one of ! ? !! ?? !? ?!
  std::vector<Marker> markers;
  bool empty() const { return comment.empty() && glyph.empty() && markers.empty(); }
  friend bool operator==(const Annotation&, const Annotation&) = default;
};
bool valid_glyph(std::string_view g);  // "" included

struct Node {
  std::string decision;
  Annotation note;
  std::vector<std::vector<Node>> variations;
  friend bool operator==(const Node&, const Node&) = default;
};
using Line = std::vector<Node>;

struct NodePath {
  int ply = 0;                               // main-line ply, from 1
  std::vector<std::pair<int, int>> steps;    // (variation index from 0, ply within from 1)
  friend bool operator==(const NodePath&, const NodePath&) = default;

  static std::optional<NodePath> parse(std::string_view key);
  std::string to_string() const;
  // The game's ply of this node along its line (main-line ply + plies into variations).
  int game_ply() const;
  static NodePath main(int ply) { return NodePath{ply, {}}; }
};

// The evaluation of one main-line ply from a kept analysis (table replay_eval, schema
// migration 0004): stored with the replay so the review's evaluation graph and marks come
// back after a restart. Plain data: the analysis layer fills it, the store keeps it.
struct PlyEvaluation {
  int ply = 0;           // 1-based ply of the main line
  int player = -1;       // the seat deciding
  std::string measure;   // "margin", "win" or "team" (analysis::measure_name)
  double value = 0;      // the evaluation after the ply, from the mover's view
  double loss = 0;       // what the move gave away against the best
  std::string glyph;     // "", "?!", "?", "??"
  std::string played;    // the decision, canonical option text (engine/options.cpp)
  std::string best;      // the best option found, canonical option text ("" if none)
  friend bool operator==(const PlyEvaluation&, const PlyEvaluation&) = default;
};

struct Replay {
  int64_t id = 0;          // row id in the replay table; 0 when not stored
  std::string created;     // "2026-11-22T10:00:00Z" when stored
  GameLog log;
  std::string pinned;      // the game's one pinned comment (TGN: the comment before ply 1)
  Line mainline;           // mirrors log.decisions, with annotations and variations
  // A kept analysis' evaluations, in ply order (empty: none kept). Not part of TGN.
  std::vector<PlyEvaluation> evaluations;
  friend bool operator==(const Replay&, const Replay&) = default;
};

// A replay of a bare log: the main line, no annotations.
Replay from_log(GameLog log);

// The node at `path`, or nullptr when there is none.
const Node* find_node(const Replay& r, const NodePath& path);
Node* find_node(Replay& r, const NodePath& path);
// The decisions from the start of the game up to and including the node at `path`
// (nullopt when there is none).
std::optional<std::vector<std::string>> moves_to(const Replay& r, const NodePath& path);

// The limits of annotations. Sizes are enforced by check_tree, and so on every load and
// save: a comment and the pinned comment hold at most tgn::kMaxCommentBytes, a node at
// most kMaxMarkers markers, a label at most kMaxLabelBytes, a replay at most
// tgn::kMaxNodes nodes. New text (annotate, the pin command, imports) must moreover be
// text the TGN reader accepts (tgn::find_text_fault: UTF-8 without control characters
// but tabs and line breaks).
inline constexpr size_t kMaxMarkers = 64;
inline constexpr size_t kMaxLabelBytes = 200;
// "" when the annotation keeps the size limits, else what is wrong.
std::string check_annotation_limits(const Annotation& a);
// "" when it keeps the size limits and holds clean text, else what is wrong.
std::string check_annotation(const Annotation& a);
// "" when `text` is a comment within the limits and clean; `what` names it in the message.
std::string check_comment_text(std::string_view text, std::string_view what);

// "" when every invariant but legality holds, else the first problem, naming its path.
std::string check_tree(const Replay& r);
// Plays every variation from its branch point; "" or the first illegal move, named.
std::string check_variations(const Content& c, const Replay& r);

// --- Edits. Each returns "" on success or a message naming the node and the problem;
// on failure the replay is unchanged.

// Adds a variation replacing the node at `at`. Every move is read by the engine from
// the branch point (any accepted spelling) and stored canonically. `added` receives the
// path of the variation's first node.
std::string add_variation(const Content& c, Replay& r, const NodePath& at,
                          const std::vector<std::string>& moves, NodePath* added = nullptr);
// add_variation with the moves as the engine's options (the editor, the analysis): each
// must be an option of the decision pending along the line; no text is read.
std::string add_variation_options(const Content& c, Replay& r, const NodePath& at, const std::vector<Option>& moves,
                                  NodePath* added = nullptr);
// The variation holding the node at `path` becomes the main continuation of the line
// it branches from; that line's old continuation becomes a variation in its place. The
// node's alternatives stay together. When the main line changes, the log's decisions,
// hashes and result are recomputed by the engine (the content must match the log's
// rules digest). `moved` receives the node's new path.
std::string promote(const Content& c, Replay& r, const NodePath& path, NodePath* moved = nullptr);
// Appends `moves` after the node at `path`, each checked by the engine: at the end of
// its line (a variation) the line is extended; elsewhere the moves become a new
// variation replacing the node after it. The main line is the recorded game and is
// never extended. `added` receives the path of the first move added.
std::string append_after(const Content& c, Replay& r, const NodePath& path, const std::vector<std::string>& moves,
                         NodePath* added = nullptr);
// Promotes until the node is on the main line.
std::string promote_to_main(const Content& c, Replay& r, const NodePath& path,
                            NodePath* moved = nullptr);
// Deletes the variation holding the node at `path` (with everything inside it).
std::string delete_variation(Replay& r, const NodePath& path);
// Replaces the annotation of the node at `path` (checking the glyph).
std::string annotate(Replay& r, const NodePath& path, Annotation note);

// The flat form of a tree, as the database stores it: one row per variation (the node
// it replaces, its index there, its moves) and one per annotated node, each keyed by
// node path; variations are listed parents first.
struct VariationRow {
  std::string node;
  int index = 0;
  std::vector<std::string> moves;
  friend bool operator==(const VariationRow&, const VariationRow&) = default;
};
struct AnnotationRow {
  std::string node;
  Annotation note;
  friend bool operator==(const AnnotationRow&, const AnnotationRow&) = default;
};
struct FlatTree {
  std::vector<VariationRow> variations;
  std::vector<AnnotationRow> annotations;
  friend bool operator==(const FlatTree&, const FlatTree&) = default;
};
FlatTree flatten(const Replay& r);
// Rebuilds the tree on r.mainline (made from r.log). "" or the first bad row, named.
std::string unflatten(Replay& r, const FlatTree& flat);

}  // namespace tw::replay
