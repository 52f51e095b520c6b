// `tilewright replay ...` as users run it (through cmd_replay): import prints the id
// last, export gives the canonical text back, verify names the first diverging ply, and
// a failing command writes nothing.
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

#include "cli/commands.h"
#include "cli/replay_cmd.h"
#include "replay/archive.h"
#include "replay/replay_store.h"
#include "replay/verify.h"
#include "support.h"

using namespace tw;
using Action = ReplayArgs::Action;

namespace {

struct CliRun {
  int code;
  std::string out, err;
  std::string last_line() const {
    std::string s = out;
    while (!s.empty() && s.back() == '\n') s.pop_back();
    return s.substr(s.rfind('\n') == std::string::npos ? 0 : s.rfind('\n') + 1);
  }
};

CliRun run(ReplayArgs a, const std::string& db) {
  a.db = db;
  std::ostringstream out, err;
  const int code = cmd_replay(a, out, err);
  return {code, out.str(), err.str()};
}

ReplayArgs args(Action action, int64_t id = 0) {
  ReplayArgs a;
  a.action = action;
  a.id = id;
  return a;
}

std::string bytes(const std::string& path) { return test::read_text(path); }

const std::string kTgn = std::string(TW_SOURCE_DIR) + "/tests/data/replays/v1/annotated.tgn";
const std::string kXml = std::string(TW_SOURCE_DIR) + "/tests/data/replays/v1/annotated.xml";

}  // namespace

TEST_CASE("replay import prints the new id on its last line, then list, show, export and verify") {
  test::ReplayTempDir dir;
  const std::string db = test::copy_default_db(dir);
  ReplayArgs imp = args(Action::Import);
  imp.file = kTgn;
  const CliRun a = run(imp, db);
  INFO(a.err);
  REQUIRE(a.code == kExitOk);
  const int64_t id = std::stoll(a.last_line());
  CHECK(a.out.rfind("Imported " + kTgn + ": rule set base, bot:greedy, bot:random, 142 plies, 4 variations, 5 annotated nodes\n", 0) == 0);
  imp.file = kXml;
  // The archive holds the same game: reported and not stored again ...
  const CliRun same = run(imp, db);
  REQUIRE(same.code == kExitOk);
  CHECK(same.out.find("already stored as replay " + std::to_string(id)) != std::string::npos);
  CHECK(std::stoll(same.last_line()) == id);
  // ... unless a second copy is asked for.
  imp.duplicate = true;
  const CliRun b = run(imp, db);
  REQUIRE(b.code == kExitOk);
  CHECK(std::stoll(b.last_line()) == id + 1);

  const CliRun list = run(args(Action::List), db);
  CHECK(list.out.rfind(std::to_string(id + 1) + "  ", 0) == 0);
  CHECK(list.out.find("142 plies  bot:greedy") != std::string::npos);

  ReplayArgs show = args(Action::Show, id);
  show.ply = 3;
  const CliRun s = run(show, db);
  CHECK(s.code == kExitOk);
  CHECK(s.out.find("Node 3 (game ply 3): place R 0,-2 r180 ?!\n") != std::string::npos);
  CHECK(s.out.find("Variation 3/0:1: place R 0,1 r90 ... (5 plies)") != std::string::npos);
  CHECK(s.out.find("Ruleset base · ply 3 · tiles left 69") != std::string::npos);
  show.ply.reset();
  show.node = "3/0:1";
  const CliRun s2 = run(show, db);
  CHECK(s2.out.find("Comment:\n  Better:\n  - keeps the city open") != std::string::npos);
  show.node = "3/7:1";
  CHECK(run(show, db).err == "tilewright replay: replay " + std::to_string(id) + " has no node 3/7:1\n");

  ReplayArgs exp = args(Action::Export, id);
  CHECK(run(exp, db).out == bytes(kTgn));
  exp.id = id + 1;
  exp.format = "xml";
  const CliRun x = run(exp, db);
  const replay::Replay from_xml = replay::replay_from_xml(x.out, "export");
  CHECK(from_xml.id == id + 1);
  CHECK(replay::replay_to_xml(from_xml) == x.out);

  const CliRun v = run(args(Action::Verify, id), db);
  CHECK(v.code == kExitOk);
  CHECK(v.out == "replay " + std::to_string(id) + ": ok, 142 plies, every state hash matches\nreplay " +
                     std::to_string(id) + ": 4 variations, every move legal\n");
}

