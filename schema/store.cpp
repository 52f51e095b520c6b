#include "schema/store.h"

#include <charconv>
#include <cstring>

#include <SQLiteCpp/SQLiteCpp.h>
#include <fcntl.h>
#include <sqlite3.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <tuple>

#include "engine/rules/level_columns.h"
#include "engine/text.h"
#include "schema/migrations.h"

namespace tw {

namespace {

std::string join_lines(const std::string& source, const std::vector<ContentError>& errors) {
  std::string out;
  for (const auto& e : errors) {
    if (!out.empty()) out += '\n';
    out += format_error(source, e);
  }
  return out;
}

// ---------------------------------------------------------------------------------------
// Reading rows defensively: STRICT tables may be bypassed (a tampered file, an older
// SQLite), so every value's type is checked before it is used.

std::string describe(const SQLite::Column& c) {
  switch (c.getType()) {
    case SQLITE_NULL: return "NULL";
    case SQLITE_INTEGER: return std::to_string(c.getInt64());
    case SQLITE_FLOAT: return c.getText();
    case SQLITE_BLOB: return "<blob of " + std::to_string(c.getBytes()) + " bytes>";
    default: return c.getString();
  }
}

std::string type_name(int type) {
  switch (type) {
    case SQLITE_NULL: return "NULL";
    case SQLITE_INTEGER: return "an integer";
    case SQLITE_FLOAT: return "a real number";
    case SQLITE_BLOB: return "a blob";
    default: return "text";
  }
}

// A reported value: at most kMaxShownValue bytes of it, cut at a character boundary with
// its full size noted, as format_error shows it (text::printable cuts at the same length).
constexpr size_t kMaxShownValue = 80;
std::string clip_value(const std::string& v) {
  if (v.size() <= kMaxShownValue) return v;
  size_t cut = kMaxShownValue;
  while (cut > 0 && (static_cast<unsigned char>(v[cut]) & 0xc0) == 0x80) --cut;
  return v.substr(0, cut) + "... (" + std::to_string(v.size()) + " bytes)";
}

// "" when `s` is UTF-8 without control characters (but line breaks and tabs where
// `lines`), else what is wrong: ids and names reach terminals, pages and records, where a
// control character is an escape sequence (issue 56, item 4).
std::string text_fault(std::string_view s, bool lines) {
  for (size_t i = 0; i < s.size();) {
    const size_t n = text::utf8_sequence_length(s, i);
    if (n == 0)
      return "UTF-8 text; byte " + text::printable(s.substr(i, 1)) + " at byte " + std::to_string(i) +
             " is not UTF-8";
    const auto b = static_cast<unsigned char>(s[i]);
    const bool c0 = n == 1 && (b < 0x20 || b == 0x7f) && !(lines && (b == '\n' || b == '\t'));
    const bool c1 = n == 2 && b == 0xc2 && static_cast<unsigned char>(s[i + 1]) < 0xa0;
    if (c0 || c1)
      return std::string("text without control characters") + (lines ? " (line breaks and tabs allowed)" : "") +
             "; control character " + text::printable(s.substr(i, n)) + " at byte " + std::to_string(i);
    i += n;
  }
  return {};
}

// Reads the columns of the current row of a statement, appending a ContentError for
// every value of the wrong type or out of range.
class RowReader {
 public:
  RowReader(SQLite::Statement& st, std::string table, std::vector<ContentError>& errors)
      : st_(st), table_(std::move(table)), errors_(errors) {}

  void set_row(std::string row) { row_ = std::move(row); }
  const std::string& row() const { return row_; }
  std::string describe_col(int col) const { return describe(st_.getColumn(col)); }

  // The value is kept to its first kMaxShownValue bytes (a 100 KB cell reported a
  // thousand times must not take a thousand copies of itself): every check's report is
  // bounded by the size of its input.
  void error(const std::string& column, const std::string& value, const std::string& message) {
    errors_.push_back({table_, row_, column, clip_value(value), message});
  }

  // TEXT (NULL allowed only when `nullable`, read as ""). nullopt = reported problem.
  std::optional<std::string> text(int col, const std::string& column, bool nullable = false,
                                  bool non_empty = false) {
    const SQLite::Column c = st_.getColumn(col);
    if (c.getType() == SQLITE_NULL && nullable) return std::string();
    if (c.getType() != SQLITE_TEXT) {
      error(column, describe(c),
            std::string(nullable ? "text or NULL" : "text") + ", not " + type_name(c.getType()));
      return std::nullopt;
    }
    std::string s = c.getString();
    const bool lines = column == "description" || column == "note";
    if (const std::string fault = text_fault(s, lines); !fault.empty()) {
      error(column, s, fault);
      return std::nullopt;
    }
    if (non_empty && s.empty()) {
      error(column, s, "a non-empty text");
      return std::nullopt;
    }
    return s;
  }

  std::optional<int64_t> integer(int col, const std::string& column, int64_t lo, int64_t hi) {
    const SQLite::Column c = st_.getColumn(col);
    const std::string range = std::to_string(lo) + ".." + std::to_string(hi);
    if (c.getType() != SQLITE_INTEGER) {
      error(column, describe(c), "an integer in " + range + ", not " + type_name(c.getType()));
      return std::nullopt;
    }
    const int64_t v = c.getInt64();
    if (v < lo || v > hi) {
      error(column, std::to_string(v), "an integer in " + range);
      return std::nullopt;
    }
    return v;
  }

  // A text key column: when its type is wrong the row is named by rowid.
  std::optional<std::string> key(int col, const std::string& column) {
    const SQLite::Column c = st_.getColumn(col);
    if (c.getType() != SQLITE_TEXT) {
      error(column, describe(c), "text, not " + type_name(c.getType()));
      return std::nullopt;
    }
    std::string s = c.getString();
    if (const std::string fault = text_fault(s, false); !fault.empty()) {
      error(column, s, fault);
      return std::nullopt;
    }
    return s;
  }

