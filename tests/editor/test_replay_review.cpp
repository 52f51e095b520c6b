// Replay review: the document without a window (navigation over the main line and
// variations, comments and scoring steps, playing a move that starts a variation,
// annotation commands with undo/redo saved to the store), and the review view in the
// main frame under Xvfb: open a replay, step with the keys, annotate, undo, redo, reopen
// from the database, export and import TGN, screenshots.
#include <catch2/catch.hpp>

#include <wx/cmdproc.h>
#include <wx/treectrl.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "board/board_canvas.h"
#include "board/option_map.h"
#include "engine/bots/bots.h"
#include "fixture.h"
#include "replay/replay_store.h"
#include "review/replay_doc.h"
#include "review/replay_view.h"
#include "schema/store.h"
#include "game_fixture.h"

namespace {

using tw::replay::NodePath;

using twe::test::content;

// A finished game of two bots, as a replay.
tw::replay::Replay bot_game(const std::string& rule_set, uint64_t seed) {
  tw::GameSetup s;
  s.rule_set = rule_set;
  s.seed = seed;
  s.players = tw::parse_players("bot:greedy, bot:random");
  tw::replay::Recorder rec;
  REQUIRE_FALSE(tw::replay::Recorder::start(content(), s, rec));
  auto greedy = tw::make_bot("greedy"), random = tw::make_bot("random");
  tw::Rng rng(seed);
  while (!rec.game().finished()) {
    tw::Bot* b = rec.game().pending().player == 0 ? greedy.get() : random.get();
    rec.apply_index(b->choose(rec.game(), rng));
  }
  return tw::replay::from_log(rec.take_log());
}

// The state after the first n decisions of a line, computed from scratch.
uint64_t hash_after(const std::vector<std::string>& moves, const tw::GameSetup& setup) {
  tw::Game g;
  REQUIRE_FALSE(tw::Game::create(content(), setup, g));
  for (const auto& m : moves) REQUIRE_FALSE(g.apply(std::string_view(m)));
  return g.state_hash();
}

}  // namespace

TEST_CASE("review document steps both ways and its state matches a fresh replay", "[review]") {
  std::shared_ptr<twe::ReplayDoc> d;
  REQUIRE(twe::ReplayDoc::open(content(), bot_game("base", 4), d).empty());
  const auto& r = d->replay();
  const int n = r.log.plies();
  REQUIRE(n > 20);
  CHECK(twe::is_start(d->position()));
  CHECK_FALSE(d->backward());
  for (int i = 1; i <= n; ++i) {
    REQUIRE(d->forward());
    CHECK(d->position() == NodePath::main(i));
    CHECK(d->game().ply() == i);
  }
  CHECK_FALSE(d->forward());
  CHECK(d->game().state_hash() == r.log.hashes.back());
  d->go_ply(7);
  CHECK(d->game().state_hash() == r.log.hashes[7]);
  REQUIRE(d->backward());
  CHECK(d->game().state_hash() == r.log.hashes[6]);
  d->home();
  CHECK(d->game().state_hash() == r.log.hashes[0]);
  d->end();
  CHECK(d->position() == NodePath::main(n));
  CHECK(static_cast<int>(d->line().size()) == n + 1);
  // Final scores in the line match the game's.
  for (int p = 0; p < d->game().player_count(); ++p) CHECK(d->line().back().scores[static_cast<size_t>(p)] == d->game().score(p));
  // Scoring steps: the next one from the start is a node whose step scored.
  d->home();
  REQUIRE(d->next_scoring(1));
  CHECK(d->line()[static_cast<size_t>(d->line_index())].scoring);
  const NodePath first_scoring = d->position();
  REQUIRE_FALSE(d->next_scoring(-1));
  CHECK(d->position() == first_scoring);
}

