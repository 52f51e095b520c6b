// The `tilewright` subcommands as functions, so tests drive exactly what users run.
//
// Each command writes its normal output to `out`, problems to `err`, and returns the
// process exit code: 0 success, 1 an illegal decision or a failed check, 2 bad input
// (usage, an unreadable or malformed file), 3 a database that cannot be used.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include <exception>

#include "engine/content.h"

namespace tw {

inline constexpr int kExitOk = 0;
inline constexpr int kExitIllegal = 1;
inline constexpr int kExitInput = 2;
inline constexpr int kExitDatabase = 3;
// Another program kept the database locked (writing it) for the whole busy timeout
// (schema/store.h kBusyTimeoutMs): not damage; running the command again later works.
inline constexpr int kExitBusy = 4;

// The exit code for an error from opening, reading or writing a database: kExitBusy for a
// BusyError (schema/store.h), else kExitDatabase.
int db_exit_code(const std::exception& e);

// The last words of a failed command: writes "tilewright COMMAND: MESSAGE" and a line
// break to err (the message printable: control characters and bad bytes escaped, line
// breaks kept, at most 64 KiB of it) and returns `code`.
int command_failed(std::ostream& err, std::string_view command, std::string_view message, int code);

struct DbOptions {
  std::optional<std::string> db;  // --db PATH
};

// Opens the database the contract names and loads its content; on failure prints the
// problem to err and returns nullopt (with *code set).
std::optional<Content> load_db(const DbOptions& o, std::ostream& err, int* code,
                               std::string* path_out = nullptr);

// A JSON value as one line of valid UTF-8 whatever its strings hold (invalid bytes
// become U+FFFD): what every --json output prints.
std::string json_text(const nlohmann::ordered_json& j);

struct RunOptions {
  std::string file;
  bool json = false;
  bool verbose = false;
  std::optional<int> ply;
};
int cmd_run(const Content& c, const RunOptions& o, std::ostream& out, std::ostream& err);
int cmd_options(const Content& c, const std::string& file, std::ostream& out, std::ostream& err);
// `full`: also PRAGMA integrity_check of the whole file (slower; tables against indexes).
// `json`: the result, or the problems with "error", as one JSON object on out.
int cmd_validate(const std::string& db_path, std::ostream& out, std::ostream& err, bool full = false,
                 bool json = false);

// What `validate` plays after the loader's check: one seeded game of random bots per
// rule set (co-op: per level and player count), invariants checked. One message a
// failure, each starting with `where`; `only` (a rule set or level id) limits the games
// to it (a rule set: also its levels).
std::vector<std::string> test_games(const Content& content, const std::string& where, const std::string& only = "");

// The bots' names, for messages.
std::vector<std::string> known_bots();
// The level a command plays: `level` if given (checked; its rule set becomes
// `rule_set`), else the first level of a co-op `rule_set` (said on err). An exit code
// and a message with suggestions for an unknown level or rule set.
std::optional<int> resolve_level(const Content& c, std::string& rule_set, std::string& level, const char* command,
                                 std::ostream& err);

struct SimulateOptions {
  std::string rule_set = "base";
  std::string level;  // co-op level: report win rate and loss reasons
  std::vector<std::string> bots = {"random", "random"};
  int games = 1000;
  int threads = 0;  // 0 = all cores
  uint64_t seed = 1;
  bool progress = true;
  std::string record_db;  // store every game as a replay in this database ("" = do not)
  int record_batch = 250;  // games per transaction when recording (bounds the memory held)
  int players = 0;            // co-op: seats (0 = 2); competitive: seats, the last bot repeated
  bool explicit_bots = true;  // false: a co-op level gets a team of coop bots
  bool rotate = false;        // each seed once per seat rotation
  int shard_index = 0, shard_count = 1;  // --shard I/N: the I-th of N disjoint slices
  std::string json_file, csv_file, plot_file;  // "" = not written
  bool solve = false;         // co-op: also search each deal for a win (the winnable share)
  int64_t solve_nodes = 100000;  // ... the solver's node budget per deal
};
// Plays the study through tw::study (cli/study_cmd.cpp): the table on out, --json,
// --csv and --plot files.
int cmd_simulate(const Content& c, const SimulateOptions& o, std::ostream& out, std::ostream& err);

struct BenchOptions {
  std::string rule_set = "base";
  std::string level;  // a co-op level (its rule set is played)
  int games = 2000;
  int players = 2;
  bool playout = false;  // the playout path (Game::set_playout): placements counted, not listed
};
struct BenchResult {
  uint64_t games = 0;
  uint64_t plies = 0;
  uint64_t placements = 0;  // legal placements generated (the signature's count)
  uint64_t hash = 0;        // combined final state hash (the signature's hash)
  double seconds = 0;
};
// Plays the fixed seeded games (seeds 1..games) with the random bot.
std::optional<BenchResult> run_bench(const Content& c, const BenchOptions& o, std::string* error);
int cmd_bench(const Content& c, const BenchOptions& o, std::ostream& out, std::ostream& err);

struct PlayOptions {
  std::string rule_set = "base";
  std::string level;  // co-op level id (its rule set is used)
  std::string players;  // "" = a human against a bot on a terminal, bots otherwise
  std::optional<uint64_t> seed;
  std::string out_file;
  bool quiet = false;   // bots only: print just the result
  std::string replay_db;  // store the game as a replay in this database ("" = do not)
  bool with_rules = false;  // --out: embed the rule set's content pack (TGN 2)
  std::string db_path;      // the database the content came from (for --with-rules)
  std::string resume;       // a record (TGN) to go on with: its rules, seed, players and moves
  std::string hint_bot = "mcts";  // the bot behind `hint` (as `suggest --bot`)
};
int cmd_play(const Content& c, const PlayOptions& o, std::istream& in, std::ostream& out,
             std::ostream& err, bool interactive);

}  // namespace tw
