// The editor as an online client (issue 36): a game server in this process on loopback
// (net/server.h, 127.0.0.1, a free port), the Play view hosting a room with a server bot,
// a command-line-style client (net/client.h) in the other seat, a second editor view
// watching, a refused join, a dropped connection that comes back with the seat's token.
// Every wait is bounded; the server's seeds are fixed, so each game is the same.
#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <functional>
#include <mutex>
#include <thread>

#include <wx/frame.h>
#include <wx/menu.h>
#include <wx/sizer.h>
#include <wx/textctrl.h>

#include "board/board_canvas.h"
#include "fixture.h"
#include "game_fixture.h"
#include "net/client.h"
#include "net/hub.h"
#include "net/protocol.h"
#include "net/server.h"
#include "net/view.h"
#include "play/online_dialog.h"
#include "play/online_scene.h"
#include "play/online_session.h"
#include "play/play_view.h"
#include "schema/store.h"

// (A named namespace: the editor tests are built as unity files.)
namespace online_tests {

using nlohmann::json;
using namespace std::chrono_literals;

// `tilewright serve` in this process: its own copy of default.db, fixed seeds.
struct LocalServer {
  std::string db;
  tw::Store store;
  tw::Content content;
  std::unique_ptr<tw::net::Server> server;
  explicit LocalServer(uint64_t first_seed)
      : db(twe::test::temp_db_copy("server")), store(open(db)), content(store.load_content()) {
    tw::net::ServerOptions o;
    o.host = "127.0.0.1";
    o.port = 0;
    o.hub.seeds = [n = first_seed]() mutable { return n++; };
    server = std::make_unique<tw::net::Server>(content, store, o);
    server->start_thread();
  }
  ~LocalServer() {
    server->stop();
    server.reset();
    twe::test::remove_db(db);
  }
  static tw::Store open(const std::string& path) {
    tw::Store s = tw::Store::open(path, tw::Store::Mode::ReadWrite);
    tw::net::prepare_database(s, false);
    return s;
  }
  std::string url() const { return "ws://127.0.0.1:" + std::to_string(server->port()) + "/"; }
};

// A second editor window with a Play view of its own (another player's editor).
struct SecondEditor {
  twe::EditorContext ctx;
  wxFrame* frame = nullptr;
  twe::PlayView* view = nullptr;
  std::vector<std::string> statuses;
  SecondEditor() {
    ctx.content = tw::Store::open(TW_TEST_DB, tw::Store::Mode::ReadOnly).load_content();
    ctx.status = [this](const std::string& s) { statuses.push_back(s); };
    frame = new wxFrame(nullptr, wxID_ANY, "Second editor", wxPoint(40, 40), wxSize(1100, 720));
    view = new twe::PlayView(frame, ctx);
    auto* sz = new wxBoxSizer(wxVERTICAL);
    sz->Add(view, 1, wxEXPAND);
    frame->SetSizer(sz);
    frame->Show();
    twe::test::pump();
  }
  ~SecondEditor() {
    view->leave_online();
    frame->Destroy();
    twe::test::pump();
  }
};

twe::HostSpec spec_of(const std::string& rule_set, const std::string& level, std::vector<twe::OnlineSeat> seats) {
  twe::HostSpec s;
  s.rule_set = rule_set;
  s.level = level;
  s.seats = std::move(seats);
  return s;
}

// The editor's move for its seat: a placement by a click on the first green cell (as a
// player clicks; the scene is the one painted), anything else the first option listed.
int rings_clicked = 0;  // follower steps decided by a ring on the board (issue 61 item 6)

void editor_moves(twe::PlayView* pv) {
  twe::OnlineSession* o = pv->online();
  if (!o || !o->my_turn() || o->move_pending()) return;
  const twe::BoardScene scene = pv->board()->scene();
  if (!pv->board()->spots().empty() && pv->board()->on_spot) {
    // A follower step: its rings are on the board, as offline; a click on one sends it.
    const std::string label = pv->board()->spots().front().label;
    REQUIRE(std::find(o->my_options().begin(), o->my_options().end(), label) != o->my_options().end());
    pv->board()->on_spot(0);
    ++rings_clicked;
    return;
  }
  if (!scene.legal_cells.empty()) {
    const auto [x, y] = scene.legal_cells.front();
    REQUIRE(pv->click_online(x, y) == "");
  } else {
    const auto opts = o->my_options();
    REQUIRE(!opts.empty());
    REQUIRE(pv->choose_online(opts.front()) == "");
  }
}

// Every key of a message, at any depth.
void keys_of(const json& j, const std::function<void(const std::string&)>& f) {
  if (j.is_object())
    for (auto it = j.begin(); it != j.end(); ++it) {
      f(it.key());
      keys_of(*it, f);
    }
  else if (j.is_array())
    for (const auto& e : j) keys_of(e, f);
}

}  // namespace online_tests

