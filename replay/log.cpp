#include "replay/log.h"

#include "engine/bots/bots.h"

#include "engine/result.h"
#include "engine/text.h"
#include "engine/tgn.h"
#include "replay/digest.h"

#include <sstream>

namespace tw::replay {

GameSetup GameLog::setup() const {
  GameSetup s;
  s.rule_set = header.rule_set;
  s.level = header.level;
  s.seed = header.seed;
  s.draw = header.draw;
  for (const Seat& p : header.players) s.players.push_back({p.name, p.bot});
  return s;
}

const std::string* GameLog::tag(std::string_view name) const {
  for (const MetaTag& t : header.tags)
    if (t.name == name) return &t.value;
  return nullptr;
}

void GameLog::set_tag(std::string_view name, std::string_view value) {
  for (MetaTag& t : header.tags)
    if (t.name == name) {
      t.value = std::string(value);
      return;
    }
  header.tags.push_back({std::string(name), std::string(value)});
}

std::string check_shape(const GameLog& log) {
  if (log.header.magic != kLogMagic) return "the header is not a Tilewright game log's";
  if (log.header.players.empty()) return "the log names no player";
  if (log.header.rule_set.empty()) return "the log names no rule set";
  if (log.hashes.size() != log.decisions.size() + 1)
    return "the log holds " + std::to_string(log.decisions.size()) + " decisions but " +
           std::to_string(log.hashes.size()) + " state hashes (expected one more than decisions)";
  for (size_t i = 0; i < log.decisions.size(); ++i)
    if (log.decisions[i].empty()) return "ply " + std::to_string(i + 1) + " is an empty decision";
  return {};
}

std::string scores_text(const Game& g) {
  std::string s;
  for (int p = 0; p < g.player_count(); ++p) {
    if (p) s += ", ";
    s += seat_label(g.setup().players, static_cast<size_t>(p)) + " " + std::to_string(g.score(p));
  }
  return s;
}

std::string legacy_scores_text(const Game& g) {
  std::string s;
  for (int p = 0; p < g.player_count(); ++p) {
    if (p) s += ", ";
    s += g.setup().players[static_cast<size_t>(p)].name + " " + std::to_string(g.score(p));
  }
  return s;
}

namespace {

// "Ann 52,Ben 47": the words of each comma-separated part joined by single spaces.
std::string normalise_result(std::string_view s) {
  std::string out, part;
  const auto flush = [&] {
    std::string words, w;
    for (char c : part + ' ') {
      if (c != ' ' && c != '\t') {
        w += c;
      } else if (!w.empty()) {
        words += (words.empty() ? "" : " ") + w;
        w.clear();
      }
    }
    out += (out.empty() ? "" : ",") + words;
    part.clear();
  };
  for (char c : s) {
    if (c == ',')
      flush();
    else
      part += c;
  }
  flush();
  return out;
}

}  // namespace

std::optional<std::string> result_tag_problem(std::string_view tag, const Game& g) {
  if (!g.finished())
    return "the game is unfinished after " + std::to_string(g.ply()) + " plies (a record cut short?)";
  const std::string ours = result_text(g);
  const std::string want = normalise_result(tag);
  if (want == normalise_result(ours)) return std::nullopt;
  // Names without seat labels, as records written before seat labels have them.
  if (!is_coop(g) && want == normalise_result(legacy_scores_text(g))) return std::nullopt;
  return "the game replays to '" + ours + "'";
}

std::optional<std::string> settle_result_tag(GameLog& log, const Game& g) {
  const std::string* tag = log.tag("Result");
  if (!tag) return std::nullopt;
  auto problem = result_tag_problem(*tag, g);
  if (!problem) return std::nullopt;
  std::string said = "the Result tag says '" + text::printable(*tag, 200) + "' but " + *problem;
  if (g.finished())
    log.set_tag("Result", result_text(g));
  else
    std::erase_if(log.header.tags, [](const MetaTag& t) { return t.name == "Result"; });
  return said;
}

std::string check_exportable(const GameLog& log) {
  const LogHeader& h = log.header;
  if (h.tags.size() + 1 > tgn::kMaxTags)
    return std::to_string(h.tags.size()) + " tags; a record has at most " + std::to_string(tgn::kMaxTags);
  for (size_t i = 0; i < h.tags.size(); ++i) {
    const MetaTag& t = h.tags[i];
    if (auto e = tgn::tag_problem(t.name, t.value); !e.empty()) return "tag " + std::to_string(i + 1) + ": " + e;
    if (t.name == "Format") return "tag [Format] is the record's own; a log holds none";
    for (size_t j = 0; j < i; ++j)
      if (h.tags[j].name == t.name) return "tag [" + t.name + "] appears twice";
  }
  const std::pair<const char*, const std::string*> fields[] = {
      {"the engine version", &h.engine_version}, {"the rule set", &h.rule_set}, {"the level", &h.level}};
  for (const auto& [what, value] : fields)
    if (auto fault = tgn::find_text_fault(*value)) return std::string(what) + ": " + fault->message;
  const std::string* rule_set = log.tag("Ruleset");
  const std::string* players = log.tag("Players");
  const std::string* seed = log.tag("Seed");
  if (!rule_set || !players || !seed)
    return std::string("the log has no [") + (!rule_set ? "Ruleset" : !players ? "Players" : "Seed") + "] tag";
  if (*rule_set != h.rule_set && (h.level.empty() || *rule_set != h.level))
    return "the Ruleset tag says '" + *rule_set + "', the log's rule set is '" + h.rule_set + "'";
  const std::string* level = log.tag("Level");
  if (level ? *level != h.level : !h.level.empty() && *rule_set != h.level)
    return "the Level tag says '" + (level ? *level : std::string()) + "', the log's level is '" + h.level + "'";
  std::vector<Seat> seats;
  const std::vector<PlayerSpec> specs = parse_players(*players);
  if (auto problem = seat_bot_problem(specs); !problem.empty()) return "the Players tag: " + problem;
  for (const PlayerSpec& p : specs) seats.push_back({p.name, p.bot});
  if (seats != h.players) {
    std::string names;
    for (const Seat& p : h.players) names += (names.empty() ? "'" : ", '") + p.name + "'";
    return "the Players tag says '" + *players + "' but the seats are " + names;
  }
  if (parse_seed(*seed) != h.seed)
    return "the Seed tag says '" + *seed + "', the log's seed is " + std::to_string(h.seed);
  std::vector<std::string> draw;
  if (const std::string* d = log.tag("Draw")) {  // read as import_record reads it
    std::istringstream in(*d);
    for (std::string id; in >> id;) draw.push_back(id);
  }
  if (draw != h.draw) return "the Draw tag does not name the log's draw";
  return {};
}

std::string players_text(const std::vector<Seat>& seats) {
  std::string s;
  for (const Seat& p : seats) {
    if (!s.empty()) s += ", ";
    s += p.name;
  }
  return s;
}

std::optional<Violation> Recorder::start(const Content& content, const GameSetup& setup,
                                         Recorder& out, std::vector<MetaTag> tags,
                                         std::string level) {
  out.log_ = GameLog{};
  if (auto v = Game::create(content, setup, out.game_)) return v;
  LogHeader& h = out.log_.header;
  h.engine_version = TW_VERSION;
  h.rules_digest = rules_digest(content, out.game_.rule_set(), coop_level(out.game_));
  h.rule_set = out.game_.setup().rule_set;  // a Ruleset tag naming a level: the level's rule set
  h.level = coop_level(out.game_) ? coop_level(out.game_)->id : std::move(level);
  h.seed = setup.seed;
  for (const PlayerSpec& p : setup.players) h.players.push_back({p.name, p.bot});
  h.draw = setup.draw;
  h.tags = std::move(tags);
  if (!out.log_.tag("Ruleset")) out.log_.set_tag("Ruleset", setup.rule_set);
  if (!h.level.empty() && !out.log_.tag("Level")) out.log_.set_tag("Level", h.level);
  if (!out.log_.tag("Players")) out.log_.set_tag("Players", players_text(h.players));
  if (!out.log_.tag("Seed")) out.log_.set_tag("Seed", std::to_string(setup.seed));
  if (!out.log_.tag("Draw") && !setup.draw.empty()) {
    std::string draw;
    for (const auto& d : setup.draw) draw += (draw.empty() ? "" : " ") + d;
    out.log_.set_tag("Draw", draw);
  }
  out.log_.hashes.push_back(out.game_.state_hash());
  out.log_.result = result_text(out.game_);
  return std::nullopt;
}

std::string read_line(Game g, const std::vector<std::string>& moves, std::vector<Option>& out) {
  out.clear();
  out.reserve(moves.size());
  for (const auto& m : moves) {
    std::string why;
    const auto o = g.parse_option(m, &why);
    if (!o) return why;
    g.apply(*o);
    out.push_back(*o);
  }
  return {};
}

std::optional<Violation> Recorder::apply(const Option& o) {
  if (game_.finished()) return Violation{"the game is over"};
  std::string text = game_.to_string(o);
  if (auto v = game_.apply(o)) return v;
  logged(std::move(text));
  return std::nullopt;
}

std::optional<Violation> Recorder::apply(std::string_view text) {
  std::string why;
  const auto o = game_.parse_option(text, &why);
  if (!o) return Violation{why};
  return apply(*o);
}

void Recorder::apply_index(size_t i) {
  const Option o = game_.pending().options[i];
  std::string text = game_.to_string(o);
  game_.apply_index(i);
  logged(std::move(text));
}

void Recorder::logged(std::string decision) {
  log_.decisions.push_back(std::move(decision));
  log_.hashes.push_back(game_.state_hash());
  log_.finished = game_.finished();
  log_.result = result_text(game_);
}

}  // namespace tw::replay
