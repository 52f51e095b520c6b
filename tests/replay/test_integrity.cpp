// What a stored replay says must be true of its game (issue 30, "Reliability", items 3-7):
// a Result tag is never kept or exported for a game that does not reach it, an imported
// XML archive holds only text a record can hold (checked as the TGN reader checks it),
// `replay verify` compares every column with the log, concurrent imports of one game
// store it once, and `replay list` shows the result the record writes. Each case failed
// before its fix.
#include <SQLiteCpp/SQLiteCpp.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <functional>
#include <sys/wait.h>
#include <unistd.h>

#include "cli/commands.h"
#include "cli/replay_cmd.h"
#include "cli/cli_run.h"
#include "engine/bots/bots.h"
#include "engine/result.h"
#include "engine/tgn.h"
#include "replay/archive.h"
#include "replay/replay_store.h"
#include "replay/tgn_io.h"
#include "replay/verify.h"
#include "support.h"

using namespace tw;
using namespace tw::replay;
namespace fs = std::filesystem;
using Action = ReplayArgs::Action;

namespace {

struct Run {
  int code;
  std::string out, err;
  std::string last_line() const {
    std::string s = out;
    while (!s.empty() && s.back() == '\n') s.pop_back();
    return s.substr(s.rfind('\n') == std::string::npos ? 0 : s.rfind('\n') + 1);
  }
};

Run replay_cmd(ReplayArgs a, const std::string& db) {
  a.db = db;
  std::ostringstream out, err;
  const int code = cmd_replay(a, out, err);
  return {code, out.str(), err.str()};
}

Run import(const std::string& file, const std::string& db) {
  ReplayArgs a;
  a.action = Action::Import;
  a.file = file;
  return replay_cmd(a, db);
}

Run by_id(Action action, int64_t id, const std::string& db) {
  ReplayArgs a;
  a.action = action;
  a.id = id;
  return replay_cmd(a, db);
}

void write_file(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

bool has_raw_control(const std::string& s) {
  for (unsigned char c : s)
    if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f) return true;
  return false;
}

// A finished game of the bots as `play` writes it: with its Result tag.
std::string finished_record(uint64_t seed) {
  GameLog log = test::bot_log(seed);
  REQUIRE(log.finished);
  log.set_tag("Result", log.result);
  return export_tgn(from_log(log));
}

// The record cut after its first `lines` lines of play (at a token boundary).
std::string cut_record(const std::string& text, int lines) {
  size_t at = text.find("\n\n") + 2;
  for (int i = 0; i < lines; ++i) at = text.find('\n', at) + 1;
  return text.substr(0, at);
}

// Runs `n` imports of `file` in `n` processes started together; their results in order.
std::vector<Run> imports_in_parallel(int n, const std::string& file, const std::string& db) {
  std::vector<std::pair<pid_t, int>> children;
  int go[2];
  REQUIRE(::pipe(go) == 0);  // closed by the parent once all are forked: they start together
  for (int i = 0; i < n; ++i) {
    int fds[2];
    REQUIRE(::pipe(fds) == 0);
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
      ::close(fds[0]);
      ::close(go[1]);
      char c;
      while (::read(go[0], &c, 1) > 0) {
      }
      const Run r = import(file, db);
      const std::string msg = std::to_string(r.code) + '\0' + r.out + '\0' + r.err;
      const ssize_t w = ::write(fds[1], msg.data(), msg.size());
      ::_exit(w == static_cast<ssize_t>(msg.size()) ? 0 : 1);
    }
    ::close(fds[1]);
    children.emplace_back(pid, fds[0]);
  }
  ::close(go[0]);
  ::close(go[1]);
  std::vector<Run> out;
  for (const auto& [pid, fd] : children) {
    std::string text;
    char buf[4096];
    for (ssize_t k; (k = ::read(fd, buf, sizeof buf)) > 0;) text.append(buf, static_cast<size_t>(k));
    ::close(fd);
    int status = 0;
    ::waitpid(pid, &status, 0);
    REQUIRE(WIFEXITED(status));
    const size_t a = text.find('\0'), b = text.find('\0', a + 1);
    REQUIRE(b != std::string::npos);
    out.push_back({std::stoi(text.substr(0, a)), text.substr(a + 1, b - a - 1), text.substr(b + 1)});
  }
  return out;
}

int64_t count_rows(const std::string& db) {
  SQLite::Database d(db, SQLite::OPEN_READONLY);
  return d.execAndGet("SELECT count(*) FROM replay").getInt64();
}

}  // namespace

