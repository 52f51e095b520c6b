// The command line's plumbing (issue 30, "The command line"): "-" for standard input and
// output, one meaning of --json with JSON errors everywhere, ranges said in words, outputs
// checked before work, supplies in run --json, whole seat names in analyse, colour,
// dynamic completion, content clone --set and replay import --rename.
#include <unistd.h>

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/colour.h"
#include "cli/commands.h"
#include "cli/files.h"
#include "cli_run.h"
#include "engine/tgn.h"
#include "fixtures.h"

namespace fs = std::filesystem;
using namespace tw;
using test::cli;
using J = nlohmann::json;

namespace {

// In the anonymous namespace as in the suite's other files: in a unity batch with them it
// is then the same alias declared again, where at file scope clang's -Wshadow saw it
// shadow theirs.
using Result = test::CliResult;

struct IoDir {
  fs::path path;
  IoDir() {
    static int n = 0;
    path = fs::temp_directory_path() / ("tw-io-" + std::to_string(::getpid()) + "-" + std::to_string(++n));
    fs::create_directories(path);
  }
  ~IoDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  std::string p(const std::string& name) const { return (path / name).string(); }
  std::string file(const std::string& name, const std::string& text) const {
    std::ofstream(p(name), std::ios::binary) << text;
    return p(name);
  }
  std::string db(const std::string& name = "t.db") const {
    if (!fs::exists(p(name))) fs::copy_file(TW_TEST_DB, p(name));
    return p(name);
  }
};

const std::string kDb = TW_TEST_DB;

// A finished game record of two bots, written by play.
std::string game_record(const IoDir& d, const std::string& rule_set = "base", const std::string& seed = "3",
                        const std::string& db = kDb) {
  const std::string f = d.p(rule_set + "-" + seed + ".tgn");
  const Result r = cli({"play", "--ruleset", rule_set, "--players", "bot:greedy,bot:random", "--seed", seed, "--quiet",
                        "--no-record", "--out", f, "--db", db});
  REQUIRE(r.code == kExitOk);
  return f;
}

std::string io_last_line(std::string s) {
  while (!s.empty() && s.back() == '\n') s.pop_back();
  return s.substr(s.rfind('\n') == std::string::npos ? 0 : s.rfind('\n') + 1);
}

}  // namespace

TEST_CASE("standard input: - reads a record, pack or archive from standard input") {
  IoDir d;
  const std::string rec = game_record(d);
  const std::string text = test::read_text(rec);
  const Result from_file = cli({"run", rec, "--db", kDb});
  REQUIRE(from_file.code == kExitOk);
  const Result from_stdin = cli({"run", "-", "--db", kDb}, text);
  CHECK(from_stdin.code == kExitOk);
  CHECK(from_stdin.out == from_file.out);  // before: "cannot read -: no such file"
  CHECK(cli({"run", "--json", "-", "--ply", "4", "--db", kDb}, text).out ==
        cli({"run", rec, "--ply", "4", "--json", "--db", kDb}).out);
  // options and suggest too.
  const std::string cut = test::read_text(rec).substr(0, test::read_text(rec).find("\n5."));
  const std::string part = d.file("part.tgn", cut + "\n");
  CHECK(cli({"options", "-", "--db", kDb}, cut + "\n").out == cli({"options", part, "--db", kDb}).out);
  // replay import - and content import -.
  const std::string db = d.db();
  const Result imp = cli({"replay", "import", "-", "--db", db}, text);
  CHECK(imp.code == kExitOk);
  CHECK(io_last_line(imp.out) == "1");
  const Result pack = cli({"content", "export", "gcc", "--db", kDb});
  REQUIRE(pack.code == kExitOk);
  const std::string fresh = d.p("fresh.db");
  fs::copy_file(TW_TEST_DB, fresh);
  CHECK(cli({"content", "import", "-", "--rename", "gcc-copy", "--db", fresh}, pack.out).code == kExitOk);
  CHECK(cli({"content", "diff", "gcc", "gcc-copy", "--db", fresh}).code == kExitOk);
  // Too much on standard input is refused as a file would be.
  const Result big = cli({"run", "-", "--db", kDb}, std::string(tgn::kMaxRecordBytes + 10, ' '));
  CHECK(big.code == kExitInput);
  CHECK(big.err.find("standard input: more than") != std::string::npos);
}

