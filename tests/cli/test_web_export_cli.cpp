// `tilewright replay export ID|FILE.tgn --format html`: the web page of a stored replay
// or of a record file, with --analyse; the errors (web/page.h; the page itself is tested
// in tests/web/).
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include <SQLiteCpp/SQLiteCpp.h>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "web/page.h"
#include "cli_run.h"
#include "fixtures.h"

namespace tw::test {
namespace {

std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST_CASE("replay export --format html: a replay, a record file, --analyse, errors") {
  static const TempTestDir dir;
  const std::string db = (dir.path / "web.db").string();
  std::filesystem::copy_file(test_db_path(), db, std::filesystem::copy_options::overwrite_existing);
  const std::string rec = std::string(TW_SOURCE_DIR) + "/tests/records/base/06-majority.tgn";
  REQUIRE(cli({"replay", "import", rec, "--db", db}).code == kExitOk);
  REQUIRE(cli({"replay", "annotate", "1", "--ply", "3", "--comment", "<script>x()</script>", "--db", db}).code == kExitOk);

  // To the standard output, and to a file.
  const CliResult page = cli({"replay", "export", "1", "--format", "html", "--db", db});
  REQUIRE(page.code == kExitOk);
  CHECK(page.out.rfind("<!DOCTYPE html>", 0) == 0);
  CHECK(page.out.find("<script>x()") == std::string::npos);
  const std::string out = (dir.path / "game.html").string();
  const CliResult wrote = cli({"replay", "export", "1", "--format", "html", "--out", out, "--db", db});
  REQUIRE(wrote.code == kExitOk);
  CHECK(wrote.out.find("as a web page to " + out) != std::string::npos);
  CHECK(slurp(out) == page.out);

  // A record file gives the same page as its stored replay (the record as written).
  const CliResult file = cli({"replay", "export", rec, "--format", "html", "--db", db});
  REQUIRE(file.code == kExitOk);
  CHECK(file.out.find("place N 0,1 r180") != std::string::npos);
  CHECK(file.out.find("\"measure\"") == std::string::npos);  // not analysed

  // --analyse: the evaluation is in the page's data.
  const CliResult an = cli({"replay", "export", "1", "--format", "html", "--analyse", "20", "--db", db});
  REQUIRE(an.code == kExitOk);
  CHECK(an.out.find("\"measure\":\"margin\"") != std::string::npos);
  CHECK(an.out.find("\"ev\":{") != std::string::npos);

  // Errors: a file with tgn or xml, a missing file, an unknown replay, --with-rules.
  CHECK(cli({"replay", "export", rec, "--format", "tgn", "--db", db}).code == kExitInput);
  CHECK(cli({"replay", "export", "nosuch.tgn", "--format", "html", "--db", db}).code == kExitInput);
  CHECK(cli({"replay", "export", "9", "--format", "html", "--db", db}).code == kExitInput);
  CHECK(cli({"replay", "export", "0", "--format", "html", "--db", db}).code == kExitInput);
  CHECK(cli({"replay", "export", "1", "--format", "html", "--with-rules", "--db", db}).code == kExitInput);
  const std::string bad = (dir.path / "bad.tgn").string();
  std::ofstream(bad) << "[Format \"TGN 1\"]\n[Ruleset \"base\"]\n[Players \"A, B\"]\n[Seed \"1\"]\n\n1. place Q 9,9 r0\n";
  const CliResult illegal = cli({"replay", "export", bad, "--format", "html", "--db", db});
  CHECK(illegal.code == kExitIllegal);
  CHECK(!illegal.err.empty());
  // The TGN export still works by id.
  CHECK(cli({"replay", "export", "1", "--db", db}).code == kExitOk);
}

// The page's data (the JSON of its data element).
nlohmann::json page_data_of(const std::string& html) {
  const std::string open = "<script type=\"application/json\" id=\"tw-data\">";
  const size_t a = html.find(open);
  REQUIRE(a != std::string::npos);
  const size_t b = html.find("</script>", a);
  return nlohmann::json::parse(html.substr(a + open.size(), b - a - open.size()));
}

TEST_CASE("web page: the record of a game on one's own rules carries them, the page imports back (issue 61, items 9, 13)") {
  static const TempTestDir dir;
  const auto fresh = [&](const std::string& name) {
    const std::string db = (dir.path / name).string();
    std::filesystem::copy_file(test_db_path(), db, std::filesystem::copy_options::overwrite_existing);
    return db;
  };
  const std::string designer = fresh("designer.db");
  {
    SQLite::Database d(designer, SQLite::OPEN_READWRITE);
    d.exec("INSERT INTO rule_set (id, name, system, parent, start_tile_set, start_tile) VALUES "
           "('custom-base', 'Custom base', 'base', 'base', 'base', 'D');"
           "INSERT INTO rule_param VALUES ('custom-base', 'followers', 5);");
  }
  const std::string game = (dir.path / "custom.tgn").string();
  REQUIRE(cli({"play", "--db", designer, "--ruleset", "custom-base", "--players", "bot:greedy,bot:random", "--seed", "3",
               "--quiet", "--no-record", "--with-rules", "--out", game})
              .code == kExitOk);
  const std::string clean = fresh("clean.db");
  const std::string page = (dir.path / "custom.html").string();
  REQUIRE(cli({"replay", "export", game, "--db", clean, "--format", "html", "--out", page}).code == kExitOk);
  const auto record = web::record_of_page(slurp(page));
  REQUIRE(record);
  CHECK(record->rfind("[Format \"TGN 2\"]", 0) == 0);
  CHECK(record->find("\n%rules ") != std::string::npos);
  // The downloaded record replays on a database that never had the rules.
  const std::string downloaded = (dir.path / "downloaded.tgn").string();
  std::ofstream(downloaded, std::ios::binary) << *record;
  const CliResult run = cli({"run", "--db", fresh("other.db"), downloaded});
  CHECK(run.code == kExitOk);
  CHECK(run.err.find("unknown rule set") == std::string::npos);
  // The page is the file to import back: its record is imported (with its rules).
  const CliResult imp = cli({"replay", "import", page, "--db", clean});
  INFO(imp.err);
  REQUIRE(imp.code == kExitOk);
  // Exported again from the database (the rules are not shipped there): still TGN 2.
  const auto again = web::record_of_page(cli({"replay", "export", "1", "--db", clean, "--format", "html"}).out);
  REQUIRE(again);
  CHECK(again->rfind("[Format \"TGN 2\"]", 0) == 0);
  // A game on shipped rules keeps the plain record.
  const std::string rec = std::string(TW_SOURCE_DIR) + "/tests/records/base/06-majority.tgn";
  const auto shipped = web::record_of_page(cli({"replay", "export", rec, "--db", clean, "--format", "html"}).out);
  REQUIRE(shipped);
  CHECK(shipped->rfind("[Format \"TGN 1\"]", 0) == 0);
  // An HTML file that is not a page is refused as such.
  const std::string other = (dir.path / "other.html").string();
  std::ofstream(other) << "<!DOCTYPE html><p>hello</p>";
  const CliResult bad = cli({"replay", "import", other, "--db", clean});
  CHECK(bad.code == kExitInput);
  CHECK(bad.err.find("not a Tilewright review page") != std::string::npos);
}

TEST_CASE("web page: evaluations kept by analyse --replay give the graph, a fresh analysis supersedes their marks (issue 61, item 12)") {
  static const TempTestDir dir;
  const std::string db = (dir.path / "kept.db").string();
  std::filesystem::copy_file(test_db_path(), db, std::filesystem::copy_options::overwrite_existing);
  const std::string rec = std::string(TW_SOURCE_DIR) + "/tests/records/base/06-majority.tgn";
  REQUIRE(cli({"replay", "import", rec, "--db", db}).code == kExitOk);
  REQUIRE(cli({"analyse", "--replay", "1", "--annotate", "--bot", "mcts:40", "--db", db}).code == kExitOk);
  // Without --analyse: the kept evaluations, the marks in the move list those of the graph.
  const auto kept = page_data_of(cli({"replay", "export", "1", "--db", db, "--format", "html"}).out);
  REQUIRE(kept.contains("measure"));
  size_t evals = 0;
  for (const auto& n : kept["nodes"]) {
    if (!n.contains("ev")) continue;
    ++evals;
    CHECK(n.value("g", std::string()) == n["ev"].value("glyph", std::string()));
  }
  CHECK(evals > 0);
  // A re-analysis (another budget and seed): its marks replace the kept ones, none disagree.
  const auto fresh = page_data_of(
      cli({"replay", "export", "1", "--db", db, "--format", "html", "--analyse", "15", "--seed", "9"}).out);
  for (const auto& n : fresh["nodes"])
    if (n.contains("ev") && n.contains("g")) CHECK(n["g"] == n["ev"].value("glyph", std::string()));
}

}  // namespace
}  // namespace tw::test
