// Portable content (issue 16): content list/show/diff/export/import/update, records that
// carry their rules (TGN 2), digest and Result mismatches, distinct seats, replay delete
// and duplicate imports. Every test drives run_cli as a user would.
#include <algorithm>
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include <SQLiteCpp/SQLiteCpp.h>

#include "cli/app.h"
#include "cli_run.h"
#include "engine/tgn.h"
#include "fixtures.h"
#include "schema/pack.h"
#include "schema/store.h"

namespace fs = std::filesystem;
using namespace tw;

namespace {

using Result = test::CliResult;
using test::cli;

struct Dir : test::ScratchDir {
  Dir() : ScratchDir("tw-content") {}
};

void sql(const std::string& db, const std::string& text) {
  SQLite::Database d(db, SQLite::OPEN_READWRITE);
  d.exec(text);
}

// The designer's variant of the issue: GCC with ghost penalty 3 and one guard.
std::string designer_db(const Dir& d, const std::string& name = "designer.db", int penalty = 3, int guards = 1) {
  const auto db = d.fresh(name);
  sql(db,
      "INSERT INTO rule_set (id, name, system, parent, start_tile_set, start_tile) VALUES "
      "('gcc-harsh', 'GCC harsh', 'gcc', 'gcc', 'mists', 'MS00');"
      "INSERT INTO rule_param VALUES ('gcc-harsh', 'ghost_penalty', " + std::to_string(penalty) + ");" +
      (guards >= 0 ? "INSERT INTO rule_param VALUES ('gcc-harsh', 'guards', " + std::to_string(guards) + ");" : ""));
  return db;
}

std::string last_line(const std::string& s) {
  std::string t = s;
  while (!t.empty() && t.back() == '\n') t.pop_back();
  return t.substr(t.rfind('\n') == std::string::npos ? 0 : t.rfind('\n') + 1);
}

nlohmann::json scores_of(const Result& r) { return nlohmann::json::parse(r.out)["scores"]; }

}  // namespace

TEST_CASE("content list shows every rule set, level and tile set with its digest and status") {
  Dir d;
  const auto db = designer_db(d);
  const Result r = cli({"content", "list", "--db", db, "--json"});
  REQUIRE(r.code == 0);
  const auto j = nlohmann::json::parse(r.out);
  std::map<std::string, std::string> status;
  for (const auto& rs : j["rule_sets"]) status[rs["id"].get<std::string>()] = rs["status"];
  CHECK(status.at("base") == "shipped");
  CHECK(status.at("gcc") == "shipped");
  CHECK(status.at("gcc-harsh") == "own");
  CHECK(j["levels"].size() == 7);  // mists-1..6 and mists-6-uk (issue 59)
  CHECK(j["tile_sets"].size() == 4);  // base, discovery, mists, inns
  // A shipped item changed here says so.
  sql(db, "UPDATE rule_param SET value = 4 WHERE rule_set = 'gcc' AND key = 'followers'");
  const auto j2 = nlohmann::json::parse(cli({"content", "list", "--db", db, "--json"}).out);
  for (const auto& rs : j2["rule_sets"])
    if (rs["id"] == "gcc") CHECK(rs["status"] == "changed");
}

