// Shared by the tests of the online layer: a fresh copy of the default database per test,
// and a Hub whose messages to each connection are kept (no network).
#pragma once

#include <atomic>
#include <filesystem>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fixtures.h"
#include "net/hub.h"
#include "net/protocol.h"
#include "net/server.h"
#include "schema/store.h"

namespace tw::test {

// A copy of default.db (its schema has the online tables) in the test's temp directory.
inline std::string fresh_server_db(const std::string& name) {
  static const TempTestDir dir;
  static std::atomic<int> n{0};
  const auto p = dir.path / (name + "-" + std::to_string(++n) + ".db");
  std::filesystem::copy_file(TW_TEST_DB, p, std::filesystem::copy_options::overwrite_existing);
  return p.string();
}

struct HubHarness {
  Store store;
  Content content;
  std::map<net::ConnId, std::vector<std::string>> got;  // every message sent to a connection
  std::vector<std::string> log;
  net::Hub hub;
  uint64_t next_seed;
  int64_t now = 1'700'000'000'000;  // the Hub's wall clock (ms): tests move it by hand

  explicit HubHarness(const std::string& db, uint64_t first_seed = 1000,
                      int max_bot_iterations = net::HubOptions{}.max_bot_iterations,
                      const std::function<void(net::HubOptions&)>& tune = {}, int64_t start_ms = 1'700'000'000'000)
      : store(open_store(db)),
        content(store.load_content()),
        hub(content, store, [this](net::ConnId c, const std::string& t) { got[c].push_back(t); },
            options(max_bot_iterations, tune)),
        next_seed(first_seed),
        now(start_ms) {
    hub.log = [this](const std::string& s) { log.push_back(s); };
  }
  // (The database is set up as `tilewright serve` sets it: net::prepare_database.)
  static Store open_store(const std::string& db) {
    Store s = Store::open(db, Store::Mode::ReadWrite);
    net::prepare_database(s, false);
    return s;
  }

  net::HubOptions options(int max_bot_iterations, const std::function<void(net::HubOptions&)>& tune = {}) {
    net::HubOptions o;
    if (tune) tune(o);
    o.max_bot_iterations = max_bot_iterations;
    o.seeds = [this] { return next_seed++; };
    o.now_ms = [this] { return now; };
    return o;
  }

  void say(net::ConnId c, const nlohmann::json& j) { hub.message(c, j.dump()); }
  // Says j and gives the first message sent to c after it (its answer; null when none).
  nlohmann::json answer(net::ConnId c, const nlohmann::json& j) {
    const size_t before = got[c].size();
    say(c, j);
    return got[c].size() > before ? nlohmann::json::parse(got[c][before]) : nlohmann::json(nullptr);
  }

  // The last message of `type` sent to c (null when none).
  nlohmann::json last(net::ConnId c, const std::string& type) const {
    auto it = got.find(c);
    if (it == got.end()) return nullptr;
    for (auto m = it->second.rbegin(); m != it->second.rend(); ++m) {
      auto j = nlohmann::json::parse(*m);
      if (j["type"] == type) return j;
    }
    return nullptr;
  }
  nlohmann::json last_message(net::ConnId c) const {
    auto it = got.find(c);
    return it == got.end() || it->second.empty() ? nlohmann::json(nullptr) : nlohmann::json::parse(it->second.back());
  }

  void hello(net::ConnId c, const std::string& address = {}) {
    hub.opened(c, address);
    say(c, {{"type", "hello"}, {"version", net::kProtocolVersion}});
  }

  // A room for `rule` ("rule_set" or "level" = id) with the seats given; returns code and host token.
  std::pair<std::string, std::string> create(net::ConnId c, const std::string& key, const std::string& id,
                                             const nlohmann::json& seats, bool auto_start = true) {
    say(c, {{"type", "create"}, {key, id}, {"seats", seats}, {"auto_start", auto_start}});
    auto m = last(c, "created");
    if (m.is_null()) return {};
    return {m["room"].get<std::string>(), m["host_token"].get<std::string>()};
  }

  // Joins c to `room` (seat or any); returns its token ("" when refused).
  std::string join(net::ConnId c, const std::string& room, int seat = -1) {
    nlohmann::json j{{"type", "join"}, {"room", room}};
    if (seat >= 0) j["seat"] = seat;
    const size_t before = got[c].size();
    say(c, j);
    for (size_t i = before; i < got[c].size(); ++i) {
      auto m = nlohmann::json::parse(got[c][i]);
      if (m["type"] == "joined") return m["token"].get<std::string>();
    }
    return {};
  }

  // Plays every bot decision due.
  void bots() {
    int guard = 100000;
    while (hub.step_bots(64) && --guard > 0) {
    }
  }
};

// A server on 127.0.0.1 (an ephemeral port) on its own thread, over the database `db`,
// its log lines kept.
struct RunningServer {
  Store store;
  Content content;
  net::Server server;
  std::vector<std::string> log;
  std::mutex log_mutex;
  explicit RunningServer(const std::string& db, net::ServerOptions o = {})
      : store(HubHarness::open_store(db)), content(store.load_content()), server(content, store, o) {
    server.log = [this](const std::string& s) {
      std::lock_guard<std::mutex> lock(log_mutex);
      log.push_back(s);
    };
    server.start_thread();
  }
  std::string url() const { return "ws://127.0.0.1:" + std::to_string(server.port()) + "/"; }
};

}  // namespace tw::test
