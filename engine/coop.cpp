// Mists over Carcassonne: the cooperative levels (RULES.md section 4).
//
// A co-op game is a Game with a Level. Its turn runs through stages, each asking a
// decision when it has options (every step that applies is asked, even with a single
// option, as the follower step always is):
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

namespace {

bool occupiable_in_coop(Kind k) { return k == Kind::City || k == Kind::Road || k == Kind::Castle; }

}  // namespace

// ---------------------------------------------------------------------------------
// Setup

bool Game::setup_coop(const Level& level) {
  level_ = &level;
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
  player_colours_.assign(static_cast<size_t>(n), {});
  supply_.assign(static_cast<size_t>(n), 0);
  guard_supply_.assign(static_cast<size_t>(n), 0);
  general_guards_.assign(static_cast<size_t>(n), 0);
  scores_.assign(static_cast<size_t>(n), 0);
  std::vector<int> in_play;
  for (int p = 0; p < n; ++p)
    for (int k = 0; k < lf->colours; ++k) {
      const int c = p * lf->colours + k;
      player_colours_[static_cast<size_t>(p)].push_back(c);
      in_play.push_back(c);
      colour_total_[static_cast<size_t>(c)] = per;
      colour_supply_[static_cast<size_t>(c)] = per;
      supply_[static_cast<size_t>(p)] += per;
      Follower f;
      f.player = static_cast<int8_t>(p);
      f.colour = static_cast<int8_t>(c);
      for (int i = 0; i < per; ++i) followers_.push_back(f);
    }
  colour_marker_.fill(-1);
  if (level.scoring == ScoringMode::PerColour) {
    const size_t markers = level.score_markers == 0 ? in_play.size()
                                                    : std::min(in_play.size(), static_cast<size_t>(level.score_markers));
    for (size_t i = 0; i < markers; ++i) {
      marker_colour_.push_back(in_play[i]);
      colour_marker_[static_cast<size_t>(in_play[i])] = static_cast<int8_t>(i);
    }
  } else {
    marker_colour_.push_back(-1);
  }
  marker_score_.assign(marker_colour_.size(), 0);
  ghost_bank_ = level.ghost_bank;
  return true;
}