 private:
  SQLite::Statement& st_;
  std::string table_;
  std::vector<ContentError>& errors_;
  std::string row_;
};

std::string all_port_names() {
  std::string s;
  for (auto n : kPortNames) {
    if (!s.empty()) s += ' ';
    s += n;
  }
  return s;
}

// What an unknown parameter key was likely meant to be: the closest known key, else
// the list of them all.
std::string param_keys(const std::string& key) {
  std::vector<std::string> keys;
  for (const auto& p : rule_param_specs()) keys.emplace_back(p.key);
  if (auto c = text::closest(key, keys); !c.empty()) return "did you mean '" + c + "'?";
  return text::joined(keys);
}

// (the limits: engine/limits.h)

std::vector<Terrain> load_terrains(SQLite::Database& db, std::vector<ContentError>& errors) {
  std::vector<Terrain> out;
  std::map<std::string, uint8_t> groups;
  SQLite::Statement st(db, "SELECT rowid, id, kind, match, colour FROM terrain ORDER BY rowid");
  RowReader r(st, "terrain", errors);
  while (st.executeStep()) {
    r.set_row("rowid " + r.describe_col(0));
    auto id = r.key(1, "id");
    if (!id) continue;
    r.set_row(*id);
    Terrain t;
    t.id = *id;
    if (auto kind = r.text(2, "kind")) {
      if (auto k = parse_kind(*kind))
        t.kind = *k;
      else
        r.error("kind", *kind,
                "one of city, road, field, monastery, castle, cemetery, lowland, mountain, "
                "water");
    }
    if (auto match = r.text(3, "match", false, true)) {
      t.match = *match;
      auto it = groups.find(*match);
      if (it != groups.end()) {
        t.match_group = it->second;
      } else if (groups.size() >= static_cast<size_t>(kMaxMatchGroups)) {
        r.error("match", *match,
                "at most " + std::to_string(kMaxMatchGroups) + " distinct match groups");
      } else {
        t.match_group = static_cast<uint8_t>(groups.size() + 1);
        groups.emplace(*match, t.match_group);
      }
    }
    if (auto colour = r.text(4, "colour")) {
      const bool ok = colour->size() == 7 && (*colour)[0] == '#' &&
                      std::all_of(colour->begin() + 1, colour->end(), [](char ch) {
                        return (ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'f') ||
                               (ch >= 'A' && ch <= 'F');
                      });
      if (ok)
        t.colour = *colour;
      else
        r.error("colour", *colour, "a colour written #rrggbb");
    }
    if (out.size() >= static_cast<size_t>(kMaxTerrains)) {
      r.error("id", *id, "at most " + std::to_string(kMaxTerrains) + " terrains");
      continue;
    }
    out.push_back(std::move(t));
  }
  return out;
}

std::optional<size_t> find_terrain_index(const std::vector<Terrain>& ts, const std::string& id) {
  for (size_t i = 0; i < ts.size(); ++i)
    if (ts[i].id == id) return i;
  return std::nullopt;
}

// Parses `ports` into a mask; problems are reported through r, each kind once (the
// first unknown name, every repeated port named once), so a cell of any length gives at
// most a handful of errors.
uint16_t parse_ports(RowReader& r, const std::string& text) {
  uint16_t mask = 0, repeated = 0;
  size_t unknown = 0;
  std::string first_unknown;
  for (const auto& w : text::words(text)) {
    auto p = parse_port(w);
    if (!p) {
      if (unknown++ == 0) first_unknown = w;
      continue;
    }
    const auto bit = static_cast<uint16_t>(1u << *p);
    if (mask & bit) repeated = static_cast<uint16_t>(repeated | bit);
    mask = static_cast<uint16_t>(mask | bit);
  }
  if (unknown)
    r.error("ports", text,
            "unknown port name '" + text::printable(first_unknown, 40) + "'" +
                (unknown > 1 ? " (and " + std::to_string(unknown - 1) + " more unknown)" : "") +
                "; ports are " + all_port_names());
  if (repeated)
    r.error("ports", text, "port" + std::string(std::popcount(repeated) > 1 ? "s " : " ") +
                               ports_text(repeated) + (std::popcount(repeated) > 1 ? " are" : " is") +
                               " listed more than once");
  return mask;
}

std::vector<uint8_t> parse_touches(RowReader& r, const std::string& text) {
  std::vector<uint8_t> out;
  // At most kShown problems a cell, then one line saying how many more: a long cell
  // gives a bounded report.
  constexpr int kShown = 8;
  int reported = 0, more = 0;
  const auto problem = [&](const std::string& message) {
    if (reported < kShown) {
      r.error("touches", text, message);
      ++reported;
    } else {
      ++more;
    }
  };
  for (const auto& w : text::words(text)) {
    const bool digits = w.size() <= 2 && std::all_of(w.begin(), w.end(), [](char ch) {
      return ch >= '0' && ch <= '9';
    });
    const int v = digits ? std::stoi(w) : -1;
    if (v < 0 || v > 31) {
      problem("space-separated segment indices 0..31, not '" + text::printable(w, 40) + "'");
      continue;
    }
    if (std::find(out.begin(), out.end(), v) != out.end()) {
      problem("segment " + w + " is listed twice");
      continue;
    }
    out.push_back(static_cast<uint8_t>(v));
  }
  if (more) r.error("touches", text, "and " + std::to_string(more) + " more problems in the same cell");
  return out;
}

using TileKey = std::pair<std::string, std::string>;

// `only`: that one tile type's rows (the tile_set table is not read), for a refresh.
void load_tiles(SQLite::Database& db, Content& c, std::vector<ContentError>& errors,
                const TileKey* only = nullptr) {
  if (!only) {
    SQLite::Statement st(db, "SELECT rowid, id, name, source, confidence FROM tile_set ORDER BY rowid");
    RowReader r(st, "tile_set", errors);
    while (st.executeStep()) {
      r.set_row("rowid " + r.describe_col(0));
      auto id = r.key(1, "id");
      if (!id) continue;
      r.set_row(*id);
      r.text(2, "name");
      r.text(3, "source", true);
      r.text(4, "confidence", true);
    }
  }
  std::map<TileKey, size_t> index;
  {
    SQLite::Statement st(db,
                         "SELECT t.rowid, t.tile_set, t.id, t.count, t.reconstructed, "
                         "t.ghost_symbols, t.note, s.rowid, t.piece, t.piece_x, t.piece_y "
                         "FROM tile_type t "
                         "LEFT JOIN tile_set s ON s.id = t.tile_set " +
                             std::string(only ? "WHERE t.tile_set = ? AND t.id = ? " : "") +
                             "ORDER BY s.rowid IS NULL, s.rowid, t.rowid");
    if (only) {
      st.bind(1, only->first);
      st.bind(2, only->second);
    }
    RowReader r(st, "tile_type", errors);
    while (st.executeStep()) {
      r.set_row("rowid " + r.describe_col(0));
      auto set = r.key(1, "tile_set");
      auto id = r.key(2, "id");
      if (!set || !id) continue;
      r.set_row(*set + "/" + *id);
      if (st.getColumn(7).isNull())
        r.error("tile_set", *set, "the id of an existing tile_set");
      TileType t;
      t.tile_set = *set;
      t.id = *id;
      if (auto v = r.integer(3, "count", 0, kMaxPoolCount)) t.count = static_cast<int>(*v);
      if (auto v = r.integer(4, "reconstructed", 0, 1)) t.reconstructed = *v == 1;
      if (auto v = r.integer(5, "ghost_symbols", 0, 9)) t.symbols = static_cast<int>(*v);
      if (auto v = r.text(6, "note")) t.note = *v;
      if (auto v = r.text(8, "piece")) t.piece = *v;
      if (auto v = r.integer(9, "piece_x", 0, 3)) t.piece_x = static_cast<int>(*v);
      if (auto v = r.integer(10, "piece_y", 0, 3)) t.piece_y = static_cast<int>(*v);
      if (!index.emplace(TileKey{*set, *id}, c.tiles.size()).second) {
        r.error("id", *id, "a tile id unique within its tile set");
        continue;
      }
      c.tiles.push_back(std::move(t));
    }
  }
  // Segments: grouped per tile, in idx order; idx must run 0..n-1.
  std::vector<int64_t> next_idx(c.tiles.size(), 0);
  SQLite::Statement st(db,
                       "SELECT rowid, tile_set, tile_id, idx, terrain, ports, shields, fogged, "
                       "touches, mark FROM tile_segment " +
                           std::string(only ? "WHERE tile_set = ? AND tile_id = ? " : "") +
                           "ORDER BY tile_set, tile_id, idx, rowid");
  if (only) {
    st.bind(1, only->first);
    st.bind(2, only->second);
  }
  RowReader r(st, "tile_segment", errors);
  while (st.executeStep()) {
    r.set_row("rowid " + r.describe_col(0));
    auto set = r.key(1, "tile_set");
    auto id = r.key(2, "tile_id");
    if (!set || !id) continue;
    r.set_row(*set + "/" + *id + "#" + r.describe_col(3));
    auto it = index.find({*set, *id});
    if (it == index.end()) {
      r.error("tile_id", *set + "/" + *id, "a tile type of tile_type");
      continue;
    }
    auto idx = r.integer(3, "idx", 0, kMaxSegments - 1);
    if (!idx) continue;
    TileType& t = c.tiles[it->second];
    int64_t& expected = next_idx[it->second];
    if (*idx != expected)
      r.error("idx", std::to_string(*idx),
              "segment numbers run 0..n-1 per tile without gaps; expected " +
                  std::to_string(expected));
    expected = *idx + 1;
    Segment s;
    s.terrain = UINT8_MAX;
    if (auto terrain = r.text(4, "terrain")) {
      if (auto ti = find_terrain_index(c.terrains, *terrain)) {
        s.terrain = static_cast<uint8_t>(*ti);
        s.kind = c.terrains[*ti].kind;
      } else {
        r.error("terrain", *terrain, "the id of a terrain");
      }
    }
    if (auto ports = r.text(5, "ports")) s.ports = parse_ports(r, *ports);
    if (auto v = r.integer(6, "shields", 0, 9)) s.shields = static_cast<uint8_t>(*v);
    if (auto v = r.integer(7, "fogged", 0, 1)) s.covered = *v == 1;
    if (auto touches = r.text(8, "touches")) s.touches = parse_touches(r, *touches);
    if (auto v = r.integer(9, "mark", 0, 1)) s.mark = *v == 1;
    t.segments.push_back(std::move(s));
  }
}

struct OwnParams {
  std::vector<std::pair<const ParamSpec*, int64_t>> values;  // rowid order
};

void load_rule_sets(SQLite::Database& db, Content& c, std::vector<ContentError>& errors) {
  std::map<std::string, size_t> index;
  {
    SQLite::Statement st(db,
                         "SELECT rowid, id, name, system, parent, start_tile_set, start_tile, "
                         "description FROM rule_set ORDER BY rowid");
    RowReader r(st, "rule_set", errors);
    while (st.executeStep()) {
      r.set_row("rowid " + r.describe_col(0));
      auto id = r.key(1, "id");
      if (!id) continue;
      r.set_row(*id);
      RuleSet rs;
      rs.id = *id;
      if (auto v = r.text(2, "name")) rs.name = *v;
      if (auto v = r.text(3, "system")) {
        if (auto sys = parse_system(*v))
          rs.system = *sys;
        else
          r.error("system", *v, "one of base, gcc, mists, discovery");
      }
      if (auto v = r.text(4, "parent", true)) rs.parent = *v;
      auto set = r.text(5, "start_tile_set");
      auto tile = r.text(6, "start_tile");
      if (set && tile) {
        rs.start_tile = c.find_tile(*set, *tile);
        if (rs.start_tile < 0)
          r.error("start_tile", *set + "/" + *tile, "an existing tile type (tile_set/id)");
      }
      if (auto v = r.text(7, "description")) rs.description = *v;
      if (!index.emplace(*id, c.rule_sets.size()).second) {
        r.error("id", *id, "a unique rule set id");
        continue;
      }
      c.rule_sets.push_back(std::move(rs));
    }
  }
  const size_t n = c.rule_sets.size();

  // Own pools and params.
  std::vector<std::vector<PoolEntry>> pools(n);
  {
    SQLite::Statement st(db,
                         "SELECT rowid, rule_set, tile_set, tile_id, count FROM rule_set_pool "
                         "ORDER BY rowid");
    RowReader r(st, "rule_set_pool", errors);
    while (st.executeStep()) {
      r.set_row("rowid " + r.describe_col(0));
      auto rs = r.key(1, "rule_set");
      auto set = r.key(2, "tile_set");
      auto tile = r.key(3, "tile_id");
      if (!rs || !set || !tile) continue;
      r.set_row(*rs + "/" + *set + "/" + *tile);
      auto count = r.integer(4, "count", 0, kMaxPoolCount);
      auto it = index.find(*rs);
      if (it == index.end()) {
        r.error("rule_set", *rs, "the id of a rule set");
        continue;
      }
      const int ti = c.find_tile(*set, *tile);
      if (ti < 0) {
        r.error("tile_id", *set + "/" + *tile, "an existing tile type (tile_set/id)");
        continue;
      }
      auto& pool = pools[it->second];
      if (std::any_of(pool.begin(), pool.end(), [&](const PoolEntry& e) { return e.tile == ti; })) {
        r.error("tile_id", *set + "/" + *tile, "each tile type once per pool");
        continue;
      }
      if (count) pool.push_back({ti, static_cast<int>(*count)});
    }
  }
  std::vector<OwnParams> params(n);
  {
    SQLite::Statement st(db, "SELECT rowid, rule_set, key, value FROM rule_param ORDER BY rowid");
    RowReader r(st, "rule_param", errors);
    while (st.executeStep()) {
      r.set_row("rowid " + r.describe_col(0));
      auto rs = r.key(1, "rule_set");
      auto key = r.key(2, "key");
      if (!rs || !key) continue;
      r.set_row(*rs + "/" + *key);
      auto it = index.find(*rs);
      if (it == index.end()) {
        r.error("rule_set", *rs, "the id of a rule set");
        continue;
      }
      const ParamSpec* spec = find_param(*key);
      if (!spec) {
        r.error("key", *key, "a known parameter; " + param_keys(*key));
        continue;
      }
      if (auto v = r.integer(3, "value", spec->min, spec->max))
        params[it->second].values.emplace_back(spec, *v);
    }
  }

  // Parents: unknown ids and loops are errors; a loop is reported once, on its first
  // member in rowid order.
  std::vector<int> parent(n, -1);
  for (size_t i = 0; i < n; ++i) {
    const auto& p = c.rule_sets[i].parent;
    if (p.empty()) continue;
    auto it = index.find(p);
    if (it == index.end())
      errors.push_back({"rule_set", c.rule_sets[i].id, "parent", p, "the id of a rule set"});
    else
      parent[i] = static_cast<int>(it->second);
  }
  std::vector<int> state(n, 0);  // 0 unseen, 1 on the current path, 2 done
  std::vector<bool> looped(n, false);
  for (size_t i = 0; i < n; ++i) {
    std::vector<int> path;
    int j = static_cast<int>(i);
    while (j >= 0 && state[j] == 0) {
      state[j] = 1;
      path.push_back(j);
      j = parent[j];
    }
    if (j >= 0 && state[j] == 1) {
      auto from = std::find(path.begin(), path.end(), j);
      std::vector<int> loop(from, path.end());
      const int first = *std::min_element(loop.begin(), loop.end());
      std::string chain;
      auto start = std::find(loop.begin(), loop.end(), first);
      std::rotate(loop.begin(), start, loop.end());
      for (int k : loop) chain += c.rule_sets[k].id + " -> ";
      chain += c.rule_sets[first].id;
      errors.push_back({"rule_set", c.rule_sets[first].id, "parent", c.rule_sets[first].parent,
                        "a parent chain that ends; this one loops: " + chain});
      for (int k : loop) looped[k] = true;
    }
    for (int k : path) state[k] = 2;
  }

  // Resolve parents first (recursion depth is bounded by n: no loops are followed).
  std::vector<bool> resolved(n, false);
  auto resolve = [&](auto&& self, size_t i) -> void {
    if (resolved[i]) return;
    resolved[i] = true;
    RuleSet& rs = c.rule_sets[i];
    const int p = looped[i] ? -1 : parent[i];
    if (p >= 0) {
      self(self, static_cast<size_t>(p));
      rs.rules = c.rule_sets[p].rules;
      rs.pool = pools[i].empty() ? c.rule_sets[p].pool : pools[i];
    } else {
      rs.rules = Rules{};
      rs.pool = pools[i];
    }
    rs.own_params.clear();
    for (const auto& [spec, v] : params[i].values) {
      rs.rules.*(spec->field) = v;
      rs.own_params.push_back(spec->key);
    }
  };
  for (size_t i = 0; i < n; ++i) resolve(resolve, i);
  for (auto& rs : c.rule_sets)
    std::sort(rs.pool.begin(), rs.pool.end(),
              [](const PoolEntry& a, const PoolEntry& b) { return a.tile < b.tile; });
}

std::string sqlite_message(const std::exception& e) { return e.what(); }

// The level table's columns from level_columns() (engine/rules/level_columns.h): the
// SELECT, each value's type and range, and how it is set on the Level. `only`: one
// level's rows (the others are left out), for a refresh.
void load_levels(SQLite::Database& db, Content& c, std::vector<ContentError>& errors,
                 const std::string* only = nullptr) {
  std::map<std::string, size_t> index;
  {
    const auto& cols = level_columns();
    std::string sql = "SELECT rowid";
    for (const auto& col : cols) sql += ", " + std::string(col.name);
    sql += " FROM level";
    if (only) sql += " WHERE id = ?";
    sql += " ORDER BY position, rowid";
    SQLite::Statement st(db, sql);
    if (only) st.bind(1, *only);
    RowReader r(st, "level", errors);
    while (st.executeStep()) {
      r.set_row("rowid " + r.describe_col(0));
      int id_col = 0;
      for (size_t i = 0; i < cols.size(); ++i)
        if (cols[i].type == LevelColumnType::Id) id_col = static_cast<int>(i) + 1;
      auto id = r.key(id_col, "id");
      if (!id) continue;
      r.set_row(*id);
      Level l;
      l.id = *id;
      for (size_t i = 0; i < cols.size(); ++i) {
        const LevelColumn& col = cols[i];
        const int at = static_cast<int>(i) + 1;
        const std::string name(col.name);
        if (col.type == LevelColumnType::Id) continue;
        if (col.integer()) {
          if (auto v = r.integer(at, name, col.min, col.max)) col.set_number(l, *v);
          continue;
        }
        auto v = r.text(at, name, false, col.type == LevelColumnType::RuleSetId);
        if (!v) continue;
        const auto problems = col.set(l, *v);
        for (const auto& [value, expected] : problems) r.error(name, value, expected);
        if (problems.empty() && col.type == LevelColumnType::RuleSetId && !c.find_rule_set(*v))
          r.error(name, *v, "the id of a rule set");
      }
      if (!index.emplace(*id, c.levels.size()).second) {
        r.error("id", *id, "a unique level id");
        continue;
      }
      c.levels.push_back(std::move(l));
    }
  }
  const auto& fcols = level_follower_columns();
  std::string sql = "SELECT rowid, level";
  for (const auto& fc : fcols) sql += ", " + std::string(fc.name);
  sql += std::string(" FROM level_followers") + (only ? " WHERE level = ?" : "") + " ORDER BY level, players";
  SQLite::Statement st(db, sql);
  if (only) st.bind(1, *only);
  RowReader r(st, "level_followers", errors);
  while (st.executeStep()) {
    r.set_row("rowid " + r.describe_col(0));
    auto level = r.key(1, "level");
    if (!level) continue;
    LevelFollowers row;
    bool ok = true;
    for (size_t i = 0; i < fcols.size(); ++i) {
      const auto& fc = fcols[i];
      if (i == 1) r.set_row(*level + "/" + (ok ? std::to_string(row.players) : r.describe_col(2)));
      if (auto v = r.integer(static_cast<int>(i) + 2, std::string(fc.name), fc.min, fc.max))
        row.*fc.field = static_cast<int>(*v);
      else
        ok = false;
    }
    auto it = index.find(*level);
    if (it == index.end()) {
      r.error("level", *level, "the id of a level");
      continue;
    }
    if (!ok) continue;
    c.levels[it->second].followers.push_back(row);
  }
}

}  // namespace

StoreError::StoreError(const std::string& what)
    : std::runtime_error(text::printable(what, text::PrintableOptions{64u << 10, true})) {}

BusyError::BusyError(const std::string& path)
    : StoreError(path + ": another program is writing this database; waited " + std::to_string(kBusyTimeoutMs / 1000) +
                 " s for it to finish (nothing was changed: try again when it is done)") {}

void throw_if_busy(const std::string& path, const std::exception& e) {
  const auto* sql = dynamic_cast<const SQLite::Exception*>(&e);
  if (!sql) return;
  const int code = sql->getErrorCode() & 0xff;
  if (code == SQLITE_BUSY || code == SQLITE_LOCKED) throw BusyError(path);
}

void throw_if_storage_failure(const std::string& path, const std::exception& e, const std::string& after) {
  throw_if_busy(path, e);
  const auto* sql = dynamic_cast<const SQLite::Exception*>(&e);
  if (!sql) return;
  switch (sql->getErrorCode() & 0xff) {
    case SQLITE_FULL:
      throw StoreError(path + ": cannot write: the disk is full (" + sqlite_message(e) + "); " + after);
    case SQLITE_IOERR:
    case SQLITE_READONLY:
    case SQLITE_CANTOPEN:
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
    case SQLITE_NOMEM:
      throw StoreError(path + ": cannot write (" + sqlite_message(e) + "); " + after);
    default:
      return;
  }
}

namespace {

namespace fs = std::filesystem;

// Whether this process may write `p` (its effective ids, as open(2) would decide).
bool may_write(const fs::path& p) { return ::faccessat(AT_FDCWD, p.c_str(), W_OK, AT_EACCESS) == 0; }

fs::path folder_of(const std::string& path) {
  std::error_code ec;
  fs::path abs = fs::absolute(path, ec);
  if (ec) abs = path;
  fs::path dir = abs.parent_path();
  return dir.empty() ? fs::path(".") : dir;
}

// True when a read-only connection meets a transaction that a stopped writer left
// unfinished (a hot rollback journal, or a WAL that needs recovery): SQLite then refuses
// to read until a writable connection has rolled it back.
bool needs_recovery(SQLite::Database& db, const std::string& path) {
  try {
    db.execAndGet("PRAGMA schema_version");
    return false;
  } catch (const SQLite::Exception& e) {
    throw_if_busy(path, e);
    const int code = e.getExtendedErrorCode();
    if ((code & 0xff) == SQLITE_READONLY) return true;
    std::error_code ec;
    return (code & 0xff) == SQLITE_CANTOPEN &&
           (fs::exists(path + "-journal", ec) || fs::exists(path + "-wal", ec));
  }
}

}  // namespace

LoadError::LoadError(std::string source, std::vector<ContentError> errors)
    : StoreError(join_lines(source, errors)),
      source_(std::move(source)),
      errors_(std::move(errors)) {}

Store::Store(std::string path, std::unique_ptr<SQLite::Database> db, bool read_only)
    : path_(std::move(path)), db_(std::move(db)), read_only_(read_only) {}
Store::Store(Store&&) noexcept = default;
Store& Store::operator=(Store&&) noexcept = default;
Store::~Store() = default;

Store Store::open(const std::string& path, Mode mode) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const auto status = fs::status(path, ec);
  const bool exists = fs::exists(status);
  if (mode == Mode::Create) {
    if (exists)
      throw StoreError(path + ": already exists; a new database needs a path that is not taken");
  } else {
    if (!exists) throw StoreError(path + ": no such database file");
    if (!fs::is_regular_file(status))
      throw StoreError(path + ": not a regular file, so not a Tilewright database");
    const auto size = fs::file_size(path, ec);
    if (size == 0 && !ec)
      throw StoreError(path +
                       ": empty file (0 bytes), not a Tilewright database; a Tilewright "
                       "database is never empty (was it truncated?)");
    // SQLite takes a file shorter than its 100-byte header for an empty database and
    // would write a new one over it (issue 56, item 7: a 1-byte file became an empty
    // database on `replay list`): every SQLite file starts with its 16-byte magic.
    if (!ec && size < 100)
      throw StoreError(path + ": " + std::to_string(size) +
                       " bytes, too short for an SQLite database, so not a Tilewright database (SQLite's header "
                       "alone is 100 bytes; was it truncated?); nothing was changed");
    if (!ec) {
      std::ifstream in(path, std::ios::binary);
      char magic[16] = {};
      in.read(magic, sizeof magic);
      if (in && std::memcmp(magic, "SQLite format 3", 16) != 0)
        throw StoreError(path + ": not an SQLite file (its first bytes are not SQLite's header), so not a "
                                "Tilewright database; nothing was changed");
    }
  }
  const int flags = mode == Mode::ReadOnly ? SQLite::OPEN_READONLY
                    : mode == Mode::ReadWrite ? SQLite::OPEN_READWRITE
                                              : SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE;
  std::unique_ptr<SQLite::Database> db;
  try {
    db = std::make_unique<SQLite::Database>(path, flags, kBusyTimeoutMs);
  } catch (const SQLite::Exception& e) {
    throw_if_busy(path, e);
    throw StoreError(path + ": cannot open: " + sqlite_message(e));
  }
  if (mode == Mode::ReadOnly && needs_recovery(*db, path)) {
    db.reset();
    const std::string journal = fs::exists(path + "-wal", ec) ? path + "-wal" : path + "-journal";
    if (!may_write(path) || !may_write(folder_of(path)))
      throw StoreError(path + ": a Tilewright process stopped while writing it and left " + journal +
                       ", an unfinished write that must be rolled back before the database can be read "
                       "(nothing committed is lost). Rolling it back needs write access to the file and "
                       "its folder " + folder_of(path).string() +
                       ": make them writable for this user (or run the command as the file's owner) "
                       "and run any tilewright command once.");
    try {  // a writable connection rolls the journal back on its first read
      SQLite::Database rw(path, SQLite::OPEN_READWRITE, kBusyTimeoutMs);
      rw.execAndGet("PRAGMA schema_version");
    } catch (const SQLite::Exception& e) {
      throw_if_busy(path, e);
      throw StoreError(path + ": cannot roll back the unfinished write in " + journal + ": " + sqlite_message(e));
    }
    try {
      db = std::make_unique<SQLite::Database>(path, flags, kBusyTimeoutMs);
    } catch (const SQLite::Exception& e) {
      throw_if_busy(path, e);
      throw StoreError(path + ": cannot open: " + sqlite_message(e));
    }
  }
  if (mode == Mode::ReadWrite) {
    // SQLite opens a write-protected file read-only without a word: find out now, before
    // the caller does work it could not store.
    if (sqlite3_db_readonly(db->getHandle(), "main") == 1 || !may_write(path))
      throw StoreError(path + ": the file is write-protected, so nothing can be stored in it (check its "
                       "permissions, and that its file system is not mounted read-only); nothing was written");
    if (!may_write(folder_of(path)))
      throw StoreError(path + ": its folder " + folder_of(path).string() +
                       " is write-protected, and SQLite writes a journal beside the database to change "
                       "it safely; nothing was written");
  }
  Store store(path, std::move(db), mode == Mode::ReadOnly);
  if (mode != Mode::Create) {
    store.check_and_migrate(mode);
    return store;
  }
  try {
    store.check_and_migrate(mode);
  } catch (...) {
    store.db_.reset();
    fs::remove(path, ec);  // a failed Create leaves nothing behind
    throw;
  }
  return store;
}

