// Rule module: fog areas in the co-op game. A fog area is closed when every fogged side
// is bounded; it never closes where fog meets a face-down tile or (rule
// fog_clear_side_never_closes) a clear side. Parameters: fog_extend_fewer_ghosts,
// fog_clear_side_never_closes (module "fog"). Fog joins as a tile is put down
// (Game::put_tile asks join_fog for each neighbour).
#include <algorithm>

#include "engine/core.h"
#include "engine/rules/fog.h"

namespace tw {

int fog_open_ends(const Core& core, int p) {
  const PlacedTile& pt = core.placed()[static_cast<size_t>(p)];
  if (pt.face_down) return -1;
  const TileType& tt = core.content().tiles[pt.type];
  for (size_t i = 0; i < tt.segments.size(); ++i)
    if (tt.segments[i].kind == Kind::Fog) {
      const Core::Feature& f = core.feat()[core.find(pt.node_base + static_cast<uint32_t>(i))];
      return f.never ? -1 : f.open;
    }
  return 0;
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
    if (tt.segments[i].kind != Kind::Fog) continue;
    const uint32_t node = pt.node_base + static_cast<uint32_t>(i);
    if (fog_node == UINT32_MAX) fog_node = node;
    const uint32_t root = core.find(node);
    if (core.feat()[root].open == 0 && !core.feat()[root].never) {
      // Its ghosts go back to the bank (module "co-op ghost bank", the plan's hook).
      const int back = core.plan().hooks.return_area_ghosts ? core.plan().hooks.return_area_ghosts(core, root) : 0;
      core.emit({EventKind::FogClosed, -1, Kind::Fog, pt.x, pt.y, pt.type, back});
      closed = true;
    }
  }
  // The ghosts due to emerge on the tile's fog (the ghost bank's emerge step puts them).
  const int due = !closed && fog_node != UINT32_MAX
                      ? std::max(0, tt.ghost_symbols - (core.st().fog.joined ? static_cast<int>(core.rules().fog_extend_fewer_ghosts) : 0))
                      : 0;
  if (core.plan().hooks.ghosts_due) core.plan().hooks.ghosts_due(core, fog_node, due);
}

// A tile put face up: it has extended no fog yet (join_fog sets it).
void fog_on_put(Core& core) { core.st().fog.joined = false; }

bool join_fog(Core& core, uint32_t base, const TileType& tt, int rot, int side, const PlacedTile& q) {
  // Fog joins fog across the edge, and never closes where it meets unfogged ground or a
  // face-down tile.
  const int opp = (side + 2) % 4;
  const int mine = tt.fog_side[static_cast<size_t>((side - rot + 4) % 4)];
  const int theirs = q.face_down ? -1 : core.content().tiles[q.type].fog_side[static_cast<size_t>((opp - q.rot + 4) % 4)];
  if (mine >= 0 && theirs >= 0) {
    const uint32_t root = core.unite(base + static_cast<uint32_t>(mine), q.node_base + static_cast<uint32_t>(theirs));
    core.feat()[root].open = static_cast<uint16_t>(core.feat()[root].open - 2);
    core.st().fog.joined = true;
  } else if (mine >= 0 || theirs >= 0) {
    // Fog against a clear side disperses (rule fog_clear_side_never_closes), or the side
    // bounds it like the edge of the board's fog; a face-down tile always disperses.
    Core::Feature& f = core.feat()[core.find(mine >= 0 ? base + static_cast<uint32_t>(mine) : q.node_base + static_cast<uint32_t>(theirs))];
    if (q.face_down || core.rules().fog_clear_side_never_closes) f.never = true;
    else f.open = static_cast<uint16_t>(f.open - 1);
  }
  return !q.face_down;  // a face-down tile joins nothing: features stay open there
}

// Game's read accessor (until the callers use the free function).
int Game::fog_open_ends(int p) const { return tw::fog_open_ends(Core(*this), p); }

// ---------------------------------------------------------------------------------
// The module's table (engine/rules/registry.h): its options' grammar, its events' words.

namespace {

constexpr EventRule kEvents[] = {
    {EventKind::FogClosed, "fog", "the fog at {at} closes: {points} ghosts go back to the bank"},
};

}  // namespace

extern const ModuleTable kFogTable{"fog", {}, kEvents};

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

extern const ParamTable kFogParams{"fog", uint64_t{1} << static_cast<unsigned>(Kind::Fog), kParams};

}  // namespace tw
