// TGN import and export of replays: canonical TGN -> replay -> TGN is byte-identical,
// lax input imports to the canonical text, and illegal moves are named where they are.
#include <catch2/catch.hpp>

#include "replay/tgn_io.h"
#include "replay/verify.h"
#include "support.h"

using namespace tw;
using namespace tw::replay;

namespace {

Replay import_ok(const std::string& text) {
  ImportResult r = import_tgn(test::default_content(), text, "game.tgn");
  std::string errors;
  for (const auto& e : r.errors) errors += e + "\n";
  INFO(errors);
  REQUIRE(r.errors.empty());
  REQUIRE(r.replay.has_value());
  return std::move(*r.replay);
}

// The tree without board markers (TGN has no syntax for them).
void tgn_io_drop_markers(Line& line) {
  for (Node& n : line) {
    n.note.markers.clear();
    for (Line& v : n.variations) tgn_io_drop_markers(v);
  }
}

}  // namespace

TEST_CASE("canonical TGN -> replay -> TGN is byte-identical") {
  Replay r = test::annotated_replay();
  const std::string text = export_tgn(r);
  CHECK(text.find("{A game between the *bots*, annotated {for the tests\\} with \\\\ and \\}.}") !=
        std::string::npos);
  const Replay back = import_ok(text);
  CHECK(export_tgn(back) == text);
  tgn_io_drop_markers(r.mainline);
  CHECK(back.mainline == r.mainline);
  CHECK(back.pinned == r.pinned);
  CHECK(back.log.decisions == r.log.decisions);
  CHECK(back.log.hashes == r.log.hashes);
  CHECK(back.log.header.tags == r.log.header.tags);
  CHECK(verify(test::default_content(), back.log, "imported").ok());
  CHECK(check_variations(test::default_content(), back) == "");
}

TEST_CASE("a variation of a placement is written after the turn, as NOTATION.md shows") {
  const Replay r = test::annotated_replay();
  const std::string text = export_tgn(r);
  // Turn 2 is plies 3 and 4; ply 4 has its own variation, then the placement's two.
  const std::string turn2 = "\n2. " + r.mainline[2].decision + " ?! " + r.mainline[3].decision + "\n";
  const auto at = text.find(turn2);
  REQUIRE(at != std::string::npos);
  const std::string after = text.substr(at + turn2.size());
  CHECK(after.rfind("   (2. " + r.mainline[3].variations[0][0].decision + ")\n   (2. " +
                        r.mainline[2].variations[0][0].decision + " {Better:",
                    0) == 0);
}

TEST_CASE("lax TGN imports to the canonical text") {
  const Replay r = test::annotated_replay();
  const std::string canonical = export_tgn(r);
  // Outside tags and comments: no turn numbers, no line breaks, odd spacing.
  const size_t body = canonical.find("\n\n") + 2;
  std::string stripped = canonical.substr(0, body);
  bool in_comment = false;
  for (size_t i = body; i < canonical.size(); ++i) {
    const char ch = canonical[i];
    if (in_comment) {
      stripped += ch;
      if (ch == '\\') stripped += canonical[++i];
      else if (ch == '}') in_comment = false;
      continue;
    }
    if (ch == '{') in_comment = true;
    const bool word_start = i == body || std::string(" \n(").find(canonical[i - 1]) != std::string::npos;
    if (word_start && std::isdigit(static_cast<unsigned char>(ch))) {
      size_t j = i;
      while (std::isdigit(static_cast<unsigned char>(canonical[j]))) ++j;
      if (canonical[j] == '.') {
        while (canonical[j] == '.') ++j;
        i = j - 1;  // the turn number goes
        continue;
      }
    }
    stripped += ch == '\n' ? std::string(" \t ") : std::string(1, ch);
  }
  INFO(stripped);
  REQUIRE(stripped.find("2. place") == std::string::npos);
  REQUIRE(stripped.find(" 3... ") == std::string::npos);
  CHECK(export_tgn(import_ok(stripped)) == canonical);
}

