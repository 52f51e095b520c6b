// Rule module dogs: its state (engine/rules/dogs.cpp).
#pragma once

#include "engine/rules/module.h"

#include <vector>

namespace tw {

class Game;

struct DogsState {
  int reached = 0;           // thresholds reached
  int to_place = 0;          // dogs reached and not yet placed
  int follower = -1;         // the follower the dog being placed joined
  int picks = 0;             // tiles it cleared so far
  std::vector<int> cleared;  // ... which
  friend bool operator==(const DogsState&, const DogsState&) = default;
};

// The module's entries (engine/rules/dogs.cpp).
OptionList dog_clear_options(const Core& core);
void coop_check_thresholds(Core& core);
bool step_dogs(Core& core);
bool step_dog_clear(Core& core);
void apply_dog(Core& core, const Option& o);
void apply_dog_done(Core& core, const Option&);
void apply_dog_clear(Core& core, const Option& o);
int dogs_reached(const Core& core);

// The dogs standing with follower f (its count in slot kDogCount, engine/rules/state.h).
int dogs_with(const Follower& f);

// The dog thresholds reached so far.
int dogs_reached(const Game& g);

}  // namespace tw
