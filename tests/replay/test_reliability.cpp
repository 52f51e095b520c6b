// Reliability: no crash on any input, no game lost to a write-protected database, no
// false alarm after a killed writer, and messages that name the problem without letting
// the file's bytes take over the terminal. Each case here failed before its fix (the
// item of the reliability issue it covers is named).
#include <SQLiteCpp/SQLiteCpp.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>

#include "cli/commands.h"
#include "schema/connection.h"
#include "cli/replay_cmd.h"
#include "engine/text.h"
#include "engine/tgn.h"
#include "replay/archive.h"
#include "replay/replay_store.h"
#include "support.h"

using namespace tw;
namespace fs = std::filesystem;
using Action = ReplayArgs::Action;

namespace {

struct ReliabilityRun {
  int code;
  std::string out, err;
};

ReliabilityRun reliability_replay_cmd(ReplayArgs a, const std::string& db) {
  a.db = db;
  std::ostringstream out, err;
  const int code = cmd_replay(a, out, err);
  return {code, out.str(), err.str()};
}

void reliability_write_file(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

bool reliability_has_raw_control(const std::string& s) {
  for (unsigned char c : s)
    if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f) return true;
  return false;
}

// Runs `check` in a child process; as the unprivileged user nobody when this process is
// root (root ignores file permissions, so a write-protected file is only write-protected
// for somebody else). `check` returns "" when all is well, else what went wrong.
std::string in_child(bool unprivileged, const std::function<std::string()>& check) {
  int fds[2];
  REQUIRE(::pipe(fds) == 0);
  const pid_t pid = ::fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    ::close(fds[0]);
    std::string result;
    if (unprivileged && ::geteuid() == 0 && (::setgid(65534) != 0 || ::setuid(65534) != 0))
      result = "cannot become nobody";
    else
      result = check();
    if (!result.empty() && ::write(fds[1], result.data(), result.size()) < 0) ::_exit(3);
    ::_exit(result.empty() ? 0 : 1);
  }
  ::close(fds[1]);
  std::string text;
  char buf[4096];
  for (ssize_t n; (n = ::read(fds[0], buf, sizeof buf)) > 0;) text.append(buf, static_cast<size_t>(n));
  ::close(fds[0]);
  int status = 0;
  ::waitpid(pid, &status, 0);
  if (!WIFEXITED(status)) return "the child process died (signal " + std::to_string(WTERMSIG(status)) + ")";
  if (WEXITSTATUS(status) != 0 && text.empty()) return "the child failed with exit " + std::to_string(WEXITSTATUS(status));
  return text;
}

// A folder the unprivileged user can read (so a root-owned file in it is readable and
// not writable for nobody).
struct OpenDir {
  test::ReplayTempDir dir;
  OpenDir() { fs::permissions(fs::path(dir.file("")).parent_path(), fs::perms::owner_all | fs::perms::group_read |
                                   fs::perms::group_exec | fs::perms::others_read | fs::perms::others_exec); }
  std::string file(const std::string& name) const { return dir.file(name); }
};

const std::string kHeader = "[Format \"TGN 1\"]\n[Ruleset \"base\"]\n[Players \"Ann, Ben\"]\n[Seed \"1\"]\n\n";

}  // namespace

TEST_CASE("item 1: a tag with bytes that are not UTF-8 is refused at read by run, run --json and import") {
  test::ReplayTempDir dir;
  const std::string file = dir.file("bad-utf8.tgn");
  reliability_write_file(file, "[Format \"TGN 1\"]\n[Ruleset \"gcc\"]\n[Players \"Ann\xff\xfe, bot:random\"]\n[Seed \"1\"]\n\n");
  for (bool json : {false, true}) {
    RunOptions o;
    o.file = file;
    o.json = json;
    std::ostringstream out, err;
    CHECK(cmd_run(test::default_content(), o, out, err) == kExitInput);  // before: an uncaught exception
    if (json) {  // the failure as one JSON object, valid UTF-8
      const auto j = nlohmann::json::parse(out.str());
      CHECK(j["line"] == 3);
      CHECK(j["error"].get<std::string>().find("is not UTF-8") != std::string::npos);
    } else {
      CHECK(out.str().empty());
    }
    CHECK(err.str().find(file + ":3:14: byte \"\\xff\" is not UTF-8") != std::string::npos);
    CHECK_FALSE(reliability_has_raw_control(err.str()));
    CHECK(text::invalid_utf8_at(err.str()) == std::string_view::npos);
  }
  const std::string db = test::copy_default_db(dir);
  ReplayArgs imp;
  imp.action = Action::Import;
  imp.file = file;
  const ReliabilityRun r = reliability_replay_cmd(imp, db);
  CHECK(r.code == kExitInput);
  Store store = Store::open(db, Store::Mode::ReadOnly);
  CHECK(replay::ReplayStore(store).list().empty());  // nothing stored
}

