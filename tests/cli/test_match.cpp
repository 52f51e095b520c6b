// tilewright match: two engine commands over the engine protocol, seats swapped.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

#include "cli/commands.h"
#include "cli/match_cmd.h"
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
