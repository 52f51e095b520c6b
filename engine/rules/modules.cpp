// The rule modules a game plays, and the turn they make together (Game::TurnPlan).
//
// A rule set chooses its modules in data: its system (a level makes a co-op game) and
// its parameters switch modules on (fog_ghosts > 0 plays gcc ghosts, hand_size > 0 plays
// hands, ...); a parameter no module of the system reads is refused at load
// (rule_param_specs(), engine/content.cpp). This file is the only place that knows which
// module adds which hook, step, handler and feature rule; the core (engine/turn.cpp,
// engine/scoring.cpp) runs whatever the plan says. To add a module, write its file under
// engine/rules/ and add it here (docs/architecture.md, "How to add a module").
#include <algorithm>

#include "engine/rules/kinds.h"
#include "engine/core.h"
#include "engine/rules/castles.h"
#include "engine/rules/cemeteries.h"
#include "engine/rules/cities.h"
#include "engine/rules/coop.h"
#include "engine/rules/coop_ghosts.h"
#include "engine/rules/discovery_regions.h"
#include "engine/rules/dogs.h"
#include "engine/rules/evaluation.h"
#include "engine/rules/face_down.h"
#include "engine/rules/fields.h"
#include "engine/rules/final_scoring.h"
#include "engine/rules/fog.h"
#include "engine/rules/followers.h"
#include "engine/rules/gcc_ghosts.h"
#include "engine/rules/guards.h"
#include "engine/rules/hands.h"
#include "engine/rules/inns.h"
#include "engine/rules/monasteries.h"
#include "engine/rules/roads.h"
#include "engine/rules/score_floor.h"
#include "engine/rules/score_markers.h"
#include "engine/rules/stacks.h"
#include "engine/rules/takeback.h"