TEST_CASE("content show names value, default, origin, range and meaning of every parameter") {
  Dir d;
  const auto db = designer_db(d);
  const Result r = cli({"content", "show", "gcc-harsh", "--db", db, "--json"});
  REQUIRE(r.code == 0);
  const auto j = nlohmann::json::parse(r.out)["rule_set"];
  std::map<std::string, nlohmann::json> by_key;
  for (const auto& p : j["params"]) by_key[p["key"].get<std::string>()] = p;
  CHECK(by_key.at("ghost_penalty")["value"] == 3);
  CHECK(by_key.at("ghost_penalty")["default"] == 2);
  CHECK(by_key.at("ghost_penalty")["from"] == "gcc-harsh");
  CHECK(by_key.at("followers")["from"] == "gcc");  // inherited
  // A rule set without a parent: what it does not set is the engine's default.
  sql(db, "INSERT INTO rule_set (id, name, system, start_tile_set, start_tile) VALUES ('solo', 'Solo', 'base', 'base', 'D');"
          "INSERT INTO rule_param VALUES ('solo', 'followers', 5);"
          "INSERT INTO rule_set_pool SELECT 'solo', tile_set, tile_id, count FROM rule_set_pool WHERE rule_set = 'base';");
  const auto solo = nlohmann::json::parse(cli({"content", "show", "solo", "--db", db, "--json"}).out)["rule_set"];
  for (const auto& p : solo["params"]) {
    INFO(p.dump());
    if (p["key"] == "followers") {
      CHECK(p["from"] == "solo");
      CHECK(p["value"] == 5);
    } else {
      CHECK(p["from"] == "default");
      CHECK(p["value"] == p["default"]);
    }
  }
  CHECK(by_key.at("guards")["max"].get<int>() >= 1);
  CHECK_FALSE(by_key.at("guards")["meaning"].get<std::string>().empty());
  CHECK(by_key.size() == rule_param_specs().size());
  // Each parameter names its module, and whether a gcc game reads it.
  CHECK(by_key.at("guards")["module"] == "guards");
  CHECK(by_key.at("guards")["read"] == true);
  CHECK(by_key.at("dog_clear_tiles")["module"] == "dogs");
  CHECK(by_key.at("dog_clear_tiles")["read"] == false);
  // A level shows its columns and then its rule set.
  const Result l = cli({"content", "show", "mists-3", "--db", db});
  REQUIRE(l.code == 0);
  CHECK(l.out.find("ghost_bank") != std::string::npos);
  CHECK(l.out.find("rule set mists") != std::string::npos);
  // ... and the rule modules a game of it plays.
  CHECK(l.out.find("modules played (level mists-3): ") != std::string::npos);
  CHECK(l.out.find("dogs") != std::string::npos);
  const auto modules = nlohmann::json::parse(r.out)["modules"];
  CHECK(std::find(modules.begin(), modules.end(), "gcc ghosts") != modules.end());
  CHECK(std::find(modules.begin(), modules.end(), "dogs") == modules.end());
  // An unknown id gets a suggestion.
  const Result bad = cli({"content", "show", "gcc-harsch", "--db", db});
  CHECK(bad.code == 2);
  CHECK(bad.err.find("gcc-harsh") != std::string::npos);
}

// Issue 56: the start tile as its row names it (MS00, one cell of the piece MS), in the text and the JSON.
TEST_CASE("content show names the start tile by its row's id, not its piece's") {
  const Result t = cli({"content", "show", "gcc", "--db", TW_TEST_DB});
  REQUIRE(t.code == 0);
  CHECK(t.out.find("start tile mists/MS00 (a cell of piece MS) · pool ") != std::string::npos);
  CHECK(t.out.find("start tile mists/MS ") == std::string::npos);
  const auto j = nlohmann::json::parse(cli({"content", "show", "gcc", "--db", TW_TEST_DB, "--json"}).out);
  CHECK(j["rule_set"]["start_tile"] == "mists/MS00");
  const Result b = cli({"content", "show", "base", "--db", TW_TEST_DB});
  CHECK(b.out.find("start tile base/D · pool ") != std::string::npos);
}

TEST_CASE("content diff names each differing parameter and exits 1") {
  Dir d;
  const auto db = designer_db(d);
  const Result r = cli({"content", "diff", "gcc", "gcc-harsh", "--db", db, "--json"});
  CHECK(r.code == 1);
  const auto j = nlohmann::json::parse(r.out);
  std::map<std::string, std::pair<std::string, std::string>> diffs;
  for (const auto& x : j["differences"]) diffs[x["field"].get<std::string>()] = {x["a"], x["b"]};
  CHECK(diffs.at("ghost_penalty") == std::make_pair(std::string("2"), std::string("3")));
  CHECK(diffs.count("guards") == 1);
  CHECK(cli({"content", "diff", "gcc", "gcc", "--db", db}).code == 0);
  CHECK(cli({"content", "diff", "mists-1", "mists-2", "--db", db}).code == 1);
}

