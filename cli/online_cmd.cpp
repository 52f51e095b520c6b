#include "cli/online_cmd.h"

#include <csignal>
#include <iostream>
#include <pthread.h>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "cli/commands.h"
#include "engine/game.h"
#include "engine/text.h"
#include "net/client.h"
#include "net/protocol.h"
#include "net/server.h"
#include "net/site.h"
#include "schema/store.h"

namespace tw {

namespace {
using J = nlohmann::json;

// "HOST:PORT" into its parts.
bool split_listen(const std::string& s, std::string& host, uint16_t& port) {
  const size_t colon = s.rfind(':');
  if (colon == std::string::npos || colon == 0) return false;
  host = s.substr(0, colon);
  if (host.size() > 2 && host.front() == '[' && host.back() == ']') host = host.substr(1, host.size() - 2);
  const std::string p = s.substr(colon + 1);
  if (p.empty() || p.size() > 5) return false;
  for (const char c : p)
    if (c < '0' || c > '9') return false;
  const int n = std::stoi(p);
  if (n > 65535) return false;
  port = static_cast<uint16_t>(n);
  return true;
}
}  // namespace

int cmd_serve(const ServeOptions& o, std::ostream& out, std::ostream& err) {
  net::ServerOptions so;
  so.cert_file = o.cert;
  so.hub.max_bot_iterations = o.max_bot_budget;
  so.key_file = o.key;
  const auto ms = [](double s) { return std::chrono::milliseconds(static_cast<int64_t>(s * 1000)); };
  so.metrics = o.metrics;
  so.trusted_proxies = o.trust_proxy;
  so.max_connections = static_cast<size_t>(o.max_connections);
  so.max_connections_per_address = static_cast<size_t>(o.connections_per_address);
  so.hello_timeout = ms(o.hello_s);
  so.handshake_timeout = ms(o.handshake_s);
  so.idle_timeout = ms(o.idle_s);
  so.hub.max_rooms = static_cast<size_t>(o.max_rooms);
  so.hub.max_rooms_per_address = static_cast<size_t>(o.rooms_per_address);
  so.hub.open_room_ms = ms(o.open_room_s).count();
  so.hub.abandon_ms = ms(o.abandon_s).count();
  so.hub.finished_keep_ms = ms(o.keep_finished_s).count();
  if (!split_listen(o.listen, so.host, so.port)) {
    err << "tilewright serve: --listen wants HOST:PORT (127.0.0.1:8765), not '" << text::printable(o.listen, 60)
        << "'\n";
    return kExitInput;
  }
  std::optional<Store> store;
  std::optional<Content> content;
  try {
    store.emplace(Store::open(o.db_path, Store::Mode::ReadWrite));
    net::prepare_database(*store, o.fsync);
    content.emplace(store->load_content());
  } catch (const std::exception& e) {
    return command_failed(err, "serve", e.what(), db_exit_code(e));
  }
  // The browser client at GET / (net/site.h), on the loop's thread.
  net::Site site(*content, *store, net::SiteOptions{o.list_rooms});
  so.http = [&site](const net::HttpRequest& req, net::Hub& hub) { return site.answer(req, hub); };
  // SIGINT and SIGTERM end the server: a thread waits for them (blocked in every other thread).
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &set, nullptr);
  std::optional<net::Server> server;
  try {
    server.emplace(*content, *store, so);
  } catch (const std::exception& e) {
    pthread_sigmask(SIG_UNBLOCK, &set, nullptr);
    return command_failed(err, "serve", e.what(), kExitInput);
  }
  server->log = [&out](const std::string& line) { out << line << std::endl; };
  out << "listening on " << (server->tls() ? "wss://" : "ws://") << (so.host.find(':') != std::string::npos ? "[" + so.host + "]" : so.host) << ":"
      << server->port() << "/ (browsers: " << (server->tls() ? "https://" : "http://")
      << (so.host.find(':') != std::string::npos ? "[" + so.host + "]" : so.host) << ":" << server->port()
      << "/; database " << o.db_path << ", " << server->resumed() << " rooms resumed)"
      << std::endl;
  std::thread waiter([&] {
    int sig = 0;
    sigwait(&set, &sig);
    server->stop();
  });
  server->run();
  out << "stopped" << std::endl;
  // The waiter got its signal (the only way run() ends); it has stopped the server.
  waiter.join();
  pthread_sigmask(SIG_UNBLOCK, &set, nullptr);
  return kExitOk;
}

