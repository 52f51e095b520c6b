#include "study/study.h"

#include <boost/math/distributions/students_t.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>
#include <sstream>
#include <thread>

#include "engine/bots/bots.h"
#include "engine/game.h"
#include "engine/bots/mcts.h"
#include "engine/bots/proof.h"
#include "engine/bots/solver.h"
#include "engine/rng.h"
#include "present/record.h"
#include "replay/digest.h"
#include "replay/log.h"
#include "replay/tree.h"
#include "study/sweep.h"

namespace tw::study {

int Study::rotations() const {
  if (!rotate || variants.empty()) return 1;
  return static_cast<int>(variants.front().bots.size());
}

uint64_t Study::total_games() const {
  return static_cast<uint64_t>(variants.size()) * static_cast<uint64_t>(std::max(0, seeds)) *
         static_cast<uint64_t>(rotations());
}

namespace {

// The setup of a variant's game with `bots` in its seats (in that order) and `seed`.
GameSetup setup_of(const Variant& v, const std::vector<std::string>& bots, uint64_t seed) {
  GameSetup setup;
  setup.rule_set = v.rule_set;
  setup.level = v.level;
  setup.seed = seed;
  for (const auto& b : bots) setup.players.push_back({"bot:" + b, b});
  return setup;
}

}  // namespace

std::string bots_text(const Content& c, const Variant& v, uint64_t seed) {
  Game g;
  if (Game::create(c, setup_of(v, v.bots, seed), g)) return {};
  std::string out;
  for (size_t i = 0; i < v.bots.size();) {
    size_t j = i;
    while (j < v.bots.size() && v.bots[j] == v.bots[i]) ++j;
    const auto bot = make_bot(v.bots[i]);
    if (!bot) return {};
    out += (out.empty() ? "" : ", ") + ("bot:" + v.bots[i]) + " (" + bot->budget(g) + ")";
    if (j - i > 1) out += " x" + std::to_string(j - i);
    i = j;
  }
  return out;
}

std::string prepare(const Content& c, Study& s) {
  s.engine_version = TW_VERSION;
  if (s.variants.empty()) return "a study needs at least one variant";
  if (s.seeds < 1) return "a study needs at least one seed";
  for (auto& v : s.variants) {
    const Level* level = nullptr;
    if (!v.level.empty()) {
      level = c.find_level(v.level);
      if (!level) return "unknown level '" + v.level + "'";
      v.rule_set = level->rule_set;
    }
    const RuleSet* rs = c.find_rule_set(v.rule_set);
    if (!rs) return "unknown rule set '" + v.rule_set + "'";
    if (v.bots.empty()) return "no bot for " + (v.level.empty() ? v.rule_set : v.level);
    for (const auto& b : v.bots)
      if (!make_bot(b)) return "unknown bot '" + b + "'";
    if (v.label.empty()) v.label = v.level.empty() ? v.rule_set : v.level;
    Game probe;
    if (auto violation = Game::create(c, setup_of(v, v.bots, 0), probe)) return v.label + ": " + violation->message;
    v.coop = is_coop(probe);
    v.target = coop_level(probe) ? coop_level(probe)->target : 0;
    v.rules_digest = replay::rules_digest(c, *rs, coop_level(probe));
  }
  const size_t seats = s.variants.front().bots.size();
  if (s.rotate)
    for (const auto& v : s.variants)
      if (v.bots.size() != seats) return "--rotate needs the same number of seats in every variant";
  return {};
}

GameRow describe(const Study& s, uint64_t index) {
  GameRow r;
  const uint64_t v = static_cast<uint64_t>(s.variants.size());
  const uint64_t rot = static_cast<uint64_t>(s.rotations());
  r.index = index;
  r.variant = static_cast<int>(index % v);
  r.rotation = static_cast<int>((index / v) % rot);
  r.seed_index = static_cast<int>(index / v / rot);
  r.seed = s.seed + static_cast<uint64_t>(r.seed_index);
  const auto& bots = s.variants[static_cast<size_t>(r.variant)].bots;
  const size_t n = bots.size();
  for (size_t p = 0; p < n; ++p) r.bots.push_back(bots[(p + static_cast<size_t>(r.rotation)) % n]);
  return r;
}

std::vector<uint64_t> shard_indices(const Study& s, Shard sh) {
  std::vector<uint64_t> out;
  if (sh.count < 1 || sh.index < 0 || sh.index >= sh.count) return out;
  for (uint64_t i = static_cast<uint64_t>(sh.index); i < s.total_games(); i += static_cast<uint64_t>(sh.count))
    out.push_back(i);
  return out;
}

namespace {

const char* outcome_name(Outcome o) {
  switch (o) {
    case Outcome::End: return "end";
    case Outcome::Win: return "win";
    case Outcome::Lose: return "lose";
    case Outcome::None: break;
  }
  return "none";
}

void finish_row(const Game& g, GameRow& r) {
  r.plies = g.ply();
  r.scores.clear();
  for (int p = 0; p < g.player_count(); ++p) r.scores.push_back(g.score(p));
  r.outcome = outcome_name(g.outcome());
  r.winner = -1;
  if (is_coop(g)) {
    r.progress = progress(g);
    r.dogs = dogs_reached(g);
    if (g.outcome() != Outcome::Win) r.loss = loss_reason(g).empty() ? std::string("unfinished") : loss_reason(g);
  } else if (!r.scores.empty()) {
    const int64_t best = *std::max_element(r.scores.begin(), r.scores.end());
    int at_best = 0;
    for (size_t p = 0; p < r.scores.size(); ++p)
      if (r.scores[p] == best) {
        ++at_best;
        r.winner = static_cast<int>(p);
      }
    if (at_best > 1) r.winner = -1;
  }
}

}  // namespace

RunResult play(const Content& c, const Study& s, const std::vector<uint64_t>& indices, const RunOptions& o) {
  RunResult res;
  const int hw = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  res.threads = std::max(1, o.threads > 0 ? o.threads : hw);
  res.rows.resize(indices.size());
  const size_t batch = o.record ? static_cast<size_t>(std::max(1, o.batch)) : std::max<size_t>(1, indices.size());
  std::vector<replay::Replay> recorded;
  std::vector<size_t> order(indices.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return indices[a] < indices[b]; });
  std::vector<char> played(indices.size(), 0);
  std::atomic<size_t> next{0};
  std::atomic<int> done{0};
  size_t batch_start = 0, batch_end = 0;
  const auto t0 = std::chrono::steady_clock::now();
  auto worker = [&] {
    // One game a worker, set up afresh for each of its games (Game::create keeps the
    // buffers and the tile cache of the previous game on the same content: no
    // build_cache a game, 9% of a coop-bot meter run).
    Game g;
    for (size_t k; (k = next.fetch_add(1)) < batch_end;) {
      if (o.cancel && o.cancel->load()) continue;
      const size_t slot = order[k];
      GameRow& r = res.rows[slot];
      r = describe(s, indices[slot]);
      const Variant& v = s.variants[static_cast<size_t>(r.variant)];
      const GameSetup setup = setup_of(v, r.bots, r.seed);
      std::vector<std::unique_ptr<Bot>> owned;
      std::vector<Bot*> bots;
      for (const auto& b : r.bots) {
        owned.push_back(make_bot(b));
        bots.push_back(owned.back().get());
      }
      Rng rng(r.seed ^ kBotStream);
      if (o.record) {  // the same choices as play_out, each logged with its state hash
        replay::Recorder rec;
        replay::Recorder::start(c, setup, rec);
        while (!rec.game().finished())
          rec.apply_index(bots[static_cast<size_t>(rec.game().pending().player)]->choose(rec.game(), rng));
        finish_row(rec.game(), r);
        replay::GameLog log = rec.take_log();
        // The same tags as `play` writes for the same game (present/record.h).
        if (rec.game().finished()) log.set_tag("Result", result_text(rec.game()));
        log.set_tag("RulesDigest", replay::hex64(log.header.rules_digest));
        recorded[k - batch_start] = replay::from_log(std::move(log));
      } else {
        Game::create(c, setup, g);
        play_out(g, bots, rng);
        finish_row(g, r);
      }
      if (s.solve.on && v.coop) {  // the same deal, searched with the whole pile known
        Game deal;
        Game::create(c, setup, deal);
        SolverConfig sc;
        sc.max_nodes = s.solve.nodes;
        sc.first_width = s.solve.first_width;
        if (!s.solve.rollouts) sc.rollouts = 0;
        sc.prune = s.solve.prune;
        sc.rollout_bias = s.solve.rollout_bias;
        sc.colour_search = s.solve.colour_search;
        // A deal a sound bound proves impossible is not searched (engine/bots/proof.h).
        r.solver_proved = prove_impossible(deal).has_value();
        const SolveResult sr = r.solver_proved ? SolveResult{} : solve(deal, sc);
        r.solver = sr.won ? 1 : 0;
        r.solver_exhaustive = sr.exhaustive;
        r.solver_nodes = sr.nodes;
        r.solver_depth = sr.depth;
        r.solver_progress = sr.best_progress;
        if (sr.won) r.solver_line = sr.line;
      }
      played[slot] = 1;
      done.fetch_add(1);
    }
  };
  for (batch_start = 0; batch_start < indices.size(); batch_start = batch_end) {
    batch_end = std::min(indices.size(), batch_start + batch);
    if (o.record) recorded.assign(batch_end - batch_start, replay::Replay{});
    next = batch_start;
    std::vector<std::thread> pool;
    const int n = static_cast<int>(std::min<size_t>(static_cast<size_t>(res.threads), batch_end - batch_start));
    for (int t = 0; t < n; ++t) pool.emplace_back(worker);
    if (o.progress) {
      while (static_cast<size_t>(done.load()) < batch_end && !(o.cancel && o.cancel->load())) {
        o.progress(done.load(), static_cast<int>(indices.size()));
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
      }
    }
    for (auto& t : pool) t.join();
    if (o.cancel && o.cancel->load()) {
      res.cancelled = true;
      break;
    }
    if (o.record && o.store && !o.store(recorded)) {
      res.store_failed = true;
      break;
    }
  }
  if (o.progress) o.progress(done.load(), static_cast<int>(indices.size()));
  res.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  // Rows in index order; games not played (cancelled) dropped.
  std::vector<GameRow> rows;
  rows.reserve(indices.size());
  for (size_t k : order)
    if (played[k]) rows.push_back(std::move(res.rows[k]));
  res.rows = std::move(rows);
  return res;
}

