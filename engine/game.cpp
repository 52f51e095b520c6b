#include "engine/game.h"

#include "engine/core.h"
#include "engine/rules/compose.h"
#include "engine/rules/coop.h"

#include "engine/rules/sides.h"
#include "engine/text.h"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cstddef>
#include <cstring>
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#endif

namespace tw {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

}  // namespace

std::optional<int> parse_colour(std::string_view name) {
  for (int i = 0; i < kMaxPlayers; ++i)
    if (kColourNames[static_cast<size_t>(i)] == name) return i;
  return std::nullopt;
}

std::string seat_label(const std::vector<PlayerSpec>& players, size_t i) {
  if (i >= players.size()) return {};
  const std::string& name = players[i].name;
  size_t same = 0, index = 0;
  for (size_t j = 0; j < players.size(); ++j)
    if (players[j].name == name) {
      ++same;
      if (j <= i) ++index;
    }
  if (same < 2) return name;
  return name + " (" + std::to_string(index) + ")";
}

std::vector<PlayerSpec> parse_players(std::string_view text) {
  std::vector<PlayerSpec> out;
  size_t start = 0;
  while (start <= text.size()) {
    size_t comma = text.find(',', start);
    if (comma == std::string_view::npos) comma = text.size();
    std::string_view name = trim(text.substr(start, comma - start));
    if (!name.empty()) {
      PlayerSpec p;
      p.name = std::string(name);
      if (name.substr(0, 4) == "bot:") p.bot = std::string(name.substr(4));
      out.push_back(std::move(p));
    }
    start = comma + 1;
  }
  return out;
}

uint64_t parse_seed(std::string_view text) {
  text = trim(text);
  uint64_t v = 0;
  auto r = std::from_chars(text.data(), text.data() + text.size(), v);
  if (!text.empty() && r.ec == std::errc() && r.ptr == text.data() + text.size()) return v;
  Fnv64 h;
  h.text(text);
  return h.h;
}

// Every cell a game within engine/limits.h reaches (coordinates within +-(tiles + 4),
// the frontier one more) can be written in a record.
static_assert(kMaxGameTiles + 5 < text::kCellLimit, "a cell of a game at the tile limit");

// ---------------------------------------------------------------------------------
// Setup

std::optional<Violation> Game::create(const Content& content, const GameSetup& setup,
                                      Game& g) {
  // Reuse the buffers (and the tile cache) of a previous game on the same content.
  std::shared_ptr<const std::vector<TypeCache>> old_cache =
      g.content_ == &content ? g.cache_ : nullptr;
  g.clear_state();
  GameSetup resolved = setup;
  const Level* level = nullptr;
  if (!setup.level.empty()) {
    level = content.find_level(setup.level);
    if (!level && !setup.rule_set.empty())  // [Level "3"] with [Ruleset "x"]: level x-3
      level = content.find_level(setup.rule_set + "-" + setup.level);
    if (!level) {
      std::vector<std::string> known;
      for (const auto& l : content.levels) known.push_back(l.id);
      return Violation{"unknown level '" + setup.level + "'" + text::did_you_mean(setup.level, known) +
                       " (known: " + (known.empty() ? "none" : text::joined(known)) + ")"};
    }
    if (level->rule_set != setup.rule_set && !setup.rule_set.empty() && setup.rule_set != level->id)
      return Violation{"level '" + level->id + "' plays rule set '" + level->rule_set + "', not '" +
                       setup.rule_set + "'"};
  } else if (!content.find_rule_set(setup.rule_set)) {
    level = content.find_level(setup.rule_set);  // a Ruleset tag naming a level
  }
  if (level) resolved.rule_set = level->rule_set;
  const RuleSet* rs = content.find_rule_set(resolved.rule_set);
  if (rs && !level && plays_levels(*rs)) {
    // A rule set only levels play, named without a level, plays its first level.
    for (const auto& l : content.levels)
      if (l.rule_set == rs->id) { level = &l; break; }
    if (!level) return Violation{"rule set '" + rs->id + "' is cooperative and no level plays it"};
  }
  if (level) resolved.level = level->id;
  if (!rs) {
    std::vector<std::string> known;
    for (const auto& r : content.rule_sets) known.push_back(r.id);
    return Violation{"unknown rule set '" + setup.rule_set + "'" + text::did_you_mean(setup.rule_set, known) +
                     " (known: " + text::joined(known) + ")"};
  }
  const int n = static_cast<int>(setup.players.size());
  if (n < rs->rules.min_players || n > rs->rules.max_players || n > kMaxPlayers)
    return Violation{"rule set '" + rs->id + "' seats " + std::to_string(rs->rules.min_players) +
                     " to " + std::to_string(std::min<int64_t>(rs->rules.max_players, kMaxPlayers)) +
                     " players, not " + std::to_string(n)};
  if (rs->start_tile < 0 || rs->start_tile >= static_cast<int>(content.tiles.size()))
    return Violation{"rule set '" + rs->id + "' has no start tile"};
  g.content_ = &content;
  g.rule_set_ = rs;
  g.rules_ = rs->rules;
  g.players_ = static_cast<int>(resolved.players.size());
  g.setup_ = std::make_shared<const GameSetup>(std::move(resolved));
  g.rng_.reseed(setup.seed);

  if (old_cache && old_cache->size() == content.tiles.size()) {
    g.cache_ = std::move(old_cache);
  } else {
    g.cache_ = build_cache(content);
  }
  if (level) {
    Core c(g);
    if (!setup_coop(c, *level)) return Violation{g.end_reason_};
  }
  uint64_t kinds = 0;
  if (!g.build_pile(level, kinds)) return Violation{g.end_reason_};
  g.plan_ = build_plan(*g.cache_, g.rules_, level, kinds, g.setup_->without, std::move(g.plan_));
  if (level) {
    g.start();
    return std::nullopt;
  }
  g.supply_.assign(static_cast<size_t>(n), static_cast<int>(g.rules_.followers));
  start_modules(g.st_, g.rules_, static_cast<size_t>(n));
  g.scores_.assign(static_cast<size_t>(n), 0);
  if (n * (g.rules_.followers + g.rules_.guards + g.rules_.general_guards) > kMaxGameFollowers)
    return Violation{"rule set '" + rs->id + "' gives " + std::to_string(n) + " players " +
                     std::to_string(g.rules_.followers + g.rules_.guards + g.rules_.general_guards) +
                     " followers each; a game holds at most " + std::to_string(kMaxGameFollowers)};
  for (int p = 0; p < n; ++p) {
    Follower f;
    f.player = static_cast<int8_t>(p);
    f.colour = static_cast<int8_t>(p);
    for (int k = 0; k < g.rules_.followers; ++k) g.followers_.push_back(f);
    f.kind = FollowerKind::Guard;
    for (int k = 0; k < g.rules_.guards; ++k) g.followers_.push_back(f);
    f.general = true;
    for (int k = 0; k < g.rules_.general_guards; ++k) g.followers_.push_back(f);
  }
  g.start();
  return std::nullopt;
}

