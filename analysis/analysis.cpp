#include "analysis/analysis.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <mutex>
#include <thread>

#include "engine/bots/mcts.h"
#include "engine/rng.h"
#include "replay/log.h"

namespace tw::analysis {

std::string_view measure_name(Measure m) {
  switch (m) {
    case Measure::Margin: return "margin";
    case Measure::Win: return "win";
    case Measure::Team: return "team";
  }
  return "margin";
}

Thresholds default_thresholds(Measure m) {
  if (m == Measure::Margin) return {3, 6, 12};
  return {5, 10, 20};
}

Measure measure_for(const Game& g, bool win) {
  if (is_coop(g)) return Measure::Team;
  return win ? Measure::Win : Measure::Margin;
}

uint64_t ply_seed(uint64_t seed, int ply) {
  uint64_t x = seed ^ (0x9e3779b97f4a7c15ULL * static_cast<uint64_t>(ply + 1));
  return Rng::splitmix64(x);
}

std::string glyph_for(double loss, const Thresholds& t) {
  if (loss >= t.blunder) return "??";
  if (loss >= t.mistake) return "?";
  if (loss >= t.inaccuracy) return "?!";
  return {};
}

namespace {

double value_of(const RootEval& e, Measure m) {
  switch (m) {
    case Measure::Margin: return e.margin;
    case Measure::Win: return 100.0 * e.win;
    case Measure::Team: return 100.0 * e.value;
  }
  return e.margin;
}

// Rounded to 0.01 so that text and JSON show the same numbers on every machine.
double rounded(double v) { return std::round(v * 100.0) / 100.0; }

// The line `first` (an option of g's pending decision) then `rest`, as far as each is an
// option of the decision pending along it: the options and their text.
void best_line_of(const Game& g, const Option& first, const std::vector<Option>& rest, PlyEval& e) {
  e.best_moves = {first};
  e.best_line = {g.to_string(first)};
  Game h = g;
  if (h.apply(first)) return;
  for (const Option& o : rest) {
    if (h.finished()) break;
    const auto& opts = h.pending().options;
    if (std::find(opts.begin(), opts.end(), o) == opts.end()) break;
    e.best_moves.push_back(o);
    e.best_line.push_back(h.to_string(o));
    h.apply(o);
  }
}

}  // namespace

PlyEval evaluate(const Game& g, std::optional<size_t> played, const Settings& s) {
  PlyEval e;
  const Decision& d = g.pending();
  if (played && *played >= d.options.size()) played.reset();  // not a listed option: no played value
  const Measure m = measure_for(g, s.win);
  e.ply = g.ply() + 1;
  e.player = d.player;
  e.legal = static_cast<int>(d.options.size());
  MctsConfig config;
  config.iterations = std::max(1, s.iterations);
  const int min_visits = s.min_visits > 0 ? s.min_visits : std::max(20, config.iterations / 2);
  // A forced decision loses nothing: a smaller search gives its value for the graph.
  if (d.options.size() == 1) config.iterations = std::min(config.iterations, min_visits);
  const RootSearch r = mcts_root_search(g, config, ply_seed(s.seed, e.ply), played, min_visits);
  const RootEval* best = nullptr;
  const RootEval* mine = nullptr;
  for (const RootEval& o : r.options) {
    if (o.index == r.choice) best = &o;
    if (played && o.index == *played) mine = &o;
  }
  if (!best) {  // nothing searched (cannot happen with a pending decision): no verdict
    e.best_option = e.played_option = played ? d.options[*played] : d.options.front();
    e.best = e.played = g.to_string(e.best_option);
    e.best_line = {e.best};
    e.best_moves = {e.best_option};
    return e;
  }
  std::vector<Option> best_rest = r.best_line;
  if (mine && value_of(*mine, m) >= value_of(*best, m)) {
    best = mine;
    best_rest = r.played_line;
  }
  best_line_of(g, d.options[best->index], best_rest, e);
  e.best = e.best_line.front();
  e.best_option = e.best_moves.front();
  e.visits_best = best->visits;
  e.eval_before = rounded(value_of(*best, m));
  if (mine) {
    e.played_option = d.options[mine->index];
    e.played = g.to_string(e.played_option);
    e.visits_played = mine->visits;
    e.eval_after = rounded(value_of(*mine, m));
  } else {
    e.played_option = played ? d.options[*played] : e.best_option;
    e.played = g.to_string(e.played_option);
    e.visits_played = played ? 0 : e.visits_best;
    e.eval_after = e.eval_before;
  }
  e.loss = std::max(0.0, rounded(e.eval_before - e.eval_after));
  return e;
}

namespace {

// One position to evaluate: the state before the decision, the option played there and
// the node path ("" on the main line).
struct Job {
  Game before;
  size_t played = 0;
  std::string node;
};

// The index of option `o` among g's pending options.
// A placement read with an equivalent rotation (`place X 0,1 r180` for a tile that looks
// the same turned half-way) is put down as named, so it is not itself in the list: the
// listed option is its canonical form (issue 56, item 1: the search then read
// options[size], past the end of the list). opts.size() when neither is listed.
size_t index_of(const Game& g, const Option& o) {
  const auto& opts = g.pending().options;
  auto it = std::find(opts.begin(), opts.end(), o);
  if (it == opts.end()) it = std::find(opts.begin(), opts.end(), g.canonical(o));
  return static_cast<size_t>(it - opts.begin());
}

// Why stored move `text`, the first of its line replay::read_line could not read, fails
// at `g` (the state before it).
std::string unread(const Game& g, const std::string& text, const std::string& where, const std::string& why) {
  if (g.finished()) return where + " '" + text + "' comes after the end of the game";
  return where + " '" + text + "' is illegal: " + why;
}

// The nodes of a variation line starting at `first` (its first node's path), played
// from `g` (the state before that node), nested variations after their node. The stored
// moves are read once, by the replay layer; from there on the options are carried.
std::string collect_line(const replay::Line& line, replay::NodePath first, Game g, std::vector<Job>& jobs) {
  std::vector<std::string> texts;
  for (const auto& n : line) texts.push_back(n.decision);
  std::vector<Option> moves;
  const std::string why = replay::read_line(g, texts, moves);
  for (size_t k = 0; k < line.size(); ++k) {
    replay::NodePath p = first;
    p.steps.back().second = static_cast<int>(k) + 1;
    Job j;
    j.node = p.to_string();
    if (k >= moves.size()) return unread(g, line[k].decision, "node " + j.node, why);
    j.played = index_of(g, moves[k]);
    j.before = g;
    jobs.push_back(std::move(j));
    for (size_t v = 0; v < line[k].variations.size(); ++v) {
      replay::NodePath vp = p;
      vp.steps.emplace_back(static_cast<int>(v), 1);
      if (auto e = collect_line(line[k].variations[v], vp, g, jobs); !e.empty()) return e;
    }
    g.apply(moves[k]);
  }
  return {};
}

Analysis run(const Content& c, const GameSetup& setup, const std::vector<std::string>& decisions,
             const replay::Replay* tree, const Settings& s, const std::function<void(int, int)>& progress,
             const std::atomic<bool>* cancel) {
  Analysis out;
  out.iterations = s.iterations;
  out.seed = s.seed;
  Game g;
  if (auto v = Game::create(c, setup, g)) {
    out.error = "the game cannot be set up: " + v->message;
    return out;
  }
  out.measure = measure_for(g, s.win);
  out.thresholds = s.thresholds ? *s.thresholds : default_thresholds(out.measure);
  const int n = static_cast<int>(decisions.size());
  const int from = std::max(1, s.from);
  const int to = s.to > 0 ? std::min(n, s.to) : n;
  // The positions analysed: the main line's plies in order, each followed by its variations.
  std::vector<Job> jobs;
  std::vector<Option> moves;
  const std::string why = replay::read_line(g, std::vector<std::string>(decisions.begin(), decisions.begin() + to), moves);
  for (int ply = 1; ply <= to; ++ply) {
    Job j;
    if (static_cast<size_t>(ply) > moves.size()) {
      out.error = unread(g, decisions[static_cast<size_t>(ply - 1)], "ply " + std::to_string(ply), why);
      return out;
    }
    const Option move = moves[static_cast<size_t>(ply - 1)];
    j.played = index_of(g, move);
    if (ply >= from) {
      j.before = g;
      jobs.push_back(std::move(j));
      if (tree && static_cast<size_t>(ply) <= tree->mainline.size()) {
        const auto& node = tree->mainline[static_cast<size_t>(ply - 1)];
        for (size_t v = 0; v < node.variations.size(); ++v) {
          replay::NodePath vp = replay::NodePath::main(ply);
          vp.steps.emplace_back(static_cast<int>(v), 1);
          if (auto e = collect_line(node.variations[v], vp, g, jobs); !e.empty()) {
            out.error = e;
            return out;
          }
        }
      }
    }
    g.apply(move);
  }
  const int total = static_cast<int>(jobs.size());
  std::vector<PlyEval> results(jobs.size());
  std::vector<uint8_t> done(jobs.size(), 0);
  std::atomic<int> next{0};
  std::mutex m;
  int finished = 0;
  auto work = [&] {
    for (;;) {
      if (cancel && cancel->load()) return;
      const int i = next.fetch_add(1);
      if (i >= total) return;
      const size_t k = static_cast<size_t>(i);
      results[k] = evaluate(jobs[k].before, jobs[k].played, s);
      results[k].node = jobs[k].node;
      results[k].glyph = glyph_for(results[k].loss, out.thresholds);
      std::lock_guard<std::mutex> lock(m);
      done[k] = 1;
      ++finished;
      if (progress) progress(finished, total);
    }
  };
  int threads = s.threads > 0 ? s.threads : static_cast<int>(std::thread::hardware_concurrency());
  threads = std::clamp(threads, 1, std::max(1, total));
  if (threads == 1) {
    work();
  } else {
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) pool.emplace_back(work);
    for (auto& t : pool) t.join();
  }
  for (size_t k = 0; k < results.size(); ++k)
    if (done[k]) out.plies.push_back(std::move(results[k]));
  out.cancelled = out.plies.size() < results.size();
  return out;
}

}  // namespace

