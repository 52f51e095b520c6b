#include "cli/app.h"

#include <unistd.h>

#include <algorithm>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>
#include <tuple>

#include <CLI/CLI.hpp>

#include "cli/analyse.h"
#include "cli/commands.h"
#include "cli/content_cmd.h"
#include "cli/replay_cmd.h"
#include "cli/study_cmd.h"
#include "cli/suggest.h"
#include "engine/bots.h"
#include "engine/text.h"
#include "schema/paths.h"
#include "schema/store.h"

#ifndef TW_BUILD_FLAGS
#define TW_BUILD_FLAGS ""
#endif

namespace tw {

namespace {

constexpr const char* kDbHelp = "database (default: $TILEWRIGHT_DB, else your own copy of default.db)";

// Everything the parsed command line fills in.
struct Args {
  DbOptions db;
  RunOptions run;
  std::string options_file;
  std::optional<std::string> validate_db;
  bool validate_full = false;
  SimulateOptions sim;
  std::string sim_bots = "random,random";
  int sim_players = 0;
  bool sim_record = false;
  std::string sim_shard;
  CompareOptions compare;
  std::string compare_bots;
  std::string compare_shard;
  MergeOptions merge;
  BenchOptions bench;
  PlayOptions play;
  bool no_record = false;
  ReplayArgs replay;
  ContentArgs content;
  SuggestOptions suggest;
  AnalyseOptions analyse;
  int64_t analyse_replay = 0;
  std::string shell;
};

struct Commands {
  CLI::App* run = nullptr;
  CLI::App* options = nullptr;
  CLI::App* validate = nullptr;
  CLI::App* simulate = nullptr;
  CLI::App* compare = nullptr;
  CLI::App* merge = nullptr;
  CLI::App* bench = nullptr;
  CLI::App* play = nullptr;
  CLI::App* suggest = nullptr;
  CLI::App* analyse = nullptr;
  CLI::App* replay = nullptr;
  CLI::App* content = nullptr;
  CLI::App* completion = nullptr;
  CLI::App* man = nullptr;
};

Commands define(CLI::App& app, Args& a) {
  Commands c;
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("tilewright ") + TW_VERSION + " (" + TW_BUILD_FLAGS + ")");
  app.add_option("--db", a.db.db, kDbHelp);  // before the subcommand; each subcommand takes it too
  auto add_db = [&a](CLI::App* sub) { sub->add_option("--db", a.db.db, kDbHelp); };

  c.run = app.add_subcommand("run", "replay a game record's main line and print the state");
  c.run->add_option("file", a.run.file, "the record (.tgn)")->required();
  c.run->add_flag("--json", a.run.json, "print the state as one JSON object (errors too)");
  c.run->add_option("--ply", a.run.ply, "stop after this many decisions")->check(CLI::NonNegativeNumber);
  c.run->add_flag("--verbose,-v", a.run.verbose, "list the legal options at an illegal decision");
  add_db(c.run);

  c.options = app.add_subcommand("options", "print the legal options of a record's pending decision");
  c.options->add_option("file", a.options_file, "the record (.tgn)")->required();
  add_db(c.options);

  c.validate = app.add_subcommand("validate", "check every tile set, rule set and level of a database");
  c.validate->add_option("database", a.validate_db, "the database (default as for --db)");
  c.validate->add_flag("--full", a.validate_full,
                       "also check the whole file (PRAGMA integrity_check: every table against its indexes)");
  add_db(c.validate);