TEST_CASE("item 3: a record cut short keeps no Result: run warns, import drops it, export never writes it") {
  test::ReplayTempDir dir;
  const std::string db = test::copy_default_db(dir);
  const std::string full = finished_record(7);
  const std::string result_line = full.substr(full.find("[Result "), full.find('\n', full.find("[Result ")) -
                                                                         full.find("[Result ") + 1);
  const std::string cut = cut_record(full, 20);
  REQUIRE(cut.find(result_line) != std::string::npos);
  const std::string file = dir.file("cut.tgn");
  write_file(file, cut);

  // run: exit 0 (its contract: every decision legal), but no longer without a word.
  const test::CliResult r = test::cli({"run", file, "--db", db});
  CHECK(r.code == kExitOk);
  CHECK(r.err.find("warning: " + file + ": the Result tag says '") != std::string::npos);
  CHECK(r.err.find("but the game is unfinished after") != std::string::npos);
  // run --ply stops early on purpose: no warning.
  CHECK(test::cli({"run", file, "--db", db, "--ply", "3"}).err.find("Result") == std::string::npos);

  const Run imp = import(file, db);
  INFO(imp.err);
  REQUIRE(imp.code == kExitOk);
  CHECK(imp.err.find("the game is unfinished after") != std::string::npos);
  CHECK(imp.err.find("stored without a Result tag") != std::string::npos);
  const int64_t id = std::stoll(imp.last_line());
  {
    Store store = Store::open(db, Store::Mode::ReadOnly);
    const GameLog log = ReplayStore(store).load_log(id);
    CHECK_FALSE(log.finished);
    CHECK(log.tag("Result") == nullptr);
  }
  const Run exp = by_id(Action::Export, id, db);
  REQUIRE(exp.code == kExitOk);
  CHECK(exp.out.find("[Result") == std::string::npos);
  CHECK(exp.out == cut.substr(0, cut.find(result_line)) + cut.substr(cut.find(result_line) + result_line.size()));
  CHECK(by_id(Action::Verify, id, db).code == kExitOk);

  // A replay stored before imports checked (the tag kept in its log): export writes the
  // game's own state and says so; verify names the tag.
  int64_t old_id = 0;
  {
    Store store = Store::open(db, Store::Mode::ReadWrite);
    GameLog log = test::bot_log(7, 60);
    log.set_tag("Result", "bot:greedy 99, bot:random 1");
    old_id = ReplayStore(store).insert(from_log(log));
  }
  const Run old_exp = by_id(Action::Export, old_id, db);
  REQUIRE(old_exp.code == kExitOk);
  CHECK(old_exp.out.find("[Result") == std::string::npos);
  CHECK(old_exp.err.find("note: replay " + std::to_string(old_id) + ": the Result tag says 'bot:greedy 99, "
                                                                    "bot:random 1' but the game is unfinished after 60 plies") !=
        std::string::npos);
  const Run old_ver = by_id(Action::Verify, old_id, db);
  CHECK(old_ver.code == kExitIllegal);
  CHECK(old_ver.err.find("the Result tag says") != std::string::npos);
  for (const char* format : {"xml"}) {
    ReplayArgs x;
    x.action = Action::Export;
    x.id = old_id;
    x.format = format;
    const Run xr = replay_cmd(x, db);
    REQUIRE(xr.code == kExitOk);
    CHECK(xr.out.find("bot:greedy 99") == std::string::npos);
  }
}

TEST_CASE("item 3: a finished game whose Result tag says otherwise is stored and exported with its own result") {
  test::ReplayTempDir dir;
  const std::string db = test::copy_default_db(dir);
  std::string text = finished_record(8);
  const size_t at = text.find("[Result \"") + 9;
  const std::string truth = text.substr(at, text.find('"', at) - at);
  text.replace(at, truth.size(), "bot:greedy 1, bot:random 200");
  const std::string file = dir.file("wrong.tgn");
  write_file(file, text);
  const Run imp = import(file, db);
  REQUIRE(imp.code == kExitOk);
  CHECK(imp.err.find("the game replays to '" + truth + "'; stored with the replayed result") != std::string::npos);
  const Run exp = by_id(Action::Export, std::stoll(imp.last_line()), db);
  REQUIRE(exp.code == kExitOk);
  CHECK(exp.out.find("[Result \"" + truth + "\"]") != std::string::npos);
  CHECK(exp.out.find("bot:random 200") == std::string::npos);
}

