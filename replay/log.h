// GameLog: one recorded game as the replay layer stores and exchanges it, and the
// Recorder that makes one while a game is played.
//
// A log is the game's setup (rule set, level, seed, seats, draw prefix), the digest of
// the rules data it was played with, every decision as its canonical option string (the
// stable identity of a decision: the engine's Option struct changes as rules are added,
// the text does not), and Game::state_hash() after setup and after every ply. Replaying
// the decisions on the same rules data reproduces every state; the hashes say where a
// replay stops matching.
//
// Invariants of a well-formed log (checked by `check_shape`, and by the archive loader
// before a log is handed out): hashes.size() == decisions.size() + 1 (hashes[0] is the
// state after setup, hashes[i] the state after ply i); no decision is empty; at least
// one seat. A Recorder's log always satisfies them and matches its game.
// Nothing here does I/O or includes Boost; serialization lives in replay/archive.h.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/content.h"
#include "engine/game.h"

namespace tw::replay {

// Version of the log's content (the envelope in a stored blob and every serialized
// class carry their own version numbers; see replay/archive.h).
inline constexpr uint32_t kLogFormat = 1;
// The first field of every header: a log of something else is refused at once.
inline constexpr std::string_view kLogMagic = "tilewright-game-log";

struct Seat {
  std::string name;  // as written in a Players tag: "Ann", "bot:greedy"
  std::string bot;   // "" for a human, else the bot's name
  friend bool operator==(const Seat&, const Seat&) = default;
};

// A metadata tag of the game record (Date, Result, Event, ...), kept as written.
struct MetaTag {
  std::string name, value;
  friend bool operator==(const MetaTag&, const MetaTag&) = default;
};

struct LogHeader {
  std::string magic = std::string(kLogMagic);
  uint32_t format = kLogFormat;
  std::string engine_version;  // TW_VERSION of the build that recorded the game
  uint64_t rules_digest = 0;   // rules_digest(content, rule_set) when recorded
  std::string rule_set;
  std::string level;           // co-op level id, "" for none
  uint64_t seed = 0;
  std::vector<Seat> players;
  std::vector<std::string> draw;  // tiles drawn first, in this order
  // The record's tags in their order, Format excepted (what a TGN export writes back).
  std::vector<MetaTag> tags;
  friend bool operator==(const LogHeader&, const LogHeader&) = default;
};

struct GameLog {
  LogHeader header;
  std::vector<std::string> decisions;  // ply i is decisions[i - 1]
  std::vector<uint64_t> hashes;        // hashes[0] after setup, hashes[i] after ply i
  bool finished = false;               // the last decision ended the game
  // The game's result_text (engine/result.h) after the last ply: "Ann 52, Ben 47", "lose,
  // team 16". Logs recorded before hold scores_text or legacy_scores_text instead (the
  // same for competitive games; co-op ones then lack the outcome).
  std::string result;
  friend bool operator==(const GameLog&, const GameLog&) = default;

  int plies() const { return static_cast<int>(decisions.size()); }
  // The engine setup the header describes.
  GameSetup setup() const;
  // The value of a metadata tag, or nullptr.
  const std::string* tag(std::string_view name) const;
  // Replaces the first tag of this name, or appends it.
  void set_tag(std::string_view name, std::string_view value);
};

// "" when the log is well formed, else what is wrong (see the header paragraph).
std::string check_shape(const GameLog& log);

// "" when the log can be written as a TGN record that reads back as the same game, else
// the first problem, naming the tag or field: every tag passes tgn::tag_problem (the
// reader's rules for names and text: no control characters), no tag appears twice, the
// Ruleset, Players and Seed tags are there, and the setup tags agree with the header
// (Players with the seats, Seed, Ruleset, Level and Draw); the engine version and ids
// are clean text. A log made by a Recorder from a record always passes; an imported
// XML archive is checked with it, and `replay verify` checks stored ones.
std::string check_exportable(const GameLog& log);

// "Ann 52, Ben 47" in seat order, each seat by its seat_label (engine/game.h); for co-op
// games what logs recorded before result_text hold.
std::string scores_text(const Game& g);
// The same with plain names, as logs recorded before seat labels hold it.
std::string legacy_scores_text(const Game& g);
// What is wrong with a Result tag's text for the game `g`, played to the end of its
// record's main line: nullopt when the tag agrees with result_text(g) (spacing, and the
// plain names of seats recorded before seat labels, are forgiven), else what the game
// gives instead: "the game replays to 'lose, team 16'", or "the game is unfinished after
// 88 plies" (a Result is the scores at the end: a record cut short has none).
std::optional<std::string> result_tag_problem(std::string_view tag, const Game& g);
// Makes the log's Result tag true of `g` (the log's game played to its last ply): a tag
// that agrees is kept as written, one that does not is replaced by result_text(g), or
// removed while the game is unfinished. Returns what was wrong with the tag, as
// "the Result tag says 'X' but <result_tag_problem>", or nullopt when nothing changed.
std::optional<std::string> settle_result_tag(GameLog& log, const Game& g);

// Reads stored decisions (a log's, a replay line's: text kept on disk) as the engine's
// options, from the state `g`: moves[i] is read as an option of the decision pending after
// the ones before it. This is where stored decision text becomes options for the layers
// above (the analysis); they carry the options from here on. Reads up to the first move
// that is not legal there and returns why it is not ("" when every move was read);
// `out` holds the options read before it.
std::string read_line(Game g, const std::vector<std::string>& moves, std::vector<Option>& out);

// "Ann, Ben, bot:greedy": the Players tag of these seats.
std::string players_text(const std::vector<Seat>& seats);

// Records a game while it is played: every applied decision goes into the log with
// the state hash after it.
class Recorder {
 public:
  // Starts the game. Setup problems (unknown rule set, seats, draw) come back as a
  // Violation and leave the recorder empty. `tags` are the metadata tags to keep; the
  // Ruleset, Players, Seed and Draw tags are made from the setup when absent.
  static std::optional<Violation> start(const Content& content, const GameSetup& setup,
                                        Recorder& out, std::vector<MetaTag> tags = {},
                                        std::string level = {});

  // Applies a legal option (or its text) and logs it; anything else changes nothing.
  std::optional<Violation> apply(const Option& o);
  std::optional<Violation> apply(std::string_view text);
  // Applies pending().options[i] (bots); i must be in range.
  void apply_index(size_t i);

  const Game& game() const { return game_; }
  const GameLog& log() const { return log_; }
  GameLog take_log() { return std::move(log_); }

 private:
  void logged(std::string decision);

  Game game_;
  GameLog log_;
};

}  // namespace tw::replay