using namespace online_tests;
using nlohmann::json;

TEST_CASE_METHOD(twe::test::FrameFixture,
                 "online: the editor hosts a room with a server bot, a command-line client takes the other seat, "
                 "the game ends alike on both sides, a dropped connection comes back to the seat",
                 "[play][online]") {
  LocalServer srv(7001);
  twe::PlayView* pv = frame->play();
  frame->show_page(pv);
  twe::test::pump();
  const auto spec = spec_of("base", "", {{twe::OnlineSeat::Kind::Me, "Ann", ""},
                                         {twe::OnlineSeat::Kind::Invited, "Ben", ""},
                                         {twe::OnlineSeat::Kind::Bot, "", "greedy"}});
  REQUIRE(pv->host_online(srv.url(), "Ann", spec) == "");
  REQUIRE(twe::test::pump_until([&] { return pv->online()->joined() && pv->online()->room_info().is_object(); }, 20000));
  twe::OnlineSession* on = pv->online();
  const std::string room = on->room();
  CHECK(room.size() == tw::net::kRoomCodeChars);
  CHECK(on->seat() == 0);
  CHECK(on->token().size() == tw::net::kTokenChars);
  // The invitation names the room and the free seat's command; the status who is here.
  const std::string invite = pv->invite_text().utf8_string();
  CHECK(invite.find("Room " + room) != std::string::npos);
  CHECK(invite.find("Seat 1 (Ben) is free: tilewright play --connect " + srv.url() + " --room " + room + " --seat 1") !=
        std::string::npos);
  REQUIRE(twe::test::pump_until([&] { return on->status_line().find("Ann (here)") != std::string::npos; }, 20000));
  CHECK(on->status_line().find("Ben (free)") != std::string::npos);
  CHECK(on->status_line().find("waiting for players") != std::string::npos);
  CHECK_FALSE(pv->status_text().Lower().Contains("connection lost"));
  twe::test::screenshot(frame, "online_host");

  // Ben: a command-line-style client (net/client.h) on its own thread, always the first
  // option listed.
  std::atomic<bool> ben_done{false};
  std::string ben_result, ben_error;
  // Ben's last messages and the editor's statuses, printed when a check fails (a failure
  // once seen on a loaded CI machine, not reproduced here, left no trace of its cause).
  std::mutex ben_log_mutex;
  std::vector<std::string> ben_log;
  std::thread ben;
  struct Joiner {
    std::thread& t;
    ~Joiner() {
      if (t.joinable()) t.join();
    }
  } joiner{ben};
  ben = std::thread([&] {
    tw::net::Client c;
    std::string why;
    auto fail = [&](const std::string& w) {
      ben_error = w;
      ben_done = true;
    };
    if (!c.connect(srv.url(), &why)) return fail(why);
    c.send(json{{"type", "hello"}, {"version", tw::net::kProtocolVersion}, {"name", "Ben"}}, &why);
    c.send(json{{"type", "join"}, {"room", room}, {"seat", 1}}, &why);
    std::string token;
    for (int n = 0; n < 20000; ++n) {
      auto m = c.receive(20s, &why);
      if (!m) return fail("no message: " + why);
      const std::string type = (*m)["type"];
      {
        std::lock_guard<std::mutex> lock(ben_log_mutex);
        ben_log.push_back(m->dump().substr(0, 160));
        if (ben_log.size() > 12) ben_log.erase(ben_log.begin());
      }
      if (type == "joined") token = (*m)["token"];
      if (type == "over") {
        ben_result = (*m)["result"];
        ben_done = true;
        return;
      }
      if (type == "error") return fail((*m)["message"]);
      if (type == "state") {
        const json& v = (*m)["view"];
        if (!v["finished"].get<bool>() && v["pending"]["seat"] == 1)
          c.send(json{{"type", "move"}, {"room", room}, {"token", token}, {"ply", (*m)["ply"]},
                      {"move", v["pending"]["options"][0]}},
                 &why);
      }
    }
    fail("too many messages");
  });

  bool dropped = false, shot = false;
  const bool ended = twe::test::pump_until(
      [&] {
        if (ben_done && !ben_error.empty()) return true;
        if (pv->online()->over() && ben_done) return true;
        if (!dropped && pv->online()->ply() >= 20 && pv->online()->connected()) {
          // A network fault: the view shows it and comes back with the seat's token.
          pv->drop_online_connection();
          CHECK_FALSE(pv->online()->connected());
          CHECK(pv->status_text().Lower().Contains("connection lost"));
          dropped = true;
        }
        if (!shot && pv->online()->ply() >= 40 && pv->online()->my_turn() && !pv->online()->move_pending() &&
            !pv->board()->scene().legal_cells.empty()) {
          INFO("status: " << pv->status_text().utf8_string() << " | bar: " << frame->status_message().utf8_string());
          CHECK(pv->status_text().Contains("your turn"));
          // Issue 61 item 3: back in the room, the drop's message is gone from the bar.
          CHECK_FALSE(frame->status_message().Lower().Contains("connection lost"));
          CHECK_FALSE(frame->status_message().Lower().Contains("reconnecting"));
          twe::test::screenshot(frame, "online_game");
          shot = true;
        }
        editor_moves(pv);
        return false;
      },
      120000);
  ben.join();
  std::string trace = "Ben's last messages:";
  for (const auto& line : ben_log) trace += "\n  " + line;
  trace += "\neditor: " + pv->status_text().utf8_string() + " | bar: " + frame->status_message().utf8_string() +
           " | reconnects " + std::to_string(pv->reconnects()) + " | ply " + std::to_string(pv->online()->ply()) +
           " | error " + pv->online()->error_code() + " " + pv->online()->error();
  INFO(trace);
  REQUIRE(ended);
  REQUIRE(ben_error == "");
  CHECK(dropped);
  CHECK(shot);
  CHECK(rings_clicked > 0);
  CHECK(pv->reconnects() == 1);
  CHECK(pv->online()->seat() == 0);
  REQUIRE(pv->online()->over());
  CHECK(pv->online()->result() == ben_result);
  CHECK(ben_result.find("Ann") != std::string::npos);
  CHECK(ben_result.find("Ben") != std::string::npos);
  CHECK(pv->status_text().Contains("game over"));
  CHECK(pv->event_log()->GetValue().Contains(wxString::FromUTF8("Game over: " + ben_result)));
  // Issue 61 item 6: the Events panel follows the game as offline (each tile placed, who
  // placed it, and what scored).
  CHECK(pv->event_log()->GetValue().Contains("Ann: place "));
  CHECK(pv->event_log()->GetValue().Contains("bot:greedy: place "));
  // The board is the server's final board: every tile drawn from the view.
  const twe::BoardScene scene = pv->board()->scene();
  CHECK(scene.tiles.size() == pv->online()->view()["board"].size());
  CHECK(scene.tiles.size() > 40);
  // The server stored the game as a replay.
  CHECK(pv->online()->replay() > 0);
  pv->leave_online();
  CHECK_FALSE(pv->is_online());
}

