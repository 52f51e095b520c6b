// Rule module: cemeteries. In Ghosts, Castles and Cemeteries a cemetery is complete
// when its cemetery_neighbours (4 or 8) neighbours are placed; completing it scores no
// points: each player there gains a guard (module "guards") and pays ghost_penalty per
// ghost with its followers there; an incomplete one scores nothing at the end.
//
// In the co-op game (plain: closed by the 4 orthogonal
// neighbours; haunted: by all 8, face-down tiles included). A closed cemetery buries one
// follower for good and sends its ghosts to the bank. Parameters: plain_cemetery_ghosts,
// haunted_cemetery_ghosts (module "cemeteries"); the level's `cemetery` column.
#include <algorithm>

#include "engine/game.h"
#include "engine/rules/sides.h"
#include "engine/text.h"

namespace tw {

bool Game::cemetery_complete(uint32_t node) const {
  if (rules_.cemetery_neighbours != 4) return surrounded(node);
  const PlacedTile& pt = placed_[static_cast<size_t>(nodes_[node].tile)];
  for (int side = 0; side < 4; ++side)
    if (tile_at(pt.x + sides::kDx[side], pt.y + sides::kDy[side]) < 0) return false;
  return true;
}

void Game::score_cemetery(uint32_t root, bool final) {
  // Incomplete cemeteries score nothing at the end and their ghosts cost nothing.
  if (final) return;
  const Feature& ft = feat_[root];
  const PlacedTile& pt = placed_[static_cast<size_t>(nodes_[root].tile)];
  const std::array<int, kMaxPlayers> ghosts = feature_ghosts(root);
  for (int p = 0; p < player_count(); ++p) {
    if (ft.by_player[static_cast<size_t>(p)] == 0) continue;
    gain_guard(p, pt);
    if (const int g = ghosts[static_cast<size_t>(p)]) {
      add_points(p, -g * rules_.ghost_penalty);
      emit({EventKind::GhostPenalty, static_cast<int8_t>(p), Kind::Cemetery, pt.x, pt.y, pt.type,
            static_cast<int>(-g * rules_.ghost_penalty)});
    }
  }
  return_followers(root);
}

bool Game::cemetery_open(int p) const {
  const PlacedTile& pt = placed_[static_cast<size_t>(p)];
  if (pt.face_down || st_.cemeteries.closed[static_cast<size_t>(p)]) return false;
  const int c = (*cache_)[pt.type].centre;
  return c >= 0 && content_->tiles[pt.type].segments[static_cast<size_t>(c)].kind == Kind::Cemetery;
}

void Game::queue_cemeteries_closed_around(int p) {
  if (level_->cemetery == CemeteryMode::None) return;
  const PlacedTile pt = placed_[static_cast<size_t>(p)];
  if (cells_[static_cast<size_t>(cell_index(pt.x, pt.y))].centres == 0) return;  // no cemetery near
  for (int dy = 1; dy >= -1; --dy)
    for (int dx = -1; dx <= 1; ++dx) {
      const int q = tile_at(pt.x + dx, pt.y + dy);
      if (q < 0 || !cemetery_open(q)) continue;
      const PlacedTile& qt = placed_[static_cast<size_t>(q)];
      bool closed = true;
      if (level_->cemetery == CemeteryMode::Haunted) {
        closed = cells_[static_cast<size_t>(cell_index(qt.x, qt.y))].around == 8;
      } else {
        for (int side = 0; side < 4; ++side)
          if (tile_at(qt.x + sides::kDx[side], qt.y + sides::kDy[side]) < 0) closed = false;
      }
      if (!closed) continue;
      st_.cemeteries.closed[static_cast<size_t>(q)] = 1;
      st_.cemeteries.bury_queue.push_back(q);
      emit({EventKind::CemeteryClosed, -1, Kind::Cemetery, qt.x, qt.y, qt.type, 0});
    }
}

void Game::close_cemetery(int p) {
  // The buried follower lies there; the cemetery's ghosts go back to the bank.
  remove_tile_ghosts(p, 1 << 20);
}

OptionList Game::bury_options() const {
  OptionList out;
  for (const auto& f : followers_) {
    if (f.placed >= 0 && !f.buried) out.push_back(follower_option(OptKind::Bury, f));
  }
  if (!out.empty()) return out;
  // Nobody on the board: a follower from any supply.
  for (int c = 0; c < kMaxPlayers; ++c)
    if (st_.followers.colour_supply[static_cast<size_t>(c)] > 0) {
      Option o;
      o.kind = OptKind::BurySupply;
      o.colour = static_cast<uint8_t>(c);
      out.push_back(o);
    }
  return out;
}

void Game::cemeteries_after_place() {
  // 1c: the cemeteries the tile closed, each a burial.
  st_.cemeteries.bury_queue.clear();
  queue_cemeteries_closed_around(last_placed_);
}

bool Game::step_bury() {
  while (!st_.cemeteries.bury_queue.empty()) {
    auto opts = bury_options();
    if (opts.empty()) {  // no follower anywhere: nothing to bury
      close_cemetery(st_.cemeteries.bury_queue.front());
      st_.cemeteries.bury_queue.erase(st_.cemeteries.bury_queue.begin());
      continue;
    }
    ask(DecisionKind::Bury, opts);
    return true;
  }
  return next();
}

void Game::apply_bury(const Option& o) {
  const int cem = st_.cemeteries.bury_queue.front();
  st_.cemeteries.bury_queue.erase(st_.cemeteries.bury_queue.begin());
  const PlacedTile& ct = placed_[static_cast<size_t>(cem)];
  const int centre = (*cache_)[ct.type].centre;
  for (auto& f : followers_) {
    if (f.buried) continue;
    if (o.kind == OptKind::Bury) {
      if (f.placed < 0 || f.seg != o.seg) continue;
      const PlacedTile& pt = placed_[static_cast<size_t>(f.placed)];
      if (pt.x != o.x || pt.y != o.y) continue;
      Feature& ft = feat_[find(f.node)];
      --ft.followers;
      --ft.by_player[static_cast<size_t>(f.colour)];
      for (; f.dogs > 0; --f.dogs)
        emit({EventKind::DogLost, f.colour, nodes_[f.node].kind, pt.x, pt.y, pt.type, 0});
    } else {
      if (f.placed >= 0 || f.colour != o.colour) continue;
      --st_.followers.colour_supply[static_cast<size_t>(f.colour)];
      --supply_[static_cast<size_t>(f.player)];
    }
    f.buried = true;
    f.placed = static_cast<int16_t>(cem);
    f.seg = static_cast<uint8_t>(centre);
    f.node = ct.node_base + static_cast<uint32_t>(centre);
    emit({EventKind::FollowerBuried, f.colour, Kind::Cemetery, ct.x, ct.y, ct.type, 0});
    break;
  }
  close_cemetery(cem);
}

void Game::apply_cemetery(const Option& o) {
  // The extra ghost of a plain cemetery level (step_cemetery_ghost asked where it goes).
  const int q = tile_at(o.x, o.y);
  const PlacedTile& qt = placed_[static_cast<size_t>(q)];
  const int extra = static_cast<int>(rules_.plain_cemetery_ghosts);
  add_ghosts(qt.node_base + static_cast<uint32_t>((*cache_)[qt.type].centre), extra);
  emit({EventKind::GhostsEmerged, -1, Kind::Cemetery, qt.x, qt.y, qt.type, extra});
  ++stage_;
}

bool Game::step_haunt() {
  // 2a, haunted cemeteries: the cemetery just placed puts haunted_cemetery_ghosts on every
  // neighbouring tile that shows fog.
  const PlacedTile pt = placed_[static_cast<size_t>(last_placed_)];
  const int centre = (*cache_)[pt.type].centre;
  if (centre < 0 || content_->tiles[pt.type].segments[static_cast<size_t>(centre)].kind != Kind::Cemetery) return next();
  for (int dy = 1; dy >= -1; --dy)
    for (int dx = -1; dx <= 1; ++dx) {
      const int q = tile_at(pt.x + dx, pt.y + dy);
      if ((!dx && !dy) || q < 0) continue;
      const PlacedTile& qt = placed_[static_cast<size_t>(q)];
      if (qt.face_down) continue;
      const TileType& qtt = content_->tiles[qt.type];
      const int haunt = static_cast<int>(rules_.haunted_cemetery_ghosts);
      for (size_t i = 0; i < qtt.segments.size() && haunt > 0; ++i) {
        if (qtt.segments[i].kind != Kind::Fog) continue;
        if (st_.bank.ghosts < haunt) {
          coop_lose("ghost bank empty", "the ghost bank is empty: the haunted cemetery at " + text::cell_text(pt.x, pt.y) +
                    " cannot haunt " + qtt.notation_id() + " at " + text::cell_text(qt.x, qt.y));
          return true;
        }
        add_ghosts(qt.node_base + static_cast<uint32_t>(i), haunt);
        emit({EventKind::GhostsEmerged, -1, Kind::Cemetery, qt.x, qt.y, qt.type, haunt});
        break;
      }
    }
  return next();
}

bool Game::step_cemetery_ghost() {
  // 2a, plain cemeteries: whenever ghosts emerged on fog, plain_cemetery_ghosts more go to
  // an open cemetery the players choose (`cemetery x,y`, apply_cemetery).
  if (emerged_on_fog() <= 0 || rules_.plain_cemetery_ghosts <= 0) return next();
  OptionList opts;
  for (size_t q = 0; q < placed_.size(); ++q)
    if (cemetery_open(static_cast<int>(q))) {
      Option o;
      o.kind = OptKind::Cemetery;
      o.x = placed_[q].x;
      o.y = placed_[q].y;
      opts.push_back(o);
    }
  if (opts.empty()) return next();
  if (st_.bank.ghosts < rules_.plain_cemetery_ghosts) {
    coop_lose("ghost bank empty", rules_.plain_cemetery_ghosts == 1
                                      ? "the ghost bank is empty: no ghost for an open cemetery"
                                      : "the ghost bank holds " + std::to_string(st_.bank.ghosts) + " ghosts, " +
                                            std::to_string(rules_.plain_cemetery_ghosts) +
                                            " must go to an open cemetery");
    return true;
  }
  ask(DecisionKind::Cemetery, opts);
  return true;
}

// ---------------------------------------------------------------------------------
// The module's table (engine/rules/registry.h): its options' grammar, its events' words.

namespace {

std::string explain_cemetery(const ParseContext& cx, const Option&) {
  return "cemetery " + std::string(cx.tok[1]) + " is not legal now (" + cx.legal + ")";
}

std::string explain_bury(const ParseContext& cx, const Option&) {
  return "no standing follower at " + std::string(cx.tok[1]) + " " + std::string(cx.tok[2]) + " (" + cx.legal + ")";
}

std::string explain_bury_supply(const ParseContext& cx, const Option&) {
  return "no " + std::string(cx.tok[2]) +
         " follower may be buried from a supply: that is only when none stands on the board (" + cx.legal + ")";
}

constexpr std::string_view kBuryUsage = "'bury' takes x,y and a location kind:port (or 'supply COLOUR')";

constexpr OptionRule kOptions[] = {
    {OptKind::Cemetery, "cemetery", "", {Arg::Cell}, 1, 0, decision_bit(DecisionKind::Cemetery), true,
     "'cemetery' is the extra ghost's cemetery", "'cemetery' takes a cell x,y", "", "", nullptr, nullptr,
     explain_cemetery, "cemeteries"},
    {OptKind::Bury, "bury", "", {Arg::Cell, Arg::Location}, 2, 0, decision_bit(DecisionKind::Bury), true,
     "a burial", kBuryUsage, "", "", nullptr, nullptr, explain_bury, "cemeteries"},
    {OptKind::BurySupply, "bury", "supply", {Arg::Colour}, 1, 0, decision_bit(DecisionKind::Bury), true,
     "a burial", kBuryUsage, "", "", nullptr, nullptr, explain_bury_supply, "cemeteries"},
};

constexpr EventRule kEvents[] = {
    {EventKind::CemeteryClosed, "cemeteries", "the cemetery at {at} is closed"},
    {EventKind::FollowerBuried, "cemeteries", "a {colour} follower is buried in the cemetery at {at}"},
};

}  // namespace

extern const ModuleTable kCemeteriesTable{"cemeteries", kOptions, kEvents};

}  // namespace tw
