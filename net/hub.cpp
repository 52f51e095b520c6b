#include "net/hub.h"

#include <algorithm>
#include <chrono>
#include <exception>

#include "engine/bots/bots.h"
#include "engine/bots/mcts.h"
#include "engine/result.h"
#include "engine/text.h"
#include "net/view.h"
#include "replay/replay_store.h"
#include "replay/tree.h"
#include "schema/rooms.h"

namespace tw::net {

using OJ = nlohmann::ordered_json;

namespace {
constexpr uint64_t kBotSalt = 0x6a09e667f3bcc909ULL;
constexpr const char* kTimedOutBot = "greedy";  // plays a human seat whose time ran out (at_zero "bot")
}

namespace {
// The bot `name` within a budget of `cap` mcts iterations a decision, on one thread,
// without a time budget: `name` itself when it is, else the clamped spec (mcts:CAP,
// its reward kept). Bots that do not search (random, greedy, coop) are within any.
std::string within_budget(const std::string& name, const Game& g, int cap) {
  const auto c = parse_mcts_spec(name);
  if (!c) return name;
  const int64_t asked = c->ms > 0 ? INT64_MAX : c->iterations > 0 ? c->iterations : mcts_default_iterations(g);
  if (asked <= cap && c->threads <= 1 && c->ms <= 0) return name;
  std::string out = "mcts:" + std::to_string(std::min<int64_t>(asked, cap));
  size_t parts = 0, at = 0;
  for (; (at = name.find(':', at)) != std::string::npos; ++at) ++parts;
  if (parts == 3) out += ":1" + name.substr(name.rfind(':'));  // the reward
  return out;
}
}  // namespace

void prepare_database(Store& store, bool fsync_every_decision) { RoomStore(store).prepare(fsync_every_decision); }

Hub::Hub(const Content& content, Store& store, Send send, HubOptions options)
    : content_(content), store_(store), send_(std::move(send)), opt_(std::move(options)) {}

Hub::~Hub() = default;

void Hub::note(const std::string& line) {
  if (log) log(line);
}

void Hub::note_limited(const std::string& kind, const std::string& line) {
  if (limiter_.allow(kind, now_ms())) note(line);
}

void Hub::metrics(MetricsText& m) const {
  std::map<std::string, size_t> by_state{{"open", 0}, {"playing", 0}, {"finished", 0}};
  size_t players = 0;
  for (const auto& [code, r] : rooms_) {
    ++by_state[r.state];
    for (const auto& s : r.seats) players += !s.conns.empty();
  }
  m.family("tilewright_rooms", "gauge", "Rooms in memory by state (finished rooms stay a while).");
  for (const auto& [state, n] : by_state) m.sample("tilewright_rooms", static_cast<double>(n), MetricsText::label("state", state));
  m.family("tilewright_seats_connected", "gauge", "Seats with a player connected.");
  m.sample("tilewright_seats_connected", static_cast<double>(players));
  size_t greeted = 0;
  for (const auto& [c, conn] : conns_) greeted += conn.hello;
  m.family("tilewright_clients", "gauge", "WebSocket connections open, and those that said hello.");
  m.sample("tilewright_clients", static_cast<double>(conns_.size()), MetricsText::label("hello", "any"));
  m.sample("tilewright_clients", static_cast<double>(greeted), MetricsText::label("hello", "yes"));
  m.family("tilewright_decisions_total", "counter", "Decisions stored and applied, by who made them.");
  m.sample("tilewright_decisions_total", static_cast<double>(counters_.decisions_human), MetricsText::label("by", "human"));
  m.sample("tilewright_decisions_total", static_cast<double>(counters_.decisions_bot), MetricsText::label("by", "bot"));
  m.family("tilewright_moves_again_total", "counter", "Decisions sent again and acknowledged again (not applied twice).");
  m.sample("tilewright_moves_again_total", static_cast<double>(counters_.again));
  m.family("tilewright_rooms_created_total", "counter", "Rooms created.");
  m.sample("tilewright_rooms_created_total", static_cast<double>(counters_.rooms_created));
  m.family("tilewright_rooms_expired_total", "counter", "Open rooms deleted because nobody was in them.");
  m.sample("tilewright_rooms_expired_total", static_cast<double>(counters_.rooms_expired));
  m.family("tilewright_games_ended_total", "counter", "Games ended, by how.");
  m.sample("tilewright_games_ended_total", static_cast<double>(counters_.games_finished), MetricsText::label("how", "finished"));
  m.sample("tilewright_games_ended_total", static_cast<double>(counters_.games_forfeited), MetricsText::label("how", "forfeit"));
  m.sample("tilewright_games_ended_total", static_cast<double>(counters_.games_abandoned), MetricsText::label("how", "abandoned"));
  m.family("tilewright_refusals_total", "counter", "Requests refused, by error code.");
  for (const auto& [code, n] : counters_.refusals)
    m.sample("tilewright_refusals_total", static_cast<double>(n), MetricsText::label("code", code));
  m.family("tilewright_log_lines_suppressed_total", "counter", "Log lines left out by the rate limit (the Hub's).");
  m.sample("tilewright_log_lines_suppressed_total", static_cast<double>(limiter_.suppressed_total()));
}

size_t Hub::playing() const {
  size_t n = 0;
  for (const auto& [code, r] : rooms_) n += r.state == "playing";
  return n;
}

const Game* Hub::game(const std::string& room) const {
  auto it = rooms_.find(room);
  return it == rooms_.end() || !it->second.rec ? nullptr : &it->second.rec->game();
}

std::optional<int64_t> Hub::replay_of(const std::string& room) const {
  auto it = rooms_.find(room);
  return it == rooms_.end() ? std::nullopt : it->second.replay_id;
}

std::vector<OJ> Hub::open_rooms(size_t max) const {
  std::vector<OJ> out;
  for (const auto& [code, room] : rooms_) {
    if (out.size() >= max) break;
    if (room.state != "open") continue;
    bool free = false;
    for (const auto& s : room.seats) free = free || (s.kind == "human" && s.token.empty());
    if (!free) continue;
    OJ j = room_json(room);
    j.erase("type");
    out.push_back(std::move(j));
  }
  return out;
}

bool Hub::served_replay(int64_t id) const {
  for (const auto& [code, room] : rooms_)
    if (room.replay_id == id) return room.state == "finished";
  return RoomStore(store_).is_finished_replay(id);
}

// ---------------------------------------------------------------------------------------
// Loading

int64_t Hub::now_ms() const {
  if (opt_.now_ms) return opt_.now_ms();
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

int Hub::load() {
  RoomStore rooms(store_);
  int resumed = 0;
  const int64_t loaded_at = now_ms();
  std::vector<Room> loaded;
  for (const RoomRow& row : rooms.live_rooms()) {
    Room r;
    r.code = row.code;
    r.setup.rule_set = row.rule_set;
    r.setup.level = row.level;
    r.setup.seed = row.seed;
    r.host_token = row.host_token;
    r.state = row.state;
    r.auto_start = row.auto_start;
    if (row.clock) r.clock = Clock{row.clock->initial_ms, row.clock->increment_ms, row.clock->at_zero};
    r.turn_start_ms = row.turn_start_ms.value_or(0);
    r.forfeit_seat = row.forfeit_seat.value_or(-1);
    r.active_ms = row.active_ms.value_or(loaded_at);
    r.creator = row.creator;
    loaded.push_back(std::move(r));
  }
  for (Room& r : loaded) {
    for (SeatRow& row : rooms.seats(r.code)) {
      Seat s;
      s.kind = std::move(row.kind);
      s.name = std::move(row.name);
      s.bot = std::move(row.bot);
      s.token = std::move(row.token);
      s.left_ms = row.left_ms;
      s.timed_out = row.timed_out;
      r.setup.players.push_back({s.name, s.bot});
      r.seats.push_back(std::move(s));
    }
    std::string problem;
    if (r.state == "playing") {
      r.rec = std::make_unique<replay::Recorder>();
      if (auto v = replay::Recorder::start(content_, r.setup, *r.rec)) {
        problem = "the game cannot start again: " + v->message;
      } else {
        for (const MoveRow& m : rooms.moves(r.code)) {
          if (!problem.empty()) break;
          const int ply = m.ply;
          const std::string& move = m.move;
          if (ply != static_cast<int>(r.moves.size())) {
            problem = "decision " + std::to_string(ply) + " is missing";
          } else if (r.rec->game().finished()) {
            problem = "decision " + std::to_string(ply) + " comes after the end";
          } else if (auto bad = r.rec->apply(std::string_view(move))) {
            problem = "decision " + std::to_string(ply) + " '" + text::printable(move, 100) + "': " + bad->message;
          } else {
            r.moves.push_back(move);
            r.move_seats.push_back(m.seat);
          }
        }
      }
    }
    if (!problem.empty()) {
      note("room " + r.code + ": broken: " + problem);
      rooms.mark_broken(r.code);
      continue;
    }
    const std::string code = r.code;
    Room& room = rooms_.emplace(code, std::move(r)).first->second;
    ++resumed;
    if (room.state == "playing" && room.forfeit_seat >= 0)
      finish_forfeit(room);  // stopped between the clock's end and the replay's store
    else if (room.state == "playing" && room.rec->game().finished())
      finish(room);
    // Stopped between the last seat taken and the start: it starts now.
    if (room.state == "open" && room.auto_start) start_game(room);
    if (bot_due(room)) due_.insert(code);
    set_deadline(room);  // a clock that ran out while the server was down: the next tick
  }
  // What expired while the server was down goes now: the clocks that ran out first (they
  // ran out before any abandonment could), then the open rooms nobody came back to and the
  // games nobody played (deleted, ended as abandoned).
  if (!deadlines_.empty() && deadlines_.begin()->first <= now_ms()) tick();
  housekeep();
  if (!due_.empty() && wake) wake();
  return static_cast<int>(rooms_.size()) < resumed ? static_cast<int>(rooms_.size()) : resumed;
}

// ---------------------------------------------------------------------------------------
// Connections and messages

void Hub::opened(ConnId c, const std::string& address) { conns_[c].address = address; }

bool Hub::greeted(ConnId c) const {
  auto it = conns_.find(c);
  return it != conns_.end() && it->second.hello;
}

void Hub::closed(ConnId c) {
  auto it = conns_.find(c);
  if (it == conns_.end()) return;
  const std::string code = it->second.room;
  conns_.erase(it);
  if (Room* r = find_room(code)) {
    const bool was = players_connected(*r);
    for (auto& s : r->seats) s.conns.erase(c);
    r->watchers.erase(c);
    // The last player left: the room's idle time starts now (stored for a restart).
    if (was && !players_connected(*r) && (r->state == "open" || r->state == "playing")) {
      try {
        store_active(*r, now_ms());
      } catch (const std::exception& e) {
        note("room " + r->code + ": its last player's time not stored: " + std::string(e.what()));
      }
    }
    broadcast_room(*r);
  }
}

void Hub::reply(ConnId c, const OJ& j, const std::string& id) {
  if (id.empty()) {
    send_(c, dump(j));
  } else {
    OJ k = j;
    k["id"] = id;
    send_(c, dump(k));
  }
}

void Hub::refuse(ConnId c, const std::string& code, const std::string& message, const std::string& id,
                 bool log_it) {
  ++counters_.refusals[code];
  if (log_it) note_limited("refused (" + code + ")", "connection " + std::to_string(c) + ": refused (" + code + "): " + message);
  send_(c, error_text(Refusal{code, message, id, {}}));
}

void Hub::message(ConnId c, std::string_view text) {
  Conn& conn = conns_[c];
  auto parsed = parse_request(text);
  if (auto* bad = std::get_if<Refusal>(&parsed)) {
    // A request of a known kind before hello is refused as such, whatever its fields.
    if (!conn.hello && bad->code == "bad_field" && !bad->type.empty() && bad->type != "hello" && bad->type != "ping")
      refuse(c, "hello_first", "say hello first (with the protocol version)", bad->id);
    else
      refuse(c, bad->code, bad->message, bad->id);
    return;
  }
  const Request& r = std::get<Request>(parsed);
  if (r.type == MsgType::Ping) {
    reply(c, OJ{{"type", "pong"}}, r.id);
    return;
  }
  if (r.type == MsgType::Hello) {
    on_hello(c, r);
    return;
  }
  // A clock at zero is applied before the message (the server's timer may not have fired yet).
  if (!deadlines_.empty() && deadlines_.begin()->first <= now_ms()) tick();
  if (!conn.hello) {
    refuse(c, "hello_first", "say hello first (with the protocol version)", r.id);
    return;
  }
  try {
    switch (r.type) {
      case MsgType::Create: on_create(c, r); break;
      case MsgType::Join: on_join(c, r); break;
      case MsgType::Resume: on_resume(c, r); break;
      case MsgType::Start: on_start(c, r); break;
      case MsgType::Move: on_move(c, r); break;
      default: break;
    }
  } catch (const std::exception& e) {
    // A database that refuses a write: the request did nothing (every write comes first).
    refuse(c, "storage", std::string("the server could not store it: ") + e.what(), r.id);
  }
}

void Hub::on_hello(ConnId c, const Request& r) {
  const int v = r.body["version"].get<int>();
  if (v < kOldestProtocolVersion || v > kProtocolVersion) {
    refuse(c, "version",
           "this server speaks protocol versions " + std::to_string(kOldestProtocolVersion) + ".." +
               std::to_string(kProtocolVersion) + "; the client speaks " + std::to_string(v) +
               ": use a client of a matching version",
           r.id);
    return;
  }
  conns_[c].hello = true;
  reply(c, OJ{{"type", "welcome"}, {"version", kProtocolVersion}, {"server", opt_.server_name}}, r.id);
}

Hub::Room* Hub::find_room(const std::string& code) {
  auto it = rooms_.find(code);
  return it == rooms_.end() ? nullptr : &it->second;
}

namespace {
// Compares in a time that does not depend on where the texts differ.
bool same_secret(const std::string& a, const std::string& b) {
  if (a.size() != b.size() || a.empty()) return false;
  unsigned char diff = 0;
  for (size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  return diff == 0;
}
}  // namespace

int Hub::seat_of_token(const Room& room, const std::string& token) const {
  int seat = -1;
  for (size_t i = 0; i < room.seats.size(); ++i)
    if (same_secret(room.seats[i].token, token)) seat = static_cast<int>(i);
  return seat;
}

bool Hub::players_connected(const Room& room) const {
  for (const auto& s : room.seats)
    if (!s.conns.empty()) return true;
  return false;
}

void Hub::store_active(Room& room, int64_t now) {
  room.active_ms = now;
  RoomStore(store_).set_active(room.code, now);
}

size_t Hub::live_rooms_of(const std::string& address) const {
  size_t n = 0;
  for (const auto& [code, r] : rooms_) n += r.creator == address && (r.state == "open" || r.state == "playing");
  return n;
}

void Hub::delete_open(const std::string& code) {
  RoomStore(store_).delete_open(code);
  if (Room* r = find_room(code))
    for (const ConnId w : r->watchers)
      if (auto it = conns_.find(w); it != conns_.end()) it->second.room.clear();
  rooms_.erase(code);
  due_.erase(code);
  ++counters_.rooms_expired;
  note_limited("room expired", "room " + code + ": expired (nobody came in " +
                                   std::to_string(opt_.open_room_ms / 1000) + " s); deleted");
}

void Hub::abandon(Room& room) {
  due_.erase(room.code);
  room.ended_how = "abandoned";
  const std::string result = "abandoned (" + result_text(room.rec->game()) + ")";
  if (store_finished(room, "abandoned", result) == 0) {
    room.ended_how.clear();
    return;
  }
  ++counters_.games_abandoned;
  broadcast_state(room);
  broadcast(room, over_message(room));
  broadcast_room(room);
}

void Hub::housekeep() {
  const int64_t now = now_ms();
  std::vector<std::string> expired, abandoned, dropped;
  std::vector<std::pair<int64_t, std::string>> finished;  // kept: (ended, code)
  for (const auto& [code, r] : rooms_) {
    if (r.state == "finished" || r.state == "broken") {
      if (now - r.ended_ms >= opt_.finished_keep_ms)
        dropped.push_back(code);
      else
        finished.emplace_back(r.ended_ms, code);
      continue;
    }
    if (players_connected(r)) continue;
    if (r.state == "open" && now - r.active_ms >= opt_.open_room_ms) expired.push_back(code);
    if (r.state == "playing" && now - r.active_ms >= opt_.abandon_ms) abandoned.push_back(code);
  }
  for (const auto& code : expired) {
    try {
      delete_open(code);
    } catch (const std::exception& e) {
      note("room " + code + ": not deleted: " + e.what());
    }
  }
  for (const auto& code : abandoned)
    if (Room* r = find_room(code)) {
      note("room " + code + ": abandoned (no player for " + std::to_string(opt_.abandon_ms / 1000) + " s)");
      abandon(*r);
    }
  if (finished.size() > opt_.max_finished_kept) {  // the oldest go first
    std::sort(finished.begin(), finished.end());
    for (size_t i = 0; i + opt_.max_finished_kept < finished.size(); ++i) dropped.push_back(finished[i].second);
  }
  for (const auto& code : dropped) {
    auto it = rooms_.find(code);
    if (it == rooms_.end()) continue;
    const Room& r = it->second;
    for (const auto& s : r.seats)
      for (const ConnId c : s.conns)
        if (auto ct = conns_.find(c); ct != conns_.end()) ct->second.room.clear();
    for (const ConnId c : r.watchers)
      if (auto ct = conns_.find(c); ct != conns_.end()) ct->second.room.clear();
    rooms_.erase(it);
  }
  for (const auto& line : limiter_.flush(now)) note(line);
}

void Hub::bind(ConnId c, Room& room, int seat) {
  Conn& conn = conns_[c];
  if (Room* old = find_room(conn.room)) {
    for (auto& s : old->seats) s.conns.erase(c);
    old->watchers.erase(c);
    if (old != &room) broadcast_room(*old);
  }
  conn.room = room.code;
  conn.seat = seat;
  if (seat >= 0)
    room.seats[static_cast<size_t>(seat)].conns.insert(c);
  else
    room.watchers.insert(c);
}

void Hub::on_create(ConnId c, const Request& r) {
  const std::string address = conns_[c].address;
  size_t live = 0;
  for (const auto& [code, room] : rooms_) live += room.state == "open" || room.state == "playing";
  if (live >= opt_.max_rooms) {
    refuse(c, "busy", "the server holds as many rooms as it may; try later", r.id);
    return;
  }
  if (!address.empty() && opt_.max_rooms_per_address > 0 && live_rooms_of(address) >= opt_.max_rooms_per_address) {
    refuse(c, "too_many_rooms",
           "your address has " + std::to_string(opt_.max_rooms_per_address) +
               " rooms open or playing, the most it may; finish or leave one (an open room nobody is in expires in " +
               std::to_string(opt_.open_room_ms / 1000) + " s)",
           r.id);
    return;
  }
  Room room;
  if (r.body.contains("level")) {
    const std::string id = r.body["level"].get<std::string>();
    const Level* l = content_.find_level(id);
    if (!l) {
      refuse(c, "unknown_rules", "no level '" + text::printable(id, 64) + "' on this server", r.id);
      return;
    }
    room.setup.level = l->id;
    room.setup.rule_set = l->rule_set;
  } else {
    room.setup.rule_set = r.body["rule_set"].get<std::string>();
    if (!content_.find_rule_set(room.setup.rule_set)) {
      refuse(c, "unknown_rules", "no rule set '" + text::printable(room.setup.rule_set, 64) + "' on this server",
             r.id);
      return;
    }
  }
  int humans = 0;
  for (size_t i = 0; i < r.body["seats"].size(); ++i) {
    const auto& s = r.body["seats"][i];
    Seat seat;
    seat.kind = s["kind"].get<std::string>();
    if (seat.kind == "bot") {
      seat.bot = s["bot"].get<std::string>();
      if (!make_bot(seat.bot)) {
        refuse(c, "bad_field", "seats[" + std::to_string(i) + "]: unknown bot '" + text::printable(seat.bot, 40) + "'",
               r.id);
        return;
      }
      seat.name = "bot:" + seat.bot;
    } else {
      ++humans;
      seat.name = s.contains("name") ? s["name"].get<std::string>() : "Player " + std::to_string(i + 1);
    }
    room.setup.players.push_back({seat.name, seat.bot});
    room.seats.push_back(std::move(seat));
  }
  if (r.body.contains("clock") && r.body["clock"].is_object()) {
    const auto& ck = r.body["clock"];
    Clock clock;
    clock.initial_ms = ck["initial_ms"].get<int64_t>();
    clock.increment_ms = ck.contains("increment_ms") ? ck["increment_ms"].get<int64_t>() : 0;
    clock.at_zero = ck.contains("at_zero") ? ck["at_zero"].get<std::string>() : "forfeit";
    room.clock = clock;
    for (auto& seat : room.seats)
      if (seat.kind == "human") seat.left_ms = clock.initial_ms;
  }
  if (humans == 0) {
    refuse(c, "bad_field", "a room needs a human seat (bots alone play with `tilewright simulate`)", r.id);
    return;
  }
  room.auto_start = r.body.contains("auto_start") && r.body["auto_start"].get<bool>();  // (checked: a boolean)
  room.creator = address;
  room.active_ms = now_ms();
  room.setup.seed = opt_.seeds ? opt_.seeds() : random_u64();
  OJ clamped = OJ::array();
  {
    Game probe;
    if (auto v = Game::create(content_, room.setup, probe)) {
      refuse(c, "bad_field", v->message, r.id);
      return;
    }
    // Bots within the server's budget: clamped, and said so in `created`.
    for (size_t i = 0; i < room.seats.size(); ++i) {
      Seat& seat = room.seats[i];
      if (seat.kind != "bot") continue;
      const std::string within = within_budget(seat.bot, probe, opt_.max_bot_iterations);
      if (within == seat.bot) continue;
      clamped.push_back(OJ{{"seat", i}, {"asked", seat.bot}, {"bot", within}});
      seat.bot = within;
      seat.name = "bot:" + within;
      room.setup.players[i] = {seat.name, seat.bot};
    }
  }
  do room.code = random_room_code();
  while (rooms_.count(room.code));
  room.host_token = random_token();
  {
    RoomRow row;
    row.code = room.code;
    row.rule_set = room.setup.rule_set;
    row.level = room.setup.level;
    row.seed = room.setup.seed;
    row.host_token = room.host_token;
    row.auto_start = room.auto_start;
    if (room.clock) row.clock = RoomRow::Clock{room.clock->initial_ms, room.clock->increment_ms, room.clock->at_zero};
    row.active_ms = room.active_ms;
    row.creator = room.creator;
    std::vector<SeatRow> seats;
    for (const Seat& s : room.seats) seats.push_back({s.kind, s.name, s.bot, "", s.left_ms, false});
    RoomStore(store_).create(row, seats);
  }
  const std::string code = room.code;
  Room& stored = rooms_.emplace(code, std::move(room)).first->second;
  ++counters_.rooms_created;
  note_limited("room created", "room " + code + ": created (" +
                                   (stored.setup.level.empty() ? stored.setup.rule_set : stored.setup.level) + ", " +
                                   std::to_string(stored.seats.size()) + " seats)" +
                                   (address.empty() ? std::string() : " from " + address));
  OJ created{{"type", "created"}, {"room", code}, {"host_token", stored.host_token}};
  if (!clamped.empty()) {
    created["clamped"] = clamped;
    note("room " + code + ": bots clamped to the server's budget (" +
         std::to_string(opt_.max_bot_iterations) + " iterations a decision): " + clamped.dump());
  }
  reply(c, created, r.id);
  send_(c, dump(room_json(stored)));
}

Hub::Room* Hub::request_room(ConnId c, const Request& r) {
  const std::string code = r.body["room"].get<std::string>();
  Room* room = find_room(code);
  if (room) return room;
  // A finished game's room that left memory: `join` and `resume` learn its result.
  if ((r.type == MsgType::Join || r.type == MsgType::Resume) && over_from_database(c, code, r.id)) return nullptr;
  refuse(c, "no_room", "no open room has that code", r.id);
  return nullptr;
}

std::string Hub::over_message(const Room& room) const {
  OJ j{{"type", "over"}, {"room", room.code}, {"result", room.result}};
  j["replay"] = room.replay_id ? OJ(*room.replay_id) : OJ(nullptr);
  if (room.ended_how == "forfeit" || room.forfeit_seat >= 0) j["forfeit"] = room.forfeit_seat;
  if (room.ended_how == "abandoned") j["abandoned"] = true;
  return dump(j);
}

bool Hub::over_from_database(ConnId c, const std::string& code, const std::string& id) {
  const std::optional<FinishedRoom> f = RoomStore(store_).finished(code);
  if (!f) return false;
  OJ j{{"type", "over"}, {"room", code}};
  j["result"] = f->result;
  j["replay"] = f->replay_id ? OJ(*f->replay_id) : OJ(nullptr);
  if (f->forfeit_seat) j["forfeit"] = *f->forfeit_seat;
  if (f->ended_how == "abandoned") j["abandoned"] = true;
  reply(c, j, id);
  // (Then a refusal: a client that waits for `joined` and knows no `over` here stops.)
  refuse(c, "not_playing", "the game is over: " + j["result"].get<std::string>(), id, false);
  return true;
}

int Hub::request_seat(ConnId c, const Request& r, const Room& room) {
  const int seat = seat_of_token(room, r.body["token"].get<std::string>());
  if (seat < 0) refuse(c, "bad_token", "that token holds no seat of this room", r.id);
  return seat;
}

void Hub::on_join(ConnId c, const Request& r) {
  Room* room = request_room(c, r);
  if (!room) return;
  const bool over = room->state == "finished";
  if (r.body.contains("seat") && r.body["seat"].is_string()) {  // "watch"
    bind(c, *room, -1);
    reply(c, OJ{{"type", "joined"}, {"room", room->code}, {"seat", nullptr}}, r.id);
    broadcast_room(*room);
    if (room->rec) send_state(c, *room);
    if (over) send_(c, over_message(*room));
    return;
  }
  if (over) {  // no seat to take: the result
    const std::string text = over_message(*room);
    if (r.id.empty()) {
      send_(c, text);
    } else {
      OJ j = OJ::parse(text);
      j["id"] = r.id;
      send_(c, dump(j));
    }
    // (Then a refusal: a client that waits for `joined` and knows no `over` here stops.)
    refuse(c, "not_playing", "the game is over: " + room->result, r.id, false);
    return;
  }
  int seat = -1;
  if (r.body.contains("seat")) {
    seat = r.body["seat"].get<int>();
    if (seat >= static_cast<int>(room->seats.size())) {
      refuse(c, "no_seat", "the room has " + std::to_string(room->seats.size()) + " seats", r.id);
      return;
    }
    const Seat& s = room->seats[static_cast<size_t>(seat)];
    if (s.kind != "human") {
      refuse(c, "seat_taken", "seat " + std::to_string(seat) + " is a bot's", r.id);
      return;
    }
    if (!s.token.empty()) {
      refuse(c, "seat_taken", "seat " + std::to_string(seat) + " is taken (its player resumes with its token)", r.id);
      return;
    }
  } else {
    for (size_t i = 0; i < room->seats.size() && seat < 0; ++i)
      if (room->seats[i].kind == "human" && room->seats[i].token.empty()) seat = static_cast<int>(i);
    if (seat < 0) {
      refuse(c, "room_full", "every seat of the room is taken; \"seat\": \"watch\" watches", r.id);
      return;
    }
  }
  const std::string token = random_token();
  if (!RoomStore(store_).claim_seat(room->code, seat, token)) {
    refuse(c, "seat_taken", "seat " + std::to_string(seat) + " is taken", r.id);
    return;
  }
  room->seats[static_cast<size_t>(seat)].token = token;
  bind(c, *room, seat);
  store_active(*room, now_ms());
  note_limited("seat taken", "room " + room->code + ": seat " + std::to_string(seat) + " taken");
  reply(c, OJ{{"type", "joined"}, {"room", room->code}, {"seat", seat}, {"token", token}}, r.id);
  broadcast_room(*room);
  if (room->rec)
    send_state(c, *room);
  else if (room->auto_start && room->state == "open")
    start_game(*room);  // the last seat taken: every seat's client gets the first state
}

void Hub::on_resume(ConnId c, const Request& r) {
  Room* room = request_room(c, r);
  if (!room) return;
  const int seat = request_seat(c, r, *room);
  if (seat < 0) return;
  bind(c, *room, seat);
  if (room->state == "open" || room->state == "playing") store_active(*room, now_ms());
  reply(c, OJ{{"type", "joined"}, {"room", room->code}, {"seat", seat}, {"token", r.body["token"]}}, r.id);
  broadcast_room(*room);
  if (room->rec) send_state(c, *room);
  if (room->state == "finished") send_(c, over_message(*room));
}

void Hub::on_start(ConnId c, const Request& r) {
  Room* room = request_room(c, r);
  if (!room) return;
  if (!same_secret(r.body["token"].get<std::string>(), room->host_token)) {
    refuse(c, "bad_token", "only the room's host starts it (its host token)", r.id);
    return;
  }
  if (room->state != "open") {
    refuse(c, "not_open", "the game has started already", r.id);
    return;
  }
  if (const std::string why = start_game(*room); !why.empty()) {
    refuse(c, why.rfind("seat ", 0) == 0 ? "seats_free" : "bad_field", why, r.id);
    return;
  }
  reply(c, OJ{{"type", "started"}, {"room", room->code}}, r.id);
}

std::string Hub::start_game(Room& room) {
  for (size_t i = 0; i < room.seats.size(); ++i)
    if (room.seats[i].kind == "human" && room.seats[i].token.empty())
      return "seat " + std::to_string(i) + " has no player yet";
  auto rec = std::make_unique<replay::Recorder>();
  if (auto v = replay::Recorder::start(content_, room.setup, *rec)) return v->message;
  const int64_t now = now_ms();
  RoomStore(store_).start(room.code, now);
  room.rec = std::move(rec);
  room.state = "playing";
  room.turn_start_ms = now;
  note_limited("room started", "room " + room.code + ": started");
  broadcast_room(room);
  broadcast_state(room);
  set_deadline(room);
  maybe_wake(room);
  return {};
}

void Hub::on_move(ConnId c, const Request& r) {
  Room* room = request_room(c, r);
  if (!room) return;
  const int seat = request_seat(c, r, *room);
  if (seat < 0) return;
  if (room->state != "playing" || !room->rec || room->rec->game().finished()) {
    refuse(c, "not_playing", room->state == "open" ? "the game has not started" : "the game is over", r.id);
    return;
  }
  if (room->seats[static_cast<size_t>(seat)].timed_out) {
    refuse(c, "timed_out", "this seat's time ran out: a server bot plays it", r.id);
    return;
  }
  const auto ply = static_cast<size_t>(r.body["ply"].get<int64_t>());
  const std::string move = r.body["move"].get<std::string>();
  if (ply != room->moves.size()) {
    // A decision sent again (its acknowledgement was lost): acknowledged again, applied
    // once; the same decision (as the engine reads it) by the same seat.
    if (ply < room->moves.size() && same_decision(*room, ply, seat, move)) {
      ++counters_.again;
      reply(c, OJ{{"type", "ack"}, {"ply", ply}, {"again", true}}, r.id);
      return;
    }
    refuse(c, "stale_ply", "the game is at decision " + std::to_string(room->moves.size()) + ", not " +
                               std::to_string(ply), r.id);
    return;
  }
  const Game& g = room->rec->game();
  if (g.pending().player != seat) {
    refuse(c, "not_your_turn", "it is seat " + std::to_string(g.pending().player) + "'s decision", r.id);
    return;
  }
  std::string why;
  const auto o = g.parse_option(move, &why);
  if (!o) {
    refuse(c, "illegal", text::printable(why, 300), r.id);
    return;
  }
  const std::string problem = commit(*room, seat, g.canonical(*o));  // the listed rotation
  if (!problem.empty()) {
    refuse(c, "storage", problem, r.id);
    return;
  }
  reply(c, OJ{{"type", "ack"}, {"ply", ply}}, r.id);
  broadcast_state(*room);
  if (room->rec->game().finished()) finish(*room);
  maybe_wake(*room);
}

bool Hub::same_decision(const Room& room, size_t ply, int seat, const std::string& move) const {
  if (ply >= room.moves.size() || ply >= room.move_seats.size() || room.move_seats[ply] != seat) return false;
  if (room.moves[ply] == move) return true;
  // Another text: read it where the game stood at that decision (the stored decisions
  // played again: a resend is rare, and a connection's messages are rate-limited).
  replay::Recorder at;
  if (replay::Recorder::start(content_, room.setup, at)) return false;
  for (size_t i = 0; i < ply; ++i)
    if (at.apply(std::string_view(room.moves[i]))) return false;
  const Game& g = at.game();
  if (g.finished() || g.pending().player != seat) return false;
  const auto o = g.parse_option(move);
  return o && g.to_string(g.canonical(*o)) == room.moves[ply];
}

// ---------------------------------------------------------------------------------------
// Decisions

std::string Hub::commit(Room& room, int seat, const Option& o) {
  const Game& g = room.rec->game();
  const std::string text = g.to_string(o);
  const int ply = static_cast<int>(room.moves.size());
  const int64_t now = now_ms();
  const int running = clock_seat(room);
  const bool human = room.seats[static_cast<size_t>(seat)].kind == "human" && !room.seats[static_cast<size_t>(seat)].timed_out;
  if (auto v = room.rec->apply(o)) return v->message;  // parse_option found it legal: not expected
  std::optional<int64_t> left;
  if (room.clock && running >= 0) {
    Seat& s = room.seats[static_cast<size_t>(running)];
    left = std::max<int64_t>(0, s.left_ms.value_or(0) - (now - room.turn_start_ms));
    const Game& after = room.rec->game();
    if (after.finished() || after.pending().player != running) *left += room.clock->increment_ms;  // the turn passed
  }
  // The decision, and with a clock the seat's time left and the next turn's start: one
  // transaction, so a restarted server has both or neither.
  DecisionRow d{ply, seat, text, std::nullopt, std::nullopt, std::nullopt};
  if (human) d.active_ms = now;  // a player was here now (the restart's expiry reads it)
  if (room.clock) {
    if (left) d.left = DecisionRow::SeatClock{running, *left};
    d.turn_start_ms = now;
  }
  try {
    RoomStore(store_).store_decision(room.code, d);
  } catch (const std::exception& e) {
    // Not stored: the game goes back to its stored decisions.
    note("room " + room.code + ": decision " + std::to_string(ply) + " not stored: " + e.what());
    auto rec = std::make_unique<replay::Recorder>();
    replay::Recorder::start(content_, room.setup, *rec);
    for (const auto& m : room.moves) rec->apply(std::string_view(m));
    room.rec = std::move(rec);
    return std::string("the decision was not stored: ") + e.what();
  }
  if (left) room.seats[static_cast<size_t>(running)].left_ms = *left;
  room.turn_start_ms = now;
  room.moves.push_back(text);
  room.move_seats.push_back(seat);
  if (human) {
    room.active_ms = now;
    ++counters_.decisions_human;
  } else {
    ++counters_.decisions_bot;
  }
  if (bot_due(room))
    due_.insert(room.code);
  else
    due_.erase(room.code);
  set_deadline(room);
  return {};
}

// The room's game stored as a replay and the room marked finished, in the database and
// here; 0 (and a note) when the store failed: the decisions are stored, and the next start
// of the server stores the replay.
int64_t Hub::store_finished(Room& room, const std::string& what, const std::string& result) {
  int64_t id = 0;
  try {
    replay::GameLog game_log = room.rec->log();
    id = replay::ReplayStore(store_).insert_unless_stored(replay::from_log(std::move(game_log))).first;
    RoomStore(store_).finish(room.code, id, result, now_ms(), room.ended_how);
  } catch (const std::exception& e) {
    note("room " + room.code + ": the " + what + " game was not stored as a replay: " + e.what());
    return 0;
  }
  room.state = "finished";
  room.replay_id = id;
  room.result = result;
  room.ended_ms = now_ms();
  set_deadline(room);
  note_limited("room finished", "room " + room.code + ": finished (" + result + "), replay " + std::to_string(id));
  return id;
}

void Hub::finish(Room& room) {
  due_.erase(room.code);
  const Game& g = room.rec->game();
  const int64_t id = store_finished(room, "finished", result_text(g));
  if (id == 0) return;
  ++counters_.games_finished;
  broadcast(room, over_message(room));
  broadcast_room(room);
}

bool Hub::bot_due(const Room& room) const {
  if (room.state != "playing" || !room.rec) return false;
  const Game& g = room.rec->game();
  if (g.finished()) return false;
  const int p = g.pending().player;
  if (p < 0 || p >= static_cast<int>(room.seats.size())) return false;
  const Seat& s = room.seats[static_cast<size_t>(p)];
  return s.kind == "bot" || s.timed_out;
}

// ---------------------------------------------------------------------------------------
// Clocks

int Hub::clock_seat(const Room& room) const {
  if (!room.clock || room.state != "playing" || !room.rec || room.rec->game().finished()) return -1;
  const int p = room.rec->game().pending().player;
  if (p < 0 || p >= static_cast<int>(room.seats.size())) return -1;
  const Seat& s = room.seats[static_cast<size_t>(p)];
  return s.kind == "human" && !s.timed_out && s.left_ms ? p : -1;
}

void Hub::set_deadline(const Room& room) {
  if (auto it = deadline_of_.find(room.code); it != deadline_of_.end()) {
    deadlines_.erase({it->second, room.code});
    deadline_of_.erase(it);
  }
  const int s = clock_seat(room);
  if (s >= 0) {
    const int64_t d = room.turn_start_ms + *room.seats[static_cast<size_t>(s)].left_ms;
    deadlines_.insert({d, room.code});
    deadline_of_[room.code] = d;
  }
  if (room.clock && clock_changed) clock_changed();
}

std::optional<int64_t> Hub::next_deadline() const {
  if (deadlines_.empty()) return std::nullopt;
  return deadlines_.begin()->first;
}

void Hub::tick() {
  const int64_t now = now_ms();
  while (!deadlines_.empty() && deadlines_.begin()->first <= now) {
    const std::string code = deadlines_.begin()->second;
    deadlines_.erase(deadlines_.begin());
    deadline_of_.erase(code);
    Room* room = find_room(code);
    if (!room) continue;
    try {
      expire(*room);
    } catch (const std::exception& e) {
      note("room " + code + ": the clock at zero was not stored: " + e.what());
    }
  }
}

void Hub::expire(Room& room) {
  const int s = clock_seat(room);
  if (s < 0) return;
  Seat& seat = room.seats[static_cast<size_t>(s)];
  RoomStore(store_).time_out(room.code, s, room.clock->at_zero == "forfeit");
  seat.left_ms = 0;
  seat.timed_out = true;
  if (room.clock->at_zero == "forfeit") {
    room.forfeit_seat = s;
    note("room " + room.code + ": seat " + std::to_string(s) + "'s time ran out: it forfeits");
    finish_forfeit(room);
    return;
  }
  note("room " + room.code + ": seat " + std::to_string(s) + "'s time ran out: a server bot plays it");
  set_deadline(room);
  broadcast_room(room);
  broadcast_state(room);
  maybe_wake(room);
}

void Hub::finish_forfeit(Room& room) {
  due_.erase(room.code);
  const Game& g = room.rec->game();
  const Seat& loser = room.seats[static_cast<size_t>(room.forfeit_seat)];
  const std::string result = loser.name + " lost on time (" + result_text(g) + ")";
  // Stored unfinished: the game stopped at the forfeit.
  room.ended_how = "forfeit";
  const int64_t id = store_finished(room, "forfeited", result);
  if (id == 0) return;
  ++counters_.games_forfeited;
  broadcast_state(room);
  broadcast(room, over_message(room));
  broadcast_room(room);
}

void Hub::clock_json(const Room& room, OJ& state) const {
  if (!room.clock) return;
  const int running = clock_seat(room);
  const int64_t now = now_ms();
  OJ clocks = OJ::array();
  for (size_t i = 0; i < room.seats.size(); ++i) {
    const Seat& s = room.seats[i];
    if (!s.left_ms) {
      clocks.push_back(nullptr);
      continue;
    }
    const bool runs = static_cast<int>(i) == running;
    const int64_t left = runs ? std::max<int64_t>(0, *s.left_ms - (now - room.turn_start_ms)) : *s.left_ms;
    clocks.push_back(OJ{{"seat", i}, {"left_ms", left}, {"running", runs}, {"timed_out", s.timed_out}});
  }
  state["clocks"] = clocks;
}

void Hub::maybe_wake(const Room& room) {
  if (bot_due(room)) due_.insert(room.code);
  if (!due_.empty() && wake) wake();
}

bool Hub::step_bots(int max) {
  for (int n = 0; n < max && !due_.empty(); ++n) {
    const std::string code = *due_.begin();
    Room* room = find_room(code);
    if (!room || !bot_due(*room)) {
      due_.erase(code);
      continue;
    }
    const Game& g = room->rec->game();
    const Seat& seat = room->seats[static_cast<size_t>(g.pending().player)];
    auto bot = make_bot(seat.kind == "bot" ? seat.bot : kTimedOutBot);  // a seat out of time: greedy
    // Seeded by the game and the decision: a restarted server makes the same choice.
    Rng rng(room->setup.seed ^ kBotSalt ^ (static_cast<uint64_t>(room->moves.size()) * 0x9e3779b97f4a7c15ULL));
    const size_t i = bot->choose(g, rng);
    const Option o = g.pending().options[i];
    const std::string problem = commit(*room, g.pending().player, o);
    if (!problem.empty()) {
      due_.erase(code);  // tried again when the server starts next
      continue;
    }
    broadcast_state(*room);
    if (room->rec->game().finished()) finish(*room);
    // Rooms take turns: this one goes to the back of the queue.
    if (due_.erase(code)) due_.insert(code);
  }
  return !due_.empty();
}

// ---------------------------------------------------------------------------------------
// What clients are sent

OJ Hub::room_json(const Room& room) const {
  OJ seats = OJ::array();
  for (size_t i = 0; i < room.seats.size(); ++i) {
    const Seat& s = room.seats[i];
    OJ j{{"seat", i}, {"kind", s.kind}, {"name", s.name}};
    j["bot"] = s.bot.empty() ? OJ(nullptr) : OJ(s.bot);
    j["taken"] = s.kind == "bot" || !s.token.empty();
    j["connected"] = s.kind == "bot" || !s.conns.empty();
    if (s.timed_out) j["timed_out"] = true;
    seats.push_back(j);
  }
  OJ j{{"type", "room"}, {"room", room.code}, {"rule_set", room.setup.rule_set}};
  j["level"] = room.setup.level.empty() ? OJ(nullptr) : OJ(room.setup.level);
  j["state"] = room.state;
  j["seats"] = seats;
  j["clock"] = room.clock ? OJ{{"initial_ms", room.clock->initial_ms},
                              {"increment_ms", room.clock->increment_ms},
                              {"at_zero", room.clock->at_zero}}
                          : OJ(nullptr);
  j["watchers"] = room.watchers.size();
  return j;
}

void Hub::broadcast(const Room& room, const std::string& text) {
  for (const auto& s : room.seats)
    for (const ConnId c : s.conns) send_(c, text);
  for (const ConnId c : room.watchers) send_(c, text);
}

void Hub::broadcast_room(const Room& room) { broadcast(room, dump(room_json(room))); }

std::string Hub::state_message(const Room& room) const {
  OJ j{{"type", "state"}, {"room", room.code}, {"ply", room.moves.size()}, {"view", public_view(room.rec->game())}};
  if (room.state == "finished" && !room.rec->game().finished()) {
    // Ended before its last decision (a forfeit, abandoned): the view says so.
    j["view"]["finished"] = true;
    j["view"]["result"] = room.result;
    j["view"]["pending"] = nullptr;
  }
  clock_json(room, j);
  return dump(j);
}

void Hub::broadcast_state(const Room& room) {
  if (!room.rec) return;
  broadcast(room, state_message(room));
}

void Hub::send_state(ConnId c, const Room& room) {
  if (!room.rec) return;
  send_(c, state_message(room));
}

}  // namespace tw::net
