#include "play/play_session.h"

#include <algorithm>
#include <ctime>

#include "present/record.h"

namespace twe {

std::string decision_help(const tw::Game& g, const std::vector<OptionInfo>& options) {
  if (g.finished()) return {};
  const auto& d = g.pending();
  if (d.kind == tw::DecisionKind::Ghost) {
    // Whose followers the candidates are (each option names one follower: the placed tile
    // and segment of Game::describe). The engine asks for an opponent's follower when the
    // placed tile's fog met fog, for one's own when it met none.
    int owner = -1;
    for (const auto& o : options) {
      const tw::OptionView v = g.describe(o.option);
      if (v.placed < 0) continue;
      for (const auto& f : g.followers())
        if (f.placed == v.placed && f.seg == v.seg && f.kind == tw::FollowerKind::Meeple) owner = f.player;
      if (owner >= 0) break;
    }
    const size_t n = options.size();
    const std::string which = n == 1 ? "the one follower ringed on the board" : std::to_string(n) + " followers, ringed on the board";
    if (owner >= 0 && owner != d.player)
      return "The fog thickened (the tile's fog met fog): put a ghost with an opponent's follower - " + which + ".";
    return "The fog dispersed (the tile's fog met no fog): put a ghost with one of your own followers - " + which + ".";
  }
  return {};
}

std::string PlaySession::open(const tw::Content& content, const tw::GameSetup& setup, PlaySession& s) {
  for (const auto& p : setup.players) {
    if (p.bot.empty()) {
      s.bots_.push_back(nullptr);
      continue;
    }
    std::shared_ptr<tw::Bot> b = tw::make_bot(p.bot);
    if (!b) return "unknown bot '" + p.bot + "'";
    s.bots_.push_back(std::move(b));
  }
  std::vector<tw::replay::MetaTag> tags;
  if (!setup.level.empty()) tags.push_back({"Level", setup.level});
  {
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&now, &tm);
    char date[16];
    std::strftime(date, sizeof date, "%Y-%m-%d", &tm);
    tags.push_back({"Date", date});
  }
  if (auto v = tw::replay::Recorder::start(content, setup, s.recorder_, std::move(tags), setup.level))
    return v->message;
  s.content_ = &content;
  s.setup_ = setup;
  s.rng_seed_ = setup.seed ^ 0x9e3779b97f4a7c15ULL;
  s.bot_rng_ = tw::Rng(s.rng_seed_);
  s.note_ply();
  return {};
}

std::string PlaySession::play_prefix(const std::vector<tw::Option>& prefix) {
  prefix_ = prefix.size();
  for (size_t i = 0; i < prefix.size(); ++i) {
    const int player = game().pending().player;
    if (auto v = recorder_.apply(prefix[i]))  // a refused option changed nothing
      return "decision " + std::to_string(i + 1) + " '" + (game().finished() ? std::string() : game().to_string(prefix[i])) +
             "': " + v->message;
    played_.push_back(prefix[i]);
    movers_.push_back(player);
    note_ply();
  }
  refresh();
  events_.clear();
  std::fill(events_at_.begin(), events_at_.end(), size_t{0});
  return {};
}

std::string PlaySession::start(const tw::Content& content, const tw::GameSetup& setup,
                               const std::vector<std::string>& prefix, PlaySession& out) {
  PlaySession s;
  if (std::string e = open(content, setup, s); !e.empty()) return e;
  // The scenario's opening decisions are text: the replay layer reads them as options.
  std::vector<tw::Option> opts;
  const std::string why = tw::replay::read_line(s.game(), prefix, opts);
  if (!why.empty())
    return "decision " + std::to_string(opts.size() + 1) + " '" + prefix[opts.size()] + "': " + why;
  if (std::string e = s.play_prefix(opts); !e.empty()) return e;
  out = std::move(s);
  return {};
}

namespace {

// The bots' generator after `draws` draws.
tw::Rng rng_after(uint64_t seed, uint64_t draws) {
  tw::Rng r(seed);
  for (uint64_t k = 0; k < draws; ++k) r.next();
  return r;
}

}  // namespace

std::string PlaySession::resume(const tw::Content& content, const tw::GameSetup& setup,
                                const std::vector<std::string>& decisions, const std::vector<uint64_t>& draws,
                                PlaySession& out) {
  PlaySession s;
  if (std::string e = start(content, setup, {}, s); !e.empty()) return e;
  for (size_t i = 0; i < decisions.size(); ++i)
    if (std::string e = s.apply(decisions[i]); !e.empty())
      return "decision " + std::to_string(i + 1) + " '" + decisions[i] + "': " + e;
  if (draws.size() == decisions.size() + 1) {
    s.draws_at_ = draws;
    s.bot_rng_ = rng_after(s.rng_seed_, draws.back());
  }
  out = std::move(s);
  return {};
}

