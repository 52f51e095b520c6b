// Rule module cemeteries: its state (engine/rules/cemeteries.cpp).
#pragma once

#include <cstdint>
#include <vector>

namespace tw {

struct CemeteriesState {
  std::vector<uint8_t> closed;  // per placed tile: its cemetery closed (co-op)
  std::vector<int> bury_queue;  // cemetery tiles (placed index) to close
};

}  // namespace tw
