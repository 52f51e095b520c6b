// Terminal play driven through piped answers, as a user types them: did-you-mean on a
// mistyped decision, resume from a record or the recovery file, take-back, hint, and
// placements that are the same by symmetry listed once.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "cli/commands.h"
#include "cli_run.h"
#include "engine/tgn.h"
#include "fixtures.h"
#include "present/record.h"

namespace fs = std::filesystem;
using namespace tw;
using test::cli;

namespace {

const std::string kTerminalDb = TW_TEST_DB;

struct PlayDir {
  fs::path path;
  std::string old_state;
  bool had_state = false;
  PlayDir() {
    static int n = 0;
    path = fs::temp_directory_path() / ("tw-play-" + std::to_string(::getpid()) + "-" + std::to_string(++n));
    fs::create_directories(path);
    // Recovery files go here, not into the home directory.
    if (const char* s = std::getenv("XDG_STATE_HOME")) old_state = s, had_state = true;
    ::setenv("XDG_STATE_HOME", (path / "state").c_str(), 1);
  }
  ~PlayDir() {
    if (had_state) ::setenv("XDG_STATE_HOME", old_state.c_str(), 1);
    else ::unsetenv("XDG_STATE_HOME");
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  std::string file(const std::string& name, const std::string& text = "") const {
    const auto p = (path / name).string();
    if (!text.empty()) std::ofstream(p, std::ios::binary) << text;
    return p;
  }
};

// The options play listed last: the lines "   N. text".
std::vector<std::string> listed(const std::string& out) {
  std::vector<std::string> opts;
  std::istringstream in(out);
  std::string line;
  while (std::getline(in, line)) {
    // (no std::regex here: GCC 12 warns inside <regex> at -O1 with the sanitizers)
    const size_t digits = line.find_first_not_of(' ');
    if (digits == 0 || digits == std::string::npos) continue;
    const size_t dot = line.find_first_not_of("0123456789", digits);
    if (dot == digits || dot == std::string::npos || line.compare(dot, 2, ". ") != 0) continue;
    if (line.compare(digits, dot - digits, "1") == 0) opts.clear();
    opts.push_back(line.substr(dot + 2));
  }
  return opts;
}

tgn::Record read_record(const std::string& file) {
  auto parsed = tgn::parse(test::read_text(file));
  REQUIRE(parsed.record);
  return *parsed.record;
}

}  // namespace

TEST_CASE("play: a mistyped decision is answered with the legal option meant") {
  PlayDir d;
  const auto first = cli({"play", "--players", "Ann,bot:random", "--seed", "3", "--no-record", "--db", kTerminalDb}, "q\n");
  REQUIRE(first.code == kExitOk);
  const auto opts = listed(first.out);
  REQUIRE_FALSE(opts.empty());
  const std::string option = opts.front();  // "place X x,y rN"
  REQUIRE(option.rfind("place ", 0) == 0);
  const std::string typo = "plase" + option.substr(5);
  const auto r = cli({"play", "--players", "Ann,bot:random", "--seed", "3", "--no-record", "--db", kTerminalDb},
                     typo + "\nq\n");
  REQUIRE(r.code == kExitOk);
  CHECK(r.out.find("not legal: ") != std::string::npos);
  CHECK(r.out.find("(did you mean '" + option + "'?)") != std::string::npos);
  // Nothing close: no suggestion.
  const auto far = cli({"play", "--players", "Ann,bot:random", "--seed", "3", "--no-record", "--db", kTerminalDb},
                       "xyzzy plugh\nq\n");
  CHECK(far.out.find("not legal: ") != std::string::npos);
  CHECK(far.out.find("did you mean") == std::string::npos);
  CHECK(far.out.find("Stopped at ply 0") != std::string::npos);
}

TEST_CASE("placements that are the same by symmetry: one canonical rotation, any equivalent one accepted") {
  const Content& c = test::default_content();
  const auto tile = [&](const char* id) -> const TileType& {
    const int i = c.find_tile(id);
    REQUIRE(i >= 0);
    return c.tiles[static_cast<size_t>(i)];
  };
  // B: a monastery in a field, the same at every rotation.
  for (int r = 0; r < 4; ++r) CHECK(canonical_rotation(tile("B"), r) == 0);
  // U: a straight road, the same turned half way round.
  CHECK(same_by_symmetry(tile("U"), 0, 2));
  CHECK_FALSE(same_by_symmetry(tile("U"), 0, 1));
  CHECK(canonical_rotation(tile("U"), 3) == 1);
  // D (city, road, field): no symmetry; E (one city side): none.
  for (int r = 1; r < 4; ++r) {
    CHECK_FALSE(same_by_symmetry(tile("D"), 0, r));
    CHECK_FALSE(same_by_symmetry(tile("E"), 0, r));
  }
  // A game whose first tile is B: its placements listed once per cell.
  PlayDir d;
  const auto rec = d.file("monastery.tgn", "[Format \"TGN 1\"]\n[Ruleset \"base\"]\n[Players \"Ann, bot:random\"]\n"
                                           "[Seed \"1\"]\n[Draw \"B U D E\"]\n\n");
  const auto r = cli({"play", "--resume", rec, "--no-record", "--db", kTerminalDb}, "q\n");
  REQUIRE(r.code == kExitOk);
  const auto opts = listed(r.out);
  REQUIRE_FALSE(opts.empty());
  for (const auto& o : opts) CHECK(o.substr(o.size() - 3) == " r0");
  // (the engine lists them once: no option of the list is left out as another's rotation)
  CHECK(r.out.find("rotations that give the same placement are listed once)") == std::string::npos);
  // The same placement typed at another rotation is accepted and recorded at the
  // canonical rotation (records write one rotation of a placement: docs/notation.md).
  const std::string at180 = opts.front().substr(0, opts.front().size() - 2) + "r180";
  const auto out = d.file("out.tgn");
  const auto t = cli({"play", "--resume", rec, "--no-record", "--out", out, "--db", kTerminalDb}, at180 + "\nq\n");
  REQUIRE(t.code == kExitOk);
  CHECK(t.out.find("not legal") == std::string::npos);
  REQUIRE(read_record(out).mainline.size() == 1);
  CHECK(read_record(out).mainline[0].move == opts.front());
}

TEST_CASE("play --resume goes on with a record, or with the recovery file of a stopped game") {
  PlayDir d;
  // A game stopped after two decisions leaves a recovery file.
  const auto stopped =
      cli({"play", "--players", "Ann,bot:random", "--seed", "7", "--no-record", "--db", kTerminalDb}, "1\n1\nq\n");
  REQUIRE(stopped.code == kExitOk);
  const std::string kept = "The game so far is kept in ";
  const size_t at = stopped.out.find(kept);
  REQUIRE(at != std::string::npos);
  const size_t end = stopped.out.find(".tgn", at);
  REQUIRE(end != std::string::npos);
  const std::string recovery = stopped.out.substr(at + kept.size(), end + 4 - at - kept.size());
  REQUIRE(fs::exists(recovery));
  const auto before = read_record(recovery);
  REQUIRE(before.mainline.size() >= 2);  // Ann's two decisions and the bot's
  // Resumed: the same position, the moves kept, the recovery file goes on being written.
  const auto again = cli({"play", "--resume", recovery, "--no-record", "--db", kTerminalDb}, "1\nq\n");
  REQUIRE(again.code == kExitOk);
  CHECK(again.out.find("Resumed from " + recovery + " at ply " + std::to_string(before.mainline.size())) !=
        std::string::npos);
  CHECK(again.out.find("players: Ann,bot:random") != std::string::npos);  // the Players tag as typed
  const auto after = read_record(recovery);
  REQUIRE(after.mainline.size() > before.mainline.size());
  for (size_t i = 0; i < before.mainline.size(); ++i) CHECK(after.mainline[i].move == before.mainline[i].move);
  CHECK(*after.tag("Seed") == "7");
  // A record (not a recovery file) is left as it was; bots take over the seats and finish.
  const auto rec = d.file("game.tgn", test::read_text(recovery));
  const auto out = d.file("done.tgn");
  const auto done = cli({"play", "--resume", rec, "--players", "bot:greedy,bot:random", "--quiet", "--no-record",
                         "--out", out, "--db", kTerminalDb});
  REQUIRE(done.code == kExitOk);
  CHECK(done.out.find("Result: ") != std::string::npos);
  CHECK(test::read_text(rec) == test::read_text(recovery));
  const auto finished = read_record(out);
  CHECK(finished.tag("Result") != nullptr);
  for (size_t i = 0; i < after.mainline.size(); ++i) CHECK(finished.mainline[i].move == after.mainline[i].move);
  // A finished game has nothing to resume; --resume takes the seed from the record.
  const auto over = cli({"play", "--resume", out, "--no-record", "--db", kTerminalDb});
  CHECK(over.code == kExitIllegal);
  CHECK(over.err.find("the game is over") != std::string::npos);
  CHECK(cli({"play", "--resume", rec, "--seed", "3", "--no-record", "--db", kTerminalDb}).code == kExitInput);
  CHECK(cli({"play", "--resume", rec, "--players", "a,b,c", "--no-record", "--db", kTerminalDb}).code == kExitInput);
  const auto missing = cli({"play", "--resume", d.file("nowhere.tgn"), "--no-record", "--db", kTerminalDb});
  CHECK(missing.code == kExitInput);
}

TEST_CASE("play: take-back returns to the player's previous decision, never over another human's") {
  PlayDir d;
  const auto out = d.file("tb.tgn");
  // Ann places and decides her follower; the bot plays; at her next placement she takes
  // back twice: to her follower decision (1 decision made: ply 1), then to her placement
  // (ply 0). The message counts plies as the board's heading does (issue 56).
  const auto r = cli({"play", "--players", "Ann,bot:random", "--seed", "5", "--no-record", "--out", out, "--db", kTerminalDb},
                     "1\n1\nu\nu\nu\nq\n");
  REQUIRE(r.code == kExitOk);
  CHECK(r.out.find("taken back to ply 1\n") != std::string::npos);
  CHECK(r.out.find("taken back to ply 0\n") != std::string::npos);
  for (size_t at = r.out.find("taken back to ply "); at != std::string::npos; at = r.out.find("taken back to ply ", at + 1)) {
    const size_t n = at + 18;
    const std::string ply = r.out.substr(n, r.out.find('\n', n) - n);
    const std::string board = "Ruleset base · ply ";
    const size_t heading = r.out.find(board, n);
    REQUIRE(heading != std::string::npos);
    CHECK(r.out.substr(heading, r.out.find(' ', heading + board.size()) - heading) == board + ply);
  }
  CHECK(r.out.find("nothing to take back: no decision yet") != std::string::npos);
  CHECK(r.out.find("Stopped at ply 0") != std::string::npos);
  CHECK(read_record(out).mainline.empty());
  // The game goes on after a take-back, from the same position.
  const auto again = cli({"play", "--players", "Ann,bot:random", "--seed", "5", "--no-record", "--out", out, "--db",
                          kTerminalDb}, "1\nu\n1\n1\nq\n");
  REQUIRE(again.code == kExitOk);
  CHECK(again.out.find("taken back to ply 0") != std::string::npos);
  CHECK(read_record(out).mainline.size() >= 2);
  // Two humans: Ben cannot take back Ann's decisions.
  const auto two = cli({"play", "--players", "Ann,Ben", "--seed", "5", "--no-record", "--db", kTerminalDb}, "1\n1\nu\nq\n");
  REQUIRE(two.code == kExitOk);
  CHECK(two.out.find("nothing to take back") != std::string::npos);
  CHECK(two.out.find("taken back") == std::string::npos);
}

TEST_CASE("play: hint names the suggest bot's move, and the game goes on") {
  PlayDir d;
  const auto r = cli({"play", "--players", "Ann,bot:random", "--seed", "4", "--no-record", "--hint-bot", "greedy",
                      "--db", kTerminalDb},
                     "hint\nq\n");
  REQUIRE(r.code == kExitOk);
  const std::string said = "hint (bot:greedy): ";
  const size_t at = r.out.find(said + "place ");
  REQUIRE(at != std::string::npos);
  const std::string hinted = r.out.substr(at + said.size(), r.out.find('\n', at) - at - said.size());
  // The hint is a legal option as listed, and the same for the same game.
  const auto opts = listed(r.out);
  CHECK(std::find(opts.begin(), opts.end(), hinted) != opts.end());
  const auto again = cli({"play", "--players", "Ann,bot:random", "--seed", "4", "--no-record", "--hint-bot", "greedy",
                          "--db", kTerminalDb},
                         "hint\n" + hinted + "\nq\n");
  CHECK(again.out.find("hint (bot:greedy): " + hinted) != std::string::npos);
  CHECK(again.out.find("not legal") == std::string::npos);
  // The default hint bot is the suggest bot, mcts.
  const auto mcts = cli({"play", "--players", "Ann,bot:random", "--seed", "4", "--no-record", "--db", kTerminalDb}, "hint\nq\n");
  CHECK(mcts.out.find("hint (bot:mcts): place ") != std::string::npos);
  const auto bad = cli({"play", "--players", "Ann,bot:random", "--hint-bot", "gredy", "--no-record", "--db", kTerminalDb});
  CHECK(bad.code == kExitInput);
  CHECK(bad.err.find("unknown --hint-bot 'gredy' (did you mean 'greedy'?)") != std::string::npos);
}
