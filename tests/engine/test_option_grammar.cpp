// The one option grammar (engine/options.cpp) generated from the rule modules' tables
// (engine/rules/registry.h): every option kind and event kind has exactly one row; for
// every legal option of seeded games of every shipped rule set and every co-op level,
// parse_option(to_string(o)) gives o back, describe(o) says what the text says (the
// text written again from describe's fields alone is the same text), and TGN reads the
// text as one decision, unchanged.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <set>

#include "engine/bots/bots.h"
#include "engine/game.h"
#include "engine/tgn.h"
#include "engine/text.h"
#include "fixtures.h"

using namespace tw;

namespace {

// The option's text rebuilt from describe's fields and its row, never from to_string.
std::string text_of_view(const Game& g, const Option& o) {
  const OptionRule& r = option_rule(o.kind);
  const OptionView v = g.describe(o);
  std::string s(v.verb);
  if (!r.word.empty()) s += " " + std::string(r.word);
  if (!v.tile.empty()) s += " " + v.tile;
  if (v.has_cell) s += " " + text::cell_text(v.x, v.y);
  if (v.rot >= 0) s += " r" + std::to_string(v.rot * 90);
  if (v.placed >= 0) s += " " + g.location_name(v.placed, v.seg);
  if (v.colour >= 0) s += " " + std::string(kColourNames[static_cast<size_t>(v.colour)]);
  if (v.count >= 0) s += " " + std::to_string(v.count);
  return s;
}

// One decision as a TGN record reads it ("" if TGN refuses it).
std::string tgn_move(const std::string& text) {
  const auto parsed = tgn::parse("[Format \"TGN 1\"]\n[Ruleset \"base\"]\n[Seed \"1\"]\n\n1. " + text + "\n");
  if (!parsed.record || parsed.record->mainline.size() != 1) return {};
  return parsed.record->mainline.front().move;
}

std::vector<GameSetup> setups(const Content& c) {
  std::vector<GameSetup> out;
  auto seats = [](int n) {
    std::vector<PlayerSpec> p;
    for (int i = 0; i < n; ++i) p.push_back({"bot:random", "random"});
    return p;
  };
  for (const auto& rs : c.rule_sets)
    for (const int players : {2, 3, 4})
      for (const uint64_t seed : {3u, 4u}) {
        GameSetup s;
        s.rule_set = rs.id;
        s.seed = seed;
        s.players = seats(players);
        out.push_back(s);
      }
  for (const auto& lv : c.levels)
    for (const auto& f : lv.followers)
      for (const uint64_t seed : {3u, 4u}) {
        GameSetup s;
        s.level = lv.id;
        s.seed = seed;
        s.players = seats(f.players);
        out.push_back(s);
      }
  return out;
}

}  // namespace

TEST_CASE("every option kind and event kind has exactly one row in the modules' tables") {
  std::map<OptKind, int> options;
  std::map<EventKind, int> events;
  for (const ModuleTable* t : module_tables()) {
    REQUIRE_FALSE(t->module.empty());
    for (const OptionRule& r : t->options) {
      ++options[r.kind];
      CHECK(r.arity <= kMaxArgs);
      CHECK(r.optional <= r.arity);
      CHECK(r.explain != nullptr);
      CHECK_FALSE(r.usage.empty());
    }
    for (const EventRule& e : t->events) ++events[e.kind];
  }
  // Every kind registry.h names has its one row; a module's own kinds (numbered in its
  // file, below kOptKindCount) have one row each too.
  for (int k = 0; k <= static_cast<int>(OptKind::Marker); ++k) {
    INFO("option kind " << k);
    CHECK(options[static_cast<OptKind>(k)] == 1);
  }
  for (const auto& [kind, rows] : options) {
    INFO("option kind " << static_cast<int>(kind));
    CHECK(rows == 1);
    CHECK(static_cast<size_t>(kind) < kOptKindCount);
    CHECK(option_rule(kind).kind == kind);
  }
  for (int k = 0; k <= static_cast<int>(EventKind::FaceDownPlaced); ++k) {
    INFO("event kind " << k);
    CHECK(events[static_cast<EventKind>(k)] == 1);
    CHECK(event_rule(static_cast<EventKind>(k)).kind == static_cast<EventKind>(k));
  }
  // The verbs, once each, in the order TGN lists its keywords.
  const std::vector<std::string_view> want = {"place", "meeple", "guard", "pass", "takeback", "ghost", "points",
                                              "unghost", "cemetery", "bury", "dog", "done", "facedown", "marker", "big"};
  CHECK(option_verbs() == want);
}

