// The command line as people use it, through run_cli (what main() runs): conventional
// exit codes, --db anywhere, suggestions for misspelled names, JSON failures, co-op rule
// sets without a level, the terminal board, replay options/vary/list, completion and
// the manual page.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <map>
#include <fstream>
#include <set>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/app.h"
#include "cli_run.h"
#include "cli/commands.h"
#include "engine/bots/mcts.h"
#include "present/record.h"
#include "fixtures.h"
#include "schema/store.h"

namespace fs = std::filesystem;
using namespace tw;

namespace {

using Result = test::CliResult;
using test::cli;

struct AppDir {
  fs::path path;
  AppDir() {
    static int n = 0;
    path = fs::temp_directory_path() / ("tw-app-" + std::to_string(::getpid()) + "-" + std::to_string(++n));
    fs::create_directories(path);
  }
  ~AppDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  std::string file(const std::string& name, const std::string& text = "") const {
    const auto p = (path / name).string();
    if (!text.empty()) std::ofstream(p, std::ios::binary) << text;
    return p;
  }
  std::string db() const {
    const auto p = (path / "t.db").string();
    if (!fs::exists(p)) fs::copy_file(TW_TEST_DB, p);
    return p;
  }
};

const std::string kAppDb = TW_TEST_DB;
const std::string kHead = "[Format \"TGN 1\"]\n[Ruleset \"base\"]\n[Players \"Ann, Ben\"]\n[Seed \"1\"]\n";

}  // namespace

TEST_CASE("usage errors exit 2 and name the closest command or option") {
  const Result unknown = cli({"simulat", "--games", "3"});
  CHECK(unknown.code == kExitInput);  // before: 109 or "A subcommand is required"
  CHECK(unknown.err.find("unknown command 'simulat' (did you mean 'simulate'?)") != std::string::npos);
  CHECK(unknown.err.find("commands: run, options, validate, simulate") != std::string::npos);
  const Result sub = cli({"replay", "shwo", "1"});
  CHECK(sub.code == kExitInput);
  CHECK(sub.err.find("tilewright replay: unknown command 'shwo' (did you mean 'show'?)") != std::string::npos);
  const Result opt = cli({"simulate", "--gmaes", "3", "--db", kAppDb});
  CHECK(opt.code == kExitInput);  // before: 109
  CHECK(opt.err.find("unknown option '--gmaes' (did you mean '--games'?)") != std::string::npos);
  const Result missing = cli({"run"});
  CHECK(missing.code == kExitInput);  // before: 106
  CHECK(missing.err.find("file is required") != std::string::npos);
  const Result range = cli({"bench", "--players", "9", "--db", kAppDb});
  CHECK(range.code == kExitInput);
  CHECK(cli({"--help"}).code == kExitOk);
  CHECK(cli({"simulate", "--help"}).out.find("--games") != std::string::npos);
  CHECK(cli({"--version"}).out.rfind("tilewright ", 0) == 0);
}

TEST_CASE("the database option is accepted before or after the subcommand") {
  const Result before = cli({"--db", kAppDb, "validate"});
  CHECK(before.code == kExitOk);
  CHECK(before.out.find(kAppDb + ": ok") != std::string::npos);
  const Result after = cli({"validate", "--db", kAppDb});
  CHECK(after.code == kExitOk);
  AppDir d;
  const std::string db = d.db();
  CHECK(cli({"--db", db, "replay", "list"}).out.find("no replays") != std::string::npos);
  CHECK(cli({"--db", "/nonexistent/x.db", "bench"}).code == kExitDatabase);
}

TEST_CASE("every unknown name lists the known ones and suggests the closest") {
  const Result level = cli({"simulate", "--level", "mists-9", "--games", "2", "--db", kAppDb});
  CHECK(level.code == kExitInput);
  CHECK(level.err.find("unknown level 'mists-9' (did you mean 'mists-1'?) (known: mists-1, mists-2") !=
        std::string::npos);  // before: no list
  const Result rs = cli({"bench", "--ruleset", "gc", "--games", "1", "--db", kAppDb});
  CHECK(rs.code == kExitInput);
  CHECK(rs.err.find("unknown rule set 'gc' (did you mean 'gcc'?)") != std::string::npos);
  const Result bot = cli({"simulate", "--bots", "greedi,random", "--games", "2", "--db", kAppDb});
  CHECK(bot.code == kExitInput);
  CHECK(bot.err.find("unknown bot 'greedi' (did you mean 'greedy'?)") != std::string::npos);
  // A misspelled parameter key names the closest key, not all fifty.
  AppDir d;
  Store store = Store::open(d.db(), Store::Mode::ReadWrite);
  try {
    store.save_rule_params("gcc", {{"ghost_banc", 3}});
    FAIL("saved");
  } catch (const LoadError& e) {
    const std::string m = e.what();
    CHECK(m.find("did you mean 'ghost_bank'?") != std::string::npos);
    CHECK(m.find("remove_tiles_5") == std::string::npos);
  }
}

