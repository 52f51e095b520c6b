// Review analysis (analysis/analysis.h) and `tilewright analyse`: a planted losing move is
// marked ??, a record of the analysis' own best moves has none, the result does not
// depend on the thread count, and --annotate writes glyphs, comments and variations
// without overwriting a human comment.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "analysis/analysis.h"
#include "cli/analyse.h"
#include "cli/commands.h"
#include "engine/bots/bots.h"
#include "engine/bots/mcts.h"
#include "engine/text.h"
#include "fixtures.h"
#include "replay/log.h"
#include "replay/replay_store.h"
#include "replay/tgn_io.h"

namespace fs = std::filesystem;
using namespace tw;

namespace {

struct AnalyseTempFile {
  fs::path path;
  explicit AnalyseTempFile(const std::string& name, const std::string& text = {})
      : path(fs::temp_directory_path() / ("tw-analyse-" + std::to_string(::getpid()) + "-" + name)) {
    if (!text.empty()) std::ofstream(path, std::ios::binary) << text;
  }
  ~AnalyseTempFile() {
    std::error_code ec;
    fs::remove(path, ec);
  }
};

GameSetup base_setup(uint64_t seed) {
  GameSetup s;
  s.rule_set = "base";
  s.players = {{"Ann", ""}, {"Ben", ""}};
  s.seed = seed;
  return s;
}

// A base game of two greedy bots in which, at the placement where the greedy bot sees
// the widest gap between its best and its worst option (after ply 20), the worst one is
// played instead: typically a tile that completes the opponent's city or ruins one's own.
struct Planted {
  replay::GameLog log;
  int ply = 0;          // the planted decision (1-based)
  int64_t gap = 0;      // greedy value of the best minus the planted option (greedy units)
};

// The blunder mark the glyph tests set: the planted move of seed 3 loses about 10.8 points
// at their budgets since equivalent rotations are one move (its game changed), under the
// default mark of 12 (a mistake); at 8 it is a blunder and each test checks the same path.
constexpr double kPlantedBlunder = 8;

Planted planted_game(uint64_t seed) {
  const Content& c = test::default_content();
  // First pass: find the ply.
  Game g;
  REQUIRE(!Game::create(c, base_setup(seed), g).has_value());
  auto greedy = make_bot("greedy");
  Rng rng(seed);
  Planted p;
  std::vector<size_t> choices;
  while (!g.finished()) {
    const int ply = g.ply() + 1;
    if (g.pending().kind == DecisionKind::Place && ply > 20 && g.pending().options.size() > 1) {
      const auto v = greedy_option_values(g);
      const auto [lo, hi] = std::minmax_element(v.begin(), v.end());
      if (*hi - *lo > p.gap) {
        p.gap = *hi - *lo;
        p.ply = ply;
      }
    }
    const size_t i = greedy->choose(g, rng);
    choices.push_back(i);
    g.apply_index(i);
  }
  // Second pass: the same game up to the planted ply, the worst option there, greedy after.
  replay::Recorder rec;
  REQUIRE(!replay::Recorder::start(c, base_setup(seed), rec).has_value());
  Rng rng2(seed + 1000);
  while (!rec.game().finished()) {
    const Game& h = rec.game();
    const int ply = h.ply() + 1;
    size_t i;
    if (ply < p.ply) {
      i = choices[static_cast<size_t>(ply - 1)];
    } else if (ply == p.ply) {
      const auto v = greedy_option_values(h);
      i = static_cast<size_t>(std::min_element(v.begin(), v.end()) - v.begin());
    } else {
      i = greedy->choose(h, rng2);
    }
    rec.apply_index(i);
  }
  p.log = rec.log();
  return p;
}

analysis::Settings small(int iterations, int threads) {
  analysis::Settings s;
  s.iterations = iterations;
  s.seed = 7;
  s.threads = threads;
  return s;
}

}  // namespace

