#include "present/record.h"

#include "present/summary.h"

#include "engine/rules/kinds.h"
#include "engine/bots/bots.h"
#include "engine/plural.h"
#include "engine/report.h"
#include "engine/rules/level.h"
#include "engine/text.h"
#include "engine/tgn_play.h"

#include <algorithm>
#include <array>
#include <map>
#include <sstream>

namespace tw {

std::optional<std::string> setup_from_record(const tgn::Record& r, GameSetup& out) {
  out = GameSetup{};
  const std::string* rs = r.tag("Ruleset");
  if (!rs || rs->empty()) return "the record has no Ruleset tag";
  out.rule_set = *rs;
  const std::string* seed = r.tag("Seed");
  if (!seed) return "the record has no Seed tag";
  out.seed = parse_seed(*seed);
  if (const std::string* players = r.tag("Players")) out.players = parse_players(*players);
  if (out.players.empty()) return "the record's Players tag names no player";
  if (auto problem = seat_bot_problem(out.players); !problem.empty()) return problem + " in the Players tag";
  if (const std::string* level = r.tag("Level")) out.level = *level;
  if (const std::string* draw = r.tag("Draw")) {
    std::istringstream in(*draw);
    std::string id;
    while (in >> id) out.draw.push_back(id);
  }
  return std::nullopt;
}

Replayed replay_record(const Content& content, const tgn::Record& r, std::optional<int> max_ply) {
  Replayed out;
  GameSetup setup;
  if (auto err = setup_from_record(r, setup)) {
    out.setup_failed = true;
    out.error = *err;
    return out;
  }
  if (auto v = Game::create(content, setup, out.game)) {
    out.setup_failed = true;
    out.error = v->message;
    return out;
  }
  int ply = 0;
  for (const auto& node : r.mainline) {
    if (max_ply && ply >= *max_ply) break;
    ++ply;
    std::string error;
    const auto o = tgn::read_decision(out.game, node, ply, error);
    if (!o) {
      if (!out.game.finished()) out.legal = option_strings(out.game);
      out.error = error;
      return out;
    }
    if (auto v = out.game.apply(*o)) {  // cannot happen for a parsed option; kept as a guard
      out.legal = option_strings(out.game);
      out.error = "ply " + std::to_string(ply) + ": " + v->message;
      return out;
    }
    out.plies = ply;
  }
  return out;
}

namespace {

// The pending options in the order option_strings lists them (placements by x, y, rotation).
OptionList sorted_options(const Game& g) {
  OptionList opts = g.pending().options;
  std::stable_sort(opts.begin(), opts.end(), [](const Option& a, const Option& b) {
    if (a.kind != b.kind) return a.kind < b.kind;
    if (a.x != b.x) return a.x < b.x;
    if (a.y != b.y) return a.y < b.y;
    if (a.rot != b.rot) return a.rot < b.rot;
    return a.seg < b.seg;
  });
  return opts;
}

}  // namespace

std::vector<std::string> option_strings(const Game& g) {
  const OptionList opts = sorted_options(g);
  std::vector<std::string> out;
  out.reserve(opts.size());
  for (const auto& o : opts) out.push_back(g.to_string(o));
  return out;
}

Option canonical_option(const Game& g, const Option& o) {
  if (o.kind != OptKind::Place || o.tile >= g.content().tiles.size()) return o;
  Option c = o;
  c.rot = static_cast<uint8_t>(canonical_rotation(g.content().tiles[o.tile], o.rot));
  return c;
}

std::vector<std::string> distinct_option_strings(const Game& g) {
  const auto& all = g.pending().options;
  std::vector<std::string> keep;
  for (const Option& o : sorted_options(g)) {
    const Option c = canonical_option(g, o);
    if (!(c == o) && std::find(all.begin(), all.end(), c) != all.end()) continue;  // listed at its canonical rotation
    keep.push_back(g.to_string(o));
  }
  return keep;
}

namespace {
std::string player_name(const Game& g, int p) {
  return seat_label(g.setup().players, static_cast<size_t>(p));
}
}  // namespace

nlohmann::ordered_json state_json(const Game& g) {
  using J = nlohmann::ordered_json;
  const ViewReport rep = view_report(g);
  J j;
  j["ruleset"] = g.rule_set().id;
  if (rep.coop)
    j["level"] = rep.level->id;
  else
    j["level"] = nullptr;
  j["ply"] = g.ply();
  j["finished"] = g.finished();
  if (g.finished())
    j["result"] = J{{"outcome", g.outcome() == Outcome::Win    ? "win"
                                : g.outcome() == Outcome::Lose ? "lose"
                                                               : "end"},
                    {"reason", std::string(g.end_reason())}};
  else
    j["result"] = nullptr;
  J scores = J::object();
  if (rep.coop) {
    for (const ViewReport::Score& m : rep.scores) scores[m.name] = m.points;
  } else {
    for (int p = 0; p < g.player_count(); ++p) scores[player_name(g, p)] = g.score(p);
  }
  j["scores"] = scores;
  if (const ViewReport::Counter* bank = rep.counter("ghost_bank"))
    j["ghost_bank"] = bank->value;
  else
    j["ghost_bank"] = nullptr;
  j["tiles_left"] = g.tiles_left();
  J board = J::array();
  for (size_t i = 0; i < g.placed().size(); ++i) {
    const PlacedTile& t = g.placed()[i];
    board.push_back(J{{"x", t.x}, {"y", t.y}, {"tile", g.content().tiles[t.type].notation_id()},
                      {"rot", t.rot * 90}, {"face_up", !rep.tiles[i].face_down},
                      {"ghosts", rep.tiles[i].ghosts}});
  }
  j["board"] = board;
  // The modules' other counters (co-op: the stack, the dogs, the ghosts on the board).
  for (const ViewReport::Counter& c : rep.counters)
    if (c.key != "ghost_bank") j[std::string(c.key)] = c.value;
  J followers = J::array();
  for (size_t fi = 0; fi < g.followers().size(); ++fi) {
    const Follower& f = g.followers()[fi];
    if (f.placed < 0) continue;
    const PlacedTile& t = g.placed()[static_cast<size_t>(f.placed)];
    followers.push_back(J{{"player", player_name(g, f.player)},
                          {"colour", std::string(kColourNames[static_cast<size_t>(f.colour)])},
                          {"kind", f.kind == FollowerKind::Guard ? "guard" : f.weight > 1 ? "big" : "meeple"},
                          {"weight", f.weight},
                          {"x", t.x},
                          {"y", t.y},
                          {"at", g.location_name(f.placed, f.seg)},
                          {"ghosts", rep.figures[fi].ghosts}});
    if (rep.coop) {
      followers.back()["buried"] = rep.figures[fi].buried;
      followers.back()["dogs"] = rep.figures[fi].dogs;
    }
  }
  j["followers"] = followers;
  // What is not on the board: each player's followers (and guards) in supply, and the
  // general supply's guards by colour (GCC); with the board's followers, every figure.
  J supply = J::array();
  for (int p = 0; p < g.player_count(); ++p) {
    J s;
    s["player"] = player_name(g, p);
    if (rep.coop) {
      J colours = J::object();
      for (const int c : g.colours_of(p)) colours[std::string(kColourNames[static_cast<size_t>(c)])] = g.colour_supply(c);
      s["colours"] = colours;
    } else {
      s["colour"] = std::string(kColourNames[static_cast<size_t>(p)]);
    }
    s["followers"] = g.supply(p);
    // A seat's other figures (guards): in its supply, and by colour in the general supply.
    const auto& more = rep.seat_figures[static_cast<size_t>(p)];
    for (const ViewReport::SeatFigure& m : more) s[std::string(m.noun) + "s"] = m.supply;
    if (more.empty()) s["guards"] = nullptr;
    supply.push_back(s);
  }
  j["supply"] = supply;
  if (g.player_count() > 0 && !rep.seat_figures[0].empty()) {
    J general = J::object();
    for (const ViewReport::SeatFigure& m : rep.seat_figures[0]) {
      J by_colour = J::object();
      for (int p = 0; p < g.player_count(); ++p)
        for (const ViewReport::SeatFigure& o : rep.seat_figures[static_cast<size_t>(p)])
          if (o.noun == m.noun) by_colour[std::string(kColourNames[static_cast<size_t>(p)])] = o.general;
      general[std::string(m.noun) + "s"] = by_colour;
    }
    j["general_supply"] = general;
  } else {
    j["general_supply"] = nullptr;
  }
  if (g.finished()) {
    j["pending"] = nullptr;
  } else {
    const Decision& d = g.pending();
    J pending;
    pending["player"] = player_name(g, d.player);
    pending["kind"] = std::string(decision_kind_name(d.kind));
    if (d.kind == DecisionKind::Place)
      pending["tile"] = g.content().tiles[static_cast<size_t>(d.tile)].id;
    else
      pending["tile"] = nullptr;
    if (rep.hands && d.player >= 0) {  // Discovery expert: the face-up tiles to choose from
      J hand = J::array();
      for (const uint16_t t : rep.hand[static_cast<size_t>(d.player)]) hand.push_back(g.content().tiles[t].id);
      pending["hand"] = hand;
    }
    pending["options"] = option_strings(g);
    j["pending"] = pending;
  }
  return j;
}

namespace {

// (Kinds are the core's enumerators and the modules' constants: no switch over them.)
char kind_char(Kind k) {
  if (k == Kind::City) return 'C';
  if (k == Kind::Road) return '#';
  if (k == Kind::Field) return '.';
  if (k == Kind::Monastery) return 'M';
  if (k == kCastle) return 'K';
  if (k == kCemetery) return 'T';
  if (k == kLowland) return ',';
  if (k == kMountain) return '^';
  if (k == kWater) return '~';
  if (k == kFog) return ' ';
  if (k == kRuin) return 'X';
  return ' ';
}

// Where each port is drawn in a tile's 3x3 block (corners show the N/S side ports).
constexpr int kPortRow[kPortCount] = {0, 0, 0, 0, 1, 2, 2, 2, 2, 2, 1, 0, 1};
constexpr int kPortCol[kPortCount] = {0, 1, 2, 2, 2, 2, 2, 1, 0, 0, 0, 0, 1};

}  // namespace

namespace {

// The 3x3 characters of tile type `type` turned `rot` quarter turns (segments only).
std::array<std::string, 3> tile_block(const Game& g, int type, int rot) {
  std::array<std::string, 3> rows = {"   ", "   ", "   "};
  const TileType& t = g.content().tiles[static_cast<size_t>(type)];
  for (int port = kPortCount - 1; port >= 0; --port) {
    const int unrotated = port == C ? C : (port - 3 * rot + 12) % 12;
    const int seg = t.port_segment[static_cast<size_t>(unrotated)];
    if (seg < 0) continue;
    const Segment& sg = t.segments[static_cast<size_t>(seg)];
    const char ch = sg.covered ? (sg.kind == Kind::Road ? '%' : ':') : kind_char(sg.kind);
    rows[static_cast<size_t>(kPortRow[port])][static_cast<size_t>(kPortCol[port])] = ch;
  }
  int cities = 0;
  for (const Segment& sg : t.segments)
    if (sg.kind == kWater) cities += sg.shields;
  if (cities > 0) rows[1][1] = cities == 1 ? 'o' : 'O';
  return rows;
}

}  // namespace

std::string board_text(const Game& g, const BoardView& view) {
  const auto& placed = g.placed();
  if (placed.empty()) return "";
  int minx = placed[0].x, maxx = minx, miny = placed[0].y, maxy = miny;
  for (const auto& t : placed) {
    minx = std::min<int>(minx, t.x);
    maxx = std::max<int>(maxx, t.x);
    miny = std::min<int>(miny, t.y);
    maxy = std::max<int>(maxy, t.y);
  }
  // The window of cells shown: all of them, or as many as fit around the last tile.
  const int fit_w = view.columns > 0 ? std::max(1, (view.columns - 6) / 4) : 1 << 20;
  const int fit_h = view.rows > 0 ? std::max(1, (view.rows - 1) / 3) : 1 << 20;
  bool cropped = false;
  if (maxx - minx + 1 > fit_w) {
    const int cx = placed.back().x + view.pan_x;
    minx = std::clamp(cx - (fit_w - 1) / 2, minx, maxx - fit_w + 1);
    maxx = minx + fit_w - 1;
    cropped = true;
  }
  if (maxy - miny + 1 > fit_h) {
    const int cy = placed.back().y + view.pan_y;
    maxy = std::clamp(cy + fit_h / 2, miny + fit_h - 1, maxy);
    miny = maxy - fit_h + 1;
    cropped = true;
  }
  const auto inside = [&](int x, int y) { return x >= minx && x <= maxx && y >= miny && y <= maxy; };
  const int w = maxx - minx + 1, h = maxy - miny + 1;
  std::vector<std::string> rows(static_cast<size_t>(3 * h), std::string(static_cast<size_t>(4 * w), ' '));
  const ViewReport rep = view_report(g);
  std::vector<int> ghosts(placed.size(), 0);
  for (size_t p = 0; p < placed.size(); ++p) ghosts[p] = rep.tiles[p].ghosts;
  for (size_t fi = 0; fi < g.followers().size(); ++fi)
    if (g.followers()[fi].placed >= 0) ghosts[static_cast<size_t>(g.followers()[fi].placed)] += rep.figures[fi].ghosts;
  for (size_t p = 0; p < placed.size(); ++p) {
    const PlacedTile& t = placed[p];
    if (!inside(t.x, t.y)) continue;
    const int r0 = 3 * (maxy - t.y), c0 = 4 * (t.x - minx);
    if (rep.tiles[p].face_down) {
      for (int r = 0; r < 3; ++r) rows[static_cast<size_t>(r0 + r)].replace(static_cast<size_t>(c0), 3, "???");
    } else {
      for (int port = kPortCount - 1; port >= 0; --port) {
        const int seg = g.segment_at(static_cast<int>(p), port);
        if (seg < 0) continue;
        const Segment& sg = g.content().tiles[t.type].segments[static_cast<size_t>(seg)];
        // Fog shows as ':' over a field and '%' over a road.
        const char ch = sg.covered ? (sg.kind == Kind::Road ? '%' : ':') : kind_char(sg.kind);
        rows[static_cast<size_t>(r0 + kPortRow[port])][static_cast<size_t>(c0 + kPortCol[port])] = ch;
      }
      // Discovery: the tile's cities (each counted on its water region) in the middle,
      // 'o' for one, 'O' for more.
      int cities = 0;
      for (const Segment& sg : g.content().tiles[t.type].segments)
        if (sg.kind == kWater) cities += sg.shields;
      if (cities > 0) rows[static_cast<size_t>(r0 + 1)][static_cast<size_t>(c0 + 1)] = cities == 1 ? 'o' : 'O';
    }
    for (int k = 0; k < std::min(3, ghosts[p]); ++k) rows[static_cast<size_t>(r0 + k)][static_cast<size_t>(c0 + 3)] = '*';
    if (ghosts[p] > 3) rows[static_cast<size_t>(r0 + 2)][static_cast<size_t>(c0 + 3)] = '+';
  }
  for (const auto& f : g.followers()) {
    if (f.placed < 0) continue;
    const PlacedTile& t = placed[static_cast<size_t>(f.placed)];
    if (!inside(t.x, t.y)) continue;
    const std::string loc = g.location_name(f.placed, f.seg);
    const auto port = parse_port(loc.substr(loc.find(':') + 1));
    const int r0 = 3 * (maxy - t.y), c0 = 4 * (t.x - minx);
    const int who = rep.coop ? f.colour : f.player;
    if (port)
      rows[static_cast<size_t>(r0 + kPortRow[*port])][static_cast<size_t>(c0 + kPortCol[*port])] =
          static_cast<char>((f.kind == FollowerKind::Guard ? 'a' : '1') + who);
  }
  std::ostringstream out;
  if (cropped)
    out << "(cells " << minx << ".." << maxx << " x " << miny << ".." << maxy << "; h j k l c b)\n";
  out << "      ";
  for (int x = minx; x <= maxx; ++x) {
    std::string lab = std::to_string(x);
    lab.resize(4, ' ');
    out << lab;
  }
  out << '\n';
  for (int r = 0; r < 3 * h; ++r) {
    std::string lab = (r % 3 == 1) ? std::to_string(maxy - r / 3) : "";
    lab.insert(lab.begin(), static_cast<size_t>(std::max(0, 4 - static_cast<int>(lab.size()))), ' ');
    std::string line = rows[static_cast<size_t>(r)];
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out << lab << "  " << line << '\n';
  }
  return out.str();
}

std::string drawn_tile_text(const Game& g) {
  if (g.finished() || g.pending().kind != DecisionKind::Place) return "";
  // Which tiles and rotations have a legal placement.
  std::vector<std::pair<int, int>> shown;  // (tile type, rotation)
  for (const Option& o : g.pending().options)
    if (o.kind == OptKind::Place &&
        std::find(shown.begin(), shown.end(), std::pair<int, int>{o.tile, o.rot}) == shown.end())
      shown.emplace_back(o.tile, o.rot);
  std::sort(shown.begin(), shown.end());
  if (shown.empty()) return "";
  std::ostringstream out;
  std::array<std::string, 4> lines;  // a label line, then the tile's three rows
  for (const auto& [type, rot] : shown) {
    std::string label = g.content().tiles[static_cast<size_t>(type)].id + " r" + std::to_string(90 * rot);
    label.resize(std::max<size_t>(label.size() + 2, 8), ' ');
    const auto block = tile_block(g, type, rot);
    lines[0] += label;
    for (size_t r = 0; r < 3; ++r) {
      std::string cell = block[r];
      cell.resize(label.size(), ' ');
      lines[r + 1] += cell;
    }
  }
  out << "To place, in every rotation that fits:\n";
  for (auto& l : lines) {
    while (!l.empty() && l.back() == ' ') l.pop_back();
    out << "  " << l << '\n';
  }
  return out.str();
}

std::string legend_text(const Game& g) {
  std::string s = "Legend: C city, # road, . field, M monastery";
  const ViewReport rep = view_report(g);
  const bool ghosts = rep.counter("ghost_bank") != nullptr;
  if (ghosts) s += ", K castle, T cemetery, X ruin, : fog on a field, % fog on a road";
  if (g.rule_set().system == System::Discovery) s += ", , lowland, ^ mountain, ~ water, o/O cities";
  s += "; 1 2 ... a player's meeple";
  if (rep.coop) s = s.substr(0, s.size() - std::string("a player's meeple").size()) + "a colour's follower";
  if (g.player_count() > 0 && !rep.seat_figures[0].empty()) s += ", a b ... a player's guard";
  if (ghosts) s += ", * a ghost on the tile or with its follower (+ more than 3)";
  if (rep.coop) s += ", ??? a face-down tile";
  return s + "\n";
}

std::vector<std::string> event_lines(const Game& g) {
  std::vector<std::string> out;
  auto at = [](const Event& e) { return std::to_string(e.x) + "," + std::to_string(e.y); };
  const bool coop = view_report(g).coop;
  for (const auto& e : g.events()) {
    const std::string who = coop ? (e.player >= 0 && e.player < kMaxPlayers
                                            ? std::string(kColourNames[static_cast<size_t>(e.player)])
                                            : std::string("the team"))
                        : e.player >= 0 && e.player < g.player_count() ? player_name(g, e.player) : "";
    const std::string tile = e.tile >= 0 ? g.content().tiles[static_cast<size_t>(e.tile)].id : "";
    // A seat named "You" (the editor's default) reads in the second person: "You score",
    // "your follower", not "You scores", "You's follower".
    const bool you = who == "You" || who == "you";
    const std::string whose = you ? "your" : who + "'s";          // inside a sentence
    const std::string whose_cap = you ? "Your" : who + "'s";          // at its start
    auto verb = [you](const char* v) { return std::string(" ") + v + (you ? "" : "s") + " "; };
    switch (e.kind) {
      case EventKind::TileDiscarded:
        out.push_back("tile " + tile + " fits nowhere and is discarded");
        break;
      case EventKind::Scored:
        out.push_back(who + verb("score") + std::to_string(e.points) + " for the " +
                      std::string(kind_name(e.feature)) + " at " + at(e));
        break;
      case EventKind::FinalScored:
        out.push_back(who + verb("score") + std::to_string(e.points) + " at the end for the " +
                      std::string(kind_name(e.feature)) + " at " + at(e));
        break;
      case EventKind::FollowerReturned:
        out.push_back(whose_cap + " follower returns from the " + std::string(kind_name(e.feature)) +
                      " at " + at(e));
        break;
      case EventKind::GameEnded:
        out.push_back("the game ends: " + result_text(g));
        break;
      case EventKind::GhostAdded:
        out.push_back("a ghost joins " + whose + " follower on the " + std::string(kind_name(e.feature)) +
                      " at " + at(e));
        break;
      case EventKind::FollowerScared:
        out.push_back(whose_cap + " follower at " + at(e) + " is scared home with its ghosts");
        break;
      case EventKind::GhostPenalty:
        out.push_back(who + (you ? " lose " : " loses ") + std::to_string(-e.points) + " for ghosts");
        break;
      case EventKind::GuardGained:
        out.push_back(who + verb("take") + "a guard from the general supply (cemetery at " + at(e) + ")");
        break;
      case EventKind::FogClosed:
        out.push_back("the fog at " + at(e) + " closes: " + std::to_string(e.points) + " ghosts go back to the bank");
        break;
      case EventKind::GhostsEmerged:
        out.push_back(std::to_string(e.points) + " ghost" + (e.points == 1 ? "" : "s") + " emerge on " + tile +
                      " at " + at(e));
        break;
      case EventKind::GhostsRemoved:
        out.push_back(std::to_string(e.points) + " ghost" + (e.points == 1 ? "" : "s") + " leave " + at(e) +
                      " for the bank");
        break;
      case EventKind::CemeteryClosed:
        out.push_back("the cemetery at " + at(e) + " is closed");
        break;
      case EventKind::FollowerBuried:
        out.push_back("a " + std::string(kColourNames[static_cast<size_t>(e.player)]) +
                      " follower is buried in the cemetery at " + at(e));
        break;
      case EventKind::DogPlaced:
        out.push_back("dog " + std::to_string(e.points) + " joins the follower at " + at(e));
        break;
      case EventKind::DogScored:
        out.push_back("the dog at " + at(e) + " scores " + std::to_string(e.points) + " and leaves");
        break;
      case EventKind::DogLost:
        out.push_back("the dog at " + at(e) + " is lost with its buried follower");
        break;
      case EventKind::StackChanged:
        out.push_back("play goes on from stack " + std::to_string(e.points + 1));
        break;
      case EventKind::FaceDownPlaced:
        out.push_back("a tile goes face down at " + at(e));
        break;
      case EventKind::TileDrawn:
      case EventKind::TilePlaced:
      case EventKind::FollowerPlaced:
        break;
    }
  }
  return out;
}

std::string state_text(const Game& g, const BoardView& view) {
  std::ostringstream out;
  out << summary_text(state_summary(g, SummaryForm::Text), "\n", true);
  out << '\n' << board_text(g, view) << '\n';
  if (g.finished()) {
    out << "Finished (" << g.end_reason() << "): " << result_text(g) << '\n';
  } else {
    const Decision& d = g.pending();
    out << "Pending: " << player_name(g, d.player) << " — " << decision_kind_name(d.kind);
    const ViewReport rep = view_report(g);
    if (d.kind == DecisionKind::Place && rep.hands) {
      out << " from the hand";
      for (const uint16_t t : rep.hand[static_cast<size_t>(d.player)]) out << ' ' << g.content().tiles[t].id;
    } else if (d.kind == DecisionKind::Place) {
      out << " " << g.content().tiles[static_cast<size_t>(d.tile)].id;
    }
    out << " (" << text::counted(static_cast<long long>(d.options.size()), "option", "options") << ")\n";
  }
  return out.str();
}

}  // namespace tw