TEST_CASE("playing another move starts a variation, up and down walk the alternatives, undo removes it", "[review]") {
  std::shared_ptr<twe::ReplayDoc> d;
  REQUIRE(twe::ReplayDoc::open(content(), bot_game("base", 6), d).empty());
  wxCommandProcessor commands;
  d->go_ply(4);  // after ply 4: the next decision is ply 5
  const std::string main5 = d->replay().mainline[4].decision;
  // The move the line already holds just steps on.
  REQUIRE(d->play(main5, &commands).empty());
  CHECK(d->position() == NodePath::main(5));
  CHECK_FALSE(commands.CanUndo());
  d->go_ply(4);
  // Another legal option: a variation at ply 5.
  std::string other;
  for (const auto& o : twe::classify(d->game()))
    if (o.text != main5) {
      other = o.text;
      break;
    }
  REQUIRE_FALSE(other.empty());
  REQUIRE(d->play(other, &commands).empty());
  const NodePath var = *NodePath::parse("5/0:1");
  CHECK(d->position() == var);
  REQUIRE(commands.CanUndo());
  CHECK(tw::replay::find_node(d->replay(), var)->decision == other);
  // The state is the variation's.
  std::vector<std::string> moves(d->replay().log.decisions.begin(), d->replay().log.decisions.begin() + 4);
  moves.push_back(other);
  CHECK(d->game().state_hash() == hash_after(moves, d->replay().log.setup()));
  // Continue in the variation, then back and between the alternatives.
  const std::string next = twe::classify(d->game()).front().text;
  REQUIRE(d->play(next, &commands).empty());
  CHECK(d->position() == *NodePath::parse("5/0:2"));
  REQUIRE(d->backward());
  CHECK(d->position() == var);
  REQUIRE(d->backward());
  CHECK(d->position() == NodePath::main(4));  // before the branch
  d->forward();
  CHECK(d->position() == NodePath::main(5));  // the main line goes on
  REQUIRE(d->down());
  CHECK(d->position() == var);
  CHECK_FALSE(d->down());
  REQUIRE(d->up());
  CHECK(d->position() == NodePath::main(5));
  // The line through the variation ends where the variation ends.
  d->go(var);
  CHECK(d->line().back().path == *NodePath::parse("5/0:2"));
  // A move at the end of the variation extends it (undoably).
  d->go(*NodePath::parse("5/0:2"));
  const std::string third = twe::classify(d->game()).front().text;
  REQUIRE(d->play(third, &commands).empty());
  CHECK(d->position() == *NodePath::parse("5/0:3"));
  REQUIRE(commands.Undo());
  CHECK(d->replay().mainline[4].variations[0].size() == 2);
  // Undo twice more: the variation is gone, the replay as it was.
  REQUIRE(commands.Undo());
  REQUIRE(commands.Undo());
  CHECK(d->replay().mainline[4].variations.empty());
  REQUIRE(commands.Redo());
  CHECK(d->replay().mainline[4].variations.size() == 1);
  // At the end of the line a move cannot be a variation.
  d->go(NodePath::main(d->replay().log.plies()));
  if (!d->game().finished()) CHECK_FALSE(d->play(twe::classify(d->game()).front().text, &commands).empty());
}

