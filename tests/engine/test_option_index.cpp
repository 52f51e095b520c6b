// OptionIndex (engine/bots/option_index.h): the search's lookup of a child's move among a
// deal's options finds what a scan of the list from the front finds, duplicates and
// skipped (already taken) options included, and on the options of real decisions.
#include <catch2/catch.hpp>

#include "engine/bots/bots.h"
#include "engine/bots/option_index.h"
#include "engine/rng.h"
#include "fixtures.h"

using namespace tw;

namespace {

// An option drawn from a small space, so that lists hold duplicates and near misses
// (options that differ in one field).
Option random_option(Rng& rng) {
  Option o;
  o.kind = static_cast<OptKind>(rng.below(3));
  o.rot = static_cast<uint8_t>(rng.below(4));
  o.seg = static_cast<uint8_t>(rng.below(3));
  o.colour = static_cast<uint8_t>(rng.below(2));
  o.x = static_cast<int16_t>(static_cast<int>(rng.below(5)) - 2);
  o.y = static_cast<int16_t>(static_cast<int>(rng.below(5)) - 2);
  o.tile = static_cast<uint16_t>(rng.below(3));
  return o;
}

// Every option of the list and a few not in it, looked up with and without a skip set;
// the index must answer as the scan does.
void same_as_scan(const OptionList& opts, Rng& rng) {
  OptionIndex index;
  index.index(opts);
  std::vector<uint8_t> taken(opts.size(), 0);
  for (auto& t : taken) t = rng.below(3) == 0;
  const auto skip_taken = [&](size_t i) { return taken[i] != 0; };
  const auto skip_none = [](size_t) { return false; };
  std::vector<Option> probes(opts.begin(), opts.end());
  for (int k = 0; k < 20; ++k) probes.push_back(random_option(rng));
  for (const Option& m : probes) {
    CHECK(index.find(m, skip_none) == OptionIndex::scan(opts, m, skip_none));
    CHECK(index.find(m, skip_taken) == OptionIndex::scan(opts, m, skip_taken));
  }
}

}  // namespace

TEST_CASE("option index: finds the first equal option a scan finds, duplicates and skips included",
          "[engine][search]") {
  Rng rng(20261127);
  for (int round = 0; round < 200; ++round) {
    OptionList opts;
    const size_t n = rng.below(120);
    for (size_t i = 0; i < n; ++i) opts.push_back(random_option(rng));
    same_as_scan(opts, rng);
  }
  // An empty list: nothing is found.
  OptionList none;
  OptionIndex index;
  index.index(none);
  CHECK(index.find(Option{}, [](size_t) { return false; }) == 0);
  // A list of one option many times: each skip moves the answer one further.
  OptionList same(40, Option{});
  index.index(same);
  for (size_t k = 0; k < same.size(); ++k)
    CHECK(index.find(Option{}, [&](size_t i) { return i < k; }) == k);
}

TEST_CASE("option index: the options of real decisions, every rule system", "[engine][search]") {
  Rng rng(7);
  auto bot = make_bot("random");
  for (const char* rule_set : {"base", "gcc", "discovery"}) {
    GameSetup s;
    s.rule_set = rule_set;
    s.seed = 5;
    s.players = {{"a", ""}, {"b", ""}};
    Game g;
    REQUIRE_FALSE(Game::create(test::default_content(), s, g).has_value());
    for (int ply = 0; ply < 60 && !g.finished(); ++ply) {
      same_as_scan(g.pending().options, rng);
      g.apply_index(bot->choose(g, rng));
    }
  }
}
