#include "cli/app.h"

#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <limits>
#include <map>
#include <optional>
#include <sstream>
#include <tuple>

#include <CLI/CLI.hpp>

#include "cli/analyse.h"
#include "cli/commands.h"
#include "cli/content_cmd.h"
#include "cli/engine_session.h"
#include "cli/match_cmd.h"
#include "cli/files.h"
#include "cli/validators.h"
#include "cli/online_cmd.h"
#include "cli/replay_cmd.h"
#include "cli/study_cmd.h"
#include "cli/solve_cmd.h"
#include "cli/suggest.h"
#include "engine/bots/bots.h"
#include "engine/text.h"
#include "replay/replay_store.h"
#include "schema/paths.h"
#include "schema/store.h"

#ifndef TW_BUILD_FLAGS
#define TW_BUILD_FLAGS ""
#endif

namespace tw {

namespace {

constexpr const char* kDbHelp = "database (default: $TILEWRIGHT_DB, else your own copy of default.db)";

constexpr int kMaxThreads = 1024;

constexpr const char* kJsonHelp =
    "the result as one JSON object on standard output (errors too: {\"error\": ...}); --json=FILE writes it to FILE";

// Everything the parsed command line fills in.
struct Args {
  DbOptions db;
  RunOptions run;
  std::string options_file;
  std::optional<std::string> validate_db;
  bool validate_full = false;
  bool validate_json = false;
  bool study_json = false;  // simulate, compare, merge: --json given (its target: JsonRequest)
  SimulateOptions sim;
  std::string sim_bots = "random,random";
  int sim_players = 0;
  bool sim_record = false;
  std::string sim_shard;
  CompareOptions compare;
  std::string compare_bots;
  std::string compare_shard;
  MergeOptions merge;
  SweepOptions sweep;
  std::string sweep_bots, sweep_shard;
  double sweep_target = 0;
  TuneOptions tune;
  std::string tune_bots;
  BenchOptions bench;
  PlayOptions play;
  OnlineOptions online;
  ServeOptions serve;
  bool no_record = false;
  ReplayArgs replay;
  ContentArgs content;
  SuggestOptions suggest;
  MatchOptions match;
  SolveOptions solve;
  AnalyseOptions analyse;
  int64_t analyse_replay = 0;
  std::string shell;
  std::string complete_kind;
};

struct Commands {
  CLI::App* run = nullptr;
  CLI::App* options = nullptr;
  CLI::App* validate = nullptr;
  CLI::App* simulate = nullptr;
  CLI::App* compare = nullptr;
  CLI::App* merge = nullptr;
  CLI::App* sweep = nullptr;
  CLI::App* tune = nullptr;
  CLI::App* bench = nullptr;
  CLI::App* play = nullptr;
  CLI::App* serve = nullptr;
  CLI::App* suggest = nullptr;
  CLI::App* engine = nullptr;
  CLI::App* match = nullptr;
  CLI::App* solve = nullptr;
  CLI::App* analyse = nullptr;
  CLI::App* replay = nullptr;
  CLI::App* content = nullptr;
  CLI::App* completion = nullptr;
  CLI::App* man = nullptr;
  CLI::App* complete = nullptr;
};

Commands define(CLI::App& app, Args& a) {
  Commands c;
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("tilewright ") + TW_VERSION + " (" + TW_BUILD_FLAGS + ")");
  app.add_option("--db", a.db.db, kDbHelp);  // before the subcommand; each subcommand takes it too
  auto add_db = [&a](CLI::App* sub) { sub->add_option("--db", a.db.db, kDbHelp); };

  c.run = app.add_subcommand("run", "replay a game record's main line and print the state");
  c.run->add_option("file", a.run.file, "the record (.tgn; - for standard input)")->required();
  c.run->add_flag("--json", a.run.json, kJsonHelp);
  c.run->add_option("--ply", a.run.ply, "stop after this many decisions")->check(whole<int>(0));
  c.run->add_flag("--verbose,-v", a.run.verbose, "list the legal options at an illegal decision");
  add_db(c.run);

  c.options = app.add_subcommand("options", "print the legal options of a record's pending decision");
  c.options->add_option("file", a.options_file, "the record (.tgn; - for standard input)")->required();
  add_db(c.options);

  c.validate = app.add_subcommand("validate", "check every tile set, rule set and level of a database");
  c.validate->add_option("database", a.validate_db, "the database (default as for --db)");
  c.validate->add_flag("--full", a.validate_full,
                       "also check the whole file (PRAGMA integrity_check: every table against its indexes)");
  c.validate->add_flag("--json", a.validate_json, kJsonHelp);
  add_db(c.validate);

  c.simulate = app.add_subcommand("simulate", "play many bot games and report scores and win rates");
  c.simulate->add_option("--ruleset", a.sim.rule_set, "rule set id")->capture_default_str();
  c.simulate->add_option("--bots", a.sim_bots, "one bot per seat, e.g. random,greedy")->capture_default_str();
  c.simulate->add_option("--level", a.sim.level, "co-op level (e.g. mists-3): measure how hard it is");
  c.simulate->add_option("--players", a.sim_players, "co-op: seats, each played by bot:coop (default 2)")
      ->check(whole<int>(1, 6));
  c.simulate->add_option("--games", a.sim.games, "number of games")->capture_default_str()->check(whole<int>(1));
  c.simulate->add_option("--threads", a.sim.threads, "worker threads (0 = all cores)")
      ->capture_default_str()
      ->check(whole<int>(0, kMaxThreads));
  c.simulate->add_option("--seed", a.sim.seed, "seed of the first game; game i uses seed+i")
      ->capture_default_str()
      ->check(whole<uint64_t>());
  c.simulate->add_flag("--record", a.sim_record, "store every game as a replay in the database");
  c.simulate->add_flag("--rotate", a.sim.rotate, "play each seed once per seat rotation (every bot in every seat)");
  c.simulate->add_flag("--json", a.study_json,
                       "the summary, the study's identity (rules digests, engine version, bots, seeds) and one row "
                       "per game as JSON on standard output (errors too); --json=FILE writes it to FILE");
  c.simulate->add_option("--csv", a.sim.csv_file, "write one row per game as CSV to this file (- for standard output)");
  c.simulate->add_option("--plot", a.sim.plot_file,
                         "draw win rates with 95% intervals, the score distribution and loss reasons (.svg or .png)");
  c.simulate->add_option("--shard", a.sim_shard,
                         "I/N: play only the I-th (from 0) of N disjoint slices of the study; `tilewright merge` "
                         "puts the parts' --json files together");
  c.simulate->add_flag("--solve", a.sim.solve,
                       "co-op: also search every deal for a winning line (the whole pile known) and report the "
                       "winnable share beside the bots' win rate");
  c.simulate->add_option("--solve-nodes", a.sim.solve_nodes, "--solve: the solver's node budget per deal")
      ->capture_default_str()
      ->check(whole<int64_t>(1));
  add_db(c.simulate);

  c.compare = app.add_subcommand("compare",
                                 "play rule sets, levels or bots on the same seeds: paired differences with 95% "
                                 "intervals, optionally until an SPRT decides");
  c.compare->add_option("variants", a.compare.variants,
                        "two or more rule sets or levels, each optionally with its bots: mists-2 mists-3, "
                        "gcc@greedy,greedy gcc@mcts:200,greedy (the first is A, the baseline)")
      ->required();
  c.compare->add_option("--bots", a.compare_bots, "bots of every variant without @ (default greedy,greedy; co-op: coop)");
  c.compare->add_option("--players", a.compare.players, "seats (co-op default 2)")->check(whole<int>(1, 6));
  c.compare->add_option("--games", a.compare.games, "seeds per variant (with --sprt: at most)")
      ->capture_default_str()
      ->check(whole<int>(1));
  c.compare->add_option("--threads", a.compare.threads, "worker threads (0 = all cores)")
      ->capture_default_str()
      ->check(whole<int>(0, kMaxThreads));
  c.compare->add_option("--seed", a.compare.seed, "the first seed")->capture_default_str()->check(whole<uint64_t>());
  c.compare->add_flag("--rotate", a.compare.rotate, "play each seed once per seat rotation");
  c.compare->add_flag("--sprt", a.compare.sprt,
                      "sequential test on the paired win difference d = B - A (co-op: team wins; competitive: "
                      "the first bot's wins): H0 d = d0 against H1 d = d1, stopping when one is accepted "
                      "(docs/studies.md)");
  c.compare->add_option("--d0", a.compare.d0, "SPRT: the difference of H0")->capture_default_str()->check(real(-1, 1));
  c.compare->add_option("--d1", a.compare.d1, "SPRT: the difference of H1 (> d0)")
      ->capture_default_str()
      ->check(real(-1, 1));
  c.compare->add_option("--alpha", a.compare.alpha, "SPRT: the chance to accept H1 when H0 holds")
      ->capture_default_str()
      ->check(real(0, 1, true));
  c.compare->add_option("--beta", a.compare.beta, "SPRT: the chance to accept H0 when H1 holds")
      ->capture_default_str()
      ->check(real(0, 1, true));
  c.compare->add_option("--shard", a.compare_shard,
                         "I/N: play only the I-th (from 0) of N disjoint slices (merge puts the --json parts "
                         "together; not with --sprt)");
  c.compare->add_flag("--json", a.study_json,
                      "the study as JSON (as simulate --json) on standard output (errors too); --json=FILE writes "
                      "it to FILE");
  c.compare->add_option("--csv", a.compare.csv_file, "write one row per game as CSV (- for standard output)");
  c.compare->add_option("--plot", a.compare.plot_file, "draw the charts (.svg or .png)");
  c.compare->add_flag("--solve", a.compare.solve,
                      "co-op: also search every deal for a winning line and compare the winnable shares");
  c.compare->add_option("--solve-nodes", a.compare.solve_nodes, "--solve: the solver's node budget per deal")
      ->capture_default_str()
      ->check(whole<int64_t>(1));
  add_db(c.compare);

