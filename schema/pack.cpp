#include "schema/pack.h"

#include <SQLiteCpp/SQLiteCpp.h>
#include <sqlite3.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstring>
#include <functional>
#include <set>

#include "engine/rng.h"
#include "engine/text.h"
#include "schema/connection.h"
#include "schema/migrations.h"

#ifndef TW_VERSION
#define TW_VERSION "unknown"
#endif

namespace tw::pack {
namespace {

using OJ = nlohmann::ordered_json;
using J = nlohmann::json;

struct ChildSpec {
  const char* table;
  const char* field;                 // the array's name in the item
  std::vector<const char*> fk;       // child columns holding the parent's key, in key order
  std::vector<const char*> key;      // identity of a child row within its parent
  const char* order;                 // ORDER BY
};
struct TableSpec {
  const char* table;
  std::vector<const char*> key;
  std::vector<ChildSpec> children;
};

// In import order: what a row refers to comes first.
const std::vector<TableSpec>& tables() {
  static const std::vector<TableSpec> t = {
      {"terrain", {"id"}, {}},
      {"tile_set", {"id"}, {}},
      {"tile_type", {"tile_set", "id"}, {{"tile_segment", "segments", {"tile_set", "tile_id"}, {"idx"}, "idx"}}},
      {"rule_set",
       {"id"},
       {{"rule_set_pool", "pool", {"rule_set"}, {"tile_set", "tile_id"}, "rowid"},
        {"rule_param", "params", {"rule_set"}, {"key"}, "key"}}},
      {"level", {"id"}, {{"level_followers", "followers", {"level"}, {"players"}, "players"}}},
  };
  return t;
}

const TableSpec* find_table(std::string_view name) {
  for (const auto& t : tables())
    if (name == t.table) return &t;
  return nullptr;
}

std::string value_text(const J& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_null()) return "NULL";
  return v.dump();
}

// "base/A", "gcc": the values of `cols` in a row, joined (an item's or a child row's key).
std::string key_of(const std::vector<const char*>& cols, const OJ& row) {
  std::string k;
  for (size_t i = 0; i < cols.size(); ++i) {
    if (i) k += '/';
    const auto it = row.find(cols[i]);
    k += it == row.end() ? std::string() : value_text(*it);
  }
  return k;
}
std::string key_of(const TableSpec& spec, const OJ& row) { return key_of(spec.key, row); }
std::string child_key(const ChildSpec& spec, const OJ& row) { return key_of(spec.key, row); }

std::vector<std::string> columns_of(SQLite::Database& db, const std::string& table) {
  std::vector<std::string> cols;
  SQLite::Statement q(db, "SELECT name FROM pragma_table_info(?)");
  q.bind(1, table);
  while (q.executeStep()) cols.push_back(q.getColumn(0).getString());
  return cols;
}

OJ row_json(SQLite::Statement& q, const std::vector<const char*>& skip = {}) {
  OJ o = OJ::object();
  for (int i = 0; i < q.getColumnCount(); ++i) {
    const std::string name = q.getColumnName(i);
    if (std::find_if(skip.begin(), skip.end(), [&](const char* s) { return name == s; }) != skip.end()) continue;
    const SQLite::Column c = q.getColumn(i);
    switch (c.getType()) {
      case SQLITE_NULL: o[name] = nullptr; break;
      case SQLITE_INTEGER: o[name] = c.getInt64(); break;
      case SQLITE_FLOAT: o[name] = c.getDouble(); break;
      case SQLITE_BLOB: o[name] = "<blob>"; break;
      default: o[name] = c.getString(); break;
    }
  }
  return o;
}

void bind_value(SQLite::Statement& st, int idx, const J& v) {
  if (v.is_null()) st.bind(idx);
  else if (v.is_number_integer()) st.bind(idx, v.get<int64_t>());
  else if (v.is_number()) st.bind(idx, v.get<double>());
  else if (v.is_boolean()) st.bind(idx, static_cast<int64_t>(v.get<bool>() ? 1 : 0));
  else st.bind(idx, v.get<std::string>());
}

std::vector<std::string> split_key(const std::string& k, size_t parts) {
  std::vector<std::string> out;
  size_t start = 0;
  for (size_t i = 0; i + 1 < parts; ++i) {
    const size_t slash = k.find('/', start);
    if (slash == std::string::npos) break;
    out.push_back(k.substr(start, slash - start));
    start = slash + 1;
  }
  out.push_back(k.substr(start));
  return out;
}

std::string where_key(const std::vector<const char*>& cols) {
  std::string w;
  for (size_t i = 0; i < cols.size(); ++i) w += (i ? " AND " : "") + std::string(cols[i]) + " = ?";
  return w;
}

// The item (row + children) with these key values, or nullopt.
std::optional<OJ> read_item(SQLite::Database& db, const TableSpec& spec, const std::vector<std::string>& keys) {
  SQLite::Statement q(db, "SELECT * FROM " + std::string(spec.table) + " WHERE " + where_key(spec.key));
  for (size_t i = 0; i < keys.size(); ++i) q.bind(static_cast<int>(i + 1), keys[i]);
  if (!q.executeStep()) return std::nullopt;
  OJ item = row_json(q);
  for (const ChildSpec& c : spec.children) {
    SQLite::Statement cq(db, "SELECT * FROM " + std::string(c.table) + " WHERE " + where_key(c.fk) +
                                 " ORDER BY " + c.order);
    for (size_t i = 0; i < keys.size(); ++i) cq.bind(static_cast<int>(i + 1), keys[i]);
    OJ rows = OJ::array();
    while (cq.executeStep()) rows.push_back(row_json(cq, c.fk));
    item[c.field] = std::move(rows);
  }
  return item;
}

std::vector<std::string> all_keys(SQLite::Database& db, const TableSpec& spec, const std::string& where = {},
                                  const std::string& bind = {}) {
  std::string cols;
  for (size_t i = 0; i < spec.key.size(); ++i) cols += (i ? " || '/' || " : "") + std::string(spec.key[i]);
  SQLite::Statement q(db, "SELECT " + cols + " FROM " + spec.table + (where.empty() ? "" : " WHERE " + where) +
                              " ORDER BY rowid");
  if (!where.empty()) q.bind(1, bind);
  std::vector<std::string> out;
  while (q.executeStep()) out.push_back(q.getColumn(0).getString());
  return out;
}

// The canonical form of an item: object keys sorted, child rows sorted by their key.
J canonical(const TableSpec& spec, const OJ& item) {
  J j = J::parse(item.dump());
  for (const ChildSpec& c : spec.children) {
    if (!j.contains(c.field) || !j[c.field].is_array()) continue;
    std::vector<std::pair<std::string, J>> rows;
    for (const auto& r : item[c.field]) rows.emplace_back(child_key(c, r), J::parse(r.dump()));
    std::sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    J arr = J::array();
    for (auto& [k, r] : rows) arr.push_back(std::move(r));
    j[c.field] = std::move(arr);
  }
  return j;
}

uint64_t digest_of(const TableSpec& spec, const OJ& item) {
  Fnv64 h;
  h.text("tilewright item 1");
  h.text(spec.table);
  h.text(canonical(spec, item).dump());
  return h.h;
}

std::vector<Difference> diff_items(const std::string& item_key, const TableSpec& spec, const OJ& here,
                                   const OJ& there) {
  std::vector<Difference> out;
  std::set<std::string> cols;
  for (auto it = here.begin(); it != here.end(); ++it) cols.insert(it.key());
  for (auto it = there.begin(); it != there.end(); ++it) cols.insert(it.key());
  auto is_child = [&](const std::string& c) {
    for (const ChildSpec& ch : spec.children)
      if (c == ch.field) return &ch;
    return static_cast<const ChildSpec*>(nullptr);
  };
  auto show = [](const OJ& o, const std::string& c) {
    const auto it = o.find(c);
    return it == o.end() ? std::string("(none)") : value_text(J::parse(it->dump()));
  };
  for (const std::string& c : cols) {
    if (const ChildSpec* ch = is_child(c)) {
      std::map<std::string, OJ> a, b;
      if (here.contains(c))
        for (const auto& r : here[c]) a[child_key(*ch, r)] = r;
      if (there.contains(c))
        for (const auto& r : there[c]) b[child_key(*ch, r)] = r;
      std::set<std::string> keys;
      for (const auto& [k, v] : a) keys.insert(k);
      for (const auto& [k, v] : b) keys.insert(k);
      const bool params = std::string_view(ch->field) == "params";
      for (const std::string& k : keys) {
        const std::string field = params ? "params." + k : std::string(ch->field) + "[" + k + "]";
        const auto ia = a.find(k), ib = b.find(k);
        auto brief = [&](const OJ& r) {
          if (params) return show(r, "value");
          std::string s;
          for (auto it = r.begin(); it != r.end(); ++it) {
            if (std::find_if(ch->key.begin(), ch->key.end(), [&](const char* kk) { return it.key() == kk; }) !=
                ch->key.end())
              continue;
            s += (s.empty() ? "" : " ") + it.key() + "=" + value_text(J::parse(it->dump()));
          }
          return s.empty() ? std::string("present") : s;
        };
        if (ia == a.end()) {
          out.push_back({item_key, field, "(none)", brief(ib->second)});
        } else if (ib == b.end()) {
          out.push_back({item_key, field, brief(ia->second), "(none)"});
        } else if (J::parse(ia->second.dump()) != J::parse(ib->second.dump())) {
          if (params) {
            out.push_back({item_key, field, brief(ia->second), brief(ib->second)});
          } else {
            std::set<std::string> sub;
            for (auto it = ia->second.begin(); it != ia->second.end(); ++it) sub.insert(it.key());
            for (auto it = ib->second.begin(); it != ib->second.end(); ++it) sub.insert(it.key());
            for (const std::string& s : sub)
              if (show(ia->second, s) != show(ib->second, s))
                out.push_back({item_key, field + "." + s, show(ia->second, s), show(ib->second, s)});
          }
        }
      }
      continue;
    }
    if (show(here, c) != show(there, c)) out.push_back({item_key, c, show(here, c), show(there, c)});
  }
  return out;
}

std::string item_key(const TableSpec& spec, const std::string& key) { return std::string(spec.table) + ":" + key; }

// ---------------------------------------------------------------------------------------
// Export.

struct Closure {
  std::map<std::string, std::set<std::string>> keys;  // table -> item keys
  void add(const std::string& table, const std::string& key) { keys[table].insert(key); }
  bool has(const std::string& table, const std::string& key) const {
    const auto it = keys.find(table);
    return it != keys.end() && it->second.count(key);
  }
};

void add_tile_set(SQLite::Database& db, Closure& c, const std::string& ts) {
  if (c.has("tile_set", ts)) return;
  c.add("tile_set", ts);
  for (const auto& k : all_keys(db, *find_table("tile_type"), "tile_set = ?", ts)) c.add("tile_type", k);
  SQLite::Statement q(db, "SELECT DISTINCT terrain FROM tile_segment WHERE tile_set = ?");
  q.bind(1, ts);
  while (q.executeStep()) c.add("terrain", q.getColumn(0).getString());
}

void add_rule_set(SQLite::Database& db, Closure& c, const std::string& id, int depth = 0) {
  if (c.has("rule_set", id) || depth > 64) return;
  c.add("rule_set", id);
  SQLite::Statement q(db, "SELECT parent, start_tile_set FROM rule_set WHERE id = ?");
  q.bind(1, id);
  if (!q.executeStep()) return;
  if (!q.getColumn(0).isNull()) add_rule_set(db, c, q.getColumn(0).getString(), depth + 1);
  add_tile_set(db, c, q.getColumn(1).getString());
  SQLite::Statement p(db, "SELECT DISTINCT tile_set FROM rule_set_pool WHERE rule_set = ?");
  p.bind(1, id);
  while (p.executeStep()) add_tile_set(db, c, p.getColumn(0).getString());
}

Pack build(SQLite::Database& db, const Closure& c, const std::vector<std::string>& asked, const std::string& source) {
  Pack p;
  p.source = source;
  OJ& j = p.json;
  j["format"] = kPackFormat;
  j["version"] = kPackVersion;
  j["schema"] = latest_schema_version();
  j["engine"] = TW_VERSION;
  j["items"] = asked;
  for (const TableSpec& spec : tables()) {
    OJ rows = OJ::array();
    const auto it = c.keys.find(spec.table);
    if (it != c.keys.end())
      for (const std::string& k : all_keys(db, spec))
        if (it->second.count(k))
          if (auto item = read_item(db, spec, split_key(k, spec.key.size()))) rows.push_back(std::move(*item));
    j[spec.table] = std::move(rows);
  }
  return p;
}

// A value for a message: scalars as written, structures by their kind (never dumped
// whole: a pack may nest them deeply).
std::string brief(const OJ& v) {
  if (v.is_array()) return "an array";
  if (v.is_object()) return "an object";
  return text::printable(v.dump(-1, ' ', false, OJ::error_handler_t::replace), 80);
}

std::string sql_error(const SQLite::Exception& e) {
  std::string m = e.what();
  return text::printable(m, 300);
}

}  // namespace

