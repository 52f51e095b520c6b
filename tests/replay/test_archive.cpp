// Game logs as archives: byte-identical round trips, continuing a restored game, and the
// stored blob's header catching damage, truncation and versions before deserialising.
#include <algorithm>
#include <catch2/catch.hpp>
#include <functional>

#include "replay/archive.h"
#include "replay/digest.h"
#include "replay/verify.h"
#include "support.h"

using namespace tw;
using namespace tw::replay;

namespace {

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const ReplayError& e) {
    return e.what();
  }
  return "(no error)";
}

bool contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("serialize, deserialize, serialize gives identical bytes") {
  for (uint64_t seed : {1u, 2u, 3u}) {
    GameLog log = test::bot_log(seed);
    log.set_tag("Event", "odd <text> & \"quotes\" 'and' \xC3\xA9 \n new line  ");
    log.header.level = "level 1";
    const std::string xml = log_to_xml(log);
    const GameLog back = log_from_xml(xml, "test");
    CHECK(back == log);
    CHECK(log_to_xml(back) == xml);
    const std::string blob = pack_log(log);
    CHECK(unpack_log(blob, "test") == log);
    CHECK(pack_log(unpack_log(blob, "test")) == blob);
  }
}

TEST_CASE("continuing from a restored log equals continuing from the original game") {
  const Content& c = test::default_content();
  for (int stop : {0, 1, 17, 60}) {
    const GameLog partial = test::bot_log(11, stop);
    const GameLog restored = unpack_log(pack_log(partial), "test");
    Game original = test::replayed(partial, partial.plies());
    Game again = test::replayed(restored, restored.plies());
    REQUIRE(original.state_hash() == again.state_hash());
    REQUIRE(original.state_hash() == restored.hashes.back());
    auto bot_a = make_bot("greedy"), bot_b = make_bot("greedy");
    Rng rng_a(99), rng_b(99);
    while (!original.finished()) {
      REQUIRE_FALSE(again.finished());
      original.apply_index(bot_a->choose(original, rng_a));
      again.apply_index(bot_b->choose(again, rng_b));
      REQUIRE(original.state_hash() == again.state_hash());
    }
    CHECK(again.finished());
    CHECK(verify(c, restored, "restored").ok());
  }
}

TEST_CASE("every flipped byte of a stored blob is a clear error") {
  const std::string blob = pack_log(test::bot_log(5, 30));
  int header = 0, checksum = 0;
  for (size_t i = 0; i < blob.size(); ++i) {
    std::string bad = blob;
    bad[i] = static_cast<char>(bad[i] ^ 0x20);
    const std::string msg = error_of([&] { unpack_log(bad, "replay 3"); });
    INFO("byte " << i << ": " << msg);
    REQUIRE(msg.rfind("replay 3, byte ", 0) == 0);
    if (i >= kBlobHeaderSize) {
      REQUIRE(contains(msg, "checksum mismatch"));
      ++checksum;
    } else {
      ++header;
    }
  }
  CHECK(header == 24);
  CHECK(checksum > 1000);
  CHECK(contains(error_of([&] {
                   std::string bad = blob;
                   bad[2] = 'x';
                   unpack_log(bad, "replay 3");
                 }),
                 "replay 3, byte 0: not a Tilewright replay log"));
}

TEST_CASE("a truncated blob names where it ends") {
  const std::string blob = pack_log(test::bot_log(5, 10));
  for (size_t keep : {size_t{0}, size_t{7}, size_t{23}, size_t{24}, size_t{100}, blob.size() - 1}) {
    const std::string msg = error_of([&] { unpack_log(blob.substr(0, keep), "replay 9"); });
    INFO(msg);
    CHECK(contains(msg, "replay 9, byte " + std::to_string(keep) + ": truncated"));
  }
  const std::string msg = error_of([&] { unpack_log(blob + "xyz", "replay 9"); });
  CHECK(contains(msg, "byte " + std::to_string(blob.size()) + ": 3 unexpected bytes"));
}

TEST_CASE("a newer format or class version is refused by name") {
  const GameLog log = test::bot_log(5, 10);
  SECTION("the blob's format version") {
    std::string blob = pack_log(log);
    blob[8] = 2;
    CHECK(error_of([&] { unpack_log(blob, "replay 4"); }) ==
          "replay 4, byte 8: log format version 2 is newer than this build's 1: written by a "
          "newer Tilewright");
    blob[8] = 0;
    CHECK(contains(error_of([&] { unpack_log(blob, "replay 4"); }), "unknown log format version 0"));
  }
  SECTION("a class version inside the archive") {
    std::string xml = log_to_xml(log);
    const auto at = xml.find("<header class_id=\"1\" tracking_level=\"0\" version=\"1\">");
    REQUIRE(at != std::string::npos);
    xml.replace(xml.find("version=\"1\"", at), 11, "version=\"2\"");
    const std::string msg = error_of([&] { log_from_xml(xml, "game.xml"); });
    CHECK(contains(msg, "game.xml, byte "));
    CHECK(contains(msg, "version 2 of tw::replay::LogHeader, newer than this build's 1"));
    CHECK(contains(msg, "written by a newer Tilewright"));
  }
  SECTION("the log's own format number") {
    std::string xml = log_to_xml(log);
    const auto at = xml.find("<format>1</format>");
    REQUIRE(at != std::string::npos);
    xml.replace(at, 18, "<format>3</format>");
    CHECK(contains(error_of([&] { log_from_xml(xml, "game.xml"); }),
                   "game log format 3 is newer than this build's 1"));
  }
}

