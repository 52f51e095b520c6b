#include "cli/suggest.h"

#include <cmath>
#include <fstream>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/files.h"
#include "present/record.h"
#include "engine/bots.h"
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
  Replayed r = replay_record(c, *parsed.record);
  if (r.error) return fail(r.setup_failed ? kExitInput : kExitIllegal, file + ": " + text::printable(*r.error, 2000));
  const Game& g = r.game;
  if (g.finished())
    return fail(kExitIllegal, file + ": the game is over (" + std::string(g.end_reason()) + "): no decision to suggest");
  Rng rng(o.seed);
  const auto evals = bot->evaluate(g, rng);
  const Decision& d = g.pending();
  const std::string player = g.setup().players[static_cast<size_t>(d.player)].name;
  const std::string choice = g.to_string(d.options[evals.front().index]);
  if (!o.json) {
    out << fmt::format("{} ({}) to decide: {}, {} legal option{}\n", player, kColourNames[static_cast<size_t>(d.player)],
                       decision_kind_name(d.kind), d.options.size(), d.options.size() == 1 ? "" : "s");
    out << "bot:" << name << " suggests: " << choice << '\n';
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
  auto list = nlohmann::ordered_json::array();
  for (size_t i = 0; i < evals.size() && static_cast<int>(i) < o.top; ++i) {
    nlohmann::ordered_json e;
    e["option"] = g.to_string(d.options[evals[i].index]);
    if (evals[i].visits > 0) {
      e["visits"] = evals[i].visits;
      e["value"] = std::round(evals[i].value * 10000) / 10000;
    }
    list.push_back(std::move(e));
  }
  j["options"] = std::move(list);
  out << json_text(j) << '\n';
  return kExitOk;
}

}  // namespace tw
