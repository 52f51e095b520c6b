// Search speed for the report: decisions/s, iterations/s and the slowest decision of
// bot:mcts per rule set, every seat played by mcts on one thread, in the thread's CPU time.
// Nothing is asserted.
// iterations/s counts the iterations the searches ran (their roots' visits).
// Run: ./build/bench/tw_bench_search [iterations] [games] [only]   (no iterations, or 0:
// plain `mcts`, each rule set's default budget, engine/bots/mcts.h; `only`: the rows whose
// name contains it, e.g. `mists`). Besides every decision's row, a rule set whose
// decisions are not all placements gets a row of its placement decisions alone: in a
// co-op level `mcts` searches the placements and leaves the other decisions to the
// co-op bot (MctsConfig::coop_searched), so the two differ by far.
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
  const std::string only = argc > 3 ? argv[3] : "";
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
    const std::string name = std::string(t.rule_set) + (t.level[0] ? std::string(" ") + t.level : "");
    if (!only.empty() && name.find(only) == std::string::npos) continue;
    struct Row {
      long decisions = 0;
      double searched = 0;  // iterations, summed over the decisions searched
      double secs = 0, worst = 0;
      int worst_left = 0;  // tiles left at the slowest decision
      void add(double d, double iterations, int left) {
        secs += d;
        if (d > worst) {
          worst = d;
          worst_left = left;
        }
        ++decisions;
        searched += iterations;
      }
    };
    Row all, place;
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
        const auto weighed = bot->evaluate(g, rng);  // (choose is evaluate's first)
        const double d = thread_cpu_seconds() - t0;
        const size_t k = weighed.front().index;
        const bool placing = g.pending().kind == tw::DecisionKind::Place;
        double n = 0;  // the iterations searched: the root's visits (0: not searched)
        for (const auto& e : weighed) n += e.visits;
        all.add(d, n, g.tiles_left());
        if (placing) place.add(d, n, g.tiles_left());
        g.apply_index(k);
      }
    }
    const auto print = [](const std::string& label, const Row& r) {
      std::printf("%-18s %9ld %11.1f %13.0f %10.1f %10.1f %5d left\n", label.c_str(), r.decisions, r.decisions / r.secs,
                  r.searched / r.secs, 1000 * r.secs / r.decisions, 1000 * r.worst, r.worst_left);
    };
    print(name, all);
    if (place.decisions < all.decisions) print("  placements", place);
    std::fflush(stdout);
  }
  return 0;
}