  // sweep and tune (issue 62): options they share with compare.
  const auto study_opts = [&](CLI::App* sub, std::string& bots, int& players, int& threads, uint64_t& seed,
                              bool& rotate, bool& solve, int64_t& solve_nodes) {
    sub->add_option("--bots", bots, "bots of the variant without @ (default greedy,greedy; co-op: coop)");
    sub->add_option("--players", players, "seats (co-op default 2)")->check(whole<int>(1, 6));
    sub->add_option("--threads", threads, "worker threads (0 = all cores)")
        ->capture_default_str()
        ->check(whole<int>(0, kMaxThreads));
    sub->add_option("--seed", seed, "the first seed")->capture_default_str()->check(whole<uint64_t>());
    sub->add_flag("--rotate", rotate, "play each seed once per seat rotation");
    sub->add_flag("--solve", solve, "co-op: also search every deal for a winning line (the measure winnable)");
    sub->add_option("--solve-nodes", solve_nodes, "--solve: the solver's node budget per deal")
        ->capture_default_str()
        ->check(whole<int64_t>(1));
  };
  c.sweep = app.add_subcommand("sweep",
                               "play one parameter of a rule set or level over values on the same seeds: the "
                               "measure per value with 95% intervals, a chart, paired steps");
  c.sweep->add_option("source", a.sweep.source,
                      "the rule set or level varied, optionally with its bots: mists-4, gcc@greedy,greedy")
      ->required();
  c.sweep->add_option("--param", a.sweep.param, "the parameter or level column (as `content show` names it)")
      ->required();
  c.sweep->add_option("--values", a.sweep.values, "the values: 10,11,12");
  c.sweep->add_option("--range", a.sweep.range, "the values: LO..HI or LO..HI/STEP (8..16, 8..40/4)");
  c.sweep->add_option("--measure", a.sweep.measure,
                      "win, winnable (--solve), score, seat-advantage (default: win co-op, seat-advantage "
                      "competitive)");
  c.sweep->add_option("--games", a.sweep.games, "seeds per value")->capture_default_str()->check(whole<int>(1));
  study_opts(c.sweep, a.sweep_bots, a.sweep.players, a.sweep.threads, a.sweep.seed, a.sweep.rotate, a.sweep.solve,
             a.sweep.solve_nodes);
  c.sweep->add_option("--target", a.sweep_target, "a target of the measure: where it falls, and a line on the chart");
  c.sweep->add_option("--shard", a.sweep_shard, "I/N: play only the I-th (from 0) of N disjoint slices (merge)");
  c.sweep->add_flag("--json", a.study_json,
                    "the study as JSON (as simulate --json, with the sweep's summary) on standard output; "
                    "--json=FILE writes it to FILE");
  c.sweep->add_option("--csv", a.sweep.csv_file, "write one row per game as CSV (- for standard output)");
  c.sweep->add_option("--plot", a.sweep.plot_file, "draw the measure by value with its 95% band (.svg or .png)");
  add_db(c.sweep);

  c.tune = app.add_subcommand("tune",
                              "find the value of a parameter whose measure is nearest a target (bisection on "
                              "paired deals, games grown where they decide)");
  c.tune->add_option("source", a.tune.source, "the rule set or level, optionally with its bots: mists-4, gcc@greedy,greedy")
      ->required();
  c.tune->add_option("--param", a.tune.param, "the parameter or level column (as `content show` names it)")->required();
  c.tune->add_option("--target", a.tune.target, "MEASURE=VALUE: win=0.30, seat-advantage=0, score=60")->required();
  c.tune->add_option("--range", a.tune.range, "LO..HI searched (default: the parameter's whole range)");
  c.tune->add_option("--games", a.tune.games, "seeds a value gets when first played (then doubled as needed)")
      ->capture_default_str()
      ->check(whole<int>(2));
  c.tune->add_option("--budget", a.tune.budget, "games in all, at most")->capture_default_str()->check(whole<int64_t>(1));
  c.tune->add_option("--tolerance", a.tune.tolerance,
                     "done when the nearest value's 95% interval lies within the target +- this")
      ->capture_default_str()
      ->check(real(0, 1e9));
  study_opts(c.tune, a.tune_bots, a.tune.players, a.tune.threads, a.tune.seed, a.tune.rotate, a.tune.solve,
             a.tune.solve_nodes);
  c.tune->add_option("--save", a.tune.save, "write the tuned variant as a new rule set or level ID (content clone --set)");
  c.tune->add_flag("--json", a.study_json, "the search as JSON on standard output; --json=FILE writes it to FILE");
  c.tune->add_option("--csv", a.tune.csv_file, "one row per value played as CSV (- for standard output)");
  c.tune->add_option("--plot", a.tune.plot_file, "draw the values played with their 95% intervals (.svg or .png)");
  add_db(c.tune);

  c.merge = app.add_subcommand("merge", "merge the --json parts of a sharded study into the whole run's result");
  c.merge->add_option("parts", a.merge.parts, "the parts (part-*.json; - for standard input), every shard once")
      ->required();
  c.merge->add_flag("--json", a.study_json,
                    "the merged study (the whole run's JSON) on standard output (errors too); --json=FILE writes it "
                    "to FILE");
  c.merge->add_option("--csv", a.merge.csv_file, "write one row per game as CSV (- for standard output)");
  c.merge->add_option("--plot", a.merge.plot_file, "draw the charts (.svg or .png)");

  c.bench = app.add_subcommand("bench", "play fixed seeded random games: signature and speed");
  c.bench->add_option("--ruleset", a.bench.rule_set, "rule set id")->capture_default_str();
  c.bench->add_option("--level", a.bench.level, "co-op level id (its rule set is played)");
  c.bench->add_option("--games", a.bench.games, "number of games")->capture_default_str()->check(whole<int>(1));
  c.bench->add_option("--players", a.bench.players, "seats")->capture_default_str()->check(whole<int>(1, 6));
  c.bench->add_flag("--playout", a.bench.playout,
                    "play through the search bots' playout path (placements counted, not listed): same games");
  add_db(c.bench);

