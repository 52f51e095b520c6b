#include "scenario/scenario_model.h"

#include <algorithm>

#include "replay/log.h"

namespace twe {

std::string ScenarioModel::reset(const std::string& rule_set, const std::string& players, uint64_t seed) {
  tw::GameSetup s;
  s.rule_set = rule_set;
  s.players = tw::parse_players(players);
  s.seed = seed;
  tw::Game probe;
  if (auto v = tw::Game::create(*content_, s, probe)) return v->message;
  setup_ = s;
  players_text_ = players;
  draw_.clear();
  decisions_.clear();
  moves_.clear();
  selected_.clear();
  if (probe.pending().kind == tw::DecisionKind::Place && probe.pending().tile >= 0)
    selected_ = content_->tiles[static_cast<size_t>(probe.pending().tile)].notation_id();
  rebuild();
  return {};
}

std::string ScenarioModel::select_tile(const std::string& id) {
  if (copies_left(id) <= 0) return "no copy of " + id + " is left in the pile";
  selected_ = id;
  rebuild();
  if (!ok_) return problem_;
  return {};
}

const tw::TileType* ScenarioModel::pool_tile(const std::string& id) const {
  const tw::RuleSet* rs = content_->find_rule_set(setup_.rule_set);
  if (!rs) return nullptr;
  for (const auto& e : rs->pool)
    if (content_->tiles[static_cast<size_t>(e.tile)].notation_id() == id) return &content_->tiles[static_cast<size_t>(e.tile)];
  return nullptr;
}

int ScenarioModel::copies_left(const std::string& id) const {
  const tw::RuleSet* rs = content_->find_rule_set(setup_.rule_set);
  if (!rs) return 0;
  int n = 0;
  for (const auto& e : rs->pool)
    if (content_->tiles[static_cast<size_t>(e.tile)].notation_id() == id) n += e.count;
  for (const auto& d : draw_)
    if (d == id) --n;
  return n;
}

void ScenarioModel::rebuild() {
  ok_ = false;
  problem_.clear();
  tw::GameSetup s = setup_;
  s.draw = draw_;
  // Probe without the selected tile first: is a placement pending after the decisions?
  auto build = [&](const tw::GameSetup& st, tw::Game& g) -> std::string {
    if (auto v = tw::Game::create(*content_, st, g)) return v->message;
    for (size_t i = 0; i < moves_.size(); ++i)
      if (auto v = g.apply(moves_[i])) return "'" + decisions_[i] + "': " + v->message;
    return {};
  };
  tw::Game g;
  if (!selected_.empty()) {
    tw::GameSetup with = s;
    with.draw.push_back(selected_);
    if (build(with, g).empty()) {
      game_ = std::move(g);
      ok_ = true;
      return;
    }
  }
  problem_ = build(s, g);
  game_ = std::move(g);
  ok_ = problem_.empty();
}

std::string ScenarioModel::apply(const std::string& option_text) {
  if (!ok_) return problem_;
  for (const auto& o : game_.pending().options)
    if (game_.to_string(o) == option_text) return apply(o);
  return "'" + option_text + "' is not an option of the pending decision";
}

std::string ScenarioModel::apply(const tw::Option& option) {
  if (!ok_) return problem_;
  const auto& opts = game_.pending().options;
  if (game_.finished() || std::find(opts.begin(), opts.end(), option) == opts.end())
    return "not an option of the pending decision";
  if (option.kind == tw::OptKind::Place) draw_.push_back(content_->tiles[option.tile].notation_id());
  decisions_.push_back(game_.to_string(option));
  moves_.push_back(option);
  rebuild();
  // Keep the same tile selected while copies are left.
  if (!selected_.empty() && copies_left(selected_) <= 0) {
    // None left: the pile's next tile becomes the selection.
    selected_.clear();
    rebuild();
  }
  if (selected_.empty() && ok_ && game_.pending().kind == tw::DecisionKind::Place && game_.pending().tile >= 0) {
    selected_ = content_->tiles[static_cast<size_t>(game_.pending().tile)].notation_id();
    rebuild();
  }
  return {};
}

bool ScenarioModel::undo() {
  if (decisions_.empty()) return false;
  if (moves_.back().kind == tw::OptKind::Place && !draw_.empty()) draw_.pop_back();
  decisions_.pop_back();
  moves_.pop_back();
  rebuild();
  return true;
}

tw::GameSetup ScenarioModel::play_setup() const {
  tw::GameSetup s = setup_;
  s.draw = draw_;
  return s;
}

tw::tgn::Record ScenarioModel::to_record() const {
  tw::tgn::Record r;
  r.set_tag("Format", tw::tgn::kFormat);
  r.set_tag("Ruleset", setup_.rule_set);
  if (!setup_.level.empty()) r.set_tag("Level", setup_.level);
  r.set_tag("Players", players_text_);
  r.set_tag("Seed", std::to_string(setup_.seed));
  std::string draw;
  for (const auto& d : draw_) draw += (draw.empty() ? "" : " ") + d;
  if (!draw.empty()) r.set_tag("Draw", draw);
  for (const auto& d : decisions_) {
    tw::tgn::Node n;
    n.move = d;
    r.mainline.push_back(n);
  }
  return r;
}

std::string ScenarioModel::to_replay(tw::replay::Replay& out) const {
  tw::replay::Recorder rec;
  std::vector<tw::replay::MetaTag> tags;
  if (!setup_.level.empty()) tags.push_back({"Level", setup_.level});
  tags.push_back({"Event", "scenario"});
  if (auto v = tw::replay::Recorder::start(*content_, play_setup(), rec, tags, setup_.level)) return v->message;
  for (size_t i = 0; i < moves_.size(); ++i)
    if (auto v = rec.apply(moves_[i])) return "'" + decisions_[i] + "': " + v->message;
  out = tw::replay::from_log(rec.take_log());
  return {};
}

}  // namespace twe
