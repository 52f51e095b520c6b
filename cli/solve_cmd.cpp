#include "cli/solve_cmd.h"

#include <iostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/files.h"
#include "engine/bots/nrpa.h"
#include "engine/bots/proof.h"
#include "engine/bots/solver.h"
#include "engine/plural.h"
#include "engine/report.h"
#include "engine/rules/level.h"
#include "engine/tgn.h"
#include "present/record.h"
#include "replay/digest.h"
#include "replay/log.h"
#include "replay/tgn_io.h"
#include "replay/tree.h"
#include "study/study.h"

namespace tw {

GameSetup solve_setup(const std::string& rule_set, const std::string& level, int players, uint64_t seed) {
  return study::solver_setup(rule_set, level, players, seed);
}

std::optional<std::string> line_record(const Content& c, const GameSetup& setup, const std::vector<Option>& line,
                                       std::string* error) {
  // The same record the editor's "Open a winning line" opens (study/study.h).
  auto rp = study::line_replay(c, setup, line, error);
  if (!rp) return std::nullopt;
  return replay::export_tgn(*rp);
}

int cmd_solve(const Content& c, const SolveOptions& opts, std::ostream& out, std::ostream& err) {
  SolveOptions o = opts;
  if (auto e = resolve_level(c, o.rule_set, o.level, "solve", err)) return *e;
  if (o.level.empty()) {
    err << "tilewright solve: name a co-op level (--level mists-1): the solver searches for a team's win\n";
    return kExitInput;
  }
  if (o.nodes <= 0 && o.seconds <= 0) {
    err << "tilewright solve: give a budget: --nodes N (N >= 1) or --seconds T (T > 0)\n";
    return kExitInput;
  }
  const GameSetup setup = solve_setup(o.rule_set, o.level, o.players, o.seed);
  Game g;
  if (auto v = Game::create(c, setup, g)) {
    err << "tilewright solve: " << v->message << '\n';
    return kExitInput;
  }
  SolverConfig cfg;
  cfg.max_nodes = o.nodes > 0 ? o.nodes : 0;
  cfg.max_seconds = o.seconds;
  cfg.first_width = o.width;
  if (o.no_rollouts) cfg.rollouts = 0;
  if (o.no_prune) cfg.prune = false;
  cfg.rollout_bias = o.no_rollouts ? 0.0 : o.rollout_bias;
  cfg.colour_search = !o.no_colour_search;
  // A sound bound first (engine/bots/proof.h): a deal it proves impossible needs no search.
  const std::optional<Impossibility> proof = prove_impossible(g);
  SolveResult r;
  if (!proof && o.method == "beam") {
    r = solve(g, cfg);
  } else if (!proof) {  // nrpa, gnrpa: measured against the beam (docs/solver.md)
    NrpaConfig nc;
    nc.max_nodes = cfg.max_nodes;
    nc.bias = o.method == "gnrpa";
    r = solve_nrpa(g, nc);
  }
  const Level& level = *view_report(g).level;  // (a co-op game: its report names the level)
  const std::string argument = proof ? impossibility_text(g, *proof) : std::string();
  std::string verdict = r.won         ? "won"
                        : proof       ? "impossible: " + argument
                        : r.exhaustive ? "exhaustive: no win exists"
                                       : "no win found within the budget";
  std::string record, confirmed;
  if (r.won) {
    std::string why;
    const auto text = line_record(c, setup, r.line, &why);
    if (!text) {
      err << "tilewright solve: the line found does not replay: " << why << '\n';
      return kExitIllegal;
    }
    record = *text;
    // The record is checked as `tilewright run` reads and plays it.
    auto parsed = tgn::parse(record);
    const Replayed rp = parsed.record ? replay_record(c, *parsed.record) : Replayed{};
    if (!parsed.record || rp.error || rp.game.outcome() != Outcome::Win) {
      err << "tilewright solve: the winning record does not replay as a win"
          << (rp.error ? ": " + *rp.error : std::string()) << '\n';
      return kExitIllegal;
    }
    confirmed = result_text(rp.game);
    if (!o.out_file.empty()) {
      std::string error;
      if (!write_file_atomic(o.out_file, record, &error, false)) {
        err << "tilewright solve: " << error << '\n';
        return kExitInput;
      }
    }
  }
  const std::string budget = o.seconds > 0 ? fmt::format("{} nodes / {:g} s", o.nodes, o.seconds)
                                           : fmt::format("{} nodes", o.nodes);
  if (o.json) {
    nlohmann::ordered_json j;
    j["level"] = o.level;
    j["players"] = o.players;
    j["seed"] = o.seed;
    j["budget"] = {{"nodes", o.nodes}, {"seconds", o.seconds}, {"first_width", o.width}, {"rollouts", !o.no_rollouts}, {"prune", !o.no_prune}, {"rollout_bias", o.no_rollouts ? 0.0 : o.rollout_bias}, {"colour_search", !o.no_colour_search}};
    if (o.method != "beam") j["method"] = o.method;
    j["verdict"] = r.won ? "win" : proof ? "impossible" : r.exhaustive ? "exhaustive" : "budget";
    if (proof) {
      j["proof"] = {{"bound", proof->bound},
                    {"argument", argument},
                    {"deadline", proof->dog >= 0 ? "dog " + std::to_string(proof->dog + 1) : std::string("target")},
                    {"need", proof->need},
                    {"most", proof->most},
                    {"marker", proof->marker >= 0 ? std::string(kColourNames[static_cast<size_t>(proof->marker)])
                               : proof->marker == -1 ? std::string("team") : std::string("unchosen")},
                    {"now", proof->now},
                    {"feeders", proof->feeders},
                    {"board", proof->board},
                    {"tiles", proof->tiles},
                    {"tiles_value", proof->tiles_value},
                    {"pile_from", proof->pile_from + 1},
                    {"pile_to", proof->pile_to},
                    {"dog_points", proof->dog_points}};
    }
    j["won"] = r.won;
    j["exhaustive"] = r.exhaustive;
    j["nodes"] = r.nodes;
    j["passes"] = r.passes;
    j["rollouts"] = r.rollouts;
    j["dead"] = r.dead;
    j["width"] = r.width;
    j["depth"] = r.depth;
    j["best_progress"] = r.best_progress;
    if (!r.won && !r.best_end.empty()) {
      j["best_end"] = {{"reason", r.best_end}, {"tile", r.best_end_tile}};
      nlohmann::ordered_json ends = nlohmann::ordered_json::object();
      for (const auto& [why, n] : r.rollout_ends) ends[why] = n;
      j["rollout_ends"] = ends;
    }
    j["target"] = level.target;
    j["seconds"] = r.seconds;
    j["stopped_by_time"] = r.stopped_by_time;
    if (r.won) {
      j["decisions"] = r.line.size();
      j["result"] = confirmed;
      if (o.out_file.empty() || is_standard_stream(o.out_file)) j["record"] = record;
      else j["out"] = o.out_file;
    }
    if (!is_standard_stream(o.out_file) || !r.won) out << json_text(j) << '\n';
    return kExitOk;
  }
  if (is_standard_stream(o.out_file) && r.won) return kExitOk;  // the record alone on standard output
  out << fmt::format("solve: level {} ({}), {} players, seed {}, budget {}\n", o.level, level.rule_set, o.players,
                     o.seed, budget);
  if (r.won)
    out << fmt::format("won: a line of {} over {} ({}; replayed as `tilewright run` does: win)\n",
                       text::counted(static_cast<long long>(r.line.size()), "decision", "decisions"),
                       text::counted(r.depth, "turn", "turns"), confirmed);
  else
    out << verdict << '\n';
  if (proof) return kExitOk;  // no search was needed
  out << fmt::format("effort: {} nodes, {} pass{} (last width {}), {} rollout{}, {} proved dead, depth reached {} "
                     "turns, best progress {} of {}, {:.2f} s{}\n",
                     r.nodes, r.passes, r.passes == 1 ? "" : "es", r.width, r.rollouts, r.rollouts == 1 ? "" : "s",
                     r.dead, r.depth, r.best_progress, level.target, r.seconds,
                     r.stopped_by_time ? " (stopped by --seconds)" : "");
  if (r.won && !o.out_file.empty()) out << "wrote " << o.out_file << '\n';
  return kExitOk;
}

}  // namespace tw