TEST_CASE("item 1: every JSON output is valid UTF-8 whatever its strings hold") {
  nlohmann::ordered_json j;
  j["players"] = {"Ann\xff\xfe", "Ben"};
  std::string s;
  REQUIRE_NOTHROW(s = json_text(j));
  CHECK(text::invalid_utf8_at(s) == std::string_view::npos);
  CHECK(s == "{\"players\":[\"Ann\xEF\xBF\xBD\xEF\xBF\xBD\",\"Ben\"]}");
  CHECK(text::valid_utf8("caf\xc3\xa9") == "caf\xc3\xa9");
}

TEST_CASE("printable: control characters and bad bytes become visible escapes, long text is cut") {
  CHECK(text::printable("plain caf\xc3\xa9") == "plain caf\xc3\xa9");
  CHECK(text::printable("\x1b[2Jgone") == "\\x1b[2Jgone");
  CHECK(text::printable(std::string("a\0b", 3)) == "a\\x00b");
  CHECK(text::printable("\xc2\x9b" "31m") == "\\u009b31m");  // C1 CSI
  CHECK(text::printable("\xff\xfe") == "\\xff\\xfe");
  CHECK(text::printable("two\nlines") == "two\\x0alines");
  CHECK(text::printable_lines("two\nlines\x07") == "two\nlines\\x07");
  CHECK(text::printable(std::string(1000, 'x'), 10) == "xxxxxxxxxx... (1000 bytes)");
  // Never cut inside a character.
  CHECK(text::printable("\xc3\xa9\xc3\xa9", 3) == "\xc3\xa9... (4 bytes)");
  CHECK(text::invalid_utf8_at("ok \xed\xa0\x80") == 3);  // a UTF-16 surrogate
  CHECK(text::invalid_utf8_at("\xc0\xaf") == 0);         // overlong
  CHECK(text::invalid_utf8_at("\xf4\x90\x80\x80") == 0);  // above U+10FFFF
}

TEST_CASE("item 2: a write-protected database is refused before a game is played or simulated") {
  OpenDir dir;
  const std::string db = dir.file("protected.db");
  fs::copy_file(TW_TEST_DB, db);
  fs::permissions(db, fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
  (void)test::default_content();  // loaded here: the child may not be allowed to read the build tree
  const std::string problem = in_child(true, [&]() -> std::string {
    PlayOptions p;
    p.players = "bot:greedy, bot:random";
    p.seed = 3;
    p.quiet = true;
    p.replay_db = db;
    std::istringstream in;
    std::ostringstream out, err;
    const int code = cmd_play(test::default_content(), p, in, out, err, false);
    if (code != kExitDatabase) return "play: exit " + std::to_string(code) + "\n" + out.str() + err.str();
    if (out.str().find("Result") != std::string::npos) return "play played the game first:\n" + out.str();
    if (err.str().find("write-protected") == std::string::npos) return "play: " + err.str();
    SimulateOptions s;
    s.games = 3;
    s.progress = false;
    s.record_db = db;
    std::ostringstream out2, err2;
    const int code2 = cmd_simulate(test::default_content(), s, out2, err2);
    if (code2 != kExitDatabase) return "simulate: exit " + std::to_string(code2);
    if (!out2.str().empty()) return "simulate reported games:\n" + out2.str();
    if (err2.str().find("no game was played") == std::string::npos) return "simulate: " + err2.str();
    return {};
  });
  CHECK(problem == "");
}

TEST_CASE("item 2: play keeps the game as it goes, in --out or a recovery file") {
  test::ReplayTempDir dir;
  const std::string state = dir.file("state");
  ::setenv("XDG_STATE_HOME", state.c_str(), 1);
  PlayOptions p;
  p.players = "Ann, bot:random";
  p.seed = 5;
  p.quiet = true;
  SECTION("--out holds every decision made before the player stopped") {
    p.out_file = dir.file("game.tgn");
    std::istringstream in("1\n1\n1\nq\n");  // Ann places and passes, then stops
    std::ostringstream out, err;
    REQUIRE(cmd_play(test::default_content(), p, in, out, err, false) == kExitOk);
    const auto parsed = tgn::parse(test::read_text(p.out_file));
    REQUIRE(parsed.record);
    CHECK(parsed.record->mainline.size() >= 3);
  }
  SECTION("without --out, the game so far is in a recovery file, named on stop") {
    std::istringstream in("1\n1\nq\n");
    std::ostringstream out, err;
    REQUIRE(cmd_play(test::default_content(), p, in, out, err, false) == kExitOk);
    const std::string said = "The game so far is kept in ";
    const auto at = out.str().find(said);
    REQUIRE(at != std::string::npos);
    std::string path = out.str().substr(at + said.size());
    path = path.substr(0, path.find('\n'));
    CHECK(path.rfind(state, 0) == 0);
    const auto parsed = tgn::parse(test::read_text(path));
    REQUIRE(parsed.record);
    CHECK(parsed.record->mainline.size() >= 2);
  }
  SECTION("a finished game stored as a replay leaves no recovery file") {
    p.players = "bot:greedy, bot:random";
    p.replay_db = test::copy_default_db(dir);
    std::istringstream in;
    std::ostringstream out, err;
    REQUIRE(cmd_play(test::default_content(), p, in, out, err, false) == kExitOk);
    CHECK(out.str().find("Stored the game as replay 1") != std::string::npos);
    size_t files = 0;
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(state, ec); !ec && it != fs::recursive_directory_iterator();
         it.increment(ec))
      files += it->is_regular_file() ? 1 : 0;
    CHECK(files == 0);
  }
  ::unsetenv("XDG_STATE_HOME");
}