TEST_CASE("result_tag_problem and settle_result_tag: kept when it agrees, replaced when not, dropped while unfinished") {
  GameLog full = test::bot_log(9);
  const Game end = test::replayed(full, full.plies());
  CHECK_FALSE(result_tag_problem(result_text(end), end));
  CHECK_FALSE(result_tag_problem("  " + result_text(end) + " ", end));  // spacing forgiven
  CHECK(result_tag_problem("x 1, y 2", end) == "the game replays to '" + result_text(end) + "'");
  full.set_tag("Result", "x 1, y 2");
  REQUIRE(settle_result_tag(full, end));
  CHECK(*full.tag("Result") == result_text(end));
  CHECK_FALSE(settle_result_tag(full, end));  // now true: nothing changes

  const Game mid = test::replayed(full, 10);
  CHECK(result_tag_problem(result_text(end), mid) == "the game is unfinished after 10 plies (a record cut short?)");
  GameLog cut = full;
  REQUIRE(settle_result_tag(cut, mid));
  CHECK(cut.tag("Result") == nullptr);
}

TEST_CASE("tgn::find_text_fault and tag_problem are the reader's own checks") {
  CHECK_FALSE(tgn::find_text_fault("caf\xc3\xa9, tab\tand\nline"));
  const auto esc = tgn::find_text_fault("ok \x1b[2J");
  REQUIRE(esc);
  CHECK(esc->offset == 3);
  CHECK(esc->length == 1);
  CHECK(esc->message.rfind("control character \"\\x1b\"", 0) == 0);
  const auto c1 = tgn::find_text_fault("a\xc2\x9b" "b");
  REQUIRE(c1);
  CHECK(c1->length == 2);
  const auto bad = tgn::find_text_fault("a\xff", 0);
  REQUIRE(bad);
  CHECK(bad->message.rfind("byte \"\\xff\" is not UTF-8", 0) == 0);
  CHECK_FALSE(tgn::find_text_fault("\x01x", 1));  // from a later byte
  // VT and FF are whitespace to the lexer but control characters to a terminal.
  CHECK_FALSE(tgn::find_text_fault("crlf\r\n"));
  const auto vt = tgn::find_text_fault("a\vb");
  REQUIRE(vt);
  CHECK(vt->offset == 1);
  const auto ff = tgn::find_text_fault("a\fb");
  REQUIRE(ff);
  CHECK(ff->offset == 1);

  CHECK(tgn::tag_problem("Event", "Club night") == "");
  CHECK(tgn::tag_problem("Event", "a\x1b" "b") ==
        "the value of [Event]: control character \"\\x1b\" in the text; a record holds no control characters but tabs "
        "and line breaks");
  CHECK(tgn::tag_problem("Event", "two\nlines").find("line break") != std::string::npos);
  CHECK(tgn::tag_problem("Ev ent", "x").find("not letters, digits and '_'") != std::string::npos);
  CHECK(tgn::tag_problem("", "x") != "");
  CHECK(tgn::tag_problem("Event", std::string(tgn::kMaxTagBytes + 1, 'a')).find("a tag value holds at most") !=
        std::string::npos);
  // The reader says the same for the same text.
  const tgn::ParseResult p = tgn::parse("[Format \"TGN 1\"]\n[Ruleset \"base\"]\n[Seed \"1\"]\n[Event \"a\x1b" "b\"]\n");
  REQUIRE(p.errors.size() == 1);
  CHECK(p.errors[0].line == 4);
  CHECK(p.errors[0].column == 10);
  CHECK(p.errors[0].message == esc->message);
}

TEST_CASE("item 4: an XML archive with an escape sequence in a tag or a name is refused, the terminal never sees it") {
  test::ReplayTempDir dir;
  const std::string db = test::copy_default_db(dir);
  const Replay good = from_log(test::bot_log(10, 30));
  REQUIRE(check_exportable(good.log) == "");

  struct Case {
    const char* what;
    std::function<void(Replay&)> spoil;
    const char* says;
  };
  const std::vector<Case> cases = {
      {"a tag value", [](Replay& r) { r.log.set_tag("Event", "x\x1b[2Jy"); },
       "the value of [Event]: control character \"\\x1b\""},
      {"a seat's name, with the Players tag",
       [](Replay& r) {
         r.log.header.players[0].name = "Ann\x1b]0;pwned\x07";
         r.log.set_tag("Players", players_text(r.log.header.players));
       },
       "the value of [Players]: control character \"\\x1b\""},
      {"a seat's name alone", [](Replay& r) { r.log.header.players[1].name = "Mallory"; },
       "the Players tag says 'bot:greedy, bot:random' but the seats are 'bot:greedy', 'Mallory'"},
      {"the Seed tag", [](Replay& r) { r.log.set_tag("Seed", "999"); }, "the Seed tag says '999'"},
      {"a tag name", [](Replay& r) { r.log.set_tag("Ev\x1bnt", "x"); }, "not letters, digits and '_'"},
      {"the pinned comment", [](Replay& r) { r.pinned = "see \x1b[31mred"; }, "control character \"\\x1b\""},
  };
  for (const Case& c : cases) {
    INFO(c.what);
    Replay r = good;
    c.spoil(r);
    const std::string file = dir.file("bad.xml");
    write_file(file, replay_to_xml(r));
    const Run imp = import(file, db);
    CHECK(imp.code == kExitInput);
    CHECK(imp.err.find(c.says) != std::string::npos);
    CHECK_FALSE(has_raw_control(imp.out));
    CHECK_FALSE(has_raw_control(imp.err));
    CHECK(count_rows(db) == 0);
  }
  // The archive as it is imports, and its TGN export reads back.
  const std::string file = dir.file("good.xml");
  write_file(file, replay_to_xml(good));
  const Run imp = import(file, db);
  INFO(imp.err);
  REQUIRE(imp.code == kExitOk);
  const Run exp = by_id(Action::Export, std::stoll(imp.last_line()), db);
  REQUIRE(exp.code == kExitOk);
  CHECK(tgn::parse(exp.out).errors.empty());
}