std::shared_ptr<const std::vector<Game::TypeCache>> Game::build_cache(const Content& content) {
  // Per tile type and rotation: edge signature and rotated port map.
  auto cache = std::make_shared<std::vector<TypeCache>>(content.tiles.size());
  for (size_t t = 0; t < content.tiles.size(); ++t) {
    const TileType& tt = content.tiles[t];
    TypeCache& c = (*cache)[t];
    for (int r = 0; r < 4; ++r) {
      uint16_t sig = 0;
      for (int side = 0; side < 4; ++side)
        sig |= static_cast<uint16_t>((tt.edge[static_cast<size_t>((side - r + 4) % 4)] & 0xF) << (4 * side));
      c.sig[static_cast<size_t>(r)] = sig;
      for (int p = 0; p < kPortCount; ++p)
        c.port_seg[static_cast<size_t>(r)][static_cast<size_t>(p)] =
            tt.port_segment[static_cast<size_t>(rotate_port(p, 4 - r))];
    }
    for (size_t i = 0; i < tt.segments.size(); ++i)
      if (kind_props(tt.segments[i].kind) & kCentre) c.centre = static_cast<int8_t>(i);
    c.canon = 0;
    for (int r = 0; r < 4; ++r) {
      c.canon_rot[static_cast<size_t>(r)] = static_cast<uint8_t>(tw::canonical_rotation(tt, r));
      if (c.canon_rot[static_cast<size_t>(r)] == r) c.canon |= static_cast<uint8_t>(1u << r);
    }
    for (int r = 0; r < 4; ++r)
      for (int side = 0; side < 4; ++side)
        if (tt.cover_side[static_cast<size_t>((side - r + 4) % 4)] >= 0)
          c.cover[static_cast<size_t>(r)] |= static_cast<uint8_t>(1u << side);
    c.covered = tt.covered_tile();
    for (const Segment& seg : tt.segments) c.kinds |= uint64_t{1} << static_cast<unsigned>(seg.kind);
    for (size_t i = 0; i < tt.segments.size(); ++i) {
      const Segment& s = tt.segments[i];
      if (kind_named_by_edge(s.kind)) c.edge_segs |= uint32_t{1} << i;
      c.kind_segs[static_cast<size_t>(s.kind)] |= uint32_t{1} << i;
      if (s.kind == Kind::Field) (s.covered ? c.covered_field_segs : c.field_segs) |= uint32_t{1} << i;
      if (s.covered) c.covered_segs |= uint32_t{1} << i;
      c.shields += s.shields;
      Feature f;
      if (kind_named_by_edge(s.kind))
        for (int side = 0; side < 4; ++side)
          if (tt.port_segment[static_cast<size_t>(middle_port(side))] == static_cast<int8_t>(i)) ++f.open;
      if (kind_props(s.kind) & kCover)  // a cover segment's open ends: the sides it covers
        for (int side = 0; side < 4; ++side)
          if (tt.cover_side[static_cast<size_t>(side)] == static_cast<int8_t>(i)) ++f.open;
      f.shields = s.shields;
      c.feat.push_back(f);
      c.seg_kind.push_back(s.kind);
      // Node{parent = next = i, tile 0, kind, rank 0, count 0} as its 4 words (the layout
      // put_tile's asserts check: the kind is the third word's third byte).
      c.node_init.push_back({static_cast<uint32_t>(i), static_cast<uint32_t>(i),
                             static_cast<uint32_t>(static_cast<uint8_t>(s.kind)) << 16, 0});
    }
  }
  for (size_t t = 0; t < content.tiles.size(); ++t) {
    const TileType& tt = content.tiles[t];
    TypeCache& c = (*cache)[t];
    c.piece_kinds = c.kinds;
    if (!tt.piece.empty())
      for (size_t u = 0; u < content.tiles.size(); ++u)
        if (content.tiles[u].tile_set == tt.tile_set && content.tiles[u].piece == tt.piece) {
          c.piece_kinds |= (*cache)[u].kinds;
          c.piece.push_back(static_cast<uint16_t>(u));
        }
  }
  return cache;
}

bool Game::build_pile(const Level* level, uint64_t& kinds) {
  // Draw pile: the Draw prefix first, then the shuffled rest of the pool.
  const Content& content = *content_;
  const RuleSet* rs = rule_set_;
  const GameSetup& setup = *setup_;
  Game& g = *this;
  const std::vector<TypeCache>& cache = *cache_;
  const size_t types = content.tiles.size();
  auto in_pool = [types](const PoolEntry& e) { return e.tile >= 0 && static_cast<size_t>(e.tile) < types; };
  // One pass over the pool's rows: the copies of each tile type, the kinds of feature the
  // game's tiles show (for build_plan), and how many tiles and shields the game holds
  // (engine/limits.h: content loaded from a database was checked by validate_content;
  // content built in code is checked here). A tile showing a kind the level leaves in
  // the box stays there.
  const uint64_t excluded = level ? level->excluded_kind_bits() : 0;
  std::vector<int> avail(types, 0);
  const TypeCache& start = cache[static_cast<size_t>(rs->start_tile)];
  kinds = start.piece_kinds;
  int64_t tiles = start.piece.empty() ? 1 : static_cast<int64_t>(start.piece.size());
  int64_t shields = start.piece.empty() ? start.shields : 0;
  for (const uint16_t t : start.piece) shields += cache[t].shields;
  bool negative = false;  // a row of fewer than 0 copies (only content built in code)
  for (const auto& e : rs->pool) {
    if (!in_pool(e)) continue;
    const TypeCache& tc = cache[static_cast<size_t>(e.tile)];
    if (tc.kinds & excluded) continue;
    avail[static_cast<size_t>(e.tile)] += e.count;
    if (e.count > 0) kinds |= tc.kinds;
    negative |= e.count < 0;
    tiles += e.count;
    shields += int64_t{e.count} * tc.shields;
  }
  if (negative) {  // a tile type whose rows sum to fewer than 0 copies counts none
    tiles = start.piece.empty() ? 1 : static_cast<int64_t>(start.piece.size());
    shields = start.piece.empty() ? start.shields : 0;
    for (const uint16_t t : start.piece) shields += cache[t].shields;
    for (const auto& e : rs->pool) {  // a tile listed twice: its rows' counts sum to avail
      if (!in_pool(e) || avail[static_cast<size_t>(e.tile)] <= 0) continue;
      tiles += e.count;
      shields += int64_t{e.count} * cache[static_cast<size_t>(e.tile)].shields;
    }
  }
  if (tiles > kMaxGameTiles || shields > kMaxGameShields) {
    end_reason_ = "rule set '" + rs->id + "' plays " + std::to_string(tiles) + " tiles with " +
                  std::to_string(shields) + " shields; a game holds at most " + std::to_string(kMaxGameTiles) +
                  " tiles and " + std::to_string(kMaxGameShields) + " shields";
    return false;
  }
  for (const auto& id : setup.draw) {
    int found = -1;
    for (const auto& e : rs->pool)
      if (e.tile >= 0 && content.tiles[static_cast<size_t>(e.tile)].id == id) { found = e.tile; break; }
    if (found < 0) {
      end_reason_ = "Draw names tile '" + id + "', which is not in the draw pile of " +
                    (level ? "level '" + level->id + "'" : "rule set '" + rs->id + "'");
      return false;
    }
    if (level && !level->exclude_kinds.empty()) {
      for (const auto& seg : content.tiles[static_cast<size_t>(found)].segments)
        if (std::find(level->exclude_kinds.begin(), level->exclude_kinds.end(), seg.kind) !=
            level->exclude_kinds.end()) {
          end_reason_ = "Draw names tile '" + id + "', which level '" + level->id + "' leaves in the box (it shows a " +
                        std::string(kind_name(seg.kind)) + ")";
          return false;
        }
    }
    if (avail[static_cast<size_t>(found)] <= 0) {
      end_reason_ = "Draw names tile '" + id + "' more often than the draw pile of rule set '" + rs->id +
                    "' holds it";
      return false;
    }
    --avail[static_cast<size_t>(found)];
    g.pile_.push_back(static_cast<uint16_t>(found));
  }
  const size_t prefix = g.pile_.size();
  for (const auto& e : rs->pool) {
    if (!in_pool(e)) continue;
    int& left = avail[static_cast<size_t>(e.tile)];  // a tile listed twice is added once
    for (; left > 0; --left) g.pile_.push_back(static_cast<uint16_t>(e.tile));
  }
  g.rng_.shuffle(g.pile_, prefix);
  // Tiles set aside unplayed (rule remove_tiles_N) so all get equal turns, taken
  // from the bottom of the shuffled pile (never from the Draw prefix).
  const auto remove_field = remove_tiles_field(static_cast<int>(setup.players.size()));
  const int64_t remove = remove_field ? rules_.*remove_field : 0;
  if (remove > 0) {
    const size_t keep = std::max(prefix, g.pile_.size() - std::min<size_t>(g.pile_.size(), static_cast<size_t>(remove)));
    g.pile_.resize(keep);
  }
  return true;
}

