#include "cli/content_cmd.h"

#include <algorithm>
#include <iostream>
#include <map>
#include <set>
#include <sstream>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/files.h"
#include "engine/game.h"
#include "engine/rng.h"
#include "engine/rules/level_columns.h"
#include "engine/plural.h"
#include "engine/text.h"
#include "replay/digest.h"
#include "schema/pack.h"
#include "schema/paths.h"
#include "schema/store.h"

namespace tw {

namespace {

using J = nlohmann::ordered_json;

struct Fail {
  int code;
  std::string message;
};

constexpr const char* kDbHelp = "database (default: $TILEWRIGHT_DB, else your own copy of default.db)";

std::string hex(uint64_t v) { return replay::hex64(v); }

// shipped / changed / own: the item against the digest recorded when it was shipped.
std::string status_of(Store& store, const std::vector<std::string>& keys) {
  bool any_marker = false, changed = false;
  for (const auto& k : keys) {
    const auto marker = store.meta("shipped:" + k);
    if (!marker) continue;
    any_marker = true;
    const auto d = pack::item_digest(store, k);
    if (!d || hex(*d) != *marker) changed = true;
  }
  if (!any_marker) return "own";
  return changed ? "changed" : "shipped";
}

std::vector<std::string> tile_set_keys(const Content& c, const std::string& ts) {
  std::vector<std::string> keys{"tile_set:" + ts};
  for (const auto& t : c.tiles)
    if (t.tile_set == ts) keys.push_back("tile_type:" + ts + "/" + t.id);
  return keys;
}

uint64_t tile_set_digest(Store& store, const std::vector<std::string>& keys) {
  Fnv64 h;
  for (const auto& k : keys) h.u64(pack::item_digest(store, k).value_or(0));
  return h.h;
}

std::vector<std::string> tile_set_ids(const Content& c) {
  std::vector<std::string> out;
  for (const auto& t : c.tiles)
    if (std::find(out.begin(), out.end(), t.tile_set) == out.end()) out.push_back(t.tile_set);
  return out;
}

void table(std::ostream& out, const std::vector<std::vector<std::string>>& rows) {
  std::vector<size_t> w;
  for (const auto& r : rows)
    for (size_t i = 0; i < r.size(); ++i) {
      if (w.size() <= i) w.push_back(0);
      w[i] = std::max(w[i], text::printable(r[i], 400).size());
    }
  for (const auto& r : rows) {
    std::string line;
    for (size_t i = 0; i < r.size(); ++i) {
      std::string cell = text::printable(r[i], 400);
      if (i + 1 < r.size()) cell.resize(w[i], ' ');
      line += (i ? "  " : "") + cell;
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out << line << '\n';
  }
}

int do_list(Store& store, const Content& c, const ContentArgs& a, std::ostream& out) {
  std::vector<std::vector<std::string>> rows{{"kind", "id", "system", "parent", "digest", "status"}};
  J j;
  J jr = J::array(), jl = J::array(), jt = J::array();
  for (const RuleSet& rs : c.rule_sets) {
    const std::string d = hex(replay::rules_digest(c, rs));
    const std::string st = status_of(store, {"rule_set:" + rs.id});
    rows.push_back({"rule set", rs.id, std::string(system_name(rs.system)), rs.parent.empty() ? "-" : rs.parent, d, st});
    jr.push_back(J{{"id", rs.id}, {"name", rs.name}, {"system", system_name(rs.system)},
                   {"parent", rs.parent.empty() ? J(nullptr) : J(rs.parent)}, {"digest", d}, {"status", st}});
  }
  std::vector<const Level*> levels;
  for (const Level& l : c.levels) levels.push_back(&l);
  std::stable_sort(levels.begin(), levels.end(), [](const Level* x, const Level* y) { return x->position < y->position; });
  for (const Level* l : levels) {
    const RuleSet* rs = c.find_rule_set(l->rule_set);
    const std::string d = rs ? hex(replay::rules_digest(c, *rs, l)) : "-";
    const std::string st = status_of(store, {"level:" + l->id});
    rows.push_back({"level", l->id, "mists", l->rule_set, d, st});
    jl.push_back(J{{"id", l->id}, {"name", l->name}, {"system", "mists"}, {"rule_set", l->rule_set}, {"digest", d},
                   {"status", st}});
  }
  for (const std::string& ts : tile_set_ids(c)) {
    const auto keys = tile_set_keys(c, ts);
    const std::string d = hex(tile_set_digest(store, keys));
    const std::string st = status_of(store, keys);
    rows.push_back({"tile set", ts, "-", "-", d, st});
    jt.push_back(J{{"id", ts}, {"tiles", keys.size() - 1}, {"digest", d}, {"status", st}});
  }
  if (a.json) {
    j["rule_sets"] = jr;
    j["levels"] = jl;
    j["tile_sets"] = jt;
    out << json_text(j) << '\n';
    return kExitOk;
  }
  table(out, rows);
  out << "\nstatus: shipped = as in the bundled default.db; changed = a shipped item changed here; own = made "
         "here (or imported)\n";
  return kExitOk;
}

struct Resolved {
  const RuleSet* rule_set = nullptr;
  const Level* level = nullptr;
  std::string tile_set;
};

Resolved resolve(const Content& c, std::string id, const std::string& db) {
  std::string kind;
  for (const char* prefix : {"rule_set:", "level:", "tile_set:"}) {
    const std::string p = prefix;
    if (id.rfind(p, 0) == 0) {
      kind = p.substr(0, p.size() - 1);
      id = id.substr(p.size());
    }
  }
  Resolved r;
  const auto ts = tile_set_ids(c);
  const bool is_rs = c.find_rule_set(id) != nullptr, is_lv = c.find_level(id) != nullptr,
             is_ts = std::find(ts.begin(), ts.end(), id) != ts.end();
  // A bare id names a rule set before a level before a tile set ("base" is the rule set).
  if ((kind.empty() || kind == "rule_set") && is_rs) r.rule_set = c.find_rule_set(id);
  else if ((kind.empty() || kind == "level") && is_lv) {
    r.level = c.find_level(id);
    r.rule_set = c.find_rule_set(r.level->rule_set);
  } else if ((kind.empty() || kind == "tile_set") && is_ts) {
    r.tile_set = id;
  } else {
    std::vector<std::string> all;
    for (const auto& x : c.rule_sets) all.push_back(x.id);
    for (const auto& x : c.levels) all.push_back(x.id);
    all.insert(all.end(), ts.begin(), ts.end());
    throw Fail{kExitInput, db + ": no rule set, level or tile set '" + text::printable(id, 80) + "'" +
                               text::did_you_mean(id, all) + "; `tilewright content list` lists them"};
  }
  return r;
}

// The level columns `content show` lists: every column of engine/rules/level_columns.h
// but the id, name and description (shown in the heading).
bool shown(const LevelColumn& col) { return col.name != "id" && col.name != "name" && col.name != "description"; }

std::string column_meaning(const LevelColumn& col) {
  std::string m(col.meaning);
  if (col.integer()) m += " (" + col.range_text() + ")";
  if (col.type == LevelColumnType::Choice) {
    std::string words;
    for (const auto w : col.choices) words += (words.empty() ? "" : ", ") + std::string(w);
    m += " (" + words + ")";
  }
  return m;
}

// The rule modules a game of this rule set (or level) plays, as the engine chooses them
// from the system and the parameters (engine/rules/modules.cpp).
std::vector<std::string> modules_of(const Content& c, const RuleSet& rs, const Level* l) {
  GameSetup s;
  s.rule_set = rs.id;
  if (l) s.level = l->id;
  const int64_t n = l ? (l->followers.empty() ? 1 : l->followers.front().players) : std::max<int64_t>(1, rs.rules.min_players);
  for (int64_t i = 0; i < n; ++i) s.players.push_back({"bot:random", "random"});
  Game g;
  if (Game::create(c, s, g)) return {};
  return {g.modules().begin(), g.modules().end()};
}

int do_show(Store& store, const Content& c, const ContentArgs& a, std::ostream& out) {
  const Resolved r = resolve(c, a.ids.at(0), store.path());
  J j;
  if (!r.tile_set.empty()) {
    const auto keys = tile_set_keys(c, r.tile_set);
    j["tile_set"] = r.tile_set;
    j["digest"] = hex(tile_set_digest(store, keys));
    j["status"] = status_of(store, keys);
    J tiles = J::array();
    std::vector<std::vector<std::string>> rows{{"tile", "count", "segments", "reconstructed", "note"}};
    for (const auto& t : c.tiles)
      if (t.tile_set == r.tile_set) {
        tiles.push_back(J{{"id", t.id}, {"count", t.count}, {"segments", t.segments.size()},
                          {"reconstructed", t.reconstructed}, {"note", t.note}});
        rows.push_back({t.id, std::to_string(t.count), std::to_string(t.segments.size()), t.reconstructed ? "yes" : "",
                        t.note});
      }
    j["tiles"] = tiles;
    if (a.json) {
      out << json_text(j) << '\n';
      return kExitOk;
    }
    out << "tile set " << r.tile_set << " · digest " << j["digest"].get<std::string>() << " · "
        << j["status"].get<std::string>() << "\n\n";
    table(out, rows);
    return kExitOk;
  }
  const RuleSet& rs = *r.rule_set;
  // Who sets each parameter: the rule set's own row, else its parent's, ... else the default.
  const pack::Pack p = pack::export_pack(store, {"rule_set:" + rs.id});
  std::map<std::string, std::pair<std::string, std::map<std::string, std::string>>> chain;  // id -> (parent, params)
  for (const auto& row : p.json["rule_set"]) {
    auto& e = chain[row["id"].get<std::string>()];
    e.first = row.contains("parent") && row["parent"].is_string() ? row["parent"].get<std::string>() : "";
    for (const auto& param : row["params"]) e.second[param["key"].get<std::string>()] = param["value"].dump();
  }
  auto from = [&](const std::string& key) {
    std::string at = rs.id;
    for (int depth = 0; !at.empty() && depth < 64; ++depth) {
      const auto it = chain.find(at);
      if (it == chain.end()) break;
      if (it->second.second.count(key)) return at;
      at = it->second.first;
    }
    return std::string("default");
  };
  const Rules defaults{};
  std::vector<std::vector<std::string>> rows{{"parameter", "value", "default", "from", "range", "module", "meaning"}};
  J params = J::array();
  for (const ParamSpec& s : rule_param_specs()) {
    const int64_t v = rs.rules.*(s.field), d = defaults.*(s.field);
    const std::string f = from(std::string(s.key));
    // A module this rule set's system does not play is shown in brackets: its value is unused.
    const bool read = (s.systems & system_bit(rs.system)) != 0;
    rows.push_back({std::string(s.key), std::to_string(v), std::to_string(d), f,
                    std::to_string(s.min) + ".." + std::to_string(s.max),
                    read ? std::string(s.module) : "(" + std::string(s.module) + ")", std::string(s.doc)});
    params.push_back(J{{"key", s.key}, {"value", v}, {"default", d}, {"from", f}, {"min", s.min}, {"max", s.max},
                       {"module", s.module}, {"read", read}, {"meaning", s.doc}});
  }
  int pool_tiles = 0;
  for (const auto& e : rs.pool) pool_tiles += e.count;
  const TileType* start = rs.start_tile >= 0 ? &c.tiles[static_cast<size_t>(rs.start_tile)] : nullptr;
  if (r.level) {
    const Level& l = *r.level;
    j["level"] = l.id;
    j["name"] = l.name;
    j["digest"] = hex(replay::rules_digest(c, rs, &l));
    j["status"] = status_of(store, {"level:" + l.id});
    J cols = J::array();
    for (const auto& col : level_columns())
      if (shown(col)) cols.push_back(J{{"column", col.name}, {"value", col.get(l)}, {"meaning", column_meaning(col)}});
    j["columns"] = cols;
    J fol = J::array();
    for (const auto& f : l.followers)
      fol.push_back(J{{"players", f.players}, {"colours", f.colours}, {"per_colour", f.per_colour}});
    j["followers"] = fol;
    j["description"] = l.description;
  }
  J jrs;
  jrs["id"] = rs.id;
  jrs["name"] = rs.name;
  jrs["system"] = system_name(rs.system);
  jrs["parent"] = rs.parent.empty() ? J(nullptr) : J(rs.parent);
  jrs["digest"] = hex(replay::rules_digest(c, rs));
  jrs["status"] = status_of(store, {"rule_set:" + rs.id});
  jrs["start_tile"] = start ? start->tile_set + "/" + start->id : "";  // the row's id (MS00), not its piece's
  jrs["pool_types"] = rs.pool.size();
  jrs["pool_tiles"] = pool_tiles;
  jrs["params"] = params;
  const std::vector<std::string> modules = modules_of(c, rs, r.level);
  j["modules"] = modules;
  j["rule_set"] = jrs;
  if (a.json) {
    out << json_text(j) << '\n';
    return kExitOk;
  }
  if (r.level) {
    const Level& l = *r.level;
    out << "level " << l.id << " \"" << l.name << "\" · digest " << j["digest"].get<std::string>() << " · "
        << j["status"].get<std::string>() << "\n";
    if (!l.description.empty()) out << "  " << text::printable(l.description, 400) << "\n";
    out << '\n';
    std::vector<std::vector<std::string>> lrows{{"column", "value", "meaning"}};
    for (const auto& col : level_columns())
      if (shown(col)) lrows.push_back({std::string(col.name), col.get(l), column_meaning(col)});
    std::string fol;
    for (const auto& f : l.followers)
      fol += (fol.empty() ? "" : "; ") + std::to_string(f.players) + " players: " + std::to_string(f.colours) +
             " colour(s) x " + std::to_string(f.per_colour);
    lrows.push_back({"followers", fol, "followers by player count"});
    table(out, lrows);
    out << "\nIts rule set:\n";
  }
  out << "rule set " << rs.id << " \"" << rs.name << "\" · system " << system_name(rs.system)
      << (rs.parent.empty() ? "" : " · parent " + rs.parent) << " · digest " << jrs["digest"].get<std::string>() << " · "
      << jrs["status"].get<std::string>() << "\n"
      << "start tile " << text::printable(jrs["start_tile"].get<std::string>(), 200)
      << (start && !start->piece.empty() ? " (a cell of piece " + text::printable(start->piece, 100) + ")" : "") << " · pool "
      << text::counted(static_cast<long long>(rs.pool.size()), "tile type", "tile types") << ", "
      << text::counted(pool_tiles, "tile", "tiles") << "\n"
      << "modules played" << (r.level ? " (level " + r.level->id + ")" : "") << ": " << text::joined(modules) << "\n\n";
  table(out, rows);
  return kExitOk;
}

int do_diff(Store& store, const Content& c, const ContentArgs& a, std::ostream& out) {
  if (a.ids.size() != 2) throw Fail{kExitInput, "content diff takes two ids"};
  const Resolved x = resolve(c, a.ids[0], store.path()), y = resolve(c, a.ids[1], store.path());
  std::vector<std::vector<std::string>> rows{{"what", a.ids[0], a.ids[1]}};
  J diffs = J::array();
  auto add = [&](const std::string& what, const std::string& va, const std::string& vb) {
    rows.push_back({what, va, vb});
    diffs.push_back(J{{"field", what}, {"a", va}, {"b", vb}});
  };
  if (x.tile_set.empty() != y.tile_set.empty())
    throw Fail{kExitInput, "content diff compares two rule sets or levels, or two tile sets"};
  if (!x.tile_set.empty()) {
    std::map<std::string, std::pair<const TileType*, const TileType*>> tiles;
    for (const auto& t : c.tiles) {
      if (t.tile_set == x.tile_set) tiles[t.id].first = &t;
      if (t.tile_set == y.tile_set) tiles[t.id].second = &t;
    }
    for (const auto& [id, p] : tiles) {
      if (!p.first || !p.second) {
        add("tile " + id, p.first ? "present" : "(none)", p.second ? "present" : "(none)");
        continue;
      }
      if (p.first->count != p.second->count) add("tile " + id + " count", std::to_string(p.first->count), std::to_string(p.second->count));
      std::string ga, gb;  // geometry: the segments, without the tile set's name
      for (const auto& s : p.first->segments) ga += std::to_string(s.ports) + "/" + std::to_string(s.terrain) + "/" + std::to_string(s.shields) + "/" + std::to_string(s.covered) + ";";
      for (const auto& s : p.second->segments) gb += std::to_string(s.ports) + "/" + std::to_string(s.terrain) + "/" + std::to_string(s.shields) + "/" + std::to_string(s.covered) + ";";
      if (ga != gb) add("tile " + id + " segments", "one geometry", "another geometry");
    }
  } else {
    for (const auto& d : replay::diff_rules(c, *x.rule_set, x.level, c, *y.rule_set, y.level)) add(d.field, d.a, d.b);
    if (x.rule_set->parent != y.rule_set->parent)
      add("parent", x.rule_set->parent.empty() ? "(none)" : x.rule_set->parent,
          y.rule_set->parent.empty() ? "(none)" : y.rule_set->parent);
  }
  if (a.json) {
    out << json_text(J{{"a", a.ids[0]}, {"b", a.ids[1]}, {"differences", diffs}}) << '\n';
  } else if (diffs.empty()) {
    out << a.ids[0] << " and " << a.ids[1] << " play the same rules\n";
  } else {
    table(out, rows);
    out << diffs.size() << " difference" << (diffs.size() == 1 ? "" : "s") << '\n';
  }
  return diffs.empty() ? kExitOk : kExitIllegal;
}

void print_items(std::ostream& out, const char* verb, const std::vector<pack::PlanItem>& items, bool with_diffs) {
  for (const auto& it : items) {
    out << "  " << verb << " " << pack::describe_item(it.key) << '\n';
    if (with_diffs)
      for (const auto& d : it.differences) out << "      " << d.field << ": " << d.here << " -> " << d.there << '\n';
  }
}

int do_import(const ContentArgs& a, std::ostream& out) {
  std::string why;
  const auto text = read_text_file(a.file, pack::kMaxPackBytes, "a content pack", &why);
  if (!text) throw Fail{kExitInput, why};
  pack::Pack p;
  try {
    p = pack::parse_pack(*text, a.file);
  } catch (const pack::PackError& e) {
    throw Fail{kExitInput, e.what()};
  }
  pack::ImportOptions o;
  o.on_conflict = a.replace ? pack::OnConflict::Replace : pack::OnConflict::Refuse;
  for (const auto& r : a.renames) {
    const auto eq = r.find('=');
    if (eq == std::string::npos) {
      for (auto& [k, v] : pack::primary_rename(p, r)) o.renames[k] = v;
    } else {
      o.renames[r.substr(0, eq)] = r.substr(eq + 1);
    }
  }
  const std::string path = resolve_db_path(a.db);
  Store store = Store::open(path, a.dry_run ? Store::Mode::ReadOnly : Store::Mode::ReadWrite);
  if (a.dry_run) {
    // The plan first: what each item of the pack is against this database.
    std::vector<pack::PlanItem> plan;
    try {
      plan = pack::plan_import(store, p);
    } catch (const pack::PackError& e) {
      throw Fail{kExitIllegal, std::string(e.what()) + "\n(dry run: nothing was written)"};  // as the import says it
    }
    size_t n[3] = {0, 0, 0};
    for (const auto& it : plan) {
      ++n[static_cast<int>(it.status)];
      out << "  " << (it.status == pack::ItemStatus::New ? "add " : it.status == pack::ItemStatus::Same ? "same" : "DIFFERS")
          << " " << pack::describe_item(it.key) << '\n';
      for (const auto& d : it.differences) out << "      " << to_string(d) << '\n';
    }
    // Then the import itself, on a copy of the database in memory: the dry run refuses
    // what the import would refuse (a pile over the limits, a parent loop, an unknown
    // parameter), with the same message and exit code, and writes nothing.
    Store copy = store.scratch_copy();
    try {
      (void)pack::import_pack(copy, std::move(p), o);
    } catch (const pack::PackError& e) {
      throw Fail{kExitIllegal, std::string(e.what()) + "\n(dry run: nothing was written)"};
    } catch (const LoadError& e) {
      throw Fail{kExitIllegal, std::string(e.what()) + "\n" + std::to_string(e.errors().size()) +
                                   " problem(s); the import would be refused (dry run: nothing was written)"};
    }
    out << a.file << ": " << n[0] << " new, " << n[1] << " identical, " << n[2]
        << " differing item(s); the import would pass the loader's checks; nothing written\n";
    return kExitOk;
  }
  pack::ImportReport r;
  try {
    r = pack::import_pack(store, std::move(p), o);
  } catch (const pack::PackError& e) {
    throw Fail{kExitIllegal, e.what()};
  } catch (const LoadError& e) {
    throw Fail{kExitIllegal, std::string(e.what()) + "\n" + std::to_string(e.errors().size()) + " problem(s); nothing was written"};
  }
  print_items(out, "added", r.added, false);
  print_items(out, "replaced", r.replaced, true);
  out << "Imported " << a.file << " into " << path << ": " << r.added.size() << " added, " << r.replaced.size()
      << " replaced, " << r.same.size() << " already here\n";
  return kExitOk;
}

// `content clone SRC NEW --set KEY=VALUE...`: a copy of a rule set or level under a new
// id with some values changed. The copy goes through the same checks as `validate`: it
// is first imported into an empty scratch database (the loader's full check: unknown
// keys and ranges from the parameter specs), where its test game is played; only then
// is it imported, in one transaction, into the database.
int do_clone(const ContentArgs& a, std::ostream& out) {
  const std::string& src_arg = a.ids[0];
  const std::string& dst = a.ids[1];
  const std::string path = resolve_db_path(a.db);
  Store store = Store::open(path, a.dry_run ? Store::Mode::ReadOnly : Store::Mode::ReadWrite);
  const Content c = store.load_content();
  const Resolved r = resolve(c, src_arg, path);
  if (!r.tile_set.empty()) throw Fail{kExitInput, "content clone copies a rule set or a level, not tile set " + r.tile_set};
  const bool level = r.level != nullptr;
  const std::string src = level ? r.level->id : r.rule_set->id;
  if (c.find_rule_set(dst) || c.find_level(dst))
    throw Fail{kExitInput, path + ": there is already a rule set or level '" + text::printable(dst, 80) +
                               "'; choose another id (`tilewright content list` lists them)"};
  if (dst.empty() || dst.find_first_of(" \t\n,:=\"") != std::string::npos)
    throw Fail{kExitInput, "the new id '" + text::printable(dst, 80) + "' may not be empty or hold spaces, commas, colons, = or quotes"};
  pack::Pack p = pack::export_pack(store, {(level ? "level:" : "rule_set:") + src});
  p.source = "content clone " + src + " " + dst;
  J* row = nullptr;
  for (auto& x : p.json[level ? "level" : "rule_set"])
    if (x.value("id", "") == src) row = &x;
  if (!row) throw Fail{kExitDatabase, path + ": " + src + " is missing from its own export"};
  if (!a.name.empty()) (*row)["name"] = a.name;
  std::vector<std::string> changes;
  for (const auto& kv : a.sets) {
    const auto eq = kv.find('=');
    if (eq == std::string::npos || eq == 0)
      throw Fail{kExitInput, "--set wants KEY=VALUE (e.g. ghost_penalty=3), not '" + text::printable(kv, 80) + "'"};
    const std::string key = kv.substr(0, eq), value_text = kv.substr(eq + 1);
    int64_t value = 0;
    size_t used = 0;
    try {
      value = std::stoll(value_text, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (value_text.empty() || used != value_text.size())
      throw Fail{kExitInput, "--set " + text::printable(key, 80) + ": the value must be a whole number, not '" +
                                 text::printable(value_text, 80) + "'"};
    if (level) {
      // A level's numbers are the integer columns of the level table (ranges: the loader's
      // check below).
      const LevelColumn* col = find_level_column(key);
      if (!col || !col->integer() || !row->contains(key)) {
        std::vector<std::string> cols;
        for (const auto& lc : level_columns())
          if (lc.integer()) cols.emplace_back(lc.name);
        throw Fail{kExitInput, "--set " + text::printable(key, 80) + ": level " + src + " has no such number" +
                                   text::did_you_mean(key, cols) + "; numbers: " + text::joined(cols)};
      }
      changes.push_back(key + " " + (*row)[key].dump() + " -> " + std::to_string(value));
      (*row)[key] = value;
      continue;
    }
    // A rule set's own parameter (unknown keys and ranges: the loader's check below).
    J& params = (*row)["params"];
    if (!params.is_array()) params = J::array();
    bool found = false;
    for (auto& pr : params)
      if (pr.value("key", "") == key) {
        changes.push_back(key + " " + pr["value"].dump() + " -> " + std::to_string(value));
        pr["value"] = value;
        found = true;
      }
    if (!found) {
      const RuleSet* rs = r.rule_set;
      std::string was = "(inherited)";
      for (const ParamSpec& spec : rule_param_specs())
        if (spec.key == key) was = std::to_string(rs->rules.*(spec.field));
      changes.push_back(key + " " + was + " -> " + std::to_string(value));
      params.push_back(J{{"key", key}, {"value", value}});
    }
  }
  pack::ImportOptions o;
  o.renames[src] = dst;
  // The checks of `validate`, on a scratch database holding the copy and what it needs.
  {
    Store scratch = Store::open_scratch("", path + " (scratch copy)");
    try {
      pack::import_pack(scratch, p, o);
    } catch (const LoadError& e) {
      throw Fail{kExitIllegal, std::string(e.what()) + "\n" + std::to_string(e.errors().size()) +
                                   " problem(s); nothing was written"};
    }
    const auto failures = test_games(scratch.load_content(), path, dst);
    if (!failures.empty())
      throw Fail{kExitIllegal, text::joined(failures, "\n") + "\nnothing was written"};
  }
  const std::string what = std::string(level ? "level " : "rule set ") + src;
  if (a.dry_run) {
    out << "would clone " << what << " as " << dst << (changes.empty() ? "" : ": " + text::joined(changes))
        << "; it passes validate's checks; nothing written\n";
    return kExitOk;
  }
  try {
    pack::import_pack(store, std::move(p), o);
  } catch (const LoadError& e) {
    throw Fail{kExitIllegal, std::string(e.what()) + "\nnothing was written"};
  }
  out << "Cloned " << what << " as " << dst << " in " << path << (changes.empty() ? "" : ": " + text::joined(changes))
      << '\n';
  return kExitOk;
}

int do_update(const ContentArgs& a, std::ostream& out) {
  std::string from = a.from;
  if (from.empty()) {
    const auto bundled = find_bundled_db();
    if (!bundled) throw Fail{kExitDatabase, "no bundled default.db found; say --from PATH"};
    from = *bundled;
  }
  const std::string path = resolve_db_path(a.db);
  Store shipped = Store::open(from, Store::Mode::ReadOnly);
  Store store = Store::open(path, a.dry_run ? Store::Mode::ReadOnly : Store::Mode::ReadWrite);
  if (a.dry_run) {
    const auto plan = pack::plan_import(store, pack::export_all(shipped));
    for (const auto& it : plan) {
      if (it.status == pack::ItemStatus::Same) continue;
      const auto marker = store.meta("shipped:" + it.key);
      const bool untouched = marker && *marker == hex(it.here_digest);
      out << "  " << (it.status == pack::ItemStatus::New ? "would add" : untouched || a.force ? "would update" : "would keep yours")
          << " " << pack::describe_item(it.key) << '\n';
    }
    out << "dry run: nothing written\n";
    return kExitOk;
  }
  pack::UpdateReport r;
  try {
    r = pack::update_from(store, shipped, a.force);
  } catch (const LoadError& e) {
    throw Fail{kExitIllegal, std::string(e.what()) + "\nnothing was written"};
  } catch (const pack::PackError& e) {
    throw Fail{kExitIllegal, e.what()};
  }
  print_items(out, "added", r.added, false);
  print_items(out, "updated", r.updated, true);
  for (const auto& it : r.kept) {
    out << "  kept yours: " << pack::describe_item(it.key) << " (differs from the shipped one";
    out << (store.meta("shipped:" + it.key) ? "; you changed it" : "; it predates update tracking") << ")\n";
    for (const auto& d : it.differences) out << "      " << d.field << ": yours " << d.here << ", shipped " << d.there << '\n';
  }
  out << "Updated " << path << " from " << from << ": " << r.added.size() << " added, " << r.updated.size()
      << " updated, " << r.kept.size() << " kept as you have them" << (r.kept.empty() ? "" : " (--force takes the shipped ones)")
      << ", " << r.same.size() << " unchanged; your own rule sets, levels and replays were not touched\n";
  return kExitOk;
}

}  // namespace

CLI::App* add_content_commands(CLI::App& app, ContentArgs& a) {
  using Action = ContentArgs::Action;
  auto* group = app.add_subcommand("content", "rule sets, levels and tile sets: list, show, diff, export, import, update");
  group->require_subcommand(1);
  auto add = [&](const char* name, const char* help, Action action) {
    auto* sub = group->add_subcommand(name, help);
    sub->add_option("--db", a.db, kDbHelp);
    sub->callback([&a, action] { a.action = action; });
    return sub;
  };
  auto* list = add("list", "rule sets, levels and tile sets with their digests", Action::List);
  list->add_flag("--json", a.json, "as one JSON object");
  auto* show = add("show", "every parameter of a rule set or level (value, default, inherited from, range, module, meaning), or a tile set's tiles", Action::Show);
  show->add_option("id", a.ids, "a rule set, level or tile set (rule_set:ID, level:ID, tile_set:ID where ambiguous)")
      ->required()
      ->expected(1);
  show->add_flag("--json", a.json, "as one JSON object");
  auto* diff = add("diff", "what differs between two rule sets, levels or tile sets (exit 1 when something does)", Action::Diff);
  diff->add_option("ids", a.ids, "A B")->required()->expected(2);
  diff->add_flag("--json", a.json, "as one JSON object");
  auto* exp = add("export", "write a content pack: the ids with everything they need", Action::Export);
  exp->add_option("ids", a.ids, "rule sets, levels or tile sets")->required();
  exp->add_option("--out", a.out_file, "write to this file instead of the standard output");
  auto* imp = add("import", "read a content pack into the database, all or nothing", Action::Import);
  imp->add_option("file", a.file, "the pack (.json)")->required();
  imp->add_option("--rename", a.renames, "NEW (the pack's one rule set or level) or OLD=NEW; may repeat")
      ->allow_extra_args(false);
  imp->add_flag("--replace", a.replace, "overwrite items that exist here with different content");
  imp->add_flag("--dry-run", a.dry_run, "say what would be added, kept or refused; write nothing");
  auto* clone = add("clone",
                    "copy a rule set or level under a new id, with --set KEY=VALUE changes, checked as validate checks "
                    "(all or nothing)",
                    Action::Clone);
  clone->add_option("ids", a.ids, "SOURCE NEW")->required()->expected(2);
  clone->add_option("--set", a.sets, "KEY=VALUE: a parameter of the copy (a level: one of its numbers); may repeat")
      ->allow_extra_args(false);
  clone->add_option("--name", a.name, "the copy's display name (default: the source's)");
  clone->add_flag("--dry-run", a.dry_run, "check the copy and say what would change; write nothing");
  auto* up = add("update", "bring the shipped content (the bundled default.db) into your database", Action::Update);
  up->add_option("--from", a.from, "the shipped database (default: the bundled default.db)");
  up->add_flag("--force", a.force, "also replace shipped items you changed");
  up->add_flag("--dry-run", a.dry_run, "say what would change; write nothing");
  return group;
}

namespace {

// `raw`: where a pack exported to the standard output goes as it is (JSON, whose writer
// escapes every control character); everything else is said to `out`.
int run_content(const ContentArgs& a, std::ostream& out, std::ostream& err, std::ostream& raw) {
  using Action = ContentArgs::Action;
  try {
    switch (a.action) {
      case Action::Import:
        return do_import(a, out);
      case Action::Update:
        return do_update(a, out);
      case Action::Clone:
        return do_clone(a, out);
      case Action::Export: {
        const std::string path = resolve_db_path(a.db);
        Store store = Store::open(path, Store::Mode::ReadOnly);
        const std::string text = pack::pack_text(pack::export_pack(store, a.ids));
        if (a.out_file.empty() || a.out_file == "-") {
          raw << text;
          return kExitOk;
        }
        std::string why;
        if (!write_file_atomic(a.out_file, text, &why)) throw Fail{kExitInput, why};
        out << "Wrote " << text::joined(a.ids) << " to " << a.out_file << '\n';
        return kExitOk;
      }
      case Action::List:
      case Action::Show:
      case Action::Diff: {
        const std::string path = resolve_db_path(a.db);
        Store store = Store::open(path, Store::Mode::ReadOnly);
        const Content c = store.load_content();
        if (a.action == Action::List) return do_list(store, c, a, out);
        if (a.action == Action::Show) return do_show(store, c, a, out);
        return do_diff(store, c, a, out);
      }
      case Action::None:
        break;
    }
    err << "tilewright content: no subcommand\n";
    return kExitInput;
  } catch (const Fail& f) {
    return command_failed(err, "content", f.message, f.code);
  } catch (const LoadError& e) {
    return command_failed(err, "content", e.what(), kExitIllegal);
  } catch (const pack::PackError& e) {
    return command_failed(err, "content", e.what(), kExitInput);
  } catch (const StoreError& e) {
    return command_failed(err, "content", e.what(), db_exit_code(e));
  } catch (const std::exception& e) {
    return command_failed(err, "content", e.what(), db_exit_code(e));
  }
}

}  // namespace

int cmd_content(const ContentArgs& a, std::ostream& out, std::ostream& err) {
  // Ids, names and descriptions come from databases and packs: whatever a content
  // command says reaches the terminal printable (a control character as a visible escape
  // such as \x1b, never raw; issue 56, item 4), as the replay commands do.
  std::ostringstream said, warned;
  const int code = run_content(a, said, warned, out);
  err << text::printable_lines(warned.str());
  out << text::printable_lines(said.str());
  return code;
}

}  // namespace tw