  c.play = app.add_subcommand("play", "play a game in the terminal, humans and bots at one table");
  c.play->add_option("--ruleset", a.play.rule_set, "rule set id")->capture_default_str();
  c.play->add_option("--level", a.play.level, "co-op level id (e.g. mists-1); its rule set is played");
  c.play->add_option("--players", a.play.players,
                     "seats, e.g. \"Ann,bot:greedy\" (default: you against bot:greedy; bots only "
                     "when there is no terminal)");
  c.play->add_option("--seed", a.play.seed, "seed of the shuffle (default: from the clock)")->check(whole<uint64_t>());
  c.play->add_option("--out", a.play.out_file, "write the game record (TGN) here, after every decision");
  c.play->add_flag("--quiet,-q", a.play.quiet, "print only the result");
  c.play->add_flag("--no-record", a.no_record, "do not store the game as a replay in the database");
  c.play->add_option("--resume", a.play.resume,
                     "go on with a game record or a recovery file (its rules, seed, players and moves)");
  c.play->add_option("--hint-bot", a.play.hint_bot, "the bot `hint` asks (as suggest --bot)")->capture_default_str();
  c.play->add_flag("--with-rules", a.play.with_rules,
                   "--out: embed the rule set's content pack (TGN 2), so a database without it can replay the game");
  c.play->add_option("--connect", a.online.url,
                     "play online on a server (tilewright serve): ws://HOST:PORT/ or wss://HOST:PORT/ (TLS) "
                     "(with --room or --create)");
  c.play->add_option("--ca", a.online.ca,
                     "--connect wss://: the PEM certificate(s) the server's certificate must chain to (e.g. a "
                     "self-signed one; default: the system's store)");
  c.play->add_option("--room", a.online.room, "--connect: the room's code");
  c.play->add_flag("--create", a.online.create,
                   "--connect: make a room for --ruleset/--level with --players (bot:NAME seats play on the server) "
                   "and take its first human seat; the game starts when every seat is taken");
  c.play->add_option("--token", a.online.token, "--connect: the seat's token, to come back to a seat");
  c.play->add_option("--seat", a.online.seat, "--connect: the seat to take (default: the first free one)")
      ->check(whole<int>(0, 5));
  c.play->add_flag("--watch", a.online.watch, "--connect: watch the room's game");
  c.play->add_option("--name", a.online.name, "--connect: your name, said to the server");
  c.play->add_option("--clock", a.online.clock,
                     "--connect --create: each human seat's time control, TIME[+INCREMENT per turn] (10m+5s, 90s, "
                     "1500ms; at least 1s), kept by the server");
  c.play->add_option("--at-zero", a.online.at_zero,
                     "--clock: when a seat's time runs out: forfeit (the game ends, that seat loses) or bot (a "
                     "server bot plays the seat)")
      ->capture_default_str();
  c.play->add_option("--timeout", a.online.timeout_s,
                     "--connect: give up after this many seconds without a message (default 0: wait)")
      ->check(whole<int>(0, 86400));
  add_db(c.play);

  c.serve = app.add_subcommand("serve", "a game server for online play (WebSocket at /; docs/protocol.md)");
  c.serve->add_option("--listen", a.serve.listen, "HOST:PORT to listen on (loopback unless told otherwise)")
      ->capture_default_str();
  c.serve->add_flag("--fsync", a.serve.fsync,
                    "each decision on the disk before it is acknowledged (default: it survives a crash of the "
                    "server, not a power cut)");
  c.serve->add_option("--cert", a.serve.cert, "serve wss:// (TLS): the certificate chain, a PEM file (with --key)");
  c.serve->add_option("--max-bot-budget", a.serve.max_bot_budget,
                      "the most a server bot spends on a decision, in mcts iterations (a room asking more is "
                      "clamped to it, on one thread)")
      ->capture_default_str()
      ->check(whole<int>(1, 10000000));
  c.serve->add_option("--key", a.serve.key, "serve wss:// (TLS): the certificate's private key, a PEM file");
  c.serve->add_flag("--metrics", a.serve.metrics, "serve GET /metrics: the counters in Prometheus' text format");
  c.serve->add_flag("--list-rooms", a.serve.list_rooms,
                    "the browser's lobby (GET /) lists the rooms open for players (GET /rooms.json); default: "
                    "a room is found by its link only");
  c.serve->add_option("--trust-proxy", a.serve.trust_proxy,
                      "a reverse proxy's address (repeatable): its X-Forwarded-For header names the client")
      ->delimiter(',');
  c.serve->add_option("--max-connections", a.serve.max_connections, "sockets at once")
      ->capture_default_str()
      ->check(whole<int>(1, 1000000));
  c.serve->add_option("--connections-per-address", a.serve.connections_per_address,
                      "sockets at once from one address (IPv6: a /64)")
      ->capture_default_str()
      ->check(whole<int>(1, 1000000));
  c.serve->add_option("--max-rooms", a.serve.max_rooms, "rooms held at once")
      ->capture_default_str()
      ->check(whole<int>(1, 10000000));
  c.serve->add_option("--rooms-per-address", a.serve.rooms_per_address,
                      "open or playing rooms made from one address at once (0: no limit)")
      ->capture_default_str()
      ->check(whole<int>(0, 10000000));
  c.serve->add_option("--open-room-ttl", a.serve.open_room_s,
                      "seconds an open room with no player in it lives (then it is deleted)")
      ->capture_default_str()
      ->check(CLI::Range(0.1, 1e7));
  c.serve->add_option("--abandon-after", a.serve.abandon_s,
                      "seconds a game with no player connected lives (then it ends, stored unfinished)")
      ->capture_default_str()
      ->check(CLI::Range(0.1, 1e7));
  c.serve->add_option("--keep-finished", a.serve.keep_finished_s,
                      "seconds a finished room stays in memory (later its result is read from the database)")
      ->capture_default_str()
      ->check(CLI::Range(0.0, 1e7));
  c.serve->add_option("--hello-timeout", a.serve.hello_s, "seconds a new connection has to say hello")
      ->capture_default_str()
      ->check(CLI::Range(0.1, 3600.0));
  c.serve->add_option("--handshake-timeout", a.serve.handshake_s,
                      "seconds for the TLS handshake and the WebSocket upgrade")
      ->capture_default_str()
      ->check(CLI::Range(0.1, 3600.0));
  c.serve->add_option("--idle-timeout", a.serve.idle_s,
                      "seconds without a frame before a connection is closed (pinged at half of it)")
      ->capture_default_str()
      ->check(CLI::Range(1.0, 86400.0));
  add_db(c.serve);

  c.suggest = app.add_subcommand("suggest", "a bot's choice for a record's pending decision");
  c.suggest->add_option("file", a.suggest.file, "the record (.tgn; - for standard input)")->required();
  c.suggest->add_option("--bot", a.suggest.bot, "the bot, as in simulate --bots (greedy, mcts, mcts:200)")
      ->capture_default_str();
  c.suggest->add_option("--seed", a.suggest.seed, "the bot's seed")->capture_default_str()->check(whole<uint64_t>());
  c.suggest->add_option("--iterations", a.suggest.iterations,
                        "an mcts bot's search budget, or the search that values another bot's turn (default: the bot's own, else 200)")
      ->check(whole<int>(1, 1000000));
  c.suggest->add_flag("--json", a.suggest.json,
                      "the choice and the best options with the bot's evaluation, as JSON on standard output "
                      "(errors too); --json=FILE writes it to FILE");
  add_db(c.suggest);

  c.engine = app.add_subcommand("engine",
                                "speak the engine protocol on standard input and output (docs/engine-protocol.md)");
  add_db(c.engine);

  c.match = app.add_subcommand("match", "two engine commands play each other over the engine protocol");
  c.match->add_option("--engine", a.match.engines, "an engine's shell command (twice), e.g. \"tilewright engine\"")
      ->required()
      ->expected(2);
  c.match->add_option("--ruleset", a.match.rule_set, "rule set id (2 players)")->capture_default_str();
  c.match->add_option("--games", a.match.games, "seeds; each is played twice, seats swapped")
      ->capture_default_str()
      ->check(whole<int>(1, 100000));
  c.match->add_option("--seed", a.match.seed, "seed of the first game; game i uses seed+i")
      ->capture_default_str()
      ->check(whole<uint64_t>());
  c.match->add_option("--go", a.match.go, "the budget each go asks, e.g. \"iterations 500\" or \"ms 100\"");
  c.match->add_flag("--quiet", a.match.quiet, "no line per game");
  c.match->add_option("--handshake-timeout", a.match.handshake_timeout,
                      "seconds each engine has to answer hello (0: wait; an engine that does not is named, exit 2)")
      ->capture_default_str()
      ->check(real(0, 86400));
  c.match->add_option("--move-timeout", a.match.move_timeout,
                      "seconds each answer in a game may take: newgame, position, and go until bestmove (0: wait; "
                      "an engine that takes longer is named, exit 1)")
      ->capture_default_str()
      ->check(real(0, 86400));
  add_db(c.match);

