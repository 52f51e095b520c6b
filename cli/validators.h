// CLI11 validators that state an option's range in words ("--games: must be a whole
// number from 1 to 2147483647, not '0'"), where CLI11's own print "Value 0 not in range
// 0.000000 to 1797693134862315708..." or "Could not convert". They run on the text
// before CLI11 converts it, so a word or an out-of-type number is caught too.
#pragma once

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <sstream>
#include <string>

#include <CLI/CLI.hpp>

#include "engine/text.h"

namespace tw {

// A whole number of type T in [lo, hi].
template <class T>
inline CLI::Validator whole(T lo = std::numeric_limits<T>::min(), T hi = std::numeric_limits<T>::max()) {
  const std::string range = "a whole number from " + std::to_string(lo) + " to " + std::to_string(hi);
  return CLI::Validator(
      [lo, hi, range](std::string& v) -> std::string {
        T x{};
        const char* end = v.data() + v.size();
        const char* first = v.data() + (!v.empty() && v[0] == '+' ? 1 : 0);
        const auto [ptr, ec] = std::from_chars(first, end, x);
        if (v.empty() || ec != std::errc() || ptr != end || x < lo || x > hi)
          return "must be " + range + ", not '" + text::printable(v, 40) + "'";
        return {};
      },
      range);
}

// A real number in [lo, hi] (strictly between them when exclusive).
inline CLI::Validator real(double lo, double hi, bool exclusive = false) {
  const auto num = [](double d) {
    std::ostringstream o;
    o << d;
    return o.str();
  };
  const std::string range = std::string("a number ") + (exclusive ? "strictly between " : "from ") + num(lo) +
                            (exclusive ? " and " : " to ") + num(hi);
  return CLI::Validator(
      [lo, hi, exclusive, range](std::string& v) -> std::string {
        char* end = nullptr;
        const double x = std::strtod(v.c_str(), &end);
        const bool ok = !v.empty() && end == v.c_str() + v.size() && std::isfinite(x) &&
                        (exclusive ? x > lo && x < hi : x >= lo && x <= hi);
        if (!ok) return "must be " + range + ", not '" + text::printable(v, 40) + "'";
        return {};
      },
      range);
}

}  // namespace tw
