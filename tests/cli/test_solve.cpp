// `tilewright solve` and the meter's bracket (issue 33): the winning record a solve
// writes replays as a win through the TGN reader and `tilewright run`, a search that
// finds nothing says so with its effort and writes no record, and simulate --solve
// reports a winnable share never below the bots' win rate on the same deals, through
// shards, merge, JSON and CSV.
#include <catch2/catch.hpp>

#include <filesystem>

#include <nlohmann/json.hpp>
#include <SQLiteCpp/SQLiteCpp.h>

#include "cli/solve_cmd.h"
#include "cli_run.h"
#include "engine/bots/solver.h"
#include "engine/tgn.h"
#include "fixtures.h"
#include "present/record.h"
#include "replay/tgn_io.h"
#include "study/study.h"

using namespace tw;
namespace fs = std::filesystem;

namespace {

std::string solve_db() { return TW_TEST_DB; }

fs::path solve_temp_file(const std::string& name) {
  return fs::temp_directory_path() / ("tw-solve-" + std::to_string(::getpid()) + "-" + name);
}

// The study played again as two shards, each written to JSON and read back, and merged:
// the merge must equal the whole run (timings aside). Returns the shards as read back.
std::vector<study::Report> check_two_shards_merge(const Content& c, const study::Study& s,
                                                  const study::Report& whole, const study::RunOptions& o) {
  using namespace study;
  std::vector<Report> parts;
  for (int i = 0; i < 2; ++i) {
    Report p;
    p.study = s;
    p.shard = {i, 2};
    p.rows = play(c, s, shard_indices(s, {i, 2}), o).rows;
    std::string error;
    auto back = from_json(Json::parse(to_json(p).dump()), &error);
    REQUIRE(back);
    parts.push_back(*back);
  }
  std::string error;
  auto merged = merge(parts, &error);
  REQUIRE(merged);
  Json a = to_json(*merged), b = to_json(whole);
  a.erase("timing");
  b.erase("timing");
  CHECK(a == b);
  return parts;
}

}  // namespace

TEST_CASE("solve writes a winning record that run replays as a win", "[cli][solver]") {
  const fs::path out = solve_temp_file("win.tgn");
  fs::remove(out);
  const auto r = test::cli({"solve", "--db", solve_db(), "--level", "mists-1", "--seed", "3", "--nodes", "60000", "--out",
                            out.string()});
  INFO(r.out << r.err);
  REQUIRE(r.code == 0);
  CHECK(r.out.find("won: a line of") != std::string::npos);
  CHECK(r.out.find("nodes") != std::string::npos);
  REQUIRE(fs::exists(out));
  // Through the reader and the one replay path of `run`.
  const std::string text = test::read_text(out);
  auto parsed = tgn::parse(text);
  REQUIRE(parsed.record);
  const Replayed rp = replay_record(test::default_content(), *parsed.record);
  CHECK_FALSE(rp.error);
  CHECK(rp.game.outcome() == Outcome::Win);
  REQUIRE(parsed.record->tag("Result"));
  CHECK(parsed.record->tag("Result")->rfind("win", 0) == 0);
  const auto run = test::cli({"run", "--db", solve_db(), out.string()});
  CHECK(run.code == 0);
  CHECK(run.out.find("win, team") != std::string::npos);
  fs::remove(out);

  // The same deal and budget give the same record (determinism through the writer).
  SolverConfig cfg;
  cfg.max_nodes = 60000;
  const GameSetup setup = solve_setup("mists", "mists-1", 2, 3);
  Game g;
  REQUIRE_FALSE(Game::create(test::default_content(), setup, g));
  const SolveResult a = solve(g, cfg);
  REQUIRE(a.won);
  std::string why;
  const auto rec = line_record(test::default_content(), setup, a.line, &why);
  REQUIRE(rec);
  CHECK(*rec == text);
}

