// Proofs of impossibility (engine/bots/proof.h, issue 59): the score bound is exactly
// tight on hand-made deals (the deal is won at the bound and proved impossible one point
// above it), it is sound (no deal the solver or the co-op bot wins is ever proved
// impossible, at any position of the winning line), and a printed proof is re-checked
// from its own numbers, independently of the search and of the bound's code.
#include <catch2/catch.hpp>

#include <cmath>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "engine/bots/bots.h"
#include "engine/bots/nrpa.h"
#include "engine/bots/proof.h"
#include "engine/bots/solver.h"
#include "engine/core.h"
#include "engine/rules/castles.h"
#include "engine/rules/coop.h"
#include "engine/rules/score_markers.h"
#include "fixtures.h"

using namespace tw;

namespace {

GameSetup proof_deal(const std::string& level, uint64_t seed, int players = 2) {
  GameSetup s;
  s.level = level;
  s.seed = seed;
  for (int p = 0; p < players; ++p) s.players.push_back({"p" + std::to_string(p), ""});
  return s;
}

// A hand-made deal: the rule set `tight` starts from M14 alone (a city cap north, fog on
// the other sides, 3 ghost symbols) and draws `copies` more M14; its one level `tight-1`
// is mists-1's with one colour of 3 followers for a solo player. The only points a line
// can make: an M14 turned to close the start's city with a follower, 4 points (2 tiles x
// 2), and the same again for the next copy on the new open cap.
Content proof_tight_content(int copies, int target, ScoringMode scoring, int stacks = 1, std::vector<int> dogs = {}) {
  Content c = test::default_content();
  const int m14 = c.find_tile("mists", "M14");
  REQUIRE(m14 >= 0);
  RuleSet rs = *c.find_rule_set("mists");
  rs.id = "tight";
  rs.start_tile = m14;
  rs.pool = {PoolEntry{m14, copies}};
  c.rule_sets.push_back(rs);
  Level l = *c.find_level("mists-1");
  l.id = "tight-1";
  l.rule_set = "tight";
  l.target = target;
  l.scoring = scoring;
  l.stacks = stacks;
  l.dogs = std::move(dogs);
  l.followers = {LevelFollowers{1, 1, 3}};
  c.levels.push_back(l);
  return c;
}

// The bound's segment values, written out again for the re-check (not the bound's code).
int64_t proof_recheck_value(const Content& c, const Rules& r, int type) {
  int64_t v = 0;
  for (const Segment& s : c.tiles[static_cast<size_t>(type)].segments) {
    if (s.kind == Kind::Road) v += r.road_tile_points;
    else if (s.kind == Kind::City) v += r.city_tile_points + s.shields * r.city_shield_points;
    else if (s.kind == kCastle) v += 9 * r.castle_fog_tile_points;
  }
  return v;
}

}  // namespace

TEST_CASE("proof: the score bound is exactly tight on a hand-made deal (won at the bound, impossible above it)",
          "[engine][proof]") {
  for (const ScoringMode scoring : {ScoringMode::Shared, ScoringMode::PerColour}) {
    CAPTURE(static_cast<int>(scoring));
    // One M14 to draw: the bound is 2 (the start's open cap) + 2 (the tile's cap) = 4.
    {
      const Content c = proof_tight_content(1, 4, scoring);
      Game g;
      REQUIRE_FALSE(Game::create(c, proof_deal("tight-1", 1, 1), g));
      CHECK_FALSE(prove_impossible(g));
      SolverConfig cfg;
      cfg.max_nodes = 20000;
      const SolveResult r = solve(g, cfg);
      REQUIRE(r.won);  // the bound is reached
      Game end = g;
      for (const Option& o : r.line) REQUIRE_FALSE(end.apply(o));
      CHECK(end.outcome() == Outcome::Win);
      CHECK(progress(end) == 4);
    }
    {
      const Content c = proof_tight_content(1, 5, scoring);
      Game g;
      REQUIRE_FALSE(Game::create(c, proof_deal("tight-1", 1, 1), g));
      const auto p = prove_impossible(g);
      REQUIRE(p);
      CHECK(p->most == 4);
      CHECK(p->need == 5);
      CHECK(p->dog == -1);
      CHECK(p->feeders == 1);
      CHECK(p->board == 2);
      CHECK(p->tiles == 1);
      CHECK(p->tiles_value == 2);
      CHECK(p->dog_points == 0);
      CHECK(p->marker == (scoring == ScoringMode::Shared ? -1 : 0));
      INFO(impossibility_text(g, *p));
      CHECK(impossibility_text(g, *p).find("at most 4 before the pile runs out, the target asks 5") != std::string::npos);
      // Exhaustive search agrees: every line was tried and none wins.
      SolverConfig cfg;
      cfg.max_nodes = 200000;
      const SolveResult r = solve(g, cfg);
      CHECK_FALSE(r.won);
      CHECK(r.exhaustive);
      CHECK(r.best_progress == 4);
    }
  }
}

