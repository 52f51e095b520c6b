// Content packs: the rows a rule set, a level or a tile set needs, as one readable,
// diffable text that another database can import (docs/content-packs.md).
//
// A pack is JSON: a header (format "tilewright-pack", version, the schema version of the
// database it came from, the engine version, the ids asked for) and one array per table,
// one row a line: terrains, tile sets, tile types (each with its segments), rule sets
// (each with its pool and parameters) and levels (each with its follower rows). Rows are
// the database's own columns, so a pack says exactly what the database holds and the
// loader's checks apply to it unchanged.
//
// An *item* is one top-level row with its child rows: "terrain:city", "tile_set:base",
// "tile_type:base/A", "rule_set:gcc", "level:mists-3". Import compares every item with
// the database: a new item is added, an identical one skipped, and one that exists with
// different rows is a conflict (refused with the differences named, unless the caller
// renames or replaces it). The whole import is one transaction that ends with the
// loader's full check (Store::load_content): a pack that would leave the database with a
// problem is refused with the loader's located errors and nothing is written.
//
// Shipped content: the bundled default.db holds, in its meta table, the digest of every
// item as shipped ("shipped:rule_set:gcc"), and a user's database copied from it keeps
// them. `update_from` uses them to tell an untouched shipped item (updated) from one the
// user changed (kept).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "schema/store.h"

namespace tw::pack {

inline constexpr std::string_view kPackFormat = "tilewright-pack";
inline constexpr int kPackVersion = 1;
// A pack larger than this is refused before it is parsed.
inline constexpr std::size_t kMaxPackBytes = 32u << 20;
// JSON nesting deeper than this is refused before it is parsed (a pack nests 4 deep), and
// so is a pack of more values (objects, arrays, strings, numbers...): parsing memory
// stays in proportion to a real pack's.
inline constexpr int kMaxPackDepth = 32;
inline constexpr std::size_t kMaxPackValues = 1'000'000;
// Members of one JSON object (the reader keeps an object's keys in order, and a key is
// looked up among those before it, so a huge object would take quadratic time).
inline constexpr std::size_t kMaxPackMembers = 256;

// A pack that cannot be read or does not fit the schema; what() names the source and
// the place ("pack.json: rule_set[1] (gcc-harsh): unknown column 'colour'").
class PackError : public StoreError {
 public:
  using StoreError::StoreError;
};

struct Pack {
  nlohmann::ordered_json json;
  std::string source;  // file name, for messages
};

// "rule set gcc", "tile type base/A": how messages name an item key.
std::string describe_item(const std::string& key);

// The items `ids` need (a rule set: its parents, the tile sets of its start tile and
// pool, their terrains; a level: its rule set's; a tile set: its terrains). An id may be
// prefixed "rule_set:", "level:" or "tile_set:" where it names several things. Throws
// StoreError for an unknown id (with the closest ids).
Pack export_pack(Store& store, const std::vector<std::string>& ids);
// Every item of the database.
Pack export_all(Store& store);
// The pack as text: the header, then one row a line (diffable).
std::string pack_text(const Pack& pack);
// Reads a pack's text; PackError naming the place for anything that is not a pack of a
// version this build reads.
Pack parse_pack(std::string_view text, const std::string& source);

// One difference between an item here and the same item elsewhere.
struct Difference {
  std::string item;   // "rule_set:gcc-harsh"
  std::string field;  // "params.ghost_penalty", "segments[2].ports", "count"
  std::string here;   // value in the database ("(none)" when absent)
  std::string there;  // value in the pack
};
std::string to_string(const Difference& d, std::string_view here = "here", std::string_view there = "in the pack");

enum class ItemStatus { New, Same, Differs };
struct PlanItem {
  std::string key;  // "rule_set:gcc"
  ItemStatus status = ItemStatus::New;
  std::vector<Difference> differences;
  uint64_t digest = 0;       // of the pack's item
  uint64_t here_digest = 0;  // of the database's item (0 when new)
};
// What importing `pack` would do, item by item (nothing is written).
std::vector<PlanItem> plan_import(Store& store, const Pack& pack);

enum class OnConflict { Refuse, Replace, Keep };
struct ImportOptions {
  OnConflict on_conflict = OnConflict::Refuse;
  std::map<std::string, OnConflict> per_item;   // by item key, overriding on_conflict
  std::map<std::string, std::string> renames;   // rule set / level id -> new id
  bool mark_shipped = false;                    // record added/replaced items as shipped
};
struct ImportReport {
  std::vector<PlanItem> added, replaced, same, kept;
};
// Imports all or nothing (see the header paragraph). Throws PackError (a malformed pack,
// a rename of something the pack does not hold, or conflicts: every differing item with
// its differences), LoadError (the database would not load: the loader's errors) or
// StoreError (the file).
ImportReport import_pack(Store& store, Pack pack, const ImportOptions& options);

// The rename `--rename NEW` means for this pack: its one asked-for rule set or level to
// NEW. Throws PackError when the pack asked for several or for a tile set.
std::map<std::string, std::string> primary_rename(const Pack& pack, const std::string& new_id);

// The digest of the database's item (nullopt when it has none).
std::optional<uint64_t> item_digest(Store& store, const std::string& key);
// Records every item of the database as shipped (tw_mkdb, for default.db).
void mark_all_shipped(Store& store);

struct UpdateReport {
  std::vector<PlanItem> added, updated, same;
  std::vector<PlanItem> kept;  // differs from the shipped version and was changed here (or predates tracking)
};
// Brings the shipped content of `shipped` into `store`: new items are added, items
// still as shipped are updated, items the user changed are kept (replaced too with
// `force`). The user's own items and replays are never touched. One transaction.
UpdateReport update_from(Store& store, Store& shipped, bool force);

}  // namespace tw::pack
