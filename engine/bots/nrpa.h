// Nested Rollout Policy Adaptation (Rosin, IJCAI 2011) on a known co-op deal: another
// method for the solver's question ("can this deal be won?"), measured against the beam
// of solver.h on the same deals and node budget (issue 59, item 2; docs/solver.md).
//
// A playout plays the deal to its end, every decision sampled from a softmax over the
// weights of the options' codes (a code: the option's fields, so the same placement
// keeps its weight wherever it comes); a level-n search runs `iterations` level-(n-1)
// searches, each from a copy of its policy, keeps the best sequence and moves its policy
// toward it (gradient step alpha). A sequence's score: a win first, then dogs reached,
// then progress. With `bias` the softmax adds the co-op bot's option values (the
// GNRPA-style prior, Cazenave 2020), which costs the options' evaluation.
// Nodes: every decision applied in a playout (and, with bias, every option weighed).
// Deterministic for a game and a config (its own seeded Rng; weights are looked up, never
// iterated).
#pragma once

#include <cstdint>

#include "engine/bots/solver.h"
#include "engine/game.h"

namespace tw {

struct NrpaConfig {
  int level = 2;
  int iterations = 30;
  double alpha = 1.0;
  int64_t max_nodes = 200000;
  uint64_t seed = 1;
  bool bias = false;
  double bias_weight = 4.0;  // the prior's scale against the adapted weights
};

// The best line found (SolveResult: won, line, nodes, rollouts = playouts, best_progress).
SolveResult solve_nrpa(const Game& start, const NrpaConfig& config);

}  // namespace tw