namespace {

// A writer killed in the middle of a transaction, after SQLite had to write changed pages
// into the database file (a tiny cache makes it spill): a hot journal is left behind.
void leave_hot_journal(const std::string& db) {
  {
    // A rollback journal, whatever mode the copied file was left in (the editor switches
    // a database it opens, build/default.db too, to WAL).
    SQLite::Database m(db, SQLite::OPEN_READWRITE);
    m.exec("PRAGMA journal_mode = DELETE");
  }
  const std::string problem = in_child(false, [&]() -> std::string {
    SQLite::Database w(db, SQLite::OPEN_READWRITE);
    w.exec("PRAGMA cache_size = 1");
    w.exec("BEGIN");
    w.exec("UPDATE tile_segment SET ports = ports || ''");
    w.exec("UPDATE tile_type SET count = count + 1");
    ::_exit(0);  // killed: no rollback, no commit
  });
  REQUIRE(problem == "");
  REQUIRE(fs::exists(db + "-journal"));
  REQUIRE(fs::file_size(db + "-journal") > 0);
}

}  // namespace

TEST_CASE("item 3: read-only commands roll back a killed writer's journal instead of calling the file corrupt") {
  OpenDir dir;
  const std::string db = dir.file("hot.db");
  fs::copy_file(TW_TEST_DB, db);
  leave_hot_journal(db);
  SECTION("writable: the journal is rolled back and nothing committed is lost") {
    Content c;
    REQUIRE_NOTHROW(c = Store::open(db, Store::Mode::ReadOnly).load_content());  // before: "corrupt"
    CHECK_FALSE(fs::exists(db + "-journal"));
    int tiles = 0, before = 0;
    for (const auto& t : c.tiles) tiles += t.count;
    for (const auto& t : test::default_content().tiles) before += t.count;
    CHECK(tiles == before);
    std::ostringstream out, err;
    CHECK(cmd_validate(db, out, err) == kExitOk);
  }
  SECTION("not writable for this user: the message says what is needed") {
    const std::string problem = in_child(true, [&]() -> std::string {
      try {
        Store::open(db, Store::Mode::ReadOnly);
        return "opened without rolling back";
      } catch (const StoreError& e) {
        const std::string m = e.what();
        if (m.find("corrupt") != std::string::npos) return "false alarm: " + m;
        if (m.find(db + "-journal") == std::string::npos || m.find("write access") == std::string::npos)
          return "unclear: " + m;
        return {};
      }
    });
    CHECK(problem == "");
    CHECK(fs::exists(db + "-journal"));  // left for somebody who may roll it back
  }
}

