// `tilewright replay export ID|FILE.tgn --format html`: the web page of a stored replay
// or of a record file, with --analyse; the errors (web/page.h; the page itself is tested
// in tests/web/).
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "cli/commands.h"
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

}  // namespace
}  // namespace tw::test
