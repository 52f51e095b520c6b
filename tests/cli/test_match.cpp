// tilewright match: two engine commands over the engine protocol, seats swapped.
#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

#include "cli/commands.h"
#include "cli/match_cmd.h"
#include "cli_run.h"
#include "fixtures.h"

namespace fs = std::filesystem;
using namespace tw;

namespace {

// The tilewright program the build made (build/cli/tilewright), on the tests' database.
std::string engine_command() {
  const fs::path bin = fs::path(TW_BUILD_DIR) / "cli" / "tilewright";
  REQUIRE(fs::exists(bin));
  return "'" + bin.string() + "' engine --db '" + std::string(TW_TEST_DB) + "'";
}

}  // namespace

TEST_CASE("match: our engine against itself, seats swapped on the same seeds", "[cli][engine]") {
  MatchOptions o;
  o.engines = {engine_command(), engine_command() + " # the same"};
  o.games = 2;
  o.go = "iterations 30";
  std::ostringstream out, err;
  REQUIRE(cmd_match(test::default_content(), o, out, err) == kExitOk);
  const std::string s = out.str();
  INFO(s << err.str());
  CHECK(s.find("game 1 seed 1: engine 1 (first) ") != std::string::npos);
  CHECK(s.find("game 2 seed 1: engine 2 (first) ") != std::string::npos);
  CHECK(s.find("game 4 seed 2: ") != std::string::npos);
  CHECK(s.find("4 games (2 seeds, seats swapped), base, budget: iterations 30") != std::string::npos);
  // The same engine and seed in both seats: each game is the other's mirror, 50%.
  CHECK(s.find("engine 1 scores 50.0% (95% interval 15.0-85.0%)") != std::string::npos);
}

TEST_CASE("match: an engine that answers an illegal turn, or none, is named", "[cli][engine]") {
  const fs::path script = fs::temp_directory_path() / ("tw-match-" + std::to_string(::getpid()) + ".sh");
  std::ofstream(script) << "while read l; do case \"$l\" in hello*) echo 'hello 1';; newgame*|position*) echo ok;;"
                           " go*) echo 'bestmove place Z 9,9 r0';; quit) exit;; esac; done\n";
  MatchOptions o;
  o.engines = {engine_command(), "sh '" + script.string() + "'"};
  o.games = 1;
  o.go = "iterations 10";
  std::ostringstream out, err;
  CHECK(cmd_match(test::default_content(), o, out, err) == kExitIllegal);
  CHECK(err.str().find("answered an illegal decision: place Z 9,9 r0") != std::string::npos);
  o.engines = {engine_command(), "true"};
  std::ostringstream out2, err2;
  CHECK(cmd_match(test::default_content(), o, out2, err2) == kExitInput);
  CHECK(err2.str().find("the engine 'true' ended its output") != std::string::npos);
  o.engines = {engine_command()};
  std::ostringstream out3, err3;
  CHECK(cmd_match(test::default_content(), o, out3, err3) == kExitInput);
  std::error_code ec;
  fs::remove(script, ec);
}

// Issue 56 item 8: every wait on an engine is bounded. An engine that reads but never
// answers, one that reads nothing, one that goes silent on `go`: each is named, within
// about its timeout (plus the moment an engine is given to end after `quit`).
TEST_CASE("match: an engine that does not shake hands, or does not answer go, is named within its timeout",
          "[cli][engine]") {
  const auto timed = [](MatchOptions o, std::string& err_text) {
    std::ostringstream out, err;
    const auto t0 = std::chrono::steady_clock::now();
    const int code = cmd_match(test::default_content(), o, out, err);
    err_text = err.str();
    INFO(err_text);
    CHECK(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(20));
    return code;
  };
  MatchOptions o;
  o.games = 1;
  o.go = "iterations 10";
  o.handshake_timeout = 0.5;
  o.move_timeout = 1;
  std::string e;
  // Reads everything, says nothing (the reproducer).
  o.engines = {engine_command(), "sh -c 'cat >/dev/null'"};
  CHECK(timed(o, e) == kExitInput);
  CHECK(e.find("the engine 'sh -c 'cat >/dev/null'' did not answer hello within 0.5 s (--handshake-timeout)") !=
        std::string::npos);
  // Reads nothing and ignores quit: ended by the match.
  o.engines = {"exec sleep 600", engine_command()};
  CHECK(timed(o, e) == kExitInput);
  CHECK(e.find("the engine 'exec sleep 600' did not answer hello within 0.5 s") != std::string::npos);
  // Shakes hands, then thinks forever.
  const fs::path script = fs::temp_directory_path() / ("tw-match-slow-" + std::to_string(::getpid()) + ".sh");
  std::ofstream(script) << "while read l; do case \"$l\" in hello*) echo 'hello 1';; newgame*|position*) echo ok;;"
                           " quit) exit;; esac; done\n";
  o.engines = {"sh '" + script.string() + "'", engine_command()};
  CHECK(timed(o, e) == kExitIllegal);
  CHECK(e.find("game 1: the engine 'sh '" + script.string() + "'' did not answer go within 1 s (--move-timeout)") !=
        std::string::npos);
  std::error_code ec;
  fs::remove(script, ec);
}

TEST_CASE("match: the timeouts are options with their defaults in the help", "[cli][engine]") {
  const auto help = test::cli({"match", "--help"});
  CHECK(help.out.find("--handshake-timeout") != std::string::npos);
  CHECK(help.out.find("--move-timeout") != std::string::npos);
  CHECK(MatchOptions{}.handshake_timeout == 10);
  CHECK(MatchOptions{}.move_timeout == 60);
  const auto bad = test::cli({"match", "--engine", "true", "--engine", "true", "--move-timeout", "soon"});
  CHECK(bad.code == kExitInput);
  CHECK(bad.err.find("--move-timeout") != std::string::npos);
}