  c.solve = app.add_subcommand("solve", "search one co-op deal, the whole pile known, for a winning line");
  c.solve->add_option("--level", a.solve.level, "co-op level (e.g. mists-1)")->required();
  c.solve->add_option("--players", a.solve.players, "seats")->capture_default_str()->check(whole<int>(1, 6));
  c.solve->add_option("--seed", a.solve.seed, "the deal's seed (as simulate's game seeds)")
      ->capture_default_str()
      ->check(whole<uint64_t>());
  c.solve->add_option("--out", a.solve.out_file, "write the winning record (TGN) to this file (- for standard output)");
  c.solve->add_option("--nodes", a.solve.nodes, "node budget: game states the search may generate (deterministic)")
      ->capture_default_str()
      ->check(whole<int64_t>(1));
  c.solve->add_option("--seconds", a.solve.seconds,
                      "seconds budget (stops at whichever budget comes first; not deterministic)")
      ->check(real(0, 1e6));
  c.solve->add_option("--width", a.solve.width, "the first pass's beam width (each next pass doubles it)")
      ->capture_default_str()
      ->check(whole<int>(1, 65536));
  c.solve->add_flag("--no-rollouts", a.solve.no_rollouts,
                    "the beam alone: no beam node played to the end by the co-op bot (for comparison)");
  c.solve->add_flag("--no-prune", a.solve.no_prune,
                    "keep the children a bound proves impossible in the beam (the search before branch and bound, for "
                    "comparison)");
  c.solve->add_option("--rollout-bias", a.solve.rollout_bias,
                      "weight of a parent's rollout progress in its children's rank (0: the one-turn value alone, the "
                      "search before issue 59's third round; docs/solver.md)")
      ->capture_default_str()
      ->check(real(0, 1e6));
  c.solve->add_flag("--no-colour-search", a.solve.no_colour_search,
                    "at a per-colour level (level 6), search as at the shared levels: the lowest marker steers, no "
                    "child played out before the cut (the search before issue 59's fourth round, for comparison)");
  c.solve->add_option("--method", a.solve.method,
                      "beam (default), or nrpa / gnrpa (nested rollout policy adaptation, plain or with the co-op "
                      "bot's values as prior; for comparison, docs/solver.md)")
      ->capture_default_str()
      ->check(CLI::IsMember({"beam", "nrpa", "gnrpa"}));
  c.solve->add_flag("--json", a.solve.json, kJsonHelp);
  add_db(c.solve);

  c.analyse = app.add_subcommand("analyse", "evaluate every ply of a recorded game: mistakes marked, better moves shown");
  c.analyse->add_option("file", a.analyse.file, "the record (.tgn; - for standard input); or --replay ID");
  c.analyse->add_option("--replay", a.analyse_replay, "a replay stored in the database, by id")
      ->check(whole<int64_t>(1));
  c.analyse->add_option("--bot", a.analyse.bot, "the search and its budget a ply: mcts (500 iterations, the quick search) or mcts:N")
      ->capture_default_str();
  c.analyse->add_option("--seed", a.analyse.seed, "the search's seed (ply p searches with a seed made of it and p)")
      ->capture_default_str()
      ->check(whole<uint64_t>());
  c.analyse->add_option("--threads", a.analyse.threads, "plies searched at once (0 = every core); the result does not depend on it")
      ->capture_default_str()
      ->check(whole<int>(0, kMaxThreads));
  c.analyse->add_flag("--json", a.analyse.json,
                      "one JSON object a ply on standard output (errors too); --json=FILE writes them to FILE");
  c.analyse->add_flag("--annotate", a.analyse.annotate,
                      "write marks, comments and best lines into the replay (or, for a FILE, into --out)");
  c.analyse->add_option("--out", a.analyse.out_file, "with FILE --annotate: the annotated record (TGN)");
  c.analyse->add_flag("--variations", a.analyse.variations,
                      "also evaluate every move of every variation (reported; --annotate marks the main line only)");
  c.analyse->add_flag("--win", a.analyse.win, "competitive: evaluate the chance to win (percent) instead of the score margin");
  c.analyse->add_option("--inaccuracy", a.analyse.inaccuracy,
                        "loss marked ?! (default 3 points; win chance and co-op: 5 percentage points)")
      ->check(real(0, 1000));
  c.analyse->add_option("--mistake", a.analyse.mistake, "loss marked ? (default 6 points; percent: 10)")
      ->check(real(0, 1000));
  c.analyse->add_option("--blunder", a.analyse.blunder, "loss marked ?? (default 12 points; percent: 20)")
      ->check(real(0, 1000));
  c.analyse->add_option("--min-visits", a.analyse.min_visits,
                        "visits the best option and the move played get at least (default: half the "
                        "budget, at least 20)")
      ->check(whole<int>(0));
  c.analyse->add_option("--from", a.analyse.from, "first ply analysed")->check(whole<int>(0));
  c.analyse->add_option("--to", a.analyse.to, "last ply analysed")->check(whole<int>(0));
  add_db(c.analyse);

  c.replay = add_replay_commands(app, a.replay);
  c.content = add_content_commands(app, a.content);
  add_db(c.replay);  // `tilewright replay --db X list`: between the group and its command too
  add_db(c.content);

  c.completion = app.add_subcommand("completion", "print the shell completion script (bash, zsh or fish)");
  c.completion->add_option("shell", a.shell, "bash, zsh or fish")->required()->check(CLI::IsMember({"bash", "zsh", "fish"}));
  // Hidden (no group): what the completion scripts ask while the user types.
  c.complete = app.add_subcommand("complete", "the ids a completion script offers, one a line");
  c.complete->group("");
  c.complete->add_option("kind", a.complete_kind, "rulesets, levels, variants, ids, bots or replays")
      ->required()
      ->check(CLI::IsMember({"rulesets", "levels", "variants", "ids", "bots", "replays"}));
  add_db(c.complete);
  c.man = app.add_subcommand("man", "print the manual page (roff; man -l - to read it)");
  return c;
}

std::vector<const CLI::App*> subcommands_of(const CLI::App* app) {
  return app->get_subcommands([](const CLI::App*) { return true; });
}

// Without the hidden ones (no group): what scripts, the manual and help show.
std::vector<const CLI::App*> visible_subcommands(const CLI::App* app) {
  return app->get_subcommands([](const CLI::App* s) { return !s->get_group().empty(); });
}

std::vector<std::string> names_of(const std::vector<const CLI::App*>& subs) {
  std::vector<std::string> out;
  for (const auto* s : subs) out.push_back(s->get_name());
  return out;
}

std::vector<std::string> option_names(const CLI::App* app) {
  std::vector<std::string> out;
  for (const CLI::Option* o : app->get_options()) {
    if (o->get_positional()) continue;
    for (const auto& l : o->get_lnames()) out.push_back("--" + l);
    for (const auto& s : o->get_snames()) out.push_back("-" + s);
  }
  return out;
}

const CLI::Option* find_option(const CLI::App* app, const std::string& name) {
  for (const CLI::Option* o : app->get_options()) {
    if (o->get_positional()) continue;
    for (const auto& l : o->get_lnames())
      if (name == "--" + l) return o;
    for (const auto& s : o->get_snames())
      if (name == "-" + s) return o;
  }
  return nullptr;
}

// Walks the arguments along the command tree before CLI11 does, to name an unknown
// subcommand with a suggestion (CLI11 says only "A subcommand is required"). Returns
// the message, or "" when every word is a known command or an argument.
std::string unknown_command(const CLI::App& app, const std::vector<std::string>& args) {
  const CLI::App* at = &app;
  std::string path = "tilewright";
  for (size_t i = 1; i < args.size(); ++i) {
    const std::string& w = args[i];
    if (w == "--") return {};
    if (w.size() > 1 && w[0] == '-') {
      const std::string name = w.substr(0, w.find('='));
      const CLI::Option* o = find_option(at, name);
      if (!o) o = find_option(&app, name);  // --db, taken before a group's command too
      if (o && w.find('=') == std::string::npos && o->get_expected_min() > 0) ++i;  // its value
      continue;
    }
    const auto subs = subcommands_of(at);
    if (subs.empty()) return {};  // a positional argument of a leaf command
    bool found = false;
    for (const auto* s : subs)
      if (s->get_name() == w) {
        at = s;
        path += " " + w;
        found = true;
        break;
      }
    if (found) continue;
    // A group (the top level, replay) takes no positional argument: this was meant as a command.
    const auto names = names_of(visible_subcommands(at));
    return path + ": unknown command '" + text::printable(w, 60) + "'" + text::did_you_mean(w, names) +
           "; commands: " + text::joined(names);
  }
  return {};
}

// The deepest subcommand the arguments name (for messages about its options).
const CLI::App* deepest(const CLI::App& app, const std::vector<std::string>& args, std::string* path) {
  const CLI::App* at = &app;
  *path = "tilewright";
  for (size_t i = 1; i < args.size(); ++i)
    for (const auto* s : subcommands_of(at))
      if (s->get_name() == args[i]) {
        at = s;
        *path += " " + args[i];
        break;
      }
  return at;
}

// The extension of a file name, with its dot ("" for none).
std::string fs_extension(const std::string& file) {
  const size_t slash = file.find_last_of('/');
  const size_t dot = file.find_last_of('.');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash) || dot == slash + 1) return {};
  return file.substr(dot);
}

// A command's help, its usage line naming the whole command ("Usage: tilewright replay
// export [OPTIONS] id"): CLI11 names only the last word unless given the words before it.
std::string help_of(const CLI::App* at, const std::string& path) {
  const size_t cut = path.rfind(' ');
  return at->help(cut == std::string::npos ? "" : path.substr(0, cut));
}

