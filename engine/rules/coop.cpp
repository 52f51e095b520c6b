// Mists over Carcassonne: the cooperative levels (RULES.md section 4): the setup a level
// decides and the end of a co-op game (the co-op options' text: the modules' tables).
//
// A co-op game is a Game with a Level. Its turn (the plan of engine/rules/modules.cpp)
// runs through steps, each asking a decision when it has options (every step that
// applies is asked, even with a single option, as the follower step always is):
//   place (1a) -> fog closure (1b, forced) -> bury for every cemetery it closed (1c)
//   -> ghosts emerge (2a, forced; plain cemeteries: `cemetery x,y` for the extra ghost)
//   -> follower (2b) -> `points` / `unghost x,y` for every completed feature with
//   followers (3a; `marker COLOUR` when a colour without a marker scores) -> dogs
//   reached (3b: `dog x,y LOC`, then `unghost x,y` up to twice or `done`) -> face-down
//   tile next to an open haunted cemetery (3c: `facedown x,y`, then any burial it causes)
//   -> next player draws from the current stack.
// The game ends at once when the target is reached (win), or when the ghost bank cannot
// supply, no tile is left, or a stack runs out before its dog (lose).
#include <algorithm>

#include "engine/core.h"
#include "engine/rules/plan.h"
#include "engine/report.h"
#include "engine/rules/coop.h"
#include "engine/rules/sides.h"
#include "engine/text.h"

