// Game: one game as a state machine driven by decisions.
//
// `pending()` is the decision the game waits for: who decides, what kind, and the
// complete list of legal options. `apply(option)` performs one legal option and runs
// every forced step (scoring, returning followers, drawing and discarding tiles) up to
// the next decision. Chance comes only from the game's own seeded Rng, used once to
// shuffle the draw pile, so a game is reproduced exactly by its setup and the list of
// options chosen. Illegal options are returned as a Violation, never thrown.
//
// Invariants (checked by `check_invariants`): every follower is either in its owner's
// supply or on exactly one segment of a placed tile; a feature's follower counts equal
// the followers standing on it; placed tiles match every neighbour edge; the frontier is
// exactly the set of empty cells next to a placed tile.
#pragma once

#include <array>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/content.h"
#include "engine/fixed_vec.h"
#include "engine/rng.h"
#include "engine/rules/registry.h"  // DecisionKind, OptKind, EventKind and their tables
#include "engine/rules/state.h"

namespace tw {

class Core;
struct TurnPlan;

inline constexpr std::array<std::string_view, kMaxPlayers> kColourNames = {
    "red", "green", "blue", "yellow", "black", "pink"};
std::optional<int> parse_colour(std::string_view name);

struct PlayerSpec {
  std::string name;  // as written in the Players tag, e.g. "Ann" or "bot:greedy"
  std::string bot;   // "" for a human, else the bot's name ("greedy")
};
// Splits "Ann, Ben, bot:greedy" into players.
std::vector<PlayerSpec> parse_players(std::string_view text);
// How output names seat i, distinct for every seat: the name when no other seat has it,
// else the name with its occurrence among the equal names, "bot:random (2)". Used for
// JSON keys, the Result tag and every printed line, so two seats never merge into one.
std::string seat_label(const std::vector<PlayerSpec>& players, size_t i);
// A Seed tag: a decimal number is used as it is; any other text is hashed.
uint64_t parse_seed(std::string_view text);

struct GameSetup {
  std::string rule_set;
  std::vector<PlayerSpec> players;
  uint64_t seed = 0;
  std::vector<std::string> draw;  // tile ids drawn first, in this order
  std::string level;              // level id ("" = none; a rule set that only levels
                                  // play then plays its first level)
  std::vector<std::string> without;  // rule modules left out (tests and experiments:
                                     // not recorded in a replay)
};

// One legal choice. Compared field by field; `to_string` gives its canonical text.
struct Option {
  OptKind kind = OptKind::Pass;
  uint8_t rot = 0;     // place: quarter turns clockwise
  uint8_t seg = 0;     // a location (Arg::Location): a segment of the tile just placed, or of
                       // the tile at x,y (where a named follower stands); or a count (Arg::Count)
  uint8_t colour = 0;  // a colour (Arg::Colour, Arg::OwnColour)
  int16_t x = 0, y = 0;  // a cell (Arg::Cell): where the tile goes, or the tile a location is on
  uint16_t tile = 0;   // place: tile type index
  friend bool operator==(const Option&, const Option&) = default;
};

// The allocator of option lists: it allocates like std::allocator, but a list that grows
// by resize() leaves its new options unwritten (construct with no value does nothing), so
// placement generation can write the options straight into the decision's list and cut it
// to the count. Every other construct (push_back, insert, copies) constructs as usual.
// Option is an aggregate of plain fields, so the storage holds Options as soon as it is
// allocated; a new slot is read only after it is written.
template <class T>
struct ListAllocator : std::allocator<T> {
  using value_type = T;
  template <class U>
  struct rebind {
    using other = ListAllocator<U>;
  };
  ListAllocator() = default;
  template <class U>
  ListAllocator(const ListAllocator<U>&) noexcept {}
  template <class U>
  void construct(U*) noexcept {}
  template <class U, class... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }
};
using OptionList = std::vector<Option, ListAllocator<Option>>;

// The first word of an option's canonical text ("place", "meeple", "bury", ...).
std::string_view option_verb(OptKind k);

// What an option's canonical text says, as fields (Game::describe): computed from the
// option and the game, never from the text, so a UI maps options without reading them.
struct OptionView {
  std::string_view verb;  // the first word of to_string(o)
  bool has_cell = false;  // the text names a cell "x,y" ...
  int x = 0, y = 0;       // ... this one
  std::string tile;       // place: the tile's notation id ("" otherwise)
  int rot = -1;           // place: quarter turns clockwise (-1 otherwise)
  int placed = -1;        // the text names a location kind:port on this placed tile (index
                          // into placed(); meeple and guard name one on the tile just
                          // placed without its cell), or -1
  int seg = -1;           // the segment of `placed` that location names, or -1
  int colour = -1;        // the colour the text names (Arg::Colour, or a meeple of a
                          // player with several colours), or -1
  int count = -1;         // the count the text names (Arg::Count), or -1
};