TEST_CASE("replay annotate, vary, promote and delete-variation change only what they say") {
  test::ReplayTempDir dir;
  const std::string db = test::copy_default_db(dir);
  ReplayArgs imp = args(Action::Import);
  imp.file = kTgn;
  const int64_t id = std::stoll(run(imp, db).last_line());

  ReplayArgs ann = args(Action::Annotate, id);
  ann.ply = 5;
  ann.comment = "A *fine* move";
  ann.glyph = "!!";
  ann.cells = {"1,1"};
  ann.arrows = {"0,0:1,-1"};
  ann.labels = {"2,2=look here"};
  REQUIRE(run(ann, db).code == kExitOk);
  {
    Store store = Store::open(db, Store::Mode::ReadOnly);
    const replay::Replay r = replay::ReplayStore(store).load(id);
    const replay::Annotation& n = r.mainline[4].note;
    CHECK(n.comment == "A *fine* move");
    CHECK(n.glyph == "!!");
    REQUIRE(n.markers.size() == 3);
    CHECK(n.markers[1] == replay::Marker{replay::Marker::Kind::Arrow, 0, 0, 1, -1, ""});
    CHECK(n.markers[2].text == "look here");
  }
  const std::string before = bytes(db);
  SECTION("bad input is refused and nothing is written") {
    ReplayArgs bad = ann;
    bad.glyph = "!!!";
    CHECK(run(bad, db).code == kExitInput);
    bad = ann;
    bad.arrows = {"0,0-1,1"};
    CHECK(run(bad, db).err == "tilewright replay: --arrow '0,0-1,1': expected X,Y:X2,Y2\n");
    // Cells follow the engine's grammar (engine/text.h), as in option text.
    for (const std::string cell : {"+1,0", " 1,0", "1, 0", "30000,0", "1,0x"}) {
      INFO(cell);
      bad = ann;
      bad.cells = {cell};
      CHECK(run(bad, db).err == "tilewright replay: --cell '" + cell + "': expected X,Y\n");
    }
    bad = ann;
    bad.ply = 143;
    CHECK(run(bad, db).err == "tilewright replay: replay " + std::to_string(id) + " has plies 1..142, not 143\n");
    ReplayArgs vary = args(Action::Vary, id);
    vary.ply = 4;
    vary.replace = true;
    vary.moves = {"meeple monastery:C"};
    const CliRun v = run(vary, db);
    CHECK(v.code == kExitIllegal);
    CHECK(v.err.rfind("tilewright replay: replay " + std::to_string(id) +
                          ": move 1 of the variation at 4, 'meeple monastery:C', is illegal (game ply 4): ",
                      0) == 0);
    CHECK(run(args(Action::Verify, 999), db).code == kExitInput);
    CHECK(bytes(db) == before);
  }
  SECTION("a variation, promoted and deleted") {
    ReplayArgs vary = args(Action::Vary, id);
    vary.ply = 4;
    vary.replace = true;
    vary.moves = {"meeple city:E"};
    const CliRun v = run(vary, db);
    REQUIRE(v.code == kExitOk);
    CHECK(v.out == "Added variation 4/1:1 (1 ply)\n");
    ReplayArgs promote = args(Action::Promote, id);
    promote.node = "3/0:3/0:2";
    const CliRun p = run(promote, db);
    INFO(p.err);
    REQUIRE(p.code == kExitOk);
    CHECK(p.out.rfind("Promoted: 3/0:3/0:2 is now 6 on the main line (6 plies)", 0) == 0);
    CHECK(run(args(Action::Verify, id), db).code == kExitOk);
    ReplayArgs del = args(Action::Delete, id);
    del.node = "3/0:1";
    CHECK(run(del, db).code == kExitOk);
    Store store = Store::open(db, Store::Mode::ReadOnly);
    const replay::Replay r = replay::ReplayStore(store).load(id);
    CHECK(r.log.plies() == 6);
    CHECK(r.mainline[2].variations.size() == 1);
  }
}