TEST_CASE("proof: the dog deadline counts only the tiles of its stack, exactly", "[engine][proof]") {
  // Two M14 in two stacks of one: before stack 1 runs out the bound is 2 + 2 = 4.
  // Dog 1 at 4 is reached (the line passes it); at 5 it is proved out of reach.
  {
    const Content c = proof_tight_content(2, 200, ScoringMode::Shared, 2, {4});
    Game g;
    REQUIRE_FALSE(Game::create(c, proof_deal("tight-1", 1, 1), g));
    const auto p = prove_impossible(g);
    if (p) CHECK(p->dog == -1);  // (the target, far out of reach, may be proved; not the dog)
    SolverConfig cfg;
    cfg.max_nodes = 20000;
    const SolveResult r = solve(g, cfg);
    CHECK(r.best_progress >= 4);
  }
  {
    const Content c = proof_tight_content(2, 200, ScoringMode::Shared, 2, {5});
    Game g;
    REQUIRE_FALSE(Game::create(c, proof_deal("tight-1", 1, 1), g));
    const auto p = prove_impossible(g);
    REQUIRE(p);
    CHECK(p->dog == 0);
    CHECK(p->most == 4);
    CHECK(p->tiles == 1);
    CHECK(p->pile_to == 1);
    CHECK(impossibility_text(g, *p).find("before stack 1 runs out, dog 1 asks 5") != std::string::npos);
  }
}

TEST_CASE("proof: a colour whose followers are all gone can feed no marker", "[engine][proof]") {
  // Per colour, one colour with no follower at all (per_colour 0): its marker can never
  // move, so any target above 0 is proved out of reach whatever the pile holds.
  Content c = proof_tight_content(3, 1, ScoringMode::PerColour);
  for (Level& l : c.levels)
    if (l.id == "tight-1") l.followers = {LevelFollowers{1, 1, 0}};
  Game g;
  REQUIRE_FALSE(Game::create(c, proof_deal("tight-1", 1, 1), g));
  REQUIRE_FALSE(g.finished());
  REQUIRE(marker_colours(g).size() == 1);
  const auto p = prove_impossible(g);
  REQUIRE(p);
  CHECK(p->feeders == 0);
  CHECK(p->most == 0);
}

