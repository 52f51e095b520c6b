// The co-op solver: searches one deal with the whole pile known for a line that wins.
//
// A feasibility question ("can a team win this deal at all?"), so the solver reads the
// real game, not a determinized copy: the seed fixes every draw, the face-down tiles and
// the order of the stacks, and the solver may use all of it. The bots never do (bots.h).
//
// Method: beam search by turn with iterative widening.
//   - A node is the game at the start of a turn (a placement pending) or at its end.
//     Expanding it plays one whole turn every way the search keeps: every placement,
//     every follower choice after it; at the other decisions of the turn (points or
//     ghosts, cemeteries, dogs, burials, face-down cells, markers) every option when
//     there are at most `inner_options`, else the `inner_options` best by a one-step
//     look (the option applied, the turn finished by the co-op bot's quick rules, the
//     position weighed).
//   - Children are weighed by the co-op bot's position value (coop_position_value,
//     bots.h) plus rollout_bias x the progress their parent's rollout reached (below),
//     and the best `width` go on to the next turn; states already seen in this
//     pass (Game::state_hash) are dropped, so placements that give the same position
//     (the same tile at a rotation that looks the same, meeples that end in the same
//     place) are searched once.
//   - Rollouts: the start and every node the beam keeps (best first) are played to the
//     end by the co-op bot's policy on the real deal (make_coop_playout_bot: one ply,
//     every placement with its best follower, the rest of the turn by the quick rules);
//     a rollout that wins is a witness (the beam's line to the node, then the rollout).
//     The beam is a greedy value's view of a turn; the rollouts ask whether the co-op
//     bot, which plays the whole game by that value, finishes from there. A node is
//     played out once a search; the rollouts' nodes count toward the budget (a rollout
//     decision: its options, a placement's thrice, about what the bot weighs there).
//   - At a per-colour level (colour_search): kPreselect x width children are played out
//     and ranked by their own rollouts before the beam keeps width of them.
//   - Passes with width first_width, 2x, 4x, ... until a win is found, the node budget
//     (or the seconds budget) is spent, or a pass pruned nothing (then the search was
//     exhaustive: every line was tried).
// Why a beam: the depth is fixed (a turn per tile in pile order), so every node of one
// depth is comparable and the beam needs no admissible bound (none is known for the
// ghost bank); best-first search on the same value dives into the deepest nodes and
// spends its budget on one line. Widening makes easy deals cheap (a width-8 pass wins
// most mists-1 deals) and spends on hard ones what the budget allows; a pass costs about
// width x (children per turn) x turns, so the passes before the last cost at most as much
// as the last one. Rollouts because the beam's value is one ply deep: it keeps the
// positions that look best after a turn, not the ones a team finishes from, and it
// missed deals the bots won (mists-1, 2 players, 100 deals at 200,000 nodes: the beam
// alone 74, with the rollouts 100; docs/solver.md).
// Deterministic for a game, a node budget and a config: children are generated and
// ranked in a fixed order (ties by generation order), and a rollout's tie-breaks are
// seeded by its node's state hash and rollout_seed. A seconds budget is not: where it
// stops depends on the machine.
// "No win" is said to be exhaustive only when no pass dropped a child for want of width
// and no inner decision was cut to its best options (two states with one 64-bit hash are
// taken to be the same: the chance of a collision is negligible, not zero).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "engine/game.h"

namespace tw {

inline constexpr double kDefaultRolloutBias = 1.0;

struct SolverConfig {
  int64_t max_nodes = 200000;  // game states generated (decisions applied in the search); 0: no limit
  double max_seconds = 0;      // 0: no limit (a seconds budget is not deterministic)
  int first_width = 8;         // the first pass's beam width; each next pass doubles it
  int max_width = 1 << 16;     // no pass wider than this (the search stops after it)
  int inner_options = 3;       // non-placement, non-follower decisions: options kept
  // Rollouts: the best `rollouts` nodes of each depth of the beam (the start too) are
  // played to the end by the co-op bot's policy on the real deal; 0: the beam alone.
  int rollouts = 1 << 30;
  uint64_t rollout_seed = 1;   // the rollouts' tie-breaks
  // Branch and bound: a child that a sound bound proves impossible (prove_impossible,
  // proof.h) is dropped before it is weighed; such a drop is no cut (no win lies below
  // it), so a pass that cut nothing else is still exhaustive: a proof by search.
  bool prune = true;
  // The rollouts steer the beam (issue 59, third round): a child's weight adds
  // rollout_bias x the progress (co-op score or lowest marker) that its parent's rollout
  // reached at the end of its game, so the beam keeps the turns below nodes the co-op bot
  // finished well from, not only those that look best one turn deep. 0: the one-turn value
  // alone (the solver before this round). In the value's units (coop_position_value
  // weighs a point of progress 3).
  double rollout_bias = kDefaultRolloutBias;
  // Level 6's search (issue 59, fourth round), only where the level scores per colour (its
  // scoring mode; a shared marker's search is unchanged): the steering's signal is each
  // marker's score capped at the next threshold, averaged, plus the lowest marker (the
  // lowest alone cannot tell 4/10/10/10 from 4/4/4/4); and the best kPreselect x width
  // children by the steered value are each played out, and the width of them whose own
  // rollout, added to their one-turn value, ranks best go on (one nested level: a child
  // judged by its own playout, not only its parent's). false: the search before.
  bool colour_search = true;
};

// Level 6's search (SolverConfig::colour_search): children played out before the cut, per
// beam slot.
inline constexpr int kPreselect = 8;

struct SolveResult {
  bool won = false;
  bool exhaustive = false;     // no win, and every line was tried
  std::vector<Option> line;    // won: every decision from the given state to the win
  int64_t nodes = 0;           // game states generated, over every pass
  int passes = 0;
  int64_t rollouts = 0;        // games played to their end by the co-op bot
  int width = 0;               // the last pass's width
  int depth = 0;               // turns below the start the deepest pass reached
  int64_t best_progress = 0;   // the best progress (co-op score or lowest marker) seen
  int64_t dead = 0;            // children dropped because a bound proved them impossible
  // Where the lines end (a study of the lost deals, docs/solver.md): the finished line
  // with the best progress (ties: the one that got furthest in the pile), why it was lost
  // (loss_reason: "ghost bank empty", "stack 2 ran out", "no tile left") and the tiles
  // drawn by then; and every rollout's loss reason, counted.
  std::string best_end;
  int best_end_tile = 0;
  std::vector<std::pair<std::string, int64_t>> rollout_ends;
  double seconds = 0;
  bool stopped_by_time = false;
};

// Searches `start` (a co-op game, at any decision) for a winning line. A game that is
// already over comes back at once: won when it was won, else exhaustive.
SolveResult solve(const Game& start, const SolverConfig& config);

}  // namespace tw
