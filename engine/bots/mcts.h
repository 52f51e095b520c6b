// Information-set Monte Carlo tree search (ISMCTS, Cowling, Powley and Whitehouse 2012).
//
// One tree over the deciding player's information set: every iteration deals the unseen
// tiles again (Game::determinize), walks down the tree among the options legal in that
// deal, adds one node, plays the game out with a cheap policy and backs up each player's
// own reward. A node keeps, besides its visits, how often it was available (legal in the
// deal) when its parent was visited: the selection rule is UCB1 over availability
// counts, so options that exist only in some deals (the next player's placements of a
// tile not yet drawn) are compared fairly. Placements x follower spots are grouped as
// two levels (a placement, then its follower choice), and progressive widening lets in
// at most `widen * sqrt(visits)` children per node (the root at least 6, in the greedy
// bot's order, co-op in the co-op bot's).
//
// Rewards, in [0, 1], each player maximising its own:
//   competitive  0.5 + 0.5 tanh(margin / 20) (margin = own score - best opponent's), or
//                with Reward::Win 1 / 0.5 / 0 for a win / tie / loss;
//   co-op        1 for a win, else 0.7 x the share of the target reached (progress():
//                the team's score, or the lowest marker on level 6) + 0.2 x the share of
//                dogs reached: it learns even where wins are rare.
// Playouts, competitive: to the end of the game; placements uniformly at random, a
// follower where it scores at once, else on a random non-field spot or nowhere.
// Discovery (no scoring on completion): 8 placements, then each player's score plus its
// followers' areas as a take-back would score them now. Co-op:
// random placements lose the ghost bank within a few turns, so the playout follows the
// co-op bot for three more turns (`coop_horizon` placements, to the end of the turn of
// the last) and the leaf is weighed with the co-op bot's position value, relative to the
// root's and squashed into 0.25..0.95 (scale `coop_scale`); a game that ends on the way scores 1
// (won) or at most 0.2 (lost, graded as above). The co-op search is guided
// (`coop_guided`): below the root only placements are tree nodes (the co-op bot makes
// the decisions between them), and since the team's own options are the same in every
// deal, each root option's k-th visit plays the k-th deal with the k-th playout stream
// (common random numbers: options are compared on the same tiles to come).
// Deterministic for a given seed, iteration count and thread count; threads > 1
// searches one tree per thread (root parallelism, each with `iterations` iterations)
// and adds their root visit counts.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "engine/bots/bots.h"
#include "engine/game.h"