TEST_CASE("proof: sound, no deal the solver or the co-op bot wins is proved impossible anywhere on its line",
          "[engine][proof]") {
  const Content& c = test::default_content();
  auto bot = make_bot("coop");
  int wins = 0, checked = 0;
  for (const Level& level : c.levels) {
    for (const int players : {1, 2, 3, 4}) {
      for (uint64_t seed = 1; seed <= 4; ++seed) {
        CAPTURE(level.id, players, seed);
        Game g;
        REQUIRE_FALSE(Game::create(c, proof_deal(level.id, seed, players), g));
        // The bot's game: every position it passes through on a win.
        Game b = g;
        std::vector<Bot*> bots(static_cast<size_t>(players), bot.get());
        Rng rng(seed);
        std::vector<Game> seen, bot_seen;
        while (!b.finished()) {
          bot_seen.push_back(b);  // every decision: mid-turn positions too (the reach bound's follower step)
          b.apply_index(bot->choose(b, rng));
        }
        if (b.outcome() == Outcome::Win) seen = std::move(bot_seen);  // (a lost game's positions may be lost)
        SolverConfig cfg;
        cfg.max_nodes = 20000;
        cfg.prune = false;  // witnesses the bound did not steer
        const SolveResult r = solve(g, cfg);
        if (r.won) {
          Game w = g;
          for (const Option& o : r.line) {
            seen.push_back(w);
            REQUIRE_FALSE(w.apply(o));
          }
          REQUIRE(w.outcome() == Outcome::Win);
        }
        if (b.outcome() != Outcome::Win && !r.won) continue;
        ++wins;
        for (const Game& s : seen) {
          ++checked;
          const auto p = prove_impossible(s);
          INFO((p ? impossibility_text(s, *p) : std::string()));
          CHECK_FALSE(p);
        }
      }
    }
  }
  CHECK(wins >= 20);
  CHECK(checked >= 2000);
}

TEST_CASE("proof: a printed proof is re-checked from its own numbers, independently of the bound's code",
          "[engine][proof]") {
  // Levels made impossible on purpose (targets and dogs far above what the tiles hold):
  // every deal is proved; the printed sentence is parsed back and every number recomputed.
  Content c = test::default_content();
  for (Level& l : c.levels) {
    if (l.id == "mists-1") l.target = 5000;
    if (l.id == "mists-4") l.dogs = {900, 2000}, l.target = 5000;
  }
  const std::regex form(
      R"(^(.+) can score at most (\d+) before (?:stack (\d+) runs out, dog \d+ asks|the pile runs out, the target asks) (\d+): )"
      R"((\d+) now \+ (\d+) colours? x \((\d+) on the board \+ (\d+) on (\d+) tiles?(?:, pile (\d+)-(\d+))?\) \+ )"
      R"((\d+) from dogs \((\d+) x (\d+) ghosts\)$)");
  int proved = 0;
  for (const char* level : {"mists-1", "mists-4"})
    for (uint64_t seed = 1; seed <= 5; ++seed) {
      CAPTURE(level, seed);
      Game g;
      REQUIRE_FALSE(Game::create(c, proof_deal(level, seed), g));
      const auto p = prove_impossible(g);
      REQUIRE(p);
      ++proved;
      const std::string text = impossibility_text(g, *p);
      INFO(text);
      std::smatch m;
      REQUIRE(std::regex_match(text, m, form));
      const auto num = [&](int i) { return std::stoll(m[i].str()); };
      const int64_t most = num(2), need = num(4), now = num(5), feeders = num(6), board = num(7), tiles_value = num(8),
                    tiles = num(9), dog_points = num(12), dogs = num(13), ghosts = num(14);
      // The arithmetic of the sentence.
      CHECK(most == now + feeders * (board + tiles_value) + dog_points);
      CHECK(most < need);
      CHECK(dog_points == dogs * ghosts);
      // The deadline's threshold, from the level.
      const Level& lv = *c.find_level(level);
      if (m[3].matched) CHECK(need == lv.dogs[static_cast<size_t>(num(3) - 1)]);
      else CHECK(need == lv.target);
      // Recomputed from the game: the score, the colours, the ghosts, the tiles named.
      const Core core(g);
      CHECK(now == progress(g));
      int colours = 0;
      for (int col = 0; col < kMaxPlayers; ++col) colours += g.colour_supply(col) > 0;
      CHECK(feeders == colours);
      int64_t all_ghosts = core.st().bank.ghosts;
      for (const auto& n : core.nodes()) all_ghosts += n.count;
      CHECK(ghosts == all_ghosts);
      REQUIRE(m[10].matched);
      const size_t from = static_cast<size_t>(num(10) - 1), to = static_cast<size_t>(num(11));
      CHECK(static_cast<int64_t>(to - from) == tiles);
      int64_t v = 0;
      for (size_t i = from; i < to; ++i) v += proof_recheck_value(c, core.rules(), core.pile()[i]);
      CHECK(v == tiles_value);
      if (m[3].matched) CHECK(to == core.st().stacks.end[static_cast<size_t>(num(3) - 1)]);
      else CHECK(to == core.pile().size());
      // The board at the deal's start: the start piece, every feature open.
      int64_t b = 0;
      for (const PlacedTile& pt : core.placed()) b += proof_recheck_value(c, core.rules(), pt.type);
      CHECK(board == b);
      // Deterministic: the same deal gives the same sentence.
      Game again;
      REQUIRE_FALSE(Game::create(c, proof_deal(level, seed), again));
      CHECK(impossibility_text(again, *prove_impossible(again)) == text);
    }
  CHECK(proved == 10);
}

