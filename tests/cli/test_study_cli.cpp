// Studies on the command line: simulate --json/--csv/--plot/--rotate/--shard, merge and
// compare (paired differences, SPRT), through run_cli as people type them.
#include <catch2/catch.hpp>

#include <regex>

#include <algorithm>
#include <filesystem>
#include <sstream>

#include <nlohmann/json.hpp>

#include "cli/app.h"
#include "cli_run.h"
#include "cli/commands.h"
#include "fixtures.h"

namespace fs = std::filesystem;
using namespace tw;

namespace {

using Result = test::CliResult;
using test::cli;

std::string without_timing(const std::string& path) {
  auto j = nlohmann::ordered_json::parse(test::read_text(path));
  j.erase("timing");
  return j.dump();
}

}  // namespace

TEST_CASE("simulate writes the study as JSON and CSV, and its chart, the table stays as it was", "[study]") {
  test::TempTestDir dir;
  const std::string json = (dir.path / "s.json").string(), csv = (dir.path / "s.csv").string(),
                    svg = (dir.path / "s.svg").string();
  const Result r = cli({"simulate", "--db", TW_TEST_DB, "--ruleset", "gcc", "--bots", "greedy,random", "--games", "5",
                        "--rotate", "--threads", "2", "--json=" + json, "--csv", csv, "--plot", svg});
  REQUIRE(r.code == kExitOk);
  CHECK(r.out.find("simulate: rule set gcc, 10 games (seats rotated), seeds 1..5") != std::string::npos);
  CHECK(r.out.find("1   bot:greedy") != std::string::npos);
  CHECK(r.out.find("wins by seat: seat 1") != std::string::npos);
  const auto j = nlohmann::ordered_json::parse(test::read_text(json));
  CHECK(j["study"]["variants"][0]["bots"] == nlohmann::ordered_json({"greedy", "random"}));
  CHECK(j["study"]["engine"] == std::string("tilewright ") + TW_VERSION);
  CHECK(j["games"].size() == 10);
  CHECK(j["summary"][0]["entrants"][0]["wins"].get<int>() + j["summary"][0]["entrants"][1]["wins"].get<int>() +
            j["summary"][0]["ties"].get<int>() ==
        10);
  const std::string rows = test::read_text(csv);
  CHECK(std::count(rows.begin(), rows.end(), '\n') == 11);
  CHECK(rows.find("\n1,gcc,gcc,,1,1,2,random greedy,") != std::string::npos);
  CHECK(test::read_text(svg).find("<svg") != std::string::npos);
}

TEST_CASE("simulate --shard I/N parts merge into exactly the whole run", "[study]") {
  test::TempTestDir dir;
  const std::vector<std::string> study = {"simulate", "--db", TW_TEST_DB, "--level", "mists-2", "--games", "7",
                                          "--seed", "4"};
  auto with = [&](std::vector<std::string> extra) {
    std::vector<std::string> w = study;
    w.insert(w.end(), extra.begin(), extra.end());
    return cli(w);
  };
  const std::string whole = (dir.path / "whole.json").string();
  REQUIRE(with({"--threads", "2", "--json=" + whole}).code == kExitOk);
  std::vector<std::string> merge = {"merge"};
  for (int i = 0; i < 3; ++i) {
    const std::string part = (dir.path / ("part-" + std::to_string(i) + ".json")).string();
    const Result p = with({"--threads", "1", "--shard", std::to_string(i) + "/3", "--json=" + part});
    REQUIRE(p.code == kExitOk);
    CHECK(p.out.find(", shard " + std::to_string(i) + "/3") != std::string::npos);
    merge.push_back(part);
  }
  const std::string merged = (dir.path / "merged.json").string();
  std::vector<std::string> m = merge;
  m.insert(m.end(), {"--json=" + merged});
  const Result r = cli(m);
  REQUIRE(r.code == kExitOk);
  CHECK(r.out.find("merge: 3 parts, 7 games") != std::string::npos);
  CHECK(r.out.find("win rate:") != std::string::npos);
  CHECK(without_timing(merged) == without_timing(whole));

  // A part missing, a part of another study, a file that is not a study.
  const Result missing = cli({"merge", merge[1], merge[2]});
  CHECK(missing.code == kExitIllegal);
  CHECK(missing.err.find("shard 2/3 is missing") != std::string::npos);
  const std::string other = (dir.path / "other.json").string();
  REQUIRE(cli({"simulate", "--db", TW_TEST_DB, "--level", "mists-2", "--games", "7", "--seed", "5", "--shard", "2/3",
              "--json=" + other})
              .code == kExitOk);
  const Result mixed = cli({"merge", merge[1], merge[2], other});
  CHECK(mixed.code == kExitIllegal);
  CHECK(mixed.err.find("not shards of the same study") != std::string::npos);
  const Result bad = cli({"merge", (dir.path / "nothing.json").string()});
  CHECK(bad.code == kExitInput);
  CHECK(cli({"simulate", "--db", TW_TEST_DB, "--games", "2", "--shard", "3/3"}).code == kExitInput);
  CHECK(cli({"simulate", "--db", TW_TEST_DB, "--games", "2", "--shard", "1of3"}).err.find("--shard wants I/N") !=
        std::string::npos);
}

