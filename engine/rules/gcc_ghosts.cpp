// Rule module: gcc ghosts (Ghosts, Castles and Cemeteries, RULES.md section 3). Where a
// placed tile's fog meets fog, an opponent's follower gets a ghost from the bank; where
// fog meets no fog (either way round), one of the player's own; the player chooses which
// (`ghost x,y LOC`). A follower with ghosts_to_scare ghosts goes home with them. Scoring a
// feature costs ghost_penalty per ghost standing with the scoring player's followers
// there; at the end, ghost_penalty_final per ghost still on the board (only with the
// majority, or with every follower: final_ghost_penalty_all). Parameters: fog_ghosts,
// ghost_bank, ghosts_to_scare, ghost_penalty, ghost_penalty_final,
// final_ghost_penalty_all (module "gcc ghosts").
// A follower's ghosts are its count in slot kGhostCount (Follower::count, engine/rules/
// state.h: the slot the core hashes with the follower); when it leaves the board they go
// back to the bank (ghosts_on_return, the plan's on_return). Scoring's cost is the plan's
// penalty (ghost_costs).
#include <algorithm>

#include "engine/rules/kinds.h"
#include "engine/core.h"
#include "engine/rules/plan.h"
#include "engine/report.h"
#include "engine/rules/gcc_ghosts.h"