TEST_CASE("solve without a win says so with its effort and writes nothing", "[cli][solver]") {
  const fs::path out = solve_temp_file("none.tgn");
  fs::remove(out);
  const auto r = test::cli({"solve", "--db", solve_db(), "--level", "mists-6", "--seed", "2", "--nodes", "3000", "--out",
                            out.string()});
  INFO(r.out << r.err);
  CHECK(r.code == 0);
  CHECK(r.out.find("no win found within the budget") != std::string::npos);
  CHECK(r.out.find("exhaustive") == std::string::npos);
  CHECK(r.out.find("depth reached") != std::string::npos);
  CHECK_FALSE(fs::exists(out));
  const auto j = test::cli({"solve", "--db", solve_db(), "--level", "mists-6", "--seed", "2", "--nodes", "3000", "--json"});
  REQUIRE(j.code == 0);
  const auto json = nlohmann::json::parse(j.out);
  CHECK(json["verdict"] == "budget");
  CHECK(json["won"] == false);
  CHECK(json["nodes"].get<int64_t>() >= 3000);
  // Refusals: a competitive rule set, no budget.
  CHECK(test::cli({"solve", "--db", solve_db(), "--level", "base"}).code != 0);
  CHECK(test::cli({"solve", "--db", solve_db(), "--level", "mists-1", "--nodes", "0"}).code != 0);
}

TEST_CASE("solve --no-rollouts searches with the beam alone", "[cli][solver]") {
  // mists-1 seed 1: a rollout from a node the beam kept wins; the beam alone does not
  // within 30,000 nodes.
  const auto with = test::cli({"solve", "--db", solve_db(), "--level", "mists-1", "--seed", "1", "--nodes", "30000", "--json"});
  INFO(with.out << with.err);
  REQUIRE(with.code == 0);
  const auto a = nlohmann::json::parse(with.out);
  CHECK(a["won"] == true);
  CHECK(a["rollouts"].get<int64_t>() >= 1);
  CHECK(a["budget"]["rollouts"] == true);
  CHECK(a["budget"]["rollout_bias"] == tw::kDefaultRolloutBias);
  const auto without = test::cli(
      {"solve", "--db", solve_db(), "--level", "mists-1", "--seed", "1", "--nodes", "30000", "--no-rollouts", "--json"});
  INFO(without.out << without.err);
  REQUIRE(without.code == 0);
  const auto b = nlohmann::json::parse(without.out);
  CHECK(b["won"] == false);
  CHECK(b["verdict"] == "budget");
  CHECK(b["rollouts"] == 0);
  CHECK(b["budget"]["rollouts"] == false);
  CHECK(b["budget"]["rollout_bias"] == 0.0);  // (nothing to steer by)
  // --rollout-bias 0: the one-turn value alone; a bad weight is refused.
  const auto plain = test::cli({"solve", "--db", solve_db(), "--level", "mists-1", "--seed", "1", "--nodes", "30000",
                                "--rollout-bias", "0", "--json"});
  REQUIRE(plain.code == 0);
  CHECK(nlohmann::json::parse(plain.out)["budget"]["rollout_bias"] == 0.0);
  CHECK(test::cli({"solve", "--db", solve_db(), "--level", "mists-1", "--rollout-bias", "-1"}).code != 0);
  const auto text = test::cli({"solve", "--db", solve_db(), "--level", "mists-1", "--seed", "1", "--nodes", "30000"});
  CHECK(text.out.find("rollout") != std::string::npos);
}

TEST_CASE("solve --no-colour-search searches level 6 as the shared levels", "[cli][solver]") {
  const auto run = [](bool colour) {
    std::vector<std::string> args = {"solve", "--db", solve_db(), "--level", "mists-6", "--seed", "1", "--nodes", "20000", "--json"};
    if (!colour) args.push_back("--no-colour-search");
    const auto r = test::cli(args);
    INFO(r.out << r.err);
    REQUIRE(r.code == 0);
    return nlohmann::json::parse(r.out);
  };
  const auto a = run(true), b = run(false);
  CHECK(a["budget"]["colour_search"] == true);
  CHECK(b["budget"]["colour_search"] == false);
  CHECK(a["verdict"] == "budget");
  CHECK(a["rollouts"] != b["rollouts"]);  // (level 6 plays children out before the cut)
}

