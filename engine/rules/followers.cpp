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

namespace {

bool occupiable_in_coop(Kind k) { return k == Kind::City || k == Kind::Road || k == Kind::Castle; }

}  // namespace

bool Game::step_follower() {
  pending_.kind = DecisionKind::Follower;
  pending_.player = current_;
  auto& opts = pending_.options;
  opts.clear();
  opts.push_back(Option{});  // pass
  if (rules_.takeback) add_takeback_options();  // into takebacks_, offered last
  add_meeple_options(guard_supply_[static_cast<size_t>(current_)] > 0);
  opts.insert(opts.end(), takebacks_.v.begin(), takebacks_.v.end());
  takebacks_.v.clear();
  return true;
}

void Game::add_meeple_options(bool guards) {
  auto& opts = pending_.options;
  const bool meeples = supply_[static_cast<size_t>(current_)] > 0;
  if (!meeples && !guards) return;
  const PlacedTile& pt = placed_[static_cast<size_t>(last_placed_)];
  // The segments a follower may stand on (per tile type, from the cache), in segment order.
  const TypeCache& tc = (*cache_)[pt.type];
  const uint32_t fields = rules_.fogged_fields_occupiable ? tc.field_segs | tc.fogged_field_segs : tc.field_segs;
  const uint32_t occupiable = tc.follower_segs | (rules_.farmers ? fields : 0);
  for (const OptKind kind : {OptKind::Meeple, OptKind::Guard}) {
    if (kind == OptKind::Meeple ? !meeples : !guards) continue;
    for (uint32_t segs = occupiable; segs; segs &= segs - 1) {
      const uint32_t i = static_cast<uint32_t>(std::countr_zero(segs));
      if (feat_[find(pt.node_base + i)].followers != 0) continue;
      Option o;
      o.kind = kind;
      o.seg = static_cast<uint8_t>(i);
      o.colour = static_cast<uint8_t>(current_);
      o.x = pt.x;
      o.y = pt.y;
      opts.push_back(o);
    }
  }
}

void Game::apply_follower(const Option& o) {
  const PlacedTile& pt = placed_[static_cast<size_t>(last_placed_)];
  const FollowerKind want = o.kind == OptKind::Guard ? FollowerKind::Guard : FollowerKind::Meeple;
  for (auto& f : followers_) {
    if (f.player != current_ || f.placed >= 0 || f.kind != want || f.general) continue;
    f.placed = static_cast<int16_t>(last_placed_);
    f.seg = o.seg;
    f.node = pt.node_base + o.seg;
    f.ghosts = 0;
    Feature& ft = feat_[find(f.node)];
    ++ft.followers;
    ++ft.by_player[static_cast<size_t>(current_)];
    --(want == FollowerKind::Guard ? guard_supply_ : supply_)[static_cast<size_t>(current_)];
    emit({EventKind::FollowerPlaced, static_cast<int8_t>(current_), nodes_[f.node].kind, pt.x,
          pt.y, pt.type, 0});
    break;
  }
  ++stage_;
}

void Game::apply_pass(const Option&) { ++stage_; }

bool Game::step_coop_follower() {
  pending_.kind = DecisionKind::Follower;
  pending_.player = current_;
  pending_.tile = -1;
  auto& opts = pending_.options;
  opts.clear();
  opts.push_back(Option{});  // pass
  const PlacedTile& pt = placed_[static_cast<size_t>(last_placed_)];
  const TileType& tt = content_->tiles[pt.type];
  for (const int c : player_colours_[static_cast<size_t>(current_)]) {
    if (colour_supply_[static_cast<size_t>(c)] <= 0) continue;
    for (size_t i = 0; i < tt.segments.size(); ++i) {
      if (!occupiable_in_coop(tt.segments[i].kind)) continue;
      if (feat_[find(pt.node_base + static_cast<uint32_t>(i))].followers != 0) continue;
      Option o;
      o.kind = OptKind::Meeple;
      o.seg = static_cast<uint8_t>(i);
      o.colour = static_cast<uint8_t>(c);
      o.x = pt.x;
      o.y = pt.y;
      opts.push_back(o);
    }
  }
  return true;
}

void Game::apply_coop_follower(const Option& o) {
  if (o.kind == OptKind::Meeple) {
    const PlacedTile& pt = placed_[static_cast<size_t>(last_placed_)];
    for (auto& f : followers_) {
      if (f.player != current_ || f.colour != o.colour || f.placed >= 0 || f.buried) continue;
      f.placed = static_cast<int16_t>(last_placed_);
      f.seg = o.seg;
      f.node = pt.node_base + o.seg;
      Feature& ft = feat_[find(f.node)];
      ++ft.followers;
      ++ft.by_player[static_cast<size_t>(f.colour)];
      --colour_supply_[static_cast<size_t>(f.colour)];
      --supply_[static_cast<size_t>(current_)];
      emit({EventKind::FollowerPlaced, f.colour, nodes_[f.node].kind, pt.x, pt.y, pt.type, 0});
      break;
    }
  }
  ++stage_;
}

}  // namespace tw
