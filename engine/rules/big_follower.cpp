// Rule module: the big follower (Inns & Cathedrals; RULES.md section 6). Each player has
// `big_followers` big followers of its colour besides the ordinary ones (0: the module
// is off). At the follower step a player may put one, instead of an ordinary follower,
// on any free segment an ordinary follower could take (`big LOC`); in a feature's
// majority it counts `big_follower_strength` followers; it scores like any follower (the
// points are not multiplied) and goes back to its owner when its feature scores or is
// taken back. Parameters: big_followers, big_follower_strength (module "big follower").
//
// How it uses the core (the worked example of docs/architecture.md, "How to add a
// module"; its descriptor, at the end of this file, registers it): a big follower is a Follower of its owner with weight = the strength (the
// core's generic Follower::weight: the core counts a feature's majority, returns and
// checks followers by weight). It is made at the start of the game (at_start) after the
// core's followers, so the core's supply count (supply()) holds it while it is not on
// the board, and state_hash and the invariants see it like any follower. The module
// keeps no state of its own: a player's big followers are its followers of weight > 1.
// It adds the `big` options to the follower decision (a follower_options hook), drops
// the ordinary `meeple` options when the player's supply holds only big followers, and
// applies `big`. Where a follower may stand is the plan's (`stand`): roads, cities,
// monasteries, fields when farmers are on, and in GCC castles and cemeteries.
// Competitive games only (its parameters belong to the competitive systems).
#include <algorithm>
#include <bit>

#include "engine/core.h"
#include "engine/rules/plan.h"
#include "engine/limits.h"

