#include "doc/value_cell.h"

#include <charconv>

namespace twe {

std::string whole_number_hint(int64_t min, int64_t max) {
  if (min == 0 && max == 1) return "0 or 1";
  return "a whole number " + std::to_string(min) + ".." + std::to_string(max);
}

CellValue parse_whole_number(std::string_view text, int64_t min, int64_t max) {
  CellValue out;
  const std::string hint = whole_number_hint(min, max);
  const std::string range = min == 0 && max == 1 ? "0 or 1" : std::to_string(min) + ".." + std::to_string(max);
  const auto first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) {
    out.problem = "empty (" + hint + " expected)";
    return out;
  }
  const std::string_view t = text.substr(first, text.find_last_not_of(" \t") + 1 - first);
  std::string_view digits = t;
  if (!digits.empty() && digits.front() == '+') digits.remove_prefix(1);  // from_chars takes '-' only
  int64_t v = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
  const bool all = ec == std::errc() && end == digits.data() + digits.size() && !digits.empty() &&
                   digits.front() != '+';
  if (ec == std::errc::result_out_of_range) {
    out.problem = "'" + std::string(t) + "' is too large (" + range + ")";
    return out;
  }
  if (!all) {
    out.problem = "'" + std::string(t) + "' is not a whole number (" + range + ")";
    return out;
  }
  if (v < min || v > max) {
    out.problem = std::to_string(v) + " is out of range (" + range + ")";
    return out;
  }
  out.number = v;
  return out;
}

}  // namespace twe