TEST_CASE("malformed archives are errors, and list sizes are bounded by the archive") {
  const std::string xml = log_to_xml(test::bot_log(5, 6));
  std::string huge = xml;
  const auto at = huge.find("<decision_count>6</decision_count>");
  REQUIRE(at != std::string::npos);
  huge.replace(at, 34, "<decision_count>99999999999999</decision_count>");
  CHECK(contains(error_of([&] { log_from_xml(huge, "x"); }),
                 "decision_count 99999999999999 cannot fit in an archive of"));
  std::string short_hashes = xml;
  const auto h = short_hashes.find("<hash_count>7</hash_count>");
  REQUIRE(h != std::string::npos);
  const auto last = short_hashes.rfind("<hash>");
  short_hashes.erase(last, short_hashes.find("</hash>", last) + 7 - last);
  short_hashes.replace(h, 26, "<hash_count>6</hash_count>");
  CHECK(contains(error_of([&] { log_from_xml(short_hashes, "x"); }),
                 "6 decisions but 6 state hashes"));
  // Tags are checked before Boost reads them (Boost 1.74's own end-tag check reads out of
  // bounds when a name is longer than the expected one, so it is switched off).
  std::string wrong_end = xml;
  const auto first_decision = wrong_end.find("</decision>");
  wrong_end.replace(first_decision, 11, "</decision_count_and_then_some>");
  CHECK(error_of([&] { log_from_xml(wrong_end, "x"); }) ==
        "x, byte " + std::to_string(first_decision) +
            ": unknown element <decision_count_and_then_some>: not a Tilewright replay archive");
  wrong_end = xml;
  wrong_end.replace(first_decision, 11, "</decision_count>");
  CHECK(error_of([&] { log_from_xml(wrong_end, "x"); }) ==
        "x, byte " + std::to_string(first_decision) + ": </decision_count> does not close <decision>");
  CHECK(contains(error_of([&] { log_from_xml(xml.substr(0, xml.rfind("</game_log>")), "x"); }),
                 "the archive ends before </game_log>"));
  CHECK(contains(error_of([&] { log_from_xml("", "x"); }), "x, byte 0:"));
  CHECK(contains(error_of([&] { log_from_xml("<?xml version", "x"); }), "x, byte "));
  const std::string half = error_of([&] { log_from_xml(xml.substr(0, xml.size() / 2), "x"); });
  INFO(half);
  CHECK(contains(half, "the archive ends inside a tag"));
}

TEST_CASE("rules digests name content, not positions") {
  const Content& c = test::default_content();
  const auto base = rules_digest(c, "base");
  REQUIRE(base.has_value());
  CHECK(parse_hex64(hex64(*base)) == base);
  CHECK(hex64(0x0123456789abcdefULL) == "0123456789abcdef");
  CHECK_FALSE(parse_hex64("0123456789ABCDEF").has_value());
  Content other = c;
  // Unrelated rule sets and reordered tile types do not change it...
  other.rule_sets.erase(std::remove_if(other.rule_sets.begin(), other.rule_sets.end(),
                                       [](const RuleSet& r) { return r.id != "base"; }),
                        other.rule_sets.end());
  CHECK(rules_digest(other, "base") == base);
  const int n = static_cast<int>(other.tiles.size());
  std::reverse(other.tiles.begin(), other.tiles.end());
  for (RuleSet& r : other.rule_sets) {
    r.start_tile = n - 1 - r.start_tile;
    for (PoolEntry& e : r.pool) e.tile = n - 1 - e.tile;
  }
  CHECK(rules_digest(other, "base") == base);
  // ... a changed parameter, pool count or tile segment does.
  Content changed = c;
  RuleSet* rs = const_cast<RuleSet*>(changed.find_rule_set("base"));
  rs->rules.city_tile_points = 3;
  CHECK(rules_digest(changed, "base") != base);
  changed = c;
  const_cast<RuleSet*>(changed.find_rule_set("base"))->pool[0].count += 1;
  CHECK(rules_digest(changed, "base") != base);
  changed = c;
  const int d = changed.find_tile("base", "D");
  changed.tiles[static_cast<size_t>(d)].segments[0].shields += 1;
  CHECK(rules_digest(changed, "base") != base);
  CHECK_FALSE(rules_digest(c, "no-such-rule-set").has_value());
}