namespace {
// One "10m" / "5s" / "50ms" / "1h" / "30" (seconds) in ms; -1 when not one.
int64_t duration_ms(const std::string& t) {
  size_t digits = 0;
  while (digits < t.size() && t[digits] >= '0' && t[digits] <= '9') ++digits;
  if (digits == 0 || digits > 9) return -1;
  const int64_t n = std::stoll(t.substr(0, digits));
  const std::string unit = t.substr(digits);
  if (unit.empty() || unit == "s") return n * 1000;
  if (unit == "ms") return n;
  if (unit == "m") return n * 60 * 1000;
  if (unit == "h") return n * 3600 * 1000;
  return -1;
}
}  // namespace

std::optional<std::pair<int64_t, int64_t>> parse_clock(const std::string& spec, std::string* why) {
  const size_t plus = spec.find('+');
  const int64_t initial = duration_ms(spec.substr(0, plus));
  const int64_t inc = plus == std::string::npos ? 0 : duration_ms(spec.substr(plus + 1));
  if (initial < 0 || inc < 0 || initial > net::kMaxClockMs || inc > net::kMaxIncrementMs) {
    if (why)
      *why = "--clock wants TIME[+INCREMENT] (10m+5s, 90s, 50ms; units ms, s, m, h; at most 24h+1h), not '" +
             text::printable(spec, 40) + "'";
    return std::nullopt;
  }
  return std::make_pair(initial, inc);
}

std::string clock_text(int64_t ms) {
  if (ms < 0) ms = 0;
  const int64_t tenths = ms / 100, s = ms / 1000;
  if (s >= 3600) return fmt::format("{}:{:02}:{:02}", s / 3600, (s / 60) % 60, s % 60);
  return fmt::format("{}:{:02}.{}", s / 60, s % 60, tenths % 10);
}

namespace {

struct Play {
  const OnlineOptions& o;
  std::istream& in;
  std::ostream& out;
  std::ostream& err;
  net::Client client;
  std::string room, token;
  int seat = -1;
  bool watching = false;
  J last_view;
  size_t last_ply = 0;
  std::string last_room_line;

  std::optional<J> next(std::string* why) {
    const auto t = o.timeout_s > 0 ? std::chrono::milliseconds(o.timeout_s * 1000LL) : std::chrono::hours(24 * 365);
    return client.receive(t, why);
  }

  bool send(const J& j) {
    std::string why;
    if (client.send(j, &why)) return true;
    err << "tilewright play: " << why << '\n';
    return false;
  }

  // Waits for a message of type `want` (others are handled as they come). nullopt: an
  // error reply (printed) or the connection ended.
  std::optional<J> await(const std::string& want) {
    for (;;) {
      std::string why;
      auto m = next(&why);
      if (!m) {
        err << "tilewright play: " << (why == "timeout" ? "no answer from the server" : why) << '\n';
        return std::nullopt;
      }
      const std::string type = (*m)["type"].is_string() ? (*m)["type"].get<std::string>() : "";
      if (type == want) return m;
      if (type == "error") {
        err << "tilewright play: the server refused: " << text::printable((*m)["message"].get<std::string>(), 500)
            << " (" << text::printable((*m)["code"].get<std::string>(), 40) << ")\n";
        return std::nullopt;
      }
      if (type == "room") show_room(*m);
    }
  }

  void show_room(const J& m) {
    seat_names.clear();
    for (const auto& s : m["seats"]) seat_names.push_back(s.value("name", std::string()));
    std::string line = "room " + m.value("room", std::string()) + " (" + m.value("state", std::string()) + "):";
    for (const auto& s : m["seats"]) {
      line += " " + std::to_string(s.value("seat", 0)) + ". " + text::printable(s.value("name", std::string()), 40);
      if (s.value("kind", std::string()) == "human")
        line += !s.value("taken", false) ? " (free)" : s.value("connected", false) ? " (here)" : " (away)";
    }
    if (m.value("watchers", 0) > 0) line += ", " + std::to_string(m.value("watchers", 0)) + " watching";
    if (line != last_room_line && !o.quiet) out << line << '\n';
    last_room_line = line;
  }

  J last_clocks;  // the last state's "clocks" (null: the room has none)
  std::vector<std::string> seat_names;

