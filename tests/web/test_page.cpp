// The web page's C++ side: comments and every user text escaped (a script or an onerror
// in a comment is text), the data JSON safe inside its <script>, no request in the page,
// the boards of the data those of the engine, the same bytes twice, and the size bound
// of issue 35 (a 300-ply analysed annotated game under 1 MB).
#include <regex>

#include "present/markdown.h"
#include "web/page.h"
#include "web_fixtures.h"

namespace tw::test {
namespace {

using webt::record_replay;

size_t count_of(const std::string& s, const std::string& what) {
  size_t n = 0;
  for (size_t at = s.find(what); at != std::string::npos; at = s.find(what, at + 1)) ++n;
  return n;
}

TEST_CASE("web markdown: markup in a comment is text, Markdown is rendered") {
  using tw::markdown_html;
  const std::string h = markdown_html("<script>alert(1)</script>\n<img src=x onerror=alert(2)>");
  CHECK(h == "<p>&lt;script&gt;alert(1)&lt;/script&gt;<br>&lt;img src=x onerror=alert(2)&gt;</p>");
  CHECK(markdown_html("**bold** and *it* and `<code>`") == "<p><b>bold</b> and <i>it</i> and <code>&lt;code&gt;</code></p>");
  CHECK(markdown_html("- one\n- two") == "<ul><li>one</li><li>two</li></ul>");
  CHECK(markdown_html("# Title") == "<h3>Title</h3>");
  // Links: http, https and mailto only; quotes in a URL cannot leave the attribute.
  CHECK(markdown_html("[x](https://example.org/a\"b)") ==
        "<p><a href=\"https://example.org/a&quot;b\" target=\"_blank\" rel=\"noopener noreferrer\">x</a></p>");  // a new tab (issue 61)
  CHECK(markdown_html("[x](javascript:alert(1))") == "<p>[x](javascript:alert(1))</p>");
  CHECK(markdown_html("[x](JavaScript:alert(1))").find("<a") == std::string::npos);
  CHECK(markdown_html("[x](data:text/html,<script>)").find("<a") == std::string::npos);
  CHECK(markdown_html("a & b's \"q\"") == "<p>a &amp; b&#39;s &quot;q&quot;</p>");
  // Whatever the input, only the allowed tags come out.
  const std::regex tag("<(/?)([a-z0-9]+)");
  const std::string mixed = markdown_html("**<i>x</i>** _<svg onload=1>_ [<a>](http://x) `</code><script>`\n1. <p>\n\n<iframe>");
  for (auto it = std::sregex_iterator(mixed.begin(), mixed.end(), tag); it != std::sregex_iterator(); ++it) {
    const std::string t = (*it)[2];
    INFO(mixed);
    CHECK((t == "p" || t == "br" || t == "b" || t == "i" || t == "code" || t == "a" || t == "ol" || t == "li"));
  }
}

TEST_CASE("web page: the data JSON cannot close its script element") {
  nlohmann::ordered_json j;
  j["c"] = "</script><script>alert(1)</script><!-- \xE2\x80\xA8";
  const std::string s = web::script_json(j);
  CHECK(s.find('<') == std::string::npos);
  CHECK(s.find("\xE2\x80\xA8") == std::string::npos);
  CHECK(nlohmann::ordered_json::parse(s) == j);
}

TEST_CASE("web page: a hostile comment, label and name reach the page only as text") {
  replay::Replay r = record_replay("tests/records/base/06-majority.tgn");
  webt::annotate_hostile(r, 3);
  r.pinned = "<script>alert('pinned')</script>";
  r.log.set_tag("Event", "</script><script>alert('tag')</script>");
  const std::string page = web::page_html(test_content(), r);
  // Two script elements: the data and the page's own script; nothing else can run.
  CHECK(count_of(page, "<script") == 2);
  CHECK(page.find("<img") == std::string::npos);  // the comment's img is text (its < escaped)
  CHECK(page.find("onmouseover") != std::string::npos);  // the label's text is there...
  CHECK(page.find("<b onmouseover") == std::string::npos);  // ...never as markup
  CHECK(page.find("&lt;script&gt;alert(&#39;pinned&#39;)") != std::string::npos);
  CHECK(page.find("<script>alert") == std::string::npos);
  // The page asks for nothing: a policy that allows only its own script, no source URL.
  CHECK(page.find("default-src 'none'") != std::string::npos);
  CHECK(page.find(" src=\"") == std::string::npos);
  CHECK(page.find("href=\"http") == std::string::npos);
  CHECK(page.find("<link") == std::string::npos);
  CHECK(page.find("url(") == std::string::npos);
  CHECK(page.find("@import") == std::string::npos);
}

TEST_CASE("web page: every node's board is the engine's, the same bytes twice") {
  const Content& c = test_content();
  replay::Replay r = record_replay("tests/records/gcc/01-thicken-disperse-scare.tgn");
  webt::annotate_hostile(r, 2);
  const replay::NodePath var = webt::add_alternative(c, r, 2);
  const auto data = web::page_data(c, r);
  const auto& nodes = data["nodes"];
  REQUIRE(nodes.size() >= static_cast<size_t>(r.log.plies()) + 1 + 1);
  // Tiles: the delta chain gives the engine's count at every node.
  std::vector<size_t> tiles(nodes.size());
  bool saw_var = false;
  for (size_t i = 0; i < nodes.size(); ++i) {
    const auto& n = nodes[i];
    const int parent = n["p"].get<int>();
    tiles[i] = (n.contains("tf") || parent < 0 ? 0 : tiles[static_cast<size_t>(parent)]) + n["t"].size();
    std::vector<std::string> moves;
    if (i > 0) {
      const auto path = replay::NodePath::parse(n["k"].get<std::string>());
      REQUIRE(path);
      moves = *replay::moves_to(r, *path);
      saw_var = saw_var || *path == var;
      const replay::Node* node = replay::find_node(r, *path);
      CHECK(n.value("g", std::string()) == node->note.glyph);
      CHECK(n.contains("mk") == !node->note.markers.empty());
      CHECK(n["n"].get<int>() == path->game_ply());
    }
    Game g;
    REQUIRE(!Game::create(c, r.log.setup(), g));
    std::vector<Option> opts;
    REQUIRE(replay::read_line(g, moves, opts).empty());
    for (const Option& o : opts) g.apply(o);
    INFO("node " << i);
    CHECK(tiles[i] == g.placed().size());
  }
  CHECK(saw_var);
  // The main continuation is the first child.
  CHECK(nodes[0]["ch"][0].get<int>() == 1);
  CHECK(web::page_html(c, r) == web::page_html(c, r));
}

TEST_CASE("web page: without JavaScript the record is shown, escaped (issue 61, item 13)") {
  replay::Replay r = record_replay("tests/records/base/06-majority.tgn");
  webt::annotate_hostile(r, 3);
  const std::string page = web::page_html(test_content(), r);
  const size_t a = page.find("<noscript>"), b = page.find("</noscript>");
  REQUIRE(a != std::string::npos);
  REQUIRE(b != std::string::npos);
  const std::string ns = page.substr(a, b - a);
  CHECK(ns.find("<pre>") != std::string::npos);
  CHECK(ns.find(tw::escape_html(replay::export_tgn(r))) != std::string::npos);
  CHECK(ns.find("<script") == std::string::npos);
}

TEST_CASE("web page: turns start at placements, the tile placed stays framed through its turn (issue 61, items 10, 13)") {
  const Content& c = test_content();
  const replay::Replay r = record_replay("tests/records/base/06-majority.tgn");
  const auto data = web::page_data(c, r);
  const auto& nodes = data["nodes"];
  for (size_t i = 1; i < nodes.size(); ++i) {
    const std::string d = nodes[i]["d"];
    INFO(d);
    CHECK(nodes[i].contains("ts") == (d.rfind("place ", 0) == 0));
    CHECK(nodes[i].contains("l"));
  }
}

TEST_CASE("web page: a 300-ply analysed annotated game gives a page under 1 MB") {
  const auto& big = webt::big_game();
  REQUIRE(big.replay.log.plies() >= 250);
  web::PageOptions o;
  o.analysis = &big.analysis;
  const std::string page = web::page_html(test_content(), big.replay, o);
  const auto data = web::page_data(test_content(), big.replay, o);
  size_t evals = 0, best = 0;
  for (const auto& n : data["nodes"]) {
    evals += n.contains("ev");
    best += n.contains("ev") && n["ev"].contains("bt");
  }
  INFO("plies " << big.replay.log.plies() << ", page " << page.size() << " bytes, " << data["nodes"].size() << " nodes, "
                << evals << " evaluations, " << best << " best moves on the board");
  CHECK(evals >= static_cast<size_t>(big.replay.log.plies()) - 1);
  CHECK(best > 0);
  CHECK(page.size() < 1000 * 1000);
  WARN("300-ply page: " << page.size() << " bytes for " << big.replay.log.plies() << " plies");
}

}  // namespace
}  // namespace tw::test
