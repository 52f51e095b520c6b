// Google Benchmark programs for the engine hot paths. Figures go into issue notes;
// nothing here is asserted. Run: ./build/bench/tw_bench
#include <benchmark/benchmark.h>

#include "engine/bots.h"
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

BENCHMARK_MAIN();
