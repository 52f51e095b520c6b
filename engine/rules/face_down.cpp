// Rule module: face-down tiles (co-op levels 5-6). After a turn next to an open haunted
// cemetery, the next tile goes face down on an empty cell among the 8 around it that
// touches a tile on a side; it shows its back, matches any edge, joins no feature and
// keeps fog beside it from ever closing.
//
// In the core a face-down tile is a wild tile (PlacedTile::wild: the invariant check lets
// it meet any edge); this module lays it itself (put_face_down: no nodes, no centre, no
// edge constraint for its empty neighbours), and the modules that look at neighbours
// (fog, castles, evaluation, cemeteries) skip wild tiles. Which tiles lie face down is
// hidden information: Game::determinize deals them again from st.face_down.placed.
#include <algorithm>

#include "engine/core.h"
#include "engine/rules/plan.h"
#include "engine/report.h"
#include "engine/rules/face_down.h"
#include "engine/rules/sides.h"

namespace tw {

namespace {

// The empty cells among the 8 around placed tile pt that touch a tile on a side, added to
// `out` when not there yet. (Read straight from the board's cells: Game::grid_width.)
void add_cells_around(const Core& core, const PlacedTile& pt, std::vector<FaceDownCell>& out) {
  const auto& cells = core.cells();
  const int centre = core.cell_index(pt.x, pt.y);
  const int width = core.grid_width();
  auto occupied = [&](int c) { return cells[static_cast<size_t>(c)].tile >= 0; };
  for (int dy = 1; dy >= -1; --dy)
    for (int dx = -1; dx <= 1; ++dx) {
      const int c = centre + dy * width + dx;
      if ((!dx && !dy) || occupied(c)) continue;
      if (!occupied(c + 1) && !occupied(c - 1) && !occupied(c + width) && !occupied(c - width)) continue;
      const FaceDownCell cell{static_cast<int16_t>(pt.x + dx), static_cast<int16_t>(pt.y + dy)};
      if (std::find(out.begin(), out.end(), cell) == out.end()) out.push_back(cell);
    }
}

void as_options(const std::vector<FaceDownCell>& cells, OptionList& out) {
  out.clear();
  for (const FaceDownCell& c : cells) {
    Option o;
    o.kind = OptKind::FaceDown;
    o.x = c.x;
    o.y = c.y;
    out.push_back(o);
  }
}

bool haunted(const Core& core) {
  return core.st().coop.level && core.st().coop.level->cemetery == CemeteryMode::Haunted;
}

}  // namespace

OptionList face_down_cells(const Core& core) {
  // Empty cells among the 8 around an open cemetery (module "cemeteries") that touch a
  // tile on a side.
  std::vector<FaceDownCell> out;
  const auto open = core.plan().hooks.cemetery_open;
  if (!open) return {};
  for (size_t p = 0; p < core.placed().size(); ++p)
    if (open(core, static_cast<int>(p))) add_cells_around(core, core.placed()[p], out);
  OptionList opts;
  as_options(out, opts);
  return opts;
}

const std::vector<FaceDownCell>& face_down_kept_cells(Core& core) {
  if (core.st().face_down.cells_for == core.placed().size()) return core.st().face_down.cells;  // (kept: no write)
  FaceDownState& st = core.mut(&ModuleState::face_down);
  st.cells.clear();
  st.cells_for = core.placed().size();
  const auto open = core.plan().hooks.cemetery_open;
  if (!open) return st.cells;
  // Closed since: gone for good. Placed since: kept when open. (In placed order, as
  // face_down_cells looks at them.)
  std::erase_if(st.cemeteries, [&](int p) { return !open(core, p); });
  for (; st.scanned < core.placed().size(); ++st.scanned)
    if (open(core, static_cast<int>(st.scanned))) st.cemeteries.push_back(static_cast<int>(st.scanned));
  for (const int p : st.cemeteries) add_cells_around(core, core.placed()[static_cast<size_t>(p)], st.cells);
  return st.cells;
}

void keep_face_down_cells(Game& g) {
  Core core(g);
  if (haunted(core)) face_down_kept_cells(core);
}

int tiles_around(const Game& g, int x, int y) {
  const Core core(g);
  return core.cells()[static_cast<size_t>(core.cell_index(x, y))].around;
}

void put_face_down(Core& core, int type, int x, int y) {
  core.ensure_room(x, y);
  const int p = static_cast<int>(core.placed().size());
  PlacedTile t;
  t.x = static_cast<int16_t>(x);
  t.y = static_cast<int16_t>(y);
  t.type = static_cast<uint16_t>(type);
  t.node_base = static_cast<uint32_t>(core.nodes().size());
  t.wild = true;
  core.placed().push_back(t);
  for (const Hook h : core.plan().hooks.on_put_face_down) h(core);  // the modules' per-tile state
  const int cell = core.cell_index(x, y);
  core.frontier_remove(cell);
  core.cells().mut(static_cast<size_t>(cell)).tile = static_cast<int16_t>(p);
  for (int side = 0; side < 4; ++side) {
    const int nx = x + sides::kDx[side], ny = y + sides::kDy[side];
    const int nc = core.cell_index(nx, ny);
    const int q = core.cells()[static_cast<size_t>(nc)].tile;
    if (q >= 0) {
      // Fog that meets a face-down tile can never close.
      const PlacedTile& qt = core.placed()[static_cast<size_t>(q)];
      if (qt.wild) continue;
      const int opp = (side + 2) % 4;
      const int fog = core.content().tiles[qt.type].cover_side[static_cast<size_t>((opp - qt.rot + 4) % 4)];
      if (fog >= 0) core.feat().mut(core.find(qt.node_base + static_cast<uint32_t>(fog))).never = true;
    } else {
      // No edge constraint from a face-down tile; a cell with no face-up neighbour yet
      // stays closed (frontier_add: nothing fits there), until put_tile's first face-up
      // neighbour sets its constraint.
      core.frontier_add(nc, nx, ny);
    }
  }
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx)
      if (dx || dy) ++core.cells().mut(static_cast<size_t>(core.cell_index(x + dx, y + dy))).around;
  core.mut(&ModuleState::face_down).last = p;
  core.emit({EventKind::FaceDownPlaced, static_cast<int8_t>(core.current()), Kind::None, t.x, t.y, type, 0});
}

