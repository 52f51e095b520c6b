#include "play/play_session.h"

#include <algorithm>
#include <ctime>

#include "cli/record.h"

namespace twe {

std::string PlaySession::start(const tw::Content& content, const tw::GameSetup& setup,
                               const std::vector<std::string>& prefix, PlaySession& out) {
  PlaySession s;
  for (const auto& p : setup.players) {
    if (p.bot.empty()) {
      s.bots_.push_back(nullptr);
      continue;
    }
    std::shared_ptr<tw::Bot> b = tw::make_bot(p.bot);
    if (!b) return "unknown bot '" + p.bot + "'";
    s.bots_.push_back(std::move(b));
  }
  std::vector<tw::replay::MetaTag> tags;
  if (!setup.level.empty()) tags.push_back({"Level", setup.level});
  {
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&now, &tm);
    char date[16];
    std::strftime(date, sizeof date, "%Y-%m-%d", &tm);
    tags.push_back({"Date", date});
  }
  if (auto v = tw::replay::Recorder::start(content, setup, s.recorder_, std::move(tags), setup.level))
    return v->message;
  s.bot_rng_ = tw::Rng(setup.seed ^ 0x9e3779b97f4a7c15ULL);
  for (size_t i = 0; i < prefix.size(); ++i) {
    if (auto v = s.recorder_.apply(std::string_view(prefix[i])))
      return "decision " + std::to_string(i + 1) + " '" + prefix[i] + "': " + v->message;
  }
  s.refresh();
  s.events_.clear();
  out = std::move(s);
  return {};
}

bool PlaySession::bot_to_move() const {
  if (finished()) return false;
  const int p = game().pending().player;
  return p >= 0 && static_cast<size_t>(p) < bots_.size() && bots_[static_cast<size_t>(p)] != nullptr;
}

const std::string& PlaySession::player_name(int p) const {
  return game().setup().players[static_cast<size_t>(p)].name;
}

void PlaySession::refresh() {
  options_ = classify(game());
  for (auto& line : tw::event_lines(game())) events_.push_back(std::move(line));
}

std::string PlaySession::apply(const std::string& text) {
  if (finished()) return "the game is over";
  std::string why;
  const auto o = game().parse_option(text, &why);
  if (!o) return why;
  const int player = game().pending().player;
  const std::string canonical = game().to_string(*o);
  if (auto v = recorder_.apply(*o)) return v->message;
  events_.push_back(player_name(player) + ": " + canonical);
  refresh();
  return {};
}

std::string PlaySession::bot_step() {
  if (!bot_to_move()) return {};
  const int p = game().pending().player;
  const size_t i = bots_[static_cast<size_t>(p)]->choose(game(), bot_rng_);
  const std::string text = game().to_string(game().pending().options[i]);
  apply(text);
  return text;
}

void PlaySession::rotate(int dir, std::optional<std::pair<int, int>> at) {
  if (at) {
    const auto rots = legal_rotations(options_, at->first, at->second);
    if (!rots.empty()) {
      const auto cur = effective_rotation(options_, at->first, at->second, rotation_);
      int r = cur ? *cur : rotation_;
      for (int k = 0; k < 4; ++k) {
        r = ((r + dir) % 4 + 4) % 4;
        if (std::find(rots.begin(), rots.end(), r) != rots.end()) break;
      }
      rotation_ = r;
      return;
    }
  }
  set_rotation(rotation_ + dir);
}

int PlaySession::option_for_cell(int x, int y) const {
  if (!human_to_move()) return -1;
  return twe::option_for_cell(options_, x, y, rotation_);
}

const tw::TileType* PlaySession::drawn_tile() const {
  const auto& d = game().pending();
  if (d.kind != tw::DecisionKind::Place || d.tile < 0) return nullptr;
  return &game().content().tiles[static_cast<size_t>(d.tile)];
}

tw::replay::Replay PlaySession::to_replay() const {
  tw::replay::GameLog log = recorder_.log();
  if (finished()) log.set_tag("Result", tw::result_text(game()));
  return tw::replay::from_log(std::move(log));
}

}  // namespace twe
