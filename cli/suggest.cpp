#include "cli/suggest.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "analysis/analysis.h"
#include "cli/commands.h"
#include "cli/files.h"
#include "present/record.h"
#include "engine/bots/bots.h"
#include "engine/bots/mcts.h"
#include "engine/text.h"
#include "engine/tgn.h"

namespace tw {

namespace {

// An option with the options that are the same by symmetry merged in: the canonical
// rotation's text, the visits summed, the value their visit-weighted mean.
struct Merged {
  Option option;      // canonical
  size_t index = 0;   // an index of pending().options holding `option`'s placement (the first weighed)
  int visits = 0;
  double value_sum = 0;
  double value() const { return visits > 0 ? value_sum / visits : 0; }
};

std::vector<Merged> merge_symmetric(const Game& g, const std::vector<OptionEval>& evals) {
  const auto& opts = g.pending().options;
  std::vector<Merged> out;
  for (const auto& e : evals) {
    const Option c = canonical_option(g, opts[e.index]);
    auto it = std::find_if(out.begin(), out.end(), [&](const Merged& m) { return m.option == c; });
    if (it == out.end()) {
      out.push_back({c, e.index, 0, 0});
      it = out.end() - 1;
    }
    it->visits += e.visits;
    it->value_sum += e.value * e.visits;
  }
  // Search bots: most visited first (ties keep the bot's order); others keep their choice first.
  std::stable_sort(out.begin(), out.end(), [](const Merged& a, const Merged& b) { return a.visits > b.visits; });
  return out;
}

// The search's budget for the turn's evaluation: the bot's N for mcts:N, mcts's default
// for mcts, else 200.
int eval_iterations(const std::string& bot) {
  if (bot == "mcts") return kMctsDefaultIterations;
  if (bot.rfind("mcts:", 0) == 0) {
    int n = 0;
    const auto rest = std::string_view(bot).substr(5);
    if (text::parse_int(rest.substr(0, rest.find(':')), n) && n > 0) return n;
  }
  return 200;
}

}  // namespace

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
  // Rotations that give the same placement are one move.
  const auto merged = merge_symmetric(g, evals);
  const size_t distinct = [&] {
    std::vector<Option> seen;
    for (const auto& op : d.options)
      if (std::find(seen.begin(), seen.end(), canonical_option(g, op)) == seen.end())
        seen.push_back(canonical_option(g, op));
    return seen.size();
  }();
  const std::string choice = g.to_string(merged.front().option);
  // The whole turn and its value, as analyse gives them: the suggested option searched
  // (seeded by the seed and the ply), then the rest of the mover's turn as the search saw it.
  const analysis::Measure measure = analysis::measure_for(g, false);
  MctsConfig config;
  config.iterations = o.iterations > 0 ? o.iterations : eval_iterations(name);
  const int min_visits = std::max(20, config.iterations / 2);
  const RootSearch search =
      mcts_root_search(g, config, analysis::ply_seed(o.seed, g.ply() + 1), merged.front().index, min_visits);
  std::vector<std::string> turn{g.to_string(merged.front().option)};
  {
    Game h = g;
    if (!h.apply(d.options[merged.front().index]))
      for (const Option& next : search.played_line) {
        if (h.finished() || h.pending().player != d.player) break;
        const auto& opts = h.pending().options;
        if (std::find(opts.begin(), opts.end(), next) == opts.end()) break;
        turn.push_back(h.to_string(next));
        if (h.apply(next)) break;
      }
  }
  double eval = 0;
  for (const RootEval& re : search.options)
    if (re.index == merged.front().index)
      eval = measure == analysis::Measure::Margin ? re.margin
             : measure == analysis::Measure::Win  ? 100 * re.win
                                                  : 100 * re.value;
  eval = std::round(eval * 100) / 100;
  if (!o.json) {
    out << fmt::format("{} ({}) to decide: {}, {} legal option{}", player, kColourNames[static_cast<size_t>(d.player)],
                       decision_kind_name(d.kind), d.options.size(), d.options.size() == 1 ? "" : "s");
    if (distinct < d.options.size()) out << " (" << distinct << " distinct by symmetry)";
    out << '\n';
    out << "bot:" << name << " suggests: " << choice << '\n';
    out << "the turn: " << text::joined(turn) << ", " << analysis::eval_text(eval, measure)
        << (measure == analysis::Measure::Margin ? " points (margin over the best opponent)" : "") << " — mcts:"
        << config.iterations << ", seed " << o.seed << '\n';
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
  j["eval_iterations"] = config.iterations;
  auto list = nlohmann::ordered_json::array();
  for (size_t i = 0; i < merged.size() && static_cast<int>(i) < o.top; ++i) {
    nlohmann::ordered_json e;
    e["option"] = g.to_string(merged[i].option);
    if (merged[i].visits > 0) {
      e["visits"] = merged[i].visits;
      e["value"] = std::round(merged[i].value() * 10000) / 10000;
    }
    list.push_back(std::move(e));
  }
  j["options"] = std::move(list);
  out << json_text(j) << '\n';
  return kExitOk;
}

}  // namespace tw