void Game::clear_state() {
  content_ = nullptr;
  rule_set_ = nullptr;
  cache_.reset();
  cells_.clear();
  frontier_.clear();
  lanes_.clear();
  placed_.clear();
  nodes_.clear();
  feat_.clear();
  followers_.clear();
  supply_.clear();
  scores_.clear();
  pile_.clear();
  pile_pos_ = 0;
  current_ = 0;
  ply_ = 0;
  last_placed_ = -1;
  closed_by_ = -1;
  pending_.kind = DecisionKind::None;
  pending_.player = -1;
  pending_.tile = -1;
  pending_.options.clear();
  playout_ = false;  // (all_rotations_ stays: set before create, it lists the first decision too)
  lazy_place_ = false;
  place_count_ = 0;
  outcome_ = Outcome::None;
  end_reason_.clear();
  events_.clear();
  placements_checked_ = 0;
  placements_legal_ = 0;
  stamps_.v.gen = 0;
  std::fill(stamps_.v.stamp.begin(), stamps_.v.stamp.end(), 0);
  stage_ = 0;
  // Each module's state as its struct declares it (engine/rules/state.h), copied from one
  // fresh state: a copy assignment keeps the vectors' capacity for a game created into a
  // used one (the bench, the search's determinizations), where a move would free it.
  static const ModuleState kFresh{};
  st_ = kFresh;
}

// ---------------------------------------------------------------------------------
// Board

int Game::segment_at(int p, int port) const {
  const PlacedTile& pt = placed_[static_cast<size_t>(p)];
  return (*cache_)[pt.type].port_seg[pt.rot][static_cast<size_t>(port)];
}

void Game::ensure_room(int x, int y) {
  // Room for the cell's neighbours and theirs (the 3x3 around a neighbour); a board that
  // grows grows by kGrow more in that direction, so that it regrids rarely.
  constexpr int kGrow = 6;
  int x0 = x0_, y0 = y0_, x1 = x0_ + width_, y1 = y0_ + height_;  // x1, y1: one past
  if (x - 2 < x0) x0 = x - 2 - kGrow;
  if (y - 2 < y0) y0 = y - 2 - kGrow;
  if (x + 2 >= x1) x1 = x + 3 + kGrow;
  if (y + 2 >= y1) y1 = y + 3 + kGrow;
  if (x0 != x0_ || y0 != y0_ || x1 != x0_ + width_ || y1 != y0_ + height_) regrid(x0, y0, x1 - x0, y1 - y0);
}

void Game::regrid(int x0, int y0, int width, int height) {
  // Row by row: a new row is copied whole from one empty row, an old row into its place
  // with empty cells either side (Cell is trivially copyable: block copies, where a fill
  // of the whole board cell by cell cost about 2 instructions a cell).
  if (recording()) {  // undo puts the whole board back (regrids are rare: a few a game)
    Trail& t = trail_.v;
    if (t.grids.size() <= t.grid_count) t.grids.emplace_back();
    Grid& g = t.grids[t.grid_count++];
    g.x0 = x0_;
    g.y0 = y0_;
    g.width = width_;
    g.height = height_;
    g.cells.assign(cells_.begin(), cells_.end());
    t.cells.push_back({kRegrid, Cell{}});
  }
  auto& cells = regrid_.v;
  const size_t w = static_cast<size_t>(width);
  cells.resize(w * static_cast<size_t>(height + 1));
  Cell* const out = cells.data();
  Cell* const empty = out + w * static_cast<size_t>(height);  // the last row: scratch
  std::fill(empty, empty + w, Cell{});
  const size_t left = static_cast<size_t>(x0_ - x0), right = w - left - static_cast<size_t>(width_);
  for (int y = y0; y < y0 + height; ++y) {
    Cell* row = out + static_cast<size_t>(y - y0) * w;
    if (y < y0_ || y >= y0_ + height_) {
      std::memcpy(static_cast<void*>(row), empty, w * sizeof(Cell));
      continue;
    }
    const Cell* from = cells_.data() + static_cast<std::ptrdiff_t>((y - y0_) * width_);
    std::memcpy(static_cast<void*>(row), empty, left * sizeof(Cell));
    std::memcpy(static_cast<void*>(row + left), from, static_cast<size_t>(width_) * sizeof(Cell));
    std::memcpy(static_cast<void*>(row + left + static_cast<size_t>(width_)), empty, right * sizeof(Cell));
  }
  cells.resize(w * static_cast<size_t>(height));
  cells_.swap(cells);
  x0_ = x0;
  y0_ = y0;
  width_ = width;
  height_ = height;
}