GameSetup solver_setup(const std::string& rule_set, const std::string& level, int players, uint64_t seed) {
  GameSetup s;
  s.rule_set = rule_set;
  s.level = level;
  s.seed = seed;
  for (int i = 0; i < players; ++i) s.players.push_back({"solver " + std::to_string(i + 1), ""});
  return s;
}

namespace {

std::optional<replay::Replay> record_line(const Content& c, const GameSetup& setup, const std::vector<Option>& line,
                                          std::vector<replay::MetaTag> tags, std::string* error, Outcome* outcome) {
  replay::Recorder rec;
  if (auto v = replay::Recorder::start(c, setup, rec, std::move(tags))) {
    if (error) *error = v->message;
    return std::nullopt;
  }
  for (size_t i = 0; i < line.size(); ++i)
    if (auto v = rec.apply(line[i])) {
      if (error) *error = "ply " + std::to_string(i + 1) + ": " + v->message;
      return std::nullopt;
    }
  if (outcome) *outcome = rec.game().outcome();
  replay::GameLog log = rec.take_log();
  if (rec.game().finished()) log.set_tag("Result", result_text(rec.game()));
  log.set_tag("RulesDigest", replay::hex64(log.header.rules_digest));
  return replay::from_log(std::move(log));
}

}  // namespace

