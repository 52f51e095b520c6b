// Modules compose in data (issue 31, item 6): a rule set may switch on any module that
// can play in its games and on its tiles, whatever its system (Discovery's take-back in a
// gcc variant); a parameter whose module could not play (a co-op rule in a competitive
// game, gcc ghosts on tiles without fog) is a load error naming table, row and column.
#include <catch2/catch.hpp>

#include <algorithm>

#include "engine/rules/kinds.h"
#include "engine/bots/bots.h"
#include "engine/game.h"
#include "fixtures.h"

using namespace tw;

namespace {

RuleSet& rule_set(Content& c, std::string_view id) {
  for (RuleSet& rs : c.rule_sets)
    if (rs.id == id) return rs;
  FAIL("no rule set " << id);
  throw 0;
}

const ContentError* find_error(const std::vector<ContentError>& errors, std::string_view row) {
  for (const ContentError& e : errors)
    if (e.row == row) return &e;
  return nullptr;
}

}  // namespace

TEST_CASE("a gcc variant with Discovery's take-back loads and plays: take-backs are offered and taken") {
  Content c = test::default_content();
  REQUIRE(validate_content(c).empty());
  RuleSet& gcc = rule_set(c, "gcc");
  gcc.rules.takeback = 1;
  gcc.own_params.clear();  // checked by its values, like content built in code
  const auto errors = validate_content(c);
  std::string listed;
  for (const ContentError& e : errors) listed += e.table + " " + e.row + " " + e.column + ": " + e.message + "\n";
  INFO(listed);
  REQUIRE(errors.empty());
  int offered = 0, taken = 0, ghosts = 0;
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    GameSetup s;
    s.rule_set = "gcc";
    s.seed = seed;
    s.players = {{"bot:random", "random"}, {"bot:random", "random"}, {"bot:random", "random"}};
    Game g;
    REQUIRE_FALSE(Game::create(c, s, g));
    REQUIRE(std::find(g.modules().begin(), g.modules().end(), "take-back") != g.modules().end());
    REQUIRE(std::find(g.modules().begin(), g.modules().end(), "gcc ghosts") != g.modules().end());
    auto bot = make_bot("random");
    Rng rng(seed);
    while (!g.finished()) {
      const auto& opts = g.pending().options;
      const auto tb = std::find_if(opts.begin(), opts.end(), [](const Option& o) { return o.kind == OptKind::TakeBack; });
      offered += tb != opts.end();
      // Take back whenever it is offered on odd plies, so that take-backs meet ghosts.
      if (tb != opts.end() && g.ply() % 2) {
        const Option o = *tb;
        REQUIRE(g.parse_option(g.to_string(o)) == o);
        REQUIRE_FALSE(g.apply(o));
        ++taken;
      } else {
        g.apply_index(bot->choose(g, rng));
      }
      for (const Event& e : g.events()) ghosts += e.kind == EventKind::GhostAdded;
      INFO("seed " << seed << " ply " << g.ply());
      REQUIRE(g.check_invariants().empty());
    }
  }
  CHECK(offered > 20);
  CHECK(taken > 10);
  CHECK(ghosts > 0);
}

TEST_CASE("a combination the rules cannot play is a load error naming table, row and column") {
  SECTION("gcc ghosts on tiles without fog") {
    Content c = test::default_content();
    RuleSet& base = rule_set(c, "base");
    base.rules.ghost_penalty = 5;
    base.own_params.clear();
    const auto errors = validate_content(c);
    const ContentError* e = find_error(errors, "base/ghost_penalty");
    REQUIRE(e);
    CHECK(e->table == "rule_param");
    CHECK(e->column == "value");
    CHECK(e->value == "5");
    CHECK(e->message.find("only on tiles with fog segments") != std::string::npos);
    CHECK(e->message.find("add such tiles to the pool") != std::string::npos);
  }
  SECTION("a co-op rule in a competitive game") {
    Content c = test::default_content();
    RuleSet& gcc = rule_set(c, "gcc");
    gcc.rules.dog_clear_tiles = 1;
    gcc.own_params.clear();
    const auto errors = validate_content(c);
    const ContentError* e = find_error(errors, "gcc/dog_clear_tiles");
    REQUIRE(e);
    CHECK(e->table == "rule_param");
    CHECK(e->column == "value");
    CHECK(e->message.find("belongs to the dogs rules of mists, but rule set gcc is of system gcc") !=
          std::string::npos);
  }
  SECTION("take-back in a co-op game") {
    Content c = test::default_content();
    RuleSet& mists = rule_set(c, "mists");
    mists.rules.takeback = 1;
    mists.own_params.clear();
    const auto errors = validate_content(c);
    const ContentError* e = find_error(errors, "mists/takeback");
    REQUIRE(e);
    CHECK(e->table == "rule_param");
    CHECK(e->column == "value");
  }
  SECTION("a parameter set to its default is never refused") {
    Content c = test::default_content();
    RuleSet& base = rule_set(c, "base");
    base.rules.ghost_penalty = Rules{}.ghost_penalty;
    base.own_params.clear();
    const auto errors = validate_content(c);
    CHECK(find_error(errors, "base/ghost_penalty") == nullptr);
  }
}

TEST_CASE("where each parameter's module plays is derived from its module and systems") {
  const ParamSpec* takeback = find_param("takeback");
  REQUIRE(takeback);
  CHECK(takeback->plays == kPlaysCompetitive);
  CHECK(takeback->needs == 0);
  const ParamSpec* bank = find_param("ghost_bank");
  REQUIRE(bank);
  CHECK(bank->plays == kPlaysCompetitive);
  CHECK(bank->needs == uint64_t{1} << static_cast<unsigned>(kFog));
  const ParamSpec* dogs = find_param("dog_clear_tiles");
  REQUIRE(dogs);
  CHECK(dogs->plays == kPlaysCoop);
}
