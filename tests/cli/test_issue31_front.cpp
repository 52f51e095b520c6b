// Issue 31 above the engine: analysis results carry the engine's options (front ends
// use those, not the text), and the state summary is put into words in one place
// (present/summary.h) that `tilewright`'s state text, the Play view and the board's
// score box all show.
#include <catch2/catch.hpp>

#include <algorithm>

#include "analysis/analysis.h"
#include "engine/bots/bots.h"
#include "fixtures.h"
#include "present/record.h"
#include "present/summary.h"
#include "replay/log.h"
#include "replay/tree.h"

using namespace tw;

namespace {

GameSetup setup_of(const std::string& rule_set, const std::string& players, uint64_t seed, const std::string& level = {}) {
  GameSetup s;
  s.rule_set = rule_set;
  s.players = parse_players(players);
  s.seed = seed;
  s.level = level;
  return s;
}

// A game after `plies` decisions of the greedy bot.
Game played(const GameSetup& s, int plies) {
  Game g;
  REQUIRE_FALSE(Game::create(test::default_content(), s, g));
  auto bot = make_bot("greedy");
  Rng rng(5);
  for (int i = 0; i < plies && !g.finished(); ++i) g.apply_index(bot->choose(g, rng));
  return g;
}

bool pending(const Game& g, const Option& o) {
  const auto& opts = g.pending().options;
  return std::find(opts.begin(), opts.end(), o) != opts.end();
}

}  // namespace

TEST_CASE("an analysed ply carries its best and played options, and the best line as options", "[issue31][analysis]") {
  analysis::Settings s;
  s.iterations = 60;
  s.seed = 3;
  s.threads = 1;
  for (int plies : {4, 9, 17}) {
    const Game g = played(setup_of("gcc", "bot:greedy, bot:random", 12), plies);
    REQUIRE_FALSE(g.finished());
    const size_t last = g.pending().options.size() - 1;
    const analysis::PlyEval e = analysis::evaluate(g, last, s);
    INFO("ply " << e.ply << ": best " << e.best << ", played " << e.played);
    // The options are the pending decision's, and the text is theirs.
    CHECK(e.played_option == g.pending().options[last]);
    CHECK(g.to_string(e.played_option) == e.played);
    REQUIRE(pending(g, e.best_option));
    CHECK(g.to_string(e.best_option) == e.best);
    // The best line: each option is pending where it stands, and its text is the line's.
    REQUIRE(e.best_moves.size() == e.best_line.size());
    REQUIRE_FALSE(e.best_moves.empty());
    CHECK(e.best_moves.front() == e.best_option);
    Game h = g;
    for (size_t k = 0; k < e.best_moves.size(); ++k) {
      REQUIRE(pending(h, e.best_moves[k]));
      CHECK(h.to_string(e.best_moves[k]) == e.best_line[k]);
      REQUIRE_FALSE(h.apply(e.best_moves[k]));
    }
  }
}

TEST_CASE("analyse reads a stored line once and its plies carry the options played", "[issue31][analysis]") {
  const Content& c = test::default_content();
  replay::Recorder rec;
  REQUIRE_FALSE(replay::Recorder::start(c, setup_of("base", "Ann, Ben", 8), rec));
  auto bot = make_bot("random");
  Rng rng(2);
  while (rec.log().plies() < 10) rec.apply_index(bot->choose(rec.game(), rng));
  analysis::Settings s;
  s.iterations = 30;
  s.threads = 1;
  s.from = 3;
  s.to = 6;
  const auto a = analysis::analyse(c, rec.log().setup(), rec.log().decisions, s);
  REQUIRE(a.error.empty());
  REQUIRE(a.plies.size() == 4);
  std::vector<Option> moves;
  Game g;
  REQUIRE_FALSE(Game::create(c, rec.log().setup(), g));
  REQUIRE(replay::read_line(g, rec.log().decisions, moves).empty());
  for (const auto& e : a.plies) {
    CHECK(e.played_option == moves[static_cast<size_t>(e.ply - 1)]);
    CHECK(e.played == rec.log().decisions[static_cast<size_t>(e.ply - 1)]);
  }
  // A stored line with an illegal move says which ply, as before.
  std::vector<std::string> broken = rec.log().decisions;
  broken[4] = "pass pass";
  const auto b = analysis::analyse(c, rec.log().setup(), broken, s);
  CHECK(b.error.rfind("ply 5 'pass pass' is illegal: ", 0) == 0);
}

