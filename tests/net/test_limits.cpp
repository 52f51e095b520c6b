// The server's limits on loopback (issue 55, docs/protocol.md "Limits and faults"): a room
// flood from one address leaves another free to create and play; connections must say
// hello in time; every socket counts, per address too; a message over the limit is
// answered too_big before the connection closes; ping frames are rate-limited; GET
// /health and /metrics; out of file descriptors, accepting backs off instead of spinning.
#include <catch2/catch.hpp>

#include <sys/resource.h>

#include <mutex>
#include <random>
#include <thread>

#include "net/client.h"
#include "net/server.h"
#include "net_fixture.h"
#include "raw_socket.h"

using namespace tw;
using nlohmann::json;
using namespace std::chrono_literals;

namespace {

struct LimitServer : test::RunningServer {
  using RunningServer::RunningServer;
  // The value of a /metrics sample (its whole name with labels), -1 when absent.
  double metric(const std::string& sample) {
    const std::string text = server.metrics_text();
    const size_t at = text.find("\n" + sample + " ");
    return at == std::string::npos ? -1 : std::stod(text.substr(at + sample.size() + 2));
  }
};

json next_of(net::Client& c, const std::string& type) {
  for (int i = 0; i < 500; ++i) {
    std::string why;
    auto m = c.receive(10s, &why);
    if (!m) FAIL("no message '" << type << "': " << why);
    if ((*m)["type"] == type) return *m;
  }
  FAIL("no message '" << type << "' among 500");
  return nullptr;
}

bool wait_closed(net::Client& c, std::chrono::milliseconds within) {
  std::string why;
  const auto end = std::chrono::steady_clock::now() + within;
  while (!c.closed() && std::chrono::steady_clock::now() < end) c.receive(50ms, &why);
  return c.closed();
}

}  // namespace

TEST_CASE("net limits: a room flood from 127.0.0.1 does not stop 127.0.0.2 from creating and playing") {
  net::ServerOptions so;
  so.max_connections_per_address = 6;
  so.hub.max_rooms = 30;
  so.hub.max_rooms_per_address = 10;
  LimitServer r(test::fresh_server_db("limits-flood"), so);
  std::string why;
  // Ten connections from 127.0.0.1: six get in, each sends 25 creates.
  std::vector<std::unique_ptr<net::Client>> flood;
  int refused_connections = 0;
  for (int i = 0; i < 10; ++i) {
    auto c = std::make_unique<net::Client>();
    c->set_local_address("127.0.0.1");
    if (!c->connect(r.url(), &why, 5s)) {
      ++refused_connections;
      continue;
    }
    flood.push_back(std::move(c));
  }
  CHECK(flood.size() == 6);
  CHECK(refused_connections == 4);
  int created = 0, too_many = 0;
  for (auto& c : flood) {
    REQUIRE(c->send(json{{"type", "hello"}, {"version", net::kProtocolVersion}}, &why));
    for (int i = 0; i < 25; ++i)
      REQUIRE(c->send(json{{"type", "create"}, {"rule_set", "base"},
                           {"seats", json::array({{{"kind", "human"}}, {{"kind", "bot"}, {"bot", "random"}}})}},
                      &why));
  }
  for (auto& c : flood)
    for (int i = 0; i < 200; ++i) {
      auto m = c->receive(300ms, &why);
      if (!m) break;
      created += (*m)["type"] == "created";
      too_many += (*m)["type"] == "error" && (*m)["code"] == "too_many_rooms";
    }
  CHECK(created == 10);
  CHECK(too_many == 6 * 25 - 10);
  // The log says it a few times, then counts.
  {
    std::lock_guard<std::mutex> lock(r.log_mutex);
    size_t lines = 0;
    for (const auto& l : r.log) lines += l.find("too_many_rooms") != std::string::npos;
    CHECK(lines <= 5);
  }
  // 127.0.0.2 makes a room and plays it to the end, the flood still connected.
  net::Client ok;
  ok.set_local_address("127.0.0.2");
  REQUIRE(ok.connect(r.url(), &why, 5s));
  REQUIRE(ok.send(json{{"type", "hello"}, {"version", net::kProtocolVersion}}, &why));
  next_of(ok, "welcome");
  REQUIRE(ok.send(json{{"type", "create"}, {"rule_set", "base"}, {"auto_start", true},
                       {"seats", json::array({{{"kind", "human"}, {"name", "Eve"}}, {{"kind", "bot"}, {"bot", "random"}}})}},
                  &why));
  const std::string room = next_of(ok, "created")["room"];
  REQUIRE(ok.send(json{{"type", "join"}, {"room", room}}, &why));
  const std::string token = next_of(ok, "joined")["token"];
  json over;
  std::mt19937 rng(5);
  for (int i = 0; i < 2000 && over.is_null(); ++i) {
    auto m = ok.receive(10s, &why);
    REQUIRE(m);
    if ((*m)["type"] == "over") over = *m;
    if ((*m)["type"] == "error") FAIL("refused: " << m->dump());
    if ((*m)["type"] != "state" || (*m)["view"]["finished"] == true || (*m)["view"]["pending"]["seat"] != 0) continue;
    const auto& opts = (*m)["view"]["pending"]["options"];
    REQUIRE(ok.send(json{{"type", "move"}, {"room", room}, {"token", token}, {"ply", (*m)["ply"]},
                         {"move", opts[std::uniform_int_distribution<size_t>(0, opts.size() - 1)(rng)]}},
                    &why));
  }
  REQUIRE(!over.is_null());
  CHECK(over["result"].get<std::string>().find("Eve") != std::string::npos);
  CHECK(r.metric("tilewright_refusals_total{code=\"too_many_rooms\"}") == too_many);
  CHECK(r.metric("tilewright_connection_events_total{event=\"refused_per_address\"}") == 4);
  r.server.stop();
}

