#include "cli/engine_session.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <istream>
#include <mutex>
#include <ostream>
#include <sstream>
#include <thread>

#include "engine/bots/bots.h"
#include "engine/rng.h"
#include "engine/plural.h"
#include "engine/text.h"
#include "engine/tgn_play.h"
#include "present/record.h"

namespace tw {

namespace {

uint64_t setup_key(const GameSetup& s) {
  uint64_t h = 1469598103934665603ULL;
  const auto mix = [&h](std::string_view t) {
    for (const char c : t) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ULL;
    h = (h ^ 0xff) * 1099511628211ULL;
  };
  mix(s.rule_set);
  mix(s.level);
  mix(std::to_string(s.players.size()));
  return h;
}

// The per-decision seed: the session's seed and the ply.
uint64_t go_seed(uint64_t seed, int ply) {
  Rng r(seed + 0x9e3779b97f4a7c15ULL * static_cast<uint64_t>(ply + 1));
  return r.next();
}

std::vector<EngineOption> merge_symmetric(const Game& g, const std::vector<RootEval>& evals) {
  const auto& opts = g.pending().options;
  std::vector<EngineOption> out;
  std::vector<double> sums;
  for (const auto& e : evals) {
    const Option c = canonical_option(g, opts[e.index]);
    auto it = std::find_if(out.begin(), out.end(), [&](const EngineOption& m) { return m.option == c; });
    if (it == out.end()) {
      out.push_back({c, e.index, 0, 0});
      sums.push_back(0);
      it = out.end() - 1;
    }
    it->visits += e.visits;
    sums[static_cast<size_t>(it - out.begin())] += e.value * e.visits;
  }
  for (size_t i = 0; i < out.size(); ++i) out[i].value = out[i].visits > 0 ? sums[i] / out[i].visits : 0;
  std::stable_sort(out.begin(), out.end(), [](const EngineOption& a, const EngineOption& b) { return a.visits > b.visits; });
  return out;
}

size_t distinct_options(const Game& g) {
  std::vector<Option> seen;
  for (const auto& op : g.pending().options) {
    const Option c = canonical_option(g, op);
    if (std::find(seen.begin(), seen.end(), c) == seen.end()) seen.push_back(c);
  }
  return seen.size();
}

// The turn from `first` on: `first`, then `line` while its player decides and the
// options are legal.
std::vector<std::string> turn_of(const Game& g, size_t first, const std::vector<Option>& line, Game* after = nullptr) {
  const int me = g.pending().player;
  std::vector<std::string> turn{g.to_string(canonical_option(g, g.pending().options[first]))};
  Game h = g;
  if (!h.apply(g.pending().options[first]))
    for (const Option& next : line) {
      if (h.finished() || h.pending().player != me) break;
      const auto& opts = h.pending().options;
      if (std::find(opts.begin(), opts.end(), next) == opts.end()) break;
      turn.push_back(h.to_string(next));
      if (h.apply(next)) break;
    }
  if (after) *after = std::move(h);
  return turn;
}

// The value of root evaluations in a measure, merged over the options equal to `choice`.
double eval_of(const Game& g, const std::vector<RootEval>& evals, const Option& choice, analysis::Measure m) {
  double sum = 0;
  int visits = 0;
  for (const RootEval& re : evals) {
    if (!(canonical_option(g, g.pending().options[re.index]) == choice)) continue;
    const double v = m == analysis::Measure::Margin ? re.margin : m == analysis::Measure::Win ? 100 * re.win : 100 * re.value;
    sum += v * re.visits;
    visits += re.visits;
  }
  return visits > 0 ? std::round(sum / visits * 100) / 100 : 0;
}

}  // namespace

EngineSession::EngineSession(const Content& content) : content_(content) {
  tree_config_ = parse_mcts_spec(bot_);
  tree_ = MctsTree(*tree_config_);
  setup_.rule_set = "base";
  setup_.players = parse_players("P1, P2");
}

std::optional<std::string> EngineSession::new_game(const std::string& rule_set, const std::string& level, int players) {
  // Whatever the outcome, the position is gone: a `go` now has nothing to search.
  const auto failed = [this](std::string why) {
    refuse_rules(why);
    return why;
  };
  game_.reset();
  played_.clear();
  tree_.clear();
  if (players < 1 || players > 6) return failed("players must be 1 to 6, not " + std::to_string(players));
  GameSetup s;
  s.rule_set = rule_set;
  s.level = level;
  for (int i = 0; i < players; ++i) s.players.push_back({"P" + std::to_string(i + 1), ""});
  Game g;
  if (auto v = Game::create(content_, s, g)) return failed(v->message);
  setup_ = s;
  setup_key_ = setup_key(s);
  rules_error_.clear();
  return std::nullopt;
}

void EngineSession::refuse_rules(const std::string& why) {
  game_.reset();
  played_.clear();
  tree_.clear();
  rules_error_ = why;
}

std::optional<std::string> EngineSession::replay(GameSetup setup, const std::vector<tgn::Node>& line, std::string* warning,
                                                bool draws_named) {
  // A position that fails leaves none: `go` must not answer for the one before it.
  std::optional<std::string> e = replay_into(std::move(setup), line, warning, draws_named);
  if (e) {
    game_.reset();
    played_.clear();
    tree_.clear();
  }
  return e;
}

std::optional<std::string> EngineSession::replay_into(GameSetup setup, const std::vector<tgn::Node>& line,
                                                     std::string* warning, bool draws_named) {
  const auto play = [&](const GameSetup& s, Game& g, std::vector<Option>& played) -> std::optional<std::string> {
    if (auto v = Game::create(content_, s, g)) return v->message;
    int ply = 0;
    for (const auto& node : line) {
      ++ply;
      std::string error;
      const auto o = tgn::read_decision(g, node, ply, error);
      if (!o) return error;
      if (auto v = g.apply(*o)) return "ply " + std::to_string(ply) + ": " + v->message;
      played.push_back(*o);
    }
    return std::nullopt;
  };
  Game g;
  std::vector<Option> played;
  if (auto e = play(setup, g, played)) return e;
  // The Draw prefix is public to the bots: no more of it than the tiles drawn so far.
  const size_t drawn = g.tiles_drawn().size();
  // Without a record's seed the pile is the engine's own: a tile the list does not name
  // would be one it made up, never drawn at the table.
  if (draws_named && setup.draw.size() < drawn)
    return "the position has drawn " + text::counted(static_cast<long long>(drawn), "tile", "tiles") +
           ", the draw list names " + std::to_string(setup.draw.size()) +
           ": name every tile drawn so far, the current one last (position draw T1 T2 ... moves ...)";
  if (setup.draw.size() > drawn) {
    if (warning)
      *warning = "the Draw list names " + text::counted(static_cast<long long>(setup.draw.size()), "tile", "tiles") + ", " +
                 std::to_string(drawn) + " drawn so far: the bot sees only " + (drawn == 1 ? "that one" : "those");
    setup.draw.resize(drawn);
    g = Game{};
    played.clear();
    if (auto e = play(setup, g, played)) return e;
  }
  // The tree is kept when the new position goes on from the last one.
  const uint64_t key = setup_key(setup);
  const bool goes_on = game_ && key == setup_key_ && played.size() >= played_.size() &&
                       std::equal(played_.begin(), played_.end(), played.begin());
  if (goes_on && reuse_)
    for (size_t i = played_.size(); i < played.size(); ++i) tree_.advance(played[i]);
  else
    tree_.clear();
  setup_key_ = key;
  game_ = std::move(g);
  played_ = std::move(played);
  return std::nullopt;
}

std::optional<std::string> EngineSession::set_position(const std::vector<std::string>& drawn, const std::string& moves,
                                                       std::string* warning) {
  auto parsed = tgn::parse("[Format \"TGN 1\"]\n[Ruleset \"x\"]\n[Seed \"0\"]\n\n" + moves);
  if (!parsed.record) return "the moves: " + parsed.errors.front().message;
  if (!rules_error_.empty()) {
    game_.reset();
    return "no rules: the last newgame failed (" + rules_error_ + ")";
  }
  GameSetup s = setup_;
  s.draw = drawn;
  return replay(std::move(s), parsed.record->mainline, warning, true);
}

std::optional<std::string> EngineSession::set_record(const tgn::Record& r, std::string* warning, bool* setup_failed) {
  GameSetup s;
  if (auto e = setup_from_record(r, s)) {
    if (setup_failed) *setup_failed = true;
    game_.reset();
    return e;
  }
  {
    Game probe;
    if (auto v = Game::create(content_, s, probe)) {
      if (setup_failed) *setup_failed = true;
      game_.reset();
      return v->message;
    }
  }
  return replay(std::move(s), r.mainline, warning, false);
}

std::optional<std::string> EngineSession::set_option(const std::string& name, const std::string& value) {
  if (name == "bot") {
    std::string b = value.rfind("bot:", 0) == 0 ? value.substr(4) : value;
    if (!make_bot(b)) return "unknown bot '" + text::printable(value, 60) + "'";
    bot_ = b;
    tree_config_ = parse_mcts_spec(b);
    tree_ = MctsTree(tree_config_ ? *tree_config_ : MctsConfig{});
    return std::nullopt;
  }
  if (name == "seed") {
    uint64_t s = 0;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), s);
    if (ec != std::errc{} || end != value.data() + value.size()) return "seed: a whole number, not '" + text::printable(value, 40) + "'";
    seed_ = s;
    return std::nullopt;
  }
  if (name == "reuse") {
    if (value != "on" && value != "off") return "reuse: on or off, not '" + text::printable(value, 40) + "'";
    reuse_ = value == "on";
    if (!reuse_) tree_.clear();
    return std::nullopt;
  }
  if (name == "evaliterations") {
    int n = 0;
    if (!text::parse_int(value, n) || n < 0 || n > 10'000'000) return "evaliterations: 0 to 10000000";
    eval_iterations_ = n;
    return std::nullopt;
  }
  return "unknown option '" + text::printable(name, 40) + "' (bot, seed, reuse, evaliterations)";
}