void Game::coop_start() {
  // Stacks: the pile in `stacks` parts played in order, the first ones one larger when
  // it does not divide evenly.
  const size_t n = pile_.size();
  const size_t k = static_cast<size_t>(level_->stacks);
  size_t end = 0;
  for (size_t i = 0; i < k; ++i) {
    end += n / k + (i < n % k ? 1 : 0);
    stack_end_.push_back(end);
  }
  // The start piece's ghosts stand on its symbols.
  for (size_t p = 0; p < placed_.size(); ++p) {
    const TileType& tt = content_->tiles[placed_[p].type];
    int want = tt.ghost_symbols;
    for (size_t i = 0; i < tt.segments.size() && want > 0; ++i)
      if (tt.segments[i].kind == Kind::Fog) {
        const int g = std::min(want, ghost_bank_);
        add_ghosts(placed_[p].node_base + static_cast<uint32_t>(i), g);
        want = 0;
      }
  }
  stage_ = Stage::EndTurn;
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

void Game::coop_after_place() {
  const int p = last_placed_;
  const PlacedTile& pt = placed_[static_cast<size_t>(p)];
  const TileType& tt = content_->tiles[pt.type];
  // 1b: fog this tile belongs to may have closed: its ghosts go home.
  bool closed = false;
  uint32_t fog_node = UINT32_MAX;
  for (size_t i = 0; i < tt.segments.size(); ++i) {
    if (tt.segments[i].kind != Kind::Fog) continue;
    const uint32_t node = pt.node_base + static_cast<uint32_t>(i);
    if (fog_node == UINT32_MAX) fog_node = node;
    const uint32_t root = find(node);
    if (feat_[root].open == 0 && !feat_[root].never) {
      return_area_ghosts(root, p);
      closed = true;
    }
  }
  // 1c: cemeteries it closed, each a burial.
  bury_queue_.clear();
  queue_cemeteries_closed_around(p);
  // 2a is worked out now and done after the burials.
  emerge_ = 0;
  emerge_node_ = fog_node;
  if (!closed && fog_node != UINT32_MAX)
    emerge_ = std::max(0, tt.ghost_symbols - (fog_joined_ ? static_cast<int>(rules_.fog_extend_fewer_ghosts) : 0));
  stage_ = Stage::Bury;
  coop_run();
}

void Game::coop_follower_options() {
  auto& opts = pending_.options;
  opts.clear();
  opts.push_back(Option{});  // pass
  const PlacedTile& pt = placed_[static_cast<size_t>(last_placed_)];
  const TileType& tt = content_->tiles[pt.type];
  for (const int c : player_colours_[static_cast<size_t>(current_)]) {
    if (colour_supply_[static_cast<size_t>(c)] <= 0) continue;
    for (size_t i = 0; i < tt.segments.size(); ++i) {
      if (!occupiable_in_coop(tt.segments[i].kind)) continue;
      if (feat_[find(pt.node_base + static_cast<uint32_t>(i))].followers != 0) continue;
      Option o;
      o.kind = OptKind::Meeple;
      o.seg = static_cast<uint8_t>(i);
      o.colour = static_cast<uint8_t>(c);
      o.x = pt.x;
      o.y = pt.y;
      opts.push_back(o);
    }
  }
}

void Game::coop_run() {
  auto ask = [&](DecisionKind k, std::vector<Option> opts) {
    pending_.kind = k;
    pending_.player = current_;
    pending_.tile = -1;
    pending_.options = std::move(opts);
  };
  const bool haunted = level_->cemetery == CemeteryMode::Haunted;
  for (;;) {
    if (outcome_ != Outcome::None) return;
    switch (stage_) {
      case Stage::Bury:
      case Stage::FaceDownBury: {
        if (!bury_queue_.empty()) {
          auto opts = bury_options();
          if (opts.empty()) {  // no follower anywhere: nothing to bury
            close_cemetery(bury_queue_.front());
            bury_queue_.erase(bury_queue_.begin());
            continue;
          }
          ask(DecisionKind::Bury, std::move(opts));
          return;
        }
        stage_ = stage_ == Stage::Bury ? Stage::Emerge : Stage::EndTurn;
        continue;
      }
      case Stage::Emerge: {
        const int p = last_placed_;
        const PlacedTile pt = placed_[static_cast<size_t>(p)];
        const TileType& tt = content_->tiles[pt.type];
        int on_fog = 0;
        if (emerge_ > 0) {
          if (ghost_bank_ < emerge_) {
            coop_lose("ghost bank empty", "the ghost bank holds " + std::to_string(ghost_bank_) + " ghosts, " + std::to_string(emerge_) +
                      " must emerge on " + tt.notation_id() + " at " + text::cell_text(pt.x, pt.y));
            return;
          }
          add_ghosts(emerge_node_, emerge_);
          emit({EventKind::GhostsEmerged, -1, Kind::Fog, pt.x, pt.y, pt.type, emerge_});
          on_fog = emerge_;
          emerge_ = 0;
        }
        const int centre = (*cache_)[pt.type].centre;
        if (haunted && centre >= 0 && tt.segments[static_cast<size_t>(centre)].kind == Kind::Cemetery) {
          // A haunted cemetery: a ghost on every neighbouring tile that shows fog.
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
                if (ghost_bank_ < haunt) {
                  coop_lose("ghost bank empty", "the ghost bank is empty: the haunted cemetery at " + text::cell_text(pt.x, pt.y) +
                            " cannot haunt " + qtt.notation_id() + " at " + text::cell_text(qt.x, qt.y));
                  return;
                }
                add_ghosts(qt.node_base + static_cast<uint32_t>(i), haunt);
                emit({EventKind::GhostsEmerged, -1, Kind::Cemetery, qt.x, qt.y, qt.type, haunt});
                break;
              }
            }
        }
        stage_ = Stage::Follower;
        if (level_->cemetery == CemeteryMode::Plain && on_fog > 0 && rules_.plain_cemetery_ghosts > 0) {
          std::vector<Option> opts;
          for (size_t q = 0; q < placed_.size(); ++q)
            if (cemetery_open(static_cast<int>(q))) {
              Option o;
              o.kind = OptKind::Cemetery;
              o.x = placed_[q].x;
              o.y = placed_[q].y;
              opts.push_back(o);
            }
          if (!opts.empty()) {
            if (ghost_bank_ < rules_.plain_cemetery_ghosts) {
              coop_lose("ghost bank empty", rules_.plain_cemetery_ghosts == 1
                                                ? "the ghost bank is empty: no ghost for an open cemetery"
                                                : "the ghost bank holds " + std::to_string(ghost_bank_) + " ghosts, " +
                                                      std::to_string(rules_.plain_cemetery_ghosts) +
                                                      " must go to an open cemetery");
              return;
            }
            ask(DecisionKind::Cemetery, std::move(opts));
            return;
          }
        }
        continue;
      }
      case Stage::Follower:
        pending_.kind = DecisionKind::Follower;
        pending_.player = current_;
        pending_.tile = -1;
        coop_follower_options();
        return;
      case Stage::Evaluate: {
        if (!marker_queue_.empty()) {
          std::vector<Option> opts;
          for (const int c : marker_colour_) {
            Option o;
            o.kind = OptKind::Marker;
            o.colour = static_cast<uint8_t>(c);
            opts.push_back(o);
          }
          ask(DecisionKind::Marker, std::move(opts));
          return;
        }
        while (!eval_queue_.empty() && feat_[find(eval_queue_.front())].followers == 0)
          eval_queue_.erase(eval_queue_.begin());
        if (!eval_queue_.empty()) {
          std::vector<Option> opts(1);
          opts[0].kind = OptKind::Points;
          for (size_t q = 0; q < placed_.size(); ++q)
            if (tile_ghosts(static_cast<int>(q)) > 0) push_unghost(opts, static_cast<int>(q));
          ask(DecisionKind::Evaluate, std::move(opts));
          return;
        }
        stage_ = Stage::Dogs;
        continue;
      }
      case Stage::Markers:
        stage_ = Stage::Evaluate;
        continue;
      case Stage::Dogs: {
        if (dogs_to_place_ <= 0) {
          stage_ = Stage::FaceDown;
          continue;
        }
        std::vector<Option> opts;
        for (const auto& f : followers_) {
          if (f.placed >= 0 && !f.buried) opts.push_back(follower_option(OptKind::Dog, f));
        }
        if (opts.empty()) {  // no standing follower: the dog has nobody to join
          if (rules_.dog_waits_for_follower) {  // ... yet: it joins one at the end of a later turn
            stage_ = Stage::FaceDown;
            continue;
          }
          --dogs_to_place_;
          continue;
        }
        ask(DecisionKind::Dog, std::move(opts));
        return;
      }
      case Stage::DogClear: {
        auto opts = dog_clear_options();
        if (dog_picks_ >= rules_.dog_clear_tiles || opts.empty()) {
          dog_follower_ = -1;
          --dogs_to_place_;
          stage_ = Stage::Dogs;
          continue;
        }
        Option done;
        done.kind = OptKind::Done;
        opts.push_back(done);
        ask(DecisionKind::DogClear, std::move(opts));
        return;
      }
      case Stage::FaceDown: {
        stage_ = Stage::EndTurn;
        if (!haunted || stack_tiles_left() <= 0) continue;
        auto cells = face_down_cells();
        if (cells.empty()) continue;
        face_down_from_ = pile_pos_;
        face_down_tile_ = pile_[pile_pos_++];
        stage_ = Stage::FaceDown;
        ask(DecisionKind::FaceDown, std::move(cells));
        return;
      }
      case Stage::EndTurn:
        last_placed_ = -1;
        current_ = (current_ + 1) % player_count();
        stage_ = Stage::EndTurn;
        coop_draw_next();
        return;
    }
  }
}

