// Mists over Carcassonne: the cooperative levels (RULES.md section 4): the setup a level
// decides, the end of a co-op game, and the text of the co-op options.
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

#include "engine/core.h"
#include "engine/rules/coop.h"
#include "engine/rules/coop_ghosts.h"
#include "engine/rules/sides.h"
#include "engine/text.h"

namespace tw {

// ---------------------------------------------------------------------------------
// Setup

bool setup_coop(Core& core, const Level& level) {
  core.level() = &level;
  core.st().followers.by_colour = true;
  const int n = core.player_count();
  const LevelFollowers* lf = level.followers_for(n);
  if (!lf) {
    std::string seats;
    for (const auto& f : level.followers) seats += (seats.empty() ? "" : ", ") + std::to_string(f.players);
    core.end_reason() = "level '" + level.id + "' seats " + (seats.empty() ? "nobody" : seats) + " players, not " +
                  std::to_string(n);
    return false;
  }
  if (n * lf->colours > kMaxPlayers) {
    core.end_reason() = "level '" + level.id + "': " + std::to_string(n) + " players with " +
                  std::to_string(lf->colours) + " colours each need more than " + std::to_string(kMaxPlayers) +
                  " colours";
    return false;
  }
  // What the level decides. The switches the co-op rules do not have are off in every
  // rule set of system mists: the loader refuses one that sets them (validate_content),
  // so nothing a designer wrote is overridden here.
  core.rules().ghost_bank = level.ghost_bank;
  core.rules().cemetery_neighbours = level.cemetery == CemeteryMode::Haunted ? 8 : 4;

  const bool marker_from_supply =
      level.scoring == ScoringMode::PerColour && level.marker_from_supply && n >= core.rules().marker_supply_players;
  const int per = std::max(0, lf->per_colour - (marker_from_supply ? 1 : 0));
  if (int64_t{n} * lf->colours * per > kMaxGameFollowers || level.ghost_bank > kMaxGhostBank) {
    core.end_reason() = "level '" + level.id + "' gives " + std::to_string(n * lf->colours) + " colours " +
                  std::to_string(per) + " followers each and a bank of " + std::to_string(level.ghost_bank) +
                  " ghosts; a game holds at most " + std::to_string(kMaxGameFollowers) + " followers and " +
                  std::to_string(kMaxGhostBank) + " ghosts";
    return false;
  }
  core.st().followers.colours.assign(static_cast<size_t>(n), {});
  core.supply().assign(static_cast<size_t>(n), 0);
  core.st().guards.supply.assign(static_cast<size_t>(n), 0);
  core.st().guards.general.assign(static_cast<size_t>(n), 0);
  core.scores().assign(static_cast<size_t>(n), 0);
  std::vector<int> in_play;
  for (int p = 0; p < n; ++p)
    for (int k = 0; k < lf->colours; ++k) {
      const int c = p * lf->colours + k;
      core.st().followers.colours[static_cast<size_t>(p)].push_back(c);
      in_play.push_back(c);
      core.st().followers.colour_total[static_cast<size_t>(c)] = per;
      core.st().followers.colour_supply[static_cast<size_t>(c)] = per;
      core.supply()[static_cast<size_t>(p)] += per;
      Follower f;
      f.player = static_cast<int8_t>(p);
      f.colour = static_cast<int8_t>(c);
      for (int i = 0; i < per; ++i) core.followers().push_back(f);
    }
  core.st().markers.of_colour.fill(-1);
  if (level.scoring == ScoringMode::PerColour) {
    const size_t markers = level.score_markers == 0 ? in_play.size()
                                                    : std::min(in_play.size(), static_cast<size_t>(level.score_markers));
    for (size_t i = 0; i < markers; ++i) {
      core.st().markers.colour.push_back(in_play[i]);
      core.st().markers.of_colour[static_cast<size_t>(in_play[i])] = static_cast<int8_t>(i);
    }
  } else {
    core.st().markers.colour.push_back(-1);
  }
  core.st().markers.score.assign(core.st().markers.colour.size(), 0);
  core.st().bank.ghosts = level.ghost_bank;
  return true;
}

// The per-tile state of the co-op modules, grown with every tile put on the board
// (face-down tiles: engine/rules/face_down.cpp).
void coop_on_put(Core& core) {
  core.st().cemeteries.closed.push_back(0);
  core.st().coop_ghosts.per_tile.push_back(0);
  core.st().fog.joined = false;
}

// ---------------------------------------------------------------------------------
// Flow

void coop_lose(Core& core, std::string kind, std::string why) {
  core.loss_reason() = std::move(kind);
  core.pending().kind = DecisionKind::None;
  core.pending().player = -1;
  core.pending().tile = -1;
  core.pending().options.clear();
  core.outcome() = Outcome::Lose;
  core.end_reason() = std::move(why);
  core.emit({EventKind::GameEnded, -1, Kind::None, 0, 0, -1, 0});
}

void coop_win(Core& core) {
  core.pending().kind = DecisionKind::None;
  core.pending().player = -1;
  core.pending().tile = -1;
  core.pending().options.clear();
  core.outcome() = Outcome::Win;
  core.end_reason() = "the target of " + std::to_string(core.level()->target) + " points was reached";
  core.emit({EventKind::GameEnded, -1, Kind::None, 0, 0, -1, 0});
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
      if (current_ >= 0 && st_.followers.colours[static_cast<size_t>(current_)].size() > 1) s += " " + colour(o.colour);
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
    const auto& mine = st_.followers.colours[static_cast<size_t>(current_)];
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
    if (st_.followers.colour_supply[static_cast<size_t>(colour)] <= 0)
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
          (o.seg == count || (o.seg == 0 && at >= 0 && std::min(tile_ghosts(at), tw::unghost_count(Core(*this), o)) == count)))
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

// ---------------------------------------------------------------------------------
// State hash: what a co-op game adds to Game::state_hash

void hash_coop(const Core& core, Fnv64& h) {
  h.text(core.level()->id);
  for (const auto& p : core.placed()) h.u64(p.face_down);
  for (size_t p = 0; p < core.placed().size(); ++p) h.u64(static_cast<uint64_t>(tile_ghosts(core, static_cast<int>(p))));
  for (const auto& f : core.followers()) h.u64(static_cast<uint64_t>(f.buried) | static_cast<uint64_t>(f.dogs) << 8 |
                                         static_cast<uint64_t>(static_cast<uint8_t>(f.colour)) << 16);
  for (const int64_t m : core.st().markers.score) h.i64(m);
  for (const int c : core.st().followers.colour_supply) h.i64(c);
  for (const uint8_t c : core.st().cemeteries.closed) h.u64(c);
  h.i64(core.st().stacks.current);
  h.i64(core.st().dogs.reached);
  h.i64(core.st().dogs.to_place);
  h.u64(core.plan().steps[core.stage()].code);
  h.u64(core.st().cemeteries.bury_queue.size());
  h.u64(core.st().evaluation.queue.size());
  h.u64(core.st().markers.queue.size());
  h.i64(core.st().dogs.picks);
  h.i64(core.st().face_down.tile);
  h.i64(core.st().coop_ghosts.due);
}

// ---------------------------------------------------------------------------------
// Invariants

std::string check_coop(const Core& core) {
  // Every follower of a colour is in its supply, on the board or buried; every ghost is
  // in the bank or on the board.
  std::array<int, kMaxPlayers> colour_free{};
  for (const auto& f : core.followers())
    if (f.placed < 0 && !f.buried) ++colour_free[static_cast<size_t>(f.colour)];
  for (int c = 0; c < kMaxPlayers; ++c)
    if (colour_free[static_cast<size_t>(c)] != core.st().followers.colour_supply[static_cast<size_t>(c)])
      return "colour " + std::string(kColourNames[static_cast<size_t>(c)]) + ": supply count does not match the followers";
  int total = 0;
  for (const int t : core.st().followers.colour_total) total += t;
  if (static_cast<int>(core.followers().size()) != total) return "followers were lost or made";
  const int ghosts = ghosts_on_board(core);
  if (ghosts + core.st().bank.ghosts != core.rules().ghost_bank)
    return "ghosts: " + std::to_string(ghosts) + " on the board + " + std::to_string(core.st().bank.ghosts) +
           " in the bank != " + std::to_string(core.rules().ghost_bank);
  if (core.st().bank.ghosts < 0) return "the ghost bank is negative";
  if (core.st().coop_ghosts.per_tile.size() != core.placed().size()) return "ghosts per tile: " + std::to_string(core.st().coop_ghosts.per_tile.size()) + " counts for " + std::to_string(core.placed().size()) + " tiles";
  for (size_t p = 0; p < core.placed().size(); ++p) {
    int n = 0;
    if (!core.placed()[p].face_down)
      for (size_t i = 0; i < core.content().tiles[core.placed()[p].type].segments.size(); ++i) n += core.nodes()[core.placed()[p].node_base + i].ghosts;
    if (n != core.st().coop_ghosts.per_tile[p])
      return "ghosts per tile: tile " + std::to_string(p) + " counts " + std::to_string(core.st().coop_ghosts.per_tile[p]) + ", its segments hold " + std::to_string(n);
  }
  return {};
}

}  // namespace tw
