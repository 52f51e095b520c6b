// The turn, one flow for every rule system: draw, place, then the steps of the rule
// modules the game plays (engine/rules/modules.cpp chooses them), then the next player.
// Nothing here names a rule module: the plan says which hooks, steps and handlers run.
#include <algorithm>

#include "engine/core.h"
#include "engine/plural.h"

namespace tw {

void Game::start() {
  // A 17x17 board to begin with (ensure_room grows it).
  x0_ = y0_ = -8;
  width_ = height_ = 17;
  cells_.assign(static_cast<size_t>(width_ * height_), Cell{});
  // The start tile, or every cell of the piece it belongs to (the 2x2 start piece),
  // each at its offset from 0,0.
  const TileType& st = content_->tiles[static_cast<size_t>(rule_set_->start_tile)];
  if (st.piece.empty()) {
    put_tile(rule_set_->start_tile, 0, 0, 0);
  } else {
    for (const uint16_t t : (*cache_)[static_cast<size_t>(rule_set_->start_tile)].piece) {
      const TileType& q = content_->tiles[t];
      put_tile(t, q.piece_x, q.piece_y, 0);
    }
  }
  last_placed_ = -1;
  current_ = 0;
  stage_ = static_cast<uint8_t>(plan_->steps.size() - 1);  // the end of a turn
  Core c(*this);
  for (const Hook h : plan_->at_start) h(c);
  plan_->draw(c);
}

const std::vector<std::string_view>& Game::modules() const { return plan_->modules; }

void Game::run_turn() {
  const auto& steps = plan_->steps;
  Core c(*this);
  while (outcome_ == Outcome::None && stage_ < steps.size())
    if (steps[stage_].run(c)) return;
}

void Game::go_to(bool (*s)(Core&)) {
  const auto& steps = plan_->steps;
  for (size_t i = 0; i < steps.size(); ++i)
    if (steps[i].run == s) {
      stage_ = static_cast<uint8_t>(i);
      return;
    }
}

void Game::ask(DecisionKind k, const OptionList& opts) {
  pending_.kind = k;
  pending_.player = current_;
  pending_.tile = -1;
  // Copied, not moved: the decision's list keeps its buffer from turn to turn (placement
  // generation and the follower step write into it), where a move would free it.
  pending_.options.assign(opts.begin(), opts.end());
}

bool Game::step_end_turn() {
  last_placed_ = -1;
  current_ = (current_ + 1) % player_count();
  Core c(*this);
  plan_->draw(c);
  return true;
}

void Game::draw_from_pile() {
  while (pile_pos_ < pile_.size())
    if (draw_one()) return;
  end_game();
}

bool Game::draw_one() {
  const int t = pile_[pile_pos_++];
  emit({EventKind::TileDrawn, static_cast<int8_t>(current_), Kind::None, 0, 0, t, 0});
  generate_placements(t);
  if (option_count() != 0) {
    pending_.kind = DecisionKind::Place;
    pending_.player = current_;
    pending_.tile = t;
    return true;
  }
  emit({EventKind::TileDiscarded, static_cast<int8_t>(current_), Kind::None, 0, 0, t, 0});
  return false;
}

void Game::apply_place(const Option& o) {
  put_tile(o.tile, o.x, o.y, o.rot);
  last_placed_ = static_cast<int>(placed_.size()) - 1;
  emit({EventKind::TilePlaced, static_cast<int8_t>(current_), Kind::None, o.x, o.y, o.tile, 0});
  stage_ = 0;
  Core c(*this);
  for (const Hook h : plan_->after_place) h(c);
}

void Game::end_game() {
  pending_.kind = DecisionKind::None;
  pending_.player = -1;
  pending_.tile = -1;
  pending_.options.clear();
  Core c(*this);
  for (const Hook h : plan_->at_end) h(c);
  outcome_ = Outcome::End;
  end_reason_ = "no tiles left";
  emit({EventKind::GameEnded, -1, Kind::None, 0, 0, -1, 0});
}

std::optional<Violation> Game::apply(const Option& o) {
  if (finished()) return Violation{"the game is over"};
  list_placements();  // the playout path counted them
  const auto& opts = pending_.options;
  // An equivalent rotation is the listed option; the tile goes down as named (the same
  // board; the state hash holds the rotation, so a replay recorded with it still verifies).
  const Option c = all_rotations_ ? o : canonical(o);
  if (std::find(opts.begin(), opts.end(), c) == opts.end())
    return Violation{"'" + to_string(o) + "' is not among the " +
                     text::counted(static_cast<long long>(opts.size()), "legal option", "legal options")};
  return apply_checked(o);
}

std::optional<Violation> Game::apply_checked(const Option& o) {
  if (!plan_->apply[static_cast<size_t>(pending_.kind)][static_cast<size_t>(o.kind)])
    return Violation{"unknown option"};
  apply_known(o);
  return std::nullopt;
}

void Game::apply_known(const Option& o) {
  const Handler h = plan_->apply[static_cast<size_t>(pending_.kind)][static_cast<size_t>(o.kind)];
  if (!h) return;
  events_.clear();
  ++ply_;
  lazy_place_ = false;  // the next placement decision is counted or listed afresh
  Core c(*this);
  h(c, o);
  run_turn();
}

}  // namespace tw