TEST_CASE("items 4-6: content errors show NUL bytes and escape sequences visibly and cut long values") {
  test::ReplayTempDir dir;
  const std::string db = test::copy_default_db(dir);
  {
    SQLite::Database w(db, SQLite::OPEN_READWRITE);
    w.exec("PRAGMA ignore_check_constraints = 1");
    w.exec("UPDATE tile_type SET id = 'A' || char(0) || 'B' WHERE tile_set = 'base' AND id = 'A'");
    w.exec("UPDATE terrain SET colour = char(27) || '[2J' || char(27) || ']0;pwned' || char(7) WHERE id = 'road'");
    SQLite::Statement big(w, "UPDATE terrain SET colour = ? WHERE id = 'city'");
    big.bind(1, std::string(1000000, 'x'));
    big.exec();
  }
  std::ostringstream out, err;
  CHECK(cmd_validate(db, out, err) == kExitIllegal);
  const std::string e = err.str();
  CHECK_FALSE(reliability_has_raw_control(e));
  // An id holding a control character is refused (issue 56, item 4), shown escaped.
  CHECK(e.find("column id = 'A\\x00B'") != std::string::npos);  // before: cut at the NUL
  CHECK(e.find("'\\x1b[2J\\x1b]0;pwned\\x07'") != std::string::npos);
  CHECK(e.find("... (1000000 bytes)") != std::string::npos);
  CHECK(e.size() < 4000);  // before: the whole megabyte
  // Every problem is listed, and the count agrees.
  const auto lines = static_cast<size_t>(std::count(e.begin(), e.end(), '\n'));
  const auto at = e.rfind(": ");
  const size_t count = std::stoul(e.substr(at + 2));
  CHECK(count + 1 == lines);
}

TEST_CASE("item 5: replay list and show print escape sequences from the database visibly") {
  test::ReplayTempDir dir;
  const std::string db = test::copy_default_db(dir);
  {
    Store store = Store::open(db, Store::Mode::ReadWrite);
    replay::ReplayStore(store).insert(replay::from_log(test::bot_log(11, 8)));
  }
  {
    SQLite::Database w(db, SQLite::OPEN_READWRITE);
    w.exec("UPDATE replay SET players = 'Ann' || char(27) || '[2J', pinned = 'pin' || char(27) || ']0;x' || char(7)");
  }
  ReplayArgs list;
  list.action = Action::List;
  const ReliabilityRun l = reliability_replay_cmd(list, db);
  REQUIRE(l.code == kExitOk);
  CHECK_FALSE(reliability_has_raw_control(l.out));
  CHECK(l.out.find("Ann\\x1b[2J") != std::string::npos);
  ReplayArgs show;
  show.action = Action::Show;
  show.id = 1;
  const ReliabilityRun s = reliability_replay_cmd(show, db);
  INFO(s.err);
  REQUIRE(s.code == kExitOk);
  CHECK_FALSE(reliability_has_raw_control(s.out));
  CHECK(s.out.find("pin\\x1b]0;x\\x07") != std::string::npos);
}

TEST_CASE("item 6: replay export refuses a log edited after it was stored, even with its CRC fixed") {
  test::ReplayTempDir dir;
  const std::string db = test::copy_default_db(dir);
  {
    Store store = Store::open(db, Store::Mode::ReadWrite);
    replay::ReplayStore(store).insert(replay::from_log(test::bot_log(12)));
  }
  {  // the log says another seed than the one played; pack_log writes a correct CRC
    Store store = Store::open(db, Store::Mode::ReadWrite);
    replay::GameLog log = replay::ReplayStore(store).load_log(1);
    log.header.seed += 1;
    const std::string blob = replay::pack_log(log);
    SQLite::Statement st(tw::store_layer::connection(store), "UPDATE replay SET log = ? WHERE id = 1");
    st.bind(1, blob.data(), static_cast<int>(blob.size()));
    st.exec();
  }
  for (const char* format : {"tgn", "xml"}) {
    ReplayArgs exp;
    exp.action = Action::Export;
    exp.id = 1;
    exp.format = format;
    exp.out_file = dir.file(std::string("out.") + format);
    const ReliabilityRun r = reliability_replay_cmd(exp, db);
    CHECK(r.code == kExitIllegal);  // before: 0, and a record `run` rejects
    CHECK(r.err.find("replay 1") != std::string::npos);
    CHECK(r.err.find("not exported") != std::string::npos);
    CHECK_FALSE(fs::exists(exp.out_file));
  }
}