  // "Clocks: 0. Ann 9:58.4 (running), 1. Ben 10:00.0" ("" when the room has no clock).
  std::string clocks_line() const {
    if (!last_clocks.is_array()) return {};
    std::string line = "Clocks:";
    bool first = true;
    for (const auto& c : last_clocks) {
      if (!c.is_object()) continue;
      const size_t i = c.value("seat", size_t{0});
      line += std::string(first ? " " : ", ") + std::to_string(i) + ". " +
              (i < seat_names.size() ? text::printable(seat_names[i], 40) : std::string()) + " " +
              clock_text(c.value("left_ms", int64_t{0}));
      if (c.value("running", false)) line += " (running)";
      if (c.value("timed_out", false)) line += " (time out)";
      first = false;
    }
    return line + "\n";
  }

  // Asks this seat's decision; false when the input ended or the player quit.
  bool decide(const J& view, size_t ply) {
    const auto& opts = view["pending"]["options"];
    out << '\n' << text::printable_lines(view.value("text", std::string())) << clocks_line();
    for (size_t i = 0; i < opts.size(); ++i)
      out << fmt::format("{:4}. {}\n", i + 1, text::printable(opts[i].get<std::string>(), 200));
    for (;;) {
      out << "Your decision (number or text; quit leaves the game, your seat kept): " << std::flush;
      std::string line;
      if (!std::getline(in, line)) {
        out << '\n';
        err << "tilewright play: the input ended; the game waits for you (--token " << token << " resumes it)\n";
        return false;
      }
      while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
      while (!line.empty() && line.front() == ' ') line.erase(0, 1);
      if (line.empty()) continue;
      if (line == "quit") {
        out << "Left the game; your seat is kept: tilewright play --connect " << o.url << " --room " << room
            << " --token " << token << '\n';
        return false;
      }
      std::string move = line;
      if (line.find_first_not_of("0123456789") == std::string::npos && line.size() < 6) {
        const size_t k = std::stoul(line);
        if (k < 1 || k > opts.size()) {
          out << "Choose 1.." << opts.size() << ".\n";
          continue;
        }
        move = opts[k - 1].get<std::string>();
      }
      if (!send(J{{"type", "move"}, {"room", room}, {"token", token}, {"ply", ply}, {"move", move}})) return false;
      return true;
    }
  }