TEST_CASE("standard output: - writes JSON, CSV and exports to standard output, never a file named -") {
  IoDir d;
  const fs::path here = fs::current_path();
  fs::current_path(d.path);
  const Result sim = cli({"simulate", "--games", "3", "--threads", "1", "--json=-", "--db", kDb});
  const Result csv = cli({"simulate", "--games", "3", "--threads", "1", "--csv", "-", "--db", kDb});
  const Result old = cli({"simulate", "--games", "3", "--threads", "1", "--json", "-", "--db", kDb});
  const bool no_dash_file = !fs::exists(d.path / "-");
  fs::current_path(here);
  REQUIRE(sim.code == kExitOk);
  const J j = J::parse(sim.out);  // the JSON alone: no table around it
  CHECK(j["games"].size() == 3);
  CHECK(no_dash_file);
  REQUIRE(csv.code == kExitOk);
  CHECK(csv.out.find("index,") == 0);  // the CSV header first: no table
  CHECK(std::count(csv.out.begin(), csv.out.end(), '\n') == 4);
  CHECK(old.code == kExitOk);
  CHECK(J::parse(old.out)["games"].size() == 3);
  // Two outputs cannot share standard output.
  const Result both = cli({"simulate", "--games", "3", "--json", "--csv", "-", "--db", kDb});
  CHECK(both.code == kExitInput);
  CHECK(both.err.find("only one output can go to standard output") != std::string::npos);
  CHECK(cli({"simulate", "--games", "3", "--plot", "-", "--db", kDb}).err.find("--plot wants a file name") !=
        std::string::npos);
  // replay export --out - is the record on standard output.
  const std::string db = d.db();
  REQUIRE(cli({"replay", "import", game_record(d), "--db", db}).code == kExitOk);
  const Result exp = cli({"replay", "export", "1", "--out", "-", "--db", db});
  CHECK(exp.code == kExitOk);
  CHECK(exp.out.rfind("[Format \"TGN", 0) == 0);
}

TEST_CASE("json: one rule for --json for every command, --json=FILE writes the same JSON to FILE") {
  IoDir d;
  const std::string rec = game_record(d);
  // run: the flag in any position (NOTATION.md), and --json=FILE.
  const Result a = cli({"run", rec, "--json", "--db", kDb});
  const Result b = cli({"run", "--json", rec, "--db", kDb});
  REQUIRE(a.code == kExitOk);
  CHECK(a.out == b.out);
  const std::string out = d.p("state.json");
  const Result c = cli({"run", rec, "--json=" + out, "--db", kDb});
  CHECK(c.code == kExitOk);
  CHECK(c.out.empty());
  CHECK(test::read_text(out) == a.out);
  // simulate: --json alone is the study on standard output; --json=FILE keeps the table.
  const std::string study = d.p("s.json");
  const Result s = cli({"simulate", "--games", "2", "--threads", "1", "--json=" + study, "--db", kDb});
  REQUIRE(s.code == kExitOk);
  CHECK(s.out.find("games") != std::string::npos);
  const J sj = J::parse(test::read_text(study));
  const Result s2 = cli({"simulate", "--games", "2", "--threads", "1", "--json", "--db", kDb});
  REQUIRE(s2.code == kExitOk);
  CHECK(J::parse(s2.out)["games"] == sj["games"]);
  // The old spelling still writes the file, with a note.
  const std::string old = d.p("old.json");
  const Result o = cli({"simulate", "--games", "2", "--threads", "1", "--json", old, "--db", kDb});
  CHECK(o.code == kExitOk);
  CHECK(o.err.find("--json FILE is the old spelling; write --json=") != std::string::npos);
  CHECK(J::parse(test::read_text(old))["games"] == sj["games"]);
  // merge reads parts and prints the merged study.
  const Result m = cli({"merge", study, "--json"});
  CHECK(m.code == kExitOk);
  CHECK(J::parse(m.out)["games"] == sj["games"]);
  // validate and replay list gain it.
  const Result v = cli({"validate", "--json", "--db", kDb});
  REQUIRE(v.code == kExitOk);
  const J vj = J::parse(v.out);
  CHECK(vj["ok"] == true);
  CHECK(vj["rule_sets"].get<int>() >= 6);
  const std::string db = d.db();
  REQUIRE(cli({"replay", "import", rec, "--db", db}).code == kExitOk);
  const Result l = cli({"replay", "list", "--json", "--db", db});
  REQUIRE(l.code == kExitOk);
  const J lj = J::parse(l.out);
  REQUIRE(lj["replays"].size() == 1);
  CHECK(lj["replays"][0]["id"] == 1);
  CHECK(lj["replays"][0]["rule_set"] == "base");
  CHECK(lj["replays"][0]["players"] == "bot:greedy, bot:random");
  CHECK(lj["replays"][0]["finished"] == true);
}