TEST_CASE("a co-op rule set without a level plays its first level, said so, in simulate, play and run") {
  const Result sim = cli({"simulate", "--ruleset", "mists", "--games", "4", "--threads", "1", "--db", kAppDb});
  CHECK(sim.code == kExitOk);
  CHECK(sim.err.find("rule set mists is cooperative") != std::string::npos);
  CHECK(sim.err.find("playing mists-1") != std::string::npos);
  CHECK(sim.out.find("win rate:") != std::string::npos);   // the co-op meter,
  CHECK(sim.out.find("ties for first") == std::string::npos);  // not a competitive table
  // The meter names who measured, with the budget.
  CHECK(sim.out.find("players: bot:coop (one ply) x2;") != std::string::npos);
  const Result strong = cli({"simulate", "--level", "mists-1", "--bots", "mcts:2,mcts", "--games", "1", "--threads",
                             "1", "--db", kAppDb});
  CHECK(strong.code == kExitOk);
  const std::string coop_budget = " iterations a placement or evaluation, the co-op bot's other decisions";
  CHECK(strong.out.find("2 players: bot:mcts:2 (2" + coop_budget + "), bot:mcts (" +
                        std::to_string(tw::kMctsDefaultCoop) + coop_budget + ");") != std::string::npos);
  const Result play = cli({"play", "--ruleset", "mists", "--players", "bot:coop,bot:coop", "--seed", "2", "--quiet",
                           "--no-record", "--db", kAppDb});
  CHECK(play.code == kExitOk);
  CHECK(play.err.find("playing mists-1") != std::string::npos);
  AppDir d;
  const std::string rec = d.file("coop.tgn", "[Format \"TGN 1\"]\n[Ruleset \"mists\"]\n[Players \"Ann, Ben\"]\n[Seed \"1\"]\n");
  const Result run = cli({"run", rec, "--db", kAppDb});
  CHECK(run.code == kExitOk);
  CHECK(run.err.find("playing mists-1") != std::string::npos);
}

TEST_CASE("run --json prints a JSON object on failure too, with the same exit code") {
  AppDir d;
  const std::string illegal = d.file("illegal.tgn", kHead + "[Draw \"E\"]\n\n1. place E 0,1 r0\n");
  const Result a = cli({"run", "--json", illegal, "--db", kAppDb});
  CHECK(a.code == kExitIllegal);  // before: nothing on stdout
  const auto j = nlohmann::json::parse(a.out);
  CHECK(j["ply"] == 1);
  CHECK(j["line"] == 7);
  CHECK(j["error"].get<std::string>().find("illegal decision 'place E 0,1 r0'") != std::string::npos);
  CHECK_FALSE(j["legal"].empty());
  const std::string syntax = d.file("syntax.tgn", kHead + "\n1. place E 0,1 r45\n");
  const Result b = cli({"run", "--json", syntax, "--db", kAppDb});
  CHECK(b.code == kExitInput);
  const auto k = nlohmann::json::parse(b.out);
  CHECK(k["line"] == 6);
  CHECK(k["ply"].is_null());
  const Result c = cli({"run", "--json", d.file("missing.tgn"), "--db", kAppDb});
  CHECK(c.code == kExitInput);
  CHECK(nlohmann::json::parse(c.out)["error"].get<std::string>().find("no such file") != std::string::npos);
  const Result e = cli({"run", "--json", illegal, "--db", "/nonexistent/x.db"});
  CHECK(e.code == kExitDatabase);
  CHECK(nlohmann::json::parse(e.out).contains("error"));
  const Result u = cli({"run", "--json"});
  CHECK(u.code == kExitInput);
  CHECK(nlohmann::json::parse(u.out).contains("error"));
}