  int run() {
    std::string why;
    client.set_ca_file(o.ca);
    if (!client.connect(o.url, &why)) return command_failed(err, "play", why, kExitIllegal);
    J hello{{"type", "hello"}, {"version", net::kProtocolVersion}};
    if (!o.name.empty()) hello["name"] = o.name;
    if (!send(hello) || !await("welcome")) return kExitIllegal;
    room = o.room;
    if (o.create) {
      J create{{"type", "create"}, {"auto_start", true}};
      if (!o.level.empty())
        create["level"] = o.level;
      else
        create["rule_set"] = o.rule_set;
      J seats = J::array();
      int first_human = -1;
      const auto players = parse_players(o.players.empty() ? "You, bot:greedy" : o.players);
      for (size_t i = 0; i < players.size(); ++i) {
        if (players[i].bot.empty()) {
          if (first_human < 0) first_human = static_cast<int>(i);
          seats.push_back(J{{"kind", "human"}, {"name", players[i].name}});
        } else {
          seats.push_back(J{{"kind", "bot"}, {"bot", players[i].bot}});
        }
      }
      create["seats"] = seats;
      if (!o.clock.empty()) {
        std::string why_clock;
        const auto ck = parse_clock(o.clock, &why_clock);
        if (!ck) {
          err << "tilewright play: " << why_clock << '\n';
          return kExitInput;
        }
        create["clock"] = J{{"initial_ms", ck->first}, {"increment_ms", ck->second}, {"at_zero", o.at_zero}};
      }
      if (!send(create)) return kExitIllegal;
      auto created = await("created");
      if (!created) return kExitInput;
      if (created->contains("clamped") && (*created)["clamped"].is_array())
        for (const auto& c : (*created)["clamped"])
          out << "The server clamps seat " << c.value("seat", 0) << "'s bot "
              << text::printable(c.value("asked", std::string()), 40) << " to its budget: "
              << text::printable(c.value("bot", std::string()), 40) << '\n';
      room = (*created)["room"].get<std::string>();
      out << "Room " << room << ": others join with tilewright play --connect " << o.url << " --room " << room
          << std::endl;
      if (!send(J{{"type", "join"}, {"room", room}, {"seat", first_human < 0 ? 0 : first_human}})) return kExitIllegal;
    } else if (!o.token.empty()) {
      if (!send(J{{"type", "resume"}, {"room", room}, {"token", o.token}})) return kExitIllegal;
    } else if (o.watch) {
      if (!send(J{{"type", "join"}, {"room", room}, {"seat", "watch"}})) return kExitIllegal;
    } else {
      J join{{"type", "join"}, {"room", room}};
      if (o.seat) join["seat"] = *o.seat;
      if (!send(join)) return kExitIllegal;
    }
    auto joined = await("joined");
    if (!joined) return kExitIllegal;
    watching = (*joined)["seat"].is_null();
    if (!watching) {
      seat = (*joined)["seat"].get<int>();
      token = (*joined)["token"].get<std::string>();
      if (o.token.empty())
        out << "You have seat " << seat << ". To come back to it: tilewright play --connect " << o.url << " --room "
            << room << " --token " << token << std::endl;
    } else if (!o.quiet) {
      out << "Watching room " << room << std::endl;
    }
    size_t asked = static_cast<size_t>(-1);  // the ply whose decision was sent
    for (;;) {
      auto m = next(&why);
      if (!m) {
        err << "tilewright play: " << (why == "timeout" ? "no message from the server in " + std::to_string(o.timeout_s) + " s" : why)
            << (token.empty() ? "" : "; --token " + token + " resumes the seat") << '\n';
        return kExitIllegal;
      }
      const std::string type = (*m)["type"].is_string() ? (*m)["type"].get<std::string>() : "";
      if (type == "room") {
        show_room(*m);
      } else if (type == "state") {
        last_view = (*m)["view"];
        last_ply = (*m)["ply"].get<size_t>();
        last_clocks = m->contains("clocks") ? (*m)["clocks"] : J();
        if (!o.quiet)
          for (const auto& e : last_view["events"]) out << "  " << text::printable(e.get<std::string>(), 300) << '\n';
        if (last_view.value("finished", false)) continue;
        const auto& p = last_view["pending"];
        if (!watching && p.value("seat", -1) == seat) {
          if (asked == last_ply) continue;
          asked = last_ply;
          if (!decide(last_view, last_ply)) return kExitInput;
        } else if (watching && !o.quiet) {
          out << '\n' << text::printable_lines(last_view.value("text", std::string())) << clocks_line();
        }
      } else if (type == "over") {
        out << "\nGame over: " << text::printable((*m)["result"].get<std::string>(), 500) << " (replay "
            << (*m)["replay"].get<int64_t>() << " on the server)\n";
        return kExitOk;
      } else if (type == "error") {
        const std::string code = (*m)["code"].get<std::string>();
        err << "tilewright play: the server refused: " << text::printable((*m)["message"].get<std::string>(), 500)
            << " (" << text::printable(code, 40) << ")\n";
        if (code == "timed_out") {
          out << "Your time ran out: a server bot plays your seat; watching the game to its end.\n";
          watching = true;
          continue;
        }
        if (code == "illegal" && !watching && last_view.contains("pending") && last_view["pending"].is_object()) {
          if (!decide(last_view, last_ply)) return kExitInput;
        } else if (code != "rate_limited") {
          return kExitIllegal;
        }
      }
    }
  }
};

}  // namespace

int cmd_play_online(const OnlineOptions& o, std::istream& in, std::ostream& out, std::ostream& err) {
  if (!o.create && o.room.empty()) {
    err << "tilewright play: --connect needs --room CODE (a room to join) or --create (a new room)\n";
    return kExitInput;
  }
  if (!o.clock.empty() && !o.create) {
    err << "tilewright play: --clock sets a new room's clocks: use it with --create\n";
    return kExitInput;
  }
  if (o.at_zero != "forfeit" && o.at_zero != "bot") {
    err << "tilewright play: --at-zero is forfeit or bot, not '" << text::printable(o.at_zero, 40) << "'\n";
    return kExitInput;
  }
  Play p{o, in, out, err, {}, {}, {}, -1, false, {}, 0, {}, {}, {}};
  return p.run();
}

}  // namespace tw