namespace tw {

// The budget of `mcts` without a number (iterations per decision): 8000 in competitive
// rule sets, whether the playouts run to the end (base about 0.2-0.3 s a decision on one
// core, gcc 0.5 s on average, its first turns longer) or are truncated (Discovery); 200 in co-op levels
// (each playout runs the co-op bot, which tries every placement of three turns: about 30-55
// ms a decision, the slowest 95-120 ms; 100 before, docs/bots.md "The co-op budget"), for
// the placements and evaluations only (MctsConfig::coop_searched). The
// competitive default is what issue 37's goals needed (docs/bots.md, "The default
// budget"): up to 500 and 2000 before. kMctsQuickIterations is the quick search that
// analysis uses for `mcts` without a number (a whole record, every ply).
inline constexpr int kMctsDefaultIterations = 8000;
inline constexpr int kMctsDefaultTruncated = 8000;
inline constexpr int kMctsDefaultCoop = 200;
inline constexpr int kMctsDefaultLargest = kMctsDefaultIterations > kMctsDefaultTruncated ? kMctsDefaultIterations : kMctsDefaultTruncated;
inline constexpr int kMctsQuickIterations = 500;
// Where the playouts run to the end, a game with more tiles than a base game (72: placed
// and left to draw) gets the default cut in proportion, iterations x tiles <= 8000 x 72
// (gcc, 134 tiles: about 4,300), so that its slowest decision stays under 1 s on one core
// (at 8000 a gcc decision took up to 1.2 s, its playouts being longer and its board
// bigger). A function of the position, so the same position gets the same budget.
inline constexpr int kMctsDefaultPlayoutTiles = 72;
int mcts_default_iterations(const Game& g);
int mcts_default_iterations_cap(const Game& g);  // the same before the cut for long playouts

struct MctsConfig {
  // Margin: 0.5 + 0.5 tanh(margin / 20). Win: 1 / 0.5 / 0. Relative: the margin's, but a
  // player more than 30 points from even at the root is rewarded by its margin relative
  // to the one it has now (the plain margin reward is flat there: 120 points behind, every
  // option is worth about 0).
  enum class Reward : uint8_t { Margin, Win, Relative };
  int iterations = kMctsDefaultIterations;  // 0: mcts_default_iterations(the game)
  double ms = 0;  // > 0: a time budget per decision (milliseconds); the search stops at
                  // whichever of `iterations` and `ms` comes first (not deterministic)
  int threads = 1;
  double exploration = 0.7;  // UCB1 constant
  double widen = 2.0;        // below the root: at most widen * sqrt(visits + 1) children
  Reward reward = Reward::Margin;
  // Co-op playouts: placements played by the co-op bot before the leaf is weighed. Three,
  // not one: a turn's consequences for the ghost bank show a few turns later (mists-4,
  // 200 games: share of the target 29% with 1, 33% with 2, 37% with 3, 36% with 5; full
  // playouts 13%), at three times the cost of one.
  int coop_horizon = 3;
  // Co-op: the root's options enter in the co-op bot's order (progressive widening), and
  // below the root only placements are tree nodes: the decisions between them (followers,
  // evaluations, ...) are the co-op bot's, so a placement is valued with its best
  // follower instead of an average over every follower tried. false: the plain tree.
  bool coop_guided = true;
  double coop_scale = 30.0;       // guided: position value difference that moves a leaf's reward by ~0.16
                                  // (three turns spread the values more than one: 15 with one)
  double coop_exploration = 0.3;  // guided: the UCB1 constant (the leaves' rewards are close together)
  // Co-op, guided: the kinds of decision besides placements that `mcts` (the bot) searches,
  // a bit per kind (coop_kind_bit). The others are the co-op bot's, as they are below a
  // placement in the search's own playouts: the search valued the placement with the co-op
  // bot making them. A search of each of them cost as much as a placement's and made about
  // 70% of a co-op game's time (docs/bots.md, "The co-op bot's other decisions").
  uint32_t coop_searched = coop_kind_bit(DecisionKind::Evaluate);
  static constexpr uint32_t coop_kind_bit(DecisionKind k) { return 1u << static_cast<unsigned>(k); }
  static constexpr uint32_t kCoopSearchAll = ~0u;
  bool playout_path = true;  // competitive playouts count placements instead of listing them
                             // (Game::set_playout: the same playouts, fewer instructions)
};

// The options at the root, most visited first (ties: higher value, then lower index).
// `choice_only`: only the first option's index matters (a bot's choice): with one thread and
// no time budget the search stops once no other option can overtake the most visited one
// (the same choice; the visits and values of the others are then partial).
std::vector<OptionEval> mcts_search(const Game& g, const MctsConfig& config, uint64_t seed, bool choice_only = false);

// Analysis (analysis/analysis.h): one tree (config.threads is not used) over the
// pending decision's information set, with what the search found for each root option
// from the deciding player's view: visits, mean reward, mean final score margin of the
// playouts through it (competitive; Discovery: the truncated playouts' margin; co-op: 0)
// and the share of those playouts won (a tie counts half). `choice` is the search's
// choice (the most visited option after `config.iterations` iterations); then, when the
// choice or `played` has fewer than `min_visits` visits, more iterations enter the root
// through it until it has them (the same tree: the two values are comparable).
struct RootEval {
  size_t index = 0;
  int visits = 0;
  double value = 0;
  double margin = 0;
  double win = 0;
};
struct RootSearch {
  size_t choice = 0;               // index of the search's choice
  std::vector<RootEval> options;   // most visited first (ties: higher value), after the top-ups
  std::vector<Option> best_line;   // the best option's continuation while its player decides
  std::vector<Option> played_line;  // the same below `played`
};
RootSearch mcts_root_search(const Game& g, const MctsConfig& config, uint64_t seed,
                            std::optional<size_t> played = std::nullopt, int min_visits = 0);

// A search that lives from one decision to the next (the engine protocol,
// docs/engine-protocol.md): one tree (config.threads is not used). After a search, the
// options the game goes on with are given to `advance`, which keeps the subtree below
// them; the next `search` starts from the kept tree. The caller calls `clear` when the
// next position does not continue the last one (the kept tree is then of no use; it is
// never wrong: every iteration deals the unseen tiles again and walks only the children
// legal in its deal).
struct TreeSearch {
  static constexpr size_t kLines = 8;
  RootSearch root;  // options (most visited first), the choice, its line (no top-ups)
  // For the first kLines of root.options: the option's continuation while its player
  // decides (RootSearch::best_line's), and the most visited line below it, whoever decides.
  std::vector<std::vector<Option>> lines, principal;
  int iterations = 0;             // run by this search
  int reused = 0;                 // root visits kept from earlier searches
  double ms = 0;                  // the search's own time
};
class MctsTree {
 public:
  explicit MctsTree(MctsConfig config = {});
  ~MctsTree();
  MctsTree(MctsTree&&) noexcept;
  MctsTree& operator=(MctsTree&&) noexcept;
  // Searches g's pending decision for `iterations` iterations (<= 0: no limit) or `ms`
  // milliseconds (<= 0: no limit), or until `*stop` is set; at least one iteration.
  // Deterministic for a seed and an iteration budget (no time limit, no stop).
  TreeSearch search(const Game& g, int iterations, double ms, uint64_t seed, const std::atomic<bool>* stop = nullptr);
  // The game went on by `o` from the position last searched (or advanced to).
  void advance(const Option& o);
  void clear();
  size_t nodes() const;
  MctsConfig& config();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The configuration an mcts spec names (below), iterations 0 for `mcts` (the game's
// default budget); nullopt when the text is not an mcts spec.
std::optional<MctsConfig> parse_mcts_spec(std::string_view spec);

// "mcts", "mcts:N" (N iterations), "mcts:Dms" (D milliseconds a decision), "mcts:N:T"
// (T threads), "mcts:N:T:win" (win/loss reward), "mcts:N:T:relative" (Reward::Relative);
// nullptr when the text is not one of these.
std::unique_ptr<Bot> make_mcts_bot(std::string_view spec);
// The bot with a configuration of its own (tests, experiments).
std::unique_ptr<Bot> make_mcts_bot(const MctsConfig& config);

}  // namespace tw
