// Game::describe: the structured view of an option says what its canonical text says.
// Every legal option of random games of every rule set and every co-op level (player
// counts as the levels allow) is described and checked against the tokens of
// to_string: the verb is the first word, the cell the "x,y" token, the tile and rotation
// of a placement, the location kind:port on the placed tile, the colour; and no token of
// the text is left unexplained.
#include <catch2/catch.hpp>

#include <filesystem>
#include <map>
#include <sstream>

#include "engine/bots/bots.h"
#include "engine/game.h"
#include "engine/tgn.h"
#include "engine/text.h"
#include "fixtures.h"

using namespace tw;

namespace {

std::vector<std::string> words(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> out;
  std::string w;
  while (in >> w) out.push_back(w);
  return out;
}

// Checks one option; returns "" or what disagrees.
std::string disagreement(const Game& g, const Option& o) {
  const std::string text = g.to_string(o);
  const OptionView v = g.describe(o);
  const auto tok = words(text);
  if (tok.empty()) return "empty text";
  if (tok[0] != v.verb) return "verb '" + std::string(v.verb) + "'";
  size_t explained = 1;
  size_t i = 1;
  if (v.verb == "place") {
    if (tok.size() != 4) return "a placement of " + std::to_string(tok.size()) + " words";
    if (tok[1] != v.tile) return "tile '" + v.tile + "'";
    if (v.rot < 0 || v.rot > 3 || tok[3] != "r" + std::to_string(v.rot * 90)) return "rot " + std::to_string(v.rot);
    explained += 2;
    i = 2;
  } else if (!v.tile.empty() || v.rot != -1) {
    return "a tile or rotation outside a placement";
  }
  bool cell_seen = false, loc_seen = false, colour_seen = false;
  for (; i < tok.size(); ++i) {
    const std::string& t = tok[i];
    int x = 0, y = 0;
    if (t.find(',') != std::string::npos) {
      if (cell_seen || !text::parse_cell(t, x, y)) return "token '" + t + "'";
      if (!v.has_cell || v.x != x || v.y != y)
        return "cell " + (v.has_cell ? text::cell_text(v.x, v.y) : std::string("none"));
      cell_seen = true;
      ++explained;
    } else if (const size_t colon = t.find(':'); colon != std::string::npos) {
      if (loc_seen) return "two locations";
      if (v.placed < 0 || v.placed >= static_cast<int>(g.placed().size())) return "no placed tile";
      const auto port = parse_port(std::string_view(t).substr(colon + 1));
      if (!port || g.segment_at(v.placed, *port) != v.seg) return "seg " + std::to_string(v.seg);
      if (g.location_name(v.placed, v.seg) != t) return "location " + g.location_name(v.placed, v.seg);
      const auto& pt = g.placed()[static_cast<size_t>(v.placed)];
      if (cell_seen && (pt.x != v.x || pt.y != v.y)) return "the location's tile is not at the cell";
      if (!cell_seen && v.placed != g.last_placed()) return "a location without a cell off the tile just placed";
      loc_seen = true;
      ++explained;
    } else if (auto c = parse_colour(t)) {
      if (colour_seen || v.colour != *c) return "colour " + std::to_string(v.colour);
      colour_seen = true;
      ++explained;
    } else if (v.verb == "bury" && t == "supply") {
      ++explained;
    }
  }
  if (v.has_cell && !cell_seen) return "a cell the text does not name";
  if (v.placed >= 0 && !loc_seen) return "a location the text does not name";
  if (v.colour >= 0 && !colour_seen) return "a colour the text does not name";
  if (explained != tok.size()) return "words left unexplained";
  return {};
}

struct Run {
  std::string name;
  GameSetup setup;
  std::string bot;  // who chooses: random bots lose co-op levels before dogs and stacks
};

std::vector<Run> runs(const Content& c) {
  std::vector<Run> out;
  auto seats = [](int n) {
    std::vector<PlayerSpec> p;
    for (int i = 0; i < n; ++i) p.push_back({"bot:random", "random"});
    return p;
  };
  for (const auto& rs : c.rule_sets) {
    if (rs.system == System::Mists) continue;  // played through its levels below
    for (const int players : {2, 3})
      for (const uint64_t seed : {1u, 2u}) {
        GameSetup s;
        s.rule_set = rs.id;
        s.seed = seed;
        s.players = seats(players);
        out.push_back({rs.id + " " + std::to_string(players) + "p seed " + std::to_string(seed), s, "random"});
      }
  }
  for (const auto& lv : c.levels)
    for (const auto& f : lv.followers)
      for (const uint64_t seed : {1u, 2u})
        for (const char* bot : {"random", "coop"}) {
          GameSetup s;
          s.level = lv.id;
          s.seed = seed;
          s.players = seats(f.players);
          out.push_back({lv.id + " " + std::to_string(f.players) + "p seed " + std::to_string(seed) + " " + bot, s, bot});
        }
  return out;
}

void check_pending(const Game& g, std::map<std::string, size_t>& verbs) {
  for (const auto& o : g.pending().options) {
    const std::string why = disagreement(g, o);
    INFO("ply " << g.ply() << ": '" << g.to_string(o) << "'");
    REQUIRE(why.empty());
    ++verbs[std::string(g.describe(o).verb)];
  }
}

}  // namespace

