// Inns & Cathedrals through the command line (issue 57): `play --players` with six seats,
// `content show` of the tile set, and its content pack: exported with the marks
// (tile_segment.mark), imported into a database that never had the expansion, where a
// game of it replays to the same scores; a pack with a bad mark is refused, located.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

#include <SQLiteCpp/SQLiteCpp.h>
#include <nlohmann/json.hpp>

#include "cli_run.h"
#include "fixtures.h"
#include "present/tile_svg.h"

namespace fs = std::filesystem;

namespace inns_cli_test {

struct IcDir : tw::test::ScratchDir {
  IcDir() : ScratchDir("tw-inns") {}
};

// A copy of the bundled database without Inns & Cathedrals (rule set ic, tile set inns).
std::string without_ic(const IcDir& d, const std::string& name) {
  const auto db = d.fresh(name);
  SQLite::Database s(db, SQLite::OPEN_READWRITE);
  s.exec("DELETE FROM rule_param WHERE rule_set = 'ic'; DELETE FROM rule_set_pool WHERE rule_set = 'ic';"
         "DELETE FROM rule_set WHERE id = 'ic'; DELETE FROM tile_segment WHERE tile_set = 'inns';"
         "DELETE FROM tile_type WHERE tile_set = 'inns'; DELETE FROM tile_set WHERE id = 'inns';");
  return db;
}

}  // namespace inns_cli_test

using inns_cli_test::IcDir;
using tw::test::cli;

TEST_CASE("inns and cathedrals: play seats six players and content show lists the tiles", "[inns]") {
  IcDir d;
  const auto db = d.fresh("a.db");
  const auto game = d.p("six.tgn");
  const auto r = cli({"play", "--db", db, "--ruleset", "ic", "--players",
                      "bot:greedy,bot:random,bot:greedy,bot:random,bot:greedy,bot:random", "--seed", "3", "--quiet",
                      "--no-record", "--out", game});
  REQUIRE(r.code == 0);
  const auto run = cli({"run", "--db", db, game, "--json"});
  REQUIRE(run.code == 0);
  CHECK(nlohmann::json::parse(run.out)["scores"].size() == 6);
  CHECK(cli({"play", "--db", db, "--ruleset", "ic", "--players", "a,b,c,d,e,f,g", "--seed", "3", "--quiet",
             "--no-record"})
            .code != 0);
  const auto show = cli({"content", "show", "inns", "--db", db});
  REQUIRE(show.code == 0);
  CHECK(show.out.find("IC15") != std::string::npos);
  CHECK(show.out.find("JCZ IC/RFr.i") != std::string::npos);
}

TEST_CASE("inns and cathedrals: the ic pack carries the marks to a database without them", "[inns]") {
  IcDir d;
  const auto db = d.fresh("designer.db");
  const auto game = d.p("game.tgn");
  REQUIRE(cli({"play", "--db", db, "--ruleset", "ic", "--players", "bot:greedy,bot:random", "--seed", "8", "--quiet",
               "--no-record", "--out", game})
              .code == 0);
  const auto want = cli({"run", "--db", db, game, "--json"});
  REQUIRE(want.code == 0);
  const auto pack = d.p("ic.json");
  REQUIRE(cli({"content", "export", "ic", "--db", db, "--out", pack}).code == 0);
  const std::string text = tw::test::read_text(pack);
  CHECK(text.find("\"mark\":1") != std::string::npos);
  const auto other = without_ic(d, "other.db");
  CHECK(cli({"run", "--db", other, game}).code != 0);
  const auto imp = cli({"content", "import", pack, "--db", other});
  REQUIRE(imp.code == 0);
  const auto got = cli({"run", "--db", other, game, "--json"});
  REQUIRE(got.code == 0);
  CHECK(nlohmann::json::parse(got.out)["scores"] == nlohmann::json::parse(want.out)["scores"]);
  CHECK(got.err.find("warning") == std::string::npos);  // the same digest: the marks came along

  // A mark out of range, and a mark on a field: refused with the row, nothing written.
  const auto target = without_ic(d, "target.db");
  const auto before = tw::test::read_text(target);
  std::string bad = text;
  const auto at = bad.find("\"mark\":1");
  REQUIRE(at != std::string::npos);
  bad.replace(at, 8, "\"mark\":2");
  std::ofstream(pack, std::ios::binary | std::ios::trunc) << bad;
  auto r = cli({"content", "import", pack, "--db", target});
  CHECK(r.code != 0);
  CHECK(r.err.find("mark") != std::string::npos);
  CHECK(tw::test::read_text(target) == before);
}

TEST_CASE("inns and cathedrals: the tile art draws an inn beside a marked road and a cathedral in a marked city", "[inns]") {
  const tw::Content& c = tw::test::default_content();
  auto svg = [&](const char* set, const char* id) {
    const int i = c.find_tile(set, id);
    REQUIRE(i >= 0);
    return tw::tile_svg(c.tiles[static_cast<size_t>(i)], 0);
  };
  const std::string inn_roof = "#aa3228", spire = "#7878a0";
  CHECK(svg("inns", "IC15").find(inn_roof) != std::string::npos);  // straight road with an inn
  CHECK(svg("base", "U").find(inn_roof) == std::string::npos);     // the same road without
  CHECK(svg("inns", "IC01").find(spire) != std::string::npos);     // city with a cathedral
  CHECK(svg("base", "C").find(spire) == std::string::npos);
  CHECK(svg("inns", "IC17").find(inn_roof) == std::string::npos);  // roads without inns
}