namespace tw {

void ghosts_after_place(Core& core) {
  // Fog thickens where a fogged side meets a fogged side, disperses where fog meets no
  // fog (either way round); a side next to empty space does nothing. put_tile found
  // where the tile's fog met its neighbours' (the plan's cover_meets, Core::cover_meets):
  // bit 0 thickens (an opponent's ghost is due), bit 1 disperses (one's own).
  const Core& c = core;
  const unsigned queue = c.cover_meets();
  // (written only when it changes: an unchanged part is not saved in an open undo frame)
  if (queue != c.st().gcc_ghosts.queue) core.mut(&ModuleState::gcc_ghosts).queue = static_cast<uint8_t>(queue);
}

namespace {

// The ghosts due (queue not empty): an opponent's ghost first, then one's own; true when
// a ghost decision is asked. (Not inlined: the step's common case, nothing due, then
// saves no registers.)
[[gnu::noinline]] bool ask_ghosts(Core& core) {
  const Core& c = core;
  while (c.st().gcc_ghosts.queue) {
    const bool opponent = c.st().gcc_ghosts.queue & 1;
    core.mut(&ModuleState::gcc_ghosts).queue &= static_cast<uint8_t>(opponent ? ~1u : ~2u);
    if (c.st().bank.ghosts <= 0) continue;
    auto& opts = core.pending().options;
    opts.clear();
    const int current = c.current();
    for (const auto& f : c.followers()) {
      if (f.placed < 0 || f.kind == FollowerKind::Guard) continue;
      if ((f.player != current) != opponent) continue;
      opts.push_back(c.follower_option(OptKind::Ghost, f));
    }
    if (opts.empty()) continue;  // nobody to haunt: nothing happens
    core.pending().kind = DecisionKind::Ghost;
    core.pending().player = current;
    return true;
  }
  return false;
}

}  // namespace

bool step_ghosts(Core& core) {
  // (most turns no ghost is due: the step costs one test then)
  if (core.st().gcc_ghosts.queue && ask_ghosts(core)) return true;
  return core.next();
}

void apply_ghost(Core& core, const Option& o) {
  // The follower on segment o.seg of the tile at o.x,o.y (the placed tile's index, then
  // one compare of two fields per follower).
  const Core& c = core;
  const int p = c.tile_at(o.x, o.y);
  if (p < 0) return;
  for (auto& f : core.followers()) {
    if (f.placed != p || f.seg != o.seg) continue;
    const PlacedTile& pt = c.placed()[static_cast<size_t>(f.placed)];
    --core.mut(&ModuleState::bank).ghosts;
    ++f.count[kGhostCount];
    core.emit({EventKind::GhostAdded, f.player, c.nodes()[f.node].kind, pt.x, pt.y, pt.type, 0});
    if (f.count[kGhostCount] >= c.rules().ghosts_to_scare) {
      core.emit({EventKind::FollowerScared, f.player, c.nodes()[f.node].kind, pt.x, pt.y, pt.type, 0});
      core.remove_follower(f);
    }
    break;
  }
}

std::array<int, kMaxPlayers> feature_ghosts(const Core& core, uint32_t root) {
  std::array<int, kMaxPlayers> ghosts{};
  for (const auto& f : core.followers())
    if (f.placed >= 0 && f.count[kGhostCount] && core.find(f.node) == root) ghosts[static_cast<size_t>(f.player)] += f.count[kGhostCount];
  return ghosts;
}

std::array<int, kMaxPlayers> ghost_costs(const Core& core, uint32_t root) {
  std::array<int, kMaxPlayers> cost = feature_ghosts(core, root);
  for (int& c : cost) c = static_cast<int>(c * core.rules().ghost_penalty);
  return cost;
}

void final_ghost_penalty(Core& core) {
  std::array<int64_t, kMaxPlayers> lost{};
  for (const auto& f : core.followers()) {
    if (f.placed < 0 || f.count[kGhostCount] == 0 || core.nodes()[f.node].kind == kCemetery) continue;
    if (!core.rules().final_ghost_penalty_all) {
      const Core::Feature& ft = core.feat()[core.find(f.node)];
      const uint8_t best = *std::max_element(ft.by_player.begin(), ft.by_player.end());
      if (ft.by_player[static_cast<size_t>(f.player)] != best) continue;
    }
    lost[static_cast<size_t>(f.player)] += f.count[kGhostCount] * core.rules().ghost_penalty_final;
  }
  for (int p = 0; p < core.player_count(); ++p)
    if (lost[static_cast<size_t>(p)]) {
      core.add_points(p, -lost[static_cast<size_t>(p)]);
      core.emit({EventKind::GhostPenalty, static_cast<int8_t>(p), Kind::None, 0, 0, -1,
            static_cast<int>(-lost[static_cast<size_t>(p)])});
    }
}

std::string check_gcc_ghosts(const Core& core) {
  // Every ghost is in the bank or with a follower on the board (not a guard), and no
  // follower keeps as many as scare it away.
  int ghosts = 0;
  for (const auto& f : core.followers()) {
    ghosts += f.count[kGhostCount];
    if (f.placed < 0 && f.count[kGhostCount]) return "a follower in supply has ghosts";
    if (f.placed >= 0 && f.kind == FollowerKind::Guard && f.count[kGhostCount]) return "a guard has ghosts";
    if (f.placed >= 0 && f.count[kGhostCount] >= core.rules().ghosts_to_scare) return "a follower kept too many ghosts";
  }
  if (ghosts + core.st().bank.ghosts != core.rules().ghost_bank)
    return "ghosts: " + std::to_string(ghosts) + " with followers + " + std::to_string(core.st().bank.ghosts) +
           " in the bank != " + std::to_string(core.rules().ghost_bank);
  if (core.st().bank.ghosts < 0) return "the ghost bank is negative";
  return {};
}

// ---------------------------------------------------------------------------------
// The module's table (engine/rules/registry.h): its options' grammar, its events' words.

namespace {

std::string explain_ghost(const ParseContext& cx, const Option&) {
  return "no follower here may take this ghost at " + std::string(cx.tok[1]) + " " + std::string(cx.tok[2]) +
         " (" + cx.legal + ")";
}

constexpr OptionRule kOptions[] = {
    {OptKind::Ghost, "ghost", "", {Arg::Cell, Arg::Location}, 2, 0, decision_bit(DecisionKind::Ghost), false,
     "a ghost", "'ghost' takes x,y and a location kind:port", "", "", nullptr, nullptr, explain_ghost,
     "gcc ghosts", 'g'},
};

constexpr EventRule kEvents[] = {
    {EventKind::GhostAdded, "gcc ghosts", "a ghost joins {who}'s follower on the {feature} at {at}"},
    {EventKind::FollowerScared, "gcc ghosts", "{who}'s follower at {at} is scared home with its ghosts"},
    {EventKind::GhostPenalty, "gcc ghosts", "{who} loses {minus} for ghosts"},
};

}  // namespace

extern const ModuleTable kGccGhostsTable{"gcc ghosts", kOptions, kEvents};

// ---------------------------------------------------------------------------------
// The module's parameters (engine/rules/params.h): its rows of rule_param_specs().

namespace {

constexpr ParamRow kParams[] = {
    {"fog_ghosts", &Rules::fog_ghosts, 0, 1, kSysGcc,
     "1: a tile whose fog thickens or disperses fog puts ghosts with followers (GCC)"},
    {"ghost_bank", &Rules::ghost_bank, 0, 99, kSysGcc,
     "ghosts in the bank at the start"},
    {"ghost_penalty", &Rules::ghost_penalty, 0, 100, kSysGcc,
     "points lost per ghost with a scoring follower during play"},
    {"ghost_penalty_final", &Rules::ghost_penalty_final, 0, 100, kSysGcc,
     "points lost per ghost still with a follower at the end"},
    {"final_ghost_penalty_all", &Rules::final_ghost_penalty_all, 0, 1, kSysGcc,
     "1: at the end every follower's ghosts cost (not on cemeteries); 0: only followers that score"},
    {"ghosts_to_scare", &Rules::ghosts_to_scare, 1, 9, kSysGcc,
     "the ghost that sends a follower home with its ghosts"},
};

}  // namespace

extern const ParamTable kGccGhostsParams{"gcc ghosts", uint64_t{1} << static_cast<unsigned>(kFog), kParams};

int ghost_bank(const Game& g) { return Core(g).st().bank.ghosts; }

void ghosts_on_return(Core& core, Follower& f) {
  core.mut(&ModuleState::bank).ghosts += f.count[kGhostCount];
  f.count[kGhostCount] = 0;
}

int ghosts_with(const Follower& f) { return f.count[kGhostCount]; }

void hash_gcc_ghosts_turn(const GccGhostsState& st, Fnv64& h) { h.u64(st.queue); }

void hash_ghost_bank(const GhostBankState& st, Fnv64& h) { h.i64(st.ghosts); }

void start_ghost_bank(GhostBankState& st, const Rules& rules) { st.ghosts = static_cast<int>(rules.ghost_bank); }

bool uses_ghosts(const Game& g) { return g.rules().fog_ghosts != 0; }

// ---------------------------------------------------------------------------------
// The module's descriptor (engine/rules/registry.h): its tables, when it plays and the
// parts it installs in the turn plan (engine/rules/plan.h), each at its order key.

namespace {

void plan_part_300(PlanBuild& b) {
  if (!b.plays("gcc ghosts")) return;
  b.plan.cover_meets = true;
  b.plan.after_place.push_back(&ghosts_after_place);
  b.step(&step_ghosts, 10, "ghosts");
  b.handle(DecisionKind::Ghost, OptKind::Ghost, &apply_ghost);
  b.plan.penalty = &ghost_costs;
  b.plan.on_return = &ghosts_on_return;
  b.plan.hooks.feature_ghosts = &feature_ghosts;
  b.plan.checks.push_back(&check_gcc_ghosts);
}

void plan_part_510(PlanBuild& b) {
  // The ghosts' penalty at the end, after the final scoring (by majority only).
  const Rules& r = b.rules;
  if (!b.coop && r.final_scoring != 0 && r.score_each_follower == 0 && r.ghost_penalty_final != 0 &&
      b.plays("gcc ghosts"))
    b.plan.at_end.push_back(&final_ghost_penalty);
}

// What a front end shows: the ghost bank; the ghosts with each follower.
void report_view(const Game& g, ViewReport& r) {
  if (uses_ghosts(g)) r.add("ghost_bank", "ghost bank", ghost_bank(g), 10);
  for (size_t i = 0; i < g.followers().size(); ++i) r.figures[i].ghosts = ghosts_with(g.followers()[i]);
}

constexpr ModulePart kPlanParts[] = {{300, &plan_part_300}, {510, &plan_part_510}};
const ModuleDescriptor kDescriptor{.name = "gcc ghosts",
                                  .order = 30,
                                  .options = &kGccGhostsTable,
                                  .params = &kGccGhostsParams,
                                  .plan_order = 300,
                                  .plays = [](const PlanBuild& b) { return !b.coop && b.rules.fog_ghosts != 0; },
                                  .parts = kPlanParts,
                                  .report = &report_view};

}  // namespace

TW_REGISTER_MODULE(gcc_ghosts, kDescriptor);

}  // namespace tw