std::optional<replay::Replay> line_replay(const Content& c, const GameSetup& setup, const std::vector<Option>& line,
                                          std::string* error) {
  return record_line(c, setup, line, {}, error, nullptr);
}

std::optional<replay::Replay> witness(const Content& c, const Study& s, const GameRow& r, std::string* error) {
  auto fail = [&](const std::string& m) -> std::optional<replay::Replay> {
    if (error) *error = m;
    return std::nullopt;
  };
  if (r.variant < 0 || static_cast<size_t>(r.variant) >= s.variants.size()) return fail("no such variant");
  const Variant& v = s.variants[static_cast<size_t>(r.variant)];
  if (r.solver != 1) return fail("the solver found no win in deal " + std::to_string(r.seed));
  const GameSetup setup = solver_setup(v.rule_set, v.level, static_cast<int>(r.bots.size()), r.seed);
  std::vector<Option> line = r.solver_line;
  if (line.empty()) {  // a row read back from a file: the same search finds the same line
    Game deal;
    if (auto violation = Game::create(c, setup, deal)) return fail(violation->message);
    SolverConfig sc;
    sc.max_nodes = s.solve.nodes;
    sc.first_width = s.solve.first_width;
    if (!s.solve.rollouts) sc.rollouts = 0;
    sc.prune = s.solve.prune;
    sc.rollout_bias = s.solve.rollout_bias;
    sc.colour_search = s.solve.colour_search;
    const SolveResult sr = solve(deal, sc);
    if (!sr.won) return fail("deal " + std::to_string(r.seed) + " searched again: no win found (the content changed?)");
    line = sr.line;
  }
  std::string why;
  Outcome outcome = Outcome::None;
  const std::string event = "solver's winning line: " + v.label + ", " + std::to_string(r.bots.size()) +
                            " players, seed " + std::to_string(r.seed) + ", " + std::to_string(s.solve.nodes) +
                            " nodes";
  auto rp = record_line(c, setup, line, {{"Event", event}}, &why, &outcome);
  if (!rp) return fail("the solver's line of deal " + std::to_string(r.seed) + " does not replay: " + why);
  if (outcome != Outcome::Win) return fail("the solver's line of deal " + std::to_string(r.seed) + " does not end in a win");
  return rp;
}

// ---------------------------------------------------------------------------------
// Summaries

