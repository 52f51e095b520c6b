// The engine protocol (docs/engine-protocol.md): `tilewright engine` reads commands on
// standard input and answers on standard output, keeping the game and the search tree
// between commands, as UCI is for chess engines and GTP for Go.
//
// `EngineSession` is the protocol's state and meaning with no I/O of its own: the rules
// and seats, the position (a record's decisions and the tiles drawn so far), the options
// and the kept search tree; `go` answers with the whole turn, its value and the principal
// line. `run_engine` is the line loop over it (a search runs on a worker thread, so `stop`
// and `isready` are answered while it thinks). `suggest` asks through the same session.
//
// The bots never see undrawn tiles: a position's Draw list longer than the tiles drawn
// so far is cut to them (with a warning), since the Draw prefix is public to the bots.
#pragma once

#include <atomic>
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "analysis/analysis.h"
#include "engine/bots/mcts.h"
#include "engine/content.h"
#include "engine/game.h"
#include "engine/tgn.h"

namespace tw {

inline constexpr int kEngineProtocol = 1;  // the version `hello` answers

// One root option as the answer lists it: rotations that give the same placement merged
// (the canonical rotation's text, visits summed, the value their visit-weighted mean).
struct EngineOption {
  Option option;     // canonical
  size_t index = 0;  // an index of pending().options holding it (the most visited)
  int visits = 0;
  double value = 0;
};

struct EngineAnswer {
  std::vector<std::string> turn;  // the chosen option, then the rest of its player's turn
  Option choice;                  // canonical
  size_t index = 0;               // pending().options index of the choice
  double eval = 0;                // in `measure` (points of margin, or percent)
  analysis::Measure measure = analysis::Measure::Margin;
  std::vector<std::string> pv;    // the principal line from the choice on, whoever decides
  std::vector<EngineOption> options;  // most visited first
  size_t legal = 0, distinct = 0;     // options, and options once by symmetry
  int iterations = 0;                 // run by the search that valued the turn
  int reused = 0;                     // root visits kept from earlier searches
  double search_ms = 0;               // the search's own time (another bot: its choice and the search)
};

class EngineSession {
 public:
  explicit EngineSession(const Content& content);

  // `newgame`: the rule set (or a co-op level: rule set "" plays its own) and the number
  // of seats. Clears the position (`go` has none until the next `position`) and the tree,
  // whether or not it succeeds; after a failure `position` is refused until a newgame
  // succeeds. Returns an error text or nullopt.
  std::optional<std::string> new_game(const std::string& rule_set, const std::string& level, int players);
  // A `newgame` refused before it reached the rules (a bad word): as a failed new_game.
  void refuse_rules(const std::string& why);
  // `position`: the tiles drawn so far (the current one last) and the decisions, as a
  // TGN body: every tile drawn must be named. Returns an error text (and leaves no
  // position); `warning` gets a note (a Draw list cut).
  std::optional<std::string> set_position(const std::vector<std::string>& drawn, const std::string& moves,
                                          std::string* warning);
  // A whole record (its tags and main line). The same checks.
  std::optional<std::string> set_record(const tgn::Record& r, std::string* warning, bool* setup_failed = nullptr);
  // `setoption NAME VALUE`. Returns an error text or nullopt.
  std::optional<std::string> set_option(const std::string& name, const std::string& value);

  // `go`: the bot's choice at the pending decision, the whole turn, its value. A budget
  // of 0 and 0 is the bot's own. Requires a position with a pending decision (has_decision).
  EngineAnswer go(int iterations, double ms, const std::atomic<bool>* stop = nullptr);

  bool has_game() const { return game_.has_value(); }
  const Game& game() const { return *game_; }
  const std::string& bot() const { return bot_; }
  uint64_t seed() const { return seed_; }
  // The budget that values the turn when the bot is not a search (`evaliterations`).
  int eval_iterations() const { return eval_iterations_; }

 private:
  // `draws_named`: the draw list must name every tile drawn (no record's seed behind it).
  std::optional<std::string> replay(GameSetup setup, const std::vector<tgn::Node>& line, std::string* warning,
                                    bool draws_named);
  std::optional<std::string> replay_into(GameSetup setup, const std::vector<tgn::Node>& line, std::string* warning,
                                         bool draws_named);

  const Content& content_;
  GameSetup setup_;                  // newgame's
  std::string rules_error_;          // why the last newgame failed ("" = the rules are good)
  std::optional<Game> game_;         // the position
  std::vector<Option> played_;       // the decisions that led to it
  uint64_t setup_key_ = 0;           // what makes two positions the same game
  std::string bot_ = "mcts";
  uint64_t seed_ = 1;
  bool reuse_ = true;
  int eval_iterations_ = 0;          // 0: 200
  MctsTree tree_;
  std::optional<MctsConfig> tree_config_;  // the bot's, when it is an mcts spec
};

// The line loop: reads commands from `in` until `quit` or the end of input (which waits
// for a running search to answer), answers on `out`. Returns the exit code (0).
int run_engine(const Content& content, std::istream& in, std::ostream& out);

}  // namespace tw
