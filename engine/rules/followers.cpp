// Rule module: followers. The follower step after every placement: `pass`, or a
// follower from the supply on a free segment of the tile just placed (a meeple; in
// Ghosts, Castles and Cemeteries also a guard, module "guards"; in Discovery also a
// take-back, module "take-back"). Co-op players place followers of their colours, on
// cities, roads and castles only. Parameters: followers, farmers,
// fogged_fields_occupiable (module "followers").
#include <algorithm>
#include <bit>

#include "engine/core.h"
#include "engine/rules/plan.h"
#include "engine/rules/kinds.h"
#include "engine/rules/followers.h"

namespace tw {

bool step_follower(Core& core) {
  core.pending().kind = DecisionKind::Follower;
  core.pending().player = core.current();
  core.pending().tile = -1;
  auto& opts = core.pending().options;
  opts.clear();
  opts.push_back(Option{});  // pass
  add_meeple_options(core);
  for (const Hook h : core.plan().follower_options) h(core);  // take-back (offered last)
  return true;
}

void add_meeple_options(Core& core) {
  auto& opts = core.pending().options;
  const size_t me = static_cast<size_t>(core.current());
  const bool meeples = core.supply()[me] > 0;
  const bool guards = core.plan().guards && core.st().guards.supply[me] > 0;  // module "guards"
  if (!meeples && !guards) return;
  const PlacedTile& pt = core.placed()[static_cast<size_t>(core.last_placed())];
  // The segments a follower may stand on (per tile type, computed once in the plan).
  const uint32_t occupiable = core.plan().stand[pt.type];
  // The player's colours: its own, or (co-op) each of its colours with a follower in supply.
  const int own = core.current();
  const int* colours = &own;
  size_t ncolours = 1;
  if (core.st().followers.by_colour) {
    colours = core.st().followers.colours[me].begin();
    ncolours = core.st().followers.colours[me].size();
  }
  for (const OptKind kind : {OptKind::Meeple, OptKind::Guard}) {
    if (kind == OptKind::Meeple ? !meeples : !guards) continue;
    for (size_t c = 0; c < ncolours; ++c) {
      if (core.st().followers.by_colour && core.st().followers.colour_supply[static_cast<size_t>(colours[c])] <= 0) continue;
      for (uint32_t segs = occupiable; segs; segs &= segs - 1) {
        const uint32_t i = static_cast<uint32_t>(std::countr_zero(segs));
        if (core.feat()[core.find(pt.node_base + i)].followers != 0) continue;
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

void apply_follower(Core& core, const Option& o) {
  const PlacedTile& pt = core.placed()[static_cast<size_t>(core.last_placed())];
  const FollowerKind want = o.kind == OptKind::Guard ? FollowerKind::Guard : FollowerKind::Meeple;
  for (auto& f : core.followers()) {
    if (f.player != core.current() || f.colour != o.colour || f.placed >= 0 || f.kind != want || f.general || f.retired)
      continue;
    f.placed = static_cast<int16_t>(core.last_placed());
    f.seg = o.seg;
    f.node = pt.node_base + o.seg;
    f.count[kGhostCount] = 0;
    Core::Feature& ft = core.feat().mut(core.find(f.node));
    ++ft.followers;
    ++ft.by_player[static_cast<size_t>(core.slot(f))];
    --(want == FollowerKind::Guard ? core.mut(&ModuleState::guards).supply : core.supply())[static_cast<size_t>(core.current())];
    if (core.st().followers.by_colour) --core.mut(&ModuleState::followers).colour_supply[static_cast<size_t>(f.colour)];
    core.emit({EventKind::FollowerPlaced, static_cast<int8_t>(core.slot(f)), core.nodes()[f.node].kind, pt.x, pt.y, pt.type, 0});
    break;
  }
  ++core.stage();
}

void apply_pass(Core& core, const Option&) { ++core.stage(); }

// ---------------------------------------------------------------------------------
// The module's table (engine/rules/registry.h): its options' grammar, its events' words.

namespace {

std::string not_free(const ParseContext& cx) {
  return std::string(cx.tok[1]) +
         " is not free: its feature already has a follower, or followers may not stand there (" + cx.legal + ")";
}

std::string explain_meeple(const ParseContext& cx, const Option& o) {
  const Game& g = cx.game;
  const bool by_colour = Core(g).st().followers.by_colour;  // co-op: supplies per colour
  // The followers `meeple` would take (apply_follower's): the supply counts a module's
  // heavier followers too (issue 57, item 6: with only the big follower left, `meeple
  // city:S` was said to be on a taken feature).
  int ordinary = 0, others = 0;
  for (const auto& f : g.followers()) {
    if (f.player != g.current_player() || f.placed >= 0 || f.general || f.retired) continue;
    if (by_colour && f.colour != o.colour) continue;
    (f.kind == FollowerKind::Meeple && f.weight <= 1 ? ordinary : others) += 1;
  }
  if (ordinary == 0 || (by_colour && g.colour_supply(o.colour) <= 0)) {
    if (by_colour) return "no " + std::string(kColourNames[o.colour]) + " follower is left in supply (" + cx.legal + ")";
    return others ? "the player has no ordinary follower left in supply; the followers it still holds are placed "
                    "with their own option (" + cx.legal + ")"
                  : "the player has no follower left in supply (" + cx.legal + ")";
  }
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
     "", nullptr, nullptr, explain_meeple, "followers", 'M'},
    {OptKind::Guard, "guard", "", {Arg::Location, Arg::OwnColour}, 2, 1, decision_bit(DecisionKind::Follower),
     false, "a follower", "'guard' takes a location kind:port", "", "", nullptr, nullptr, explain_guard, "guards", 'G'},
    {OptKind::Pass, "pass", "", {}, 0, 0, ~0u, false, "", "'pass' takes no arguments", "", "", nullptr, nullptr,
     explain_pass, "followers"},
};

}  // namespace

extern const ModuleTable kFollowersTable{"followers", kOptions, {}};

// ---------------------------------------------------------------------------------
// The module's parameters (engine/rules/params.h): its rows of rule_param_specs().

namespace {

constexpr ParamRow kParams[] = {
    {"followers", &Rules::followers, 0, 50, kSysBase | kSysGcc | kSysDiscovery,
     "followers each player has in supply at the start"},
};

}  // namespace

extern const ParamTable kFollowersParams{"followers", 0, kParams};

// ---------------------------------------------------------------------------------
// The module's descriptor (engine/rules/registry.h): its tables, when it plays and the
// parts it installs in the turn plan (engine/rules/plan.h), each at its order key.

namespace {

void plan_part_310(PlanBuild& b) {
  if (!b.plays("followers")) return;
  b.step(&step_follower, 2, "follower");
  b.handle(DecisionKind::Follower, OptKind::Meeple, &apply_follower);
  b.handle(DecisionKind::Follower, OptKind::Pass, &apply_pass);
  // Where a follower may stand: co-op, on cities, roads and castles only.
  for (const Kind k : {Kind::City, Kind::Road, kCastle}) b.plan.stand_kinds |= uint64_t{1} << static_cast<unsigned>(k);
  if (!b.coop) {
    for (const Kind k : {Kind::Monastery, kCemetery, kLowland, kMountain, kWater})
      b.plan.stand_kinds |= uint64_t{1} << static_cast<unsigned>(k);
    b.plan.stand_fields = true;
  }
  // Guards stand by the same step and its handler when the guards module plays.
  if (b.plays("guards")) b.handle(DecisionKind::Follower, OptKind::Guard, &apply_follower);
}

constexpr ModulePart kPlanParts[] = {{310, &plan_part_310}};
const ModuleDescriptor kDescriptor{.name = "followers",
                                  .order = 10,
                                  .options = &kFollowersTable,
                                  .params = &kFollowersParams,
                                  .plan_order = 310,
                                  .plays = [](const PlanBuild&) { return true; },
                                  .parts = kPlanParts};

}  // namespace

TW_REGISTER_MODULE(followers, kDescriptor);

}  // namespace tw