TEST_CASE("round trip: designer -> pack + record -> fresh database -> same scores") {
  Dir d;
  const auto designer = designer_db(d);
  const auto game = d.p("game.tgn");
  REQUIRE(cli({"play", "--db", designer, "--ruleset", "gcc-harsh", "--players", "bot:greedy,bot:random", "--seed",
               "5", "--quiet", "--no-record", "--out", game})
              .code == 0);
  const Result want = cli({"run", "--db", designer, game, "--json"});
  REQUIRE(want.code == 0);
  // A plain record names its rules but does not carry them: a fresh database cannot play it.
  const auto fresh = d.fresh("fresh.db");
  {
    const auto rec = tgn::parse(test::read_text(game));
    REQUIRE(rec.record);
    CHECK(rec.record->tag("RulesDigest") != nullptr);
    CHECK(cli({"run", "--db", fresh, game}).code != 0);
  }
  // The pack travels beside the record.
  const auto pack = d.p("harsh.json");
  REQUIRE(cli({"content", "export", "gcc-harsh", "--db", designer, "--out", pack}).code == 0);
  const Result imp = cli({"content", "import", pack, "--db", fresh});
  REQUIRE(imp.code == 0);
  CHECK(imp.out.find("added rule set gcc-harsh") != std::string::npos);
  const Result got = cli({"run", "--db", fresh, game, "--json"});
  REQUIRE(got.code == 0);
  CHECK(scores_of(got) == scores_of(want));
  CHECK(got.err.find("warning") == std::string::npos);
  // Importing the same pack again changes nothing.
  const Result again = cli({"content", "import", pack, "--db", fresh});
  CHECK(again.code == 0);
  CHECK(again.out.find("0 added") != std::string::npos);
}

TEST_CASE("a record with its rules (TGN 2) replays on a database that never had them") {
  Dir d;
  const auto designer = designer_db(d);
  REQUIRE(cli({"play", "--db", designer, "--ruleset", "gcc-harsh", "--players", "bot:greedy,bot:random,bot:random",
               "--seed", "9", "--quiet"})
              .code == 0);  // stored as replay 1 in the designer's database
  const Result exp = cli({"replay", "export", "1", "--db", designer, "--with-rules"});
  REQUIRE(exp.code == 0);
  CHECK(exp.out.rfind("[Format \"TGN 2\"]", 0) == 0);
  CHECK(exp.out.find("\n%rules ") != std::string::npos);
  const auto game = d.p("game2.tgn");
  std::ofstream(game, std::ios::binary) << exp.out;
  const auto fresh = d.fresh("fresh.db");
  const Result run = cli({"run", "--db", fresh, game, "--json"});
  REQUIRE(run.code == 0);
  CHECK(run.err.find("played on the rules it carries") != std::string::npos);
  CHECK(scores_of(run) == scores_of(cli({"run", "--db", designer, game, "--json"})));
  // replay import adds the rules first, then the game, which verifies.
  const Result imp = cli({"replay", "import", game, "--db", fresh});
  REQUIRE(imp.code == 0);
  CHECK(imp.err.find("added the rules it carries") != std::string::npos);
  const std::string id = last_line(imp.out);
  CHECK(cli({"replay", "verify", id, "--db", fresh}).code == 0);
  CHECK(cli({"content", "show", "gcc-harsh", "--db", fresh}).code == 0);
  // Plain export of a rule set nobody else has says how to share it.
  const Result plain = cli({"replay", "export", id, "--db", fresh});
  CHECK(plain.err.find("--with-rules") != std::string::npos);
  CHECK(plain.out.rfind("[Format \"TGN 1\"]", 0) == 0);
}

