// Google Benchmark programs for the engine hot paths. Figures go into issue notes;
// nothing here is asserted. Run: ./build/bench/tw_bench
#include <benchmark/benchmark.h>

#include "engine/bots/bots.h"
#include "engine/game.h"
#include "schema/store.h"

namespace {

const tw::Content& content() {
  static const tw::Content c = tw::Store::open(TW_BENCH_DB, tw::Store::Mode::ReadOnly).load_content();
  return c;
}

tw::GameSetup setup(const char* rule_set, int players, uint64_t seed) {
  tw::GameSetup s;
  s.rule_set = rule_set;
  s.seed = seed;
  for (int p = 0; p < players; ++p) s.players.push_back({"bot:random", "random"});
  return s;
}

// Whole 2-player base games, setup included, with one bot in both seats.
void play_games(benchmark::State& state, const char* bot_name) {
  auto bot = tw::make_bot(bot_name);
  std::vector<tw::Bot*> bots(2, bot.get());
  tw::Game g;
  uint64_t seed = 1;
  for (auto _ : state) {
    tw::Game::create(content(), setup("base", 2, seed), g);
    tw::Rng rng(seed++);
    benchmark::DoNotOptimize(tw::play_out(g, bots, rng));
  }
  state.SetItemsProcessed(state.iterations());
}

// Random bots: the `tilewright bench` workload.
void BM_RandomGame(benchmark::State& state) { play_games(state, "random"); }
BENCHMARK(BM_RandomGame);

// Greedy bots: the bot copies the game for every candidate placement.
void BM_GreedyGame(benchmark::State& state) { play_games(state, "greedy"); }
BENCHMARK(BM_GreedyGame)->Unit(benchmark::kMillisecond);

// The state digest a replay records after every ply, on a finished board.
void BM_StateHash(benchmark::State& state) {
  auto bot = tw::make_bot("random");
  std::vector<tw::Bot*> bots(2, bot.get());
  tw::Game g;
  tw::Game::create(content(), setup("base", 2, 3), g);
  tw::Rng rng(3);
  tw::play_out(g, bots, rng);
  for (auto _ : state) benchmark::DoNotOptimize(g.state_hash());
}
BENCHMARK(BM_StateHash);

// Copying a mid-game state (what greedy and snapshots pay).
void BM_CopyMidGame(benchmark::State& state) {
  auto bot = tw::make_bot("random");
  tw::Game g;
  tw::Game::create(content(), setup("base", 2, 5), g);
  tw::Rng rng(5);
  for (int i = 0; i < 70 && !g.finished(); ++i) g.apply_index(bot->choose(g, rng));
  for (auto _ : state) {
    tw::Game copy = g;
    benchmark::DoNotOptimize(copy.ply());
  }
}
BENCHMARK(BM_CopyMidGame);

}  // namespace

// The hot functions one at a time (issue 15), on a mid-game position of each rule set so
// that a regression shows per function. Put-tile and turn completion change the game,
// so they run on copies made in batches of 64 with the timer paused (BM_CopyAt gives
// what one copy costs).
namespace tw {
struct GameProbe {
  static void generate(Game& g, int tile) { g.generate_placements(tile); }
  static std::vector<uint16_t> pile_rest(const Game& g) {
    return {g.pile_.begin() + static_cast<std::ptrdiff_t>(g.pile_pos_), g.pile_.end()};
  }
  static void put(Game& g, const Option& o) { g.put_tile(o.tile, o.x, o.y, o.rot); }
  static void complete_turn(Game& g) { g.step_score_completed(); }
};
}  // namespace tw