TEST_CASE("json errors: with --json every failure is one JSON object on standard output too") {
  IoDir d;
  const auto error_of = [](const Result& r) {
    INFO(r.out << r.err);
    const J j = J::parse(r.out);
    REQUIRE(j.contains("error"));
    CHECK(j.contains("ply"));
    CHECK(j.contains("line"));
    return j["error"].get<std::string>();
  };
  // content show / diff of an unknown id (before: nothing on stdout).
  const Result show = cli({"content", "show", "gccc", "--json", "--db", kDb});
  CHECK(show.code == kExitInput);
  CHECK(error_of(show).find("no rule set, level or tile set 'gccc' (did you mean 'gcc'?)") != std::string::npos);
  const Result diff = cli({"content", "diff", "gcc", "nope", "--json", "--db", kDb});
  CHECK(diff.code == kExitInput);
  CHECK(error_of(diff).find("'nope'") != std::string::npos);
  // replay list on a missing database; validate on one; a usage error; simulate.
  const Result list = cli({"replay", "list", "--json", "--db", d.p("missing.db")});
  CHECK(list.code == kExitDatabase);
  CHECK(error_of(list).find("missing.db") != std::string::npos);
  const Result val = cli({"validate", d.p("missing.db"), "--json"});
  CHECK(val.code == kExitDatabase);
  CHECK(error_of(val).find("missing.db") != std::string::npos);
  const Result usage = cli({"simulate", "--games", "0", "--json"});
  CHECK(usage.code == kExitInput);
  CHECK(error_of(usage).find("--games") != std::string::npos);
  const Result sim = cli({"simulate", "--ruleset", "nope", "--games", "2", "--json", "--db", kDb});
  CHECK(sim.code != kExitOk);
  CHECK(error_of(sim).find("nope") != std::string::npos);
  // With --json=FILE the error goes into FILE.
  const std::string f = d.p("e.json");
  const Result to_file = cli({"content", "show", "gccc", "--json=" + f, "--db", kDb});
  CHECK(to_file.code == kExitInput);
  CHECK(to_file.out.empty());
  CHECK(J::parse(test::read_text(f)).contains("error"));
  CHECK(cli({"run", "x.tgn", "--json=", "--db", kDb}).code == kExitInput);
}

TEST_CASE("numeric options say their range in words") {
  const Result games = cli({"simulate", "--games", "0", "--db", kDb});
  CHECK(games.code == kExitInput);
  CHECK(games.err.find("--games: must be a whole number from 1 to 2147483647, not '0'") != std::string::npos);
  CHECK(games.err.find("1797693") == std::string::npos);
  CHECK(games.err.find("0.000000") == std::string::npos);
  const Result word = cli({"simulate", "--games", "many", "--db", kDb});
  CHECK(word.err.find("--games: must be a whole number from 1 to 2147483647, not 'many'") != std::string::npos);
  const Result huge = cli({"simulate", "--games", "99999999999", "--db", kDb});
  CHECK(huge.code == kExitInput);
  CHECK(huge.err.find("from 1 to 2147483647") != std::string::npos);
  CHECK(cli({"bench", "--players", "9", "--db", kDb}).err.find("--players: must be a whole number from 1 to 6, not '9'") !=
        std::string::npos);
  CHECK(cli({"simulate", "--seed", "-1", "--db", kDb}).err.find("from 0 to 18446744073709551615") != std::string::npos);
  CHECK(cli({"simulate", "--threads", "-2", "--db", kDb}).err.find("--threads: must be a whole number from 0 to 1024") !=
        std::string::npos);
  CHECK(cli({"compare", "base", "gcc", "--alpha", "1.5", "--db", kDb})
            .err.find("--alpha: must be a number strictly between 0 and 1, not '1.5'") != std::string::npos);
  CHECK(cli({"run", "x.tgn", "--ply", "-1", "--db", kDb}).err.find("--ply: must be a whole number from 0 to") !=
        std::string::npos);
  CHECK(cli({"simulate", "--games", "+2", "--threads", "1", "--db", kDb}).code == kExitOk);
  // Replay ids: a word, or a number past int64 (before: silently the largest id).
  CHECK(cli({"replay", "show", "abc", "--db", kDb}).err.find("id: must be a whole number from 1 to 9223372036854775807, not 'abc'") !=
        std::string::npos);
  CHECK(cli({"replay", "show", "99999999999999999999", "--db", kDb}).code == kExitInput);
}

