// Files of the first released replay formats, kept forever: tests/data/replays/v1/ holds
// annotated.xml (the XML archive of a whole replay, as `replay export --format xml`
// writes), annotated.blob (its log as stored in the replay table) and annotated.tgn (its
// TGN export). They were written once by the hidden test at the end; every build loads
// them and replays their hashes. A new format version adds a v2/ folder beside them.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "replay/archive.h"
#include "replay/tgn_io.h"
#include "replay/verify.h"
#include "support.h"

using namespace tw;
using namespace tw::replay;

namespace {

const std::filesystem::path kV1 = std::filesystem::path(TW_SOURCE_DIR) / "tests/data/replays/v1";

void drop_markers(Line& line) {
  for (Node& n : line) {
    n.note.markers.clear();
    for (Line& v : n.variations) drop_markers(v);
  }
}

}  // namespace

TEST_CASE("the v1 fixture files load and their hashes verify in every build") {
  const Content& c = test::default_content();
  const std::string xml = test::read_text(kV1 / "annotated.xml");
  const std::string blob = test::read_text(kV1 / "annotated.blob");
  const std::string tgn = test::read_text(kV1 / "annotated.tgn");
  REQUIRE_FALSE(xml.empty());
  REQUIRE_FALSE(blob.empty());
  REQUIRE_FALSE(tgn.empty());

  const Replay r = replay_from_xml(xml, "v1/annotated.xml");
  const VerifyReport v = verify(c, r.log, "v1/annotated.xml");
  INFO(v.message);
  REQUIRE(v.ok());
  CHECK(r.log.plies() > 100);
  CHECK(check_variations(c, r) == "");
  CHECK(flatten(r).variations.size() == 4);
  CHECK(flatten(r).annotations.size() == 5);
  CHECK(r.id == 1);
  CHECK(r.created == "2026-01-01T00:00:00Z");

  const GameLog stored = unpack_log(blob, "v1/annotated.blob");
  CHECK(stored == r.log);
  CHECK(verify(c, stored, "v1/annotated.blob").ok());

  CHECK(export_tgn(r) == tgn);
  ImportResult imported = import_tgn(c, tgn, "v1/annotated.tgn");
  REQUIRE(imported.replay.has_value());
  CHECK(imported.replay->log.decisions == r.log.decisions);
  CHECK(imported.replay->log.hashes == r.log.hashes);
  Replay no_markers = r;
  drop_markers(no_markers.mainline);
  CHECK(imported.replay->mainline == no_markers.mainline);
  CHECK(export_tgn(*imported.replay) == tgn);

  // While this build still writes format 1, it writes these files byte for byte.
  if (kLogFormat == 1 && kBlobFormat == 1) {
    CHECK(replay_to_xml(r) == xml);
    CHECK(pack_log(r.log) == blob);
  }
}

// Run by hand only (hidden): TW_WRITE_FIXTURES=1 tw_tests_replay "[.regenerate]"
TEST_CASE("write the v1 replay fixture files", "[.regenerate]") {
  if (!std::getenv("TW_WRITE_FIXTURES")) return;
  Replay r = test::annotated_replay();
  r.id = 1;
  r.created = "2026-01-01T00:00:00Z";
  std::filesystem::create_directories(kV1);
  std::ofstream(kV1 / "annotated.xml", std::ios::binary) << replay_to_xml(r);
  std::ofstream(kV1 / "annotated.blob", std::ios::binary) << pack_log(r.log);
  std::ofstream(kV1 / "annotated.tgn", std::ios::binary) << export_tgn(r);
}
