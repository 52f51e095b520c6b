// Which rules a game record is played on, and what disagrees with it.
//
// A record may name the rules it was played with (the RulesDigest tag) and may carry
// them (TGN 2: a %rules section holding a content pack). `record_rules` compares both
// with the database and decides:
//   - the database has the rule set with the same digest: the database's rules;
//   - the record carries its rules and the database has none of that id: the record's;
//   - the record carries its rules and the database's differ: the record's, with a
//     warning naming every parameter that differs (value here vs value recorded);
//   - the record only names a digest and the database's differs: the database's, with a
//     warning that the rules differ (the differences cannot be named without the pack);
//   - the embedded pack cannot be read, or does not match the record's own RulesDigest
//     (changed after it was written): an error.
// Which commands treat a warning as an error is theirs to say (docs/content-packs.md):
// `run` and `options` warn, `replay import` refuses rules that differ.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/content.h"
#include "engine/game.h"
#include "engine/tgn.h"

namespace tw {

struct RecordRules {
  std::optional<Content> embedded;     // the content built from the record's %rules
  bool use_embedded = false;           // play the record on `embedded`
  bool rules_differ = false;           // the database's rules are not the record's
  bool db_lacks_rules = false;         // the database has no such rule set / level
  std::vector<std::string> notes;      // said on stderr
  std::vector<std::string> warnings;   // something disagrees
  std::vector<std::string> differences;  // "ghost_penalty: here 2, recorded 3"
  std::optional<std::string> error;    // cannot go on
  const Content& content(const Content& db) const { return use_embedded ? *embedded : db; }
};

RecordRules record_rules(const Content& db, const tgn::Record& rec, const std::string& source);

// The message when the record's Result tag disagrees with the game replayed to the end
// of its main line (replay::result_tag_problem): a game with another result, or one the
// record leaves unfinished (nullopt when there is no tag or they agree). Callers that
// stop before the end of the main line (run --ply) do not ask.
std::optional<std::string> result_tag_mismatch(const tgn::Record& rec, const Game& g, const std::string& source);

// "ghost_penalty: here 2, recorded 3", one per difference.
std::vector<std::string> describe_differences(const Content& here, const Content& there, const tgn::Record& rec,
                                              const char* here_word, const char* there_word);

}  // namespace tw