  c.simulate = app.add_subcommand("simulate", "play many bot games and report scores and win rates");
  c.simulate->add_option("--ruleset", a.sim.rule_set, "rule set id")->capture_default_str();
  c.simulate->add_option("--bots", a.sim_bots, "one bot per seat, e.g. random,greedy")->capture_default_str();
  c.simulate->add_option("--level", a.sim.level, "co-op level (e.g. mists-3): measure how hard it is");
  c.simulate->add_option("--players", a.sim_players, "co-op: seats, each played by bot:coop (default 2)")
      ->check(CLI::Range(1, 6));
  c.simulate->add_option("--games", a.sim.games, "number of games")->capture_default_str()->check(CLI::PositiveNumber);
  c.simulate->add_option("--threads", a.sim.threads, "worker threads (0 = all cores)")->capture_default_str();
  c.simulate->add_option("--seed", a.sim.seed, "seed of the first game; game i uses seed+i")->capture_default_str();
  c.simulate->add_flag("--record", a.sim_record, "store every game as a replay in the database");
  c.simulate->add_flag("--rotate", a.sim.rotate, "play each seed once per seat rotation (every bot in every seat)");
  c.simulate->add_option("--json", a.sim.json_file,
                         "write the summary, the study's identity (rules digests, engine version, bots, seeds) "
                         "and one row per game as JSON to this file");
  c.simulate->add_option("--csv", a.sim.csv_file, "write one row per game as CSV to this file");
  c.simulate->add_option("--plot", a.sim.plot_file,
                         "draw win rates with 95% intervals, the score distribution and loss reasons (.svg or .png)");
  c.simulate->add_option("--shard", a.sim_shard,
                         "I/N: play only the I-th (from 0) of N disjoint slices of the study; `tilewright merge` "
                         "puts the parts' --json files together");
  add_db(c.simulate);

  c.compare = app.add_subcommand("compare",
                                 "play rule sets, levels or bots on the same seeds: paired differences with 95% "
                                 "intervals, optionally until an SPRT decides");
  c.compare->add_option("variants", a.compare.variants,
                        "two or more rule sets or levels, each optionally with its bots: mists-2 mists-3, "
                        "gcc@greedy,greedy gcc@mcts:200,greedy (the first is A, the baseline)")
      ->required();
  c.compare->add_option("--bots", a.compare_bots, "bots of every variant without @ (default greedy,greedy; co-op: coop)");
  c.compare->add_option("--players", a.compare.players, "seats (co-op default 2)")->check(CLI::Range(1, 6));
  c.compare->add_option("--games", a.compare.games, "seeds per variant (with --sprt: at most)")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  c.compare->add_option("--threads", a.compare.threads, "worker threads (0 = all cores)")->capture_default_str();
  c.compare->add_option("--seed", a.compare.seed, "the first seed")->capture_default_str();
  c.compare->add_flag("--rotate", a.compare.rotate, "play each seed once per seat rotation");
  c.compare->add_flag("--sprt", a.compare.sprt,
                      "sequential test on the paired win difference d = B - A (co-op: team wins; competitive: "
                      "the first bot's wins): H0 d = d0 against H1 d = d1, stopping when one is accepted "
                      "(docs/studies.md)");
  c.compare->add_option("--d0", a.compare.d0, "SPRT: the difference of H0")->capture_default_str();
  c.compare->add_option("--d1", a.compare.d1, "SPRT: the difference of H1 (> d0)")->capture_default_str();
  c.compare->add_option("--alpha", a.compare.alpha, "SPRT: the chance to accept H1 when H0 holds")
      ->capture_default_str();
  c.compare->add_option("--beta", a.compare.beta, "SPRT: the chance to accept H0 when H1 holds")
      ->capture_default_str();
  c.compare->add_option("--shard", a.compare_shard,
                         "I/N: play only the I-th (from 0) of N disjoint slices (merge puts the --json parts "
                         "together; not with --sprt)");
  c.compare->add_option("--json", a.compare.json_file, "write the study as JSON (as simulate --json)");
  c.compare->add_option("--csv", a.compare.csv_file, "write one row per game as CSV");
  c.compare->add_option("--plot", a.compare.plot_file, "draw the charts (.svg or .png)");
  add_db(c.compare);

