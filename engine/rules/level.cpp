#include "engine/rules/level.h"

#include "engine/content.h"

#include <algorithm>

namespace tw {

const LevelFollowers* Level::followers_for(int players) const {
  for (const auto& f : followers)
    if (f.players == players) return &f;
  return nullptr;
}

std::string_view cemetery_mode_name(CemeteryMode m) {
  switch (m) {
    case CemeteryMode::None: return "none";
    case CemeteryMode::Plain: return "plain";
    case CemeteryMode::Haunted: return "haunted";
  }
  return "?";
}

std::optional<CemeteryMode> parse_cemetery_mode(std::string_view s) {
  for (CemeteryMode m : {CemeteryMode::None, CemeteryMode::Plain, CemeteryMode::Haunted})
    if (cemetery_mode_name(m) == s) return m;
  return std::nullopt;
}

std::string_view scoring_mode_name(ScoringMode m) {
  return m == ScoringMode::Shared ? "shared" : "per_colour";
}

std::optional<ScoringMode> parse_scoring_mode(std::string_view s) {
  for (ScoringMode m : {ScoringMode::Shared, ScoringMode::PerColour})
    if (scoring_mode_name(m) == s) return m;
  return std::nullopt;
}

void check_level(const Content& c, const Level& l, std::vector<ContentError>& errors) {
  const RuleSet* rs = c.find_rule_set(l.rule_set);
  if (!rs)
    errors.push_back({"level", l.id, "rule_set", l.rule_set, "the id of a rule set"});
  else if (rs->system != System::Mists)
    errors.push_back({"level", l.id, "rule_set", l.rule_set,
                      "a rule set of system mists, not " + std::string(system_name(rs->system))});
  if (l.ghost_bank < 0 || l.ghost_bank > kMaxGhostBank)
    errors.push_back({"level", l.id, "ghost_bank", std::to_string(l.ghost_bank), "0.." + std::to_string(kMaxGhostBank)});
  if (l.stacks < 1) errors.push_back({"level", l.id, "stacks", std::to_string(l.stacks), ">= 1"});
  if (static_cast<int>(l.dogs.size()) > l.stacks - 1)
    errors.push_back({"level", l.id, "dogs", std::to_string(l.dogs.size()) + " dogs",
                      "at most one dog per stack but the last (" + std::to_string(l.stacks - 1) + ")"});
  for (size_t i = 0; i < l.dogs.size(); ++i)
    if (l.dogs[i] <= 0 || (i > 0 && l.dogs[i] <= l.dogs[i - 1]) || l.dogs[i] >= l.target)
      errors.push_back({"level", l.id, "dogs", std::to_string(l.dogs[i]),
                        "positive increasing thresholds below the target (" + std::to_string(l.target) + ")"});
  if (l.followers.empty())
    errors.push_back({"level_followers", l.id, "players", "", "at least one player count"});
  if (!rs) return;
  // The level's pile must hold at least one tile per stack.
  int64_t total = 0;
  for (const auto& e : rs->pool) {
    if (e.tile < 0 || e.tile >= static_cast<int>(c.tiles.size())) continue;
    bool excluded = false;
    for (const auto& seg : c.tiles[static_cast<size_t>(e.tile)].segments)
      excluded |= std::find(l.exclude_kinds.begin(), l.exclude_kinds.end(), seg.kind) != l.exclude_kinds.end();
    if (!excluded) total += e.count;
  }
  if (total < l.stacks)
    errors.push_back({"level", l.id, "exclude_kinds", std::to_string(total) + " tiles left",
                      "a pile of at least one tile per stack"});
  for (const auto& f : l.followers)
    if (static_cast<int64_t>(f.players) * f.colours * f.per_colour > kMaxGameFollowers)
      errors.push_back({"level_followers", l.id + "/" + std::to_string(f.players), "per_colour",
                        std::to_string(f.per_colour),
                        "at most " + std::to_string(kMaxGameFollowers) + " followers in one game: players x colours x "
                        "per_colour is " + std::to_string(static_cast<int64_t>(f.players) * f.colours * f.per_colour)});
    else if (f.players < rs->rules.min_players || f.players > std::min<int64_t>(rs->rules.max_players, kMaxPlayers) ||
             f.colours * f.players > kMaxPlayers)
      errors.push_back({"level_followers", l.id + "/" + std::to_string(f.players), "players",
                        std::to_string(f.players) + " x " + std::to_string(f.colours) + " colours",
                        "a seat count the rule set allows, and at most " + std::to_string(kMaxPlayers) +
                            " colours in all"});
}

}  // namespace tw
