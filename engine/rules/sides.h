// The four sides of a cell, N E S W, as steps on the board (y grows to the north).
#pragma once

namespace tw::sides {

inline constexpr int kDx[4] = {0, 1, 0, -1};
inline constexpr int kDy[4] = {1, 0, -1, 0};

}  // namespace tw::sides
