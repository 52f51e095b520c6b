// PlaySession: one game at the table, without a window. Seats are humans or bots; the
// game is played through a replay Recorder so every decision is logged with its state
// hash, and the finished (or stopped) game becomes a replay. The session reads the
// pending options through option_map.h, so a board click maps onto the option that
// names the clicked cell or segment, whatever decision kinds the engine asks.
//
// Invariants: game() is the recorder's game; every applied decision is legal and
// logged; the bots' choices come from one Rng seeded from the game's seed, so a session
// with the same setup and the same human choices plays the same game.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "board/option_map.h"
#include "engine/bots/bots.h"
#include "engine/game.h"
#include "replay/log.h"
#include "replay/tree.h"

namespace twe {

// Why the pending decision is asked, in a sentence, when the decision's name alone does
// not say it (a ghost: the fog thickened or dispersed, whose followers are candidates);
// "" otherwise.
std::string decision_help(const tw::Game& g, const std::vector<OptionInfo>& options);

class PlaySession {
 public:
  // Starts a game and applies `prefix` (a scenario's opening decisions). "" or the
  // problem (setup refused, an unknown bot, an illegal prefix decision).
  static std::string start(const tw::Content& content, const tw::GameSetup& setup,
                           const std::vector<std::string>& prefix, PlaySession& out);
  // Resumes a saved game: its decisions are played again as moves of the game (with
  // their event lines), and the bots' generator is put back where it was after each
  // ply (`draws`: its draw count at ply 0 .. ply N, as draws_at() gave them). "" or the
  // problem.
  static std::string resume(const tw::Content& content, const tw::GameSetup& setup,
                            const std::vector<std::string>& decisions, const std::vector<uint64_t>& draws,
                            PlaySession& out);

  const tw::Game& game() const { return recorder_.game(); }
  const tw::replay::GameLog& log() const { return recorder_.log(); }
  const std::vector<OptionInfo>& options() const { return options_; }
  bool finished() const { return game().finished(); }
  // The seat to move is a bot / a human.
  bool bot_to_move() const;
  bool human_to_move() const { return !finished() && !bot_to_move(); }
  std::string player_name(int p) const;

  // Applies an option of the pending decision (a click, a list entry, a bot's choice);
  // "" or why it is not legal.
  std::string apply(const tw::Option& o);
  // Applies a decision stored as text (a saved game's, a test's): the replay layer reads
  // it (replay::Recorder). "" or why it is not legal.
  std::string apply(const std::string& text);
  // The bot to move chooses and plays; returns its decision ("" when no bot is to move).
  std::string bot_step();

  // The bot to move's decision taken apart, so that a search bot can think off the UI
  // thread: bot_turn() copies what it needs (the content, the game's setup and
  // decisions, the bot and the bots' generator), think() decides on those copies only
  // (any thread: it touches nothing of the session), and play_bot_choice() plays the
  // choice if the session is still at that ply. bot_step() is the three in a row, so a
  // game is the same whichever way its bots move.
  struct BotTurn {
    std::shared_ptr<const tw::Content> content;
    tw::GameSetup setup;
    std::vector<tw::Option> decisions;  // the options played so far, in order
    std::shared_ptr<tw::Bot> bot;
    tw::Rng rng;
    int ply = 0;
    std::string bot_name;
    bool hint = false;  // a hint: the bot's best evaluated option (Bot::evaluate), not its choice
  };
  struct BotChoice {
    int ply = 0;
    tw::Option option;  // the option chosen (of the pending decision at `ply`)
    std::string text;   // its canonical text, for display ("" when the game could not be rebuilt)
    tw::Rng rng;       // the bots' generator after choosing
    std::string error;
    uint64_t position = 0;  // the state hash of the position it was thought for
    int visits = 0;         // a hint: how often the search tried the option (0: no search)
    double value = 0;       // ... and its mean reward
  };
  // nullopt when no bot is to move. `content`: the content to think on (a copy the
  // caller keeps alive); null = a copy of the session's content is made.
  std::optional<BotTurn> bot_turn(std::shared_ptr<const tw::Content> content = nullptr) const;
  static BotChoice think(const BotTurn& turn);
  // Plays `c` when the game is still at c.ply with a bot to move: "" or why not (a stale
  // choice is refused and changes nothing).
  std::string play_bot_choice(const BotChoice& c);