Game::FrontierCell& Game::frontier_add(int cell, int x, int y) {
  Cell& c = cells_[static_cast<size_t>(cell)];
  if (c.fpos < 0) frontier_push(c, x, y);
  return frontier_[static_cast<size_t>(c.fpos)];
}

void Game::lanes_grow() {  // a new block, every lane closed
  lanes_.resize(lanes_.size() + 2 * kLaneBlock, 0);
  std::fill(lanes_.end() - kLaneBlock, lanes_.end(), uint16_t{1});
}

namespace {

// Union by rank of the features of nodes a and b (find with path halving), their counts
// added; the root. Over the arrays themselves (Game::unite and put_tile). With an undo
// frame open (trail not null): no path halving, and the two roots' nodes and the
// surviving root's feature logged before they change.
template <class Node, class Feature, class Trail>
inline uint32_t unite_nodes(Node* nd, Feature* ft, uint32_t a, uint32_t b, Trail* trail) {
  if (trail) {
    while (nd[a].parent != a) a = nd[a].parent;
    while (nd[b].parent != b) b = nd[b].parent;
    if (a == b) return a;
    trail->nodes.push_back({a, nd[a]});
    trail->nodes.push_back({b, nd[b]});
    trail->feat.push_back({nd[a].rank < nd[b].rank ? b : a, ft[nd[a].rank < nd[b].rank ? b : a]});
  } else {
    while (nd[a].parent != a) {
      nd[a].parent = nd[nd[a].parent].parent;
      a = nd[a].parent;
    }
    while (nd[b].parent != b) {
      nd[b].parent = nd[nd[b].parent].parent;
      b = nd[b].parent;
    }
    if (a == b) return a;
  }
  if (nd[a].rank < nd[b].rank) std::swap(a, b);
  if (nd[a].rank == nd[b].rank) ++nd[a].rank;
  nd[b].parent = a;
  std::swap(nd[a].next, nd[b].next);
  // The counts add field by field, in two words: no field's sum overflows it (the static
  // asserts at Feature), so no carry crosses into the next. `never` is an or.
  Feature& fa = ft[a];
  const Feature& fb = ft[b];
  const bool never = fa.never || fb.never;
  static_assert(sizeof(Feature) == 12 && offsetof(Feature, by_player) == 6, "Feature: two words");
  uint64_t lo_a, lo_b;
  uint32_t hi_a, hi_b;
  std::memcpy(&lo_a, reinterpret_cast<const char*>(&fa), 8);
  std::memcpy(&lo_b, reinterpret_cast<const char*>(&fb), 8);
  std::memcpy(&hi_a, reinterpret_cast<const char*>(&fa) + 8, 4);
  std::memcpy(&hi_b, reinterpret_cast<const char*>(&fb) + 8, 4);
  lo_a += lo_b;
  hi_a += hi_b;
  std::memcpy(reinterpret_cast<char*>(&fa), &lo_a, 8);
  std::memcpy(reinterpret_cast<char*>(&fa) + 8, &hi_a, 4);
  fa.never = never;
  return a;
}

}  // namespace

void Game::put_tile(int type, int x, int y, int rot) {
  // Two builds of one body: the games that track the cover's meetings (gcc ghosts) pay for
  // them, the others not even a test per neighbour.
  if (plan_->cover_meets)
    put_tile_as<true>(type, x, y, rot);
  else
    put_tile_as<false>(type, x, y, rot);
}