struct Decision {
  DecisionKind kind = DecisionKind::None;
  int player = -1;
  int tile = -1;  // place: the drawn tile type (with a hand: the first tile of the hand;
                  // the options then place any tile of the hand, see Game::hand)
  OptionList options;
  friend bool operator==(const Decision&, const Decision&) = default;
};

struct Violation {
  std::string message;
};

struct Event {
  EventKind kind;
  int8_t player = -1;
  Kind feature = Kind::None;
  int16_t x = 0, y = 0;
  int tile = -1;
  int points = 0;
  friend bool operator==(const Event&, const Event&) = default;
};

enum class FollowerKind : uint8_t { Meeple, Guard };

// A follower's counters that the rule modules own (Follower::count): engine/rules/state.h
// gives each module its slot, and the module's header says what it counts.
inline constexpr size_t kFollowerCounts = 2;

struct Follower {
  int8_t player = -1;
  int8_t colour = 0;
  FollowerKind kind = FollowerKind::Meeple;
  bool general = false;   // a guard still in the general supply
  bool retired = false;   // out of play for good where it stands (`placed`): the core counts
                          // it in no supply and on no feature (a module retires it)
  // Counts a module keeps with the follower (slots: engine/rules/state.h). The core copies
  // them, hashes slot 0 with the follower (state_hash) and leaves the rest to their module;
  // when the follower leaves the board the plan's on_return hook sees it first.
  std::array<int8_t, kFollowerCounts> count{};
  uint8_t weight = 1;     // what it counts in a feature's majority (Feature::by_player): 1 for
                          // the core's followers; a module's own follower may count more (the
                          // big follower, engine/rules/big_follower.cpp, counts its strength)
  int16_t placed = -1;  // index into placed tiles, -1 = in supply
  uint8_t seg = 0;
  uint32_t node = 0;
  friend bool operator==(const Follower&, const Follower&) = default;
};

struct PlacedTile {
  int16_t x = 0, y = 0;
  uint16_t type = 0;
  uint8_t rot = 0;
  uint32_t node_base = 0;  // union-find node of segment 0
  bool wild = false;       // matches any neighbour edge (a module lays tiles so; it decides
                           // what else that means)
  friend bool operator==(const PlacedTile&, const PlacedTile&) = default;
};

// Scratch space that a copy of its owner does not take along: its contents never outlive
// one call (a buffer, or stamps with their own generation counter), so a copy keeps the
// space it had and a new one starts empty. Copying games is what the search bots do most.
template <class T>
struct Scratch {
  T v{};
  Scratch() = default;
  Scratch(const Scratch&) {}
  Scratch& operator=(const Scratch&) { return *this; }
  Scratch(Scratch&&) noexcept = default;
  Scratch& operator=(Scratch&&) noexcept = default;
};

// End: the game ran its course (competitive); Win / Lose: a co-op game's result.
enum class Outcome : uint8_t { None, End, Win, Lose };

class Game {
 public:
  // Builds a game and runs it to the first decision. Setup errors (unknown rule set,
  // player count out of range, an unknown tile in `draw`, more copies drawn than the
  // pool has) come back as a Violation.
  static std::optional<Violation> create(const Content& content, const GameSetup& setup,
                                         Game& out);

  const Decision& pending() const { return pending_; }
  bool finished() const { return pending_.kind == DecisionKind::None; }
  Outcome outcome() const { return outcome_; }
  std::string_view end_reason() const { return end_reason_; }

  // Applies a legal option; anything else is a Violation and changes nothing.
  std::optional<Violation> apply(const Option& o);
  // Applies option i (bots and benchmarks: no search). i must be below option_count().
  void apply_index(size_t i) { apply_known(option(i)); }

  // The playout path (search bots' rollouts, `bench --playout`). With it on, a placement
  // decision counts its legal options instead of listing them: pending().options stays
  // empty and option_count() / option(i) give the count and the option the full list
  // would hold at i, so a game played through them is the same game; it records no
  // events (events() stays empty: searches and benchmarks never read them). Off by default (a
  // copy keeps the mode); never with hands (a hand lists every held tile's options).
  // apply() lists them first; pending().options and parse_option see only a list.
  void set_playout(bool on) { playout_ = on && rules_.hand_size == 0; }
  // The playout path counts with AVX2 where the CPU has it (chosen at run time, the binary
  // stays generic). false forces the generic kernel for every game of the process (tests
  // compare both; not thread-safe: set it before games run). Returns whether the AVX2
  // kernel is in use afterwards.
  static bool allow_simd_lanes(bool allow);
  bool playout() const { return playout_; }
  size_t option_count() const { return lazy_place_ ? place_count_ : pending_.options.size(); }
  // Equivalent rotations (same_by_symmetry, engine/content.h) are one placement: a decision
  // lists (and counts) each placement once, at its canonical rotation, and apply() and
  // parse_option take any equivalent rotation as the canonical one (a location names board
  // ports, so a follower's location reads the same on either). With all rotations on, a
  // decision lists every fitting rotation as before and takes only those (the
  // differential test's old listing: tests/engine/test_rotations.cpp). A copy keeps it,
  // and so does create() (set it before, and the first decision is listed so too).
  void set_all_rotations(bool on) { all_rotations_ = on; }
  bool all_rotations() const { return all_rotations_; }
  // The canonical rotation of tile type `tile` at rotation `rot` (from the tile cache).
  int canonical_rotation(int tile, int rot) const {
    return (*cache_)[static_cast<size_t>(tile)].canon_rot[static_cast<size_t>(rot & 3)];
  }
  // A placement with its rotation made canonical; any other option as it is.
  Option canonical(const Option& o) const {
    if (o.kind != OptKind::Place || o.tile >= cache_->size()) return o;
    Option c = o;
    c.rot = static_cast<uint8_t>(canonical_rotation(o.tile, o.rot));
    return c;
  }
  Option option(size_t i) const { return lazy_place_ ? kth_placement(i) : pending_.options[i]; }
  // Applies the option written as `text` (canonical or any port naming the segment).
  std::optional<Violation> apply(std::string_view text);

