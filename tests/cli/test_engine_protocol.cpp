// The engine protocol (docs/engine-protocol.md): the session and the line loop behind
// `tilewright engine`, with fixed seeds and iteration budgets (deterministic).
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

#include "cli/commands.h"
#include "cli/engine_session.h"
#include "cli/suggest.h"
#include "engine/bots/mcts.h"
#include "fixtures.h"

namespace fs = std::filesystem;
using namespace tw;

namespace {

// The engine's answers, without the search times (" time 12.3") that vary from run to run.
std::string talk(const std::string& input) {
  std::istringstream in(input);
  std::ostringstream out;
  CHECK(run_engine(test::default_content(), in, out) == 0);
  std::string s = out.str();
  for (size_t at = s.find(" time "); at != std::string::npos; at = s.find(" time ", at + 1)) {
    const size_t end = s.find(' ', at + 6);
    s.erase(at + 6, end - at - 6);
  }
  return s;
}

std::vector<std::string> lines_of(const std::string& s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  std::string l;
  while (std::getline(in, l)) out.push_back(l);
  return out;
}

std::string line_starting(const std::string& s, const std::string& prefix) {
  for (const auto& l : lines_of(s))
    if (l.rfind(prefix, 0) == 0) return l;
  return "";
}

}  // namespace

TEST_CASE("engine protocol: handshake, versions, unknown commands", "[cli][engine]") {
  const std::string out = talk("hello 1\nisready\nfrobnicate\nhello 2\nquit\n");
  const auto l = lines_of(out);
  REQUIRE(l.size() >= 4);
  CHECK(l.front().rfind("id name tilewright ", 0) == 0);
  CHECK(out.find("id protocol 1\n") != std::string::npos);
  CHECK(out.find("\nhello 1\n") != std::string::npos);
  CHECK(out.find("readyok\n") != std::string::npos);
  CHECK(out.find("error unknown command 'frobnicate'") != std::string::npos);
  CHECK(out.find("error protocol 2 is not spoken: this engine speaks 1") != std::string::npos);
}

TEST_CASE("engine protocol: a position, go, the whole turn, the same answer for the same seed", "[cli][engine]") {
  const std::string script =
      "newgame ruleset base players 2\n"
      "position draw E D moves 1. place E 0,1 r180 pass\n"
      "go iterations 200\n";
  const std::string out = talk(script);
  CHECK(out == talk(script));
  const std::string best = line_starting(out, "bestmove ");
  REQUIRE(!best.empty());
  // The turn: a placement of D, then the follower decision.
  CHECK(best.rfind("bestmove place D ", 0) == 0);
  CHECK(best.find("; ") != std::string::npos);
  const std::string info = line_starting(out, "info iterations 200 reused 0 ");
  CHECK(info.find(" measure margin") != std::string::npos);
  // The principal line starts with the turn.
  const std::string pv = line_starting(out, "pv ");
  CHECK(pv.substr(3, best.size() - 9) == best.substr(9));
  // Another seed may differ, but answers the same shape.
  const std::string other = talk("setoption seed 7\n" + script);
  CHECK(line_starting(other, "bestmove place D ") != "");
}

TEST_CASE("engine protocol: the answer is one of the legal turns", "[cli][engine]") {
  EngineSession s(test::default_content());
  REQUIRE_FALSE(s.new_game("base", "", 2));
  REQUIRE_FALSE(s.set_position({"E", "D"}, "place E 0,1 r180 pass", nullptr));
  const EngineAnswer a = s.go(100, 0);
  const auto& opts = s.game().pending().options;
  CHECK(a.index < opts.size());
  CHECK(a.iterations == 100);
  // The turn replays: each decision is legal where it stands.
  Game h = s.game();
  for (const auto& t : a.turn) {
    INFO(t);
    REQUIRE_FALSE(h.apply(t));
  }
  CHECK(a.legal == opts.size());
  CHECK(a.distinct <= a.legal);
}