template <bool kTrackCover>
void Game::put_tile_as(int type, int x, int y, int rot) {
  // (ensure_room's test, inline: the board grows a few times a game)
  if (x - 2 < x0_ || y - 2 < y0_ || x + 2 >= x0_ + width_ || y + 2 >= y0_ + height_) ensure_room(x, y);
  const TileType& tt = content_->tiles[static_cast<size_t>(type)];
  const TypeCache& tc = (*cache_)[static_cast<size_t>(type)];
  const auto& pseg = tc.port_seg[static_cast<size_t>(rot)];
  const int p = static_cast<int>(placed_.size());
  const uint32_t base = static_cast<uint32_t>(nodes_.size());
  placed_.push_back(PlacedTile{static_cast<int16_t>(x), static_cast<int16_t>(y),
                               static_cast<uint16_t>(type), static_cast<uint8_t>(rot), base});
  // The tile's segments as new union-find nodes, each its own feature (from the cache).
  // (nodes_ grows unwritten, ListAllocator: every field is written here.)
  const size_t nseg = tc.feat.size();
  // Each node from its template (TypeCache::node_init) in one vector add: parent and next
  // plus the base, the tile word plus the placed index (its low 16 bits are 0 there: no
  // carry reaches the kind).
  nodes_.resize(base + nseg);
  Node* const nodes = nodes_.data() + base;
  // ... and its features, copied in the same loop (a copy of its own became a call of
  // memcpy, or an element-by-element insert)
  feat_.resize(base + nseg);
  Feature* const feats = feat_.data() + base;
  const Feature* const tfeat = tc.feat.data();
  // (Node's layout, little-endian: the tile the low half of the third word, the kind its
  // third byte; node_init is written so.)
  constexpr bool kNodeWords = std::endian::native == std::endian::little && sizeof(Node) == 16 &&
                              offsetof(Node, next) == 4 && offsetof(Node, tile) == 8 &&
                              offsetof(Node, kind) == 10 && offsetof(Node, rank) == 11 &&
                              offsetof(Node, count) == 12 && sizeof(Kind) == 1;
  if constexpr (kNodeWords) {
    using Words = uint32_t __attribute__((vector_size(16)));
    const Words add = {base, base, static_cast<uint32_t>(p), 0};
    for (size_t i = 0; i < nseg; ++i) {
      Words w;
      std::memcpy(&w, tc.node_init[i].data(), sizeof w);
      w += add;
      std::memcpy(static_cast<void*>(nodes + i), &w, sizeof w);
      feats[i] = tfeat[i];
    }
  } else {
    for (size_t i = 0; i < nseg; ++i) {
      Node& n = nodes[i];
      n.parent = n.next = base + static_cast<uint32_t>(i);
      n.tile = static_cast<int16_t>(p);
      n.kind = tc.seg_kind[i];
      n.rank = 0;
      n.count = 0;
      feats[i] = tfeat[i];
    }
  }
  Core core(*this);
  for (const Hook h : plan_->on_put) h(core);
  const uint64_t cover_splits = plan_->cover_splits;
  const auto join = plan_->join;
  const int cell = cell_index(x, y);
  if (recording())  // the 3x3 around the tile changes below (the frontier's cells log themselves)
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx) log_cell(cell + dy * width_ + dx);
  frontier_remove(cell);
  cells_[static_cast<size_t>(cell)].tile = static_cast<int16_t>(p);
  const uint16_t sig = tc.sig[static_cast<size_t>(rot)];
  const int step[4] = {width_, 1, -width_, -1};  // the cell index of the neighbour on each side
  const TypeCache* const caches = cache_->data();
  [[maybe_unused]] const unsigned cover = tc.cover[static_cast<size_t>(rot)];
  [[maybe_unused]] unsigned meets = 0;  // cover_meets_
  for (int side = 0; side < 4; ++side) {
    const int nc = cell + step[side];
    Cell& ncell = cells_[static_cast<size_t>(nc)];
    const int opp = side ^ 2;
    if (ncell.tile >= 0) {
      const PlacedTile q = placed_[static_cast<size_t>(ncell.tile)];
      if constexpr (kTrackCover) {
        const unsigned a = cover >> side & 1, b = static_cast<unsigned>(caches[q.type].cover[q.rot]) >> opp & 1;
        meets |= (a & b) | (a ^ b) << 1;
      }
      if (join && !join(core, base, tt, rot, side, q)) continue;
      // (the arrays as pointers, taken after the module's join: a store through a byte
      // field would otherwise make the compiler load each vector's start again)
      Node* const nd = nodes_.data();
      Feature* const ft = feat_.data();
      const TypeCache& qc = caches[q.type];
      const auto& qseg = qc.port_seg[q.rot];
      // An edge's ports mostly name one segment pair twice or three times (a city edge, a
      // road's field on each side): a pair just joined is not joined again.
      int last_a = -1, last_b = -1;
      uint32_t last_root = 0;
      // The port facing port 3*side + i is 3*opp + 2 - i (opposite_port, without its divisions).
      for (int i = 0; i < 3; ++i) {
        const int a = pseg[static_cast<size_t>(3 * side + i)];
        const int b = qseg[static_cast<size_t>(3 * opp + 2 - i)];
        if (a < 0 || b < 0) continue;
        const Kind ka = tc.seg_kind[static_cast<size_t>(a)];
        if (ka != qc.seg_kind[static_cast<size_t>(b)]) continue;
        if ((cover_splits >> static_cast<unsigned>(ka) & 1) &&
            ((tc.covered_segs >> a ^ qc.covered_segs >> b) & 1))
          continue;  // the cover layer splits this kind: under it and outside it never join
        // (the previous port's pair: no union since, so its root is still the root)
        uint32_t root = last_root;
        if (a != last_a || b != last_b) {
          root = unite_nodes(nd, ft, base + static_cast<uint32_t>(a), q.node_base + static_cast<uint32_t>(b),
                             recording() ? &trail_.v : nullptr);
          last_a = a;
          last_b = b;
          last_root = root;
        }
        if (i == 1 && (tc.edge_segs >> a & 1)) {  // the middle port: the edge's open ends
          log_feat(root);
          ft[root].open = static_cast<uint16_t>(ft[root].open - 2);
          if (ft[root].open == 0) closed_by_ = p;
        }
      }
    } else {
      if (ncell.fpos < 0) frontier_push(ncell, x + sides::kDx[side], y + sides::kDy[side]);
      // The cell's constraint, in its lanes only: a lane with mask 0 is closed (value 1)
      // and has no constraint yet, so its first one starts from value 0.
      const size_t i = static_cast<size_t>(ncell.fpos);
      uint16_t* const block = lanes_.data() + 2 * kLaneBlock * (i / kLaneBlock);
      uint16_t& mask = block[i % kLaneBlock];
      uint16_t& val = block[kLaneBlock + i % kLaneBlock];
      val = static_cast<uint16_t>((mask ? val : 0) | (((sig >> (4 * side)) & 0xF) << (4 * opp)));
      mask = static_cast<uint16_t>(mask | (0xF << (4 * opp)));
    }
  }
  if constexpr (kTrackCover) cover_meets_ = static_cast<uint8_t>(meets);
  fits_.tile = -1;  // the counted decision's masks are out of date
  // The 3x3 around the tile: around and centres side by side, one 16-bit add per cell (no
  // byte's sum carries: at most 8 tiles around, 9 centres).
  constexpr bool kPair = std::endian::native == std::endian::little && offsetof(Cell, centres) == offsetof(Cell, around) + 1;
  const uint8_t centre = tc.centre >= 0;
  for (int dy = -1; dy <= 1; ++dy) {
    Cell* row = cells_.data() + (cell + dy * width_ - 1);
    for (int dx = 0; dx < 3; ++dx) {
      if constexpr (kPair) {
        char* at = reinterpret_cast<char*>(row + dx) + offsetof(Cell, around);
        uint16_t pair;
        std::memcpy(&pair, at, 2);
        pair = static_cast<uint16_t>(pair + (1u | unsigned{centre} << 8));
        std::memcpy(at, &pair, 2);
      } else {
        row[dx].around = static_cast<uint8_t>(row[dx].around + 1);
        row[dx].centres = static_cast<uint8_t>(row[dx].centres + centre);
      }
    }
  }
  --cells_[static_cast<size_t>(cell)].around;  // its own cell is not around it
}

// ---------------------------------------------------------------------------------
// Features

uint32_t Game::unite(uint32_t a, uint32_t b) {
  return unite_nodes(nodes_.data(), feat_.data(), a, b, recording() ? &trail_.v : nullptr);
}

