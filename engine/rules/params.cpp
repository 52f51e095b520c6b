#include "engine/rules/kinds.h"
#include "engine/rules/params.h"
#include "engine/rules/registry.h"

#include <algorithm>
#include <array>
#include <functional>
#include <iterator>
#include <utility>

#include "engine/content.h"

namespace tw {

std::string_view system_name(System s) {
  switch (s) {
    case System::Base: return "base";
    case System::Gcc: return "gcc";
    case System::Mists: return "mists";
    case System::Discovery: return "discovery";
  }
  return "?";
}

std::optional<System> parse_system(std::string_view name) {
  for (System s : {System::Base, System::Gcc, System::Mists, System::Discovery})
    if (system_name(s) == name) return s;
  return std::nullopt;
}

namespace {

// The core's own parameters: how many seats a game has (no module's).
constexpr ParamRow kPlayersRows[] = {
    {"min_players", &Rules::min_players, 1, kMaxPlayers, kSysAll,
     "fewest players a game may seat"},
    {"max_players", &Rules::max_players, 1, kMaxPlayers, kSysAll,
     "most players a game may seat"},
};
constexpr ParamTable kPlayersParams{"players", 0, kPlayersRows};

// The core's table first, then the modules' by their order keys (module_entries()).
const std::vector<const ParamTable*>& param_table_list() {
  static const std::vector<const ParamTable*> tables = [] {
    std::vector<const ParamTable*> out{&kPlayersParams};
    for (const ModuleDescriptor* m : module_entries())
      if (m->params) out.push_back(m->params);
    return out;
  }();
  return tables;
}

}  // namespace

std::span<const ParamTable* const> param_tables() { return param_table_list(); }

const std::vector<ParamSpec>& rule_param_specs() {
  static const std::vector<ParamSpec> specs = [] {
    std::vector<ParamSpec> out;
    for (const ParamTable* t : param_table_list())
      for (const ParamRow& r : t->rows) {
        // Where the module plays: in co-op games when the co-op system reads it, in
        // competitive games when a competitive system does; the feature modules of the
        // expansions only on tiles that show their kind of segment (the table's needs).
        const uint8_t plays = static_cast<uint8_t>(((r.systems & kSysMists) ? kPlaysCoop : 0) |
                                                   ((r.systems & (kSysBase | kSysGcc | kSysDiscovery)) ? kPlaysCompetitive : 0));
        out.push_back({r.key, r.field, r.min, r.max, r.doc, t->module, r.systems, plays, t->needs});
      }
    // The order users see: the fields' order in Rules (pointers to members of one object
    // compare in declaration order).
    static const Rules order{};
    std::stable_sort(out.begin(), out.end(), [](const ParamSpec& a, const ParamSpec& b) {
      return std::less<const int64_t*>()(&(order.*a.field), &(order.*b.field));
    });
    return out;
  }();
  return specs;
}

int64_t Rules::* remove_tiles_field(int players) {
  static constexpr int64_t Rules::* kFields[] = {&Rules::remove_tiles_1, &Rules::remove_tiles_2, &Rules::remove_tiles_3,
                                                 &Rules::remove_tiles_4, &Rules::remove_tiles_5, &Rules::remove_tiles_6};
  static_assert(std::size(kFields) == kMaxPlayers);
  return players >= 1 && players <= kMaxPlayers ? kFields[players - 1] : nullptr;
}

const ParamSpec* find_param(std::string_view key) {
  for (const auto& s : rule_param_specs())
    if (s.key == key) return &s;
  return nullptr;
}

std::string param_unread_reason(const Content& c, const RuleSet& r, const ParamSpec& spec) {
  const bool coop = r.system == System::Mists;
  if (!(spec.plays & (coop ? kPlaysCoop : kPlaysCompetitive))) {
    std::string readers;
    for (System s : {System::Base, System::Gcc, System::Mists, System::Discovery})
      if (spec.systems & system_bit(s)) readers += (readers.empty() ? "" : " and ") + std::string(system_name(s));
    return " belongs to the " + std::string(spec.module) + " rules of " + readers + ", but rule set " + r.id +
           " is of system " + std::string(system_name(r.system)) + ", which ignores it";
  }
  // The system's own parameters play as they always did; a parameter of another
  // system's module (a composition) needs the tiles its module plays on.
  if (spec.needs == 0 || (spec.systems & system_bit(r.system))) return {};
  // The kinds the rule set's tiles show: the pool, the start tile and the rest of its piece.
  uint64_t shown = 0;
  const auto look_at = [&](const TileType& t) {
    for (const Segment& seg : t.segments) shown |= uint64_t{1} << static_cast<unsigned>(seg.kind);
  };
  for (const PoolEntry& e : r.pool)
    if (e.count > 0 && e.tile >= 0 && e.tile < static_cast<int>(c.tiles.size())) look_at(c.tiles[static_cast<size_t>(e.tile)]);
  if (r.start_tile >= 0 && r.start_tile < static_cast<int>(c.tiles.size())) {
    const TileType& start = c.tiles[static_cast<size_t>(r.start_tile)];
    look_at(start);
    if (!start.piece.empty())
      for (const TileType& t : c.tiles)
        if (t.piece == start.piece && t.tile_set == start.tile_set) look_at(t);
  }
  if (shown & spec.needs) return {};
  std::string kinds;
  for (unsigned k = 0; k < 64; ++k)
    if (spec.needs >> k & 1) kinds += (kinds.empty() ? "" : "/") + std::string(kind_name(static_cast<Kind>(k)));
  return " belongs to the " + std::string(spec.module) + " rules, which play only on tiles with " + kinds +
         " segments, and rule set " + r.id + "'s tiles have none: it would be ignored";
}

}  // namespace tw