TEST_CASE("proof: the reach bound is exactly tight on a hand-made deal (a colour scores only on its player's turns)",
          "[engine][proof][reach]") {
  // Two players of one colour each, one M14 to draw, shared scoring: the score bound says
  // 2 colours x (2 + 2) = 8; only the first player has a turn, so the reach bound says
  // red 4 (2 joined: the start's cap + 2 on the tile) + blue 0 (no turn, nothing held).
  // A line reaches 4 (the tile closes the start's cap with a follower).
  const auto content = [](int target) {
    Content c = proof_tight_content(1, target, ScoringMode::Shared);
    for (Level& l : c.levels)
      if (l.id == "tight-1") l.followers = {LevelFollowers{2, 1, 3}};
    return c;
  };
  {
    const Content c = content(4);
    Game g;
    REQUIRE_FALSE(Game::create(c, proof_deal("tight-1", 1, 2), g));
    CHECK_FALSE(prove_impossible(g));
    SolverConfig cfg;
    cfg.max_nodes = 20000;
    const SolveResult r = solve(g, cfg);
    REQUIRE(r.won);
    Game end = g;
    for (const Option& o : r.line) REQUIRE_FALSE(end.apply(o));
    CHECK(end.outcome() == Outcome::Win);
    CHECK(progress(end) == 4);
  }
  {
    const Content c = content(5);
    Game g;
    REQUIRE_FALSE(Game::create(c, proof_deal("tight-1", 1, 2), g));
    const auto p = prove_impossible(g);
    REQUIRE(p);
    INFO(impossibility_text(g, *p));
    CHECK(p->bound == "reach");
    CHECK(p->most == 4);
    CHECK(p->need == 5);
    REQUIRE(p->reach.size() == 2);
    CHECK(p->reach[0].gain == 4);
    CHECK(p->reach[0].joined == 2);
    CHECK(p->reach[0].turns == 1);
    CHECK(p->reach[1].gain == 0);
    CHECK_FALSE(p->reach[1].can_score);
    CHECK(impossibility_text(g, *p) ==
          "the team can score at most 4 before the pile runs out, the target asks 5 (reach: 1 tile, pile 1-1 worth 2): "
          "0 now + red 4 (0 ready + 2 through 1 cell + 2 on the tiles, 1 turn) + green 0 (holds nothing that can "
          "close, 0 turns, 3 in supply) + 0 from dogs (0 x 15 ghosts)");
    // Without the pruning the search is exhaustive too and agrees: 4 at best.
    SolverConfig cfg;
    cfg.max_nodes = 200000;
    cfg.prune = false;
    const SolveResult r = solve(g, cfg);
    CHECK_FALSE(r.won);
    CHECK(r.exhaustive);
    CHECK(r.best_progress == 4);
  }
}