TEST_CASE_METHOD(twe::test::FrameFixture,
                 "online: a second editor watches a co-op game with face-down tiles and is never sent a hidden tile, "
                 "a seed or a token, a join of a full room is refused with a message",
                 "[play][online]") {
  LocalServer srv(4242);
  twe::PlayView* pv = frame->play();
  frame->show_page(pv);
  twe::test::pump();
  REQUIRE(pv->host_online(srv.url(), "Ann",
                          spec_of("mists", "mists-5", {{twe::OnlineSeat::Kind::Me, "Ann", ""},
                                                       {twe::OnlineSeat::Kind::Bot, "", "coop"}})) == "");
  REQUIRE(twe::test::pump_until([&] { return pv->online()->joined() && pv->online()->view().is_object(); }, 20000));
  const std::string room = pv->online()->room();
  const std::string token = pv->online()->token(), host_token = pv->online()->host_token();
  REQUIRE(!token.empty());

  SecondEditor eve;
  // Every seat is taken: a join is refused, shown, and nothing breaks.
  REQUIRE(eve.view->join_online(srv.url(), "Eve", room) == "");
  REQUIRE(twe::test::pump_until([&] { return !eve.view->online()->error_code().empty(); }, 20000));
  CHECK(eve.view->online()->error_code() == "room_full");
  CHECK_FALSE(eve.view->online()->joined());
  CHECK(eve.view->status_text().Contains("The server refused"));
  REQUIRE(!eve.statuses.empty());
  CHECK(eve.statuses.back().find("room_full") != std::string::npos);
  // A seat asked for by number that is taken: refused the same way.
  REQUIRE(eve.view->join_online(srv.url(), "Eve", room, 0) == "");
  REQUIRE(twe::test::pump_until([&] { return !eve.view->online()->error_code().empty(); }, 20000));
  CHECK(eve.view->online()->error_code() == "seat_taken");
  CHECK(eve.view->click_online(0, 1) != "");  // no seat: a click sends nothing

  // Eve watches instead.
  REQUIRE(eve.view->watch_online(srv.url(), room) == "");
  REQUIRE(twe::test::pump_until([&] { return eve.view->online()->joined() && eve.view->online()->view().is_object(); },
                                20000));
  CHECK(eve.view->online()->watching());
  CHECK(eve.view->online()->seat() == -1);
  CHECK(eve.view->choose_online("pass") != "");  // a spectator does not decide
  bool shot = false;
  const bool ended = twe::test::pump_until(
      [&] {
        if (pv->online()->over() && eve.view->online()->over()) return true;
        if (!shot && eve.view->online()->ply() >= 12) {
          twe::test::screenshot(eve.frame, "online_watch");
          shot = true;
        }
        editor_moves(pv);
        return false;
      },
      120000);
  REQUIRE(ended);
  CHECK(eve.view->online()->result() == pv->online()->result());
  CHECK(eve.view->status_text().Contains("you watch"));
  // What the spectator was sent: no token, no seed, no pile, no face-down tile's type.
  int states = 0, face_down = 0;
  for (const auto& text : eve.view->online()->received()) {
    CHECK(text.find(token) == std::string::npos);
    CHECK(text.find(host_token) == std::string::npos);
    const json m = json::parse(text);
    keys_of(m, [](const std::string& k) {
      CHECK(k != "seed");
      CHECK(k != "pile");
      CHECK(k != "token");
    });
    if (m["type"] != "state") continue;
    ++states;
    for (const auto& t : m["view"]["board"])
      if (t["face_up"] == false) {
        ++face_down;
        CHECK(t["tile"].is_null());
      }
  }
  CHECK(states > 20);
  CHECK(face_down > 0);
  // The spectator's board shows those tiles' backs.
  const twe::BoardScene scene = eve.view->board()->scene();
  size_t backs = 0;
  for (const auto& t : scene.tiles) backs += t.face_down ? 1 : 0;
  size_t down_in_view = 0;
  for (const auto& t : eve.view->online()->view()["board"]) down_in_view += t["face_up"] == false ? 1 : 0;
  CHECK(backs == down_in_view);
  pv->leave_online();
}

