// tilewright suggest: a bot's choice for a record's pending decision, through the same
// function main() calls.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/suggest.h"
#include "fixtures.h"

namespace fs = std::filesystem;
using namespace tw;

namespace {

struct TempRecord {
  fs::path path;
  explicit TempRecord(const std::string& name, const std::string& text)
      : path(fs::temp_directory_path() / ("tw-suggest-" + std::to_string(::getpid()) + "-" + name)) {
    std::ofstream(path, std::ios::binary) << text;
  }
  ~TempRecord() {
    std::error_code ec;
    fs::remove(path, ec);
  }
};

const char* kRecord = "[Format \"TGN 1\"]\n[Ruleset \"base\"]\n[Players \"Ann, Ben\"]\n[Seed \"1\"]\n"
                      "[Draw \"E D\"]\n\n1. place E 0,1 r180 pass\n";

}  // namespace

TEST_CASE("suggest: a bot's choice is one of the legal options, the same for one seed", "[cli][search]") {
  TempRecord f("game.tgn", kRecord);
  for (const char* bot : {"greedy", "bot:greedy", "mcts:30", "random"}) {
    INFO(bot);
    SuggestOptions o;
    o.file = f.path.string();
    o.bot = bot;
    std::ostringstream out, err, out2, err2, opts, oerr;
    REQUIRE(cmd_suggest(test::default_content(), o, out, err) == kExitOk);
    REQUIRE(cmd_suggest(test::default_content(), o, out2, err2) == kExitOk);
    CHECK(out.str() == out2.str());
    CHECK(out.str().find("Ben (green) to decide: place") != std::string::npos);
    // The suggestion is a legal option, as `options` lists them.
    REQUIRE(cmd_options(test::default_content(), o.file, opts, oerr) == kExitOk);
    const std::string s = out.str();
    const auto at = s.find("suggests: ");
    REQUIRE(at != std::string::npos);
    const std::string choice = s.substr(at + 10, s.find('\n', at) - at - 10);
    CHECK(("\n" + opts.str()).find("\n" + choice + "\n") != std::string::npos);
  }
}

TEST_CASE("suggest --json: mcts lists its best options with visits and values", "[cli][search]") {
  TempRecord f("json.tgn", kRecord);
  SuggestOptions o;
  o.file = f.path.string();
  o.bot = "mcts:60";
  o.seed = 3;
  o.json = true;
  std::ostringstream out, err;
  REQUIRE(cmd_suggest(test::default_content(), o, out, err) == kExitOk);
  const auto j = nlohmann::json::parse(out.str());
  CHECK(j["bot"] == "mcts:60");
  CHECK(j["decision"] == "place");
  CHECK(j["player"] == 1);
  REQUIRE(j["options"].size() >= 2);
  REQUIRE(j["options"].size() <= 5);
  CHECK(j["options"][0]["option"] == j["choice"]);
  int last = 1 << 30;
  for (const auto& e : j["options"]) {
    CHECK(e["visits"].get<int>() <= last);
    last = e["visits"].get<int>();
    CHECK(e["value"].get<double>() >= 0.0);
    CHECK(e["value"].get<double>() <= 1.0);
  }
}

TEST_CASE("suggest: bad input", "[cli][search]") {
  TempRecord f("bad.tgn", kRecord);
  SuggestOptions o;
  o.file = f.path.string();
  o.bot = "deep-blue";
  std::ostringstream out, err;
  CHECK(cmd_suggest(test::default_content(), o, out, err) == kExitInput);
  CHECK(err.str().find("unknown bot 'deep-blue'") != std::string::npos);
  o.bot = "mcts";
  o.file = "/nonexistent/x.tgn";
  std::ostringstream out2, err2;
  CHECK(cmd_suggest(test::default_content(), o, out2, err2) == kExitInput);
  CHECK(err2.str().find("cannot read") != std::string::npos);
  TempRecord illegal("illegal.tgn", std::string(kRecord) + "2. place D 5,5 r0\n");
  o.file = illegal.path.string();
  std::ostringstream out3, err3;
  CHECK(cmd_suggest(test::default_content(), o, out3, err3) == kExitIllegal);
}