TEST_CASE("describe agrees with the canonical text of every legal option, on every system") {
  const Content& c = test::default_content();
  std::map<std::string, size_t> verbs;  // what the games offered, to see the coverage
  size_t games = 0;
  for (const auto& run : runs(c)) {
    INFO(run.name);
    Game g;
    const auto v = Game::create(c, run.setup, g);
    if (v) continue;  // a player count the rule set does not allow
    ++games;
    auto bot = make_bot(run.bot);
    Rng rng(run.setup.seed * 7919 + run.name.size());
    for (int ply = 0; !g.finished() && ply < 2000; ++ply) {
      REQUIRE_FALSE(g.pending().options.empty());
      check_pending(g, verbs);
      g.apply_index(bot->choose(g, rng));
    }
  }
  CHECK(games >= 8);
  // The co-op records of tests/records/mists (test levels too: the marker choice of
  // per colour scoring comes up only there), at every ply of their main lines.
  const Content& tc = test::test_content();
  for (const auto& e : std::filesystem::directory_iterator(std::filesystem::path(TW_SOURCE_DIR) / "tests/records/mists")) {
    if (e.path().extension() != ".tgn") continue;
    INFO(e.path().filename().string());
    const auto parsed = tgn::parse(test::read_text(e.path()));
    REQUIRE(parsed.record);
    const tgn::Record& r = *parsed.record;
    GameSetup s;
    s.rule_set = *r.tag("Ruleset");
    if (const auto* level = r.tag("Level")) s.level = *level;
    s.seed = parse_seed(*r.tag("Seed"));
    if (const auto* players = r.tag("Players")) s.players = parse_players(*players);
    if (const auto* draw = r.tag("Draw")) {
      std::istringstream in(*draw);
      for (std::string id; in >> id;) s.draw.push_back(id);
    }
    Game g;
    if (Game::create(tc, s, g)) continue;  // a record of a refused setup
    ++games;
    for (const auto& n : r.mainline) {
      if (g.finished()) break;
      check_pending(g, verbs);
      if (g.apply(std::string_view(n.move))) break;  // a record of an illegal decision
    }
  }
  // Every kind of option the systems have came up at least once.
  for (const char* verb : {"place", "meeple", "pass", "ghost", "takeback", "points", "unghost", "cemetery", "bury",
                           "dog", "done", "facedown", "marker", "big"}) {
    INFO(verb);
    CHECK(verbs[verb] > 0);
  }
}

TEST_CASE("option_verb names each kind as the text does") {
  CHECK(option_verb(OptKind::Place) == "place");
  CHECK(option_verb(OptKind::BurySupply) == "bury");
  CHECK(option_verb(OptKind::FaceDown) == "facedown");
  CHECK(option_verb(OptKind::TakeBack) == "takeback");
}
