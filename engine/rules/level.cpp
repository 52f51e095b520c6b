#include "engine/rules/level.h"

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

}  // namespace tw
