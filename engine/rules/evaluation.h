// Rule module evaluation: its state (engine/rules/evaluation.cpp).
#pragma once

#include <cstdint>
#include <vector>

namespace tw {

struct EvaluationState {
  std::vector<uint32_t> queue;  // completed features to evaluate
};

}  // namespace tw