TEST_CASE("moves are stored canonically whatever port names the segment") {
  const GameLog log = test::bot_log(41);
  tgn::Record rec = to_record(from_log(log));
  int respelled = 0;
  for (int ply = 1; ply <= log.plies(); ++ply) {
    const std::string& d = log.decisions[static_cast<size_t>(ply - 1)];
    if (d.rfind("meeple ", 0) != 0) continue;
    const Game g = test::replayed(log, ply - 1);
    const auto canonical = g.parse_option(d);
    REQUIRE(canonical.has_value());
    const std::string kind = d.substr(7, d.find(':') - 7);
    for (std::string_view port : kPortNames) {
      const std::string other = "meeple " + kind + ":" + std::string(port);
      const auto o = g.parse_option(other);
      if (other != d && o && *o == *canonical) {
        rec.mainline[static_cast<size_t>(ply - 1)].move = other;
        ++respelled;
        break;
      }
    }
  }
  REQUIRE(respelled > 3);
  const ImportResult res = import_record(test::default_content(), rec, "respelled");
  REQUIRE(res.replay.has_value());
  CHECK(res.replay->log.decisions == log.decisions);
  CHECK(export_tgn(*res.replay) == export_tgn(from_log(log)));
}

TEST_CASE("illegal moves are named with file, line, column and ply") {
  const Replay r = from_log(test::bot_log(42, 12));
  std::string text = export_tgn(r);
  SECTION("on the main line") {
    const std::string& d = r.log.decisions[4];
    const auto at = text.find(d);
    text.replace(at, d.size(), "place Q 30,30 r90");
    const ImportResult res = import_tgn(test::default_content(), text, "g.tgn");
    REQUIRE(res.errors.size() == 1);
    CHECK(res.errors[0].rfind("g.tgn:", 0) == 0);
    CHECK(res.errors[0].find(": ply 5: illegal decision 'place Q 30,30 r90': ") != std::string::npos);
    CHECK_FALSE(res.replay.has_value());
  }
  SECTION("in a variation") {
    text.insert(text.find("\n2. "), "\n   (1. meeple monastery:C)");
    const ImportResult res = import_tgn(test::default_content(), text, "g.tgn");
    INFO(text);
    REQUIRE(res.errors.size() == 1);
    CHECK(res.errors[0] ==
          "g.tgn:7:8: ply 2: illegal decision 'meeple monastery:C': the tile has no monastery:C (" +
              std::to_string(test::replayed(r.log, 1).pending().options.size()) + " legal options)");
  }
  SECTION("a record that does not parse") {
    const ImportResult res = import_tgn(test::default_content(), "[Format \"TGN 1\"]\n", "g.tgn");
    CHECK(res.errors.size() == 2);
    CHECK(res.errors[0] == "g.tgn:1:1: missing required tag [Ruleset \"...\"]");
  }
  SECTION("an unknown rule set") {
    const ImportResult res =
        import_tgn(test::default_content(), "[Format \"TGN 1\"]\n[Ruleset \"zz\"]\n[Seed \"1\"]\n[Players \"A, B\"]\n", "g.tgn");
    REQUIRE(res.errors.size() == 1);
    CHECK(res.errors[0].rfind("g.tgn: the game cannot be set up: unknown rule set 'zz'", 0) == 0);
  }
}

TEST_CASE("a co-op game imports with its level, verifies and exports byte for byte") {
  // A level 5 game of the coop bots, written as TGN by the recorder.
  GameSetup s;
  s.rule_set = "mists";
  s.level = "mists-5";
  s.seed = 3;
  s.players = parse_players("bot:coop, bot:coop");
  Recorder rec;
  REQUIRE_FALSE(Recorder::start(test::default_content(), s, rec));
  auto bot = make_bot("coop");
  Rng rng(3);
  while (!rec.game().finished() && rec.game().ply() < 60) rec.apply_index(bot->choose(rec.game(), rng));
  GameLog log = rec.take_log();
  CHECK(log.header.level == "mists-5");
  const std::string text = export_tgn(from_log(log));
  CHECK(text.find("[Level \"mists-5\"]") != std::string::npos);
  const Replay back = import_ok(text);
  CHECK(back.log.header.level == "mists-5");
  CHECK(back.log.decisions == log.decisions);
  CHECK(back.log.hashes == log.hashes);
  CHECK(verify(test::default_content(), back.log, "imported").status == VerifyStatus::Ok);
  CHECK(export_tgn(back) == text);
}
