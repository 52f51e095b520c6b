#include "cli/progress.h"

#include <algorithm>
#include <cmath>
#include <ostream>

#include <fmt/format.h>

namespace tw {

namespace {
std::string clock_text(double seconds) {
  const long long s = std::llround(std::max(0.0, seconds));
  if (s >= 3600) return fmt::format("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
  return fmt::format("{}:{:02}", s / 60, s % 60);
}
}  // namespace

Progress::Progress(std::ostream& err, std::string unit, bool on, std::function<double()> now)
    : err_(err), unit_(std::move(unit)), on_(on), now_(std::move(now)) {
  if (!now_)
    now_ = [] {
      return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
    };
  if (on_) start_ = now_();
}

Progress::~Progress() { finish(); }

std::string Progress::line(long long done, long long total, const std::string& unit, double elapsed) {
  const int bar = 30;
  const long long t = std::max(1LL, total);
  const int filled = static_cast<int>(std::clamp(done, 0LL, t) * bar / t);
  std::string out = "[" + std::string(static_cast<size_t>(filled), '#') + std::string(static_cast<size_t>(bar - filled), '.') +
                    "] " + fmt::format("{}/{} {}", done, total, unit);
  if (done > 0 && elapsed > 0) {
    const double rate = static_cast<double>(done) / elapsed;
    out += fmt::format("  {:.1f} {}/s", rate, unit);
    if (done < total) out += "  ETA " + clock_text(static_cast<double>(total - done) / rate);
    else out += "  in " + clock_text(elapsed);
  }
  return out;
}

void Progress::update(long long done, long long total) {
  if (!on_) return;
  const double t = now_();
  if (last_draw_ >= 0 && done < total && t - last_draw_ < 0.1) return;
  last_draw_ = t;
  const std::string text = line(done, total, unit_, t - start_);
  // Pad over a longer line drawn before.
  err_ << '\r' << text << std::string(width_ > text.size() ? width_ - text.size() : 0, ' ') << std::flush;
  width_ = std::max(width_, text.size());
}

void Progress::finish() {
  if (!on_ || width_ == 0) return;
  err_ << '\r' << std::string(width_, ' ') << '\r' << std::flush;
  width_ = 0;
}

}  // namespace tw