TEST_CASE("run --json names a big follower 'big' with its weight, an ordinary one 'meeple'") {
  AppDir d;
  const std::string rec = d.file("big.tgn", "[Format \"TGN 1\"]\n[Ruleset \"base-big\"]\n[Players \"Ann, Ben\"]\n"
                                            "[Seed \"1\"]\n[Draw \"N U\"]\n\n"
                                            "1. place N 0,1 r180 big city:E\n2. place U 1,0 r0 meeple road:E\n");
  const Result r = cli({"run", "--json", rec, "--db", kAppDb});
  REQUIRE(r.code == kExitOk);
  const auto j = nlohmann::json::parse(r.out);
  REQUIRE(j["followers"].size() == 2);
  std::map<std::string, nlohmann::json> by;  // the list is in follower order, not move order
  for (const auto& f : j["followers"]) by[f["player"].get<std::string>()] = f;
  REQUIRE(by.size() == 2);
  CHECK(by["Ann"]["kind"] == "big");  // before: "meeple"
  CHECK(by["Ann"]["weight"] == 2);
  CHECK(by["Ann"]["at"] == "city:E");
  CHECK(by["Ben"]["kind"] == "meeple");
  CHECK(by["Ben"]["weight"] == 1);
}

TEST_CASE("options on a finished game says so and exits 1") {
  AppDir d;
  // test-final: a 3-tile pile, finished after three turns.
  const std::string rec = d.file("done.tgn", "[Format \"TGN 1\"]\n[Ruleset \"test-final\"]\n[Players \"Ann, Ben\"]\n"
                                             "[Seed \"1\"]\n");
  // Play it to the end with bots, then ask for options.
  const Result play = cli({"play", "--ruleset", "test-final", "--players", "bot:random,bot:random", "--seed", "1",
                           "--quiet", "--no-record", "--out", rec, "--db", test::test_db_path().string()});
  REQUIRE(play.code == kExitOk);
  const Result o = cli({"options", rec, "--db", test::test_db_path().string()});
  CHECK(o.code == kExitIllegal);  // before: nothing, exit 0
  CHECK(o.out.empty());
  CHECK(o.err.find("the game is over") != std::string::npos);
}

TEST_CASE("the terminal board fits the terminal around the last tile, shows guards, ghosts and the drawn tile") {
  // A long gcc game: the whole board is wider than 60 columns.
  Game g;
  GameSetup s;
  s.rule_set = "gcc";
  s.seed = 4;
  s.players = {{"Ann", ""}, {"Ben", ""}};
  REQUIRE_FALSE(Game::create(test::default_content(), s, g));
  Rng rng(9);
  bool guard = false, ghost = false;
  while (!g.finished() && g.ply() < 1000) {
    // Prefer guards and followers, so both are on the board.
    const auto& opts = g.pending().options;
    size_t pick = static_cast<size_t>(rng.below(opts.size()));
    for (size_t i = 0; i < opts.size(); ++i)
      if (opts[i].kind == OptKind::Guard && !guard) pick = i;
    g.apply_index(pick);
    for (const auto& f : g.followers()) {
      guard = guard || (f.placed >= 0 && f.kind == FollowerKind::Guard);
      ghost = ghost || (f.placed >= 0 && tw::ghosts_with(f) > 0);
    }
  }
  const std::string full = board_text(g);
  size_t widest = 0;
  for (std::istringstream in(full); !in.eof();) {
    std::string line;
    std::getline(in, line);
    widest = std::max(widest, line.size());
  }
  REQUIRE(widest > 60);  // the whole board would wrap in a 60-column terminal
  BoardView v;
  v.columns = 60;
  v.rows = 20;
  const std::string fit = board_text(g, v);
  size_t lines = 0;
  for (std::istringstream in(fit); !in.eof();) {
    std::string line;
    std::getline(in, line);
    if (line.empty()) continue;
    ++lines;
    if (line[0] != '(') CHECK(line.size() <= 60);
  }
  CHECK(lines <= 21);  // the note, then at most 20 lines
  CHECK(fit.find("; h j k l c b)") != std::string::npos);
  // The last tile placed is inside the window.
  const auto& last = g.placed().back();
  CHECK(fit.find(" " + std::to_string(last.x) + " ") != std::string::npos);
  // A guard shows as its player's letter, a ghost as '*' (this seeded game has both;
  // ghosts may have left with their followers by the end, so also the tile ghosts).
  REQUIRE(guard);
  CHECK(full.find_first_of("ab") != std::string::npos);
  bool ghosts_now = false;
  for (const auto& f : g.followers()) ghosts_now = ghosts_now || (f.placed >= 0 && tw::ghosts_with(f) > 0);
  for (size_t p = 0; p < g.placed().size(); ++p) ghosts_now = ghosts_now || tile_ghosts(g, static_cast<int>(p)) > 0;
  CHECK(ghost);
  CHECK((full.find('*') != std::string::npos) == ghosts_now);
  CHECK(legend_text(g).find("a b ... a player's guard") != std::string::npos);
  // The drawn tile in every rotation with a legal placement.
  Game fresh;
  REQUIRE_FALSE(Game::create(test::default_content(), s, fresh));
  const std::string drawn = drawn_tile_text(fresh);
  std::set<int> rots;
  for (const Option& o : fresh.pending().options) rots.insert(o.rot);
  for (int r : rots) CHECK(drawn.find(" r" + std::to_string(90 * r)) != std::string::npos);
  CHECK(drawn.find("To place") == 0);
}