namespace {

// A connection to a database in memory holding a copy of `image` (none when empty);
// SQLite owns the copy (freed with the connection).
std::unique_ptr<SQLite::Database> memory_database(const std::string& image, const std::string& name, bool read_only) {
  std::unique_ptr<SQLite::Database> db;
  try {
    db = std::make_unique<SQLite::Database>(":memory:", SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
  } catch (const SQLite::Exception& e) {
    throw StoreError(name + ": cannot open: " + sqlite_message(e));
  }
  if (image.empty()) return db;
  auto* buf = static_cast<unsigned char*>(sqlite3_malloc64(image.size()));
  if (!buf) throw StoreError(name + ": out of memory for an image of " + std::to_string(image.size()) + " bytes");
  std::memcpy(buf, image.data(), image.size());
  // A file in WAL mode (the editor switches a database it opens to WAL) says so in its
  // header (bytes 18-19 = 2), and SQLite cannot open such an image from memory: there is
  // no WAL beside it. The image is the file's committed pages, so read it as a rollback-
  // journal database (1, 1), as it would be after `PRAGMA journal_mode = DELETE`.
  if (image.size() >= 100 && std::memcmp(buf, "SQLite format 3", 16) == 0 && buf[18] == 2 && buf[19] == 2)
    buf[18] = buf[19] = 1;
  const auto n = static_cast<sqlite3_int64>(image.size());
  const unsigned flags = SQLITE_DESERIALIZE_FREEONCLOSE |
                         (read_only ? SQLITE_DESERIALIZE_READONLY : SQLITE_DESERIALIZE_RESIZEABLE);
  const int rc = sqlite3_deserialize(db->getHandle(), "main", buf, n, n, flags);
  if (rc != SQLITE_OK) throw StoreError(name + ": cannot read the image: " + sqlite3_errstr(rc));
  return db;
}

}  // namespace

Store Store::open_image(const std::string& image, const std::string& name) {
  if (image.empty()) throw StoreError(name + ": empty image (0 bytes), not a Tilewright database");
  // SQLite reads from (and with SQLITE_DESERIALIZE_READONLY never writes to) its own copy.
  Store store(name, memory_database(image, name, true), true);
  store.check_and_migrate(Mode::ReadOnly);
  return store;
}

Store Store::open_scratch(const std::string& image, const std::string& name) {
  Store store(name, memory_database(image, name, false), false);
  store.check_and_migrate(image.empty() ? Mode::Create : Mode::ReadWrite);
  return store;
}

Store Store::scratch_copy() const {
  auto mem = std::make_unique<SQLite::Database>(":memory:", SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
  sqlite3_backup* b = sqlite3_backup_init(mem->getHandle(), "main", db_->getHandle(), "main");
  if (!b) throw StoreError(path_ + ": cannot copy it into memory (" + mem->getErrorMsg() + ")");
  const int step = sqlite3_backup_step(b, -1);
  if (sqlite3_backup_finish(b) != SQLITE_OK || step != SQLITE_DONE) {
    if (step == SQLITE_BUSY || step == SQLITE_LOCKED) throw BusyError(path_);
    throw StoreError(path_ + ": cannot copy it into memory (" + mem->getErrorMsg() + ")");
  }
  mem->exec("PRAGMA foreign_keys = ON");
  return Store(path_, std::move(mem), false);
}

std::vector<std::string> Store::integrity_check(int max) const {
  std::vector<std::string> problems;
  try {
    SQLite::Statement q(*db_, "PRAGMA integrity_check(" + std::to_string(std::max(1, max)) + ")");
    while (q.executeStep()) {
      std::string line = q.getColumn(0).getString();
      if (line != "ok") problems.push_back(std::move(line));
    }
  } catch (const SQLite::Exception& e) {
    throw_if_busy(path_, e);
    problems.push_back(sqlite_message(e));
  }
  return problems;
}

std::vector<std::string> Store::constraint_check(int max) const {
  // SQLite checks CHECK, NOT NULL and STRICT types only on a writable connection (a
  // read-only quick_check says "ok" over a row that breaks them), so each table's rows are
  // copied into a TEMP table of the same definition, which checks them as an insert would:
  // all at once first, and row by row (to name the rows) only where that fails.
  std::vector<std::string> problems;
  SQLite::Database& db = *db_;
  const auto quoted = [](const std::string& name) {
    std::string q = "\"";
    for (const char ch : name) q += ch == '"' ? std::string("\"\"") : std::string(1, ch);
    return q + "\"";
  };
  try {
    std::vector<std::pair<std::string, std::string>> tables;
    {
      SQLite::Statement q(db,
                          "SELECT name, sql FROM sqlite_schema WHERE type = 'table' AND sql IS NOT NULL AND name NOT "
                          "LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name");
      while (q.executeStep()) tables.emplace_back(q.getColumn(0).getString(), q.getColumn(1).getString());
    }
    const bool fk = db.execAndGet("PRAGMA foreign_keys").getInt() != 0;
    db.exec("PRAGMA foreign_keys = OFF");  // the copy's REFERENCES name tables of main
    struct Restore {
      SQLite::Database& db;
      bool fk;
      ~Restore() {
        sqlite3_exec(db.getHandle(), "DROP TABLE IF EXISTS temp.tw_constraint_check", nullptr, nullptr, nullptr);
        if (fk) sqlite3_exec(db.getHandle(), "PRAGMA foreign_keys = ON", nullptr, nullptr, nullptr);
      }
    } restore{db, fk};
    for (const auto& [name, sql] : tables) {
      if (static_cast<int>(problems.size()) >= max) break;
      const size_t open = sql.find('(');
      if (open == std::string::npos) continue;
      db.exec("DROP TABLE IF EXISTS temp.tw_constraint_check");
      db.exec("CREATE TEMP TABLE tw_constraint_check " + sql.substr(open));
      // With no WHERE clause SQLite copies the records without checking them (its transfer
      // optimization takes equal CHECKs for satisfied): `WHERE 1 = 1` makes it check.
      const std::string copy = "INSERT INTO temp.tw_constraint_check SELECT * FROM main." + quoted(name);
      try {
        db.exec(copy + " WHERE 1 = 1");
        continue;
      } catch (const SQLite::Exception&) {
      }
      const bool rowid = sql.find("WITHOUT ROWID") == std::string::npos;
      if (!rowid) {
        problems.push_back("table " + name + ": a row breaks a constraint of the table's definition");
        continue;
      }
      SQLite::Statement ids(db, "SELECT rowid FROM main." + quoted(name) + " ORDER BY rowid");
      SQLite::Statement one(db, copy + " WHERE rowid = ?");
      while (ids.executeStep() && static_cast<int>(problems.size()) < max) {
        const int64_t id = ids.getColumn(0).getInt64();
        db.exec("DELETE FROM temp.tw_constraint_check");
        one.tryReset();  // reset() would throw the last row's error again
        one.bind(1, id);
        try {
          one.exec();
        } catch (const SQLite::Exception& e) {
          problems.push_back("table " + name + " row " + std::to_string(id) + ": " + sqlite_message(e));
        }
      }
    }
  } catch (const SQLite::Exception& e) {
    throw_if_busy(path_, e);
    problems.push_back(sqlite_message(e));
  }
  return problems;
}

// A function-try-block: every SQLite call here that is not given its own message below
// (PRAGMA foreign_key_check on a damaged page, the foreign_keys switches) still ends as a
// StoreError naming the file, never as an SQLite::Exception escaping the loader (found by
// tw_fuzz_content: a page PRAGMA quick_check passes but foreign_key_check reads).
void Store::check_and_migrate(Mode mode) try {
  SQLite::Database& db = *db_;
  const int latest = latest_schema_version();
  int version = 0;
  try {
    version = db.execAndGet("PRAGMA user_version").getInt();
  } catch (const SQLite::Exception& e) {
    throw_if_busy(path_, e);
    throw StoreError(path_ + ": not a Tilewright database: the file is not an SQLite database or is corrupt (" +
                     sqlite_message(e) + ")");
  }
  if (version > latest)
    throw StoreError(path_ + ": written by a newer Tilewright (schema version " +
                     std::to_string(version) + "); this build knows schema versions up to " +
                     std::to_string(latest) + ". Update Tilewright or open another database.");
  if (version < 0)
    throw StoreError(path_ + ": not a Tilewright database (schema version " +
                     std::to_string(version) + ")");
  if (mode != Mode::Create) {
    std::string problems;
    try {
      SQLite::Statement q(db, "PRAGMA quick_check(5)");
      while (q.executeStep()) {
        const std::string line = q.getColumn(0).getString();
        if (line == "ok") continue;
        // A row that breaks a CHECK, NOT NULL or type constraint is a bad row, not a
        // damaged file (and a read-only connection does not even see it): the file stays
        // usable, so that the row can be removed (`replay delete`), and `validate --full`
        // names it (constraint_check). Issue 56, item 6.
        if (line.rfind("CHECK constraint failed in ", 0) == 0 || line.rfind("NULL value in ", 0) == 0 ||
            (line.rfind("non-", 0) == 0 && line.find(" value in ") != std::string::npos))
          continue;
        if (!problems.empty()) problems += "; ";
        problems += line;
      }
    } catch (const SQLite::Exception& e) {
      throw_if_busy(path_, e);
      problems = sqlite_message(e);
    }
    if (!problems.empty())
      throw StoreError(path_ + ": the database is corrupt (PRAGMA quick_check: " + problems +
                       "); not a usable Tilewright database");
  }
  std::vector<std::string> tables;
  try {
    SQLite::Statement q(db,
                        "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE "
                        "'sqlite\\_%' ESCAPE '\\' ORDER BY name");
    while (q.executeStep()) tables.push_back(q.getColumn(0).getString());
  } catch (const SQLite::Exception& e) {
    throw_if_busy(path_, e);
    throw StoreError(path_ + ": the database is corrupt (" + sqlite_message(e) + ")");
  }
  const bool has_terrain = std::find(tables.begin(), tables.end(), "terrain") != tables.end();
  if (version == 0 && !tables.empty()) {
    std::string list;
    for (size_t i = 0; i < tables.size() && i < 5; ++i) list += (i ? ", " : "") + tables[i];
    if (tables.size() > 5) list += ", ...";
    throw StoreError(path_ + ": not a Tilewright database (schema version 0" +
                     std::string(has_terrain ? "" : ", no terrain table") +
                     "; it holds tables " + list + ")");
  }
  if (version > 0 && !has_terrain)
    throw StoreError(path_ + ": not a Tilewright database (schema version " +
                     std::to_string(version) + " but no terrain table)");
  if (version < latest) {
    // Rows that already break a foreign key are named before any migration runs, so that
    // an upgrade is never blamed for them (issue 56, item 7: "migration 0004 broke a
    // foreign key" for a NUL inside a key that was there before) and `validate` can say
    // which rows they are on an old file too.
    {
      SQLite::Statement fk(db, "PRAGMA foreign_key_check");
      std::string rows;
      int n = 0;
      while (fk.executeStep()) {
        if (++n <= 5)
          rows += std::string(rows.empty() ? "" : "; ") + "table " + fk.getColumn(0).getString() + " row " +
                  (fk.getColumn(1).isNull() ? std::string("?") : std::to_string(fk.getColumn(1).getInt64())) +
                  " names a row that table " + fk.getColumn(2).getString() + " does not have";
      }
      if (n)
        throw StoreError(path_ + ": schema version " + std::to_string(version) + " is older than this build's " +
                         std::to_string(latest) + ", and " + std::to_string(n) + " row" + (n == 1 ? "" : "s") +
                         " already break" + (n == 1 ? "s" : "") + " a foreign key, so it cannot be upgraded: " +
                         rows + (n > 5 ? "; ..." : "") +
                         ". Remove or correct " + (n == 1 ? "that row" : "those rows") +
                         " (sqlite3 PATH), then open it again; nothing was changed");
    }
    if (mode == Mode::ReadOnly && version == 0)
      throw StoreError(path_ + ": an empty SQLite database (no tables, schema version 0), not yet a Tilewright "
                               "database; a command that writes makes it one (it is opened read-only here, so "
                               "nothing was changed)");
    if (mode == Mode::ReadOnly) {
      // Read through an upgraded copy in memory: every read command works on an old file
      // alike (validate, content list and run refused it while the replay read commands
      // upgraded it in place), and the file itself is left as it was. A write upgrades it.
      auto mem = std::make_unique<SQLite::Database>(":memory:", SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
      sqlite3_backup* b = sqlite3_backup_init(mem->getHandle(), "main", db.getHandle(), "main");
      if (!b) throw StoreError(path_ + ": cannot read it into memory to upgrade a copy (" + mem->getErrorMsg() + ")");
      sqlite3_backup_step(b, -1);
      if (sqlite3_backup_finish(b) != SQLITE_OK) {
        throw_if_busy(path_, SQLite::Exception(mem->getHandle(), sqlite3_errcode(mem->getHandle())));
        throw StoreError(path_ + ": cannot read it into memory to upgrade a copy (" + mem->getErrorMsg() + ")");
      }
      db_ = std::move(mem);  // `db` is gone from here on
    }
    SQLite::Database& mdb = *db_;
    // SQLite's recipe for schema changes: foreign keys off around the migration, then
    // PRAGMA foreign_key_check before each commit.
    mdb.exec("PRAGMA foreign_keys = OFF");
    for (const Migration& m : migrations()) {
      if (m.version <= version) continue;
      try {
        SQLite::Transaction tx(mdb);
        mdb.exec(std::string(m.sql));
        SQLite::Statement fk(mdb, "PRAGMA foreign_key_check");
        if (fk.executeStep())
          throw StoreError(path_ + ": migration " + std::string(m.name) +
                           " broke a foreign key in table " + fk.getColumn(0).getString() +
                           "; the database stays at schema version " + std::to_string(version));
        mdb.exec("PRAGMA user_version = " + std::to_string(m.version));
        tx.commit();
      } catch (const SQLite::Exception& e) {
        throw_if_busy(path_, e);
        throw StoreError(path_ + ": migration " + std::string(m.name) + " failed (" +
                         sqlite_message(e) + "); the database stays at schema version " +
                         std::to_string(version));
      }
      version = m.version;
    }
  }
  db_->exec("PRAGMA foreign_keys = ON");
} catch (const SQLite::Exception& e) {
  throw_if_busy(path_, e);
  throw StoreError(path_ + ": the database is corrupt (" + sqlite_message(e) + "); not a usable Tilewright database");
}

int Store::schema_version() const { return db_->execAndGet("PRAGMA user_version").getInt(); }

bool Store::enable_concurrent_readers() {
  if (read_only_) return false;
  try {
    const std::string mode = db_->execAndGet("PRAGMA journal_mode = WAL").getString();
    return mode == "wal";
  } catch (const SQLite::Exception&) {
    return false;  // not fatal: the default journal works too
  }
}

void Store::require_writable(const char* what) const {
  if (read_only_) throw StoreError(path_ + ": opened read-only, cannot " + what);
}

Content Store::load_content() const {
  Content c;
  c.source = path_;
  std::vector<ContentError> errors;
  try {
    // One read transaction for every table: a `content import` committing in another
    // process between two of these SELECTs would otherwise give rows of a rule set the
    // first read did not see (issue 56, item 3). Inside a transaction of this connection
    // (a write checking its own rows) the reads are consistent already.
    const bool own = sqlite3_get_autocommit(db_->getHandle()) != 0;
    if (own) db_->exec("BEGIN");
    struct End {
      SQLite::Database& db;
      bool own;
      ~End() {
        if (own) sqlite3_exec(db.getHandle(), "ROLLBACK", nullptr, nullptr, nullptr);
      }
    } end{*db_, own};
    c.terrains = load_terrains(*db_, errors);
    load_tiles(*db_, c, errors);
    load_rule_sets(*db_, c, errors);
    load_levels(*db_, c, errors);
  } catch (const SQLite::Exception& e) {
    throw_if_busy(path_, e);
    throw StoreError(path_ + ": cannot read the content (" + sqlite_message(e) + ")");
  }
  for (auto& t : c.tiles) finalize_tile(t, c.terrains, errors);
  // validate_content re-checks some things the loader already reported with more detail
  // (a missing start tile, say); keep the loader's message only.
  std::set<std::tuple<std::string, std::string, std::string>> seen;
  for (const auto& e : errors) seen.insert({e.table, e.row, e.column});
  for (auto& e : validate_content(c))
    if (!seen.count({e.table, e.row, e.column})) errors.push_back(std::move(e));
  if (!errors.empty()) throw LoadError(path_, std::move(errors));
  return c;
}

namespace {

// Skips blanks and SQL comments; returns where the next statement starts.
const char* skip_blank(const char* p, const char* end) {
  while (p < end) {
    if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') {
      ++p;
    } else if (end - p >= 2 && p[0] == '-' && p[1] == '-') {
      while (p < end && *p != '\n') ++p;
    } else if (end - p >= 2 && p[0] == '/' && p[1] == '*') {
      p += 2;
      while (end - p >= 2 && !(p[0] == '*' && p[1] == '/')) ++p;
      p = end - p >= 2 ? p + 2 : end;
    } else {
      break;
    }
  }
  return p;
}

struct StmtFinalizer {
  void operator()(sqlite3_stmt* s) const { sqlite3_finalize(s); }
};

}  // namespace

void Store::exec_script(const std::string& sql, const std::string& name) {
  require_writable("run a script");
  sqlite3* h = db_->getHandle();
  const char* const begin = sql.c_str();
  const char* const end = begin + sql.size();
  auto fail = [&](const char* at, const std::string& what) {
    const int code = sqlite3_errcode(h) & 0xff;
    if (code == SQLITE_BUSY || code == SQLITE_LOCKED) throw BusyError(path_);
    const auto line = 1 + std::count(begin, at, '\n');
    throw StoreError(name + ":" + std::to_string(line) + ": " + what +
                     " (nothing of this script was written to " + path_ + ")");
  };
  try {
    SQLite::Transaction tx(*db_);
    const int version_before = schema_version();
    const char* p = begin;
    while ((p = skip_blank(p, end)) < end) {
      sqlite3_stmt* raw = nullptr;
      const char* tail = nullptr;
      if (sqlite3_prepare_v2(h, p, static_cast<int>(end - p), &raw, &tail) != SQLITE_OK)
        fail(p, sqlite3_errmsg(h));
      std::unique_ptr<sqlite3_stmt, StmtFinalizer> st(raw);
      if (!st) {  // only blanks or comments were left
        p = tail;
        continue;
      }
      int rc = SQLITE_ROW;
      while (rc == SQLITE_ROW) rc = sqlite3_step(st.get());
      if (rc != SQLITE_DONE) fail(p, sqlite3_errmsg(h));
      p = tail;
    }
    if (schema_version() != version_before)
      fail(end, "a content script must not change PRAGMA user_version");
    tx.commit();
  } catch (const SQLite::Exception& e) {
    throw_if_busy(path_, e);
    throw StoreError(name + ": " + sqlite_message(e) + " (nothing of this script was written to " +
                     path_ + ")");
  }
}

std::optional<std::string> Store::meta(const std::string& key) const {
  try {
    SQLite::Statement st(*db_, "SELECT value FROM meta WHERE key = ?");
    st.bind(1, key);
    if (st.executeStep()) return st.getColumn(0).getString();
    return std::nullopt;
  } catch (const SQLite::Exception& e) {
    throw_if_busy(path_, e);
    throw StoreError(path_ + ": cannot read meta " + key + " (" + sqlite_message(e) + ")");
  }
}

void Store::set_meta(const std::string& key, const std::string& value) {
  require_writable("set meta values");
  try {
    SQLite::Transaction tx(*db_);
    SQLite::Statement st(*db_,
                         "INSERT INTO meta (key, value) VALUES (?, ?) "
                         "ON CONFLICT (key) DO UPDATE SET value = excluded.value");
    st.bind(1, key);
    st.bind(2, value);
    st.exec();
    tx.commit();
  } catch (const SQLite::Exception& e) {
    throw_if_busy(path_, e);
    throw StoreError(path_ + ": cannot set meta " + key + " (" + sqlite_message(e) + ")");
  }
}

namespace {
std::string touches_text(const std::vector<uint8_t>& touches) {
  std::string s;
  for (uint8_t t : touches) {
    if (!s.empty()) s += ' ';
    s += std::to_string(t);
  }
  return s;
}
}  // namespace

void Store::save_tile_type(const TileType& t) {
  require_writable("save a tile type");
  const std::string row = t.tile_set + "/" + t.id;
  std::vector<ContentError> errors;
  std::vector<Terrain> terrains;
  try {
    terrains = load_terrains(*db_, errors);
  } catch (const SQLite::Exception& e) {
    throw_if_busy(path_, e);
    throw StoreError(path_ + ": cannot read terrains (" + sqlite_message(e) + ")");
  }
  if (!errors.empty()) throw LoadError(path_, std::move(errors));
  for (size_t i = 0; i < t.segments.size(); ++i) {
    const Segment& s = t.segments[i];
    const std::string seg_row = row + "#" + std::to_string(i);
    if (s.terrain >= terrains.size())
      errors.push_back({"tile_segment", seg_row, "terrain", std::to_string(s.terrain),
                        "the index of one of the " + std::to_string(terrains.size()) +
                            " terrains of this database"});
    else if (terrains[s.terrain].kind != s.kind)
      errors.push_back({"tile_segment", seg_row, "terrain", terrains[s.terrain].id,
                        "a terrain of kind " + std::string(kind_name(s.kind)) + ", not " +
                            std::string(kind_name(terrains[s.terrain].kind))});
  }
  // Ids, the name and the note as the loader reads them (no control characters).
  for (const auto& [column, value, lines] :
       {std::tuple<const char*, const std::string*, bool>{"tile_set", &t.tile_set, false},
        {"id", &t.id, false},
        {"note", &t.note, true}})
    if (const std::string fault = text_fault(*value, lines); !fault.empty())
      errors.push_back({"tile_type", row, column, clip_value(*value), fault});
  if (errors.empty()) {
    TileType check = t;
    finalize_tile(check, terrains, errors);
  }
  if (!errors.empty()) throw LoadError(path_, std::move(errors));
  try {
    SQLite::Transaction tx(*db_);
    SQLite::Statement del(*db_, "DELETE FROM tile_segment WHERE tile_set = ? AND tile_id = ?");
    del.bind(1, t.tile_set);
    del.bind(2, t.id);
    del.exec();
    SQLite::Statement up(*db_,
                         "INSERT INTO tile_type (tile_set, id, count, reconstructed, "
                         "ghost_symbols, note, piece, piece_x, piece_y) "
                         "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
                         "ON CONFLICT (tile_set, id) DO UPDATE SET count = excluded.count, "
                         "reconstructed = excluded.reconstructed, "
                         "ghost_symbols = excluded.ghost_symbols, note = excluded.note, "
                         "piece = excluded.piece, piece_x = excluded.piece_x, "
                         "piece_y = excluded.piece_y");
    up.bind(1, t.tile_set);
    up.bind(2, t.id);
    up.bind(3, t.count);
    up.bind(4, t.reconstructed ? 1 : 0);
    up.bind(5, t.symbols);
    up.bind(6, t.note);
    up.bind(7, t.piece);
    up.bind(8, t.piece_x);
    up.bind(9, t.piece_y);
    up.exec();
    SQLite::Statement ins(*db_,
                          "INSERT INTO tile_segment (tile_set, tile_id, idx, terrain, ports, "
                          "shields, fogged, touches, mark) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
    for (size_t i = 0; i < t.segments.size(); ++i) {
      const Segment& s = t.segments[i];
      ins.reset();
      ins.bind(1, t.tile_set);
      ins.bind(2, t.id);
      ins.bind(3, static_cast<int>(i));
      ins.bind(4, terrains[s.terrain].id);
      ins.bind(5, ports_text(s.ports));
      ins.bind(6, static_cast<int>(s.shields));
      ins.bind(7, s.covered ? 1 : 0);
      ins.bind(8, touches_text(s.touches));
      ins.bind(9, s.mark ? 1 : 0);
      ins.exec();
    }
    tx.commit();
  } catch (const SQLite::Exception& e) {
    throw_if_busy(path_, e);
    throw StoreError(path_ + ": cannot save tile type " + row + " (" + sqlite_message(e) +
                     "); nothing was written");
  }
}

void Store::save_rule_params(const std::string& rule_set,
                             const std::vector<std::pair<std::string, int64_t>>& params) {
  require_writable("save rule parameters");
  std::vector<ContentError> errors;
  for (const auto& [key, value] : params) {
    const ParamSpec* spec = find_param(key);
    if (!spec)
      errors.push_back({"rule_param", rule_set + "/" + key, "key", key,
                        "a known parameter; " + param_keys(key)});
    else if (value < spec->min || value > spec->max)
      errors.push_back({"rule_param", rule_set + "/" + key, "value", std::to_string(value),
                        "an integer in " + std::to_string(spec->min) + ".." +
                            std::to_string(spec->max)});
  }
  if (!errors.empty()) throw LoadError(path_, std::move(errors));
  try {
    SQLite::Transaction tx(*db_);
    SQLite::Statement exists(*db_, "SELECT 1 FROM rule_set WHERE id = ?");
    exists.bind(1, rule_set);
    if (!exists.executeStep())
      throw StoreError(path_ + ": no rule set '" + rule_set + "'; nothing was written");
    SQLite::Statement st(*db_,
                         "INSERT INTO rule_param (rule_set, key, value) VALUES (?, ?, ?) "
                         "ON CONFLICT (rule_set, key) DO UPDATE SET value = excluded.value");
    for (const auto& [key, value] : params) {
      st.reset();
      st.bind(1, rule_set);
      st.bind(2, key);
      st.bind(3, value);
      st.exec();
    }
    tx.commit();
  } catch (const SQLite::Exception& e) {
    throw_if_busy(path_, e);
    throw StoreError(path_ + ": cannot save parameters of rule set " + rule_set + " (" +
                     sqlite_message(e) + "); nothing was written");
  }
}

void Store::save_level(const Level& level) {
  require_writable("save a level");
  std::vector<ContentError> errors = check_level_columns(level);
  if (!errors.empty()) throw LoadError(path_, std::move(errors));
  write_level(level, load_content());
}

// Checks `level` against `c` (the content as it is before the write: its rule set, tiles)
// as the loader would, then writes its row and follower rows from level_columns() in one
// transaction. Problems -> LoadError, nothing written.
void Store::write_level(const Level& level, const Content& c) {
  std::vector<ContentError> errors = check_level_columns(level);
  // The id, name and description as the loader reads them (no control characters).
  for (const auto& [column, value, lines] :
       {std::tuple<const char*, const std::string*, bool>{"id", &level.id, false},
        {"name", &level.name, false},
        {"description", &level.description, true}})
    if (const std::string fault = text_fault(*value, lines); !fault.empty())
      errors.push_back({"level", level.id, column, clip_value(*value), fault});
  if (errors.empty()) {
    Content probe;
    probe.tiles = c.tiles;
    probe.terrains = c.terrains;
    if (const RuleSet* rs = c.find_rule_set(level.rule_set)) probe.rule_sets.push_back(*rs);
    probe.levels.push_back(level);
    for (auto& e : validate_content(probe))
      if (e.table == "level" || e.table == "level_followers") errors.push_back(std::move(e));
  }
  if (!errors.empty()) throw LoadError(path_, std::move(errors));
  const auto& cols = level_columns();
  std::string names, marks, updates;
  for (const auto& col : cols) {
    const std::string n(col.name);
    names += (names.empty() ? "" : ", ") + n;
    marks += marks.empty() ? "?" : ", ?";
    if (col.type != LevelColumnType::Id) updates += (updates.empty() ? "" : ", ") + n + " = excluded." + n;
  }
  try {
    SQLite::Transaction tx(*db_);
    SQLite::Statement st(*db_, "INSERT INTO level (" + names + ") VALUES (" + marks + ") ON CONFLICT (id) DO UPDATE SET " +
                                   updates);
    for (size_t i = 0; i < cols.size(); ++i) {
      const int at = static_cast<int>(i) + 1;
      if (cols[i].integer())
        st.bind(at, cols[i].number(level));
      else
        st.bind(at, cols[i].get(level));
    }
    st.exec();
    SQLite::Statement del(*db_, "DELETE FROM level_followers WHERE level = ?");
    del.bind(1, level.id);
    del.exec();
    const auto& fcols = level_follower_columns();
    std::string fnames = "level", fmarks = "?";
    for (const auto& fc : fcols) {
      fnames += ", " + std::string(fc.name);
      fmarks += ", ?";
    }
    SQLite::Statement ins(*db_, "INSERT INTO level_followers (" + fnames + ") VALUES (" + fmarks + ")");
    for (const auto& f : level.followers) {
      ins.reset();
      ins.bind(1, level.id);
      for (size_t i = 0; i < fcols.size(); ++i) ins.bind(static_cast<int>(i) + 2, f.*fcols[i].field);
      ins.exec();
    }
    tx.commit();
  } catch (const SQLite::Exception& e) {
    throw_if_busy(path_, e);
    throw StoreError(path_ + ": cannot save level " + level.id + " (" + sqlite_message(e) + "); nothing was written");
  }
}

bool Store::delete_tile_type(const std::string& tile_set, const std::string& id) {
  require_writable("delete a tile type");
  const std::string name = tile_set + "/" + id;
  try {
    SQLite::Transaction tx(*db_);
    SQLite::Statement used(*db_,
                           "SELECT rule_set FROM rule_set_pool WHERE tile_set = ?1 AND tile_id = ?2 "
                           "UNION SELECT id FROM rule_set WHERE start_tile_set = ?1 AND start_tile = ?2 LIMIT 1");
    used.bind(1, tile_set);
    used.bind(2, id);
    if (used.executeStep())
      throw StoreError(path_ + ": tile " + name + " is used by rule set " + used.getColumn(0).getString() +
                       " (draw pile or start tile); nothing was deleted");
    SQLite::Statement segs(*db_, "DELETE FROM tile_segment WHERE tile_set = ? AND tile_id = ?");
    segs.bind(1, tile_set);
    segs.bind(2, id);
    segs.exec();
    SQLite::Statement del(*db_, "DELETE FROM tile_type WHERE tile_set = ? AND id = ?");
    del.bind(1, tile_set);
    del.bind(2, id);
    const int n = del.exec();
    tx.commit();
    return n > 0;
  } catch (const SQLite::Exception& e) {
    throw_if_busy(path_, e);
    throw StoreError(path_ + ": cannot delete tile " + name + " (" + sqlite_message(e) + "); nothing was deleted");
  }
}

bool Store::delete_level(const std::string& id) {
  require_writable("delete a level");
  try {
    SQLite::Transaction tx(*db_);
    SQLite::Statement del(*db_, "DELETE FROM level WHERE id = ?");
    del.bind(1, id);
    const int n = del.exec();
    tx.commit();
    return n > 0;
  } catch (const SQLite::Exception& e) {
    throw_if_busy(path_, e);
    throw StoreError(path_ + ": cannot delete level " + id + " (" + sqlite_message(e) + "); nothing was written");
  }
}

// ---------------------------------------------------------------------------------------
// Edits

EditError::EditError(std::string source, Why why, std::vector<ContentError> errors)
    : LoadError(std::move(source), std::move(errors)), why_(why) {}

template <class F>
void Store::checked_write(const std::string& what, F&& write) {
  try {
    SQLite::Transaction tx(*db_);
    write();
    try {
      (void)load_content();  // the loader's checks, before anything is kept
    } catch (const EditError&) {
      throw;
    } catch (const LoadError& e) {
      throw EditError(path_, EditError::Why::BadValue, e.errors());
    }
    tx.commit();
  } catch (const SQLite::Exception& e) {
    throw_if_storage_failure(path_, e, "nothing was written");
    throw StoreError(path_ + ": cannot " + what + " (" + sqlite_message(e) + "); nothing was written");
  }
}

namespace {

bool row_exists(SQLite::Database& db, const std::string& sql, const std::vector<std::string>& keys) {
  SQLite::Statement q(db, sql);
  for (size_t i = 0; i < keys.size(); ++i) q.bind(static_cast<int>(i) + 1, keys[i]);
  return q.executeStep();
}

}  // namespace

Refreshed Store::refresh(Content& c, const ContentChange& change) const {
  Refreshed done;
  if (change.tile_list) {
    c = load_content();
    done.everything = true;
    return done;
  }
  std::vector<ContentError> errors;
  std::vector<std::pair<int, TileType>> tiles;
  std::vector<RuleSet> rule_sets;
  std::vector<Level> levels;
  try {
    for (const auto& key : change.tiles) {
      const int at = c.find_tile(key.first, key.second);
      Content one;
      one.terrains = c.terrains;
      load_tiles(*db_, one, errors, &key);
      if (at < 0 || one.tiles.size() != 1) {  // a tile type came or went: indices move
        c = load_content();
        done.everything = true;
        return done;
      }
      finalize_tile(one.tiles.front(), one.terrains, errors);
      tiles.emplace_back(at, std::move(one.tiles.front()));
    }
    if (change.rule_sets) {
      std::swap(rule_sets, c.rule_sets);
      load_rule_sets(*db_, c, errors);
      std::swap(rule_sets, c.rule_sets);
    }
    if (change.levels) {
      Content probe;  // the rule sets the levels name: the new ones when they were re-read
      probe.rule_sets = change.rule_sets ? rule_sets : c.rule_sets;
      load_levels(*db_, probe, errors);
      levels = std::move(probe.levels);
    }
  } catch (const SQLite::Exception& e) {
    throw_if_busy(path_, e);
    throw StoreError(path_ + ": cannot read the content (" + sqlite_message(e) + ")");
  }
  if (!errors.empty()) throw LoadError(path_, std::move(errors));
  for (auto& [at, t] : tiles) c.tiles[static_cast<size_t>(at)] = std::move(t);
  done.tiles = static_cast<int>(tiles.size());
  if (change.rule_sets) {
    c.rule_sets = std::move(rule_sets);
    done.rule_sets = true;
  }
  if (change.levels) {
    c.levels = std::move(levels);
    done.levels = true;
  }
  return done;
}

std::vector<std::pair<std::string, int64_t>> Store::rule_params(const std::string& rule_set) const {
  std::vector<std::pair<std::string, int64_t>> rows;
  try {
    SQLite::Statement q(*db_, "SELECT key, value FROM rule_param WHERE rule_set = ? ORDER BY key");
    q.bind(1, rule_set);
    while (q.executeStep()) rows.emplace_back(q.getColumn(0).getString(), q.getColumn(1).getInt64());
  } catch (const SQLite::Exception& e) {
    throw_if_busy(path_, e);
    throw StoreError(path_ + ": cannot read the parameters of " + rule_set + " (" + sqlite_message(e) + ")");
  }
  return rows;
}

ContentChange Store::set_rule_params(const std::string& rule_set, const ParamEdit& rows) {
  require_writable("save rule parameters");
  if (!row_exists(*db_, "SELECT 1 FROM rule_set WHERE id = ?", {rule_set}))
    throw EditError(path_, EditError::Why::NotFound, {{"rule_set", rule_set, "id", rule_set, "the id of a rule set"}});
  std::vector<ContentError> errors;
  for (const auto& [key, value] : rows) {
    const ParamSpec* spec = find_param(key);
    if (!spec)
      errors.push_back({"rule_param", rule_set + "/" + key, "key", key, "a known parameter; " + param_keys(key)});
    else if (value && (*value < spec->min || *value > spec->max))
      errors.push_back({"rule_param", rule_set + "/" + key, "value", std::to_string(*value),
                        "an integer in " + std::to_string(spec->min) + ".." + std::to_string(spec->max)});
  }
  if (!errors.empty()) throw EditError(path_, EditError::Why::BadValue, std::move(errors));
  checked_write("save parameters of rule set " + rule_set, [&] {
    SQLite::Statement set(*db_,
                          "INSERT INTO rule_param (rule_set, key, value) VALUES (?, ?, ?) "
                          "ON CONFLICT (rule_set, key) DO UPDATE SET value = excluded.value");
    SQLite::Statement del(*db_, "DELETE FROM rule_param WHERE rule_set = ? AND key = ?");
    for (const auto& [key, value] : rows) {
      SQLite::Statement& st = value ? set : del;
      st.reset();
      st.bind(1, rule_set);
      st.bind(2, key);
      if (value) st.bind(3, *value);
      st.exec();
    }
  });
  ContentChange ch;
  ch.rule_sets = true;
  ch.levels = true;  // a level's check reads its rule set
  return ch;
}

ContentChange Store::clone_rule_set(const std::string& source, const std::string& new_id, const std::string& new_name,
                                    bool variant) {
  require_writable("clone a rule set");
  if (new_id.empty() || new_id.size() > 64)
    throw EditError(path_, EditError::Why::BadValue, {{"rule_set", new_id, "id", new_id, "1 to 64 characters"}});
  if (!row_exists(*db_, "SELECT 1 FROM rule_set WHERE id = ?", {source}))
    throw EditError(path_, EditError::Why::NotFound, {{"rule_set", source, "id", source, "the id of a rule set"}});
  if (row_exists(*db_, "SELECT 1 FROM rule_set WHERE id = ?", {new_id}))
    throw EditError(path_, EditError::Why::Exists,
                    {{"rule_set", new_id, "id", new_id, "an id no rule set has yet"}});
  checked_write("clone rule set " + source, [&] {
    SQLite::Statement ins(*db_,
                          "INSERT INTO rule_set (id, name, system, parent, start_tile_set, start_tile, description) "
                          "SELECT ?1, ?2, system, CASE WHEN ?4 THEN ?3 ELSE parent END, start_tile_set, start_tile, "
                          "description FROM rule_set WHERE id = ?3");
    ins.bind(1, new_id);
    ins.bind(2, new_name);
    ins.bind(3, source);
    ins.bind(4, variant ? 1 : 0);
    ins.exec();
    for (const char* sql : {"INSERT INTO rule_param (rule_set, key, value) SELECT ?1, key, value FROM rule_param "
                            "WHERE rule_set = ?2 ORDER BY rowid",
                            "INSERT INTO rule_set_pool (rule_set, tile_set, tile_id, count) SELECT ?1, tile_set, "
                            "tile_id, count FROM rule_set_pool WHERE rule_set = ?2 ORDER BY rowid"}) {
      if (variant && std::string(sql).find("rule_param") != std::string::npos) continue;  // all inherited
      SQLite::Statement copy(*db_, sql);
      copy.bind(1, new_id);
      copy.bind(2, source);
      copy.exec();
    }
  });
  ContentChange ch;
  ch.rule_sets = true;
  return ch;
}

ContentChange Store::delete_rule_set(const std::string& id) {
  require_writable("delete a rule set");
  if (!row_exists(*db_, "SELECT 1 FROM rule_set WHERE id = ?", {id}))
    throw EditError(path_, EditError::Why::NotFound, {{"rule_set", id, "id", id, "the id of a rule set"}});
  {
    SQLite::Statement used(*db_, "SELECT 'level', id FROM level WHERE rule_set = ?1 "
                                 "UNION ALL SELECT 'rule_set', id FROM rule_set WHERE parent = ?1 LIMIT 1");
    used.bind(1, id);
    if (used.executeStep()) {
      const std::string table = used.getColumn(0).getString(), row = used.getColumn(1).getString();
      throw EditError(path_, EditError::Why::InUse,
                      {{table, row, table == "level" ? "rule_set" : "parent", id,
                        "rule set " + id + " is still used here; nothing was deleted"}});
    }
  }
  checked_write("delete rule set " + id, [&] {
    for (const char* sql : {"DELETE FROM rule_param WHERE rule_set = ?", "DELETE FROM rule_set_pool WHERE rule_set = ?",
                            "DELETE FROM rule_set WHERE id = ?"}) {
      SQLite::Statement del(*db_, sql);
      del.bind(1, id);
      del.exec();
    }
  });
  ContentChange ch;
  ch.rule_sets = true;
  return ch;
}

int Store::pool_count(const std::string& rule_set, const std::string& tile_set, const std::string& tile_id) const {
  try {
    SQLite::Statement q(*db_, "SELECT count FROM rule_set_pool WHERE rule_set = ? AND tile_set = ? AND tile_id = ?");
    q.bind(1, rule_set);
    q.bind(2, tile_set);
    q.bind(3, tile_id);
    return q.executeStep() ? q.getColumn(0).getInt() : 0;
  } catch (const SQLite::Exception& e) {
    throw_if_busy(path_, e);
    throw StoreError(path_ + ": cannot read the pool of " + rule_set + " (" + sqlite_message(e) + ")");
  }
}

ContentChange Store::set_pool_count(const std::string& rule_set, const std::string& tile_set,
                                    const std::string& tile_id, int count) {
  require_writable("change a pool");
  const std::string row = rule_set + "/" + tile_set + "/" + tile_id;
  if (!row_exists(*db_, "SELECT 1 FROM rule_set WHERE id = ?", {rule_set}))
    throw EditError(path_, EditError::Why::NotFound, {{"rule_set_pool", row, "rule_set", rule_set, "the id of a rule set"}});
  if (!row_exists(*db_, "SELECT 1 FROM tile_type WHERE tile_set = ? AND id = ?", {tile_set, tile_id}))
    throw EditError(path_, EditError::Why::NotFound,
                    {{"rule_set_pool", row, "tile_id", tile_set + "/" + tile_id, "an existing tile type (tile_set/id)"}});
  if (count < 0 || count > kMaxPoolCount)
    throw EditError(path_, EditError::Why::BadValue,
                    {{"rule_set_pool", row, "count", std::to_string(count),
                      "an integer in 0.." + std::to_string(kMaxPoolCount)}});
  checked_write("change the pool of " + rule_set, [&] {
    SQLite::Statement st(*db_, count > 0 ? "INSERT INTO rule_set_pool (rule_set, tile_set, tile_id, count) "
                                           "VALUES (?, ?, ?, ?) ON CONFLICT (rule_set, tile_set, tile_id) "
                                           "DO UPDATE SET count = excluded.count"
                                         : "DELETE FROM rule_set_pool WHERE rule_set = ? AND tile_set = ? AND tile_id = ?");
    st.bind(1, rule_set);
    st.bind(2, tile_set);
    st.bind(3, tile_id);
    if (count > 0) st.bind(4, count);
    st.exec();
  });
  ContentChange ch;
  ch.rule_sets = true;
  ch.levels = true;
  return ch;
}

ContentChange Store::set_level_value(const std::string& level, const std::string& column, const std::string& value) {
  require_writable("change a level");
  const LevelColumn* col = find_level_column(column);
  if (!col || col->type == LevelColumnType::Id) {
    std::vector<std::string> names;
    for (const auto& c : level_columns())
      if (c.type != LevelColumnType::Id) names.emplace_back(c.name);
    throw EditError(path_, EditError::Why::NotFound,
                    {{"level", level, column, value,
                      "a column of level that can be set" + (col ? "" : text::did_you_mean(column, names)) + ": " +
                          text::joined(names)}});
  }
  const Content c = load_content();
  const Level* before = c.find_level(level);
  if (!before) throw EditError(path_, EditError::Why::NotFound, {{"level", level, "id", level, "the id of a level"}});
  Level after = *before;
  if (auto e = tw::set_level_value(after, *col, value)) throw EditError(path_, EditError::Why::BadValue, {*e});
  try {
    write_level(after, c);
  } catch (const EditError&) {
    throw;
  } catch (const LoadError& e) {
    throw EditError(path_, EditError::Why::BadValue, e.errors());
  }
  ContentChange ch;
  ch.levels = true;
  return ch;
}

ContentChange Store::set_level_followers(const std::string& level, const std::vector<LevelFollowers>& rows) {
  require_writable("change a level");
  const Content c = load_content();
  const Level* before = c.find_level(level);
  if (!before) throw EditError(path_, EditError::Why::NotFound, {{"level", level, "id", level, "the id of a level"}});
  Level after = *before;
  after.followers = rows;
  std::sort(after.followers.begin(), after.followers.end(),
            [](const LevelFollowers& a, const LevelFollowers& b) { return a.players < b.players; });
  for (size_t i = 1; i < after.followers.size(); ++i)
    if (after.followers[i].players == after.followers[i - 1].players)
      throw EditError(path_, EditError::Why::BadValue,
                      {{"level_followers", level + "/" + std::to_string(after.followers[i].players), "players",
                        std::to_string(after.followers[i].players), "each player count once"}});
  try {
    write_level(after, c);
  } catch (const LoadError& e) {
    throw EditError(path_, EditError::Why::BadValue, e.errors());
  }
  ContentChange ch;
  ch.levels = true;
  return ch;
}

ContentChange Store::clone_level(const std::string& source, const std::string& new_id, const std::string& new_name) {
  require_writable("clone a level");
  const Content c = load_content();
  const Level* from = c.find_level(source);
  if (!from) throw EditError(path_, EditError::Why::NotFound, {{"level", source, "id", source, "the id of a level"}});
  if (c.find_level(new_id))
    throw EditError(path_, EditError::Why::Exists, {{"level", new_id, "id", new_id, "an id no level has yet"}});
  Level copy = *from;
  copy.id = new_id;
  copy.name = new_name;
  for (const auto& l : c.levels) copy.position = std::max(copy.position, l.position + 1);
  try {
    write_level(copy, c);
  } catch (const LoadError& e) {
    throw EditError(path_, EditError::Why::BadValue, e.errors());
  }
  ContentChange ch;
  ch.levels = true;
  return ch;
}

namespace store_layer {
SQLite::Database& connection(Store& s) { return *s.db_; }
}  // namespace store_layer

}  // namespace tw
