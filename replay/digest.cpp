#include "replay/digest.h"

#include <algorithm>
#include <vector>

#include "engine/rng.h"

namespace tw::replay {
namespace {

void hash_tile(Fnv64& h, const Content& c, const TileType& t) {
  h.text(t.tile_set);
  h.text(t.id);
  h.text(t.piece);
  h.i64(t.piece_x);
  h.i64(t.piece_y);
  h.i64(t.ghost_symbols);
  h.u64(t.segments.size());
  for (const Segment& s : t.segments) {
    h.text(kind_name(s.kind));
    const Terrain* terrain = s.terrain < c.terrains.size() ? &c.terrains[s.terrain] : nullptr;
    h.text(terrain ? terrain->id : "");
    h.text(terrain ? terrain->match : "");
    h.text(terrain ? kind_name(terrain->kind) : "");
    h.u64(s.ports);
    h.u64(s.shields);
    h.u64(s.fogged ? 1 : 0);
    h.u64(s.touches.size());
    for (uint8_t k : s.touches) h.u64(k);
  }
}

}  // namespace

uint64_t rules_digest(const Content& c, const RuleSet& rs, const Level* level) {
  Fnv64 h;
  h.text("tilewright rules digest 1");
  h.text(system_name(rs.system));
  // Parameters: by key, only those that differ from the engine's defaults.
  const Rules defaults{};
  std::vector<const ParamSpec*> specs;
  for (const ParamSpec& s : rule_param_specs()) specs.push_back(&s);
  std::sort(specs.begin(), specs.end(),
            [](const ParamSpec* a, const ParamSpec* b) { return a->key < b->key; });
  for (const ParamSpec* s : specs) {
    const int64_t v = rs.rules.*(s->field);
    if (v == defaults.*(s->field)) continue;
    h.text(s->key);
    h.i64(v);
  }
  h.text("start");
  const auto tile_ok = [&](int t) { return t >= 0 && t < static_cast<int>(c.tiles.size()); };
  if (tile_ok(rs.start_tile)) {
    const TileType& st = c.tiles[static_cast<size_t>(rs.start_tile)];
    if (st.piece.empty()) {
      hash_tile(h, c, st);
    } else {
      for (const TileType& q : c.tiles)  // the cells of the piece, as the engine places them
        if (q.tile_set == st.tile_set && q.piece == st.piece) hash_tile(h, c, q);
    }
  }
  h.text("pool");
  for (const PoolEntry& e : rs.pool) {
    if (!tile_ok(e.tile)) continue;
    hash_tile(h, c, c.tiles[static_cast<size_t>(e.tile)]);
    h.i64(e.count);
  }
  if (level) {
    h.text("level");
    h.text(level->id);
    for (const Kind k : level->exclude_kinds) h.text(kind_name(k));
    h.i64(level->ghost_bank);
    h.i64(level->stacks);
    for (const int d : level->dogs) h.i64(d);
    h.i64(level->target);
    h.text(cemetery_mode_name(level->cemetery));
    h.text(scoring_mode_name(level->scoring));
    h.i64(level->score_markers);
    h.i64(level->marker_from_supply ? 1 : 0);
    for (const auto& f : level->followers) {
      h.i64(f.players);
      h.i64(f.colours);
      h.i64(f.per_colour);
    }
  }
  return h.h;
}

std::optional<uint64_t> rules_digest(const Content& content, std::string_view rule_set) {
  const RuleSet* rs = content.find_rule_set(rule_set);
  if (!rs) return std::nullopt;
  return rules_digest(content, *rs);
}

std::string hex64(uint64_t v) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string s(16, '0');
  for (int i = 15; i >= 0; --i, v >>= 4) s[static_cast<size_t>(i)] = kHex[v & 15];
  return s;
}

std::optional<uint64_t> parse_hex64(std::string_view s) {
  if (s.size() != 16) return std::nullopt;
  uint64_t v = 0;
  for (char ch : s) {
    int d;
    if (ch >= '0' && ch <= '9') d = ch - '0';
    else if (ch >= 'a' && ch <= 'f') d = ch - 'a' + 10;
    else return std::nullopt;
    v = (v << 4) | static_cast<uint64_t>(d);
  }
  return v;
}

}  // namespace tw::replay
