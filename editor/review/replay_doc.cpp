#include "review/replay_doc.h"

#include <algorithm>

#include "board/board_model.h"
#include "engine/report.h"
#include "replay/replay_store.h"

namespace twe {

using tw::replay::Annotation;
using tw::replay::Node;
using tw::replay::Replay;

namespace {

NodePath parent_path(NodePath p) {
  p.steps.pop_back();
  return p;
}

// The line holding the node at p (a variation's nodes, or the main line).
const tw::replay::Line* line_of(const Replay& r, const NodePath& p) {
  if (p.steps.empty()) return &r.mainline;
  const Node* parent = tw::replay::find_node(r, parent_path(p));
  if (!parent) return nullptr;
  const int v = p.steps.back().first;
  if (v < 0 || static_cast<size_t>(v) >= parent->variations.size()) return nullptr;
  return &parent->variations[static_cast<size_t>(v)];
}

}  // namespace

std::optional<NodePath> next_node(const Replay& r, const NodePath& p) {
  if (is_start(p)) {
    if (r.mainline.empty()) return std::nullopt;
    return NodePath::main(1);
  }
  NodePath n = p;
  if (n.steps.empty()) {
    if (static_cast<size_t>(n.ply) >= r.mainline.size()) return std::nullopt;
    ++n.ply;
    return n;
  }
  const auto* line = line_of(r, p);
  if (!line || static_cast<size_t>(n.steps.back().second) >= line->size()) return std::nullopt;
  ++n.steps.back().second;
  return n;
}

std::optional<NodePath> prev_node(const Replay& r, const NodePath& p) {
  if (is_start(p)) return std::nullopt;
  NodePath n = p;
  if (n.steps.empty()) {
    --n.ply;
    return n;  // ply 0 is the start
  }
  if (n.steps.back().second > 1) {
    --n.steps.back().second;
    return n;
  }
  return prev_node(r, parent_path(p));
}

std::vector<NodePath> alternatives(const Replay& r, const NodePath& p) {
  if (is_start(p)) return {};
  const NodePath base = (!p.steps.empty() && p.steps.back().second == 1) ? parent_path(p) : p;
  const Node* n = tw::replay::find_node(r, base);
  if (!n) return {};
  std::vector<NodePath> out{base};
  for (size_t v = 0; v < n->variations.size(); ++v) {
    NodePath a = base;
    a.steps.emplace_back(static_cast<int>(v), 1);
    out.push_back(a);
  }
  return out;
}

std::vector<NodePath> line_through(const Replay& r, const NodePath& p) {
  std::vector<NodePath> back;
  for (std::optional<NodePath> q = p; q; q = prev_node(r, *q)) back.push_back(*q);
  std::reverse(back.begin(), back.end());
  for (auto q = next_node(r, p); q; q = next_node(r, *q)) back.push_back(*q);
  return back;
}

std::string ReplayDoc::open(const tw::Content& content, Replay replay, std::shared_ptr<ReplayDoc>& out) {
  auto d = std::make_shared<ReplayDoc>();
  d->content_ = &content;
  d->replay_ = std::move(replay);
  if (std::string e = tw::replay::Player::open(content, d->replay_.log, d->main_); !e.empty()) return e;
  d->pos_ = NodePath::main(0);
  d->rebuild_game();
  d->rebuild_line();
  out = std::move(d);
  return {};
}

void ReplayDoc::final_bounds(int margin, int& min_x, int& min_y, int& max_x, int& max_y) {
  main_.seek(main_.plies());
  board_bounds(main_.game(), margin, min_x, min_y, max_x, max_y);
}

tw::Game ReplayDoc::main_game(int ply) {
  main_.seek(ply);
  return main_.game();
}

Annotation ReplayDoc::note() const {
  if (is_start(pos_)) return {};
  const Node* n = tw::replay::find_node(replay_, pos_);
  return n ? n->note : Annotation{};
}

int ReplayDoc::line_index() const {
  for (size_t i = 0; i < line_.size(); ++i)
    if (line_[i].path == pos_) return static_cast<int>(i);
  return 0;
}

void ReplayDoc::rebuild_game() {
  turn_tile_ = -1;
  if (is_start(pos_)) {
    main_.seek(0);
    game_ = main_.game();
    return;
  }
  const auto moves = tw::replay::moves_to(replay_, pos_);
  // The main line's part comes from the seekable player; the rest is applied here, the
  // last decision always (so events() are that step's).
  const int on_main = pos_.steps.empty() ? pos_.ply : pos_.ply - 1;
  const int from = std::max(0, std::min(on_main, static_cast<int>(moves->size()) - 1));
  main_.seek(from);
  game_ = main_.game();
  // The stored moves are read once by the replay layer; their options are applied.
  std::vector<tw::Option> rest;
  tw::replay::read_line(game_, std::vector<std::string>(moves->begin() + from, moves->end()), rest);
  for (size_t i = 0; i < rest.size(); ++i) {
    // The tile placed in the last decision's turn: the one placed before a follower
    // step that ended the turn (the game forgets it then), or the one it placed.
    if (i + 1 == rest.size()) turn_tile_ = rest[i].kind == tw::OptKind::Place ? -1 : game_.last_placed();
    game_.apply(rest[i]);
  }
  if (game_.last_placed() >= 0) turn_tile_ = game_.last_placed();
}

void ReplayDoc::rebuild_line() {
  line_.clear();
  const auto paths = line_through(replay_, pos_);
  tw::Game g;
  main_.seek(0);
  g = main_.game();
  // The line's stored moves, read once by the replay layer into options.
  std::vector<std::string> texts;
  for (const auto& p : paths)
    if (!is_start(p)) texts.push_back(tw::replay::find_node(replay_, p)->decision);
  std::vector<tw::Option> moves;
  tw::replay::read_line(g, texts, moves);
  size_t k = 0;
  for (const auto& p : paths) {
    LinePoint lp;
    lp.path = p;
    if (!is_start(p)) {
      const Node* n = tw::replay::find_node(replay_, p);
      if (k < moves.size()) g.apply(moves[k]);
      ++k;
      lp.comment = !n->note.comment.empty();
      for (const auto& e : g.events())
        if ((e.kind == tw::EventKind::Scored || e.kind == tw::EventKind::FinalScored ||
             e.kind == tw::EventKind::DogScored) && e.points != 0)
          lp.scoring = true;
    }
    if (const tw::ViewReport rep = tw::view_report(g); rep.coop) {  // the score markers (the team's, or one per colour)
      for (const tw::ViewReport::Score& m : rep.scores) lp.scores.push_back(m.points);
    } else {
      for (int s = 0; s < g.player_count(); ++s) lp.scores.push_back(g.score(s));
    }
    line_.push_back(std::move(lp));
  }
}

void ReplayDoc::notify() {
  for (auto& f : listeners) f();
}

bool ReplayDoc::go(const NodePath& p) {
  if (!is_start(p) && !tw::replay::find_node(replay_, p)) return false;
  const bool same_line = std::any_of(line_.begin(), line_.end(), [&](const LinePoint& lp) { return lp.path == p; });
  pos_ = p;
  rebuild_game();
  if (!same_line) rebuild_line();
  notify();
  return true;
}

bool ReplayDoc::forward() {
  auto n = next_node(replay_, pos_);
  return n && go(*n);
}
bool ReplayDoc::backward() {
  auto n = prev_node(replay_, pos_);
  return n && go(*n);
}
void ReplayDoc::home() { go(NodePath::main(0)); }
void ReplayDoc::end() { go(line_.back().path); }

void ReplayDoc::go_ply(int n) {
  n = std::clamp(n, 0, static_cast<int>(line_.size()) - 1);
  go(line_[static_cast<size_t>(n)].path);
}

bool ReplayDoc::up() {
  const auto alts = alternatives(replay_, pos_);
  for (size_t i = 1; i < alts.size(); ++i)
    if (alts[i] == pos_) return go(alts[i - 1]);
  return false;
}

bool ReplayDoc::down() {
  const auto alts = alternatives(replay_, pos_);
  for (size_t i = 0; i + 1 < alts.size(); ++i)
    if (alts[i] == pos_) return go(alts[i + 1]);
  return false;
}

bool ReplayDoc::next_comment(int dir) {
  const int at = line_index();
  for (int i = at + dir; i >= 0 && i < static_cast<int>(line_.size()); i += dir)
    if (line_[static_cast<size_t>(i)].comment) return go(line_[static_cast<size_t>(i)].path);
  return false;
}

bool ReplayDoc::next_scoring(int dir) {
  const int at = line_index();
  for (int i = at + dir; i >= 0 && i < static_cast<int>(line_.size()); i += dir)
    if (line_[static_cast<size_t>(i)].scoring) return go(line_[static_cast<size_t>(i)].path);
  return false;
}

std::string ReplayDoc::play(const std::string& option_text, wxCommandProcessor* commands) {
  if (!game_.finished())
    for (const auto& o : game_.pending().options)
      if (game_.to_string(o) == option_text) return play(o, commands);
  return "'" + option_text + "' is not an option of the pending decision";
}

std::string ReplayDoc::play(const tw::Option& option, wxCommandProcessor* commands) {
  const auto& opts = game_.pending().options;
  if (game_.finished()) return "the game is over; no decision is pending";
  if (std::find(opts.begin(), opts.end(), option) == opts.end()) return "not an option of the pending decision";
  const std::string canonical = game_.to_string(option);
  const auto next = next_node(replay_, pos_);
  if (!next) {
    if (is_start(pos_) || pos_.steps.empty())
      return "the end of the main line: a variation replaces a decision, it cannot extend the game";
    // The end of a variation: the move extends it.
    if (commands) return commands->Submit(new ExtendVariationCommand(shared_from_this(), pos_, option))
                             ? std::string()
                             : std::string("the move was refused");
    return extend_variation(pos_, option);
  }
  for (const auto& alt : alternatives(replay_, *next))
    if (tw::replay::find_node(replay_, alt)->decision == canonical) {
      go(alt);
      return {};
    }
  if (commands) {
    auto* cmd = new AddVariationCommand(shared_from_this(), *next, {option});
    if (!commands->Submit(cmd)) return "the variation was refused";
    return {};
  }
  NodePath added;
  if (std::string e = add_variation(*next, {option}, &added); !e.empty()) return e;
  go(added);
  return {};
}

void ReplayDoc::save_and_notify() {
  save_error_.clear();
  if (store_ && replay_.id != 0) {
    try {
      tw::replay::ReplayStore(*store_).save(replay_);
    } catch (const std::exception& e) {
      save_error_ = e.what();
    }
  }
  notify();
}

std::string ReplayDoc::set_note(const NodePath& p, const Annotation& note) {
  if (std::string e = tw::replay::annotate(replay_, p, note); !e.empty()) return e;
  if (std::any_of(line_.begin(), line_.end(), [&](const LinePoint& lp) { return lp.path == p; })) {
    for (auto& lp : line_)
      if (lp.path == p) lp.comment = !note.comment.empty();
  }
  save_and_notify();
  return {};
}

std::string ReplayDoc::add_variation(const NodePath& at, const std::vector<tw::Option>& moves, NodePath* added) {
  NodePath a;
  if (std::string e = tw::replay::add_variation_options(*content_, replay_, at, moves, &a); !e.empty()) return e;
  if (added) *added = a;
  pos_ = a;
  rebuild_game();
  rebuild_line();
  ++structure_version_;
  save_and_notify();
  return {};
}

std::string ReplayDoc::delete_variation(const NodePath& p) {
  if (std::string e = tw::replay::delete_variation(replay_, p); !e.empty()) return e;
  // The position may have been inside the deleted variation: go back to its branch point.
  if (!is_start(pos_) && !tw::replay::find_node(replay_, pos_)) {
    NodePath q = parent_path(p);
    pos_ = prev_node(replay_, q).value_or(NodePath::main(0));
  } else if (!is_start(pos_)) {
    // Indices after the deleted one shifted: a path below it may now name another node.
    NodePath q = parent_path(p);
    if (pos_.steps.size() > q.steps.size()) pos_ = prev_node(replay_, q).value_or(NodePath::main(0));
  }
  rebuild_game();
  rebuild_line();
  ++structure_version_;
  save_and_notify();
  return {};
}

std::string ReplayDoc::promote(const NodePath& p, bool to_main) {
  NodePath moved;
  const std::string e = to_main ? tw::replay::promote_to_main(*content_, replay_, p, &moved)
                                : tw::replay::promote(*content_, replay_, p, &moved);
  if (!e.empty()) return e;
  // The main line may have changed: its player replays the new decisions.
  if (std::string o = tw::replay::Player::open(*content_, replay_.log, main_); !o.empty()) return o;
  pos_ = moved;
  rebuild_game();
  rebuild_line();
  ++structure_version_;
  save_and_notify();
  return {};
}

std::string ReplayDoc::restore(const Replay& r, const NodePath& pos) {
  Replay keep = replay_;
  replay_ = r;
  if (std::string o = tw::replay::Player::open(*content_, replay_.log, main_); !o.empty()) {
    replay_ = std::move(keep);
    return o;
  }
  pos_ = is_start(pos) || tw::replay::find_node(replay_, pos) ? pos : NodePath::main(0);
  rebuild_game();
  rebuild_line();
  ++structure_version_;
  save_and_notify();
  return {};
}

std::string ReplayDoc::extend_variation(const NodePath& last, const tw::Option& option) {
  if (last.steps.empty()) return "not in a variation";
  const auto* line = line_of(replay_, last);
  if (!line || static_cast<size_t>(last.steps.back().second) != line->size())
    return "no variation ends at " + last.to_string();
  // Check the move from the state after `last`.
  const NodePath keep = pos_;
  pos_ = last;
  rebuild_game();
  const auto& opts = game_.pending().options;
  if (game_.finished() || std::find(opts.begin(), opts.end(), option) == opts.end()) {
    pos_ = keep;
    rebuild_game();
    return "not an option of the pending decision";
  }
  const std::string canonical = game_.to_string(option);
  tw::replay::Node* parent = tw::replay::find_node(replay_, parent_path(last));
  parent->variations[static_cast<size_t>(last.steps.back().first)].push_back(Node{canonical, {}, {}});
  NodePath added = last;
  ++added.steps.back().second;
  pos_ = added;
  rebuild_game();
  rebuild_line();
  ++structure_version_;
  save_and_notify();
  return {};
}

std::string ReplayDoc::remove_last(const NodePath& last_added) {
  if (last_added.steps.empty() || last_added.steps.back().second < 2) return "not an appended decision";
  const auto* line = line_of(replay_, last_added);
  if (!line || static_cast<size_t>(last_added.steps.back().second) != line->size())
    return "no variation ends at " + last_added.to_string();
  tw::replay::Node* parent = tw::replay::find_node(replay_, parent_path(last_added));
  parent->variations[static_cast<size_t>(last_added.steps.back().first)].pop_back();
  if (!is_start(pos_) && !tw::replay::find_node(replay_, pos_)) {
    pos_ = last_added;
    --pos_.steps.back().second;
  }
  rebuild_game();
  rebuild_line();
  ++structure_version_;
  save_and_notify();
  return {};
}

ExtendVariationCommand::ExtendVariationCommand(std::shared_ptr<ReplayDoc> doc, NodePath last, const tw::Option& option)
    : wxCommand(true, "Move in variation " + wxString::FromUTF8(last.to_string())),
      doc_(std::move(doc)),
      last_(std::move(last)),
      option_(option) {}

bool ExtendVariationCommand::Do() { return doc_->extend_variation(last_, option_).empty(); }
bool ExtendVariationCommand::Undo() {
  NodePath added = last_;
  ++added.steps.back().second;
  return doc_->remove_last(added).empty();
}

AnnotateCommand::AnnotateCommand(std::shared_ptr<ReplayDoc> doc, NodePath path, Annotation after)
    : wxCommand(true, "Annotate " + wxString::FromUTF8(path.to_string())),
      doc_(std::move(doc)),
      path_(std::move(path)),
      after_(std::move(after)) {
  if (const Node* n = tw::replay::find_node(doc_->replay(), path_)) before_ = n->note;
}

bool AnnotateCommand::Do() { return doc_->set_note(path_, after_).empty(); }
bool AnnotateCommand::Undo() { return doc_->set_note(path_, before_).empty(); }

AddVariationCommand::AddVariationCommand(std::shared_ptr<ReplayDoc> doc, NodePath at, std::vector<tw::Option> moves)
    : wxCommand(true, "Variation at " + wxString::FromUTF8(at.to_string())),
      doc_(std::move(doc)),
      at_(std::move(at)),
      moves_(std::move(moves)) {}

bool AddVariationCommand::Do() {
  error_ = doc_->add_variation(at_, moves_, &added_);
  return error_.empty();
}

bool AddVariationCommand::Undo() { return doc_->delete_variation(added_).empty(); }

TreeEditCommand::TreeEditCommand(std::shared_ptr<ReplayDoc> doc, Kind kind, NodePath path)
    : wxCommand(true, kind == Kind::Delete ? "Delete variation" : "Promote variation"),
      doc_(std::move(doc)),
      kind_(kind),
      path_(std::move(path)) {}

bool TreeEditCommand::Do() {
  before_ = doc_->replay();
  before_pos_ = doc_->position();
  error_ = kind_ == Kind::Delete ? doc_->delete_variation(path_)
                                 : doc_->promote(path_, kind_ == Kind::PromoteToMain);
  return error_.empty();
}

bool TreeEditCommand::Undo() { return doc_->restore(before_, before_pos_).empty(); }

ReplaceTreeCommand::ReplaceTreeCommand(std::shared_ptr<ReplayDoc> doc, const wxString& name, tw::replay::Replay after)
    : wxCommand(true, name), doc_(std::move(doc)), after_(std::move(after)) {}

bool ReplaceTreeCommand::Do() {
  before_ = doc_->replay();
  pos_ = doc_->position();
  return doc_->restore(after_, pos_).empty();
}

bool ReplaceTreeCommand::Undo() { return doc_->restore(before_, pos_).empty(); }

}  // namespace twe
