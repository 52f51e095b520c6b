#include "cli/suggest.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "analysis/analysis.h"
#include "cli/commands.h"
#include "cli/engine_session.h"
#include "cli/files.h"
#include "present/record.h"
#include "engine/bots/bots.h"
#include "engine/bots/mcts.h"
#include "engine/text.h"
#include "engine/tgn.h"

namespace tw {

int cmd_suggest(const Content& c, const SuggestOptions& o, std::ostream& out, std::ostream& err) {
  // A failure is said on err; with --json also as one object on out, same exit code.
  const auto fail = [&](int code, const std::string& message, int line = 0) {
    err << message << '\n';
    if (o.json) {
      nlohmann::ordered_json j;
      j["error"] = message;
      j["ply"] = nullptr;
      j["line"] = line > 0 ? nlohmann::ordered_json(line) : nlohmann::ordered_json(nullptr);
      out << json_text(j) << '\n';
    }
    return code;
  };
  std::string name = o.bot;
  if (name.rfind("bot:", 0) == 0) name = name.substr(4);
  auto bot = make_bot(name);
  if (!bot)
    return fail(kExitInput, "tilewright suggest: unknown bot '" + text::printable(o.bot, 60) + "'" +
                                text::did_you_mean(name, known_bots()) + " (known: " + text::joined(known_bots()) +
                                ", mcts:N, mcts:N:T)");
  const std::string file = text::printable(o.file, 1000);
  std::string why;
  const auto text = read_text_file(o.file, tgn::kMaxRecordBytes, "a game record", &why);
  if (!text) return fail(kExitInput, "tilewright: " + text::printable(why, 1000));
  auto parsed = tgn::parse(*text);
  if (!parsed.record) {
    for (size_t i = 0; i + 1 < parsed.errors.size(); ++i) {
      const auto& e = parsed.errors[i];
      err << file << ":" << e.line << ":" << e.column << ": " << text::printable(e.message, 1000) << '\n';
    }
    const auto& e = parsed.errors.back();
    return fail(kExitInput,
                file + ":" + std::to_string(e.line) + ":" + std::to_string(e.column) + ": " + text::printable(e.message, 1000),
                parsed.errors.front().line);
  }
  // Through the engine protocol's session (docs/engine-protocol.md): the record's
  // position, the Draw list cut to the tiles drawn so far, then `go`.
  EngineSession session(c);
  if (auto e = session.set_option("bot", name)) return fail(kExitInput, "tilewright suggest: " + *e);
  session.set_option("seed", std::to_string(o.seed));
  const bool search_bot = parse_mcts_spec(name).has_value();
  if (!search_bot && o.iterations > 0) session.set_option("evaliterations", std::to_string(o.iterations));
  std::string warning;
  bool setup_failed = false;
  if (auto e = session.set_record(*parsed.record, &warning, &setup_failed))
    return fail(setup_failed ? kExitInput : kExitIllegal, file + ": " + text::printable(*e, 2000));
  if (!warning.empty()) err << "tilewright suggest: warning: " << file << ": " << warning << '\n';
  const Game& g = session.game();
  if (g.finished())
    return fail(kExitIllegal, file + ": the game is over (" + std::string(g.end_reason()) + "): no decision to suggest");
  const EngineAnswer a = session.go(search_bot ? o.iterations : 0, 0);
  const Decision& d = g.pending();
  const std::string player = g.setup().players[static_cast<size_t>(d.player)].name;
  const size_t distinct = a.distinct;
  const std::string choice = g.to_string(a.choice);
  const analysis::Measure measure = a.measure;
  const std::vector<std::string>& turn = a.turn;
  const double eval = a.eval;
  const int eval_iterations = a.iterations;
  if (!o.json) {
    out << fmt::format("{} ({}) to decide: {}, {} legal option{}", player, kColourNames[static_cast<size_t>(d.player)],
                       decision_kind_name(d.kind), d.options.size(), d.options.size() == 1 ? "" : "s");
    if (distinct < d.options.size()) out << " (" << distinct << " distinct by symmetry)";
    out << '\n';
    out << "bot:" << name << " suggests: " << choice << '\n';
    out << "the turn: " << text::joined(turn) << ", " << analysis::eval_text(eval, measure)
        << (measure == analysis::Measure::Margin ? " points (margin over the best opponent)" : "") << " — mcts:"
        << eval_iterations << ", seed " << o.seed << '\n';
    return kExitOk;
  }
  nlohmann::ordered_json j;
  j["bot"] = name;
  j["seed"] = o.seed;
  j["ply"] = g.ply();
  j["player"] = d.player;
  j["name"] = player;
  j["decision"] = std::string(decision_kind_name(d.kind));
  j["legal"] = d.options.size();
  j["choice"] = choice;
  j["distinct"] = distinct;
  j["turn"] = turn;
  j["eval"] = eval;
  j["measure"] = std::string(analysis::measure_name(measure));
  j["eval_iterations"] = eval_iterations;
  auto list = nlohmann::ordered_json::array();
  for (size_t i = 0; i < a.options.size() && static_cast<int>(i) < o.top; ++i) {
    nlohmann::ordered_json e;
    e["option"] = g.to_string(a.options[i].option);
    if (a.options[i].visits > 0) {
      e["visits"] = a.options[i].visits;
      e["value"] = std::round(a.options[i].value * 10000) / 10000;
    }
    list.push_back(std::move(e));
  }
  j["options"] = std::move(list);
  out << json_text(j) << '\n';
  return kExitOk;
}

}  // namespace tw
