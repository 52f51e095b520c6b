#include "engine/bots/proof.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <limits>
#include <vector>

#include "engine/core.h"
#include "engine/rules/castles.h"
#include "engine/rules/sides.h"
#include "engine/text.h"

namespace tw {
namespace {

constexpr int64_t kNoBound = std::numeric_limits<int64_t>::max() / 4;

// What a segment of kind `k` with `shields` adds at most to its feature's completed value;
// kNoBound for a kind that may score and that the bound does not know.
int64_t segment_bound(const Core& core, Kind k, int shields) {
  const Rules& r = core.rules();
  if (k == Kind::Road) return r.road_tile_points;
  if (k == Kind::City) {
    const int64_t v = r.city_tile_points + shields * r.city_shield_points;
    return r.small_city_rule ? std::max<int64_t>(v, r.small_city_points) : v;
  }
  if (k == kCastle) return 9 * r.castle_fog_tile_points;
  if (k == Kind::Field && r.farmers == 0) return 0;  // no follower stands there: never evaluated
  if (core.plan().value[static_cast<size_t>(k)] == nullptr) return 0;  // worth nothing
  return kNoBound;
}

int64_t type_value(const Core& core, int type) {
  int64_t v = 0;
  for (const Segment& s : core.content().tiles[static_cast<size_t>(type)].segments) {
    const int64_t b = segment_bound(core, s.kind, s.shields);
    if (b >= kNoBound) return kNoBound;
    v += b;
  }
  return v;
}

// What both bounds read alike: the colours still in play, the points waiting for a
// marker, the ghosts in play and the tile waiting to be placed.
struct InPlay {
  unsigned alive = 0;         // bit c: a follower of colour c not retired
  int64_t queued = 0;         // points waiting for a marker
  int64_t ghosts = 0;         // in the bank and on the board
  int64_t pending_tiles = 0;  // 1 when a tile waits to be placed
  int64_t pending_value = 0;  // its bound
};

// nullopt: the waiting tile has a segment without a bound.
std::optional<InPlay> in_play(const Core& core) {
  InPlay in;
  for (const Follower& f : core.followers())
    if (!f.retired && f.colour >= 0) in.alive |= 1u << static_cast<unsigned>(f.colour);
  for (const int64_t q : core.st().markers.queue) in.queued += q;
  in.ghosts = core.st().bank.ghosts;
  for (const Core::Node& n : core.nodes()) in.ghosts += n.count;
  if (core.pending().kind == DecisionKind::Place && core.pending().tile >= 0) {
    in.pending_tiles = 1;
    in.pending_value = type_value(core, core.pending().tile);
    if (in.pending_value >= kNoBound) return std::nullopt;
  }
  return in;
}

// One deadline, dog k or the target (k == the level's dog count): the points it asks, the
// tiles placed before it (the waiting one, then the pile up to the end of stack k) and
// their bound, and the dogs that can score before it: those reached and standing or to be
// placed, and those reached on the way (dogs reached..k-1).
struct Deadline {
  bool target = false;
  int64_t need = 0;
  size_t to = 0;  // the pile's tiles before it end at `to`
  int64_t tiles = 0;
  int64_t tiles_value = 0;
  int dog_count = 0;
  int64_t dog_points = 0;
};

// nullopt: a tile before it has a segment without a bound.
std::optional<Deadline> deadline(const Core& core, const Level& level, const InPlay& in, int k) {
  const auto& pile = core.pile();
  const auto& ends = core.st().stacks.end;
  const int reached = core.st().dogs.reached;
  Deadline d;
  d.target = k == static_cast<int>(level.dogs.size());
  d.need = d.target ? level.target : level.dogs[static_cast<size_t>(k)];
  d.to = d.target || static_cast<size_t>(k) >= ends.size() ? pile.size()
                                                           : std::min(ends[static_cast<size_t>(k)], pile.size());
  d.tiles_value = in.pending_value;
  d.tiles = in.pending_tiles;
  for (size_t i = core.pile_pos(); i < d.to; ++i) {
    const int64_t v = type_value(core, pile[i]);
    if (v >= kNoBound) return std::nullopt;
    d.tiles_value += v;
    ++d.tiles;
  }
  int standing = core.st().dogs.to_place;
  for (const Follower& f : core.followers())
    if (f.placed >= 0 && !f.retired) standing += f.count[kDogCount];
  d.dog_count = standing + (k - reached);
  d.dog_points = d.dog_count * in.ghosts * core.rules().dog_ghost_points;
  return d;
}

// The parts of a proof that name the deadline and what is in play.
void describe_deadline(Impossibility& p, const Core& core, const InPlay& in, const Deadline& d, int k) {
  p.dog = d.target ? -1 : k;
  p.need = d.need;
  p.tiles = d.tiles;
  p.tiles_value = d.tiles_value;
  p.pile_from = static_cast<int>(core.pile_pos()) - static_cast<int>(in.pending_tiles);
  p.pile_to = static_cast<int>(std::max(d.to, core.pile_pos()));
  p.dogs = d.dog_count;
  p.ghosts = in.ghosts;
  p.dog_points = d.dog_points;
}

// A feature of the board the reach bound may count: its value (the sum of its segments'
// bounds), the tiles it needs to close (its empty cells) and the colours on it.
struct Root {
  uint32_t root = 0;
  int64_t value = 0;
  int needed = 0;         // empty cells that must be filled before it closes
  bool dead = false;      // can never score again (cursed, or complete and scored)
  bool castle = false;
  bool on_last = false;   // a segment on the tile placed this turn
  unsigned holders = 0;   // bit c: a follower of colour c stands on it
};

// The reach bound (proof.h). `feeder_sets` as the score bound's markers.
std::optional<Impossibility> prove_by_reach(const Core& core, const Level& level) {
  const bool mid_turn = core.pending().kind != DecisionKind::Place;
  const int last = core.last_placed();
  const auto& placed = core.placed();

  // The board's features.
  std::vector<Root> roots;
  std::vector<int32_t> at(core.nodes().size(), -1);  // root node -> index in roots
  const auto index_of = [&](uint32_t root) -> Root& {
    int32_t& i = at[root];
    if (i < 0) {
      i = static_cast<int32_t>(roots.size());
      roots.push_back({});
      roots.back().root = root;
    }
    return roots[static_cast<size_t>(i)];
  };
  for (size_t p = 0; p < placed.size(); ++p) {
    const PlacedTile& pt = placed[p];
    if (pt.wild) continue;
    const auto& segs = core.content().tiles[pt.type].segments;
    for (size_t s = 0; s < segs.size(); ++s) {
      const int64_t b = segment_bound(core, segs[s].kind, segs[s].shields);
      if (b == 0) continue;
      if (b >= kNoBound) return std::nullopt;
      Root& x = index_of(core.find(pt.node_base + static_cast<uint32_t>(s)));
      x.value += b;
      x.castle = segs[s].kind == kCastle;
      if (static_cast<int>(p) == last) x.on_last = true;
    }
  }
  // Roads and cities: the empty cells their open ends face; an open end facing a placed
  // tile (face down) never closes.
  std::vector<std::pair<uint32_t, int64_t>> ends;  // (root, cell)
  for (size_t p = 0; p < placed.size(); ++p) {
    const PlacedTile& pt = placed[p];
    if (pt.wild) continue;
    for (int side = 0; side < 4; ++side) {
      const int seg = core.segment_at(static_cast<int>(p), middle_port(side));
      if (seg < 0) continue;
      const Kind k = core.content().tiles[pt.type].segments[static_cast<size_t>(seg)].kind;
      if (!kind_named_by_edge(k) || segment_bound(core, k, 0) == 0) continue;
      const int nx = pt.x + sides::kDx[side], ny = pt.y + sides::kDy[side];
      const int q = core.tile_at(nx, ny);
      const uint32_t root = core.find(pt.node_base + static_cast<uint32_t>(seg));
      if (q >= 0) {
        if (placed[static_cast<size_t>(q)].wild) index_of(root).dead = true;  // cursed
        continue;
      }
      ends.push_back({root, (static_cast<int64_t>(nx) << 32) ^ static_cast<uint32_t>(ny)});
    }
  }
  std::sort(ends.begin(), ends.end());
  std::vector<std::pair<int64_t, size_t>> cell_roots;  // (cell, index in roots), by cell
  for (size_t i = 0; i < ends.size(); ++i)
    if (i == 0 || ends[i] != ends[i - 1]) {
      ++index_of(ends[i].first).needed;
      cell_roots.push_back({ends[i].second, static_cast<size_t>(at[ends[i].first])});
    }
  for (Root& x : roots) {
    const uint32_t root = x.root;
    if (x.castle) {
      const PlacedTile& pt = placed[static_cast<size_t>(core.nodes()[root].tile)];
      x.needed = 0;
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
          if (!dx && !dy) continue;
          const int q = core.tile_at(pt.x + dx, pt.y + dy);
          if (q < 0) {
            ++x.needed;
            cell_roots.push_back({(static_cast<int64_t>(pt.x + dx) << 32) ^ static_cast<uint32_t>(pt.y + dy),
                                  static_cast<size_t>(&x - roots.data())});
          } else if (placed[static_cast<size_t>(q)].wild) {
            x.dead = true;  // cursed
          }
        }
    }
    const bool complete = core.feature_complete(root);
    if (complete && core.feat()[root].followers == 0 && !(mid_turn && x.on_last)) x.dead = true;  // scored
    if (!complete && !x.castle && core.feat()[root].open > 0 && x.needed == 0) x.dead = true;
  }
  std::sort(cell_roots.begin(), cell_roots.end());
  for (const Follower& f : core.followers()) {
    if (f.placed < 0 || f.retired || f.colour < 0) continue;
    const int32_t i = at[core.find(f.node)];
    if (i >= 0) roots[static_cast<size_t>(i)].holders |= 1u << static_cast<unsigned>(f.colour);
  }