  // A hint for the human to move, taken apart the same way: hint_turn() copies what
  // `bot_name` needs to think about the position (its generator seeded by the position,
  // so the same position gets the same hint; the bots' own generator is not touched),
  // and think() evaluates the options on those copies (any thread) and returns the best.
  // nullopt when no human is to move or `bot_name` names no bot.
  std::optional<BotTurn> hint_turn(const std::string& bot_name,
                                   std::shared_ptr<const tw::Content> content = nullptr) const;

  // The rotation (quarter turns) the human has chosen for the drawn tile.
  int rotation() const { return rotation_; }
  void set_rotation(int r) { rotation_ = ((r % 4) + 4) % 4; }
  // Turns the drawn tile by `dir` (+1 clockwise, -1 back); at a cell where it fits
  // (hx, hy given) only through the rotations that fit there.
  void rotate(int dir, std::optional<std::pair<int, int>> at = std::nullopt);
  // The option a click on cell x,y chooses for the human: a placement of the drawn tile
  // (in rotation(), or the next rotation that fits there), or the one option naming
  // that cell (unghost x,y, facedown x,y, ...). -1 when the click chooses nothing.
  int option_for_cell(int x, int y) const;
  // The board spots of the pending options (followers, ghosts, take-backs).
  std::vector<SceneSpot> spots() const { return option_spots(options_); }
  // The options chosen from a list (pass, points, done, ...).
  std::vector<int> list_options() const { return twe::list_options(options_); }
  // The drawn tile (place decisions), or nullptr.
  const tw::TileType* drawn_tile() const;

  // Takes the game back to ply `ply` (0 .. game().ply()): the decisions after it are
  // gone, and the bots' generator, the event lines and the rotation are as they were
  // then, so the same choices play the same game again. "" or the problem.
  std::string rewind(int ply);
  // The ply of the last decision a human seat made (the ply before it, i.e. where that
  // human was to move), or -1 when no human has decided since the start.
  int last_human_ply() const;
  // The seat that made decision `ply` + 1 (-1 when unknown).
  int mover(int ply) const;
  // The bots' generator's draw count at ply 0 .. game().ply().
  const std::vector<uint64_t>& draws_at() const { return draws_at_; }
  // The opening decisions given to start() (a scenario's), which no event lines describe.
  size_t prefix() const { return prefix_; }

  // Event lines of every step so far ("Ann scores 4 for the city at 1,0").
  const std::vector<std::string>& event_log() const { return events_; }
  // The game so far as a replay (Result tag set when finished).
  tw::replay::Replay to_replay() const;

 private:
  // What any thinker needs of the position: the content, setup, options played and ply.
  BotTurn position(std::shared_ptr<const tw::Content> content) const;
  void refresh();
  void note_ply();
  // After the recorder applied option `o` of `player`: the options played, the movers,
  // the event lines.
  void applied(int player, const tw::Option& o);
  // The seats' bots, the recorder and the bots' generator of a new game (start, rewind).
  static std::string open(const tw::Content& content, const tw::GameSetup& setup, PlaySession& s);
  // Plays the opening decisions (no event lines describe them) right after open().
  std::string play_prefix(const std::vector<tw::Option>& prefix);

  const tw::Content* content_ = nullptr;
  tw::GameSetup setup_;
  size_t prefix_ = 0;
  uint64_t rng_seed_ = 0;
  std::vector<uint64_t> draws_at_;   // bot_rng_.draws() at ply i
  std::vector<size_t> events_at_;    // events_.size() at ply i
  std::vector<int> movers_;          // the seat that made decision i + 1
  std::vector<tw::Option> played_;   // the option of decision i + 1 (what log().decisions says as text)
  tw::replay::Recorder recorder_;
  std::vector<std::shared_ptr<tw::Bot>> bots_;
  tw::Rng bot_rng_;
  std::vector<OptionInfo> options_;
  std::vector<std::string> events_;
  int rotation_ = 0;
};

}  // namespace twe