void Game::coop_return_followers(uint32_t root) {
  for (auto& f : followers_) {
    if (f.placed < 0 || f.buried || find(f.node) != root) continue;
    const PlacedTile& pt = placed_[static_cast<size_t>(f.placed)];
    emit({EventKind::FollowerReturned, f.colour, node_kind_[f.node], pt.x, pt.y, pt.type, 0});
    remove_follower(f);
  }
}

void Game::coop_evaluate(uint32_t root, const Option& o) {
  root = find(root);
  const Feature& ft = feat_[root];
  const PlacedTile& at = placed_[static_cast<size_t>(node_tile_[root])];
  if (o.kind == OptKind::Points) {
    // The full value once per distinct colour on the feature.
    const int value = feature_value(root);
    for (int c = 0; c < kMaxPlayers; ++c) {
      if (ft.by_player[static_cast<size_t>(c)] == 0) continue;
      coop_add_points(c, value);
      emit({EventKind::Scored, static_cast<int8_t>(c), node_kind_[root], at.x, at.y, at.type, value});
    }
  } else {
    const int q = tile_at(o.x, o.y);
    if (q >= 0) remove_tile_ghosts(q, unghost_count(o));
  }
  // Dogs with the feature's followers score the ghosts now on the board, then leave.
  for (auto& f : followers_) {
    if (f.placed < 0 || f.buried || f.dogs == 0 || find(f.node) != root) continue;
    const PlacedTile& pt = placed_[static_cast<size_t>(f.placed)];
    for (; f.dogs > 0; --f.dogs) {
      const int pts = ghosts_on_board() * static_cast<int>(rules_.dog_ghost_points);
      coop_add_points(f.colour, pts);
      emit({EventKind::DogScored, f.colour, node_kind_[f.node], pt.x, pt.y, pt.type, pts});
    }
  }
  coop_return_followers(root);
  coop_check_thresholds();
}