// What --json asks for, taken out of the arguments before CLI11 sees them: `--json` (the
// result as JSON on standard output) or `--json=FILE` (into FILE; `--json=-` is standard
// output). The old spelling of simulate, compare and merge, `--json FILE`, still works
// with a note on err.
struct JsonRequest {
  bool on = false;
  std::string file = "-";
  bool to_stdout() const { return on && is_standard_stream(file); }
};

bool study_command(const std::string& path) {
  return path == "tilewright simulate" || path == "tilewright compare" || path == "tilewright merge" ||
         path == "tilewright sweep" || path == "tilewright tune";
}

// Rewrites `--json=X` (and a study command's `--json X`) to `--json`; "" or a message.
std::string take_json(std::vector<std::string>& args, const CLI::App& app, JsonRequest& j, std::ostream& err) {
  std::string path;
  deepest(app, args, &path);
  for (size_t i = 1; i < args.size(); ++i) {
    std::string& w = args[i];
    if (w == "--") break;
    if (w.rfind("--json=", 0) == 0) {
      j.on = true;
      j.file = w.substr(7);
      w = "--json";
      if (j.file.empty()) return path + ": --json= wants a file name (or - for standard output)";
    } else if (w == "--json") {
      j.on = true;
      if (study_command(path) && i + 1 < args.size() && (args[i + 1] == "-" || args[i + 1][0] != '-')) {
        j.file = args[i + 1];
        args.erase(args.begin() + static_cast<std::ptrdiff_t>(i) + 1);
        err << path << ": note: --json FILE is the old spelling; write --json=" << text::printable(j.file, 200)
            << " (--json alone prints the JSON on standard output)\n";
      }
    }
  }
  return {};
}

// Passes everything on to another stream buffer, noting whether anything was written
// and keeping a copy when asked (for the JSON error made of what a command said on err).
class Watch : public std::streambuf {
 public:
  Watch(std::streambuf* to, std::string* copy) : to_(to), copy_(copy) {}
  bool wrote() const { return wrote_; }

 protected:
  int overflow(int ch) override {
    if (ch == traits_type::eof()) return traits_type::not_eof(ch);
    wrote_ = true;
    if (copy_) copy_->push_back(static_cast<char>(ch));
    return to_ ? to_->sputc(static_cast<char>(ch)) : ch;
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    if (n > 0) wrote_ = true;
    if (copy_) copy_->append(s, static_cast<size_t>(n));
    return to_ ? to_->sputn(s, n) : n;
  }
  int sync() override { return to_ ? to_->pubsync() : 0; }

 private:
  std::streambuf* to_;
  std::string* copy_;
  bool wrote_ = false;
};

void json_error(std::ostream& out, std::string message) {
  while (!message.empty() && (message.back() == '\n' || message.back() == ' ')) message.pop_back();
  if (message.empty()) message = "failed";
  nlohmann::ordered_json j;
  j["error"] = message;
  j["ply"] = nullptr;
  j["line"] = nullptr;
  out << json_text(j) << '\n';
}

// `tilewright complete KIND`: the ids of the database at completion time, one a line.
// Quiet on any failure (a shell completing must not print errors): nothing, exit 0.
int complete_ids(const std::string& kind, const DbOptions& db, std::ostream& out) {
  if (kind == "bots") {
    for (const auto& b : known_bots()) out << b << '\n';
    return kExitOk;
  }
  try {
    const std::string path = resolve_db_path(db.db);
    Store store = Store::open(path, Store::Mode::ReadOnly);
    if (kind == "replays") {
      if (store.schema_version() < 2) return kExitOk;
      for (const auto& r : replay::ReplayStore(store).list("")) out << r.id << '\n';
      return kExitOk;
    }
    const Content c = store.load_content();
    if (kind == "rulesets" || kind == "ids" || kind == "variants")
      for (const auto& r : c.rule_sets) out << r.id << '\n';
    if (kind == "levels" || kind == "ids" || kind == "variants")
      for (const auto& l : c.levels) out << l.id << '\n';
    if (kind == "ids") {
      std::vector<std::string> sets;
      for (const auto& t : c.tiles)
        if (std::find(sets.begin(), sets.end(), t.tile_set) == sets.end()) sets.push_back(t.tile_set);
      for (const auto& t : sets) out << "tile_set:" << t << '\n';
    }
  } catch (const std::exception&) {
  }
  return kExitOk;
}

}  // namespace

