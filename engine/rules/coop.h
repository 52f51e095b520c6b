// Rule module coop: its entries (engine/rules/coop.cpp).
#pragma once

#include "engine/rules/module.h"

namespace tw {

bool setup_coop(Core& core, const Level& level);
void coop_lose(Core& core, std::string kind, std::string why);
void coop_win(Core& core);
void hash_coop(const Core& core, Fnv64& h);
std::string check_coop(const Core& core);

}  // namespace tw
