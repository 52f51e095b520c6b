// The browser client of `tilewright serve` (issue 58) in headless Chromium, driven over
// the DevTools protocol (cdp.h): a server in this process on loopback (127.0.0.1, a free
// port) with the pages of net/site.h; each player a page in a browser context of its
// own; every decision made by a click (or a tap) where the page draws it: a green cell,
// the tile placed (to confirm), a ring, a button. The seeds are fixed, so each game is the
// same; every wait is bounded.
#include <filesystem>
#include <fstream>
#include <set>

#include "cdp.h"
#include "chromium.h"
#include "fixtures.h"
#include "net/server.h"
#include "net/site.h"
#include "replay/replay_store.h"
#include "replay/verify.h"
#include "schema/store.h"

namespace tw::test {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using namespace std::chrono_literals;

struct SiteServer {
  std::string db;
  Store store;
  Content content;
  net::Site site;
  std::unique_ptr<net::Server> server;
  explicit SiteServer(const std::string& path, uint64_t first_seed)
      : db(path), store(open(db)), content(store.load_content()), site(content, store, net::SiteOptions{true}) {
    net::ServerOptions o;
    o.host = "127.0.0.1";
    o.port = 0;
    o.hub.seeds = [n = first_seed]() mutable { return n++; };
    o.http = [this](const net::HttpRequest& r, net::Hub& h) { return site.answer(r, h); };
    server = std::make_unique<net::Server>(content, store, o);
    server->start_thread();
  }
  ~SiteServer() {
    server->stop();
    server.reset();
  }
  static Store open(const std::string& path) {
    Store s = Store::open(path, Store::Mode::ReadWrite);
    net::prepare_database(s, false);
    return s;
  }
  std::string http() const { return "http://127.0.0.1:" + std::to_string(server->port()); }
};

std::string fresh_db(const std::string& name) {
  static const TempTestDir dir;
  static int n = 0;
  const auto p = dir.path / ("play-" + name + "-" + std::to_string(++n) + ".db");
  fs::copy_file(TW_TEST_DB, p, fs::copy_options::overwrite_existing);
  return p.string();
}

fs::path profile_dir(const std::string& name) {
  return fs::temp_directory_path() / ("tw-chromium-" + std::to_string(::getpid()) + "-" + name);
}

// The page's next click, as a player makes it: the first green cell, then the tile placed
// there (which confirms); the first ring; else the first button. Null when the page has
// nothing to do (not its turn, or its decision is on its way).
constexpr const char* kPlan = R"JS((function () {
  var T = window.twTest, S = T && T.room;
  if (!S || !T.myTurn || S.pendingSent === S.ply) return null;
  var p = T.placements(), ks = Object.keys(p);
  if (ks.length) {
    var k = S.sel || ks[0], c = k.split(',');
    return { what: S.sel ? 'confirm' : 'cell', at: T.cellAt(+c[0], +c[1]), ply: S.ply };
  }
  var r = T.rings();
  if (r.length && !S.choice) return { what: 'ring', at: r[0], ply: S.ply };
  var b = T.buttons();
  if (b.length) return { what: 'button', at: b[0], ply: S.ply };
  return null;
})())JS";

// What a page shows, when a test fails.
constexpr const char* kStateDump = R"JS((function () {
  var T = window.twTest, S = T && T.room;
  if (!S) return 'no room';
  return { status: T.status, prompt: T.prompt, ply: S.ply, seat: S.seat, my: T.myTurn, sent: S.pendingSent, sel: S.sel,
           choice: S.choice, over: T.over, log: T.log.slice(-8), errors: T.errors,
           pending: S.view && S.view.pending, cells: Object.keys(T.placements()), rings: T.rings().length,
           buttons: T.buttons().map(function (b) { return b.text; }) };
})())JS";

struct Player {
  cdp::Page page;
  int clicks = 0, rings = 0, buttons = 0, cells = 0;
  bool touch = false;
  // One step: a click if the page has one to make. True when it clicked.
  bool step() {
    const json plan = page.eval(kPlan);
    if (!plan.is_object() || !plan["at"].is_object()) return false;
    const double x = plan["at"]["x"], y = plan["at"]["y"];
    if (touch)
      page.tap(x, y);
    else
      page.click(x, y);
    ++clicks;
    const std::string what = plan["what"];
    rings += what == "ring";
    buttons += what == "button";
    cells += what == "cell";
    // Wait for the page to take it in (a selection, a choice, or the decision sent).
    page.wait("(function(){var S=twTest.room;return S.pendingSent===S.ply||S.sel||S.choice||S.ply!==" +
                  std::to_string(plan["ply"].get<int>()) + ";})()",
              5s);
    return true;
  }
  bool over() { return page.eval("twTest.over").is_string(); }
};