void PlaySession::note_ply() {
  const size_t ply = static_cast<size_t>(game().ply());
  draws_at_.resize(ply + 1);
  draws_at_[ply] = bot_rng_.draws();
  events_at_.resize(ply + 1);
  events_at_[ply] = events_.size();
  movers_.resize(ply);
}

std::string PlaySession::rewind(int ply) {
  if (ply < 0 || ply > game().ply()) return "no ply " + std::to_string(ply) + " in this game";
  if (!content_) return "no game";
  // The session's own options are played again (no text is read back).
  const size_t n = static_cast<size_t>(ply);
  const size_t opening = std::min(n, prefix_);
  PlaySession s;
  if (std::string e = open(*content_, setup_, s); !e.empty()) return e;
  if (std::string e = s.play_prefix({played_.begin(), played_.begin() + static_cast<ptrdiff_t>(opening)}); !e.empty())
    return e;
  for (size_t i = opening; i < n; ++i)
    if (std::string e = s.apply(played_[i]); !e.empty()) return e;
  // The bots' generator and the event lines as they were at that ply.
  s.bot_rng_ = rng_after(rng_seed_, draws_at_[static_cast<size_t>(ply)]);
  s.draws_at_.assign(draws_at_.begin(), draws_at_.begin() + ply + 1);
  s.events_.assign(events_.begin(), events_.begin() + static_cast<ptrdiff_t>(events_at_[static_cast<size_t>(ply)]));
  s.events_at_.assign(events_at_.begin(), events_at_.begin() + ply + 1);
  s.movers_.assign(movers_.begin(), movers_.begin() + ply);
  s.rotation_ = rotation_;
  *this = std::move(s);
  return {};
}

int PlaySession::mover(int ply) const {
  if (ply < 0 || static_cast<size_t>(ply) >= movers_.size()) return -1;
  return movers_[static_cast<size_t>(ply)];
}

int PlaySession::last_human_ply() const {
  for (int p = static_cast<int>(movers_.size()) - 1; p >= static_cast<int>(prefix_); --p) {
    const int m = movers_[static_cast<size_t>(p)];
    if (m >= 0 && static_cast<size_t>(m) < bots_.size() && bots_[static_cast<size_t>(m)] == nullptr) return p;
  }
  return -1;
}

bool PlaySession::bot_to_move() const {
  if (finished()) return false;
  const int p = game().pending().player;
  return p >= 0 && static_cast<size_t>(p) < bots_.size() && bots_[static_cast<size_t>(p)] != nullptr;
}

std::string PlaySession::player_name(int p) const {
  return tw::seat_label(game().setup().players, static_cast<size_t>(p));
}

void PlaySession::refresh() {
  options_ = classify(game());
  for (auto& line : tw::event_lines(game())) events_.push_back(std::move(line));
}

void PlaySession::applied(int player, const tw::Option& o) {
  movers_.resize(static_cast<size_t>(game().ply()) - 1);
  movers_.push_back(player);
  played_.resize(static_cast<size_t>(game().ply()) - 1);
  played_.push_back(o);
  events_.push_back(player_name(player) + ": " + log().decisions.back());
  refresh();
  note_ply();
}

std::string PlaySession::apply(const tw::Option& option) {
  if (finished()) return "the game is over";
  // A copy: `option` may be an element of the game's own list, which applying it replaces
  // (ASan: heap-use-after-free in applied(), found once the ';'-named tests ran).
  const tw::Option o = option;
  const int player = game().pending().player;
  if (auto v = recorder_.apply(o)) return v->message;
  applied(player, o);
  return {};
}

std::string PlaySession::apply(const std::string& text) {
  if (finished()) return "the game is over";
  // Text from outside (a saved game, a test): the replay layer reads it as an option.
  std::vector<tw::Option> one;
  if (std::string why = tw::replay::read_line(game(), {text}, one); !why.empty()) return why;
  return apply(one.front());
}

std::string PlaySession::bot_step() {
  if (!bot_to_move()) return {};
  const int p = game().pending().player;
  const size_t i = bots_[static_cast<size_t>(p)]->choose(game(), bot_rng_);
  const tw::Option o = game().pending().options[i];
  const std::string text = game().to_string(o);
  apply(o);
  return text;
}

std::optional<PlaySession::BotTurn> PlaySession::bot_turn(std::shared_ptr<const tw::Content> content) const {
  if (!bot_to_move() || !content_) return std::nullopt;
  BotTurn t = position(std::move(content));
  const int p = game().pending().player;
  t.bot = bots_[static_cast<size_t>(p)];
  t.bot_name = setup_.players[static_cast<size_t>(p)].bot;
  t.rng = bot_rng_;
  return t;
}