TEST_CASE("every output path is checked before any game is played") {
  IoDir d;
  for (const char* opt : {"--json=", "--csv=", "--plot="}) {
    const std::string arg = std::string(opt) + "/nonexistent/dir/x.out";
    const Result r = cli({"simulate", "--games", "2000", arg, "--db", kDb});
    CHECK(r.code == kExitInput);
    CHECK(r.err.find("no folder /nonexistent/dir") != std::string::npos);
    CHECK(r.out.empty());  // no table: nothing was played
  }
  const Result dir = cli({"simulate", "--games", "2000", "--csv", d.path.string(), "--db", kDb});
  CHECK(dir.code == kExitInput);
  CHECK(dir.err.find("it is a folder") != std::string::npos);
  const Result play = cli({"play", "--players", "bot:random,bot:random", "--out", "/nonexistent/g.tgn", "--no-record",
                           "--db", kDb});
  CHECK(play.code == kExitInput);
  CHECK(play.err.find("/nonexistent") != std::string::npos);
  CHECK(cli({"play", "--players", "bot:random,bot:random", "--out", "-", "--no-record", "--db", kDb}).code ==
        kExitInput);
  std::string why;
  CHECK(check_writable(d.p("new.json"), &why));
  CHECK(check_writable("-", &why));
  CHECK_FALSE(check_writable(d.p("missing/new.json"), &why));
}

TEST_CASE("run --json: every follower and guard is on the board or in a supply") {
  IoDir d;
  for (const std::string rs : {"base", "gcc"}) {
    const std::string rec = game_record(d, rs, "4");
    const J start = J::parse(cli({"run", rec, "--ply", "0", "--json", "--db", kDb}).out);
    REQUIRE(start["supply"].size() == 2);
    for (const std::string ply : {"17", "40"}) {
      const Result r = cli({"run", rec, "--ply", ply, "--json", "--db", kDb});
      REQUIRE(r.code == kExitOk);
      const J j = J::parse(r.out);
      for (const char* k : {"ruleset", "scores", "board", "followers", "pending", "tiles_left"}) CHECK(j.contains(k));
      for (size_t p = 0; p < 2; ++p) {
        const J& s = j["supply"][p];
        const std::string who = s["player"];
        int meeples = 0, guards = 0;
        for (const auto& f : j["followers"])
          if (f["player"] == who) ++(f["kind"] == "guard" ? guards : meeples);
        INFO(rs << " ply " << ply << " " << who);
        CHECK(s["followers"].get<int>() + meeples == start["supply"][p]["followers"].get<int>());
        if (rs == "gcc") {
          const std::string colour = s["colour"];
          CHECK(s["guards"].get<int>() + guards + j["general_supply"]["guards"][colour].get<int>() ==
                start["supply"][p]["guards"].get<int>() + start["general_supply"]["guards"][colour].get<int>());
        } else {
          CHECK(s["guards"].is_null());
          CHECK(j["general_supply"].is_null());
        }
      }
    }
  }
}