TEST_CASE("net limits: hello in time, too_big before closing, ping frames, every socket counted, health and metrics") {
  net::ServerOptions so;
  so.hello_timeout = 300ms;
  so.handshake_timeout = 500ms;
  so.max_connections = 8;
  so.max_connections_per_address = 5;
  so.metrics = true;
  LimitServer r(test::fresh_server_db("limits-conn"), so);
  std::string why;
  // No hello: told so, then closed.
  net::Client silent;
  REQUIRE(silent.connect(r.url(), &why));
  const json timeout = next_of(silent, "error");
  CHECK(timeout["code"] == "hello_timeout");
  CHECK(wait_closed(silent, 5s));

  // Over the limit: too_big, then closed; far over it: closed.
  net::Client big;
  REQUIRE(big.connect(r.url(), &why));
  REQUIRE(big.send(json{{"type", "hello"}, {"version", net::kProtocolVersion}}, &why));
  next_of(big, "welcome");
  REQUIRE(big.send_text(std::string(net::kMaxMessageBytes + 10, ' '), &why));
  CHECK(next_of(big, "error")["code"] == "too_big");
  CHECK(wait_closed(big, 5s));
  net::Client huge;
  REQUIRE(huge.connect(r.url(), &why));
  huge.send_text(std::string(net::kHardMaxMessageBytes + 10, ' '), &why);
  CHECK(wait_closed(huge, 5s));

  // A flood of ping frames closes the connection (a few are fine).
  net::Client pinger;
  REQUIRE(pinger.connect(r.url(), &why));
  REQUIRE(pinger.send(json{{"type", "hello"}, {"version", net::kProtocolVersion}}, &why));
  next_of(pinger, "welcome");
  for (int i = 0; i < 5; ++i) REQUIRE(pinger.send_ping(&why));
  REQUIRE(pinger.send(json{{"type", "ping"}}, &why));
  next_of(pinger, "pong");
  for (int i = 0; i < 200 && !pinger.closed(); ++i) pinger.send_ping(&why);
  CHECK(wait_closed(pinger, 5s));

  // Silent TCP connections (no HTTP) count, per address: the sixth from 127.0.0.1 is
  // closed at once, 127.0.0.2 still gets in; they are closed at the handshake deadline.
  std::vector<test::RawSocket> held;
  for (int i = 0; i < 5; ++i) held.emplace_back(r.server.port());
  for (int i = 0; i < 50 && r.metric("tilewright_sockets") < 5; ++i) std::this_thread::sleep_for(20ms);
  CHECK(r.metric("tilewright_sockets") == 5);
  test::RawSocket sixth(r.server.port());
  CHECK(sixth.closed_within(5s));
  net::Client other;
  other.set_local_address("127.0.0.2");
  REQUIRE(other.connect(r.url(), &why));
  REQUIRE(other.send(json{{"type", "hello"}, {"version", net::kProtocolVersion}}, &why));
  next_of(other, "welcome");
  for (auto& s : held) CHECK(s.closed_within(5s));  // the handshake deadline
  // Half a request (a slow handshake) is closed at the deadline too.
  test::RawSocket slow(r.server.port());
  REQUIRE(slow.write("GET / HTTP/1.1\r\nHost: x\r\n"));
  CHECK(slow.closed_within(5s));

  // The endpoint takes a query (a front may route by it) and nothing else.
  net::Client routed;
  REQUIRE(routed.connect(r.url() + "?room=ABCDEFGH", &why));
  routed.close();
  net::Client wrong_path;
  CHECK(!wrong_path.connect(r.url() + "x?room=ABCDEFGH", &why));

  // GET /health and /metrics.
  const std::string health = test::http_get(r.server.port(), "/health");
  CHECK(health.rfind("HTTP/1.1 200", 0) == 0);
  CHECK(health.find("\"status\":\"ok\"") != std::string::npos);
  const std::string metrics = test::http_get(r.server.port(), "/metrics");
  CHECK(metrics.rfind("HTTP/1.1 200", 0) == 0);
  CHECK(metrics.find("text/plain; version=0.0.4") != std::string::npos);
  for (const char* m : {"tilewright_rooms{state=\"open\"}", "tilewright_sockets", "process_resident_memory_bytes",
                        "tilewright_connection_events_total{event=\"closed_hello_timeout\"} 1",
                        "tilewright_connection_events_total{event=\"closed_ping_flood\"} 1",
                        "tilewright_refusals_total{code=\"too_big\"} 1"}) {
    INFO(m);
    CHECK(metrics.find(m) != std::string::npos);
  }
  r.server.stop();
  // Without --metrics there is no /metrics.
  LimitServer plain(test::fresh_server_db("limits-nometrics"));
  CHECK(test::http_get(plain.server.port(), "/metrics").rfind("HTTP/1.1 426", 0) == 0);
  CHECK(test::http_get(plain.server.port(), "/health").rfind("HTTP/1.1 200", 0) == 0);
  plain.server.stop();
}