  c.merge = app.add_subcommand("merge", "merge the --json parts of a sharded study into the whole run's result");
  c.merge->add_option("parts", a.merge.parts, "the parts (part-*.json), every shard once")->required();
  c.merge->add_option("--json", a.merge.json_file, "write the merged study (the whole run's JSON) to this file");
  c.merge->add_option("--csv", a.merge.csv_file, "write one row per game as CSV");
  c.merge->add_option("--plot", a.merge.plot_file, "draw the charts (.svg or .png)");

  c.bench = app.add_subcommand("bench", "play fixed seeded random games: signature and speed");
  c.bench->add_option("--ruleset", a.bench.rule_set, "rule set id")->capture_default_str();
  c.bench->add_option("--level", a.bench.level, "co-op level id (its rule set is played)");
  c.bench->add_option("--games", a.bench.games, "number of games")->capture_default_str()->check(CLI::PositiveNumber);
  c.bench->add_option("--players", a.bench.players, "seats")->capture_default_str()->check(CLI::Range(1, 6));
  c.bench->add_flag("--playout", a.bench.playout,
                    "play through the search bots' playout path (placements counted, not listed): same games");
  add_db(c.bench);

  c.play = app.add_subcommand("play", "play a game in the terminal, humans and bots at one table");
  c.play->add_option("--ruleset", a.play.rule_set, "rule set id")->capture_default_str();
  c.play->add_option("--level", a.play.level, "co-op level id (e.g. mists-1); its rule set is played");
  c.play->add_option("--players", a.play.players,
                     "seats, e.g. \"Ann,bot:greedy\" (default: you against bot:greedy; bots only "
                     "when there is no terminal)");
  c.play->add_option("--seed", a.play.seed, "seed of the shuffle (default: from the clock)");
  c.play->add_option("--out", a.play.out_file, "write the game record (TGN) here, after every decision");
  c.play->add_flag("--quiet,-q", a.play.quiet, "print only the result");
  c.play->add_flag("--no-record", a.no_record, "do not store the game as a replay in the database");
  c.play->add_flag("--with-rules", a.play.with_rules,
                   "--out: embed the rule set's content pack (TGN 2), so a database without it can replay the game");
  add_db(c.play);

  c.suggest = app.add_subcommand("suggest", "a bot's choice for a record's pending decision");
  c.suggest->add_option("file", a.suggest.file, "the record (.tgn)")->required();
  c.suggest->add_option("--bot", a.suggest.bot, "the bot, as in simulate --bots (greedy, mcts, mcts:200)")
      ->capture_default_str();
  c.suggest->add_option("--seed", a.suggest.seed, "the bot's seed")->capture_default_str();
  c.suggest->add_flag("--json", a.suggest.json,
                      "the choice and the best options with the bot's evaluation, as JSON (errors too)");
  add_db(c.suggest);

  c.analyse = app.add_subcommand("analyse", "evaluate every ply of a recorded game: mistakes marked, better moves shown");
  c.analyse->add_option("file", a.analyse.file, "the record (.tgn); or --replay ID");
  c.analyse->add_option("--replay", a.analyse_replay, "a replay stored in the database, by id");
  c.analyse->add_option("--bot", a.analyse.bot, "the search and its budget a ply: mcts (500 iterations) or mcts:N")
      ->capture_default_str();
  c.analyse->add_option("--seed", a.analyse.seed, "the search's seed (ply p searches with a seed made of it and p)")
      ->capture_default_str();
  c.analyse->add_option("--threads", a.analyse.threads, "plies searched at once (0 = every core); the result does not depend on it")
      ->capture_default_str();
  c.analyse->add_flag("--json", a.analyse.json, "one JSON object a ply (errors too)");
  c.analyse->add_flag("--annotate", a.analyse.annotate,
                      "write marks, comments and best lines into the replay (or, for a FILE, into --out)");
  c.analyse->add_option("--out", a.analyse.out_file, "with FILE --annotate: the annotated record (TGN)");
  c.analyse->add_flag("--variations", a.analyse.variations,
                      "also evaluate every move of every variation (reported; --annotate marks the main line only)");
  c.analyse->add_flag("--win", a.analyse.win, "competitive: evaluate the chance to win (percent) instead of the score margin");
  c.analyse->add_option("--inaccuracy", a.analyse.inaccuracy,
                        "loss marked ?! (default 3 points; win chance and co-op: 5 percentage points)");
  c.analyse->add_option("--mistake", a.analyse.mistake, "loss marked ? (default 6 points; percent: 10)");
  c.analyse->add_option("--blunder", a.analyse.blunder, "loss marked ?? (default 12 points; percent: 20)");
  c.analyse->add_option("--min-visits", a.analyse.min_visits,
                        "visits the best option and the move played get at least (default: half the "
                        "budget, at least 20)")
      ->check(CLI::NonNegativeNumber);
  c.analyse->add_option("--from", a.analyse.from, "first ply analysed")->check(CLI::NonNegativeNumber);
  c.analyse->add_option("--to", a.analyse.to, "last ply analysed")->check(CLI::NonNegativeNumber);
  add_db(c.analyse);