bool Game::coop_apply(const Option& o) {
  switch (o.kind) {
    case OptKind::Place: {
      put_tile(o.tile, o.x, o.y, o.rot);
      last_placed_ = static_cast<int>(placed_.size()) - 1;
      emit({EventKind::TilePlaced, static_cast<int8_t>(current_), Kind::None, o.x, o.y, o.tile, 0});
      coop_after_place();
      return true;
    }
    case OptKind::Meeple:
    case OptKind::Pass: {
      if (pending_.kind != DecisionKind::Follower) return false;
      if (o.kind == OptKind::Meeple) {
        const PlacedTile& pt = placed_[static_cast<size_t>(last_placed_)];
        for (auto& f : followers_) {
          if (f.player != current_ || f.colour != o.colour || f.placed >= 0 || f.buried) continue;
          f.placed = static_cast<int16_t>(last_placed_);
          f.seg = o.seg;
          f.node = pt.node_base + o.seg;
          Feature& ft = feat_[find(f.node)];
          ++ft.followers;
          ++ft.by_player[static_cast<size_t>(f.colour)];
          --colour_supply_[static_cast<size_t>(f.colour)];
          --supply_[static_cast<size_t>(current_)];
          emit({EventKind::FollowerPlaced, f.colour, node_kind_[f.node], pt.x, pt.y, pt.type, 0});
          break;
        }
      }
      // 3a: the features this tile completed (each once), then castles around it.
      eval_queue_.clear();
      const PlacedTile pt = placed_[static_cast<size_t>(last_placed_)];
      const TileType& tt = content_->tiles[pt.type];
      for (size_t i = 0; i < tt.segments.size(); ++i) {
        const Kind k = tt.segments[i].kind;
        if (k != Kind::City && k != Kind::Road) continue;
        const uint32_t root = find(pt.node_base + static_cast<uint32_t>(i));
        if (feat_[root].open != 0) continue;
        if (std::find(eval_queue_.begin(), eval_queue_.end(), root) == eval_queue_.end()) eval_queue_.push_back(root);
      }
      for (int dy = 1; dy >= -1; --dy)
        for (int dx = -1; dx <= 1; ++dx) {
          const int q = tile_at(pt.x + dx, pt.y + dy);
          if (q < 0 || placed_[static_cast<size_t>(q)].face_down) continue;
          const PlacedTile& qt = placed_[static_cast<size_t>(q)];
          const int centre = (*cache_)[qt.type].centre;
          if (centre < 0 || content_->tiles[qt.type].segments[static_cast<size_t>(centre)].kind != Kind::Castle)
            continue;
          if (castle_complete(q)) eval_queue_.push_back(qt.node_base + static_cast<uint32_t>(centre));
        }
      stage_ = Stage::Evaluate;
      coop_run();
      return true;
    }
    case OptKind::Points:
    case OptKind::Unghost: {
      if (pending_.kind == DecisionKind::DogClear) {
        const int q = tile_at(o.x, o.y);
        remove_tile_ghosts(q, unghost_count(o));
        dog_cleared_.push_back(q);
        ++dog_picks_;
        coop_run();
        return true;
      }
      const uint32_t root = eval_queue_.front();
      eval_queue_.erase(eval_queue_.begin());
      coop_evaluate(root, o);
      coop_run();
      return true;
    }
    case OptKind::Cemetery: {
      const int q = tile_at(o.x, o.y);
      const PlacedTile& qt = placed_[static_cast<size_t>(q)];
      const int extra = static_cast<int>(rules_.plain_cemetery_ghosts);
      add_ghosts(qt.node_base + static_cast<uint32_t>((*cache_)[qt.type].centre), extra);
      emit({EventKind::GhostsEmerged, -1, Kind::Cemetery, qt.x, qt.y, qt.type, extra});
      stage_ = Stage::Follower;
      coop_run();
      return true;
    }
    case OptKind::Bury:
    case OptKind::BurySupply: {
      const int cem = bury_queue_.front();
      bury_queue_.erase(bury_queue_.begin());
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
            emit({EventKind::DogLost, f.colour, node_kind_[f.node], pt.x, pt.y, pt.type, 0});
        } else {
          if (f.placed >= 0 || f.colour != o.colour) continue;
          --colour_supply_[static_cast<size_t>(f.colour)];
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
      coop_run();
      return true;
    }
    case OptKind::Dog: {
      for (size_t i = 0; i < followers_.size(); ++i) {
        Follower& f = followers_[i];
        if (f.placed < 0 || f.buried || f.seg != o.seg) continue;
        const PlacedTile& pt = placed_[static_cast<size_t>(f.placed)];
        if (pt.x != o.x || pt.y != o.y) continue;
        ++f.dogs;
        dog_follower_ = static_cast<int>(i);
        emit({EventKind::DogPlaced, f.colour, node_kind_[f.node], pt.x, pt.y, pt.type, dogs_reached_});
        break;
      }
      dog_picks_ = 0;
      dog_cleared_.clear();
      stage_ = Stage::DogClear;
      coop_run();
      return true;
    }
    case OptKind::Done:
      dog_follower_ = -1;
      --dogs_to_place_;
      stage_ = Stage::Dogs;
      coop_run();
      return true;
    case OptKind::FaceDown: {
      put_face_down(face_down_tile_, o.x, o.y);
      face_down_.emplace_back(last_face_down_, face_down_from_);
      face_down_tile_ = -1;
      bury_queue_.clear();
      queue_cemeteries_closed_around(last_face_down_);
      stage_ = Stage::FaceDownBury;
      coop_run();
      return true;
    }
    case OptKind::Marker: {
      const int m = colour_marker_[o.colour];
      marker_score_[static_cast<size_t>(m)] += marker_queue_.front();
      marker_queue_.erase(marker_queue_.begin());
      const int64_t pr = progress();
      for (auto& s : scores_) s = pr;
      coop_check_thresholds();
      coop_run();
      return true;
    }
    default:
      return false;
  }
}

