// The rule modules' tables, registered in one list (engine/rules/registry.cpp).
//
// Every decision, option and event kind a game can have is declared here once, and each
// rule module describes its own in its engine/rules/<module>.cpp file: an option kind's
// verb and typed arguments (the one grammar, engine/options.cpp, writes, describes and
// reads option text from these rows alone), an event kind's words. The core names no
// module's kinds: it walks the tables.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tw {

class Game;
struct Option;
struct TileType;
struct ContentError;
enum class Kind : uint8_t;  // engine/content.h

// What a game waits for. The modules that ask each kind are named in its table row.
enum class DecisionKind : uint8_t {
  None, Place, Ghost, Follower, Evaluate, Cemetery, Bury, Dog, DogClear, FaceDown, Marker
};
// How many kinds of decision there are (the last enumerator above + 1: a kind appended
// to the enum moves this line with it). The core sizes its per-kind tables by it.
inline constexpr size_t kDecisionKindCount = static_cast<size_t>(DecisionKind::Marker) + 1;
std::string_view decision_kind_name(DecisionKind k);

// The kinds of option; each one's verb and arguments are a row of its module's table.
// The kinds named here are numbered here. A module added later numbers its own kinds in
// its own file, after these and below kOptKindCount, as feature kinds are numbered
// (engine/rules/kinds.h): `constexpr OptKind kBig = static_cast<OptKind>(15)` in
// engine/rules/big_follower.cpp. tests/engine/test_option_grammar.cpp checks that no two
// rows share a kind and that every kind named here has its row. Code outside a module
// meets its kinds in options and reads their verbs and arguments from option_rule().
enum class OptKind : uint8_t {
  Place, Meeple, Guard, Pass, Ghost, TakeBack,
  Points, Unghost, Cemetery, Bury, BurySupply, Dog, Done, FaceDown, Marker
};
// The kinds of option a game can have (those above and the modules' own): the core sizes
// its per-kind tables by it. A kind is a number below it.
inline constexpr size_t kOptKindCount = 32;

// What happened during a step; each kind's text is a row of its module's table.
enum class EventKind : uint8_t {
  TileDrawn, TileDiscarded, TilePlaced, FollowerPlaced, FollowerReturned, Scored,
  FinalScored, GameEnded,
  GhostAdded, FollowerScared, GhostPenalty, GuardGained,
  FogClosed, GhostsEmerged, GhostsRemoved, CemeteryClosed, FollowerBuried,
  DogPlaced, DogScored, DogLost, StackChanged, FaceDownPlaced
};

// The typed arguments of an option's text, in the order they are written.
enum class Arg : uint8_t {
  Tile,       // a tile's notation id (Option::tile): the drawn tile or one of the hand
  Cell,       // x,y (Option::x, y)
  Rotation,   // r0|r90|r180|r270 (Option::rot)
  Location,   // kind:port (Option::seg) on the tile at the Cell before it, or, with no
              // Cell, on the tile placed this turn (Option::x, y hold its cell)
  Colour,     // a colour name (Option::colour)
  OwnColour,  // one of the deciding player's colours (Option::colour): written, and
              // needed, only when the player plays several
  Count,      // a number 1..99 (Option::seg; 0 = not written)
};
inline constexpr size_t kMaxArgs = 3;

// What a failed parse reports: the words read and the pending decision's summary.
struct ParseContext {
  const Game& game;
  const std::vector<std::string_view>& tok;
  std::string legal;  // "4 legal options"
  std::string asks;   // "the game asks for a place decision (4 legal options)"
};

inline constexpr uint32_t decision_bit(DecisionKind k) { return uint32_t{1} << static_cast<unsigned>(k); }

// One option kind's grammar: `verb [word] arg...`. A row of its module's table.
struct OptionRule {
  OptKind kind;
  std::string_view verb;         // the first word ("place", "bury", ...)
  std::string_view word;         // a fixed word after the verb that selects this kind
                                 // among the verb's ("supply"), or ""
  Arg args[kMaxArgs];
  uint8_t arity;                 // args used
  uint8_t optional;              // how many trailing args may be left out
  uint32_t decisions;            // bit per DecisionKind it answers (~0u: any)
  bool coop_only;                // a decision of co-op games only
  std::string_view what;         // "<what>, but the game asks for ..." ("" = no such check)
  std::string_view usage;        // the message for a wrong number of words
  std::string_view usage_tail;   // ... when the optional tail is allowed (if it differs)
  std::string_view count_noun;   // Count: "'7' is not <count_noun>"
  // The optional tail may be written in this game (null: always).
  bool (*tail_allowed)(const Game&);
  // Whether the legal option `legal` is the one the words named (null: field by field).
  bool (*same)(const Game&, const Option& legal, const Option& named);
  // Why the named option is not among the legal ones, in the module's words.
  std::string (*explain)(const ParseContext&, const Option& named);
  std::string_view module;
  // The letter a board marks a spot of this option with (the editor's play view; 0: the
  // verb's first letter, upper case).
  char tag = 0;
};

