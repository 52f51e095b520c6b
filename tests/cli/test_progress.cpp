// The progress display of simulate, compare and analyse: a bar, the count, the rate and
// the time left; drawn only when turned on (a terminal), with a clock the test sets.
#include <catch2/catch.hpp>

#include <sstream>

#include "cli/progress.h"
#include "cli_run.h"

using namespace tw;

TEST_CASE("progress: the line shows the count, the rate and the time left") {
  CHECK(Progress::line(0, 100, "games", 0) == "[..............................] 0/100 games");
  CHECK(Progress::line(50, 200, "games", 10) ==
        "[#######.......................] 50/200 games  5.0 games/s  ETA 0:30");
  CHECK(Progress::line(10, 3610, "plies", 10) ==
        "[..............................] 10/3610 plies  1.0 plies/s  ETA 1:00:00");
  CHECK(Progress::line(200, 200, "games", 8) ==
        "[##############################] 200/200 games  25.0 games/s  in 0:08");
}

TEST_CASE("progress: redrawn in place at most ten times a second, cleared at the end, silent when off") {
  double now = 100;
  std::ostringstream err;
  {
    Progress p(err, "games", true, [&] { return now; });
    p.update(0, 10);
    now += 0.05;
    p.update(1, 10);  // too soon: not drawn
    now += 0.15;
    p.update(2, 10);
    now += 0.01;
    p.update(10, 10);  // the last is always drawn
    p.finish();
  }
  const std::string s = err.str();
  CHECK(s.find("0/10 games") != std::string::npos);
  CHECK(s.find("1/10 games") == std::string::npos);
  CHECK(s.find("2/10 games  10.0 games/s  ETA 0:01") != std::string::npos);
  CHECK(s.find("10/10 games") != std::string::npos);
  CHECK(s.back() == '\r');  // the line cleared for what follows
  std::ostringstream quiet;
  {
    Progress off(quiet, "games", false, [&] { return now; });
    off.update(1, 2);
    off.update(2, 2);
  }
  CHECK(quiet.str().empty());
}

TEST_CASE("progress: never drawn into a pipe or a test's streams") {
  const auto r = test::cli({"simulate", "--db", TW_TEST_DB, "--games", "3", "--threads", "1"});
  CHECK(r.code == 0);
  CHECK(r.err.find("games/s  ETA") == std::string::npos);
  CHECK(r.err.find('\r') == std::string::npos);
}
