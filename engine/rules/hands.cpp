// Rule module: hands (Discovery expert variant). With `hand_size` > 0 each player holds
// that many face-up tiles, places one and refills from the pile; tiles set aside before
// the game by player count (remove_tiles_N). Parameters: hand_size, remove_tiles_1..6
// (module "hands").
#include <algorithm>

#include "engine/game.h"

namespace tw {

void Game::refill_hand(int player) {
  auto& hand = st_.hands.held[static_cast<size_t>(player)];
  while (hand.size() < static_cast<size_t>(rules_.hand_size) && pile_pos_ < pile_.size()) {
    const int t = pile_[pile_pos_++];
    hand.push_back(static_cast<uint16_t>(t));
    emit({EventKind::TileDrawn, static_cast<int8_t>(player), Kind::None, 0, 0, t, 0});
  }
}

void Game::draw_from_hand() {
  // The current player, or the next one holding tiles once the pile is empty.
  for (int skipped = 0; skipped <= player_count(); ++skipped) {
    auto& hand = st_.hands.held[static_cast<size_t>(current_)];
    while (!hand.empty()) {
      // Placements of every distinct tile of the hand, in hand order.
      OptionList all;
      for (size_t i = 0; i < hand.size(); ++i) {
        if (std::find(hand.begin(), hand.begin() + static_cast<long>(i), hand[i]) != hand.begin() + static_cast<long>(i))
          continue;
        generate_placements(hand[i]);
        all.insert(all.end(), pending_.options.begin(), pending_.options.end());
      }
      if (!all.empty()) {
        pending_.options = std::move(all);
        pending_.kind = DecisionKind::Place;
        pending_.player = current_;
        pending_.tile = hand.front();
        return;
      }
      // Nothing in the hand fits anywhere: discard it and take new tiles.
      for (const uint16_t t : hand)
        emit({EventKind::TileDiscarded, static_cast<int8_t>(current_), Kind::None, 0, 0, t, 0});
      hand.clear();
      refill_hand(current_);
    }
    current_ = (current_ + 1) % player_count();
  }
  end_game();
}

void Game::deal_hands() {
  st_.hands.held.assign(static_cast<size_t>(player_count()), {});
  for (int p = 0; p < player_count(); ++p) refill_hand(p);
}

void Game::hands_after_place() {
  auto& hand = st_.hands.held[static_cast<size_t>(current_)];
  hand.erase(std::find(hand.begin(), hand.end(), placed_[static_cast<size_t>(last_placed_)].type));
  refill_hand(current_);
}

}  // namespace tw
