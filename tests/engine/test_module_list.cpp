// The registered rule modules (module_entries(): each module registers its descriptor in
// its own file, issue 57 item 1). The registry's option and kind tables and the parameter
// specs come from them, each table carries its module's name, every module a game plays
// is registered, and every module file is linked in (a static library may drop an object
// file nobody names: the list below is what must be registered).
#include <algorithm>
#include <catch2/catch.hpp>
#include <set>
#include <string>

#include "engine/game.h"
#include "engine/rules/params.h"
#include "engine/rules/registry.h"
#include "fixtures.h"

using namespace tw;

TEST_CASE("module list: one entry per module, each table under its module's name", "[engine][issue31]") {
  std::set<std::string_view> names;
  size_t options = 0, kinds = 0, params = 0;
  for (const ModuleDescriptor* d : module_entries()) {
    const ModuleDescriptor& m = *d;
    INFO(std::string(m.name));
    CHECK(names.insert(m.name).second);
    CHECK((m.options || m.kinds || m.params));
    if (m.options) {
      CHECK(m.options->module == m.name);
      ++options;
    }
    if (m.kinds) {
      CHECK(m.kinds->module == m.name);
      ++kinds;
    }
    if (m.params) {
      CHECK(m.params->module == m.name);
      ++params;
    }
  }
  // The registry and the specs read exactly the listed tables, after the core's own one.
  CHECK(module_tables().size() == options + 1);
  CHECK(kind_tables().size() == kinds + 1);
  CHECK(param_tables().size() == params + 1);
  for (const ParamSpec& s : rule_param_specs())
    if (s.module != "players") CHECK(names.count(s.module) == 1);
}

TEST_CASE("module list: every module a game plays is listed", "[engine][issue31]") {
  std::set<std::string_view> names;
  for (const ModuleDescriptor* m : module_entries()) names.insert(m->name);
  const Content& c = test::default_content();
  std::set<std::string_view> played;
  const std::pair<const char*, const char*> games[] = {
      {"base", ""},   {"gcc", ""},    {"discovery", ""}, {"discovery-expert", ""}, {"base-big", ""},  {"ic", ""}, {"mists", "mists-1"},
      {"mists", "mists-3"}, {"mists", "mists-5"}, {"mists", "mists-6"}};
  for (const auto& [rs, level] : games) {
    GameSetup s;
    s.rule_set = rs;
    s.level = level;
    s.seed = 3;
    s.players = {{"A", "random"}, {"B", "random"}};
    Game g;
    INFO(rs << " " << level);
    REQUIRE(!Game::create(c, s, g));
    for (std::string_view m : g.modules()) {
      INFO(std::string(m));
      CHECK(names.count(m) == 1);
      played.insert(m);
    }
  }
  // A module the list holds but no shipped game plays would be a dead entry. (coop is the
  // frame of every co-op game, not a module a rule set switches: Game::modules() does not
  // name it; its table registers the ruin.)
  for (std::string_view n : names) {
    if (n == "coop") continue;
    INFO(std::string(n));
    CHECK(played.count(n) == 1);
  }
}

TEST_CASE("module list: every module is registered once, in its order key's order", "[engine][issue57]") {
  // Every rule module of the engine, by order key (the order of TGN's verbs, the tile
  // checks and the parameters). A module missing here was dropped by the linker or never
  // registered; a new module adds its name here (and nowhere else in the engine).
  const std::vector<std::string_view> expected = {
      "followers", "take-back", "gcc ghosts", "guards", "discovery regions", "fog", "co-op ghost bank",
      "evaluation", "cemeteries", "dogs", "stacks", "face-down tiles", "score markers", "big follower", "roads",
      "cities", "monasteries", "fields", "final scoring", "castles", "coop", "score floor", "hands",
      "inns and cathedrals"};
  std::vector<std::string_view> names;
  for (const ModuleDescriptor* m : module_entries()) names.push_back(m->name);
  CHECK(names == expected);
  // Order keys are distinct (the order never depends on static initialisation), and so
  // are the parts' keys across modules where two parts fill the same list.
  for (size_t i = 1; i < module_entries().size(); ++i) CHECK(module_entries()[i - 1]->order < module_entries()[i]->order);
  for (const ModuleDescriptor* m : module_entries()) {
    INFO(std::string(m->name));
    CHECK(find_module(m->name) == m);
    if (m->listed) CHECK(m->plays != nullptr);
  }
}
