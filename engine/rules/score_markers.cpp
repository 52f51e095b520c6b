// Rule module: score markers (co-op). Shared scoring moves one team marker; per colour
// scoring (level 6) moves one marker per colour, and the players choose which marker a
// colour without one advances. Thresholds (dogs, the target) are measured by progress():
// the team's score, or the lowest marker. Parameter: marker_supply_players.
#include <algorithm>

#include "engine/core.h"
#include "engine/rules/plan.h"
#include "engine/report.h"
#include "engine/rules/level.h"
#include "engine/rules/score_markers.h"
#include "engine/game.h"
#include "engine/result.h"

namespace tw {

int64_t progress(const Core& core) {
  if (!core.st().coop.level) return core.scores().empty() ? 0 : *std::max_element(core.scores().begin(), core.scores().end());
  if (core.st().markers.score.empty()) return 0;  // (setup: no marker chosen yet)
  return *std::min_element(core.st().markers.score.begin(), core.st().markers.score.end());
}

void coop_add_points(Core& core, int colour, int64_t points) {
  if (!core.plan().per_colour) {
    core.mut(&ModuleState::markers).score[0] += points;
  } else {
    const int m = colour >= 0 ? core.st().markers.of_colour[static_cast<size_t>(colour)] : -1;
    if (m < 0)
      core.mut(&ModuleState::markers).queue.push_back(points);  // the players choose which marker advances
    else
      core.mut(&ModuleState::markers).score[static_cast<size_t>(m)] += points;
  }
  const int64_t pr = progress(core);
  for (auto& s : core.scores()) s = pr;
}

namespace {
// The decision "marker COLOUR" (a setup choice of colour, or which marker points advance).
Option marker_option(int colour) {
  Option o;
  o.kind = OptKind::Marker;
  o.colour = static_cast<uint8_t>(colour);
  return o;
}
}  // namespace

bool ask_marker_colours(Core& core) {
  if (core.st().markers.to_choose <= 0) return false;
  // The colours in play (those with followers) that have no marker yet.
  unsigned in_play = 0;
  for (const auto& f : core.followers())
    if (f.colour >= 0) in_play |= 1u << static_cast<unsigned>(f.colour);
  OptionList opts;
  for (int c = 0; c < kMaxPlayers; ++c) {
    if (!((in_play >> c) & 1u) || core.st().markers.of_colour[static_cast<size_t>(c)] >= 0) continue;
    opts.push_back(marker_option(c));
  }
  core.ask(DecisionKind::Marker, opts);
  return true;
}

void apply_marker(Core& core, const Option& o) {
  if (core.st().markers.to_choose > 0) {
    // Setup: the marker takes this colour. The turn's end passes the next choice (or,
    // after the last, the first tile) to the next seat; the first tile goes to seat 0.
    core.mut(&ModuleState::markers).of_colour[o.colour] = static_cast<int8_t>(core.st().markers.colour.size());
    core.mut(&ModuleState::markers).colour.push_back(o.colour);
    core.mut(&ModuleState::markers).score.push_back(0);
    if (--core.mut(&ModuleState::markers).to_choose == 0) core.current() = core.player_count() - 1;
    return;
  }
  const int m = core.st().markers.of_colour[o.colour];
  core.mut(&ModuleState::markers).score[static_cast<size_t>(m)] += core.st().markers.queue.front();
  core.mut(&ModuleState::markers).queue.erase(core.st().markers.queue.begin());
  const int64_t pr = progress(core);
  for (auto& s : core.scores()) s = pr;
  core.plan().hooks.thresholds(core);  // (dogs.cpp)
}

bool points_waiting(const Core& core) { return !core.st().markers.queue.empty(); }

bool step_marker_choice(Core& core) {
  // Points wait for a marker: the players choose which one they advance (apply_marker).
  if (core.st().markers.queue.empty()) return false;
  OptionList opts;
  for (const int c : core.st().markers.colour) {
    opts.push_back(marker_option(c));
  }
  core.ask(DecisionKind::Marker, opts);
  return true;
}

// Game's read accessor (until the callers use the free function).
int64_t progress(const Game& g) { return progress(Core(g)); }
const FixedVec<int, kMaxPlayers>& marker_colours(const Game& g) { return Core(g).st().markers.colour; }
int64_t marker_score(const Game& g, size_t i) { return Core(g).st().markers.score[i]; }

// The co-op scores as text (engine/result.h: the Result tag, every "Game over" line).
std::string coop_scores_text(const Game& g) {
  std::string s;
  for (size_t i = 0; i < marker_colours(g).size(); ++i) {
    const int c = marker_colours(g)[i];
    if (i) s += ", ";
    s += (c < 0 ? std::string("team") : std::string(kColourNames[static_cast<size_t>(c)])) + " " +
         std::to_string(marker_score(g, i));
  }
  return s;
}

// ---------------------------------------------------------------------------------
// The module's table (engine/rules/registry.h): its options' grammar, its events' words.

namespace {

std::string explain_marker(const ParseContext& cx, const Option&) {
  return "no " + std::string(cx.tok[1]) + " score marker is on the track (" + cx.legal + ")";
}

constexpr OptionRule kOptions[] = {
    {OptKind::Marker, "marker", "", {Arg::Colour}, 1, 0, decision_bit(DecisionKind::Marker), true,
     "a marker choice", "'marker' takes a colour", "", "", nullptr, nullptr, explain_marker, "score markers"},
};

}  // namespace

extern const ModuleTable kScoreMarkersTable{"score markers", kOptions, {}};

// ---------------------------------------------------------------------------------
// The module's parameters (engine/rules/params.h): its rows of rule_param_specs().

namespace {

constexpr ParamRow kParams[] = {
    {"marker_supply_players", &Rules::marker_supply_players, 1, kMaxPlayers + 1, kSysMists,
     "co-op, per colour scoring with marker_from_supply: from this many players on each marker is one of the "
     "player's followers (rule book: 3; 7 = never)"},
    {"marker_colours_chosen", &Rules::marker_colours_chosen, 0, 1, kSysMists,
     "co-op, per colour scoring with fewer markers than colours (the level's score_markers): 0 = the first colours "
     "in play take them; 1 = the players choose the markers' colours at setup, before the first tile (uk book, "
     "level 6)"},
};

}  // namespace

extern const ParamTable kScoreMarkersParams{"score markers", 0, kParams};

// ---------------------------------------------------------------------------------
// The module's descriptor (engine/rules/registry.h): its tables, when it plays and the
// parts it installs in the turn plan (engine/rules/plan.h), each at its order key.

namespace {

// A marker colour chosen at setup (the uk book's level 6) also gives the co-op module's
// follower for the marker, from that colour only (the coop frame's take_marker_follower).
void apply_marker_taking_follower(Core& core, const Option& o) {
  const bool setup = core.st().markers.to_choose > 0;
  apply_marker(core, o);
  if (setup) core.plan().hooks.take_marker_follower(core, o.colour);
}

// The draw while marker colours are still to be chosen at setup: they are asked first,
// then the draw this one wraps (the pile's, or the stacks').
void draw_after_chosen_colours(Core& core) {
  if (!ask_marker_colours(core)) core.plan().hooks.marker_inner_draw(core);
}

void plan_part_224(PlanBuild& b) {
  // Every co-op game: the team's points go to the team or its markers.
  if (!b.coop) return;
  b.plan.hooks.team_points = &coop_add_points;
  b.plan.hooks.progress = &progress;
}

void plan_part_370(PlanBuild& b) {
  if (!b.plays("score markers")) return;
  TurnPlan& p = b.plan;
  p.per_colour = true;
  p.hooks.points_waiting = &points_waiting;
  p.hooks.marker_choice = &step_marker_choice;
  const bool chosen = b.rules.marker_colours_chosen != 0 && b.level->score_markers > 0;
  if (chosen) {
    p.hooks.marker_inner_draw = p.draw;
    p.draw = &draw_after_chosen_colours;
  }
  b.handle(DecisionKind::Marker, OptKind::Marker, chosen ? &apply_marker_taking_follower : &apply_marker);
}

// What a front end shows: the co-op score markers (the team's, or one per colour).
void report_view(const Game& g, ViewReport& r) {
  if (!r.coop) return;
  for (size_t i = 0; i < marker_colours(g).size(); ++i) {
    const int c = marker_colours(g)[i];
    r.scores.push_back({c < 0 ? std::string("team") : std::string(kColourNames[static_cast<size_t>(c)]), c,
                        marker_score(g, i)});
  }
}

constexpr ModulePart kPlanParts[] = {{224, &plan_part_224}, {370, &plan_part_370}};
const ModuleDescriptor kDescriptor{.name = "score markers",
                                  .order = 130,
                                  .options = &kScoreMarkersTable,
                                  .params = &kScoreMarkersParams,
                                  .plan_order = 370,
                                  .plays = [](const PlanBuild& b) { return b.coop && b.level->scoring == ScoringMode::PerColour; },
                                  .parts = kPlanParts,
                                  .report = &report_view};

}  // namespace

TW_REGISTER_MODULE(score_markers, kDescriptor);

}  // namespace tw
