// The tilewright commands end to end, through the same functions main() calls: bad
// input gives a clear error and the documented exit code, never a crash; play writes a
// record that run replays; simulate, bench, validate and options print what they say.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli/commands.h"
#include "engine/tgn.h"
#include "fixtures.h"

namespace fs = std::filesystem;
using namespace tw;

namespace {

struct TempFile {
  fs::path path;
  explicit TempFile(const std::string& name, const std::string& text = "")
      : path(fs::temp_directory_path() / ("tw-cli-" + std::to_string(::getpid()) + "-" + name)) {
    std::ofstream(path, std::ios::binary) << text;
  }
  ~TempFile() {
    std::error_code ec;
    fs::remove(path, ec);
  }
};

const char* kHeader = "[Format \"TGN 1\"]\n[Ruleset \"base\"]\n[Players \"Ann, Ben\"]\n[Seed \"1\"]\n";

}  // namespace

TEST_CASE("run: a TGN syntax error names file, line and column", "[cli]") {
  TempFile f("syntax.tgn", std::string(kHeader) + "[Draw \"E\"]\n\n1. place E 0,1 r45\n");
  RunOptions o;
  o.file = f.path.string();
  std::ostringstream out, err;
  CHECK(cmd_run(test::default_content(), o, out, err) == kExitInput);
  CHECK(err.str().find(f.path.string() + ":7:") != std::string::npos);
  CHECK(err.str().find("r45") != std::string::npos);
  CHECK(out.str().empty());
}

TEST_CASE("run: a missing file and a record without tags are input errors", "[cli]") {
  RunOptions o;
  o.file = "/nonexistent/game.tgn";
  std::ostringstream out, err;
  CHECK(cmd_run(test::default_content(), o, out, err) == kExitInput);
  CHECK(err.str().find("cannot read /nonexistent/game.tgn") != std::string::npos);
  TempFile f("notags.tgn", "1. place E 0,1 r180\n");
  o.file = f.path.string();
  std::ostringstream out2, err2;
  CHECK(cmd_run(test::default_content(), o, out2, err2) == kExitInput);
  CHECK(err2.str().find("Format") != std::string::npos);
}

TEST_CASE("run: an illegal decision exits 1 and --verbose lists the legal options", "[cli]") {
  TempFile f("illegal.tgn", std::string(kHeader) + "[Draw \"E\"]\n\n1. place E 0,1 r0\n");
  RunOptions o;
  o.file = f.path.string();
  o.verbose = true;
  std::ostringstream out, err;
  CHECK(cmd_run(test::default_content(), o, out, err) == kExitIllegal);
  CHECK(err.str().find("ply 1") != std::string::npos);
  CHECK(err.str().find("4 legal options") != std::string::npos);
  CHECK(err.str().find("  place E 0,1 r180\n") != std::string::npos);
}

TEST_CASE("run --ply stops early and options lists the pending decision", "[cli]") {
  TempFile f("ply.tgn", std::string(kHeader) + "[Draw \"E U\"]\n\n1. place E 0,1 r180 pass\n2. place U 1,0 r0 pass\n");
  RunOptions o;
  o.file = f.path.string();
  o.json = true;
  o.ply = 1;
  std::ostringstream out, err;
  REQUIRE(cmd_run(test::default_content(), o, out, err) == kExitOk);
  CHECK(out.str().find("\"ply\":1,") != std::string::npos);
  CHECK(out.str().find("\"kind\":\"follower\"") != std::string::npos);
  std::ostringstream opts, err2;
  REQUIRE(cmd_options(test::default_content(), f.path.string(), opts, err2) == kExitOk);
  // After both turns the third tile is pending: one placement per line.
  std::istringstream lines(opts.str());
  std::string line;
  int n = 0;
  while (std::getline(lines, line)) {
    CHECK(line.rfind("place ", 0) == 0);
    ++n;
  }
  CHECK(n > 0);
}

TEST_CASE("load_db: a corrupt database is a clear error with exit code 3", "[cli]") {
  TempFile f("garbage.db", std::string(4096, 'x'));
  DbOptions o;
  o.db = f.path.string();
  std::ostringstream err;
  int code = 0;
  CHECK_FALSE(load_db(o, err, &code).has_value());
  CHECK(code == kExitDatabase);
  CHECK(err.str().find(f.path.string()) != std::string::npos);
}