Analysis analyse(const Content& c, const GameSetup& setup, const std::vector<std::string>& decisions,
                 const Settings& s, const std::function<void(int, int)>& progress,
                 const std::atomic<bool>* cancel) {
  return run(c, setup, decisions, nullptr, s, progress, cancel);
}

Analysis analyse_replay(const Content& c, const replay::Replay& r, const Settings& s, bool variations,
                        const std::function<void(int, int)>& progress, const std::atomic<bool>* cancel) {
  return run(c, r.log.setup(), r.log.decisions, variations ? &r : nullptr, s, progress, cancel);
}

std::string eval_text(double v, Measure m) {
  char buf[64];
  if (m == Measure::Margin)
    std::snprintf(buf, sizeof buf, "%+.1f", v);
  else
    std::snprintf(buf, sizeof buf, "%.1f%%", v);
  return buf;
}

std::string comment_text(const PlyEval& e, Measure m) {
  std::string line;
  for (const auto& s : e.best_line) line += (line.empty() ? "" : " ") + s;
  char buf[64];
  std::snprintf(buf, sizeof buf, "%+.1f%s", e.loss, m == Measure::Margin ? "" : "%");
  return "best: " + line + ", " + buf;
}

AnnotateReport annotate(const Content& c, replay::Replay& r, const Analysis& a) {
  using replay::NodePath;
  AnnotateReport rep;
  for (const PlyEval& e : a.plies) {
    if (e.glyph.empty() || !e.node.empty()) continue;  // the main line only
    if (e.ply < 1 || e.ply > static_cast<int>(r.mainline.size())) continue;
    ++rep.marked;
    const NodePath at = NodePath::main(e.ply);
    replay::Node* node = replay::find_node(r, at);
    if (!node || node->decision != e.played) {
      rep.problems.push_back("ply " + std::to_string(e.ply) + ": the replay's decision is not the one analysed");
      continue;
    }
    const std::string text = comment_text(e, a.measure);
    // The best line as a variation, unless one already starts with the best move.
    std::optional<NodePath> var;
    for (size_t v = 0; v < node->variations.size(); ++v)
      if (!node->variations[v].empty() && node->variations[v].front().decision == e.best) {
        NodePath p = at;
        p.steps.emplace_back(static_cast<int>(v), 1);
        var = p;
      }
    if (!var && e.best != e.played) {
      NodePath added;
      std::string why = replay::add_variation_options(c, r, at, e.best_moves, &added);
      if (!why.empty() && e.best_moves.size() > 1)
        why = replay::add_variation_options(c, r, at, {e.best_option}, &added);
      if (why.empty()) {
        var = added;
        ++rep.variations;
      } else {
        rep.problems.push_back("ply " + std::to_string(e.ply) + ": " + why);
      }
      node = replay::find_node(r, at);
    }
    replay::Annotation note = node->note;
    bool changed = false;
    if (note.glyph.empty()) {
      note.glyph = e.glyph;
      ++rep.glyphs;
      changed = true;
    } else if (note.glyph != e.glyph) {
      ++rep.kept_glyphs;
    }
    if (note.comment.empty()) {
      note.comment = text;
      ++rep.comments;
      changed = true;
    } else if (note.comment.find(text) == std::string::npos) {
      ++rep.kept_comments;
      // The human comment stays; the analysis goes on the variation's first node.
      if (var) {
        replay::Node* vn = replay::find_node(r, *var);
        if (vn && vn->note.comment.empty()) {
          replay::Annotation vnote = vn->note;
          vnote.comment = text;
          if (auto why = replay::annotate(r, *var, vnote); !why.empty())
            rep.problems.push_back("ply " + std::to_string(e.ply) + ": " + why);
        }
      }
    }
    if (changed)
      if (auto why = replay::annotate(r, at, note); !why.empty())
        rep.problems.push_back("ply " + std::to_string(e.ply) + ": " + why);
  }
  return rep;
}