TEST_CASE("item 4: a replay stored before the check is refused by TGN export and verify, naming the tag") {
  test::ReplayTempDir dir;
  const std::string db = test::copy_default_db(dir);
  GameLog log = test::bot_log(13, 20);
  log.set_tag("Event", "x\x1b[2Jy");
  {
    Store store = Store::open(db, Store::Mode::ReadWrite);
    ReplayStore(store).insert(from_log(log));
  }
  const Run exp = by_id(Action::Export, 1, db);
  CHECK(exp.code == kExitIllegal);
  CHECK(exp.out.empty());
  CHECK(exp.err.find("replay 1: tag 4: the value of [Event]: control character \"\\x1b\"") != std::string::npos);
  CHECK_FALSE(has_raw_control(exp.err));
  const Run ver = by_id(Action::Verify, 1, db);
  CHECK(ver.code == kExitIllegal);
  CHECK(ver.err.find("[Event]") != std::string::npos);
}

TEST_CASE("item 4: no replay command echoes a raw control character of a file name or stored text") {
  test::ReplayTempDir dir;
  const std::string db = test::copy_default_db(dir);
  const std::string file = dir.file("game\x1b[2J.tgn");
  write_file(file, finished_record(14));
  const Run imp = import(file, db);
  REQUIRE(imp.code == kExitOk);
  CHECK_FALSE(has_raw_control(imp.out));
  CHECK(imp.out.find("game\\x1b[2J.tgn") != std::string::npos);
  const Run again = import(file, db);  // "already stored" names the file too
  CHECK_FALSE(has_raw_control(again.out));
  {
    SQLite::Database w(db, SQLite::OPEN_READWRITE);
    w.exec("UPDATE replay SET pinned = 'p' || char(27) || ']0;x' || char(7)");
  }
  ReplayArgs pin;
  pin.action = Action::Pin;
  pin.id = 1;
  pin.text = "fine";
  CHECK_FALSE(has_raw_control(replay_cmd(pin, db).out));
  ReplayArgs exp;
  exp.action = Action::Export;
  exp.id = 1;
  exp.out_file = dir.file("out\x1b[2J.tgn");
  const Run e = replay_cmd(exp, db);
  REQUIRE(e.code == kExitOk);
  CHECK_FALSE(has_raw_control(e.out));
  CHECK(e.out.find("out\\x1b[2J.tgn") != std::string::npos);
}

TEST_CASE("item 5: replay verify compares every column of the row with the log and names those that disagree") {
  test::ReplayTempDir dir;
  const std::string db = test::copy_default_db(dir);
  {
    Store store = Store::open(db, Store::Mode::ReadWrite);
    ReplayStore(store).insert(from_log(test::bot_log(15)));
  }
  REQUIRE(by_id(Action::Verify, 1, db).code == kExitOk);
  {
    SQLite::Database w(db, SQLite::OPEN_READWRITE);
    w.exec("UPDATE replay SET players = 'Mallory, Eve', seed = '999'");
  }
  ReplayArgs list;
  list.action = Action::List;
  CHECK(replay_cmd(list, db).out.find("Mallory, Eve  seed 999") != std::string::npos);
  const Run v = by_id(Action::Verify, 1, db);
  CHECK(v.code == kExitIllegal);
  CHECK(v.err.find("2 columns of its row disagree with it") != std::string::npos);
  CHECK(v.err.find("players: the row says 'Mallory, Eve', its log 'bot:greedy, bot:random'") != std::string::npos);
  CHECK(v.err.find("seed: the row says '999', its log '15'") != std::string::npos);
  for (const char* sql : {"UPDATE replay SET players = 'bot:greedy, bot:random', seed = '15', result = 'x 1'",
                          "UPDATE replay SET result = (SELECT result FROM replay), finished = 0, level = 'mists-1'"}) {
    SQLite::Database w(db, SQLite::OPEN_READWRITE);
    w.exec(sql);
  }
  const Run v2 = by_id(Action::Verify, 1, db);
  CHECK(v2.code == kExitIllegal);
  CHECK(v2.err.find("result: the row says 'x 1'") != std::string::npos);
  CHECK(v2.err.find("finished: the row says '0', its log '1'") != std::string::npos);
  CHECK(v2.err.find("level: the row says 'mists-1', its log ''") != std::string::npos);
}

