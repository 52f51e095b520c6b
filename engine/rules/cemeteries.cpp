// Rule module: cemeteries. In Ghosts, Castles and Cemeteries a cemetery is complete
// when its cemetery_neighbours (4 or 8) neighbours are placed; completing it scores no
// points: each player there gains a guard (module "guards") and pays ghost_penalty per
// ghost with its followers there; an incomplete one scores nothing at the end.
//
// In the co-op game (plain: closed by the 4 orthogonal
// neighbours; haunted: by all 8, face-down tiles included). A closed cemetery buries one
// follower for good (in the core: retires it, Follower::retired, so it counts in no
// supply and on no feature) and sends its ghosts to the bank. Parameters: plain_cemetery_ghosts,
// haunted_cemetery_ghosts (module "cemeteries"); the level's `cemetery` column.
#include <algorithm>

#include "engine/rules/kinds.h"
#include "engine/core.h"
#include "engine/rules/plan.h"
#include "engine/report.h"
#include "engine/rules/level.h"
#include "engine/rules/cemeteries.h"
#include "engine/rules/sides.h"
#include "engine/text.h"

namespace tw {

bool cemetery_complete(const Core& core, uint32_t node) {
  if (core.rules().cemetery_neighbours != 4) return Core::surrounded(core, node);
  const PlacedTile& pt = core.placed()[static_cast<size_t>(core.nodes()[node].tile)];
  for (int side = 0; side < 4; ++side)
    if (core.tile_at(pt.x + sides::kDx[side], pt.y + sides::kDy[side]) < 0) return false;
  return true;
}

void score_cemetery(Core& core, uint32_t root, bool final) {
  // Incomplete cemeteries score nothing at the end and their ghosts cost nothing.
  if (final) return;
  const Core::Feature& ft = core.feat()[root];
  const PlacedTile& pt = core.placed()[static_cast<size_t>(core.nodes()[root].tile)];
  // The ghosts there (module "gcc ghosts") and the guards gained (module "guards"): the
  // plan's hooks.
  const std::array<int, kMaxPlayers> ghosts =
      core.plan().hooks.feature_ghosts ? core.plan().hooks.feature_ghosts(core, root) : std::array<int, kMaxPlayers>{};
  for (int p = 0; p < core.player_count(); ++p) {
    if (ft.by_player[static_cast<size_t>(p)] == 0) continue;
    if (core.plan().hooks.gain_guard) core.plan().hooks.gain_guard(core, p, pt);
    if (const int g = ghosts[static_cast<size_t>(p)]) {
      core.add_points(p, -g * core.rules().ghost_penalty);
      core.emit({EventKind::GhostPenalty, static_cast<int8_t>(p), kCemetery, pt.x, pt.y, pt.type,
            static_cast<int>(-g * core.rules().ghost_penalty)});
    }
  }
  core.return_followers(root);
}

bool cemetery_open(const Core& core, int p) {
  const PlacedTile& pt = core.placed()[static_cast<size_t>(p)];
  if (pt.wild || core.st().cemeteries.closed[static_cast<size_t>(p)]) return false;
  const int c = core.cache()[pt.type].centre;
  return c >= 0 && core.content().tiles[pt.type].segments[static_cast<size_t>(c)].kind == kCemetery;
}

void queue_cemeteries_closed_around(Core& core, int p) {
  if (core.st().coop.level->cemetery == CemeteryMode::None) return;
  const PlacedTile pt = core.placed()[static_cast<size_t>(p)];
  // (The 3x3 read straight from the board's cells: Game::grid_width.)
  const int centre = core.cell_index(pt.x, pt.y);
  if (core.cells()[static_cast<size_t>(centre)].centres == 0) return;  // no cemetery near
  const int width = core.grid_width();
  for (int dy = 1; dy >= -1; --dy)
    for (int dx = -1; dx <= 1; ++dx) {
      const int q = core.cells()[static_cast<size_t>(centre + dy * width + dx)].tile;
      if (q < 0 || !cemetery_open(core, q)) continue;
      const PlacedTile& qt = core.placed()[static_cast<size_t>(q)];
      bool closed = true;
      if (core.st().coop.level->cemetery == CemeteryMode::Haunted) {
        closed = core.cells()[static_cast<size_t>(core.cell_index(qt.x, qt.y))].around == 8;
      } else {
        for (int side = 0; side < 4; ++side)
          if (core.tile_at(qt.x + sides::kDx[side], qt.y + sides::kDy[side]) < 0) closed = false;
      }
      if (!closed) continue;
      core.mut(&ModuleState::cemeteries).closed[static_cast<size_t>(q)] = 1;
      core.mut(&ModuleState::cemeteries).bury_queue.push_back(q);
      core.emit({EventKind::CemeteryClosed, -1, kCemetery, qt.x, qt.y, qt.type, 0});
    }
}

void close_cemetery(Core& core, int p) {
  // The buried follower lies there; the cemetery's ghosts go back to the bank.
  if (core.plan().hooks.remove_ghosts) core.plan().hooks.remove_ghosts(core, p, 1 << 20);
}

OptionList bury_options(const Core& core) {
  OptionList out;
  for (const auto& f : core.followers()) {
    if (f.placed >= 0 && !f.retired) out.push_back(core.follower_option(OptKind::Bury, f));
  }
  if (!out.empty()) return out;
  // Nobody on the board: a follower from any supply.
  for (int c = 0; c < kMaxPlayers; ++c)
    if (core.st().followers.colour_supply[static_cast<size_t>(c)] > 0) {
      Option o;
      o.kind = OptKind::BurySupply;
      o.colour = static_cast<uint8_t>(c);
      out.push_back(o);
    }
  return out;
}

// A tile put on the board (face up or down): its cemetery is not closed.
void cemeteries_on_put(Core& core) { core.mut(&ModuleState::cemeteries).closed.push_back(0); }

void cemeteries_after_place(Core& core) {
  // 1c: the cemeteries the tile closed, each a burial.
  core.mut(&ModuleState::cemeteries).bury_queue.clear();
  queue_cemeteries_closed_around(core, core.last_placed());
}

void cemeteries_on_face_down(Core& core, int p) {
  // 3c: the cemeteries the face-down tile closed, each a burial (engine/rules/face_down.cpp).
  core.mut(&ModuleState::cemeteries).bury_queue.clear();
  queue_cemeteries_closed_around(core, p);
}

bool step_bury(Core& core) {
  while (!core.st().cemeteries.bury_queue.empty()) {
    auto opts = bury_options(core);
    if (opts.empty()) {  // no follower anywhere: nothing to bury
      close_cemetery(core, core.st().cemeteries.bury_queue.front());
      core.mut(&ModuleState::cemeteries).bury_queue.erase(core.st().cemeteries.bury_queue.begin());
      continue;
    }
    core.ask(DecisionKind::Bury, opts);
    return true;
  }
  return core.next();
}

void apply_bury(Core& core, const Option& o) {
  const int cem = core.st().cemeteries.bury_queue.front();
  core.mut(&ModuleState::cemeteries).bury_queue.erase(core.st().cemeteries.bury_queue.begin());
  const PlacedTile& ct = core.placed()[static_cast<size_t>(cem)];
  const int centre = core.cache()[ct.type].centre;
  for (auto& f : core.followers()) {
    if (f.retired) continue;
    if (o.kind == OptKind::Bury) {
      if (f.placed < 0 || f.seg != o.seg) continue;
      const PlacedTile& pt = core.placed()[static_cast<size_t>(f.placed)];
      if (pt.x != o.x || pt.y != o.y) continue;
      Core::Feature& ft = core.feat().mut(core.find(f.node));
      --ft.followers;
      --ft.by_player[static_cast<size_t>(f.colour)];
      for (; f.count[kDogCount] > 0; --f.count[kDogCount])
        core.emit({EventKind::DogLost, f.colour, core.nodes()[f.node].kind, pt.x, pt.y, pt.type, 0});
    } else {
      if (f.placed >= 0 || f.colour != o.colour) continue;
      --core.mut(&ModuleState::followers).colour_supply[static_cast<size_t>(f.colour)];
      --core.supply()[static_cast<size_t>(f.player)];
    }
    f.retired = true;
    f.placed = static_cast<int16_t>(cem);
    f.seg = static_cast<uint8_t>(centre);
    f.node = ct.node_base + static_cast<uint32_t>(centre);
    core.emit({EventKind::FollowerBuried, f.colour, kCemetery, ct.x, ct.y, ct.type, 0});
    break;
  }
  close_cemetery(core, cem);
}

void apply_cemetery(Core& core, const Option& o) {
  // The extra ghost of a plain cemetery level (step_cemetery_ghost asked where it goes).
  const int q = core.tile_at(o.x, o.y);
  const PlacedTile& qt = core.placed()[static_cast<size_t>(q)];
  const int extra = static_cast<int>(core.rules().plain_cemetery_ghosts);
  core.plan().hooks.add_ghosts(core, qt.node_base + static_cast<uint32_t>(core.cache()[qt.type].centre), extra);
  core.emit({EventKind::GhostsEmerged, -1, kCemetery, qt.x, qt.y, qt.type, extra});
  ++core.stage();
}

bool step_haunt(Core& core) {
  // 2a, haunted cemeteries: the cemetery just placed puts haunted_cemetery_ghosts on every
  // neighbouring tile that shows fog.
  const PlacedTile pt = core.placed()[static_cast<size_t>(core.last_placed())];
  const int centre = core.cache()[pt.type].centre;
  if (centre < 0 || core.content().tiles[pt.type].segments[static_cast<size_t>(centre)].kind != kCemetery) return core.next();
  for (int dy = 1; dy >= -1; --dy)
    for (int dx = -1; dx <= 1; ++dx) {
      const int q = core.tile_at(pt.x + dx, pt.y + dy);
      if ((!dx && !dy) || q < 0) continue;
      const PlacedTile& qt = core.placed()[static_cast<size_t>(q)];
      if (qt.wild) continue;
      const TileType& qtt = core.content().tiles[qt.type];
      const int haunt = static_cast<int>(core.rules().haunted_cemetery_ghosts);
      for (size_t i = 0; i < qtt.segments.size() && haunt > 0; ++i) {
        if (qtt.segments[i].kind != kFog) continue;
        if (core.st().bank.ghosts < haunt) {
          core.plan().hooks.lose(core, "ghost bank empty", "the ghost bank is empty: the haunted cemetery at " + text::cell_text(pt.x, pt.y) +
                    " cannot haunt " + qtt.notation_id() + " at " + text::cell_text(qt.x, qt.y));
          return true;
        }
        core.plan().hooks.add_ghosts(core, qt.node_base + static_cast<uint32_t>(i), haunt);
        core.emit({EventKind::GhostsEmerged, -1, kCemetery, qt.x, qt.y, qt.type, haunt});
        break;
      }
    }
  return core.next();
}

bool step_cemetery_ghost(Core& core) {
  // 2a, plain cemeteries: whenever ghosts emerged on fog, plain_cemetery_ghosts more go to
  // an open cemetery the players choose (`cemetery x,y`, apply_cemetery).
  if (!core.plan().hooks.emerged_on_fog || core.plan().hooks.emerged_on_fog(core) <= 0 || core.rules().plain_cemetery_ghosts <= 0) return core.next();
  OptionList opts;
  for (size_t q = 0; q < core.placed().size(); ++q)
    if (cemetery_open(core, static_cast<int>(q))) {
      Option o;
      o.kind = OptKind::Cemetery;
      o.x = core.placed()[q].x;
      o.y = core.placed()[q].y;
      opts.push_back(o);
    }
  if (opts.empty()) return core.next();
  if (core.st().bank.ghosts < core.rules().plain_cemetery_ghosts) {
    core.plan().hooks.lose(core, "ghost bank empty", core.rules().plain_cemetery_ghosts == 1
                                      ? "the ghost bank is empty: no ghost for an open cemetery"
                                      : "the ghost bank holds " + std::to_string(core.st().bank.ghosts) + " ghosts, " +
                                            std::to_string(core.rules().plain_cemetery_ghosts) +
                                            " must go to an open cemetery");
    return true;
  }
  core.ask(DecisionKind::Cemetery, opts);
  return true;
}

// Game's read accessor (until the callers use the free function).
bool cemetery_open(const Game& g, int p) { return cemetery_open(Core(g), p); }

// ---------------------------------------------------------------------------------
// The module's table (engine/rules/registry.h): its options' grammar, its events' words.

namespace {

std::string explain_cemetery(const ParseContext& cx, const Option&) {
  return "cemetery " + std::string(cx.tok[1]) + " is not legal now (" + cx.legal + ")";
}

std::string explain_bury(const ParseContext& cx, const Option&) {
  return "no standing follower at " + std::string(cx.tok[1]) + " " + std::string(cx.tok[2]) + " (" + cx.legal + ")";
}

std::string explain_bury_supply(const ParseContext& cx, const Option&) {
  return "no " + std::string(cx.tok[2]) +
         " follower may be buried from a supply: that is only when none stands on the board (" + cx.legal + ")";
}

constexpr std::string_view kBuryUsage = "'bury' takes x,y and a location kind:port (or 'supply COLOUR')";

constexpr OptionRule kOptions[] = {
    {OptKind::Cemetery, "cemetery", "", {Arg::Cell}, 1, 0, decision_bit(DecisionKind::Cemetery), true,
     "'cemetery' is the extra ghost's cemetery", "'cemetery' takes a cell x,y", "", "", nullptr, nullptr,
     explain_cemetery, "cemeteries"},
    {OptKind::Bury, "bury", "", {Arg::Cell, Arg::Location}, 2, 0, decision_bit(DecisionKind::Bury), true,
     "a burial", kBuryUsage, "", "", nullptr, nullptr, explain_bury, "cemeteries", 'B'},
    {OptKind::BurySupply, "bury", "supply", {Arg::Colour}, 1, 0, decision_bit(DecisionKind::Bury), true,
     "a burial", kBuryUsage, "", "", nullptr, nullptr, explain_bury_supply, "cemeteries", 'B'},
};

constexpr EventRule kEvents[] = {
    {EventKind::CemeteryClosed, "cemeteries", "the cemetery at {at} is closed"},
    {EventKind::FollowerBuried, "cemeteries", "a {colour} follower is buried in the cemetery at {at}"},
};

}  // namespace

extern const ModuleTable kCemeteriesTable{"cemeteries", kOptions, kEvents};

namespace {
constexpr KindRule kKindRows[] = {{kCemetery, "cemetery", kCentre | kLocated}};
}  // namespace
extern const KindTable kCemeteriesKinds{"cemeteries", kKindRows, {}};
bool buried(const Follower& f) { return f.retired; }
// ---------------------------------------------------------------------------------
// The module's parameters (engine/rules/params.h): its rows of rule_param_specs().

namespace {

constexpr ParamRow kParams[] = {
    {"cemetery_neighbours", &Rules::cemetery_neighbours, 4, 8, kSysGcc,
     "surrounding tiles that complete a cemetery: 4 (orthogonal) or 8"},
    {"haunted_cemetery_ghosts", &Rules::haunted_cemetery_ghosts, 0, 9, kSysMists,
     "co-op: ghosts a placed haunted cemetery puts on each neighbouring tile with fog (rule book: 1)"},
    {"plain_cemetery_ghosts", &Rules::plain_cemetery_ghosts, 0, 9, kSysMists,
     "co-op: ghosts put on an open plain cemetery whenever ghosts emerge on fog (rule book: 1)"},
};

}  // namespace

extern const ParamTable kCemeteriesParams{"cemeteries", uint64_t{1} << static_cast<unsigned>(kCemetery), kParams};

// ---------------------------------------------------------------------------------
// The module's descriptor (engine/rules/registry.h): its tables, when it plays and the
// parts it installs in the turn plan (engine/rules/plan.h), each at its order key.

namespace {

void plan_part_150(PlanBuild& b) {
  if (!b.plays("cemeteries")) return;
  b.plan.hooks.cemetery_open = &cemetery_open;
  b.plan.complete[static_cast<size_t>(kCemetery)] = &cemetery_complete;
  if (!b.coop) b.plan.score[static_cast<size_t>(kCemetery)] = &score_cemetery;
}

void plan_part_225(PlanBuild& b) {
  // Every co-op game, whether cemeteries play or not: a tile put face up or down.
  if (!b.coop) return;
  b.plan.on_put.push_back(&cemeteries_on_put);
  b.plan.hooks.on_put_face_down.push_back(&cemeteries_on_put);
}

void plan_part_250(PlanBuild& b) {
  // Co-op cemeteries bury a follower.
  if (!b.coop || !b.plays("cemeteries")) return;
  b.plan.after_place.push_back(&cemeteries_after_place);
  b.plan.on_face_down.push_back(&cemeteries_on_face_down);
  b.step(&step_bury, 0, "bury");
  b.handle(DecisionKind::Bury, OptKind::Bury, &apply_bury);
  b.handle(DecisionKind::Bury, OptKind::BurySupply, &apply_bury);
}

void plan_part_270(PlanBuild& b) {
  if (b.coop && b.plays("cemeteries") && b.plays("co-op ghost bank") && b.level->cemetery == CemeteryMode::Haunted)
    b.step(&step_haunt, 1, "haunted cemetery");
}

void plan_part_280(PlanBuild& b) {
  if (!b.coop || !b.plays("cemeteries") || b.level->cemetery != CemeteryMode::Plain) return;
  b.step(&step_cemetery_ghost, 2, "cemetery ghost");  // (hashed as the follower step)
  b.handle(DecisionKind::Cemetery, OptKind::Cemetery, &apply_cemetery);
}

void plan_part_405(PlanBuild& b) {
  // A face-down tile may close a cemetery: its burial after the face-down step.
  if (b.coop && b.plays("cemeteries") && b.plays("face-down tiles")) b.step(&step_bury, 8, "bury face down");
}

// What a front end shows: which followers are buried.
void report_view(const Game& g, ViewReport& r) {
  for (size_t i = 0; i < g.followers().size(); ++i) r.figures[i].buried = buried(g.followers()[i]);
}

constexpr ModulePart kPlanParts[] = {{150, &plan_part_150}, {225, &plan_part_225}, {250, &plan_part_250}, {270, &plan_part_270}, {280, &plan_part_280}, {405, &plan_part_405}};
const ModuleDescriptor kDescriptor{.name = "cemeteries",
                                  .order = 90,
                                  .options = &kCemeteriesTable,
                                  .kinds = &kCemeteriesKinds,
                                  .params = &kCemeteriesParams,
                                  .plan_order = 150,
                                  .plays = [](const PlanBuild& b) { return b.shows(kCemetery); },
                                  .parts = kPlanParts,
                                  .report = &report_view};

}  // namespace

TW_REGISTER_MODULE(cemeteries, kDescriptor);

}  // namespace tw