  // The colours in play, their players and their supplies.
  const std::optional<InPlay> in = in_play(core);
  if (!in) return std::nullopt;
  const unsigned alive = in->alive;
  std::array<int, kMaxPlayers> owner{};
  owner.fill(-1);
  for (int p = 0; p < core.player_count(); ++p)
    for (const int c : core.st().followers.colours[static_cast<size_t>(p)])
      if (c >= 0 && c < kMaxPlayers) owner[static_cast<size_t>(c)] = p;
  const bool by_colour = core.st().followers.by_colour;
  const int64_t queued = in->queued;
  const int cur = core.current();
  const int n_players = std::max(1, core.player_count());

  const bool per_colour = core.plan().per_colour;
  std::vector<double> weights;
  for (int k = core.st().dogs.reached; k <= static_cast<int>(level.dogs.size()); ++k) {
    const std::optional<Deadline> d = deadline(core, level, *in, k);
    if (!d) return std::nullopt;
    const int64_t tiles = d->tiles, tiles_value = d->tiles_value, need = d->need, dog_points = d->dog_points;

    // Every colour's reach before this deadline.
    std::array<ColourReach, kMaxPlayers> reach{};
    for (int c = 0; c < kMaxPlayers; ++c) {
      ColourReach& cr = reach[static_cast<size_t>(c)];
      cr.colour = c;
      if (!((alive >> static_cast<unsigned>(c)) & 1u)) continue;
      const int o = owner[static_cast<size_t>(c)];
      // Its player's turns: the pending tile's turn is the current player's; mid-turn,
      // the follower step of this turn, then the pile's tiles from the next seat on.
      int turns = 0;
      if (o >= 0) {
        const int first = mid_turn ? cur + 1 : cur;
        for (int64_t t = 0; t < tiles; ++t)
          if ((first + t) % n_players == o) ++turns;
        if (mid_turn && o == cur) ++turns;
      }
      cr.turns = turns;
      const bool step_now = mid_turn && o == cur;
      cr.join_limit = static_cast<int>(tiles);
      const auto holds = [&](const Root& x) { return ((x.holders >> static_cast<unsigned>(c)) & 1u) != 0; };
      // Ready: the features c stands on that are complete (their evaluation is ahead), and
      // mid-turn the best complete feature of the tile just placed (a follower may still go
      // there and score at once).
      int held_count = 0;
      int64_t claim = 0;
      for (const Root& x : roots) {
        if (x.dead || x.needed > tiles) continue;
        if (holds(x)) {
          ++held_count;
          if (x.needed == 0) cr.held += x.value;
        } else if (step_now && x.on_last && x.needed == 0) {
          claim = std::max(claim, x.value);
        }
      }
      cr.held += claim;
      // Through the cells: a feature that still needs cells scores only once a tile fills
      // every one of them, so it is worth value / (its cells) in each; c can score the
      // ones it stands on and the roads and cities that join its features (mid-turn, any
      // feature of the tile just placed: its follower step). The tiles fill at most
      // `tiles` cells: the best ones, rounded up.
      const auto counts = [&](const Root& x) {
        return !x.dead && x.needed >= 1 && x.needed <= tiles && (holds(x) || !x.castle || (step_now && x.on_last));
      };
      std::vector<double>& w = weights;
      w.clear();
      double sum = 0;
      for (size_t i = 0; i < cell_roots.size(); ++i) {
        if (i > 0 && cell_roots[i].first != cell_roots[i - 1].first) {
          if (sum > 0) w.push_back(sum);
          sum = 0;
        }
        const Root& x = roots[cell_roots[i].second];
        if (counts(x)) sum += static_cast<double>(x.value) / x.needed;
      }
      if (sum > 0) w.push_back(sum);
      const size_t take = std::min(w.size(), static_cast<size_t>(cr.join_limit));
      std::partial_sort(w.begin(), w.begin() + static_cast<std::ptrdiff_t>(take), w.end(), std::greater<>());
      double through = 0;
      for (size_t i = 0; i < take; ++i) through += w[i];
      cr.joined = static_cast<int64_t>(std::ceil(through - 1e-9));
      const bool supply = !by_colour || core.st().followers.colour_supply[static_cast<size_t>(c)] > 0;
      cr.can_score = held_count > 0 || (turns > 0 && supply);
      cr.gain = cr.can_score ? cr.held + cr.joined + tiles_value : 0;
    }
    const auto is_alive = [&](int c) { return c >= 0 && ((alive >> static_cast<unsigned>(c)) & 1u) != 0; };

    std::optional<Impossibility> worst;
    const auto consider = [&](int marker, int64_t now, std::vector<ColourReach> feed) {
      int64_t most = now + dog_points;
      for (const ColourReach& cr : feed) most += cr.gain;
      if (most >= need || (worst && worst->most <= most)) return;
      Impossibility p;
      p.bound = "reach";
      describe_deadline(p, core, *in, *d, k);
      p.marker = marker;
      p.now = now;
      p.feeders = static_cast<int>(feed.size());
      p.most = most;
      p.reach = std::move(feed);
      p.mid_turn = mid_turn;
      worst = std::move(p);
    };
    std::vector<ColourReach> unmarked;
    for (int c = 0; c < kMaxPlayers; ++c)
      if (is_alive(c) && (!per_colour || core.st().markers.of_colour[static_cast<size_t>(c)] < 0))
        unmarked.push_back(reach[static_cast<size_t>(c)]);
    if (!per_colour) {
      consider(-1, core.st().markers.score.empty() ? 0 : core.st().markers.score[0], unmarked);
    } else {
      for (size_t m = 0; m < core.st().markers.colour.size(); ++m) {
        const int c = core.st().markers.colour[m];
        std::vector<ColourReach> feed;
        if (is_alive(c)) feed.push_back(reach[static_cast<size_t>(c)]);
        feed.insert(feed.end(), unmarked.begin(), unmarked.end());
        consider(c, core.st().markers.score[m] + queued, std::move(feed));
      }
      if (core.st().markers.to_choose > 0) {
        // A marker not chosen yet: the best of the colours without a marker, all but
        // the ones the other unchosen markers take.
        std::vector<ColourReach> feed = unmarked;
        std::stable_sort(feed.begin(), feed.end(), [](const ColourReach& a, const ColourReach& b) { return a.gain > b.gain; });
        feed.resize(static_cast<size_t>(std::max<int>(0, static_cast<int>(feed.size()) - (core.st().markers.to_choose - 1))));
        consider(-2, queued, std::move(feed));
      }
    }
    if (worst) return worst;
  }
  return std::nullopt;
}

}  // namespace

