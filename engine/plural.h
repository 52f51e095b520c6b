// Counts in messages: "1 option", "0 options", "3 plies", the word agreeing with the count.
#pragma once

#include <string>
#include <string_view>

namespace tw::text {

inline std::string counted(long long n, std::string_view one, std::string_view many) {
  return std::to_string(n) + " " + std::string(n == 1 || n == -1 ? one : many);
}

}  // namespace tw::text