std::string describe_item(const std::string& key) {
  const auto colon = key.find(':');
  std::string table = key.substr(0, colon);
  std::replace(table.begin(), table.end(), '_', ' ');
  return table + " " + (colon == std::string::npos ? std::string() : key.substr(colon + 1));
}

std::string to_string(const Difference& d, std::string_view here, std::string_view there) {
  return describe_item(d.item) + ": " + d.field + ": " + std::string(here) + " " + d.here + ", " +
         std::string(there) + " " + d.there;
}

Pack export_pack(Store& store, const std::vector<std::string>& ids) {
  SQLite::Database& db = store_layer::connection(store);
  Closure c;
  std::vector<std::string> asked;
  try {
    const auto rule_sets = all_keys(db, *find_table("rule_set"));
    const auto levels = all_keys(db, *find_table("level"));
    const auto tile_sets = all_keys(db, *find_table("tile_set"));
    auto has = [](const std::vector<std::string>& v, const std::string& id) {
      return std::find(v.begin(), v.end(), id) != v.end();
    };
    for (std::string id : ids) {
      std::string kind;
      for (const char* prefix : {"rule_set:", "level:", "tile_set:"})
        if (id.rfind(prefix, 0) == 0) {
          kind = std::string(prefix, std::strlen(prefix) - 1);
          id = id.substr(kind.size() + 1);
        }
      const bool rs = has(rule_sets, id), lv = has(levels, id), ts = has(tile_sets, id);
      // A bare id names a rule set before a level before a tile set ("base" is the rule set).
      if (kind.empty()) kind = rs ? "rule_set" : lv ? "level" : ts ? "tile_set" : "";
      if (kind == "rule_set" && rs) {
        add_rule_set(db, c, id);
      } else if (kind == "level" && lv) {
        c.add("level", id);
        SQLite::Statement q(db, "SELECT rule_set FROM level WHERE id = ?");
        q.bind(1, id);
        if (q.executeStep()) add_rule_set(db, c, q.getColumn(0).getString());
      } else if (kind == "tile_set" && ts) {
        add_tile_set(db, c, id);
      } else {
        std::vector<std::string> all = rule_sets;
        all.insert(all.end(), levels.begin(), levels.end());
        all.insert(all.end(), tile_sets.begin(), tile_sets.end());
        throw PackError(store.path() + ": no rule set, level or tile set '" + text::printable(id, 80) + "'" +
                         text::did_you_mean(id, all) + "; there are: " + text::joined(all));
      }
      asked.push_back(kind == "rule_set" ? id : kind + ":" + id);
    }
    return build(db, c, asked, store.path());
  } catch (const SQLite::Exception& e) {
    throw_if_busy(store.path(), e);
    throw StoreError(store.path() + ": cannot read the content to export (" + sql_error(e) + ")");
  }
}