TEST_CASE("item 5: column_disagreements is empty for what insert writes") {
  const GameLog log = test::bot_log(16, 40);
  ReplaySummary row = columns_of(log);
  CHECK(column_disagreements(row, log).empty());
  row.plies += 1;
  row.rules_digest = "0";
  const auto bad = column_disagreements(row, log);
  REQUIRE(bad.size() == 2);
  CHECK(bad[0].rfind("plies: ", 0) == 0);
  CHECK(bad[1].rfind("rules_digest: ", 0) == 0);
}

TEST_CASE("item 6: concurrent imports of one record store it once, and every importer names that replay") {
  test::ReplayTempDir dir;
  const std::string db = test::copy_default_db(dir);
  const std::string file = dir.file("game.tgn");
  write_file(file, finished_record(17));
  for (int round = 0; round < 3; ++round) {
    const std::vector<Run> runs = imports_in_parallel(4, file, db);
    int stored = 0;
    for (const Run& r : runs) {
      INFO(r.err);
      REQUIRE(r.code == kExitOk);
      CHECK(r.last_line() == "1");
      if (r.out.find("Imported ") != std::string::npos) ++stored;
    }
    CHECK(stored == (round == 0 ? 1 : 0));
    CHECK(count_rows(db) == 1);
  }
  // --duplicate still stores a copy.
  ReplayArgs dup;
  dup.action = Action::Import;
  dup.file = file;
  dup.duplicate = true;
  CHECK(replay_cmd(dup, db).last_line() == "2");
}

TEST_CASE("item 7: replay list shows a co-op result as the record's Result tag writes it") {
  test::ReplayTempDir dir;
  const std::string db = test::copy_default_db(dir);
  GameSetup s;
  s.rule_set = "mists";
  s.level = "mists-1";
  s.seed = 5;
  s.players = parse_players("bot:coop, bot:coop");
  Recorder rec;
  REQUIRE_FALSE(Recorder::start(test::default_content(), s, rec));
  auto bot = make_bot("coop");
  Rng rng(5);
  while (!rec.game().finished()) rec.apply_index(bot->choose(rec.game(), rng));
  const std::string result = result_text(rec.game());
  REQUIRE((result.rfind("win, ", 0) == 0 || result.rfind("lose, ", 0) == 0));
  GameLog log = rec.take_log();
  CHECK(log.result == result);
  log.set_tag("Result", result);  // as play writes it
  {
    Store store = Store::open(db, Store::Mode::ReadWrite);
    ReplayStore(store).insert(from_log(log));
  }
  ReplayArgs list;
  list.action = Action::List;
  const Run l = replay_cmd(list, db);
  CHECK(l.out.find("plies  " + result + "\n") != std::string::npos);
  CHECK(l.out.find("bot:coop (1) ") == std::string::npos);
  const Run exp = by_id(Action::Export, 1, db);
  CHECK(exp.out.find("[Result \"" + result + "\"]") != std::string::npos);
  CHECK(by_id(Action::Verify, 1, db).code == kExitOk);
}

TEST_CASE("item 7: a co-op log stored before with the seats' scores as its result still verifies") {
  test::ReplayTempDir dir;
  const std::string db = test::copy_default_db(dir);
  GameSetup s;
  s.rule_set = "mists";
  s.level = "mists-1";
  s.seed = 6;
  s.players = parse_players("bot:coop, bot:coop");
  Recorder rec;
  REQUIRE_FALSE(Recorder::start(test::default_content(), s, rec));
  auto bot = make_bot("coop");
  Rng rng(6);
  while (!rec.game().finished()) rec.apply_index(bot->choose(rec.game(), rng));
  GameLog log = rec.take_log();
  log.result = scores_text(rec.game());  // what logs held before
  CHECK(verify(test::default_content(), log, "old").ok());
}
