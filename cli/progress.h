// One progress display for the long commands (simulate, compare, analyse): a bar, what is
// done of the total, the rate and the time left, redrawn in place on standard error.
// The commands turn it on only when standard error is a terminal (never in pipes, files
// or tests); off, it prints nothing.
#pragma once

#include <chrono>
#include <functional>
#include <iosfwd>
#include <string>

namespace tw {

class Progress {
 public:
  // `unit`: what is counted ("games", "plies"). `now`: seconds on a steady clock (tests
  // pass their own); the default is std::chrono::steady_clock.
  Progress(std::ostream& err, std::string unit, bool on, std::function<double()> now = {});
  ~Progress();  // clears the line if it was drawn
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  // Done of total: redrawn at most 10 times a second, and always at the first and the last.
  void update(long long done, long long total);
  // Clears the line (the result is printed after it).
  void finish();

  // The line drawn (without "\r"): "[####......] 120/1000 games  45.2 games/s  ETA 0:19".
  static std::string line(long long done, long long total, const std::string& unit, double elapsed);

 private:
  std::ostream& err_;
  std::string unit_;
  bool on_;
  std::function<double()> now_;
  double start_ = 0, last_draw_ = -1;
  size_t width_ = 0;  // characters drawn
};

}  // namespace tw
