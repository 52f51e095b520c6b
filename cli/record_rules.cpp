#include "cli/record_rules.h"


#include "engine/report.h"
#include "engine/text.h"
#include "present/record.h"
#include "replay/digest.h"
#include "replay/log.h"
#include "schema/pack.h"
#include "schema/store.h"

namespace tw {
namespace {

// The game the record's tags set up on `c` (the tags read as `run` reads them), or
// nullopt when `c` has no such rules. Seats or a draw prefix that do not fit still leave
// rules with a digest, so the game is then set up without them.
std::optional<Game> game_for(const Content& c, const tgn::Record& rec) {
  const std::string* rule_set = rec.tag("Ruleset");
  if (!rule_set) return std::nullopt;
  GameSetup setup;
  if (setup_from_record(rec, setup)) {  // a tag `run` would refuse: the rules are still these
    setup.rule_set = *rule_set;
    if (const std::string* level = rec.tag("Level")) setup.level = *level;
  }
  Game g;
  if (!Game::create(c, setup, g)) return g;
  setup.draw.clear();
  setup.players = {{"a", ""}, {"b", ""}};
  if (!Game::create(c, setup, g)) return g;
  return std::nullopt;
}

uint64_t digest_of(const Game& g) { return replay::rules_digest(g.content(), g.rule_set(), view_report(g).level); }

}  // namespace

std::vector<std::string> describe_differences(const Content& here, const Content& there, const tgn::Record& rec,
                                              const char* here_word, const char* there_word) {
  std::vector<std::string> out;
  const auto a = game_for(here, rec), b = game_for(there, rec);
  if (!a || !b) return out;
  for (const auto& d : replay::diff_rules(here, a->rule_set(), view_report(*a).level, there, b->rule_set(), view_report(*b).level))
    out.push_back(d.field + ": " + here_word + " " + d.a + ", " + there_word + " " + d.b);
  return out;
}

RecordRules record_rules(const Content& db, const tgn::Record& rec, const std::string& source) {
  RecordRules r;
  const std::string* rs_tag = rec.tag("Ruleset");
  if (!rs_tag) return r;
  const std::string id = *rs_tag + (rec.tag("Level") ? " (level " + *rec.tag("Level") + ")" : "");
  std::optional<uint64_t> recorded;
  if (const std::string* d = rec.tag("RulesDigest")) {
    recorded = replay::parse_hex64(*d);
    if (!recorded)
      r.warnings.push_back(source + ": the RulesDigest tag '" + text::printable(*d, 40) +
                           "' is not 16 lower-case hex digits; the rules cannot be compared");
  }
  const auto db_game = game_for(db, rec);
  r.db_lacks_rules = !db_game;
  if (!rec.rules.empty()) {
    try {
      pack::Pack p = pack::parse_pack(rec.rules, source + " (its %rules section)");
      Store scratch = Store::open_scratch({}, source + " (its embedded rules)");
      pack::import_pack(scratch, std::move(p), {});
      r.embedded = scratch.load_content();
    } catch (const std::exception& e) {
      r.error = source + ": the rules embedded in the record cannot be used: " + e.what();
      return r;
    }
    const auto emb_game = game_for(*r.embedded, rec);
    if (!emb_game) {
      r.error = source + ": the rules embedded in the record hold no rule set " + text::printable(id, 80);
      return r;
    }
    const uint64_t emb = digest_of(*emb_game);
    if (recorded && *recorded != emb) {
      r.error = source + ": the embedded rules (digest " + replay::hex64(emb) + ") are not the ones the RulesDigest tag " +
                "names (" + replay::hex64(*recorded) + "): the record was changed after it was written";
      return r;
    }
    if (!db_game) {
      r.use_embedded = true;
      r.notes.push_back(source + ": this database has no rule set " + text::printable(id, 80) +
                        "; the record is played on the rules it carries");
      return r;
    }
    if (digest_of(*db_game) == emb) return r;
    r.use_embedded = r.rules_differ = true;
    r.differences = describe_differences(db, *r.embedded, rec, "here", "recorded");
    std::string list;
    for (const auto& d : r.differences) list += "\n  " + d;
    r.warnings.push_back(source + ": this database's " + text::printable(id, 80) +
                         " differs from the rules the record was played with:" + list);
    r.notes.push_back(source + ": the record is played on the rules it carries");
    return r;
  }
  if (!recorded || !db_game) {
    if (!db_game && recorded)
      r.notes.push_back(source + ": the record does not carry its rules (TGN 2 with --with-rules would); "
                                 "ask whoever wrote it for `tilewright replay export ID --with-rules`");
    return r;
  }
  const uint64_t here = digest_of(*db_game);
  if (here == *recorded) return r;
  r.rules_differ = true;
  r.warnings.push_back(source + ": the record was played with other rules than this database's " +
                       text::printable(id, 80) + " (RulesDigest " + replay::hex64(*recorded) + ", here " +
                       replay::hex64(here) + "); the record does not carry its rules, so what differs cannot be "
                       "named, and the scores may differ from the record's");
  return r;
}

std::optional<std::string> result_tag_mismatch(const tgn::Record& rec, const Game& g, const std::string& source) {
  const std::string* tag = rec.tag("Result");
  if (!tag) return std::nullopt;
  const auto problem = replay::result_tag_problem(*tag, g);
  if (!problem) return std::nullopt;
  return source + ": the Result tag says '" + text::printable(*tag, 200) + "' but " + text::printable(*problem, 300);
}

}  // namespace tw
