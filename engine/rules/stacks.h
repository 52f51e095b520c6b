// Rule module stacks: its state (engine/rules/stacks.cpp).
#pragma once

#include <cstddef>
#include <vector>

namespace tw {

struct StacksState {
  std::vector<size_t> end;  // pile index where each stack ends
  int current = 0;          // the stack tiles come from
};

}  // namespace tw
