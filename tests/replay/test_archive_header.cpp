// What Boost.Serialization does not check in an XML archive, Tilewright does (issue 30):
// the archive's library version (Boost takes any number) and the class ids (ignored for
// objects that are not pointers). Altered ones are refused at their byte.
#include <catch2/catch.hpp>
#include <functional>
#include <string>
#include <vector>

#include "replay/archive.h"
#include "support.h"

using namespace tw;
using namespace tw::replay;

namespace {

std::string header_error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const ReplayError& e) {
    return e.what();
  }
  return "(no error)";
}

bool header_contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

std::string replaced(std::string s, const std::string& from, const std::string& to) {
  const auto at = s.find(from);
  REQUIRE(at != std::string::npos);
  return s.replace(at, from.size(), to);
}

}  // namespace

TEST_CASE("archive header: a library version newer than this build's, or not a number, is refused") {
  const std::string xml = log_to_xml(test::bot_log(5, 6));
  const auto at = xml.find("<boost_serialization ");
  REQUIRE(at != std::string::npos);
  const auto v = xml.find("version=\"", at);
  const std::string version = xml.substr(v + 9, xml.find('"', v + 9) - v - 9);
  INFO("this build writes version " << version);
  CHECK(header_error_of([&] { log_from_xml(xml, "game.xml"); }) == "(no error)");
  for (const std::string& bad : std::vector<std::string>{"99", std::to_string(std::stoi(version) + 1)}) {
    const std::string msg = header_error_of([&] { log_from_xml(replaced(xml, "version=\"" + version + "\"", "version=\"" + bad + "\""), "game.xml"); });
    INFO(msg);
    CHECK(header_contains(msg, "game.xml, byte " + std::to_string(at) + ":"));
    CHECK(header_contains(msg, "library version " + bad + ", newer than this build's " + version));
  }
  for (const std::string bad : {"0", "x", "", "-1"}) {
    const std::string msg = header_error_of([&] { log_from_xml(replaced(xml, "version=\"" + version + "\"", "version=\"" + bad + "\""), "game.xml"); });
    INFO(msg);
    CHECK(header_contains(msg, "not a Boost.Serialization library version"));
  }
  // An older library version (an archive from an older Boost) still reads.
  CHECK(header_error_of([&] { log_from_xml(replaced(xml, "version=\"" + version + "\"", "version=\"17\""), "game.xml"); }) ==
        "(no error)");
}

TEST_CASE("archive header: a class id out of Boost's order, or a tracked object, is refused") {
  const std::string xml = log_to_xml(test::bot_log(5, 6));
  const auto header = xml.find("<header class_id=\"1\"");
  REQUIRE(header != std::string::npos);
  for (const std::string bad : {"7", "0", "2", "x", "99999999999"}) {
    const std::string msg = header_error_of([&] { log_from_xml(replaced(xml, "<header class_id=\"1\"", "<header class_id=\"" + bad + "\""), "game.xml"); });
    INFO(msg);
    CHECK(header_contains(msg, "game.xml, byte " + std::to_string(header) + ":"));
    CHECK(header_contains(msg, "<header> has class_id"));
    CHECK(header_contains(msg, "it must be 1"));
  }
  const std::string tracked = replaced(xml, "<header class_id=\"1\" tracking_level=\"0\"", "<header class_id=\"1\" tracking_level=\"1\"");
  CHECK(header_contains(header_error_of([&] { log_from_xml(tracked, "game.xml"); }), "tracking_level \"1\""));
}