TEST_CASE("the meter's bracket: winnable share >= bots' win rate, through shards and merge", "[cli][solver][study]") {
  using namespace tw::study;
  Study s;
  s.variants.push_back({"", "mists-1", {"coop", "coop"}, "", 0, false, 0});
  s.seeds = 4;
  s.seed = 1;
  s.solve.on = true;
  s.solve.nodes = 30000;
  REQUIRE(prepare(test::default_content(), s).empty());
  study::RunOptions o;
  o.threads = 2;
  Report whole;
  whole.study = s;
  whole.rows = play(test::default_content(), s, shard_indices(s, {0, 1}), o).rows;
  REQUIRE(whole.rows.size() == 4);
  int solver_wins = 0;
  for (const auto& r : whole.rows) {
    CHECK(r.solver >= 0);
    CHECK(r.solver_nodes > 0);
    CHECK(r.winnable() >= r.won());
    solver_wins += r.solver == 1;
  }
  CHECK(solver_wins > 0);  // seed 3 is won within 25,000 nodes
  const VariantSummary v = summarise(s, 0, whole.rows);
  CHECK(v.solved_deals == 4);
  CHECK(v.winnable >= v.wins);
  CHECK(v.winnable_share.mean >= v.win_rate.mean);
  CHECK(v.solver_wins == solver_wins);
  // JSON: the budget in the identity, the solver per game and in the summary.
  const Json j = to_json(whole);
  CHECK(j["study"]["solver"]["nodes"] == 30000);
  CHECK(j["summary"][0]["solver"]["deals"] == 4);
  CHECK(j["games"][0].contains("solver"));
  // Two shards merged give the whole run; a part with another budget is refused.
  study::RunOptions one;
  one.threads = 1;
  std::vector<Report> parts = check_two_shards_merge(test::default_content(), s, whole, one);
  std::string error;
  // The method is part of the identity: a file written before the rollouts (no "rollouts"
  // field) searched with the beam alone, reads back so, and is not merged with this run.
  // The second shard's file without one of the solver's fields, read back (it must read).
  auto without = [&](const char* field) {
    Json file = Json::parse(to_json(parts[1]).dump());
    file["study"]["solver"].erase(field);
    auto part = from_json(file, &error);
    REQUIRE(part);
    return *part;
  };
  CHECK(j["study"]["solver"]["rollouts"] == true);
  const Report old_part = without("rollouts");
  CHECK_FALSE(old_part.study.solve.rollouts);
  CHECK_FALSE(merge({parts[0], old_part}, &error));
  CHECK(error.find("not shards of the same study") != std::string::npos);
  // So is the rollouts' steering (issue 59, third round): a file without "rollout_bias"
  // searched with the one-turn value alone, reads back with 0 and is not merged either.
  CHECK(j["study"]["solver"]["rollout_bias"] == tw::kDefaultRolloutBias);
  const Report unsteered_part = without("rollout_bias");
  CHECK(unsteered_part.study.solve.rollout_bias == 0);
  CHECK_FALSE(merge({parts[0], unsteered_part}, &error));
  // And level 6's search (issue 59, fourth round): a file without "colour_search" searched
  // level 6 as the shared levels, reads back so and is not merged with this run.
  CHECK(j["study"]["solver"]["colour_search"] == true);
  const Report shared_part = without("colour_search");
  CHECK_FALSE(shared_part.study.solve.colour_search);
  CHECK_FALSE(merge({parts[0], shared_part}, &error));
  Json bad = Json::parse(to_json(parts[1]).dump());
  bad["study"]["solver"]["rollout_bias"] = -1;
  CHECK_FALSE(from_json(bad, &error));
  parts[1].study.solve.nodes = 40000;
  CHECK_FALSE(merge(parts, &error));
  // CSV: the solver's columns.
  const std::string csv = to_csv(whole);
  CHECK(csv.find(",winnable,solver_won,solver_exhaustive,solver_nodes,solver_depth,solver_proved\n") != std::string::npos);
  // A study without the solver writes what it always did.
  Study plain = s;
  plain.solve = {};
  Report pr;
  pr.study = plain;
  pr.rows = play(test::default_content(), plain, shard_indices(plain, {0, 1}), o).rows;
  CHECK(to_csv(pr).find("winnable") == std::string::npos);
  CHECK_FALSE(to_json(pr)["study"].contains("solver"));
  CHECK_FALSE(to_json(pr)["games"][0].contains("solver"));
}

TEST_CASE("simulate --solve prints the bracket, compare --solve pairs the winnable share", "[cli][solver]") {
  const auto r = test::cli({"simulate", "--db", solve_db(), "--level", "mists-1", "--games", "3", "--seed", "2", "--solve",
                            "--solve-nodes", "30000", "--threads", "1"});
  INFO(r.out << r.err);
  REQUIRE(r.code == 0);
  CHECK(r.out.find("winnable share:") != std::string::npos);
  CHECK(r.out.find("bracket: the bots win") != std::string::npos);
  const auto c = test::cli({"compare", "mists-1", "mists-2", "--db", solve_db(), "--games", "2", "--solve", "--solve-nodes",
                            "5000", "--threads", "1"});
  INFO(c.out << c.err);
  REQUIRE(c.code == 0);
  CHECK(c.out.find("winnable") != std::string::npos);
  CHECK(test::cli({"simulate", "--db", solve_db(), "--ruleset", "base", "--games", "1", "--solve"}).code != 0);
}