TEST_CASE("analyse prints seat names whole") {
  IoDir d;
  std::string text = test::read_text(game_record(d));
  const auto at = text.find("[Players \"");
  REQUIRE(at != std::string::npos);
  text.replace(at, text.find('\n', at) - at, "[Players \"bot:mcts:50, bot:mcts:500\"]");
  const auto res = text.find("[Result");
  if (res != std::string::npos) text.erase(res, text.find('\n', res) - res + 1);
  const std::string rec = d.file("long.tgn", text);
  const Result r = cli({"analyse", rec, "--bot", "mcts:20", "--from", "1", "--to", "4", "--threads", "1", "--db", kDb});
  REQUIRE(r.code == kExitOk);
  CHECK(r.out.find(" bot:mcts:50 ") != std::string::npos);
  CHECK(r.out.find(" bot:mcts:500 ") != std::string::npos);  // before: cut to "bot:mcts:5"
}

TEST_CASE("colour: only on a terminal, never with NO_COLOR") {
  std::ostringstream s;
  CHECK_FALSE(colour_wanted(s));
  ::setenv("NO_COLOR", "1", 1);
  CHECK_FALSE(colour_wanted(std::cout));
  ::unsetenv("NO_COLOR");
  if (!isatty(STDOUT_FILENO)) CHECK_FALSE(colour_wanted(std::cout));
  CHECK(paint("Ann", 0, true) == "\x1b[31mAnn\x1b[0m");
  CHECK(paint("Ann", 0, false) == "Ann");
  CHECK(paint("Ann", -1, true) == "Ann");
  // The tests' streams are not a terminal: no escape in any output.
  IoDir d;
  CHECK(cli({"run", game_record(d), "--db", kDb}).out.find('\x1b') == std::string::npos);
}

TEST_CASE("completion: ids from the database at completion time, and fish") {
  IoDir d;
  const std::string db = d.db();
  const Result rs = cli({"complete", "rulesets", "--db", db});
  CHECK(rs.code == kExitOk);
  CHECK(rs.out.find("gcc\n") != std::string::npos);
  CHECK(rs.out.find("mists-3") == std::string::npos);
  CHECK(cli({"complete", "levels", "--db", db}).out.find("mists-3\n") != std::string::npos);
  CHECK(cli({"complete", "bots", "--db", db}).out.find("greedy\n") != std::string::npos);
  CHECK(cli({"complete", "ids", "--db", db}).out.find("tile_set:base\n") != std::string::npos);
  // A new rule set is offered at once, and a broken database gives nothing, quietly.
  REQUIRE(cli({"content", "clone", "gcc", "gcc-fresh", "--db", db}).code == kExitOk);
  CHECK(cli({"complete", "rulesets", "--db", db}).out.find("gcc-fresh\n") != std::string::npos);
  const Result none = cli({"complete", "rulesets", "--db", d.p("missing.db")});
  CHECK(none.code == kExitOk);
  CHECK(none.out.empty());
  CHECK(none.err.empty());
  // Hidden from help, the scripts' command lists and the manual page.
  CHECK(cli({"--help"}).out.find("complete ") == std::string::npos);
  CHECK(man_page().find("tilewright complete") == std::string::npos);
  const std::string fish = completion_script("fish");
  CHECK(fish.rfind("# fish completion for tilewright", 0) == 0);
  CHECK(fish.find("-l ruleset -x -a '(__tilewright_dyn rulesets)'") != std::string::npos);
  CHECK(fish.find("complete -c tilewright -n '__tilewright_at \"replay\"' -a 'import'") != std::string::npos);
  CHECK(cli({"completion", "fish"}).code == kExitOk);
  const fs::path share = fs::path(TW_BUILD_DIR) / "share";
  CHECK(test::read_text(share / "fish" / "vendor_completions.d" / "tilewright.fish") == fish);
  // The bash script asks the binary: complete "simulate --ruleset g" and "content show mi".
  const fs::path bin = fs::path(TW_BUILD_DIR) / "cli" / "tilewright";
  if (std::system("command -v bash > /dev/null 2>&1") == 0 && fs::exists(bin)) {
    const std::string script = d.file("c.bash", completion_script("bash"));
    const auto complete = [&](const std::string& words, int cword) {
      const std::string out = d.p("reply.txt");
      const std::string cmd = "HOME='" + d.path.string() + "' bash -c 'source " + script + "; COMP_WORDS=(" + bin.string() + " " + words +
                              "); COMP_CWORD=" + std::to_string(cword) +
                              "; _tilewright; printf \"%s\\n\" \"${COMPREPLY[@]}\"' > " + out;
      REQUIRE(std::system(cmd.c_str()) == 0);
      return test::read_text(out);
    };
    const std::string g = complete("simulate --db " + db + " --ruleset g", 5);
    CHECK(g.find("gcc\n") != std::string::npos);
    CHECK(g.find("gcc-fresh\n") != std::string::npos);
    CHECK(g.find("base") == std::string::npos);
    CHECK(complete("content show --db " + db + " mists-", 5).find("mists-3\n") != std::string::npos);
    CHECK(complete("simulate --bots greedy,m", 3) == "greedy,mcts\n");
    // Issue 56: --db ~/t.db as typed (the ~ is not expanded in COMP_WORDS) is the file in HOME.
    const std::string tilde = complete("simulate --db \"~/t.db\" --ruleset gcc-f", 5);
    CHECK(tilde == "gcc-fresh\n");
    // content clone takes a rule set or level to copy, not a tile set.
    const std::string clone = complete("content clone --db " + db + " \"\"", 5);
    CHECK(clone.find("mists-3\n") != std::string::npos);
    CHECK(clone.find("gcc-fresh\n") != std::string::npos);
    CHECK(clone.find("tile_set:") == std::string::npos);
    // Each word once: --help and --version at the top level.
    const std::string top = complete("--", 1);
    const auto count = [&](const std::string& w) {
      size_t n = 0;
      for (size_t at = top.find(w + "\n"); at != std::string::npos; at = top.find(w + "\n", at + 1))
        if (at == 0 || top[at - 1] == '\n') ++n;
      return n;
    };
    CHECK(count("--help") == 1);
    CHECK(count("--version") == 1);
  }
}

