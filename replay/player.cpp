#include "replay/player.h"

#include <algorithm>

namespace tw::replay {

std::string Player::open(const Content& content, const GameSetup& setup,
                         const std::vector<std::string>& decisions, Player& out, int interval) {
  out.interval_ = std::max(1, interval);
  out.snapshots_.clear();
  out.options_.clear();
  Game g;
  if (auto v = Game::create(content, setup, g)) return "the game cannot be set up: " + v->message;
  out.options_.reserve(decisions.size());
  out.snapshots_.reserve(decisions.size() / static_cast<size_t>(out.interval_) + 1);
  out.snapshots_.push_back(g);
  for (size_t i = 0; i < decisions.size(); ++i) {
    std::string why;
    const auto o = g.parse_option(decisions[i], &why);
    if (!o) return "ply " + std::to_string(i + 1) + " '" + decisions[i] + "' is illegal: " + why;
    g.apply(*o);
    out.options_.push_back(*o);
    if ((i + 1) % static_cast<size_t>(out.interval_) == 0) out.snapshots_.push_back(g);
  }
  out.current_ = std::move(g);
  return {};
}

std::string Player::open(const Content& content, const GameLog& log, Player& out, int interval) {
  return open(content, log.setup(), log.decisions, out, interval);
}

void Player::seek(int n) {
  n = std::clamp(n, 0, plies());
  const int cur = current_.ply();
  const int base = n / interval_ * interval_;
  if (n < cur || cur < base) current_ = snapshots_[static_cast<size_t>(n / interval_)];
  for (int p = current_.ply(); p < n; ++p) current_.apply(options_[static_cast<size_t>(p)]);
}

bool Player::forward() {
  if (ply() >= plies()) return false;
  current_.apply(options_[static_cast<size_t>(ply())]);
  return true;
}

bool Player::backward() {
  if (ply() <= 0) return false;
  seek(ply() - 1);
  return true;
}

}  // namespace tw::replay
