#include "cli/commands.h"

#include <atomic>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <thread>

#include <sys/ioctl.h>
#include <unistd.h>

#include <fmt/format.h>

#include "cli/colour.h"
#include "cli/files.h"
#include "cli/record_rules.h"
#include "present/record.h"
#include "engine/plural.h"
#include "engine/report.h"
#include "engine/text.h"
#include "engine/bots/bots.h"
#include "engine/tgn.h"
#include "replay/digest.h"
#include "replay/log.h"
#include "replay/replay_store.h"
#include "schema/paths.h"
#include "schema/pack.h"
#include "schema/store.h"

namespace tw {

int db_exit_code(const std::exception& e) {
  return dynamic_cast<const BusyError*>(&e) ? kExitBusy : kExitDatabase;
}

int command_failed(std::ostream& err, std::string_view command, std::string_view message, int code) {
  err << "tilewright " << command << ": " << text::printable(message, text::PrintableOptions{64u << 10, true})
      << '\n';
  return code;
}

std::optional<Content> load_db(const DbOptions& o, std::ostream& err, int* code, std::string* path_out) {
  try {
    const std::string path = resolve_db_path(o.db);
    if (path_out) *path_out = path;
    Store store = Store::open(path, Store::Mode::ReadOnly);
    return store.load_content();
  } catch (const std::exception& e) {
    err << "tilewright: " << e.what() << '\n';
    if (code) *code = db_exit_code(e);
    return std::nullopt;
  }
}

namespace {

// The state's player lines with each player's name in their colour (cli/colour.h).
std::string coloured_state(const Game& g, std::string text, bool on) {
  if (!on) return text;
  const bool coop = view_report(g).coop;
  for (int p = 0; p < g.player_count(); ++p) {
    const int colour = coop ? (g.colours_of(p).empty() ? -1 : g.colours_of(p)[0]) : p;
    const std::string name = text::printable(seat_label(g.setup().players, static_cast<size_t>(p)));
    const std::string line = coop ? "\n  " + name + ": "
                                      : "\n  " + std::string(kColourNames[static_cast<size_t>(p)]) + "  " + name + ": ";
    const size_t at = text.find(line);
    if (at == std::string::npos) continue;
    const size_t start = at + 3, len = line.size() - 5;  // after "\n  ", before ": "
    text.replace(start, len, paint(text.substr(start, len), colour, true));
  }
  return text;
}

std::optional<tgn::Record> read_record(const std::string& path, std::ostream& err) {
  std::string error;
  const auto text = read_text_file(path, tgn::kMaxRecordBytes, "a game record", &error);
  if (!text) {
    err << "tilewright: " << text::printable(error, 1000) << '\n';
    return std::nullopt;
  }
  auto parsed = tgn::parse(*text);
  if (!parsed.record) {
    for (const auto& e : parsed.errors)
      err << text::printable(path, 1000) << ":" << e.line << ":" << e.column << ": " << text::printable(e.message, 1000)
          << '\n';
    return std::nullopt;
  }
  return std::move(*parsed.record);
}

}  // namespace

int cmd_run(const Content& c_db, const RunOptions& o, std::ostream& out, std::ostream& err) {
  // A failure is said on err; with --json also as one object on out, same exit code.
  using J = nlohmann::ordered_json;
  const auto fail = [&](int code, const std::string& message, std::optional<int> ply, int line, int column,
                        const J& extra = J::object()) {
    err << message << '\n';
    if (o.json) {
      J j;
      j["error"] = message;
      j["ply"] = ply ? J(*ply) : J(nullptr);
      j["line"] = line > 0 ? J(line) : J(nullptr);
      if (column > 0) j["column"] = column;
      for (auto it = extra.begin(); it != extra.end(); ++it) j[it.key()] = it.value();
      out << json_text(j) << '\n';
    }
    return code;
  };
  const std::string file = text::printable(o.file, 1000);
  std::string read_error;
  const auto text = read_text_file(o.file, tgn::kMaxRecordBytes, "a game record", &read_error);
  if (!text) return fail(kExitInput, "tilewright: " + text::printable(read_error, 1000), std::nullopt, 0, 0);
  auto parsed = tgn::parse(*text);
  if (!parsed.record) {
    J all = J::array();
    for (size_t i = 0; i + 1 < parsed.errors.size(); ++i) {
      const auto& e = parsed.errors[i];
      err << file << ":" << e.line << ":" << e.column << ": " << text::printable(e.message, 1000) << '\n';
      all.push_back(J{{"line", e.line}, {"column", e.column}, {"message", text::printable(e.message, 1000)}});
    }
    const auto& last = parsed.errors.back();
    all.push_back(J{{"line", last.line}, {"column", last.column}, {"message", text::printable(last.message, 1000)}});
    const auto& first = parsed.errors.front();
    return fail(kExitInput,
                file + ":" + std::to_string(last.line) + ":" + std::to_string(last.column) + ": " +
                    text::printable(last.message, 1000),
                std::nullopt, first.line, first.column, J{{"errors", all}});
  }
  const tgn::Record& rec = *parsed.record;
  // The rules the record is played on: the database's, or the ones it carries (TGN 2).
  const RecordRules rules = record_rules(c_db, rec, file);
  if (rules.error) return fail(kExitInput, *rules.error, std::nullopt, 0, 0);
  for (const auto& n : rules.notes) err << text::printable_lines(n) << '\n';
  std::vector<std::string> warnings = rules.warnings;
  for (const auto& w : warnings) err << "warning: " << text::printable_lines(w) << '\n';
  const Content& c = rules.content(c_db);
  if (!rec.tag("Level"))
    if (const std::string* rs = rec.tag("Ruleset"))
      if (const RuleSet* set = c.find_rule_set(*rs); set && set->system == System::Mists) {
        std::string rule_set = *rs, level;
        resolve_level(c, rule_set, level, "run", err);  // says which level is played
      }
  Replayed r = replay_record(c, rec, o.ply);
  if (r.setup_failed) return fail(kExitInput, file + ": " + text::printable(*r.error, 2000), std::nullopt, 0, 0);
  if (r.error) {
    const int ply = r.plies + 1;
    const int line = ply >= 1 && ply <= static_cast<int>(rec.mainline.size())
                         ? rec.mainline[static_cast<size_t>(ply - 1)].line
                         : 0;
    if (o.verbose) {
      err << file << ": " << text::printable(*r.error, 2000) << '\n' << "legal options:\n";
      for (const auto& opt : r.legal) err << "  " << text::printable(opt, 200) << '\n';
      if (!o.json) return kExitIllegal;
      J j;
      j["error"] = file + ": " + text::printable(*r.error, 2000);
      j["ply"] = ply;
      j["line"] = line > 0 ? J(line) : J(nullptr);
      j["legal"] = r.legal;
      out << json_text(j) << '\n';
      return kExitIllegal;
    }
    return fail(kExitIllegal, file + ": " + text::printable(*r.error, 2000), ply, line, 0, J{{"legal", r.legal}});
  }
  if (!o.ply)
    if (auto m = result_tag_mismatch(rec, r.game, file)) {
      err << "warning: " << *m << '\n';
      warnings.push_back(*m);
    }
  if (o.json) {
    auto j = state_json(r.game);
    if (!warnings.empty()) j["warnings"] = warnings;
    out << json_text(j) << '\n';
  } else {
    out << coloured_state(r.game, text::printable_lines(state_text(r.game)), colour_wanted(out));
  }
  return kExitOk;
}

int cmd_options(const Content& c_db, const std::string& file, std::ostream& out, std::ostream& err) {
  auto rec = read_record(file, err);
  if (!rec) return kExitInput;
  const RecordRules rules = record_rules(c_db, *rec, text::printable(file, 1000));
  if (rules.error) {
    err << text::printable_lines(*rules.error) << '\n';
    return kExitInput;
  }
  for (const auto& n : rules.notes) err << text::printable_lines(n) << '\n';
  for (const auto& w : rules.warnings) err << "warning: " << text::printable_lines(w) << '\n';
  const Content& c = rules.content(c_db);
  Replayed r = replay_record(c, *rec);
  if (r.setup_failed) {
    err << text::printable(file, 1000) << ": " << text::printable(*r.error, 2000) << '\n';
    return kExitInput;
  }
  if (r.error) {
    err << text::printable(file, 1000) << ": " << text::printable(*r.error, 2000) << '\n';
    return kExitIllegal;
  }
  if (auto m = result_tag_mismatch(*rec, r.game, text::printable(file, 1000))) err << "warning: " << *m << '\n';
  if (r.game.finished()) {
    err << text::printable(file, 1000) << ": the game is over (" << text::printable(result_text(r.game), 400)
        << "); no decision is pending\n";
    return kExitIllegal;
  }
  for (const auto& s : option_strings(r.game)) out << text::printable(s, 1000) << '\n';
  return kExitOk;
}

std::string json_text(const nlohmann::ordered_json& j) {
  // Text reaches the JSON from files and databases: a byte that is not UTF-8 becomes
  // U+FFFD instead of an exception (records refuse such bytes at read already).
  return j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

int cmd_validate(const std::string& db_path, std::ostream& out, std::ostream& err, bool full, bool json) {
  // Every problem goes to err as a line; with `json` the result (or the problems) is also
  // one object on out: {"database", "ok", "full", counts..., "problems": [...]} and, on
  // failure, "error" as every --json command prints it.
  using J = nlohmann::ordered_json;
  std::vector<std::string> problems;
  const auto problem = [&](const std::string& line) {
    err << line << '\n';
    problems.push_back(line);
  };
  const auto failed = [&](int code, const std::string& summary) {
    if (json) {
      J j;
      j["error"] = summary;
      j["ply"] = nullptr;
      j["line"] = nullptr;
      j["database"] = db_path;
      j["ok"] = false;
      j["full"] = full;
      j["problems"] = problems;
      out << json_text(j) << '\n';
    }
    return code;
  };
  Content content;
  try {
    Store store = Store::open(db_path, Store::Mode::ReadOnly);
    if (full) {
      // The thorough check of the file (tables against their indexes), before the content.
      const auto found = store.integrity_check();
      if (!found.empty()) {
        for (const auto& p : found) problem(db_path + ": PRAGMA integrity_check: " + p);
        const std::string summary = db_path + ": the file is damaged (" + std::to_string(found.size()) + " problem" +
                                    (found.size() == 1 ? "" : "s") +
                                    " found by PRAGMA integrity_check); restore it from a copy, or recover its rows "
                                    "with sqlite3's .recover";
        err << summary << '\n';
        return failed(kExitDatabase, summary);
      }
      const auto broken = store.constraint_check();
      if (!broken.empty()) {
        for (const auto& p : broken) problem(db_path + ": " + p);
        const std::string summary =
            db_path + ": " + std::to_string(broken.size()) + " row" + (broken.size() == 1 ? " breaks" : "s break") +
            " the constraints of its table; remove or correct " + (broken.size() == 1 ? "it" : "them") +
            " (a replay: tilewright replay delete ID)";
        err << summary << '\n';
        return failed(kExitDatabase, summary);
      }
    }
    content = store.load_content();
  } catch (const LoadError& e) {
    for (const auto& p : e.errors()) problems.push_back(format_error(e.source(), p));
    err << e.what() << '\n';
    const std::string summary =
        db_path + ": " + std::to_string(e.errors().size()) + " problem" + (e.errors().size() == 1 ? "" : "s");
    err << summary << '\n';
    return failed(kExitIllegal, summary);
  } catch (const std::exception& e) {
    const std::string summary = std::string("tilewright: ") + e.what();
    err << summary << '\n';
    return failed(db_exit_code(e), summary);
  }
  // Every rule set must also play: one seeded game of random bots, invariants checked.
  const auto failures_found = test_games(content, db_path);
  for (const auto& f : failures_found) problem(f);
  const size_t failures = failures_found.size();
  if (failures)
    return failed(kExitIllegal, db_path + ": " + std::to_string(failures) + " test game" + (failures == 1 ? "" : "s") +
                                    " failed");
  int tiles = 0;
  for (const auto& t : content.tiles) tiles += t.count;
  if (json) {
    J j;
    j["database"] = db_path;
    j["ok"] = true;
    j["full"] = full;
    j["terrains"] = content.terrains.size();
    j["tile_types"] = content.tiles.size();
    j["tiles"] = tiles;
    j["rule_sets"] = content.rule_sets.size();
    j["levels"] = content.levels.size();
    j["problems"] = J::array();
    out << json_text(j) << '\n';
    return kExitOk;
  }
  out << db_path << ": ok" << (full ? " (file and content)" : "") << " — "
      << text::counted(static_cast<long long>(content.terrains.size()), "terrain", "terrains") << ", "
      << text::counted(static_cast<long long>(content.tiles.size()), "tile type", "tile types") << " ("
      << text::counted(tiles, "tile", "tiles") << "), "
      << text::counted(static_cast<long long>(content.rule_sets.size()), "rule set", "rule sets") << ", "
      << text::counted(static_cast<long long>(content.levels.size()), "level", "levels") << "\n";
  return kExitOk;
}

std::vector<std::string> test_games(const Content& content, const std::string& where, const std::string& only) {
  std::vector<std::string> failures;
  auto bot = make_bot("random");
  // One seeded game of random bots; false (and a message) when it cannot start or
  // breaks an invariant.
  auto plays = [&](const GameSetup& s, int players, const std::string& what) {
    GameSetup seated = s;
    for (int p = 0; p < players && p < kMaxPlayers; ++p) seated.players.push_back({"bot:random", "random"});
    Game g;
    if (auto v = Game::create(content, seated, g)) {
      failures.push_back(where + ": " + what + ": " + v->message);
      return;
    }
    Rng rng(1);
    std::vector<Bot*> bots(seated.players.size(), bot.get());
    play_out(g, bots, rng);
    if (auto broken = g.check_invariants(); !broken.empty())
      failures.push_back(where + ": " + what + ": a test game broke an invariant: " + broken);
  };
  for (const auto& rs : content.rule_sets) {
    if (rs.system == System::Mists) continue;  // played through its levels below
    if (!only.empty() && rs.id != only) continue;
    GameSetup s;
    s.rule_set = rs.id;
    s.seed = 1;
    plays(s, static_cast<int>(std::max<int64_t>(2, rs.rules.min_players)), "rule set " + rs.id);
  }
  for (const auto& l : content.levels) {
    if (!only.empty() && l.id != only && l.rule_set != only) continue;
    for (const auto& f : l.followers) {
      GameSetup s;
      s.rule_set = l.rule_set;
      s.level = l.id;
      s.seed = 1;
      plays(s, f.players, "level " + l.id + ", " + std::to_string(f.players) + " players");
    }
  }
  return failures;
}

std::vector<std::string> known_bots() {
  std::vector<std::string> out;
  for (auto n : bot_names()) out.emplace_back(n);
  return out;
}

std::optional<int> resolve_level(const Content& c, std::string& rule_set, std::string& level, const char* command,
                                 std::ostream& err) {
  std::vector<std::string> known;
  for (const auto& l : c.levels) known.push_back(l.id);
  if (!level.empty()) {
    const Level* l = c.find_level(level);
    if (!l) {
      err << "tilewright " << command << ": unknown level '" << text::printable(level, 60) << "'"
          << text::did_you_mean(level, known) << " (known: " << (known.empty() ? "none" : text::joined(known))
          << ")\n";
      return kExitInput;
    }
    rule_set = l->rule_set;
    return std::nullopt;
  }
  const RuleSet* rs = c.find_rule_set(rule_set);
  if (!rs) {
    std::vector<std::string> sets;
    for (const auto& r : c.rule_sets) sets.push_back(r.id);
    err << "tilewright " << command << ": unknown rule set '" << text::printable(rule_set, 60) << "'"
        << text::did_you_mean(rule_set, sets) << " (known: " << text::joined(sets) << ")\n";
    return kExitInput;
  }
  if (rs->system == System::Mists) {
    // A co-op rule set is played through its levels: the first one, said so.
    for (const auto& l : c.levels)
      if (l.rule_set == rs->id) {
        level = l.id;
        err << "tilewright " << command << ": rule set " << rs->id << " is cooperative and is played through its "
            << "levels; playing " << l.id << " (give --level to choose: " << text::joined(known) << ")\n";
        return std::nullopt;
      }
    err << "tilewright " << command << ": rule set " << rs->id << " is cooperative and no level plays it\n";
    return kExitInput;
  }
  return std::nullopt;
}

// ---------------------------------------------------------------------------------
// bench

std::optional<BenchResult> run_bench(const Content& c, const BenchOptions& o, std::string* error) {
  GameSetup setup;
  setup.rule_set = o.rule_set;
  if (!o.level.empty()) {
    const Level* l = c.find_level(o.level);
    if (!l) {
      if (error) *error = "unknown level '" + o.level + "'";
      return std::nullopt;
    }
    setup.level = l->id;
    setup.rule_set = l->rule_set;
  }
  for (int p = 0; p < o.players; ++p) setup.players.push_back({"bot:random", "random"});
  auto bot = make_bot("random");
  std::vector<Bot*> bots(static_cast<size_t>(o.players), bot.get());
  BenchResult r;
  Fnv64 h;
  Game g;
  const auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < o.games; ++i) {
    setup.seed = static_cast<uint64_t>(i) + 1;
    if (auto v = Game::create(c, setup, g)) {
      if (error) *error = v->message;
      return std::nullopt;
    }
    g.set_playout(o.playout);
    Rng rng(setup.seed);
    r.plies += static_cast<uint64_t>(play_out(g, bots, rng));
    r.placements += g.placements_legal();
    h.u64(g.state_hash());
    ++r.games;
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  r.hash = h.h;
  return r;
}

int cmd_bench(const Content& c, const BenchOptions& o, std::ostream& out, std::ostream& err) {
  std::string error;
  auto r = run_bench(c, o, &error);
  if (!r) {
    err << "tilewright bench: " << error << '\n';
    return kExitInput;
  }
  out << fmt::format("bench: {} {}, {} games, {} random bots, seeds 1..{}, one thread{}\n",
                     o.level.empty() ? "rule set" : "level", o.level.empty() ? o.rule_set : o.level, r->games,
                     o.players, r->games, o.playout ? ", playout path" : "");
  out << fmt::format("signature: placements {} hash {:016x}\n", r->placements, r->hash);
  out << fmt::format("speed: {:.0f} games/s, {:.0f} placements/s, {:.0f} decisions/s ({:.3f} s)\n",
                     static_cast<double>(r->games) / r->seconds, static_cast<double>(r->placements) / r->seconds,
                     static_cast<double>(r->plies) / r->seconds, r->seconds);
  return kExitOk;
}

// ---------------------------------------------------------------------------------
// play

BoardView terminal_size() {
  BoardView v;
  winsize ws{};
  if (::ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0) {
    v.columns = ws.ws_col;
    v.rows = ws.ws_row;
  }
  const auto env_int = [](const char* name, int fallback) {
    const char* s = std::getenv(name);
    if (!s || !*s) return fallback;
    const int n = std::atoi(s);
    return n > 0 ? n : fallback;
  };
  if (v.columns <= 0) v.columns = env_int("COLUMNS", 80);
  if (v.rows <= 0) v.rows = env_int("LINES", 24);
  return v;
}

// " (did you mean 'place P -1,0 r0'?)" for a mistyped decision: the closest legal option's
// text, else the text with its first word (the verb) corrected when that makes it legal.
static std::string typo_hint(const Game& g, const std::string& line) {
  const auto all = option_strings(g);
  std::string best = text::closest(line, all);
  if (best.empty()) {
    const size_t sp = line.find(' ');
    std::vector<std::string> verbs;
    for (const auto& o : g.pending().options) {
      const std::string v(option_verb(o.kind));
      if (std::find(verbs.begin(), verbs.end(), v) == verbs.end()) verbs.push_back(v);
    }
    const std::string verb = text::closest(line.substr(0, sp), verbs);
    if (!verb.empty() && sp != std::string::npos) {
      const std::string fixed = verb + line.substr(sp);
      if (auto o = g.parse_option(fixed)) best = g.to_string(*o);
    }
  }
  return best.empty() ? std::string() : " (did you mean '" + text::printable(best) + "'?)";
}

int cmd_play(const Content& c, const PlayOptions& o, std::istream& in, std::ostream& out, std::ostream& err,
             bool interactive) {
  GameSetup setup;
  setup.rule_set = o.rule_set;
  setup.level = o.level;
  std::string players = o.players;
  // --resume: the record names the rules, the seed, the players and the moves so far.
  std::optional<tgn::Record> resumed;
  if (!o.resume.empty()) {
    if (o.seed || !o.level.empty()) {
      err << "tilewright play: --resume takes the rules, level and seed from the record (drop --seed/--level)\n";
      return kExitInput;
    }
    std::string why;
    const auto text = read_text_file(o.resume, tgn::kMaxRecordBytes, "a game record", &why);
    if (!text) {
      err << "tilewright play: " << text::printable(why, 1000) << '\n';
      return kExitInput;
    }
    auto parsed = tgn::parse(*text);
    if (!parsed.record) {
      const auto& e = parsed.errors.back();
      err << text::printable(o.resume, 1000) << ":" << e.line << ":" << e.column << ": "
          << text::printable(e.message, 1000) << '\n';
      return kExitInput;
    }
    GameSetup from;
    if (auto e = setup_from_record(*parsed.record, from)) {
      err << "tilewright play: " << text::printable(o.resume, 1000) << ": " << *e << '\n';
      return kExitInput;
    }
    if (!players.empty()) {  // other seats for the same players (a bot takes over, ...)
      if (parse_players(players).size() != from.players.size()) {
        err << "tilewright play: --players names " << parse_players(players).size() << " seats; the record has "
            << from.players.size() << '\n';
        return kExitInput;
      }
    } else {
      players = *parsed.record->tag("Players");
    }
    setup.rule_set = from.rule_set;
    setup.level = from.level;
    setup.draw = from.draw;
    setup.seed = from.seed;
    resumed = std::move(*parsed.record);
  } else if (auto e = resolve_level(c, setup.rule_set, setup.level, "play", err)) {
    return *e;
  }
  if (players.empty()) players = interactive ? "You, bot:greedy" : "bot:greedy, bot:random";
  setup.players = parse_players(players);
  for (const auto& p : setup.players) {
    // Names go into the record, which holds printable UTF-8 text only.
    const bool bad_bytes = text::invalid_utf8_at(p.name) != std::string_view::npos ||
                           text::printable(p.name, std::string::npos) != p.name;
    if (bad_bytes || p.name.size() > 100) {
      err << "tilewright play: the player name '" << text::printable(p.name, 100)
          << "' must be printable UTF-8 text of at most 100 bytes\n";
      return kExitInput;
    }
  }
  for (const auto& p : setup.players)
    if (!p.bot.empty() && !make_bot(p.bot)) {
      err << "tilewright play: unknown bot '" << text::printable(p.bot, 60) << "'"
          << text::did_you_mean(p.bot, known_bots()) << " (known: " << text::joined(known_bots()) << ")\n";
      return kExitInput;
    }
  if (!make_bot(o.hint_bot)) {
    err << "tilewright play: unknown --hint-bot '" << text::printable(o.hint_bot, 60) << "'"
        << text::did_you_mean(o.hint_bot, known_bots()) << " (known: " << text::joined(known_bots()) << ")\n";
    return kExitInput;
  }
  const uint64_t seed = resumed ? setup.seed
                       : o.seed ? *o.seed
                                : static_cast<uint64_t>(std::chrono::system_clock::now().time_since_epoch().count()) %
                                      1000000007ULL;
  setup.seed = seed;
  {
    Game probe;
    if (auto v = Game::create(c, setup, probe)) {
      err << "tilewright play: " << v->message << '\n';
      return kExitInput;
    }
  }
  // The database that will store the game must take writes: find out before playing.
  std::optional<Store> replay_store;
  if (!o.replay_db.empty()) {
    try {
      replay_store.emplace(Store::open(o.replay_db, Store::Mode::ReadWrite));
    } catch (const std::exception& e) {
      err << "tilewright play: " << e.what()
          << " (the game was not started; --no-record plays without storing, --out FILE keeps the record)\n";
      return db_exit_code(e);
    }
  }
  // The game so far is written after every decision: to --out, else to a recovery file
  // (removed once the game is finished and stored), so no game is ever lost.
  std::string save_path = o.out_file;
  bool recovery = false;
  if (save_path.empty() && resumed) {
    // A recovery file goes on being the game's recovery file; another record is left as it was.
    const std::string dir = recovery_dir();
    std::error_code ec;
    if (!dir.empty() && std::filesystem::equivalent(std::filesystem::path(o.resume).parent_path(), dir, ec)) {
      save_path = o.resume;
      recovery = true;
    }
  }
  if (save_path.empty()) {
    const std::string dir = recovery_dir();
    if (!dir.empty()) {
      save_path = (std::filesystem::path(dir) / fmt::format("play-{}-{}.tgn", seed, ::getpid())).string();
      recovery = true;
    }
  }
  std::vector<std::unique_ptr<Bot>> bots;
  for (const auto& p : setup.players) bots.push_back(p.bot.empty() ? nullptr : make_bot(p.bot));
  Rng bot_rng(seed ^ 0x9e3779b97f4a7c15ULL);

  tgn::Record rec;
  rec.set_tag("Format", tgn::kFormat);
  rec.set_tag("Ruleset", setup.rule_set);
  if (!setup.level.empty()) rec.set_tag("Level", setup.level);
  rec.set_tag("Players", players);
  rec.set_tag("Seed", std::to_string(seed));
  if (!setup.draw.empty()) rec.set_tag("Draw", text::joined(setup.draw, " "));
  {
    const auto now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm tm{};
    gmtime_r(&now, &tm);
    char date[16];
    std::strftime(date, sizeof date, "%Y-%m-%d", &tm);
    rec.set_tag("Date", date);
    if (resumed)
      if (const std::string* d = resumed->tag("Date")) rec.set_tag("Date", *d);  // the day it began
  }
  // The game is played through a Recorder: every decision is logged with its state hash.
  replay::Recorder recorder;
  {
    std::vector<replay::MetaTag> tags;
    for (const auto& t : rec.tags)
      if (t.name != "Format") tags.push_back({t.name, t.value});
    replay::Recorder::start(c, setup, recorder, std::move(tags));
  }
  // The record names the rules it is played with, and with --with-rules carries them.
  rec.set_tag("RulesDigest", replay::hex64(recorder.log().header.rules_digest));
  if (o.with_rules) {
    try {
      Store store = Store::open(o.db_path, Store::Mode::ReadOnly);
      std::string text = pack::pack_text(
          pack::export_pack(store, {setup.level.empty() ? "rule_set:" + setup.rule_set : "level:" + setup.level}));
      while (!text.empty() && text.back() == '\n') text.pop_back();
      rec.rules = std::move(text);
    } catch (const std::exception& e) {
      err << "tilewright play: --with-rules: " << e.what() << '\n';
      return db_exit_code(e);
    }
  }
  const Game& g = recorder.game();
  // Who made each decision of rec.mainline (take-back goes back to the mover's own).
  std::vector<int> movers;
  const auto restart = [&](const std::vector<tgn::Node>& moves) -> std::optional<std::string> {
    std::vector<replay::MetaTag> tags;
    for (const auto& t : rec.tags)
      if (t.name != "Format" && t.name != "RulesDigest") tags.push_back({t.name, t.value});
    if (auto v = replay::Recorder::start(c, setup, recorder, std::move(tags))) return v->message;
    rec.mainline.clear();
    movers.clear();
    for (const auto& n : moves) {
      if (g.finished()) return "'" + n.move + "' comes after the end of the game";
      const int mover = g.pending().player;
      if (auto v = recorder.apply(std::string_view(n.move)))
        return "ply " + std::to_string(g.ply() + 1) + ": '" + n.move + "': " + v->message;
      tgn::Node node;
      node.move = n.move;
      rec.mainline.push_back(node);
      movers.push_back(mover);
    }
    return std::nullopt;
  };
  if (resumed) {
    if (auto e = restart(resumed->mainline)) {
      err << "tilewright play: " << text::printable(o.resume, 1000) << ": " << text::printable(*e, 1000) << '\n';
      return kExitIllegal;
    }
    if (g.finished()) {
      err << "tilewright play: " << text::printable(o.resume, 1000) << ": the game is over (" << result_text(g)
          << "): nothing to resume\n";
      return kExitIllegal;
    }
  }
  if (!o.quiet) out << "Tilewright — " << setup.rule_set << ", seed " << seed << ", players: " << players << "\n";
  if (!o.quiet && resumed) out << "Resumed from " << text::printable(o.resume, 1000) << " at ply " << g.ply() << "\n";
  // At a terminal the board is a window that fits it, around the last tile placed.
  BoardView terminal;
  if (interactive) {
    terminal = terminal_size();
    terminal.rows = std::max(10, terminal.rows / 2);  // half the screen for the board, the rest for options
  }
  BoardView view = terminal;
  if (!o.quiet && setup.players.size() > 0) out << text::printable_lines(legend_text(g));
  bool quit = false, taken_back = false;
  while (!g.finished() && !quit) {
    const Decision& d = g.pending();
    const int p = d.player;
    const std::string& name = setup.players[static_cast<size_t>(p)].name;
    std::string chosen;  // the canonical text of `picked`, for the record and the screen
    Option picked;
    if (bots[static_cast<size_t>(p)]) {
      const size_t i = bots[static_cast<size_t>(p)]->choose(g, bot_rng);
      picked = d.options[i];
      chosen = g.to_string(picked);
    } else {
      // Placements that are the same by symmetry are listed once (any of them may be typed).
      const auto opts = distinct_option_strings(g);
      const auto show = [&] {
        out << '\n' << text::printable_lines(state_text(g, view));
        out << text::printable_lines(drawn_tile_text(g));
        for (size_t i = 0; i < opts.size(); ++i) out << std::setw(4) << i + 1 << ". " << text::printable(opts[i]) << '\n';
        const size_t all = g.pending().options.size();
        if (all > opts.size())
          out << "      (" << all << " options; rotations that give the same placement are listed once)\n";
      };
      show();
      for (;;) {
        out << name << ", your choice (number or option; u takes back, hint asks bot:" << o.hint_bot
            << "; h j k l c b move the board, ? legend, q stops): " << std::flush;
        std::string line;
        if (!std::getline(in, line) || line == "q" || line == "quit") {
          quit = true;
          break;
        }
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
        if (line == "u" || line == "undo") {
          // Take-back: to this player's previous decision, undoing only bots' decisions
          // (and this player's own) in between: another human's move is never undone.
          size_t k = movers.size();
          for (k = movers.size(); k > 0; --k) {
            const int m = movers[k - 1];
            if (m == p) break;
            if (!bots[static_cast<size_t>(m)]) {
              k = 0;
              break;
            }
          }
          if (k == 0) {
            out << "  nothing to take back: " << (movers.empty() ? "no decision yet" : "no earlier decision of yours "
                                                                                         "after another player's")
                << '\n';
            continue;
          }
          // Back to the decision at ply k (k - 1 kept); bots' decisions of the same turn go too.
          const std::vector<tgn::Node> keep(rec.mainline.begin(), rec.mainline.begin() + static_cast<long>(k - 1));
          if (auto e = restart(keep)) {  // cannot happen: these decisions were played
            err << "tilewright play: take-back: " << *e << '\n';
            return kExitIllegal;
          }
          out << "  taken back to ply " << g.ply() << '\n';  // as the board's heading counts: decisions made
          taken_back = true;
          break;
        }
        if (line == "hint") {
          auto hint_bot = make_bot(o.hint_bot);  // known: checked before the game
          Rng hint_rng(seed ^ (0x51ed2701ULL * static_cast<uint64_t>(g.ply() + 1)));
          const size_t i = hint_bot->choose(g, hint_rng);
          out << "  hint (bot:" << o.hint_bot << "): " << text::printable(g.to_string(canonical_option(g, d.options[i])))
              << '\n';
          continue;
        }
        if (line.size() == 1 && std::string_view("hjklcb?").find(line[0]) != std::string_view::npos) {
          switch (line[0]) {  // the board's window: 3 cells a step
            case 'h': view.pan_x -= 3; break;
            case 'l': view.pan_x += 3; break;
            case 'k': view.pan_y += 3; break;
            case 'j': view.pan_y -= 3; break;
            case 'c': view.pan_x = view.pan_y = 0; break;
            case 'b': view.columns = view.columns ? 0 : terminal.columns, view.rows = view.rows ? 0 : terminal.rows; break;
            default: out << legend_text(g); continue;
          }
          show();
          continue;
        }
        int idx = 0;
        std::istringstream num(line);
        std::string why;
        const bool numbered = num >> idx && num.eof() && idx >= 1 && idx <= static_cast<int>(opts.size());
        // What the player typed (or the listed option's text a number names) is read once.
        if (auto opt = g.parse_option(numbered ? opts[static_cast<size_t>(idx - 1)] : line, &why)) {
          picked = g.canonical(*opt);    // an equivalent rotation typed: the listed one
          chosen = g.to_string(picked);  // records keep the canonical text
          break;
        }
        out << "  not legal: " << why << typo_hint(g, line) << '\n';
      }
      if (quit) break;
      if (taken_back) {
        taken_back = false;
        continue;
      }
    }
    if (auto v = recorder.apply(picked)) {
      err << "tilewright play: " << v->message << '\n';
      return kExitIllegal;
    }
    tgn::Node node;
    node.move = chosen;
    rec.mainline.push_back(node);
    movers.push_back(p);
    if (!save_path.empty()) {
      std::string why;
      if (!write_file_atomic(save_path, tgn::write(rec), &why, false)) {
        if (!recovery) {
          err << "tilewright play: " << why << " (the game was stopped at ply " << g.ply() << ")\n";
          return kExitInput;
        }
        save_path.clear();  // no recovery file after all: the game goes on
      }
    }
    if (!o.quiet) {
      if (bots[static_cast<size_t>(p)] && chosen != "pass") out << name << ": " << text::printable(chosen) << '\n';
      for (const auto& line : event_lines(g)) out << "  " << text::printable(line) << '\n';
    }
  }
  replay::GameLog log = recorder.take_log();
  log.set_tag("RulesDigest", replay::hex64(log.header.rules_digest));
  if (g.finished()) {
    rec.set_tag("Result", result_text(g));
    log.set_tag("Result", result_text(g));
    if (!o.quiet) out << '\n' << text::printable_lines(board_text(g));
    out << "Result: " << result_text(g) << '\n';
  } else {
    out << "Stopped at ply " << g.ply() << ": " << result_text(g) << '\n';
  }
  if (!o.out_file.empty()) {
    std::string why;
    if (!write_file_atomic(o.out_file, tgn::write(rec), &why)) {
      err << "tilewright play: " << why << '\n';
      return kExitInput;
    }
    out << "Saved the game to " << o.out_file << '\n';
  } else if (recovery && !save_path.empty()) {
    std::string why;
    write_file_atomic(save_path, tgn::write(rec), &why);  // with the Result tag
  }
  if (replay_store && g.finished()) {
    try {
      const int64_t id = replay::ReplayStore(*replay_store).insert(replay::from_log(std::move(log)));
      out << "Stored the game as replay " << id << " in " << o.replay_db << '\n';
    } catch (const std::exception& e) {
      err << "tilewright play: " << e.what() << '\n';
      if (recovery && !save_path.empty())
        err << "tilewright play: the game is kept in " << save_path << " (tilewright replay import "
            << save_path << " stores it later)\n";
      return db_exit_code(e);
    }
  } else if (replay_store) {
    try {  // an unfinished game is stored too, so it can be reviewed or continued
      const int64_t id = replay::ReplayStore(*replay_store).insert(replay::from_log(std::move(log)));
      out << "Stored the unfinished game as replay " << id << " in " << o.replay_db << '\n';
    } catch (const std::exception& e) {
      err << "tilewright play: " << e.what() << '\n';
      if (recovery && !save_path.empty()) err << "tilewright play: the game is kept in " << save_path << '\n';
      return db_exit_code(e);
    }
  }
  if (recovery && !save_path.empty()) {
    if (g.finished() || replay_store) {
      std::error_code ec;
      std::filesystem::remove(save_path, ec);  // stored, or finished by choice unrecorded
    } else {
      out << "The game so far is kept in " << save_path << '\n';
    }
  }
  return kExitOk;
}

}  // namespace tw
