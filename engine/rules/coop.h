// Rule module coop: its entries (engine/rules/coop.cpp).
#pragma once

#include "engine/rules/module.h"

namespace tw {

// The co-op start piece's central ruin: ends roads, separates fields, never scored.
inline constexpr Kind kRuin{11};

void coop_on_put(Core& core);
bool setup_coop(Core& core, const Level& level);
void coop_lose(Core& core, std::string kind, std::string why);
void coop_win(Core& core);
void hash_coop(const Core& core, Fnv64& h);
std::string check_coop(const Core& core);

}  // namespace tw