TEST_CASE("engine protocol: the bots never see undrawn tiles", "[cli][engine]") {
  // A Draw list of six tiles, two drawn: the answer is the one for the two alone.
  EngineSession longer(test::default_content()), exact(test::default_content());
  REQUIRE_FALSE(longer.new_game("base", "", 2));
  REQUIRE_FALSE(exact.new_game("base", "", 2));
  std::string warning;
  REQUIRE_FALSE(longer.set_position({"E", "D", "B", "B", "U", "V"}, "place E 0,1 r180 pass", &warning));
  CHECK(warning == "the Draw list names 6 tiles, 2 drawn so far: the bot sees only those");
  std::string none;
  REQUIRE_FALSE(exact.set_position({"E", "D"}, "place E 0,1 r180 pass", &none));
  CHECK(none.empty());
  const EngineAnswer a = longer.go(150, 0), b = exact.go(150, 0);
  CHECK(a.turn == b.turn);
  CHECK(a.eval == b.eval);
  CHECK(a.options.size() == b.options.size());
  // Over the protocol, the warning is an info line before the ok.
  const std::string out = talk("newgame\nposition draw E D B B moves place E 0,1 r180 pass\n");
  CHECK(out == "ok\ninfo warning the Draw list names 4 tiles, 2 drawn so far: the bot sees only those\nok\n");
}

TEST_CASE("engine protocol: the tree is kept from one decision to the next", "[cli][engine]") {
  const std::string start = "newgame ruleset base players 2\nposition draw E D moves place E 0,1 r180 pass\ngo iterations 300\n";
  const std::string first = talk(start);
  const std::string best = line_starting(first, "bestmove ").substr(9);
  REQUIRE(!best.empty());
  // Play the turn, then ask for the next player's: the subtree below the turn is reused.
  std::string turn;
  for (char c : best) turn += c == ';' ? ' ' : c;
  const std::string next = "position draw E D U moves place E 0,1 r180 pass " + turn + "\ngo iterations 300\n";
  const std::string kept = talk(start + next);
  const auto infos = [](const std::string& out) {
    std::vector<std::string> v;
    for (const auto& l : lines_of(out))
      if (l.rfind("info iterations", 0) == 0) v.push_back(l);
    return v;
  };
  const auto k = infos(kept);
  REQUIRE(k.size() == 2);
  CHECK(k[1].find(" reused 0 ") == std::string::npos);  // some visits were kept
  const auto fresh = infos(talk("setoption reuse off\n" + start + next));
  REQUIRE(fresh.size() == 2);
  CHECK(fresh[1].find(" reused 0 ") != std::string::npos);
  // Another game (another rule set) starts a new tree.
  // (A position of that game: 0,1 is taken by gcc's start piece, and a failed position is not searched.)
  const auto other = infos(talk(start + "newgame ruleset gcc\nposition draw E\ngo iterations 50\n"));
  REQUIRE(other.size() == 2);
  CHECK(other[1].find(" reused 0 ") != std::string::npos);
}

