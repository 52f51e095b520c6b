#include "doc/edits.h"

#include <sstream>

#include <SQLiteCpp/SQLiteCpp.h>

#include <algorithm>
#include <exception>
#include <map>

namespace twe {
namespace {

std::string g_last_error;

bool fail(EditorContext& ctx, const std::string& what, const std::exception& e) {
  g_last_error = what + ": " + e.what();
  if (ctx.status) ctx.status(g_last_error);
  return false;
}

bool writable(EditorContext& ctx) {
  if (ctx.store && !ctx.store->read_only()) return true;
  g_last_error = "no database is open for writing";
  if (ctx.status) ctx.status(g_last_error);
  return false;
}

bool done(EditorContext& ctx, const std::string& message) {
  g_last_error.clear();
  std::string error;
  if (!reload_content(ctx, &error)) {
    g_last_error = error;
    if (ctx.status) ctx.status(error);
    return true;  // the write happened; the reload problem is shown
  }
  if (ctx.status) ctx.status(message);
  return true;
}

}  // namespace

const std::string& last_edit_error() { return g_last_error; }

bool reload_content(EditorContext& ctx, std::string* error) {
  if (!ctx.store) {
    ctx.content = tw::Content{};
    ctx.notify_content_changed();
    return true;
  }
  try {
    ctx.content = ctx.store->load_content();
  } catch (const std::exception& e) {
    if (error) *error = e.what();
    return false;
  }
  ctx.notify_content_changed();
  return true;
}

// --- tiles ---

SaveTileCommand::SaveTileCommand(EditorContext& ctx, tw::TileType before, tw::TileType after)
    : wxCommand(true, "Edit tile " + wxString::FromUTF8(after.tile_set + "/" + after.id)),
      ctx_(ctx), before_(std::move(before)), after_(std::move(after)) {}

bool SaveTileCommand::write(const tw::TileType& t) {
  if (!writable(ctx_)) return false;
  try {
    ctx_.store->save_tile_type(t);
  } catch (const std::exception& e) {
    return fail(ctx_, "tile " + t.tile_set + "/" + t.id + " not saved", e);
  }
  return done(ctx_, "Saved tile " + t.tile_set + "/" + t.id);
}
bool SaveTileCommand::Do() { return write(after_); }
bool SaveTileCommand::Undo() { return write(before_); }

AddTileCommand::AddTileCommand(EditorContext& ctx, tw::TileType tile)
    : wxCommand(true, "New tile " + wxString::FromUTF8(tile.tile_set + "/" + tile.id)), ctx_(ctx), tile_(std::move(tile)) {}

bool AddTileCommand::Do() {
  if (!writable(ctx_)) return false;
  const std::string name = tile_.tile_set + "/" + tile_.id;
  try {
    if (ctx_.content.find_tile(tile_.tile_set, tile_.id) >= 0)
      throw std::runtime_error("a tile " + name + " exists already");
    if (tile_.id.empty()) throw std::runtime_error("a tile needs an id");
    ctx_.store->save_tile_type(tile_);
  } catch (const std::exception& e) {
    return fail(ctx_, "tile " + name + " not added", e);
  }
  return done(ctx_, "Added tile " + name);
}

bool AddTileCommand::Undo() {
  if (!writable(ctx_)) return false;
  try {
    ctx_.store->delete_tile_type(tile_.tile_set, tile_.id);
  } catch (const std::exception& e) {
    return fail(ctx_, "tile " + tile_.tile_set + "/" + tile_.id + " not removed", e);
  }
  return done(ctx_, "Removed tile " + tile_.tile_set + "/" + tile_.id);
}

// --- rule parameters ---

ParamRows explicit_params(const EditorContext& ctx, const std::string& rule_set) {
  ParamRows rows;
  if (!ctx.store) return rows;
  SQLite::Statement q(ctx.store->database(),
                      "SELECT key, value FROM rule_param WHERE rule_set = ? ORDER BY key");
  q.bind(1, rule_set);
  while (q.executeStep()) rows.emplace_back(q.getColumn(0).getString(), q.getColumn(1).getInt64());
  return rows;
}

SetRuleParamsCommand::SetRuleParamsCommand(EditorContext& ctx, std::string rule_set,
                                           ParamRows after)
    : wxCommand(true, "Set " + wxString::FromUTF8(after.size() == 1 ? after[0].first : "parameters") +
                          " of " + wxString::FromUTF8(rule_set)),
      ctx_(ctx), rule_set_(std::move(rule_set)), after_(std::move(after)) {
  std::map<std::string, int64_t> old;
  for (auto& [k, v] : explicit_params(ctx_, rule_set_)) old[k] = *v;
  for (auto& [k, v] : after_) {
    auto it = old.find(k);
    before_.emplace_back(k, it == old.end() ? std::nullopt : std::optional<int64_t>(it->second));
  }
}

bool SetRuleParamsCommand::write(const ParamRows& rows) {
  if (!writable(ctx_)) return false;
  // Values are checked by the store (save_rule_params); removals are plain deletes.
  std::vector<std::pair<std::string, int64_t>> sets;
  for (auto& [k, v] : rows)
    if (v) sets.emplace_back(k, *v);
  try {
    SQLite::Database& db = ctx_.store->database();
    if (!sets.empty()) ctx_.store->save_rule_params(rule_set_, sets);
    SQLite::Transaction tx(db);
    for (auto& [k, v] : rows) {
      if (v) continue;
      SQLite::Statement del(db, "DELETE FROM rule_param WHERE rule_set = ? AND key = ?");
      del.bind(1, rule_set_);
      del.bind(2, k);
      del.exec();
    }
    tx.commit();
  } catch (const std::exception& e) {
    return fail(ctx_, "rule set " + rule_set_ + " not changed", e);
  }
  return done(ctx_, "Saved rule set " + rule_set_);
}
bool SetRuleParamsCommand::Do() { return write(after_); }
bool SetRuleParamsCommand::Undo() { return write(before_); }

// --- clone ---

CloneRuleSetCommand::CloneRuleSetCommand(EditorContext& ctx, std::string source, std::string new_id,
                                         std::string new_name)
    : wxCommand(true, "Clone rule set " + wxString::FromUTF8(source)), ctx_(ctx),
      source_(std::move(source)), new_id_(std::move(new_id)), new_name_(std::move(new_name)) {}

bool CloneRuleSetCommand::Do() {
  if (!writable(ctx_)) return false;
  try {
    SQLite::Database& db = ctx_.store->database();
    SQLite::Transaction tx(db);
    SQLite::Statement ins(db,
                          "INSERT INTO rule_set (id, name, system, parent, start_tile_set, start_tile, "
                          "description) SELECT ?, ?, system, parent, start_tile_set, start_tile, "
                          "description FROM rule_set WHERE id = ?");
    ins.bind(1, new_id_);
    ins.bind(2, new_name_);
    ins.bind(3, source_);
    if (ins.exec() != 1) throw std::runtime_error("no rule set '" + source_ + "'");
    SQLite::Statement params(db,
                             "INSERT INTO rule_param (rule_set, key, value) SELECT ?, key, value "
                             "FROM rule_param WHERE rule_set = ?");
    params.bind(1, new_id_);
    params.bind(2, source_);
    params.exec();
    SQLite::Statement pool(db,
                           "INSERT INTO rule_set_pool (rule_set, tile_set, tile_id, count) "
                           "SELECT ?, tile_set, tile_id, count FROM rule_set_pool WHERE rule_set = ?");
    pool.bind(1, new_id_);
    pool.bind(2, source_);
    pool.exec();
    tx.commit();
  } catch (const std::exception& e) {
    return fail(ctx_, "rule set " + new_id_ + " not created", e);
  }
  return done(ctx_, "Created rule set " + new_id_ + " from " + source_);
}

bool CloneRuleSetCommand::Undo() {
  if (!writable(ctx_)) return false;
  try {
    SQLite::Database& db = ctx_.store->database();
    SQLite::Transaction tx(db);
    for (const char* sql : {"DELETE FROM rule_param WHERE rule_set = ?",
                            "DELETE FROM rule_set_pool WHERE rule_set = ?",
                            "DELETE FROM rule_set WHERE id = ?"}) {
      SQLite::Statement del(db, sql);
      del.bind(1, new_id_);
      del.exec();
    }
    tx.commit();
  } catch (const std::exception& e) {
    return fail(ctx_, "rule set " + new_id_ + " not removed", e);
  }
  return done(ctx_, "Removed rule set " + new_id_);
}

// --- pool ---

SetPoolCountCommand::SetPoolCountCommand(EditorContext& ctx, std::string rule_set, std::string tile_set,
                                         std::string tile_id, int count)
    : wxCommand(true, "Set count of " + wxString::FromUTF8(tile_id) + " in " + wxString::FromUTF8(rule_set)),
      ctx_(ctx), rule_set_(std::move(rule_set)), tile_set_(std::move(tile_set)),
      tile_id_(std::move(tile_id)), after_(count) {
  if (ctx_.store) {
    SQLite::Statement q(ctx_.store->database(),
                        "SELECT count FROM rule_set_pool WHERE rule_set = ? AND tile_set = ? AND tile_id = ?");
    q.bind(1, rule_set_);
    q.bind(2, tile_set_);
    q.bind(3, tile_id_);
    if (q.executeStep()) before_ = q.getColumn(0).getInt();
  }
}

bool SetPoolCountCommand::write(int count) {
  if (!writable(ctx_)) return false;
  try {
    SQLite::Database& db = ctx_.store->database();
    SQLite::Transaction tx(db);
    SQLite::Statement st(db, count > 0
                                 ? "INSERT OR REPLACE INTO rule_set_pool (rule_set, tile_set, tile_id, count) "
                                   "VALUES (?, ?, ?, ?)"
                                 : "DELETE FROM rule_set_pool WHERE rule_set = ? AND tile_set = ? AND tile_id = ?");
    st.bind(1, rule_set_);
    st.bind(2, tile_set_);
    st.bind(3, tile_id_);
    if (count > 0) st.bind(4, count);
    st.exec();
    tx.commit();
  } catch (const std::exception& e) {
    return fail(ctx_, "pool of " + rule_set_ + " not changed", e);
  }
  return done(ctx_, "Pool of " + rule_set_ + ": " + tile_id_ + " x" + std::to_string(count));
}
bool SetPoolCountCommand::Do() { return write(after_); }
bool SetPoolCountCommand::Undo() { return write(before_); }

// --- levels ---

CloneLevelCommand::CloneLevelCommand(EditorContext& ctx, std::string source, std::string new_id, std::string new_name)
    : wxCommand(true, "Clone level " + wxString::FromUTF8(source)),
      ctx_(ctx), source_(std::move(source)), new_id_(std::move(new_id)), new_name_(std::move(new_name)) {}

bool CloneLevelCommand::Do() {
  if (!writable(ctx_)) return false;
  try {
    const tw::Content c = ctx_.store->load_content();
    const tw::Level* from = c.find_level(source_);
    if (!from) throw std::runtime_error("no level '" + source_ + "'");
    if (c.find_level(new_id_)) throw std::runtime_error("a level '" + new_id_ + "' exists already");
    tw::Level copy = *from;
    copy.id = new_id_;
    copy.name = new_name_;
    copy.position = from->position;
    for (const auto& l : c.levels) copy.position = std::max(copy.position, l.position + 1);
    ctx_.store->save_level(copy);
  } catch (const std::exception& e) {
    return fail(ctx_, "level " + source_ + " not cloned", e);
  }
  return done(ctx_, "Cloned level " + source_ + " as " + new_id_);
}

bool CloneLevelCommand::Undo() {
  if (!writable(ctx_)) return false;
  try {
    ctx_.store->delete_level(new_id_);
  } catch (const std::exception& e) {
    return fail(ctx_, "level " + new_id_ + " not removed", e);
  }
  return done(ctx_, "Removed level " + new_id_);
}

std::vector<tw::LevelFollowers> parse_level_followers(const std::string& text) {
  std::vector<tw::LevelFollowers> out;
  std::string item;
  std::istringstream in(text);
  while (std::getline(in, item, ';')) {
    const auto first = item.find_first_not_of(" \t");
    if (first == std::string::npos) continue;
    item = item.substr(first, item.find_last_not_of(" \t") - first + 1);
    int players = 0, colours = 0, per = 0;
    char p = 0, colon = 0, x = 0;
    std::istringstream one(item);
    if (!(one >> players >> p >> colon >> colours >> x >> per) || p != 'p' || colon != ':' || x != 'x' ||
        !(one >> std::ws).eof())
      throw std::runtime_error("followers: '" + item + "' is not 'Np: CxF' (N players, C colours each, F followers of each)");
    if (players < 1 || players > 6 || colours < 1 || colours > 6 || per < 0 || per > 30)
      throw std::runtime_error("followers: '" + item + "': players 1..6, colours 1..6, followers 0..30");
    for (const auto& r : out)
      if (r.players == players) throw std::runtime_error("followers: " + std::to_string(players) + " players given twice");
    out.push_back({players, colours, per});
  }
  if (out.empty()) throw std::runtime_error("followers: at least one seat count, e.g. '2p: 2x3'");
  return out;
}

std::string level_followers_text(SQLite::Database& db, const std::string& level) {
  std::string f;
  try {
    SQLite::Statement q(db, "SELECT players, colours, per_colour FROM level_followers WHERE level = ? ORDER BY players");
    q.bind(1, level);
    while (q.executeStep())
      f += (f.empty() ? "" : "; ") + std::to_string(q.getColumn(0).getInt()) + "p: " +
           std::to_string(q.getColumn(1).getInt()) + "x" + std::to_string(q.getColumn(2).getInt());
  } catch (const std::exception&) {
    // No such table: nothing to undo to.
  }
  return f;
}

const std::vector<LevelColumn>& level_columns() {
  static const std::vector<LevelColumn> cols = {
      {"name", false, "the level's name"},
      {"position", true, "order in lists"},
      {"exclude_kinds", false, "kinds whose tiles stay in the box, e.g. 'castle cemetery'"},
      {"ghost_bank", true, "ghosts in the bank at the start (0..200)"},
      {"stacks", true, "the pile is split into this many stacks (1..10)"},
      {"dogs", false, "dog thresholds, one per stack but the last, increasing: '15 50'"},
      {"target", true, "the score that wins (1..10000)"},
      {"cemetery", false, "none, plain or haunted"},
      {"scoring", false, "shared or per_colour"},
      {"score_markers", true, "per colour scoring: markers on the track (0..6)"},
      {"marker_from_supply", true, "1: each marker is one of the player's followers"},
      {"description", false, "text for players"},
  };
  return cols;
}

SetLevelFieldCommand::SetLevelFieldCommand(EditorContext& ctx, std::string level, std::string column,
                                           std::string value)
    : wxCommand(true, "Set " + wxString::FromUTF8(column) + " of level " + wxString::FromUTF8(level)),
      ctx_(ctx), level_(std::move(level)), column_(std::move(column)), after_(std::move(value)) {
  for (const auto& c : level_columns())
    if (column_ == c.name) integer_ = c.integer;
  if (ctx_.store && column_ == "followers") {
    before_ = level_followers_text(ctx_.store->database(), level_);
  } else if (ctx_.store) {
    try {
      SQLite::Statement q(ctx_.store->database(), "SELECT " + column_ + " FROM level WHERE id = ?");
      q.bind(1, level_);
      if (q.executeStep()) before_ = q.getColumn(0).getString();
    } catch (const std::exception&) {
      // An unknown column: Do() reports it.
    }
  }
}

bool SetLevelFieldCommand::write(const std::string& value) {
  if (!writable(ctx_)) return false;
  if (column_ == "followers") {
    // "1p: 4x3; 2p: 2x3; 3p: 1x5": the level_followers rows, replaced as a whole.
    try {
      const auto rows = parse_level_followers(value);
      SQLite::Database& db = ctx_.store->database();
      SQLite::Transaction tx(db);
      SQLite::Statement del(db, "DELETE FROM level_followers WHERE level = ?");
      del.bind(1, level_);
      del.exec();
      SQLite::Statement ins(db, "INSERT INTO level_followers (level, players, colours, per_colour) VALUES (?, ?, ?, ?)");
      for (const auto& r : rows) {
        ins.reset();
        ins.bind(1, level_);
        ins.bind(2, r.players);
        ins.bind(3, r.colours);
        ins.bind(4, r.per_colour);
        ins.exec();
      }
      (void)ctx_.store->load_content();  // the loader's checks, before anything is kept
      tx.commit();
    } catch (const std::exception& e) {
      return fail(ctx_, "level " + level_ + " not changed", e);
    }
    return done(ctx_, "Saved the followers of level " + level_);
  }
  bool known = false;
  for (const auto& c : level_columns()) known = known || column_ == c.name;
  if (!known) {
    g_last_error = "level " + level_ + ": no editable column '" + column_ + "'";
    if (ctx_.status) ctx_.status(g_last_error);
    return false;
  }
  try {
    SQLite::Database& db = ctx_.store->database();
    SQLite::Transaction tx(db);
    SQLite::Statement up(db, "UPDATE level SET " + column_ + " = ? WHERE id = ?");
    if (integer_) {
      size_t used = 0;
      long long v = 0;
      try {
        v = std::stoll(value, &used);
      } catch (const std::exception&) {
        used = 0;
      }
      if (used == 0 || used != value.size())
        throw std::runtime_error("level " + level_ + " column " + column_ + ": '" + value + "' is not a whole number");
      up.bind(1, static_cast<int64_t>(v));
    } else {
      up.bind(1, value);
    }
    up.bind(2, level_);
    if (up.exec() != 1) throw std::runtime_error("no level '" + level_ + "'");
    (void)ctx_.store->load_content();  // the loader's checks, before anything is kept
    tx.commit();
  } catch (const std::exception& e) {
    // Name the value typed and what was expected, in the loader's words; the schema's
    // CHECK constraints ("CHECK constraint failed: ghost_bank BETWEEN 0 AND 200") too.
    std::string why = e.what();
    const std::string check = "CHECK constraint failed: ";
    if (const size_t at = why.find(check); at != std::string::npos) {
      std::string rule = why.substr(at + check.size());
      // "NAME BETWEEN LO AND HI" -> "LO..HI" (read by hand: std::regex trips GCC 12's
      // -Wmaybe-uninitialized under the sanitizers).
      const auto number_at = [&](size_t from, size_t* end) {
        size_t i = from;
        if (i < rule.size() && rule[i] == '-') ++i;
        const size_t digits = i;
        while (i < rule.size() && rule[i] >= '0' && rule[i] <= '9') ++i;
        *end = i;
        return i > digits ? rule.substr(from, i - from) : std::string();
      };
      if (const size_t b = rule.find(" BETWEEN "); b != std::string::npos) {
        size_t lo_end = 0, hi_end = 0;
        const std::string lo = number_at(b + 9, &lo_end);
        const bool and_follows = rule.compare(lo_end, 5, " AND ") == 0;
        const std::string hi = and_follows ? number_at(lo_end + 5, &hi_end) : std::string();
        if (!lo.empty() && !hi.empty()) rule = lo + ".." + hi;
      }
      why = "expected " + rule;
    }
    g_last_error = "level " + level_ + ", column " + column_ + ", value '" + value + "': " + why;
    if (why.find(value) != std::string::npos && why.find(column_) != std::string::npos) {
      g_last_error = "level " + level_ + " not changed: " + why;
      if (why.find("value") == std::string::npos) g_last_error += " (value typed: '" + value + "')";
    }
    if (ctx_.status) ctx_.status(g_last_error);
    return false;
  }
  return done(ctx_, "Saved level " + level_);
}
bool SetLevelFieldCommand::Do() { return write(after_); }
bool SetLevelFieldCommand::Undo() { return write(before_); }

}  // namespace twe