TEST_CASE("analysis: a planted losing placement is marked ?? with the best move shown", "[analysis]") {
  const Planted p = planted_game(3);
  if (const char* dump = std::getenv("TW_DUMP")) std::ofstream(dump) << replay::export_tgn(replay::from_log(p.log));
  INFO("planted ply " << p.ply << ", greedy gap " << p.gap);
  REQUIRE(p.ply > 20);
  analysis::Settings s = small(300, 2);
  s.thresholds = analysis::default_thresholds(analysis::Measure::Margin);
  s.thresholds->blunder = kPlantedBlunder;
  s.from = p.ply - 2;
  s.to = p.ply + 2;
  const auto a = analysis::analyse(test::default_content(), p.log.setup(), p.log.decisions, s);
  REQUIRE(a.error.empty());
  REQUIRE(a.plies.size() == 5);
  CHECK(a.measure == analysis::Measure::Margin);
  const auto& e = a.plies[2];
  REQUIRE(e.ply == p.ply);
  INFO("played " << e.played << ", best " << e.best << ", before " << e.eval_before << ", after " << e.eval_after);
  CHECK(e.played == p.log.decisions[static_cast<size_t>(p.ply - 1)]);
  CHECK(e.glyph == "??");
  CHECK(e.loss >= a.thresholds.blunder);
  CHECK(e.best != e.played);
  CHECK(e.loss == Approx(e.eval_before - e.eval_after).margin(0.011));
  for (const auto& q : a.plies) {
    CHECK(q.loss >= 0);
    CHECK(q.eval_before >= q.eval_after);
  }
}

TEST_CASE("analysis: a record of the analysis' own best moves has no ??", "[analysis]") {
  const Content& c = test::default_content();
  analysis::Settings s = small(80, 1);
  replay::Recorder rec;
  REQUIRE(!replay::Recorder::start(c, base_setup(11), rec).has_value());
  for (int i = 0; i < 40 && !rec.game().finished(); ++i) {
    const auto e = analysis::evaluate(rec.game(), std::nullopt, s);
    REQUIRE(!rec.apply(e.best).has_value());
  }
  s.threads = 2;
  const auto a = analysis::analyse(c, rec.log().setup(), rec.log().decisions, s);
  REQUIRE(a.error.empty());
  REQUIRE(a.plies.size() == 40);
  int exact = 0;
  for (const auto& e : a.plies) {
    INFO("ply " << e.ply << " played " << e.played << " best " << e.best << " loss " << e.loss);
    CHECK(e.glyph != "??");
    if (e.best == e.played) ++exact;
  }
  // The search at each ply is the one that chose the move: nearly always the same choice.
  CHECK(exact >= 36);
}

TEST_CASE("analysis: the same result on 1 and 3 threads, different with another seed", "[analysis]") {
  const Planted p = planted_game(5);
  analysis::Settings s = small(60, 1);
  s.from = 30;
  s.to = 41;
  const auto one = analysis::analyse(test::default_content(), p.log.setup(), p.log.decisions, s);
  s.threads = 3;
  const auto three = analysis::analyse(test::default_content(), p.log.setup(), p.log.decisions, s);
  REQUIRE(one.plies.size() == 12);
  REQUIRE(three.plies.size() == 12);
  bool differs = false;
  s.seed = 8;
  const auto other = analysis::analyse(test::default_content(), p.log.setup(), p.log.decisions, s);
  for (size_t i = 0; i < one.plies.size(); ++i) {
    CHECK(one.plies[i].ply == 30 + static_cast<int>(i));
    CHECK(one.plies[i].best_line == three.plies[i].best_line);
    CHECK(one.plies[i].eval_before == three.plies[i].eval_before);
    CHECK(one.plies[i].eval_after == three.plies[i].eval_after);
    if (other.plies[i].eval_before != one.plies[i].eval_before) differs = true;
  }
  CHECK(differs);
}

TEST_CASE("analysis: cancelling stops early and says so", "[analysis]") {
  const Planted p = planted_game(5);
  std::atomic<bool> cancel{false};
  int calls = 0;
  const auto a = analysis::analyse(test::default_content(), p.log.setup(), p.log.decisions, small(30, 1),
                                   [&](int done, int total) {
                                     ++calls;
                                     CHECK(total == p.log.plies());
                                     if (done == 3) cancel = true;
                                   },
                                   &cancel);
  CHECK(a.cancelled);
  CHECK(a.plies.size() == 3);
  CHECK(calls == 3);
}

