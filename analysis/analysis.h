// Review analysis: every ply of a recorded game's main line evaluated by the search bot,
// the moves that lost against the engine's best marked ?! / ? / ??, and the result
// written into a replay as ordinary annotations. Both front ends call this (`tilewright
// analyse`, the editor's review view); nothing here prints or touches a database.
//
// One ply: the state before the decision is searched with `mcts_root_search` (engine/
// mcts.h), which deals the unseen tiles again on every iteration: the evaluation uses
// only what the mover could see. The best option is the search's choice (the most
// visited after the budget); then the choice and the option played each get more
// iterations through them in the same tree until they have `min_visits` visits, so the
// two values are firm and come from one search of one root. From the mover's view:
//   eval_before  the value of the best option,
//   eval_after   the value of the option played,
//   loss         eval_before - eval_after (>= 0; when the played option scores at least
//                as well as the search's choice, it is the best and the loss is 0).
// A decision with one legal option is searched with `min_visits` iterations only (its
// loss is 0; the value still goes into the graph).
// Values are, by Measure:
//   Margin  competitive (default): the mean final score margin (own score minus the best
//           opponent's) of the playouts through the option, in points;
//   Win     competitive: the share of those playouts won (a tie half), in percent;
//   Team    co-op: the search's value for the team in percent (100 = won; a playout that
//           stops before the end is graded by the co-op bot's weighing, so this
//           approximates the team's chance rather than counting wins).
// A ply's search is seeded from (seed, ply) and searched on one thread; plies run in
// parallel on `threads` threads. The result depends on the seed, the budget and the
// record only, never on the number of threads.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/content.h"
#include "engine/game.h"
#include "replay/tree.h"

namespace tw::analysis {

enum class Measure : uint8_t { Margin, Win, Team };
std::string_view measure_name(Measure m);  // "margin", "win", "team"

// A move whose loss reaches a threshold gets its mark: ?! inaccuracy, ? mistake, ?? blunder.
struct Thresholds {
  double inaccuracy = 0, mistake = 0, blunder = 0;
};
// Margin: 3, 6, 12 points; Win and Team: 5, 10, 20 percentage points.
Thresholds default_thresholds(Measure m);

struct Settings {
  int iterations = 500;   // the search's budget per ply (mcts:N)
  uint64_t seed = 1;
  int threads = 0;        // 0: every core
  bool win = false;       // competitive: Measure::Win instead of Margin
  std::optional<Thresholds> thresholds;  // default_thresholds of the measure when absent
  int min_visits = 0;     // visits the best option and the one played get at least (0: iterations / 2, at least 20)
  int from = 1, to = 0;   // main-line plies analysed (to = 0: the last)
};

struct PlyEval {
  int ply = 0;      // 1-based, the decision's game ply
  std::string node;  // "" on the main line; in a variation its node path ("12/0:2", replay/tree.h)
  int player = -1;  // the seat deciding
  std::string played;  // the option played, as canonical text (output, comments)
  std::string best;
  std::vector<std::string> best_line;  // best, then the rest of that player's turn as the search saw it
  // The same as the engine's options: played_option and best_option are options of the
  // decision at this ply; best_moves[k] one of the decision k plies on along the best
  // line. Front ends use these, never the text.
  Option played_option;
  Option best_option;
  std::vector<Option> best_moves;
  int legal = 0;    // legal options at the decision
  int visits_best = 0, visits_played = 0;
  double eval_before = 0, eval_after = 0, loss = 0;
  std::string glyph;  // "", "?!", "?", "??"
};

struct Analysis {
  Measure measure = Measure::Margin;
  Thresholds thresholds;
  int iterations = 0;
  uint64_t seed = 0;
  std::vector<PlyEval> plies;  // in ply order (variation nodes after the ply they branch from)
  std::string error;           // "" or why the record could not be analysed (an illegal decision)
  bool cancelled = false;
};

// The measure a game is analysed with.
Measure measure_for(const Game& g, bool win);
// The seed of ply `ply`'s search.
uint64_t ply_seed(uint64_t seed, int ply);
// The mark of a loss.
std::string glyph_for(double loss, const Thresholds& t);

// Evaluates the decision pending in `g` (game ply g.ply() + 1). `played`: the index of the
// option played (nullopt: only the best is wanted, eval_after = eval_before).
PlyEval evaluate(const Game& g, std::optional<size_t> played, const Settings& s);

// Analyses plies [from, to] of a decision list played from `setup`. `progress(done,
// total)` is called after each ply, from the worker threads but never two at once;
// `cancel` set stops the work soon (the result then says cancelled, with the plies done).
Analysis analyse(const Content& c, const GameSetup& setup, const std::vector<std::string>& decisions,
                 const Settings& s, const std::function<void(int, int)>& progress = {},
                 const std::atomic<bool>* cancel = nullptr);

// The same for a replay: its main line and, with `variations`, every node of every
// variation (after the main-line ply it branches from, nested ones after their node;
// plies from..to select the main-line plies, with their variations).
Analysis analyse_replay(const Content& c, const replay::Replay& r, const Settings& s, bool variations,
                        const std::function<void(int, int)>& progress = {},
                        const std::atomic<bool>* cancel = nullptr);

// "best: place M12 3,1 r90 meeple city:N, +6.2" (percent measures: "+6.2%").
std::string comment_text(const PlyEval& e, Measure m);
// An evaluation as text: "+6.2" / "-1.0" points (Margin), "57.5%" (Win, Team).
std::string eval_text(double v, Measure m);

struct AnnotateReport {
  int marked = 0;         // plies with a mark
  int glyphs = 0;         // glyphs set
  int comments = 0;       // comments set on the played node
  int variations = 0;     // best moves added as variations
  int kept_glyphs = 0;    // a glyph was there already: kept
  int kept_comments = 0;  // a human comment was there: kept, the analysis went on the variation
  std::vector<std::string> problems;  // plies left without their variation, and why
};
// Writes the marked plies of `a`'s main line into the replay's main line (variation
// nodes are reported, not annotated): the glyph, the comment
// and the best line as a variation (its options played through the engine by replay::add_variation_options;
// a line that is not legal to the end is cut to the best move alone). An existing glyph
// or comment is never overwritten; a variation already starting with the best move is
// not added again. Plies of `a` must be the replay's main line.
AnnotateReport annotate(const Content& c, replay::Replay& r, const Analysis& a);

// The main-line evaluations of `a` as the replay stores them when a reviewer keeps the
// analysis (replay::PlyEvaluation, table replay_eval), in ply order.
std::vector<replay::PlyEvaluation> kept_evaluations(const Analysis& a);
// An analysis read back from the evaluations kept with a replay (Replay::evaluations):
// measure, ply, player, played and best text, eval_after, loss and glyph, and the played
// and best options as structured values, read here once in the game before each ply of
// the replay's main line (the stored text is read at this edge, by the one grammar).
// nullopt when there are none, their measure is unknown, or a row's move cannot be read
// in the main line as it is.
std::optional<Analysis> from_kept(const Content& c, const replay::Replay& r);

}  // namespace tw::analysis