TEST_CASE("content clone: a variant from the command line, checked as validate checks") {
  IoDir d;
  const std::string db = d.db();
  const Result ok = cli({"content", "clone", "gcc", "gcc-harsh", "--set", "ghost_penalty=3", "--db", db});
  REQUIRE(ok.code == kExitOk);
  CHECK(ok.out.find("Cloned rule set gcc as gcc-harsh") != std::string::npos);
  CHECK(ok.out.find("ghost_penalty 2 -> 3") != std::string::npos);
  const Result diff = cli({"content", "diff", "gcc", "gcc-harsh", "--json", "--db", db});
  CHECK(diff.code == 1);
  const J dj = J::parse(diff.out);
  REQUIRE(dj["differences"].size() == 1);
  CHECK(dj["differences"][0]["field"] == "ghost_penalty");
  CHECK(cli({"validate", "--db", db}).code == kExitOk);
  CHECK(cli({"simulate", "--ruleset", "gcc-harsh", "--games", "2", "--threads", "1", "--db", db}).code == kExitOk);
  // Refused, with nothing written: an unknown key, a value out of range, a taken id.
  const auto listing = [&] { return cli({"content", "list", "--json", "--db", db}).out; };
  const std::string before = listing();
  const Result key = cli({"content", "clone", "gcc", "gcc-x", "--set", "ghost_penalti=3", "--db", db});
  CHECK(key.code == kExitIllegal);
  CHECK(key.err.find("ghost_penalty") != std::string::npos);  // the did-you-mean of the loader
  const Result range = cli({"content", "clone", "gcc", "gcc-x", "--set", "ghost_penalty=100000", "--db", db});
  CHECK(range.code == kExitIllegal);
  CHECK(range.err.find("nothing was written") != std::string::npos);
  const Result taken = cli({"content", "clone", "gcc", "base", "--db", db});
  CHECK(taken.code == kExitInput);
  CHECK(taken.err.find("already a rule set or level 'base'") != std::string::npos);
  CHECK(cli({"content", "clone", "gcc", "gcc-x", "--set", "ghost_penalty", "--db", db}).code == kExitInput);
  CHECK(cli({"content", "clone", "gcc", "gcc-x", "--set", "ghost_penalty=x", "--db", db}).code == kExitInput);
  const Result dry = cli({"content", "clone", "gcc", "gcc-x", "--set", "guards=1", "--dry-run", "--db", db});
  CHECK(dry.code == kExitOk);
  CHECK(dry.out.find("nothing written") != std::string::npos);
  CHECK(listing() == before);
  // A level: its numbers.
  const Result lv = cli({"content", "clone", "mists-3", "mists-3b", "--set", "target=80", "--db", db});
  INFO(lv.err);
  CHECK(lv.code == kExitOk);
  CHECK(cli({"content", "diff", "mists-3", "mists-3b", "--db", db}).out.find("target") != std::string::npos);
  CHECK(cli({"content", "clone", "mists-3", "mists-3c", "--set", "colour=1", "--db", db}).err.find("numbers:") !=
        std::string::npos);
}

