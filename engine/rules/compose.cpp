// How the rule modules compose into a rule set (engine/rules/compose.h).
#include "engine/rules/compose.h"

#include "engine/content.h"
#include "engine/rules/discovery_regions.h"

#include <algorithm>
#include <set>

namespace tw {

namespace {

// The rule system named in rule_set.system must be the one whose rules the rule set
// uses: its tiles hold only the kinds of segment that system scores, and the switches
// that turn on another system's rules stay off. (A Discovery rule set marked gcc would
// otherwise load and play as if nothing were wrong.)
void check_system(const Content& c, const RuleSet& r, std::vector<ContentError>& errors) {
  const size_t first = errors.size();
  const auto allowed = [&](Kind k) {
    // Fog, castles and cemeteries mean nothing to the base rules, so base may draw GCC
    // tiles (a designer's mix); Discovery's regions mean something only to Discovery.
    if (r.system == System::Discovery) return is_region(k) || k == Kind::None;
    return !is_region(k);
  };
  const std::string sys(system_name(r.system));
  std::set<Kind> foreign;
  const auto look_at = [&](int tile) {
    if (tile < 0 || tile >= static_cast<int>(c.tiles.size())) return;
    for (const auto& seg : c.tiles[static_cast<size_t>(tile)].segments)
      if (!allowed(seg.kind)) foreign.insert(seg.kind);
  };
  look_at(r.start_tile);
  for (const auto& e : r.pool)
    if (e.count > 0) look_at(e.tile);
  if (!foreign.empty()) {
    std::string kinds;
    for (Kind k : foreign) kinds += (kinds.empty() ? "" : ", ") + std::string(kind_name(k));
    errors.push_back({"rule_set", r.id, "system", sys,
                      "the rule set's tiles hold " + kinds + " segments, which the " + sys +
                          " rules do not score; name the system whose tiles these are"});
  }
  const Rules defaults;
  if (r.system == System::Mists) {
    // What a co-op level decides, or the co-op rules do not have: a rule set of system
    // mists that sets it otherwise would be overridden silently (RULES.md section 4).
    struct Fixed {
      std::string_view key;
      int64_t Rules::*field;
      int64_t value;
      std::string_view why;
    };
    static constexpr Fixed kFixed[] = {
        {"farmers", &Rules::farmers, 0, "the co-op rules have no farmers"},
        {"final_scoring", &Rules::final_scoring, 0, "nothing scores at the end of a co-op game"},
        {"fog_ghosts", &Rules::fog_ghosts, 0, "co-op ghosts come from the level's ghost bank, not from fog"},
        {"takeback", &Rules::takeback, 0, "takeback is a Discovery rule"},
        {"hand_size", &Rules::hand_size, 0, "hands are a Discovery rule"},
        {"guards", &Rules::guards, 0, "the co-op rules have no guards"},
        {"general_guards", &Rules::general_guards, 0, "the co-op rules have no guards"},
        {"ghost_bank", &Rules::ghost_bank, 0, "the level's ghost_bank column decides it"},
        {"cemetery_neighbours", &Rules::cemetery_neighbours, 8, "the level's cemetery column decides it (plain 4, haunted 8)"},
    };
    // A child of a mists rule set (mists-uk) that does not set the key itself inherits it:
    // the row that sets it is refused, once, at the parent.
    const RuleSet* parent = r.parent.empty() ? nullptr : c.find_rule_set(r.parent);
    const bool mists_parent = parent && parent->system == System::Mists && !r.own_params.empty();
    for (const auto& f : kFixed) {
      if (r.rules.*f.field == f.value) continue;
      if (mists_parent && std::find(r.own_params.begin(), r.own_params.end(), f.key) == r.own_params.end()) continue;
      errors.push_back({"rule_param", r.id + "/" + std::string(f.key), "value", std::to_string(r.rules.*f.field),
                        std::to_string(f.value) + " for a rule set of system mists: " + std::string(f.why) +
                            " (the value would be ignored)"});
    }
  }
  // A parameter whose module the rule set's games do not play would be ignored.
  for (const ParamSpec& spec : rule_param_specs()) {
    if (r.rules.*spec.field == defaults.*spec.field) continue;
    const std::string why = param_unread_reason(c, r, spec);
    if (why.empty()) continue;
    // Set by a parent of another system (base's followers under mists): the parent's
    // games read it, this one's levels decide. Only the rule set's own rows are refused.
    if (!r.own_params.empty() && std::find(r.own_params.begin(), r.own_params.end(), spec.key) == r.own_params.end())
      continue;
    if (std::any_of(errors.begin() + static_cast<std::ptrdiff_t>(first), errors.end(),
                    [&](const ContentError& e) { return e.row == r.id + "/" + std::string(spec.key); }))
      continue;  // reported above, with the co-op reason
    errors.push_back({"rule_param", r.id + "/" + std::string(spec.key), "value", std::to_string(r.rules.*spec.field),
                      std::string(spec.key) + why + " (leave it at " + std::to_string(defaults.*spec.field) + " or " +
                          (why.find("tiles") != std::string::npos ? "add such tiles to the pool" : "change rule_set.system") +
                          ")"});
  }
}

}  // namespace

void check_rule_set(const Content& c, const RuleSet& r, std::vector<ContentError>& errors) {
  check_system(c, r, errors);
}

bool seats_hold_followers(const RuleSet& r) { return r.system != System::Mists; }

bool plays_levels(const RuleSet& r) { return r.system == System::Mists; }

}  // namespace tw
