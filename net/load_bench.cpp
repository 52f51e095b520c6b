// tw_net_load: a load benchmark and soak test of `tilewright serve` on loopback
// (docs/protocol.md, "Load" and "Under attack").
// GAMES client threads each make a room (a human seat and a server bot), take the human
// seat and play it to the end choosing random options, all at once. Reports the decision
// latency (a move sent to its ack) p50/p99/max, the games finished, decisions lost or
// doubled (a state whose ply is not the last one's + 1, an ack that is a repeat), and,
// given the server's pid, its resident memory before, at its peak and after.
//   tilewright serve --db load.db --listen 127.0.0.1:8765 &
//   tw_net_load ws://127.0.0.1:8765/ 200 base $!
// With --attack, attacker threads run every attack of issue 55 at once while the games
// play (from --attacker-from, default 127.0.0.1; the games from --from, e.g. 127.0.0.2):
// room floods, silent TCP connections, slow (half-sent) handshakes, WebSocket connections
// that never say hello, oversized and malformed messages, invalid frames, ping-frame and
// message floods. The exit status is 0 only when every game finished with no error and no
// decision lost or doubled, and the bounds given (--p99-max MS, --rss-max-mib MIB,
// --rss-after-max-mib MIB: the memory after the attack, --settle S later) hold.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <sstream>
#include <map>
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

// The CPU time (user + system) the process has used, in seconds (-1 when unknown).
double cpu_seconds(const std::string& pid) {
  std::ifstream in("/proc/" + pid + "/stat");
  std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const size_t close = stat.rfind(')');
  if (close == std::string::npos) return -1;
  std::istringstream rest(stat.substr(close + 2));
  std::string field;
  double ticks = 0;
  for (int i = 3; i <= 15 && rest >> field; ++i)
    if (i == 14 || i == 15) ticks += std::stod(field);  // utime, stime
  return ticks / static_cast<double>(sysconf(_SC_CLK_TCK));
}

struct Options {
  std::string url;
  int games = 0;
  std::string rules = "base";
  std::string pid;
  std::string from;                        // the games' local address ("": any)
  std::string attacker_from = "127.0.0.1";
  bool attack = false;
  double p99_max_ms = 0, rss_max_mib = 0, rss_after_max_mib = 0;
  double settle_s = 10;
  int rounds = 1;  // games each client plays one after the other
};

struct Result {
  std::vector<double> latencies_ms;
  int acks = 0;
  int final_ply = -1;
  int gaps = 0;  // a state whose ply is not the last one's + 1, or an ack again: a decision lost or doubled
  int finished = 0;  // games
  std::string error;
};

void play_one(const Options& o, int index, int round, Result& r, std::atomic<int>& ready) {
  tw::net::Client c;
  if (!o.from.empty()) c.set_local_address(o.from);
  std::string why;
  const auto fail = [&](const std::string& what) { r.error = what + ": " + why; };
  if (!c.connect(o.url, &why, seconds(30))) return fail("connect");
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
  c.send(json{{"type", "create"}, {"rule_set", o.rules}, {"auto_start", false},
              {"seats", json::array({{{"kind", "human"}}, {{"kind", "bot"}, {"bot", "random"}}})}},
         &why);
  auto created = get("created");
  if (!created) return fail("create");
  const std::string room = (*created)["room"], host = (*created)["host_token"];
  c.send(json{{"type", "join"}, {"room", room}}, &why);
  auto joined = get("joined");
  if (!joined) return fail("join");
  const std::string token = (*joined)["token"];
  // Every client starts its first game at once.
  if (round == 0) {
    ++ready;
    while (ready.load() < o.games) std::this_thread::sleep_for(milliseconds(5));
  }
  c.send(json{{"type", "start"}, {"room", room}, {"token", host}}, &why);
  std::mt19937 rng(static_cast<unsigned>(index * 1000 + round) + 1);
  r.final_ply = -1;
  for (;;) {
    auto m = c.receive(seconds(120), &why);
    if (!m) return fail("play");
    const std::string type = (*m)["type"];
    if (type == "over") {
      ++r.finished;
      return;
    }
    if (type == "error") {
      why = m->dump();
      return fail("play");
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
      if ((*a)["type"] == "ack") {
        if (a->contains("again")) ++r.gaps;
        break;
      }
      if ((*a)["type"] == "error") return fail("move: " + (*a)["message"].get<std::string>());
    }
    r.latencies_ms.push_back(duration<double, std::milli>(steady_clock::now() - t0).count());
    ++r.acks;
  }
}