// One event kind's words (present/record.cpp and the editor say what happened).
struct EventRule {
  EventKind kind;
  std::string_view module;
  std::string_view text;  // a template: {who} {tile} {at} {points} {minus} {feature}
                          // {colour} {next} {s} ("" for an event nobody prints)
};

// A rule module's part of the tables.
struct ModuleTable {
  std::string_view module;
  std::span<const OptionRule> options;
  std::span<const EventRule> events;
};

// What a feature kind is to the core: bits of KindRule::props.
enum KindProp : uint8_t {
  kNamedByEdge = 1,   // its segments cover an edge middle and a location names them by it
  kWholeEdge = 2,     // a segment covers every port of each edge it reaches
  kCentre = 4,        // a segment owns only the centre port C (the tile's centre feature)
  kLocated = 8,       // a location "kind:port" of option text may name it
  kShields = 16,      // a segment may carry shields (tile_segment.shields)
  kOwnTouches = 32,   // its module checks its `touches` list (not the core's field rule)
  kCover = 64,        // a cover layer (engine/content.h, Segment): owns whole edges above
                      // the terrain segments
};

// One feature kind: its value (the core's in engine/content.h, a module's in its header),
// its name (terrain.kind in the database, "kind:port" in option text, NOTATION.md) and
// what it is to the core. A row of its module's kind table.
struct KindRule {
  Kind kind;
  std::string_view name;
  uint8_t props;  // KindProp bits
};

// A module's check of one tile type's segments: appends what is wrong, naming table, row
// and column (engine/content.cpp's finalize_tile calls every registered check, after the
// core's own checks and the cover layer's derivation).
using TileCheck = void (*)(const TileType& t, std::vector<ContentError>& errors);

// A module's kinds and tile checks (the core's own: engine/content.cpp).
struct KindTable {
  std::string_view module;
  std::span<const KindRule> kinds;
  std::span<const TileCheck> checks;
};

// Every registered kind table, in order (the core's, then the modules' in the list's order); every kind's row (null for an unregistered
// value); and every tile check, in table order. tests/engine/test_kinds.cpp checks that
// the values are distinct, below kMaxKinds, and the names distinct.
std::span<const KindTable* const> kind_tables();
const KindRule* kind_rule(Kind k);
std::span<const TileCheck> tile_checks();
// The KindProp bits of a kind (0 for an unregistered value).
uint8_t kind_props(Kind k);

struct ParamTable;  // engine/rules/params.h
struct PlanBuild;   // engine/rules/plan.h
struct ViewReport;  // engine/report.h

// One piece of a module's wiring of the turn plan (engine/rules/plan.h): build_plan runs
// every registered module's parts, all modules' together, by `order` (a part runs whether
// or not its module plays: it reads PlanBuild::plays and the rules itself).
struct ModulePart {
  int order;
  void (*install)(PlanBuild&);
};

// One rule module, described in its own file (engine/rules/<module>.cpp) and registered
// there with TW_REGISTER_MODULE (engine/rules/plan.h): its name; its explicit order key
// (the order of its tables: TGN's verbs, the tile checks, the parameters users see;
// distinct, tests/engine/test_module_list.cpp); its tables, each null when it has none:
// options and events (ModuleTable), feature kinds and tile checks (KindTable),
// parameters (ParamTable); whether it plays in a game, decided at `plan_order` among the
// others (the order Game::modules() names them in); the parts it installs in the plan;
// and its report (what a front end shows of it, engine/report.h).
struct ModuleDescriptor {
  std::string_view name;
  int order = 0;
  const ModuleTable* options = nullptr;
  const KindTable* kinds = nullptr;
  const ParamTable* params = nullptr;
  int plan_order = 0;
  bool (*plays)(const PlanBuild&) = nullptr;  // null: never named in a plan
  bool listed = true;  // false: the frame of some games (coop), never named in
                       // Game::modules() nor left out by GameSetup::without
  std::span<const ModulePart> parts;
  void (*report)(const Game&, ViewReport&) = nullptr;
};
// Registers a module (TW_REGISTER_MODULE calls it during static initialisation); returns true.
bool register_module(const ModuleDescriptor& d);
// Every registered module, by order key. (Called after static initialisation only.)
std::span<const ModuleDescriptor* const> module_entries();
const ModuleDescriptor* find_module(std::string_view name);

// The option tables: the core's turn (place, the core's events), then every module's in
// the list's order (the order of the verbs in TGN's keyword list).
std::span<const ModuleTable* const> module_tables();
// The row of an option kind (every kind has one), and the rows of a verb.
const OptionRule& option_rule(OptKind k);
std::span<const OptionRule* const> option_rules();
// Every verb, once each, in table order (TGN's keywords).
const std::vector<std::string_view>& option_verbs();
const EventRule& event_rule(EventKind k);

// An event's line from its row's template (engine/options.cpp): the caller names the
// player ({who}: a seat's name, or a colour in co-op), the tile ({tile}) and the game's
// result ({result}); the rest comes from the event. "" for an event nobody prints.
struct Event;
std::string event_text(const Event& e, std::string_view who, std::string_view tile, std::string_view result);

}  // namespace tw