TEST_CASE("online: the scene of a view puts followers on the segment their location names", "[play][online]") {
  twe::test::ensure_wx();
  const tw::Content content = tw::Store::open(TW_TEST_DB, tw::Store::Mode::ReadOnly).load_content();
  // A game's own locations, written by the engine, are found again on every placed tile.
  tw::GameSetup setup;
  setup.rule_set = "base";
  setup.players = tw::parse_players("A, B");
  setup.seed = 3;
  tw::Game g;
  REQUIRE(!tw::Game::create(content, setup, g));
  for (int i = 0; i < 30 && !g.finished(); ++i) g.apply_index(static_cast<size_t>(i) % g.pending().options.size());
  int checked = 0;
  for (size_t p = 0; p < g.placed().size(); ++p) {
    const tw::PlacedTile& t = g.placed()[p];
    const tw::TileType& type = content.tiles[t.type];
    for (size_t s = 0; s < type.segments.size(); ++s) {
      const std::string name = g.location_name(static_cast<int>(p), static_cast<int>(s));
      const int found = twe::segment_named(type, t.rot, name);
      REQUIRE(found >= 0);
      // The same name (two segments never share one that names a port).
      CHECK(g.location_name(static_cast<int>(p), found) == name);
      ++checked;
    }
  }
  CHECK(checked > 30);
  CHECK(twe::segment_named(content.tiles.front(), 0, "nowhere:Q") == -1);
  // A game that cannot be set up on this content is named before hosting it.
  twe::OptionWriter w;
  REQUIRE(w.open(content, "base", "") == "");
  CHECK(w.open(content, "no-such-rules", "") != "");
}