// ---------------------------------------------------------------------------------
// Text

std::string Game::coop_to_string(const Option& o) const {
  auto colour = [](int c) { return std::string(kColourNames[static_cast<size_t>(c)]); };
  auto loc = [&](int x, int y, int seg) {
    const int p = tile_at(x, y);
    return text::cell_text(x, y) + " " + (p < 0 ? std::string("?") : location_name(p, seg));
  };
  switch (o.kind) {
    case OptKind::Meeple: {
      const int p = tile_at(o.x, o.y);
      std::string s = "meeple " + (p < 0 ? std::string("?") : location_name(p, o.seg));
      if (current_ >= 0 && player_colours_[static_cast<size_t>(current_)].size() > 1) s += " " + colour(o.colour);
      return s;
    }
    case OptKind::Points: return "points";
    case OptKind::Unghost: return "unghost " + text::cell_text(o.x, o.y) + (o.seg ? " " + std::to_string(o.seg) : "");
    case OptKind::Cemetery: return "cemetery " + text::cell_text(o.x, o.y);
    case OptKind::Bury: return "bury " + loc(o.x, o.y, o.seg);
    case OptKind::BurySupply: return "bury supply " + colour(o.colour);
    case OptKind::Dog: return "dog " + loc(o.x, o.y, o.seg);
    case OptKind::Done: return "done";
    case OptKind::FaceDown: return "facedown " + text::cell_text(o.x, o.y);
    case OptKind::Marker: return "marker " + colour(o.colour);
    default: return {};
  }
}