int run_cli(const std::vector<std::string>& args_in, std::istream& in, std::ostream& out, std::ostream& err) {
  std::vector<std::string> args = args_in;
  if (args.empty()) args.push_back("tilewright");
  CLI::App app{"Tilewright: a workshop for Carcassonne rule variants"};
  app.name("tilewright");
  Args a;
  const Commands c = define(app, a);
  // Decided before any stream is wrapped: progress on a terminal's stderr only.
  const bool err_terminal = &err == &std::cerr && isatty(STDERR_FILENO);
  const bool in_terminal = &in == &std::cin && isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
  StandardStreams standard(in, out);  // "-" as a file name: these streams
  JsonRequest jr;
  const std::string json_usage = take_json(args, app, jr, err);
  const bool json = jr.to_stdout();
  auto usage_error = [&](const std::string& message) {
    err << message << "\nRun with --help for more information.\n";
    if (json) json_error(out, message);
    return kExitInput;
  };
  if (!json_usage.empty()) return usage_error(json_usage);
  if (auto m = unknown_command(app, args); !m.empty()) return usage_error(m);
  // No command (bare `tilewright`, `tilewright replay`): the usage with the commands to choose from.
  {
    std::string path;
    const CLI::App* at = deepest(app, args, &path);
    bool asks = false;  // --help and --version are answered by the parse below
    for (size_t i = 1; i < args.size() && args[i] != "--"; ++i)
      asks = asks || args[i] == "--help" || args[i] == "-h" || args[i] == "--help-all" || args[i] == "--version";
    if (!asks && at->get_require_subcommand_min() > 0) {
      err << path << ": give a command\n\n" << help_of(at, path);
      if (json) json_error(out, path + ": give a command (" + text::joined(names_of(visible_subcommands(at))) + ")");
      return kExitInput;
    }
  }
  try {
    std::vector<std::string> reversed(args.rbegin(), args.rend() - 1);  // CLI11 takes them reversed
    app.parse(reversed);
  } catch (const CLI::CallForHelp&) {
    std::string path;
    const CLI::App* at = deepest(app, args, &path);
    out << help_of(at, path);
    return kExitOk;
  } catch (const CLI::CallForAllHelp&) {
    out << app.help("", CLI::AppFormatMode::All);
    return kExitOk;
  } catch (const CLI::CallForVersion&) {
    out << std::string("tilewright ") + TW_VERSION + " (" + TW_BUILD_FLAGS + ")" << '\n';
    return kExitOk;
  } catch (const CLI::ExtrasError& e) {
    std::string path;
    const CLI::App* at = deepest(app, args, &path);
    // Name the first unexpected word, with the closest option of that command.
    for (size_t i = 1; i < args.size(); ++i) {
      const std::string& w = args[i];
      if (w.size() < 2 || w[0] != '-') continue;
      const std::string name = w.substr(0, w.find('='));
      if (find_option(at, name) || find_option(&app, name) || name == "--help" || name == "-h") continue;
      return usage_error(path + ": unknown option '" + text::printable(name, 60) + "'" +
                         text::did_you_mean(name, option_names(at)) +
                         "; options: " + text::joined(option_names(at)));
    }
    // A word no positional argument takes: name it, and what the command takes.
    const std::string said = e.what();
    const size_t colon = said.find(": ");
    const std::vector<std::string> extras = text::words(colon == std::string::npos ? "" : said.substr(colon + 2));
    std::vector<std::string> takes;
    for (const CLI::Option* o : at->get_options())
      if (o->get_positional()) takes.push_back(o->get_required() ? o->get_name() : "[" + o->get_name() + "]");
    for (size_t i = 1; i < args.size(); ++i) {
      const std::string& w = args[i];
      if (w.size() > 1 && w[0] == '-') {
        const CLI::Option* o = find_option(at, w.substr(0, w.find('=')));
        if (!o) o = find_option(&app, w.substr(0, w.find('=')));
        if (o && w.find('=') == std::string::npos && o->get_expected_min() > 0) ++i;  // its value
        continue;
      }
      if (std::find(extras.begin(), extras.end(), w) == extras.end()) continue;
      if (i > 1 && args[i - 1] == "--json")
        return usage_error(path + ": --json takes no value after a space: --json alone prints the JSON on standard "
                                  "output, --json=FILE writes it to FILE (here: --json=" + text::printable(w, 60) + ")");
      return usage_error(path + ": unexpected argument '" + text::printable(w, 60) + "' (usage: " + path +
                         " [OPTIONS]" + (takes.empty() ? "" : " " + text::joined(takes, " ")) + ")");
    }
    return usage_error(path + ": " + e.what());
  } catch (const CLI::ParseError& e) {
    std::string path;
    deepest(app, args, &path);
    return usage_error(path + ": " + e.what());
  }
  if (!a.replay.db) a.replay.db = a.db.db;

  // Every output is checked before any work: its folder exists and is writable; at most
  // one of them is standard output.
  {
    std::string path;
    const CLI::App* leaf = deepest(app, args, &path);
    std::vector<std::pair<std::string, std::string>> outputs;  // option, file
    for (const char* name : {"--out", "--csv", "--plot"})
      if (const CLI::Option* o = leaf->get_option_no_throw(name); o && o->count() > 0)
        outputs.emplace_back(name, o->as<std::string>());
    if (jr.on) outputs.emplace_back("--json", jr.file);
    int to_stdout = 0;
    for (const auto& [name, file] : outputs) {
      if (is_standard_stream(file)) {
        ++to_stdout;
        if (name == "--plot") return usage_error(path + ": --plot wants a file name (.svg or .png), not -");
        if (c.play->parsed())
          return usage_error(path + ": --out wants a file name (the record is rewritten after every decision), not -");
        continue;
      }
      std::string why;
      if (!check_writable(file, &why)) return usage_error(path + ": " + name + ": " + why);
      if (name == std::string("--plot")) {  // as study::plot takes them, refused before any game is played
        const std::string ext = fs_extension(file);
        if (ext != ".svg" && ext != ".SVG" && ext != ".png" && ext != ".PNG")
          return usage_error(path + ": --plot: the file must end in .svg or .png, not '" + text::printable(file, 200) + "'");
      }
    }
    if (to_stdout > 1) return usage_error(path + ": only one output can go to standard output (-)");
  }
  if (jr.on) a.sim.json_file = a.compare.json_file = a.merge.json_file = a.sweep.json_file = a.tune.json_file = jr.file;  // studies write it themselves
  a.run.json = a.run.json || jr.on;
  a.suggest.json = a.suggest.json || jr.on;
  a.solve.json = a.solve.json || jr.on;
  a.analyse.json = a.analyse.json || jr.on;
  a.content.json = a.content.json || jr.on;
  a.replay.json = a.replay.json || jr.on;
  a.validate_json = a.validate_json || jr.on;

  // The command, on the streams it is given (with --json: watched, or into a file).
  const auto dispatch = [&](std::ostream& o, std::ostream& e) -> int {
    const auto usage = [&](const std::string& message) {
      e << message << "\nRun with --help for more information.\n";
      return kExitInput;
    };
    if (c.completion->parsed()) {
      o << completion_script(a.shell);
      return kExitOk;
    }
    if (c.complete->parsed()) return complete_ids(a.complete_kind, a.db, o);
    if (c.man->parsed()) {
      o << man_page();
      return kExitOk;
    }
    if (c.replay->parsed()) return cmd_replay(a.replay, o, e);
    if (c.analyse->parsed()) {
      a.analyse.db = a.db.db;
      if (c.analyse->count("--replay") > 0) a.analyse.replay = a.analyse_replay;
      a.analyse.progress = err_terminal;
      return cmd_analyse(a.analyse, o, e);
    }
    if (c.content->parsed()) {
      if (!a.content.db) a.content.db = a.db.db;
      return cmd_content(a.content, o, e);
    }
    // A study whose JSON or CSV goes to standard output prints that alone: no table.
    std::ostream no_report(nullptr);
    const auto report = [&](const std::string& json_file, const std::string& csv_file) -> std::ostream& {
      return is_standard_stream(json_file) || is_standard_stream(csv_file) ? no_report : o;
    };
    if (c.merge->parsed()) return cmd_merge(a.merge, report(a.merge.json_file, a.merge.csv_file), e);
    for (auto [sub, text, index, count] :
         {std::tuple{c.simulate, &a.sim_shard, &a.sim.shard_index, &a.sim.shard_count},
          std::tuple{c.compare, &a.compare_shard, &a.compare.shard_index, &a.compare.shard_count},
          std::tuple{c.sweep, &a.sweep_shard, &a.sweep.shard_index, &a.sweep.shard_count}}) {
      if (!sub->parsed() || text->empty()) continue;
      // I/N
      const size_t slash = text->find('/');
      int i = -1, n = 0;
      try {
        size_t used_i = 0, used_n = 0;
        if (slash != std::string::npos) {
          i = std::stoi(text->substr(0, slash), &used_i);
          n = std::stoi(text->substr(slash + 1), &used_n);
        }
        if (slash == std::string::npos || used_i != slash || used_n != text->size() - slash - 1) i = -1;
      } catch (const std::exception&) {
        i = -1;
      }
      if (i < 0 || n < 1 || i >= n)
        return usage("tilewright " + sub->get_name() + ": --shard wants I/N with 0 <= I < N (e.g. 0/4), not '" +
                           text::printable(*text, 60) + "'");
      *index = i;
      *count = n;
    }

    if (c.validate->parsed()) {
      if (a.validate_db) a.db.db = a.validate_db;
      std::string path;
      try {
        path = resolve_db_path(a.db.db);
      } catch (const std::exception& ex) {
        e << "tilewright: " << ex.what() << '\n';
        return db_exit_code(ex);
      }
      return cmd_validate(path, o, e, a.validate_full, a.validate_json);
    }
    if (c.serve->parsed()) {
      try {
        a.serve.db_path = resolve_db_path(a.db.db);
      } catch (const std::exception& ex) {
        e << "tilewright: " << ex.what() << '\n';
        return db_exit_code(ex);
      }
      return cmd_serve(a.serve, o, e);
    }
    if (c.play->parsed() && !a.online.url.empty()) {
      a.online.rule_set = a.play.rule_set;
      a.online.level = a.play.level;
      a.online.players = a.play.players;
      a.online.quiet = a.play.quiet;
      return cmd_play_online(a.online, in, o, e);
    }
    if (c.play->parsed() && (a.online.create || !a.online.room.empty() || !a.online.token.empty() || a.online.watch))
      return usage("tilewright play: --room, --create, --token and --watch play online: add --connect ws://HOST:PORT/");
    // Commands that store replays open the database for writing first (migrating it, and
    // refusing a write-protected one before any game is played).
    if ((c.play->parsed() && !a.no_record) || (c.simulate->parsed() && a.sim_record)) {
      std::string record_db;
      try {
        record_db = resolve_db_path(a.db.db);
        Store::open(record_db, Store::Mode::ReadWrite);
      } catch (const std::exception& ex) {
        e << "tilewright: " << ex.what()
            << (c.play->parsed() ? " (the game was not started; --no-record plays without storing it)"
                                 : " (no game was played)")
            << '\n';
        return db_exit_code(ex);
      }
      a.play.replay_db = a.sim.record_db = record_db;
    }
    int code = 0;
    std::string db_path;
    auto content = load_db(a.db, e, &code, &db_path);  // with --json, the error becomes JSON below
    a.play.db_path = db_path;
    if (!content) return code;
    if (c.run->parsed()) return cmd_run(*content, a.run, o, e);
    if (c.options->parsed()) return cmd_options(*content, a.options_file, o, e);
    if (c.suggest->parsed()) return cmd_suggest(*content, a.suggest, o, e);
    if (c.engine->parsed()) return run_engine(*content, in, o);
    if (c.match->parsed()) return cmd_match(*content, a.match, o, e);
    if (c.solve->parsed()) return cmd_solve(*content, a.solve, o, e);
    if (c.simulate->parsed()) {
      a.sim.bots = split_bots(a.sim_bots);
      a.sim.explicit_bots = c.simulate->count("--bots") > 0;
      a.sim.players = a.sim_players;
      a.sim.progress = err_terminal;
      return cmd_simulate(*content, a.sim, report(a.sim.json_file, a.sim.csv_file), e);
    }
    if (c.compare->parsed()) {
      for (auto& b : split_bots(a.compare_bots)) a.compare.bots.push_back(std::move(b));
      a.compare.progress = err_terminal;
      return cmd_compare(*content, a.compare, report(a.compare.json_file, a.compare.csv_file), e);
    }
    if (c.sweep->parsed() || c.tune->parsed()) {
      if (c.sweep->parsed()) {
        a.sweep.bots = split_bots(a.sweep_bots);
        if (c.sweep->count("--target") > 0) a.sweep.target = a.sweep_target;
        a.sweep.progress = err_terminal;
        return cmd_sweep(*content, a.sweep, report(a.sweep.json_file, a.sweep.csv_file), e);
      }
      a.tune.bots = split_bots(a.tune_bots);
      a.tune.progress = err_terminal;
      a.tune.db = db_path;
      return cmd_tune(*content, a.tune, report(a.tune.json_file, a.tune.csv_file), e);
    }
    if (c.bench->parsed()) return cmd_bench(*content, a.bench, o, e);
    if (c.play->parsed()) return cmd_play(*content, a.play, in, o, e, in_terminal);
    return kExitInput;
  };

  if (!jr.on) return dispatch(out, err);
  std::string said;  // what the command said on err: the JSON error when it printed none
  Watch err_watch(err.rdbuf(), &said);
  std::ostream watched_err(&err_watch);
  if (json) {
    Watch out_watch(out.rdbuf(), nullptr);
    std::ostream watched_out(&out_watch);
    StandardStreams to_watched(in, watched_out);
    const int code = dispatch(watched_out, watched_err);
    if (code != kExitOk && !out_watch.wrote()) json_error(watched_out, said);
    watched_out.flush();
    return code;
  }
  // --json=FILE. A study writes its own file (its table stays on out); any other command's
  // JSON, its error included, goes into FILE whole.
  if (c.simulate->parsed() || c.compare->parsed() || c.merge->parsed() || c.sweep->parsed() || c.tune->parsed())
    return dispatch(out, watched_err);
  std::ostringstream buffer;
  const int code = dispatch(buffer, watched_err);
  if (code != kExitOk && buffer.str().empty()) json_error(buffer, said);
  std::string why;
  if (!write_file_atomic(jr.file, buffer.str(), &why)) {
    err << "tilewright: " << why << '\n';
    return kExitInput;
  }
  return code;
}