TEST_CASE("analyse: --json prints one object a ply with the evaluation fields", "[cli][analysis]") {
  const Planted p = planted_game(3);
  AnalyseTempFile f("planted.tgn", replay::export_tgn(replay::from_log(p.log)));
  AnalyseOptions o;
  o.db = TW_TEST_DB;
  o.file = f.path.string();
  o.bot = "mcts:300";
  o.seed = 7;
  o.blunder = kPlantedBlunder;
  o.json = true;
  o.from = p.ply - 1;
  o.to = p.ply;
  std::ostringstream out, err;
  REQUIRE(cmd_analyse(o, out, err) == kExitOk);
  std::istringstream lines(out.str());
  std::string line;
  std::vector<nlohmann::json> js;
  while (std::getline(lines, line)) js.push_back(nlohmann::json::parse(line));
  REQUIRE(js.size() == 2);
  for (const auto& j : js)
    for (const char* k : {"ply", "player", "played", "best", "eval_before", "eval_after", "loss", "glyph"})
      CHECK(j.contains(k));
  CHECK(js[1]["ply"] == p.ply);
  CHECK(js[1]["glyph"] == "??");
  CHECK(js[1]["played"] == p.log.decisions[static_cast<size_t>(p.ply - 1)]);

  // Plain text: the planted ply with its mark and the best move.
  o.json = false;
  std::ostringstream text, terr;
  REQUIRE(cmd_analyse(o, text, terr) == kExitOk);
  CHECK(text.str().find(p.log.decisions[static_cast<size_t>(p.ply - 1)] + " ??") != std::string::npos);
  CHECK(text.str().find("best: " + js[1]["best"].get<std::string>()) != std::string::npos);

  // `--bot mcts` analyses with the quick search (500 iterations a ply), not the bot's
  // playing budget (kMctsDefaultIterations, 8000): a whole record stays quick.
  o.bot = "mcts";
  o.from = p.ply;
  std::ostringstream quick, qerr;
  REQUIRE(cmd_analyse(o, quick, qerr) == kExitOk);
  CHECK(quick.str().find("): mcts:" + std::to_string(kMctsQuickIterations) + ", seed ") != std::string::npos);
}

TEST_CASE("analyse: usage errors", "[cli][analysis]") {
  AnalyseTempFile f("usage.tgn", replay::export_tgn(replay::from_log(planted_game(3).log)));
  const auto run = [&](AnalyseOptions o) {
    o.db = TW_TEST_DB;
    std::ostringstream out, err;
    const int code = cmd_analyse(o, out, err);
    INFO(err.str());
    CHECK(err.str().find("tilewright analyse: ") == 0);
    return code;
  };
  AnalyseOptions o;
  CHECK(run(o) == kExitInput);  // neither file nor replay
  o.file = f.path.string();
  o.replay = 1;
  CHECK(run(o) == kExitInput);  // both
  o.replay.reset();
  o.bot = "greedy";
  CHECK(run(o) == kExitInput);
  o.bot = "mcts:10";
  o.annotate = true;
  CHECK(run(o) == kExitInput);  // --annotate FILE without --out
  o.annotate = false;
  o.mistake = 1;
  CHECK(run(o) == kExitInput);  // inaccuracy 3 > mistake 1
  o.mistake.reset();
  o.file = (fs::temp_directory_path() / "tw-analyse-missing.tgn").string();
  CHECK(run(o) == kExitInput);
  AnalyseTempFile bad("illegal.tgn", "[Format \"TGN 1\"]\n[Ruleset \"base\"]\n[Players \"Ann, Ben\"]\n[Seed \"1\"]\n\n"
                              "1. place E 9,9 r0\n");
  o.file = bad.path.string();
  CHECK(run(o) == kExitIllegal);
  o.json = true;
  o.file = f.path.string();
  o.bot = "random";
  std::ostringstream out, err;
  CHECK(cmd_analyse(o, out, err) == kExitInput);
  CHECK(nlohmann::json::parse(out.str()).contains("error"));
}

