// The conformance test (OpenSpiel style): every rule set and every co-op level of the
// bundled default.db, at every player count it seats, plays a few seeded random games
// and checks at every ply:
//   - Game::check_invariants() is empty;
//   - every legal option's canonical text parses back to exactly that option, no follower
//     is offered from an empty supply, and every legal option applies (on a copy of the
//     game) keeping the invariants: at every decision other than a placement, and at
//     one sampled ply per game for placements;
//   - the game ends within a bound; a co-op game ends Win or Lose, a competitive one End;
//   - the same seed and choices give the same state_hash sequence twice;
//   - at one sampled ply per game, the log so far goes through the replay archive
//     (pack_log / unpack_log), is replayed into a fresh Game, and the restored game has
//     the same state_hash and continues identically (same pending decision, same hashes
//     under the same choices) to the end;
// plus each system's conservation laws (tiles, followers, ghosts, monotone scores, the
// Discovery decisions, the expert hands), which used to live in four hand-copied random
// loops in tests/engine. Each configuration is its own section, named by rule set or
// level and player count.
//
// TW_CONFORMANCE_GAMES=n plays n games per configuration instead of 8 (a soak run).
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <map>
#include <sstream>

#include "replay/archive.h"
#include "support.h"
#include "sanitized.h"

using namespace tw;
using namespace tw::replay;

namespace {

struct Config {
  const RuleSet* rs = nullptr;
  const Level* level = nullptr;  // co-op: the level played
  int players = 0;
  std::string name() const {
    std::ostringstream s;
    s << (level ? level->id : rs->id) << " with " << players << (players == 1 ? " player" : " players");
    return s.str();
  }
  GameSetup setup(uint64_t seed) const {
    GameSetup s;
    s.rule_set = rs->id;
    if (level) s.level = level->id;
    s.seed = seed;
    for (int p = 0; p < players; ++p) s.players.push_back({"bot:random", "random"});
    return s;
  }
};

// Every rule set at min..max players; a co-op (Mists) rule set is played through its
// levels, each at the player counts its `level_followers` rows seat.
std::vector<Config> all_configs(const Content& c) {
  std::vector<Config> out;
  for (const RuleSet& rs : c.rule_sets) {
    if (rs.system == System::Mists) {
      int levels = 0;
      for (const Level& l : c.levels) {
        if (l.rule_set != rs.id) continue;
        ++levels;
        for (const LevelFollowers& f : l.followers) out.push_back({&rs, &l, f.players});
      }
      if (levels == 0) FAIL("co-op rule set " << rs.id << " has no level");
      continue;
    }
    for (int64_t p = rs.rules.min_players; p <= rs.rules.max_players; ++p)
      out.push_back({&rs, nullptr, static_cast<int>(p)});
  }
  return out;
}

int games_per_config() {
  if (const char* e = std::getenv("TW_CONFORMANCE_GAMES")) return std::max(1, std::atoi(e));
  return test::kSanitized ? 3 : 8;  // under the sanitizers 3 (tests/sanitized.h): the Release run plays all 8
}

int pool_size(const RuleSet& rs) {
  int n = 0;
  for (const auto& e : rs.pool) n += e.count;
  return n;
}

// More decisions than any game can have: a handful per tile.
int ply_bound(const RuleSet& rs) { return 16 * pool_size(rs) + 64; }

int aside_tiles(const Rules& r, int players) {
  switch (players) {
    case 2: return static_cast<int>(r.remove_tiles_2);
    case 3: return static_cast<int>(r.remove_tiles_3);
    case 4: return static_cast<int>(r.remove_tiles_4);
    case 5: return static_cast<int>(r.remove_tiles_5);
    default: return 0;
  }
}

int board_ghosts(const Game& g) {  // co-op: ghosts on tiles
  int n = 0;
  for (size_t p = 0; p < g.placed().size(); ++p) n += tile_ghosts(g, static_cast<int>(p));
  return n;
}

int follower_ghosts(const Game& g) {  // gcc: ghosts standing with followers
  int n = 0;
  for (const auto& f : g.followers()) n += tw::ghosts_with(f);
  return n;
}

int count_kind(const Decision& d, OptKind k) {
  return static_cast<int>(std::count_if(d.options.begin(), d.options.end(),
                                        [&](const Option& o) { return o.kind == k; }));
}

// How often the rules' modules were exercised, summed over a configuration's games.
struct Tally {
  uint64_t ghost_decisions = 0, scared = 0, takebacks = 0, meeples = 0, passes = 0,
           final_scored = 0, guards_gained = 0, hand_places = 0, two_tile_choices = 0, wins = 0, losses = 0;
};

// The system's own conservation laws, checked around every ply of one game.
class SystemChecks {
 public:
  SystemChecks(const Config& cfg, const Game& g, Tally& t) : cfg_(cfg), rules_(g.rules()), t_(t) {
    placed_at_start_ = static_cast<int>(g.placed().size());
    followers_ = static_cast<int>(g.followers().size());
    for (int p = 0; p < g.player_count(); ++p) {
      figures_.push_back(figures(g, p));
      scores_.push_back(g.score(p));
    }
    const System sys = cfg.rs->system;
    if (sys == System::Gcc) {
      // Every colour's meeples, guards and general-supply guards are somewhere.
      for (int p = 0; p < g.player_count(); ++p)
        REQUIRE(figures_[static_cast<size_t>(p)] == rules_.followers + rules_.guards + rules_.general_guards);
    }
    if (sys == System::Discovery)
      for (int p = 0; p < g.player_count(); ++p) REQUIRE(figures_[static_cast<size_t>(p)] == rules_.followers);
    if (uses_hands(g))
      for (int p = 0; p < g.player_count(); ++p) REQUIRE(static_cast<int64_t>(hand_of(g, p).size()) == rules_.hand_size);
    after(g);
  }

