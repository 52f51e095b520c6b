// Rule module coop: its entries (engine/rules/coop.cpp).
#pragma once

#include "engine/rules/module.h"

namespace tw {

// The co-op start piece's central ruin: ends roads, separates fields, never scored.
inline constexpr Kind kRuin{11};
class Game;

// Rule module coop: its state. The level a co-op game plays (the core holds no level:
// only this module's state does, and the modules read it here) and why it was lost.
struct CoopState {
  const Level* level = nullptr;  // null in a competitive game
  std::string loss_reason;       // a few words for statistics (coop_lose)
  friend bool operator==(const CoopState&, const CoopState&) = default;
};

bool setup_coop(Core& core, const Level& level);
void coop_lose(Core& core, std::string kind, std::string why);
void coop_win(Core& core);
// A marker colour chosen at setup (the uk book's level 6): where the level takes the
// markers from the followers, that colour gives one follower for its marker (setup_coop
// leaves the chosen colours' followers in supply until then).
void take_marker_follower(Core& core, int colour);
void hash_coop(const Core& core, Fnv64& h);
std::string check_coop(const Core& core);

// Read access for printers, bots, the editor.
// The level a game plays, or null (a competitive game).
const Level* coop_level(const Game& g);
bool is_coop(const Game& g);
// Why a co-op game was lost, in a few words for statistics ("ghost bank empty",
// "no tile left", "stack 1 ran out"); Game::end_reason() has the whole story.
const std::string& loss_reason(const Game& g);

}  // namespace tw