TEST_CASE("engine protocol: a whole record, bad input, stop", "[cli][engine]") {
  const std::string rec =
      "position tgn\n[Format \"TGN 1\"]\n[Ruleset \"base\"]\n[Players \"Ann, Ben\"]\n[Seed \"1\"]\n[Draw \"E D\"]\n\n"
      "1. place E 0,1 r180 pass\nend\ngo iterations 100\n";
  const std::string out = talk(rec);
  CHECK(out.rfind("ok\n", 0) == 0);
  CHECK(line_starting(out, "bestmove place D ") != "");
  // Errors name what is wrong, and the engine goes on.
  const std::string bad = talk(
      "go\nnewgame ruleset nosuch\nnewgame players\nnewgame\nposition draw E D moves place D 5,5 r0\n"
      "position tgn\n[Format \"TGN 1\"]\nend\nsetoption colour red\nsetoption bot deep-blue\n"
      "go iterations 0\ngo furiously 3\nisready\n");
  CHECK(bad.find("error go: no position") != std::string::npos);
  CHECK(bad.find("error newgame: ") != std::string::npos);
  CHECK(bad.find("error newgame: 'players' needs a value") != std::string::npos);
  CHECK(bad.find("error position: ply 1") != std::string::npos);
  CHECK(bad.find("error position: position tgn: line ") != std::string::npos);
  CHECK(bad.find("error unknown option 'colour'") != std::string::npos);
  CHECK(bad.find("error unknown bot 'deep-blue'") != std::string::npos);
  CHECK(bad.find("error go: 'iterations' needs a whole number from 1") != std::string::npos);
  CHECK(bad.find("error go: unknown word 'furiously'") != std::string::npos);
  CHECK(bad.find("readyok") != std::string::npos);
  // A game over has nothing to go on.
  // `stop` ends a search with no budget but time; the answer still comes.
  const std::string stopped =
      talk("newgame\nposition draw E D moves place E 0,1 r180 pass\ngo ms 600000\nstop\nisready\n");
  CHECK(line_starting(stopped, "bestmove place D ") != "");
  // Another bot answers through the same protocol; a search values its turn.
  const std::string greedy =
      talk("setoption bot greedy\nnewgame\nposition draw E D moves place E 0,1 r180 pass\ngo iterations 40\n");
  CHECK(line_starting(greedy, "bestmove place D ") != "");
  CHECK(line_starting(greedy, "info iterations 40 ") != "");
}

// Issue 56 item 9: the documented `newgame level L` plays the level's rule set, and `go`
// searches only a position the client gave: never a tile the engine drew itself.
TEST_CASE("engine protocol: newgame level L, go without a valid position is an error", "[cli][engine]") {
  // A level alone plays its own rule set.
  const std::string level = talk("newgame level mists-1\ngo\n");
  CHECK(level == "ok\nerror go: no position (send position after newgame)\n");
  CHECK(talk("newgame ruleset mists level mists-1\n") == "ok\n");
  CHECK(talk("newgame ruleset base level mists-1\n").rfind("error newgame: level 'mists-1' plays rule set 'mists'", 0) == 0);
  // The level's first tile, named: a search of the level's game.
  Game g;
  GameSetup setup;
  setup.level = "mists-1";
  setup.players = parse_players("P1, P2");
  setup.seed = 4;
  REQUIRE_FALSE(Game::create(test::default_content(), setup, g));
  std::string drawn;
  for (const uint16_t t : g.tiles_drawn()) drawn += " " + test::default_content().tiles[t].id;
  const std::string first = test::default_content().tiles[g.tiles_drawn().back()].id;
  const std::string played = talk("newgame level mists-1\nposition draw" + drawn + "\ngo iterations 20\n");
  INFO(played);
  CHECK(line_starting(played, "bestmove place " + first + " ") != "");
  // newgame alone: no position, whatever came before.
  CHECK(talk("newgame\ngo iterations 5\n") == "ok\nerror go: no position (send position after newgame)\n");
  const std::string again = talk("newgame\nposition draw E D moves place E 0,1 r180 pass\nnewgame\ngo iterations 5\n");
  CHECK(again == "ok\nok\nok\nerror go: no position (send position after newgame)\n");
  // A failed newgame leaves no rules: neither the old position nor base's is searched.
  const std::string failed =
      talk("newgame\nposition draw E D moves place E 0,1 r180 pass\nnewgame level mists-9\ngo iterations 5\n"
           "position draw E\n");
  const auto fl = lines_of(failed);
  REQUIRE(fl.size() == 5);
  CHECK(fl[2].rfind("error newgame: unknown level 'mists-9'", 0) == 0);
  CHECK(fl[3] == "error go: no position (send position after newgame)");
  CHECK(fl[4].rfind("error position: no rules: the last newgame failed (unknown level 'mists-9'", 0) == 0);
  // A position that does not name the tiles drawn (the current one): refused, and go too.
  const std::string unnamed = talk("newgame\nposition\ngo iterations 5\nposition draw E moves place E 0,1 r180 pass\ngo\n");
  const auto ul = lines_of(unnamed);
  REQUIRE(ul.size() == 5);
  CHECK(ul[1] == "error position: the position has drawn 1 tile, the draw list names 0: name every tile drawn so far, "
                 "the current one last (position draw T1 T2 ... moves ...)");
  CHECK(ul[2] == "error go: no position (send position after newgame)");
  CHECK(ul[3].rfind("error position: the position has drawn 2 tiles, the draw list names 1", 0) == 0);
  CHECK(ul[4] == "error go: no position (send position after newgame)");
  // A failed position does not leave the one before it to be searched.
  const std::string after_bad =
      talk("newgame\nposition draw E D moves place E 0,1 r180 pass\nposition draw E D moves place D 5,5 r0\ngo\n");
  CHECK(lines_of(after_bad).back() == "error go: no position (send position after newgame)");
}