namespace tw {

// ---------------------------------------------------------------------------------
// Setup

bool setup_coop(Core& core, const Level& level) {
  core.mut(&ModuleState::coop).level = &level;
  core.mut(&ModuleState::followers).by_colour = true;
  const int n = core.player_count();
  const LevelFollowers* lf = level.followers_for(n);
  if (!lf) {
    std::string seats;
    for (const auto& f : level.followers) seats += (seats.empty() ? "" : ", ") + std::to_string(f.players);
    core.end_reason() = "level '" + level.id + "' seats " + (seats.empty() ? "nobody" : seats) + " players, not " +
                  std::to_string(n);
    return false;
  }
  if (n * lf->colours > kMaxPlayers) {
    core.end_reason() = "level '" + level.id + "': " + std::to_string(n) + " players with " +
                  std::to_string(lf->colours) + " colours each need more than " + std::to_string(kMaxPlayers) +
                  " colours";
    return false;
  }
  // What the level decides. The switches the co-op rules do not have are off in every
  // rule set of system mists: the loader refuses one that sets them (validate_content),
  // so nothing a designer wrote is overridden here.
  core.rules().ghost_bank = level.ghost_bank;
  core.rules().cemetery_neighbours = level.cemetery == CemeteryMode::Haunted ? 8 : 4;

  const bool marker_from_supply =
      level.scoring == ScoringMode::PerColour && level.marker_from_supply && n >= core.rules().marker_supply_players;
  // With the colours chosen (the uk book's level 6) the markers come from the chosen
  // colours only, one follower each, taken when a colour is chosen (apply_marker): an
  // unchosen colour keeps all of its followers (issue 59, item 4).
  const size_t colours_in_play = static_cast<size_t>(n) * static_cast<size_t>(lf->colours);
  const bool chosen_later = level.scoring == ScoringMode::PerColour && core.rules().marker_colours_chosen != 0 &&
                            level.score_markers > 0 && static_cast<size_t>(level.score_markers) < colours_in_play;
  const int per = std::max(0, lf->per_colour - (marker_from_supply && !chosen_later ? 1 : 0));
  if (int64_t{n} * lf->colours * per > kMaxGameFollowers || level.ghost_bank > kMaxGhostBank) {
    core.end_reason() = "level '" + level.id + "' gives " + std::to_string(n * lf->colours) + " colours " +
                  std::to_string(per) + " followers each and a bank of " + std::to_string(level.ghost_bank) +
                  " ghosts; a game holds at most " + std::to_string(kMaxGameFollowers) + " followers and " +
                  std::to_string(kMaxGhostBank) + " ghosts";
    return false;
  }
  core.mut(&ModuleState::followers).colours.assign(static_cast<size_t>(n), {});
  core.supply().assign(static_cast<size_t>(n), 0);
  core.mut(&ModuleState::guards).supply.assign(static_cast<size_t>(n), 0);
  core.mut(&ModuleState::guards).general.assign(static_cast<size_t>(n), 0);
  core.scores().assign(static_cast<size_t>(n), 0);
  std::vector<int> in_play;
  for (int p = 0; p < n; ++p)
    for (int k = 0; k < lf->colours; ++k) {
      const int c = p * lf->colours + k;
      core.mut(&ModuleState::followers).colours[static_cast<size_t>(p)].push_back(c);
      in_play.push_back(c);
      core.mut(&ModuleState::followers).colour_total[static_cast<size_t>(c)] = per;
      core.mut(&ModuleState::followers).colour_supply[static_cast<size_t>(c)] = per;
      core.supply()[static_cast<size_t>(p)] += per;
      Follower f;
      f.player = static_cast<int8_t>(p);
      f.colour = static_cast<int8_t>(c);
      for (int i = 0; i < per; ++i) core.followers().push_back(f);
    }
  core.mut(&ModuleState::markers).of_colour.fill(-1);
  if (level.scoring == ScoringMode::PerColour) {
    const size_t markers = level.score_markers == 0 ? in_play.size()
                                                    : std::min(in_play.size(), static_cast<size_t>(level.score_markers));
    // The uk book's reading: the players choose the colours at setup (score_markers.cpp).
    const bool chosen = core.rules().marker_colours_chosen != 0 && markers < in_play.size();
    core.mut(&ModuleState::markers).to_choose = chosen ? static_cast<int>(markers) : 0;
    for (size_t i = 0; !chosen && i < markers; ++i) {
      core.mut(&ModuleState::markers).colour.push_back(in_play[i]);
      core.mut(&ModuleState::markers).of_colour[static_cast<size_t>(in_play[i])] = static_cast<int8_t>(i);
    }
  } else {
    core.mut(&ModuleState::markers).colour.push_back(-1);
  }
  core.mut(&ModuleState::markers).score.assign(core.st().markers.colour.size(), 0);
  core.mut(&ModuleState::bank).ghosts = level.ghost_bank;
  return true;
}

void take_marker_follower(Core& core, int colour) {
  const Level* level = core.st().coop.level;
  if (!level || !level->marker_from_supply || core.player_count() < core.rules().marker_supply_players) return;
  // Before the first tile, so no follower stands anywhere yet.
  auto& fs = core.followers();
  for (size_t i = fs.size(); i-- > 0;)
    if (fs[i].colour == static_cast<int8_t>(colour) && fs[i].placed < 0 && !fs[i].retired) {
      --core.supply()[static_cast<size_t>(fs[i].player)];
      fs.erase(fs.begin() + static_cast<std::ptrdiff_t>(i));
      --core.mut(&ModuleState::followers).colour_total[static_cast<size_t>(colour)];
      --core.mut(&ModuleState::followers).colour_supply[static_cast<size_t>(colour)];
      return;
    }
}

// ---------------------------------------------------------------------------------
// Flow

void coop_lose(Core& core, std::string kind, std::string why) {
  core.mut(&ModuleState::coop).loss_reason = std::move(kind);
  core.pending().kind = DecisionKind::None;
  core.pending().player = -1;
  core.pending().tile = -1;
  core.pending().options.clear();
  core.outcome() = Outcome::Lose;
  core.end_reason() = std::move(why);
  core.emit({EventKind::GameEnded, -1, Kind::None, 0, 0, -1, 0});
}

void coop_win(Core& core) {
  core.pending().kind = DecisionKind::None;
  core.pending().player = -1;
  core.pending().tile = -1;
  core.pending().options.clear();
  core.outcome() = Outcome::Win;
  core.end_reason() = "the target of " + std::to_string(core.st().coop.level->target) + " points was reached";
  core.emit({EventKind::GameEnded, -1, Kind::None, 0, 0, -1, 0});
}

// ---------------------------------------------------------------------------------
// State hash: what a co-op game adds to Game::state_hash

void hash_coop(const Core& core, Fnv64& h) {
  h.text(core.st().coop.level->id);
  for (const auto& p : core.placed()) h.u64(p.wild);
  for (size_t p = 0; p < core.placed().size(); ++p)
    h.u64(static_cast<uint64_t>(core.plan().hooks.tile_ghosts(core, static_cast<int>(p))));
  for (const auto& f : core.followers()) h.u64(static_cast<uint64_t>(f.retired) | static_cast<uint64_t>(f.count[kDogCount]) << 8 |
                                         static_cast<uint64_t>(static_cast<uint8_t>(f.colour)) << 16);
  for (const int64_t m : core.st().markers.score) h.i64(m);
  if (core.rules().marker_colours_chosen != 0) {  // (only then: other games keep their hashes)
    h.i64(core.st().markers.to_choose);
    for (const int c : core.st().markers.colour) h.i64(c);
  }
  for (const int c : core.st().followers.colour_supply) h.i64(c);
  for (const uint8_t c : core.st().cemeteries.closed) h.u64(c);
  h.i64(core.st().stacks.current);
  h.i64(core.st().dogs.reached);
  h.i64(core.st().dogs.to_place);
  h.u64(core.plan().steps[core.stage()].code);
  h.u64(core.st().cemeteries.bury_queue.size());
  h.u64(core.st().evaluation.queue.size());
  h.u64(core.st().markers.queue.size());
  h.i64(core.st().dogs.picks);
  h.i64(core.st().face_down.tile);
  h.i64(core.st().coop_ghosts.due);
}

// ---------------------------------------------------------------------------------
// Invariants

std::string check_coop(const Core& core) {
  if (core.st().markers.colour.overflowed() || core.st().markers.score.overflowed())
    return "a per-player list outgrew its " + std::to_string(kMaxPlayers) + " places";
  // Every follower of a colour is in its supply, on the board or buried; every ghost is
  // in the bank or on the board.
  std::array<int, kMaxPlayers> colour_free{};
  for (const auto& f : core.followers())
    if (f.placed < 0 && !f.retired) ++colour_free[static_cast<size_t>(f.colour)];
  for (int c = 0; c < kMaxPlayers; ++c)
    if (colour_free[static_cast<size_t>(c)] != core.st().followers.colour_supply[static_cast<size_t>(c)])
      return "colour " + std::string(kColourNames[static_cast<size_t>(c)]) + ": supply count does not match the followers";
  int total = 0;
  for (const int t : core.st().followers.colour_total) total += t;
  if (static_cast<int>(core.followers().size()) != total) return "followers were lost or made";
  const int ghosts = core.plan().hooks.ghosts_on_board(core);
  if (ghosts + core.st().bank.ghosts != core.rules().ghost_bank)
    return "ghosts: " + std::to_string(ghosts) + " on the board + " + std::to_string(core.st().bank.ghosts) +
           " in the bank != " + std::to_string(core.rules().ghost_bank);
  if (core.st().bank.ghosts < 0) return "the ghost bank is negative";
  if (core.st().coop_ghosts.per_tile.size() != core.placed().size()) return "ghosts per tile: " + std::to_string(core.st().coop_ghosts.per_tile.size()) + " counts for " + std::to_string(core.placed().size()) + " tiles";
  for (size_t p = 0; p < core.placed().size(); ++p) {
    int n = 0;
    if (!core.placed()[p].wild)
      for (size_t i = 0; i < core.content().tiles[core.placed()[p].type].segments.size(); ++i) n += core.nodes()[core.placed()[p].node_base + i].count;
    if (n != core.st().coop_ghosts.per_tile[p])
      return "ghosts per tile: tile " + std::to_string(p) + " counts " + std::to_string(core.st().coop_ghosts.per_tile[p]) + ", its segments hold " + std::to_string(n);
  }
  return {};
}

namespace {
constexpr KindRule kKindRows[] = {{kRuin, "ruin", 0}};
}  // namespace
extern const KindTable kCoopKinds{"coop", kKindRows, {}};
const Level* coop_level(const Game& g) { return Core(g).st().coop.level; }
bool is_coop(const Game& g) { return coop_level(g) != nullptr; }
const std::string& loss_reason(const Game& g) { return Core(g).st().coop.loss_reason; }

// ---------------------------------------------------------------------------------
// The module's descriptor (engine/rules/registry.h): its tables, when it plays and the
// parts it installs in the turn plan (engine/rules/plan.h), each at its order key.

namespace {

void plan_part_224(PlanBuild& b) {
  // What every co-op game has, whichever of its modules play: its end.
  if (!b.coop) return;
  b.plan.hooks.lose = &coop_lose;
  b.plan.hooks.win = &coop_win;
  b.plan.hooks.take_marker_follower = &take_marker_follower;
}

void plan_part_530(PlanBuild& b) {
  if (!b.coop) return;
  b.plan.checks.push_back(&check_coop);
  b.plan.hashes.push_back(&hash_coop);
}

// What a front end shows: the level a team plays.
void report_view(const Game& g, ViewReport& r) {
  if (!is_coop(g)) return;
  r.coop = true;
  r.level = coop_level(g);
}

constexpr ModulePart kPlanParts[] = {{224, &plan_part_224}, {530, &plan_part_530}};
const ModuleDescriptor kDescriptor{.name = "coop",
                                  .order = 210,
                                  .kinds = &kCoopKinds,
                                  .plan_order = 0,
                                  .plays = [](const PlanBuild& b) { return b.coop; },
                                  .listed = false,
                                  .parts = kPlanParts,
                                  .report = &report_view};

}  // namespace

TW_REGISTER_MODULE(coop, kDescriptor);

}  // namespace tw