TEST_CASE("terminal play: board keys redraw without a decision, piped answers still play") {
  const Result r = cli({"play", "--players", "Ann,bot:random", "--seed", "3", "--no-record", "--db", kAppDb},
                       "h\nl\nc\nb\n?\n1\nq\n");
  CHECK(r.code == kExitOk);
  CHECK(r.out.find("Legend: C city") != std::string::npos);
  CHECK(r.out.find("To place, in every rotation that fits:") != std::string::npos);
  CHECK(r.out.find("Stopped at ply 1") != std::string::npos);  // the keys made no decision; "1" did
}

TEST_CASE("replay options lists the options at a node, vary appends after it, list filters by level") {
  AppDir d;
  const std::string db = d.db();
  const std::string rec = d.file("g.tgn");
  REQUIRE(cli({"play", "--players", "bot:greedy,bot:random", "--seed", "8", "--quiet", "--db", db, "--out", rec}).code ==
          kExitOk);
  const Result opts = cli({"replay", "options", "1", "--ply", "2", "--db", db});
  REQUIRE(opts.code == kExitOk);
  CHECK(opts.out.rfind("place ", 0) == 0);  // after ply 2 (a placement and its follower step): a placement
  const Result start = cli({"replay", "options", "1", "--ply", "0", "--db", db});
  CHECK(start.out.rfind("place ", 0) == 0);
  // A variation at ply 3, then two moves appended after its first node: the line grows.
  const std::string alt = [&] {
    std::istringstream in(cli({"replay", "options", "1", "--ply", "2", "--db", db}).out);
    std::string first, second;
    std::getline(in, first);
    std::getline(in, second);
    const Result shown = cli({"replay", "show", "1", "--ply", "3", "--db", db});
    return shown.out.find("Node 3 (game ply 3): " + first) == std::string::npos ? first : second;
  }();
  const Result v = cli({"replay", "vary", "1", "--ply", "3", "--replace", alt, "--db", db});
  REQUIRE(v.code == kExitOk);
  CHECK(v.out == "Added variation 3/0:1 (1 ply)\n");
  const Result next = cli({"replay", "options", "1", "--node", "3/0:1", "--db", db});
  REQUIRE(next.code == kExitOk);
  std::string follow = next.out.substr(0, next.out.find('\n'));
  const Result ext = cli({"replay", "vary", "1", "--node", "3/0:1", follow, "--db", db});
  INFO(ext.err);
  REQUIRE(ext.code == kExitOk);  // before: a variation replacing 3/0:1
  CHECK(ext.out == "Added 1 move after 3/0:1, from 3/0:2\n");
  CHECK(cli({"replay", "show", "1", "--node", "3/0:2", "--db", db}).code == kExitOk);
  // At the end of the main line there is nothing to extend.
  const Result end = cli({"replay", "vary", "1", "--ply", "999", "pass", "--db", db});
  CHECK(end.code == kExitInput);
  // list --level
  REQUIRE(cli({"play", "--level", "mists-2", "--players", "bot:coop", "--seed", "1", "--quiet", "--db", db}).code ==
          kExitOk);
  const Result lv = cli({"replay", "list", "--level", "mists-2", "--db", db});
  CHECK(lv.out.find("mists-2") != std::string::npos);
  CHECK(lv.out.find("\n") == lv.out.size() - 1);  // one replay
  CHECK(cli({"replay", "list", "--level", "mists-5", "--db", db}).out.find("no replays") == 0);
}

