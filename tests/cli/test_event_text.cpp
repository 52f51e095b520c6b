// The events' words come from the modules' tables (engine/rules/registry.h): event_text
// fills a row's template and says, for every event of seeded games of every shipped rule
// set and co-op level, what present/record.cpp's event_lines says.
#include <catch2/catch.hpp>

#include <set>

#include "engine/bots/bots.h"
#include "engine/game.h"
#include "engine/result.h"
#include "fixtures.h"
#include "present/record.h"

using namespace tw;

TEST_CASE("event_text from the tables says what event_lines says, for every event of every rule set and level") {
  const Content& c = test::default_content();
  std::vector<GameSetup> setups;
  for (const auto& rs : c.rule_sets)
    for (const uint64_t seed : {5u, 6u}) {
      GameSetup s;
      s.rule_set = rs.id;
      s.seed = seed;
      s.players = {{"bot:random", "random"}, {"bot:random", "random"}, {"bot:random", "random"}};
      setups.push_back(s);
    }
  for (const auto& lv : c.levels)
    for (const uint64_t seed : {5u, 6u}) {
      GameSetup s;
      s.level = lv.id;
      s.seed = seed;
      s.players = {{"bot:coop", "coop"}, {"bot:coop", "coop"}};
      setups.push_back(s);
    }
  std::set<EventKind> seen;
  size_t lines = 0;
  for (const GameSetup& s : setups) {
    Game g;
    if (Game::create(c, s, g)) continue;
    auto bot = make_bot(s.players.front().bot);
    Rng rng(s.seed);
    while (true) {
      std::vector<std::string> mine;
      for (const Event& e : g.events()) {
        const std::string who =
            is_coop(g) ? (e.player >= 0 && e.player < kMaxPlayers ? std::string(kColourNames[static_cast<size_t>(e.player)])
                                                                : std::string("the team"))
                     : e.player >= 0 && e.player < g.player_count() ? seat_label(g.setup().players, static_cast<size_t>(e.player))
                                                                    : "";
        const std::string tile = e.tile >= 0 ? g.content().tiles[static_cast<size_t>(e.tile)].id : "";
        const std::string line = event_text(e, who, tile, result_text(g));
        if (!line.empty()) mine.push_back(line);
        seen.insert(e.kind);
      }
      INFO((s.level.empty() ? s.rule_set : s.level) << " seed " << s.seed << " ply " << g.ply());
      REQUIRE(mine == event_lines(g));
      lines += mine.size();
      if (g.finished()) break;
      g.apply_index(bot->choose(g, rng));
    }
  }
  CHECK(lines > 1000);
  for (const EventKind k : {EventKind::Scored, EventKind::FinalScored, EventKind::FollowerReturned, EventKind::GameEnded,
                            EventKind::GhostAdded, EventKind::GhostsEmerged, EventKind::DogScored, EventKind::FogClosed})
    CHECK(seen.count(k) == 1);
}
