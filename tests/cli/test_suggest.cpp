// tilewright suggest: a bot's choice for a record's pending decision, through the same
// function main() calls.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <set>
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

TEST_CASE("suggest: the whole turn with its value in points, as analyse gives it", "[cli][search]") {
  TempRecord f("turn.tgn", kRecord);
  SuggestOptions o;
  o.file = f.path.string();
  o.bot = "mcts:40";
  o.seed = 2;
  std::ostringstream out, err;
  REQUIRE(cmd_suggest(test::default_content(), o, out, err) == kExitOk);
  const std::string s = out.str();
  const auto at = s.find("suggests: ");
  REQUIRE(at != std::string::npos);
  const std::string choice = s.substr(at + 10, s.find('\n', at) - at - 10);
  // "the turn: place ..., meeple ... (or pass), +1.5 points (margin ...) — mcts:40, seed 2"
  CHECK(s.find("the turn: " + choice + ", ") != std::string::npos);
  CHECK(s.find(" points (margin over the best opponent) — mcts:40, seed 2") != std::string::npos);
  o.json = true;
  std::ostringstream jout, jerr;
  REQUIRE(cmd_suggest(test::default_content(), o, jout, jerr) == kExitOk);
  const auto j = nlohmann::json::parse(jout.str());
  REQUIRE(j["turn"].size() == 2);  // the placement and the follower decision (or pass)
  CHECK(j["turn"][0] == j["choice"]);
  CHECK(j["measure"] == "margin");
  CHECK(j["eval_iterations"] == 40);
  CHECK(j["eval"].is_number());
  // The value is the one a search of that budget gives the turn: the text says the same.
  char buf[32];
  std::snprintf(buf, sizeof buf, "%+.1f points", j["eval"].get<double>());
  CHECK(s.find(buf) != std::string::npos);
}

TEST_CASE("suggest: rotations that give the same placement are one move", "[cli][search]") {
  // The next tile is B, a monastery in a field: every rotation is the same placement.
  TempRecord f("sym.tgn", "[Format \"TGN 1\"]\n[Ruleset \"base\"]\n[Players \"Ann, Ben\"]\n[Seed \"1\"]\n"
                          "[Draw \"B U\"]\n\n");
  SuggestOptions o;
  o.file = f.path.string();
  o.bot = "mcts:80";
  o.json = true;
  o.top = 50;
  std::ostringstream out, err;
  REQUIRE(cmd_suggest(test::default_content(), o, out, err) == kExitOk);
  const auto j = nlohmann::json::parse(out.str());
  // The engine lists each placement once (at its canonical rotation): B once per cell.
  CHECK(j["legal"].get<int>() == j["distinct"].get<int>());
  CHECK(j["options"].size() == j["distinct"].get<size_t>());
  int visits = 0;
  std::set<std::string> seen;
  for (const auto& e : j["options"]) {
    const std::string opt = e["option"];
    CHECK(opt.substr(opt.size() - 3) == " r0");  // the canonical rotation
    CHECK(seen.insert(opt).second);
    visits += e["visits"].get<int>();
  }
  CHECK(visits >= 80);  // every visit of every rotation counted in its move
  o.json = false;
  std::ostringstream text, terr;
  REQUIRE(cmd_suggest(test::default_content(), o, text, terr) == kExitOk);
  CHECK(text.str().find("distinct by symmetry)") == std::string::npos);  // nothing left to merge
}