// The lobby as a person uses it: a name, a game, the seats, then Create (clicked).
std::string create_room(cdp::Page& p, const std::string& base, const std::string& name, const std::string& game,
                        const std::vector<std::string>& seats) {
  p.go(base + "/");
  const bool loaded = p.wait("document.getElementById('tw-create')");
  INFO("the page: " << p.call("Runtime.evaluate", {{"expression", "location.href + ' ' + document.documentElement.outerHTML.slice(0, 300)"}, {"returnByValue", true}}).dump());
  REQUIRE(loaded);
  json js_seats = seats;
  const std::string js = "(function(){var n=document.getElementById('tw-name');n.value=" + json(name).dump() +
                         ";n.dispatchEvent(new Event('change'));var g=document.getElementById('tw-game');g.value=" +
                         json(game).dump() +
                         ";g.dispatchEvent(new Event('change'));var want=" + js_seats.dump() +
                         ";var box=document.getElementById('tw-seats');while(box.children.length>1)box.removeChild("
                         "box.lastChild);var add=Array.prototype.find.call(document.querySelectorAll('button'),"
                         "function(b){return b.textContent==='+ seat';});want.forEach(function(w){add.click();var "
                         "row=box.lastChild;var k=row.querySelector('.tw-seat-kind');if(w.indexOf('bot:')===0){k.value="
                         "w;}else{k.value='human';row.querySelector('.tw-seat-name').value=w;}k.dispatchEvent(new "
                         "Event('change'));});var b=document.getElementById('tw-create').getBoundingClientRect();"
                         "return {x:b.left+b.width/2,y:b.top+b.height/2,seats:box.children.length};})()";
  const json at = p.eval(js);
  REQUIRE(at.is_object());
  REQUIRE(at["seats"] == seats.size() + 1);
  p.click(at["x"], at["y"]);
  REQUIRE(p.wait("location.pathname.indexOf('/r/')===0 && window.twTest.room && twTest.room.seat===0", 20s));
  return p.eval("twTest.room.code");
}

// Plays until every player's page says the game is over; the clicks each made.
void play_to_end(std::vector<Player*> players, int max_clicks = 3000) {
  int total = 0;
  auto last_click = std::chrono::steady_clock::now();
  while (std::chrono::steady_clock::now() - last_click < 30s && total < max_clicks) {
    bool all_over = true, clicked = false;
    for (Player* p : players) {
      if (!p->over()) all_over = false;
      if (p->step()) {
        clicked = true;
        ++total;
        last_click = std::chrono::steady_clock::now();
      }
    }
    if (all_over) return;
    if (!clicked) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  for (Player* p : players) UNSCOPED_INFO("a page: " << p->page.eval(kStateDump).dump());
  FAIL("the game did not end in the browser (" << total << " clicks; none for 30 s)");
}

// What the server stored for the room: its replay verifies, and its result is the pages'.
void check_stored(SiteServer& srv, const std::string& room, const std::string& result) {
  std::optional<int64_t> id;
  srv.server->call([&](net::Hub& h) { id = h.replay_of(room); });
  REQUIRE(id);
  const replay::Replay r = replay::ReplayStore(srv.store).load(*id);
  const auto report = replay::verify(srv.content, r.log, "replay " + std::to_string(*id));
  INFO(report.message);
  CHECK(report.ok());
  CHECK(r.log.result == result.substr(0, r.log.result.size()));
}

// Every request and WebSocket of the page went to the server.
void check_only_server(const cdp::Page& p, const std::string& http_base) {
  const std::string ws_base = "ws://" + http_base.substr(7);
  const auto urls = p.urls();
  CHECK(!urls.empty());
  for (const auto& u : urls) {
    INFO(u);
    CHECK((u.rfind(http_base + "/", 0) == 0 || u.rfind(ws_base + "/", 0) == 0));
  }
}

void shot(cdp::Page& p, const std::string& name) {
  fs::create_directories(TW_SCREENSHOT_DIR);
  const fs::path png = fs::path(TW_SCREENSHOT_DIR) / (name + ".png");
  p.screenshot(png);
  CHECK(fs::file_size(png) > 10000);
}

}  // namespace