void play(const Options& o, int index, Result& r, std::atomic<int>& ready) {
  for (int round = 0; round < o.rounds && r.error.empty(); ++round) play_one(o, index, round, r, ready);
}

double pct(std::vector<double>& v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<size_t>(p * static_cast<double>(v.size())))];
}

// ---------------------------------------------------------------------------------------
// The attacker

struct AttackStats {
  std::mutex m;
  std::map<std::string, long> n;
  void add(const std::string& what, long k = 1) {
    std::lock_guard<std::mutex> lock(m);
    n[what] += k;
  }
};

// A plain TCP connection from `from` to the server (-1 when refused or failed).
int raw_connect(const std::string& from, const std::string& host, int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return -1;
  sockaddr_in local{};
  local.sin_family = AF_INET;
  ::inet_pton(AF_INET, from.c_str(), &local.sin_addr);
  sockaddr_in to{};
  to.sin_family = AF_INET;
  to.sin_port = htons(static_cast<uint16_t>(port));
  ::inet_pton(AF_INET, host.c_str(), &to.sin_addr);
  if (::bind(fd, reinterpret_cast<sockaddr*>(&local), sizeof local) != 0 ||
      ::connect(fd, reinterpret_cast<sockaddr*>(&to), sizeof to) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

// True when the server closed `fd` (end of file or an error; what it sent is read and dropped).
bool peer_closed(int fd) {
  pollfd p{fd, POLLIN, 0};
  if (::poll(&p, 1, 0) <= 0) return false;
  char buf[4096];
  return ::recv(fd, buf, sizeof buf, MSG_DONTWAIT) <= 0;
}

// GET `path` from the server over plain HTTP: the whole answer ("" when none).
std::string http_get(const std::string& host, int port, const std::string& path) {
  const int fd = raw_connect("127.0.0.1", host, port);
  if (fd < 0) return {};
  const std::string req = "GET " + path + " HTTP/1.1\r\nHost: " + host + "\r\n\r\n";
  ::send(fd, req.data(), req.size(), MSG_NOSIGNAL);
  std::string out;
  char buf[4096];
  for (;;) {
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, 5000) <= 0) break;
    const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
    if (n <= 0) break;
    out.append(buf, static_cast<size_t>(n));
  }
  ::close(fd);
  return out;
}

struct Attacker {
  const Options& o;
  std::string host;
  int port = 0;
  std::atomic<bool> stop{false};
  AttackStats stats;
  std::vector<std::thread> threads;

  // `n` plain sockets held open; each one the server closes is opened again. `slow`: each
  // sends a request's first line and then a header byte a second (a slow handshake).
  void hold_sockets(int n, bool slow) {
    std::vector<int> fds(static_cast<size_t>(n), -1);
    static const std::string header = "GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ";
    int tick = 0;
    while (!stop) {
      for (int& fd : fds) {
        if (fd >= 0 && peer_closed(fd)) {
          ::close(fd);
          fd = -1;
          stats.add(slow ? "slow handshakes closed by the server" : "silent sockets closed by the server");
        }
        if (fd < 0) {
          fd = raw_connect(o.attacker_from, host, port);
          stats.add(slow ? "slow handshakes opened" : "silent sockets opened");
          if (fd >= 0 && slow) ::send(fd, header.data(), header.size(), MSG_NOSIGNAL);
        } else if (slow && tick % 10 == 0) {
          ::send(fd, "a", 1, MSG_NOSIGNAL | MSG_DONTWAIT);
        }
      }
      ++tick;
      std::this_thread::sleep_for(milliseconds(100));
    }
    for (const int fd : fds)
      if (fd >= 0) ::close(fd);
  }