TEST_CASE("the state summary: one set of lines per form, with their seats and colours", "[issue31][present]") {
  using K = SummaryLine::Kind;
  // Base, at the start: each seat's score and supply.
  {
    const Game g = played(setup_of("base", "Ann, Ben", 1), 0);
    const auto text = state_summary(g, SummaryForm::Text);
    REQUIRE(text.size() == 3);
    CHECK(text[0].kind == K::Heading);
    CHECK(text[0].text == "Ruleset base · ply 0 · tiles left " + std::to_string(g.tiles_left()));
    CHECK(text[1].kind == K::Seat);
    CHECK(text[1].colour == 0);
    CHECK(text[1].text == "  red  Ann: 0 points, 7 followers in supply");
    CHECK(text[2].colour == 1);
    CHECK(text[2].text == "  green  Ben: 0 points, 7 followers in supply");
    // state_text prints the Text form above the board.
    CHECK(state_text(g).rfind(summary_text(text, "\n", true), 0) == 0);
    const auto panel = state_summary(g, SummaryForm::Panel);
    REQUIRE(panel.size() == 3);
    CHECK(panel[0].text == "red Ann: 0 points, 7 followers");
    CHECK(panel[2].kind == K::Pile);
    CHECK(panel[2].text == "Tiles left: " + std::to_string(g.tiles_left()) + " · ply 0");
    const auto box = state_summary(g, SummaryForm::ScoreBox);
    REQUIRE(box.size() == 2);
    CHECK(box[0].text == "Ann  0");
    CHECK(box[1].kind == K::Seat);
    CHECK(box[1].colour == 1);
    CHECK(summary_text(box, "\n", false) == "Ann  0\nBen  0");
  }
  // gcc: guards and the ghost bank, in every form.
  {
    const Game g = played(setup_of("gcc", "Ann, Ann", 4), 12);
    for (SummaryForm f : {SummaryForm::Text, SummaryForm::Panel, SummaryForm::ScoreBox}) {
      const auto lines = state_summary(g, f);
      const auto ghosts = std::find_if(lines.begin(), lines.end(), [](const SummaryLine& l) { return l.kind == K::Ghosts; });
      REQUIRE(ghosts != lines.end());
      CHECK(ghosts->text.find(std::to_string(ghost_bank(g))) != std::string::npos);
      // Two seats of one name are told apart (seat_label), in every form.
      const auto second = std::find_if(lines.begin(), lines.end(), [](const SummaryLine& l) { return l.kind == K::Seat && l.colour == 1; });
      REQUIRE(second != lines.end());
      CHECK(second->text.find("Ann (2)") != std::string::npos);
    }
    const auto text = state_summary(g, SummaryForm::Text);
    CHECK(text[1].text.find(" guards (") != std::string::npos);
    CHECK(state_summary(g, SummaryForm::Panel)[0].text.find(" guard") != std::string::npos);
  }
  // Co-op: the markers against the level's target, the ghosts on the board, the stack.
  {
    const Game g = played(setup_of("mists", "Ann, Ben", 2), 6);
    REQUIRE(is_coop(g));
    const auto box = state_summary(g, SummaryForm::ScoreBox);
    REQUIRE(box.size() == marker_colours(g).size() + 1);
    CHECK(box[0].kind == K::Marker);
    CHECK(box[0].colour == marker_colours(g)[0]);
    CHECK(box[0].text.find(" / " + std::to_string(coop_level(g)->target)) != std::string::npos);
    CHECK(box.back().text == "ghost bank " + std::to_string(ghost_bank(g)) + ", on the board " +
                                 std::to_string(ghosts_on_board(g)));
    const auto panel = state_summary(g, SummaryForm::Panel);
    CHECK(panel.front().text == coop_level(g)->id + " — " + coop_level(g)->name);
    CHECK(panel.back().text.rfind("Stack " + std::to_string(current_stack(g) + 1) + ": ", 0) == 0);
    const auto text = state_summary(g, SummaryForm::Text);
    CHECK(text.back().text.find("level " + coop_level(g)->id + " · ") != std::string::npos);
  }
}
