// tw_net_load: a load benchmark of `tilewright serve` on loopback (docs/protocol.md).
// GAMES client threads each make a room (a human seat and a server bot), take the human
// seat and play it to the end choosing random options, all at once. Reports the decision
// latency (a move sent to its ack) p50/p99/max, the games finished, decisions lost or
// doubled (the acks against the server's final ply), and, given the server's pid, its
// resident memory before and after (per game).
//   tilewright serve --db load.db --listen 127.0.0.1:8765 &
//   tw_net_load ws://127.0.0.1:8765/ 200 base $!
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "net/client.h"
#include "net/protocol.h"

using nlohmann::json;
using namespace std::chrono;

namespace {

long rss_kib(const std::string& pid) {
  std::ifstream in("/proc/" + pid + "/status");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
  return -1;
}

struct Result {
  std::vector<double> latencies_ms;
  int acks = 0;
  int final_ply = -1;
  int gaps = 0;  // a state whose ply is not the last one's + 1: a decision lost or doubled
  bool finished = false;
  std::string error;
};

void play(const std::string& url, const std::string& rules, int index, Result& r, std::atomic<int>& ready,
          int games) {
  tw::net::Client c;
  std::string why;
  const auto fail = [&](const std::string& what) { r.error = what + ": " + why; };
  if (!c.connect(url, &why, seconds(30))) return fail("connect");
  const auto get = [&](const std::string& type) -> std::optional<json> {
    for (;;) {
      auto m = c.receive(seconds(120), &why);
      if (!m) return std::nullopt;
      if ((*m)["type"] == type) return m;
      if ((*m)["type"] == "error") {
        why = (*m)["message"].get<std::string>();
        return std::nullopt;
      }
    }
  };
  c.send(json{{"type", "hello"}, {"version", tw::net::kProtocolVersion}}, &why);
  if (!get("welcome")) return fail("hello");
  c.send(json{{"type", "create"}, {"rule_set", rules}, {"auto_start", false},
              {"seats", json::array({{{"kind", "human"}}, {{"kind", "bot"}, {"bot", "random"}}})}},
         &why);
  auto created = get("created");
  if (!created) return fail("create");
  const std::string room = (*created)["room"], host = (*created)["host_token"];
  c.send(json{{"type", "join"}, {"room", room}}, &why);
  auto joined = get("joined");
  if (!joined) return fail("join");
  const std::string token = (*joined)["token"];
  // Every client starts its game at once.
  ++ready;
  while (ready.load() < games) std::this_thread::sleep_for(milliseconds(5));
  c.send(json{{"type", "start"}, {"room", room}, {"token", host}}, &why);
  std::mt19937 rng(static_cast<unsigned>(index) + 1);
  for (;;) {
    auto m = c.receive(seconds(120), &why);
    if (!m) return fail("play");
    const std::string type = (*m)["type"];
    if (type == "over") {
      r.finished = true;
      return;
    }
    if (type != "state") continue;
    const json& v = (*m)["view"];
    const int ply = (*m)["ply"];
    if (r.final_ply >= 0 && ply != r.final_ply + 1) ++r.gaps;
    r.final_ply = ply;
    if (v["finished"] == true || v["pending"]["seat"] != 0) continue;
    const auto& opts = v["pending"]["options"];
    const auto pick = opts[std::uniform_int_distribution<size_t>(0, opts.size() - 1)(rng)];
    const auto t0 = steady_clock::now();
    c.send(json{{"type", "move"}, {"room", room}, {"token", token}, {"ply", (*m)["ply"]}, {"move", pick}}, &why);
    for (;;) {
      auto a = c.receive(seconds(120), &why);
      if (!a) return fail("ack");
      if ((*a)["type"] == "ack") break;
      if ((*a)["type"] == "error") return fail("move: " + (*a)["message"].get<std::string>());
    }
    r.latencies_ms.push_back(duration<double, std::milli>(steady_clock::now() - t0).count());
    ++r.acks;
  }
}

double pct(std::vector<double>& v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<size_t>(p * static_cast<double>(v.size())))];
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: tw_net_load URL GAMES [RULE_SET] [SERVER_PID]\n");
    return 2;
  }
  const std::string url = argv[1];
  const int games = std::stoi(argv[2]);
  const std::string rules = argc > 3 ? argv[3] : "base";
  const std::string pid = argc > 4 ? argv[4] : "";
  const long rss0 = pid.empty() ? -1 : rss_kib(pid);
  std::vector<Result> results(static_cast<size_t>(games));
  std::atomic<int> ready{0};
  std::vector<std::thread> threads;
  const auto t0 = steady_clock::now();
  for (int i = 0; i < games; ++i)
    threads.emplace_back(play, url, rules, i, std::ref(results[static_cast<size_t>(i)]), std::ref(ready), games);
  // The server's memory with every game running (sampled while they play).
  long rss_peak = rss0;
  std::atomic<bool> done{false};
  std::thread sampler([&] {
    while (!done) {
      if (!pid.empty()) rss_peak = std::max(rss_peak, rss_kib(pid));
      std::this_thread::sleep_for(milliseconds(100));
    }
  });
  for (auto& t : threads) t.join();
  done = true;
  sampler.join();
  const double secs = duration<double>(steady_clock::now() - t0).count();
  std::vector<double> all;
  int finished = 0, errors = 0, gaps = 0;
  long acks = 0;
  for (const auto& r : results) {
    all.insert(all.end(), r.latencies_ms.begin(), r.latencies_ms.end());
    finished += r.finished;
    acks += r.acks;
    gaps += r.gaps;
    if (!r.error.empty()) {
      if (errors++ < 5) std::fprintf(stderr, "error: %s\n", r.error.c_str());
    }
  }
  std::printf("games: %d, finished %d, errors %d, %.1f s\n", games, finished, errors, secs);
  std::printf("human decisions acknowledged: %ld (%.0f/s); decisions lost or doubled: %d\n", acks,
              static_cast<double>(acks) / secs, gaps);
  std::printf("latency move->ack: p50 %.2f ms, p99 %.2f ms, max %.2f ms\n", pct(all, 0.5), pct(all, 0.99),
              pct(all, 1.0));
  if (!pid.empty())
    std::printf("server RSS: %ld KiB before, %ld KiB peak: %.0f KiB a game\n", rss0, rss_peak,
                static_cast<double>(rss_peak - rss0) / games);
  return errors == 0 && gaps == 0 && finished == games ? 0 : 1;
}
