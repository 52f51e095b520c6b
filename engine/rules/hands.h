// Rule module hands: its state (engine/rules/hands.cpp).
#pragma once

#include "engine/rules/module.h"

#include <cstdint>
#include <vector>

namespace tw {

class Game;
struct Content;

struct HandsState {
  std::vector<std::vector<uint16_t>> held;  // per player; empty unless rules hand_size > 0
  friend bool operator==(const HandsState&, const HandsState&) = default;
};

// The module's entries (engine/rules/hands.cpp).
void refill_hand(Core& core, int player);
void draw_from_hand(Core& core);
void deal_hands(Core& core);
void hands_after_place(Core& core);

// Rule `hand_size` > 0: the face-up tiles a player holds (tile types), and whether the
// game plays hands.
const std::vector<uint16_t>& hand_of(const Game& g, int player);
bool uses_hands(const Game& g);

// Its part of Game::state_hash (hash_modules_shared, engine/rules/state.h): the hands held.
void hash_hands(const HandsState& st, const Content& content, Fnv64& h);

}  // namespace tw