  // The pending decision, before `k` is applied.
  void before(const Game& g, size_t k) {
    const Decision& d = g.pending();
    const System sys = cfg_.rs->system;
    // A marker's colour chosen at setup (mists-6-uk) may take one follower of that colour
    // for the marker: the count after it is the game's from then on.
    marker_setup_ = d.kind == DecisionKind::Marker && static_cast<int>(g.placed().size()) == placed_at_start_;
    if (d.kind == DecisionKind::Ghost) ++t_.ghost_decisions;
    // No follower offered from an empty supply (co-op: of that colour).
    for (const Option& o : d.options) {
      if (o.kind == OptKind::Meeple) REQUIRE((is_coop(g) ? g.colour_supply(o.colour) : g.supply(d.player)) > 0);
      if (o.kind == OptKind::Guard) REQUIRE(g.guard_supply(d.player) > 0);
    }
    if (sys == System::Discovery && d.kind == DecisionKind::Follower) {
      // Pass first, then the follower on the new tile, then one take-back per follower
      // of the player on the board; no follower offered from an empty supply.
      REQUIRE(!d.options.empty());
      REQUIRE(d.options[0].kind == OptKind::Pass);
      int mine_on_board = 0;
      for (const auto& f : g.followers()) mine_on_board += f.player == d.player && f.placed >= 0;
      REQUIRE(count_kind(d, OptKind::TakeBack) == mine_on_board);
      if (g.supply(d.player) == 0) REQUIRE(count_kind(d, OptKind::Meeple) == 0);
      const OptKind chosen = d.options[k].kind;
      t_.takebacks += chosen == OptKind::TakeBack;
      t_.meeples += chosen == OptKind::Meeple;
      t_.passes += chosen == OptKind::Pass;
    }
    if (uses_hands(g) && d.kind == DecisionKind::Place) {
      // Every option places a tile of the hand; both tiles are offered when both fit.
      ++t_.hand_places;
      const auto& hand = hand_of(g, d.player);
      REQUIRE(!hand.empty());
      REQUIRE(static_cast<int64_t>(hand.size()) <= rules_.hand_size);
      bool first = false, second = false;
      for (const auto& o : d.options) {
        REQUIRE(std::find(hand.begin(), hand.end(), o.tile) != hand.end());
        first |= o.tile == hand[0];
        second |= hand.size() == 2 && hand[0] != hand[1] && o.tile == hand[1];
      }
      t_.two_tile_choices += first && second;
    }
  }