// ---------------------------------------------------------------------------------------
// Completion scripts and the manual page, from the same definitions.

namespace {

struct Tree {
  CLI::App app{"Tilewright: a workshop for Carcassonne rule variants"};
  Args args;
  Tree() {
    app.name("tilewright");
    define(app, args);
  }
};

// "run", "replay import", ... with their options, depth first.
void walk(const CLI::App* at, const std::string& path,
          std::vector<std::pair<std::string, const CLI::App*>>& out) {
  out.emplace_back(path, at);
  for (const auto* s : visible_subcommands(at)) walk(s, path.empty() ? s->get_name() : path + " " + s->get_name(), out);
}

std::string words(const std::vector<std::string>& v) { return text::joined(v, " "); }

std::string roff_escape(std::string s) {
  std::string out;
  for (char ch : s) {
    if (ch == '\\') out += "\\e";
    else if (ch == '-') out += "\\-";
    else out += ch;
  }
  if (!out.empty() && (out[0] == '.' || out[0] == '\'')) out.insert(0, "\\&");
  return out;
}

}  // namespace

namespace {

// Options whose values are ids of the database, or bots, asked at completion time.
const char* dynamic_kind(const std::string& option) {
  if (option == "--ruleset") return "rulesets";
  if (option == "--level") return "levels";
  if (option == "--bots" || option == "--bot") return "bots";
  if (option == "--replay") return "replays";
  return nullptr;
}

// Commands whose positional arguments are ids (not files).
const char* positional_kind(const std::string& path) {
  if (path == "content show" || path == "content diff" || path == "content export") return "ids";
  if (path == "content clone") return "variants";  // SOURCE: a rule set or a level (NEW is a new id)
  if (path == "compare" || path == "sweep" || path == "tune") return "variants";
  if (path.rfind("replay ", 0) == 0 && path != "replay import" && path != "replay list") return "replays";
  return nullptr;
}

bool file_option(const std::string& option) {
  return option == "--db" || option == "--out" || option == "--csv" || option == "--plot";
}

std::string plain(std::string d) {
  for (char& ch : d)
    if (ch == '\'' || ch == ':' || ch == '"' || ch == '\\' || ch == '`' || ch == '$') ch = ' ';
  return d;
}

}  // namespace

std::string completion_script(const std::string& shell) {
  Tree t;
  std::vector<std::pair<std::string, const CLI::App*>> all;
  walk(&t.app, "", all);
  std::ostringstream s;
  if (shell == "bash") {
    s << "# bash completion for tilewright (generated by `tilewright completion bash`)\n"
         "# Rule set, level, bot and replay ids come from the database as you type\n"
         "# (`tilewright complete KIND [--db PATH]`).\n"
         "_tilewright_dyn() {\n"
         "  local db=\"\" i\n"
         "  for ((i = 1; i < COMP_CWORD; i++)); do\n"
         "    [[ \"${COMP_WORDS[i]}\" == --db ]] && db=\"${COMP_WORDS[i+1]}\"\n"
         "  done\n"
         "  # The word as typed: a leading ~ is the shell's to expand, not the program's.\n"
         "  [[ \"$db\" == \"~\" ]] && db=\"$HOME\"\n"
         "  [[ \"$db\" == \"~/\"* ]] && db=\"$HOME/${db#\\~/}\"\n"
         "  \"${COMP_WORDS[0]}\" complete \"$1\" ${db:+--db \"$db\"} 2>/dev/null\n"
         "}\n"
         "_tilewright() {\n"
         "  local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\" path=\"\" w i\n"
         "  for ((i = 1; i < COMP_CWORD; i++)); do\n"
         "    w=\"${COMP_WORDS[i]}\"\n"
         "    case \"$w\" in -*) continue ;; esac\n"
         "    case \"$path $w\" in\n";
    for (const auto& [path, app] : all)
      if (!path.empty()) s << "      \" " << path << "\"|\"" << path << "\") path=\"" << path << "\" ;;\n";
    s << "    esac\n"
         "  done\n"
         "  case \"$prev\" in\n"
         "    --db|--out|--csv|--plot) COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n"
         "    --ruleset) COMPREPLY=($(compgen -W \"$(_tilewright_dyn rulesets)\" -- \"$cur\")); return ;;\n"
         "    --level) COMPREPLY=($(compgen -W \"$(_tilewright_dyn levels)\" -- \"$cur\")); return ;;\n"
         "    --replay) COMPREPLY=($(compgen -W \"$(_tilewright_dyn replays)\" -- \"$cur\")); return ;;\n"
         "    --bots|--bot)\n"
         "      local pre=\"\"\n"
         "      [[ \"$cur\" == *,* ]] && pre=\"${cur%,*},\"\n"
         "      COMPREPLY=($(compgen -P \"$pre\" -W \"$(_tilewright_dyn bots)\" -- \"${cur##*,}\"))\n"
         "      return ;;\n"
         "  esac\n"
         "  local words\n"
         "  case \"$path\" in\n";
    for (const auto& [path, app] : all) {
      std::vector<std::string> w = names_of(visible_subcommands(app));
      for (const auto& o : option_names(app)) w.push_back(o);
      s << "    \"" << path << "\") words=\"" << words(w) << "\" ;;\n";
    }
    s << "  esac\n"
         "  # A command without subcommands (its words are options only): its arguments.\n"
         "  if [[ \"$cur\" != -* && -n \"$path\" && ( -z \"$words\" || \"$words\" == -* ) ]]; then\n"
         "    case \"$path\" in\n";
    for (const auto& [path, app] : all)
      if (const char* k = positional_kind(path))
        s << "      \"" << path << "\") COMPREPLY=($(compgen -W \"$(_tilewright_dyn " << k << ")\" -- \"$cur\")) ;;\n";
    s << "      *) COMPREPLY=($(compgen -f -- \"$cur\")) ;;\n"
         "    esac\n"
         "  fi\n"
         "  COMPREPLY+=($(compgen -W \"$words\" -- \"$cur\"))\n"
         "}\n"
         "complete -o filenames -F _tilewright tilewright\n";
    return s.str();
  }
  if (shell == "zsh") {
    s << "#compdef tilewright\n"
         "# zsh completion for tilewright (generated by `tilewright completion zsh`)\n"
         "# Rule set, level, bot and replay ids come from the database as you type.\n"
         "_tilewright_dyn() {\n"
         "  local db i\n"
         "  for ((i = 2; i < CURRENT; i++)); do [[ ${words[i]} == --db ]] && db=${words[i+1]}; done\n"
         "  [[ $db == \"~\" || $db == \"~/\"* ]] && db=$HOME${db#\\~}\n"
         "  local -a ids\n"
         "  ids=(${(f)\"$(${words[1]} complete $1 ${db:+--db $db} 2>/dev/null)\"})\n"
         "  compadd -a ids\n"
         "}\n"
         "_tilewright() {\n"
         "  local -a path_words\n"
         "  local w i\n"
         "  for ((i = 2; i < CURRENT; i++)); do\n"
         "    w=${words[i]}\n"
         "    [[ $w == -* ]] && continue\n"
         "    case \"${(j: :)path_words} $w\" in\n";
    for (const auto& [path, app] : all)
      if (!path.empty()) s << "      \" " << path << "\"|\"" << path << "\") path_words+=($w) ;;\n";
    s << "    esac\n"
         "  done\n"
         "  case ${words[CURRENT-1]} in\n"
         "    --ruleset) _tilewright_dyn rulesets; return ;;\n"
         "    --level) _tilewright_dyn levels; return ;;\n"
         "    --replay) _tilewright_dyn replays; return ;;\n"
         "    --bots|--bot) compset -P '*,'; _tilewright_dyn bots; return ;;\n"
         "    --db|--out|--csv|--plot) _files; return ;;\n"
         "  esac\n"
         "  case \"${(j: :)path_words}\" in\n";
    for (const auto& [path, app] : all) {
      s << "    \"" << path << "\")\n      _describe 'tilewright' '(";
      for (const auto* sub : visible_subcommands(app)) {
        std::string d = sub->get_description();
        std::replace(d.begin(), d.end(), '\'', ' ');
        std::replace(d.begin(), d.end(), ':', ' ');
        s << "\"" << sub->get_name() << ":" << d << "\" ";
      }
      for (const CLI::Option* o : app->get_options()) {
        if (o->get_positional()) continue;
        std::string d = o->get_description();
        std::replace(d.begin(), d.end(), '\'', ' ');
        std::replace(d.begin(), d.end(), ':', ' ');
        std::replace(d.begin(), d.end(), '"', ' ');
        for (const auto& l : o->get_lnames()) s << "\"--" << l << ":" << d << "\" ";
      }
      s << ")'\n";
      if (const char* k = positional_kind(path)) s << "      _tilewright_dyn " << k << "\n";
      else if (!path.empty() && visible_subcommands(app).empty()) s << "      _files\n";
      s << "      ;;\n";
    }
    s << "  esac\n"
         "}\n"
         "compdef _tilewright tilewright\n";
    return s.str();
  }
  if (shell == "fish") {
    s << "# fish completion for tilewright (generated by `tilewright completion fish`)\n"
         "# Rule set, level, bot and replay ids come from the database as you type.\n"
         "set -g __tilewright_paths";
    for (const auto& [path, app] : all)
      if (!path.empty()) s << " '" << path << "'";
    s << "\n"
         "function __tilewright_path\n"
         "    set -l path ''\n"
         "    for w in (commandline -opc)[2..-1]\n"
         "        string match -q -- '-*' $w; and continue\n"
         "        set -l next (string trim -- \"$path $w\")\n"
         "        contains -- $next $__tilewright_paths; and set path $next\n"
         "    end\n"
         "    echo $path\n"
         "end\n"
         "function __tilewright_at\n"
         "    test (__tilewright_path) = \"$argv[1]\"\n"
         "end\n"
         "function __tilewright_dyn\n"
         "    set -l words (commandline -opc)\n"
         "    set -l db\n"
         "    set -l i (contains -i -- --db $words); and set db --db (string replace -r '^~(?=/|$)' $HOME -- $words[(math $i + 1)])\n"
         "    $words[1] complete $argv[1] $db 2>/dev/null\n"
         "end\n"
         "complete -c tilewright -f\n";
    for (const auto& [path, app] : all) {
      const std::string at = "-n '__tilewright_at \"" + path + "\"'";
      for (const auto* sub : visible_subcommands(app))
        s << "complete -c tilewright " << at << " -a '" << sub->get_name() << "' -d '"
          << plain(sub->get_description()).substr(0, 80) << "'\n";
      for (const CLI::Option* o : app->get_options()) {
        if (o->get_positional()) continue;
        for (const auto& l : o->get_lnames()) {
          const std::string name = "--" + l;
          s << "complete -c tilewright " << at << " -l " << l;
          for (const auto& sn : o->get_snames()) s << " -s " << sn;
          if (o->get_expected_min() > 0) {
            if (const char* k = dynamic_kind(name))
              s << " -x -a '(__tilewright_dyn " << k << ")'";
            else if (file_option(name))
              s << " -r -F";
            else
              s << " -x";
          }
          s << " -d '" << plain(o->get_description()).substr(0, 80) << "'\n";
        }
      }
      if (const char* k = positional_kind(path))
        s << "complete -c tilewright " << at << " -a '(__tilewright_dyn " << k << ")'\n";
      else if (!path.empty() && visible_subcommands(app).empty())
        for (const CLI::Option* o : app->get_options())
          if (o->get_positional()) {
            s << "complete -c tilewright " << at << " -F\n";
            break;
          }
    }
    return s.str();
  }
  return {};
}