TEST_CASE("analyse --annotate: glyph, comment and a checked variation, a human comment kept", "[cli][analysis]") {
  const Planted p = planted_game(3);
  replay::Replay r = replay::from_log(p.log);
  // A human comment on the planted ply, and a glyph of their own on the ply before.
  r.mainline[static_cast<size_t>(p.ply - 1)].note.comment = "Ann thought about this for a long time";
  const int64_t id = [&] {
    Store store = Store::open(test::test_db_path().string(), Store::Mode::ReadWrite);
    return replay::ReplayStore(store).insert(r);
  }();
  AnalyseOptions o;
  o.db = test::test_db_path().string();
  o.replay = id;
  o.bot = "mcts:300";
  o.seed = 7;
  o.blunder = kPlantedBlunder;
  o.annotate = true;
  o.from = p.ply - 1;
  o.to = p.ply;
  std::ostringstream out, err;
  REQUIRE(cmd_analyse(o, out, err) == kExitOk);
  INFO(out.str() << err.str());
  CHECK(out.str().find("1 human comment kept") != std::string::npos);
  Store store = Store::open(test::test_db_path().string(), Store::Mode::ReadOnly);
  const replay::Replay after = replay::ReplayStore(store).load(id);
  const auto& node = after.mainline[static_cast<size_t>(p.ply - 1)];
  CHECK(node.note.glyph == "??");
  CHECK(node.note.comment == "Ann thought about this for a long time");
  REQUIRE(node.variations.size() == 1);
  const auto& var = node.variations.front();
  CHECK(var.front().note.comment.rfind("best: " + var.front().decision, 0) == 0);
  CHECK(replay::check_variations(store.load_content(), after).empty());
  // Everything else as it was: the log, and no annotation outside the plies analysed.
  CHECK(after.log == r.log);
  for (size_t i = 0; i < after.mainline.size(); ++i)
    if (static_cast<int>(i + 1) < p.ply - 1 || static_cast<int>(i + 1) > p.ply) CHECK(after.mainline[i] == r.mainline[i]);

  // The evaluations are kept with the replay, as the editor's "Keep analysis" keeps them
  // (before: the CLI kept only the marks), so the review's graph reads them back.
  REQUIRE(after.evaluations.size() == 2);
  CHECK(after.evaluations[0].ply == p.ply - 1);
  CHECK(after.evaluations[1].ply == p.ply);
  CHECK(after.evaluations[1].glyph == "??");
  CHECK(after.evaluations[1].played == r.log.decisions[static_cast<size_t>(p.ply - 1)]);
  CHECK_FALSE(after.evaluations[1].best.empty());
  const auto back = analysis::from_kept(store.load_content(), after);
  REQUIRE(back.has_value());

  // Again: nothing added twice.
  std::ostringstream out2, err2;
  REQUIRE(cmd_analyse(o, out2, err2) == kExitOk);
  const replay::Replay again = replay::ReplayStore(store).load(id);
  CHECK(again.mainline == after.mainline);
  CHECK(again.evaluations == after.evaluations);

  // A later analysis of another range keeps the plies it did not look at.
  AnalyseOptions o3 = o;
  o3.from = 1;
  o3.to = 1;
  std::ostringstream out3, err3;
  REQUIRE(cmd_analyse(o3, out3, err3) == kExitOk);
  const replay::Replay third = replay::ReplayStore(store).load(id);
  REQUIRE(third.evaluations.size() == 3);
  CHECK(third.evaluations[0].ply == 1);
  CHECK(third.evaluations[1] == after.evaluations[0]);
  CHECK(third.evaluations[2] == after.evaluations[1]);
}

