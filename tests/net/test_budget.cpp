// A cap on server bots' budget (serve --max-bot-budget): a room asking more is clamped
// to it, and `created` says which seats were.
#include <catch2/catch.hpp>

#include "engine/bots/mcts.h"
#include "net_fixture.h"

using namespace tw;
using nlohmann::json;

TEST_CASE("net budget: bots over the server's budget are clamped, and the reply says so") {
  test::HubHarness h(test::fresh_server_db("budget"), 1000, 300);
  h.hello(1);
  const json seats = json::array({{{"kind", "human"}, {"name", "Ann"}},
                                  {{"kind", "bot"}, {"bot", "mcts:5000"}},
                                  {{"kind", "bot"}, {"bot", "mcts:100"}},
                                  {{"kind", "bot"}, {"bot", "mcts:50ms"}},
                                  {{"kind", "bot"}, {"bot", "mcts:200:4:win"}}});
  h.say(1, {{"type", "create"}, {"rule_set", "base"}, {"seats", seats}});
  const json created = h.last(1, "created");
  REQUIRE(!created.is_null());
  CHECK(created["clamped"] == json::array({{{"seat", 1}, {"asked", "mcts:5000"}, {"bot", "mcts:300"}},
                                           {{"seat", 3}, {"asked", "mcts:50ms"}, {"bot", "mcts:300"}},
                                           {{"seat", 4}, {"asked", "mcts:200:4:win"}, {"bot", "mcts:200:1:win"}}}));
  const json room = h.last(1, "room");
  CHECK(room["seats"][1]["bot"] == "mcts:300");
  CHECK(room["seats"][1]["name"] == "bot:mcts:300");
  CHECK(room["seats"][2]["bot"] == "mcts:100");
  CHECK(h.log.back().find("clamped") != std::string::npos);

  // `mcts` (the game's default budget, kMctsDefaultIterations for base) under a cap of 300:
  // clamped too; within the default cap (the engine's largest default budget) nothing is
  // clamped and the reply has no "clamped".
  CHECK(net::HubOptions{}.max_bot_iterations == kMctsDefaultLargest);
  h.say(1, {{"type", "create"}, {"rule_set", "base"},
            {"seats", json::array({{{"kind", "human"}}, {{"kind", "bot"}, {"bot", "mcts"}}})}});
  CHECK(h.last(1, "created")["clamped"][0]["bot"] == "mcts:300");
  test::HubHarness wide(test::fresh_server_db("budget-default"));
  wide.hello(1);
  wide.say(1, {{"type", "create"}, {"rule_set", "base"},
               {"seats", json::array({{{"kind", "human"}}, {{"kind", "bot"}, {"bot", "mcts"}},
                                      {{"kind", "bot"}, {"bot", "mcts:2000"}}})}});
  CHECK(!wide.last(1, "created").is_null());
  CHECK(!wide.last(1, "created").contains("clamped"));
}
