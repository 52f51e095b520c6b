// A seeded game of bots written down as a TGN record, and the check that the record's
// text parses back to itself and replays to the same end: what the tests of a rule
// module's new moves (inns and cathedrals, the big follower) ask of the notation.
#pragma once

#include <catch2/catch.hpp>

#include <functional>
#include <string>
#include <vector>

#include "engine/bots/bots.h"
#include "engine/game.h"
#include "engine/tgn.h"

namespace tw::test {

// Plays `g` (created from `s`) to its end, seat p's decisions by bots[p] (the last bot for
// seats beyond the list), the engine's invariants checked at every ply; `each` sees every
// option before it is applied. Then writes the record (Format, Ruleset, Players as given,
// Seed), checks that it parses back to the same text and that a new game from `s` replays
// it to the same state, and returns the text.
inline std::string play_recorded_round_trip(const Content& c, const GameSetup& s, Game& g,
                                            const std::vector<Bot*>& bots, const std::string& players, Rng& rng,
                                            const std::function<void(const Option&)>& each = {}) {
  REQUIRE_FALSE(bots.empty());
  tgn::Record r;
  r.set_tag("Format", "TGN 1");
  r.set_tag("Ruleset", s.rule_set);
  r.set_tag("Players", players);
  r.set_tag("Seed", std::to_string(s.seed));
  while (!g.finished()) {
    const size_t seat = static_cast<size_t>(g.pending().player);
    const size_t k = bots[seat < bots.size() ? seat : bots.size() - 1]->choose(g, rng);
    const Option o = g.pending().options[k];
    if (each) each(o);
    tgn::Node n;
    n.move = g.to_string(o);
    r.mainline.push_back(n);
    g.apply_index(k);
    REQUIRE(g.check_invariants().empty());
  }
  const std::string text = tgn::write(r);
  const auto parsed = tgn::parse(text);
  REQUIRE(parsed.errors.empty());
  CHECK(tgn::write(*parsed.record) == text);
  Game h;
  REQUIRE_FALSE(Game::create(c, s, h));
  for (const tgn::Node& n : parsed.record->mainline) REQUIRE_FALSE(h.apply(n.move));
  CHECK(h.finished());
  CHECK(h.state_hash() == g.state_hash());
  return text;
}

}  // namespace tw::test