TEST_CASE("parse_option(to_string(o)) == o and describe agrees, for every legal option of every rule set and level",
          "[grammar]") {
  const Content& c = test::default_content();
  std::set<OptKind> seen;
  size_t games = 0, checked = 0;
  for (const GameSetup& s : setups(c)) {
    Game g;
    if (Game::create(c, s, g)) continue;  // a player count the rule set does not allow
    ++games;
    INFO((s.level.empty() ? s.rule_set : s.level) << " " << s.players.size() << "p seed " << s.seed);
    auto bot = make_bot("random");
    Rng rng(s.seed * 104729 + s.players.size());
    for (int ply = 0; !g.finished() && ply < 3000; ++ply) {
      for (const Option& o : g.pending().options) {
        const std::string text = g.to_string(o);
        INFO("ply " << g.ply() << ": '" << text << "'");
        std::string why;
        const auto back = g.parse_option(text, &why);
        INFO(why);
        REQUIRE(back);
        REQUIRE(*back == o);
        REQUIRE(text_of_view(g, o) == text);
        REQUIRE(tgn_move(text) == text);
        seen.insert(o.kind);
        ++checked;
      }
      g.apply_index(bot->choose(g, rng));
    }
  }
  CHECK(games >= 20);
  CHECK(checked > 10000);
  // Every kind the shipped content can offer to a random player came up (guards and the
  // co-op marker choice only with test content: tests/engine/test_option_view.cpp).
  for (const OptKind k : {OptKind::Place, OptKind::Meeple, OptKind::Pass, OptKind::Ghost, OptKind::TakeBack,
                          OptKind::Points, OptKind::Unghost, OptKind::Cemetery, OptKind::Bury, OptKind::FaceDown}) {
    INFO(option_verb(k));
    CHECK(seen.count(k) == 1);
  }
}

TEST_CASE("the grammar's messages come from the rows: wrong decision, wrong words, unknown verb") {
  const Content& c = test::default_content();
  GameSetup s;
  s.rule_set = "base";
  s.seed = 7;
  s.players = {{"a", ""}, {"b", ""}};
  Game g;
  REQUIRE_FALSE(Game::create(c, s, g));
  std::string why;
  CHECK_FALSE(g.parse_option("meeple road:E", &why));
  CHECK(why.rfind("a follower, but the game asks for a place decision", 0) == 0);
  CHECK_FALSE(g.parse_option("place", &why));
  CHECK(why == "'place' takes a tile, x,y and a rotation");
  CHECK_FALSE(g.parse_option("unghost 0,1", &why));  // a co-op decision
  CHECK(why.rfind("'unghost' is not a decision of this game", 0) == 0);
  CHECK_FALSE(g.parse_option("fly 0,1", &why));
  CHECK(why.rfind("'fly' is not a decision of this game", 0) == 0);
  const Option first = g.pending().options.front();
  const std::string text = g.to_string(first);
  CHECK_FALSE(g.parse_option(text.substr(0, text.rfind(' ')) + " r45", &why));
  CHECK(why == "'r45' is not a rotation r0|r90|r180|r270");
  REQUIRE_FALSE(g.apply(first));
  // The follower decision: the location names a segment of the tile just placed.
  CHECK_FALSE(g.parse_option("meeple nowhere", &why));
  CHECK(why.rfind("'nowhere' is not a location kind:port", 0) == 0);
  CHECK_FALSE(g.parse_option("pass now", &why));
  CHECK(why == "'pass' takes no arguments");
  const auto meeple = std::find_if(g.pending().options.begin(), g.pending().options.end(),
                                   [](const Option& o) { return o.kind == OptKind::Meeple; });
  REQUIRE(meeple != g.pending().options.end());
  CHECK_FALSE(g.parse_option(g.to_string(*meeple) + " blue", &why));
  CHECK(why == "this player plays red, not blue");
  CHECK(g.parse_option(g.to_string(*meeple) + " red") == *meeple);
}
