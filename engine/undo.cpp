// Apply and undo (Game::mark, Game::undo) and the full structural comparison
// (Game::differs_from). The design: an undo log per array whose entries a change
// overwrites in place (union-find nodes, features, board cells, placed tiles), written by
// the core where it changes them (put_tile, unite, regrid, the frontier, remove_follower)
// and by Core's logged views (engine/core.h) where a rule module does; what only grows
// (placed tiles, nodes, features) is cut back to its length at the mark; what is small is
// saved whole at the mark. Nothing here names a rule module: the modules' state is saved
// and compared as the one ModuleState struct, saved a part (one module's struct) at a time
// the first time a frame changes it: modules reach their state for writing only through
// Core::mut, which saves the part (Game::st_write); Core::st() is read-only.
#include <string>
#include <type_traits>
#include <utility>

#include "engine/game.h"

namespace tw {

namespace {

// Part `was` (saved in a frame) put back into `now`: copied when it is plain data (one
// copy, where a swap makes three), else swapped (its vectors' buffers trade places).
template <class T>
void put_back(T& now, T& was) {
  if constexpr (std::is_trivially_copyable_v<T>)
    now = was;
  else
    std::swap(now, was);
}
// The parts of the modules' state a frame saved (bit i: part i), put back.
template <size_t... I>
void put_back_parts(ModuleState& st, ModuleState& saved_st, uint32_t saved, std::index_sequence<I...>) {
  auto now = module_parts(st);
  auto was = module_parts(saved_st);
  ((((saved >> I) & 1u) ? put_back(std::get<I>(now), std::get<I>(was)) : void()), ...);
}

}  // namespace

void Game::mark() {
  Trail& t = trail_.v;
  if (t.frames.size() <= t.depth) t.frames.emplace_back();
  Frame& f = t.frames[t.depth];
  f.placed = placed_.size();
  f.nodes = nodes_.size();
  f.node_log = t.nodes.size();
  f.feat_log = t.feat.size();
  f.cell_log = t.cells.size();
  f.placed_log = t.placed.size();
  f.pile_pos = pile_pos_;
  f.place_count = place_count_;
  f.checked = placements_checked_;
  f.legal = placements_legal_;
  f.current = current_;
  f.ply = ply_;
  f.last_placed = last_placed_;
  f.closed_by = closed_by_;
  f.stage = stage_;
  f.outcome = outcome_;
  f.lazy_place = lazy_place_;
  f.rng = rng_;
  f.end_reason = end_reason_;
  // (assignments: a frame's vectors keep their space from one mark to the next)
  f.pending.kind = pending_.kind;
  f.pending.player = pending_.player;
  f.pending.tile = pending_.tile;
  f.pending.options.assign(pending_.options.begin(), pending_.options.end());
  f.events.assign(events_.begin(), events_.end());
  f.frontier.assign(frontier_.begin(), frontier_.end());
  f.lanes.assign(lanes_.begin(), lanes_.end());
  f.followers.assign(followers_.begin(), followers_.end());
  f.supply = supply_;
  f.scores = scores_;
  f.st_saved = 0;  // the modules' parts are saved as they are first changed (st_write)
  f.pile_saved = false;
  ++t.depth;  // from here on changes are logged
}

void Game::undo() {
  Trail& t = trail_.v;
  if (t.depth == 0) return;
  Frame& f = t.frames[--t.depth];
  // The logs backwards to the mark: each entry puts back what it overwrote.
  for (size_t i = t.nodes.size(); i-- > f.node_log;) nodes_[t.nodes[i].at] = t.nodes[i].was;
  t.nodes.resize(f.node_log);
  for (size_t i = t.feat.size(); i-- > f.feat_log;) feat_[t.feat[i].at] = t.feat[i].was;
  t.feat.resize(f.feat_log);
  for (size_t i = t.placed.size(); i-- > f.placed_log;) placed_[t.placed[i].at] = t.placed[i].was;
  t.placed.resize(f.placed_log);
  for (size_t i = t.cells.size(); i-- > f.cell_log;) {
    const Logged<Cell>& e = t.cells[i];
    if (e.at != kRegrid) {
      cells_[e.at] = e.was;
      continue;
    }
    Grid& g = t.grids[--t.grid_count];  // the board before that regrid
    cells_.swap(g.cells);
    x0_ = g.x0;
    y0_ = g.y0;
    width_ = g.width;
    height_ = g.height;
  }
  t.cells.resize(f.cell_log);
  placed_.resize(f.placed);
  nodes_.resize(f.nodes);
  feat_.resize(f.nodes);
  pile_pos_ = f.pile_pos;
  place_count_ = f.place_count;
  placements_checked_ = f.checked;
  placements_legal_ = f.legal;
  current_ = f.current;
  ply_ = f.ply;
  last_placed_ = f.last_placed;
  closed_by_ = f.closed_by;
  stage_ = f.stage;
  outcome_ = f.outcome;
  lazy_place_ = f.lazy_place;
  rng_ = f.rng;
  pending_.kind = f.pending.kind;
  pending_.player = f.pending.player;
  pending_.tile = f.pending.tile;
  // (swaps, not copies: the frame is written afresh at its next mark; the vectors'
  // buffers go round between the game and its frames)
  pending_.options.swap(f.pending.options);
  events_.swap(f.events);
  frontier_.swap(f.frontier);
  lanes_.swap(f.lanes);
  followers_.swap(f.followers);
  supply_ = f.supply;
  scores_ = f.scores;
  end_reason_.swap(f.end_reason);
  put_back_parts(st_, f.st, f.st_saved, std::make_index_sequence<kModuleParts>{});
  if (f.pile_saved) pile_.swap(f.pile);
  fits_.tile = -1;  // the counted decision's masks: kth_placement checks the blocks itself
}

std::string Game::differs_from(const Game& o) const {
#define TW_SAME(field) \
  if (!(field == o.field)) return #field;
  TW_SAME(players_)
  TW_SAME(rules_.hand_size)
  TW_SAME(x0_)
  TW_SAME(y0_)
  TW_SAME(width_)
  TW_SAME(height_)
  TW_SAME(cells_)
  TW_SAME(frontier_)
  TW_SAME(lanes_)
  TW_SAME(placed_)
  TW_SAME(nodes_)
  TW_SAME(feat_)
  TW_SAME(followers_)
  TW_SAME(supply_)
  TW_SAME(scores_)
  TW_SAME(pile_)
  TW_SAME(pile_pos_)
  TW_SAME(current_)
  TW_SAME(ply_)
  TW_SAME(last_placed_)
  TW_SAME(closed_by_)
  TW_SAME(stage_)
  TW_SAME(pending_)
  TW_SAME(outcome_)
  TW_SAME(end_reason_)
  TW_SAME(events_)
  TW_SAME(rng_)
  TW_SAME(placements_checked_)
  TW_SAME(placements_legal_)
  TW_SAME(playout_)
  TW_SAME(all_rotations_)
  TW_SAME(lazy_place_)
  TW_SAME(place_count_)
  TW_SAME(st_)
#undef TW_SAME
  return "";
}

}  // namespace tw
