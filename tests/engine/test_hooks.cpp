// Modules call each other only through the plan's declared hooks (issue 31, target 1;
// engine/core.h, TurnPlan; docs/architecture.md, "Calls between modules"). Two checks: the source of every
// module file names no other module's header, entry or state (the exceptions below are
// the documented ones), and the plan fills each hook exactly when the module that
// provides it plays.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "engine/core.h"
#include "engine/game.h"
#include "fixtures.h"

using namespace tw;

namespace {

// The rule modules' files (engine/rules/X.{h,cpp}) and the ModuleState member each owns.
const std::map<std::string, std::string> kModules = {
    {"castles", ""},          {"cemeteries", "cemeteries"}, {"cities", ""},
    {"coop", ""},             {"coop_ghosts", "coop_ghosts"}, {"discovery_regions", ""},
    {"dogs", "dogs"},         {"evaluation", "evaluation"}, {"face_down", "face_down"},
    {"fields", ""},           {"final_scoring", ""},       {"fog", "fog"},
    {"followers", "followers"}, {"gcc_ghosts", "gcc_ghosts"}, {"guards", "guards"},
    {"hands", "hands"},       {"monasteries", ""},         {"roads", ""},
    {"score_floor", ""},      {"score_markers", "markers"}, {"stacks", "stacks"},
    {"takeback", ""},         {"big_follower", ""}};

// Where a module still reads another's state (docs/architecture.md, "Calls between modules", says why):
// module -> the other modules' state it reads. `bank` (ghost_bank.h) is shared by design.
const std::map<std::string, std::set<std::string>> kStateReads = {
    {"coop", {"followers", "guards", "markers", "cemeteries", "coop_ghosts", "stacks", "dogs", "evaluation",
              "face_down"}},           // setup_coop, hash_coop, check_coop
    {"cemeteries", {"followers"}},     // a burial from a colour's supply
    {"followers", {"guards"}},         // the follower step offers guards
};

std::string read(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The free functions a module's header declares (its entries).
std::set<std::string> entries(const std::string& header) {
  std::set<std::string> out;
  static const std::regex decl(R"(^(?:[\w:<>,]+[ &*]+)+(\w+)\()", std::regex::multiline);
  for (auto it = std::sregex_iterator(header.begin(), header.end(), decl); it != std::sregex_iterator(); ++it)
    out.insert((*it)[1]);
  return out;
}

}  // namespace

TEST_CASE("no module file names another module's header, entries or state") {
  const auto dir = std::filesystem::path(TW_SOURCE_DIR) / "engine" / "rules";
  std::map<std::string, std::set<std::string>> declared;
  for (const auto& [m, state] : kModules) {
    // A module with no state and no entries of its own for others has no header (the big
    // follower: modules.cpp declares the one function it registers with); its file is
    // still checked below.
    if (!std::filesystem::exists(dir / (m + ".h"))) continue;
    declared[m] = entries(read(dir / (m + ".h")));
    INFO(m);
    CHECK(!declared[m].empty());
  }
  CHECK(declared.size() + 1 == kModules.size());  // only big_follower is header-less
  CHECK(declared["coop_ghosts"].count("tile_ghosts") == 1);  // the parse finds the entries
  CHECK(declared["guards"].count("gain_guard") == 1);
  for (const auto& [m, state] : kModules) {
    const std::string src = read(dir / (m + ".cpp"));
    INFO("engine/rules/" << m << ".cpp");
    for (const auto& [other, other_state] : kModules) {
      if (other == m) continue;
      INFO("module " << other);
      CHECK(src.find("#include \"engine/rules/" + other + ".h\"") == std::string::npos);
      for (const std::string& fn : declared[other]) {
        // A call of the other module's entry (not a member of the plan or the game of
        // that name: `core.plan().hooks.tile_ghosts(`, `g.tile_ghosts(`).
        const std::regex call("(^|[^\\w.>:&])" + fn + "\\(");
        INFO("calls " << fn);
        CHECK_FALSE(std::regex_search(src, call));
      }
      if (!other_state.empty() && !(kStateReads.count(m) && kStateReads.at(m).count(other_state))) {
        INFO("reads its state st()." << other_state);
        CHECK(src.find("st()." + other_state + ".") == std::string::npos);
      }
    }
  }
}

TEST_CASE("the plan fills each declared hook exactly when its module plays") {
  const Content& c = test::default_content();
  auto make = [&](const std::string& rule_set, const std::string& level, std::vector<std::string> without = {}) {
    GameSetup s;
    s.rule_set = rule_set;
    s.level = level;
    s.seed = 7;
    for (int p = 0; p < 2; ++p) s.players.push_back({"bot:random", "random"});
    s.without = std::move(without);
    auto g = std::make_unique<Game>();
    REQUIRE_FALSE(Game::create(c, s, *g));
    return g;
  };
  SECTION("base: no hook between modules") {
    const auto g = make("base", "");
    const TurnPlan& p = Core(*g).plan();
    CHECK(p.hooks.lose == nullptr);
    CHECK(p.hooks.tile_ghosts == nullptr);
    CHECK(p.hooks.feature_ghosts == nullptr);
    CHECK(p.hooks.gain_guard == nullptr);
    CHECK(p.hooks.cemetery_open == nullptr);
    CHECK(p.on_put.empty());
    CHECK(p.hooks.on_put_face_down.empty());
  }
  SECTION("gcc: cemeteries call gcc ghosts and guards; without them, nothing") {
    const auto g = make("gcc", "");
    const TurnPlan& p = Core(*g).plan();
    CHECK(p.hooks.feature_ghosts != nullptr);
    CHECK(p.hooks.gain_guard != nullptr);
    CHECK(p.hooks.cemetery_open != nullptr);
    CHECK(p.hooks.lose == nullptr);  // a co-op hook
    const auto h = make("gcc", "", {"gcc ghosts", "guards"});
    const TurnPlan& q = Core(*h).plan();
    CHECK(q.hooks.feature_ghosts == nullptr);
    CHECK(q.hooks.gain_guard == nullptr);
    const auto k = make("gcc", "", {"cemeteries"});
    CHECK(Core(*k).plan().hooks.cemetery_open == nullptr);
  }
  SECTION("mists-6: every co-op hook; stacks, score markers and cemeteries as they play") {
    const auto g = make("mists", "mists-6");
    const TurnPlan& p = Core(*g).plan();
    for (const bool filled : {p.hooks.lose != nullptr, p.hooks.win != nullptr, p.hooks.tile_ghosts != nullptr,
                              p.hooks.ghosts_on_board != nullptr, p.hooks.add_ghosts != nullptr, p.hooks.remove_ghosts != nullptr,
                              p.hooks.return_area_ghosts != nullptr, p.hooks.ghosts_due != nullptr, p.hooks.emerged_on_fog != nullptr,
                              p.hooks.unghost_options != nullptr, p.hooks.unghost_count != nullptr, p.hooks.team_points != nullptr,
                              p.hooks.progress != nullptr, p.hooks.thresholds != nullptr, p.hooks.dogs_reached != nullptr,
                              p.hooks.stack_tiles_left != nullptr, p.hooks.on_dog_reached != nullptr, p.hooks.cemetery_open != nullptr,
                              p.hooks.points_waiting != nullptr, p.hooks.marker_choice != nullptr})
      CHECK(filled);
    CHECK(p.on_put.size() == 3);
    CHECK(p.hooks.on_put_face_down.size() == 2);
    CHECK(p.hooks.feature_ghosts == nullptr);  // gcc's
    const auto h = make("mists", "mists-6", {"stacks", "score markers", "cemeteries"});
    const TurnPlan& q = Core(*h).plan();
    CHECK(q.hooks.stack_tiles_left == nullptr);
    CHECK(q.hooks.on_dog_reached == nullptr);
    CHECK(q.hooks.points_waiting == nullptr);
    CHECK(q.hooks.marker_choice == nullptr);
    CHECK(q.hooks.cemetery_open == nullptr);
    CHECK(q.hooks.lose != nullptr);  // every co-op game's
  }
}

// Front ends read reports, not modules (issue 57 item 2): no file above the engine
// (outside engine/ and tests/) includes a rule module's header, and no front end
// (present/, web/, net/, cli/, editor/) calls a module's entry; module state reaches them
// through the game's report (engine/report.h) and the option rows (OptionRule). Headers
// of engine/rules/ that are not a module's (the registry, the parameters, feature kinds,
// levels and their columns) may be included. (The analysis layers, analysis/, study/ and
// replay/, still call a few read functions: docs/architecture.md says which.)
TEST_CASE("no layer above the engine includes a module header or calls a module entry", "[engine][issue57]") {
  const auto root = std::filesystem::path(TW_SOURCE_DIR);
  const auto rules = root / "engine" / "rules";
  std::map<std::string, std::set<std::string>> declared;
  for (const auto& [m, state] : kModules)
    if (std::filesystem::exists(rules / (m + ".h"))) declared[m] = entries(read(rules / (m + ".h")));
  // The calls, compiled once. (`progress` is also the name of the front ends' progress
  // callbacks: score markers' progress(g) is left to the include check.)
  struct Call {
    std::string what, name;
    std::regex re;
  };
  std::vector<Call> calls;
  for (const auto& [m, fns] : declared)
    for (const std::string& fn : fns)
      if (fn != "progress") calls.push_back({m + "'s " + fn, fn + "(", std::regex("(^|[^\\w.>:&])(tw::)?" + fn + "\\(")});
  size_t files = 0;
  for (const auto& top : std::filesystem::directory_iterator(root)) {
    const std::string name = top.path().filename().string();
    if (!top.is_directory() || name == "engine" || name == "tests" || name.rfind("build", 0) == 0 || name[0] == '.')
      continue;
    const bool front = name == "present" || name == "web" || name == "net" || name == "cli" || name == "editor";
    for (const auto& e : std::filesystem::recursive_directory_iterator(top.path())) {
      const std::string ext = e.path().extension().string();
      if (!e.is_regular_file() || (ext != ".cpp" && ext != ".h")) continue;
      ++files;
      const std::string src = read(e.path());
      INFO(std::filesystem::relative(e.path(), root).string());
      for (const auto& [m, fns] : declared) {
        INFO("module " << m);
        CHECK(src.find("#include \"engine/rules/" + m + ".h\"") == std::string::npos);
      }
      if (!front) continue;
      for (const Call& c : calls) {
        if (src.find(c.name) == std::string::npos) continue;  // (the regex only where the name is)
        INFO("calls " << c.what);
        CHECK_FALSE(std::regex_search(src, c.re));
      }
    }
  }
  CHECK(files > 100);  // the walk found the front ends
}
