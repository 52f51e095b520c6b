#include "replay/tree.h"

#include <algorithm>
#include <array>
#include <functional>

#include "engine/text.h"
#include "engine/tgn.h"
#include "replay/digest.h"

namespace tw::replay {
namespace {

constexpr std::array<std::string_view, 6> kGlyphs = {"!", "?", "!!", "??", "!?", "?!"};

// A decimal integer without sign or leading zeros, at most 9 digits.
std::optional<int> parse_count(std::string_view s) {
  if (s.empty() || s.size() > 9 || (s.size() > 1 && s[0] == '0')) return std::nullopt;
  int v = 0;
  for (char ch : s) {
    if (ch < '0' || ch > '9') return std::nullopt;
    v = v * 10 + (ch - '0');
  }
  return v;
}

template <class R, class N>
N* find_impl(R& r, const NodePath& path) {
  if (path.ply < 1 || static_cast<size_t>(path.ply) > r.mainline.size()) return nullptr;
  N* n = &r.mainline[static_cast<size_t>(path.ply - 1)];
  for (const auto& [v, k] : path.steps) {
    if (v < 0 || static_cast<size_t>(v) >= n->variations.size()) return nullptr;
    auto& line = n->variations[static_cast<size_t>(v)];
    if (k < 1 || static_cast<size_t>(k) > line.size()) return nullptr;
    n = &line[static_cast<size_t>(k - 1)];
  }
  return n;
}

// The path without its last step (the node a variation replaces).
NodePath parent_of(const NodePath& p) {
  NodePath q = p;
  q.steps.pop_back();
  return q;
}

// The path of the node `k - 1` plies after `p` on p's own line.
NodePath advanced(NodePath p, int plies) {
  if (p.steps.empty())
    p.ply += plies;
  else
    p.steps.back().second += plies;
  return p;
}

// The line holding the node at `p` and its index there.
std::pair<Line*, size_t> line_of(Replay& r, const NodePath& p) {
  if (p.steps.empty()) return {&r.mainline, static_cast<size_t>(p.ply - 1)};
  Node* parent = find_node(r, parent_of(p));
  return {&parent->variations[static_cast<size_t>(p.steps.back().first)],
          static_cast<size_t>(p.steps.back().second - 1)};
}

std::string rules_mismatch(const Content& c, const GameLog& log) {
  const RuleSet* rs = c.find_rule_set(log.header.rule_set);
  if (!rs)
    return "the log's rule set '" + log.header.rule_set + "' is not in " +
           (c.source.empty() ? std::string("this content") : c.source);
  const Level* level = nullptr;
  if (!log.header.level.empty()) {
    level = c.find_level(log.header.level);
    if (!level)
      return "the log's level '" + log.header.level + "' is not in " +
             (c.source.empty() ? std::string("this content") : c.source);
  }
  const uint64_t now = rules_digest(c, *rs, level);
  if (now != log.header.rules_digest)
    return "the game was recorded with different rules data: rule set '" +
           log.header.rule_set + "' had digest " + hex64(log.header.rules_digest) +
           ", " + (c.source.empty() ? std::string("this content") : c.source) + " gives " +
           hex64(now);
  return {};
}

// Starts the log's game and plays `moves`; "" or what went wrong (ply numbers from 1).
std::string play(const Content& c, const GameLog& log, const std::vector<std::string>& moves,
                 Game& g) {
  if (auto v = Game::create(c, log.setup(), g)) return "the game cannot be set up: " + v->message;
  for (size_t i = 0; i < moves.size(); ++i)
    if (auto v = g.apply(std::string_view(moves[i])))
      return "ply " + std::to_string(i + 1) + " '" + moves[i] + "' is illegal: " + v->message;
  return {};
}

void flatten_line(const Line& line, const NodePath& first, FlatTree& out) {
  for (size_t i = 0; i < line.size(); ++i) {
    const Node& n = line[i];
    const NodePath here = advanced(first, static_cast<int>(i));
    const std::string key = here.to_string();
    if (!n.note.empty()) out.annotations.push_back({key, n.note});
    for (size_t v = 0; v < n.variations.size(); ++v) {
      VariationRow row{key, static_cast<int>(v), {}};
      for (const Node& m : n.variations[v]) row.moves.push_back(m.decision);
      out.variations.push_back(std::move(row));
      NodePath inner = here;
      inner.steps.emplace_back(static_cast<int>(v), 1);
      flatten_line(n.variations[v], inner, out);
    }
  }
}

std::string check_line(const Line& line, const NodePath& first, int depth, size_t& nodes) {
  if (depth > kMaxDepth) return first.to_string() + ": variations nest deeper than " +
                                std::to_string(kMaxDepth);
  for (size_t i = 0; i < line.size(); ++i) {
    const Node& n = line[i];
    const NodePath here = advanced(first, static_cast<int>(i));
    if (++nodes > tgn::kMaxNodes)
      return here.to_string() + ": more than " + std::to_string(tgn::kMaxNodes) +
             " nodes (variations included); a replay holds at most that many";
    if (n.decision.empty()) return here.to_string() + ": an empty decision";
    if (n.decision.size() > 200) return here.to_string() + ": a decision of " + std::to_string(n.decision.size()) + " bytes";
    if (auto e = check_annotation_limits(n.note); !e.empty()) return here.to_string() + ": " + e;
    for (size_t v = 0; v < n.variations.size(); ++v) {
      if (n.variations[v].empty())
        return here.to_string() + ": variation " + std::to_string(v) + " is empty";
      NodePath inner = here;
      inner.steps.emplace_back(static_cast<int>(v), 1);
      if (auto e = check_line(n.variations[v], inner, depth + 1, nodes); !e.empty()) return e;
    }
  }
  return {};
}

// Plays `line` from `start`, each node's variations from the state before that node.
std::string legal_line(const Game& start, const Line& line, const NodePath& first) {
  Game g = start;
  for (size_t i = 0; i < line.size(); ++i) {
    const Node& n = line[i];
    const NodePath here = advanced(first, static_cast<int>(i));
    for (size_t v = 0; v < n.variations.size(); ++v) {
      NodePath inner = here;
      inner.steps.emplace_back(static_cast<int>(v), 1);
      if (auto e = legal_line(g, n.variations[v], inner); !e.empty()) return e;
    }
    // The text as the TGN reader would take it: a NUL or an escape sequence in a stored
    // variation must not reach an exported record (issue 56, item 7).
    if (auto fault = tgn::find_text_fault(n.decision))
      return here.to_string() + ": the move " + text::printable(n.decision, 80) + ": " + fault->message;
    if (auto fault = tgn::find_text_fault(n.note.comment))
      return here.to_string() + ": the comment: " + fault->message;
    if (auto v = g.apply(std::string_view(n.decision)))
      return here.to_string() + ": '" + n.decision + "' is illegal (game ply " +
             std::to_string(g.ply() + 1) + "): " + v->message;
  }
  return {};
}

}  // namespace

std::string_view marker_kind_name(Marker::Kind k) {
  switch (k) {
    case Marker::Kind::Cell: return "cell";
    case Marker::Kind::Arrow: return "arrow";
    case Marker::Kind::Label: return "label";
  }
  return "cell";
}

std::optional<Marker::Kind> parse_marker_kind(std::string_view s) {
  if (s == "cell") return Marker::Kind::Cell;
  if (s == "arrow") return Marker::Kind::Arrow;
  if (s == "label") return Marker::Kind::Label;
  return std::nullopt;
}

bool valid_glyph(std::string_view g) {
  return g.empty() || std::find(kGlyphs.begin(), kGlyphs.end(), g) != kGlyphs.end();
}

std::optional<NodePath> NodePath::parse(std::string_view key) {
  NodePath p;
  size_t slash = key.find('/');
  const auto ply = parse_count(key.substr(0, slash));
  if (!ply || *ply < 1) return std::nullopt;
  p.ply = *ply;
  while (slash != std::string_view::npos) {
    key.remove_prefix(slash + 1);
    slash = key.find('/');
    const std::string_view step = key.substr(0, slash);
    const size_t colon = step.find(':');
    if (colon == std::string_view::npos) return std::nullopt;
    const auto v = parse_count(step.substr(0, colon));
    const auto k = parse_count(step.substr(colon + 1));
    if (!v || !k || *k < 1) return std::nullopt;
    if (p.steps.size() >= static_cast<size_t>(kMaxDepth)) return std::nullopt;
    p.steps.emplace_back(*v, *k);
  }
  return p;
}

std::string NodePath::to_string() const {
  std::string s = std::to_string(ply);
  for (const auto& [v, k] : steps) s += "/" + std::to_string(v) + ":" + std::to_string(k);
  return s;
}

int NodePath::game_ply() const {
  int g = ply;
  for (const auto& step : steps) g += step.second - 1;
  return g;
}

Replay from_log(GameLog log) {
  Replay r;
  r.log = std::move(log);
  r.mainline.reserve(r.log.decisions.size());
  for (const auto& d : r.log.decisions) r.mainline.push_back(Node{d, {}, {}});
  return r;
}

const Node* find_node(const Replay& r, const NodePath& path) {
  return find_impl<const Replay, const Node>(r, path);
}
Node* find_node(Replay& r, const NodePath& path) { return find_impl<Replay, Node>(r, path); }

std::optional<std::vector<std::string>> moves_to(const Replay& r, const NodePath& path) {
  if (!find_node(r, path)) return std::nullopt;
  std::vector<std::string> out;
  const Node* n = &r.mainline[static_cast<size_t>(path.ply - 1)];
  for (int i = 0; i + 1 < path.ply; ++i) out.push_back(r.mainline[static_cast<size_t>(i)].decision);
  for (const auto& [v, k] : path.steps) {
    const Line& line = n->variations[static_cast<size_t>(v)];
    for (int i = 0; i + 1 < k; ++i) out.push_back(line[static_cast<size_t>(i)].decision);
    n = &line[static_cast<size_t>(k - 1)];
  }
  out.push_back(n->decision);
  return out;
}

std::string check_tree(const Replay& r) {
  if (r.mainline.size() != r.log.decisions.size())
    return "the tree's main line holds " + std::to_string(r.mainline.size()) +
           " decisions, the log " + std::to_string(r.log.decisions.size());
  for (size_t i = 0; i < r.mainline.size(); ++i)
    if (r.mainline[i].decision != r.log.decisions[i])
      return std::to_string(i + 1) + ": the tree says '" + r.mainline[i].decision +
             "', the log '" + r.log.decisions[i] + "'";
  if (r.pinned.size() > tgn::kMaxCommentBytes)
    return "the pinned comment has " + std::to_string(r.pinned.size()) + " bytes; a comment holds at most " +
           std::to_string(tgn::kMaxCommentBytes);
  size_t nodes = 0;
  return check_line(r.mainline, NodePath::main(1), 0, nodes);
}

std::string check_comment_text(std::string_view text, std::string_view what) {
  if (text.size() > tgn::kMaxCommentBytes)
    return std::string(what) + " has " + std::to_string(text.size()) + " bytes; a comment holds at most " +
           std::to_string(tgn::kMaxCommentBytes);
  // The TGN reader's check, so that the text can be exported and read back.
  if (const auto fault = tgn::find_text_fault(text))
    return std::string(what) + ", byte " + std::to_string(fault->offset) + ": " + fault->message;
  return {};
}

std::string check_annotation_limits(const Annotation& a) {
  if (!valid_glyph(a.glyph)) return "'" + text::printable(a.glyph, 20) + "' is not a glyph (! ? !! ?? !? ?!)";
  if (a.comment.size() > tgn::kMaxCommentBytes)
    return "the comment has " + std::to_string(a.comment.size()) + " bytes; a comment holds at most " +
           std::to_string(tgn::kMaxCommentBytes);
  if (a.markers.size() > kMaxMarkers)
    return std::to_string(a.markers.size()) + " markers; a node has at most " + std::to_string(kMaxMarkers);
  for (const Marker& m : a.markers)
    if (m.text.size() > kMaxLabelBytes)
      return "a label of " + std::to_string(m.text.size()) + " bytes; a label holds at most " +
             std::to_string(kMaxLabelBytes);
  return {};
}

std::string check_annotation(const Annotation& a) {
  if (auto e = check_annotation_limits(a); !e.empty()) return e;
  if (auto e = check_comment_text(a.comment, "the comment"); !e.empty()) return e;
  for (const Marker& m : a.markers)
    if (text::invalid_utf8_at(m.text) != std::string_view::npos || text::printable(m.text, kMaxLabelBytes) != m.text)
      return "a label must be printable UTF-8 text on one line";
  return {};
}

std::string check_variations(const Content& c, const Replay& r) {
  if (auto e = rules_mismatch(c, r.log); !e.empty()) return e;
  Game g;
  if (auto v = Game::create(c, r.log.setup(), g)) return "the game cannot be set up: " + v->message;
  return legal_line(g, r.mainline, NodePath::main(1));
}

namespace {

// add_variation's work, with move i of the variation read from the game before it by
// `read` (the option, or nullopt with `why` and the move's text `shown` set).
using MoveReader = std::function<std::optional<Option>(const Game& g, size_t i, std::string& shown, std::string& why)>;

std::string add_variation_with(const Content& c, Replay& r, const NodePath& at, size_t moves,
                               const MoveReader& read, NodePath* added) {
  Node* node = find_node(r, at);
  if (!node) return "no node " + at.to_string() + " in this replay";
  if (moves == 0) return "a variation needs at least one move";
  if (at.steps.size() >= static_cast<size_t>(kMaxDepth))
    return "variations nest at most " + std::to_string(kMaxDepth) + " deep";
  if (auto e = rules_mismatch(c, r.log); !e.empty()) return e;
  std::vector<std::string> before = *moves_to(r, at);
  before.pop_back();
  Game g;
  if (auto e = play(c, r.log, before, g); !e.empty())
    return "the line to " + at.to_string() + " does not replay: " + e;
  Line line;
  for (size_t i = 0; i < moves; ++i) {
    std::string shown, why;
    const auto o = read(g, i, shown, why);
    if (!o)
      return "move " + std::to_string(i + 1) + " of the variation at " + at.to_string() + ", '" + shown +
             "', is illegal (game ply " + std::to_string(g.ply() + 1) + "): " + why;
    line.push_back(Node{g.to_string(*o), {}, {}});
    g.apply(*o);
  }
  if (line.front().decision == node->decision)
    return "the variation's first move '" + line.front().decision + "' is the decision at " +
           at.to_string() + " itself, not an alternative";
  node->variations.push_back(std::move(line));
  if (added) {
    NodePath p = at;
    p.steps.emplace_back(static_cast<int>(node->variations.size() - 1), 1);
    *added = p;
  }
  return {};
}

}  // namespace

std::string add_variation(const Content& c, Replay& r, const NodePath& at,
                          const std::vector<std::string>& moves, NodePath* added) {
  // The moves are text from outside (the command line, a test): the engine reads them.
  return add_variation_with(
      c, r, at, moves.size(),
      [&](const Game& g, size_t i, std::string& shown, std::string& why) {
        shown = moves[i];
        return g.parse_option(moves[i], &why);
      },
      added);
}

std::string add_variation_options(const Content& c, Replay& r, const NodePath& at, const std::vector<Option>& moves,
                                  NodePath* added) {
  return add_variation_with(
      c, r, at, moves.size(),
      [&](const Game& g, size_t i, std::string& shown, std::string& why) -> std::optional<Option> {
        const auto& opts = g.pending().options;
        if (!g.finished() && std::find(opts.begin(), opts.end(), moves[i]) != opts.end()) return moves[i];
        shown = g.finished() ? std::string(option_verb(moves[i].kind)) : g.to_string(moves[i]);
        why = g.finished() ? "the game is over" : "not an option of the pending decision";
        return std::nullopt;
      },
      added);
}

std::string append_after(const Content& c, Replay& r, const NodePath& at, const std::vector<std::string>& moves,
                         NodePath* added) {
  if (!find_node(r, at)) return "no node " + at.to_string() + " in this replay";
  if (moves.empty()) return "give at least one move";
  auto [line, idx] = line_of(r, at);
  if (idx + 1 < line->size()) return add_variation(c, r, advanced(at, 1), moves, added);
  if (at.steps.empty())
    return "ply " + std::to_string(at.ply) +
           " ends the main line, which is the recorded game and is not extended; --replace adds an "
           "alternative to a node";
  if (auto e = rules_mismatch(c, r.log); !e.empty()) return e;
  Game g;
  if (auto e = play(c, r.log, *moves_to(r, at), g); !e.empty())
    return "the line to " + at.to_string() + " does not replay: " + e;
  Line more;
  for (size_t i = 0; i < moves.size(); ++i) {
    if (g.finished())
      return "move " + std::to_string(i + 1) + ", '" + moves[i] + "', comes after the end of the game";
    std::string why;
    const auto o = g.parse_option(moves[i], &why);
    if (!o)
      return "move " + std::to_string(i + 1) + " after " + at.to_string() + ", '" + moves[i] +
             "', is illegal (game ply " + std::to_string(g.ply() + 1) + "): " + why;
    more.push_back(Node{g.to_string(*o), {}, {}});
    g.apply(*o);
  }
  line = line_of(r, at).first;  // (unchanged, but re-fetched after the checks)
  for (auto& n : more) line->push_back(std::move(n));
  if (added) *added = advanced(at, 1);
  return {};
}

std::string promote(const Content& c, Replay& r, const NodePath& path, NodePath* moved) {
  if (!find_node(r, path)) return "no node " + path.to_string() + " in this replay";
  if (path.steps.empty()) return path.to_string() + " is on the main line already";
  const NodePath branch = parent_of(path);
  const bool main = branch.steps.empty();
  // Check before changing anything: a new main line must replay under these rules.
  Replay next = r;
  auto [line, i] = line_of(next, branch);
  const size_t v = static_cast<size_t>(path.steps.back().first);
  Node& x = (*line)[i];
  std::vector<Line> alts = std::move(x.variations);
  x.variations.clear();
  Line old_tail(std::make_move_iterator(line->begin() + static_cast<std::ptrdiff_t>(i)),
                std::make_move_iterator(line->end()));
  line->resize(i);
  Line new_tail = std::move(alts[v]);
  alts[v] = std::move(old_tail);
  std::vector<Line> own = std::move(new_tail.front().variations);
  new_tail.front().variations = std::move(alts);
  for (auto& l : own) new_tail.front().variations.push_back(std::move(l));
  for (auto& n : new_tail) line->push_back(std::move(n));
  if (main) {
    if (auto e = rules_mismatch(c, r.log); !e.empty()) return e;
    Recorder rec;
    std::vector<MetaTag> tags = r.log.header.tags;
    if (auto err = Recorder::start(c, r.log.setup(), rec, tags, r.log.header.level))
      return "the game cannot be set up: " + err->message;
    for (size_t k = 0; k < next.mainline.size(); ++k)
      if (auto err = rec.apply(std::string_view(next.mainline[k].decision)))
        return "the promoted line does not replay: ply " + std::to_string(k + 1) + " '" +
               next.mainline[k].decision + "': " + err->message;
    GameLog log = rec.take_log();
    log.header.engine_version = r.log.header.engine_version;
    // The Result tag describes the new main line: its result, or none while unfinished.
    if (log.finished) {
      if (log.tag("Result")) log.set_tag("Result", log.result);
    } else {
      std::erase_if(log.header.tags, [](const MetaTag& t) { return t.name == "Result"; });
    }
    next.log = std::move(log);
  }
  r = std::move(next);
  if (moved) *moved = advanced(branch, path.steps.back().second - 1);
  return {};
}

std::string promote_to_main(const Content& c, Replay& r, const NodePath& path, NodePath* moved) {
  if (!find_node(r, path)) return "no node " + path.to_string() + " in this replay";
  if (path.steps.empty()) return path.to_string() + " is on the main line already";
  Replay next = r;
  NodePath p = path;
  while (!p.steps.empty())
    if (auto e = promote(c, next, p, &p); !e.empty()) return e;
  r = std::move(next);
  if (moved) *moved = p;
  return {};
}

std::string delete_variation(Replay& r, const NodePath& path) {
  if (!find_node(r, path)) return "no node " + path.to_string() + " in this replay";
  if (path.steps.empty()) return path.to_string() + " is on the main line, not in a variation";
  Node* x = find_node(r, parent_of(path));
  x->variations.erase(x->variations.begin() + path.steps.back().first);
  return {};
}

std::string annotate(Replay& r, const NodePath& path, Annotation note) {
  Node* n = find_node(r, path);
  if (!n) return "no node " + path.to_string() + " in this replay";
  if (!valid_glyph(note.glyph))
    return "'" + text::printable(note.glyph, 20) + "' is not a glyph; glyphs: ! ? !! ?? !? ?!";
  if (auto e = check_annotation(note); !e.empty()) return e;
  n->note = std::move(note);
  return {};
}

FlatTree flatten(const Replay& r) {
  FlatTree out;
  flatten_line(r.mainline, NodePath::main(1), out);
  return out;
}

std::string unflatten(Replay& r, const FlatTree& flat) {
  Replay next = from_log(r.log);
  next.id = r.id;
  next.created = r.created;
  next.pinned = r.pinned;
  next.evaluations = r.evaluations;
  struct Keyed {
    NodePath path;
    const VariationRow* row;
  };
  std::vector<Keyed> rows;
  for (const VariationRow& row : flat.variations) {
    const auto p = NodePath::parse(row.node);
    if (!p) return "variation row at '" + row.node + "': not a node path";
    rows.push_back({*p, &row});
  }
  std::stable_sort(rows.begin(), rows.end(), [](const Keyed& a, const Keyed& b) {
    if (a.path.steps.size() != b.path.steps.size()) return a.path.steps.size() < b.path.steps.size();
    if (a.row->node != b.row->node) return a.row->node < b.row->node;
    return a.row->index < b.row->index;
  });
  for (const Keyed& k : rows) {
    if (k.path.steps.size() >= static_cast<size_t>(kMaxDepth))
      return "variation at " + k.row->node + ": nests deeper than " + std::to_string(kMaxDepth);
    Node* n = find_node(next, k.path);
    if (!n) return "variation " + std::to_string(k.row->index) + " at " + k.row->node +
                   ": there is no node " + k.row->node;
    if (k.row->index != static_cast<int>(n->variations.size()))
      return "variation " + std::to_string(k.row->index) + " at " + k.row->node +
             ": expected index " + std::to_string(n->variations.size()) +
             " (indices run 0, 1, ... without gaps)";
    if (k.row->moves.empty())
      return "variation " + std::to_string(k.row->index) + " at " + k.row->node + ": no moves";
    Line line;
    for (const auto& m : k.row->moves) {
      if (m.empty())
        return "variation " + std::to_string(k.row->index) + " at " + k.row->node +
               ": an empty move";
      line.push_back(Node{m, {}, {}});
    }
    n->variations.push_back(std::move(line));
  }
  for (const AnnotationRow& a : flat.annotations) {
    const auto p = NodePath::parse(a.node);
    if (!p) return "annotation at '" + a.node + "': not a node path";
    Node* n = find_node(next, *p);
    if (!n) return "annotation at " + a.node + ": there is no such node";
    if (!n->note.empty()) return "annotation at " + a.node + ": the node is annotated twice";
    if (!valid_glyph(a.note.glyph))
      return "annotation at " + a.node + ": '" + a.note.glyph + "' is not a glyph";
    n->note = a.note;
  }
  r = std::move(next);
  return {};
}

}  // namespace tw::replay