TEST_CASE("compare plays variants on the same seeds and reports paired differences, --sprt decides", "[study]") {
  const Result r = cli({"compare", "--db", TW_TEST_DB, "mists-1", "mists-3", "--games", "6", "--threads", "2"});
  REQUIRE(r.code == kExitOk);
  CHECK(r.out.find("A mists-1: level mists-1") != std::string::npos);
  CHECK(r.out.find("B mists-3: level mists-3") != std::string::npos);
  CHECK(r.out.find("paired over 6 seeds: mists-3 - mists-1") != std::string::npos);
  CHECK(r.out.find("  target share ") != std::string::npos);
  CHECK(cli({"compare", "--db", TW_TEST_DB, "mists-1", "--games", "2"}).code == kExitInput);
  CHECK(cli({"compare", "--db", TW_TEST_DB, "base", "nowhere", "--games", "2"}).code == kExitInput);

  // Greedy against random wins far more often than random against random: H1 accepted.
  const Result up = cli({"compare", "--db", TW_TEST_DB, "gcc@random,random", "gcc@greedy,random", "--games", "200",
                         "--sprt", "--d0", "0", "--d1", "0.2"});
  REQUIRE(up.code == kExitOk);
  CHECK(up.out.find(": H1 accepted") != std::string::npos);
  // The LLR and its bounds (Wald's, from alpha and beta 0.05: -+log(19) = -+2.944).
  CHECK(up.out.find("bounds -2.944 (accept H0) .. +2.944 (accept H1)") != std::string::npos);
  {
    std::smatch m;
    REQUIRE(std::regex_search(up.out, m, std::regex("LLR ([-+][0-9.]+) after ([0-9]+) pairs")));
    CHECK(std::stod(m[1]) >= 2.944);  // H1: the LLR reached the upper bound
    CHECK(std::stoi(m[2]) >= 20);
    CHECK(up.out.find("H0 [") != std::string::npos);
  }
  // The same variant twice: no difference, H0 accepted.
  const Result flat = cli({"compare", "--db", TW_TEST_DB, "mists-1", "mists-1", "--games", "200", "--sprt", "--d1",
                           "0.2"});
  REQUIRE(flat.code == kExitOk);
  CHECK(flat.out.find(": H0 accepted") != std::string::npos);
  CHECK(cli({"compare", "--db", TW_TEST_DB, "mists-1", "mists-2", "--sprt", "--d0", "0.3", "--d1", "0.1"}).code ==
        kExitInput);
  CHECK(cli({"compare", "--db", TW_TEST_DB, "mists-1", "mists-2", "--sprt", "--shard", "0/2"}).code == kExitInput);
}

TEST_CASE("a sharded comparison merges into the whole comparison", "[study]") {
  test::TempTestDir dir;
  const std::vector<std::string> study = {"compare", "--db", TW_TEST_DB, "base@greedy,random", "mists-1",
                                          "--games", "3", "--rotate"};
  auto with = [&](std::vector<std::string> extra) {
    std::vector<std::string> w = study;
    w.insert(w.end(), extra.begin(), extra.end());
    return cli(w);
  };
  const std::string whole = (dir.path / "whole.json").string(), p0 = (dir.path / "p0.json").string(),
                    p1 = (dir.path / "p1.json").string(), merged = (dir.path / "merged.json").string();
  REQUIRE(with({"--json=" + whole}).code == kExitOk);
  REQUIRE(with({"--shard", "1/2", "--json=" + p1}).code == kExitOk);
  REQUIRE(with({"--shard", "0/2", "--json=" + p0}).code == kExitOk);
  const Result m = cli({"merge", p1, p0, "--json=" + merged});
  REQUIRE(m.code == kExitOk);
  CHECK(m.out.find("paired over 3 seeds x 2 rotations: mists-1 - base@greedy,random") != std::string::npos);
  CHECK(without_timing(merged) == without_timing(whole));
  // A competitive game and a co-op level have only the plies in common.
  const auto j = nlohmann::ordered_json::parse(test::read_text(whole));
  CHECK(j["comparison"][0]["measures"].size() == 1);
}

// Issue 56: a --plot file PLplot cannot write is refused before any game is played.
TEST_CASE("simulate, compare, merge: --plot x.pdf is refused before any game", "[study]") {
  test::TempTestDir dir;
  const std::string pdf = (dir.path / "x.pdf").string();
  const Result sim = cli({"simulate", "--db", TW_TEST_DB, "--games", "3", "--threads", "1", "--plot", pdf});
  CHECK(sim.code == kExitInput);
  CHECK(sim.out.empty());  // no table: no game was played
  CHECK(sim.err.find("tilewright simulate: --plot: the file must end in .svg or .png, not '") != std::string::npos);
  CHECK_FALSE(fs::exists(pdf));
  const Result cmp = cli({"compare", "base", "gcc", "--db", TW_TEST_DB, "--games", "2", "--threads", "1", "--plot", pdf});
  CHECK(cmp.code == kExitInput);
  CHECK(cmp.out.empty());
  CHECK(cmp.err.find("--plot: the file must end in .svg or .png") != std::string::npos);
  const Result none = cli({"simulate", "--db", TW_TEST_DB, "--games", "3", "--plot", (dir.path / "chart").string()});
  CHECK(none.code == kExitInput);
  CHECK(none.out.empty());
}
