// sweep and tune on the command line (issue 62): the table, --json/--csv/--plot, shards
// merged equal to one run, tune's bracket and --save through content clone, refusals.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <set>

#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli_run.h"
#include "fixtures.h"

namespace fs = std::filesystem;
using namespace tw;

namespace {

using test::cli;

std::string sweep_without_timing(const std::string& path) {
  auto j = nlohmann::ordered_json::parse(test::read_text(path));
  j.erase("timing");
  return j.dump();
}

}  // namespace

TEST_CASE("sweep: a table per value, JSON with the sweep, CSV, chart, and shards that merge into the same result", "[study]") {
  test::TempTestDir dir;
  const std::string json = (dir.path / "w.json").string(), csv = (dir.path / "w.csv").string(),
                    svg = (dir.path / "w.svg").string();
  const std::vector<std::string> sweep = {"sweep", "mists-1", "--db", TW_TEST_DB, "--param", "target",
                                          "--values", "30,50", "--games", "6", "--seed", "2"};
  auto args = sweep;
  args.insert(args.end(), {"--json=" + json, "--csv", csv, "--plot", svg, "--target", "0.3"});
  const auto r = cli(args);
  INFO(r.err);
  REQUIRE(r.code == kExitOk);
  CHECK(r.out.find("sweep: level column target of level mists-1 over 2 values") != std::string::npos);
  CHECK(r.out.find("target 30.0%") != std::string::npos);
  const auto j = nlohmann::ordered_json::parse(test::read_text(json));
  CHECK(j["study"]["sweep"]["param"] == "target");
  CHECK(j["study"]["sweep"]["values"] == nlohmann::ordered_json({30, 50}));
  CHECK(j["sweep_summary"]["points"].size() == 2);
  CHECK(j["games"].size() == 12);
  // Paired: the same seeds for each value.
  for (const auto& g : j["games"]) CHECK(g["seed"].get<int>() == 2 + g["index"].get<int>() / 2);
  const std::string rows = test::read_text(csv);
  CHECK(std::count(rows.begin(), rows.end(), '\n') == 13);
  CHECK(test::read_text(svg).find("<svg") != std::string::npos);
  // Shards.
  std::vector<std::string> merge = {"merge"};
  for (int i = 0; i < 3; ++i) {
    const std::string part = (dir.path / ("p" + std::to_string(i) + ".json")).string();
    auto a = sweep;
    a.insert(a.end(), {"--shard", std::to_string(i) + "/3", "--json=" + part});
    REQUIRE(cli(a).code == kExitOk);
    merge.push_back(part);
  }
  const std::string merged = (dir.path / "m.json").string(), mplot = (dir.path / "m.svg").string();
  merge.insert(merge.end(), {"--json=" + merged, "--plot", mplot});
  const auto m = cli(merge);
  INFO(m.err);
  REQUIRE(m.code == kExitOk);
  CHECK(m.out.find("monotone") != std::string::npos);  // the sweep's table, not per-variant tables
  CHECK(sweep_without_timing(merged) == sweep_without_timing(json));
  CHECK(test::read_text(mplot).find("<svg") != std::string::npos);
}

TEST_CASE("sweep and tune refuse what they cannot vary or measure", "[study]") {
  auto r = cli({"sweep", "mists-1", "--db", TW_TEST_DB, "--param", "ghost_bnak", "--values", "3,4"});
  CHECK(r.code == kExitInput);
  CHECK(r.err.find("ghost_bank") != std::string::npos);
  r = cli({"sweep", "mists-1", "--db", TW_TEST_DB, "--param", "ghost_bank", "--values", "3,4", "--range", "1..2"});
  CHECK(r.code == kExitInput);
  r = cli({"sweep", "mists-1", "--db", TW_TEST_DB, "--param", "target", "--values", "0,5"});
  CHECK(r.code == kExitIllegal);
  CHECK(r.err.find("outside its range") != std::string::npos);
  r = cli({"sweep", "mists-1", "--db", TW_TEST_DB, "--param", "target", "--values", "5", "--measure", "seat-advantage"});
  CHECK(r.code == kExitInput);
  r = cli({"tune", "gcc", "--db", TW_TEST_DB, "--param", "ghost_penalty", "--target", "seat-advantage"});
  CHECK(r.code == kExitInput);
  r = cli({"tune", "mists-1", "--db", TW_TEST_DB, "--param", "unghost_ghosts", "--target", "win=0.3", "--save", "x"});
  CHECK(r.code == kExitInput);
  CHECK(r.err.find("content clone") != std::string::npos);
}

TEST_CASE("tune brackets the target, reports its certainty, and --save clones the value found", "[study]") {
  test::TempTestDir dir;
  const std::string db = (dir.path / "t.db").string(), json = (dir.path / "t.json").string();
  fs::copy_file(TW_TEST_DB, db);
  const auto r = cli({"tune", "mists-1", "--db", db, "--param", "target", "--range", "20..80", "--target", "win=0.3",
                      "--games", "10", "--budget", "120", "--seed", "4", "--json=" + json, "--save", "mists-1-tuned"});
  INFO(r.err);
  REQUIRE(r.code == kExitOk);
  CHECK(r.out.find("result: ") != std::string::npos);
  const auto j = nlohmann::ordered_json::parse(test::read_text(json));
  CHECK(j["direction"] == -1);  // a higher target is harder
  CHECK(j["games"].get<int>() <= 120);
  const int best = j["best"].get<int>();
  CHECK(best >= 20);
  CHECK(best <= 80);
  std::set<int> values;
  for (const auto& v : j["values"]) CHECK(values.insert(v["value"].get<int>()).second);  // once each
  CHECK(values.count(20) == 1);
  CHECK(values.count(80) == 1);
  // The clone: as content clone --set writes it.
  const auto show = cli({"content", "show", "mists-1-tuned", "--db", db, "--json"});
  REQUIRE(show.code == kExitOk);
  CHECK(show.out.find("\"target\"") != std::string::npos);
  CHECK(show.out.find(std::to_string(best)) != std::string::npos);
  CHECK(r.out.find("Cloned level mists-1 as mists-1-tuned") != std::string::npos);
}