TEST_CASE("the solver's witness in a study: the row's line, or the same line searched again from a file",
          "[cli][solver][study]") {
  using namespace tw::study;
  Study s;
  s.variants.push_back({"", "mists-1", {"coop", "coop"}, "", 0, false, 0});
  s.seeds = 1;
  s.seed = 3;  // won by the solver within 25,000 nodes
  s.solve.on = true;
  s.solve.nodes = 30000;
  REQUIRE(prepare(test::default_content(), s).empty());
  study::RunOptions o;
  o.threads = 1;
  Report whole;
  whole.study = s;
  whole.rows = play(test::default_content(), s, shard_indices(s, {0, 1}), o).rows;
  REQUIRE(whole.rows.size() == 1);
  const GameRow& row = whole.rows[0];
  REQUIRE(row.solver == 1);
  REQUIRE_FALSE(row.solver_line.empty());
  std::string error;
  const auto w = witness(test::default_content(), s, row, &error);
  INFO(error);
  REQUIRE(w);
  // The record is a win as `tilewright run` reads it, from the same deal.
  const std::string text = tw::replay::export_tgn(*w);
  CHECK(text.find("[Seed \"3\"]") != std::string::npos);
  CHECK(text.find("[Event \"solver's winning line: mists-1, 2 players, seed 3, 30000 nodes\"]") != std::string::npos);
  auto parsed = tw::tgn::parse(text);
  REQUIRE(parsed.record);
  const tw::Replayed rp = tw::replay_record(test::default_content(), *parsed.record);
  REQUIRE_FALSE(rp.error);
  CHECK(rp.game.outcome() == tw::Outcome::Win);
  CHECK(rp.game.ply() == static_cast<int>(row.solver_line.size()));
  // Read back from JSON the row has no line: the deal is searched again, the same line.
  auto back = from_json(Json::parse(to_json(whole).dump()), &error);
  REQUIRE(back);
  REQUIRE(back->rows[0].solver_line.empty());
  const auto again = witness(test::default_content(), back->study, back->rows[0], &error);
  REQUIRE(again);
  CHECK(tw::replay::export_tgn(*again) == text);
  // A deal the solver did not win has no witness; neither has a line that does not win.
  GameRow lost = row;
  lost.solver = 0;
  CHECK_FALSE(witness(test::default_content(), s, lost, &error));
  CHECK(error.find("no win") != std::string::npos);
  GameRow cut = row;
  cut.solver_line.resize(cut.solver_line.size() / 2);
  CHECK_FALSE(witness(test::default_content(), s, cut, &error));
  CHECK(error.find("does not end in a win") != std::string::npos);
  GameRow wrong = row;
  wrong.solver_line.front().x = 99;  // not a legal placement
  CHECK_FALSE(witness(test::default_content(), s, wrong, &error));
  CHECK(error.find("ply 1") != std::string::npos);
}

namespace {

// A designer's level out of reach: mists-3 with a target of 4000 in a copy of default.db.
std::string solve_impossible_db() {
  const fs::path db = solve_temp_file("impossible.db");
  fs::copy_file(TW_TEST_DB, db, fs::copy_options::overwrite_existing);
  SQLite::Database d(db.string(), SQLite::OPEN_READWRITE);
  d.exec("UPDATE level SET target = 4000 WHERE id = 'mists-3'");
  return db.string();
}

}  // namespace

