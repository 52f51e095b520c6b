// Rule module: fog areas in the co-op game. A fog area is closed when every fogged side
// is bounded; it never closes where fog meets a face-down tile or (rule
// fog_clear_side_never_closes) a clear side. Parameters: fog_extend_fewer_ghosts,
// fog_clear_side_never_closes (module "fog"). Fog joins as a tile is put down
// (Game::put_tile asks join_fog for each neighbour).
#include <algorithm>
#include <bit>

#include "engine/rules/kinds.h"
#include "engine/core.h"
#include "engine/rules/plan.h"
#include "engine/rules/fog.h"

namespace tw {

int fog_open_ends(const Core& core, int p) {
  const PlacedTile& pt = core.placed()[static_cast<size_t>(p)];
  if (pt.wild) return -1;
  // Its first fog segment (TypeCache::kind_segs: bit i = segment i is fog).
  const uint32_t fog = core.cache()[pt.type].kind_segs[static_cast<size_t>(kFog)];
  if (fog == 0) return 0;
  const Core::Feature& f = core.feat()[core.find(pt.node_base + static_cast<uint32_t>(std::countr_zero(fog)))];
  return f.never ? -1 : f.open;
}

void fog_after_place(Core& core) {
  // 1b: fog this tile belongs to may have closed: its ghosts go home. 2a (ghosts emerging
  // on the tile's fog unless it closed) is worked out now and done after the burials.
  const int p = core.last_placed();
  const PlacedTile& pt = core.placed()[static_cast<size_t>(p)];
  const TileType& tt = core.content().tiles[pt.type];
  bool closed = false;
  uint32_t fog_node = UINT32_MAX;
  for (size_t i = 0; i < tt.segments.size(); ++i) {
    if (tt.segments[i].kind != kFog) continue;
    const uint32_t node = pt.node_base + static_cast<uint32_t>(i);
    if (fog_node == UINT32_MAX) fog_node = node;
    const uint32_t root = core.find(node);
    if (core.feat()[root].open == 0 && !core.feat()[root].never) {
      // Its ghosts go back to the bank (module "co-op ghost bank", the plan's hook).
      const int back = core.plan().hooks.return_area_ghosts ? core.plan().hooks.return_area_ghosts(core, root) : 0;
      core.emit({EventKind::FogClosed, -1, kFog, pt.x, pt.y, pt.type, back});
      closed = true;
    }
  }
  // The ghosts due to emerge on the tile's fog (the ghost bank's emerge step puts them).
  const int due = !closed && fog_node != UINT32_MAX
                      ? std::max(0, tt.symbols - (core.st().fog.joined ? static_cast<int>(core.rules().fog_extend_fewer_ghosts) : 0))
                      : 0;
  if (core.plan().hooks.ghosts_due) core.plan().hooks.ghosts_due(core, fog_node, due);
}

// A tile put face up: it has extended no fog yet (join_fog sets it).
void fog_on_put(Core& core) { core.mut(&ModuleState::fog).joined = false; }

bool join_fog(Core& core, uint32_t base, const TileType& tt, int rot, int side, const PlacedTile& q) {
  // Fog joins fog across the edge, and never closes where it meets unfogged ground or a
  // face-down tile.
  const int opp = (side + 2) % 4;
  const int mine = tt.cover_side[static_cast<size_t>((side - rot + 4) % 4)];
  const int theirs = q.wild ? -1 : core.content().tiles[q.type].cover_side[static_cast<size_t>((opp - q.rot + 4) % 4)];
  if (mine >= 0 && theirs >= 0) {
    const uint32_t root = core.unite(base + static_cast<uint32_t>(mine), q.node_base + static_cast<uint32_t>(theirs));
    core.feat().mut(root).open = static_cast<uint16_t>(core.feat()[root].open - 2);
    core.mut(&ModuleState::fog).joined = true;
  } else if (mine >= 0 || theirs >= 0) {
    // Fog against a clear side disperses (rule fog_clear_side_never_closes), or the side
    // bounds it like the edge of the board's fog; a face-down tile always disperses.
    Core::Feature& f = core.feat().mut(core.find(mine >= 0 ? base + static_cast<uint32_t>(mine) : q.node_base + static_cast<uint32_t>(theirs)));
    if (q.wild || core.rules().fog_clear_side_never_closes) f.never = true;
    else f.open = static_cast<uint16_t>(f.open - 1);
  }
  return !q.wild;  // a face-down tile joins nothing: features stay open there
}

// Game's read accessor (until the callers use the free function).
int fog_open_ends(const Game& g, int p) { return fog_open_ends(Core(g), p); }

// ---------------------------------------------------------------------------------
// The module's table (engine/rules/registry.h): its options' grammar, its events' words.

namespace {

constexpr EventRule kEvents[] = {
    {EventKind::FogClosed, "fog", "the fog at {at} closes: {points} ghosts go back to the bank"},
};

}  // namespace

extern const ModuleTable kFogTable{"fog", {}, kEvents};

uint64_t fog_cover_splits(const Rules& r) {
  return r.fog_closes_fields ? uint64_t{1} << static_cast<unsigned>(Kind::Field) : 0;
}

namespace {

// Fog covers whole edges, one fog segment per side, and at least one side; a field lies
// wholly under it or wholly outside it, a road is `fogged` exactly when it reaches a
// fogged side, a city never lies under it, and only roads and fields carry `fogged`.
void check_fog(const TileType& t, std::vector<ContentError>& errors) {
  std::array<int, 4> over{-1, -1, -1, -1};
  uint16_t fog_ports = 0;
  for (size_t i = 0; i < t.segments.size(); ++i) {
    const Segment& s = t.segments[i];
    if (s.kind != kFog) continue;
    for (int side = 0; side < 4; ++side) {
      const uint16_t edge_mask = static_cast<uint16_t>(7u << (3 * side));
      const uint16_t have = s.ports & edge_mask;
      if (have == 0) continue;
      if (have != edge_mask)
        errors.push_back({"tile_segment", segment_row(t, i), "ports", ports_text(s.ports),
                          "fog covers whole edges: all three ports of side " +
                              std::string(kPortNames[static_cast<size_t>(middle_port(side))])});
      if (over[static_cast<size_t>(side)] >= 0)
        errors.push_back({"tile_segment", segment_row(t, i), "ports", ports_text(s.ports),
                          "side " + std::string(kPortNames[static_cast<size_t>(middle_port(side))]) +
                              " is already under another fog segment"});
      over[static_cast<size_t>(side)] = static_cast<int>(i);
    }
    fog_ports |= s.ports;
  }
  for (size_t i = 0; i < t.segments.size(); ++i) {
    const Segment& s = t.segments[i];
    if (s.kind == kFog) {
      if (s.ports != 0 && (s.ports & 0x0FFF) == 0)
        errors.push_back({"tile_segment", segment_row(t, i), "ports", ports_text(s.ports),
                          "fog must cover at least one side: fog that touches no edge closes as it is placed, "
                          "so no ghost would ever emerge on it"});
      if (s.covered)
        errors.push_back({"tile_segment", segment_row(t, i), "fogged", "1",
                          "0: a fog segment is the fog itself"});
      continue;
    }
    if (s.kind == Kind::City && (s.ports & fog_ports & 0x0FFF))
      errors.push_back({"tile_segment", segment_row(t, i), "ports", ports_text(s.ports),
                        "fog never lies over a city"});
    if (s.kind == Kind::Field || s.kind == Kind::Road) {
      const uint16_t edge_ports = s.ports & 0x0FFF;
      const bool any_fog = (edge_ports & fog_ports) != 0;
      const bool all_fog = edge_ports != 0 && (edge_ports & fog_ports) == edge_ports;
      if (s.kind == Kind::Field && edge_ports != 0 && any_fog != all_fog)
        errors.push_back({"tile_segment", segment_row(t, i), "ports", ports_text(s.ports),
                          "a field lies wholly under fog or wholly outside it (fog closes fields)"});
      if (edge_ports != 0 && s.covered != any_fog)
        errors.push_back({"tile_segment", segment_row(t, i), "fogged", s.covered ? "1" : "0",
                          std::string(any_fog ? "1" : "0") + ": the segment " +
                              (any_fog ? "reaches" : "does not reach") + " a fogged side"});
    }
    if (s.covered && s.kind != Kind::Road && s.kind != Kind::Field)
      errors.push_back({"tile_segment", segment_row(t, i), "fogged", "1",
                        "fog lies only over roads and fields, never over a " + std::string(kind_name(s.kind))});
  }
}

constexpr KindRule kKindRows[] = {{kFog, "fog", kCover}};
constexpr TileCheck kChecks[] = {&check_fog};

}  // namespace
extern const KindTable kFogKinds{"fog", kKindRows, kChecks};
// ---------------------------------------------------------------------------------
// The module's parameters (engine/rules/params.h): its rows of rule_param_specs().

namespace {

constexpr ParamRow kParams[] = {
    {"fog_closes_fields", &Rules::fog_closes_fields, 0, 1, kSysGcc | kSysMists,
     "1: fog closes fields: a field does not continue across a fog boundary"},
    {"fogged_fields_occupiable", &Rules::fogged_fields_occupiable, 0, 1, kSysGcc,
     "0: no follower may stand on a fogged part of a field"},
    {"fog_extend_fewer_ghosts", &Rules::fog_extend_fewer_ghosts, 0, 9, kSysMists,
     "co-op: ghosts fewer emerge on a tile whose fog extends fog on the board (rule book: 1)"},
    {"fog_clear_side_never_closes", &Rules::fog_clear_side_never_closes, 0, 1, kSysMists,
     "co-op: 1: a fogged side meeting a clear side disperses the fog, the area never closes (the seed's footnote "
     "3); 0: the clear side bounds the fog like any edge"},
};

}  // namespace

extern const ParamTable kFogParams{"fog", uint64_t{1} << static_cast<unsigned>(kFog), kParams};

// ---------------------------------------------------------------------------------
// The module's descriptor (engine/rules/registry.h): its tables, when it plays and the
// parts it installs in the turn plan (engine/rules/plan.h), each at its order key.

namespace {

void plan_part_5(PlanBuild& b) {
  // Every game: the features the cover layer splits.
  b.plan.cover_splits = fog_cover_splits(b.rules);
}

void plan_part_227(PlanBuild& b) {
  // Every co-op game, whether fog plays or not: fog joins across placed neighbours.
  if (!b.coop) return;
  b.plan.on_put.push_back(&fog_on_put);
  b.plan.join = &join_fog;
}

void plan_part_240(PlanBuild& b) {
  if (b.plays("fog")) b.plan.after_place.push_back(&fog_after_place);
}

constexpr ModulePart kPlanParts[] = {{5, &plan_part_5}, {227, &plan_part_227}, {240, &plan_part_240}};
const ModuleDescriptor kDescriptor{.name = "fog",
                                  .order = 60,
                                  .options = &kFogTable,
                                  .kinds = &kFogKinds,
                                  .params = &kFogParams,
                                  .plan_order = 240,
                                  .plays = [](const PlanBuild& b) { return b.coop; },
                                  .parts = kPlanParts};

}  // namespace

TW_REGISTER_MODULE(fog, kDescriptor);

}  // namespace tw