TEST_CASE("browser client: two players in two browsers and a server bot play base to the end by clicks",
          "[browser][serve]") {
  if (skip_without_chromium()) return;
  SiteServer srv(fresh_db("base"), 11);
  cdp::Chrome chrome;
  REQUIRE(chrome.start(chromium(), profile_dir("base")) == "");
  Player ann{cdp::Page(chrome)}, ben{cdp::Page(chrome)};
  const std::string hostile = "Ann <img src=x onerror=alert(1)>";
  ann.page.go(srv.http() + "/");
  REQUIRE(ann.page.wait("document.getElementById('tw-create')"));
  shot(ann.page, "browser-lobby");
  const std::string room = create_room(ann.page, srv.http(), hostile, "r:base", {"Ben", "bot:greedy"});
  CHECK(room.size() == 8);
  // The invitation link opens the room for Ben (another browser context: no token there).
  CHECK(ann.page.eval("document.getElementById('tw-invite').value") == srv.http() + "/r/" + room);
  ben.page.go(srv.http() + "/r/" + room);
  REQUIRE(ben.page.wait("window.twTest && twTest.room && twTest.room.seat===1"));
  REQUIRE(ann.page.wait("twTest.ply>=0 && twTest.tiles>=1"));
  // The hostile name is text: no element made of it.
  CHECK(ann.page.eval("document.querySelectorAll('img').length") == 0);
  CHECK(ann.page.eval("document.getElementById('tw-seatlist').textContent.indexOf('<img src=x')>=0") == true);
  shot(ann.page, "browser-base-start");
  play_to_end({&ann, &ben});
  const std::string result = ann.page.eval("twTest.over");
  CHECK(ben.page.eval("twTest.over") == result);
  CHECK(result.find("Ben") != std::string::npos);
  check_stored(srv, room, result);
  // What a click costs until the server's ack is shown (for docs/browser.md; not asserted).
  std::ofstream(fs::path(TW_SCREENSHOT_DIR) / "browser-latencies.json") << ann.page.eval("twTest.latencies").dump();
  CHECK(ann.cells > 10);
  CHECK(ann.rings + ben.rings > 0);
  // The end: the review page and the record, served for this finished game.
  REQUIRE(ann.page.wait("document.getElementById('tw-review')"));
  const std::string review = ann.page.eval("document.getElementById('tw-review').getAttribute('href')");
  CHECK(review.rfind("/replay/", 0) == 0);
  shot(ann.page, "browser-base-end");
  ann.page.go(srv.http() + review);
  REQUIRE(ann.page.wait("document.getElementById('tw-data')"));
  CHECK(ann.page.eval("JSON.parse(document.getElementById('tw-data').textContent).tgn.length > 100") == true);
  check_only_server(ann.page, srv.http());
  check_only_server(ben.page, srv.http());
  // Nothing the policy refused.
  CHECK(ben.page.eval("twTest.errors.filter(function(e){return e.indexOf('server:')!==0;}).length") == 0);
}

