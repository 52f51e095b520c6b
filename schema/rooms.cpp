#include "schema/rooms.h"

#include <SQLiteCpp/SQLiteCpp.h>

#include "schema/connection.h"

namespace tw {

void RoomStore::prepare(bool fsync_every_decision) {
  auto& db = store_layer::connection(store_);
  db.exec("PRAGMA journal_mode = WAL");
  db.exec(fsync_every_decision ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = NORMAL");
}

std::vector<RoomRow> RoomStore::live_rooms() {
  SQLite::Statement q(store_layer::connection(store_),
                      "SELECT code, rule_set, level, seed, host_token, state, auto_start, clock_initial_ms, "
                      "clock_increment_ms, clock_at_zero, turn_start_ms, forfeit_seat, active_ms, creator "
                      "FROM net_room WHERE state IN ('open', 'playing') ORDER BY rowid");
  std::vector<RoomRow> out;
  while (q.executeStep()) {
    RoomRow r;
    r.code = q.getColumn(0).getString();
    r.rule_set = q.getColumn(1).getString();
    r.level = q.getColumn(2).getString();
    r.seed = static_cast<uint64_t>(q.getColumn(3).getInt64());
    r.host_token = q.getColumn(4).getString();
    r.state = q.getColumn(5).getString();
    r.auto_start = q.getColumn(6).getInt() != 0;
    if (!q.getColumn(7).isNull())
      r.clock = RoomRow::Clock{q.getColumn(7).getInt64(), q.getColumn(8).getInt64(), q.getColumn(9).getString()};
    if (!q.getColumn(10).isNull()) r.turn_start_ms = q.getColumn(10).getInt64();
    if (!q.getColumn(11).isNull()) r.forfeit_seat = q.getColumn(11).getInt();
    if (!q.getColumn(12).isNull()) r.active_ms = q.getColumn(12).getInt64();
    r.creator = q.getColumn(13).getString();
    out.push_back(std::move(r));
  }
  return out;
}

std::vector<SeatRow> RoomStore::seats(const std::string& room) {
  SQLite::Statement q(store_layer::connection(store_),
                      "SELECT kind, name, bot, token, left_ms, timed_out FROM net_seat WHERE room = ? ORDER BY seat");
  q.bind(1, room);
  std::vector<SeatRow> out;
  while (q.executeStep()) {
    SeatRow s;
    s.kind = q.getColumn(0).getString();
    s.name = q.getColumn(1).getString();
    s.bot = q.getColumn(2).getString();
    s.token = q.getColumn(3).isNull() ? std::string() : q.getColumn(3).getString();
    if (!q.getColumn(4).isNull()) s.left_ms = q.getColumn(4).getInt64();
    s.timed_out = q.getColumn(5).getInt() != 0;
    out.push_back(std::move(s));
  }
  return out;
}

std::vector<MoveRow> RoomStore::moves(const std::string& room) {
  SQLite::Statement q(store_layer::connection(store_), "SELECT ply, seat, move FROM net_move WHERE room = ? ORDER BY ply");
  q.bind(1, room);
  std::vector<MoveRow> out;
  while (q.executeStep()) out.push_back({q.getColumn(0).getInt(), q.getColumn(1).getInt(), q.getColumn(2).getString()});
  return out;
}

std::optional<FinishedRoom> RoomStore::finished(const std::string& room) {
  SQLite::Statement q(store_layer::connection(store_),
                      "SELECT r.result, r.replay_id, r.ended_how, r.forfeit_seat, p.result FROM net_room r "
                      "LEFT JOIN replay p ON p.id = r.replay_id WHERE r.code = ? AND r.state = 'finished'");
  q.bind(1, room);
  if (!q.executeStep()) return std::nullopt;
  FinishedRoom f;
  f.result = !q.getColumn(0).isNull() ? q.getColumn(0).getString()
             : q.getColumn(4).isNull() ? std::string()
                                       : q.getColumn(4).getString();
  if (!q.getColumn(1).isNull()) f.replay_id = q.getColumn(1).getInt64();
  f.ended_how = q.getColumn(2).isNull() ? std::string() : q.getColumn(2).getString();
  if (!q.getColumn(3).isNull()) f.forfeit_seat = q.getColumn(3).getInt();
  return f;
}

bool RoomStore::is_finished_replay(int64_t id) {
  SQLite::Statement q(store_layer::connection(store_), "SELECT 1 FROM net_room WHERE replay_id = ? AND state = 'finished'");
  q.bind(1, id);
  return q.executeStep();
}

void RoomStore::create(const RoomRow& room, const std::vector<SeatRow>& seats) {
  auto& db = store_layer::connection(store_);
  SQLite::Transaction t(db);
  SQLite::Statement ins(db, "INSERT INTO net_room (code, rule_set, level, seed, host_token, state, auto_start, "
                            "clock_initial_ms, clock_increment_ms, clock_at_zero, active_ms, creator) "
                            "VALUES (?, ?, ?, ?, ?, 'open', ?, ?, ?, ?, ?, ?)");
  ins.bind(1, room.code);
  ins.bind(2, room.rule_set);
  ins.bind(3, room.level);
  ins.bind(4, static_cast<int64_t>(room.seed));
  ins.bind(5, room.host_token);
  ins.bind(6, room.auto_start ? 1 : 0);
  if (room.clock)
    ins.bind(7, room.clock->initial_ms);
  else
    ins.bind(7);
  ins.bind(8, room.clock ? room.clock->increment_ms : int64_t{0});
  ins.bind(9, room.clock ? room.clock->at_zero : std::string("forfeit"));
  ins.bind(10, room.active_ms.value_or(0));
  ins.bind(11, room.creator);
  ins.exec();
  for (size_t i = 0; i < seats.size(); ++i) {
    SQLite::Statement s(db, "INSERT INTO net_seat (room, seat, kind, name, bot, left_ms) VALUES (?, ?, ?, ?, ?, ?)");
    s.bind(1, room.code);
    s.bind(2, static_cast<int>(i));
    s.bind(3, seats[i].kind);
    s.bind(4, seats[i].name);
    s.bind(5, seats[i].bot);
    if (seats[i].left_ms)
      s.bind(6, *seats[i].left_ms);
    else
      s.bind(6);
    s.exec();
  }
  t.commit();
}

void RoomStore::delete_open(const std::string& room) {
  auto& db = store_layer::connection(store_);
  SQLite::Transaction t(db);
  for (const char* sql : {"DELETE FROM net_move WHERE room = ?", "DELETE FROM net_seat WHERE room = ?",
                          "DELETE FROM net_room WHERE code = ? AND state = 'open'"}) {
    SQLite::Statement del(db, sql);
    del.bind(1, room);
    del.exec();
  }
  t.commit();
}

bool RoomStore::claim_seat(const std::string& room, int seat, const std::string& token) {
  SQLite::Statement up(store_layer::connection(store_),
                       "UPDATE net_seat SET token = ? WHERE room = ? AND seat = ? AND token IS NULL");
  up.bind(1, token);
  up.bind(2, room);
  up.bind(3, seat);
  return up.exec() == 1;
}

void RoomStore::set_active(const std::string& room, int64_t now_ms) {
  SQLite::Statement up(store_layer::connection(store_), "UPDATE net_room SET active_ms = ? WHERE code = ?");
  up.bind(1, now_ms);
  up.bind(2, room);
  up.exec();
}

void RoomStore::start(const std::string& room, int64_t now_ms) {
  SQLite::Statement up(store_layer::connection(store_),
                       "UPDATE net_room SET state = 'playing', turn_start_ms = ? WHERE code = ?");
  up.bind(1, now_ms);
  up.bind(2, room);
  up.exec();
}

void RoomStore::store_decision(const std::string& room, const DecisionRow& d) {
  auto& db = store_layer::connection(store_);
  SQLite::Transaction t(db);
  SQLite::Statement ins(db, "INSERT INTO net_move (room, ply, seat, move) VALUES (?, ?, ?, ?)");
  ins.bind(1, room);
  ins.bind(2, d.ply);
  ins.bind(3, d.seat);
  ins.bind(4, d.move);
  ins.exec();
  if (d.active_ms) {
    SQLite::Statement up(db, "UPDATE net_room SET active_ms = ? WHERE code = ?");
    up.bind(1, *d.active_ms);
    up.bind(2, room);
    up.exec();
  }
  if (d.left) {
    SQLite::Statement up(db, "UPDATE net_seat SET left_ms = ? WHERE room = ? AND seat = ?");
    up.bind(1, d.left->left_ms);
    up.bind(2, room);
    up.bind(3, d.left->seat);
    up.exec();
  }
  if (d.turn_start_ms) {
    SQLite::Statement up(db, "UPDATE net_room SET turn_start_ms = ? WHERE code = ?");
    up.bind(1, *d.turn_start_ms);
    up.bind(2, room);
    up.exec();
  }
  t.commit();
}

void RoomStore::time_out(const std::string& room, int seat, bool forfeit) {
  auto& db = store_layer::connection(store_);
  SQLite::Transaction t(db);
  SQLite::Statement up(db, "UPDATE net_seat SET left_ms = 0, timed_out = 1 WHERE room = ? AND seat = ?");
  up.bind(1, room);
  up.bind(2, seat);
  up.exec();
  if (forfeit) {
    SQLite::Statement f(db, "UPDATE net_room SET forfeit_seat = ? WHERE code = ?");
    f.bind(1, seat);
    f.bind(2, room);
    f.exec();
  }
  t.commit();
}

void RoomStore::finish(const std::string& room, int64_t replay_id, const std::string& result, int64_t ended_ms,
                       const std::string& ended_how) {
  SQLite::Statement up(store_layer::connection(store_),
                       "UPDATE net_room SET state = 'finished', replay_id = ?, result = ?, ended_ms = ?, "
                       "ended_how = ? WHERE code = ?");
  up.bind(1, replay_id);
  up.bind(2, result);
  up.bind(3, ended_ms);
  if (ended_how.empty())
    up.bind(4);
  else
    up.bind(4, ended_how);
  up.bind(5, room);
  up.exec();
}

void RoomStore::mark_broken(const std::string& room) {
  SQLite::Statement up(store_layer::connection(store_), "UPDATE net_room SET state = 'broken' WHERE code = ?");
  up.bind(1, room);
  up.exec();
}

}  // namespace tw
