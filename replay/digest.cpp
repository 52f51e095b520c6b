#include "replay/digest.h"

#include <algorithm>
#include <map>
#include <vector>

#include "engine/rng.h"
#include "engine/rules/level_columns.h"
#include "engine/text.h"

namespace tw::replay {
namespace {

void hash_tile(Fnv64& h, const Content& c, const TileType& t) {
  h.text(t.tile_set);
  h.text(t.id);
  h.text(t.piece);
  h.i64(t.piece_x);
  h.i64(t.piece_y);
  h.i64(t.symbols);
  h.u64(t.segments.size());
  for (const Segment& s : t.segments) {
    h.text(kind_name(s.kind));
    const Terrain* terrain = s.terrain < c.terrains.size() ? &c.terrains[s.terrain] : nullptr;
    h.text(terrain ? terrain->id : "");
    h.text(terrain ? terrain->match : "");
    h.text(terrain ? kind_name(terrain->kind) : "");
    h.u64(s.ports);
    h.u64(s.shields);
    h.u64(s.covered ? 1 : 0);
    if (s.mark) h.text("mark");  // (only when set: digests of tiles without marks stay as they were)
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
    hash_level(h, *level);  // the digest columns of engine/rules/level_columns.h, then the followers
  }
  return h.h;
}

std::vector<RulesDifference> diff_rules(const Content& ca, const RuleSet& ra, const Level* la, const Content& cb,
                                        const RuleSet& rb, const Level* lb) {
  std::vector<RulesDifference> out;
  auto add = [&](std::string field, std::string a, std::string b) {
    if (a != b) out.push_back({std::move(field), std::move(a), std::move(b)});
  };
  add("system", std::string(system_name(ra.system)), std::string(system_name(rb.system)));
  std::vector<const ParamSpec*> specs;
  for (const ParamSpec& s : rule_param_specs()) specs.push_back(&s);
  std::sort(specs.begin(), specs.end(), [](const ParamSpec* a, const ParamSpec* b) { return a->key < b->key; });
  for (const ParamSpec* s : specs) add(std::string(s->key), std::to_string(ra.rules.*(s->field)), std::to_string(rb.rules.*(s->field)));
  auto tile_name = [](const Content& c, int t) {
    if (t < 0 || t >= static_cast<int>(c.tiles.size())) return std::string("(none)");
    const TileType& tt = c.tiles[static_cast<size_t>(t)];
    return tt.tile_set + "/" + tt.id;
  };
  auto tile_hash = [](const Content& c, int t) {
    Fnv64 h;
    if (t >= 0 && t < static_cast<int>(c.tiles.size())) hash_tile(h, c, c.tiles[static_cast<size_t>(t)]);
    return h.h;
  };
  add("start tile", tile_name(ca, ra.start_tile), tile_name(cb, rb.start_tile));
  if (tile_name(ca, ra.start_tile) == tile_name(cb, rb.start_tile) &&
      tile_hash(ca, ra.start_tile) != tile_hash(cb, rb.start_tile))
    out.push_back({"tile " + tile_name(ca, ra.start_tile), "one geometry", "another geometry"});
  std::vector<std::pair<std::string, std::pair<int, int>>> pool;  // name -> (count a, count b), in a's order
  auto slot = [&](const std::string& name) -> std::pair<int, int>& {
    for (auto& [n, v] : pool)
      if (n == name) return v;
    pool.push_back({name, {-1, -1}});
    return pool.back().second;
  };
  std::map<std::string, std::pair<uint64_t, uint64_t>> geometry;
  for (const PoolEntry& e : ra.pool) {
    slot(tile_name(ca, e.tile)).first = e.count;
    geometry[tile_name(ca, e.tile)].first = tile_hash(ca, e.tile);
  }
  for (const PoolEntry& e : rb.pool) {
    slot(tile_name(cb, e.tile)).second = e.count;
    geometry[tile_name(cb, e.tile)].second = tile_hash(cb, e.tile);
  }
  for (const auto& [name, counts] : pool) {
    auto show = [](int n) { return n < 0 ? std::string("(none)") : std::to_string(n); };
    add("pool " + name, show(counts.first), show(counts.second));
    const auto& g = geometry[name];
    if (counts.first >= 0 && counts.second >= 0 && g.first != g.second)
      out.push_back({"tile " + name, "one geometry", "another geometry"});
  }
  if (la || lb) {
    // Every column of the level table that the game reads, then the follower rows.
    for (const LevelColumn& col : level_columns()) {
      if (!col.digest) continue;
      const std::string field = col.type == LevelColumnType::Id ? "level" : "level." + std::string(col.name);
      add(field, la ? col.get(*la) : "(none)", lb ? col.get(*lb) : "(none)");
    }
    add("level.followers", la ? level_followers_text(la->followers) : "(none)",
        lb ? level_followers_text(lb->followers) : "(none)");
  }
  return out;
}

std::optional<uint64_t> rules_digest(const Content& content, std::string_view rule_set) {
  const RuleSet* rs = content.find_rule_set(rule_set);
  if (!rs) return std::nullopt;
  return rules_digest(content, *rs);
}

std::string hex64(uint64_t v) { return text::hex64(v); }

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