TEST_CASE("promoting and deleting a variation are undoable tree edits", "[review]") {
  std::shared_ptr<twe::ReplayDoc> d;
  REQUIRE(twe::ReplayDoc::open(content(), bot_game("base", 6), d).empty());
  const tw::replay::Replay original = d->replay();
  wxCommandProcessor commands;
  // A two-move variation at ply 5.
  d->go_ply(4);
  const std::string main5 = d->replay().mainline[4].decision;
  std::string other;
  for (const auto& o : twe::classify(d->game()))
    if (o.text != main5) {
      other = o.text;
      break;
    }
  REQUIRE(d->play(other, &commands).empty());
  const std::string next = twe::classify(d->game()).front().text;
  REQUIRE(d->play(next, &commands).empty());
  const tw::replay::Replay with_variation = d->replay();
  // The main line holds nothing to promote.
  d->go(NodePath::main(5));
  CHECK_FALSE(commands.Submit(new twe::TreeEditCommand(d, twe::TreeEditCommand::Kind::Promote, d->position())));
  // Promote: the variation becomes the main line; the old continuation a variation.
  d->go(*NodePath::parse("5/0:2"));
  REQUIRE(commands.Submit(new twe::TreeEditCommand(d, twe::TreeEditCommand::Kind::Promote, d->position())));
  CHECK(d->replay().mainline[4].decision == other);
  CHECK(d->replay().mainline.size() == 6);  // the variation was 2 moves long
  CHECK(d->replay().log.decisions[4] == other);
  CHECK(d->position() == NodePath::main(6));
  CHECK(d->game().state_hash() == d->replay().log.hashes[6]);
  REQUIRE(d->replay().mainline[4].variations.size() == 1);
  CHECK(d->replay().mainline[4].variations[0][0].decision == main5);
  // Undo puts the tree back; redo promotes again.
  REQUIRE(commands.Undo());
  CHECK(d->replay() == with_variation);
  REQUIRE(commands.Redo());
  CHECK(d->replay().mainline[4].decision == other);
  REQUIRE(commands.Undo());
  // Delete the variation, then undo.
  d->go(*NodePath::parse("5/0:1"));
  REQUIRE(commands.Submit(new twe::TreeEditCommand(d, twe::TreeEditCommand::Kind::Delete, d->position())));
  CHECK(d->replay() == original);
  CHECK((twe::is_start(d->position()) || tw::replay::find_node(d->replay(), d->position())));
  REQUIRE(commands.Undo());
  CHECK(d->replay() == with_variation);
}

TEST_CASE("annotation commands save to the store and undo/redo", "[review]") {
  const std::string path = twe::test::temp_db_copy("review");
  {
    tw::Store store = tw::Store::open(path, tw::Store::Mode::ReadWrite);
    tw::replay::ReplayStore rs(store);
    const int64_t id = rs.insert(bot_game("gcc", 8));
    std::shared_ptr<twe::ReplayDoc> d;
    REQUIRE(twe::ReplayDoc::open(content(), rs.load(id), d).empty());
    d->set_store(&store);
    wxCommandProcessor commands;
    d->go_ply(12);
    tw::replay::Annotation a;
    a.comment = "Why *not* the road?";
    a.glyph = "?!";
    a.markers.push_back({tw::replay::Marker::Kind::Cell, 1, 0, 0, 0, ""});
    a.markers.push_back({tw::replay::Marker::Kind::Arrow, 0, 0, 1, -1, ""});
    REQUIRE(commands.Submit(new twe::AnnotateCommand(d, d->position(), a)));
    CHECK(d->note() == a);
    CHECK(rs.load(id).mainline[11].note == a);
    // Comment navigation finds it from the start and from the end.
    d->home();
    REQUIRE(d->next_comment(1));
    CHECK(d->position() == NodePath::main(12));
    d->end();
    REQUIRE(d->next_comment(-1));
    CHECK(d->position() == NodePath::main(12));
    CHECK_FALSE(d->next_comment(1));
    // Undo: gone from the document and the database; redo: back in both.
    REQUIRE(commands.Undo());
    CHECK(d->note().empty());
    CHECK(rs.load(id).mainline[11].note.empty());
    REQUIRE(commands.Redo());
    CHECK(rs.load(id).mainline[11].note == a);
    // A bad glyph is refused and changes nothing.
    tw::replay::Annotation bad = a;
    bad.glyph = "!!!";
    CHECK_FALSE(commands.Submit(new twe::AnnotateCommand(d, d->position(), bad)));
    CHECK(rs.load(id).mainline[11].note == a);
    CHECK(d->save_error().empty());
  }
  twe::test::remove_db(path);
}

