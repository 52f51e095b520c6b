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
  // The segments a follower may stand on (per tile type, from the cache), in segment order.
  const TypeCache& tc = (*cache_)[pt.type];
  // (Every kind's mask, kept or zeroed by its bit: a branch-free loop the compiler unrolls.)
  uint32_t occupiable = 0;
  const uint64_t stand = plan_->stand_kinds;
  for (size_t k = 0; k < kKinds; ++k) occupiable |= tc.kind_segs[k] & (0u - static_cast<uint32_t>((stand >> k) & 1));
  if (plan_->stand_fields && rules_.farmers)
    occupiable |= rules_.fogged_fields_occupiable ? tc.field_segs | tc.fogged_field_segs : tc.field_segs;
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

// ---------------------------------------------------------------------------------
// The module's table (engine/rules/registry.h): its options' grammar, its events' words.

namespace {

std::string not_free(const ParseContext& cx) {
  return std::string(cx.tok[1]) +
         " is not free: its feature already has a follower, or followers may not stand there (" + cx.legal + ")";
}

std::string explain_meeple(const ParseContext& cx, const Option& o) {
  const Game& g = cx.game;
  if (g.coop() ? g.colour_supply(o.colour) <= 0 : g.supply(g.current_player()) <= 0)
    return g.coop() ? "no " + std::string(kColourNames[o.colour]) + " follower is left in supply (" + cx.legal + ")"
                    : "the player has no follower left in supply (" + cx.legal + ")";
  return not_free(cx);
}

std::string explain_guard(const ParseContext& cx, const Option&) {
  if (cx.game.guard_supply(cx.game.current_player()) <= 0)
    return "the player has no guard left in supply (" + cx.legal + ")";
  return not_free(cx);
}

std::string explain_pass(const ParseContext& cx, const Option&) { return "'pass' is not legal now: " + cx.asks; }

// The follower decision's options (guards are placed by the same step, rule guards).
constexpr OptionRule kOptions[] = {
    {OptKind::Meeple, "meeple", "", {Arg::Location, Arg::OwnColour}, 2, 1, decision_bit(DecisionKind::Follower),
     false, "a follower", "'meeple' takes a location kind:port and, for a player of several colours, a colour", "",
     "", nullptr, nullptr, explain_meeple, "followers"},
    {OptKind::Guard, "guard", "", {Arg::Location, Arg::OwnColour}, 2, 1, decision_bit(DecisionKind::Follower),
     false, "a follower", "'guard' takes a location kind:port", "", "", nullptr, nullptr, explain_guard, "guards"},
    {OptKind::Pass, "pass", "", {}, 0, 0, ~0u, false, "", "'pass' takes no arguments", "", "", nullptr, nullptr,
     explain_pass, "followers"},
};

}  // namespace

extern const ModuleTable kFollowersTable{"followers", kOptions, {}};

}  // namespace tw