TEST_CASE("replay import --rename: a record whose rules clash stores them under a new id") {
  IoDir d;
  const std::string designer = d.db("designer.db"), other = d.db("other.db");
  REQUIRE(cli({"content", "clone", "gcc", "gcc-harsh", "--set", "ghost_penalty=3", "--db", designer}).code == kExitOk);
  REQUIRE(cli({"content", "clone", "gcc", "gcc-harsh", "--set", "ghost_penalty=5", "--db", other}).code == kExitOk);
  // A record that carries its rules (TGN 2).
  const std::string rec = d.p("g.tgn");
  REQUIRE(cli({"play", "--ruleset", "gcc-harsh", "--players", "bot:greedy,bot:random", "--seed", "3", "--quiet",
               "--no-record", "--with-rules", "--out", rec, "--db", designer})
              .code == kExitOk);
  const Result clash = cli({"replay", "import", rec, "--db", other});
  CHECK(clash.code == kExitIllegal);
  CHECK(clash.err.find("--rename gcc-harsh-2") != std::string::npos);  // the suggested fix ...
  const Result fixed = cli({"replay", "import", rec, "--rename", "gcc-harsh-2", "--db", other});
  INFO(fixed.err);
  REQUIRE(fixed.code == kExitOk);  // ... works
  const std::string id = io_last_line(fixed.out);
  const J list = J::parse(cli({"replay", "list", "--json", "--db", other}).out);
  REQUIRE(list["replays"].size() == 1);
  CHECK(list["replays"][0]["rule_set"] == "gcc-harsh-2");
  CHECK(cli({"replay", "verify", id, "--db", other}).code == kExitOk);
  CHECK(cli({"content", "diff", "gcc-harsh-2", "gcc-harsh", "--db", other}).code == kExitIllegal);
  CHECK(cli({"content", "diff", "gcc-harsh-2", "gcc-harsh", "--db", designer}).code == kExitInput);  // not there
  // The same scores as on the designer's database.
  const Result exported = cli({"replay", "export", id, "--db", other});
  REQUIRE(exported.code == kExitOk);
  CHECK(exported.out.find("[Ruleset \"gcc-harsh-2\"]") != std::string::npos);

  // A record that only names its digest: --rename names a rule set made with the record's
  // rules, e.g. by content import --rename (the fix the old message suggested, a dead end).
  const std::string plain = d.p("plain.tgn");
  REQUIRE(cli({"play", "--ruleset", "gcc-harsh", "--players", "bot:greedy,bot:random", "--seed", "4", "--quiet",
               "--no-record", "--out", plain, "--db", designer})
              .code == kExitOk);
  const std::string third = d.db("third.db");
  REQUIRE(cli({"content", "clone", "gcc", "gcc-harsh", "--set", "ghost_penalty=5", "--db", third}).code == kExitOk);
  const Result missing = cli({"replay", "import", plain, "--rename", "gcc-harsh-2", "--db", third});
  CHECK(missing.code == kExitInput);
  CHECK(missing.err.find("content import PACK --rename gcc-harsh-2") != std::string::npos);
  const std::string pack = d.p("p.json");
  REQUIRE(cli({"content", "export", "gcc-harsh", "--out", pack, "--db", designer}).code == kExitOk);
  REQUIRE(cli({"content", "import", pack, "--rename", "gcc-harsh-2", "--db", third}).code == kExitOk);
  const Result renamed = cli({"replay", "import", plain, "--rename", "gcc-harsh-2", "--db", third});
  INFO(renamed.err);
  CHECK(renamed.code == kExitOk);
  CHECK(cli({"replay", "verify", io_last_line(renamed.out), "--db", third}).code == kExitOk);
  // A name whose rules differ from the record's is refused as before.
  CHECK(cli({"replay", "import", plain, "--rename", "gcc", "--db", third}).code == kExitIllegal);
}