  std::string to_string(const Option& o) const;
  // The fields of to_string(o): its verb, cell, tile, rotation, location and colour.
  OptionView describe(const Option& o) const;
  // Reads option text and finds it among the pending legal options.
  std::optional<Option> parse_option(std::string_view text, std::string* why = nullptr) const;

  // What happened during the last apply (or create). Empty on the playout path
  // (set_playout), where nothing reads them.
  const std::vector<Event>& events() const { return events_; }

  // Read access for printers, bots, the editor.
  const Content& content() const { return *content_; }
  const RuleSet& rule_set() const { return *rule_set_; }
  const Rules& rules() const { return rules_; }
  const GameSetup& setup() const;
  int player_count() const { return players_; }
  int64_t score(int player) const { return scores_[static_cast<size_t>(player)]; }
  int supply(int player) const { return supply_[static_cast<size_t>(player)]; }
  int guard_supply(int player) const { return st_.guards.supply[static_cast<size_t>(player)]; }
  int general_guards(int player) const { return st_.guards.general[static_cast<size_t>(player)]; }
  int current_player() const { return current_; }
  const std::vector<PlacedTile>& placed() const { return placed_; }
  const std::vector<Follower>& followers() const { return followers_; }
  int tiles_left() const { return static_cast<int>(pile_.size() - pile_pos_); }

  // The rule modules this game plays, in the order they act (engine/rules/modules.cpp).
  const std::vector<std::string_view>& modules() const;

  // Per colour (several-colour players): a player's colours and each colour's supply.
  // What a module adds to these (its counters, its state) is read through the free
  // functions its header declares (engine/rules/X.h), over a const Game.
  using Colours = FixedVec<int, kMaxPlayers>;
  const Colours& colours_of(int player) const { return st_.followers.colours[static_cast<size_t>(player)]; }
  int colour_supply(int colour) const { return st_.followers.colour_supply[static_cast<size_t>(colour)]; }
  // The open edge ends of a road or city (or of any feature whose module counts them).
  int feature_open_ends(uint32_t node) const { return feat_[find(node)].open; }
  // The tile placed in the current turn (index into placed()), or -1.
  int last_placed() const { return last_placed_; }
  int ply() const { return ply_; }
  // The tile at x,y (index into placed()), or -1.
  int tile_at(int x, int y) const {
    return in_grid(x, y) ? cells_[static_cast<size_t>(cell_index(x, y))].tile : -1;
  }
  // The segment of placed tile `p` at board port `port` (after rotation), or -1.
  int segment_at(int p, int port) const;
  // Canonical "kind:port" of segment `seg` on placed tile `p`.
  std::string location_name(int p, int seg) const;
  // Counters for `bench`: placements checked and legal placements found.
  uint64_t placements_checked() const { return placements_checked_; }
  uint64_t placements_legal() const { return placements_legal_; }

  // Feature queries (any segment node of the feature).
  uint32_t node_of(int p, int seg) const { return placed_[static_cast<size_t>(p)].node_base + static_cast<uint32_t>(seg); }
  bool feature_complete(uint32_t node) const;
  int feature_tiles(uint32_t node) const;
  // Points the feature would give now, scored as complete (if it is) or as at the end
  // (the value table of the plan: each kind's module says what "complete" means).
  int feature_value(uint32_t node) const;