  // A WebSocket connection from the attacker's address (nullptr when refused).
  std::unique_ptr<tw::net::Client> ws(bool hello) {
    auto c = std::make_unique<tw::net::Client>();
    c->set_local_address(o.attacker_from);
    std::string why;
    if (!c->connect(o.url, &why, seconds(5))) {
      stats.add("websocket connections refused");
      std::this_thread::sleep_for(milliseconds(50));
      return nullptr;
    }
    stats.add("websocket connections");
    if (hello) c->send(json{{"type", "hello"}, {"version", tw::net::kProtocolVersion}}, &why);
    return c;
  }

  void drain(tw::net::Client& c, milliseconds wait) {
    std::string why;
    while (auto m = c.receive(wait, &why)) {
      if ((*m)["type"] == "created") stats.add("attacker rooms created");
      if ((*m)["type"] == "error") stats.add("refusals: " + (*m)["code"].get<std::string>());
      wait = milliseconds(0);
    }
  }

  // Creates rooms as fast as the server takes them (each connection at its message rate).
  void room_flood() {
    while (!stop) {
      auto c = ws(true);
      if (!c) continue;
      std::string why;
      while (!stop && !c->closed()) {
        c->send(json{{"type", "create"}, {"rule_set", "base"}, {"auto_start", true},
                     {"seats", json::array({{{"kind", "human"}}, {{"kind", "bot"}, {"bot", "random"}}})}},
                &why);
        drain(*c, milliseconds(45));
      }
    }
  }

  // Connects, never says hello, waits for the server to close it.
  void no_hello() {
    while (!stop) {
      auto c = ws(false);
      if (!c) continue;
      std::string why;
      while (!stop && !c->closed()) c->receive(milliseconds(200), &why);
      if (c->closed()) stats.add("no-hello connections closed by the server");
    }
  }

  // Oversized, malformed and deep messages, requests before hello, invalid frames.
  void junk() {
    std::mt19937 rng(7);
    const std::vector<std::string> bad = {"{not json", "[]", "\"x\"", "{\"type\":5}", "{\"type\":\"warp\"}",
                                          std::string(30, '[') + std::string(30, ']'),
                                          "{\"type\":\"create\",\"rule_set\":7}", "{\"type\":\"move\"}",
                                          "{\"type\":\"join\",\"room\":\"AAAAAAAA\"}"};
    while (!stop) {
      auto c = ws(false);
      if (!c) continue;
      std::string why;
      for (int i = 0; i < 10 && !stop && !c->closed(); ++i) {
        c->send_text(bad[std::uniform_int_distribution<size_t>(0, bad.size() - 1)(rng)], &why);
        drain(*c, milliseconds(60));
      }
      if (stop) break;
      c->send(json{{"type", "hello"}, {"version", tw::net::kProtocolVersion}}, &why);
      // Over the limit (answered too_big), then far over it (cut off).
      c->send_text(std::string(tw::net::kMaxMessageBytes + 100, 'x'), &why);
      drain(*c, milliseconds(100));
      if (c->closed()) stats.add("oversized: closed by the server");
      auto d = ws(true);
      if (d) {
        d->send_text(std::string(tw::net::kHardMaxMessageBytes + 100, 'y'), &why);
        drain(*d, milliseconds(100));
      }
      // An invalid WebSocket frame (unmasked, reserved bits set) after the upgrade.
      const int fd = raw_connect(o.attacker_from, host, port);
      if (fd >= 0) {
        const std::string up = "GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                               "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n";
        ::send(fd, up.data(), up.size(), MSG_NOSIGNAL);
        std::this_thread::sleep_for(milliseconds(50));
        const char frame[] = {'\x71', '\x05', 'h', 'e', 'l', 'l', 'o'};
        ::send(fd, frame, sizeof frame, MSG_NOSIGNAL);
        std::this_thread::sleep_for(milliseconds(50));
        stats.add("invalid frames sent");
        ::close(fd);
      }
    }
  }