bool step_face_down(Core& core) {
  // 3c: next to an open haunted cemetery the next tile of the stack goes face down.
  if (core.st().coop.level->cemetery != CemeteryMode::Haunted || !core.plan().hooks.stack_tiles_left ||
      core.plan().hooks.stack_tiles_left(core) <= 0)
    return core.next();
  const std::vector<FaceDownCell>& cells = face_down_kept_cells(core);
  if (cells.empty()) return core.next();
  FaceDownState& fd = core.mut(&ModuleState::face_down);
  fd.from = core.pile_pos();
  fd.tile = core.pile()[core.pile_pos()++];
  // (Through a list kept per thread: asked in nearly every co-op playout turn, it would
  // be a heap allocation each time.)
  thread_local OptionList opts;
  as_options(cells, opts);
  core.ask(DecisionKind::FaceDown, opts);
  return true;
}

void apply_face_down(Core& core, const Option& o) {
  put_face_down(core, core.st().face_down.tile, o.x, o.y);
  FaceDownState& fd = core.mut(&ModuleState::face_down);
  fd.placed.emplace_back(fd.last, fd.from);
  fd.tile = -1;
  for (const FaceDownHook h : core.plan().on_face_down) h(core, core.st().face_down.last);  // cemeteries close
  ++core.stage();  // the burials it causes
}

// ---------------------------------------------------------------------------------
// The module's table (engine/rules/registry.h): its options' grammar, its events' words.

namespace {

std::string explain_face_down(const ParseContext& cx, const Option&) {
  return "facedown " + std::string(cx.tok[1]) + " is not legal now (" + cx.legal + ")";
}

constexpr OptionRule kOptions[] = {
    {OptKind::FaceDown, "facedown", "", {Arg::Cell}, 1, 0, decision_bit(DecisionKind::FaceDown), true,
     "'facedown' is a face-down tile", "'facedown' takes a cell x,y", "", "", nullptr, nullptr, explain_face_down,
     "face-down tiles"},
};

constexpr EventRule kEvents[] = {
    {EventKind::FaceDownPlaced, "face-down tiles", "a tile goes face down at {at}"},
};

}  // namespace

extern const ModuleTable kFaceDownTable{"face-down tiles", kOptions, kEvents};

bool face_down(const PlacedTile& t) { return t.wild; }

// ---------------------------------------------------------------------------------
// The module's descriptor (engine/rules/registry.h): its tables, when it plays and the
// parts it installs in the turn plan (engine/rules/plan.h), each at its order key.

namespace {

void plan_part_400(PlanBuild& b) {
  if (!b.plays("face-down tiles")) return;
  b.step(&step_face_down, 7, "face down");
  b.handle(DecisionKind::FaceDown, OptKind::FaceDown, &apply_face_down);
}

// What a front end shows: which tiles lie face down (their place, never their type).
void report_view(const Game& g, ViewReport& r) {
  for (size_t i = 0; i < g.placed().size(); ++i) r.tiles[i].face_down = face_down(g.placed()[i]);
}

constexpr ModulePart kPlanParts[] = {{400, &plan_part_400}};
const ModuleDescriptor kDescriptor{.name = "face-down tiles",
                                  .order = 120,
                                  .options = &kFaceDownTable,
                                  .plan_order = 400,
                                  .plays = [](const PlanBuild& b) { return b.coop; },
                                  .parts = kPlanParts,
                                  .report = &report_view};

}  // namespace

TW_REGISTER_MODULE(face_down, kDescriptor);

}  // namespace tw