Pack export_all(Store& store) {
  SQLite::Database& db = store_layer::connection(store);
  Closure c;
  try {
    for (const TableSpec& spec : tables())
      for (const auto& k : all_keys(db, spec)) c.add(spec.table, k);
    return build(db, c, {}, store.path());
  } catch (const SQLite::Exception& e) {
    throw_if_busy(store.path(), e);
    throw StoreError(store.path() + ": cannot read the content to export (" + sql_error(e) + ")");
  }
}

std::string pack_text(const Pack& pack) {
  const OJ& j = pack.json;
  std::string out = "{";
  bool first = true;
  for (auto it = j.begin(); it != j.end(); ++it) {
    out += first ? "" : ",";
    first = false;
    const bool rows = find_table(it.key()) != nullptr && it->is_array();
    if (!rows) {
      out += "\n " + OJ(it.key()).dump() + ": " + it->dump(-1, ' ', false, OJ::error_handler_t::replace);
      continue;
    }
    out += "\n " + OJ(it.key()).dump() + ": [";
    for (size_t i = 0; i < it->size(); ++i)
      out += std::string(i ? "," : "") + "\n  " + (*it)[i].dump(-1, ' ', false, OJ::error_handler_t::replace);
    out += it->empty() ? "]" : "\n ]";
  }
  out += "\n}\n";
  return out;
}

