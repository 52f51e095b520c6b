// The rule modules (engine/rules/, docs/architecture.md): each game plays the modules
// its rule set and level choose, and every module matters. Each module is taken out of
// the plan once (GameSetup::without) and the same seeded games are played again: for
// every module some shipped rule set or level must play differently without it, so a
// module whose effect was lost (or never wired into the turn) fails here.
#include <catch2/catch.hpp>

#include <map>
#include <set>

#include "engine/bots/bots.h"
#include "engine/game.h"
#include "fixtures.h"

using namespace tw;

namespace {

struct Config {
  std::string rule_set;
  std::string level;
};

std::vector<Config> configs(const Content& c) {
  std::vector<Config> out;
  for (const RuleSet& rs : c.rule_sets)
    if (rs.system != System::Mists) out.push_back({rs.id, ""});
  for (const Level& l : c.levels) out.push_back({l.rule_set, l.id});
  return out;
}

GameSetup setup_of(const Config& cfg, int players, uint64_t seed, const std::string& bot,
                   std::vector<std::string> without = {}) {
  GameSetup s;
  s.rule_set = cfg.rule_set;
  s.level = cfg.level;
  s.seed = seed;
  for (int p = 0; p < players; ++p) s.players.push_back({"bot:" + bot, bot});
  s.without = std::move(without);
  return s;
}

// A digest of the whole game: the state after every ply, and where it stopped (an
// option nobody applies, once a module is gone, ends the game there).
uint64_t play(const Content& c, const GameSetup& s, const std::string& bot_name) {
  Game g;
  if (auto v = Game::create(c, s, g)) return 0xBAD;
  auto bot = make_bot(bot_name);
  Rng rng(s.seed);
  uint64_t h = 1469598103934665603ULL;
  for (int ply = 0; ply < 3000 && !g.finished(); ++ply) {
    const Option o = g.pending().options[bot->choose(g, rng)];
    if (g.apply(o)) return h ^ 0x5757;
    h = (h ^ g.state_hash()) * 1099511628211ULL;
  }
  return h;
}

int seats(const Content& c, const Config& cfg) {
  if (!cfg.level.empty()) return 2;
  const RuleSet* rs = c.find_rule_set(cfg.rule_set);
  return static_cast<int>(std::max<int64_t>(2, rs->rules.min_players));
}

}  // namespace

TEST_CASE("each game names the rule modules it plays, by system") {
  const Content& c = test::default_content();
  auto modules_of = [&](const Config& cfg) {
    Game g;
    REQUIRE_FALSE(Game::create(c, setup_of(cfg, seats(c, cfg), 1, "random"), g));
    const auto& m = g.modules();
    return std::set<std::string>(m.begin(), m.end());
  };
  const auto base = modules_of({"base", ""});
  CHECK(base == std::set<std::string>{"roads", "cities", "monasteries", "fields", "followers", "final scoring"});
  const auto gcc = modules_of({"gcc", ""});
  for (const char* m : {"castles", "cemeteries", "gcc ghosts", "guards", "score floor", "followers"})
    CHECK(gcc.count(m) == 1);
  const auto discovery = modules_of({"discovery", ""});
  CHECK(discovery.count("discovery regions") == 1);
  CHECK(discovery.count("take-back") == 1);
  CHECK(discovery.count("gcc ghosts") == 0);
  const auto mists = modules_of({"mists", "mists-6"});
  for (const char* m : {"stacks", "fog", "co-op ghost bank", "evaluation", "dogs", "score markers", "face-down tiles"})
    CHECK(mists.count(m) == 1);
  CHECK(mists.count("final scoring") == 0);
}

// For each module of each configuration's plan: whether leaving it out changes a game.
void count_changes(const Content& c, const std::vector<Config>& cfgs, std::map<std::string, int>& changed) {
  for (const Config& cfg : cfgs) {
    // Co-op levels at 2 and 3 seats (score markers from the supply from 3 players on).
    for (int players = seats(c, cfg); players <= (cfg.level.empty() ? seats(c, cfg) : 3); ++players) {
      Game probe;
      if (Game::create(c, setup_of(cfg, players, 1, "random"), probe)) continue;  // not at this count
      for (const std::string_view m : probe.modules()) {
        if (changed[std::string(m)] > 0) continue;  // already shown to matter
        bool differs = false;
        // Most modules change the first game; a few act rarely, so up to 40 seeds each.
        for (uint64_t seed = 1; seed <= 40 && !differs; ++seed)
          for (const char* bot : {"random", cfg.level.empty() ? "greedy" : "coop"}) {
            const GameSetup full = setup_of(cfg, players, seed, bot);
            const GameSetup less = setup_of(cfg, players, seed, bot, {std::string(m)});
            differs = differs || play(c, full, bot) != play(c, less, bot);
          }
        changed[std::string(m)] += differs;
      }
    }
  }
}

TEST_CASE("every rule module matters: without it, some shipped games play differently") {
  const Content& c = test::default_content();
  std::map<std::string, int> changed;  // module -> 1 once some configuration changed without it
  count_changes(c, configs(c), changed);
  // The score floor acts only when a penalty would take a score below 0, which the
  // shipped numbers make rare: a variant of gcc with a heavy final ghost penalty.
  Content harsh = c;
  for (RuleSet& rs : harsh.rule_sets)
    if (rs.id == "gcc") rs.rules.ghost_penalty_final = 30;
  count_changes(harsh, {{"gcc", ""}}, changed);
  REQUIRE(changed.size() >= 20);
  for (const auto& [module, configs_changed] : changed) {
    INFO("module " << module);
    CHECK(configs_changed > 0);
  }
}

TEST_CASE("a module left out is named nowhere in the plan, and the full plan is the shipped game") {
  const Content& c = test::default_content();
  Game full, again, less;
  const Config cfg{"gcc", ""};
  REQUIRE_FALSE(Game::create(c, setup_of(cfg, 2, 7, "random"), full));
  REQUIRE_FALSE(Game::create(c, setup_of(cfg, 2, 7, "random", {"gcc ghosts"}), less));
  const auto& m = less.modules();
  CHECK(std::find(m.begin(), m.end(), "gcc ghosts") == m.end());
  CHECK(m.size() + 1 == full.modules().size());
  // Reusing a game object (and its plan) for another rule set gives that rule set's plan.
  REQUIRE_FALSE(Game::create(c, setup_of({"base", ""}, 2, 7, "random"), again));
  REQUIRE_FALSE(Game::create(c, setup_of(cfg, 2, 7, "random"), again));
  CHECK(again.modules() == full.modules());
  CHECK(play(c, setup_of(cfg, 2, 7, "random"), "random") == play(c, setup_of(cfg, 2, 7, "random", {}), "random"));
}