  // Information sets. What a player at the table knows: the board, scores, supplies,
  // every tile drawn face up (hands are face up), the Draw prefix of the setup (it is in
  // the record) and how many tiles each co-op stack holds. What nobody knows: the order
  // of the tiles not yet drawn, and which tiles lie face down (co-op levels 5-6) or wait
  // to go face down. `determinize` deals those hidden tiles again at random: the multiset
  // of hidden tile types (sorted first, so two games with the same public history give
  // the same deal from the same Rng) is shuffled with `rng` and put back in the hidden
  // places: the tile waiting to go face down, the face-down tiles, then the pile after the
  // Draw prefix. Stack boundaries stay where they are (a stack's size is public, its
  // contents are not). Bots search on determinized copies only, never on the real pile.
  void determinize(Rng& rng);
  // Every tile type taken from the pile so far, in draw order (face-down ones included,
  // so this is not public: for tests and records).
  std::vector<uint16_t> tiles_drawn() const {
    return {pile_.begin(), pile_.begin() + static_cast<std::ptrdiff_t>(pile_pos_)};
  }

  // A 64-bit digest of everything that decides the rest of the game.
  uint64_t state_hash() const;
  // The full structural comparison: "" when this game's state equals o's field by field
  // (board, frontier, union-find nodes and features, followers, scores, supplies, pile and
  // its position, the pending decision, events, the Rng's position, the modules' state,
  // the playout path's counters), else the first field that differs. Both games play the
  // same content and rule set; what they share (content, cache, plan) is not compared.
  std::string differs_from(const Game& o) const;

  // Apply and undo (engine/undo.cpp). mark() opens an undo frame: from then on every
  // change apply() makes is recorded (an undo log: the entries of the board, the union-
  // find nodes and features and the placed tiles that a change overwrites, in order; what
  // grows is cut back; the rest, small, is saved whole at the mark: followers, scores,
  // supplies, the pending decision, the frontier, the Rng; the modules' state a part
  // at a time, when the frame first changes the part: st_write). undo() takes the game back to its state at the
  // matching mark() exactly (differs_from says "" and state_hash is equal). Frames nest:
  // a search marks at its root, then again per option it tries. While a frame is open the
  // union-find does no path compression (a compressed path could not be taken back), a
  // copy of the game starts with no frame, and assigning to a game drops its frames.
  // determinize() in a frame is undone too (the pile is saved whole at its first deal).
  // What apply() costs with a frame open: the log entries and the module parts it
  // changes; a mark: the copies above.
  void mark();
  void undo();
  size_t marks() const { return trail_.v.depth; }
  // Each union-find node and feature index that a change logged since open frame `frame`
  // (0: the outermost) was marked, frames inside it included, to f: a node whose parent,
  // rank, ring or count changed (each root a union joined), a feature that changed. With
  // the frame open every such write is logged (undo() puts them back from this log), so a
  // root not named here is the same feature with the same counts as at the mark. For a
  // search's caches (the co-op bot's kept values, engine/bots/bots.cpp).
  template <class F>
  void for_each_logged(size_t frame, F&& f) const {
    const Trail& t = trail_.v;
    if (frame >= t.depth) return;
    for (size_t i = t.frames[frame].node_log; i < t.nodes.size(); ++i) f(t.nodes[i].at);
    for (size_t i = t.frames[frame].feat_log; i < t.feat.size(); ++i) f(t.feat[i].at);
  }
  // Empty when every invariant holds; else a description of the first broken one.
  std::string check_invariants() const;