TEST_CASE("rules that differ under the same id are reported parameter by parameter") {
  Dir d;
  const auto designer = designer_db(d);
  const auto other = designer_db(d, "other.db", 5, -1);  // its own gcc-harsh: penalty 5, guards inherited
  const auto game = d.p("g.tgn");
  REQUIRE(cli({"play", "--db", designer, "--ruleset", "gcc-harsh", "--players", "bot:greedy,bot:random", "--seed",
               "3", "--quiet", "--no-record", "--out", game, "--with-rules"})
              .code == 0);
  // run: a warning naming the differences; the record's own rules are played.
  const Result run = cli({"run", "--db", other, game, "--json"});
  CHECK(run.code == 0);
  CHECK(run.err.find("ghost_penalty: here 5, recorded 3") != std::string::npos);
  CHECK(run.err.find("guards: here 2, recorded 1") != std::string::npos);
  const auto j = nlohmann::json::parse(run.out);
  REQUIRE(j.contains("warnings"));
  CHECK(scores_of(run) == scores_of(cli({"run", "--db", designer, game, "--json"})));
  // options warns too.
  CHECK(cli({"options", "--db", other, game}).err.find("ghost_penalty: here 5, recorded 3") != std::string::npos);
  // replay import refuses, naming them, and stores nothing.
  const Result imp = cli({"replay", "import", game, "--db", other});
  CHECK(imp.code == 1);
  CHECK(imp.err.find("ghost_penalty: here 5, recorded 3") != std::string::npos);
  CHECK(cli({"replay", "list", "--db", other}).out.find("no replays") != std::string::npos);
  // content import of the same rule set is refused with the differences, nothing written ...
  const auto pack = d.p("p.json");
  REQUIRE(cli({"content", "export", "gcc-harsh", "--db", designer, "--out", pack}).code == 0);
  const Result conflict = cli({"content", "import", pack, "--db", other});
  CHECK(conflict.code == 1);
  CHECK(conflict.err.find("params.ghost_penalty: here 5, in the pack 3") != std::string::npos);
  CHECK(cli({"content", "show", "gcc-harsh", "--db", other, "--json"}).out.find("\"value\":5") != std::string::npos);
  // ... and lands under a new name with --rename, or over the old one with --replace.
  REQUIRE(cli({"content", "import", pack, "--db", other, "--rename", "gcc-harsh-2"}).code == 0);
  CHECK(cli({"content", "diff", "gcc-harsh-2", "gcc-harsh", "--db", other}).code == 1);
  REQUIRE(cli({"content", "import", pack, "--db", other, "--replace"}).code == 0);
  CHECK(cli({"content", "diff", "gcc-harsh-2", "gcc-harsh", "--db", other}).code == 0);
  CHECK(cli({"run", "--db", other, game}).err.find("warning") == std::string::npos);
}

TEST_CASE("a record that names a digest but carries no rules warns when the rules differ") {
  Dir d;
  const auto designer = designer_db(d);
  const auto other = designer_db(d, "other.db", 5, 1);
  const auto game = d.p("g.tgn");
  REQUIRE(cli({"play", "--db", designer, "--ruleset", "gcc-harsh", "--players", "bot:greedy,bot:random", "--seed",
               "4", "--quiet", "--no-record", "--out", game})
              .code == 0);
  const Result run = cli({"run", "--db", other, game});
  CHECK(run.code == 0);
  CHECK(run.err.find("played with other rules") != std::string::npos);
  CHECK(cli({"replay", "import", game, "--db", other}).code == 1);
  const Result forced = cli({"replay", "import", game, "--db", other, "--ignore-rules"});
  CHECK(forced.code == 0);
  // Same rules: silent.
  CHECK(cli({"run", "--db", designer, game}).err.find("warning") == std::string::npos);
}

TEST_CASE("embedded rules changed after the record was written are refused") {
  Dir d;
  const auto designer = designer_db(d);
  const auto game = d.p("g.tgn");
  REQUIRE(cli({"play", "--db", designer, "--ruleset", "gcc-harsh", "--players", "bot:greedy,bot:random", "--seed",
               "4", "--quiet", "--no-record", "--out", game, "--with-rules"})
              .code == 0);
  std::string text = test::read_text(game);
  const auto at = text.find("{\"key\":\"ghost_penalty\",\"value\":3}");
  REQUIRE(at != std::string::npos);
  text.replace(at, 33, "{\"key\":\"ghost_penalty\",\"value\":0}");
  std::ofstream(game, std::ios::binary | std::ios::trunc) << text;
  const Result r = cli({"run", "--db", d.fresh("f.db"), game});
  CHECK(r.code == 2);
  CHECK(r.err.find("changed after it was written") != std::string::npos);
  // A %rules line in a TGN 1 record is a syntax error at its line.
  std::string v1 = test::read_text(game);
  v1.replace(v1.find("TGN 2"), 5, "TGN 1");
  std::ofstream(game, std::ios::binary | std::ios::trunc) << v1;
  const Result r1 = cli({"run", "--db", designer, game});
  CHECK(r1.code == 2);
  CHECK(r1.err.find("needs [Format \"TGN 2\"]") != std::string::npos);
}

