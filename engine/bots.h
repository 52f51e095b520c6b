// Bots: players that choose among the pending decision's legal options.
//
// A bot sees only the Game's public state and its own Rng, so its choices are
// reproducible from a seed, and a game a bot played is replayed from the options alone.
//   random  uniform over the legal options of each decision: over placements, then over
//           "pass" and every legal follower spot (fields included).
//   greedy  the option with the best immediate score difference (own points minus the
//           best opponent's), ties broken by the value of the feature it occupies, then
//           at random.
//   coop    Mists levels: tries each placement, follower and evaluation option on a copy,
//           finishes the turn with quick rules and weighs progress, the ghost bank (more
//           the emptier it is), open features and the dog deadlines.
#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include "engine/game.h"
#include "engine/rng.h"

namespace tw {

class Bot {
 public:
  virtual ~Bot() = default;
  virtual std::string_view name() const = 0;
  // The index of the chosen option in game.pending().options.
  virtual size_t choose(const Game& game, Rng& rng) = 0;
};

// Plays `g` to its end, seat i choosing with bots[i]; returns the decisions applied.
// Every seat needs a bot.
int play_out(Game& g, const std::vector<Bot*>& bots, Rng& rng);

// nullptr when the name is unknown.
std::unique_ptr<Bot> make_bot(std::string_view name);
const std::vector<std::string_view>& bot_names();

}  // namespace tw
