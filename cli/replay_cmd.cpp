#include "cli/replay_cmd.h"

#include <algorithm>
#include <fstream>
#include <iostream>
#include <sstream>

#include <CLI/CLI.hpp>

#include "cli/commands.h"
#include "cli/files.h"
#include "cli/validators.h"
#include "present/record.h"
#include "engine/plural.h"
#include "engine/text.h"
#include "engine/tgn.h"
#include "replay/archive.h"
#include "replay/digest.h"
#include "replay/player.h"
#include "replay/replay_store.h"
#include "replay/tgn_io.h"
#include "cli/record_rules.h"
#include "schema/pack.h"
#include "replay/verify.h"
#include "analysis/analysis.h"
#include "web/page.h"
#include "schema/paths.h"
#include "schema/store.h"

namespace tw {

using namespace replay;

CLI::App* add_replay_commands(CLI::App& app, ReplayArgs& a) {
  using Action = ReplayArgs::Action;
  auto* group = app.add_subcommand("replay", "recorded games: import, list, show, annotate, vary, export, verify");
  group->require_subcommand(1);
  auto add = [&](const char* name, const char* help, Action action) {
    auto* sub = group->add_subcommand(name, help);
    sub->add_option("--db", a.db, "database (default: $TILEWRIGHT_DB, else your own copy of default.db)");
    sub->callback([&a, action] { a.action = action; });
    return sub;
  };
  auto add_id = [&](CLI::App* sub) {
    sub->add_option("id", a.id, "the replay's id")->required()->check(whole<int64_t>(1));
  };
  auto add_target = [&](CLI::App* sub, bool required) {
    auto* ply = sub->add_option("--ply", a.ply, "a ply of the main line (from 1)")->check(whole<int>(0));
    auto* node = sub->add_option("--node", a.node, "a node path: 12 (main line) or 12/0:3 (in a variation)");
    ply->excludes(node);
    if (required) sub->require_option(1, 2);
  };

  auto* imp = add("import", "store a game record (TGN, an exported XML archive, or a review page's record); prints the new id last",
                  Action::Import);
  imp->add_option("file", a.file, "the record (.tgn), archive (.xml) or review page (.html); - for standard input")->required();
  imp->add_flag("--duplicate", a.duplicate, "store the game even when the same game is already stored");
  imp->add_option("--rename", a.rename,
                  "NEW: the record's rule set (co-op: its level) is NEW here; a record carrying its rules brings them "
                  "under NEW, one that does not is played on this database's NEW");
  imp->add_flag("--ignore-rules", a.ignore_rules,
                "store a record whose RulesDigest differs from this database's rules (it is replayed on these)");

  auto* list = add("list", "list the stored replays, newest first", Action::List);
  list->add_option("--ruleset", a.rule_set, "only this rule set");
  list->add_option("--level", a.level, "only this co-op level");
  list->add_flag("--json", a.json, "as one JSON object: {\"replays\": [...]}, newest first (errors too)");

  auto* show = add("show", "the board, scores and events at a ply, with its annotations", Action::Show);
  add_id(show);
  add_target(show, false);

  auto* opts = add("options", "the legal options of the decision after a node (default: the end of the main line)",
                   Action::Options);
  add_id(opts);
  add_target(opts, false);

  auto* ann = add("annotate", "comment, glyph and board markers of a node", Action::Annotate);
  add_id(ann);
  add_target(ann, false);
  ann->add_option("--comment", a.comment, "Markdown text (\"\" removes the comment)");
  ann->add_option("--glyph", a.glyph, "! ? !! ?? !? ?! (\"\" removes the glyph)");
  ann->add_option("--cell", a.cells, "highlight the cell X,Y")->allow_extra_args(false);
  ann->add_option("--arrow", a.arrows, "an arrow X,Y:X2,Y2")->allow_extra_args(false);
  ann->add_option("--label", a.labels, "a label X,Y=TEXT")->allow_extra_args(false);
  ann->add_flag("--clear", a.clear, "remove the node's annotation first");

  auto* pin = add("pin", "set the game's pinned comment (\"\" removes it)", Action::Pin);
  add_id(pin);
  pin->add_option("text", a.text, "Markdown text")->required();

  auto* vary = add("vary",
                   "add moves after a node (extending a variation that ends there, else a new variation); "
                   "each move is checked by the engine",
                   Action::Vary);
  add_id(vary);
  add_target(vary, false);
  vary->add_flag("--replace", a.replace, "add an alternative to the node itself (a variation replacing it)");
  vary->add_option("moves", a.moves, "the variation's decisions, each one argument (\"place U 1,0 r90\")")
      ->required();

  auto* promote = add("promote", "make the variation holding a node the main line", Action::Promote);
  add_id(promote);
  promote->add_option("--node", a.node, "a node in the variation, e.g. 12/0:1")->required();

  auto* del = add("delete-variation", "delete the variation holding a node", Action::Delete);
  add_id(del);
  del->add_option("--node", a.node, "a node in the variation, e.g. 12/0:1")->required();

  auto* exp = add("export",
                  "write a replay as TGN (canonical), as an XML archive, or as a web page (html: one offline file)",
                  Action::Export);
  exp->add_option("id", a.source, "the replay's id; with --format html also a record FILE.tgn")->required();
  exp->add_option("--format", a.format, "tgn, xml or html")
      ->check(CLI::IsMember({"tgn", "xml", "html"}))
      ->capture_default_str();
  exp->add_option("--out", a.out_file, "write to this file instead of the standard output");
  exp->add_option("--analyse", a.analyse,
                  "html: analyse the main line first, N search iterations a ply (the evaluation graph, marked "
                  "mistakes and best moves on the page)")
      ->check(whole<int>(1));
  exp->add_option("--seed", a.analyse_seed, "html --analyse: the analysis' seed")->capture_default_str();
  exp->add_flag("--with-rules", a.with_rules,
                "embed the rule set's content pack (TGN 2), so a database without it can replay the game");

  auto* ver = add("verify", "replay the log and name the first ply whose state differs", Action::Verify);
  add_id(ver);

  auto* rm = add("delete", "remove a replay with its annotations and variations", Action::Remove);
  add_id(rm);
  return group;
}

namespace {

// A failure with its exit code and message.
struct Fail {
  int code;
  std::string message;
};


// Opens the database: for writing when asked, else read-only (a database older than
// this build's schema is then read through a copy upgraded in memory, as every read
// command reads it; the file is upgraded by the first command that writes).
Store open_db(const ReplayArgs& a, bool write) {
  const std::string path = resolve_db_path(a.db);
  return Store::open(path, write ? Store::Mode::ReadWrite : Store::Mode::ReadOnly);
}

NodePath target_of(const ReplayArgs& a, const Replay& r, bool default_last) {
  if (a.node) {
    const auto p = NodePath::parse(*a.node);
    if (!p) throw Fail{kExitInput, "'" + *a.node + "' is not a node path (e.g. 12, or 12/0:3 in a variation)"};
    if (!find_node(r, *p)) throw Fail{kExitInput, ReplayStore::where(r.id) + " has no node " + *a.node};
    return *p;
  }
  if (!a.ply && default_last) return NodePath::main(r.log.plies());
  if (!a.ply) throw Fail{kExitInput, "give --ply N or --node PATH"};
  if (*a.ply < 1 || *a.ply > r.log.plies())
    throw Fail{kExitInput, ReplayStore::where(r.id) + " has plies 1.." + std::to_string(r.log.plies()) +
                               ", not " + std::to_string(*a.ply)};
  return NodePath::main(*a.ply);
}

std::vector<Marker> markers_of(const ReplayArgs& a) {
  std::vector<Marker> out;
  for (const auto& c : a.cells) {
    Marker m;
    if (!tw::text::parse_cell(c, m.x, m.y)) throw Fail{kExitInput, "--cell '" + c + "': expected X,Y"};
    out.push_back(m);
  }
  for (const auto& s : a.arrows) {
    Marker m;
    m.kind = Marker::Kind::Arrow;
    const auto colon = s.find(':');
    if (colon == std::string::npos || !tw::text::parse_cell(s.substr(0, colon), m.x, m.y) ||
        !tw::text::parse_cell(s.substr(colon + 1), m.x2, m.y2))
      throw Fail{kExitInput, "--arrow '" + s + "': expected X,Y:X2,Y2"};
    out.push_back(m);
  }
  for (const auto& s : a.labels) {
    Marker m;
    m.kind = Marker::Kind::Label;
    const auto eq = s.find('=');
    if (eq == std::string::npos || !tw::text::parse_cell(s.substr(0, eq), m.x, m.y))
      throw Fail{kExitInput, "--label '" + s + "': expected X,Y=TEXT"};
    m.text = s.substr(eq + 1);
    out.push_back(m);
  }
  return out;
}

std::string marker_text(const Marker& m) {
  const auto xy = [](int x, int y) { return std::to_string(x) + "," + std::to_string(y); };
  switch (m.kind) {
    case Marker::Kind::Cell: return "cell " + xy(m.x, m.y);
    case Marker::Kind::Arrow: return "arrow " + xy(m.x, m.y) + " -> " + xy(m.x2, m.y2);
    case Marker::Kind::Label: return "label " + xy(m.x, m.y) + " \"" + m.text + "\"";
  }
  return {};
}

void print_note(const Annotation& n, std::ostream& out) {
  if (!n.glyph.empty()) out << "Glyph: " << n.glyph << '\n';
  if (!n.comment.empty()) out << "Comment:\n  " << [&] {
      std::string s;
      for (char ch : n.comment) s += ch == '\n' ? std::string("\n  ") : std::string(1, ch);
      return s;
    }() << '\n';
  for (const Marker& m : n.markers) out << "Marker: " << marker_text(m) << '\n';
}

int count_variations(const Line& line) {
  int n = 0;
  for (const Node& node : line)
    for (const Line& v : node.variations) n += 1 + count_variations(v);
  return n;
}

// --rename NEW: the record's rule set (a co-op record: its level) is NEW in this
// database. A record that carries its rules gets them renamed (through a scratch
// database: the pack module renames, the loader checks); one that does not must name a
// rule set the database holds (e.g. made by `content import PACK --rename NEW`). The
// rules digest does not depend on the id, so the record's RulesDigest still applies.
void rename_record_rules(tgn::Record& rec, const std::string& to, const Content& content, const std::string& file) {
  const bool level = rec.tag("Level") != nullptr;
  const char* what = level ? "level" : "rule set";
  const std::string* from = rec.tag(level ? "Level" : "Ruleset");
  if (!from) throw Fail{kExitInput, file + ": --rename: the record names no rule set"};
  const std::string old = *from;
  if (old == to) return;
  if (!rec.rules.empty()) {
    const std::string source = file + " (its %rules section)";
    try {
      Store scratch = Store::open_scratch("", source);
      pack::ImportOptions o;
      o.renames[old] = to;
      pack::import_pack(scratch, pack::parse_pack(rec.rules, source), o);
      rec.rules = pack::pack_text(pack::export_pack(scratch, {std::string(level ? "level:" : "rule_set:") + to}));
    } catch (const StoreError& e) {
      throw Fail{kExitIllegal, std::string(e.what()) + "\n--rename: the record's rules could not be renamed; nothing was written"};
    }
  } else if (level ? !content.find_level(to) : !content.find_rule_set(to)) {
    throw Fail{kExitInput, file + ": --rename " + to + ": the record does not carry its rules (TGN 1), and this database has no " +
                               what + " " + to + " to play it on; make one first (tilewright content import PACK --rename " +
                               to + ", or tilewright content clone " + old + " " + to + " --set KEY=VALUE)"};
  }
  rec.set_tag(level ? "Level" : "Ruleset", to);
}

int do_import(const ReplayArgs& a, std::ostream& out, std::ostream& err) {
  // A record is at most tgn::kMaxRecordBytes; an XML archive of a replay (more verbose)
  // at most kMaxArchiveBytes. Larger files are refused before they are read.
  std::string why;
  const auto read = read_text_file(a.file, kMaxArchiveBytes, "a record or replay archive", &why);
  if (!read) throw Fail{kExitInput, why};
  std::string text = *read;
  // A review page (`replay export --format html`) holds its record: that is imported.
  if (const size_t start = text.find_first_not_of(" \t\r\n\xEF\xBB\xBF");
      start != std::string::npos && (text.compare(start, 9, "<!DOCTYPE") == 0 || text.compare(start, 9, "<!doctype") == 0)) {
    auto record = web::record_of_page(text);
    if (!record) throw Fail{kExitInput, a.file + ": an HTML file that is not a Tilewright review page (no record in it)"};
    text = std::move(*record);
  }
  Store store = open_db(a, true);
  Content content = store.load_content();
  Replay r;
  const bool xml = text.find_first_not_of(" \t\r\n\xEF\xBB\xBF") != std::string::npos &&
                   text.compare(text.find_first_not_of(" \t\r\n\xEF\xBB\xBF"), 5, "<?xml") == 0;
  if (xml) {
    if (!a.rename.empty()) throw Fail{kExitInput, a.file + ": --rename is for game records (TGN), not XML archives"};
    try {
      r = replay_from_xml(text, a.file);
    } catch (const ReplayError& e) {
      throw Fail{kExitInput, e.what()};
    }
    // Every string is checked as the TGN reader checks a record (tgn::tag_problem,
    // tgn::find_text_fault), and the setup tags must agree with the seats and setup: what
    // is stored can be exported as TGN and read back.
    if (auto e = check_exportable(r.log); !e.empty()) throw Fail{kExitInput, a.file + ": " + e};
    const VerifyReport v = verify(content, r.log, a.file);
    if (!v.ok()) throw Fail{kExitIllegal, v.message};
    if (auto e = check_variations(content, r); !e.empty()) throw Fail{kExitIllegal, a.file + ": " + e};
    // As for a TGN record: a Result tag the game does not reach is not stored as if it did.
    if (const auto g = play_log(content, r.log))
      if (auto problem = settle_result_tag(r.log, *g))
        err << "warning: " << a.file << ": " << *problem
            << (g->finished() ? "; stored with the replayed result" : "; stored without a Result tag") << '\n';
    // Text that enters the database is clean UTF-8, as a TGN import's is.
    if (auto e = check_comment_text(r.pinned, "the pinned comment"); !e.empty())
      throw Fail{kExitInput, a.file + ": " + e};
    for (const auto& row : flatten(r).annotations)
      if (auto e = check_annotation(row.note); !e.empty()) throw Fail{kExitInput, a.file + ": node " + row.node + ": " + e};
  } else {
    if (text.size() > tgn::kMaxRecordBytes)
      throw Fail{kExitInput, a.file + ": " + std::to_string(text.size()) + " bytes; a game record holds at most " +
                                 std::to_string(tgn::kMaxRecordBytes) + " bytes"};
    const tgn::ParseResult parsed = tgn::parse(text);
    if (!parsed.record) {
      std::string msg;
      for (const auto& e : parsed.errors)
        msg += (msg.empty() ? "" : "\n") + a.file + ":" + std::to_string(e.line) + ":" + std::to_string(e.column) + ": " +
               e.message;
      throw Fail{kExitInput, msg};
    }
    tgn::Record rec = *parsed.record;
    if (!a.rename.empty()) rename_record_rules(rec, a.rename, content, a.file);
    // The record's rules against this database's (cli/record_rules.h): rules that differ
    // are refused, rules the database lacks are imported from the record first.
    const RecordRules rules = record_rules(content, rec, a.file);
    if (rules.error) throw Fail{kExitInput, *rules.error};
    for (const auto& n : rules.notes) err << text::printable_lines(n) << '\n';
    if (rules.rules_differ && !a.ignore_rules) {
      std::string msg;
      for (const auto& w : rules.warnings) msg += (msg.empty() ? "" : "\n") + w;
      const std::string* id = rec.tag(rec.tag("Level") ? "Level" : "Ruleset");
      const std::string suggestion = id ? *id + "-2" : std::string("NEW");
      throw Fail{kExitIllegal,
                 msg + "\nnot imported: store it under another id: tilewright replay import " + a.file + " --rename " +
                     suggestion +
                     (rec.rules.empty() ? " (the record does not carry its rules: first make " + suggestion +
                                              " with them, e.g. tilewright content import PACK --rename " + suggestion + ")"
                                        : " (its rules come along under that id)") +
                     "; or --ignore-rules to store it on this database's rules"};
    }
    for (const auto& w : rules.warnings)
      if (!rules.rules_differ || a.ignore_rules) err << "warning: " << text::printable_lines(w) << '\n';
    if (rules.use_embedded && rules.db_lacks_rules) {
      try {
        const auto report = pack::import_pack(store, pack::parse_pack(rec.rules, a.file + " (its %rules section)"), {});
        err << a.file << ": added the rules it carries to " << store.path() << " (" << report.added.size()
            << " items: " << [&] {
                 std::string s;
                 for (const auto& it : report.added)
                   if (it.key.rfind("rule_set:", 0) == 0 || it.key.rfind("level:", 0) == 0)
                     s += (s.empty() ? "" : ", ") + pack::describe_item(it.key);
                 return s;
               }() << ")\n";
      } catch (const LoadError& e) {
        throw Fail{kExitIllegal, std::string(e.what()) + "\nthe record's rules were not imported; nor was the record"};
      } catch (const pack::PackError& e) {
        throw Fail{kExitIllegal, std::string(e.what()) + "\nthe record was not imported"};
      }
      content = store.load_content();
    }
    ImportResult res = import_record(content, rec, a.file);
    if (!res.replay) {
      std::string msg;
      for (const auto& e : res.errors) msg += (msg.empty() ? "" : "\n") + e;
      // As `run` says it: a record that cannot be read or set up (an unknown rule set or
      // bot, say) is bad input (2); an illegal decision in a readable record is 1.
      const bool illegal = !res.errors.empty() && res.errors[0].find("illegal decision") != std::string::npos;
      throw Fail{illegal ? kExitIllegal : kExitInput, msg};
    }
    r = std::move(*res.replay);
    for (const auto& w : res.warnings) err << "warning: " << w << '\n';
  }
  ReplayStore replays(store);
  // The check for the same game and the insert are one transaction (concurrent imports of
  // one record store it once).
  const auto [id, stored] = a.duplicate ? std::pair{replays.insert(r), true} : replays.insert_unless_stored(r);
  if (!stored) {
    out << a.file << ": the same game is already stored as " << ReplayStore::where(id)
        << "; not stored again (--duplicate stores another copy)\n";
    out << id << '\n';
    return kExitOk;
  }
  out << "Imported " << a.file << ": rule set " << r.log.header.rule_set << ", "
      << players_text(r.log.header.players) << ", " << text::counted(r.log.plies(), "ply", "plies") << ", "
      << text::counted(static_cast<long long>(count_variations(r.mainline)), "variation", "variations") << ", "
      << text::counted(static_cast<long long>(flatten(r).annotations.size()), "annotated node", "annotated nodes") << "\n";
  out << id << '\n';
  return kExitOk;
}

int do_list(const ReplayArgs& a, std::ostream& out) {
  Store store = open_db(a, false);
  auto all = ReplayStore(store).list(a.rule_set);
  if (!a.level.empty())
    all.erase(std::remove_if(all.begin(), all.end(), [&](const ReplaySummary& s) { return s.level != a.level; }),
              all.end());
  if (a.json) {
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const auto& s : all)
      list.push_back({{"id", s.id},
                      {"created", s.created},
                      {"rule_set", s.rule_set},
                      {"level", s.level.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(s.level)},
                      {"players", s.players},
                      {"seed", s.seed},
                      {"plies", s.plies},
                      {"finished", s.finished},
                      {"result", s.finished ? nlohmann::ordered_json(s.result) : nlohmann::ordered_json(nullptr)},
                      {"rules_digest", s.rules_digest},
                      {"pinned", s.pinned.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(s.pinned)}});
    out << json_text(nlohmann::ordered_json{{"database", store.path()}, {"replays", list}}) << '\n';
    return kExitOk;
  }
  for (const auto& s : all)
    out << s.id << "  " << s.created << "  " << s.rule_set << (s.level.empty() ? "" : " " + s.level) << "  "
        << s.players << "  seed " << s.seed << "  " << text::counted(s.plies, "ply", "plies") << "  "
        << (s.finished ? s.result : "unfinished") << (s.pinned.empty() ? "" : "  — " + s.pinned.substr(0, s.pinned.find('\n')))
        << '\n';
  if (all.empty())
    out << "no replays" << (a.rule_set.empty() ? "" : " of rule set " + a.rule_set)
        << (a.level.empty() ? "" : " at level " + a.level) << " in " << store.path() << '\n';
  return kExitOk;
}

Replay load_replay(const ReplayStore& rs, int64_t id) {
  if (!rs.exists(id)) throw Fail{kExitInput, "no replay " + std::to_string(id) + " in this database"};
  try {
    return rs.load(id);
  } catch (const ReplayError& e) {
    // A stored log that does not load is damage in the database (3), as every command
    // says it; 2 is for files and words given on the command line (issue 56, item 7).
    throw Fail{kExitDatabase, e.what()};
  }
}

int do_show(const ReplayArgs& a, std::ostream& out) {
  Store store = open_db(a, false);
  const Content content = store.load_content();
  const Replay r = load_replay(ReplayStore(store), a.id);
  const VerifyReport rules = verify(content, r.log, ReplayStore::where(a.id));
  if (rules.status == VerifyStatus::RulesDiffer) throw Fail{kExitIllegal, rules.message};
  out << "Replay " << a.id << " · " << r.log.header.rule_set << " · " << players_text(r.log.header.players)
      << " · seed " << r.log.header.seed << " · " << text::counted(r.log.plies(), "ply", "plies") << " · "
      << (r.log.finished ? "finished: " + r.log.result : "unfinished") << '\n';
  if (!r.pinned.empty()) out << "Pinned: " << r.pinned << '\n';
  std::optional<NodePath> at;  // none: the start of the game
  if (!(a.ply && *a.ply == 0) && (a.node || a.ply || r.log.plies() > 0)) at = target_of(a, r, true);
  Player p;
  const std::vector<std::string> moves = at ? *moves_to(r, *at) : std::vector<std::string>{};
  if (auto e = Player::open(content, r.log.setup(), moves, p); !e.empty())
    throw Fail{kExitIllegal, ReplayStore::where(a.id) + ": " + e};
  const Game& g = p.game();
  out << '\n';
  if (at) {
    const Node* n = find_node(r, *at);
    out << "Node " << at->to_string() << " (game ply " << at->game_ply() << "): " << n->decision
        << (n->note.glyph.empty() ? "" : " " + n->note.glyph) << '\n';
    for (const auto& line : event_lines(g)) out << "  " << line << '\n';
    print_note(n->note, out);
    for (size_t v = 0; v < n->variations.size(); ++v) {
      NodePath first = *at;
      first.steps.emplace_back(static_cast<int>(v), 1);
      out << "Variation " << first.to_string() << ": " << n->variations[v].front().decision
          << (n->variations[v].size() > 1 ? " ... (" + std::to_string(n->variations[v].size()) + " plies)" : "")
          << '\n';
    }
    out << '\n';
  } else {
    out << "Start of the game (ply 0)\n\n";
  }
  out << state_text(g);
  return kExitOk;
}

int do_options(const ReplayArgs& a, std::ostream& out) {
  Store store = open_db(a, false);
  const Content content = store.load_content();
  const Replay r = load_replay(ReplayStore(store), a.id);
  std::optional<NodePath> at;
  if (!(a.ply && *a.ply == 0) && (a.node || a.ply || r.log.plies() > 0)) at = target_of(a, r, true);
  const std::vector<std::string> moves = at ? *moves_to(r, *at) : std::vector<std::string>{};
  Player p;
  if (auto e = Player::open(content, r.log.setup(), moves, p); !e.empty())
    throw Fail{kExitIllegal, ReplayStore::where(a.id) + ": " + e};
  const std::string where = ReplayStore::where(a.id) + (at ? " after " + at->to_string() : " at the start");
  if (p.game().finished())
    throw Fail{kExitIllegal, where + ": the game is over (" + result_text(p.game()) + "); no decision is pending"};
  for (const auto& o : option_strings(p.game())) out << o << '\n';
  return kExitOk;
}

// Loads, edits (a function returning "" or a problem) and saves in one transaction.
template <class Edit>
int edit_replay(const ReplayArgs& a, bool needs_content, std::ostream& out, Edit edit) {
  Store store = open_db(a, true);
  std::optional<Content> content;
  if (needs_content) content = store.load_content();
  ReplayStore rs(store);
  Replay r = load_replay(rs, a.id);
  const std::string problem = edit(content ? &*content : nullptr, r, out);
  if (!problem.empty()) throw Fail{kExitIllegal, ReplayStore::where(a.id) + ": " + problem};
  rs.save(r);
  return kExitOk;
}

// `replay export ID|FILE.tgn --format html`: the web page of the game (web/page.h).
int do_export_html(const ReplayArgs& a, std::ostream& out, std::ostream& err, std::ostream& payload) {
  if (a.with_rules) throw Fail{kExitInput, "--with-rules embeds the rules in TGN; use --format tgn"};
  Store store = open_db(a, false);
  const Content content = store.load_content();
  const Content* play_on = &content;
  RecordRules rules;
  std::string carried_rules;  // the %rules of a record file (TGN 2)
  Replay r;
  std::string where;
  if (a.id > 0) {
    const Replay stored = load_replay(ReplayStore(store), a.id);
    const VerifyReport v = verify(content, stored.log, ReplayStore::where(a.id));
    if (!v.ok())
      throw Fail{kExitIllegal, v.message + "; not exported (tilewright replay verify " + std::to_string(a.id) +
                                   " says more)"};
    r = stored;
    if (const auto g = play_log(content, r.log))
      if (auto problem = settle_result_tag(r.log, *g))
        err << "note: " << ReplayStore::where(a.id) << ": " << *problem
            << (g->finished() ? "; exported with the replayed result" : "; exported without a Result tag") << '\n';
    where = ReplayStore::where(a.id);
  } else {
    std::string why;
    const auto text = read_text_file(a.source, tgn::kMaxRecordBytes, "a game record", &why);
    if (!text) throw Fail{kExitInput, why};
    const tgn::ParseResult parsed = tgn::parse(*text);
    if (!parsed.record) {
      std::string msg;
      for (const auto& e : parsed.errors)
        msg += (msg.empty() ? "" : "\n") + a.source + ":" + std::to_string(e.line) + ":" + std::to_string(e.column) +
               ": " + e.message;
      throw Fail{kExitInput, msg};
    }
    // The record's rules (cli/record_rules.h): a record carrying them is played on them.
    rules = record_rules(content, *parsed.record, a.source);
    if (rules.error) throw Fail{kExitInput, *rules.error};
    carried_rules = parsed.record->rules;
    for (const auto& w : rules.warnings) err << "warning: " << text::printable_lines(w) << '\n';
    play_on = &rules.content(content);
    ImportResult res = import_record(*play_on, *parsed.record, a.source);
    if (!res.replay) {
      std::string msg;
      for (const auto& e : res.errors) msg += (msg.empty() ? "" : "\n") + e;
      throw Fail{kExitIllegal, msg};
    }
    for (const auto& w : res.warnings) err << "warning: " << w << '\n';
    r = std::move(*res.replay);
    where = a.source;
  }
  std::optional<analysis::Analysis> an;
  web::PageOptions po;
  if (a.analyse) {
    analysis::Settings s;
    s.iterations = *a.analyse;
    s.seed = a.analyse_seed;
    an = analysis::analyse_replay(*play_on, r, s, false);
    if (!an->error.empty()) throw Fail{kExitIllegal, where + ": " + an->error};
  } else if (!r.evaluations.empty()) {
    // The evaluations kept by `analyse --replay ID --annotate` (or the editor's Keep
    // analysis): the graph and the marks they wrote, without analysing again.
    an = analysis::from_kept(*play_on, r);
    if (!an) err << "note: " << where << ": its kept evaluations do not read in its main line; exported without them\n";
    po.analysis_is_kept = true;
  }
  if (an) po.analysis = &*an;
  // The record in the page carries its rules when they are not shipped ones (issue 61,
  // item 9), so the downloaded record replays on any database, as --with-rules writes it.
  if (!carried_rules.empty()) {
    po.rules = carried_rules;
  } else if (play_on == &content) {
    const std::string pack_id =
        r.log.header.level.empty() ? "rule_set:" + r.log.header.rule_set : "level:" + r.log.header.level;
    const auto marker = store.meta("shipped:" + pack_id);
    const auto digest = pack::item_digest(store, pack_id);
    if (!marker || !digest || *marker != hex64(*digest)) po.rules = pack::pack_text(pack::export_pack(store, {pack_id}));
  }
  std::string html;
  try {
    html = web::page_html(*play_on, r, po);
  } catch (const std::runtime_error& e) {
    throw Fail{kExitIllegal, where + ": " + e.what()};
  }
  if (a.out_file.empty()) {
    payload << html;
    return kExitOk;
  }
  std::string why;
  if (!write_file_atomic(a.out_file, html, &why)) throw Fail{kExitInput, why};
  out << "Wrote " << where << " as a web page to " << a.out_file << " (" << html.size() << " bytes)\n";
  return kExitOk;
}

int do_export(const ReplayArgs& a, std::ostream& out, std::ostream& err, std::ostream& payload) {
  if (a.format == "html") return do_export_html(a, out, err, payload);
  if (a.id <= 0) throw Fail{kExitInput, "'" + a.source + "' is not a replay id (a record file is exported with --format html)"};
  Store store = open_db(a, false);
  const Content content = store.load_content();
  const Replay stored = load_replay(ReplayStore(store), a.id);
  // What is exported must replay: the log is checked ply by ply against its recorded
  // state hashes (a blob edited after it was stored, with its CRC fixed, fails here).
  const VerifyReport v = verify(content, stored.log, ReplayStore::where(a.id));
  if (!v.ok())
    throw Fail{kExitIllegal, v.message + "; not exported (tilewright replay verify " + std::to_string(a.id) +
                                 " says more)"};
  if (a.with_rules && a.format != "tgn") throw Fail{kExitInput, "--with-rules embeds the rules in TGN; use --format tgn"};
  // A Result tag the game does not reach (stored before imports checked it) is not
  // exported as if it did: the replayed result is written instead, or none while the
  // game is unfinished.
  Replay r = stored;
  if (const auto g = play_log(content, r.log))
    if (auto problem = settle_result_tag(r.log, *g))
      err << "note: " << ReplayStore::where(a.id) << ": " << *problem
          << (g->finished() ? "; exported with the replayed result" : "; exported without a Result tag") << '\n';
  const std::string pack_id =
      r.log.header.level.empty() ? "rule_set:" + r.log.header.rule_set : "level:" + r.log.header.level;
  std::string text;
  if (a.format == "xml") {
    text = replay_to_xml(r);
  } else {
    // A log stored before imports checked its text (an XML archive holding an escape
    // sequence): its record would not read back.
    if (auto e = check_exportable(r.log); !e.empty())
      throw Fail{kExitIllegal, ReplayStore::where(a.id) + ": " + e + "; not exported as TGN, which could not be read "
                                                                    "back (--format xml keeps it as stored)"};
    // The same for its variations and comments (a stored variation holding a NUL).
    if (auto e = check_variations(content, r); !e.empty())
      throw Fail{kExitIllegal, ReplayStore::where(a.id) + ": " + e + "; not exported as TGN, which could not be read "
                                                                    "back (--format xml keeps it as stored)"};
    tgn::Record rec = to_record(r);
    if (a.with_rules) {
      std::string pack_text = pack::pack_text(pack::export_pack(store, {pack_id}));
      while (!pack_text.empty() && pack_text.back() == '\n') pack_text.pop_back();
      rec.rules = std::move(pack_text);
      rec.set_tag("RulesDigest", hex64(r.log.header.rules_digest));
    }
    text = tgn::write(rec);
  }
  if (!a.with_rules && a.format == "tgn") {
    // Rules nobody else has: say how to share them with the game.
    const auto marker = store.meta("shipped:" + pack_id);
    const auto digest = pack::item_digest(store, pack_id);
    if (!marker || !digest || *marker != hex64(*digest))
      err << "note: " << pack::describe_item(pack_id)
          << " is not shipped content; --with-rules embeds it so that others can replay the game\n";
  }
  if (a.out_file.empty()) {
    payload << text;
    return kExitOk;
  }
  std::string why;
  if (!write_file_atomic(a.out_file, text, &why)) throw Fail{kExitInput, why};
  out << "Wrote " << ReplayStore::where(a.id) << " to " << a.out_file << '\n';
  return kExitOk;
}

// "; what differs: ghost_penalty: recorded 3, here 2, ..." from the rules kept when the
// replay was stored ("" when they were not kept).
std::string rules_differences(Store& store, const Content& content, const Replay& r) {
  const auto text = ReplayStore(store).rules_pack(r.log.header.rules_digest);
  if (!text) return "; the rules it was recorded with were not kept, so what differs cannot be named";
  try {
    Store scratch = Store::open_scratch({}, "the recorded rules");
    pack::import_pack(scratch, pack::parse_pack(*text, "the recorded rules"), {});
    const Content then = scratch.load_content();
    tgn::Record rec;
    rec.set_tag("Ruleset", r.log.header.rule_set);
    if (!r.log.header.level.empty()) rec.set_tag("Level", r.log.header.level);
    rec.set_tag("Seed", std::to_string(r.log.header.seed));
    rec.set_tag("Players", players_text(r.log.header.players));
    std::string list;
    for (const auto& d : describe_differences(content, then, rec, "here", "recorded")) list += "\n  " + d;
    return list.empty() ? std::string() : "; what differs:" + list;
  } catch (const std::exception& e) {
    return std::string("; the rules it was recorded with cannot be read (") + e.what() + ")";
  }
}

int do_verify(const ReplayArgs& a, std::ostream& out) {
  Store store = open_db(a, false);
  const Content content = store.load_content();
  const Replay r = load_replay(ReplayStore(store), a.id);
  const VerifyReport v = verify(content, r.log, ReplayStore::where(a.id));
  if (v.status == VerifyStatus::RulesDiffer) throw Fail{kExitIllegal, v.message + rules_differences(store, content, r)};
  if (!v.ok()) throw Fail{kExitIllegal, v.message};
  // The row's columns (what `replay list` shows and searches) restate the log.
  if (const auto row = ReplayStore(store).summary(a.id)) {
    const auto bad = column_disagreements(*row, r.log);
    std::string msg;
    for (const auto& b : bad) msg += "\n  " + b;
    if (!bad.empty())
      throw Fail{kExitIllegal, ReplayStore::where(a.id) + ": the log replays, but " +
                                   (bad.size() == 1 ? std::string("a column of its row disagrees")
                                                    : std::to_string(bad.size()) + " columns of its row disagree") +
                                   " with it:" + msg};
  }
  out << v.message << '\n';
  if (auto e = check_exportable(r.log); !e.empty()) throw Fail{kExitIllegal, ReplayStore::where(a.id) + ": " + e};
  if (const std::string* tag = r.log.tag("Result"))
    if (const auto g = play_log(content, r.log))
      if (auto problem = result_tag_problem(*tag, *g))
        throw Fail{kExitIllegal, ReplayStore::where(a.id) + ": the Result tag says '" + *tag + "' but " + *problem};
  if (auto e = check_variations(content, r); !e.empty())
    throw Fail{kExitIllegal, ReplayStore::where(a.id) + ": variation " + e};
  out << ReplayStore::where(a.id) << ": "
      << text::counted(static_cast<long long>(count_variations(r.mainline)), "variation", "variations")
      << ", every move legal\n";
  return kExitOk;
}

}  // namespace

