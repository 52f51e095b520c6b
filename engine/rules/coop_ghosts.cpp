// Rule module: the co-op ghost bank (Mists over Carcassonne, RULES.md section 4). Ghosts
// stand on fog and cemetery segments and come from and go back to one bank; a removal
// (`unghost x,y`, a dog's clearing) takes up to `unghost_ghosts` from one tile (rule
// `unghost_choose_count`: or fewer, `unghost x,y N`); closing a fog area sends its ghosts
// home. Parameters: unghost_ghosts, unghost_choose_count (module "co-op ghost bank").
// The ghosts on a segment are the core's per-segment count (Node::count); per_tile keeps
// their sum per placed tile (check_coop compares them). The bank is GhostBankState.
#include <algorithm>

#include "engine/rules/kinds.h"
#include <limits>

#include "engine/core.h"
#include "engine/rules/plan.h"
#include "engine/report.h"
#include "engine/rules/ghost_bank.h"
#include "engine/rules/coop_ghosts.h"
#include "engine/text.h"

namespace tw {

static_assert(kMaxGhostBank <= std::numeric_limits<decltype(Core::Node::count)>::max(),
              "the ghosts on one segment (Node::count)");

// Ghosts the emerge step put on fog this turn.
int emerged_on_fog(const Core& core) { return core.st().coop_ghosts.emerged; }

int tile_ghosts(const Core& core, int p) {
  return core.st().coop.level && p >= 0 ? core.st().coop_ghosts.per_tile[static_cast<size_t>(p)] : 0;  // (0 for a face-down tile)
}

int ghosts_on_board(const Core& core) {
  int n = 0;
  for (const Core::Node& node : core.nodes()) n += node.count;
  return n;
}

void add_ghosts(Core& core, uint32_t node, int n) {
  core.nodes().mut(node).count = static_cast<uint8_t>(core.nodes()[node].count + n);
  uint16_t& t = core.mut(&ModuleState::coop_ghosts).per_tile[static_cast<size_t>(core.nodes()[node].tile)];
  t = static_cast<uint16_t>(t + n);
  core.mut(&ModuleState::bank).ghosts -= n;
}

int remove_tile_ghosts(Core& core, int p, int n) {
  const PlacedTile& pt = core.placed()[static_cast<size_t>(p)];
  if (pt.wild) return 0;
  int removed = 0;
  const size_t segs = core.content().tiles[pt.type].segments.size();
  for (size_t i = 0; i < segs && removed < n; ++i) {
    uint8_t& g = core.nodes().mut(pt.node_base + i).count;
    const int take = std::min<int>(g, n - removed);
    g = static_cast<uint8_t>(g - take);
    removed += take;
  }
  core.mut(&ModuleState::coop_ghosts).per_tile[static_cast<size_t>(p)] = static_cast<uint16_t>(core.st().coop_ghosts.per_tile[static_cast<size_t>(p)] - removed);
  core.mut(&ModuleState::bank).ghosts += removed;
  if (removed) core.emit({EventKind::GhostsRemoved, -1, Kind::None, pt.x, pt.y, pt.type, removed});
  return removed;
}

int return_area_ghosts(Core& core, uint32_t root) {
  int back = 0;
  uint32_t n = root;
  do {
    back += core.nodes()[n].count;
    uint16_t& t = core.mut(&ModuleState::coop_ghosts).per_tile[static_cast<size_t>(core.nodes()[n].tile)];
    t = static_cast<uint16_t>(t - core.nodes()[n].count);
    core.nodes().mut(n).count = 0;
    n = core.nodes()[n].next;
  } while (n != root);
  core.mut(&ModuleState::bank).ghosts += back;
  return back;
}

void ghosts_due(Core& core, uint32_t node, int n) {
  core.mut(&ModuleState::coop_ghosts).due = n;
  core.mut(&ModuleState::coop_ghosts).due_node = node;
}

// A tile put on the board (face up or down): no ghost on it yet.
void coop_ghosts_on_put(Core& core) { core.mut(&ModuleState::coop_ghosts).per_tile.push_back(0); }

void push_unghost(const Core& core, OptionList& out, int q) {
  const PlacedTile& pt = core.placed()[static_cast<size_t>(q)];
  Option o;
  o.kind = OptKind::Unghost;
  o.x = pt.x;
  o.y = pt.y;
  out.push_back(o);  // seg 0: the most it may
  if (!core.rules().unghost_choose_count) return;
  const int most = std::min(tile_ghosts(core, q), static_cast<int>(core.rules().unghost_ghosts));
  for (int n = 1; n < most; ++n) {
    o.seg = static_cast<uint8_t>(n);
    out.push_back(o);
  }
}

int unghost_count(const Core& core, const Option& o) {
  return o.seg ? o.seg : static_cast<int>(core.rules().unghost_ghosts);
}

void start_ghosts(Core& core) {
  // The start piece's ghosts stand on its symbols.
  for (size_t p = 0; p < core.placed().size(); ++p) {
    const TileType& tt = core.content().tiles[core.placed()[p].type];
    int want = tt.symbols;
    for (size_t i = 0; i < tt.segments.size() && want > 0; ++i)
      if (tt.segments[i].kind == kFog) {
        const int g = std::min(want, core.st().bank.ghosts);
        add_ghosts(core, core.placed()[p].node_base + static_cast<uint32_t>(i), g);
        want = 0;
      }
  }
}

bool step_emerge(Core& core) {
  // 2a: the ghosts due on the tile's fog emerge (the cemeteries then add theirs:
  // engine/rules/cemeteries.cpp, which read emerged_on_fog(core)).
  const PlacedTile& pt = core.placed()[static_cast<size_t>(core.last_placed())];
  core.mut(&ModuleState::coop_ghosts).emerged = 0;
  if (core.st().coop_ghosts.due > 0) {
    if (core.st().bank.ghosts < core.st().coop_ghosts.due) {
      core.plan().hooks.lose(core, "ghost bank empty", "the ghost bank holds " + std::to_string(core.st().bank.ghosts) + " ghosts, " + std::to_string(core.st().coop_ghosts.due) +
                " must emerge on " + core.content().tiles[pt.type].notation_id() + " at " + text::cell_text(pt.x, pt.y));
      return true;
    }
    add_ghosts(core, core.st().coop_ghosts.due_node, core.st().coop_ghosts.due);
    core.emit({EventKind::GhostsEmerged, -1, kFog, pt.x, pt.y, pt.type, core.st().coop_ghosts.due});
    core.mut(&ModuleState::coop_ghosts).emerged = core.st().coop_ghosts.due;
    core.mut(&ModuleState::coop_ghosts).due = 0;
  }
  return core.next();
}

// Game's read accessor (until the callers use the free function).
int tile_ghosts(const Game& g, int p) { return tile_ghosts(Core(g), p); }
int ghosts_on_board(const Game& g) { return ghosts_on_board(Core(g)); }
std::span<const uint16_t> tile_ghost_counts(const Game& g) {
  const Core core(g);
  if (!core.st().coop.level) return {};
  return core.st().coop_ghosts.per_tile;
}

// ---------------------------------------------------------------------------------
// The module's table (engine/rules/registry.h): its options' grammar, its events' words.

namespace {

constexpr EventRule kEvents[] = {
    {EventKind::GhostsEmerged, "co-op ghost bank", "{points} ghost{s} emerge on {tile} at {at}"},
    {EventKind::GhostsRemoved, "co-op ghost bank", "{points} ghost{s} leave {at} for the bank"},
};

}  // namespace

extern const ModuleTable kCoopGhostsTable{"co-op ghost bank", {}, kEvents};

// ---------------------------------------------------------------------------------
// The module's parameters (engine/rules/params.h): its rows of rule_param_specs().

namespace {

constexpr ParamRow kParams[] = {
    {"unghost_ghosts", &Rules::unghost_ghosts, 1, 9, kSysMists,
     "co-op: ghosts one unghost decision (or a dog's clearing) removes from a tile (rule book: 3)"},
    {"unghost_choose_count", &Rules::unghost_choose_count, 0, 1, kSysMists,
     "co-op: 0: removing ghosts from a tile (unghost, a dog's clearing) takes the most it may; 1: the player picks "
     "how many, `unghost x,y N`"},
};

}  // namespace

extern const ParamTable kCoopGhostsParams{"co-op ghost bank", 0, kParams};

// ---------------------------------------------------------------------------------
// The module's descriptor (engine/rules/registry.h): its tables, when it plays and the
// parts it installs in the turn plan (engine/rules/plan.h), each at its order key.

namespace {

void plan_part_226(PlanBuild& b) {
  // Every co-op game, whether the bank plays or not: the ghosts' accounting (check_coop
  // counts them) and the per-tile state of a tile put face up or down.
  if (!b.coop) return;
  ModuleHooks& h = b.plan.hooks;
  h.tile_ghosts = &tile_ghosts;
  h.ghosts_on_board = &ghosts_on_board;
  h.add_ghosts = &add_ghosts;
  h.remove_ghosts = &remove_tile_ghosts;
  h.return_area_ghosts = &return_area_ghosts;
  h.ghosts_due = &ghosts_due;
  h.emerged_on_fog = &emerged_on_fog;
  h.unghost_options = &push_unghost;
  h.unghost_count = &unghost_count;
  b.plan.on_put.push_back(&coop_ghosts_on_put);
  h.on_put_face_down.push_back(&coop_ghosts_on_put);
}

void plan_part_230(PlanBuild& b) {
  if (b.plays("co-op ghost bank")) b.plan.at_start.push_back(&start_ghosts);
}

void plan_part_260(PlanBuild& b) {
  if (b.plays("co-op ghost bank")) b.step(&step_emerge, 1, "emerge");
}

// What a front end shows: the bank and the ghosts on the board; the ghosts on each tile.
void report_view(const Game& g, ViewReport& r) {
  if (r.coop) {
    r.add("ghost_bank", "ghost bank", ghost_bank(g), 10);
    r.add("ghosts_on_board", "ghosts on the board", ghosts_on_board(g), 40);
  }
  for (size_t i = 0; i < g.placed().size(); ++i) r.tiles[i].ghosts = tile_ghosts(g, static_cast<int>(i));
}

constexpr ModulePart kPlanParts[] = {{226, &plan_part_226}, {230, &plan_part_230}, {260, &plan_part_260}};
const ModuleDescriptor kDescriptor{.name = "co-op ghost bank",
                                  .order = 70,
                                  .options = &kCoopGhostsTable,
                                  .params = &kCoopGhostsParams,
                                  .plan_order = 220,
                                  .plays = [](const PlanBuild& b) { return b.coop; },
                                  .parts = kPlanParts,
                                  .report = &report_view};

}  // namespace

TW_REGISTER_MODULE(coop_ghosts, kDescriptor);

}  // namespace tw