  // Ping frames and ping messages as fast as they go.
  void ping_flood(bool frames) {
    while (!stop) {
      auto c = ws(true);
      if (!c) continue;
      std::string why;
      long sent = 0;
      while (!stop && !c->closed()) {
        if (frames ? !c->send_ping(&why) : !c->send(json{{"type", "ping"}}, &why)) break;
        if (++sent % 50 == 0) drain(*c, milliseconds(0));
        std::this_thread::sleep_for(milliseconds(2));
      }
      stats.add(frames ? "ping frames sent" : "ping messages sent", sent);
      if (c->closed()) stats.add(frames ? "ping-frame floods closed by the server" : "message floods closed by the server");
    }
  }

  void start() {
    threads.emplace_back([this] { hold_sockets(8, false); });
    threads.emplace_back([this] { hold_sockets(6, true); });
    for (int i = 0; i < 3; ++i) threads.emplace_back([this] { room_flood(); });
    threads.emplace_back([this] { no_hello(); });
    threads.emplace_back([this] { no_hello(); });
    threads.emplace_back([this] { junk(); });
    threads.emplace_back([this] { ping_flood(true); });
    threads.emplace_back([this] { ping_flood(false); });
  }
  void finish() {
    stop = true;
    for (auto& t : threads) t.join();
  }
};

}  // namespace