int64_t tile_bound_value(const Game& g, int tile) { return type_value(Core(g), tile); }

std::optional<Impossibility> prove_impossible(const Game& g) {
  const Core core(g);
  const Level* level = core.st().coop.level;
  if (!level || g.finished()) return std::nullopt;

  // The board: every segment of a face-up tile whose feature may still score (open, or
  // complete with followers waiting for its evaluation, or on the tile just placed
  // before its follower step).
  const bool mid_turn = core.pending().kind != DecisionKind::Place;
  int64_t board = 0;
  for (size_t p = 0; p < core.placed().size(); ++p) {
    const PlacedTile& pt = core.placed()[p];
    if (pt.wild) continue;  // face down: completes nothing but cemeteries
    const auto& segs = core.content().tiles[pt.type].segments;
    for (size_t s = 0; s < segs.size(); ++s) {
      const int64_t b = segment_bound(core, segs[s].kind, segs[s].shields);
      if (b == 0) continue;
      if (b >= kNoBound) return std::nullopt;
      const uint32_t root = core.find(pt.node_base + static_cast<uint32_t>(s));
      const bool may_score = !core.feature_complete(root) || core.feat()[root].followers > 0 ||
                             (mid_turn && static_cast<int>(p) == core.last_placed());
      if (may_score) board += b;
    }
  }

  // Colours still in play: a follower not retired (buried followers are); the tile
  // waiting to be placed.
  const std::optional<InPlay> in = in_play(core);
  if (!in) return std::nullopt;
  const unsigned alive = in->alive;
  const auto is_alive = [&](int c) { return c >= 0 && ((alive >> static_cast<unsigned>(c)) & 1u) != 0; };
  int alive_colours = 0, unmarked_alive = 0;
  for (int c = 0; c < kMaxPlayers; ++c) {
    if (!is_alive(c)) continue;
    ++alive_colours;
    if (core.st().markers.of_colour[static_cast<size_t>(c)] < 0) ++unmarked_alive;
  }
  const int64_t queued = in->queued;

  // The markers: (colour, score now, feeders). Shared scoring: the team's.
  struct Marker {
    int colour;
    int64_t now;
    int feeders;
  };
  std::vector<Marker> markers;
  const bool per_colour = core.plan().per_colour;
  if (!per_colour) {
    markers.push_back({-1, core.st().markers.score.empty() ? 0 : core.st().markers.score[0], alive_colours});
  } else {
    for (size_t m = 0; m < core.st().markers.colour.size(); ++m) {
      const int c = core.st().markers.colour[m];
      markers.push_back({c, core.st().markers.score[m] + queued, (is_alive(c) ? 1 : 0) + unmarked_alive});
    }
    // Markers whose colour the players have not chosen yet: each takes one of the colours
    // without a marker now, and the others left without one feed it.
    if (core.st().markers.to_choose > 0)
      markers.push_back({-2, queued, std::max(0, unmarked_alive - (core.st().markers.to_choose - 1))});
  }
  if (markers.empty()) return std::nullopt;

  for (int k = core.st().dogs.reached; k <= static_cast<int>(level->dogs.size()); ++k) {
    const std::optional<Deadline> d = deadline(core, *level, *in, k);
    if (!d) return std::nullopt;
    const int64_t tiles_value = d->tiles_value, dog_points = d->dog_points;
    // The weakest marker.
    const Marker* worst = nullptr;
    int64_t worst_most = kNoBound;
    for (const Marker& m : markers) {
      const int64_t most = m.now + m.feeders * (board + tiles_value) + dog_points;
      if (most < worst_most) {
        worst_most = most;
        worst = &m;
      }
    }
    if (worst && worst_most < d->need) {
      Impossibility p;
      describe_deadline(p, core, *in, *d, k);
      p.marker = worst->colour;
      p.now = worst->now;
      p.feeders = worst->feeders;
      p.board = board;
      p.most = worst_most;
      return p;
    }
  }
  // The score bound proves nothing: the reach bound (followers, turns, what can close).
  return prove_by_reach(core, *level);
}