TEST_CASE("mcts: a time budget per decision, and the names that give it", "[engine][search]") {
  REQUIRE(parse_mcts_spec("mcts:50ms"));
  CHECK(parse_mcts_spec("mcts:50ms")->ms == 50);
  CHECK(parse_mcts_spec("mcts:500:1:relative")->reward == MctsConfig::Reward::Relative);
  CHECK_FALSE(parse_mcts_spec("mcts:0ms"));
  CHECK_FALSE(parse_mcts_spec("mcts:ms"));
  CHECK_FALSE(parse_mcts_spec("mcts:5:1:sideways"));
  CHECK(make_bot("mcts:20ms"));
  Game g;
  GameSetup s;
  s.rule_set = "base";
  s.players = parse_players("A, B");
  s.seed = 3;
  REQUIRE_FALSE(Game::create(test::default_content(), s, g));
  CHECK(make_bot("mcts:20ms")->budget(g) == "20 ms a decision");
  // A stop flag already set: one iteration, then the answer.
  MctsTree tree;
  std::atomic<bool> stop{true};
  const TreeSearch ts = tree.search(g, 0, 0, 1, &stop);
  CHECK(ts.iterations == 1);
  CHECK(tree.nodes() >= 2);
  const TreeSearch more = tree.search(g, 40, 0, 1);
  CHECK(more.reused == 1);
  CHECK(more.iterations == 40);
  tree.clear();
  CHECK(tree.nodes() == 0);
}

TEST_CASE("suggest: a long Draw list is cut to the tiles drawn, with a warning", "[cli][engine]") {
  const std::string head = "[Format \"TGN 1\"]\n[Ruleset \"base\"]\n[Players \"Ann, Ben\"]\n[Seed \"1\"]\n";
  const auto run = [&](const std::string& draw, std::string& err_text) {
    const fs::path path = fs::temp_directory_path() / ("tw-engine-suggest-" + std::to_string(::getpid()) + ".tgn");
    std::ofstream(path) << head << "[Draw \"" << draw << "\"]\n\n1. place E 0,1 r180 pass\n";
    SuggestOptions o;
    o.file = path.string();
    o.bot = "mcts:60";
    std::ostringstream out, err;
    CHECK(cmd_suggest(test::default_content(), o, out, err) == kExitOk);
    err_text = err.str();
    fs::remove(path);
    return out.str();
  };
  std::string long_err, exact_err;
  const std::string long_out = run("E D B B U V", long_err), exact_out = run("E D", exact_err);
  CHECK(long_out == exact_out);
  CHECK(exact_err.empty());
  CHECK(long_err.find("tilewright suggest: warning: ") != std::string::npos);
  CHECK(long_err.find("the Draw list names 6 tiles, 2 drawn so far: the bot sees only those") != std::string::npos);
}
