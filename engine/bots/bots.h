// Bots: players that choose among the pending decision's legal options.
//
// A bot sees only the Game's public state and its own Rng, so its choices are
// reproducible from a seed, and a game a bot played is replayed from the options alone.
// Every bot that looks ahead does so on a determinized copy (Game::determinize: the
// unseen tiles dealt again), never on the real pile: two games with the same public
// history get the same choice from the same bot and bot seed.
//   random  uniform over the legal options of each decision: over placements, then over
//           "pass" and every legal follower spot (fields included).
//   greedy  the option with the best immediate score difference (own points minus the
//           best opponent's), ties broken by the value of the feature it occupies, then
//           at random.
//   coop    Mists levels: tries each placement, follower and evaluation option on a copy,
//           finishes the turn with quick rules and weighs progress, the ghost bank (more
//           the emptier it is), open features and the dog deadlines.
//   mcts    information-set Monte Carlo tree search (engine/mcts.h); `mcts:N` searches N
//           iterations per decision, `mcts:N:T` with T threads (root parallelism).
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/game.h"
#include "engine/rng.h"

namespace tw {

// One option as a bot weighs it (suggest --json): its index in pending().options, how
// often the search tried it and the mean reward it found (search bots only).
struct OptionEval {
  size_t index = 0;
  int visits = 0;
  double value = 0;
};

class Bot {
 public:
  virtual ~Bot() = default;
  virtual std::string_view name() const = 0;
  // The index of the chosen option in game.pending().options.
  virtual size_t choose(const Game& game, Rng& rng) = 0;
  // The same choice on a game the bot may change on the way and gives back as it was
  // (a search's own game: the co-op playout bot tries its options on it and takes them
  // back, Game::mark and undo, instead of copying it). By default: choose().
  virtual size_t choose_in_place(Game& game, Rng& rng) { return choose(game, rng); }
  // The options it weighed, best first (the first one is its choice). Bots that do not
  // search give their choice alone.
  virtual std::vector<OptionEval> evaluate(const Game& game, Rng& rng) { return {{choose(game, rng), 0, 0}}; }
  // What the bot spends on a decision of `game`, for people ("one ply", "100 iterations a
  // decision"): the difficulty meter names the bot that measured and this budget.
  virtual std::string budget(const Game& game) const;
};

// A determinized copy of `g` for one decision (Game::determinize), dealt from a generator
// seeded by rng's state: rng itself does not advance.
void public_view(const Game& g, const Rng& rng, Game& out);

// The co-op bot's quick rule for a non-placement decision (search rollouts use it), and
// its weighing of a co-op position (higher is better for the team; search leaves use it).
size_t coop_rule_choice(const Game& g);
double coop_position_value(const Game& g);
// Per-colour scoring: each marker's projected score (its points plus, for every open
// feature its colour's followers hold, each feature once per colour, the feature's value
// weighed by how close to done it is); the co-op value measures the stack's deadline on it.
std::vector<double> coop_colour_projection(const Game& g);
// The greedy bot's value of each pending option on `g` (search orders its root by it).
std::vector<int64_t> greedy_option_values(const Game& g);
// The co-op bot's value of each pending option on `g` (a placement with its best
// follower); empty for decisions the co-op bot leaves to its quick rules. Co-op search
// orders its root by it.
std::vector<double> coop_option_values(const Game& g);
// The co-op bot keeps its followers' feature values for a decision and uses them again
// in the tries where the feature cannot have changed (engine/bots/bots.cpp, CoopKept).
// This weighs every option of g's decision as coop_option_values does and counts the
// weighed positions whose value with the kept values differs from the value worked out
// afresh (== on the doubles). `stale`: trust every kept value, changed feature or not
// (the check's negative control: it must find differences in games where features grow).
struct CoopKeptCheck {
  size_t weighings = 0;
  size_t differ = 0;
};
CoopKeptCheck coop_kept_value_check(const Game& g, bool stale = false);

// The co-op bot as co-op search's playout policy: it chooses on the game it is given,
// which must be a determinized copy already (the search's own deal: no second deal, so
// still public information only), and at a placement with more than `sample` options
// (sample > 0) it weighs a random sample of `sample` of them, each with its best
// follower, instead of every one. Other decisions as the co-op bot.
std::unique_ptr<Bot> make_coop_playout_bot(int sample);

// Plays `g` to its end, seat i choosing with bots[i]; returns the decisions applied.
// Every seat needs a bot.
int play_out(Game& g, const std::vector<Bot*>& bots, Rng& rng);

// nullptr when the name is unknown. Names: random, greedy, coop, mcts, mcts:N, mcts:N:T.
std::unique_ptr<Bot> make_bot(std::string_view name);
const std::vector<std::string_view>& bot_names();
// "" when every seat's bot (if any) is one make_bot makes, else what is wrong with the
// first that is not: "unknown bot 'nosuch' (did you mean ...?) (known: ...)". The one
// check of a record's seats for `run`, `replay import` and `replay verify`.
std::string seat_bot_problem(const std::vector<PlayerSpec>& players);

}  // namespace tw
