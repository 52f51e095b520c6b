// What an operator of a public server needs besides the game: log lines rate-limited by
// kind (a flood of refusals writes a few lines and a count, not thousands), and the
// Prometheus text format of the server's counters (GET /metrics, docs/protocol.md).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace tw::net {

// At most `per_window` lines of each key (a refusal's code, a kind of event) per window of
// `window_ms`; the others are counted and summed up in one line when their window ends.
class LogLimiter {
 public:
  explicit LogLimiter(int per_window = 5, int64_t window_ms = 10'000) : per_window_(per_window), window_ms_(window_ms) {}
  // True: write the line now. False: it is counted as suppressed.
  bool allow(const std::string& key, int64_t now_ms);
  // One line per key whose window ended by now with lines suppressed:
  // "(KEY: 120 more lines like it suppressed in 10 s)".
  std::vector<std::string> flush(int64_t now_ms);
  uint64_t suppressed_total() const { return suppressed_total_; }

 private:
  struct Window {
    int64_t start = 0;
    int written = 0;
    uint64_t suppressed = 0;
  };
  int per_window_;
  int64_t window_ms_;
  std::map<std::string, Window> keys_;
  uint64_t suppressed_total_ = 0;
};

// Writes Prometheus text exposition format (version 0.0.4) lines.
class MetricsText {
 public:
  // "# HELP name help" and "# TYPE name type" (gauge or counter), once per name.
  void family(const std::string& name, const std::string& type, const std::string& help);
  // "name{labels} value"; labels as `key="value"` pairs already escaped (or "").
  void sample(const std::string& name, double value, const std::string& labels = "");
  static std::string label(const std::string& key, const std::string& value);
  const std::string& text() const { return out_; }

 private:
  std::string out_;
};

}  // namespace tw::net
