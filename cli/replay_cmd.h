// `tilewright replay ...`: recorded games in a database, from the command line.
//
//   replay import FILE.tgn|FILE.xml   store a record (TGN) or an exported XML archive; the
//                                     new replay's id is the LAST line printed
//   replay list [--ruleset R] [--level L] [--json]   one line per replay, newest first
//   replay show ID [--ply N | --node PATH]   board, scores, the ply's events, annotations
//   replay options ID [--ply N | --node PATH]   the legal options after that node
//   replay annotate ID (--ply N | --node PATH) [--comment T] [--glyph G] [--cell X,Y]...
//                                     [--arrow X,Y:X2,Y2]... [--label X,Y=TEXT]... [--clear]
//   replay pin ID TEXT                the game's pinned comment ("" removes it)
//   replay vary ID (--ply N | --node PATH) [--replace] MOVE...   moves after that node (at
//                                     the end of a variation: extend it; else a new variation
//                                     replacing the next node); --replace: an alternative
//                                     to that node itself
//   replay promote ID --node PATH     the variation holding PATH becomes the main line
//   replay delete-variation ID --node PATH
//   replay export ID --format tgn|xml [--out FILE] [--with-rules]
//   replay export ID|FILE.tgn --format html [--out FILE] [--analyse N] [--seed S]   the web
//                                     page of the game: one offline HTML file (web/page.h)
//   replay verify ID                  replays the log: first diverging ply, illegal variations,
//                                     a Result tag that disagrees
//   replay delete ID                  removes a replay with its annotations
//
// Every subcommand takes --db (the contract of NOTATION.md). The database is opened for
// writing when the command writes, or when it predates the replay tables (migration 0002
// then runs); otherwise read-only. Exit codes as in cli/commands.h: 0 success, 1 an
// illegal move, a failed verification or other rules data, 2 bad input (usage, unreadable
// or malformed file, unknown replay or node), 3 a database that cannot be used. A failing
// command writes nothing.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace tw {

struct ReplayArgs {
  enum class Action { None, Import, List, Show, Options, Annotate, Pin, Vary, Promote, Delete, Export, Verify, Remove };
  Action action = Action::None;
  std::optional<std::string> db;
  std::string file;                 // import
  int64_t id = 0;
  std::optional<int> ply;           // show, annotate, vary
  std::optional<std::string> node;  // show, annotate, vary, promote, delete
  std::optional<std::string> comment, glyph;
  std::vector<std::string> cells, arrows, labels;
  bool clear = false;
  std::string text;                 // pin
  std::vector<std::string> moves;   // vary
  std::string format = "tgn";       // export: tgn, xml or html
  std::string source;               // export: the id as written, or (html) a record file
  std::optional<int> analyse;       // export html: analyse first, N iterations a ply
  uint64_t analyse_seed = 1;        // export html: the analysis' seed
  std::string out_file;             // export
  std::string rule_set;             // list
  std::string level;                // list
  bool replace = false;             // vary
  bool with_rules = false;          // export: embed the rules (TGN 2)
  bool duplicate = false;           // import: store a game that is already stored
  bool ignore_rules = false;        // import: store a record whose rules differ from the database's
  bool json = false;                // list: one JSON object
  std::string rename;               // import: the record names this rule set or level instead
};

// Adds the `replay` command group to `app`, filling `args` when one of them is parsed.
CLI::App* add_replay_commands(CLI::App& app, ReplayArgs& args);

int cmd_replay(const ReplayArgs& args, std::ostream& out, std::ostream& err);

}  // namespace tw