namespace {

// The reach bound's per-colour numbers, recomputed by the test's own walk of the board
// (not the bound's code): every feature's tiles found by a flood over matching edges.
struct RecheckColour {
  int64_t held = 0, joined = 0;
  int join_limit = 0, turns = 0;
  bool can_score = false;
};

RecheckColour recheck_colour(const Game& g, int colour, int64_t tiles, bool mid_turn) {
  const Core core(g);
  const Rules& r = core.rules();
  const auto& placed = g.placed();
  struct F {
    int64_t value = 0;
    std::set<std::pair<int, int>> empty;
    bool cursed = false, castle = false, on_last = false, complete = false, waiting = false;
    unsigned colours = 0;
  };
  std::map<uint32_t, F> fs;
  for (size_t p = 0; p < placed.size(); ++p) {
    const PlacedTile& pt = placed[p];
    if (pt.wild) continue;
    const auto& segs = g.content().tiles[pt.type].segments;
    for (size_t s = 0; s < segs.size(); ++s) {
      int64_t v = 0;
      if (segs[s].kind == Kind::Road) v = r.road_tile_points;
      else if (segs[s].kind == Kind::City) v = r.city_tile_points + segs[s].shields * r.city_shield_points;
      else if (segs[s].kind == kCastle) v = 9 * r.castle_fog_tile_points;
      if (v == 0) continue;
      const uint32_t root = core.find(g.node_of(static_cast<int>(p), static_cast<int>(s)));
      F& f = fs[root];
      f.value += v;
      f.castle = segs[s].kind == kCastle;
      f.on_last = f.on_last || static_cast<int>(p) == g.last_placed();
      f.complete = g.feature_complete(root);
      f.waiting = core.feat()[root].followers > 0;
      if (f.castle) {
        for (int dy = -1; dy <= 1; ++dy)
          for (int dx = -1; dx <= 1; ++dx) {
            const int q = g.tile_at(pt.x + dx, pt.y + dy);
            if (q < 0) f.empty.insert({pt.x + dx, pt.y + dy});
            else if (placed[static_cast<size_t>(q)].wild) f.cursed = true;
          }
      } else {
        const int dx[4] = {0, 1, 0, -1}, dy[4] = {1, 0, -1, 0};
        for (int side = 0; side < 4; ++side) {
          if (g.segment_at(static_cast<int>(p), 3 * side + 1) != static_cast<int>(s)) continue;
          const int q = g.tile_at(pt.x + dx[side], pt.y + dy[side]);
          if (q < 0) f.empty.insert({pt.x + dx[side], pt.y + dy[side]});
          else if (placed[static_cast<size_t>(q)].wild) f.cursed = true;
        }
      }
    }
  }
  for (const Follower& f : g.followers())
    if (f.placed >= 0 && !f.retired) {
      auto it = fs.find(core.find(f.node));
      if (it != fs.end()) it->second.colours |= 1u << static_cast<unsigned>(f.colour);
    }
  RecheckColour out;
  int owner = -1;
  for (int p = 0; p < g.player_count(); ++p)
    for (const int c : g.colours_of(p))
      if (c == colour) owner = p;
  for (int64_t t = 0; t < tiles; ++t)
    if ((g.current_player() + (mid_turn ? 1 : 0) + t) % g.player_count() == owner) ++out.turns;
  if (mid_turn && owner == g.current_player()) ++out.turns;
  const bool step = mid_turn && owner == g.current_player();
  out.join_limit = static_cast<int>(tiles);
  std::map<std::pair<int, int>, double> cells;  // an empty cell: the worth of the features needing it
  int64_t claim = 0;                            // mid-turn: the tile's best complete feature
  int held = 0;
  for (const auto& [root, f] : fs) {
    if (f.cursed || static_cast<int64_t>(f.empty.size()) > tiles) continue;
    if (f.complete && !f.waiting && !(mid_turn && f.on_last)) continue;
    const bool mine = (f.colours >> static_cast<unsigned>(colour)) & 1u;
    held += mine;
    if (f.empty.empty()) {
      if (mine) out.held += f.value;
      else if (step && f.on_last) claim = std::max(claim, f.value);
      continue;
    }
    if (mine || !f.castle || (step && f.on_last))
      for (const auto& cell : f.empty) cells[cell] += static_cast<double>(f.value) / static_cast<double>(f.empty.size());
  }
  out.held += claim;
  std::vector<double> worth;
  for (const auto& [cell, v] : cells) worth.push_back(v);
  std::sort(worth.rbegin(), worth.rend());
  double through = 0;
  for (size_t i = 0; i < worth.size() && static_cast<int64_t>(i) < tiles; ++i) through += worth[i];
  out.joined = static_cast<int64_t>(std::ceil(through - 1e-9));
  out.can_score = held > 0 || (out.turns > 0 && g.colour_supply(colour) > 0);
  return out;
}

}  // namespace