TEST_CASE("online: the placements and the pass of a view come from its option_views, the server's own texts",
          "[play][online]") {
  const tw::Content content = tw::Store::open(TW_TEST_DB, tw::Store::Mode::ReadOnly).load_content();
  for (const char* rs : {"base", "gcc", "discovery"}) {
    tw::GameSetup setup;
    setup.rule_set = rs;
    setup.players = tw::parse_players("A, B");
    setup.seed = 5;
    tw::Game g;
    REQUIRE(!tw::Game::create(content, setup, g));
    int places = 0, passes = 0;
    for (int ply = 0; ply < 60 && !g.finished(); ++ply) {
      const nlohmann::json view = tw::net::public_view(g);
      std::vector<std::string> opts;
      for (const auto& o : view["pending"]["options"]) opts.push_back(o.get<std::string>());
      if (g.pending().kind == tw::DecisionKind::Place) {
        const twe::ViewPlacements vp = twe::view_placements(view, g.pending().tile, opts);
        // Every listed placement of the drawn tile is found at its cell and rotation, and
        // nothing else.
        size_t found = 0;
        for (const auto& [x, y] : vp.cells)
          for (const int r : vp.rotations(x, y)) {
            const std::string text = vp.at(x, y, r);
            INFO(rs << " ply " << ply << ": " << text);
            const auto o = g.parse_option(text);
            REQUIRE(o);
            CHECK(o->kind == tw::OptKind::Place);
            CHECK(o->x == x);
            CHECK(o->y == y);
            CHECK(g.canonical(*o).rot == g.canonical(*o).rot);
            CHECK(std::find(opts.begin(), opts.end(), text) != opts.end());
            ++found;
          }
        size_t listed = 0;
        for (const tw::Option& o : g.pending().options) listed += o.kind == tw::OptKind::Place && o.tile == g.pending().tile;
        CHECK(found == listed);
        ++places;
      }
      const std::string pass = twe::view_pass(view);
      bool has_pass = false;
      for (const tw::Option& o : g.pending().options) has_pass = has_pass || o.kind == tw::OptKind::Pass;
      CHECK(pass.empty() == !has_pass);
      if (!pass.empty()) {
        CHECK(g.parse_option(pass)->kind == tw::OptKind::Pass);
        ++passes;
      }
      g.apply_index(static_cast<size_t>(ply * 7) % g.pending().options.size());
    }
    CHECK(places > 10);
    CHECK(passes > 0);
  }
}

TEST_CASE_METHOD(twe::test::FrameFixture, "online: the host dialog checks its fields, the Play menu offers online play",
                 "[play][online]") {
  wxMenuBar* bar = frame->GetMenuBar();
  REQUIRE(bar);
  CHECK(bar->FindMenu("Play") != wxNOT_FOUND);
  for (const wchar_t* item : {L"Host online game…", L"Join online game…", L"Watch online game…"})
    CHECK(bar->FindMenuItem("Play", item) != wxNOT_FOUND);
  twe::OnlineDialog dlg(frame, twe::OnlineDialog::Kind::Host, twe::test::content(), "", "Ann");
  CHECK(dlg.url() == twe::OnlineDialog::kDefaultUrl);
  CHECK(dlg.problem() == "");
  const twe::HostSpec s = dlg.spec();
  CHECK(s.rule_set == "base");
  REQUIRE(s.seats.size() == 2);
  CHECK(s.seats[0].kind == twe::OnlineSeat::Kind::Me);
  CHECK(s.seats[0].name == "Ann");
  CHECK(s.seats[1].bot == "greedy");
  twe::test::set_choice(dlg.seat_kind(0), twe::OnlineDialog::kInvited);
  CHECK(dlg.problem().find("one seat for you") != std::string::npos);
  twe::test::set_choice(dlg.seat_kind(0), twe::OnlineDialog::kYou);
  dlg.url_field()->SetValue("http://example.org/");
  CHECK(dlg.problem().find("ws://") != std::string::npos);
  twe::OnlineDialog join(frame, twe::OnlineDialog::Kind::Join, twe::test::content(), "ws://127.0.0.1:9/", "Ben");
  CHECK(join.problem().find("room code") != std::string::npos);
  join.room_field()->SetValue(" k7rm x2qa ");
  CHECK(join.room() == "K7RMX2QA");
  CHECK(join.seat() == -1);
  CHECK(join.problem() == "");
}

TEST_CASE_METHOD(twe::test::FrameFixture, "online: a server that is not there is named, and no seat is tried again",
                 "[play][online]") {
  twe::PlayView* pv = frame->play();
  frame->show_page(pv);
  // Port 1 on loopback: nothing listens there, the connection is refused at once.
  REQUIRE(pv->join_online("ws://127.0.0.1:1/", "Eve", "K7RMX2QA") == "");
  REQUIRE(twe::test::pump_until([&] { return !pv->online()->error_code().empty(); }, 20000));
  CHECK(pv->online()->error_code() == "connect");
  CHECK(pv->status_text().Contains("Cannot connect"));
  CHECK_FALSE(pv->online()->connected());
  CHECK(pv->rejoin_online() != "");  // no seat to come back to
  CHECK(pv->reconnects() == 0);
  CHECK(pv->join_online("http://127.0.0.1:1/", "Eve", "K7RMX2QA").find("ws://") != std::string::npos);
  pv->leave_online();
  CHECK_FALSE(pv->is_online());
}
