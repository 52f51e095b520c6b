// `tilewright suggest FILE.tgn --bot NAME [--seed S] [--json]`: what a bot would choose
// at the record's pending decision, and with --json how it weighed the best options.
//
// The bot sees the game as a player at the table does (a determinized copy: the record's
// unseen tiles are dealt again), so a suggestion never depends on the hidden pile; a Draw
// list longer than the tiles drawn so far is cut to them (a warning on err). It asks
// through the engine protocol's session (cli/engine_session.h).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>

#include "engine/content.h"

namespace tw {

struct SuggestOptions {
  std::string file;
  std::string bot = "mcts";  // as in simulate --bots: greedy, mcts, mcts:200, bot:coop...
  uint64_t seed = 1;         // the bot's seed
  bool json = false;
  int top = 5;               // options listed with --json
  int iterations = 0;        // an mcts bot's budget, or the search that values another bot's turn (0: the bot's own, else 200)
};
int cmd_suggest(const Content& c, const SuggestOptions& o, std::ostream& out, std::ostream& err);

}  // namespace tw
