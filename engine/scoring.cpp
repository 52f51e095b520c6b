// Scoring plumbing (core): when a feature is complete, what it is worth and who scores
// it, by the tables of the plan (each rule module fills the rows of its kinds), and the
// score and follower bookkeeping every module shares.
#include <algorithm>
#include <bit>

#include "engine/core.h"

namespace tw {

bool Game::feature_complete(uint32_t node) const {
  const Complete c = plan_->complete[static_cast<size_t>(nodes_[node].kind)];
  return c && c(Core(*this), node);
}

bool Game::edge_complete(uint32_t node) const { return feat_[find(node)].open == 0; }

bool Game::surrounded(uint32_t node) const {
  const PlacedTile& pt = placed_[static_cast<size_t>(nodes_[node].tile)];
  return cells_[static_cast<size_t>(cell_index(pt.x, pt.y))].around == 8;
}

int Game::feature_value(uint32_t node) const {
  const Value v = plan_->value[static_cast<size_t>(nodes_[node].kind)];
  return v ? v(Core(*this), node, feature_complete(node)) : 0;
}

int Game::feature_tiles(uint32_t node) const {
  auto& [stamp, gen] = stamps_.v;
  if (stamp.size() < placed_.size()) stamp.resize(placed_.size() + 64, 0);
  if (++gen == 0) {
    std::fill(stamp.begin(), stamp.end(), 0);
    gen = 1;
  }
  int count = 0;
  uint32_t n = node;
  do {
    const size_t t = static_cast<size_t>(nodes_[n].tile);
    if (stamp[t] != gen) {
      stamp[t] = gen;
      ++count;
    }
    n = nodes_[n].next;
  } while (n != node);
  return count;
}

void Game::add_points(int player, int64_t delta) {
  int64_t& s = scores_[static_cast<size_t>(player)];
  s += delta;
  if (plan_->floor_each && s < 0) s = 0;  // module "score floor"
}

void Game::remove_follower(Follower& f) {
  const uint32_t root = find(f.node);
  log_feat(root);
  Feature& ft = feat_[root];
  --ft.followers;
  uint8_t& mine = ft.by_player[static_cast<size_t>(slot(f))];
  mine = static_cast<uint8_t>(mine - f.weight);
  f.placed = -1;
  if (plan_->on_return) {  // what a module keeps with the follower leaves with it
    Core c(*this);
    plan_->on_return(c, f);
  }
  if (st_.followers.by_colour) ++st_write<FollowersState>().colour_supply[static_cast<size_t>(f.colour)];
  if (f.kind == FollowerKind::Guard)
    ++st_write<GuardsState>().supply[static_cast<size_t>(f.player)];
  else
    ++supply_[static_cast<size_t>(f.player)];
}

void Game::return_followers(uint32_t root) {
  for (auto& f : followers_) {
    if (f.placed < 0 || find(f.node) != root) continue;
    const PlacedTile& pt = placed_[static_cast<size_t>(f.placed)];
    emit({EventKind::FollowerReturned, f.player, nodes_[f.node].kind, pt.x, pt.y, pt.type, 0});
    remove_follower(f);
  }
}

void Game::score_feature(uint32_t root, bool final) {
  if (feat_[root].followers == 0) return;
  const Score s = plan_->score[static_cast<size_t>(nodes_[root].kind)];
  if (s) {
    Core c(*this);
    s(c, root, final);
  } else {
    score_by_majority(root, final);
  }
}

void Game::score_by_majority(uint32_t root, bool final) {
  const Feature& ft = feat_[root];
  const Kind kind = nodes_[root].kind;
  const PlacedTile& pt = placed_[static_cast<size_t>(nodes_[root].tile)];
  // What each player pays for scoring it now (the plan's penalty), counted before anyone scores.
  std::array<int, kMaxPlayers> cost{};
  if (plan_->penalty && !final) cost = plan_->penalty(Core(*this), root);
  const int value = feature_value(root);
  const uint8_t best = *std::max_element(ft.by_player.begin(), ft.by_player.end());
  for (int p = 0; p < player_count(); ++p) {
    if (ft.by_player[static_cast<size_t>(p)] != best) continue;
    // Only players with the majority score, and only they pay.
    const int64_t net = value - cost[static_cast<size_t>(p)];
    add_points(p, net);
    emit({final ? EventKind::FinalScored : EventKind::Scored, static_cast<int8_t>(p), kind, pt.x, pt.y,
          pt.type, static_cast<int>(net)});
  }
  if (!final) return_followers(root);
}

bool Game::step_score_completed() {
  if (!rules_.completion_scores) return next();
  const PlacedTile pt = placed_[static_cast<size_t>(last_placed_)];
  // Features this tile completed (each once), then the centre features (monasteries and
  // the like) of the 9 tiles around it.
  std::array<uint32_t, 32> done;  // (a tile has at most 32 segments)
  size_t ndone = 0;
  for (uint32_t segs = may_have_closed() ? (*cache_)[pt.type].edge_segs : 0; segs; segs &= segs - 1) {
    const uint32_t root = find(pt.node_base + static_cast<uint32_t>(std::countr_zero(segs)));
    if (feat_[root].open != 0) continue;
    if (std::find(done.begin(), done.begin() + static_cast<long>(ndone), root) != done.begin() + static_cast<long>(ndone)) continue;
    done[ndone++] = root;
    score_feature(root, false);
  }
  const int cell = cell_index(pt.x, pt.y);
  if (cells_[static_cast<size_t>(cell)].centres == 0) return next();
  // (the 3x3 around a placed tile is on the board: ensure_room keeps 2 cells around it)
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) {
      const int q = cells_[static_cast<size_t>(cell + dy * width_ + dx)].tile;
      if (q < 0) continue;
      const PlacedTile& qt = placed_[static_cast<size_t>(q)];
      const int centre = (*cache_)[qt.type].centre;
      if (centre < 0) continue;
      const uint32_t node = qt.node_base + static_cast<uint32_t>(centre);
      if (feature_complete(node)) score_feature(find(node), false);
    }
  return next();
}

}  // namespace tw