std::string man_page() {
  Tree t;
  std::vector<std::pair<std::string, const CLI::App*>> all;
  walk(&t.app, "", all);
  std::ostringstream s;
  s << ".TH TILEWRIGHT 1 \"\" \"tilewright " << TW_VERSION << "\" \"User Commands\"\n"
    << ".SH NAME\ntilewright \\- a workshop for Carcassonne rule variants: play, simulate, validate, replays\n"
    << ".SH SYNOPSIS\n.B tilewright\n[\\fB\\-\\-db\\fR \\fIPATH\\fR] \\fICOMMAND\\fR [\\fIOPTIONS\\fR]\n"
    << ".SH DESCRIPTION\nThe command line of Tilewright: game records (TGN), bots, the difficulty meter "
       "of co-op levels, content checks and recorded games (replays) in an SQLite database.\n"
    << ".PP\nEvery command takes \\fB\\-\\-db\\fR \\fIPATH\\fR, before or after the command; without it "
       "\\fB$TILEWRIGHT_DB\\fR, else your own database (~/.local/share/tilewright/tilewright.db), "
       "created on first use as a copy of the bundled default.db.\n"
    << ".PP\nA file name \\fB\\-\\fR is standard input where a file is read and standard output where one is "
       "written. \\fB\\-\\-json\\fR prints the result as JSON on standard output (failures too, as "
       "{\"error\": ...}); \\fB\\-\\-json=\\fR\\fIFILE\\fR writes it to FILE.\n"
    << ".SH COMMANDS\n";
  for (const auto& [path, app] : all) {
    if (path.empty() || !visible_subcommands(app).empty()) continue;
    s << ".SS \"tilewright " << path;
    for (const CLI::Option* o : app->get_options())
      if (o->get_positional()) s << " " << (o->get_required() ? "" : "[") << o->get_name() << (o->get_required() ? "" : "]");
    s << "\"\n" << roff_escape(app->get_description()) << "\n";
    for (const CLI::Option* o : app->get_options()) {
      if (o->get_positional()) {
        s << ".TP\n.I " << o->get_name() << "\n" << roff_escape(o->get_description()) << "\n";
        continue;
      }
      std::string names;
      for (const auto& l : o->get_lnames()) names += (names.empty() ? "" : ", ") + std::string("\\-\\-") + l;
      for (const auto& sn : o->get_snames()) names += (names.empty() ? "" : ", ") + std::string("\\-") + sn;
      if (names == "\\-\\-help, \\-h") continue;
      s << ".TP\n.B " << names << (o->get_expected_min() > 0 ? " \\fIVALUE\\fR" : "") << "\n"
        << roff_escape(o->get_description()) << "\n";
    }
  }
  s << ".SH EXIT STATUS\n"
    << ".TP\n.B 0\nsuccess\n"
    << ".TP\n.B 1\nan illegal decision in a record, or a failed check (validate, verify)\n"
    << ".TP\n.B 2\nusage or bad input: an unknown command or option, an unreadable or malformed file\n"
    << ".TP\n.B 3\na database that cannot be used (missing, damaged, write-protected, newer)\n"
    << ".TP\n.B 4\nthe database is busy: another program held it locked for the whole busy timeout (5 s); "
       "nothing was changed, try again\n"
    << ".SH ENVIRONMENT\n"
    << ".TP\n.B TILEWRIGHT_DB\nthe database used without \\-\\-db\n"
    << ".TP\n.B TILEWRIGHT_DEFAULT_DB\nthe bundled database your own is copied from\n"
    << ".TP\n.B NO_COLOR\nset and not empty: no colour, even on a terminal\n"
    << ".TP\n.B XDG_DATA_HOME, XDG_STATE_HOME\nwhere your database and play's recovery files live\n"
    << ".SH FILES\n.TP\n.I ~/.local/share/tilewright/tilewright.db\nyour database\n"
    << ".TP\n.I ~/.local/state/tilewright/recovery/\ngames in progress without \\-\\-out\n"
    << ".SH SEE ALSO\nThe README of the project; docs/notation.md for the game-record format.\n";
  return s.str();
}

}  // namespace tw
