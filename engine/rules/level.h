// The co-op level: one row of the `level` table, the rule set a level plays on and the
// numbers and switches it adds (RULES.md section 4). The co-op modules read it; the core
// only carries it (Content::levels, coop_level(g) in engine/rules/coop.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tw {

enum class Kind : uint8_t;  // engine/content.h
struct Content;
struct ContentError;

// A co-op level's ghost bank (level.ghost_bank 0..200): ghosts on one segment (a uint8_t)
// never exceed it.
inline constexpr int64_t kMaxGhostBank = 200;

// Mists over Carcassonne: one cooperative level (a row of the `level` table). A level
// plays on a rule set of system mists (its tiles, start piece and scoring numbers) and
// adds the numbers and switches of the level table (RULES.md section 4).
enum class CemeteryMode : uint8_t { None, Plain, Haunted };
enum class ScoringMode : uint8_t { Shared, PerColour };
std::string_view cemetery_mode_name(CemeteryMode m);
std::optional<CemeteryMode> parse_cemetery_mode(std::string_view s);
std::string_view scoring_mode_name(ScoringMode m);
std::optional<ScoringMode> parse_scoring_mode(std::string_view s);

struct LevelFollowers {
  int players = 0;     // seats
  int colours = 1;     // colours each player plays
  int per_colour = 5;  // followers of each colour
};

struct Level {
  std::string id;          // "mists-3"
  std::string name;
  int position = 0;        // order in lists
  std::string rule_set;    // a rule set of system mists
  std::vector<Kind> exclude_kinds;  // tiles with a segment of such a kind stay in the box
  uint64_t excluded_kind_bits() const {  // the same as bits: bit k for Kind k
    uint64_t bits = 0;
    for (const Kind k : exclude_kinds) bits |= uint64_t{1} << static_cast<unsigned>(k);
    return bits;
  }
  int ghost_bank = 15;     // ghosts in the bank at the start (those on the start piece included)
  int stacks = 1;          // the pile is split into this many stacks, played in order
  std::vector<int> dogs;   // dog thresholds, one per stack but the last (increasing)
  int target = 50;         // the score that wins
  CemeteryMode cemetery = CemeteryMode::None;
  ScoringMode scoring = ScoringMode::Shared;
  int score_markers = 0;   // per colour scoring: markers on the track (0 = one per colour in play)
  bool marker_from_supply = false;  // per colour, 3+ players: each marker is one of the player's followers
  std::vector<LevelFollowers> followers;  // by player count
  std::string description;
  const LevelFollowers* followers_for(int players) const;
};

// A level's own checks, named by table, row and column (validate_content calls it for
// every level, after checking the ids are distinct): its rule set is one of system mists,
// its ghost bank, stacks and dogs are in range, its pile holds a tile per stack, and its
// level_followers rows fit the rule set's seats and engine/limits.h.
void check_level(const Content& c, const Level& l, std::vector<ContentError>& errors);

}  // namespace tw