 private:
  friend struct GameProbe;  // bench/bench_engine.cpp: the hot functions one at a time
  struct Cell {
    int16_t tile = -1;   // placed tile index
    int16_t fpos = -1;   // position in frontier_, -1 = not on the frontier
    uint8_t around = 0;  // placed tiles among the 8 surrounding cells
    uint8_t centres = 0;  // tiles put_tile placed with a centre segment (TypeCache::centre)
                          // on this cell and the 8 around it
    friend bool operator==(const Cell&, const Cell&) = default;
  };
  // An empty cell next to the board. The edge constraint its neighbours set (a tile fits
  // at rotation r when (signature[r] & mask) == value) is kept only in lanes_
  // (frontier_lanes), where generating placements reads it and put_tile adds to it; the
  // cell's index is computed from x, y where needed (regrid moves no frontier cell).
  struct FrontierCell {
    int16_t x, y;
    friend bool operator==(const FrontierCell&, const FrontierCell&) = default;
  };
  // The frontier's constraints side by side, per block of 8 frontier cells (in frontier
  // order): 8 masks, then 8 values. Placement generation checks a tile's four rotations
  // against a block at once (8 x 16-bit lanes). A lane past the frontier's end holds
  // mask 0 and value 1, which nothing matches; so does a new frontier cell's until put_tile
  // sets its constraint (a cell next to wild tiles only stays so: engine/rules/face_down.h).
  static constexpr size_t kLaneBlock = 8;
  void frontier_lanes(int fpos, uint16_t mask, uint16_t val) {
    const size_t i = static_cast<size_t>(fpos);
    uint16_t* block = lanes_.data() + 2 * kLaneBlock * (i / kLaneBlock);
    block[i % kLaneBlock] = mask;
    block[kLaneBlock + i % kLaneBlock] = val;
    fits_.tile = -1;  // the counted decision's masks are out of date
  }
  // The playout path's counted decision (generate_placements): per block its cells'
  // rotation masks and its count, for the tile `tile` on a frontier of `n` cells, so that
  // kth_placement finds option k without checking the blocks again. Valid until the
  // frontier's lanes change; a copy of the game starts without it and an assignment
  // drops it (kth_placement then checks the blocks itself), and so does a frontier of
  // more than kFitBlocks blocks.
  static constexpr size_t kFitBlocks = 32;
  struct PlacementFits {
    std::array<uint16_t, kLaneBlock * kFitBlocks> masks;  // kLaneBlock per block
    std::array<uint8_t, kFitBlocks> counts;               // per block
    int tile = -1;                                        // -1: not valid
    size_t n = 0;
    PlacementFits() = default;
    PlacementFits(const PlacementFits&) {}
    PlacementFits& operator=(const PlacementFits&) {
      tile = -1;
      return *this;
    }
    PlacementFits(PlacementFits&&) noexcept = default;
    PlacementFits& operator=(PlacementFits&&) noexcept = default;
  };
  struct Feature {  // valid at union-find roots
    uint16_t open = 0;   // open edge ends (city, road)
    uint16_t shields = 0;
    uint8_t followers = 0;
    bool never = false;  // never closes (a module's join found it open for good)
    std::array<uint8_t, kMaxPlayers> by_player{};  // per player (co-op: by colour), the weights
                                                   // of its followers there (Follower::weight)
    friend bool operator==(const Feature&, const Feature&) = default;
  };
  static constexpr size_t kOptKinds = kOptKindCount;
  static constexpr size_t kKinds = kMaxKinds;  // every kind's value, the core's and the modules'
  static constexpr size_t kDecisionKinds = kDecisionKindCount;
  struct TypeCache {  // per tile type and rotation
    std::array<uint16_t, 4> sig{};
    std::array<std::array<int8_t, kPortCount>, 4> port_seg{};
    uint8_t canon = 0xF;                      // bit r: rotation r is canonical (the lowest of
                                              // its equivalent ones: same_by_symmetry)
    std::array<uint8_t, 4> canon_rot{0, 1, 2, 3};  // per rotation: its canonical rotation
    int8_t centre = -1;  // the segment of a centre kind (KindProp kCentre), if any
    std::array<uint8_t, 4> cover{};  // per rotation: bit d set = the cover layer lies on side d
    bool covered = false;           // the tile shows the cover layer (TileType::covered_tile)
    uint64_t kinds = 0;            // bit k: a segment of Kind k
    uint64_t piece_kinds = 0;      // ... of any tile of its start piece (itself if none)
    uint32_t edge_segs = 0;        // bit i: segment i is named by an edge (KindProp kNamedByEdge)
    std::array<uint32_t, kKinds> kind_segs{};  // per kind: bit i set = segment i is of that kind
    uint32_t field_segs = 0;       // ... segment i is a field not under the cover (rule farmers)
    uint32_t covered_field_segs = 0;  // ... a field under the cover (a module decides if followers may stand there)
    uint32_t covered_segs = 0;     // ... segment i is under the cover (Segment::covered; put_tile's cover_splits)
    int64_t shields = 0;           // the shields on the tile (engine/limits.h checks their sum)
    std::vector<uint16_t> piece;   // the tile types of its start piece, in tile order
    std::vector<Feature> feat;     // per segment: its feature alone (open ends, shields)
    std::vector<Kind> seg_kind;    // per segment: its kind
    // Per segment its union-find node as put_tile makes it, as 4 words (Node's layout:
    // parent, next, tile and kind, rank and count) with parent = next = the segment and
    // tile 0: put_tile adds the node base and the placed index (build_cache).
    std::vector<std::array<uint32_t, 4>> node_init;
  };

