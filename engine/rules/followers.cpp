// Rule module: followers. The follower step after every placement: `pass`, or a
// follower from the supply on a free segment of the tile just placed (a meeple; in
// Ghosts, Castles and Cemeteries also a guard, module "guards"; in Discovery also a
// take-back, module "take-back"). Co-op players place followers of their colours, on
// cities, roads and castles only. Parameters: followers, farmers,
// fogged_fields_occupiable (module "followers").
#include <algorithm>
#include <bit>

#include "engine/game.h"

namespace tw {

bool Game::step_follower() {
  pending_.kind = DecisionKind::Follower;
  pending_.player = current_;
  pending_.tile = -1;
  auto& opts = pending_.options;
  opts.clear();
  opts.push_back(Option{});  // pass
  add_meeple_options();
  for (const Hook h : plan_->follower_options) (this->*h)();  // take-back (offered last)
  return true;
}

void Game::add_meeple_options() {
  auto& opts = pending_.options;
  const size_t me = static_cast<size_t>(current_);
  const bool meeples = supply_[me] > 0;
  const bool guards = st_.guards.supply[me] > 0;
  if (!meeples && !guards) return;
  const PlacedTile& pt = placed_[static_cast<size_t>(last_placed_)];
  // The segments a follower may stand on (per tile type, computed once in the plan).
  const uint32_t occupiable = plan_->stand[pt.type];
  // The player's colours: its own, or (co-op) each of its colours with a follower in supply.
  const int own = current_;
  const int* colours = &own;
  size_t ncolours = 1;
  if (st_.followers.by_colour) {
    colours = st_.followers.colours[me].begin();
    ncolours = st_.followers.colours[me].size();
  }
  for (const OptKind kind : {OptKind::Meeple, OptKind::Guard}) {
    if (kind == OptKind::Meeple ? !meeples : !guards) continue;
    for (size_t c = 0; c < ncolours; ++c) {
      if (st_.followers.by_colour && st_.followers.colour_supply[static_cast<size_t>(colours[c])] <= 0) continue;
      for (uint32_t segs = occupiable; segs; segs &= segs - 1) {
        const uint32_t i = static_cast<uint32_t>(std::countr_zero(segs));
        if (feat_[find(pt.node_base + i)].followers != 0) continue;
        Option o;
        o.kind = kind;
        o.seg = static_cast<uint8_t>(i);
        o.colour = static_cast<uint8_t>(colours[c]);
        o.x = pt.x;
        o.y = pt.y;
        opts.push_back(o);
      }
    }
  }
}

void Game::apply_follower(const Option& o) {
  const PlacedTile& pt = placed_[static_cast<size_t>(last_placed_)];
  const FollowerKind want = o.kind == OptKind::Guard ? FollowerKind::Guard : FollowerKind::Meeple;
  for (auto& f : followers_) {
    if (f.player != current_ || f.colour != o.colour || f.placed >= 0 || f.kind != want || f.general || f.buried)
      continue;
    f.placed = static_cast<int16_t>(last_placed_);
    f.seg = o.seg;
    f.node = pt.node_base + o.seg;
    f.ghosts = 0;
    Feature& ft = feat_[find(f.node)];
    ++ft.followers;
    ++ft.by_player[static_cast<size_t>(slot(f))];
    --(want == FollowerKind::Guard ? st_.guards.supply : supply_)[static_cast<size_t>(current_)];
    if (st_.followers.by_colour) --st_.followers.colour_supply[static_cast<size_t>(f.colour)];
    emit({EventKind::FollowerPlaced, static_cast<int8_t>(slot(f)), nodes_[f.node].kind, pt.x, pt.y, pt.type, 0});
    break;
  }
  ++stage_;
}

void Game::apply_pass(const Option&) { ++stage_; }

}  // namespace tw