std::string impossibility_text(const Game& g, const Impossibility& p) {
  const std::string who = p.marker == -1 ? "the team" : p.marker == -2 ? "a marker not chosen yet"
                                                                          : std::string(kColourNames[static_cast<size_t>(p.marker)]);
  const std::string when = p.dog >= 0 ? "before stack " + std::to_string(p.dog + 1) + " runs out, dog " +
                                            std::to_string(p.dog + 1) + " asks " + std::to_string(p.need)
                                      : "before the pile runs out, the target asks " + std::to_string(p.need);
  if (p.bound == "reach") {
    const auto plural = [](int64_t n, const char* one) { return std::to_string(n) + " " + one + (n == 1 ? "" : "s"); };
    std::string s = who + " can score at most " + std::to_string(p.most) + " " + when + " (reach: " + plural(p.tiles, "tile");
    if (p.tiles > 0) s += ", pile " + std::to_string(p.pile_from + 1) + "-" + std::to_string(p.pile_to);
    s += " worth " + std::to_string(p.tiles_value);
    if (p.mid_turn) s += ", mid-turn";
    s += "): " + std::to_string(p.now) + " now";
    for (const ColourReach& c : p.reach) {
      s += " + " + std::string(kColourNames[static_cast<size_t>(c.colour)]) + " " + std::to_string(c.gain) + " (";
      if (c.can_score)
        s += std::to_string(c.held) + " ready + " + std::to_string(c.joined) + " through " +
             plural(c.join_limit, "cell") + " + " + std::to_string(p.tiles_value) + " on the tiles, " +
             plural(c.turns, "turn") + ")";
      else
        s += "holds nothing that can close, " + plural(c.turns, "turn") + ", " +
             std::to_string(g.colour_supply(c.colour)) + " in supply)";
    }
    s += " + " + std::to_string(p.dog_points) + " from dogs (" + std::to_string(p.dogs) + " x " +
         std::to_string(p.ghosts) + " ghosts)";
    return s;
  }
  std::string s = who + " can score at most " + std::to_string(p.most) + " " + when + ": " + std::to_string(p.now) +
                  " now + " + std::to_string(p.feeders) + (p.feeders == 1 ? " colour" : " colours") + " x (" +
                  std::to_string(p.board) + " on the board + " + std::to_string(p.tiles_value) + " on " +
                  std::to_string(p.tiles) + (p.tiles == 1 ? " tile" : " tiles");
  if (p.tiles > 0) s += ", pile " + std::to_string(p.pile_from + 1) + "-" + std::to_string(p.pile_to);
  s += ") + " + std::to_string(p.dog_points) + " from dogs (" + std::to_string(p.dogs) + " x " +
       std::to_string(p.ghosts) + " ghosts)";
  return s;
}

}  // namespace tw