int main(int argc, char** argv) {
  Options o;
  std::vector<std::string> pos;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const auto value = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "tw_net_load: %s wants a value\n", a.c_str());
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--attack") o.attack = true;
    else if (a == "--from") o.from = value();
    else if (a == "--attacker-from") o.attacker_from = value();
    else if (a == "--p99-max") o.p99_max_ms = std::stod(value());
    else if (a == "--rss-max-mib") o.rss_max_mib = std::stod(value());
    else if (a == "--rss-after-max-mib") o.rss_after_max_mib = std::stod(value());
    else if (a == "--settle") o.settle_s = std::stod(value());
    else if (a == "--rounds") o.rounds = std::stoi(value());
    else pos.push_back(a);
  }
  if (pos.size() < 2) {
    std::fprintf(stderr,
                 "usage: tw_net_load URL GAMES [RULE_SET] [SERVER_PID] [--from ADDR] [--attack] [--attacker-from ADDR]\n"
                 "                   [--rounds R] [--p99-max MS] [--rss-max-mib MIB] [--rss-after-max-mib MIB] [--settle S]\n");
    return 2;
  }
  o.url = pos[0];
  o.games = std::stoi(pos[1]);
  if (pos.size() > 2) o.rules = pos[2];
  if (pos.size() > 3) o.pid = pos[3];
  const long rss0 = o.pid.empty() ? -1 : rss_kib(o.pid);
  std::atomic<long> rss_peak{rss0};
  std::atomic<bool> done{false};
  std::thread sampler([&] {
    while (!done) {
      if (!o.pid.empty()) rss_peak = std::max(rss_peak.load(), rss_kib(o.pid));
      std::this_thread::sleep_for(milliseconds(100));
    }
  });
  Attacker attacker{o, {}, 0, {}, {}, {}};
  if (o.attack) {
    const auto u = tw::net::parse_url(o.url, nullptr);
    if (!u || u->tls) {
      std::fprintf(stderr, "tw_net_load: --attack wants a ws://IPV4:PORT/ URL\n");
      return 2;
    }
    attacker.host = u->host;
    attacker.port = std::stoi(u->port);
    attacker.start();
    std::this_thread::sleep_for(seconds(2));  // the attack under way before the games start
  }
  const long rss_attack = o.pid.empty() ? -1 : rss_kib(o.pid);
  const double cpu0 = o.pid.empty() ? -1 : cpu_seconds(o.pid);
  std::vector<Result> results(static_cast<size_t>(o.games));
  std::atomic<int> ready{0};
  std::vector<std::thread> threads;
  const auto t0 = steady_clock::now();
  for (int i = 0; i < o.games; ++i)
    threads.emplace_back(play, std::cref(o), i, std::ref(results[static_cast<size_t>(i)]), std::ref(ready));
  for (auto& t : threads) t.join();
  const double secs = duration<double>(steady_clock::now() - t0).count();
  const double cpu1 = o.pid.empty() ? -1 : cpu_seconds(o.pid);
  if (o.attack) attacker.finish();
  long rss_after = -1;
  if (!o.pid.empty() && o.attack) {
    // The attack's rooms expire and its connections close; the memory should come back.
    std::this_thread::sleep_for(duration<double>(o.settle_s));
    rss_after = rss_kib(o.pid);
  } else if (!o.pid.empty()) {
    rss_after = rss_kib(o.pid);
  }
  done = true;
  sampler.join();
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
  const double p99 = pct(all, 0.99);
  std::printf("games: %d (%d clients, %d each), finished %d, errors %d, %.1f s%s\n", o.games * o.rounds, o.games,
              o.rounds, finished, errors, secs, o.attack ? " (under attack)" : "");
  std::printf("human decisions acknowledged: %ld (%.0f/s); decisions lost or doubled: %d\n", acks,
              static_cast<double>(acks) / secs, gaps);
  std::printf("latency move->ack: p50 %.2f ms, p99 %.2f ms, max %.2f ms\n", pct(all, 0.5), p99, pct(all, 1.0));
  if (!o.pid.empty()) {
    std::printf("server CPU: %.1f s in the %.1f s of the games (%.0f%% of one core)\n", cpu1 - cpu0, secs,
                100 * (cpu1 - cpu0) / secs);
    std::printf("server RSS: %ld KiB before, %ld KiB peak: %.0f KiB a game\n", rss0, rss_peak.load(),
                static_cast<double>(rss_peak.load() - rss0) / o.games);
    if (o.attack)
      std::printf("server RSS: %ld KiB after 2 s of attack alone, %ld KiB %.0f s after the attack\n", rss_attack,
                  rss_after, o.settle_s);
  }
  if (o.attack) {
    std::printf("attack:\n");
    for (const auto& [what, n] : attacker.stats.n) std::printf("  %s: %ld\n", what.c_str(), n);
  }
  if (o.attack) {
    // The server's own counts (GET /metrics, when it serves them).
    const std::string m = http_get(attacker.host, attacker.port, "/metrics");
    if (m.rfind("HTTP/1.1 200", 0) == 0) {
      std::printf("server counters after the attack:\n");
      size_t at = 0;
      while ((at = m.find('\n', at)) != std::string::npos) {
        const size_t end = m.find('\n', at + 1);
        const std::string line = m.substr(at + 1, end == std::string::npos ? std::string::npos : end - at - 1);
        at = end;
        if (line.rfind("tilewright_", 0) == 0 || line.rfind("process_", 0) == 0) std::printf("  %s\n", line.c_str());
        if (end == std::string::npos) break;
      }
    }
  }
  bool ok = errors == 0 && gaps == 0 && finished == o.games * o.rounds;
  if (o.p99_max_ms > 0 && p99 > o.p99_max_ms) {
    std::printf("FAILED: p99 %.2f ms over the bound %.0f ms\n", p99, o.p99_max_ms);
    ok = false;
  }
  if (o.rss_max_mib > 0 && static_cast<double>(rss_peak.load()) > o.rss_max_mib * 1024) {
    std::printf("FAILED: server peak RSS %ld KiB over the bound %.0f MiB\n", rss_peak.load(), o.rss_max_mib);
    ok = false;
  }
  if (o.rss_after_max_mib > 0 && static_cast<double>(rss_after) > o.rss_after_max_mib * 1024) {
    std::printf("FAILED: server RSS after the attack %ld KiB over the bound %.0f MiB\n", rss_after,
                o.rss_after_max_mib);
    ok = false;
  }
  std::printf("%s\n", ok ? "OK" : "FAILED");
  return ok ? 0 : 1;
}
