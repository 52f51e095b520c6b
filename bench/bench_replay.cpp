// Replay player benchmarks: seeking to a ply of a long recorded game (snapshots every 8
// plies, Game copies), the figure behind "under 1 ms to any ply of a 200-ply game".
// Run: ./build/bench/tw_bench --benchmark_filter=Replay
#include <benchmark/benchmark.h>

#include "engine/bots/bots.h"
#include "replay/player.h"
#include "schema/store.h"

namespace {

// The base rule set with every pool count doubled: a 2-player game of about 280 plies.
const tw::Content& long_content() {
  static const tw::Content c = [] {
    tw::Content k = tw::Store::open(TW_BENCH_DB, tw::Store::Mode::ReadOnly).load_content();
    for (auto& rs : k.rule_sets)
      if (rs.id == "base")
        for (auto& e : rs.pool) e.count *= 2;
    return k;
  }();
  return c;
}

const tw::replay::GameLog& long_log() {
  static const tw::replay::GameLog log = [] {
    tw::GameSetup s;
    s.rule_set = "base";
    s.seed = 2026;
    s.players = {{"bot:greedy", "greedy"}, {"bot:random", "random"}};
    tw::replay::Recorder rec;
    tw::replay::Recorder::start(long_content(), s, rec);
    auto greedy = tw::make_bot("greedy"), random = tw::make_bot("random");
    std::vector<tw::Bot*> bots = {greedy.get(), random.get()};
    tw::Rng rng(7);
    while (!rec.game().finished())
      rec.apply_index(bots[static_cast<size_t>(rec.game().pending().player)]->choose(rec.game(), rng));
    return rec.take_log();
  }();
  return log;
}

// Seeks to uniformly random plies of the game (either direction).
void BM_ReplaySeekRandom(benchmark::State& state) {
  tw::replay::Player p;
  tw::replay::Player::open(long_content(), long_log(), p, static_cast<int>(state.range(0)));
  tw::Rng rng(1);
  const auto n = static_cast<uint64_t>(p.plies() + 1);
  for (auto _ : state) {
    p.seek(static_cast<int>(rng.below(n)));
    benchmark::DoNotOptimize(p.game().ply());
  }
  state.counters["plies"] = p.plies();
}
BENCHMARK(BM_ReplaySeekRandom)->Arg(8)->Arg(16)->Unit(benchmark::kMicrosecond);

// The worst seek: backwards to the last ply before a snapshot (a snapshot copy and
// interval - 1 plies applied), alternating with a jump to the end.
void BM_ReplaySeekWorst(benchmark::State& state) {
  tw::replay::Player p;
  const int interval = static_cast<int>(state.range(0));
  tw::replay::Player::open(long_content(), long_log(), p, interval);
  const int target = (p.plies() / interval) * interval - 1;
  for (auto _ : state) {
    p.seek(p.plies());
    p.seek(target);
    benchmark::DoNotOptimize(p.game().ply());
  }
  state.counters["plies"] = p.plies();
}
BENCHMARK(BM_ReplaySeekWorst)->Arg(8)->Arg(16)->Unit(benchmark::kMicrosecond);

// Opening: replaying the whole log once and taking the snapshots.
void BM_ReplayOpen(benchmark::State& state) {
  for (auto _ : state) {
    tw::replay::Player p;
    tw::replay::Player::open(long_content(), long_log(), p);
    benchmark::DoNotOptimize(p.plies());
  }
}
BENCHMARK(BM_ReplayOpen)->Unit(benchmark::kMillisecond);

}  // namespace
