#include "cli/suggest.h"

#include <cmath>
#include <fstream>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/record.h"
#include "engine/bots.h"
#include "engine/tgn.h"

namespace tw {

int cmd_suggest(const Content& c, const SuggestOptions& o, std::ostream& out, std::ostream& err) {
  std::string name = o.bot;
  if (name.rfind("bot:", 0) == 0) name = name.substr(4);
  auto bot = make_bot(name);
  if (!bot) {
    err << "tilewright suggest: unknown bot '" << o.bot << "' (known: random, greedy, coop, mcts, mcts:N, mcts:N:T)\n";
    return kExitInput;
  }
  std::ifstream in(o.file, std::ios::binary);
  if (!in) {
    err << "tilewright: cannot read " << o.file << '\n';
    return kExitInput;
  }
  std::ostringstream ss;
  ss << in.rdbuf();
  auto parsed = tgn::parse(ss.str());
  if (!parsed.record) {
    for (const auto& e : parsed.errors) err << o.file << ":" << e.line << ":" << e.column << ": " << e.message << '\n';
    return kExitInput;
  }
  Replayed r = replay_record(c, *parsed.record);
  if (r.error) {
    err << o.file << ": " << *r.error << '\n';
    return r.setup_failed ? kExitInput : kExitIllegal;
  }
  const Game& g = r.game;
  if (g.finished()) {
    err << o.file << ": the game is over (" << g.end_reason() << "): no decision to suggest\n";
    return kExitInput;
  }
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
  out << j.dump(2) << '\n';
  return kExitOk;
}

}  // namespace tw