TEST_CASE("validate: the shipped database passes and every rule set plays", "[cli]") {
  std::ostringstream out, err;
  REQUIRE(cmd_validate(TW_TEST_DB, out, err) == kExitOk);
  CHECK(out.str().find(": ok") != std::string::npos);
  CHECK(err.str().empty());
}

TEST_CASE("play with bots writes a record that run replays to the same result", "[cli]") {
  TempFile rec("bots.tgn");
  PlayOptions p;
  p.players = "bot:greedy, bot:random";
  p.seed = 11;
  p.out_file = rec.path.string();
  p.quiet = true;
  std::istringstream in;
  std::ostringstream out, err;
  REQUIRE(cmd_play(test::default_content(), p, in, out, err, false) == kExitOk);
  const std::string text = test::read_text(rec.path);
  auto parsed = tgn::parse(text);
  REQUIRE(parsed.record);
  const std::string* result = parsed.record->tag("Result");
  REQUIRE(result);
  CHECK(out.str().find("Result: " + *result) != std::string::npos);
  RunOptions o;
  o.file = rec.path.string();
  std::ostringstream rout, rerr;
  REQUIRE(cmd_run(test::default_content(), o, rout, rerr) == kExitOk);
  CHECK(rout.str().find("Finished (no tiles left): " + *result) != std::string::npos);
  // Canonical text: writing the parsed record again gives the same bytes.
  CHECK(tgn::write(*parsed.record) == text);
}

TEST_CASE("play: a human answers by number or text, q stops and the record is kept", "[cli]") {
  TempFile rec("human.tgn");
  PlayOptions p;
  p.players = "Ann, bot:random";
  p.seed = 5;
  p.out_file = rec.path.string();
  std::istringstream in("1\nnot an option\npass\nq\n");
  std::ostringstream out, err;
  REQUIRE(cmd_play(test::default_content(), p, in, out, err, true) == kExitOk);
  CHECK(out.str().find("not legal") != std::string::npos);
  CHECK(out.str().find("Stopped at ply") != std::string::npos);
  auto parsed = tgn::parse(test::read_text(rec.path));
  REQUIRE(parsed.record);
  REQUIRE(parsed.record->mainline.size() >= 2);
  CHECK(parsed.record->mainline[0].move.rfind("place ", 0) == 0);
  CHECK(parsed.record->mainline[1].move == "pass");
}

TEST_CASE("simulate reports every seat with intervals, bench prints its signature", "[cli]") {
  SimulateOptions s;
  s.bots = {"greedy", "random"};
  s.games = 30;
  s.threads = 2;
  s.progress = false;
  std::ostringstream out, err;
  REQUIRE(cmd_simulate(test::default_content(), s, out, err) == kExitOk);
  CHECK(out.str().find("bot:greedy") != std::string::npos);
  CHECK(out.str().find("±") != std::string::npos);
  CHECK(out.str().find("% (") != std::string::npos);
  s.bots = {"random", "nosuch"};
  std::ostringstream out2, err2;
  CHECK(cmd_simulate(test::default_content(), s, out2, err2) == kExitInput);
  CHECK(err2.str().find("unknown bot 'nosuch'") != std::string::npos);

  BenchOptions b;
  b.games = 50;
  std::string error;
  auto r1 = run_bench(test::default_content(), b, &error);
  auto r2 = run_bench(test::default_content(), b, &error);
  REQUIRE((r1 && r2));
  CHECK(r1->placements == r2->placements);  // the signature is a fixed function of the code
  CHECK(r1->hash == r2->hash);
  CHECK(r1->games == 50);
  std::ostringstream bout, berr;
  REQUIRE(cmd_bench(test::default_content(), b, bout, berr) == kExitOk);
  CHECK(bout.str().find("signature: placements ") != std::string::npos);
}

TEST_CASE("simulate and threads: results do not depend on the thread count", "[cli]") {
  SimulateOptions s;
  s.bots = {"random", "random", "random"};
  s.games = 40;
  s.progress = false;
  auto table = [&](int threads) {
    s.threads = threads;
    std::ostringstream out, err;
    REQUIRE(cmd_simulate(test::default_content(), s, out, err) == kExitOk);
    // Drop the first line (timing) and keep the table.
    const std::string t = out.str();
    return t.substr(t.find('\n') + 1);
  };
  CHECK(table(1) == table(2));
}