TEST_CASE("a Result tag that disagrees with the replayed game is reported") {
  Dir d;
  const auto db = d.fresh("r.db");
  const auto game = d.p("g.tgn");
  REQUIRE(cli({"play", "--db", db, "--players", "bot:random,bot:greedy", "--seed", "2", "--quiet", "--no-record",
               "--out", game})
              .code == 0);
  std::string text = test::read_text(game);
  const auto rs = text.find("[Result \"");
  REQUIRE(rs != std::string::npos);
  const auto end = text.find("\"]", rs);
  text.replace(rs, end - rs, "[Result \"bot:random 999, bot:greedy 0");
  std::ofstream(game, std::ios::binary | std::ios::trunc) << text;
  const Result run = cli({"run", "--db", db, game, "--json"});
  CHECK(run.code == 0);  // run's contract: exit 0 when every decision is legal ...
  CHECK(run.err.find("the Result tag says 'bot:random 999, bot:greedy 0'") != std::string::npos);  // ... but said
  CHECK(nlohmann::json::parse(run.out)["warnings"].size() == 1);
  const Result imp = cli({"replay", "import", game, "--db", db});
  CHECK(imp.code == 0);
  CHECK(imp.err.find("Result tag says") != std::string::npos);
  // Stored with the replayed result (not the tag as written): it verifies, and its export
  // says what the game reached.
  CHECK(cli({"replay", "verify", last_line(imp.out), "--db", db}).code == 0);
  const Result exp = cli({"replay", "export", last_line(imp.out), "--db", db});
  CHECK(exp.out.find("[Result \"") != std::string::npos);
  CHECK(exp.out.find("bot:random 999") == std::string::npos);
}

TEST_CASE("seats with equal names stay distinct in JSON, Result and replays") {
  Dir d;
  const auto db = d.fresh("s.db");
  const auto game = d.p("g.tgn");
  REQUIRE(cli({"play", "--db", db, "--players", "bot:random,bot:random", "--seed", "11", "--quiet", "--out", game})
              .code == 0);
  const Result run = cli({"run", "--db", db, game, "--json"});
  REQUIRE(run.code == 0);
  const auto scores = scores_of(run);
  CHECK(scores.size() == 2);
  CHECK(scores.contains("bot:random (1)"));
  CHECK(scores.contains("bot:random (2)"));
  const std::string text = test::read_text(game);
  CHECK(text.find("[Result \"bot:random (1) ") != std::string::npos);
  CHECK(text.find("bot:random (2) ") != std::string::npos);
  CHECK(text.find("[Players \"bot:random,bot:random\"]") != std::string::npos);
  const Result list = cli({"replay", "list", "--db", db});
  CHECK(list.out.find("bot:random (2) ") != std::string::npos);
  CHECK(cli({"replay", "verify", "1", "--db", db}).code == 0);
}

TEST_CASE("importing the same record twice is reported, and replay delete removes one") {
  Dir d;
  const auto db = d.fresh("dup.db");
  const auto game = d.p("g.tgn");
  REQUIRE(cli({"play", "--db", db, "--players", "bot:greedy,bot:random", "--seed", "7", "--quiet", "--out", game})
              .code == 0);  // replay 1
  const Result again = cli({"replay", "import", game, "--db", db});
  CHECK(again.code == 0);
  CHECK(again.out.find("already stored as replay 1") != std::string::npos);
  CHECK(last_line(again.out) == "1");
  const Result copy = cli({"replay", "import", game, "--db", db, "--duplicate"});
  CHECK(copy.code == 0);
  CHECK(last_line(copy.out) == "2");
  CHECK(cli({"replay", "delete", "2", "--db", db}).code == 0);
  CHECK(cli({"replay", "show", "2", "--db", db}).code == 2);
  CHECK(cli({"replay", "delete", "2", "--db", db}).code == 2);
  CHECK(cli({"replay", "verify", "1", "--db", db}).code == 0);
}