Interval wilson(double successes, double n) {
  if (n <= 0) return {};
  const double z = 1.96, p = successes / n;
  const double denom = 1 + z * z / n;
  const double centre = (p + z * z / (2 * n)) / denom;
  const double half = z * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom;
  return {p, std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

double t_quantile_975(size_t df) {
  if (df == 0) return 0;
  // Boost.Math's Student's t; for many degrees of freedom it tends to the normal 1.96.
  return boost::math::quantile(boost::math::students_t_distribution<double>(static_cast<double>(df)), 0.975);
}

Interval mean_interval(const std::vector<double>& xs) {
  if (xs.empty()) return {};
  const double n = static_cast<double>(xs.size());
  double sum = 0;
  for (double x : xs) sum += x;
  const double mean = sum / n;
  double ss = 0;
  for (double x : xs) ss += (x - mean) * (x - mean);
  if (xs.size() < 2) return {mean, mean, mean};  // one value: no spread to measure
  const double var = ss / (n - 1);
  const double half = t_quantile_975(xs.size() - 1) * std::sqrt(var / n);
  return {mean, mean - half, mean + half};
}

VariantSummary summarise(const Study& s, int variant, const std::vector<GameRow>& all) {
  VariantSummary out;
  const Variant& v = s.variants[static_cast<size_t>(variant)];
  out.coop = v.coop;
  std::vector<const GameRow*> rows;
  for (const auto& r : all)
    if (r.variant == variant) rows.push_back(&r);
  out.games = static_cast<int>(rows.size());
  if (rows.empty()) return out;
  double plies = 0;
  for (const auto* r : rows) plies += r->plies;
  out.mean_plies = plies / out.games;
  const double g = out.games;
  if (v.coop) {
    std::vector<double> progress, share;
    double dogs = 0, defeat = 0;
    int lost = 0;
    std::map<std::string, int> reasons;
    for (const auto* r : rows) {
      progress.push_back(static_cast<double>(r->progress));
      share.push_back(v.target > 0 ? static_cast<double>(r->progress) / static_cast<double>(v.target) : 0.0);
      dogs += r->dogs;
      out.scores.push_back(r->progress);
      if (r->won()) {
        ++out.wins;
      } else {
        ++lost;
        defeat += r->plies;
        ++reasons[r->loss];
      }
    }
    out.win_rate = wilson(out.wins, g);
    double nodes = 0;
    for (const auto* r : rows) {
      if (r->solver < 0) continue;
      ++out.solved_deals;
      if (r->winnable()) ++out.winnable;
      if (r->solver == 1) ++out.solver_wins;
      if (r->impossible()) ++out.unwinnable;
      if (r->impossible() && r->solver_proved) ++out.proved;
      if (r->solver_proved && r->winnable()) ++out.contradictions;
      nodes += static_cast<double>(r->solver_nodes);
    }
    out.unresolved = out.solved_deals - out.winnable - out.unwinnable;
    if (out.solved_deals > 0) {
      out.winnable_share = wilson(out.winnable, out.solved_deals);
      out.impossible_share = wilson(out.unwinnable, out.solved_deals);
      out.mean_solver_nodes = nodes / out.solved_deals;
    }
    out.progress = mean_interval(progress);
    out.target_share = mean_interval(share);
    out.mean_dogs = dogs / g;
    out.mean_defeat_ply = lost ? defeat / lost : 0;
    out.loss_reasons.assign(reasons.begin(), reasons.end());
    std::stable_sort(out.loss_reasons.begin(), out.loss_reasons.end(),
                     [](const auto& a, const auto& b) { return a.second > b.second; });
    return out;
  }
  const size_t n = v.bots.size();
  std::vector<std::vector<double>> scores(n);
  std::vector<int> wins(n, 0);
  out.seat_wins.assign(n, 0);
  for (const auto* r : rows) {
    for (size_t p = 0; p < n && p < r->scores.size(); ++p) {
      const size_t entrant = (p + static_cast<size_t>(r->rotation)) % n;
      scores[entrant].push_back(static_cast<double>(r->scores[p]));
      out.scores.push_back(r->scores[p]);
    }
    if (r->winner < 0) {
      ++out.ties;
    } else {
      ++out.seat_wins[static_cast<size_t>(r->winner)];
      ++wins[(static_cast<size_t>(r->winner) + static_cast<size_t>(r->rotation)) % n];
    }
  }
  for (size_t j = 0; j < n; ++j) {
    EntrantSummary e;
    e.bot = v.bots[j];
    e.score = mean_interval(scores[j]);
    e.wins = wins[j];
    e.win_rate = wilson(wins[j], g);
    out.entrants.push_back(e);
  }
  return out;
}

// ---------------------------------------------------------------------------------
// Paired comparison

std::vector<std::string> measures(const Study& s, const Variant& v) {
  // (possible: not proved impossible, the bracket's upper end; issue 59)
  if (v.coop && s.solve.on) return {"winnable", "win", "possible", "progress", "target share", "dogs", "plies"};
  if (v.coop) return {"win", "progress", "target share", "dogs", "plies"};
  return {"win", "score", "margin", "total score", "plies"};
}

double measure(const Study& s, const GameRow& r, const std::string& m) {
  const Variant& v = s.variants[static_cast<size_t>(r.variant)];
  if (m == "plies") return r.plies;
  if (v.coop) {
    if (m == "win") return r.won() ? 1 : 0;
    if (m == "winnable") return r.winnable() ? 1 : 0;
    if (m == "possible") return r.impossible() ? 0 : 1;
    if (m == "progress") return static_cast<double>(r.progress);
    if (m == "target share") return v.target > 0 ? static_cast<double>(r.progress) / static_cast<double>(v.target) : 0;
    if (m == "dogs") return r.dogs;
    return 0;
  }
  const size_t n = r.scores.size();
  if (n == 0) return 0;
  // Entrant 1 sits at seat (n - rotation) % n.
  const size_t seat = (n - static_cast<size_t>(r.rotation) % n) % n;
  if (m == "win") return r.winner == static_cast<int>(seat) ? 1 : 0;
  if (m == "score") return static_cast<double>(r.scores[seat]);
  if (m == "margin") {
    int64_t best_other = INT64_MIN;
    for (size_t p = 0; p < n; ++p)
      if (p != seat) best_other = std::max(best_other, r.scores[p]);
    return n == 1 ? static_cast<double>(r.scores[seat]) : static_cast<double>(r.scores[seat] - best_other);
  }
  if (m == "total score") {
    double t = 0;
    for (auto x : r.scores) t += static_cast<double>(x);
    return t;
  }
  return 0;
}

std::vector<PairedDiff> paired(const Study& s, int variant, const std::vector<GameRow>& rows) {
  // Pair key: (seed index, rotation); rows are sorted by index, so the pairs come in order.
  std::map<std::pair<int, int>, const GameRow*> base, other;
  for (const auto& r : rows) {
    if (r.variant == 0) base[{r.seed_index, r.rotation}] = &r;
    if (r.variant == variant) other[{r.seed_index, r.rotation}] = &r;
  }
  std::vector<PairedDiff> out;
  const Variant& a = s.variants.front();
  const Variant& b = s.variants[static_cast<size_t>(variant)];
  std::vector<std::string> ms = measures(s, a);
  if (a.coop != b.coop) ms = {"plies"};
  for (const auto& m : ms) {
    PairedDiff d;
    d.measure = m;
    std::vector<double> diffs;
    double sa = 0, sb = 0;
    for (const auto& [key, ra] : base) {
      auto it = other.find(key);
      if (it == other.end()) continue;
      const double xa = measure(s, *ra, m), xb = measure(s, *it->second, m);
      sa += xa;
      sb += xb;
      diffs.push_back(xb - xa);
    }
    d.pairs = static_cast<int>(diffs.size());
    if (d.pairs > 0) {
      d.mean_a = sa / d.pairs;
      d.mean_b = sb / d.pairs;
    }
    d.diff = mean_interval(diffs);
    out.push_back(d);
  }
  return out;
}

void SprtState::add(double d, const SprtOptions& o) {
  ++pairs;
  sum += d;
  sumsq += d * d;
  lower = std::log(o.beta / (1 - o.alpha));
  upper = std::log((1 - o.beta) / o.alpha);
  const double n = pairs;
  // The variance of the differences with two pseudo-pairs, -1 and +1, added: early on
  // (a few pairs, all equal) the test does not mistake a lack of spread for certainty.
  const double m = n + 2;
  const double var = std::max(1e-6, (sumsq + 2 - sum * sum / m) / (m - 1));
  llr = (o.d1 - o.d0) / var * (sum - n * (o.d0 + o.d1) / 2);
  if (verdict.empty() && pairs >= kSprtMinPairs) {
    if (llr >= upper) verdict = "H1";
    else if (llr <= lower) verdict = "H0";
  }
}

// ---------------------------------------------------------------------------------
// JSON and CSV

namespace {

Json interval_json(const Interval& i) { return Json{{"mean", i.mean}, {"lo", i.lo}, {"hi", i.hi}}; }

Json summary_json(const Study& s, int variant, const VariantSummary& v) {
  Json j;
  j["variant"] = s.variants[static_cast<size_t>(variant)].label;
  j["games"] = v.games;
  j["mean_plies"] = v.mean_plies;
  if (v.coop) {
    j["wins"] = v.wins;
    j["win_rate"] = interval_json(v.win_rate);
    j["score"] = interval_json(v.progress);
    j["target_share"] = interval_json(v.target_share);
    j["mean_dogs"] = v.mean_dogs;
    j["mean_defeat_ply"] = v.mean_defeat_ply;
    Json reasons = Json::array();
    for (const auto& [why, n] : v.loss_reasons) reasons.push_back(Json{{"reason", why}, {"games", n}});
    j["loss_reasons"] = reasons;
    if (v.solved_deals > 0)
      j["solver"] = Json{{"deals", v.solved_deals},
                         {"winnable", v.winnable},
                         {"winnable_share", interval_json(v.winnable_share)},
                         {"solver_wins", v.solver_wins},
                         {"unwinnable", v.unwinnable},
                         {"proved", v.proved},
                         {"impossible_share", interval_json(v.impossible_share)},
                         {"unresolved", v.unresolved},
                         {"contradictions", v.contradictions},
                         {"mean_nodes", v.mean_solver_nodes}};
  } else {
    Json es = Json::array();
    for (const auto& e : v.entrants)
      es.push_back(Json{{"bot", e.bot}, {"score", interval_json(e.score)}, {"wins", e.wins},
                        {"win_rate", interval_json(e.win_rate)}});
    j["entrants"] = es;
    j["seat_wins"] = v.seat_wins;
    j["ties"] = v.ties;
  }
  return j;
}

Json row_json(const GameRow& r) {
  Json j;
  j["index"] = r.index;
  j["variant"] = r.variant;
  j["seed"] = r.seed;
  j["rotation"] = r.rotation;
  j["bots"] = r.bots;
  j["scores"] = r.scores;
  j["outcome"] = r.outcome;
  j["winner"] = r.winner;
  j["loss"] = r.loss;
  j["plies"] = r.plies;
  j["progress"] = r.progress;
  j["dogs"] = r.dogs;
  if (r.solver >= 0)
    j["solver"] = Json{{"won", r.solver == 1}, {"exhaustive", r.solver_exhaustive}, {"proved", r.solver_proved},
                       {"nodes", r.solver_nodes}, {"depth", r.solver_depth}, {"progress", r.solver_progress},
                       {"winnable", r.winnable()}};
  return j;
}

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
  std::string out = "\"";
  for (char ch : s) {
    if (ch == '"') out += '"';
    out += ch;
  }
  return out + "\"";
}

std::string fmt_double(double x) {
  std::ostringstream o;
  o.precision(6);
  o << x;
  return o.str();
}

}  // namespace

namespace {

// What a bot spends per decision, from its name (mcts:N:T:reward).
// `coop`: the variant is a co-op level, where plain `mcts` plays the co-op default.
Json bot_budget(const std::string& name, bool coop) {
  if (name.rfind("mcts", 0) != 0) return Json{{"bot", name}, {"search", "none"}};
  MctsConfig c;
  std::vector<std::string> parts;
  for (size_t at = name.find(':'); at != std::string::npos;) {
    const size_t next = name.find(':', at + 1);
    parts.push_back(name.substr(at + 1, next == std::string::npos ? std::string::npos : next - at - 1));
    at = next;
  }
  const auto number = [](const std::string& t, int fallback) {
    int v = 0;
    for (char ch : t) {
      if (ch < '0' || ch > '9') return fallback;
      v = v * 10 + (ch - '0');
      if (v > 100'000'000) return fallback;
    }
    return t.empty() ? fallback : v;
  };
  // Plain `mcts`: the rule system's default (competitive: fewer while a playout has more
  // tiles to play than a base game, engine/bots/mcts.h).
  const int fallback = coop ? kMctsDefaultCoop : kMctsDefaultIterations;
  const int iterations = parts.size() > 0 ? number(parts[0], fallback) : fallback;
  const int threads = parts.size() > 1 ? number(parts[1], c.threads) : c.threads;
  const std::string reward = parts.size() > 2 ? parts[2] : std::string("margin");
  return Json{{"bot", name}, {"search", "mcts"}, {"iterations", iterations}, {"threads", threads}, {"reward", reward}};
}

}  // namespace

Json identity(const Study& s) {
  Json j;
  j["engine"] = "tilewright " + s.engine_version;
  j["seed"] = s.seed;
  j["seeds"] = s.seeds;
  j["rotate"] = s.rotate;
  j["rotations"] = s.rotations();
  j["games"] = s.total_games();
  j["bot_stream"] = "game seed ^ 0x5bd1e995";
  j["indexing"] = "index = (seed_index * rotations + rotation) * variants + variant";
  Json vs = Json::array();
  for (const auto& v : s.variants) {
    Json x;
    x["label"] = v.label;
    x["rule_set"] = v.rule_set;
    x["level"] = v.level;
    x["rules_digest"] = replay::hex64(v.rules_digest);
    x["coop"] = v.coop;
    x["target"] = v.target;
    x["bots"] = v.bots;
    Json budgets = Json::array();
    for (const auto& b : v.bots) budgets.push_back(bot_budget(b, v.coop));
    x["budgets"] = budgets;
    vs.push_back(x);
  }
  j["variants"] = vs;
  if (s.solve.on)  // (absent without the solver: such a study's identity is as it was)
    j["solver"] = Json{{"nodes", s.solve.nodes}, {"first_width", s.solve.first_width}, {"rollouts", s.solve.rollouts},
                              {"prune", s.solve.prune}, {"rollout_bias", s.solve.rollout_bias},
                              {"colour_search", s.solve.colour_search}};
  if (s.sweep)  // (absent in a plain study, whose identity is as it was)
    j["sweep"] = Json{{"source", s.sweep->source},
                      {"param", s.sweep->param},
                      {"measure", s.sweep->measure},
                      {"values", s.sweep->values}};
  return j;
}

Json to_json(const Report& r) {
  const Study& s = r.study;
  Json j;
  j["format"] = "tilewright study " + std::to_string(kFormat);
  j["study"] = identity(s);
  j["shard"] = Json{{"index", r.shard.index}, {"count", r.shard.count}};
  j["complete"] = r.shard.count == 1 && r.rows.size() == s.total_games();
  Json sums = Json::array();
  for (size_t v = 0; v < s.variants.size(); ++v)
    sums.push_back(summary_json(s, static_cast<int>(v), summarise(s, static_cast<int>(v), r.rows)));
  j["summary"] = sums;
  if (s.variants.size() > 1) {
    Json cmp = Json::array();
    for (size_t v = 1; v < s.variants.size(); ++v) {
      Json c;
      c["a"] = s.variants.front().label;
      c["b"] = s.variants[v].label;
      Json ms = Json::array();
      for (const auto& d : paired(s, static_cast<int>(v), r.rows))
        ms.push_back(Json{{"measure", d.measure}, {"pairs", d.pairs}, {"mean_a", d.mean_a}, {"mean_b", d.mean_b},
                          {"difference", interval_json(d.diff)}});
      c["measures"] = ms;
      cmp.push_back(c);
    }
    j["comparison"] = cmp;
  }
  if (r.sprt) {
    j["sprt"] = Json{{"measure", "win"}, {"d0", r.sprt->d0}, {"d1", r.sprt->d1}, {"alpha", r.sprt->alpha},
                     {"beta", r.sprt->beta}, {"verdict", r.sprt_verdict}, {"pairs", r.sprt_state.pairs},
                     {"llr", r.sprt_state.llr}, {"lower", r.sprt_state.lower}, {"upper", r.sprt_state.upper}};
  }
  if (s.sweep) j["sweep_summary"] = sweep_json(s, r.rows);
  Json rows = Json::array();
  for (const auto& g : r.rows) rows.push_back(row_json(g));
  j["games"] = rows;
  j["timing"] = Json{{"seconds", r.seconds},
                     {"threads", r.threads},
                     {"parts", r.parts},
                     {"games_per_second", r.seconds > 0 ? static_cast<double>(r.rows.size()) / r.seconds : 0.0}};
  return j;
}

std::optional<Report> from_json(const Json& j, std::string* error) {
  auto fail = [&](const std::string& m) -> std::optional<Report> {
    if (error) *error = m;
    return std::nullopt;
  };
  try {
    if (!j.is_object() || j.value("format", std::string()) != "tilewright study " + std::to_string(kFormat))
      return fail("not a study result (format \"tilewright study " + std::to_string(kFormat) + "\")");
    Report r;
    const Json& st = j.at("study");
    const std::string engine = st.at("engine").get<std::string>();
    r.study.engine_version = engine.rfind("tilewright ", 0) == 0 ? engine.substr(11) : engine;
    r.study.seed = st.at("seed").get<uint64_t>();
    r.study.seeds = st.at("seeds").get<int>();
    r.study.rotate = st.at("rotate").get<bool>();
    if (const auto it = st.find("solver"); it != st.end()) {
      r.study.solve.on = true;
      r.study.solve.nodes = it->at("nodes").get<int64_t>();
      r.study.solve.first_width = it->at("first_width").get<int>();
      r.study.solve.rollouts = it->value("rollouts", false);  // older files: the beam alone
      r.study.solve.prune = it->value("prune", false);        // ... and no branch and bound
      r.study.solve.rollout_bias = it->value("rollout_bias", 0.0);  // ... and a beam the rollouts did not steer
      r.study.solve.colour_search = it->value("colour_search", false);  // ... and level 6 searched as the others
      if (!(r.study.solve.rollout_bias >= 0 && r.study.solve.rollout_bias <= 1e6)) return fail("a bad solver rollout bias");
      if (r.study.solve.nodes < 1 || r.study.solve.first_width < 1) return fail("a bad solver budget");
    }
    if (const auto it = st.find("sweep"); it != st.end()) {
      SweepSpec sw;
      sw.source = it->at("source").get<std::string>();
      sw.param = it->at("param").get<std::string>();
      sw.measure = it->at("measure").get<std::string>();
      sw.values = it->at("values").get<std::vector<int64_t>>();
      r.study.sweep = sw;
    }
    for (const auto& x : st.at("variants")) {
      Variant v;
      v.label = x.at("label").get<std::string>();
      v.rule_set = x.at("rule_set").get<std::string>();
      v.level = x.at("level").get<std::string>();
      const auto digest = replay::parse_hex64(x.at("rules_digest").get<std::string>());
      if (!digest) return fail("a variant's rules_digest is not 16 hex digits");
      v.rules_digest = *digest;
      v.coop = x.at("coop").get<bool>();
      v.target = x.at("target").get<int64_t>();
      v.bots = x.at("bots").get<std::vector<std::string>>();
      if (v.bots.empty()) return fail("a variant without bots");
      r.study.variants.push_back(v);
    }
    if (r.study.variants.empty() || r.study.seeds < 1) return fail("a study without variants or seeds");
    if (r.study.sweep && r.study.sweep->values.size() != r.study.variants.size())
      return fail("a sweep with not one value per variant");
    if (r.study.rotate)
      for (const auto& v : r.study.variants)
        if (v.bots.size() != r.study.variants.front().bots.size()) return fail("rotation with different seat counts");
    r.shard.index = j.at("shard").at("index").get<int>();
    r.shard.count = j.at("shard").at("count").get<int>();
    if (r.shard.count < 1 || r.shard.index < 0 || r.shard.index >= r.shard.count) return fail("a bad shard");
    if (j.contains("sprt")) {
      const Json& sp = j.at("sprt");
      r.sprt = SprtOptions{sp.at("d0").get<double>(), sp.at("d1").get<double>(), sp.at("alpha").get<double>(),
                           sp.at("beta").get<double>()};
      r.sprt_verdict = sp.at("verdict").get<std::string>();
      if (sp.contains("llr")) {  // older results have the verdict only
        r.sprt_state.pairs = sp.at("pairs").get<int>();
        r.sprt_state.llr = sp.at("llr").get<double>();
        r.sprt_state.lower = sp.at("lower").get<double>();
        r.sprt_state.upper = sp.at("upper").get<double>();
      }
    }
    const uint64_t total = r.study.total_games();
    for (const auto& x : j.at("games")) {
      const uint64_t index = x.at("index").get<uint64_t>();
      if (index >= total) return fail("game index " + std::to_string(index) + " outside the study");
      GameRow g = describe(r.study, index);
      if (x.at("seed").get<uint64_t>() != g.seed || x.at("variant").get<int>() != g.variant ||
          x.at("rotation").get<int>() != g.rotation || x.at("bots").get<std::vector<std::string>>() != g.bots)
        return fail("game " + std::to_string(index) + " does not match the study's seeds and seats");
      g.scores = x.at("scores").get<std::vector<int64_t>>();
      if (g.scores.size() != g.bots.size()) return fail("game " + std::to_string(index) + ": one score per seat");
      g.outcome = x.at("outcome").get<std::string>();
      g.winner = x.at("winner").get<int>();
      g.loss = x.at("loss").get<std::string>();
      g.plies = x.at("plies").get<int>();
      g.progress = x.at("progress").get<int64_t>();
      g.dogs = x.at("dogs").get<int>();
      if (const auto sv = x.find("solver"); sv != x.end()) {
        g.solver = sv->at("won").get<bool>() ? 1 : 0;
        g.solver_exhaustive = sv->at("exhaustive").get<bool>();
        g.solver_proved = sv->value("proved", false);  // (absent in files written before the proofs)
        g.solver_nodes = sv->at("nodes").get<int64_t>();
        g.solver_depth = sv->at("depth").get<int>();
        g.solver_progress = sv->at("progress").get<int64_t>();
      }
      if (g.winner < -1 || g.winner >= static_cast<int>(g.bots.size()))
        return fail("game " + std::to_string(index) + ": winner out of range");
      if (!r.rows.empty() && r.rows.back().index >= index) return fail("games not in increasing index order");
      r.rows.push_back(std::move(g));
    }
    if (const auto it = j.find("timing"); it != j.end() && it->is_object()) {
      r.seconds = it->value("seconds", 0.0);
      r.threads = it->value("threads", 0);
      r.parts = it->value("parts", 1);
    }
    return r;
  } catch (const std::exception& e) {
    return fail(std::string("malformed study result: ") + e.what());
  }
}

std::string to_csv(const Report& r) {
  std::string out =
      "index,variant,rule_set,level,seed,rotation,seats,bots,scores,winner,outcome,loss_reason,plies,"
      "score,target_share,dogs_reached,defeat_ply";
  // With the solver, its columns after the others (a study without it writes what it did).
  out += r.study.solve.on ? ",winnable,solver_won,solver_exhaustive,solver_nodes,solver_depth,solver_proved\n" : "\n";
  for (const auto& g : r.rows) {
    const Variant& v = r.study.variants[static_cast<size_t>(g.variant)];
    std::string bots, scores;
    for (size_t p = 0; p < g.bots.size(); ++p) {
      bots += (p ? " " : "") + g.bots[p];
      scores += (p ? " " : "") + std::to_string(g.scores[p]);
    }
    const bool lost = v.coop && !g.won();
    out += std::to_string(g.index) + "," + csv_field(v.label) + "," + csv_field(v.rule_set) + "," +
           csv_field(v.level) + "," + std::to_string(g.seed) + "," + std::to_string(g.rotation) + "," +
           std::to_string(g.bots.size()) + "," + csv_field(bots) + "," + scores + "," +
           (v.coop ? std::string() : g.winner < 0 ? std::string("tie") : std::to_string(g.winner + 1)) + "," +
           g.outcome + "," + csv_field(g.loss) + "," + std::to_string(g.plies) + "," +
           (v.coop ? std::to_string(g.progress) : std::string()) + "," +
           (v.coop && v.target > 0
                ? fmt_double(static_cast<double>(g.progress) / static_cast<double>(v.target))
                : std::string()) +
           "," + (v.coop ? std::to_string(g.dogs) : std::string()) + "," +
           (lost ? std::to_string(g.plies) : std::string());
    if (r.study.solve.on)
      out += g.solver < 0 ? std::string(",,,,,,")
                          : "," + std::to_string(g.winnable() ? 1 : 0) + "," + std::to_string(g.solver) + "," +
                                std::to_string(g.solver_exhaustive ? 1 : 0) + "," + std::to_string(g.solver_nodes) +
                                "," + std::to_string(g.solver_depth) + "," + std::to_string(g.solver_proved ? 1 : 0);
    out += "\n";
  }
  return out;
}

std::optional<Report> merge(const std::vector<Report>& parts, std::string* error) {
  auto fail = [&](const std::string& m) -> std::optional<Report> {
    if (error) *error = m;
    return std::nullopt;
  };
  if (parts.empty()) return fail("nothing to merge");
  const Json id = identity(parts.front().study);
  const int n = parts.front().shard.count;
  std::vector<int> seen(static_cast<size_t>(n), 0);
  Report out;
  out.study = parts.front().study;
  out.shard = {0, 1};
  out.parts = 0;
  out.sprt = parts.front().sprt;
  out.sprt_verdict = parts.front().sprt_verdict;
  out.sprt_state = parts.front().sprt_state;
  for (const auto& p : parts) {
    if (identity(p.study) != id) return fail("the parts are not shards of the same study (seeds, variants, bots, "
                                             "rules digests or engine version differ)");
    if (p.shard.count != n) return fail("the parts were cut into different numbers of shards");
    if (seen[static_cast<size_t>(p.shard.index)]++)
      return fail("shard " + std::to_string(p.shard.index) + "/" + std::to_string(n) + " given twice");
    const auto expected = shard_indices(p.study, p.shard);
    if (p.rows.size() != expected.size())
      return fail("shard " + std::to_string(p.shard.index) + "/" + std::to_string(n) + " holds " +
                  std::to_string(p.rows.size()) + " games, not " + std::to_string(expected.size()));
    for (size_t i = 0; i < expected.size(); ++i)
      if (p.rows[i].index != expected[i])
        return fail("shard " + std::to_string(p.shard.index) + "/" + std::to_string(n) + " holds game " +
                    std::to_string(p.rows[i].index) + ", which is not one of its slice");
    out.rows.insert(out.rows.end(), p.rows.begin(), p.rows.end());
    out.seconds = std::max(out.seconds, p.seconds);  // the wall time of parts run side by side
    out.threads = std::max(out.threads, p.threads);
    out.parts += p.parts;
  }
  for (int i = 0; i < n; ++i)
    if (!seen[static_cast<size_t>(i)]) return fail("shard " + std::to_string(i) + "/" + std::to_string(n) + " is missing");
  std::sort(out.rows.begin(), out.rows.end(), [](const GameRow& a, const GameRow& b) { return a.index < b.index; });
  return out;
}

}  // namespace tw::study