TEST_CASE("review view: open, step with keys, annotate, undo, reopen, export and import", "[review][ui]") {
  twe::test::FrameFixture f;
  twe::ReplayView* rv = f.frame->replays();
  REQUIRE(rv);
  auto& ctx = f.ctx();
  REQUIRE(ctx.store);
  REQUIRE(ctx.commands);
  tw::replay::Replay game = bot_game("gcc", 12);
  const int64_t id = tw::replay::ReplayStore(*ctx.store).insert(game);
  f.frame->show_page(rv);
  rv->refresh_list();
  rv->open_replay(id);
  twe::test::pump();
  REQUIRE(rv->doc());
  CHECK(rv->doc()->id() == id);
  // Keys: Right x5, Left, End, Home, Right x9.
  for (int i = 0; i < 5; ++i) CHECK(rv->handle_key(WXK_RIGHT, false, false));
  CHECK(rv->doc()->position() == NodePath::main(5));
  rv->handle_key(WXK_LEFT, false, false);
  CHECK(rv->doc()->position() == NodePath::main(4));
  rv->handle_key(WXK_END, false, false);
  CHECK(rv->doc()->position() == NodePath::main(game.log.plies()));
  rv->handle_key(WXK_HOME, false, false);
  CHECK(twe::is_start(rv->doc()->position()));
  CHECK_FALSE(rv->handle_key('N', false, true));  // Ctrl+N is the menu's
  for (int i = 0; i < 9; ++i) rv->handle_key(WXK_RIGHT, false, false);
  CHECK(rv->doc()->position() == NodePath::main(9));
  // The move list follows: its selection is ply 9.
  const wxTreeItemId sel = rv->moves()->GetSelection();
  REQUIRE(sel.IsOk());
  CHECK(rv->moves()->GetItemText(sel).Contains(wxString::FromUTF8(rv->doc()->replay().mainline[8].decision)));
  // Real key events reach the view too (the board has the focus).
  rv->board()->SetFocus();
  wxKeyEvent right(wxEVT_CHAR_HOOK);
  right.m_keyCode = WXK_RIGHT;
  right.SetEventObject(rv->board());
  rv->board()->GetEventHandler()->ProcessEvent(right);
  twe::test::pump();
  CHECK(rv->doc()->position() == NodePath::main(10));
  rv->handle_key(WXK_LEFT, false, false);

  // Annotate ply 9: comment, glyph, a circle by a board click.
  rv->set_comment("The castle was the point.");
  rv->set_glyph("!");
  rv->set_marker_tool(1);
  const auto& last = rv->doc()->game().placed().back();
  rv->board()->click_at(rv->board()->viewport().cell_centre(last.x, last.y));
  rv->set_marker_tool(3);
  rv->set_label_text("here");
  rv->board()->click_at(rv->board()->viewport().cell_centre(0, 0));
  rv->set_marker_tool(0);
  twe::test::pump();
  tw::replay::Annotation note = rv->doc()->note();
  CHECK(note.comment == "The castle was the point.");
  CHECK(note.glyph == "!");
  REQUIRE(note.markers.size() == 2);
  CHECK(note.markers[0].kind == tw::replay::Marker::Kind::Cell);
  CHECK(note.markers[0].x == last.x);
  CHECK(note.markers[1].text == "here");
  CHECK(rv->board()->scene().markers.size() == 2);
  twe::test::screenshot(f.frame, "review-annotated");
  // Undo the label: one marker left, in the database too.
  REQUIRE(rv->history()->Undo());
  CHECK(rv->doc()->note().markers.size() == 1);
  CHECK(tw::replay::ReplayStore(*ctx.store).load(id).mainline[8].note.markers.size() == 1);
  REQUIRE(rv->history()->Redo());

  // A variation by clicking another legal cell where the next decision is a placement.
  int at = 9;
  while (rv->doc()->replay().mainline[static_cast<size_t>(at)].decision.rfind("place ", 0) != 0) ++at;
  rv->doc()->go(NodePath::main(at));
  twe::test::pump();
  const auto opts = twe::classify(rv->doc()->game());
  const std::string main_next = rv->doc()->replay().mainline[static_cast<size_t>(at)].decision;
  const twe::OptionInfo* alt = nullptr;
  for (const auto& o : opts)
    if (o.place && main_next.find(" " + std::to_string(o.x) + "," + std::to_string(o.y) + " ") == std::string::npos) {
      alt = &o;
      break;
    }
  REQUIRE(alt);
  const std::string var_path = std::to_string(at + 1) + "/0:1";
  rv->handle_key('R', false, false);  // the rotation does not matter: the next fitting one is used
  rv->board()->click_at(rv->board()->viewport().cell_centre(alt->x, alt->y));
  twe::test::pump();
  CHECK(rv->doc()->position() == *NodePath::parse(var_path));
  CHECK(rv->doc()->replay().mainline[static_cast<size_t>(at)].variations.size() == 1);
  twe::test::screenshot(f.frame, "review-variation");
  rv->handle_key(WXK_UP, false, false);
  CHECK(rv->doc()->position() == NodePath::main(at + 1));
  rv->handle_key(WXK_DOWN, false, false);
  CHECK(rv->doc()->position() == *NodePath::parse(var_path));
  // Undo the variation, redo it.
  REQUIRE(rv->history()->Undo());
  CHECK(rv->doc()->replay().mainline[static_cast<size_t>(at)].variations.empty());
  REQUIRE(rv->history()->Redo());
  CHECK(rv->doc()->replay().mainline[static_cast<size_t>(at)].variations.size() == 1);

  // Reopen from the database: a fresh document sees every annotation.
  const tw::replay::Replay stored = tw::replay::ReplayStore(*ctx.store).load(id);
  CHECK(stored.mainline[8].note.comment == "The castle was the point.");
  CHECK(stored.mainline[8].note.glyph == "!");
  CHECK(stored.mainline[8].note.markers.size() == 2);
  CHECK(stored.mainline[static_cast<size_t>(at)].variations.size() == 1);
  std::shared_ptr<twe::ReplayDoc> fresh;
  REQUIRE(twe::ReplayDoc::open(ctx.content, stored, fresh).empty());
  fresh->go(NodePath::main(9));
  CHECK(fresh->note().markers.size() == 2);

  // Export as TGN and import it back as a new replay: comment and glyph survive.
  const std::string tgn = (std::filesystem::temp_directory_path() / ("tw_review_" + std::to_string(::getpid()) + ".tgn")).string();
  std::string error;
  REQUIRE(rv->export_tgn(tgn, &error));
  {
    std::ifstream in(tgn);
    std::stringstream ss;
    ss << in.rdbuf();
    CHECK(ss.str().find("{The castle was the point.} !") != std::string::npos);
  }
  REQUIRE(rv->import_tgn(tgn, &error));
  REQUIRE(rv->doc());
  CHECK(rv->doc()->id() != id);
  CHECK(rv->doc()->replay().mainline[8].note.comment == "The castle was the point.");
  std::filesystem::remove(tgn);
  CHECK_FALSE(rv->import_tgn("/nonexistent/x.tgn", &error));
  CHECK_FALSE(error.empty());
  rv->open_replay(id);
  rv->doc()->go(NodePath::main(9));
  twe::test::pump();
  twe::test::screenshot(rv, "review");
}

TEST_CASE("a co-op replay is reviewed with its score markers", "[review][coop]") {
  if (content().levels.empty()) return;
  const tw::Level& level = content().levels.front();
  tw::GameSetup s;
  s.rule_set = level.rule_set;
  s.level = level.id;
  s.seed = 2;
  s.players = tw::parse_players("bot:coop, bot:coop");
  tw::replay::Recorder rec;
  REQUIRE_FALSE(tw::replay::Recorder::start(content(), s, rec, {}, level.id));
  auto bot = tw::make_bot("coop");
  tw::Rng rng(2);
  while (!rec.game().finished()) rec.apply_index(bot->choose(rec.game(), rng));
  std::shared_ptr<twe::ReplayDoc> d;
  REQUIRE(twe::ReplayDoc::open(content(), tw::replay::from_log(rec.take_log()), d).empty());
  d->end();
  CHECK(d->game().state_hash() == d->replay().log.hashes.back());
  CHECK(is_coop(d->game()));
  REQUIRE(d->line().back().scores.size() == marker_colours(d->game()).size());
  CHECK(d->line().back().scores.front() == marker_score(d->game(), 0));
}
