#include "replay/log.h"

#include "replay/digest.h"

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
  h.rules_digest = rules_digest(content, out.game_.rule_set(), out.game_.level());
  h.rule_set = out.game_.setup().rule_set;  // a Ruleset tag naming a level: the level's rule set
  h.level = out.game_.level() ? out.game_.level()->id : std::move(level);
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
  out.log_.result = scores_text(out.game_);
  return std::nullopt;
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
  log_.result = scores_text(game_);
}

}  // namespace tw::replay