TEST_CASE("item 7: records, comments and tags over their limits are refused where they stand") {
  test::ReplayTempDir dir;
  SECTION("a record over 4 MiB, before it is read") {
    const std::string file = dir.file("huge.tgn");
    reliability_write_file(file, kHeader + "1. place D 0,1 r0 {" + std::string(tgn::kMaxRecordBytes, 'x') + "}\n");
    RunOptions o;
    o.file = file;
    std::ostringstream out, err;
    CHECK(cmd_run(test::default_content(), o, out, err) == kExitInput);
    CHECK(err.str().find("holds at most 4194304 bytes") != std::string::npos);
  }
  SECTION("a comment over 64 KiB, at its line and column") {
    const auto r = tgn::parse(kHeader + "1. place D 0,1 r0\n{" + std::string(tgn::kMaxCommentBytes + 1, 'c') + "}\n");
    REQUIRE_FALSE(r.record);
    CHECK(r.errors.front().line == 7);
    CHECK(r.errors.front().column == 1);
    CHECK(r.errors.front().message.find("at most 65536 bytes") != std::string::npos);
  }
  SECTION("a tag value over 16 KiB") {
    const auto r = tgn::parse("[Format \"TGN 1\"]\n[Event \"" + std::string(tgn::kMaxTagBytes + 1, 'e') +
                              "\"]\n[Ruleset \"base\"]\n[Seed \"1\"]\n");
    REQUIRE_FALSE(r.record);
    CHECK(r.errors.front().line == 2);
    CHECK(r.errors.front().message.find("[Event]") != std::string::npos);
  }
  SECTION("more decisions than a record holds") {
    std::string text = kHeader;
    for (size_t i = 0; i <= tgn::kMaxNodes; ++i) text += "pass ";
    const auto r = tgn::parse(text);
    REQUIRE_FALSE(r.record);
    CHECK(r.errors.back().message.find("more than 50000 decisions") != std::string::npos);
  }
  SECTION("an annotation or pinned comment over the limit is not stored") {
    const std::string db = test::copy_default_db(dir);
    {
      Store store = Store::open(db, Store::Mode::ReadWrite);
      replay::ReplayStore(store).insert(replay::from_log(test::bot_log(13, 6)));
    }
    ReplayArgs ann;
    ann.action = Action::Annotate;
    ann.id = 1;
    ann.ply = 2;
    ann.comment = std::string(tgn::kMaxCommentBytes + 1, 'c');
    const ReliabilityRun a = reliability_replay_cmd(ann, db);
    CHECK(a.code == kExitInput);
    CHECK(a.err.find("at most 65536") != std::string::npos);
    ann.comment = std::string("bell\x07");
    CHECK(reliability_replay_cmd(ann, db).code == kExitInput);
    ReplayArgs pin;
    pin.action = Action::Pin;
    pin.id = 1;
    pin.text = std::string(tgn::kMaxCommentBytes + 1, 'p');
    CHECK(reliability_replay_cmd(pin, db).code != kExitOk);
    Store store = Store::open(db, Store::Mode::ReadOnly);
    const replay::Replay r = replay::ReplayStore(store).load(1);
    CHECK(r.pinned.empty());
    CHECK(r.mainline[1].note.comment.empty());
  }
}

TEST_CASE("item 7: simulate --record stores its games in batches, each one transaction") {
  test::ReplayTempDir dir;
  const std::string db = test::copy_default_db(dir);
  SimulateOptions s;
  s.games = 7;
  s.threads = 2;
  s.progress = false;
  s.record_db = db;
  s.record_batch = 3;
  s.bots = {"greedy", "random"};
  std::ostringstream out, err;
  REQUIRE(cmd_simulate(test::default_content(), s, out, err) == kExitOk);
  CHECK(out.str().find("stored 7 games as replays 1..7 in " + db + " (3 per transaction)") != std::string::npos);
  Store store = Store::open(db, Store::Mode::ReadOnly);
  const auto all = replay::ReplayStore(store).list();
  REQUIRE(all.size() == 7);
  // Stored in game order: replay k holds the game of seed k (seeds 1..7).
  for (const auto& summary : all) CHECK(summary.seed == std::to_string(summary.id));
}

