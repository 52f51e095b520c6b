#include "engine/bots/proof.h"

#include <algorithm>
#include <limits>
#include <vector>

#include "engine/core.h"
#include "engine/rules/castles.h"
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

}  // namespace

int64_t tile_bound_value(const Game& g, int tile) { return type_value(Core(g), tile); }

std::optional<Impossibility> prove_impossible(const Game& g) {
  const Core core(g);
  const Level* level = core.st().coop.level;
  if (!level || g.finished()) return std::nullopt;
  const Rules& r = core.rules();

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

  // Colours still in play: a follower not retired (buried followers are).
  unsigned alive = 0;
  for (const Follower& f : core.followers())
    if (!f.retired && f.colour >= 0) alive |= 1u << static_cast<unsigned>(f.colour);
  const auto is_alive = [&](int c) { return c >= 0 && ((alive >> static_cast<unsigned>(c)) & 1u) != 0; };
  int alive_colours = 0, unmarked_alive = 0;
  for (int c = 0; c < kMaxPlayers; ++c) {
    if (!is_alive(c)) continue;
    ++alive_colours;
    if (core.st().markers.of_colour[static_cast<size_t>(c)] < 0) ++unmarked_alive;
  }
  int64_t queued = 0;
  for (const int64_t q : core.st().markers.queue) queued += q;

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

  int64_t ghosts = core.st().bank.ghosts;
  for (const Core::Node& n : core.nodes()) ghosts += n.count;

  // The tile waiting to be placed, then the pile.
  const size_t pile_pos = core.pile_pos();
  const auto& pile = core.pile();
  const int64_t pending_value =
      core.pending().kind == DecisionKind::Place && core.pending().tile >= 0 ? type_value(core, core.pending().tile) : 0;
  if (pending_value >= kNoBound) return std::nullopt;
  const int64_t pending_tiles = core.pending().kind == DecisionKind::Place && core.pending().tile >= 0 ? 1 : 0;

  const auto& dogs = level->dogs;
  const int reached = core.st().dogs.reached;
  const auto& ends = core.st().stacks.end;
  for (int k = reached; k <= static_cast<int>(dogs.size()); ++k) {
    const bool target = k == static_cast<int>(dogs.size());
    const int64_t need = target ? level->target : dogs[static_cast<size_t>(k)];
    const size_t to = target || static_cast<size_t>(k) >= ends.size() ? pile.size() : std::min(ends[static_cast<size_t>(k)], pile.size());
    int64_t tiles_value = pending_value, tiles = pending_tiles;
    for (size_t i = pile_pos; i < to; ++i) {
      const int64_t v = type_value(core, pile[i]);
      if (v >= kNoBound) return std::nullopt;
      tiles_value += v;
      ++tiles;
    }
    // Dogs that can score before this deadline: those reached and still standing or to
    // be placed, and those that will be reached before it (dogs reached..k-1).
    int standing = core.st().dogs.to_place;
    for (const Follower& f : core.followers())
      if (f.placed >= 0 && !f.retired) standing += f.count[kDogCount];
    const int dog_count = standing + (k - reached);
    const int64_t dog_points = dog_count * ghosts * r.dog_ghost_points;
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
    if (worst && worst_most < need) {
      Impossibility p;
      p.dog = target ? -1 : k;
      p.need = need;
      p.marker = worst->colour;
      p.now = worst->now;
      p.feeders = worst->feeders;
      p.board = board;
      p.tiles = tiles;
      p.tiles_value = tiles_value;
      p.pile_from = static_cast<int>(pile_pos) - static_cast<int>(pending_tiles);
      p.pile_to = static_cast<int>(std::max(to, pile_pos));
      p.dogs = dog_count;
      p.ghosts = ghosts;
      p.dog_points = dog_points;
      p.most = worst_most;
      return p;
    }
  }
  return std::nullopt;
}

std::string impossibility_text(const Game& g, const Impossibility& p) {
  (void)g;
  const std::string who = p.marker == -1 ? "the team" : p.marker == -2 ? "a marker not chosen yet"
                                                                          : std::string(kColourNames[static_cast<size_t>(p.marker)]);
  const std::string when = p.dog >= 0 ? "before stack " + std::to_string(p.dog + 1) + " runs out, dog " +
                                            std::to_string(p.dog + 1) + " asks " + std::to_string(p.need)
                                      : "before the pile runs out, the target asks " + std::to_string(p.need);
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