TEST_CASE("analyse FILE --annotate --out: the annotated record, comment on the move", "[cli][analysis]") {
  const Planted p = planted_game(3);
  AnalyseTempFile f("file.tgn", replay::export_tgn(replay::from_log(p.log)));
  AnalyseTempFile annotated("annotated.tgn");
  AnalyseOptions o;
  o.db = TW_TEST_DB;
  o.file = f.path.string();
  o.bot = "mcts:300";
  o.seed = 7;
  o.blunder = kPlantedBlunder;
  o.annotate = true;
  o.out_file = annotated.path.string();
  o.from = p.ply;
  o.to = p.ply;
  std::ostringstream out, err;
  REQUIRE(cmd_analyse(o, out, err) == kExitOk);
  const std::string text = test::read_text(annotated.path);
  CHECK(text.find("??") != std::string::npos);
  CHECK(text.find("{best: ") != std::string::npos);
  // It imports again, variation and all, with the engine checking every move.
  const auto back = replay::import_tgn(test::default_content(), text, "annotated");
  REQUIRE(back.replay);
  const auto& node = back.replay->mainline[static_cast<size_t>(p.ply - 1)];
  CHECK(node.note.glyph == "??");
  CHECK(node.note.comment.rfind("best: ", 0) == 0);
  REQUIRE(node.variations.size() == 1);

  // --variations: the variation's moves are evaluated too, after the ply they branch from.
  AnalyseOptions v = o;
  v.annotate = false;
  v.out_file.clear();
  v.file = annotated.path.string();
  v.json = true;
  v.variations = true;
  std::ostringstream vout, verr;
  REQUIRE(cmd_analyse(v, vout, verr) == kExitOk);
  std::istringstream lines(vout.str());
  std::string line;
  std::vector<nlohmann::json> js;
  while (std::getline(lines, line)) js.push_back(nlohmann::json::parse(line));
  const std::string at = std::to_string(p.ply);
  REQUIRE(js.size() == 1 + node.variations[0].size());
  CHECK(js[0]["node"] == at);
  CHECK(js[1]["node"] == at + "/0:1");
  CHECK(js[1]["ply"] == p.ply);
  CHECK(js[1]["played"] == node.variations[0][0].decision);
  CHECK(js[1]["glyph"] != "??");
}

TEST_CASE("analysis: only public information counts (same history, other unseen tiles, same result)", "[analysis]") {
  const Content& c = test::default_content();
  struct Table {
    std::string rule_set, level;
  };
  for (const Table& t : {Table{"gcc", ""}, Table{"mists", "mists-4"}}) {
    INFO(t.rule_set << " " << t.level);
    // A reference game: its draws and choices are the public history.
    GameSetup s;
    s.rule_set = t.rule_set;
    s.level = t.level;
    s.seed = 5;
    s.players = {{"Ann", ""}, {"Ben", ""}};
    Game ref;
    REQUIRE(!Game::create(c, s, ref).has_value());
    auto mover = make_bot(t.level.empty() ? "greedy" : "coop");
    Rng rng(3);
    std::vector<std::string> moves;
    while (moves.size() < 16 && !ref.finished()) {
      moves.push_back(ref.to_string(ref.pending().options[mover->choose(ref, rng)]));
      REQUIRE(!ref.apply(std::string_view(moves.back())).has_value());
    }
    REQUIRE(!ref.finished());
    // Two records whose Draw prefix is what was drawn, with other seeds: the same public
    // history, another order of the unseen tiles.
    for (const uint16_t tile : ref.tiles_drawn()) s.draw.push_back(c.tiles[tile].id);
    GameSetup a = s, b = s;
    a.seed = 1001;
    b.seed = 2002;
    analysis::Settings st = small(40, 2);
    const auto ra = analysis::analyse(c, a, moves, st);
    const auto rb = analysis::analyse(c, b, moves, st);
    REQUIRE(ra.error.empty());
    REQUIRE(rb.error.empty());
    REQUIRE(ra.plies.size() == moves.size());
    CHECK(ra.measure == (t.level.empty() ? analysis::Measure::Margin : analysis::Measure::Team));
    for (size_t i = 0; i < ra.plies.size(); ++i) {
      INFO("ply " << i + 1);
      CHECK(ra.plies[i].best_line == rb.plies[i].best_line);
      CHECK(ra.plies[i].eval_before == rb.plies[i].eval_before);
      CHECK(ra.plies[i].eval_after == rb.plies[i].eval_after);
      if (ra.measure == analysis::Measure::Team) {
        CHECK(ra.plies[i].eval_before >= 0);
        CHECK(ra.plies[i].eval_before <= 100);
      }
    }
  }
}

