// The one grammar of option text (NOTATION.md): Game::to_string writes an option,
// Game::describe gives the same text as fields, Game::parse_option reads it back and
// finds it among the pending legal options. All three read the option kind's row of its
// module's table (engine/rules/registry.h) and nothing else: a new option kind is a new
// row, never new code here. The rows' own words (what a kind is, why an option named is
// not legal) come from the module that owns the row.
#include <algorithm>

#include "engine/game.h"
#include "engine/text.h"

namespace tw {

namespace {

constexpr std::array<int, 8> kFieldNameOrder = {Nw, Ne, En, Es, Se, Sw, Ws, Wn};

std::vector<std::string_view> split_words(std::string_view s) {
  std::vector<std::string_view> out;
  size_t i = 0;
  const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  while (i < s.size()) {
    while (i < s.size() && space(s[i])) ++i;
    size_t j = i;
    while (j < s.size() && !space(s[j])) ++j;
    if (j > i) out.push_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

constexpr std::array<std::string_view, 4> kRotations = {"r0", "r90", "r180", "r270"};

// The colours the deciding player plays: its own, or (co-op) each of its colours.
std::vector<int> own_colours(const Game& g) {
  const int p = g.current_player();
  if (p < 0) return {};
  if (!is_coop(g)) return {p};
  const auto& c = g.colours_of(p);
  return {c.begin(), c.end()};
}

std::string colour_list(const std::vector<int>& colours) {
  std::string list;
  for (const int c : colours) list += (list.empty() ? "" : ", ") + std::string(kColourNames[static_cast<size_t>(c)]);
  return list;
}

bool has_cell(const OptionRule& r) {
  return std::find(r.args, r.args + r.arity, Arg::Cell) != r.args + r.arity;
}

}  // namespace

// ---------------------------------------------------------------------------------
// Writing

std::string Game::location_name(int p, int seg) const {
  const PlacedTile& pt = placed_[static_cast<size_t>(p)];
  const auto& pseg = (*cache_)[pt.type].port_seg[pt.rot];
  const Kind k = content_->tiles[pt.type].segments[static_cast<size_t>(seg)].kind;
  std::string out(kind_name(k));
  out += ':';
  if (kind_named_by_edge(k)) {
    for (int side = 0; side < 4; ++side)
      if (pseg[static_cast<size_t>(middle_port(side))] == seg)
        return out + std::string(kPortNames[static_cast<size_t>(middle_port(side))]);
  } else if (k == Kind::Field) {
    for (int port : kFieldNameOrder)
      if (pseg[static_cast<size_t>(port)] == seg) return out + std::string(kPortNames[static_cast<size_t>(port)]);
  }
  return out + "C";
}

std::string_view option_verb(OptKind k) { return option_rule(k).verb; }

std::string Game::to_string(const Option& o) const {
  const OptionRule& r = option_rule(o.kind);
  std::string s(r.verb);
  if (!r.word.empty()) s += ' ', s += r.word;
  for (uint8_t i = 0; i < r.arity; ++i) {
    switch (r.args[i]) {
      case Arg::Tile: s += ' ' + content_->tiles[o.tile].notation_id(); break;
      case Arg::Cell: s += ' ' + text::cell_text(o.x, o.y); break;
      case Arg::Rotation: s += ' ', s += kRotations[o.rot & 3]; break;
      case Arg::Location: {
        const int p = tile_at(o.x, o.y);
        s += ' ' + (p < 0 ? std::string("?") : location_name(p, o.seg));
        break;
      }
      case Arg::Colour: s += ' ', s += kColourNames[o.colour]; break;
      case Arg::OwnColour:
        if (own_colours(*this).size() > 1) s += ' ', s += kColourNames[o.colour];
        break;
      case Arg::Count:
        if (o.seg) s += ' ' + std::to_string(o.seg);
        break;
    }
  }
  return s;
}

// Field by field what to_string writes (tests/engine/test_option_view.cpp and
// tests/engine/test_option_grammar.cpp check every legal option against the text).
OptionView Game::describe(const Option& o) const {
  const OptionRule& r = option_rule(o.kind);
  OptionView v;
  v.verb = r.verb;
  for (uint8_t i = 0; i < r.arity; ++i) {
    switch (r.args[i]) {
      case Arg::Tile: v.tile = content_->tiles[o.tile].notation_id(); break;
      case Arg::Cell:
        v.has_cell = true;
        v.x = o.x;
        v.y = o.y;
        break;
      case Arg::Rotation: v.rot = o.rot; break;
      case Arg::Location:
        if (const int p = tile_at(o.x, o.y); p >= 0) {
          v.placed = p;
          v.seg = o.seg;
        }
        break;
      case Arg::Colour: v.colour = o.colour; break;
      case Arg::OwnColour:
        if (own_colours(*this).size() > 1) v.colour = o.colour;
        break;
      case Arg::Count:
        if (o.seg) v.count = o.seg;
        break;
    }
  }
  return v;
}

// ---------------------------------------------------------------------------------
// Reading

std::optional<Option> Game::parse_option(std::string_view text, std::string* why) const {
  auto fail = [&](std::string msg) -> std::optional<Option> {
    if (why) *why = std::move(msg);
    return std::nullopt;
  };
  const auto tok = split_words(text);
  if (tok.empty()) return fail("an empty decision");
  if (finished()) return fail("the game is over; no decision is pending");
  const auto& opts = pending_.options;
  ParseContext cx{*this, tok, std::to_string(opts.size()) + " legal option" + (opts.size() == 1 ? "" : "s"), {}};
  cx.asks = "the game asks for a " + std::string(decision_kind_name(pending_.kind)) + " decision (" + cx.legal + ")";
  const std::string_view kw = tok[0];
  const std::string paren = " (" + cx.legal + ")";

  // The verb's rows (a fixed word after the verb picks one: `bury supply red`).
  const OptionRule* rule = nullptr;
  const OptionRule* worded = nullptr;
  for (const OptionRule* r : option_rules()) {
    if (r->verb != kw || (r->coop_only && !st_.coop.level)) continue;
    if (r->word.empty()) {
      if (!rule) rule = r;
    } else if (tok.size() > 1 && tok[1] == r->word) {
      worded = r;
    }
  }
  if (!rule) rule = worded;
  if (!rule) return fail("'" + std::string(kw) + "' is not a decision of this game (" + cx.legal + ")");

  const bool on_placed = !has_cell(*rule) &&
                         std::find(rule->args, rule->args + rule->arity, Arg::Location) != rule->args + rule->arity;
  if (!rule->what.empty() &&
      (!(rule->decisions >> static_cast<unsigned>(pending_.kind) & 1) || (on_placed && last_placed_ < 0)))
    return fail(std::string(rule->what) + ", but " + cx.asks);
  const bool tail = !rule->tail_allowed || rule->tail_allowed(*this);
  const size_t least = 1 + rule->arity - rule->optional, most = tail ? 1 + rule->arity : least;
  if (tok.size() < least || tok.size() > most)
    return fail(std::string(tail && !rule->usage_tail.empty() ? rule->usage_tail : rule->usage));
  if (worded) rule = worded;

  // The arguments, read into the option they name.
  Option named;
  named.kind = rule->kind;
  size_t t = rule->word.empty() ? 1 : 2;
  int p = -1;  // the tile a Location is on
  std::string_view cell_word;
  if (on_placed) {
    p = last_placed_;
    named.x = placed_[static_cast<size_t>(p)].x;
    named.y = placed_[static_cast<size_t>(p)].y;
  }
  for (uint8_t i = 0; i < rule->arity; ++i, ++t) {
    const bool given = t < tok.size();
    const std::string_view w = given ? tok[t] : std::string_view{};
    switch (rule->args[i]) {
      case Arg::Tile: {
        int tile = pending_.tile;
        std::string drawn = content_->tiles[static_cast<size_t>(tile)].notation_id();
        if (rules_.hand_size > 0) {  // any tile of the hand
          drawn.clear();
          for (const uint16_t h : st_.hands.held[static_cast<size_t>(current_)]) {
            const std::string& id = content_->tiles[h].notation_id();
            if (id == w) tile = h;
            if (drawn.find(id) == std::string::npos) drawn += (drawn.empty() ? "" : " or ") + id;
          }
          if (content_->tiles[static_cast<size_t>(tile)].notation_id() != w)
            return fail("the hand holds " + drawn + ", not " + std::string(w) + paren);
          drawn = std::string(w);
        }
        if (w != drawn) return fail("the drawn tile is " + drawn + ", not " + std::string(w) + paren);
        named.tile = static_cast<uint16_t>(tile);
        break;
      }
      case Arg::Cell: {
        int x = 0, y = 0;
        if (!text::parse_cell(w, x, y)) return fail("'" + std::string(w) + "' is not a cell x,y");
        named.x = static_cast<int16_t>(x);
        named.y = static_cast<int16_t>(y);
        cell_word = w;
        p = tile_at(x, y);
        break;
      }
      case Arg::Rotation: {
        const auto at = std::find(kRotations.begin(), kRotations.end(), w);
        if (at == kRotations.end()) return fail("'" + std::string(w) + "' is not a rotation r0|r90|r180|r270");
        named.rot = static_cast<uint8_t>(at - kRotations.begin());
        break;
      }
      case Arg::Location: {
        const std::string where = cell_word.empty() ? std::string() : " at " + std::string(cell_word);
        if (p < 0) return fail("no tile" + where + paren);
        if (placed_[static_cast<size_t>(p)].wild) return fail("no face-up tile" + where + paren);
        const size_t colon = w.find(':');
        const auto kind = colon == std::string_view::npos ? std::nullopt : parse_kind(w.substr(0, colon));
        const auto port = colon == std::string_view::npos ? std::nullopt : parse_port(w.substr(colon + 1));
        if (!kind || !port) return fail("'" + std::string(w) + "' is not a location kind:port" + paren);
        const int seg = segment_at(p, *port);
        if (seg < 0 || content_->tiles[placed_[static_cast<size_t>(p)].type].segments[static_cast<size_t>(seg)].kind != *kind)
          return fail("the tile" + where + " has no " + std::string(w) + paren);
        named.seg = static_cast<uint8_t>(seg);
        break;
      }
      case Arg::Colour: {
        const auto c = parse_colour(w);
        if (!c) return fail("'" + std::string(w) + "' is not a colour");
        named.colour = static_cast<uint8_t>(*c);
        break;
      }
      case Arg::OwnColour: {
        const std::vector<int> mine = own_colours(*this);
        if (mine.empty()) return fail("no player decides now");
        int colour = mine.front();
        if (given) {
          const auto c = parse_colour(w);
          if (!c) return fail("'" + std::string(w) + "' is not a colour");
          if (std::find(mine.begin(), mine.end(), *c) == mine.end())
            return fail("this player plays " + colour_list(mine) + ", not " + std::string(w));
          colour = *c;
        } else if (mine.size() > 1) {
          return fail("this player plays several colours (" + colour_list(mine) + "): name the follower's colour" +
                      paren);
        }
        named.colour = static_cast<uint8_t>(colour);
        break;
      }
      case Arg::Count: {
        int n = 0;
        if (given && (!text::parse_int(w, n) || n < 1 || n > 99))
          return fail("'" + std::string(w) + "' is not " + std::string(rule->count_noun));
        named.seg = static_cast<uint8_t>(n);
        break;
      }
    }
  }

  // The legal option the words name: the fields its arguments set agree.
  const auto same = [&](const Option& o) {
    if (o.kind != named.kind) return false;
    if (rule->same) return rule->same(*this, o, named);
    for (uint8_t i = 0; i < rule->arity; ++i) {
      switch (rule->args[i]) {
        case Arg::Tile: if (o.tile != named.tile) return false; break;
        case Arg::Cell: if (o.x != named.x || o.y != named.y) return false; break;
        case Arg::Rotation:  // any equivalent rotation names the listed (canonical) one
          if (o.rot != (all_rotations_ || o.kind != OptKind::Place ? named.rot : canonical_rotation(named.tile, named.rot)))
            return false;
          break;
        case Arg::Location: if (o.seg != named.seg) return false; break;
        case Arg::Colour:
        case Arg::OwnColour: if (o.colour != named.colour) return false; break;
        case Arg::Count: if (o.seg != named.seg) return false; break;
      }
    }
    return true;
  };
  // An equivalent rotation names the listed placement, and the tile is put down as named:
  // the board is the same, and the state hash (which holds the rotation) stays the one a
  // replay recorded before equivalent rotations were one option.
  const bool names_rotation =
      !rule->same && std::find(rule->args, rule->args + rule->arity, Arg::Rotation) != rule->args + rule->arity;
  for (const auto& o : opts)
    if (same(o)) {
      Option chosen = o;
      if (names_rotation && o.kind == OptKind::Place) chosen.rot = named.rot;
      return chosen;
    }
  return fail(rule->explain(cx, named));
}

// ---------------------------------------------------------------------------------
// Events

std::string event_text(const Event& e, std::string_view who, std::string_view tile, std::string_view result) {
  const std::string_view t = event_rule(e.kind).text;
  std::string out;
  for (size_t i = 0; i < t.size();) {
    if (t[i] != '{') {
      out += t[i++];
      continue;
    }
    const size_t close = t.find('}', i);
    const std::string_view field = t.substr(i + 1, close - i - 1);
    i = close + 1;
    if (field == "who") out += who;
    else if (field == "tile") out += tile;
    else if (field == "result") out += result;
    else if (field == "at") out += text::cell_text(e.x, e.y);
    else if (field == "points") out += std::to_string(e.points);
    else if (field == "minus") out += std::to_string(-e.points);
    else if (field == "next") out += std::to_string(e.points + 1);
    else if (field == "s") out += e.points == 1 ? "" : "s";
    else if (field == "feature") out += kind_name(e.feature);
    else if (field == "colour") out += e.player >= 0 && e.player < kMaxPlayers ? kColourNames[static_cast<size_t>(e.player)] : "?";
  }
  return out;
}

// ---------------------------------------------------------------------------------
// The core's rows: placing a tile, and the events of the turn and of scoring.

namespace {

std::string explain_place(const ParseContext& cx, const Option& o) {
  if (cx.game.tile_at(o.x, o.y) >= 0)
    return "cell " + std::string(cx.tok[2]) + " is already taken (" + cx.legal + ")";
  return "tile " + std::string(cx.tok[1]) + " does not fit at " + std::string(cx.tok[2]) + " " +
         std::string(cx.tok[3]) + " (" + cx.legal + ")";
}

constexpr OptionRule kTurnOptions[] = {
    {OptKind::Place, "place", "", {Arg::Tile, Arg::Cell, Arg::Rotation}, 3, 0, decision_bit(DecisionKind::Place),
     false, "a tile placement", "'place' takes a tile, x,y and a rotation", "", "", nullptr, nullptr,
     explain_place, "turn"},
};

constexpr EventRule kTurnEvents[] = {
    {EventKind::TileDrawn, "turn", ""},
    {EventKind::TileDiscarded, "turn", "tile {tile} fits nowhere and is discarded"},
    {EventKind::TilePlaced, "turn", ""},
    {EventKind::FollowerPlaced, "turn", ""},
    {EventKind::FollowerReturned, "turn", "{who}'s follower returns from the {feature} at {at}"},
    {EventKind::Scored, "turn", "{who} scores {points} for the {feature} at {at}"},
    {EventKind::FinalScored, "turn", "{who} scores {points} at the end for the {feature} at {at}"},
    {EventKind::GameEnded, "turn", "the game ends: {result}"},
};

}  // namespace

extern const ModuleTable kTurnTable{"turn", kTurnOptions, kTurnEvents};

}  // namespace tw