TEST_CASE("proof: a printed reach proof is re-checked from its own numbers, independently of the bound's code",
          "[engine][proof][reach]") {
  // Positions of the co-op bot's games on the shipped levels where the reach bound proves
  // the game lost before it ends (a dog's deadline or the target out of reach): the
  // sentence is parsed back and every number recomputed from the board.
  const Content& c = test::default_content();
  const std::regex head(
      R"(^(.+) can score at most (\d+) before (?:stack (\d+) runs out, dog \d+ asks|the pile runs out, the target asks) (\d+) )"
      R"(\(reach: (\d+) tiles?(?:, pile (\d+)-(\d+))? worth (\d+)(, mid-turn)?\): (\d+) now(.*) \+ (\d+) from dogs \((\d+) x (\d+) ghosts\)$)");
  const std::regex term(
      R"( \+ (\w+) (\d+) \((?:(\d+) ready \+ (\d+) through (\d+) cells? \+ (\d+) on the tiles, (\d+) turns?|holds nothing that can close, (\d+) turns?, (\d+) in supply)\))");
  auto bot = make_bot("coop");
  int proved = 0;
  for (const char* level : {"mists-3", "mists-4", "mists-6", "mists-6-uk"})
    for (const int players : {1, 2, 3})
      for (uint64_t seed = 1; seed <= 3; ++seed) {
        CAPTURE(level, players, seed);
        Game g;
        REQUIRE_FALSE(Game::create(c, proof_deal(level, seed, players), g));
        std::vector<Bot*> bots(static_cast<size_t>(players), bot.get());
        Rng rng(seed);
        int here = 0;
        while (!g.finished() && here < 3) {
          if (const auto p = prove_impossible(g); p && p->bound == "reach") {
            ++here;
            ++proved;
            const std::string text = impossibility_text(g, *p);
            INFO(text);
            std::smatch m;
            REQUIRE(std::regex_match(text, m, head));
            const auto num = [&](int i) { return std::stoll(m[i].str()); };
            const int64_t most = num(2), need = num(4), tiles = num(5), tiles_value = num(8), now = num(10),
                          dog_points = num(12), dogs = num(13), ghosts = num(14);
            const bool mid_turn = m[9].matched;
            CHECK(mid_turn == (g.pending().kind != DecisionKind::Place));
            CHECK(most < need);
            CHECK(dog_points == dogs * ghosts);
            const Level& lv = *c.find_level(level);
            if (m[3].matched) CHECK(need == lv.dogs[static_cast<size_t>(num(3) - 1)]);
            else CHECK(need == lv.target);
            // The tiles before the deadline (the pending one first), and their value.
            const Core core(g);
            const bool pending = g.pending().kind == DecisionKind::Place;
            const size_t from = core.pile_pos() - (pending ? 1 : 0);
            const size_t to = m[3].matched ? std::min(core.st().stacks.end[static_cast<size_t>(num(3) - 1)], core.pile().size())
                                           : core.pile().size();
            CHECK(static_cast<int64_t>(to - from) == tiles);
            if (tiles > 0) {
              CHECK(static_cast<size_t>(num(6) - 1) == from);
              CHECK(static_cast<size_t>(num(7)) == to);
            }
            int64_t v = pending ? proof_recheck_value(c, core.rules(), g.pending().tile) : 0;
            for (size_t i = core.pile_pos(); i < to; ++i) v += proof_recheck_value(c, core.rules(), core.pile()[i]);
            CHECK(v == tiles_value);
            int64_t all_ghosts = core.st().bank.ghosts;
            for (const auto& n : core.nodes()) all_ghosts += n.count;
            CHECK(ghosts == all_ghosts);
            // Every colour's term, recomputed; and the sum.
            int64_t sum = now + dog_points;
            const std::string terms = m[11].str();
            int listed = 0;
            for (auto it = std::sregex_iterator(terms.begin(), terms.end(), term); it != std::sregex_iterator(); ++it) {
              const std::smatch& t = *it;
              ++listed;
              int colour = -1;
              for (int k = 0; k < kMaxPlayers; ++k)
                if (kColourNames[static_cast<size_t>(k)] == t[1].str()) colour = k;
              REQUIRE(colour >= 0);
              const RecheckColour rc = recheck_colour(g, colour, tiles, mid_turn);
              const int64_t gain = std::stoll(t[2].str());
              sum += gain;
              CHECK(rc.can_score == t[3].matched);
              if (t[3].matched) {
                CHECK(rc.held == std::stoll(t[3].str()));
                CHECK(rc.joined == std::stoll(t[4].str()));
                CHECK(rc.join_limit == std::stoll(t[5].str()));
                CHECK(std::stoll(t[6].str()) == tiles_value);
                CHECK(rc.turns == std::stoll(t[7].str()));
                CHECK(gain == rc.held + rc.joined + tiles_value);
              } else {
                CHECK(gain == 0);
                CHECK(rc.turns == std::stoll(t[8].str()));
                CHECK(g.colour_supply(colour) == std::stoll(t[9].str()));
              }
            }
            CHECK(sum == most);
            // The colours listed: the team's every colour in play, or a marker's own and
            // the colours without a marker.
            int in_play = 0;
            for (int k = 0; k < kMaxPlayers; ++k) {
              bool any = false;
              for (const Follower& f : g.followers()) any = any || (f.colour == k && !f.retired);
              in_play += any;
            }
            if (p->marker == -1) {
              CHECK(listed == in_play);
              CHECK(now == progress(g));
            }
          }
          g.apply_index(bot->choose(g, rng));
        }
      }
  CHECK(proved >= 20);
}