namespace {

// A tile's four rotations checked against a block of 8 frontier cells at once (Game::lanes_:
// 8 masks, then 8 values), in 8 x 16-bit lanes (the compilers' vector extensions: SSE2 on x86-64,
// plain code elsewhere).
using Lanes = uint16_t __attribute__((vector_size(16)));
// Rotations left out (not canonical: an equivalent rotation stands for them) are cut from
// the masks at the end (keep: bit r set = rotation r is listed).
struct RotationSigs {
  Lanes s[4];
  Lanes keep;
  RotationSigs(const std::array<uint16_t, 4>& sig, unsigned rotations) {
    // Each lane the same: a scalar broadcast (a loop over the lanes cost about 80
    // instructions a decision).
    for (size_t r = 0; r < 4; ++r) s[r] = Lanes{} + sig[r];
    keep = Lanes{} + static_cast<uint16_t>(rotations & 0xF);
  }
};
// Per cell of the block its rotation mask (bit r: rotation r fits), and in `count` the
// fitting rotations of the block (per lane; block_count adds them up).
inline Lanes block_fits(const RotationSigs& rs, const uint16_t* block, Lanes& count) {
  Lanes m, v;
  std::memcpy(&m, block, sizeof m);
  std::memcpy(&v, block + 8, sizeof v);
  const Lanes e0 = reinterpret_cast<Lanes>((rs.s[0] & m) == v);  // all ones where it fits
  const Lanes e1 = reinterpret_cast<Lanes>((rs.s[1] & m) == v);
  const Lanes e2 = reinterpret_cast<Lanes>((rs.s[2] & m) == v);
  const Lanes e3 = reinterpret_cast<Lanes>((rs.s[3] & m) == v);
  const Lanes fit = ((e0 & 1) | (e1 & 2) | (e2 & 4) | (e3 & 8)) & rs.keep;
  const Lanes pairs = (fit & 5) + ((fit >> 1) & 5);  // the bits of each lane's 4-bit mask, counted
  count = (pairs & 3) + (pairs >> 2);
  return fit;
}
// The sum of a block's lanes (at most 255 in all: lane counts of at most 4, or bits).
inline size_t block_count(Lanes count) {
  uint64_t lo, hi;
  std::memcpy(&lo, &count, 8);
  std::memcpy(&hi, reinterpret_cast<const char*>(&count) + 8, 8);
  return static_cast<size_t>(((lo + hi) * 0x0001000100010001ULL) >> 48);
}
// The playout path's count of a frontier of `blocks` blocks (at most kFitBlocks): each
// block's rotation masks and count kept (masks: 8 per block, counts: one per block), the
// sum returned. Two builds, one result: the generic one (SSE2 on x86-64) a block at a
// time, and on x86-64 machines with AVX2 (asked once at run time: the binary stays
// generic) two blocks at a time in 16 x 16-bit lanes.
size_t count_blocks_generic(const RotationSigs& rs, const uint16_t* lanes, size_t blocks, uint16_t* masks,
                            uint8_t* counts) {
  size_t count = 0;
  for (size_t b = 0; b < blocks; ++b) {
    Lanes c;
    const Lanes fit = block_fits(rs, lanes + 16 * b, c);
    std::memcpy(masks + 8 * b, &fit, sizeof fit);
    const size_t in_block = block_count(c);
    counts[b] = static_cast<uint8_t>(in_block);
    count += in_block;
  }
  return count;
}

#if defined(__x86_64__) && defined(__GNUC__)
#define TW_AVX2_LANES 1
// Two blocks side by side (m: their masks, v: their values, 16 lanes): the rotation masks
// (fit) and each block's count (c0, c1).
struct Avx2Sigs {
  __m256i s[4];
  __m256i keep;
};
__attribute__((target("avx2"))) inline __m256i pair_fits(const Avx2Sigs& rs, __m256i m, __m256i v, size_t& c0,
                                                          size_t& c1) {
  // (all ones where rotation r fits, shifted down to bit r)
  const __m256i e0 = _mm256_srli_epi16(_mm256_cmpeq_epi16(_mm256_and_si256(rs.s[0], m), v), 15);
  const __m256i e1 = _mm256_slli_epi16(_mm256_srli_epi16(_mm256_cmpeq_epi16(_mm256_and_si256(rs.s[1], m), v), 15), 1);
  const __m256i e2 = _mm256_slli_epi16(_mm256_srli_epi16(_mm256_cmpeq_epi16(_mm256_and_si256(rs.s[2], m), v), 15), 2);
  const __m256i e3 = _mm256_slli_epi16(_mm256_srli_epi16(_mm256_cmpeq_epi16(_mm256_and_si256(rs.s[3], m), v), 15), 3);
  const __m256i fit = _mm256_and_si256(_mm256_or_si256(_mm256_or_si256(e0, e1), _mm256_or_si256(e2, e3)), rs.keep);
  const __m256i five = _mm256_set1_epi16(5), three = _mm256_set1_epi16(3);
  const __m256i pairs = _mm256_add_epi16(_mm256_and_si256(fit, five), _mm256_and_si256(_mm256_srli_epi16(fit, 1), five));
  const __m256i c = _mm256_add_epi16(_mm256_and_si256(pairs, three), _mm256_srli_epi16(pairs, 2));
  // Each lane's count is below 256 (its high byte 0): the sum of a quadword's bytes is the
  // sum of its four lanes; then each block's two quadwords added.
  const __m256i sad = _mm256_sad_epu8(c, _mm256_setzero_si256());
  const __m256i sums = _mm256_add_epi64(sad, _mm256_shuffle_epi32(sad, 0x4E));
  c0 = static_cast<size_t>(_mm_cvtsi128_si64(_mm256_castsi256_si128(sums)));
  c1 = static_cast<size_t>(_mm_cvtsi128_si64(_mm256_extracti128_si256(sums, 1)));
  return fit;
}
__attribute__((target("avx2"))) size_t count_blocks_avx2(const std::array<uint16_t, 4>& sig, unsigned rotations,
                                                          const uint16_t* lanes, size_t blocks, uint16_t* masks,
                                                          uint8_t* counts) {
  // Block b's 8 masks and 8 values, then block b+1's: the masks of both in one register,
  // the values in another.
  Avx2Sigs rs;
  for (size_t r = 0; r < 4; ++r) rs.s[r] = _mm256_set1_epi16(static_cast<short>(sig[r]));
  rs.keep = _mm256_set1_epi16(static_cast<short>(rotations & 0xF));
  size_t count = 0, b = 0, c0 = 0, c1 = 0;
  for (; b + 2 <= blocks; b += 2) {
    const __m128i* q = reinterpret_cast<const __m128i*>(lanes + 16 * b);
    const __m256i m = _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128(q)), _mm_loadu_si128(q + 2), 1);
    const __m256i v = _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128(q + 1)), _mm_loadu_si128(q + 3), 1);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(masks + 8 * b), pair_fits(rs, m, v, c0, c1));
    counts[b] = static_cast<uint8_t>(c0);
    counts[b + 1] = static_cast<uint8_t>(c1);
    count += c0 + c1;
  }
  if (b < blocks) {  // the last block alone, beside closed lanes (mask 0, value 1: nothing fits)
    const __m128i* q = reinterpret_cast<const __m128i*>(lanes + 16 * b);
    const __m256i m = _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128(q)), _mm_setzero_si128(), 1);
    const __m256i v = _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128(q + 1)), _mm_set1_epi16(1), 1);
    const __m256i fit = pair_fits(rs, m, v, c0, c1);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(masks + 8 * b), _mm256_castsi256_si128(fit));
    counts[b] = static_cast<uint8_t>(c0);
    count += c0;
  }
  return count;
}
#endif

#ifdef TW_AVX2_LANES
bool cpu_has_avx2() {
  __builtin_cpu_init();  // (safe before main: this runs in a static initializer)
  return __builtin_cpu_supports("avx2");
}
bool g_simd_lanes = cpu_has_avx2();
#endif

size_t count_blocks(const std::array<uint16_t, 4>& sig, unsigned rotations, const uint16_t* lanes, size_t blocks,
                    uint16_t* masks, uint8_t* counts) {
#ifdef TW_AVX2_LANES
  if (g_simd_lanes) return count_blocks_avx2(sig, rotations, lanes, blocks, masks, counts);
#endif
  return count_blocks_generic(RotationSigs(sig, rotations), lanes, blocks, masks, counts);
}