TEST_CASE("net limits: X-Forwarded-For is read only from a trusted proxy") {
  net::ServerOptions so;
  so.max_connections_per_address = 2;
  so.trusted_proxies = {"127.0.0.2"};
  so.hub.max_rooms_per_address = 1;
  LimitServer r(test::fresh_server_db("limits-proxy"), so);
  // From 127.0.0.2 (the proxy) as client 192.0.2.7: one room for that client, and the
  // proxy's own address is not limited to two sockets.
  std::vector<std::unique_ptr<net::Client>> via;
  std::string why;
  // (net::Client sends no X-Forwarded-For: the header is checked with raw requests.)
  const std::string upgrade =
      "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
      "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n";
  std::vector<test::RawSocket> proxied;
  for (int i = 0; i < 3; ++i) {
    proxied.emplace_back(r.server.port(), "127.0.0.2");
    REQUIRE(proxied.back().write(upgrade + "X-Forwarded-For: 198.51.100.1, 192.0.2." + std::to_string(i) + "\r\n\r\n"));
  }
  for (auto& s : proxied) {
    s.closed_within(300ms);
    CHECK(s.read().rfind("HTTP/1.1 101", 0) == 0);  // three sockets from the trusted proxy
  }
  // The same client twice more through the proxy: its third socket is refused (429).
  std::vector<test::RawSocket> same;
  for (int i = 0; i < 2; ++i) {
    same.emplace_back(r.server.port(), "127.0.0.2");
    REQUIRE(same.back().write(upgrade + "X-Forwarded-For: 192.0.2.0\r\n\r\n"));
  }
  same[0].closed_within(300ms);
  CHECK(same[0].read().rfind("HTTP/1.1 101", 0) == 0);
  CHECK(same[1].closed_within(5s));
  CHECK(same[1].read().rfind("HTTP/1.1 429", 0) == 0);
  // From an untrusted peer the header changes nothing: 127.0.0.1's two sockets, then no more.
  std::vector<test::RawSocket> direct;
  for (int i = 0; i < 3; ++i) {
    direct.emplace_back(r.server.port(), "127.0.0.1");
    direct.back().write(upgrade + "X-Forwarded-For: 192.0.2." + std::to_string(50 + i) + "\r\n\r\n");
  }
  CHECK(direct[2].closed_within(5s));
  CHECK(direct[2].read().empty());  // closed at the accept, before any HTTP
  r.server.stop();
}

