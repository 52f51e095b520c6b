#include "play/online_session.h"

#include <algorithm>
#include <chrono>

#include "net/client.h"
#include "net/protocol.h"

namespace twe {

using J = nlohmann::json;

namespace {

std::string str(const J& j, const char* key) {
  if (!j.is_object()) return {};
  auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

}  // namespace

OnlineSession::OnlineSession(Post post) : post_(std::move(post)) {}

OnlineSession::~OnlineSession() { stop_worker(); }

void OnlineSession::stop_worker() {
  stop_ = true;
  cv_.notify_all();
  if (worker_.joinable()) worker_.join();
  stop_ = false;
  std::lock_guard<std::mutex> lock(mutex_);
  outbox_.clear();
}

void OnlineSession::start(const std::string& url) {
  stop_worker();
  url_ = url;
  connected_ = false;
  joined_ = false;
  error_.clear();
  error_code_.clear();
  sent_ply_ = -1;
  const uint64_t conn = ++connection_;
  worker_ = std::thread([this, url, conn] { worker_loop(url, conn); });
}

void OnlineSession::worker_loop(std::string url, uint64_t connection) {
  using namespace std::chrono_literals;
  tw::net::Client client;
  std::string why;
  if (!client.connect(url, &why, 5s)) {
    post_(Incoming{Incoming::Kind::Failed, nullptr, why, connection});
    return;
  }
  post_(Incoming{Incoming::Kind::Connected, nullptr, {}, connection});
  while (!stop_) {
    std::deque<std::string> out;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      out.swap(outbox_);
    }
    for (const auto& text : out)
      if (!client.send_text(text, &why)) {
        post_(Incoming{Incoming::Kind::Dropped, nullptr, why, connection});
        return;
      }
    // A short wait, so a queued request goes out soon and stop() is seen at once.
    auto m = client.receive(30ms, &why);
    if (m) {
      post_(Incoming{Incoming::Kind::Message, std::move(*m), {}, connection});
    } else if (client.closed()) {
      post_(Incoming{Incoming::Kind::Dropped, nullptr, why, connection});
      return;
    } else if (why != "timeout") {
      // (a message that is not a JSON object: named, and the connection goes on)
      post_(Incoming{Incoming::Kind::Message, J{{"type", "error"}, {"code", "bad_json"}, {"message", why}}, {},
                     connection});
    }
  }
  client.close();
}

void OnlineSession::send(const J& j) {
  std::lock_guard<std::mutex> lock(mutex_);
  outbox_.push_back(tw::net::dump(nlohmann::ordered_json(j)));
}

void OnlineSession::host(const std::string& url, const std::string& name, const HostSpec& spec) {
  forget(Mode::Host);
  name_ = name;
  spec_ = spec;
  room_.clear();
  my_host_seat_ = -1;
  for (size_t i = 0; i < spec.seats.size(); ++i)
    if (spec.seats[i].kind == OnlineSeat::Kind::Me) {
      my_host_seat_ = static_cast<int>(i);
      break;
    }
  start(url);
}

// A new connection's state: nothing of the last room kept.
void OnlineSession::forget(Mode mode) {
  mode_ = mode;
  token_.clear();
  host_token_.clear();
  seat_ = -1;
  room_info_ = view_ = nullptr;
  over_ = false;
  result_.clear();
  received_.clear();
}

void OnlineSession::join(const std::string& url, const std::string& name, const std::string& room, int seat) {
  forget(Mode::Join);
  name_ = name;
  room_ = room;
  want_seat_ = seat;
  start(url);
}

void OnlineSession::watch(const std::string& url, const std::string& room) {
  forget(Mode::Watch);
  room_ = room;
  start(url);
}

void OnlineSession::rejoin(const std::string& url, const std::string& room, const std::string& token) {
  mode_ = Mode::Rejoin;
  room_ = room;
  token_ = token;
  seat_ = -1;
  room_info_ = view_ = nullptr;
  over_ = false;
  result_.clear();
  start(url);
}

bool OnlineSession::reconnect() {
  if (url_.empty() || room_.empty()) return false;
  if (!token_.empty()) {
    mode_ = Mode::Rejoin;
  } else if (mode_ != Mode::Watch) {
    return false;
  }
  start(url_);
  return true;
}

void OnlineSession::disconnect() {
  stop_worker();
  ++connection_;  // whatever the old worker posted is ignored
  connected_ = false;
  joined_ = false;
}

void OnlineSession::after_welcome() {
  switch (mode_) {
    case Mode::Host: {
      J create{{"type", "create"}, {"auto_start", true}};
      if (!spec_.level.empty())
        create["level"] = spec_.level;
      else
        create["rule_set"] = spec_.rule_set;
      J seats = J::array();
      for (const auto& s : spec_.seats) {
        if (s.kind == OnlineSeat::Kind::Bot)
          seats.push_back(J{{"kind", "bot"}, {"bot", s.bot}});
        else
          seats.push_back(J{{"kind", "human"}, {"name", s.name}});
      }
      create["seats"] = seats;
      send(create);
      break;
    }
    case Mode::Join: {
      J j{{"type", "join"}, {"room", room_}};
      if (want_seat_ >= 0) j["seat"] = want_seat_;
      send(j);
      break;
    }
    case Mode::Watch: send(J{{"type", "join"}, {"room", room_}, {"seat", "watch"}}); break;
    case Mode::Rejoin: send(J{{"type", "resume"}, {"room", room_}, {"token", token_}}); break;
  }
}

void OnlineSession::handle(const Incoming& in) {
  if (in.connection != connection_) return;  // from a connection since given up
  switch (in.kind) {
    case Incoming::Kind::Connected: {
      connected_ = true;
      J hello{{"type", "hello"}, {"version", tw::net::kProtocolVersion}};
      if (!name_.empty() && tw::net::printable_name(name_, tw::net::kMaxNameBytes)) hello["name"] = name_;
      send(hello);
      return;
    }
    case Incoming::Kind::Failed:
    case Incoming::Kind::Dropped:
      connected_ = false;
      joined_ = false;
      error_ = in.text.empty() ? "the connection ended" : in.text;
      error_code_ = in.kind == Incoming::Kind::Failed ? "connect" : "dropped";
      return;
    case Incoming::Kind::Message: break;
  }
  const J& m = in.message;
  received_.push_back(m.dump());
  const std::string type = str(m, "type");
  if (type == "welcome") {
    after_welcome();
  } else if (type == "created") {
    room_ = str(m, "room");
    host_token_ = str(m, "host_token");
    send(J{{"type", "join"}, {"room", room_}, {"seat", my_host_seat_ >= 0 ? J(my_host_seat_) : J("watch")}});
  } else if (type == "joined") {
    joined_ = true;
    room_ = str(m, "room").empty() ? room_ : str(m, "room");
    if (m.contains("seat") && m["seat"].is_number_integer()) {
      seat_ = m["seat"].get<int>();
      if (!str(m, "token").empty()) token_ = str(m, "token");
    } else {
      seat_ = -1;
    }
    error_.clear();
    error_code_.clear();
  } else if (type == "room") {
    room_info_ = m;
  } else if (type == "state") {
    view_ = m.contains("view") ? m["view"] : J(nullptr);
    clocks_ = m.contains("clocks") && m["clocks"].is_array() ? m["clocks"] : J(nullptr);
    ply_ = m.contains("ply") && m["ply"].is_number_integer() ? m["ply"].get<int64_t>() : -1;
  } else if (type == "over") {
    over_ = true;
    result_ = str(m, "result");
    replay_ = m.contains("replay") && m["replay"].is_number_integer() ? m["replay"].get<int64_t>() : 0;
  } else if (type == "error") {
    error_code_ = str(m, "code");
    error_ = str(m, "message");
    // A refused move may be chosen again.
    if (error_code_ == "illegal" || error_code_ == "stale_ply" || error_code_ == "not_your_turn") sent_ply_ = -1;
  }
}

bool OnlineSession::my_turn() const {
  if (seat_ < 0 || !joined_ || !view_.is_object() || view_.value("finished", false)) return false;
  const J& p = view_.contains("pending") ? view_["pending"] : J(nullptr);
  return p.is_object() && p.contains("seat") && p["seat"].is_number_integer() && p["seat"].get<int>() == seat_;
}

std::vector<std::string> OnlineSession::my_options() const {
  std::vector<std::string> out;
  if (!my_turn()) return out;
  for (const auto& o : view_["pending"]["options"])
    if (o.is_string()) out.push_back(o.get<std::string>());
  return out;
}

std::string OnlineSession::move(const std::string& text) {
  if (!connected_ || !joined_) return "not connected to the server";
  if (!my_turn()) return "it is not your turn";
  const auto opts = my_options();
  if (std::find(opts.begin(), opts.end(), text) == opts.end()) return "'" + text + "' is not one of the options listed";
  if (sent_ply_ == ply_) return "your decision is on its way";
  sent_ply_ = ply_;
  send(J{{"type", "move"}, {"room", room_}, {"token", token_}, {"ply", ply_}, {"move", text}});
  return {};
}

std::string OnlineSession::status_line() const {
  std::string line;
  if (!connected_) {
    line = error_code_ == "dropped"   ? "Connection lost (" + error_ + ")"
           : error_code_ == "connect" ? "Not connected: " + error_
           : room_.empty()            ? "Not connected"
                                      : "Disconnected";
    if (!token_.empty()) line += "; Rejoin comes back to seat " + std::to_string(seat_);
    return line;
  }
  if (room_.empty()) return "Connected to " + url_ + ": making the room…";
  line = "Room " + room_;
  if (room_info_.is_object()) {
    line += " (" + str(room_info_, "state") + ")";
    std::string who;
    for (const auto& s : room_info_.value("seats", J::array())) {
      if (!s.is_object()) continue;
      who += who.empty() ? "" : ", ";
      const std::string kind = str(s, "kind");
      who += kind == "bot" ? "bot:" + str(s, "bot") : str(s, "name");
      if (kind == "human")
        who += !s.value("taken", false) ? " (free)" : s.value("connected", false) ? " (here)" : " (away)";
    }
    line += ": " + who;
    const int w = room_info_.value("watchers", 0);
    if (w > 0) line += ", " + std::to_string(w) + " watching";
  }
  if (watching()) line += " · you watch";
  else if (seat_ >= 0) line += " · you: seat " + std::to_string(seat_);
  if (over_) return line + " · game over: " + result_;
  if (view_.is_object() && view_.contains("pending") && view_["pending"].is_object()) {
    const J& p = view_["pending"];
    line += " · " + (my_turn() ? std::string("your turn") : str(p, "player") + " to move") + " (" + str(p, "kind") +
            (str(p, "tile").empty() ? "" : " " + str(p, "tile")) + ")";
  } else if (room_info_.is_object() && str(room_info_, "state") == "open") {
    line += " · waiting for players";
  }
  return line;
}

std::string OnlineSession::invite_text() const {
  if (room_.empty()) return {};
  std::string t = "Room " + room_ + " on " + url_ + "\n";
  std::string free;
  if (room_info_.is_object())
    for (const auto& s : room_info_.value("seats", J::array()))
      if (s.is_object() && str(s, "kind") == "human" && !s.value("taken", false)) {
        const int n = s.value("seat", 0);
        free += "Seat " + std::to_string(n) + " (" + str(s, "name") + ") is free: tilewright play --connect " + url_ +
                " --room " + room_ + " --seat " + std::to_string(n) + "\n";
      }
  if (!free.empty()) t += "Join in the editor: Play > Join online game…, this server and the room code.\n" + free;
  t += "Watch: tilewright play --connect " + url_ + " --room " + room_ + " --watch\n";
  if (!token_.empty())
    t += "Your seat's token (secret; Rejoin uses it): " + token_ + "\n";
  return t;
}

}  // namespace twe