  // After every ply (and after setup).
  void after(const Game& g) {
    const System sys = cfg_.rs->system;
    for (const auto& e : g.events()) {
      discarded_ += e.kind == EventKind::TileDiscarded;
      t_.scared += e.kind == EventKind::FollowerScared;
      t_.guards_gained += e.kind == EventKind::GuardGained;
      t_.final_scored += e.kind == EventKind::FinalScored;
      if (sys == System::Discovery && e.kind == EventKind::Scored) REQUIRE(e.points >= 0);
    }
    if (is_coop(g)) {
      REQUIRE(ghost_bank(g) >= 0);
      REQUIRE(ghost_bank(g) + board_ghosts(g) == cfg_.level->ghost_bank);
      if (marker_setup_) {
        REQUIRE(static_cast<int>(g.followers().size()) >= followers_ - 1);
        followers_ = static_cast<int>(g.followers().size());
      }
      REQUIRE(static_cast<int>(g.followers().size()) == followers_);
      return;
    }
    for (int p = 0; p < g.player_count(); ++p) {
      const size_t pi = static_cast<size_t>(p);
      INFO("player " << p);
      REQUIRE(figures(g, p) == figures_[pi]);
      if (sys == System::Base || sys == System::Discovery) REQUIRE(g.score(p) >= scores_[pi]);
      if (sys == System::Gcc) REQUIRE(g.score(p) >= 0);
      if (sys == System::Discovery) {
        int on_board = 0;
        for (const auto& f : g.followers()) on_board += f.player == p && f.placed >= 0;
        REQUIRE(on_board + g.supply(p) == rules_.followers);
      }
      scores_[pi] = g.score(p);
    }
    if (sys == System::Gcc) REQUIRE(follower_ghosts(g) + ghost_bank(g) == rules_.ghost_bank);
  }

  void end(const Game& g) {
    if (is_coop(g)) {
      REQUIRE((g.outcome() == Outcome::Win || g.outcome() == Outcome::Lose));
      CHECK_FALSE(g.end_reason().empty());
      if (g.outcome() == Outcome::Win) {
        CHECK(progress(g) >= cfg_.level->target);
        ++t_.wins;
      } else {
        // One of the level's ways to lose, and true of the final state.
        const std::string& why = loss_reason(g);
        INFO("loss reason: " << why);
        if (why == "no tile left") CHECK(g.tiles_left() == 0);
        else CHECK((why == "ghost bank empty" || why.rfind("stack ", 0) == 0));
        CHECK(progress(g) < cfg_.level->target);
        ++t_.losses;
      }
      return;
    }
    REQUIRE(g.outcome() == Outcome::End);
    CHECK(g.tiles_left() == 0);
    if (uses_hands(g))
      for (int p = 0; p < g.player_count(); ++p) CHECK(hand_of(g, p).empty());
    // Tiles: the start tiles + every pile tile placed, discarded or set aside.
    CHECK(static_cast<int>(g.placed().size()) + discarded_ + aside_tiles(rules_, g.player_count()) ==
          placed_at_start_ + pool_size(*cfg_.rs));
  }

 private:
  static int figures(const Game& g, int p) {
    int n = 0;
    for (const auto& f : g.followers()) n += f.player == p;
    return n;
  }

