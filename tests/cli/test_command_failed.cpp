// command_failed: the one way a subcommand (content, replay, analyse) says why it failed.
#include <catch2/catch.hpp>

#include <sstream>

#include "cli/commands.h"

using namespace tw;

TEST_CASE("command_failed says 'tilewright COMMAND: MESSAGE' printable and returns the code", "[cli]") {
  std::ostringstream err;
  CHECK(command_failed(err, "content", "no such rule set", kExitInput) == kExitInput);
  CHECK(err.str() == "tilewright content: no such rule set\n");
  // Control characters are shown escaped; line breaks of a multi-line message are kept.
  std::ostringstream err2;
  CHECK(command_failed(err2, "replay", "bad \x1b[2J name\nsecond line", kExitBusy) == kExitBusy);
  CHECK(err2.str() == "tilewright replay: bad \\x1b[2J name\nsecond line\n");
  // A long message is cut after 64 KiB with a note of its size.
  std::ostringstream err3;
  command_failed(err3, "analyse", std::string(70000, 'a'), kExitIllegal);
  CHECK(err3.str().size() < 66000);
  CHECK(err3.str().find("(70000 bytes)") != std::string::npos);
}
