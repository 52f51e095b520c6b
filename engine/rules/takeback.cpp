// Rule module: take-back (Carcassonne: Discovery, RULES.md section 5). Instead of
// placing a follower, a player may take one of its followers back from anywhere on the
// board (`takeback x,y LOC`); its area scores for the player at once, closed or open, as
// it stands. Parameter: takeback (module "take-back").
#include <algorithm>

#include "engine/game.h"

namespace tw {

void Game::add_takeback_options() {
  // Any of the player's followers on the board, in follower order (a hook of the follower
  // decision: offered after the follower options).
  for (const auto& f : followers_)
    if (f.placed >= 0 && f.player == current_) pending_.options.push_back(follower_option(OptKind::TakeBack, f));
}

void Game::apply_takeback(const Option& o) {
  for (auto& f : followers_) {
    if (f.placed < 0 || f.player != current_ || f.seg != o.seg) continue;
    const PlacedTile& pt = placed_[static_cast<size_t>(f.placed)];
    if (pt.x != o.x || pt.y != o.y) continue;
    const int value = feature_value(f.node);  // closed or open, as it stands now
    add_points(current_, value);
    emit({EventKind::Scored, f.player, nodes_[f.node].kind, pt.x, pt.y, pt.type, value});
    emit({EventKind::FollowerReturned, f.player, nodes_[f.node].kind, pt.x, pt.y, pt.type, 0});
    remove_follower(f);
    break;
  }
  ++stage_;
}

}  // namespace tw
