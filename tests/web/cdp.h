// Headless Chromium driven over the DevTools protocol (CDP), for the tests of the browser
// client (issue 58): the browser is started with --remote-debugging-port=0 and a profile
// of its own; its port is read from the profile's DevToolsActivePort; one WebSocket (our
// own net::Client) carries every command, pages attached in flattened sessions. Each
// page lives in a browser context of its own (like a separate profile: its own
// localStorage), so two players are two contexts. Every wait is bounded.
//
// Networking: every host name resolves to nothing and the proxy is a dead port, so a page
// can reach the loopback server and nothing else; the tests also list every request and
// WebSocket a page made (Network events) and check that each went to the server.
#pragma once

#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fcntl.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "net/client.h"

extern char** environ;

namespace tw::test::cdp {

using nlohmann::json;
using namespace std::chrono_literals;

class Chrome {
 public:
  ~Chrome() { stop(); }

  // Starts the browser; "" or why not.
  std::string start(const std::string& exe, const std::filesystem::path& profile) {
    profile_ = profile;
    std::filesystem::remove_all(profile_);
    std::filesystem::create_directories(profile_);
    std::vector<std::string> args = {exe,
                                     "--headless",
                                     "--no-sandbox",
                                     "--disable-gpu",
                                     "--no-first-run",
                                     "--no-default-browser-check",
                                     "--disable-extensions",
                                     "--disable-background-networking",
                                     "--disable-component-update",
                                     "--disable-sync",
                                     "--hide-scrollbars",
                                     "--mute-audio",
                                     "--remote-debugging-port=0",
                                     "--remote-allow-origins=*",
                                     "--user-data-dir=" + profile_.string(),
                                     "--proxy-server=127.0.0.1:9",
                                     "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
                                     "about:blank"};
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    const int rc = posix_spawnp(&pid_, exe.c_str(), &fa, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&fa);
    if (rc != 0) return "cannot start " + exe;
    const auto port_file = profile_ / "DevToolsActivePort";
    std::string port, path;
    for (int i = 0; i < 300 && path.empty(); ++i) {
      std::this_thread::sleep_for(100ms);
      std::ifstream in(port_file);
      std::getline(in, port);
      std::getline(in, path);
    }
    if (path.empty()) return "the browser wrote no DevToolsActivePort in 30 s";
    std::string why;
    if (!ws_.connect("ws://127.0.0.1:" + port + path, &why, 20s)) return "cannot reach the browser: " + why;
    return {};
  }

  void stop() {
    ws_.close();
    if (pid_ > 0) {
      ::kill(pid_, SIGKILL);
      int st = 0;
      ::waitpid(pid_, &st, 0);
      pid_ = -1;
    }
    std::error_code ec;
    if (!profile_.empty()) std::filesystem::remove_all(profile_, ec);
  }

  // A command; its result (throws std::runtime_error on an error answer or no answer in time).
  json call(const std::string& method, const json& params = json::object(), const std::string& session = {},
            std::chrono::milliseconds timeout = 30s) {
    const int id = next_++;
    json m{{"id", id}, {"method", method}, {"params", params}};
    if (!session.empty()) m["sessionId"] = session;
    std::string why;
    if (!ws_.send(m, &why)) throw std::runtime_error("cdp send " + method + ": " + why);
    const auto until = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < until) {
      auto r = ws_.receive(std::chrono::duration_cast<std::chrono::milliseconds>(until - std::chrono::steady_clock::now()), &why);
      if (!r) break;
      if (r->contains("id") && (*r)["id"] == id) {
        if (r->contains("error")) throw std::runtime_error("cdp " + method + ": " + (*r)["error"].dump());
        return (*r)["result"];
      }
      if (r->contains("method")) events.push_back(*r);
    }
    throw std::runtime_error("cdp " + method + ": no answer (" + why + ")");
  }

  std::vector<json> events;  // every event received (Network.*, Runtime.*), in order

 private:
  pid_t pid_ = -1;
  std::filesystem::path profile_;
  net::Client ws_;
  int next_ = 1;
};