  c.replay = add_replay_commands(app, a.replay);
  c.content = add_content_commands(app, a.content);

  c.completion = app.add_subcommand("completion", "print the shell completion script (bash or zsh)");
  c.completion->add_option("shell", a.shell, "bash or zsh")->required()->check(CLI::IsMember({"bash", "zsh"}));
  c.man = app.add_subcommand("man", "print the manual page (roff; man -l - to read it)");
  return c;
}

std::vector<const CLI::App*> subcommands_of(const CLI::App* app) {
  return app->get_subcommands([](const CLI::App*) { return true; });
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
    const auto names = names_of(subs);
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

bool wants_json(const std::vector<std::string>& args) {
  // simulate, compare and merge take --json FILE: their failures stay on err.
  for (const char* file_json : {"simulate", "compare", "merge"})
    if (args.size() > 1 && std::find(args.begin() + 1, args.end(), file_json) != args.end()) return false;
  return std::find(args.begin(), args.end(), "--json") != args.end();
}

void json_error(std::ostream& out, const std::string& message) {
  nlohmann::ordered_json j;
  j["error"] = message;
  j["ply"] = nullptr;
  j["line"] = nullptr;
  out << json_text(j) << '\n';
}

}  // namespace

int run_cli(const std::vector<std::string>& args_in, std::istream& in, std::ostream& out, std::ostream& err) {
  std::vector<std::string> args = args_in;
  if (args.empty()) args.push_back("tilewright");
  CLI::App app{"Tilewright: a workshop for Carcassonne rule variants"};
  app.name("tilewright");
  Args a;
  const Commands c = define(app, a);
  const bool json = wants_json(args);
  auto usage_error = [&](const std::string& message) {
    err << message << "\nRun with --help for more information.\n";
    if (json) json_error(out, message);
    return kExitInput;
  };
  if (auto m = unknown_command(app, args); !m.empty()) return usage_error(m);
  try {
    std::vector<std::string> reversed(args.rbegin(), args.rend() - 1);  // CLI11 takes them reversed
    app.parse(reversed);
  } catch (const CLI::CallForHelp&) {
    std::string path;
    out << deepest(app, args, &path)->help();
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
    return usage_error(path + ": " + e.what());
  } catch (const CLI::ParseError& e) {
    std::string path;
    deepest(app, args, &path);
    return usage_error(path + ": " + e.what());
  }
  if (!a.replay.db) a.replay.db = a.db.db;

  if (c.completion->parsed()) {
    out << completion_script(a.shell);
    return kExitOk;
  }
  if (c.man->parsed()) {
    out << man_page();
    return kExitOk;
  }
  if (c.replay->parsed()) return cmd_replay(a.replay, out, err);
  if (c.analyse->parsed()) {
    a.analyse.db = a.db.db;
    if (c.analyse->count("--replay") > 0) a.analyse.replay = a.analyse_replay;
    a.analyse.progress = &err == &std::cerr && isatty(STDERR_FILENO);
    return cmd_analyse(a.analyse, out, err);
  }
  if (c.content->parsed()) {
    if (!a.content.db) a.content.db = a.db.db;
    a.content.json = a.content.json || json;
    return cmd_content(a.content, out, err);
  }
  if (c.merge->parsed()) return cmd_merge(a.merge, out, err);
  for (auto [sub, text, index, count] :
       {std::tuple{c.simulate, &a.sim_shard, &a.sim.shard_index, &a.sim.shard_count},
        std::tuple{c.compare, &a.compare_shard, &a.compare.shard_index, &a.compare.shard_count}}) {
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
      return usage_error("tilewright " + sub->get_name() + ": --shard wants I/N with 0 <= I < N (e.g. 0/4), not '" +
                         text::printable(*text, 60) + "'");
    *index = i;
    *count = n;
  }

  if (c.validate->parsed()) {
    if (a.validate_db) a.db.db = a.validate_db;
    std::string path;
    try {
      path = resolve_db_path(a.db.db);
    } catch (const std::exception& e) {
      err << "tilewright: " << e.what() << '\n';
      return db_exit_code(e);
    }
    return cmd_validate(path, out, err, a.validate_full);
  }
  // Commands that store replays open the database for writing first (migrating it, and
  // refusing a write-protected one before any game is played).
  if ((c.play->parsed() && !a.no_record) || (c.simulate->parsed() && a.sim_record)) {
    std::string record_db;
    try {
      record_db = resolve_db_path(a.db.db);
      Store::open(record_db, Store::Mode::ReadWrite);
    } catch (const std::exception& e) {
      err << "tilewright: " << e.what()
          << (c.play->parsed() ? " (the game was not started; --no-record plays without storing it)"
                               : " (no game was played)")
          << '\n';
      return db_exit_code(e);
    }
    a.play.replay_db = a.sim.record_db = record_db;
  }
  int code = 0;
  std::ostringstream load_err;
  std::string db_path;
  auto content = load_db(a.db, json ? load_err : err, &code, &db_path);
  a.play.db_path = db_path;
  if (!content) {
    if (json) {
      err << load_err.str();
      std::string m = load_err.str();
      while (!m.empty() && m.back() == '\n') m.pop_back();
      json_error(out, m);
    }
    return code;
  }
  if (c.run->parsed()) return cmd_run(*content, a.run, out, err);
  if (c.options->parsed()) return cmd_options(*content, a.options_file, out, err);
  if (c.suggest->parsed()) return cmd_suggest(*content, a.suggest, out, err);
  if (c.simulate->parsed()) {
    a.sim.bots.clear();
    for (size_t start = 0; start <= a.sim_bots.size();) {
      size_t comma = a.sim_bots.find(',', start);
      if (comma == std::string::npos) comma = a.sim_bots.size();
      std::string b = a.sim_bots.substr(start, comma - start);
      b.erase(0, b.find_first_not_of(' '));
      if (const auto last = b.find_last_not_of(' '); last != std::string::npos) b.erase(last + 1);
      if (b.rfind("bot:", 0) == 0) b = b.substr(4);
      if (!b.empty()) a.sim.bots.push_back(b);
      start = comma + 1;
    }
    a.sim.explicit_bots = c.simulate->count("--bots") > 0;
    a.sim.players = a.sim_players;
    a.sim.progress = &err == &std::cerr && isatty(STDERR_FILENO);
    return cmd_simulate(*content, a.sim, out, err);
  }
  if (c.compare->parsed()) {
    for (size_t start = 0; start <= a.compare_bots.size();) {
      size_t comma = a.compare_bots.find(',', start);
      if (comma == std::string::npos) comma = a.compare_bots.size();
      std::string b = a.compare_bots.substr(start, comma - start);
      b.erase(0, b.find_first_not_of(' '));
      if (const auto last = b.find_last_not_of(' '); last != std::string::npos) b.erase(last + 1);
      if (b.rfind("bot:", 0) == 0) b = b.substr(4);
      if (!b.empty()) a.compare.bots.push_back(b);
      start = comma + 1;
    }
    a.compare.progress = &err == &std::cerr && isatty(STDERR_FILENO);
    return cmd_compare(*content, a.compare, out, err);
  }
  if (c.bench->parsed()) return cmd_bench(*content, a.bench, out, err);
  if (c.play->parsed()) {
    const bool interactive = &in == &std::cin && isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
    return cmd_play(*content, a.play, in, out, err, interactive);
  }
  return kExitInput;
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
  for (const auto* s : subcommands_of(at)) walk(s, path.empty() ? s->get_name() : path + " " + s->get_name(), out);
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

std::string completion_script(const std::string& shell) {
  Tree t;
  std::vector<std::pair<std::string, const CLI::App*>> all;
  walk(&t.app, "", all);
  std::ostringstream s;
  if (shell == "bash") {
    s << "# bash completion for tilewright (generated by `tilewright completion bash`)\n"
         "_tilewright() {\n"
         "  local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\" path=\"\" w i\n"
         "  for ((i = 1; i < COMP_CWORD; i++)); do\n"
         "    w=\"${COMP_WORDS[i]}\"\n"
         "    case \"$w\" in -*) continue ;; esac\n"
         "    case \"$path $w\" in\n";
    for (const auto& [path, app] : all)
      if (!path.empty()) s << "      \" " << path << "\") path=\"" << path << "\" ;;\n";
    s << "    esac\n"
         "  done\n"
         "  case \"$prev\" in\n"
         "    --db|--out) COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n"
         "  esac\n"
         "  local words\n"
         "  case \"$path\" in\n";
    for (const auto& [path, app] : all) {
      std::vector<std::string> w = names_of(subcommands_of(app));
      for (const auto& o : option_names(app)) w.push_back(o);
      if (path.empty()) w.push_back("--help"), w.push_back("--version");
      s << "    \"" << path << "\") words=\"" << words(w) << "\" ;;\n";
    }
    s << "  esac\n"
         "  if [[ \"$cur\" != -* && \"$words\" != *[a-z]\\ * && -n \"$path\" ]]; then\n"
         "    COMPREPLY=($(compgen -f -- \"$cur\"))\n"
         "  fi\n"
         "  COMPREPLY+=($(compgen -W \"$words\" -- \"$cur\"))\n"
         "}\n"
         "complete -o filenames -F _tilewright tilewright\n";
    return s.str();
  }
  if (shell == "zsh") {
    s << "#compdef tilewright\n"
         "# zsh completion for tilewright (generated by `tilewright completion zsh`)\n"
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
         "  case \"${(j: :)path_words}\" in\n";
    for (const auto& [path, app] : all) {
      s << "    \"" << path << "\")\n      _describe 'tilewright' '(";
      for (const auto* sub : subcommands_of(app)) {
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
      if (!path.empty() && subcommands_of(app).empty()) s << "      _files\n";
      s << "      ;;\n";
    }
    s << "  esac\n"
         "}\n"
         "compdef _tilewright tilewright\n";
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
    << ".SH COMMANDS\n";
  for (const auto& [path, app] : all) {
    if (path.empty() || !subcommands_of(app).empty()) continue;
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
    << ".SH ENVIRONMENT\n"
    << ".TP\n.B TILEWRIGHT_DB\nthe database used without \\-\\-db\n"
    << ".TP\n.B TILEWRIGHT_DEFAULT_DB\nthe bundled database your own is copied from\n"
    << ".TP\n.B XDG_DATA_HOME, XDG_STATE_HOME\nwhere your database and play's recovery files live\n"
    << ".SH FILES\n.TP\n.I ~/.local/share/tilewright/tilewright.db\nyour database\n"
    << ".TP\n.I ~/.local/state/tilewright/recovery/\ngames in progress without \\-\\-out\n"
    << ".SH SEE ALSO\nThe README of the project; docs/notation.md for the game-record format.\n";
  return s.str();
}

}  // namespace tw