TEST_CASE("analysis: a placement recorded with an equivalent rotation is the listed one (no read past the list)",
          "[analysis]") {
  // Issue 56, item 1: a record may name a placement with any rotation equivalent to the
  // listed one (a monastery turned a half, a straight road turned a half); the engine puts
  // the tile down as named, so that option is not itself in the list. The analysis took its
  // index as the list's size and the search read options[size] (7 invalid reads under
  // valgrind for ply 7 of a gcc record, SIGSEGV in Game::to_string). Here every placement
  // with an equivalent rotation is written with another one, and every ply is analysed;
  // the sanitizer build runs this test too.
  const Content& c = test::default_content();
  for (const char* rules : {"base", "gcc"}) {
    CAPTURE(rules);
    GameSetup setup = base_setup(21);
    setup.rule_set = rules;
    replay::Recorder rec;
    REQUIRE(!replay::Recorder::start(c, setup, rec).has_value());
    auto greedy = make_bot("greedy");
    Rng rng(21);
    std::vector<std::string> written;
    int turned = 0;
    while (!rec.game().finished() && written.size() < 30) {
      const Game& h = rec.game();
      const Option o = h.pending().options[greedy->choose(h, rng)];
      Option named = o;
      if (o.kind == OptKind::Place)
        for (uint8_t r = 1; r < 4; ++r) {
          Option t = o;
          t.rot = static_cast<uint8_t>((o.rot + r) & 3);
          if (t != o && h.canonical(t) == o) {
            named = t;
            break;
          }
        }
      written.push_back(h.to_string(named));
      if (named != o) ++turned;
      REQUIRE(!rec.apply(std::string_view(written.back())).has_value());
    }
    REQUIRE(turned >= 2);  // the game has such placements
    analysis::Settings s = small(40, 1);
    const auto a = analysis::analyse(c, setup, written, s);
    REQUIRE(a.error.empty());
    REQUIRE(a.plies.size() == written.size());
    Game g;
    REQUIRE(!Game::create(c, setup, g).has_value());
    for (size_t i = 0; i < written.size(); ++i) {
      const auto& e = a.plies[i];
      INFO("ply " << e.ply << ": " << written[i]);
      const auto parsed = g.parse_option(written[i]);
      REQUIRE(parsed);
      // The played option is the listed (canonical) one, valued as played, not unknown.
      CHECK(e.played_option == g.canonical(*parsed));
      CHECK(std::find(g.pending().options.begin(), g.pending().options.end(), e.played_option) !=
            g.pending().options.end());
      CHECK(e.visits_played > 0);
      REQUIRE(!g.apply(*parsed).has_value());
    }
  }
}

// Issue 56: on a terminal the names were painted before the summary was made printable,
// so the colour codes came out escaped ("\\x1b[31m"). A name is escaped, then painted;
// the counts agree with their words.
TEST_CASE("analyse: the players' summary paints escaped names, one inaccuracy, two mistakes", "[cli][analysis]") {
  const std::string line = player_summary(text::printable("Ann\x1b[2J"), 0, {1, 1, 2, 0}, 1.3, "points", true);
  CHECK(line == "\x1b[31mAnn\\x1b[2J\x1b[0m (red): 1 ply, 1 inaccuracy (?!), 2 mistakes (?), 0 blunders (?\?), mean loss "
                "1.3 points\n");
  CHECK(player_summary("Ben", 1, {3, 0, 1, 1}, 0, "points", false) ==
        "Ben (green): 3 plies, 0 inaccuracies (?!), 1 mistake (?), 1 blunder (?\?), mean loss 0.0 points\n");
}
