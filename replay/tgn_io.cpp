#include "replay/tgn_io.h"

#include "engine/bots/bots.h"

#include <sstream>

namespace tw::replay {
namespace {

std::string at(const std::string& source, const tgn::Node& n) {
  if (n.line <= 0) return source;
  return source + ":" + std::to_string(n.line) + ":" + std::to_string(n.column);
}

// Plays a TGN line from `start`, building the tree line; variations from the state
// before their node. Stops at the first illegal decision (one error per line).
bool build_line(const Game& start, const std::vector<tgn::Node>& in, Line& out,
                const std::string& source, std::vector<std::string>& errors) {
  Game g = start;
  for (const tgn::Node& n : in) {
    Node node;
    node.note.comment = n.comment;
    node.note.glyph = n.glyph;
    for (const auto& v : n.variations) {
      Line line;
      if (build_line(g, v, line, source, errors)) node.variations.push_back(std::move(line));
    }
    std::string why;
    const auto o = g.parse_option(n.move, &why);
    if (!o) {
      errors.push_back(at(source, n) + ": ply " + std::to_string(g.ply() + 1) + ": illegal decision '" +
                       n.move + "': " + why);
      return false;
    }
    node.decision = g.to_string(*o);
    g.apply(*o);
    out.push_back(std::move(node));
  }
  return true;
}

void to_tgn_line(const Line& line, std::vector<tgn::Node>& out) {
  for (const Node& n : line) {
    tgn::Node t;
    t.move = n.decision;
    t.comment = n.note.comment;
    t.glyph = n.note.glyph;
    for (const Line& v : n.variations) {
      t.variations.emplace_back();
      to_tgn_line(v, t.variations.back());
    }
    out.push_back(std::move(t));
  }
}

}  // namespace

ImportResult import_record(const Content& content, const tgn::Record& rec, const std::string& source) {
  ImportResult out;
  const auto fail = [&](std::string msg) {
    out.errors.push_back(source + ": " + std::move(msg));
    return out;
  };
  GameSetup setup;
  const std::string* rule_set = rec.tag("Ruleset");
  const std::string* seed = rec.tag("Seed");
  if (!rule_set || rule_set->empty()) return fail("the record has no Ruleset tag");
  if (!seed) return fail("the record has no Seed tag");
  setup.rule_set = *rule_set;
  if (const std::string* level = rec.tag("Level")) setup.level = *level;
  setup.seed = parse_seed(*seed);
  if (const std::string* players = rec.tag("Players")) setup.players = parse_players(*players);
  if (setup.players.empty()) return fail("the record's Players tag names no player");
  // The seats `run` would refuse are not stored either (issue 56, item 5).
  if (auto problem = seat_bot_problem(setup.players); !problem.empty()) return fail(problem + " in the Players tag");
  if (const std::string* draw = rec.tag("Draw")) {
    std::istringstream in(*draw);
    for (std::string id; in >> id;) setup.draw.push_back(id);
  }
  std::vector<MetaTag> tags;
  for (const tgn::Tag& t : rec.tags)
    if (t.name != "Format") tags.push_back({t.name, t.value});
  const std::string* level = rec.tag("Level");
  Recorder recorder;
  if (auto v = Recorder::start(content, setup, recorder, tags, level ? *level : std::string()))
    return fail("the game cannot be set up: " + v->message);
  const Game start = recorder.game();
  for (const tgn::Node& n : rec.mainline) {
    if (auto v = recorder.apply(std::string_view(n.move))) {
      out.errors.push_back(at(source, n) + ": ply " + std::to_string(recorder.game().ply() + 1) +
                           ": illegal decision '" + n.move + "': " + v->message);
      return out;
    }
  }
  const Game end = recorder.game();
  GameLog log = recorder.take_log();
  if (auto problem = settle_result_tag(log, end))
    out.warnings.push_back(source + ": " + *problem +
                           (end.finished() ? "; stored with the replayed result" : "; stored without a Result tag"));
  Replay r = from_log(std::move(log));
  r.pinned = rec.pre_comment;
  Line line;
  if (!build_line(start, rec.mainline, line, source, out.errors)) return out;
  if (!out.errors.empty()) return out;
  r.mainline = std::move(line);
  if (auto e = check_tree(r); !e.empty()) return fail(e);
  out.replay = std::move(r);
  return out;
}

ImportResult import_tgn(const Content& content, std::string_view text, const std::string& source) {
  const tgn::ParseResult parsed = tgn::parse(text);
  if (!parsed.record) {
    ImportResult out;
    for (const auto& e : parsed.errors) out.errors.push_back(source + ":" + std::to_string(e.line) + ":" +
                                                             std::to_string(e.column) + ": " + e.message);
    return out;
  }
  return import_record(content, *parsed.record, source);
}

tgn::Record to_record(const Replay& r) {
  tgn::Record rec;
  rec.tags.push_back({"Format", std::string(tgn::kFormat)});
  for (const MetaTag& t : r.log.header.tags) rec.tags.push_back({t.name, t.value});
  rec.pre_comment = r.pinned;
  to_tgn_line(r.mainline, rec.mainline);
  return rec;
}

std::string export_tgn(const Replay& r) { return tgn::write(to_record(r)); }

}  // namespace tw::replay