namespace {

const char* const kRuleSets[] = {"base", "gcc", "discovery"};

// A position 40 plies in (seed 11) waiting for `kind`: of a rule set, played by random
// bots, or of a co-op level ("mists-3"), played by the co-op bot.
tw::Game mid_game(const char* name, tw::DecisionKind kind = tw::DecisionKind::Place) {
  const bool level = std::string_view(name).substr(0, 6) == "mists-";
  auto bot = tw::make_bot(level ? "coop" : "random");
  tw::GameSetup s = setup(level ? "mists" : name, 2, 11);
  if (level) s.level = name;
  tw::Game g;
  tw::Game::create(content(), s, g);
  tw::Rng rng(11);
  for (int i = 0; !g.finished() && (i < 40 || g.pending().kind != kind); ++i) g.apply_index(bot->choose(g, rng));
  return g;
}

// Copy-assigning a mid-game position into a game that already holds one (what the search
// bots and the co-op bot pay per option tried: their scratch games are reused).
const char* const kCopyCases[] = {"base", "gcc", "discovery", "mists-3"};
void BM_CopyAssign(benchmark::State& state) {
  const tw::Game g = mid_game(kCopyCases[state.range(0)]);
  tw::Game copy = g;
  for (auto _ : state) {
    copy = g;
    benchmark::DoNotOptimize(copy.ply());
  }
  state.SetLabel(kCopyCases[state.range(0)]);
}
BENCHMARK(BM_CopyAssign)->DenseRange(0, 3);

// One co-op bot decision at a placement (it tries every placement with its best follower
// on copies): the co-op search's playout step.
void BM_CoopDecision(benchmark::State& state) {
  const tw::Game g = mid_game("mists-3");
  auto bot = tw::make_bot("coop");
  tw::Rng rng(3);
  for (auto _ : state) benchmark::DoNotOptimize(bot->choose(g, rng));
  state.SetLabel(std::to_string(g.pending().options.size()) + " options");
}
BENCHMARK(BM_CoopDecision)->Unit(benchmark::kMicrosecond);

// Placement generation for every tile still to come, on 8 positions 10 to 136 plies in (early to late game):
// inputs that vary as in play, so that the branch predictor cannot learn one of them.
void BM_GeneratePlacements(benchmark::State& state) {
  const char* rs = kRuleSets[state.range(0)];
  std::vector<std::pair<tw::Game, std::vector<uint16_t>>> cases;
  auto bot = tw::make_bot("random");
  for (uint64_t seed = 21; seed < 29; ++seed) {
    tw::Game g;
    tw::Game::create(content(), setup(rs, 2, seed), g);
    tw::Rng rng(seed);
    const int plies = 10 + 18 * static_cast<int>(seed - 21);
    for (int i = 0; !g.finished() && (i < plies || g.pending().kind != tw::DecisionKind::Place); ++i)
      g.apply_index(bot->choose(g, rng));
    auto rest = tw::GameProbe::pile_rest(g);
    if (!rest.empty()) cases.emplace_back(g, std::move(rest));
  }
  size_t c = 0, t = 0;
  int64_t calls = 0;
  for (auto _ : state) {
    auto& [g, tiles] = cases[c];
    tw::GameProbe::generate(g, tiles[t]);
    benchmark::DoNotOptimize(g.pending().options.data());
    ++calls;
    if (++t == tiles.size()) {
      t = 0;
      c = (c + 1) % cases.size();
    }
  }
  state.SetItemsProcessed(calls);
  state.SetLabel(rs);
}
BENCHMARK(BM_GeneratePlacements)->DenseRange(0, 2);

void BM_CopyAt(benchmark::State& state) {
  const tw::Game g = mid_game(kRuleSets[state.range(0)], tw::DecisionKind::Place);
  for (auto _ : state) {
    tw::Game copy = g;
    benchmark::DoNotOptimize(copy.ply());
  }
  state.SetLabel(kRuleSets[state.range(0)]);
}
BENCHMARK(BM_CopyAt)->DenseRange(0, 2);

// Runs `f` once per iteration on a fresh copy of `g`, the copies made untimed.
template <class F>
void on_copies(benchmark::State& state, const tw::Game& g, F f) {
  std::vector<tw::Game> copies;
  size_t next = 0;
  for (auto _ : state) {
    if (next == copies.size()) {
      state.PauseTiming();
      copies.assign(64, g);
      next = 0;
      state.ResumeTiming();
    }
    f(copies[next++]);
  }
}

// Putting the first legal placement down: the tile, its segments, merging features,
// the frontier.
void BM_PutTile(benchmark::State& state) {
  const tw::Game g = mid_game(kRuleSets[state.range(0)], tw::DecisionKind::Place);
  const tw::Option o = g.pending().options.front();
  on_copies(state, g, [&](tw::Game& copy) {
    tw::GameProbe::put(copy, o);
    benchmark::DoNotOptimize(copy.placed().size());
  });
  state.SetLabel(kRuleSets[state.range(0)]);
}
BENCHMARK(BM_PutTile)->DenseRange(0, 2);

// The scoring step after the follower step: features the tile completed, centres around
// it.
void BM_TurnCompletion(benchmark::State& state) {
  const tw::Game g = mid_game(kRuleSets[state.range(0)], tw::DecisionKind::Follower);
  on_copies(state, g, [](tw::Game& copy) {
    tw::GameProbe::complete_turn(copy);
    benchmark::DoNotOptimize(copy.score(0));
  });
  state.SetLabel(kRuleSets[state.range(0)]);
}
BENCHMARK(BM_TurnCompletion)->DenseRange(0, 2);

// Random playouts to the end from a position 20 plies in (a fresh copy each, determinized
// as a search bot's are), with placements listed (0) or counted on the playout path (1).
void BM_Playout(benchmark::State& state) {
  const char* rs = kRuleSets[state.range(0)];
  const bool path = state.range(1) != 0;
  auto bot = tw::make_bot("random");
  tw::Game g;
  tw::Game::create(content(), setup(rs, 2, 13), g);
  tw::Rng rng(13);
  for (int i = 0; i < 20 && !g.finished(); ++i) g.apply_index(bot->choose(g, rng));
  std::vector<tw::Bot*> bots(2, bot.get());
  tw::Game copy;
  for (auto _ : state) {
    copy = g;
    copy.determinize(rng);
    copy.set_playout(path);
    benchmark::DoNotOptimize(tw::play_out(copy, bots, rng));
  }
  state.SetItemsProcessed(state.iterations());
  state.SetLabel(std::string(rs) + (path ? " counted" : " listed"));
}
BENCHMARK(BM_Playout)->ArgsProduct({{0, 1, 2}, {0, 1}});

}  // namespace

BENCHMARK_MAIN();