TEST_CASE("a pack with bad rows is refused with located errors and nothing is written") {
  Dir d;
  const auto designer = designer_db(d);
  const auto pack = d.p("p.json");
  REQUIRE(cli({"content", "export", "gcc-harsh", "--db", designer, "--out", pack}).code == 0);
  const std::string good = test::read_text(pack);
  const auto target = d.fresh("t.db");
  const auto before = test::read_text(target);
  auto try_pack = [&](std::string text) {
    std::ofstream(pack, std::ios::binary | std::ios::trunc) << text;
    return cli({"content", "import", pack, "--db", target});
  };
  auto replace = [](std::string s, const std::string& from, const std::string& to) {
    const auto at = s.find(from);
    REQUIRE(at != std::string::npos);
    return s.replace(at, from.size(), to);
  };
  // A parameter out of range: the loader's located error (table, row, column).
  Result r = try_pack(replace(good, "{\"key\":\"ghost_penalty\",\"value\":3}", "{\"key\":\"ghost_penalty\",\"value\":9999}"));
  CHECK(r.code == 1);
  CHECK(r.err.find("rule_param") != std::string::npos);
  CHECK(r.err.find("gcc-harsh") != std::string::npos);
  CHECK(r.err.find("nothing was written") != std::string::npos);
  // An unknown parameter.
  r = try_pack(replace(good, "{\"key\":\"guards\",\"value\":1}", "{\"key\":\"gards\",\"value\":1}"));
  CHECK(r.code == 1);
  CHECK(r.err.find("gards") != std::string::npos);
  // An unknown column, named with its place in the pack.
  r = try_pack(replace(good, "\"id\":\"gcc-harsh\"", "\"id\":\"gcc-harsh\",\"colour\":\"red\""));
  CHECK(r.code == 1);
  CHECK(r.err.find("rule_set[") != std::string::npos);
  CHECK(r.err.find("unknown column 'colour'") != std::string::npos);
  // Malformed JSON: line and column.
  r = try_pack(good.substr(0, good.size() / 2));
  CHECK(r.code == 2);
  CHECK(r.err.find("p.json:") != std::string::npos);
  // Well-formed JSON with a number no double holds (found by the pack fuzzer): refused, not a crash.
  r = try_pack(replace(good, "\"version\": 1", "\"version\": 1e99999"));
  CHECK(r.code == 2);
  CHECK(r.err.find("p.json: not a content pack (number overflow") != std::string::npos);
  // A pack from a newer Tilewright.
  r = try_pack(replace(good, "\"version\": 1", "\"version\": 99"));
  CHECK(r.code == 2);
  CHECK(r.err.find("Update Tilewright") != std::string::npos);
  // A CHECK constraint of the schema (a terrain colour that is not #rrggbb), located.
  r = try_pack(replace(good, "\"colour\":\"#c27c3e\"", "\"colour\":\"brown\""));
  CHECK(r.code != 0);
  // Nothing of any of them reached the database.
  CHECK(test::read_text(target) == before);
  CHECK(cli({"content", "show", "gcc-harsh", "--db", target}).code == 2);
}