TEST_CASE("net limits: out of file descriptors, the accept backs off instead of spinning") {
  rlimit old{};
  REQUIRE(getrlimit(RLIMIT_NOFILE, &old) == 0);
  net::ServerOptions so;
  so.handshake_timeout = 60s;  // the silent connections stay while descriptors are short
  LimitServer r(test::fresh_server_db("limits-emfile"), so);
  // The clients' sockets made first (their descriptors taken), then room for 5 more
  // descriptors only: the server accepts a few of the 30 connections and runs out.
  std::vector<test::RawSocket> held;
  for (int i = 0; i < 30; ++i) held.emplace_back(r.server.port(), "127.0.0.1", false);
  int highest = 0;
  for (int fd = 0; fd < 65536; ++fd)
    if (fcntl(fd, F_GETFD) != -1) highest = fd;
  // The free descriptors below the highest (the lowest is given first) filled, so exactly
  // 5 are left.
  std::vector<int> fillers;
  for (;;) {
    const int fd = ::open("/dev/null", O_RDONLY);
    if (fd < 0) break;
    fillers.push_back(fd);
    if (fd >= highest) {
      highest = fd;
      break;
    }
  }
  rlimit low = old;
  low.rlim_cur = static_cast<rlim_t>(highest + 1 + 5);
  REQUIRE(setrlimit(RLIMIT_NOFILE, &low) == 0);
  int connected = 0;
  for (auto& s : held) connected += s.connect();
  CHECK(connected == 30);  // (the kernel completes them; the server takes them as it can)
  std::this_thread::sleep_for(2s);
  // (The counts are read once the descriptors are back: UBSan's own checks need one.)
  for (const int fd : fillers) ::close(fd);
  REQUIRE(setrlimit(RLIMIT_NOFILE, &old) == 0);
  const double backoffs = r.metric("tilewright_connection_events_total{event=\"accept_backoff\"}");
  INFO("accept back-offs in 2 s: " << backoffs << "; highest fd " << highest);
  CHECK(backoffs >= 1);   // it did run out
  CHECK(backoffs <= 20);  // 250 ms apart: about 8 in 2 s; a spinning accept makes thousands
  held.clear();
  // Descriptors back: it accepts again.
  net::Client c;
  std::string why;
  std::this_thread::sleep_for(400ms);
  REQUIRE(c.connect(r.url(), &why, 5s));
  REQUIRE(c.send(json{{"type", "ping"}}, &why));
  next_of(c, "pong");
  r.server.stop();
}