TEST_CASE("nrpa: its witness replays as a win, and it is deterministic for a seed", "[engine][solver][nrpa]") {
  // Issue 59, item 2: NRPA is measured against the beam (docs/solver.md); on the
  // hand-made deal won at its bound it finds the win, and its line is a win on a fresh game.
  for (const bool bias : {false, true}) {
    CAPTURE(bias);
    const Content c = proof_tight_content(1, 4, ScoringMode::Shared);
    Game g;
    REQUIRE_FALSE(Game::create(c, proof_deal("tight-1", 1, 1), g));
    NrpaConfig cfg;
    cfg.max_nodes = 20000;
    cfg.bias = bias;
    const SolveResult a = solve_nrpa(g, cfg), b = solve_nrpa(g, cfg);
    REQUIRE(a.won);
    CHECK(a.line == b.line);
    CHECK(a.nodes == b.nodes);
    CHECK(a.nodes <= cfg.max_nodes);
    Game end;
    REQUIRE_FALSE(Game::create(c, proof_deal("tight-1", 1, 1), end));
    for (const Option& o : a.line) REQUIRE_FALSE(end.apply(o));
    CHECK(end.outcome() == Outcome::Win);
  }
  // A deal it cannot win within the budget: no line, the budget spent, the game untouched.
  const Content& d = test::default_content();
  Game h;
  REQUIRE_FALSE(Game::create(d, proof_deal("mists-6", 2), h));
  const uint64_t before = h.state_hash();
  NrpaConfig cfg;
  cfg.max_nodes = 3000;
  const SolveResult r = solve_nrpa(h, cfg);
  CHECK_FALSE(r.won);
  CHECK(r.line.empty());
  CHECK(r.nodes >= cfg.max_nodes);
  CHECK(r.rollouts > 0);
  CHECK(h.state_hash() == before);
}
