// How the rule modules compose into a rule set: what a rule set's system, tiles and
// parameters may be together. The core's validate_content (engine/content.cpp) calls
// these for every rule set without knowing what they check.
#pragma once

#include <vector>

namespace tw {

struct Content;
struct RuleSet;
struct ContentError;

// The system named in rule_set.system must be the one whose modules play the rule set's
// tiles, the parameters a system fixes keep their values, and a parameter no module of
// the rule set's games reads is refused (each problem names table, row and column).
void check_rule_set(const Content& c, const RuleSet& r, std::vector<ContentError>& errors);

// Whether the rule set's parameters (followers, guards, general_guards) give each seat
// its followers, so engine/limits.h's kMaxGameFollowers bounds them (a co-op level's
// level_followers rows give them instead, and are checked with the level).
bool seats_hold_followers(const RuleSet& r);

// Whether only levels play the rule set (its system's games are co-op levels): a game
// set up with the rule set and no level plays its first level.
bool plays_levels(const RuleSet& r);

}  // namespace tw
