// The digest of the rules data a game depends on, so a replay recorded with other rules
// data is recognised before any of its plies is checked.
//
// The digest covers exactly what the engine reads for one rule set: its rule system,
// every parameter whose resolved value differs from the engine's default (so adding a
// parameter whose default keeps the old behaviour does not invalidate old replays), the
// start tile (every cell of its piece), the draw pool in the engine's order with counts,
// and every tile type used with its segments and the terrains they are made of. Tiles,
// terrains and rule sets are named by their ids, never by rowids or positions in
// Content, so unrelated rule sets, tile sets and terrains do not change it. The value is
// the same on every compiler and machine (tw::Fnv64 arithmetic only).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/content.h"

namespace tw::replay {

// A co-op game's digest also covers its level's row.
uint64_t rules_digest(const Content& content, const RuleSet& rule_set, const Level* level = nullptr);
// nullopt when the content has no such rule set.
std::optional<uint64_t> rules_digest(const Content& content, std::string_view rule_set);

// One way two rule sets (or levels) differ in what the digest covers: "ghost_penalty",
// "system", "start tile", "pool base/D" (count), "tile base/D" (geometry), "level.target".
struct RulesDifference {
  std::string field;
  std::string a, b;  // the value on each side ("(none)" when absent)
};
// Every difference in what rules_digest covers (empty exactly when the digests agree,
// up to hash collisions), parameters by their resolved values, in a stable order.
std::vector<RulesDifference> diff_rules(const Content& ca, const RuleSet& ra, const Level* la, const Content& cb,
                                        const RuleSet& rb, const Level* lb);

// 16 lower-case hex digits, and back (nullopt unless exactly that shape).
std::string hex64(uint64_t v);
std::optional<uint64_t> parse_hex64(std::string_view s);

}  // namespace tw::replay