Pack parse_pack(std::string_view text, const std::string& source) {
  if (text.size() > kMaxPackBytes)
    throw PackError(source + ": the pack has " + std::to_string(text.size()) + " bytes; at most " +
                    std::to_string(kMaxPackBytes) + " are read");
  {
    // Nesting and size first, outside strings: a deeply nested or value-dense text would
    // take far more memory as a JSON tree than as text. Values: arrays, objects, strings
    // and scalars, less the strings that are keys (one per ':').
    size_t line = 1, col = 0, values = 0, keys = 0;
    int depth = 0;
    std::array<size_t, kMaxPackDepth + 2> members{};  // per open object: its keys so far
    bool in_string = false, escaped = false, in_scalar = false;
    for (const char ch : text) {
      if (ch == '\n') {
        ++line;
        col = 0;
      } else {
        ++col;
      }
      if (in_string) {
        if (escaped) escaped = false;
        else if (ch == '\\') escaped = true;
        else if (ch == '"') in_string = false;
        continue;
      }
      const bool scalar = std::isalnum(static_cast<unsigned char>(ch)) || ch == '-' || ch == '+' || ch == '.';
      if (scalar && !in_scalar) ++values;
      in_scalar = scalar;
      if (ch == '"') {
        in_string = true;
        ++values;
      } else if (ch == ':') {
        ++keys;
        if (depth > 0 && ++members[static_cast<size_t>(depth)] > kMaxPackMembers)
          throw PackError(source + ":" + std::to_string(line) + ":" + std::to_string(col) +
                          ": not a content pack (an object of more than " + std::to_string(kMaxPackMembers) +
                          " members; a pack's rows have a few dozen)");
      } else if (ch == '[' || ch == '{') {
        ++values;
        if (++depth > kMaxPackDepth)
          throw PackError(source + ":" + std::to_string(line) + ":" + std::to_string(col) +
                          ": not a content pack (JSON nested more than " + std::to_string(kMaxPackDepth) +
                          " deep; a pack nests 4 deep)");
        members[static_cast<size_t>(depth)] = 0;
      } else if (ch == ']' || ch == '}') {
        if (depth > 0) --depth;  // a close with nothing open: the JSON parser refuses it below
      }
      if (values > 2 * kMaxPackValues + keys) break;  // (counted to the end, the text is only longer)
    }
    if (values - std::min(values, keys) > kMaxPackValues)
      throw PackError(source + ": not a content pack (more than " + std::to_string(kMaxPackValues) +
                      " JSON values: arrays, objects, strings and numbers; a pack holds at most that many)");
  }
  Pack p;
  p.source = source;
  try {
    p.json = OJ::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    // e.byte is 1-based; name the line and column.
    size_t line = 1, col = 1;
    for (size_t i = 0; i + 1 < e.byte && i < text.size(); ++i) {
      if (text[i] == '\n') ++line, col = 1;
      else ++col;
    }
    std::string what = e.what();
    const auto colon = what.rfind(": ");
    throw PackError(source + ":" + std::to_string(line) + ":" + std::to_string(col) +
                    ": not a content pack (malformed JSON: " +
                    text::printable(colon == std::string::npos ? what : what.substr(colon + 2), 200) + ")");
  } catch (const nlohmann::json::exception& e) {
    // Well-formed JSON the reader still refuses, such as a number too large for a double
    // (1e999): no byte offset is known, so name the value as the reader does.
    std::string what = e.what();
    const auto bracket = what.find("] ");
    throw PackError(source + ": not a content pack (" +
                    text::printable(bracket == std::string::npos ? what : what.substr(bracket + 2), 200) + ")");
  }
  const OJ& j = p.json;
  if (!j.is_object() || !j.contains("format") || j["format"] != kPackFormat)
    throw PackError(source + ": not a content pack (no \"format\": \"" + std::string(kPackFormat) + "\")");
  if (!j.contains("version") || !j["version"].is_number_integer())
    throw PackError(source + ": the pack has no integer \"version\"");
  if (j["version"].get<int64_t>() > kPackVersion)
    throw PackError(source + ": a pack of version " + j["version"].dump() + "; this build reads version " +
                    std::to_string(kPackVersion) + " and older. Update Tilewright.");
  if (j.contains("schema") && (!j["schema"].is_number_integer() || j["schema"].get<int64_t>() > latest_schema_version()))
    throw PackError(source + ": the pack comes from a database of schema version " + brief(j["schema"]) +
                    "; this build knows versions up to " + std::to_string(latest_schema_version()) +
                    ". Update Tilewright.");
  for (auto it = j.begin(); it != j.end(); ++it) {
    const std::string& k = it.key();
    if (k == "format" || k == "version" || k == "schema" || k == "engine") continue;
    if (k == "items") {
      if (!it->is_array()) throw PackError(source + ": \"items\" must be an array of ids");
      for (const auto& v : *it)
        if (!v.is_string()) throw PackError(source + ": \"items\" must be an array of ids");
      continue;
    }
    const TableSpec* spec = find_table(k);
    if (!spec) {
      std::vector<std::string> names;
      for (const auto& t : tables()) names.push_back(t.table);
      throw PackError(source + ": unknown section \"" + text::printable(k, 60) + "\"" + text::did_you_mean(k, names) +
                      "; sections: " + text::joined(names));
    }
    if (!it->is_array()) throw PackError(source + ": \"" + k + "\" must be an array of rows");
    for (size_t i = 0; i < it->size(); ++i) {
      const OJ& row = (*it)[i];
      const std::string at = source + ": " + k + "[" + std::to_string(i) + "]";
      if (!row.is_object()) throw PackError(at + ": a row must be an object");
      for (const char* key : spec->key)
        if (!row.contains(key) || !(row[key].is_string() || row[key].is_number_integer()))
          throw PackError(at + ": the key column '" + key + "' is missing or not text");
      const std::string where = at + " (" + key_of(*spec, row) + ")";
      for (auto c = row.begin(); c != row.end(); ++c) {
        const ChildSpec* child = nullptr;
        for (const auto& ch : spec->children)
          if (c.key() == ch.field) child = &ch;
        if (child) {
          if (!c->is_array()) throw PackError(where + ": \"" + c.key() + "\" must be an array of rows");
          for (size_t r = 0; r < c->size(); ++r) {
            const OJ& cr = (*c)[r];
            const std::string cat = where + ": " + c.key() + "[" + std::to_string(r) + "]";
            if (!cr.is_object()) throw PackError(cat + ": a row must be an object");
            for (auto v = cr.begin(); v != cr.end(); ++v)
              if (!(v->is_string() || v->is_number_integer() || v->is_null()))
                throw PackError(cat + ": column '" + text::printable(v.key(), 60) +
                                "' must be text, an integer or null, not " + brief(*v));
          }
          continue;
        }
        if (!(c->is_string() || c->is_number_integer() || c->is_null()))
          throw PackError(where + ": column '" + text::printable(c.key(), 60) +
                          "' must be text, an integer or null, not " + brief(*c));
      }
    }
  }
  return p;
}