  // Board
  int cell_index(int x, int y) const { return (y - y0_) * width_ + (x - x0_); }
  // The board's row length: the cell above cell_index(x, y) is cell_index(x, y) + grid_width().
  // The 5x5 cells around a placed tile always lie in the grid (ensure_room), so rule modules
  // read a placed tile's neighbours straight from cells() with it.
  int grid_width() const { return width_; }
  bool in_grid(int x, int y) const {
    return x >= x0_ && y >= y0_ && x < x0_ + width_ && y < y0_ + height_;
  }
  void ensure_room(int x, int y);
  void regrid(int x0, int y0, int width, int height);
  FrontierCell& frontier_add(int cell, int x, int y);
  // A cell not on the frontier joins it (c: its Cell). Its lanes stay closed (mask 0, value
  // 1: nothing fits) until put_tile sets the constraint of its first placed neighbour; a
  // wild tile sets none (engine/rules/face_down.h).
  void frontier_push(Cell& c, int x, int y) {
    log_cell(cell_index(x, y));
    c.fpos = static_cast<int16_t>(frontier_.size());
    frontier_.push_back(FrontierCell{static_cast<int16_t>(x), static_cast<int16_t>(y)});
    fits_.tile = -1;
    if (lanes_.size() < 2 * frontier_.size()) lanes_grow();
  }
  void lanes_grow();
  [[gnu::always_inline]] void frontier_remove(int cell) {  // (inlined: put_tile's two builds)
    Cell& c = cells_[static_cast<size_t>(cell)];
    if (c.fpos < 0) return;
    const FrontierCell last = frontier_.back();
    log_cell(cell);
    log_cell(cell_index(last.x, last.y));
    const size_t lastpos = frontier_.size() - 1;
    const uint16_t* block = lanes_.data() + 2 * kLaneBlock * (lastpos / kLaneBlock);
    frontier_lanes(c.fpos, block[lastpos % kLaneBlock], block[kLaneBlock + lastpos % kLaneBlock]);
    frontier_lanes(static_cast<int>(lastpos), 0, 1);  // past the end: closed
    frontier_[static_cast<size_t>(c.fpos)] = last;
    cells_[static_cast<size_t>(cell_index(last.x, last.y))].fpos = c.fpos;
    frontier_.pop_back();
    c.fpos = -1;
  }
  void put_tile(int type, int x, int y, int rot);
  template <bool kTrackCover>  // put_tile, with or without cover_meets_ (the plan's cover_meets)
  void put_tile_as(int type, int x, int y, int rot);

  // Union-find
  uint32_t find(uint32_t n) const {  // (inline: every rule module's file calls it)
    if (trail_.v.depth != 0) {  // an undo frame is open: no path compression
      while (nodes_[n].parent != n) n = nodes_[n].parent;
      return n;
    }
    while (nodes_[n].parent != n) {
      nodes_[n].parent = nodes_[nodes_[n].parent].parent;
      n = nodes_[n].parent;
    }
    return n;
  }
  uint32_t unite(uint32_t a, uint32_t b);

  static std::shared_ptr<const std::vector<TypeCache>> build_cache(const Content& content);
  bool build_pile(const Level* level, uint64_t& kinds);  // false: end_reason_ says why (level:
                                       // the co-op level played, null for none; its box keeps some
                                       // tiles; kinds: bit k = the game's tiles show Kind k)
  void clear_state();

  // ---- The turn (core: engine/turn.cpp) -------------------------------------------
  // A game plays the rule modules its rules and level choose; engine/rules/modules.cpp
  // builds their plan (TurnPlan, engine/core.h) once per game (copies share it). The
  // modules are free functions over a Core (engine/core.h), the one friend they use.
  friend class Core;
  void run_turn();
  bool next() { ++stage_; return false; }
  void go_to(bool (*step)(Core&));
  void ask(DecisionKind k, const OptionList& opts);
  bool step_end_turn();
  void apply_place(const Option& o);

  void start();
  void draw_from_pile();
  bool draw_one();  // draws the pile's next tile: true = a placement is pending, false = discarded
  void generate_placements(int type);
  unsigned listed_rotations(int type) const;  // the rotations a decision lists (bit r)
  Option kth_placement(size_t k) const;  // the playout path: option k of the uncounted list
  void list_placements();                // ... and the whole list, when a caller needs it
  void end_game();
  void emit(Event e) {  // (the playout path records none: nothing there reads them)
    if (!playout_) events_.push_back(e);
  }
  std::optional<Violation> apply_checked(const Option& o);
  void apply_known(const Option& o);  // apply_checked with no result (an option without a
                                      // handler does nothing): apply_index's path
  int slot(const Follower& f) const { return st_.followers.by_colour ? f.colour : f.player; }
  // An option naming the follower f where it stands (its tile's cell and its segment).
  Option follower_option(OptKind kind, const Follower& f) const {
    const PlacedTile& pt = placed_[static_cast<size_t>(f.placed)];
    Option o;
    o.kind = kind;
    o.x = pt.x;
    o.y = pt.y;
    o.seg = f.seg;
    return o;
  }

  // ---- Scoring plumbing (core: engine/scoring.cpp) --------------------------------
  bool step_score_completed();  // the features the tile completed, then centres around it
  // The tile just placed may have completed a road, city or region (see closed_by_).
  bool may_have_closed() const { return closed_by_ == last_placed_; }
  void score_feature(uint32_t root, bool final);
  void score_by_majority(uint32_t root, bool final);
  bool edge_complete(uint32_t node) const;
  bool surrounded(uint32_t node) const;  // all 8 neighbours placed
  void return_followers(uint32_t root);
  void remove_follower(Follower& f);
  void add_points(int player, int64_t delta);


  const Content* content_ = nullptr;
  const RuleSet* rule_set_ = nullptr;
  Rules rules_;
  std::shared_ptr<const GameSetup> setup_;  // as created (shared: copies stay cheap)
  int players_ = 0;
  Rng rng_;
  std::shared_ptr<const std::vector<TypeCache>> cache_;  // shared: copies stay cheap
  std::shared_ptr<const TurnPlan> plan_;                 // shared too
  uint8_t stage_ = 0;                                    // the plan step the turn is at