TEST_CASE("completion scripts and the manual page come from the command definitions") {
  const std::string bash = completion_script("bash");
  for (const char* w : {"simulate", "--games", "replay", "delete-variation", "--replace", "--full", "completion"})
    CHECK(bash.find(w) != std::string::npos);
  CHECK(bash.find("complete -o filenames -F _tilewright tilewright") != std::string::npos);
  const std::string zsh = completion_script("zsh");
  CHECK(zsh.rfind("#compdef tilewright", 0) == 0);
  CHECK(zsh.find("\"--games:number of games\"") != std::string::npos);
  const std::string man = man_page();
  CHECK(man.find(".SH EXIT STATUS") != std::string::npos);
  for (const char* c : {"tilewright run", "tilewright replay vary", "tilewright validate"})
    CHECK(man.find(c) != std::string::npos);
  CHECK(cli({"completion", "tcsh"}).code == kExitInput);
  CHECK(cli({"completion", "bash"}).out == bash);
  // The bash script is valid bash.
  AppDir d;
  const std::string f = d.file("c.bash", bash);
  if (std::system("command -v bash > /dev/null 2>&1") == 0) CHECK(std::system(("bash -n " + f).c_str()) == 0);
  // The build generated the same files.
  const fs::path share = fs::path(TW_BUILD_DIR) / "share";
  CHECK(test::read_text(share / "bash-completion" / "completions" / "tilewright") == bash);
  CHECK(test::read_text(share / "man" / "man1" / "tilewright.1") == man);
}

// Issue 56 item 10: the rough edges a new user meets first.
TEST_CASE("usage: bare tilewright lists the commands, usage lines name the whole command, extra words named") {
  const Result bare = cli({});
  CHECK(bare.code == kExitInput);
  CHECK(bare.err.rfind("tilewright: give a command\n", 0) == 0);
  CHECK(bare.err.find("Usage: tilewright [OPTIONS] SUBCOMMAND") != std::string::npos);
  for (const char* c : {"run", "simulate", "replay", "content", "match"}) CHECK(bare.err.find(std::string("  ") + c + " ") != std::string::npos);
  const Result group = cli({"replay", "--db", kAppDb});
  CHECK(group.code == kExitInput);
  CHECK(group.err.find("tilewright replay: give a command") != std::string::npos);
  CHECK(group.err.find("Usage: tilewright replay [OPTIONS] SUBCOMMAND") != std::string::npos);
  CHECK(group.err.find("  export ") != std::string::npos);
  // --help and --version still answer on their own.
  CHECK(cli({"--help"}).code == kExitOk);
  CHECK(cli({"--version"}).code == kExitOk);
  const Result help = cli({"replay", "export", "--help"});
  CHECK(help.code == kExitOk);
  CHECK(help.out.find("Usage: tilewright replay export [OPTIONS] id") != std::string::npos);
  CHECK(cli({"run", "--help"}).out.find("Usage: tilewright run [OPTIONS] file") != std::string::npos);
  CHECK(cli({"--help"}).out.find("Usage: tilewright [OPTIONS]") != std::string::npos);
  // `run m.tgn --json -`: --json takes no separate value, said so (text and JSON alike).
  const Result dash = cli({"run", "m.tgn", "--json", "-", "--db", kAppDb});
  CHECK(dash.code == kExitInput);
  CHECK(dash.err.find("tilewright run: --json takes no value after a space: --json alone prints the JSON on standard "
                      "output, --json=FILE writes it to FILE (here: --json=-)") != std::string::npos);
  CHECK(dash.err.find("not expected") == std::string::npos);
  CHECK(dash.out.find("{\"error\":\"tilewright run: --json takes no value") == 0);
  const Result extra = cli({"run", "m.tgn", "more.tgn", "--db", kAppDb});
  CHECK(extra.code == kExitInput);
  CHECK(extra.err.find("tilewright run: unexpected argument 'more.tgn' (usage: tilewright run [OPTIONS] file)") !=
        std::string::npos);
}

TEST_CASE("the manual page's exit status lists every code the commands use, 4 included") {
  const std::string man = man_page();
  const size_t at = man.find(".SH EXIT STATUS");
  REQUIRE(at != std::string::npos);
  const std::string status = man.substr(at, man.find(".SH ", at + 1) - at);
  for (const char* code : {".B 0\n", ".B 1\n", ".B 2\n", ".B 3\n", ".B 4\n"}) CHECK(status.find(code) != std::string::npos);
  CHECK(status.find("busy") != std::string::npos);
}