TEST_CASE("replay import refuses bad files, other rules data and tampered archives, writing nothing") {
  test::ReplayTempDir dir;
  const std::string db = test::copy_default_db(dir);
  const std::string before = bytes(db);
  ReplayArgs imp = args(Action::Import);
  SECTION("an unreadable file") {
    imp.file = dir.file("missing.tgn");
    const CliRun r = run(imp, db);
    CHECK(r.code == kExitInput);
    CHECK(r.err == "tilewright replay: cannot read " + imp.file + ": no such file\n");
  }
  SECTION("a TGN syntax error") {
    imp.file = dir.file("bad.tgn");
    std::ofstream(imp.file) << "[Format \"TGN 1\"]\n[Ruleset \"base\"]\n[Seed \"1\"]\n\n1. place U 1,0 r45\n";
    const CliRun r = run(imp, db);
    CHECK(r.code == kExitInput);
    CHECK(r.err.find(imp.file + ":5:16: expected a rotation r0|r90|r180|r270 after \"place U 1,0\", found \"r45\"") != std::string::npos);
  }
  SECTION("an illegal decision") {
    imp.file = dir.file("illegal.tgn");
    std::ofstream(imp.file) << "[Format \"TGN 1\"]\n[Ruleset \"base\"]\n[Players \"A, B\"]\n[Seed \"1\"]\n\n1. place U 7,7 r0\n";
    const CliRun r = run(imp, db);
    CHECK(r.code == kExitIllegal);
    CHECK(r.err.find(imp.file + ":6:4: ply 1: illegal decision 'place U 7,7 r0'") != std::string::npos);
  }
  SECTION("an XML archive from other rules data") {
    std::string xml = test::read_text(kXml);
    const auto at = xml.find("<rules_digest>") + 14;
    xml[at] = xml[at] == '0' ? '1' : '0';
    imp.file = dir.file("other.xml");
    std::ofstream(imp.file, std::ios::binary) << xml;
    const CliRun r = run(imp, db);
    CHECK(r.code == kExitIllegal);
    CHECK(r.err.find(": recorded with different rules data: rule set 'base' had digest ") != std::string::npos);
  }
  SECTION("an XML archive whose decisions were altered") {
    std::string xml = test::read_text(kXml);
    const auto at = xml.find("<decision>", xml.find("<decision>") + 1) + 10;  // ply 2
    xml.replace(at, xml.find("</decision>", at) - at, "pass");
    imp.file = dir.file("altered.xml");
    std::ofstream(imp.file, std::ios::binary) << xml;
    const CliRun r = run(imp, db);
    CHECK(r.code == kExitIllegal);
    CHECK(r.err.find(": ply 2 'pass': the state hash ") != std::string::npos);
  }
  SECTION("a truncated XML archive") {
    const std::string xml = test::read_text(kXml);
    imp.file = dir.file("short.xml");
    std::ofstream(imp.file, std::ios::binary) << xml.substr(0, xml.size() / 3);
    const CliRun r = run(imp, db);
    CHECK(r.code == kExitInput);
    CHECK(r.err.rfind("tilewright replay: " + imp.file + ", byte ", 0) == 0);
  }
  CHECK(bytes(db) == before);
  CHECK(run(args(Action::List), db).out == "no replays in " + db + "\n");
}

TEST_CASE("replay verify names the first diverging ply of a stored log") {
  test::ReplayTempDir dir;
  const std::string db = test::copy_default_db(dir);
  replay::GameLog log = test::bot_log(61, 50);
  const int target = 30;
  log.hashes[static_cast<size_t>(target)] ^= 0x10;  // as if ply 30 had gone elsewhere
  int64_t id = 0;
  {
    Store store = Store::open(db, Store::Mode::ReadWrite);
    id = replay::ReplayStore(store).insert(replay::from_log(log));
  }
  const CliRun r = run(args(Action::Verify, id), db);
  CHECK(r.code == kExitIllegal);
  CHECK(r.err.rfind("tilewright replay: replay " + std::to_string(id) + ": ply 30 '", 0) == 0);
  CHECK(r.err.find("(first diverging ply)") != std::string::npos);
}

TEST_CASE("play and simulate --record store their games as replays") {
  test::ReplayTempDir dir;
  const std::string db = test::copy_default_db(dir);
  PlayOptions play;
  play.players = "bot:greedy,bot:random";
  play.seed = 7;
  play.quiet = true;
  play.out_file = dir.file("game.tgn");
  play.replay_db = db;
  std::istringstream in;
  std::ostringstream out, err;
  REQUIRE(cmd_play(test::default_content(), play, in, out, err, false) == kExitOk);
  CHECK(out.str().find("Stored the game as replay 1 in " + db + "\n") != std::string::npos);
  // The stored replay exports to exactly the record play wrote, and verifies.
  CHECK(run(args(Action::Export, 1), db).out == bytes(play.out_file));
  CHECK(run(args(Action::Verify, 1), db).code == kExitOk);

  SimulateOptions sim;
  sim.bots = {"greedy", "random"};
  sim.games = 12;
  sim.threads = 2;
  sim.seed = 100;
  sim.progress = false;
  std::ostringstream plain, plain_err;
  REQUIRE(cmd_simulate(test::default_content(), sim, plain, plain_err) == kExitOk);
  sim.record_db = db;
  std::ostringstream rec, rec_err;
  REQUIRE(cmd_simulate(test::default_content(), sim, rec, rec_err) == kExitOk);
  CHECK(rec.str().find("stored 12 games as replays 2..13 in " + db) != std::string::npos);
  // Recording changes nothing in the games (the statistics lines are the same).
  const auto stats = [](const std::string& s) { return s.substr(s.find('\n') + 1, s.find("ties for first") - s.find('\n')); };
  CHECK(stats(rec.str()) == stats(plain.str()));
  Store store = Store::open(db, Store::Mode::ReadOnly);
  replay::ReplayStore replays(store);
  const auto all = replays.list();
  REQUIRE(all.size() == 13);
  for (const auto& s : all) {
    CHECK(s.finished);
    const replay::Replay r = replays.load(s.id);
    CHECK(replay::verify(test::default_content(), r.log, replay::ReplayStore::where(s.id)).ok());
  }
  CHECK(replays.load(13).log.header.seed == 111);
}