bool Game::parse_coop(std::string_view kw, const std::vector<std::string_view>& tok, std::optional<Option>& out,
                      std::string& why) const {
  const auto& opts = pending_.options;
  const std::string legal = std::to_string(opts.size()) + " legal option" + (opts.size() == 1 ? "" : "s");
  const std::string asks = "the game asks for a " + std::string(decision_kind_name(pending_.kind)) +
                           " decision (" + legal + ")";
  auto fail = [&](std::string msg) {
    why = std::move(msg);
    out.reset();
    return true;
  };
  auto found = [&](const Option& o) {
    out = o;
    return true;
  };
  // A follower named by cell and location: the segment of the tile there.
  auto segment_named = [&](std::string_view cell, std::string_view loc, int& x, int& y, int& seg,
                           std::string& err) {
    if (!text::parse_cell(cell, x, y)) {
      err = "'" + std::string(cell) + "' is not a cell x,y";
      return false;
    }
    const int p = tile_at(x, y);
    if (p < 0 || placed_[static_cast<size_t>(p)].face_down) {
      err = "no face-up tile at " + std::string(cell);
      return false;
    }
    const size_t colon = loc.find(':');
    const auto kind = colon == std::string_view::npos ? std::nullopt : parse_kind(loc.substr(0, colon));
    const auto port = colon == std::string_view::npos ? std::nullopt : parse_port(loc.substr(colon + 1));
    if (!kind || !port) {
      err = "'" + std::string(loc) + "' is not a location kind:port";
      return false;
    }
    seg = segment_at(p, *port);
    if (seg < 0 || content_->tiles[placed_[static_cast<size_t>(p)].type].segments[static_cast<size_t>(seg)].kind != *kind) {
      err = "the tile at " + std::string(cell) + " has no " + std::string(loc);
      return false;
    }
    return true;
  };
  auto cell_option = [&](OptKind want, DecisionKind dk, std::string_view what) {
    if (pending_.kind != dk) return fail("'" + std::string(kw) + "' is " + std::string(what) + ", but " + asks);
    if (tok.size() != 2) return fail("'" + std::string(kw) + "' takes a cell x,y");
    int x = 0, y = 0;
    if (!text::parse_cell(tok[1], x, y)) return fail("'" + std::string(tok[1]) + "' is not a cell x,y");
    for (const auto& o : opts)
      if (o.kind == want && o.x == x && o.y == y) return found(o);
    return fail(std::string(kw) + " " + std::string(tok[1]) + " is not legal now (" + legal + ")");
  };

  if (kw == "meeple") {
    if (pending_.kind != DecisionKind::Follower || last_placed_ < 0) return fail("a follower, but " + asks);
    if (tok.size() < 2 || tok.size() > 3) return fail("'meeple' takes a location kind:port and, for a player of several colours, a colour");
    const auto& mine = player_colours_[static_cast<size_t>(current_)];
    int colour = mine.front();
    if (tok.size() == 3) {
      const auto c = parse_colour(tok[2]);
      if (!c) return fail("'" + std::string(tok[2]) + "' is not a colour");
      if (std::find(mine.begin(), mine.end(), *c) == mine.end()) {
        std::string list;
        for (int m : mine) list += (list.empty() ? "" : ", ") + std::string(kColourNames[static_cast<size_t>(m)]);
        return fail("this player plays " + list + ", not " + std::string(tok[2]));
      }
      colour = *c;
    } else if (mine.size() > 1) {
      std::string list;
      for (int m : mine) list += (list.empty() ? "" : ", ") + std::string(kColourNames[static_cast<size_t>(m)]);
      return fail("this player plays several colours (" + list + "): name the follower's colour (" + legal + ")");
    }
    const PlacedTile& pt = placed_[static_cast<size_t>(last_placed_)];
    int x = 0, y = 0, seg = -1;
    std::string err;
    if (!segment_named(text::cell_text(pt.x, pt.y), tok[1], x, y, seg, err)) return fail(err + " (" + legal + ")");
    for (const auto& o : opts)
      if (o.kind == OptKind::Meeple && o.seg == seg && o.colour == colour) return found(o);
    if (colour_supply_[static_cast<size_t>(colour)] <= 0)
      return fail("no " + std::string(kColourNames[static_cast<size_t>(colour)]) + " follower is left in supply (" +
                  legal + ")");
    return fail(std::string(tok[1]) +
                " is not free: its feature already has a follower, or followers may not stand there (" + legal + ")");
  }
  if (kw == "points" || kw == "done") {
    const bool points = kw == "points";
    if (tok.size() != 1) return fail("'" + std::string(kw) + "' takes no arguments");
    if (pending_.kind != (points ? DecisionKind::Evaluate : DecisionKind::DogClear))
      return fail(std::string(points ? "a points-or-ghosts choice" : "the end of a dog's clearing") + ", but " + asks);
    for (const auto& o : opts)
      if (o.kind == (points ? OptKind::Points : OptKind::Done)) return found(o);
    return fail("'" + std::string(kw) + "' is not legal now (" + legal + ")");
  }
  if (kw == "unghost") {
    if (pending_.kind != DecisionKind::Evaluate && pending_.kind != DecisionKind::DogClear)
      return fail("a ghost removal, but " + asks);
    if (tok.size() != 2 && !(tok.size() == 3 && rules_.unghost_choose_count))
      return fail(rules_.unghost_choose_count ? "'unghost' takes a cell x,y and how many ghosts, if fewer than the most"
                                              : "'unghost' takes a cell x,y");
    int x = 0, y = 0;
    if (!text::parse_cell(tok[1], x, y)) return fail("'" + std::string(tok[1]) + "' is not a cell x,y");
    int count = 0;
    if (tok.size() == 3) {
      if (!text::parse_int(tok[2], count) || count < 1 || count > 99)
        return fail("'" + std::string(tok[2]) + "' is not a number of ghosts");
    }
    const int at = tile_at(x, y);
    for (const auto& o : opts)
      if (o.kind == OptKind::Unghost && o.x == x && o.y == y &&
          (o.seg == count || (o.seg == 0 && at >= 0 && std::min(tile_ghosts(at), unghost_count(o)) == count)))
        return found(o);
    if (count > 0)
      for (const auto& o : opts)
        if (o.kind == OptKind::Unghost && o.x == x && o.y == y)
          return fail("cannot remove " + std::to_string(count) + " ghosts from the tile at " + std::string(tok[1]) +
                      " (" + legal + ")");
    const int p = tile_at(x, y);
    if (p < 0) return fail("no tile at " + std::string(tok[1]) + " (" + legal + ")");
    if (tile_ghosts(p) == 0) return fail("no ghost stands on the tile at " + std::string(tok[1]) + " (" + legal + ")");
    return fail("the dog cannot clear the tile at " + std::string(tok[1]) +
                ": it is not among the 9 around the dog or was cleared already (" + legal + ")");
  }
  if (kw == "cemetery") return cell_option(OptKind::Cemetery, DecisionKind::Cemetery, "the extra ghost's cemetery");
  if (kw == "facedown") return cell_option(OptKind::FaceDown, DecisionKind::FaceDown, "a face-down tile");
  if (kw == "bury" || kw == "dog") {
    const bool bury = kw == "bury";
    if (pending_.kind != (bury ? DecisionKind::Bury : DecisionKind::Dog))
      return fail(std::string(bury ? "a burial" : "a dog's follower") + ", but " + asks);
    if (tok.size() != 3) return fail("'" + std::string(kw) + "' takes x,y and a location kind:port" +
                                     (bury ? " (or 'supply COLOUR')" : ""));
    if (bury && tok[1] == "supply") {
      const auto c = parse_colour(tok[2]);
      if (!c) return fail("'" + std::string(tok[2]) + "' is not a colour");
      for (const auto& o : opts)
        if (o.kind == OptKind::BurySupply && o.colour == *c) return found(o);
      return fail("no " + std::string(tok[2]) +
                  " follower may be buried from a supply: that is only when none stands on the board (" + legal + ")");
    }
    int x = 0, y = 0, seg = -1;
    std::string err;
    if (!segment_named(tok[1], tok[2], x, y, seg, err)) return fail(err + " (" + legal + ")");
    const OptKind want = bury ? OptKind::Bury : OptKind::Dog;
    for (const auto& o : opts)
      if (o.kind == want && o.x == x && o.y == y && o.seg == seg) return found(o);
    return fail("no standing follower at " + std::string(tok[1]) + " " + std::string(tok[2]) + " (" + legal + ")");
  }
  if (kw == "marker") {
    if (pending_.kind != DecisionKind::Marker) return fail("a marker choice, but " + asks);
    if (tok.size() != 2) return fail("'marker' takes a colour");
    const auto c = parse_colour(tok[1]);
    if (!c) return fail("'" + std::string(tok[1]) + "' is not a colour");
    for (const auto& o : opts)
      if (o.kind == OptKind::Marker && o.colour == *c) return found(o);
    return fail("no " + std::string(tok[1]) + " score marker is on the track (" + legal + ")");
  }
  return false;
}

}  // namespace tw
