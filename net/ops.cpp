#include "net/ops.h"

#include <cmath>
#include <cstdio>

namespace tw::net {

bool LogLimiter::allow(const std::string& key, int64_t now_ms) {
  Window& w = keys_[key];
  if (w.written == 0 && w.suppressed == 0) w.start = now_ms;
  if (now_ms - w.start >= window_ms_ && w.suppressed == 0) {
    w.start = now_ms;
    w.written = 0;
  }
  if (w.written < per_window_) {
    ++w.written;
    return true;
  }
  ++w.suppressed;
  ++suppressed_total_;
  return false;
}

std::vector<std::string> LogLimiter::flush(int64_t now_ms) {
  std::vector<std::string> lines;
  for (auto it = keys_.begin(); it != keys_.end();) {
    Window& w = it->second;
    if (now_ms - w.start < window_ms_) {
      ++it;
      continue;
    }
    if (w.suppressed > 0)
      lines.push_back("(" + it->first + ": " + std::to_string(w.suppressed) + " more lines like it suppressed in " +
                      std::to_string((now_ms - w.start + 500) / 1000) + " s)");
    it = keys_.erase(it);  // a new window starts with the next line
  }
  return lines;
}

void MetricsText::family(const std::string& name, const std::string& type, const std::string& help) {
  out_ += "# HELP " + name + " " + help + "\n# TYPE " + name + " " + type + "\n";
}

void MetricsText::sample(const std::string& name, double value, const std::string& labels) {
  char buf[64];
  if (std::floor(value) == value && std::fabs(value) < 1e15)
    std::snprintf(buf, sizeof buf, "%.0f", value);
  else
    std::snprintf(buf, sizeof buf, "%.6g", value);
  out_ += name;
  if (!labels.empty()) out_ += "{" + labels + "}";
  out_ += " ";
  out_ += buf;
  out_ += "\n";
}

std::string MetricsText::label(const std::string& key, const std::string& value) {
  std::string v;
  for (const char c : value) {
    if (c == '\\' || c == '"') v += '\\';
    if (c == '\n') {
      v += "\\n";
      continue;
    }
    v += c;
  }
  return key + "=\"" + v + "\"";
}

}  // namespace tw::net
