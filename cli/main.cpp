// tilewright: the command line. Parses arguments with CLI11 and hands over to the
// command functions of cli/commands.h, which own all the behaviour.
#include <unistd.h>

#include <iostream>

#include <CLI/CLI.hpp>

#include "cli/commands.h"
#include "cli/replay_cmd.h"
#include "cli/suggest.h"
#include "schema/paths.h"
#include "schema/store.h"

#ifndef TW_BUILD_FLAGS
#define TW_BUILD_FLAGS ""
#endif

int main(int argc, char** argv) {
  using namespace tw;
  CLI::App app{"Tilewright: a workshop for Carcassonne rule variants"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("tilewright ") + TW_VERSION + " (" + TW_BUILD_FLAGS + ")");
  DbOptions db;
  auto add_db = [&db](CLI::App* sub) {
    sub->add_option("--db", db.db, "database (default: $TILEWRIGHT_DB, else your own copy of default.db)");
  };

  RunOptions run;
  auto* run_cmd = app.add_subcommand("run", "replay a game record's main line and print the state");
  run_cmd->add_option("file", run.file, "the record (.tgn)")->required();
  run_cmd->add_flag("--json", run.json, "print the state as one JSON object");
  run_cmd->add_option("--ply", run.ply, "stop after this many decisions")->check(CLI::NonNegativeNumber);
  run_cmd->add_flag("--verbose,-v", run.verbose, "list the legal options at an illegal decision");
  add_db(run_cmd);

  std::string options_file;
  auto* opt_cmd = app.add_subcommand("options", "print the legal options of a record's pending decision");
  opt_cmd->add_option("file", options_file, "the record (.tgn)")->required();
  add_db(opt_cmd);

  std::optional<std::string> validate_db;
  auto* val_cmd = app.add_subcommand("validate", "check every tile set, rule set and level of a database");
  val_cmd->add_option("db", validate_db, "the database (default as for --db)");
  add_db(val_cmd);

  SimulateOptions sim;
  std::string sim_bots = "random,random";
  auto* sim_cmd = app.add_subcommand("simulate", "play many bot games and report scores and win rates");
  sim_cmd->add_option("--ruleset", sim.rule_set, "rule set id")->capture_default_str();
  sim_cmd->add_option("--bots", sim_bots, "one bot per seat, e.g. random,greedy")->capture_default_str();
  sim_cmd->add_option("--level", sim.level, "co-op level (e.g. mists-3): measure how hard it is");
  int sim_players = 0;
  sim_cmd->add_option("--players", sim_players, "co-op: seats, each played by bot:coop (default 2)")
      ->check(CLI::Range(1, 6));
  sim_cmd->add_option("--games", sim.games, "number of games")->capture_default_str()->check(CLI::PositiveNumber);
  sim_cmd->add_option("--threads", sim.threads, "worker threads (0 = all cores)")->capture_default_str();
  sim_cmd->add_option("--seed", sim.seed, "seed of the first game; game i uses seed+i")->capture_default_str();
  bool sim_record = false;
  sim_cmd->add_flag("--record", sim_record, "store every game as a replay in the database");
  add_db(sim_cmd);

  BenchOptions bench;
  auto* bench_cmd = app.add_subcommand("bench", "play fixed seeded random games: signature and speed");
  bench_cmd->add_option("--ruleset", bench.rule_set, "rule set id")->capture_default_str();
  bench_cmd->add_option("--games", bench.games, "number of games")->capture_default_str()->check(CLI::PositiveNumber);
  bench_cmd->add_option("--players", bench.players, "seats")->capture_default_str()->check(CLI::Range(1, 6));
  add_db(bench_cmd);

  PlayOptions play;
  auto* play_cmd = app.add_subcommand("play", "play a game in the terminal, humans and bots at one table");
  play_cmd->add_option("--ruleset", play.rule_set, "rule set id")->capture_default_str();
  play_cmd->add_option("--level", play.level, "co-op level id (e.g. mists-1); its rule set is played");
  play_cmd->add_option("--players", play.players,
                       "seats, e.g. \"Ann,bot:greedy\" (default: you against bot:greedy; bots only "
                       "when there is no terminal)");
  play_cmd->add_option("--seed", play.seed, "seed of the shuffle (default: from the clock)");
  play_cmd->add_option("--out", play.out_file, "write the game record (TGN) here");
  play_cmd->add_flag("--quiet,-q", play.quiet, "print only the result");
  bool no_record = false;
  play_cmd->add_flag("--no-record", no_record, "do not store the game as a replay in the database");
  add_db(play_cmd);

  SuggestOptions suggest;
  auto* suggest_cmd = app.add_subcommand("suggest", "a bot's choice for a record's pending decision");
  suggest_cmd->add_option("file", suggest.file, "the record (.tgn)")->required();
  suggest_cmd->add_option("--bot", suggest.bot, "the bot, as in simulate --bots (greedy, mcts, mcts:200)")
      ->capture_default_str();
  suggest_cmd->add_option("--seed", suggest.seed, "the bot's seed")->capture_default_str();
  suggest_cmd->add_flag("--json", suggest.json, "the choice and the best options with the bot's evaluation, as JSON");
  add_db(suggest_cmd);

  ReplayArgs replay_args;
  auto* replay_cmd = add_replay_commands(app, replay_args);

  CLI11_PARSE(app, argc, argv);

  if (replay_cmd->parsed()) return cmd_replay(replay_args, std::cout, std::cerr);

  if (val_cmd->parsed()) {
    if (validate_db) db.db = validate_db;
    std::string path;
    try {
      path = resolve_db_path(db.db);
    } catch (const std::exception& e) {
      std::cerr << "tilewright: " << e.what() << '\n';
      return kExitDatabase;
    }
    return cmd_validate(path, std::cout, std::cerr);
  }
  // Commands that store replays open the database for writing first (migrating it).
  std::string record_db;
  if ((play_cmd->parsed() && !no_record) || (sim_cmd->parsed() && sim_record)) {
    try {
      record_db = resolve_db_path(db.db);
      Store::open(record_db, Store::Mode::ReadWrite);
    } catch (const std::exception& e) {
      std::cerr << "tilewright: " << e.what() << '\n';
      return kExitDatabase;
    }
    play.replay_db = sim.record_db = record_db;
  }
  int code = 0;
  auto content = load_db(db, std::cerr, &code);
  if (!content) return code;
  if (run_cmd->parsed()) return cmd_run(*content, run, std::cout, std::cerr);
  if (opt_cmd->parsed()) return cmd_options(*content, options_file, std::cout, std::cerr);
  if (suggest_cmd->parsed()) return cmd_suggest(*content, suggest, std::cout, std::cerr);
  if (sim_cmd->parsed()) {
    sim.bots.clear();
    for (size_t start = 0; start <= sim_bots.size();) {
      size_t comma = sim_bots.find(',', start);
      if (comma == std::string::npos) comma = sim_bots.size();
      std::string b = sim_bots.substr(start, comma - start);
      if (b.rfind("bot:", 0) == 0) b = b.substr(4);
      if (!b.empty()) sim.bots.push_back(b);
      start = comma + 1;
    }
    if (!sim.level.empty() && sim_cmd->count("--bots") == 0) {
      // The difficulty meter: the team of co-op bots.
      sim.bots.assign(static_cast<size_t>(sim_players > 0 ? sim_players : 2), "coop");
    } else if (sim_players > 0) {
      sim.bots.resize(static_cast<size_t>(sim_players), sim.bots.empty() ? "random" : sim.bots.back());
    }
    sim.progress = isatty(STDERR_FILENO);
    return cmd_simulate(*content, sim, std::cout, std::cerr);
  }
  if (bench_cmd->parsed()) return cmd_bench(*content, bench, std::cout, std::cerr);
  if (play_cmd->parsed()) {
    const bool interactive = isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
    return cmd_play(*content, play, std::cin, std::cout, std::cerr, interactive);
  }
  return kExitInput;
}