TEST_CASE("browser client: gcc against the server's bot, a reload keeps the seat, a spectator has no token",
          "[browser][serve]") {
  if (skip_without_chromium()) return;
  SiteServer srv(fresh_db("gcc"), 21);
  cdp::Chrome chrome;
  REQUIRE(chrome.start(chromium(), profile_dir("gcc")) == "");
  Player ann{cdp::Page(chrome)};
  const std::string room = create_room(ann.page, srv.http(), "Ann", "r:gcc", {"bot:greedy"});
  REQUIRE(ann.page.wait("twTest.tiles>=1"));
  cdp::Page eve(chrome);
  eve.go(srv.http() + "/r/" + room + "?watch");
  REQUIRE(eve.wait("window.twTest && twTest.room && twTest.room.watching && twTest.tiles>=1"));
  // Ten clicks, then a reload: the page comes back to seat 0 with its token and plays on.
  for (int i = 0; i < 10; ++i) {
    if (!ann.step()) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  const int ply = ann.page.eval("twTest.ply");
  ann.page.reload();
  REQUIRE(ann.page.wait("window.twTest && twTest.room && twTest.room.seat===0 && twTest.ply>=" + std::to_string(ply)));
  CHECK(ann.page.eval("twTest.log.indexOf('joined')>=0") == true);
  shot(ann.page, "browser-gcc-mid");
  play_to_end({&ann});
  const std::string result = ann.page.eval("twTest.over");
  REQUIRE(eve.wait("twTest.over"));
  CHECK(eve.eval("twTest.over") == result);
  check_stored(srv, room, result);
  // The spectator keeps no token and was never seated.
  CHECK(eve.eval("Object.keys(localStorage).filter(function(k){return k.indexOf('tw-seat:')===0;}).length") == 0);
  CHECK(eve.eval("twTest.seat") == nullptr);
  check_only_server(eve, srv.http());
}

TEST_CASE("browser client: a Mists level with two browser players to its end, face-down tiles as backs",
          "[browser][serve]") {
  if (skip_without_chromium()) return;
  SiteServer srv(fresh_db("mists"), 31);
  cdp::Chrome chrome;
  REQUIRE(chrome.start(chromium(), profile_dir("mists")) == "");
  Player ann{cdp::Page(chrome)}, ben{cdp::Page(chrome, 390, 844, true)};
  ben.touch = true;  // a phone: taps
  const std::string room = create_room(ann.page, srv.http(), "Ann", "l:mists-5", {"Ben"});
  ben.page.go(srv.http() + "/r/" + room);
  REQUIRE(ben.page.wait("window.twTest && twTest.room && twTest.room.seat===1"));
  cdp::Page eve(chrome);
  eve.go(srv.http() + "/r/" + room + "?watch");
  REQUIRE(eve.wait("window.twTest && twTest.room && twTest.room.watching && twTest.tiles>=1"));
  bool shot_taken = false;
  int face_down_seen = 0;
  const auto until = std::chrono::steady_clock::now() + std::chrono::minutes(8);
  while (std::chrono::steady_clock::now() < until) {
    if (ann.over() && ben.over()) break;
    const bool a = ann.step(), b = ben.step();
    if (!shot_taken && ann.page.eval("twTest.ply") >= 10) {
      shot(ann.page, "browser-mists");
      shot(ben.page, "browser-mists-phone");
      shot_taken = true;
    }
    // A face-down tile: the spectator's view has no art for it, and the page draws a back.
    const json fd = eve.eval("twTest.view().board.filter(function(t){return t.face_up===false;}).map(function(t){return "
                             "t.art===null && t.tile===null;})");
    if (fd.is_array())
      for (const auto& ok : fd) {
        CHECK(ok == true);
        ++face_down_seen;
      }
    if (!a && !b) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  REQUIRE(ann.over());
  CHECK(shot_taken);
  const std::string result = ann.page.eval("twTest.over");
  CHECK(ben.page.eval("twTest.over") == result);
  check_stored(srv, room, result);
  INFO("result " << result << "; face-down tiles seen by the spectator (views x tiles): " << face_down_seen);
  CHECK(face_down_seen > 0);
  CHECK(ann.page.eval("twTest.ply") > 20);
  check_only_server(ann.page, srv.http());
  check_only_server(ben.page, srv.http());
}

TEST_CASE("browser client: the server killed with SIGKILL and started again, the page comes back to its game",
          "[browser][serve]") {
  if (skip_without_chromium()) return;
  const std::string db = fresh_db("kill");
  const fs::path log = fs::path(db + ".log");
  // `tilewright serve` as its own process; its first line names the port.
  auto serve = [&](const std::string& listen) {
    pid_t pid = -1;
    std::vector<std::string> args = {TW_CLI, "serve", "--db", db, "--listen", listen};
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    REQUIRE(posix_spawn(&pid, TW_CLI, &fa, nullptr, argv.data(), environ) == 0);
    posix_spawn_file_actions_destroy(&fa);
    std::string line;
    for (int i = 0; i < 200 && line.find("listening on ws://127.0.0.1:") != 0; ++i) {
      std::this_thread::sleep_for(50ms);
      std::ifstream in(log);
      std::getline(in, line);
    }
    REQUIRE(line.find("listening on ws://127.0.0.1:") == 0);
    return std::make_pair(pid, line.substr(std::string("listening on ws://127.0.0.1:").size(),
                                           line.find('/', 28) - std::string("listening on ws://127.0.0.1:").size()));
  };
  auto [pid, port] = serve("127.0.0.1:0");
  struct Killer {
    pid_t* p;
    ~Killer() {
      if (*p > 0) {
        ::kill(*p, SIGKILL);
        ::waitpid(*p, nullptr, 0);
      }
    }
  } killer{&pid};
  const std::string base = "http://127.0.0.1:" + port;
  cdp::Chrome chrome;
  REQUIRE(chrome.start(chromium(), profile_dir("kill")) == "");
  Player ann{cdp::Page(chrome)};
  const std::string room = create_room(ann.page, base, "Ann", "r:base", {"bot:greedy"});
  REQUIRE(ann.page.wait("twTest.tiles>=1"));
  for (int i = 0; i < 12; ++i)
    if (!ann.step()) std::this_thread::sleep_for(50ms);
  const int ply = ann.page.eval("twTest.ply");
  REQUIRE(ply > 4);
  ::kill(pid, SIGKILL);
  ::waitpid(pid, nullptr, 0);
  pid = -1;
  REQUIRE(ann.page.wait("twTest.status.indexOf('reconnecting')>=0", 10s));
  pid = serve("127.0.0.1:" + port).first;
  // The page reconnects by itself and resumes its seat where the game stood.
  REQUIRE(ann.page.wait("twTest.room.seat===0 && twTest.ply>=" + std::to_string(ply) + " && twTest.status.indexOf('reconnecting')<0", 40s));
  play_to_end({&ann});
  const std::string result = ann.page.eval("twTest.over");
  CHECK(result.find("Ann") != std::string::npos);
  CHECK(ann.page.eval("twTest.log.filter(function(t){return t==='welcome';}).length") >= 2);
}

}  // namespace tw::test
