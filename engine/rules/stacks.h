// Rule module stacks: its state (engine/rules/stacks.cpp).
#pragma once

#include "engine/rules/module.h"

#include <cstddef>
#include <vector>

namespace tw {

class Game;

struct StacksState {
  std::vector<size_t> end;  // pile index where each stack ends
  int current = 0;          // the stack tiles come from
  friend bool operator==(const StacksState&, const StacksState&) = default;
};

// The module's entries (engine/rules/stacks.cpp).
int stack_tiles_left(const Core& core);
void draw_from_stacks(Core& core);
void stacks_start(Core& core);
void stacks_on_dog_reached(Core& core, int reached);

// The stack tiles come from (0-based), and the tiles left in it.
int current_stack(const Game& g);
int stack_tiles_left(const Game& g);

}  // namespace tw
