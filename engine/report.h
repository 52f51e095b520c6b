// What a front end shows of a game's rule modules: the game's report (ViewReport), filled
// by every registered module's report function (ModuleDescriptor::report, at the end of
// its own file) in order-key order. Front ends (present/, web/, net/, cli/, editor/) draw
// module state from it and from option rows (OptionRule), never from a module's header:
// tests/engine/test_hooks.cpp fails when a file above the engine includes one.
//
// Invariants: built from the game only (it is not changed); `tiles` has one entry per
// placed tile and `figures` one per follower, in the game's order; a counter key appears
// at most once; counters are in view order (`rank`, then report order).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/game.h"

namespace tw {

struct Level;

struct ViewReport {
  // The co-op frame: a team of colours plays a level (null: a competitive game).
  bool coop = false;
  const Level* level = nullptr;
  // What the score box and the score graph show when it is not one score per seat (the
  // co-op markers): a name ("team", a colour), its colour (-1 the team's) and points.
  struct Score {
    std::string name;
    int colour = -1;
    int64_t points = 0;
  };
  std::vector<Score> scores;
  // A counter of the whole game: its key (in the state's JSON, docs/protocol.md), its
  // words, its value, and where it shows among the others (`rank`).
  struct Counter {
    std::string_view key;
    std::string_view words;
    int64_t value = 0;
    int rank = 0;
  };
  std::vector<Counter> counters;
  // Badges on a placed tile: its face is hidden (shown as its place only, never its
  // type, on the wire too); tokens on it (ghosts).
  struct Tile {
    bool face_down = false;
    int ghosts = 0;
  };
  std::vector<Tile> tiles;
  // Badges on a follower: the ghosts and dogs standing with it, whether it is buried.
  struct Figure {
    int ghosts = 0;
    int dogs = 0;
    bool buried = false;
  };
  std::vector<Figure> figures;
  // Per seat, more figures than its followers (guards): noun, in supply, in the general
  // supply of its colour.
  struct SeatFigure {
    std::string_view noun;
    int64_t supply = 0;
    int64_t general = 0;
  };
  std::vector<std::vector<SeatFigure>> seat_figures;
  // Per seat, the face-up tiles it chooses from (a hand), when the game deals hands.
  bool hands = false;
  std::vector<std::vector<uint16_t>> hand;

  const Counter* counter(std::string_view key) const {
    for (const Counter& c : counters)
      if (c.key == key) return &c;
    return nullptr;
  }
  int64_t value(std::string_view key) const {
    const Counter* c = counter(key);
    return c ? c->value : 0;
  }
  void add(std::string_view key, std::string_view words, int64_t value, int rank) {
    counters.push_back({key, words, value, rank});
  }
};

// The report of game `g`: every module's part of it.
ViewReport view_report(const Game& g);

}  // namespace tw
