// Exported pages opened in headless Chromium (Debian's chromium) with networking off:
// run under `unshare -n` (a network namespace with no interface) when it works here, and
// always with a dead proxy and a resolver that maps every name to nothing. The page's test
// hook (#test=keys:..., web/review.js) presses the keys and writes what the page shows
// after each into the DOM; Chromium's --dump-dom gives it back. Each step is checked
// against the record played by the engine: the ply, the tiles and followers on the
// board, the comment (as text), the glyph and the markers. Screenshots go to
// build/screenshots/. Without Chromium the cases print "SKIPPED: chromium ..." (ctest
// reports them skipped) unless TW_REQUIRE_CHROMIUM=1 (CI), where they fail. TW_CHROMIUM
// names the browser to use (none: behave as without one).
#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "chromium.h"
#include "present/markdown.h"
#include "web/page.h"
#include "web_fixtures.h"

namespace tw::test {
namespace {

namespace fs = std::filesystem;

// The command prefix that turns networking off.
std::string offline_prefix() {
  static const bool unshare = std::system("unshare -n true >/dev/null 2>&1") == 0;
  return unshare ? "unshare -n " : "";
}

std::string browser(const std::string& args) {
  static const TempTestDir temp;  // removed with the browser's profile when the tests end
  static const fs::path profile = temp.path / "chromium-profile";
  return run(offline_prefix() + chromium() +
             " --headless --no-sandbox --disable-gpu --no-first-run --disable-extensions --hide-scrollbars"
             " --user-data-dir=" + profile.string() +
             " --proxy-server=127.0.0.1:9 --host-resolver-rules='MAP * ~NOTFOUND' " + args + " 2>/dev/null");
}

std::string unescape_html(std::string s) {
  const std::pair<const char*, const char*> entities[] = {
      {"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}, {"&#39;", "'"}, {"&nbsp;", " "}, {"&amp;", "&"}};
  for (const auto& [from, to] : entities)
    for (size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + std::strlen(to)))
      s.replace(at, std::strlen(from), to);
  return s;
}

// What a rendered comment shows as text: its tags dropped, its entities read.
std::string shown_text(const std::string& html) {
  std::string out;
  bool tag = false;
  for (const char c : html) {
    if (c == '<') tag = true;
    else if (c == '>') tag = false;
    else if (!tag) out += c;
  }
  return unescape_html(out);
}

// Opens the page at `fragment` (which holds the test hook) and returns its report.
nlohmann::json open_at(const fs::path& page, const std::string& fragment) {
  const std::string dom = browser("--window-size=1280,800 --dump-dom 'file://" + page.string() + "#" + fragment + "'");
  const std::string open = "<pre id=\"tw-test-out\">";
  const size_t a = dom.rfind(open);  // the element, after the script (whose comment names it)
  INFO("chromium gave " << dom.size() << " bytes");
  REQUIRE(a != std::string::npos);
  const size_t b = dom.find("</pre>", a);
  REQUIRE(b != std::string::npos);
  return nlohmann::json::parse(unescape_html(dom.substr(a + open.size(), b - a - open.size())));
}

// Opens the page with the test hook and returns its report.
nlohmann::json press(const fs::path& page, const std::string& keys) { return open_at(page, "test=keys:" + keys); }

void screenshot(const fs::path& page, const std::string& at, const std::string& name) {
  fs::create_directories(TW_SCREENSHOT_DIR);
  const fs::path png = fs::path(TW_SCREENSHOT_DIR) / (name + ".png");
  fs::remove(png);
  browser("--window-size=1280,800 --screenshot=" + png.string() + " 'file://" + page.string() + "#at=" + at + "'");
  CHECK(fs::exists(png));
  CHECK(fs::file_size(png) > 10000);
}

// Checks every step of the report against the record.
void check_steps(const Content& c, const replay::Replay& r, const nlohmann::json& report) {
  CHECK(report["errors"].empty());  // the page's policy refused nothing
  CHECK(report["resources"] == 0);  // and it asked for nothing
  CHECK(report["title"].get<std::string>().find("pwned") == std::string::npos);
  // "Download record" saves the canonical TGN (a Blob) under a .tgn name.
  CHECK(report["record"] == replay::export_tgn(r));
  CHECK(report["downloadHref"] == "blob:");
  const std::string name = report["download"];
  CHECK(name.size() > 4);
  CHECK(name.substr(name.size() - 4) == ".tgn");
  for (const auto& s : report["steps"]) {
    const std::string node = s["node"];
    INFO("after key '" << s["key"].get<std::string>() << "': node '" << node << "'");
    std::vector<std::string> moves;
    const replay::Node* n = nullptr;
    int ply = 0;
    if (!node.empty()) {
      const auto path = replay::NodePath::parse(node);
      REQUIRE(path);
      n = replay::find_node(r, *path);
      REQUIRE(n);
      moves = *replay::moves_to(r, *path);
      ply = path->game_ply();
    }
    Game g;
    REQUIRE(!Game::create(c, r.log.setup(), g));
    std::vector<Option> opts;
    REQUIRE(replay::read_line(g, moves, opts).empty());
    for (const Option& o : opts) g.apply(o);
    size_t followers = 0;
    for (const auto& f : g.followers()) followers += f.placed >= 0;
    CHECK(s["ply"] == ply);
    CHECK(s["tiles"] == g.placed().size());
    CHECK(s["followers"] == followers);
    CHECK(s["glyph"] == (n ? n->note.glyph : std::string()));
    CHECK(s["marks"] == (n ? n->note.markers.size() : 0));
    CHECK(s["comment"] == (n ? shown_text(tw::markdown_html(n->note.comment)) : std::string()));
    CHECK(s["commentHtmlTags"] == 0);
  }
}

fs::path write_page(const std::string& name, const std::string& html) {
  fs::create_directories(TW_SCREENSHOT_DIR);
  const fs::path p = fs::path(TW_SCREENSHOT_DIR) / (name + ".html");
  std::ofstream(p, std::ios::binary) << html;
  return p;
}

std::vector<std::string> paths(const nlohmann::json& report) {
  std::vector<std::string> out;
  for (const auto& s : report["steps"]) out.push_back(s["node"]);
  return out;
}

TEST_CASE("browser: base game, comments as text, a variation in and out") {
  if (skip_without_chromium()) return;
  const Content& c = test_content();
  replay::Replay r = webt::record_replay("tests/records/base/06-majority.tgn");
  webt::annotate_hostile(r, 3);
  webt::add_alternative(c, r, 3);
  const fs::path page = write_page("base", web::page_html(c, r));
  const auto report = press(page, "Right*3,Down,Right,Up,Up,End,Left,Home,End");
  check_steps(c, r, report);
  const std::string last = std::to_string(r.log.plies());
  CHECK(paths(report) == std::vector<std::string>{"", "3", "3/0:1", "3/0:2", "3", "3", last,
                                                   std::to_string(r.log.plies() - 1), "", last});
  // The hostile comment is on the screen as its characters.
  CHECK(report["steps"][1]["comment"].get<std::string>().find("<script>document.title='pwned'</script>") != std::string::npos);
  CHECK(report["steps"][1]["comment"].get<std::string>().find("onerror=") != std::string::npos);
  screenshot(page, "3", "base-ply3");
  screenshot(page, "3/0:2", "base-variation");
}

TEST_CASE("browser: gcc game") {
  if (skip_without_chromium()) return;
  const Content& c = test_content();
  replay::Replay r = webt::record_replay("tests/records/gcc/10-start-piece-monastery.tgn");
  webt::annotate_hostile(r, 1);
  const fs::path page = write_page("gcc", web::page_html(c, r));
  check_steps(c, r, press(page, "Right,Right,End,Home"));
  screenshot(page, std::to_string(r.log.plies()), "gcc-end");
}

TEST_CASE("browser: co-op level with face-down tiles") {
  if (skip_without_chromium()) return;
  const Content& c = test_content();
  replay::Replay r = webt::record_replay("tests/records/mists/07-facedown-blocks.tgn");
  webt::annotate_hostile(r, 1);
  const fs::path page = write_page("coop-facedown", web::page_html(c, r));
  const auto data = web::page_data(c, r);
  CHECK(data["coop"] == true);
  check_steps(c, r, press(page, "Right*2,End,Left,Home"));
  screenshot(page, std::to_string(r.log.plies()), "coop-facedown-end");
}

TEST_CASE("browser: a variant with custom tiles") {
  if (skip_without_chromium()) return;
  const Content& c = test_content();
  replay::Replay r = webt::record_replay("tests/records/gcc/01-thicken-disperse-scare.tgn");
  REQUIRE(r.log.header.rule_set == "test-gcc");
  webt::add_alternative(c, r, 2);
  const fs::path page = write_page("custom-tiles", web::page_html(c, r));
  check_steps(c, r, press(page, "Right,Right,Down,Right,End,Up,End"));
  screenshot(page, std::to_string(r.log.plies()), "custom-tiles-end");
}

TEST_CASE("browser: a 300-ply analysed game: evaluation graph, marks and best moves") {
  if (skip_without_chromium()) return;
  const Content& c = test_content();
  const auto& big = webt::big_game();
  web::PageOptions o;
  o.analysis = &big.analysis;
  const std::string html = web::page_html(c, big.replay, o);
  const fs::path page = write_page("analysed-300", html);
  // A marked ply whose best move goes on the board.
  const auto data = web::page_data(c, big.replay, o);
  std::string marked;
  size_t dots = 0;
  for (const auto& n : data["nodes"])
    if (n.contains("ev") && n["ev"].contains("glyph")) {
      ++dots;
      if (marked.empty() && n["ev"].contains("bt") && !n["ev"]["bt"].empty()) marked = n["k"];
    }
  REQUIRE(!marked.empty());
  const int at = std::stoi(marked);
  const auto report = press(page, "Right*" + std::to_string(at) + ",End,Home");
  check_steps(c, big.replay, report);
  CHECK(report["steps"][1]["node"] == marked);
  CHECK(report["steps"][1]["best"].get<int>() > 0);
  CHECK(report["steps"][1]["evalDots"] == dots);
  WARN("300-ply page: " << html.size() << " bytes; script ran in " << report["scriptMs"] << " ms, ready "
                        << report["readyMs"] << " ms after navigation start");
  screenshot(page, marked, "analysed-300-mistake");
}

// --- issue 61: the review page as a reviewer's tool ---

// The number of turns the record has: its placements (TGN numbers a line per placement).
size_t placements(const replay::Replay& r) {
  size_t n = 0;
  for (const auto& d : r.log.decisions) n += d.rfind("place ", 0) == 0;
  return n;
}

TEST_CASE("browser: a one-seat co-op game is numbered by turns, as its record (issue 61, item 10)") {
  if (skip_without_chromium()) return;
  const Content& c = test_content();
  const replay::Replay r = webt::bot_game("", "mists-6", 1, "coop", 3);
  REQUIRE(r.log.plies() > static_cast<int>(placements(r)));  // turns of several decisions
  const fs::path page = write_page("coop-one-seat", web::page_html(c, r));
  const auto report = press(page, "Right,Right*3,End");
  check_steps(c, r, report);
  const auto& last = report["steps"].back();
  CHECK(last["rows"] == placements(r));
  CHECK(last["turn"] == std::to_string(placements(r)) + ".");
  CHECK(report["steps"][1]["turn"] == "1.");
}

TEST_CASE("browser: the evaluation from one point of view, the marks in the move list (issue 61, items 11, 12)") {
  if (skip_without_chromium()) return;
  const Content& c = test_content();
  // Two seats: the first seat's view in the text, the graph and the bar alike.
  const replay::Replay r = webt::record_replay("tests/records/base/06-majority.tgn");
  analysis::Settings s;
  s.iterations = 30;
  s.seed = 2;
  const analysis::Analysis a = analysis::analyse_replay(c, r, s, false);
  REQUIRE(a.error.empty());
  web::PageOptions o;
  o.analysis = &a;
  const fs::path two = write_page("eval-two-seats", web::page_html(c, r, o));
  std::string keys;
  for (int k = 0; k < r.log.plies(); ++k) keys += "Right,";
  const auto report = press(two, keys + "Home");
  size_t compared = 0;
  bool second_seat = false;
  for (const auto& st : report["steps"]) {
    if (st["evalValue"].is_null()) continue;
    ++compared;
    INFO("node " << st["node"]);
    CHECK(st["evalValue"] == st["evalPlotted"]);
    CHECK(st["evalText"].get<std::string>().find("Ann's view") != std::string::npos);
    second_seat = second_seat || st["status"].get<std::string>().find("Ben:") != std::string::npos;
  }
  CHECK(compared >= 3);
  CHECK(second_seat);
  // Four seats: a line per seat, each seat's own view; an analysis not written into the
  // record shows its marks in the move list, the same as the graph's dots.
  const auto& big = webt::big_game();
  const replay::Replay plain = replay::from_log(big.replay.log);
  web::PageOptions bo;
  bo.analysis = &big.analysis;
  const fs::path four = write_page("eval-four-seats", web::page_html(c, plain, bo));
  int marked = 0;
  std::string glyph;
  size_t marks = 0;
  for (const auto& e : big.analysis.plies)
    if (!e.glyph.empty()) {
      if (!marked) marked = e.ply, glyph = e.glyph;
      ++marks;
    }
  REQUIRE(marked > 0);
  const auto rep4 = press(four, "Right*" + std::to_string(marked));
  CHECK(rep4["steps"][1]["evalLines"] == 4);
  CHECK(rep4["steps"][1]["mark"] == glyph);
  CHECK(rep4["steps"][1]["evalDots"] == marks);
  CHECK(rep4["steps"][1]["evalValue"] == rep4["steps"][1]["evalPlotted"]);
}

TEST_CASE("browser: navigation, graph clicks, the fragment, the fit and the frames (issue 61, item 13)") {
  if (skip_without_chromium()) return;
  const Content& c = test_content();
  // Up from the second variation of a move goes back to the move, not to the first variation.
  replay::Replay r = webt::record_replay("tests/records/base/06-majority.tgn");
  webt::add_alternative(c, r, 3);
  webt::add_alternative(c, r, 3, 1);
  replay::Annotation arrow;
  replay::Marker m;
  m.kind = replay::Marker::Kind::Arrow;
  m.x2 = 9;
  m.y2 = -5;
  arrow.markers = {m};
  arrow.comment = "[a link](https://example.org/x)";
  REQUIRE(replay::annotate(r, replay::NodePath::main(1), arrow).empty());
  r.log.set_tag("Event", "<b onmouseover=x>Club</b> night");
  r.log.set_tag("Site", "Ann's kitchen");
  const fs::path page = write_page("navigation", web::page_html(c, r));
  const auto nav = press(page, "Right,Right,Right,Down,Down,Up");
  check_steps(c, r, nav);
  CHECK(paths(nav) == std::vector<std::string>{"", "1", "2", "3", "3/0:1", "3/1:1", "3"});
  // Fit shows an arrow whole, head and all; a comment's link opens a new tab.
  CHECK(nav["steps"][1]["marksCut"] == 0);
  CHECK(nav["links"] == nlohmann::json::array({"_blank noopener noreferrer"}));
  // The tile just placed stays framed at its turn's follower step (base: ply 2 is ply 1's follower).
  REQUIRE(r.log.decisions[1].rfind("place", 0) != 0);
  CHECK(nav["steps"][2]["lastFrame"] == 1);
  // The URL follows the current node.
  CHECK(nav["steps"][4]["url"] == "#at=3/0:1");
  // The game's details: its tags as text.
  CHECK(nav["steps"][0]["game"].get<std::string>().find("Event: <b onmouseover=x>Club</b> night") == 0);
  CHECK(nav["steps"][0]["game"].get<std::string>().find("Site: Ann's kitchen") != std::string::npos);
  // "%" in the fragment is ignored, not the page.
  const auto pct = open_at(page, "%&test=keys:Right");
  CHECK(paths(pct) == std::vector<std::string>{"", "1"});
  const auto at = open_at(page, "at=3/1:1&%zz&test=keys:Up");
  CHECK(paths(at) == std::vector<std::string>{"3/1:1", "3"});
}

TEST_CASE("browser: the analysed 300-ply game: graph clicks at the ends, the score box, the best move (issue 61, items 13, 14)") {
  if (skip_without_chromium()) return;
  const Content& c = test_content();
  const auto& big = webt::big_game();
  web::PageOptions o;
  o.analysis = &big.analysis;
  const fs::path page = write_page("analysed-300-review", web::page_html(c, big.replay, o));
  const int last = big.replay.log.plies();
  // Clicks on the graph land on the ply plotted there, at both ends and between.
  const auto clicks = press(page, "G" + std::to_string(last) + ",G" + std::to_string(last - 1) + ",G1,G0,G150");
  std::vector<std::string> want{"", std::to_string(last), std::to_string(last - 1), "1", "", "150"};
  CHECK(paths(clicks) == want);
  // The score box of the 4-seat game's end covers no tile.
  CHECK(clicks["steps"][1]["underScorebox"] == 0);
  // A best move that puts nothing on the board says so, in words; one that does is drawn.
  const auto data = web::page_data(c, big.replay, o);
  std::string none, drawn;
  for (const auto& n : data["nodes"]) {
    if (!n.contains("ev") || !n["ev"].contains("best")) continue;
    const bool empty = n["ev"].contains("bt") && n["ev"]["bt"].empty() && n["ev"]["bf"].empty();
    if (empty && none.empty()) none = n["k"];
    if (!empty && n["ev"].contains("bt") && !n["ev"]["bt"].empty() && drawn.empty()) drawn = n["k"];
  }
  REQUIRE(!drawn.empty());
  const auto best = press(page, "Right*" + drawn + ",B1,Left,B,Escape");
  CHECK(best["steps"][1]["best"].get<int>() > 0);
  CHECK(best["steps"][1]["evalText"].get<std::string>().find("Not drawn") == std::string::npos);
  // Stepping through the best line: the board before the move and the line's first move.
  CHECK(best["steps"][2]["bestStep"] == 0);
  CHECK(best["steps"][2]["tiles"].get<int>() >= best["steps"][1]["tiles"].get<int>());
  // Keys: Left at its first move goes back to the move played, B opens it, Escape leaves it.
  CHECK(best["steps"][3]["bestStep"] == -1);
  CHECK(best["steps"][4]["bestStep"] == 0);
  CHECK(best["steps"][5]["bestStep"] == -1);
  for (const auto& st : best["steps"]) CHECK((st["node"] == drawn || st["node"] == ""));
  if (!none.empty()) {
    const auto words = press(page, "Right*" + none);
    CHECK(words["steps"][1]["best"] == 0);
    CHECK(words["steps"][1]["evalText"].get<std::string>().find("dashed green") == std::string::npos);
    CHECK(words["steps"][1]["evalText"].get<std::string>().find("Not drawn") != std::string::npos);
  } else {
    WARN("no best move without a board change in this game");
  }
  // The details: the tile drawn, supplies and tiles left.
  CHECK(best["steps"][1]["details"].get<std::string>().find("Tiles left") != std::string::npos);
  // Hover values, the evaluation bar, the per-player summary.
  const auto hover = press(page, "H150");
  CHECK(hover["steps"][1]["tip"].get<std::string>().find("Ply 150") != std::string::npos);
  CHECK(!hover["steps"][0]["bar"].is_null());
  CHECK(hover["steps"][0]["summary"].get<std::string>().find("blunders") != std::string::npos);
  screenshot(page, drawn, "analysed-300-best");
}

}  // namespace
}  // namespace tw::test
