// Mists over Carcassonne: the cooperative levels (RULES.md section 4): the setup a level
// decides and the end of a co-op game (the co-op options' text: the modules' tables).
//
// A co-op game is a Game with a Level. Its turn (the plan of engine/rules/modules.cpp)
// runs through steps, each asking a decision when it has options (every step that
// applies is asked, even with a single option, as the follower step always is):
//   place (1a) -> fog closure (1b, forced) -> bury for every cemetery it closed (1c)
//   -> ghosts emerge (2a, forced; plain cemeteries: `cemetery x,y` for the extra ghost)
//   -> follower (2b) -> `points` / `unghost x,y` for every completed feature with
//   followers (3a; `marker COLOUR` when a colour without a marker scores) -> dogs
//   reached (3b: `dog x,y LOC`, then `unghost x,y` up to twice or `done`) -> face-down
//   tile next to an open haunted cemetery (3c: `facedown x,y`, then any burial it causes)
//   -> next player draws from the current stack.
// The game ends at once when the target is reached (win), or when the ghost bank cannot
// supply, no tile is left, or a stack runs out before its dog (lose).
#include <algorithm>

#include "engine/game.h"
#include "engine/rules/sides.h"
#include "engine/text.h"

namespace tw {

// ---------------------------------------------------------------------------------
// Setup

bool Game::setup_coop(const Level& level) {
  level_ = &level;
  st_.followers.by_colour = true;
  const int n = player_count();
  const LevelFollowers* lf = level.followers_for(n);
  if (!lf) {
    std::string seats;
    for (const auto& f : level.followers) seats += (seats.empty() ? "" : ", ") + std::to_string(f.players);
    end_reason_ = "level '" + level.id + "' seats " + (seats.empty() ? "nobody" : seats) + " players, not " +
                  std::to_string(n);
    return false;
  }
  if (n * lf->colours > kMaxPlayers) {
    end_reason_ = "level '" + level.id + "': " + std::to_string(n) + " players with " +
                  std::to_string(lf->colours) + " colours each need more than " + std::to_string(kMaxPlayers) +
                  " colours";
    return false;
  }
  // What the level decides. The switches the co-op rules do not have are off in every
  // rule set of system mists: the loader refuses one that sets them (validate_content),
  // so nothing a designer wrote is overridden here.
  rules_.ghost_bank = level.ghost_bank;
  rules_.cemetery_neighbours = level.cemetery == CemeteryMode::Haunted ? 8 : 4;

  const bool marker_from_supply =
      level.scoring == ScoringMode::PerColour && level.marker_from_supply && n >= rules_.marker_supply_players;
  const int per = std::max(0, lf->per_colour - (marker_from_supply ? 1 : 0));
  if (int64_t{n} * lf->colours * per > kMaxGameFollowers || level.ghost_bank > kMaxGhostBank) {
    end_reason_ = "level '" + level.id + "' gives " + std::to_string(n * lf->colours) + " colours " +
                  std::to_string(per) + " followers each and a bank of " + std::to_string(level.ghost_bank) +
                  " ghosts; a game holds at most " + std::to_string(kMaxGameFollowers) + " followers and " +
                  std::to_string(kMaxGhostBank) + " ghosts";
    return false;
  }
  st_.followers.colours.assign(static_cast<size_t>(n), {});
  supply_.assign(static_cast<size_t>(n), 0);
  st_.guards.supply.assign(static_cast<size_t>(n), 0);
  st_.guards.general.assign(static_cast<size_t>(n), 0);
  scores_.assign(static_cast<size_t>(n), 0);
  std::vector<int> in_play;
  for (int p = 0; p < n; ++p)
    for (int k = 0; k < lf->colours; ++k) {
      const int c = p * lf->colours + k;
      st_.followers.colours[static_cast<size_t>(p)].push_back(c);
      in_play.push_back(c);
      st_.followers.colour_total[static_cast<size_t>(c)] = per;
      st_.followers.colour_supply[static_cast<size_t>(c)] = per;
      supply_[static_cast<size_t>(p)] += per;
      Follower f;
      f.player = static_cast<int8_t>(p);
      f.colour = static_cast<int8_t>(c);
      for (int i = 0; i < per; ++i) followers_.push_back(f);
    }
  st_.markers.of_colour.fill(-1);
  if (level.scoring == ScoringMode::PerColour) {
    const size_t markers = level.score_markers == 0 ? in_play.size()
                                                    : std::min(in_play.size(), static_cast<size_t>(level.score_markers));
    for (size_t i = 0; i < markers; ++i) {
      st_.markers.colour.push_back(in_play[i]);
      st_.markers.of_colour[static_cast<size_t>(in_play[i])] = static_cast<int8_t>(i);
    }
  } else {
    st_.markers.colour.push_back(-1);
  }
  st_.markers.score.assign(st_.markers.colour.size(), 0);
  st_.bank.ghosts = level.ghost_bank;
  return true;
}

// ---------------------------------------------------------------------------------
// Flow

void Game::coop_lose(std::string kind, std::string why) {
  loss_reason_ = std::move(kind);
  pending_.kind = DecisionKind::None;
  pending_.player = -1;
  pending_.tile = -1;
  pending_.options.clear();
  outcome_ = Outcome::Lose;
  end_reason_ = std::move(why);
  emit({EventKind::GameEnded, -1, Kind::None, 0, 0, -1, 0});
}

void Game::coop_win() {
  pending_.kind = DecisionKind::None;
  pending_.player = -1;
  pending_.tile = -1;
  pending_.options.clear();
  outcome_ = Outcome::Win;
  end_reason_ = "the target of " + std::to_string(level_->target) + " points was reached";
  emit({EventKind::GameEnded, -1, Kind::None, 0, 0, -1, 0});
}

// ---------------------------------------------------------------------------------
// State hash: what a co-op game adds to Game::state_hash

void Game::hash_coop(Fnv64& h) const {
  h.text(level_->id);
  for (const auto& p : placed_) h.u64(p.face_down);
  for (size_t p = 0; p < placed_.size(); ++p) h.u64(static_cast<uint64_t>(tile_ghosts(static_cast<int>(p))));
  for (const auto& f : followers_) h.u64(static_cast<uint64_t>(f.buried) | static_cast<uint64_t>(f.dogs) << 8 |
                                         static_cast<uint64_t>(static_cast<uint8_t>(f.colour)) << 16);
  for (const int64_t m : st_.markers.score) h.i64(m);
  for (const int c : st_.followers.colour_supply) h.i64(c);
  for (const uint8_t c : st_.cemeteries.closed) h.u64(c);
  h.i64(st_.stacks.current);
  h.i64(st_.dogs.reached);
  h.i64(st_.dogs.to_place);
  h.u64(plan_->steps[stage_].code);
  h.u64(st_.cemeteries.bury_queue.size());
  h.u64(st_.evaluation.queue.size());
  h.u64(st_.markers.queue.size());
  h.i64(st_.dogs.picks);
  h.i64(st_.face_down.tile);
  h.i64(st_.coop_ghosts.due);
}

// ---------------------------------------------------------------------------------
// Invariants

std::string Game::check_coop() const {
  // Every follower of a colour is in its supply, on the board or buried; every ghost is
  // in the bank or on the board.
  std::array<int, kMaxPlayers> colour_free{};
  for (const auto& f : followers_)
    if (f.placed < 0 && !f.buried) ++colour_free[static_cast<size_t>(f.colour)];
  for (int c = 0; c < kMaxPlayers; ++c)
    if (colour_free[static_cast<size_t>(c)] != st_.followers.colour_supply[static_cast<size_t>(c)])
      return "colour " + std::string(kColourNames[static_cast<size_t>(c)]) + ": supply count does not match the followers";
  int total = 0;
  for (const int t : st_.followers.colour_total) total += t;
  if (static_cast<int>(followers_.size()) != total) return "followers were lost or made";
  const int ghosts = ghosts_on_board();
  if (ghosts + st_.bank.ghosts != rules_.ghost_bank)
    return "ghosts: " + std::to_string(ghosts) + " on the board + " + std::to_string(st_.bank.ghosts) +
           " in the bank != " + std::to_string(rules_.ghost_bank);
  if (st_.bank.ghosts < 0) return "the ghost bank is negative";
  if (st_.coop_ghosts.per_tile.size() != placed_.size()) return "ghosts per tile: " + std::to_string(st_.coop_ghosts.per_tile.size()) + " counts for " + std::to_string(placed_.size()) + " tiles";
  for (size_t p = 0; p < placed_.size(); ++p) {
    int n = 0;
    if (!placed_[p].face_down)
      for (size_t i = 0; i < content_->tiles[placed_[p].type].segments.size(); ++i) n += nodes_[placed_[p].node_base + i].ghosts;
    if (n != st_.coop_ghosts.per_tile[p])
      return "ghosts per tile: tile " + std::to_string(p) + " counts " + std::to_string(st_.coop_ghosts.per_tile[p]) + ", its segments hold " + std::to_string(n);
  }
  return {};
}

}  // namespace tw