class Page {
 public:
  // A new page in a new browser context (its own storage), `width` x `height` CSS pixels.
  Page(Chrome& c, int width = 1280, int height = 800, bool mobile = false) : c_(c) {
    context_ = c_.call("Target.createBrowserContext")["browserContextId"];
    target_ = c_.call("Target.createTarget", {{"url", "about:blank"}, {"browserContextId", context_}})["targetId"];
    session_ = c_.call("Target.attachToTarget", {{"targetId", target_}, {"flatten", true}})["sessionId"];
    call("Network.enable");
    call("Page.enable");
    call("Emulation.setDeviceMetricsOverride",
         {{"width", width}, {"height", height}, {"deviceScaleFactor", 1}, {"mobile", mobile}});
    if (mobile) call("Emulation.setTouchEmulationEnabled", {{"enabled", true}, {"maxTouchPoints", 5}});
  }

  json call(const std::string& method, const json& params = json::object()) {
    return c_.call(method, params, session_);
  }
  void go(const std::string& url) { call("Page.navigate", {{"url", url}}); }
  void reload() { call("Page.reload"); }
  // The value of a JavaScript expression (JSON-able), or null when it threw.
  json eval(const std::string& expr) {
    const json r = call("Runtime.evaluate", {{"expression", expr}, {"returnByValue", true}, {"awaitPromise", true}});
    if (r.contains("exceptionDetails")) return nullptr;
    return r["result"].contains("value") ? r["result"]["value"] : json(nullptr);
  }
  // Waits until the expression is truthy; false after `timeout`.
  bool wait(const std::string& expr, std::chrono::milliseconds timeout = 20s) {
    const auto until = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < until) {
      const json v = eval("!!(" + expr + ")");
      if (v.is_boolean() && v.get<bool>()) return true;
      std::this_thread::sleep_for(25ms);
    }
    return false;
  }
  // A click of the mouse (or a tap) at (x, y), CSS pixels from the viewport's top left.
  void click(double x, double y) {
    for (const char* type : {"mousePressed", "mouseReleased"})
      call("Input.dispatchMouseEvent",
           {{"type", type}, {"x", x}, {"y", y}, {"button", "left"}, {"buttons", 1}, {"clickCount", 1}});
  }
  void tap(double x, double y) {
    call("Input.dispatchTouchEvent", {{"type", "touchStart"}, {"touchPoints", json::array({{{"x", x}, {"y", y}}})}});
    call("Input.dispatchTouchEvent", {{"type", "touchEnd"}, {"touchPoints", json::array()}});
  }
  void screenshot(const std::filesystem::path& png) {
    const std::string b64 = call("Page.captureScreenshot", {{"format", "png"}})["data"];
    std::ofstream(png, std::ios::binary) << decode64(b64);
  }
  const std::string& session() const { return session_; }

  // Every URL this page asked for: requests and WebSockets (Network events so far).
  std::vector<std::string> urls() const {
    std::vector<std::string> out;
    for (const auto& e : c_.events) {
      if (e.value("sessionId", std::string()) != session_) continue;
      const std::string m = e["method"];
      if (m == "Network.requestWillBeSent") out.push_back(e["params"]["request"]["url"]);
      if (m == "Network.webSocketCreated") out.push_back(e["params"]["url"]);
    }
    return out;
  }

 private:
  static std::string decode64(const std::string& in) {
    std::string out;
    uint32_t val = 0;  // the last bits read (kept under 2^24: no shift overflows)
    int bits = -8;
    for (const char ch : in) {
      int d = -1;
      if (ch >= 'A' && ch <= 'Z') d = ch - 'A';
      else if (ch >= 'a' && ch <= 'z') d = ch - 'a' + 26;
      else if (ch >= '0' && ch <= '9') d = ch - '0' + 52;
      else if (ch == '+') d = 62;
      else if (ch == '/') d = 63;
      else continue;
      val = ((val << 6) | static_cast<uint32_t>(d)) & 0xFFFFFFu;
      bits += 6;
      if (bits >= 0) {
        out.push_back(static_cast<char>((val >> bits) & 0xFF));
        bits -= 8;
      }
    }
    return out;
  }
  Chrome& c_;
  std::string context_, target_, session_;
};

}  // namespace tw::test::cdp