TEST_CASE("solve proves a deal impossible and prints why, in text and JSON (issue 59)", "[cli][solver][proof]") {
  const std::string db = solve_impossible_db();
  const auto r = test::cli({"solve", "--db", db, "--level", "mists-3", "--seed", "4", "--nodes", "1000"});
  INFO(r.out << r.err);
  REQUIRE(r.code == 0);
  CHECK(r.out.find("\nimpossible: the team can score at most ") != std::string::npos);
  CHECK(r.out.find("the target asks 4000") != std::string::npos);
  CHECK(r.out.find("effort:") == std::string::npos);  // no search was needed
  const auto j = test::cli({"solve", "--db", db, "--level", "mists-3", "--seed", "4", "--nodes", "1000", "--json"});
  REQUIRE(j.code == 0);
  const auto v = nlohmann::json::parse(j.out);
  CHECK(v["verdict"] == "impossible");
  CHECK(v["won"] == false);
  CHECK(v["proof"]["deadline"] == "target");
  CHECK(v["proof"]["need"] == 4000);
  CHECK(v["proof"]["most"].get<int64_t>() < 4000);
  CHECK(v["proof"]["argument"].get<std::string>().find("at most") != std::string::npos);
  // The shipped level is not proved impossible: the search runs, the verdict is another.
  const auto s = test::cli({"solve", "--db", solve_db(), "--level", "mists-3", "--seed", "4", "--nodes", "1000", "--json"});
  REQUIRE(s.code == 0);
  CHECK(nlohmann::json::parse(s.out)["verdict"] != "impossible");
  fs::remove(db);
}

TEST_CASE("the bracket in three parts: bots <= winnable <= 1 - proved impossible, through JSON, CSV, shards and merge",
          "[cli][solver][study][proof]") {
  using namespace tw::study;
  // mists-1 as shipped (winnable deals) beside a mists-1 whose target no deal can reach.
  Content c = test::default_content();
  Level hard = *c.find_level("mists-1");
  hard.id = "mists-1-hard";
  hard.target = 3000;
  c.levels.push_back(hard);
  Study s;
  s.variants.push_back({"", "mists-1", {"coop", "coop"}, "", 0, false, 0});
  s.variants.push_back({"", "mists-1-hard", {"coop", "coop"}, "", 0, false, 0});
  s.seeds = 3;
  s.seed = 1;
  s.solve.on = true;
  s.solve.nodes = 30000;
  REQUIRE(prepare(c, s).empty());
  study::RunOptions o;
  o.threads = 2;
  Report whole;
  whole.study = s;
  whole.rows = play(c, s, shard_indices(s, {0, 1}), o).rows;
  for (int variant = 0; variant < 2; ++variant) {
    const VariantSummary v = summarise(s, variant, whole.rows);
    CAPTURE(variant);
    CHECK(v.solved_deals == 3);
    CHECK(v.winnable + v.unwinnable + v.unresolved == v.solved_deals);
    CHECK(v.win_rate.mean <= v.winnable_share.mean);
    CHECK(v.winnable_share.mean <= 1 - v.impossible_share.mean);
    if (variant == 1) {
      CHECK(v.proved == 3);
      CHECK(v.unwinnable == 3);
      CHECK(v.unresolved == 0);
      CHECK(v.impossible_share.mean == 1);
    } else {
      CHECK(v.proved == 0);
    }
  }
  for (const auto& r : whole.rows)
    if (r.variant == 1) {
      CHECK(r.solver_proved);
      CHECK(r.solver_nodes == 0);  // not searched
      CHECK(r.impossible());
    }
  const Json j = to_json(whole);
  CHECK(j["summary"][1]["solver"]["proved"] == 3);
  CHECK(j["summary"][1]["solver"]["unresolved"] == 0);
  CHECK(j["summary"][1]["solver"]["impossible_share"]["mean"] == 1.0);
  // Shards merged give the whole run, the proofs included.
  check_two_shards_merge(c, s, whole, o);
  // CSV: the proof's column.
  CHECK(to_csv(whole).find(",solver_proved\n") != std::string::npos);
  // compare pairs the bracket's upper end (possible: not proved impossible).
  const auto ms = measures(s, s.variants[1]);
  CHECK(std::find(ms.begin(), ms.end(), "possible") != ms.end());
  for (const auto& r : whole.rows) CHECK(measure(s, r, "possible") == (r.variant == 1 ? 0 : 1));
}

TEST_CASE("simulate --solve prints the bracket in three parts", "[cli][solver][proof]") {
  const std::string db = solve_impossible_db();
  const auto r = test::cli({"simulate", "--db", db, "--level", "mists-3", "--games", "2", "--seed", "1", "--solve",
                            "--solve-nodes", "2000", "--threads", "1"});
  INFO(r.out << r.err);
  REQUIRE(r.code == 0);
  CHECK(r.out.find("proved impossible: 100.00%") != std::string::npos);
  CHECK(r.out.find("2 by a bound") != std::string::npos);
  CHECK(r.out.find("unresolved: 0 of 2 deals") != std::string::npos);
  CHECK(r.out.find("<= not proved impossible 0.00%") != std::string::npos);
  fs::remove(db);
}