TEST_CASE("content update adds and updates shipped content and keeps the user's own and changed items") {
  Dir d;
  // "Shipped": a newer default.db with a new level and a changed shipped rule set.
  const auto shipped = d.fresh("shipped.db");
  sql(shipped,
      "INSERT INTO level (id, name, position, rule_set, ghost_bank, target) VALUES ('mists-7', 'Seven', 7, 'mists', 20, 60);"
      "INSERT INTO level_followers VALUES ('mists-7', 2, 1, 6);"
      "UPDATE rule_param SET value = 6 WHERE rule_set = 'gcc' AND key = 'followers';"
      "UPDATE level SET target = 55 WHERE id = 'mists-2';");
  {
    Store s = Store::open(shipped, Store::Mode::ReadWrite);
    pack::mark_all_shipped(s);
  }
  // The user's database: a copy of the older default.db, with their own rule set, a
  // change to a shipped level and a replay.
  const auto user = designer_db(d, "user.db");
  sql(user, "UPDATE level SET target = 70 WHERE id = 'mists-2';");
  REQUIRE(cli({"play", "--db", user, "--players", "bot:greedy,bot:random", "--seed", "1", "--quiet"}).code == 0);
  const Result dry = cli({"content", "update", "--db", user, "--from", shipped, "--dry-run"});
  REQUIRE(dry.code == 0);
  CHECK(dry.out.find("would add level mists-7") != std::string::npos);
  CHECK(dry.out.find("would update rule set gcc") != std::string::npos);
  CHECK(dry.out.find("would keep yours level mists-2") != std::string::npos);
  const Result up = cli({"content", "update", "--db", user, "--from", shipped});
  REQUIRE(up.code == 0);
  CHECK(up.out.find("added level mists-7") != std::string::npos);
  CHECK(up.out.find("updated rule set gcc") != std::string::npos);
  CHECK(up.out.find("kept yours: level mists-2") != std::string::npos);
  // A parameter's value, or a level column's, as `content show --json` gives it.
  const auto param = [&](const std::string& id, const std::string& key) {
    const auto j = nlohmann::json::parse(cli({"content", "show", id, "--db", user, "--json"}).out);
    for (const auto& p : j["rule_set"]["params"])
      if (p["key"] == key) return p["value"].dump();
    return std::string("?");
  };
  const auto column = [&](const std::string& id, const std::string& col) {
    const auto j = nlohmann::json::parse(cli({"content", "show", id, "--db", user, "--json"}).out);
    for (const auto& c : j["columns"])
      if (c["column"] == col) return c["value"].get<std::string>();
    return std::string("?");
  };
  CHECK(param("gcc", "followers") == "6");
  CHECK(column("mists-2", "target") == "70");
  CHECK(param("gcc-harsh", "ghost_penalty") == "3");
  CHECK(cli({"replay", "verify", "1", "--db", user}).code == 0);
  // A second update has nothing to do but the kept item; --force takes the shipped one.
  CHECK(cli({"content", "update", "--db", user, "--from", shipped}).out.find("0 added, 0 updated") != std::string::npos);
  REQUIRE(cli({"content", "update", "--db", user, "--from", shipped, "--force"}).code == 0);
  CHECK(column("mists-2", "target") == "55");
}

TEST_CASE("a stored replay whose rules changed afterwards names what changed on verify") {
  Dir d;
  const auto db = designer_db(d);
  REQUIRE(cli({"play", "--db", db, "--ruleset", "gcc-harsh", "--players", "bot:greedy,bot:random", "--seed", "2",
               "--quiet"})
              .code == 0);
  CHECK(cli({"replay", "verify", "1", "--db", db}).code == 0);
  sql(db, "UPDATE rule_param SET value = 4 WHERE rule_set = 'gcc-harsh' AND key = 'ghost_penalty'");
  const Result v = cli({"replay", "verify", "1", "--db", db});
  CHECK(v.code == 1);
  CHECK(v.err.find("ghost_penalty: here 4, recorded 3") != std::string::npos);
}

TEST_CASE("a co-op rule set that sets what a level decides is refused, not overridden silently") {
  Dir d;
  const auto db = d.fresh("coop.db");
  CHECK(cli({"validate", db}).code == 0);
  int n = 0;
  for (const std::string row : {"('mists', 'farmers', 1)", "('mists', 'final_scoring', 1)", "('mists', 'ghost_bank', 9)",
                                 "('mists', 'cemetery_neighbours', 4)", "('mists', 'guards', 1)"}) {
    const auto copy = d.fresh("coop-" + std::to_string(++n) + ".db");
    sql(copy, "INSERT OR REPLACE INTO rule_param (rule_set, key, value) VALUES " + row);
    const Result r = cli({"validate", copy});
    INFO(row << "\n" << r.err);
    CHECK(r.code == 1);
    const std::string key = row.substr(11, row.find('\'', 11) - 11);
    CHECK(r.err.find("rule_param row mists/" + key) != std::string::npos);
    CHECK(r.err.find("for a rule set of system mists") != std::string::npos);
  }
}