// Lane j: bit j.
constexpr Lanes kLaneBits = {1, 2, 4, 8, 16, 32, 64, 128};
// The number of set bits of a 4-bit rotation mask, one nibble each.
constexpr uint64_t kPop4 = 0x4332322132212110ULL;

}  // namespace

bool Game::allow_simd_lanes(bool allow) {
#ifdef TW_AVX2_LANES
  g_simd_lanes = allow && cpu_has_avx2();
  return g_simd_lanes;
#else
  (void)allow;
  return false;
#endif
}

unsigned Game::listed_rotations(int type) const {
  return all_rotations_ ? 0xFu : (*cache_)[static_cast<size_t>(type)].canon;
}

void Game::generate_placements(int type) {
  const auto& sig = (*cache_)[static_cast<size_t>(type)].sig;
  const size_t n = frontier_.size();
  const size_t blocks = (n + kLaneBlock - 1) / kLaneBlock;
  const uint16_t* lanes = lanes_.data();
  if (playout_) {
    // The playout path: count, list nothing (kth_placement finds the one chosen).
    // Each block's masks and count are kept (fits_) for kth_placement.
    size_t count = 0;
    if (blocks <= kFitBlocks) {
      static_assert(kLaneBlock == 8, "count_blocks: blocks of 8 lanes");
      count = count_blocks(sig, listed_rotations(type), lanes, blocks, fits_.masks.data(), fits_.counts.data());
      fits_.tile = type;
      fits_.n = n;
    } else {
      const RotationSigs rs(sig, listed_rotations(type));
      for (size_t b = 0; b < blocks; ++b) {
        Lanes c;
        block_fits(rs, lanes + 2 * kLaneBlock * b, c);
        count += block_count(c);
      }
      fits_.tile = -1;
    }
    pending_.options.clear();
    lazy_place_ = true;
    place_count_ = count;
    placements_checked_ += 4 * n;
    placements_legal_ += count;
    return;
  }
  lazy_place_ = false;
  const RotationSigs rs(sig, listed_rotations(type));
  // Written straight into the decision's list, grown (unwritten: OptionList) to room for
  // every rotation of every cell and one spare, then cut to the count.
  auto& opts = pending_.options;
  opts.resize(4 * n + 1);
  Option* const begin = opts.data();
  Option* out = begin;
  Option o;
  o.kind = OptKind::Place;
  o.tile = static_cast<uint16_t>(type);
  // Per block of 8 frontier cells: the rotation masks, then only the cells that fit at
  // all (found without a branch: whether a cell fits is what a branch predictor cannot
  // guess), in frontier order, each writing its four rotations and advancing past the
  // ones that fit.
  const FrontierCell* const cells = frontier_.data();
  for (size_t b = 0; b < blocks; ++b) {
    Lanes c;
    const Lanes fit = block_fits(rs, lanes + 2 * kLaneBlock * b, c);
    uint16_t masks[kLaneBlock];
    std::memcpy(masks, &fit, sizeof masks);
    // Bit j: cell j fits at all (lane j holds bit j or 0; the lanes summed are their OR).
    unsigned any = static_cast<unsigned>(block_count(reinterpret_cast<Lanes>(fit != 0) & kLaneBits));
    while (any) {
      const unsigned j = static_cast<unsigned>(std::countr_zero(any));
      any &= any - 1;
      const FrontierCell& f = cells[b * kLaneBlock + j];
      const unsigned fits = masks[j];
      o.x = f.x;
      o.y = f.y;
      o.rot = 0; *out = o; out += fits & 1;
      o.rot = 1; *out = o; out += (fits >> 1) & 1;
      o.rot = 2; *out = o; out += (fits >> 2) & 1;
      o.rot = 3; *out = o; out += (fits >> 3) & 1;
    }
  }
  opts.resize(static_cast<size_t>(out - begin));
  placements_checked_ += 4 * n;
  placements_legal_ += opts.size();
}

namespace {

// Option k among a block's cells (their rotation masks), k below the block's count.
template <class FrontierCell>
Option kth_in_block(Option o, const uint16_t* masks, const FrontierCell* cells, size_t k) {
  for (unsigned j = 0;; ++j) {  // the cell of the block holding it
    unsigned fits = masks[j];
    const size_t here = (kPop4 >> (4 * fits)) & 0xF;
    if (k >= here) {
      k -= here;
      continue;
    }
    for (; k > 0; --k) fits &= fits - 1;  // the k-th fitting rotation of this cell
    o.x = cells[j].x;
    o.y = cells[j].y;
    o.rot = static_cast<uint8_t>(std::countr_zero(fits));
    return o;
  }
}

}  // namespace

Option Game::kth_placement(size_t k) const {
  Option o;
  o.kind = OptKind::Place;
  o.tile = static_cast<uint16_t>(pending_.tile);
  const size_t blocks = (frontier_.size() + kLaneBlock - 1) / kLaneBlock;
  if (fits_.tile == pending_.tile && fits_.n == frontier_.size()) {  // counted for this decision
    for (size_t b = 0; b < blocks; ++b) {
      const size_t in_block = fits_.counts[b];
      if (k >= in_block) {
        k -= in_block;
        continue;
      }
      return kth_in_block(o, fits_.masks.data() + kLaneBlock * b, frontier_.data() + kLaneBlock * b, k);
    }
    return o;
  }
  const RotationSigs rs((*cache_)[static_cast<size_t>(pending_.tile)].sig, listed_rotations(pending_.tile));
  for (size_t b = 0; b < blocks; ++b) {
    Lanes c;
    const Lanes fit = block_fits(rs, lanes_.data() + 2 * kLaneBlock * b, c);
    const size_t in_block = block_count(c);
    if (k >= in_block) {
      k -= in_block;
      continue;
    }
    uint16_t masks[kLaneBlock];
    std::memcpy(masks, &fit, sizeof masks);
    return kth_in_block(o, masks, frontier_.data() + kLaneBlock * b, k);
  }
  return o;  // (k out of range: a caller's bug; apply_checked then places nothing legal)
}

void Game::list_placements() {
  if (!lazy_place_) return;
  const bool on = playout_;
  const uint64_t checked = placements_checked_, legal = placements_legal_;
  playout_ = false;
  generate_placements(pending_.tile);
  playout_ = on;
  placements_checked_ = checked;
  placements_legal_ = legal;
}

std::optional<Violation> Game::apply(std::string_view text) {
  list_placements();  // the playout path counted them
  std::string why;
  auto o = parse_option(text, &why);
  if (!o) return Violation{why};
  return apply_checked(*o);
}

// ---------------------------------------------------------------------------------
// Checks