// `payload` takes what export writes to the standard output; everything else is said on
// `out` and `err`.
static int run_replay(const ReplayArgs& a, std::ostream& out, std::ostream& err, std::ostream& payload) {
  using Action = ReplayArgs::Action;
  try {
    switch (a.action) {
      case Action::Import:
        return do_import(a, out, err);
      case Action::Remove: {
        Store store = open_db(a, true);
        ReplayStore rs(store);
        if (!rs.remove(a.id)) throw Fail{kExitInput, "no replay " + std::to_string(a.id) + " in " + store.path()};
        out << "Deleted " << ReplayStore::where(a.id) << " from " << store.path() << '\n';
        return kExitOk;
      }
      case Action::List:
        return do_list(a, out);
      case Action::Show:
        return do_show(a, out);
      case Action::Options:
        return do_options(a, out);
      case Action::Annotate:
        return edit_replay(a, false, out, [&](const Content*, Replay& r, std::ostream& o) -> std::string {
          const NodePath at = target_of(a, r, false);
          const std::vector<Marker> marks = markers_of(a);
          if (!a.comment && !a.glyph && marks.empty() && !a.clear)
            throw Fail{kExitInput, "nothing to do: give --comment, --glyph, a marker or --clear"};
          Annotation note = a.clear ? Annotation{} : find_node(r, at)->note;
          if (a.comment) note.comment = *a.comment;
          if (a.glyph) note.glyph = *a.glyph;
          note.markers.insert(note.markers.end(), marks.begin(), marks.end());
          if (auto e = annotate(r, at, note); !e.empty()) throw Fail{kExitInput, e};
          o << "Annotated " << ReplayStore::where(r.id) << " at " << at.to_string() << '\n';
          return {};
        });
      case Action::Pin:
        return edit_replay(a, false, out, [&](const Content*, Replay& r, std::ostream& o) -> std::string {
          if (auto e = check_comment_text(a.text, "the pinned comment"); !e.empty()) throw Fail{kExitInput, e};
          r.pinned = a.text;
          o << (a.text.empty() ? "Unpinned the comment of " : "Pinned a comment to ") << ReplayStore::where(r.id)
            << '\n';
          return {};
        });
      case Action::Vary:
        return edit_replay(a, true, out, [&](const Content* c, Replay& r, std::ostream& o) -> std::string {
          const NodePath at = target_of(a, r, false);
          NodePath added;
          if (a.replace) {
            if (auto e = add_variation(*c, r, at, a.moves, &added); !e.empty()) return e;
            o << "Added variation " << added.to_string() << " ("
              << text::counted(static_cast<long long>(a.moves.size()), "ply", "plies") << ")\n";
            return {};
          }
          if (auto e = append_after(*c, r, at, a.moves, &added); !e.empty()) return e;
          o << "Added " << a.moves.size() << " move" << (a.moves.size() == 1 ? "" : "s") << " after "
            << at.to_string() << ", from " << added.to_string() << '\n';
          return {};
        });
      case Action::Promote:
        return edit_replay(a, true, out, [&](const Content* c, Replay& r, std::ostream& o) -> std::string {
          const NodePath at = target_of(a, r, false);
          NodePath moved;
          if (auto e = promote_to_main(*c, r, at, &moved); !e.empty()) return e;
          o << "Promoted: " << at.to_string() << " is now " << moved.to_string() << " on the main line ("
            << text::counted(r.log.plies(), "ply", "plies") << ")\n";
          return {};
        });
      case Action::Delete:
        return edit_replay(a, false, out, [&](const Content*, Replay& r, std::ostream& o) -> std::string {
          const NodePath at = target_of(a, r, false);
          if (auto e = delete_variation(r, at); !e.empty()) return e;
          o << "Deleted the variation holding " << at.to_string() << '\n';
          return {};
        });
      case Action::Export: {
        // The positional as typed: an id, or a record file for --format html (a caller
        // that sets `id` itself and no `source` exports that id).
        ReplayArgs b = a;
        if (!b.source.empty()) {
          const bool digits = b.source.size() < 19 && std::all_of(b.source.begin(), b.source.end(),
                                                                  [](char ch) { return ch >= '0' && ch <= '9'; });
          b.id = digits ? std::stoll(b.source) : 0;
          if (digits && b.id < 1) throw Fail{kExitInput, "a replay id is 1 or more, not " + b.source};
        } else {
          b.source = std::to_string(b.id);
        }
        return do_export(b, out, err, payload);
      }
      case Action::Verify:
        return do_verify(a, out);
      case Action::None:
        break;
    }
    err << "tilewright replay: no subcommand\n";
    return kExitInput;
  } catch (const Fail& f) {
    return command_failed(err, "replay", f.message, f.code);
  } catch (const ReplayError& e) {
    return command_failed(err, "replay", e.what(), kExitInput);
  } catch (const StoreError& e) {
    return command_failed(err, "replay", e.what(), db_exit_code(e));
  } catch (const std::exception& e) {
    return command_failed(err, "replay", e.what(), db_exit_code(e));
  }
}

int cmd_replay(const ReplayArgs& a, std::ostream& out, std::ostream& err) {
  // Names, tags, comments and file names come from users and files: whatever a replay
  // command says reaches the terminal printable (a control character as a visible escape
  // such as \x1b, never raw). Only the record or archive export writes to the standard
  // output passes as it is (a TGN export holds no control characters: check_exportable).
  std::ostringstream said, warned;
  const int code = run_replay(a, said, warned, out);
  err << text::printable_lines(warned.str());  // warnings and notes first, as they were said
  out << text::printable_lines(said.str());
  return code;
}

}  // namespace tw