  const Config& cfg_;
  const Rules& rules_;
  Tally& t_;
  int placed_at_start_ = 0, followers_ = 0, discarded_ = 0;
  bool marker_setup_ = false;
  std::vector<int> figures_;
  std::vector<int64_t> scores_;
};

uint64_t choice_seed(uint64_t seed) { return seed * 7919 + 17; }

// The state_hash sequence (after setup, after every ply) of the game the random
// choices of `choice_seed(seed)` play; nothing else is checked.
std::vector<uint64_t> hash_sequence(const Content& c, const Config& cfg, uint64_t seed) {
  Game g;
  REQUIRE_FALSE(Game::create(c, cfg.setup(seed), g));
  Rng rng(choice_seed(seed));
  std::vector<uint64_t> out = {g.state_hash()};
  const int bound = ply_bound(*cfg.rs);
  while (!g.finished() && g.ply() <= bound) {
    g.apply_index(static_cast<size_t>(rng.below(g.pending().options.size())));
    out.push_back(g.state_hash());
  }
  return out;
}

bool same_decision(const Decision& a, const Decision& b) {
  return a.kind == b.kind && a.player == b.player && a.tile == b.tile && a.options == b.options;
}

// One game with every check; `first` is the hash sequence of a first run.
void conformance_game(const Content& c, const Config& cfg, uint64_t seed,
                      const std::vector<uint64_t>& first, Tally& tally) {
  // (e) the game ends within the bound
  const int bound = ply_bound(*cfg.rs);
  REQUIRE(first.size() >= 2);
  REQUIRE(static_cast<int>(first.size()) - 1 <= bound);
  const int plies = static_cast<int>(first.size()) - 1;
  // The ply after which the game goes through the archive: 1 .. plies - 1.
  const int save_at = plies > 1 ? 1 + static_cast<int>(Rng(seed ^ 0x5a7eULL).below(static_cast<uint64_t>(plies - 1))) : 1;

  Recorder rec;
  REQUIRE_FALSE(Recorder::start(c, cfg.setup(seed), rec));
  const Game& g = rec.game();
  SystemChecks checks(cfg, g, tally);
  Rng rng(choice_seed(seed));
  std::vector<uint64_t> hashes = {g.state_hash()};
  std::optional<Game> restored;
  while (!g.finished()) {
    INFO("ply " << g.ply() + 1);
    REQUIRE(g.ply() < bound);
    const Decision& d = g.pending();
    REQUIRE(!d.options.empty());
    // (b) every legal option's text round-trips
    for (const Option& o : d.options) {
      const std::string text = g.to_string(o);
      const auto back = g.parse_option(text);
      if (!back || !(*back == o)) FAIL("option does not round-trip: " << text);
    }
    // Every legal option applies (on a copy) and keeps the invariants: at every
    // decision but placements, and at the sampled ply for placements too.
    if (d.kind != DecisionKind::Place || g.ply() + 1 == save_at) {
      for (const Option& o : d.options) {
        Game copy = g;
        const auto v = copy.apply(o);
        if (v) FAIL("legal option " << g.to_string(o) << " refused: " << v->message);
        const std::string broken = copy.check_invariants();
        if (!broken.empty()) FAIL("after " << g.to_string(o) << ": " << broken);
      }
    }
    const size_t k = static_cast<size_t>(rng.below(d.options.size()));
    checks.before(g, k);
    const Option o = d.options[k];
    if (restored) {
      REQUIRE(same_decision(restored->pending(), d));
      REQUIRE_FALSE(restored->apply(o));
    }
    REQUIRE_FALSE(rec.apply(o));
    // (a) invariants after every ply
    const std::string broken = g.check_invariants();
    if (!broken.empty()) FAIL(broken);
    checks.after(g);
    hashes.push_back(g.state_hash());
    if (restored) REQUIRE(restored->state_hash() == g.state_hash());
    if (g.ply() == save_at && !restored) {
      // (c) save the game so far, load it, replay it into a fresh Game
      const std::string blob = pack_log(rec.log());
      const GameLog back = unpack_log(blob, cfg.name());
      REQUIRE(back == rec.log());
      Game fresh;
      REQUIRE_FALSE(Game::create(c, back.setup(), fresh));
      for (const std::string& dec : back.decisions) REQUIRE_FALSE(fresh.apply(std::string_view(dec)));
      REQUIRE(fresh.state_hash() == g.state_hash());
      REQUIRE(fresh.state_hash() == back.hashes.back());
      restored = std::move(fresh);
    }
  }
  REQUIRE(restored);
  CHECK(restored->finished());
  CHECK(restored->outcome() == g.outcome());
  // (d) determinism: the same seed and choices, the same hashes
  CHECK(hashes == first);
  CHECK(rec.log().hashes == hashes);
  checks.end(g);
}

}  // namespace

TEST_CASE("conformance: every rule set and level, every player count, seeded random games", "[conformance]") {
  const Content& c = test::default_content();
  const std::vector<Config> configs = all_configs(c);
  REQUIRE(configs.size() >= 40);
  const int games = games_per_config();
  for (const Config& cfg : configs) {
    DYNAMIC_SECTION(cfg.name()) {
      Tally t;
      for (int i = 0; i < games; ++i) {
        const uint64_t seed = 1000 + static_cast<uint64_t>(i) * 7919 + static_cast<uint64_t>(cfg.players);
        INFO(cfg.name() << ", seed " << seed);
        const auto first = hash_sequence(c, cfg, seed);
        conformance_game(c, cfg, seed, first, t);
      }
      // The modules were exercised, not skipped.
      switch (cfg.rs->system) {
        case System::Gcc:
          CHECK(t.ghost_decisions > 0);
          CHECK(t.scared > 0);
          break;
        case System::Discovery:
          CHECK(t.takebacks > 0);
          CHECK(t.meeples > 0);
          CHECK(t.passes > 0);
          CHECK(t.final_scored > 0);
          if (cfg.rs->rules.hand_size > 0) CHECK(t.two_tile_choices * 10 > t.hand_places * 8);
          break;
        case System::Mists: CHECK(t.losses > 0); break;  // random players lose
        default: break;
      }
    }
  }
}
