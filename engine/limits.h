// Tilewright's size limits, in one place.
//
// The engine keeps its hot state in narrow integers so that copying a game (what the
// search bots do most) stays cheap: a placed tile's index is an int16_t, a coordinate an
// int16_t, a feature's open ends and shields uint16_t, its follower count a uint8_t.
// Each such field holds any value a game within these limits can reach; game.h checks
// that at compile time (static_assert next to the fields), validate_content() refuses
// content beyond them at load with the table, row and column, and Game::create()
// refuses a setup beyond them (content built in code) with a Violation, never a crash.
#pragma once

#include <cstdint>

namespace tw {

// Seats in a game, and co-op colours in play: a follower's colour is one of these.
inline constexpr int kMaxPlayers = 6;

// Tiles one game places at most: the start tile (or every cell of its start piece) plus
// the whole draw pile (the counts of the rule set's rule_set_pool rows, added up). A
// connected board of N tiles has at most 2N + 2 empty cells next to it (the frontier,
// Cell::fpos) and coordinates within +-(N + 4) (the start piece spans up to 4 cells), so
// 16,000 keeps placed-tile indexes, frontier positions and coordinates inside int16_t,
// every cell inside the notation's cell limit (text::kCellLimit, 30,000), and a
// feature's open ends (at most 4 per tile) inside uint16_t. The largest shipped pile is
// under 100 tiles.
inline constexpr int64_t kMaxGameTiles = 16000;

// Copies of one tile type in one rule_set_pool row (and tile_type.count): the schema's
// CHECK (count BETWEEN 0 AND 10000). A pool row at the limit plays (kMaxGameTiles is
// larger).
inline constexpr int64_t kMaxPoolCount = 10000;

// Tile types in a database: a tile type's index is a uint16_t in options and the pile.
inline constexpr int64_t kMaxTileTypes = 65535;

// Segments of one tile type (tile_segment.idx 0..31): per-tile segment sets are 32-bit
// masks.
inline constexpr int kMaxSegments = 32;

// Terrains (a segment's terrain is a uint8_t index) and distinct match groups (an edge
// is 4 bits of a tile's signature, 0 meaning none).
inline constexpr int kMaxTerrains = 255;
inline constexpr int kMaxMatchGroups = 15;

// Shields (coats of arms, or what a rule module counts as such) on all the tiles of one game,
// start piece included: a feature's shield count is a uint16_t.
inline constexpr int64_t kMaxGameShields = 65535;

// Followers of all kinds (meeples, guards, the general supply's guards) in one game:
// a feature counts the followers standing on it in a uint8_t. Competitive:
// max_players x (followers + guards + general_guards); co-op: a level's players x
// colours x per_colour.
inline constexpr int64_t kMaxGameFollowers = 255;

}  // namespace tw
