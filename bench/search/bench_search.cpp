// Search speed for the report: decisions/s, iterations/s and the slowest decision of
// bot:mcts per rule set, every seat played by mcts on one thread, in the thread's CPU time.
// Nothing is asserted.
// Run: ./build/bench/tw_bench_search [iterations] [games]   (no iterations, or 0: plain
// `mcts`, each rule set's default budget, engine/bots/mcts.h)
#include <algorithm>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "engine/bots/bots.h"
#include "engine/bots/mcts.h"
#include "schema/store.h"

namespace {
// The thread's CPU time: on a shared machine wall-clock time is other sessions' load.
double thread_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}
}  // namespace

int main(int argc, char** argv) {
  const int iterations = argc > 1 ? std::atoi(argv[1]) : 0;
  const int games = argc > 2 ? std::atoi(argv[2]) : 1;
  const tw::Content c = tw::Store::open(TW_BENCH_DB, tw::Store::Mode::ReadOnly).load_content();
  struct Table {
    const char* rule_set;
    const char* level;
  };
  const Table tables[] = {{"base", ""},  {"gcc", ""},     {"discovery", ""}, {"discovery-expert", ""},
                          {"mists", "mists-1"}, {"mists", "mists-4"}, {"mists", "mists-6"}};
  const std::string bot_name = iterations > 0 ? "mcts:" + std::to_string(iterations) : std::string("mcts");
  std::printf("bot:%s, 2 players, %d game%s per rule set, one thread\n", bot_name.c_str(), games, games == 1 ? "" : "s");
  std::printf("%-18s %9s %11s %13s %10s %10s %10s\n", "rule set", "decisions", "decisions/s", "iterations/s", "mean ms",
              "max ms", "max at");
  auto bot = tw::make_bot(bot_name);
  for (const auto& t : tables) {
    long decisions = 0;
    double searched = 0;  // iterations, summed over the decisions
    double secs = 0, worst = 0;
    int worst_left = 0;  // tiles left at the slowest decision
    for (int i = 0; i < games; ++i) {
      tw::GameSetup s;
      s.rule_set = t.rule_set;
      s.level = t.level;
      s.seed = 1000 + static_cast<uint64_t>(i);
      s.players = {{"a", "mcts"}, {"b", "mcts"}};
      tw::Game g;
      if (auto v = tw::Game::create(c, s, g)) {
        std::printf("%s: %s\n", t.rule_set, v->message.c_str());
        return 1;
      }
      tw::Rng rng(s.seed);
      while (!g.finished()) {
        if (g.pending().options.size() == 1) {
          g.apply_index(0);
          continue;
        }
        const double t0 = thread_cpu_seconds();
        const size_t k = bot->choose(g, rng);
        const double d = thread_cpu_seconds() - t0;
        secs += d;
        if (d > worst) {
          worst = d;
          worst_left = g.tiles_left();
        }
        ++decisions;
        searched += iterations > 0 ? iterations : tw::mcts_default_iterations(g);
        g.apply_index(k);
      }
    }
    const std::string name = std::string(t.rule_set) + (t.level[0] ? std::string(" ") + t.level : "");
    std::printf("%-18s %9ld %11.1f %13.0f %10.1f %10.1f %5d left\n", name.c_str(), decisions, decisions / secs,
                searched / secs, 1000 * secs / decisions, 1000 * worst, worst_left);
    std::fflush(stdout);
  }
  return 0;
}