namespace {

// Renames rule sets and levels throughout the pack (their rows and every reference).
void apply_renames(Pack& p, const std::map<std::string, std::string>& renames) {
  if (renames.empty()) return;
  OJ& j = p.json;
  std::set<std::string> found;
  auto ren = [&](OJ& v, bool count) {
    if (!v.is_string()) return;
    const auto it = renames.find(v.get<std::string>());
    if (it == renames.end()) return;
    if (count) found.insert(it->first);
    v = it->second;
  };
  if (j.contains("rule_set"))
    for (auto& r : j["rule_set"]) {
      ren(r["id"], true);
      if (r.contains("parent")) ren(r["parent"], false);
    }
  if (j.contains("level"))
    for (auto& r : j["level"]) {
      ren(r["id"], true);
      if (r.contains("rule_set")) ren(r["rule_set"], false);
    }
  if (j.contains("items"))
    for (auto& v : j["items"]) {
      std::string s = v.get<std::string>();
      const auto colon = s.find(':');
      const std::string prefix = colon == std::string::npos ? "" : s.substr(0, colon + 1);
      const std::string id = colon == std::string::npos ? s : s.substr(colon + 1);
      if (const auto it = renames.find(id); it != renames.end()) v = prefix + it->second;
    }
  for (const auto& [from, to] : renames) {
    if (!found.count(from))
      throw PackError(p.source + ": --rename " + from + "=" + to + ": the pack has no rule set or level '" + from + "'");
    if (to.empty() || to.size() > 64) throw PackError(p.source + ": --rename: a new id must have 1 to 64 characters");
  }
}

struct Planned {
  const TableSpec* spec;
  const OJ* row;
  PlanItem item;
};

std::vector<Planned> plan(SQLite::Database& db, const Pack& pack) {
  std::vector<Planned> out;
  for (const TableSpec& spec : tables()) {
    if (!pack.json.contains(spec.table)) continue;
    for (const OJ& row : pack.json[spec.table]) {
      Planned pl{&spec, &row, {}};
      const std::string k = key_of(spec, row);
      pl.item.key = item_key(spec, k);
      pl.item.digest = digest_of(spec, row);
      if (auto here = read_item(db, spec, split_key(k, spec.key.size()))) {
        pl.item.here_digest = digest_of(spec, *here);
        if (canonical(spec, *here) == canonical(spec, row)) {
          pl.item.status = ItemStatus::Same;
        } else {
          pl.item.status = ItemStatus::Differs;
          pl.item.differences = diff_items(pl.item.key, spec, *here, row);
        }
      }
      out.push_back(std::move(pl));
    }
  }
  return out;
}

void check_columns(SQLite::Database& db, const Pack& p) {
  for (const TableSpec& spec : tables()) {
    if (!p.json.contains(spec.table)) continue;
    const auto cols = columns_of(db, spec.table);
    std::map<std::string, std::vector<std::string>> child_cols;
    for (const auto& c : spec.children) child_cols[c.field] = columns_of(db, c.table);
    const OJ& rows = p.json[spec.table];
    for (size_t i = 0; i < rows.size(); ++i) {
      const OJ& row = rows[i];
      const std::string at = p.source + ": " + spec.table + "[" + std::to_string(i) + "] (" + key_of(spec, row) + ")";
      for (auto c = row.begin(); c != row.end(); ++c) {
        if (child_cols.count(c.key())) {
          const auto& cc = child_cols[c.key()];
          for (const auto& cr : *c)
            for (auto v = cr.begin(); v != cr.end(); ++v)
              if (std::find(cc.begin(), cc.end(), v.key()) == cc.end())
                throw PackError(at + ": " + c.key() + ": unknown column '" + text::printable(v.key(), 60) + "'" +
                                text::did_you_mean(v.key(), cc) + "; columns: " + text::joined(cc));
          continue;
        }
        if (std::find(cols.begin(), cols.end(), c.key()) == cols.end())
          throw PackError(at + ": unknown column '" + text::printable(c.key(), 60) + "'" +
                          text::did_you_mean(c.key(), cols) + "; columns: " + text::joined(cols));
      }
    }
  }
}

void insert_row(SQLite::Database& db, const std::string& table, const OJ& row, const std::vector<const char*>& skip,
                const std::vector<std::pair<std::string, std::string>>& extra) {
  std::string names, marks;
  std::vector<J> values;
  for (const auto& [k, v] : extra) {
    names += (names.empty() ? "" : ", ") + k;
    marks += marks.empty() ? "?" : ", ?";
    values.push_back(v);
  }
  for (auto it = row.begin(); it != row.end(); ++it) {
    if (it->is_array()) continue;
    if (std::find_if(skip.begin(), skip.end(), [&](const char* s) { return it.key() == s; }) != skip.end()) continue;
    names += (names.empty() ? "" : ", ") + it.key();
    marks += marks.empty() ? "?" : ", ?";
    values.push_back(J::parse(it->dump()));
  }
  SQLite::Statement st(db, "INSERT INTO " + table + " (" + names + ") VALUES (" + marks + ")");
  for (size_t i = 0; i < values.size(); ++i) bind_value(st, static_cast<int>(i + 1), values[i]);
  st.exec();
}

void write_item(SQLite::Database& db, const TableSpec& spec, const OJ& row, bool replace) {
  const std::string k = key_of(spec, row);
  const auto keys = split_key(k, spec.key.size());
  if (replace) {
    std::string sets;
    std::vector<J> values;
    for (auto it = row.begin(); it != row.end(); ++it) {
      if (it->is_array()) continue;
      if (std::find_if(spec.key.begin(), spec.key.end(), [&](const char* s) { return it.key() == s; }) !=
          spec.key.end())
        continue;
      sets += (sets.empty() ? "" : ", ") + it.key() + " = ?";
      values.push_back(J::parse(it->dump()));
    }
    if (!sets.empty()) {
      SQLite::Statement st(db, "UPDATE " + std::string(spec.table) + " SET " + sets + " WHERE " + where_key(spec.key));
      int i = 1;
      for (const auto& v : values) bind_value(st, i++, v);
      for (const auto& kv : keys) st.bind(i++, kv);
      st.exec();
    }
    for (const ChildSpec& c : spec.children) {
      SQLite::Statement del(db, "DELETE FROM " + std::string(c.table) + " WHERE " + where_key(c.fk));
      for (size_t i = 0; i < keys.size(); ++i) del.bind(static_cast<int>(i + 1), keys[i]);
      del.exec();
    }
  } else {
    insert_row(db, spec.table, row, {}, {});
  }
  for (const ChildSpec& c : spec.children) {
    if (!row.contains(c.field)) continue;
    std::vector<std::pair<std::string, std::string>> fk;
    for (size_t i = 0; i < c.fk.size(); ++i) fk.emplace_back(c.fk[i], keys[i]);
    for (const OJ& cr : row[c.field]) insert_row(db, c.table, cr, c.fk, fk);
  }
}

void set_meta_in(SQLite::Database& db, const std::string& key, const std::string& value) {
  SQLite::Statement st(db, "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value");
  st.bind(1, key);
  st.bind(2, value);
  st.exec();
}


// Rule sets ordered so that a parent comes before its children.
std::vector<Planned*> in_write_order(std::vector<Planned>& planned) {
  std::vector<Planned*> out;
  std::vector<Planned*> rule_sets;
  for (auto& p : planned) {
    if (std::string_view(p.spec->table) == "rule_set") rule_sets.push_back(&p);
  }
  std::set<std::string> done;
  std::function<void(Planned*, int)> visit = [&](Planned* p, int depth) {
    const std::string id = (*p->row)["id"].get<std::string>();
    if (done.count(id) || depth > 64) return;
    if (p->row->contains("parent") && (*p->row)["parent"].is_string())
      for (auto* q : rule_sets)
        if ((*q->row)["id"] == (*p->row)["parent"]) visit(q, depth + 1);
    done.insert(id);
    out.push_back(p);
  };
  for (auto& p : planned) {
    const std::string_view t = p.spec->table;
    if (t == "rule_set") {
      visit(&p, 0);
    } else if (t == "level") {
      continue;
    } else {
      out.push_back(&p);
    }
  }
  for (auto& p : planned)
    if (std::string_view(p.spec->table) == "level") out.push_back(&p);
  return out;
}

}  // namespace