std::vector<replay::PlyEvaluation> kept_evaluations(const Analysis& a) {
  std::vector<replay::PlyEvaluation> out;
  for (const PlyEval& e : a.plies) {
    if (!e.node.empty() || e.ply < 1 || e.played.empty()) continue;
    if (!out.empty() && out.back().ply >= e.ply) continue;
    replay::PlyEvaluation k;
    k.ply = e.ply;
    k.player = e.player;
    k.measure = std::string(measure_name(a.measure));
    k.value = e.eval_after;
    k.loss = e.loss;
    k.glyph = e.glyph;
    k.played = e.played;
    k.best = e.best;
    out.push_back(std::move(k));
  }
  return out;
}

std::optional<Analysis> from_kept(const Content& c, const replay::Replay& r) {
  const std::vector<replay::PlyEvaluation>& kept = r.evaluations;
  if (kept.empty()) return std::nullopt;
  Analysis a;
  bool found = false;
  for (Measure m : {Measure::Margin, Measure::Win, Measure::Team})
    if (measure_name(m) == kept.front().measure) {
      a.measure = m;
      found = true;
    }
  if (!found) return std::nullopt;
  for (const replay::PlyEvaluation& k : kept) {
    PlyEval e;
    e.ply = k.ply;
    e.player = k.player;
    e.played = k.played;
    e.best = k.best.empty() ? k.played : k.best;
    e.best_line = {e.best};  // the kept row holds the best move, not the rest of its line
    e.eval_after = k.value;
    e.loss = k.loss;
    e.glyph = k.glyph;
    a.plies.push_back(std::move(e));
  }
  // The options, in the game before each ply: the rows are in ply order.
  Game g;
  if (Game::create(c, r.log.setup(), g)) return std::nullopt;
  int ply = 0;  // the plies applied to g
  for (PlyEval& e : a.plies) {
    if (e.ply < 1 || e.ply > r.log.plies() || e.ply - 1 < ply) return std::nullopt;
    for (; ply < e.ply - 1; ++ply)
      if (g.apply(r.log.decisions[static_cast<size_t>(ply)])) return std::nullopt;
    // The kept rows are text on disk: read through the replay layer's one reader.
    std::vector<Option> played, best;
    if (!replay::read_line(g, {e.played}, played).empty() || !replay::read_line(g, {e.best}, best).empty())
      return std::nullopt;
    e.played_option = played.front();
    e.best_option = best.front();
  }
  return a;
}

}  // namespace tw::analysis
