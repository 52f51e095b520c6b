// What a value cell of the editor accepts: exactly what its type allows, nothing read
// into it. A whole number is an optional sign and digits (spaces around it are allowed),
// in its range; "2.5", "25x", "abc" and "" are refused with a message that states the
// expected type and range, for showing next to the cell. Pure: no wx.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace twe {

struct CellValue {
  std::optional<int64_t> number;  // set when the text was accepted
  std::string problem;            // else why not, e.g. "'2.5' is not a whole number (0..10)"
};

// "a whole number 0..10" (the hint of a cell of that range).
std::string whole_number_hint(int64_t min, int64_t max);

// Reads `text` as a whole number in min..max.
CellValue parse_whole_number(std::string_view text, int64_t min, int64_t max);

}  // namespace twe
