#include "replay/replay_store.h"

#include <cmath>
#include <set>

#include "replay/digest.h"
#include "schema/connection.h"
#include "schema/pack.h"

#include <SQLiteCpp/SQLiteCpp.h>

#include <ctime>

#include "replay/archive.h"
#include "replay/digest.h"

namespace tw::replay {
namespace {

std::string join_moves(const std::vector<std::string>& moves) {
  std::string s;
  for (const auto& m : moves) {
    if (!s.empty()) s += '\n';
    s += m;
  }
  return s;
}

std::vector<std::string> split_moves(const std::string& s) {
  std::vector<std::string> out;
  size_t start = 0;
  for (;;) {
    const size_t nl = s.find('\n', start);
    out.push_back(s.substr(start, nl == std::string::npos ? std::string::npos : nl - start));
    if (nl == std::string::npos) break;
    start = nl + 1;
  }
  return out;
}

void bind_text_or_null(SQLite::Statement& st, int i, const std::string& s) {
  if (s.empty())
    st.bind(i);
  else
    st.bind(i, s);
}

void write_tree(SQLite::Database& db, int64_t id, const Replay& r) {
  const FlatTree flat = flatten(r);
  SQLite::Statement var(db, "INSERT INTO replay_variation (replay_id, node, idx, moves) VALUES (?, ?, ?, ?)");
  for (const VariationRow& v : flat.variations) {
    var.bind(1, id);
    var.bind(2, v.node);
    var.bind(3, v.index);
    var.bind(4, join_moves(v.moves));
    var.exec();
    var.reset();
  }
  SQLite::Statement note(db, "INSERT INTO annotation (replay_id, node, comment, glyph) VALUES (?, ?, ?, ?)");
  SQLite::Statement mark(db,
                         "INSERT INTO annotation_marker (replay_id, node, idx, kind, x, y, x2, y2, text) "
                         "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
  for (const AnnotationRow& a : flat.annotations) {
    note.bind(1, id);
    note.bind(2, a.node);
    note.bind(3, a.note.comment);
    note.bind(4, a.note.glyph);
    note.exec();
    note.reset();
    for (size_t i = 0; i < a.note.markers.size(); ++i) {
      const Marker& m = a.note.markers[i];
      mark.bind(1, id);
      mark.bind(2, a.node);
      mark.bind(3, static_cast<int64_t>(i));
      mark.bind(4, std::string(marker_kind_name(m.kind)));
      mark.bind(5, m.x);
      mark.bind(6, m.y);
      if (m.kind == Marker::Kind::Arrow) {
        mark.bind(7, m.x2);
        mark.bind(8, m.y2);
      } else {
        mark.bind(7);
        mark.bind(8);
      }
      mark.bind(9, m.text);
      mark.exec();
      mark.reset();
    }
  }
}

// The kept evaluations of r (table replay_eval, migration 0004).
void write_evaluations(SQLite::Database& db, int64_t id, const Replay& r) {
  SQLite::Statement ev(db,
                       "INSERT INTO replay_eval (replay_id, ply, player, measure, value, loss, glyph, played, best) "
                       "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
  for (const PlyEvaluation& e : r.evaluations) {
    ev.bind(1, id);
    ev.bind(2, e.ply);
    ev.bind(3, e.player);
    ev.bind(4, e.measure);
    ev.bind(5, e.value);
    ev.bind(6, e.loss);
    ev.bind(7, e.glyph);
    ev.bind(8, e.played);
    ev.bind(9, e.best);
    ev.exec();
    ev.reset();
  }
}

// What is wrong with r's kept evaluations ("" when nothing): plies rising within the main
// line, known measures and marks, finite values, a played option.
std::string check_evaluations(const Replay& r) {
  int last = 0;
  for (const PlyEvaluation& e : r.evaluations) {
    const std::string at = "evaluation of ply " + std::to_string(e.ply) + ": ";
    if (e.ply <= last || e.ply > r.log.plies())
      return at + "plies must rise within 1.." + std::to_string(r.log.plies());
    last = e.ply;
    if (e.measure != "margin" && e.measure != "win" && e.measure != "team")
      return at + "unknown measure '" + e.measure + "'";
    if (e.glyph != "" && e.glyph != "?!" && e.glyph != "?" && e.glyph != "??")
      return at + "unknown mark '" + e.glyph + "'";
    if (!std::isfinite(e.value) || !std::isfinite(e.loss)) return at + "the value is not a number";
    if (e.played.empty()) return at + "no played option";
    if (e.player < -1) return at + "bad seat";
  }
  return {};
}

// Binds the metadata columns 1..11 (created .. log) of a replay row.
void bind_row(SQLite::Statement& st, const Replay& r, const std::string& created,
              const std::string& blob) {
  const ReplaySummary c = columns_of(r.log);
  st.bind(1, created);
  st.bind(2, c.rule_set);
  bind_text_or_null(st, 3, c.level);
  st.bind(4, c.players);
  st.bind(5, c.seed);
  st.bind(6, c.result);
  st.bind(7, c.finished ? 1 : 0);
  st.bind(8, c.plies);
  st.bind(9, c.rules_digest);
  st.bind(10, r.pinned);
  st.bind(11, blob.data(), static_cast<int>(blob.size()));
}

// Checks a replay before anything is written.
void check_writable(const Replay& r, const std::string& where) {
  if (auto e = check_shape(r.log); !e.empty()) throw ReplayError(where, -1, e);
  if (auto e = check_tree(r); !e.empty()) throw ReplayError(where, -1, e);
  if (auto e = check_evaluations(r); !e.empty()) throw ReplayError(where, -1, e);
}

int64_t insert_one(SQLite::Database& db, const Replay& r) {
  check_writable(r, "new replay");
  const std::string blob = pack_log(r.log);
  SQLite::Statement st(db,
                       "INSERT INTO replay (created, rule_set, level, players, seed, result, finished, "
                       "plies, rules_digest, pinned, log) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  bind_row(st, r, utc_now(), blob);
  st.exec();
  const int64_t id = db.getLastInsertRowid();
  write_tree(db, id, r);
  write_evaluations(db, id, r);
  return id;
}

ReplaySummary read_summary(SQLite::Statement& q) {
  ReplaySummary s;
  s.id = q.getColumn(0).getInt64();
  s.created = q.getColumn(1).getString();
  s.rule_set = q.getColumn(2).getString();
  s.level = q.getColumn(3).isNull() ? "" : q.getColumn(3).getString();
  s.players = q.getColumn(4).getString();
  s.seed = q.getColumn(5).getString();
  s.result = q.getColumn(6).getString();
  s.finished = q.getColumn(7).getInt() != 0;
  s.plies = q.getColumn(8).getInt();
  s.rules_digest = q.getColumn(9).getString();
  s.pinned = q.getColumn(10).getString();
  return s;
}

constexpr const char* kSummaryColumns =
    "id, created, rule_set, level, players, seed, result, finished, plies, rules_digest, pinned";

}  // namespace

ReplaySummary columns_of(const GameLog& log) {
  ReplaySummary c;
  c.rule_set = log.header.rule_set;
  c.level = log.header.level;
  c.players = players_text(log.header.players);
  c.seed = std::to_string(log.header.seed);
  c.result = log.result;
  c.finished = log.finished;
  c.plies = log.plies();
  c.rules_digest = hex64(log.header.rules_digest);
  return c;
}

std::vector<std::string> column_disagreements(const ReplaySummary& row, const GameLog& log) {
  const ReplaySummary want = columns_of(log);
  std::vector<std::string> out;
  const auto check = [&](const char* column, const std::string& stored, const std::string& logged) {
    if (stored != logged)
      out.push_back(std::string(column) + ": the row says '" + stored + "', its log '" + logged + "'");
  };
  check("rule_set", row.rule_set, want.rule_set);
  check("level", row.level, want.level);
  check("players", row.players, want.players);
  check("seed", row.seed, want.seed);
  check("result", row.result, want.result);
  check("finished", row.finished ? "1" : "0", want.finished ? "1" : "0");
  check("plies", std::to_string(row.plies), std::to_string(want.plies));
  check("rules_digest", row.rules_digest, want.rules_digest);
  return out;
}

std::string utc_now() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

std::string ReplayStore::where(int64_t id) { return "replay " + std::to_string(id); }

ReplayStore::ReplayStore(Store& store) : store_(store) {
  if (store.schema_version() < 2)
    throw StoreError(store.path() + ": schema version " + std::to_string(store.schema_version()) +
                     " has no replay tables; open the database for writing once to upgrade it");
}

int64_t ReplayStore::insert(const Replay& r) { return insert_all({r}).front(); }

std::vector<int64_t> ReplayStore::insert_in_transaction(const std::vector<Replay>& rs) {
  std::vector<int64_t> ids;
  SQLite::Database& db = store_layer::connection(store_);
  for (const Replay& r : rs) ids.push_back(insert_one(db, r));
  // The rules each digest stands for, once per digest, so that a later change of the
  // rules can be named parameter by parameter (rules_pack_for).
  std::set<uint64_t> done;
  for (const Replay& r : rs) {
    const uint64_t d = r.log.header.rules_digest;
    if (!done.insert(d).second) continue;
    const std::string key = "rules:" + hex64(d);
    SQLite::Statement has(db, "SELECT 1 FROM meta WHERE key = ?");
    has.bind(1, key);
    if (has.executeStep()) continue;
    std::string text;
    try {
      const std::string id = r.log.header.level.empty() ? "rule_set:" + r.log.header.rule_set
                                                        : "level:" + r.log.header.level;
      text = pack::pack_text(pack::export_pack(store_, {id}));
    } catch (const StoreError&) {
      continue;  // rules this database does not hold: nothing to keep
    }
    SQLite::Statement put(db, "INSERT INTO meta (key, value) VALUES (?, ?)");
    put.bind(1, key);
    put.bind(2, text);
    put.exec();
  }
  return ids;
}

std::vector<int64_t> ReplayStore::insert_all(const std::vector<Replay>& rs) {
  if (store_.read_only()) throw StoreError(store_.path() + ": opened read-only, cannot store a replay");
  for (const Replay& r : rs) check_writable(r, "new replay");
  std::vector<int64_t> ids;
  try {
    SQLite::Transaction tx(store_layer::connection(store_), SQLite::TransactionBehavior::IMMEDIATE);
    ids = insert_in_transaction(rs);
    tx.commit();
  } catch (const SQLite::Exception& e) {
    throw_if_busy(store_.path(), e);
    throw StoreError(store_.path() + ": cannot store the replay: " + e.what());
  }
  return ids;
}

std::pair<int64_t, bool> ReplayStore::insert_unless_stored(const Replay& r) {
  if (store_.read_only()) throw StoreError(store_.path() + ": opened read-only, cannot store a replay");
  check_writable(r, "new replay");
  try {
    // IMMEDIATE: the write lock is taken before the check, so no other process can store
    // the same game between the check and the insert (it waits for this commit, then
    // finds the game).
    SQLite::Transaction tx(store_layer::connection(store_), SQLite::TransactionBehavior::IMMEDIATE);
    if (const auto existing = same_game(r)) return {*existing, false};  // rolled back: nothing written
    const int64_t id = insert_in_transaction({r}).front();
    tx.commit();
    return {id, true};
  } catch (const SQLite::Exception& e) {
    // Busy (a WAL database another program holds for the whole timeout) as every other
    // write says it: exit 4, not "database is locked" as damage (issue 56, item 7).
    throw_if_storage_failure(store_.path(), e, "the replay was not stored");
    throw StoreError(store_.path() + ": cannot store the replay: " + e.what());
  }
}

std::optional<int64_t> ReplayStore::same_game(const Replay& r) const {
  const ReplaySummary want = columns_of(r.log);
  for (const ReplaySummary& s : list(r.log.header.rule_set)) {
    if (s.plies != want.plies || s.seed != want.seed || s.level != want.level || s.players != want.players)
      continue;
    try {
      const GameLog log = load_log(s.id);
      if (log.decisions == r.log.decisions && log.header.players == r.log.header.players &&
          log.header.draw == r.log.header.draw)
        return s.id;
    } catch (const ReplayError&) {
      continue;  // a damaged replay is no duplicate (verify says more)
    }
  }
  return std::nullopt;
}

void ReplayStore::save(const Replay& r) {
  if (store_.read_only()) throw StoreError(store_.path() + ": opened read-only, cannot save " + where(r.id));
  check_writable(r, where(r.id));
  const std::string blob = pack_log(r.log);
  try {
    SQLite::Database& db = store_layer::connection(store_);
    SQLite::Transaction tx(db, SQLite::TransactionBehavior::IMMEDIATE);
    SQLite::Statement created(db, "SELECT created FROM replay WHERE id = ?");
    created.bind(1, r.id);
    if (!created.executeStep()) throw ReplayError(where(r.id), -1, "no such replay in " + store_.path());
    const std::string when = created.getColumn(0).getString();
    SQLite::Statement up(db,
                         "UPDATE replay SET created = ?, rule_set = ?, level = ?, players = ?, seed = ?, "
                         "result = ?, finished = ?, plies = ?, rules_digest = ?, pinned = ?, log = ? "
                         "WHERE id = ?");
    bind_row(up, r, when, blob);
    up.bind(12, r.id);
    up.exec();
    for (const char* sql : {"DELETE FROM replay_eval WHERE replay_id = ?",
                            "DELETE FROM annotation_marker WHERE replay_id = ?",
                            "DELETE FROM annotation WHERE replay_id = ?",
                            "DELETE FROM replay_variation WHERE replay_id = ?"}) {
      SQLite::Statement del(db, sql);
      del.bind(1, r.id);
      del.exec();
    }
    write_tree(db, r.id, r);
    write_evaluations(db, r.id, r);
    tx.commit();
  } catch (const SQLite::Exception& e) {
    throw_if_busy(store_.path(), e);
    throw StoreError(store_.path() + ": cannot save " + where(r.id) + ": " + e.what());
  }
}

bool ReplayStore::remove(int64_t id) {
  if (store_.read_only()) throw StoreError(store_.path() + ": opened read-only, cannot remove " + where(id));
  try {
    SQLite::Database& db = store_layer::connection(store_);
    SQLite::Transaction tx(db, SQLite::TransactionBehavior::IMMEDIATE);
    SQLite::Statement del(db, "DELETE FROM replay WHERE id = ?");
    del.bind(1, id);
    const int n = del.exec();
    tx.commit();
    return n > 0;
  } catch (const SQLite::Exception& e) {
    throw_if_busy(store_.path(), e);
    throw StoreError(store_.path() + ": cannot remove " + where(id) + ": " + e.what());
  }
}

bool ReplayStore::exists(int64_t id) const { return summary(id).has_value(); }

std::optional<ReplaySummary> ReplayStore::summary(int64_t id) const {
  try {
    SQLite::Statement q(store_layer::connection(store_),
                        std::string("SELECT ") + kSummaryColumns + " FROM replay WHERE id = ?");
    q.bind(1, id);
    if (!q.executeStep()) return std::nullopt;
    return read_summary(q);
  } catch (const SQLite::Exception& e) {
    throw_if_busy(store_.path(), e);
    throw StoreError(store_.path() + ": cannot read " + where(id) + ": " + e.what());
  }
}

std::optional<std::string> ReplayStore::rules_pack(uint64_t digest) const {
  return store_.meta("rules:" + hex64(digest));
}

std::vector<ReplaySummary> ReplayStore::list(const std::string& rule_set) const {
  std::vector<ReplaySummary> out;
  try {
    SQLite::Statement q(store_layer::connection(store_),
                        std::string("SELECT ") + kSummaryColumns +
                            " FROM replay WHERE ?1 = '' OR rule_set = ?1 ORDER BY created DESC, id DESC");
    q.bind(1, rule_set);
    while (q.executeStep()) out.push_back(read_summary(q));
  } catch (const SQLite::Exception& e) {
    throw_if_busy(store_.path(), e);
    throw StoreError(store_.path() + ": cannot list replays: " + e.what());
  }
  return out;
}

GameLog ReplayStore::load_log(int64_t id) const {
  std::string blob;
  try {
    SQLite::Statement q(store_layer::connection(store_), "SELECT log FROM replay WHERE id = ?");
    q.bind(1, id);
    if (!q.executeStep()) throw ReplayError(where(id), -1, "no such replay in " + store_.path());
    const SQLite::Column c = q.getColumn(0);
    if (!c.isBlob()) throw ReplayError(where(id), -1, "the log column holds no blob");
    blob.assign(static_cast<const char*>(c.getBlob()), static_cast<size_t>(c.getBytes()));
  } catch (const SQLite::Exception& e) {
    throw_if_busy(store_.path(), e);
    throw StoreError(store_.path() + ": cannot read " + where(id) + ": " + e.what());
  }
  return unpack_log(blob, where(id));
}

Replay ReplayStore::load(int64_t id) const {
  const std::string w = where(id);
  Replay r = from_log(load_log(id));
  r.id = id;
  FlatTree flat;
  std::vector<PlyEvaluation> evaluations;
  try {
    SQLite::Database& db = store_layer::connection(store_);
    const auto s = summary(id);
    if (!s) throw ReplayError(w, -1, "no such replay in " + store_.path());
    r.created = s->created;
    r.pinned = s->pinned;
    if (s->plies != r.log.plies() || s->rule_set != r.log.header.rule_set ||
        s->rules_digest != hex64(r.log.header.rules_digest))
      throw ReplayError(w, -1, "the row's columns (rule set " + s->rule_set + ", " +
                                   std::to_string(s->plies) + " plies, digest " + s->rules_digest +
                                   ") disagree with its log (rule set " + r.log.header.rule_set + ", " +
                                   std::to_string(r.log.plies()) + " plies, digest " +
                                   hex64(r.log.header.rules_digest) + ")");
    SQLite::Statement vars(db, "SELECT node, idx, moves FROM replay_variation WHERE replay_id = ?");
    vars.bind(1, id);
    while (vars.executeStep())
      flat.variations.push_back({vars.getColumn(0).getString(), vars.getColumn(1).getInt(),
                                 split_moves(vars.getColumn(2).getString())});
    SQLite::Statement notes(db, "SELECT node, comment, glyph FROM annotation WHERE replay_id = ? ORDER BY node");
    notes.bind(1, id);
    SQLite::Statement marks(db,
                            "SELECT kind, x, y, x2, y2, text FROM annotation_marker "
                            "WHERE replay_id = ? AND node = ? ORDER BY idx");
    while (notes.executeStep()) {
      AnnotationRow a;
      a.node = notes.getColumn(0).getString();
      a.note.comment = notes.getColumn(1).getString();
      a.note.glyph = notes.getColumn(2).getString();
      marks.bind(1, id);
      marks.bind(2, a.node);
      while (marks.executeStep()) {
        Marker m;
        const auto kind = parse_marker_kind(marks.getColumn(0).getString());
        if (!kind) throw ReplayError(w, -1, "annotation at " + a.node + ": unknown marker kind");
        m.kind = *kind;
        m.x = marks.getColumn(1).getInt();
        m.y = marks.getColumn(2).getInt();
        m.x2 = marks.getColumn(3).isNull() ? 0 : marks.getColumn(3).getInt();
        m.y2 = marks.getColumn(4).isNull() ? 0 : marks.getColumn(4).getInt();
        m.text = marks.getColumn(5).getString();
        a.note.markers.push_back(std::move(m));
      }
      marks.reset();
      flat.annotations.push_back(std::move(a));
    }
    SQLite::Statement evs(db,
                          "SELECT ply, player, measure, value, loss, glyph, played, best FROM replay_eval "
                          "WHERE replay_id = ? ORDER BY ply");
    evs.bind(1, id);
    while (evs.executeStep()) {
      PlyEvaluation e;
      e.ply = evs.getColumn(0).getInt();
      e.player = evs.getColumn(1).getInt();
      e.measure = evs.getColumn(2).getString();
      e.value = evs.getColumn(3).getDouble();
      e.loss = evs.getColumn(4).getDouble();
      e.glyph = evs.getColumn(5).getString();
      e.played = evs.getColumn(6).getString();
      e.best = evs.getColumn(7).getString();
      evaluations.push_back(std::move(e));
    }
  } catch (const SQLite::Exception& e) {
    throw_if_busy(store_.path(), e);
    throw StoreError(store_.path() + ": cannot read " + w + ": " + e.what());
  }
  if (auto e = unflatten(r, flat); !e.empty()) throw ReplayError(w, -1, e);
  r.evaluations = std::move(evaluations);
  if (auto e = check_tree(r); !e.empty()) throw ReplayError(w, -1, e);
  if (auto e = check_evaluations(r); !e.empty()) throw ReplayError(w, -1, e);
  return r;
}

}  // namespace tw::replay
