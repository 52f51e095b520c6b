// Finding Debian's headless Chromium for the web tests (test_browser.cpp: exported review
// pages; test_play_browser.cpp: the browser client of `tilewright serve`). Without it a
// case prints "SKIPPED: chromium ..." (ctest reports it skipped) unless
// TW_REQUIRE_CHROMIUM=1 (CI), where it fails. TW_CHROMIUM names the browser to use (none:
// behave as without one).
#pragma once

#include <array>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>

#include <catch2/catch.hpp>

namespace tw::test {

inline std::string run(const std::string& cmd) {
  std::string out;
  FILE* p = ::popen(cmd.c_str(), "r");
  if (!p) return out;
  std::array<char, 65536> buf{};
  size_t n = 0;
  while ((n = std::fread(buf.data(), 1, buf.size(), p)) > 0) out.append(buf.data(), n);
  ::pclose(p);
  return out;
}

// The browser, or "" (the case is skipped, or fails under TW_REQUIRE_CHROMIUM=1).
inline std::string chromium() {
  static const std::string exe = [] {
    if (const char* forced = std::getenv("TW_CHROMIUM"))  // a browser of one's choice; "none": as if absent
      return std::string(forced) == "none" ? std::string() : std::string(forced);
    for (const char* name : {"chromium", "chromium-browser"}) {
      std::string path = run(std::string("command -v ") + name + " 2>/dev/null");
      while (!path.empty() && (path.back() == '\n' || path.back() == '\r')) path.pop_back();
      if (!path.empty()) return path;
    }
    return std::string();
  }();
  return exe;
}

inline bool skip_without_chromium() {
  if (!chromium().empty()) return false;
  const char* req = std::getenv("TW_REQUIRE_CHROMIUM");
  if (req && std::string(req) == "1") FAIL("chromium is not installed, and TW_REQUIRE_CHROMIUM=1 (CI) requires it");
  std::cout << "SKIPPED: chromium is not installed (Debian: apt-get install chromium; .ci/install-deps installs it)\n";
  return true;
}

}  // namespace tw::test