std::vector<PlanItem> plan_import(Store& store, const Pack& pack) {
  std::vector<PlanItem> out;
  try {
    check_columns(store_layer::connection(store), pack);
    for (auto& p : plan(store_layer::connection(store), pack)) out.push_back(std::move(p.item));
  } catch (const SQLite::Exception& e) {
    throw_if_busy(store.path(), e);
    throw StoreError(store.path() + ": cannot compare the pack with the database (" + sql_error(e) + ")");
  }
  return out;
}

std::map<std::string, std::string> primary_rename(const Pack& pack, const std::string& new_id) {
  std::vector<std::string> asked;
  if (pack.json.contains("items"))
    for (const auto& v : pack.json["items"]) asked.push_back(v.get<std::string>());
  if (asked.size() != 1 || asked[0].rfind("tile_set:", 0) == 0)
    throw PackError(pack.source + ": --rename NEW renames the one rule set or level the pack was made for, and this "
                    "pack holds " + (asked.empty() ? std::string("no such item") : text::joined(asked)) +
                    "; say --rename OLD=NEW");
  std::string id = asked[0];
  if (id.rfind("level:", 0) == 0) id = id.substr(6);
  if (id.rfind("rule_set:", 0) == 0) id = id.substr(9);
  return {{id, new_id}};
}