namespace tw {

// The module's option kind, numbered here (engine/rules/registry.h): the first after the
// kinds registry.h names.
inline constexpr OptKind kBig = static_cast<OptKind>(static_cast<int>(OptKind::Marker) + 1);

namespace {

bool is_big(const Follower& f) { return f.weight > 1; }

// At the start: every player's big followers, into its supply. (A game holds at most
// kMaxGameFollowers followers: only a rule set giving more than that in all would lose
// some; the check below then names it.)
void big_follower_start(Core& core) {
  const Rules& r = core.rules();
  for (int p = 0; p < core.player_count(); ++p)
    for (int64_t k = 0; k < r.big_followers && static_cast<int64_t>(core.followers().size()) < kMaxGameFollowers; ++k) {
      Follower f;
      f.player = static_cast<int8_t>(p);
      f.colour = static_cast<int8_t>(p);
      f.weight = static_cast<uint8_t>(r.big_follower_strength);
      core.followers().push_back(f);
      ++core.supply()[static_cast<size_t>(p)];
    }
}

// The player's big followers in supply.
int big_in_supply(const Core& core, int player) {
  int n = 0;
  for (const auto& f : core.followers())
    if (f.player == player && f.placed < 0 && is_big(f)) ++n;
  return n;
}

// A hook of the follower decision, after the ordinary options: `big LOC` on every free
// segment an ordinary follower could take; no `meeple` when only big followers are left.
void add_big_options(Core& core) {
  const int me = core.current();
  const int big = big_in_supply(core, me);
  auto& opts = core.pending().options;
  if (core.supply()[static_cast<size_t>(me)] - big <= 0)
    opts.erase(std::remove_if(opts.begin(), opts.end(), [](const Option& o) { return o.kind == OptKind::Meeple; }),
               opts.end());
  if (big == 0) return;
  const PlacedTile& pt = core.placed()[static_cast<size_t>(core.last_placed())];
  for (uint32_t segs = core.plan().stand[pt.type]; segs; segs &= segs - 1) {
    const uint32_t i = static_cast<uint32_t>(std::countr_zero(segs));
    if (core.feat()[core.find(pt.node_base + i)].followers != 0) continue;
    Option o;
    o.kind = kBig;
    o.seg = static_cast<uint8_t>(i);
    o.colour = static_cast<uint8_t>(me);
    o.x = pt.x;
    o.y = pt.y;
    opts.push_back(o);
  }
}

// `big LOC`: the player's first big follower in supply goes onto the segment.
void apply_big(Core& core, const Option& o) {
  const PlacedTile& pt = core.placed()[static_cast<size_t>(core.last_placed())];
  for (auto& f : core.followers()) {
    if (f.player != core.current() || f.placed >= 0 || !is_big(f)) continue;
    f.placed = static_cast<int16_t>(core.last_placed());
    f.seg = o.seg;
    f.node = pt.node_base + o.seg;
    Core::Feature& ft = core.feat().mut(core.find(f.node));
    ++ft.followers;
    uint8_t& mine = ft.by_player[static_cast<size_t>(f.player)];
    mine = static_cast<uint8_t>(mine + f.weight);
    --core.supply()[static_cast<size_t>(f.player)];
    core.emit({EventKind::FollowerPlaced, f.player, core.nodes()[f.node].kind, pt.x, pt.y, pt.type, 0});
    break;
  }
  ++core.stage();
}

// Each player has its big followers, each of the rule's strength.
std::string check_big_followers(const Core& core) {
  const Rules& r = core.rules();
  std::array<int64_t, kMaxPlayers> count{};
  for (const auto& f : core.followers()) {
    if (!is_big(f)) continue;
    if (f.weight != r.big_follower_strength || f.kind != FollowerKind::Meeple)
      return "a big follower of player " + std::to_string(f.player) + " is not one of strength " +
             std::to_string(r.big_follower_strength);
    ++count[static_cast<size_t>(f.player)];
  }
  for (int p = 0; p < core.player_count(); ++p)
    if (count[static_cast<size_t>(p)] != r.big_followers)
      return "player " + std::to_string(p) + " has " + std::to_string(count[static_cast<size_t>(p)]) +
             " big followers, the rule set gives " + std::to_string(r.big_followers);
  return {};
}

}  // namespace

// ---------------------------------------------------------------------------------
// The module's table (engine/rules/registry.h): its option's grammar. It places and
// returns followers with the core's events (FollowerPlaced, FollowerReturned).

namespace {

std::string explain_big(const ParseContext& cx, const Option&) {
  const Game& g = cx.game;
  if (g.rules().big_followers == 0) return "this rule set has no big followers (" + cx.legal + ")";
  for (const auto& f : g.followers())
    if (f.player == g.current_player() && f.placed < 0 && is_big(f))
      return std::string(cx.tok[1]) +
             " is not free: its feature already has a follower, or followers may not stand there (" + cx.legal + ")";
  return "the player's big follower is not in supply (" + cx.legal + ")";
}

constexpr OptionRule kOptions[] = {
    {kBig, "big", "", {Arg::Location, Arg::OwnColour}, 2, 1, decision_bit(DecisionKind::Follower), false,
     "a follower", "'big' takes a location kind:port", "", "", nullptr, nullptr, explain_big, "big follower"},
};

}  // namespace

extern const ModuleTable kBigFollowerTable{"big follower", kOptions, {}};

// ---------------------------------------------------------------------------------
// The module's parameters (engine/rules/params.h): its rows of rule_param_specs().

namespace {

constexpr ParamRow kParams[] = {
    {"big_followers", &Rules::big_followers, 0, 3, kSysBase | kSysGcc | kSysDiscovery,
     "big followers each player has besides the others (Inns & Cathedrals: 1; 0: none)"},
    {"big_follower_strength", &Rules::big_follower_strength, 2, 9, kSysBase | kSysGcc | kSysDiscovery,
     "what a big follower counts in a feature's majority (Inns & Cathedrals: 2)"},
};

}  // namespace

extern const ParamTable kBigFollowerParams{"big follower", 0, kParams};

// ---------------------------------------------------------------------------------
// The module's descriptor (engine/rules/registry.h): its tables, when it plays and the
// parts it installs in the turn plan (engine/rules/plan.h), each at its order key.

namespace {

void plan_part_330(PlanBuild& b) {
  if (!b.plays("big follower")) return;  // (its options before take-back's)
  b.plan.at_start.push_back(&big_follower_start);
  b.plan.follower_options.push_back(&add_big_options);
  b.handle(DecisionKind::Follower, kBig, &apply_big);
  b.plan.checks.push_back(&check_big_followers);
}

constexpr ModulePart kPlanParts[] = {{330, &plan_part_330}};
const ModuleDescriptor kDescriptor{.name = "big follower",
                                  .order = 140,
                                  .options = &kBigFollowerTable,
                                  .params = &kBigFollowerParams,
                                  .plan_order = 330,
                                  .plays = [](const PlanBuild& b) { return !b.coop && b.rules.big_followers > 0; },
                                  .parts = kPlanParts};

}  // namespace

TW_REGISTER_MODULE(big_follower, kDescriptor);

}  // namespace tw
