// Rule module: dogs (co-op levels 3-6). A score threshold reached brings a dog: the
// rest of the stack goes on top of the next one, the dog joins a standing follower and
// clears up to `dog_clear_tiles` tiles around it; when its follower's feature is
// evaluated it scores `dog_ghost_points` per ghost on the board. Parameters:
// dog_clear_tiles, dog_ghost_points, dog_waits_for_follower (module "dogs").
#include <algorithm>

#include "engine/game.h"

namespace tw {

OptionList Game::dog_clear_options() const {
  OptionList out;
  const Follower& f = followers_[static_cast<size_t>(st_.dogs.follower)];
  const PlacedTile& pt = placed_[static_cast<size_t>(f.placed)];
  for (int dy = 1; dy >= -1; --dy)
    for (int dx = -1; dx <= 1; ++dx) {
      const int q = tile_at(pt.x + dx, pt.y + dy);
      if (q < 0 || tile_ghosts(q) == 0) continue;
      if (std::find(st_.dogs.cleared.begin(), st_.dogs.cleared.end(), q) != st_.dogs.cleared.end()) continue;
      push_unghost(out, q);
    }
  return out;
}

void Game::coop_check_thresholds() {
  if (!st_.markers.queue.empty()) return;  // a marker choice is still open
  const int64_t pr = progress();
  while (static_cast<size_t>(st_.dogs.reached) < level_->dogs.size() &&
         pr >= level_->dogs[static_cast<size_t>(st_.dogs.reached)]) {
    ++st_.dogs.reached;
    ++st_.dogs.to_place;
    if (st_.stacks.current < st_.dogs.reached && static_cast<size_t>(st_.dogs.reached) < st_.stacks.end.size()) {
      // The rest of the current stack goes on top of the next one.
      st_.stacks.current = st_.dogs.reached;
      emit({EventKind::StackChanged, -1, Kind::None, 0, 0, -1, st_.stacks.current});
    }
  }
  if (pr >= level_->target) coop_win();
}

bool Game::step_dogs() {
  // 3b: each dog reached joins a standing follower (`dog x,y LOC`), then clears.
  while (st_.dogs.to_place > 0) {
    OptionList opts;
    for (const auto& f : followers_) {
      if (f.placed >= 0 && !f.buried) opts.push_back(follower_option(OptKind::Dog, f));
    }
    if (opts.empty()) {  // no standing follower: the dog has nobody to join
      if (rules_.dog_waits_for_follower) break;  // ... yet: it joins one at the end of a later turn
      --st_.dogs.to_place;
      continue;
    }
    ask(DecisionKind::Dog, opts);
    return true;
  }
  return next();
}

bool Game::step_dog_clear() {
  if (st_.dogs.follower < 0) return next();  // no dog is clearing
  auto opts = dog_clear_options();
  if (st_.dogs.picks >= rules_.dog_clear_tiles || opts.empty()) {
    st_.dogs.follower = -1;
    --st_.dogs.to_place;
    go_to(&Game::step_dogs);
    return false;
  }
  Option done;
  done.kind = OptKind::Done;
  opts.push_back(done);
  ask(DecisionKind::DogClear, opts);
  return true;
}

void Game::apply_dog(const Option& o) {
  for (size_t i = 0; i < followers_.size(); ++i) {
    Follower& f = followers_[i];
    if (f.placed < 0 || f.buried || f.seg != o.seg) continue;
    const PlacedTile& pt = placed_[static_cast<size_t>(f.placed)];
    if (pt.x != o.x || pt.y != o.y) continue;
    ++f.dogs;
    st_.dogs.follower = static_cast<int>(i);
    emit({EventKind::DogPlaced, f.colour, nodes_[f.node].kind, pt.x, pt.y, pt.type, st_.dogs.reached});
    break;
  }
  st_.dogs.picks = 0;
  st_.dogs.cleared.clear();
  go_to(&Game::step_dog_clear);
}

void Game::apply_dog_done(const Option&) {
  st_.dogs.follower = -1;
  --st_.dogs.to_place;
  go_to(&Game::step_dogs);
}

void Game::apply_dog_clear(const Option& o) {
  const int q = tile_at(o.x, o.y);
  remove_tile_ghosts(q, unghost_count(o));
  st_.dogs.cleared.push_back(q);
  ++st_.dogs.picks;
}

// ---------------------------------------------------------------------------------
// The module's table (engine/rules/registry.h): its options' grammar, its events' words.

namespace {

std::string explain_dog(const ParseContext& cx, const Option&) {
  return "no standing follower at " + std::string(cx.tok[1]) + " " + std::string(cx.tok[2]) + " (" + cx.legal + ")";
}

std::string explain_done(const ParseContext& cx, const Option&) { return "'done' is not legal now (" + cx.legal + ")"; }

constexpr OptionRule kOptions[] = {
    {OptKind::Dog, "dog", "", {Arg::Cell, Arg::Location}, 2, 0, decision_bit(DecisionKind::Dog), true,
     "a dog's follower", "'dog' takes x,y and a location kind:port", "", "", nullptr, nullptr, explain_dog, "dogs"},
    {OptKind::Done, "done", "", {}, 0, 0, decision_bit(DecisionKind::DogClear), true,
     "the end of a dog's clearing", "'done' takes no arguments", "", "", nullptr, nullptr, explain_done, "dogs"},
};

constexpr EventRule kEvents[] = {
    {EventKind::DogPlaced, "dogs", "dog {points} joins the follower at {at}"},
    {EventKind::DogScored, "dogs", "the dog at {at} scores {points} and leaves"},
    {EventKind::DogLost, "dogs", "the dog at {at} is lost with its buried follower"},
};

}  // namespace

extern const ModuleTable kDogsTable{"dogs", kOptions, kEvents};

}  // namespace tw
