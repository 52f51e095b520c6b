// Proofs that a co-op deal cannot be won: sound upper bounds checked against the
// level's deadlines (the dogs' thresholds and the target), issue 59.
//
// The solver (solver.h) shows a deal can be won by finding a line; it cannot show the
// opposite unless it tried every line. A proof here is a relaxation of the scoring that
// never lies: it bounds what any line can still add to a marker before a deadline, and a
// deal whose bound stays below what the deadline asks can never be won.
//
// The score bound (one per deadline and marker): a deadline is dog k (stack k runs out:
// the tiles drawn before then are the pile up to the end of stack k, whatever is played;
// a stack's rest goes on top of the next, so no tile of a later stack comes earlier) or
// the target (the pile runs out). Before it, a marker gains at most
//   its score now + the points already waiting for a marker
//   + feeders x (the value of every segment on the board whose feature may still score
//                + the value of every segment of the tiles still to be drawn by then)
//   + dogs x (the ghosts in the game) x dog_ghost_points,
// where a segment's value is what it adds to its feature when that completes (road:
// road_tile_points; city: city_tile_points + its shields x city_shield_points; castle:
// castle_fog_tile_points x 9, the most fogged tiles among its 9), since features are
// disjoint and a feature scores once per colour on it; `feeders` is how many colours can
// move the marker (shared scoring: every colour with a follower still in play; per colour:
// its own colour and every colour without a marker, whose points go to a marker of the
// players' choice); `dogs` is how many dogs can be placed before the deadline (each
// scores once, 1 point per ghost then on the board, and the ghosts only move between the
// bank and the board). A colour whose followers are all buried can never score again.
// Each term overestimates (a tile may be drawn face down, discarded or never complete
// its features), so the bound is sound; it is exact where every counted segment can
// close with every counted colour on it (tests/engine/test_proof.cpp).
//
// The reach bound (bound "reach", tried when the score bound proves nothing): a colour
// scores only through its own followers, on features that close before the deadline.
// With r tiles still to be drawn by then (the pending one included), colour c gains at
// most
//   ready(c): the value of the features c stands on that are complete (their evaluation
//            still ahead), and mid-turn, for the colours of the player whose follower step
//            is ahead, the best complete feature of the tile just placed
//   + through(c): a feature that is not complete scores only once a tile fills every
//            empty cell its open ends face (a road or city; an open end facing a
//            face-down tile never closes) or every empty cell around it (a castle, with
//            no face-down neighbour), so it is worth value / (its cells) in each of
//            them; counting the features c stands on, every road and city (they may
//            join c's) and, mid-turn, every feature of the tile just placed, each empty
//            cell is worth the sum, and the r tiles fill at most r cells: the best r,
//            rounded up (any set of features that closes has all its cells among the
//            filled ones, so its value is at most the filled cells' worth)
//   + the value of the r tiles' segments (the score bound's tiles_value),
// and 0 when c holds no feature that can close and its players have no turn before the
// deadline (turns go round the seats, one per tile drawn at most) nor a follower step
// still ahead in this turn. A marker gains at most the sum of the gains of the colours
// that feed it (the team's: every colour; per colour: its own and the colours without a
// marker, the best ones for a marker not chosen yet), plus the dogs' points as above.
//
// Pure and deterministic: reads the game (and, like the solver, its pile) and never
// changes it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/game.h"

namespace tw {

// The reach bound's numbers for one colour that feeds the marker.
struct ColourReach {
  int colour = 0;
  bool can_score = false;  // holds a feature that can close, or has a turn (or a follower step) left
  int turns = 0;           // turns of its player(s) before the deadline (a follower step ahead counted)
  int64_t held = 0;        // ready: its complete features (and mid-turn the tile's best complete one)
  int join_limit = 0;      // the cells the tiles fill
  int64_t joined = 0;      // through: the best join_limit cells' worth, rounded up
  int64_t gain = 0;        // can_score ? held + joined + tiles_value : 0
};

// One proof: the deadline a marker cannot reach and the numbers of its bound.
struct Impossibility {
  std::string bound = "score";  // the bound that proves it: "score" or "reach"
  int dog = -1;                 // the deadline: dog `dog` (0-based; stack `dog` runs out), or -1: the target
  int64_t need = 0;             // what the deadline asks (the dog's threshold, or the target)
  int marker = -1;              // per colour: the marker's colour (-2: a marker not chosen yet); -1: the team's
  int64_t now = 0;              // the marker's score now, with the points waiting for a marker
  int feeders = 0;              // colours that can move the marker
  int64_t board = 0;            // value of the board's segments whose features may still score
  int64_t tiles = 0;            // tiles still to be drawn before the deadline (the pending one included)
  int64_t tiles_value = 0;      // ... and the value of their segments
  int pile_from = 0, pile_to = 0;  // those tiles: pile positions [pile_from, pile_to) (1-based in text)
  int dogs = 0;                 // dogs that can still score before the deadline
  int64_t ghosts = 0;           // the ghosts in the game (bank and board)
  int64_t dog_points = 0;       // dogs x ghosts x dog_ghost_points
  int64_t most = 0;             // score: now + feeders x (board + tiles_value) + dog_points (< need);
                                // reach: now + the feeders' gains + dog_points (< need)
  std::vector<ColourReach> reach;  // reach: per feeding colour (feeders of them; a marker not
                                   // chosen yet: the best ones of the colours listed, `feeders` of them)
  bool mid_turn = false;           // reach: a follower step may still be ahead in this turn
};

// A proof that `g` (a co-op game, at any decision) cannot be won, or nullopt when no
// bound shows it (then it may or may not be winnable). A finished game is never proved
// here (its outcome says it). The first deadline that fails, the earliest first.
std::optional<Impossibility> prove_impossible(const Game& g);

// The proof as a sentence: which marker cannot reach what by when, and every number of
// the bound ("red can score at most 31 before stack 1 runs out, dog 1 asks 10: 4 now +
// 1 colour x (9 on the board + 18 on 7 tiles, pile 14-20) + 0 from dogs").
std::string impossibility_text(const Game& g, const Impossibility& p);

// The segment value the bound uses for tile type `tile` of g's content, summed over its
// segments (0 for a kind that never scores in a co-op game).
int64_t tile_bound_value(const Game& g, int tile);

}  // namespace tw