void Game::determinize(Rng& rng) {
  const size_t prefix = std::min(setup_->draw.size(), pile_.size());
  const size_t from = std::max(pile_pos_, prefix);
  std::vector<uint16_t> hidden(pile_.begin() + static_cast<std::ptrdiff_t>(from), pile_.end());
  const bool pending_down = st_.face_down.tile >= 0 && st_.face_down.from >= prefix;
  if (pending_down) hidden.push_back(static_cast<uint16_t>(st_.face_down.tile));
  for (const auto& [p, pos] : st_.face_down.placed)
    if (pos >= prefix) hidden.push_back(placed_[static_cast<size_t>(p)].type);
  std::sort(hidden.begin(), hidden.end());
  rng.shuffle(hidden);
  if (recording()) {  // the pile is saved whole (once a frame), the face-down tiles logged
    Frame& f = trail_.v.frames[trail_.v.depth - 1];
    if (!f.pile_saved) f.pile.assign(pile_.begin(), pile_.end());
    f.pile_saved = true;
    for (const auto& [p, pos] : st_.face_down.placed)
      if (pos >= prefix) log_placed(static_cast<size_t>(p));
  }
  size_t k = 0;
  // A face-down tile's type decides nothing (it joins no feature, matches anything), so
  // it can be dealt again like the pile.
  if (pending_down) st_write<FaceDownState>().tile = hidden[k++];
  for (const auto& [p, pos] : st_.face_down.placed)
    if (pos >= prefix) placed_[static_cast<size_t>(p)].type = hidden[k++];
  for (size_t i = from; i < pile_.size(); ++i) pile_[i] = hidden[k++];
}

const GameSetup& Game::setup() const {
  static const GameSetup none;
  return setup_ ? *setup_ : none;
}

uint64_t Game::state_hash() const {
  Fnv64 h;
  h.text(rule_set_->id);
  h.u64(static_cast<uint64_t>(player_count()));
  h.u64(placed_.size());
  for (const auto& p : placed_) {
    h.i64(p.x);
    h.i64(p.y);
    h.text(content_->tiles[p.type].id);
    h.u64(p.rot);
  }
  for (const auto& f : followers_) {
    h.i64(f.player);
    h.i64(f.placed);
    h.u64(f.placed >= 0 ? f.seg : 0);
    h.u64(static_cast<uint64_t>(f.kind) | static_cast<uint64_t>(f.general) << 8 |
          static_cast<uint64_t>(f.count[0]) << 16);
  }
  for (size_t i = 0; i < scores_.size(); ++i) {
    h.i64(scores_[i]);
    h.i64(supply_[i]);
    h.i64(st_.guards.supply[i]);
    h.i64(st_.guards.general[i]);
  }
  hash_modules_shared(st_, *content_, h);
  h.u64(pile_pos_);
  for (size_t i = pile_pos_; i < pile_.size(); ++i) h.text(content_->tiles[pile_[i]].id);
  h.i64(current_);
  h.u64(static_cast<uint64_t>(pending_.kind));
  hash_modules_turn(st_, h);
  h.u64(static_cast<uint64_t>(outcome_));
  for (const Hash m : plan_->hashes) m(Core(*this), h);
  return h.h;
}

std::string Game::check_invariants() const {
  const int n = player_count();
  if (supply_.overflowed() || st_.guards.supply.overflowed() || st_.guards.general.overflowed() || scores_.overflowed() ||
      st_.followers.colours.overflowed())
    return "a per-player list outgrew its " + std::to_string(kMaxPlayers) + " places";
  std::vector<int> in_supply(static_cast<size_t>(n), 0), guards(static_cast<size_t>(n), 0),
      general(static_cast<size_t>(n), 0);
  for (const auto& f : followers_) {
    if (f.retired) {
      if (f.placed < 0) return "a retired follower stands on no tile";
      continue;
    }
    if (f.placed >= 0) {
      if (f.general) return "a guard of the general supply stands on the board";
      continue;
    }
    auto& count = f.general ? general : f.kind == FollowerKind::Guard ? guards : in_supply;
    ++count[static_cast<size_t>(f.player)];
  }
  for (int p = 0; p < n; ++p) {
    const size_t i = static_cast<size_t>(p);
    if (in_supply[i] != supply_[i] || guards[i] != st_.guards.supply[i] || general[i] != st_.guards.general[i])
      return "player " + std::to_string(p) + ": supply counts do not match the followers";
  }
  // The modules' own invariants.
  for (const Check c : plan_->checks)
    if (std::string why = c(Core(*this)); !why.empty()) return why;
  // Follower counts per feature: per player the followers' weights, in all the followers.
  std::vector<std::array<int, kMaxPlayers>> counted(nodes_.size());
  std::vector<int> standing(nodes_.size(), 0);
  for (const auto& f : followers_)
    if (f.placed >= 0 && !f.retired) {
      counted[find(f.node)][static_cast<size_t>(slot(f))] += f.weight;
      ++standing[find(f.node)];
    }
  for (uint32_t i = 0; i < nodes_.size(); ++i) {
    if (find(i) != i) continue;
    for (int p = 0; p < kMaxPlayers; ++p)
      if (counted[i][static_cast<size_t>(p)] != feat_[i].by_player[static_cast<size_t>(p)])
        return "feature " + std::to_string(i) + ": follower count of player " + std::to_string(p) + " is off";
    if (standing[i] != feat_[i].followers) return "feature " + std::to_string(i) + ": follower total is off";
  }
  // Edges match and the frontier is exact.
  size_t expected_frontier = 0;
  std::vector<int> seen;
  for (size_t p = 0; p < placed_.size(); ++p) {
    const PlacedTile& pt = placed_[p];
    const uint16_t sig = (*cache_)[pt.type].sig[pt.rot];
    const bool wild = pt.wild;
    for (int side = 0; side < 4; ++side) {
      const int nx = pt.x + sides::kDx[side], ny = pt.y + sides::kDy[side];
      const int q = tile_at(nx, ny);
      if (q >= 0) {
        const PlacedTile& qt = placed_[static_cast<size_t>(q)];
        if (wild || qt.wild) continue;  // a wild tile matches anything
        const uint16_t qsig = (*cache_)[qt.type].sig[qt.rot];
        const int opp = (side + 2) % 4;
        if (((sig >> (4 * side)) & 0xF) != ((qsig >> (4 * opp)) & 0xF))
          return "tiles at " + std::to_string(pt.x) + "," + std::to_string(pt.y) + " and " +
                 std::to_string(nx) + "," + std::to_string(ny) + " do not match";
      } else {
        const int c = cell_index(nx, ny);
        if (cells_[static_cast<size_t>(c)].fpos < 0)
          return "cell " + std::to_string(nx) + "," + std::to_string(ny) + " is missing from the frontier";
        if (std::find(seen.begin(), seen.end(), c) == seen.end()) {
          seen.push_back(c);
          ++expected_frontier;
        }
      }
    }
  }
  if (expected_frontier != frontier_.size())
    return "the frontier holds " + std::to_string(frontier_.size()) + " cells, expected " +
           std::to_string(expected_frontier);
  return {};
}

}  // namespace tw