ImportReport import_pack(Store& store, Pack pack, const ImportOptions& options) {
  if (store.read_only()) throw StoreError(store.path() + ": opened read-only; cannot import a pack");
  apply_renames(pack, options.renames);
  SQLite::Database& db = store_layer::connection(store);
  ImportReport report;
  try {
    check_columns(db, pack);
    std::vector<Planned> planned = plan(db, pack);
    std::string conflicts;
    std::set<std::string> seen;
    for (auto& p : planned) {
      if (!seen.insert(p.item.key).second)
        throw PackError(pack.source + ": " + describe_item(p.item.key) + " appears twice in the pack");
      if (p.item.status != ItemStatus::Differs) continue;
      const auto it = options.per_item.find(p.item.key);
      const OnConflict how = it != options.per_item.end() ? it->second : options.on_conflict;
      if (how != OnConflict::Refuse) continue;
      for (const auto& d : p.item.differences) conflicts += "\n  " + to_string(d);
    }
    if (!conflicts.empty())
      throw PackError(pack.source + ": the database already has different content under the same ids (nothing was "
                      "written; --rename NEW imports it under a new id, --replace overwrites):" + conflicts);
    SQLite::Transaction tx(db);
    for (Planned* p : in_write_order(planned)) {
      const auto it = options.per_item.find(p->item.key);
      const OnConflict how = it != options.per_item.end() ? it->second : options.on_conflict;
      bool write = false, replace = false;
      switch (p->item.status) {
        case ItemStatus::New: write = true; report.added.push_back(p->item); break;
        case ItemStatus::Same: report.same.push_back(p->item); break;
        case ItemStatus::Differs:
          if (how == OnConflict::Replace) {
            write = replace = true;
            report.replaced.push_back(p->item);
          } else {
            report.kept.push_back(p->item);
          }
          break;
      }
      if (write) {
        try {
          write_item(db, *p->spec, *p->row, replace);
        } catch (const SQLite::Exception& e) {
          // The disk, not the pack (full, an I/O error): a database error as everywhere else.
          throw_if_storage_failure(store.path(), e, "nothing was written");
          throw PackError(pack.source + ": " + describe_item(p->item.key) + ": " + sql_error(e) + "; nothing was written");
        }
      }
      if (options.mark_shipped && (write || p->item.status == ItemStatus::Same))
        set_meta_in(db, "shipped:" + p->item.key, text::hex64(p->item.digest));
    }
    {
      SQLite::Statement fk(db, "PRAGMA foreign_key_check");
      if (fk.executeStep())
        throw PackError(pack.source + ": a row of table " + fk.getColumn(0).getString() + " refers to a missing row of " +
                        fk.getColumn(2).getString() + "; nothing was written");
    }
    try {
      (void)store.load_content();  // the loader's full check, on the uncommitted rows
    } catch (const LoadError& e) {
      throw LoadError(pack.source + " (imported into " + store.path() + "; nothing was written)", e.errors());
    }
    tx.commit();
  } catch (const SQLite::Exception& e) {
    throw_if_busy(store.path(), e);
    throw StoreError(store.path() + ": cannot import " + pack.source + " (" + sql_error(e) + "); nothing was written");
  }
  return report;
}