EngineAnswer EngineSession::go(int iterations, double ms, const std::atomic<bool>* stop) {
  const Game& g = *game_;
  const Decision& d = g.pending();
  EngineAnswer a;
  a.legal = d.options.size();
  a.distinct = distinct_options(g);
  a.measure = analysis::measure_for(g, false);
  const uint64_t seed = go_seed(seed_, g.ply());
  const auto started = std::chrono::steady_clock::now();
  std::vector<RootEval> evals;
  std::vector<Option> line, principal;
  if (tree_config_) {
    if (iterations <= 0 && ms <= 0) {
      if (tree_config_->ms > 0)
        ms = tree_config_->ms;
      else
        iterations = tree_config_->iterations > 0 ? tree_config_->iterations : mcts_default_iterations(g);
    }
    if (!reuse_) tree_.clear();
    const TreeSearch ts = tree_.search(g, iterations, ms, seed, stop);
    a.iterations = ts.iterations;
    a.reused = ts.reused;
    a.search_ms = ts.ms;
    evals = ts.root.options;
    a.options = merge_symmetric(g, evals);
    const auto at = std::find_if(evals.begin(), evals.end(), [&](const RootEval& e) { return e.index == a.options.front().index; });
    const size_t k = static_cast<size_t>(at - evals.begin());
    if (k < ts.lines.size()) {
      line = ts.lines[k];
      principal = ts.principal[k];
    }
  } else {
    // Another bot chooses; a search of the choice values the turn (as analyse does).
    auto bot = make_bot(bot_);
    Rng rng(seed);
    std::vector<RootEval> chosen;
    for (const auto& e : bot->evaluate(g, rng)) chosen.push_back({e.index, e.visits, e.value, 0, 0});
    a.options = merge_symmetric(g, chosen);
    MctsConfig config;
    config.iterations = iterations > 0 ? iterations : eval_iterations_ > 0 ? eval_iterations_ : 200;
    const RootSearch rs = mcts_root_search(g, config, seed, a.options.front().index, std::max(20, config.iterations / 2));
    a.iterations = config.iterations;
    evals = rs.options;
    line = rs.played_line;
    principal = line;
  }
  a.choice = a.options.front().option;
  a.index = a.options.front().index;
  a.eval = eval_of(g, evals, a.choice, a.measure);
  Game after;
  a.turn = turn_of(g, a.index, line, &after);
  a.pv = a.turn;
  // The principal line goes on past the turn with the next decision the search expects
  // (the next player's placement of a tile not drawn yet: a guess, so the line ends there).
  if (principal.size() + 1 > a.turn.size() && !after.finished()) {
    const Option& next = principal[a.turn.size() - 1];
    if (next.kind == OptKind::Place || after.pending().player == d.player) a.pv.push_back(after.to_string(next));
  }
  if (!tree_config_) a.search_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
  return a;
}