  // The board: cells x0_ .. x0_+width_-1 by y0_ .. y0_+height_-1, row by row. It grows
  // where a tile comes within 2 cells of its edge, by a few cells at a time: it stays
  // small, since every copy of the game copies it.
  int x0_ = 0, y0_ = 0, width_ = 0, height_ = 0;
  std::vector<Cell, ListAllocator<Cell>> cells_;  // (regrid writes every cell: ListAllocator)
  Scratch<std::vector<Cell, ListAllocator<Cell>>> regrid_;  // the board being regridded (its space is kept)
  std::vector<FrontierCell> frontier_;
  std::vector<uint16_t> lanes_;  // the frontier's constraints in blocks (frontier_lanes)
  std::vector<PlacedTile> placed_;

  // Union-find nodes, one per segment of a placed tile, in one array: placing a tile
  // appends its segments at once, and a copy of the game copies one block.
  struct Node {
    uint32_t parent = 0;
    uint32_t next = 0;   // circular list of a feature's nodes
    int16_t tile = 0;    // the placed tile
    Kind kind = Kind::None;
    uint8_t rank = 0;
    uint8_t count = 0;   // a count a module keeps per segment (engine/rules/state.h says whose)
    friend bool operator==(const Node&, const Node&) = default;
  };
  mutable std::vector<Node, ListAllocator<Node>> nodes_;  // (find() compresses paths; put_tile
                                                         // writes new nodes whole)

  // The narrow fields above hold what a game within engine/limits.h can reach.
  template <class Field>
  static constexpr int64_t field_max = static_cast<int64_t>(std::numeric_limits<Field>::max());
  template <class Field>
  static constexpr int64_t field_min = static_cast<int64_t>(std::numeric_limits<Field>::min());
  static_assert(kMaxGameTiles - 1 <= field_max<decltype(Cell::tile)> &&
                    kMaxGameTiles - 1 <= field_max<decltype(Node::tile)> &&
                    kMaxGameTiles - 1 <= field_max<decltype(Follower::placed)>,
                "a placed tile's index");
  static_assert(2 * kMaxGameTiles + 2 - 1 <= field_max<decltype(Cell::fpos)>,
                "a frontier position (N connected tiles have at most 2N + 2 empty neighbours)");
  static_assert(kMaxGameTiles + 5 <= field_max<decltype(PlacedTile::x)> &&
                    -(kMaxGameTiles + 5) >= field_min<decltype(PlacedTile::x)> &&
                    kMaxGameTiles + 5 <= field_max<decltype(Option::x)> &&
                    kMaxGameTiles + 5 <= field_max<decltype(Event::x)> &&
                    kMaxGameTiles + 5 <= field_max<decltype(FrontierCell::x)>,
                "a coordinate (within +-(tiles + 4), one more for the frontier)");
  static_assert(4 * kMaxGameTiles <= field_max<decltype(Feature::open)>,
                "a feature's open ends (at most 4 per tile)");
  static_assert(kMaxGameShields <= field_max<decltype(Feature::shields)>, "a feature's shields");
  static_assert(kMaxGameFollowers <= field_max<decltype(Feature::followers)> &&
                    kMaxGameFollowers <= field_max<decltype(Feature::by_player)::value_type>,
                "the followers on a feature");
  static_assert(kMaxTileTypes - 1 <= field_max<decltype(Option::tile)> &&
                    kMaxTileTypes - 1 <= field_max<decltype(PlacedTile::type)>,
                "a tile type's index");
  static_assert(kMaxSegments <= 32 && kMaxSegments - 1 <= field_max<decltype(Option::seg)>,
                "segment sets are 32-bit masks");
  std::vector<Feature> feat_;        // per node, valid at roots

  std::vector<Follower> followers_;
  // Per player (plain fields, no heap: copies stay cheap).
  FixedVec<int, kMaxPlayers> supply_;
  FixedVec<int64_t, kMaxPlayers> scores_;

