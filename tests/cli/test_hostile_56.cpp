// Issue 56: the faults hostile input found, each reproduced as the command line meets it,
// in a temporary folder of its own (the sanitizer build runs these too).
#include <SQLiteCpp/SQLiteCpp.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "cli/commands.h"
#include "cli_run.h"

namespace fs = std::filesystem;
using namespace tw;
using test::cli;

namespace {

struct HostileDir {
  fs::path path;
  HostileDir() {
    static int n = 0;
    path = fs::temp_directory_path() / ("tw-hostile-" + std::to_string(::getpid()) + "-" + std::to_string(++n));
    fs::create_directories(path);
  }
  ~HostileDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  std::string p(const std::string& name) const { return (path / name).string(); }
  std::string db(const std::string& name = "t.db") const {
    if (!fs::exists(p(name))) fs::copy_file(TW_TEST_DB, p(name));
    return p(name);
  }
};

bool has_raw_control(const std::string& s) {
  for (const char ch : s) {
    const auto b = static_cast<unsigned char>(ch);
    if ((b < 0x20 && b != '\n' && b != '\t') || b == 0x7f) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("item 5: replay import refuses seats no bot can take, as run does") {
  HostileDir d;
  const std::string db = d.db();
  const std::string rec = d.p("g.tgn");
  REQUIRE(cli({"play", "--db", db, "--players", "bot:greedy,bot:random", "--seed", "2", "--quiet", "--no-record",
               "--out", rec})
              .code == kExitOk);
  std::ostringstream read;
  read << std::ifstream(rec, std::ios::binary).rdbuf();
  const std::string text = read.str();
  for (const std::string bot : {"bot:nosuch", "bot:mcts:999999999", "bot:mcts:-5"}) {
    CAPTURE(bot);
    std::string bad = text;
    const size_t at = bad.find("bot:random");
    REQUIRE(at != std::string::npos);
    bad.replace(at, 10, bot);
    const std::string file = d.p("bad.tgn");
    std::ofstream(file, std::ios::binary) << bad;
    const auto run = cli({"run", "--db", db, file});
    const auto imp = cli({"replay", "import", "--db", db, file});
    INFO(run.err << imp.err);
    CHECK(run.code == kExitInput);
    CHECK(imp.code == kExitInput);  // the same failure, the same exit code
    CHECK(imp.err.find("unknown bot") != std::string::npos);
  }
  const auto list = cli({"replay", "list", "--db", db});
  CHECK(list.out.find("nosuch") == std::string::npos);
  CHECK(list.out.find("999999999") == std::string::npos);
}

TEST_CASE("item 6: a replay row that breaks a CHECK constraint is named by validate --full and can be deleted") {
  HostileDir d;
  const std::string db = d.db();
  REQUIRE(cli({"play", "--db", db, "--players", "bot:greedy,bot:random", "--seed", "3", "--quiet"}).code == kExitOk);
  REQUIRE(cli({"play", "--db", db, "--players", "bot:greedy,bot:random", "--seed", "4", "--quiet"}).code == kExitOk);
  {
    SQLite::Database raw(db, SQLite::OPEN_READWRITE);
    raw.exec("PRAGMA ignore_check_constraints = ON; UPDATE replay SET plies = -1 WHERE id = 1");
  }
  const auto v = cli({"validate", "--full", "--db", db});
  INFO(v.out << v.err);
  CHECK(v.code == kExitDatabase);
  CHECK(v.err.find("table replay row 1: CHECK constraint failed") != std::string::npos);
  CHECK(v.err.find("replay delete") != std::string::npos);
  // The other replay is still usable, and the bad row can be removed with Tilewright.
  CHECK(cli({"replay", "verify", "--db", db, "2"}).code == kExitOk);
  const auto del = cli({"replay", "delete", "--db", db, "1"});
  INFO(del.out << del.err);
  CHECK(del.code == kExitOk);
  CHECK(cli({"validate", "--full", "--db", db}).code == kExitOk);
}

TEST_CASE("item 4: control characters in content ids and names are refused at load, and never printed raw") {
  HostileDir d;
  const std::string db = d.db();
  {
    SQLite::Database raw(db, SQLite::OPEN_READWRITE);
    raw.exec("UPDATE rule_set SET name = 'evil' || char(27) || ']0;owned' || char(7) || char(27) || '[2J' "
             "WHERE id = 'gcc'");
  }
  for (const std::vector<std::string>& words :
       {std::vector<std::string>{"content", "show", "gcc", "--db", db}, {"content", "list", "--db", db},
        {"validate", "--db", db}}) {
    const auto r = cli(words);
    INFO(words[0] << " " << words[1] << ": " << r.out << r.err);
    CHECK(r.code != kExitOk);
    CHECK(r.err.find("rule_set row gcc column name") != std::string::npos);
    CHECK(r.err.find("control character") != std::string::npos);
    CHECK_FALSE(has_raw_control(r.out));
    CHECK_FALSE(has_raw_control(r.err));
  }
}

TEST_CASE("item 7: content import --dry-run refuses what the import refuses, with the same exit code") {
  HostileDir d;
  const std::string db = d.db();
  const std::string pack = d.p("p.json");
  REQUIRE(cli({"content", "export", "gcc", "--db", db, "--out", pack}).code == kExitOk);
  std::ostringstream read;
  read << std::ifstream(pack, std::ios::binary).rdbuf();
  std::string text = read.str();
  // An unknown parameter, under a new id so that nothing conflicts.
  const size_t key = text.find("\"key\":\"");
  REQUIRE(key != std::string::npos);
  text.insert(key + 7, "zz_");
  std::ofstream(pack, std::ios::binary | std::ios::trunc) << text;
  const auto dry = cli({"content", "import", pack, "--rename", "gcc-dry", "--dry-run", "--db", db});
  const auto imp = cli({"content", "import", pack, "--rename", "gcc-dry", "--db", db});
  INFO(dry.out << dry.err << "\n---\n" << imp.out << imp.err);
  CHECK(dry.code == imp.code);
  CHECK(dry.code == kExitIllegal);
  CHECK(dry.err.find("zz_") != std::string::npos);
  CHECK(dry.err.find("nothing was written") != std::string::npos);
  CHECK(cli({"content", "list", "--db", db}).out.find("gcc-dry") == std::string::npos);
  // A pack the import takes passes the dry run.
  const auto good = d.p("good.json");
  REQUIRE(cli({"content", "export", "gcc", "--db", db, "--out", good}).code == kExitOk);
  const auto ok = cli({"content", "import", good, "--rename", "gcc-dry", "--dry-run", "--db", db});
  INFO(ok.out << ok.err);
  CHECK(ok.code == kExitOk);
  CHECK(ok.out.find("would pass the loader's checks") != std::string::npos);
}