PlaySession::BotTurn PlaySession::position(std::shared_ptr<const tw::Content> content) const {
  BotTurn t;
  t.content = content ? std::move(content) : std::make_shared<const tw::Content>(*content_);
  t.setup = setup_;
  t.decisions = played_;
  t.ply = game().ply();
  return t;
}

namespace {

// The turn's game again, on the turn's own content: the same setup and decisions give the
// same state (what the recorder checks on every replay). False with c.error set when it
// cannot be rebuilt or is not at the turn's ply.
bool rebuild(const PlaySession::BotTurn& turn, tw::replay::Recorder& r, PlaySession::BotChoice& c) {
  c.ply = turn.ply;
  c.rng = turn.rng;
  if (auto v = tw::replay::Recorder::start(*turn.content, turn.setup, r, {}, turn.setup.level)) {
    c.error = v->message;
    return false;
  }
  for (const auto& o : turn.decisions)
    if (auto v = r.apply(o)) {  // a refused option changed nothing: its text is still that of this ply
      c.error = "decision '" + (r.game().finished() ? std::string() : r.game().to_string(o)) + "': " + v->message;
      return false;
    }
  const tw::Game& g = r.game();
  if (g.finished() || g.ply() != turn.ply) {
    c.error = "the game is not at ply " + std::to_string(turn.ply);
    return false;
  }
  c.position = g.state_hash();
  return true;
}

}  // namespace

PlaySession::BotChoice PlaySession::think(const BotTurn& turn) {
  BotChoice c;
  tw::replay::Recorder r;
  if (!rebuild(turn, r, c)) return c;
  const tw::Game& g = r.game();
  const auto& opts = g.pending().options;
  if (!turn.hint) {
    c.option = opts[turn.bot->choose(g, c.rng)];
    c.text = g.to_string(c.option);
    return c;
  }
  const auto evals = turn.bot->evaluate(g, c.rng);
  if (evals.empty() || evals.front().index >= opts.size()) {
    c.error = "the hint bot found no option";
    return c;
  }
  c.option = opts[evals.front().index];
  c.text = g.to_string(c.option);
  c.visits = evals.front().visits;
  c.value = evals.front().value;
  return c;
}

std::optional<PlaySession::BotTurn> PlaySession::hint_turn(const std::string& bot_name,
                                                           std::shared_ptr<const tw::Content> content) const {
  if (!human_to_move() || !content_) return std::nullopt;
  std::shared_ptr<tw::Bot> bot = tw::make_bot(bot_name);
  if (!bot) return std::nullopt;
  BotTurn t = position(std::move(content));
  t.bot = std::move(bot);
  t.bot_name = bot_name;
  t.hint = true;
  t.rng = tw::Rng(game().state_hash() ^ 0x68696e74ULL);  // "hint"
  return t;
}

std::string PlaySession::play_bot_choice(const BotChoice& c) {
  if (!c.error.empty()) return c.error;
  if (!bot_to_move() || game().ply() != c.ply) return "the game moved on";
  const tw::Rng before = bot_rng_;
  bot_rng_ = c.rng;
  if (std::string e = apply(c.option); !e.empty()) {
    bot_rng_ = before;
    return e;
  }
  return {};
}

void PlaySession::rotate(int dir, std::optional<std::pair<int, int>> at) {
  if (at) {
    const auto rots = legal_rotations(options_, at->first, at->second);
    if (!rots.empty()) {
      const auto cur = effective_rotation(options_, at->first, at->second, rotation_);
      int r = cur ? *cur : rotation_;
      for (int k = 0; k < 4; ++k) {
        r = ((r + dir) % 4 + 4) % 4;
        if (std::find(rots.begin(), rots.end(), r) != rots.end()) break;
      }
      rotation_ = r;
      return;
    }
  }
  set_rotation(rotation_ + dir);
}

int PlaySession::option_for_cell(int x, int y) const {
  if (!human_to_move()) return -1;
  return twe::option_for_cell(options_, x, y, rotation_);
}

const tw::TileType* PlaySession::drawn_tile() const {
  const auto& d = game().pending();
  if (d.kind != tw::DecisionKind::Place || d.tile < 0) return nullptr;
  return &game().content().tiles[static_cast<size_t>(d.tile)];
}

tw::replay::Replay PlaySession::to_replay() const {
  tw::replay::GameLog log = recorder_.log();
  if (finished()) log.set_tag("Result", tw::result_text(game()));
  return tw::replay::from_log(std::move(log));
}

}  // namespace twe