std::optional<uint64_t> item_digest(Store& store, const std::string& key) {
  const auto colon = key.find(':');
  if (colon == std::string::npos) return std::nullopt;
  const TableSpec* spec = find_table(key.substr(0, colon));
  if (!spec) return std::nullopt;
  try {
    auto item = read_item(store_layer::connection(store), *spec, split_key(key.substr(colon + 1), spec->key.size()));
    if (!item) return std::nullopt;
    return digest_of(*spec, *item);
  } catch (const SQLite::Exception& e) {
    throw_if_busy(store.path(), e);
    throw StoreError(store.path() + ": cannot read " + describe_item(key) + " (" + sql_error(e) + ")");
  }
}

void mark_all_shipped(Store& store) {
  SQLite::Database& db = store_layer::connection(store);
  try {
    SQLite::Transaction tx(db);
    db.exec("DELETE FROM meta WHERE key LIKE 'shipped:%'");
    for (const TableSpec& spec : tables())
      for (const auto& k : all_keys(db, spec))
        if (auto item = read_item(db, spec, split_key(k, spec.key.size())))
          set_meta_in(db, "shipped:" + item_key(spec, k), text::hex64(digest_of(spec, *item)));
    tx.commit();
  } catch (const SQLite::Exception& e) {
    throw_if_busy(store.path(), e);
    throw StoreError(store.path() + ": cannot record the shipped content (" + sql_error(e) + ")");
  }
}

UpdateReport update_from(Store& store, Store& shipped, bool force) {
  const Pack all = [&] {
    Pack p = export_all(shipped);
    p.source = shipped.path();
    return p;
  }();
  ImportOptions o;
  o.on_conflict = OnConflict::Keep;
  o.mark_shipped = true;
  UpdateReport r;
  for (const PlanItem& it : plan_import(store, all)) {
    if (it.status != ItemStatus::Differs) continue;
    const auto marker = store.meta("shipped:" + it.key);
    const bool untouched = marker && *marker == text::hex64(it.here_digest);
    if (untouched || force) o.per_item[it.key] = OnConflict::Replace;
  }
  ImportReport ir = import_pack(store, all, o);
  r.added = std::move(ir.added);
  r.updated = std::move(ir.replaced);
  r.same = std::move(ir.same);
  r.kept = std::move(ir.kept);
  return r;
}

}  // namespace tw::pack