namespace tw {

void add_big_follower(TurnPlan& p);  // engine/rules/big_follower.cpp (a module with no state has no header)

namespace {

size_t at(OptKind k) { return static_cast<size_t>(k); }
size_t at(Kind k) { return static_cast<size_t>(k); }

// A marker colour chosen at setup (the uk book's level 6) also gives the co-op module's
// follower for the marker, from that colour only (take_marker_follower).
void apply_marker_taking_follower(Core& core, const Option& o) {
  const bool setup = core.st().markers.to_choose > 0;
  apply_marker(core, o);
  if (setup) take_marker_follower(core, o.colour);
}

}  // namespace

std::shared_ptr<const TurnPlan> build_plan(const std::vector<Core::TypeCache>& tiles, const Rules& r,
                                           const Level* level, uint64_t kinds,
                                           const std::vector<std::string>& without,
                                           std::shared_ptr<const TurnPlan> reuse) {
  const bool coop = level != nullptr;
  const bool gcc_ghosts = !coop && r.fog_ghosts != 0;
  const bool guards = !coop && (r.guards > 0 || r.general_guards > 0);
  const bool takeback = !coop && r.takeback != 0;
  const bool hands = !coop && r.hand_size > 0;
  const bool final_scoring = !coop && r.final_scoring != 0;
  const bool each_follower = final_scoring && r.score_each_follower != 0;
  const bool final_ghosts = final_scoring && !each_follower && gcc_ghosts && r.ghost_penalty_final != 0;
  const bool floor = !coop && r.score_floor_zero != 0;
  const bool per_colour = coop && level->scoring == ScoringMode::PerColour;
  const bool big = !coop && r.big_followers > 0;
  const bool inns = !coop && r.inns_cathedrals != 0;
  const uint64_t flags = uint64_t{1} << 63 | uint64_t{coop} | uint64_t{gcc_ghosts} << 1 | uint64_t{guards} << 2 |
                         uint64_t{takeback} << 3 | uint64_t{hands} << 4 | uint64_t{final_scoring} << 5 |
                         uint64_t{each_follower} << 6 | uint64_t{final_ghosts} << 7 | uint64_t{floor} << 8 |
                         uint64_t{per_colour} << 9 | uint64_t{r.farmers != 0} << 10 |
                         uint64_t{r.fogged_fields_occupiable != 0} << 11 |
                         uint64_t{r.fog_closes_fields != 0} << 12 |
                         uint64_t{big} << 13 | uint64_t{inns} << 14;
  // `kinds`: the kinds of feature the game's tiles show (the pool but what the level
  // leaves in the box, the start tile and the rest of its start piece; build_pile counts
  // them as it fills the pile): the modules that score them are played.
  auto shows = [kinds](Kind k) { return (kinds >> static_cast<unsigned>(k)) & 1; };

  const uint64_t key = flags | kinds << 16;  // (Kind has fewer than 16 values)
  if (reuse && reuse->key == key && without.empty()) return reuse;

  auto plan = std::make_shared<TurnPlan>();
  TurnPlan& p = *plan;
  p.key = without.empty() ? key : 0;  // a plan without some modules is never reused
  // A step of the turn and the code state_hash records of it (co-op levels hash it, so a
  // step keeps its code: records keep their hashes).
  auto step = [&p](Step s, uint8_t code, std::string_view name) { p.steps.push_back({s, code, name}); };
  // Who applies an option of kind `o` answering a decision of kind `d`.
  auto handle = [&p](DecisionKind d, OptKind o, Handler h) { p.apply[static_cast<size_t>(d)][at(o)] = h; };
  // Whether the game plays a module (GameSetup::without leaves some out, for tests and
  // experiments); if so, it is named in the plan.
  auto module = [&p, &without](std::string_view name) {
    if (std::find(without.begin(), without.end(), name) != without.end()) return false;
    p.modules.push_back(name);
    return true;
  };
  p.draw = &Core::draw_from_pile;
  p.cover_splits = fog_cover_splits(r);
  handle(DecisionKind::Place, OptKind::Place, &Core::apply_place);

  // What features are worth and when they are complete.
  if (shows(Kind::Road) && module("roads")) {
    p.value[at(Kind::Road)] = &road_value;
    p.complete[at(Kind::Road)] = &Core::edge_complete;
  }
  if (shows(Kind::City) && module("cities")) {
    p.value[at(Kind::City)] = &city_value;
    p.complete[at(Kind::City)] = &Core::edge_complete;
  }
  if (shows(Kind::Monastery) && module("monasteries")) {
    p.value[at(Kind::Monastery)] = &monastery_value;
    p.complete[at(Kind::Monastery)] = &Core::surrounded;
  }
  if (shows(Kind::Field) && module("fields")) p.value[at(Kind::Field)] = &field_value;
  if (inns && module("inns and cathedrals")) add_inns_cathedrals(p);  // (after roads' and cities' values)
  if (shows(kCastle) && module("castles")) {
    p.value[at(kCastle)] = &castle_value;
    p.complete[at(kCastle)] = &castle_complete;
  }
  const bool cemeteries = shows(kCemetery) && module("cemeteries");
  if (cemeteries) {
    p.hooks.cemetery_open = &cemetery_open;
    p.complete[at(kCemetery)] = &cemetery_complete;
    if (!coop) p.score[at(kCemetery)] = &score_cemetery;
  }
  if ((shows(kLowland) || shows(kMountain) || shows(kWater)) && module("discovery regions"))
    for (const Kind k : {kLowland, kMountain, kWater}) {
      p.value[at(k)] = &region_value;
      p.complete[at(k)] = &Core::edge_complete;
    }

  // The turn, one flow for every game: draw, place, the after-place hooks, then the steps
  // below in this order, each module's where it acts (engine/rules/coop.cpp has the order of a
  // co-op turn), then the end of the turn. Which modules play is chosen above from the
  // rule set's system (a level makes a co-op game), parameters and tiles.
  if (coop && module("stacks")) {
    p.at_start.push_back(&stacks_start);
    p.draw = &draw_from_stacks;
    p.hooks.stack_tiles_left = &stack_tiles_left;
    p.hooks.on_dog_reached = &stacks_on_dog_reached;
  }
  if (hands && module("hands")) {
    p.at_start.push_back(&deal_hands);
    p.draw = &draw_from_hand;
    p.after_place.push_back(&hands_after_place);
  }
  const bool bank = coop && module("co-op ghost bank");
  if (coop) {
    // What every co-op game has, whichever of its modules play: its end (coop.cpp), the
    // ghosts' accounting (coop_ghosts.cpp: check_coop counts them), the team's score and
    // its thresholds (score_markers.cpp, dogs.cpp: the target wins), the modules'
    // per-tile state and fog joining (fog.cpp).
    p.hooks.lose = &coop_lose;
    p.hooks.win = &coop_win;
    p.hooks.tile_ghosts = &tile_ghosts;
    p.hooks.ghosts_on_board = &ghosts_on_board;
    p.hooks.add_ghosts = &add_ghosts;
    p.hooks.remove_ghosts = &remove_tile_ghosts;
    p.hooks.return_area_ghosts = &return_area_ghosts;
    p.hooks.ghosts_due = &ghosts_due;
    p.hooks.emerged_on_fog = &emerged_on_fog;
    p.hooks.unghost_options = &push_unghost;
    p.hooks.unghost_count = &unghost_count;
    p.hooks.team_points = &coop_add_points;
    p.hooks.progress = &progress;
    p.hooks.thresholds = &coop_check_thresholds;
    p.hooks.dogs_reached = &dogs_reached;
    for (const Hook h : {&cemeteries_on_put, &coop_ghosts_on_put}) {
      p.on_put.push_back(h);
      p.hooks.on_put_face_down.push_back(h);
    }
    p.on_put.push_back(&fog_on_put);
    p.join = &join_fog;
  }
  if (bank) p.at_start.push_back(&start_ghosts);
  if (coop && module("fog")) p.after_place.push_back(&fog_after_place);
  const bool burials = coop && cemeteries;  // co-op cemeteries bury a follower
  if (burials) {
    p.after_place.push_back(&cemeteries_after_place);
    p.on_face_down.push_back(&cemeteries_on_face_down);
    step(&step_bury, 0, "bury");
    handle(DecisionKind::Bury, OptKind::Bury, &apply_bury);
    handle(DecisionKind::Bury, OptKind::BurySupply, &apply_bury);
  }
  if (bank) step(&step_emerge, 1, "emerge");
  if (burials && bank && level->cemetery == CemeteryMode::Haunted) step(&step_haunt, 1, "haunted cemetery");
  if (burials && level->cemetery == CemeteryMode::Plain) {
    step(&step_cemetery_ghost, 2, "cemetery ghost");  // (hashed as the follower step)
    handle(DecisionKind::Cemetery, OptKind::Cemetery, &apply_cemetery);
  }
  if (gcc_ghosts && module("gcc ghosts")) {
    p.after_place.push_back(&ghosts_after_place);
    step(&step_ghosts, 10, "ghosts");
    handle(DecisionKind::Ghost, OptKind::Ghost, &apply_ghost);
    p.penalty = &ghost_costs;
    p.on_return = &ghosts_on_return;
    p.hooks.feature_ghosts = &feature_ghosts;
    p.checks.push_back(&check_gcc_ghosts);
  }
  if (module("followers")) {
    step(&step_follower, 2, "follower");
    handle(DecisionKind::Follower, OptKind::Meeple, &apply_follower);
    handle(DecisionKind::Follower, OptKind::Pass, &apply_pass);
    // Where a follower may stand: co-op, on cities, roads and castles only.
    for (const Kind k : {Kind::City, Kind::Road, kCastle}) p.stand_kinds |= uint64_t{1} << at(k);
    if (!coop) {
      for (const Kind k : {Kind::Monastery, kCemetery, kLowland, kMountain, kWater})
        p.stand_kinds |= uint64_t{1} << at(k);
      p.stand_fields = true;
    }
  }
  if (guards && module("guards")) {
    p.guards = true;
    p.hooks.gain_guard = &gain_guard;
    handle(DecisionKind::Follower, OptKind::Guard, &apply_follower);
  }
  if (big && module("big follower")) add_big_follower(p);  // (its options before take-back's)
  if (takeback && module("take-back")) {
    p.follower_options.push_back(&add_takeback_options);
    handle(DecisionKind::Follower, OptKind::TakeBack, &apply_takeback);
  }
  // Completed features: scored by majority, or (co-op) evaluated by the players' choice.
  if (!coop) step(&Core::step_score_completed, 11, "scoring");
  if (coop && module("evaluation")) {
    step(&step_completed_features, 3, "completed features");
    step(&step_evaluate, 3, "evaluate");
    handle(DecisionKind::Evaluate, OptKind::Points, &apply_evaluate);
    handle(DecisionKind::Evaluate, OptKind::Unghost, &apply_evaluate);
  }
  if (per_colour && module("score markers")) {
    p.per_colour = true;
    p.hooks.points_waiting = &points_waiting;
    p.hooks.marker_choice = &step_marker_choice;
    if (r.marker_colours_chosen != 0 && level->score_markers > 0)
      p.draw = p.draw == &draw_from_stacks ? &draw_after_marker_colours<&draw_from_stacks>
                                           : &draw_after_marker_colours<&Core::draw_from_pile>;
    handle(DecisionKind::Marker, OptKind::Marker,
           r.marker_colours_chosen != 0 && level->score_markers > 0 ? &apply_marker_taking_follower : &apply_marker);
  }
  const bool floored = floor && module("score floor");
  if (floored) {
    p.floor_each = r.score_floor_per_turn == 0;
    step(&step_score_floor, 12, "score floor");
    p.checks.push_back(&check_score_floor);
  }
  if (coop && module("dogs")) {
    step(&step_dogs, 5, "dogs");
    step(&step_dog_clear, 6, "dog clears");
    handle(DecisionKind::Dog, OptKind::Dog, &apply_dog);
    handle(DecisionKind::DogClear, OptKind::Unghost, &apply_dog_clear);
    handle(DecisionKind::DogClear, OptKind::Done, &apply_dog_done);
  }
  if (coop && module("face-down tiles")) {
    step(&step_face_down, 7, "face down");
    if (burials) step(&step_bury, 8, "bury face down");
    handle(DecisionKind::FaceDown, OptKind::FaceDown, &apply_face_down);
  }
  step(&Core::step_end_turn, 9, "end of turn");
  // Per tile type, the segments a follower may stand on (the follower step reads it).
  p.stand.resize(tiles.size());
  for (size_t t = 0; t < tiles.size(); ++t) {
    uint32_t m = 0;
    for (size_t k = 0; k < Core::kKinds; ++k)
      if ((p.stand_kinds >> k) & 1) m |= tiles[t].kind_segs[k];
    if (p.stand_fields && r.farmers)
      m |= r.fogged_fields_occupiable ? tiles[t].field_segs | tiles[t].covered_field_segs : tiles[t].field_segs;
    p.stand[t] = m;
  }

  // The end of the game and the modules' invariants and state.
  if (final_scoring && module("final scoring"))
    p.at_end.push_back(each_follower ? &final_each_follower : &final_by_majority);
  if (final_ghosts && std::find(p.modules.begin(), p.modules.end(), "gcc ghosts") != p.modules.end())
    p.at_end.push_back(&final_ghost_penalty);
  if (floored) p.at_end.push_back(&apply_score_floor);
  if (coop) {
    p.checks.push_back(&check_coop);
    p.hashes.push_back(&hash_coop);
  }
  return plan;
}

// ---------------------------------------------------------------------------------
// The one list of the rule modules: each module's tables, declared at the end of its own
// file (engine/rules/<module>.cpp). Adding a module adds its line here and its entries to
// build_plan below. The order is the order of the verbs in TGN's keyword list (the option
// tables) and of the tile checks (the kind tables); parameters show in Rules' field order.

extern const ModuleTable kFollowersTable, kTakeBackTable, kGccGhostsTable, kGuardsTable, kFogTable,
    kCoopGhostsTable, kEvaluationTable, kCemeteriesTable, kDogsTable, kStacksTable, kFaceDownTable,
    kScoreMarkersTable, kBigFollowerTable;
extern const KindTable kCastlesKinds, kCemeteriesKinds, kRegionKinds, kFogKinds, kCoopKinds, kCitiesChecks,
    kInnsChecks;
extern const ParamTable kFollowersParams, kRoadsParams, kCitiesParams, kMonasteriesParams, kFieldsParams,
    kFinalScoringParams, kGccGhostsParams, kGuardsParams, kScoreFloorParams, kFogParams, kCastlesParams,
    kCemeteriesParams, kCoopGhostsParams, kDogsParams, kScoreMarkersParams, kTakeBackParams,
    kDiscoveryRegionsParams, kHandsParams, kBigFollowerParams, kInnsParams;

namespace {

constexpr ModuleEntry kModules[] = {
    {"followers", &kFollowersTable, nullptr, &kFollowersParams},
    {"take-back", &kTakeBackTable, nullptr, &kTakeBackParams},
    {"gcc ghosts", &kGccGhostsTable, nullptr, &kGccGhostsParams},
    {"guards", &kGuardsTable, nullptr, &kGuardsParams},
    {"discovery regions", nullptr, &kRegionKinds, &kDiscoveryRegionsParams},
    {"fog", &kFogTable, &kFogKinds, &kFogParams},
    {"co-op ghost bank", &kCoopGhostsTable, nullptr, &kCoopGhostsParams},
    {"evaluation", &kEvaluationTable, nullptr, nullptr},
    {"cemeteries", &kCemeteriesTable, &kCemeteriesKinds, &kCemeteriesParams},
    {"dogs", &kDogsTable, nullptr, &kDogsParams},
    {"stacks", &kStacksTable, nullptr, nullptr},
    {"face-down tiles", &kFaceDownTable, nullptr, nullptr},
    {"score markers", &kScoreMarkersTable, nullptr, &kScoreMarkersParams},
    {"big follower", &kBigFollowerTable, nullptr, &kBigFollowerParams},
    {"roads", nullptr, nullptr, &kRoadsParams},
    {"cities", nullptr, &kCitiesChecks, &kCitiesParams},
    {"monasteries", nullptr, nullptr, &kMonasteriesParams},
    {"fields", nullptr, nullptr, &kFieldsParams},
    {"final scoring", nullptr, nullptr, &kFinalScoringParams},
    {"castles", nullptr, &kCastlesKinds, &kCastlesParams},
    {"coop", nullptr, &kCoopKinds, nullptr},
    {"score floor", nullptr, nullptr, &kScoreFloorParams},
    {"hands", nullptr, nullptr, &kHandsParams},
    {"inns and cathedrals", nullptr, &kInnsChecks, &kInnsParams},
};

}  // namespace

std::span<const ModuleEntry> module_entries() { return kModules; }

}  // namespace tw
