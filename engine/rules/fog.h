// Rule module fog: its state (engine/rules/fog.cpp).
#pragma once

namespace tw {

struct FogState {
  bool joined = false;  // the tile just placed extended fog
};

}  // namespace tw