TEST_CASE("item 8: a rule set's system must be the one whose rules and tiles it uses") {
  test::ReplayTempDir dir;
  const std::string db = test::copy_default_db(dir);
  SECTION("Discovery marked gcc") {
    SQLite::Database(db, SQLite::OPEN_READWRITE).exec("UPDATE rule_set SET system = 'gcc' WHERE id = 'discovery'");
    try {
      Store::open(db, Store::Mode::ReadOnly).load_content();
      FAIL("loaded");
    } catch (const LoadError& e) {
      const std::string m = e.what();
      CHECK(m.find("rule_set row discovery column system = 'gcc'") != std::string::npos);
      CHECK(m.find("lowland, mountain, water segments") != std::string::npos);
    }
  }
  SECTION("Ghosts, Castles and Cemeteries marked base") {
    // Modules compose in data (issue 31): gcc's ghosts, guards and cemeteries play on its
    // fog, castle and cemetery tiles whatever the system, so this loads with its rules...
    SQLite::Database(db, SQLite::OPEN_READWRITE).exec("UPDATE rule_set SET system = 'base' WHERE id = 'gcc'");
    const Content c = Store::open(db, Store::Mode::ReadOnly).load_content();
    REQUIRE(c.find_rule_set("gcc"));
    CHECK(c.find_rule_set("gcc")->rules.fog_ghosts == 1);
    // ... while a co-op parameter there is still refused, naming its row.
    SQLite::Database(db, SQLite::OPEN_READWRITE).exec("INSERT INTO rule_param VALUES ('gcc', 'dog_waits_for_follower', 1)");
    try {
      Store::open(db, Store::Mode::ReadOnly).load_content();
      FAIL("loaded");
    } catch (const LoadError& e) {
      CHECK(std::string(e.what()).find("rule_param row gcc/dog_waits_for_follower column value = '1'") != std::string::npos);
    }
  }
}

TEST_CASE("item 8: validate --full finds a table and index that disagree, which the quick check misses") {
  test::ReplayTempDir dir;
  const std::string db = test::copy_default_db(dir);
  {
    SQLite::Database w(db, SQLite::OPEN_READWRITE);
    w.exec("CREATE INDEX tw_probe ON terrain(colour)");
    w.exec("PRAGMA writable_schema = ON");
    w.exec("UPDATE sqlite_schema SET sql = 'CREATE INDEX tw_probe ON terrain(kind)' WHERE name = 'tw_probe'");
  }
  std::ostringstream out, err;
  CHECK(cmd_validate(db, out, err, false) == kExitOk);  // the quick check at open passes
  std::ostringstream out2, err2;
  CHECK(cmd_validate(db, out2, err2, true) == kExitDatabase);
  CHECK(err2.str().find("PRAGMA integrity_check: row 1 missing from index tw_probe") != std::string::npos);
  std::ostringstream out3, err3;
  CHECK(cmd_validate(TW_TEST_DB, out3, err3, true) == kExitOk);
  CHECK(out3.str().find("ok (file and content)") != std::string::npos);
}

TEST_CASE("a database image in memory loads as the file does, and a bad image is a StoreError") {
  const std::string image = test::read_text(TW_TEST_DB);
  Content c;
  REQUIRE_NOTHROW(c = Store::open_image(image, "image.db").load_content());
  CHECK(c.tiles.size() == test::default_content().tiles.size());
  CHECK(c.rule_sets.size() == test::default_content().rule_sets.size());
  CHECK_THROWS_AS(Store::open_image("", "empty.db"), StoreError);
  CHECK_THROWS_AS(Store::open_image(std::string(4096, 'x'), "junk.db"), StoreError);
  CHECK_THROWS_AS(Store::open_image(image.substr(0, image.size() / 2), "half.db").load_content(), StoreError);
}

TEST_CASE("a damaged page that PRAGMA quick_check passes but the foreign key check reads is a StoreError") {
  // Found by tw_fuzz_content (CI): an older schema version, so the loader checks the
  // foreign keys before upgrading, and that check read a malformed page: an SQLite
  // exception escaped the loader and ended the program.
  const std::string image = test::read_text(TW_SOURCE_DIR "/fuzz/corpus/content/regress-fk-check-malformed.db");
  REQUIRE(image.size() == 43008);
  try {
    (void)Store::open_image(image, "damaged.db").load_content();
    FAIL("a damaged database loaded");
  } catch (const StoreError& e) {
    const std::string what = e.what();
    CHECK(what.rfind("damaged.db: ", 0) == 0);
    CHECK(what.find("corrupt") != std::string::npos);
  }
}
