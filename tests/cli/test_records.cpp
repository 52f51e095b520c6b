// Every record under tests/records/ is played through cmd_run, the code behind
// `tilewright run --json`. A record states what it expects in its own tags:
//   [Expect "Ann 4, Ben 0"]      the scores after the main line (seat order)
//   [ExpectError "text"]         run fails, and its message contains the text
//   [ExpectPlies "N"]            optional: the ply count reached
//   [ExpectBank "N"]             optional: the ghost bank
//   [ExpectFollowers "Ann 1,0 road:E meeple 1; ..."]  optional: every follower on the
//                                board (player, cell, location, kind, ghosts), in order
//   [ExpectText "a|b"]           optional: each '|'-separated text appears in `run`'s
//                                text output
#include <catch2/catch.hpp>

#include <filesystem>
#include <sstream>

#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "engine/tgn.h"
#include "fixtures.h"

namespace fs = std::filesystem;

namespace {

std::vector<fs::path> record_files() {
  std::vector<fs::path> files;
  for (const auto& e : fs::recursive_directory_iterator(fs::path(TW_SOURCE_DIR) / "tests/records"))
    if (e.is_regular_file() && e.path().extension() == ".tgn") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace

TEST_CASE("every record under tests/records plays as it says", "[records]") {
  const auto files = record_files();
  REQUIRE(files.size() >= 10);
  for (const auto& file : files) {
    DYNAMIC_SECTION(fs::relative(file, fs::path(TW_SOURCE_DIR) / "tests/records").string()) {
      const std::string text = tw::test::read_text(file);
      auto parsed = tw::tgn::parse(text);
      REQUIRE(parsed.errors.empty());
      const tw::tgn::Record& rec = *parsed.record;
      const std::string* expect = rec.tag("Expect");
      const std::string* expect_error = rec.tag("ExpectError");
      REQUIRE((expect != nullptr) != (expect_error != nullptr));

      tw::RunOptions o;
      o.file = file.string();
      o.json = true;
      std::ostringstream out, err;
      const int code = tw::cmd_run(tw::test::test_content(), o, out, err);
      if (expect_error) {
        INFO(err.str());
        CHECK(code != 0);
        CHECK(err.str().find(*expect_error) != std::string::npos);
        continue;
      }
      INFO(err.str());
      REQUIRE(code == 0);
      const auto j = nlohmann::ordered_json::parse(out.str());
      // Scores in seat order, written like the Result tag.
      std::string got;
      for (const auto& [name, v] : j["scores"].items()) {
        if (!got.empty()) got += ", ";
        got += name + " " + std::to_string(v.get<int>());
      }
      CHECK(got == *expect);
      if (const std::string* plies = rec.tag("ExpectPlies")) CHECK(j["ply"].get<int>() == std::stoi(*plies));
      if (const std::string* bank = rec.tag("ExpectBank")) CHECK(j["ghost_bank"].dump() == *bank);
      if (const std::string* fol = rec.tag("ExpectFollowers")) {
        std::string list;
        for (const auto& f : j["followers"]) {
          if (!list.empty()) list += "; ";
          list += f["player"].get<std::string>() + " " + std::to_string(f["x"].get<int>()) + "," +
                  std::to_string(f["y"].get<int>()) + " " + f["at"].get<std::string>() + " " +
                  f["kind"].get<std::string>() + " " + std::to_string(f["ghosts"].get<int>());
        }
        CHECK(list == *fol);
      }
      if (const std::string* expect_text = rec.tag("ExpectText")) {
        tw::RunOptions t;
        t.file = file.string();
        std::ostringstream tout, terr;
        REQUIRE(tw::cmd_run(tw::test::test_content(), t, tout, terr) == 0);
        std::string_view want = *expect_text;
        while (!want.empty()) {
          const size_t bar = want.find('|');
          const std::string part(want.substr(0, bar));
          INFO(tout.str());
          CHECK(tout.str().find(part) != std::string::npos);
          want = bar == std::string_view::npos ? std::string_view() : want.substr(bar + 1);
        }
      }
      if (const std::string* result = rec.tag("Result")) {
        CHECK(j["finished"].get<bool>());
        CHECK(got == *result);
      }
    }
  }
}
