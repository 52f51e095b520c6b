// ReplayStore: replays in a Tilewright database (tables of schema/migrations/
// 0002_replays.sql), on top of an open Store.
//
// Every write is one transaction: a replay lands with its log, variations and
// annotations, or not at all, and a process killed in the middle leaves the last
// committed state. Reads check each log blob (magic, version, length, CRC-32) before
// deserialising it and then the tree rows; any problem is a ReplayError naming the
// replay id, and for the blob the byte offset. Nothing is written when a check fails.
// The store only stores: legality against the rules is replay/verify.h's and
// replay/tree.h's business, and callers check before they save.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "replay/tree.h"
#include "schema/store.h"

namespace tw::replay {

struct ReplaySummary {
  int64_t id = 0;
  std::string created;
  std::string rule_set;
  std::string level;  // "" for none
  std::string players;
  std::string seed;
  std::string result;
  bool finished = false;
  int plies = 0;
  std::string rules_digest;
  std::string pinned;
};

// The columns of a replay row that restate its log (rule_set, level, players, seed,
// result, finished, plies, rules_digest), as insert and save write them; id, created and
// pinned are left empty (they are not in the log).
ReplaySummary columns_of(const GameLog& log);
// Each column of `row` that disagrees with `log`, named: "players: the row says
// 'Mallory, Eve', its log 'bot:greedy, bot:random'"; empty when all agree.
std::vector<std::string> column_disagreements(const ReplaySummary& row, const GameLog& log);

class ReplayStore {
 public:
  // The store must be at schema version 2 or later (Store::open migrates a writable one).
  explicit ReplayStore(Store& store);

  // Inserts a new replay (r.id and r.created are ignored; created is now, in UTC) and
  // returns its id.
  int64_t insert(const Replay& r);
  // Inserts several in one transaction; returns their ids in order.
  std::vector<int64_t> insert_all(const std::vector<Replay>& rs);
  // Inserts r unless the same game is stored (same_game): the check and the insert are one
  // transaction holding the database's write lock from the start (BEGIN IMMEDIATE), so
  // processes importing one game at the same time store it once. Returns the new id and
  // true, or the stored replay's id and false.
  std::pair<int64_t, bool> insert_unless_stored(const Replay& r);
  // The stored replay holding the same game as r (rule set, level, seed, seats, draw and
  // the main line's decisions), if any; damaged replays are skipped.
  std::optional<int64_t> same_game(const Replay& r) const;
  // Replaces replay r.id: metadata, log, pinned comment, variations and annotations.
  void save(const Replay& r);
  // Removes a replay with all its rows; false when there was none.
  bool remove(int64_t id);

  bool exists(int64_t id) const;
  Replay load(int64_t id) const;       // throws ReplayError
  GameLog load_log(int64_t id) const;  // throws ReplayError
  std::optional<ReplaySummary> summary(int64_t id) const;
  // The content pack of the rules with this digest, kept when the first replay recorded
  // with them was stored (nullopt for replays stored before packs were kept).
  std::optional<std::string> rules_pack(uint64_t digest) const;
  // Newest first; an empty rule_set lists every rule set.
  std::vector<ReplaySummary> list(const std::string& rule_set = {}) const;

  // "replay 7": how messages name a replay.
  static std::string where(int64_t id);

 private:
  // The inserts of insert_all inside the caller's transaction.
  std::vector<int64_t> insert_in_transaction(const std::vector<Replay>& rs);

  Store& store_;
};

// The current UTC time as "2026-11-22T10:00:00Z".
std::string utc_now();

}  // namespace tw::replay