  std::vector<uint16_t> pile_;
  size_t pile_pos_ = 0;
  int current_ = 0;
  int ply_ = 0;
  int last_placed_ = -1;
  // The last placed tile whose placement brought an edge feature's open ends to 0 (put_tile),
  // or -1. Only after such a placement can a road, city or region have been completed; a
  // later union in the same placement can open the feature again, so the steps still check.
  int closed_by_ = -1;
  // Where the last put_tile's cover met its placed neighbours' (only with the plan's
  // cover_meets, else 0): bit 0 a covered side met a covered side, bit 1 a covered side met
  // an uncovered one (either way round). Read right after the placement (the after-place
  // hooks) and by nothing else: not part of the state (copies, marks and state_hash leave it).
  uint8_t cover_meets_ = 0;
  Decision pending_;
  Outcome outcome_ = Outcome::None;
  std::string end_reason_;
  std::vector<Event> events_;
  uint64_t placements_checked_ = 0;
  uint64_t placements_legal_ = 0;
  bool playout_ = false;                // the playout path is on (set_playout)
  bool all_rotations_ = false;          // list every fitting rotation (set_all_rotations)
  bool lazy_place_ = false;             // the pending placement was counted, not listed
  size_t place_count_ = 0;              // ... its legal options
  PlacementFits fits_;                  // ... and where they are (generate_placements)
  struct Stamps {                           // for distinct-tile counts
    std::vector<uint32_t> stamp;
    uint32_t gen = 0;
  };
  mutable Scratch<Stamps> stamps_;

  // The rule modules' state (engine/rules/state.h), one struct per module.
  ModuleState st_;

  // ---- The undo log (engine/undo.cpp; mark / undo) --------------------------------
  template <class T>
  struct Logged {  // an entry as it was before a change overwrote it
    uint32_t at;
    T was;
  };
  static constexpr uint32_t kRegrid = 0xFFFFFFFFu;  // a cell log entry: the board was regridded
  struct Grid {                                      // ... and what it was
    int x0, y0, width, height;
    std::vector<Cell, ListAllocator<Cell>> cells;
  };
  struct Frame {  // what mark() saved whole, and where the logs stood
    size_t placed = 0, nodes = 0, node_log = 0, feat_log = 0, cell_log = 0, placed_log = 0;
    size_t pile_pos = 0, place_count = 0;
    uint64_t checked = 0, legal = 0;
    int current = 0, ply = 0, last_placed = 0, closed_by = 0;
    uint8_t stage = 0;
    Outcome outcome = Outcome::None;
    bool lazy_place = false;
    Rng rng;
    std::string end_reason;
    Decision pending;
    std::vector<Event> events;
    std::vector<FrontierCell> frontier;
    std::vector<uint16_t> lanes;
    std::vector<Follower> followers;
    FixedVec<int, kMaxPlayers> supply;
    FixedVec<int64_t, kMaxPlayers> scores;
    ModuleState st;                // the parts of st_ changed in this frame, as they were ...
    uint32_t st_saved = 0;         // ... bit i: part i of module_parts (engine/rules/state.h)
    bool pile_saved = false;      // determinize dealt the pile again (rare: mcts's deals):
    std::vector<uint16_t> pile;   // the pile as it was
  };
  struct Trail {
    size_t depth = 0;           // open frames
    std::vector<Frame> frames;  // frames[0 .. depth) open; the rest keep their space
    std::vector<Logged<Node>> nodes;
    std::vector<Logged<Feature>> feat;
    std::vector<Logged<Cell>> cells;
    std::vector<Logged<PlacedTile>> placed;
    std::vector<Grid> grids;  // per kRegrid entry, in order
    size_t grid_count = 0;
  };
  // A copy of the game (or an assignment to it) has no open frame; the space is kept.
  struct TrailBox {
    Trail v;
    TrailBox() = default;
    TrailBox(const TrailBox&) {}
    TrailBox& operator=(const TrailBox&) {
      v.depth = 0;
      v.nodes.clear();
      v.feat.clear();
      v.cells.clear();
      v.placed.clear();
      v.grid_count = 0;
      return *this;
    }
    TrailBox(TrailBox&&) noexcept = default;
    TrailBox& operator=(TrailBox&&) noexcept = default;
  };
  TrailBox trail_;
  bool recording() const { return trail_.v.depth != 0; }
  // Before a change to an existing entry (while a frame is open): the entry as it was.
  void log_node(uint32_t i) {
    if (recording()) trail_.v.nodes.push_back({i, nodes_[i]});
  }
  void log_feat(uint32_t i) {
    if (recording()) trail_.v.feat.push_back({i, feat_[i]});
  }
  void log_cell(int i) {
    if (recording()) trail_.v.cells.push_back({static_cast<uint32_t>(i), cells_[static_cast<size_t>(i)]});
  }
  void log_placed(size_t i) {
    if (recording()) trail_.v.placed.push_back({static_cast<uint32_t>(i), placed_[i]});
  }
  // Part T of the modules' state (a module's struct, engine/rules/state.h), to be changed:
  // while a frame is open, the first change in the frame saves the part whole in it (undo
  // puts it back). The only way to a part for writing (Core::mut; the core's own writes).
  template <class T>
  T& st_write() {
    T& part = module_part<T>(st_);
    if (recording()) {
      Frame& f = trail_.v.frames[trail_.v.depth - 1];
      constexpr uint32_t bit = uint32_t{1} << module_part_index<T>();
      if (!(f.st_saved & bit)) {
        module_part<T>(f.st) = part;
        f.st_saved |= bit;
      }
    }
    return part;
  }
};

}  // namespace tw
