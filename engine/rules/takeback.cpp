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

// ---------------------------------------------------------------------------------
// The module's table (engine/rules/registry.h): its options' grammar, its events' words.

namespace {

std::string explain_takeback(const ParseContext& cx, const Option&) {
  if (!cx.game.rules().takeback) return "this rule set has no take-backs (" + cx.legal + ")";
  return "the player has no follower at " + std::string(cx.tok[1]) + " " + std::string(cx.tok[2]) +
         " to take back (" + cx.legal + ")";
}

constexpr OptionRule kOptions[] = {
    {OptKind::TakeBack, "takeback", "", {Arg::Cell, Arg::Location}, 2, 0, decision_bit(DecisionKind::Follower),
     false, "a take-back", "'takeback' takes x,y and a location kind:port", "", "", nullptr, nullptr,
     explain_takeback, "take-back"},
};

}  // namespace

extern const ModuleTable kTakeBackTable{"take-back", kOptions, {}};

}  // namespace tw