namespace {

std::string joined_turn(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& s : v) out += (out.empty() ? "" : "; ") + s;
  return out;
}

std::vector<std::string> words_of(const std::string& line) {
  std::vector<std::string> out;
  std::istringstream in(line);
  std::string w;
  while (in >> w) out.push_back(w);
  return out;
}

}  // namespace

int run_engine(const Content& content, std::istream& in, std::ostream& out) {
  EngineSession s(content);
  std::mutex out_mutex;
  const auto say = [&](const std::string& text) {
    std::lock_guard<std::mutex> lock(out_mutex);
    out << text << '\n' << std::flush;
  };
  std::atomic<bool> stop{false};
  std::thread worker;
  const auto wait = [&] {
    if (worker.joinable()) worker.join();
  };
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const auto w = words_of(line);
    if (w.empty() || w[0][0] == '#') continue;
    const std::string& cmd = w[0];
    if (cmd == "stop") {
      stop = true;
      continue;
    }
    if (cmd == "isready") {
      say("readyok");
      continue;
    }
    if (cmd == "quit") {
      stop = true;
      break;
    }
    wait();  // every other command waits for a running search's answer
    if (cmd == "hello") {
      int v = kEngineProtocol;
      if (w.size() > 1 && (!text::parse_int(w[1], v) || v != kEngineProtocol)) {
        say("error protocol " + text::printable(w[1], 20) + " is not spoken: this engine speaks " +
            std::to_string(kEngineProtocol));
        continue;
      }
      say(std::string("id name tilewright ") + TW_VERSION);
      say("id protocol " + std::to_string(kEngineProtocol));
      say("option bot " + s.bot() + " (greedy, random, coop, mcts, mcts:N, mcts:Dms, mcts:N:1:relative)");
      say("option seed " + std::to_string(s.seed()));
      say("option reuse on");
      say("option evaliterations 0");
      say("hello " + std::to_string(kEngineProtocol));
    } else if (cmd == "newgame") {
      std::string rs, level;  // neither: base; a level alone: its rule set
      int players = 2;
      std::string bad;
      for (size_t i = 1; i < w.size(); i += 2) {
        if (i + 1 >= w.size()) {
          bad = "newgame: '" + text::printable(w[i], 40) + "' needs a value";
          break;
        }
        if (w[i] == "ruleset")
          rs = w[i + 1];
        else if (w[i] == "level")
          level = w[i + 1];
        else if (w[i] == "players") {
          if (!text::parse_int(w[i + 1], players)) bad = "newgame: players is a number";
        } else {
          bad = "newgame: unknown word '" + text::printable(w[i], 40) + "' (ruleset, level, players)";
        }
      }
      if (rs.empty() && level.empty()) rs = "base";
      if (bad.empty()) {
        if (auto e = s.new_game(rs, level, players)) bad = "newgame: " + *e;
      } else {
        s.refuse_rules(bad);  // a newgame that fails leaves no rules and no position
      }
      say(bad.empty() ? "ok" : "error " + text::printable(bad, 2000));
    } else if (cmd == "position") {
      std::optional<std::string> e;
      std::string warning;
      if (w.size() > 1 && w[1] == "tgn") {
        std::string record, l;
        bool ended = false;
        while (std::getline(in, l)) {
          if (!l.empty() && l.back() == '\r') l.pop_back();
          if (l == "end") {
            ended = true;
            break;
          }
          record += l + '\n';
          if (record.size() > tgn::kMaxRecordBytes) break;
        }
        auto parsed = tgn::parse(record);
        if (!ended)
          e = "position tgn: no line 'end' after the record";
        else if (!parsed.record)
          e = "position tgn: line " + std::to_string(parsed.errors.front().line) + ": " + parsed.errors.front().message;
        else
          e = s.set_record(*parsed.record, &warning);
      } else {
        std::vector<std::string> drawn;
        size_t i = 1;
        if (i < w.size() && w[i] == "draw")
          for (++i; i < w.size() && w[i] != "moves"; ++i) drawn.push_back(w[i]);
        std::string moves;
        if (i < w.size() && w[i] == "moves") {
          const size_t at = line.find(" moves");
          moves = at == std::string::npos ? "" : line.substr(at + 6);
        } else if (i < w.size()) {
          e = "position: unknown word '" + text::printable(w[i], 40) + "' (draw T..., moves ..., or tgn)";
        }
        if (!e) e = s.set_position(drawn, moves, &warning);
      }
      if (!warning.empty()) say("info warning " + warning);
      say(e ? "error position: " + text::printable(*e, 2000) : "ok");
    } else if (cmd == "setoption") {
      const auto e = w.size() == 3 ? s.set_option(w[1], w[2]) : std::optional<std::string>("setoption NAME VALUE");
      say(e ? "error " + text::printable(*e, 2000) : "ok");
    } else if (cmd == "go") {
      int iterations = 0, ms = 0;
      std::string bad;
      for (size_t i = 1; i < w.size(); i += 2) {
        int v = 0;
        if (i + 1 >= w.size() || !text::parse_int(w[i + 1], v) || v < 1 || v > 100'000'000) {
          bad = "go: '" + text::printable(w[i], 40) + "' needs a whole number from 1";
          break;
        }
        if (w[i] == "iterations")
          iterations = v;
        else if (w[i] == "ms")
          ms = v;
        else
          bad = "go: unknown word '" + text::printable(w[i], 40) + "' (iterations N, ms M)";
      }
      if (bad.empty() && !s.has_game()) bad = "go: no position (send position after newgame)";
      if (bad.empty() && s.game().finished()) bad = "go: the game is over";
      if (!bad.empty()) {
        say("error " + bad);
        continue;
      }
      stop = false;
      worker = std::thread([&s, &say, &stop, iterations, ms] {
        const EngineAnswer a = s.go(iterations, ms, &stop);
        char buf[160];
        std::snprintf(buf, sizeof buf, "info iterations %d reused %d time %.1f eval %s measure %s", a.iterations,
                      a.reused, a.search_ms, analysis::eval_text(a.eval, a.measure).c_str(),
                      std::string(analysis::measure_name(a.measure)).c_str());
        std::string answer = buf;
        answer += "\npv " + joined_turn(a.pv) + "\nbestmove " + joined_turn(a.turn);
        say(answer);
      });
    } else {
      say("error unknown command '" + text::printable(cmd, 40) +
          "' (hello, isready, newgame, position, setoption, go, stop, quit)");
    }
  }
  wait();
  return 0;
}

}  // namespace tw
