// Rule module dogs: its state (engine/rules/dogs.cpp).
#pragma once

#include <vector>

namespace tw {

struct DogsState {
  int reached = 0;           // thresholds reached
  int to_place = 0;          // dogs reached and not yet placed
  int follower = -1;         // the follower the dog being placed joined
  int picks = 0;             // tiles it cleared so far
  std::vector<int> cleared;  // ... which
};

}  // namespace tw
