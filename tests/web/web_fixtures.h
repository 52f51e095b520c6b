// Shared by the web page tests: records of tests/records/ as replays (on the test
// database's content), annotated and varied through the replay layer as a reviewer
// would, and the 300-ply analysed game of the size bound.
#pragma once

#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "analysis/analysis.h"
#include "engine/bots/bots.h"
#include "engine/rng.h"
#include "engine/tgn.h"
#include "fixtures.h"
#include "present/record.h"
#include "replay/log.h"
#include "replay/tgn_io.h"
#include "replay/tree.h"

namespace tw::test::webt {

inline replay::Replay record_replay(const std::string& rel) {
  const std::string text = read_text(std::filesystem::path(TW_SOURCE_DIR) / rel);
  const auto parsed = tgn::parse(text);
  REQUIRE(parsed.record);
  auto res = replay::import_record(test_content(), *parsed.record, rel);
  INFO(rel << ": " << (res.errors.empty() ? std::string() : res.errors.front()));
  REQUIRE(res.replay);
  return *res.replay;
}

// The comment a reviewer might paste: markup and script that must show as text.
inline const std::string kHostile =
    "**Look** here <script>document.title='pwned'</script> <img src=x onerror=\"document.title='pwned'\">";

// Annotates main-line ply `ply` with the hostile comment, a glyph and one marker of each kind.
inline void annotate_hostile(replay::Replay& r, int ply) {
  replay::Annotation a;
  a.comment = kHostile;
  a.glyph = "?!";
  replay::Marker cell;
  cell.x = 0;
  cell.y = 0;
  replay::Marker arrow;
  arrow.kind = replay::Marker::Kind::Arrow;
  arrow.x2 = 1;
  replay::Marker label;
  label.kind = replay::Marker::Kind::Label;
  label.x = 1;
  label.text = "<b onmouseover=x>hi</b>";
  a.markers = {cell, arrow, label};
  REQUIRE(replay::annotate(r, replay::NodePath::main(ply), a).empty());
}

// Adds a variation at main-line ply `ply`: the last legal option there other than the one
// played (with `skip`, the one `skip` before it), then (when the game goes on) the first
// option after it; a comment on its first node.
inline replay::NodePath add_alternative(const Content& c, replay::Replay& r, int ply, int skip = 0) {
  Game g;
  REQUIRE(!Game::create(c, r.log.setup(), g));
  std::vector<Option> played;
  const std::vector<std::string> before(r.log.decisions.begin(), r.log.decisions.begin() + (ply - 1));
  REQUIRE(replay::read_line(g, before, played).empty());
  for (const Option& o : played) g.apply(o);
  const std::string main_move = r.log.decisions[static_cast<size_t>(ply - 1)];
  std::vector<Option> moves;
  for (auto it = g.pending().options.rbegin(); it != g.pending().options.rend(); ++it)
    if (g.to_string(*it) != main_move && skip-- == 0) {
      moves.push_back(*it);
      break;
    }
  REQUIRE(!moves.empty());
  Game h = g;
  h.apply(moves[0]);
  if (!h.finished()) moves.push_back(h.pending().options.front());
  replay::NodePath added;
  REQUIRE(replay::add_variation_options(c, r, replay::NodePath::main(ply), moves, &added) == "");
  replay::Annotation a;
  a.comment = "An alternative: _worth a look_";
  a.glyph = "!?";
  replay::Marker cell;
  cell.x = 1;
  cell.y = 1;
  a.markers = {cell};
  REQUIRE(replay::annotate(r, added, a).empty());
  return added;
}

// A game of bots: `players` seats of `bot` on a rule set or a level, from `seed`.
inline replay::Replay bot_game(const std::string& rule_set, const std::string& level, int players, const std::string& bot,
                               uint64_t seed) {
  const Content& c = test_content();
  GameSetup setup;
  setup.rule_set = rule_set;
  setup.level = level;
  setup.seed = seed;
  for (int p = 0; p < players; ++p) setup.players.push_back({"bot:" + bot, bot});
  replay::Recorder rec;
  REQUIRE(!replay::Recorder::start(c, setup, rec));
  auto b = make_bot(bot);
  Rng rng(seed);
  while (!rec.game().finished()) rec.apply_index(b->choose(rec.game(), rng));
  return replay::from_log(rec.take_log());
}

// A 300-ply game (gcc, four greedy bots, seed 7), every tenth ply commented with markers,
// analysed (mcts, 30 iterations a ply) and the analysis written in as glyphs, comments and
// best lines.
struct BigGame {
  replay::Replay replay;
  analysis::Analysis analysis;
};
inline const BigGame& big_game() {
  static const BigGame big = [] {
    const Content& c = test_content();
    GameSetup setup;
    setup.rule_set = "gcc";
    setup.seed = 7;
    setup.players = parse_players("bot:greedy, bot:greedy, bot:greedy, bot:greedy");
    replay::Recorder rec;
    REQUIRE(!replay::Recorder::start(c, setup, rec));
    auto bot = make_bot("greedy");
    Rng rng(7);
    while (!rec.game().finished()) rec.apply_index(bot->choose(rec.game(), rng));
    BigGame b;
    b.replay = replay::from_log(rec.take_log());
    for (int p = 5; p <= b.replay.log.plies(); p += 10) {
      replay::Annotation a;
      a.comment = "Ply " + std::to_string(p) + ": **a note** with _emphasis_ and `code`, a sentence as long as a reviewer's.";
      replay::Marker cell, arrow, label;
      arrow.kind = replay::Marker::Kind::Arrow;
      arrow.x2 = 1;
      arrow.y2 = 1;
      label.kind = replay::Marker::Kind::Label;
      label.x = label.y = 1;
      label.text = "p" + std::to_string(p);
      a.markers = {cell, arrow, label};
      REQUIRE(replay::annotate(b.replay, replay::NodePath::main(p), a).empty());
    }
    analysis::Settings s;
    s.iterations = 30;
    s.seed = 1;
    b.analysis = analysis::analyse_replay(c, b.replay, s, false);
    REQUIRE(b.analysis.error.empty());
    analysis::annotate(c, b.replay, b.analysis);
    return b;
  }();
  return big;
}

}  // namespace tw::test::webt
