// Rule module: hands (Discovery expert variant). With `hand_size` > 0 each player holds
// that many face-up tiles, places one and refills from the pile; tiles set aside before
// the game by player count (remove_tiles_N). Parameters: hand_size, remove_tiles_1..6
// (module "hands").
//
// The hands are dealt in seat order from the pile (the Draw prefix first) after the start
// tile; a player places one of them and refills from the pile. When none fits, the hand
// is discarded and refilled. Once the pile is empty, players play out their hands (a
// player with none is skipped); the game ends when every hand is empty. The game's
// playout path (Game::set_playout) is off with hands: a placement lists every held tile.
#include <algorithm>

#include "engine/core.h"
#include "engine/rules/plan.h"
#include "engine/report.h"
#include "engine/rules/hands.h"

namespace tw {

void refill_hand(Core& core, int player) {
  auto& hand = core.mut(&ModuleState::hands).held[static_cast<size_t>(player)];
  while (hand.size() < static_cast<size_t>(core.rules().hand_size) && core.pile_pos() < core.pile().size()) {
    const int t = core.pile()[core.pile_pos()++];
    hand.push_back(static_cast<uint16_t>(t));
    core.emit({EventKind::TileDrawn, static_cast<int8_t>(player), Kind::None, 0, 0, t, 0});
  }
}

void draw_from_hand(Core& core) {
  // The current player, or the next one holding tiles once the pile is empty.
  for (int skipped = 0; skipped <= core.player_count(); ++skipped) {
    auto& hand = core.mut(&ModuleState::hands).held[static_cast<size_t>(core.current())];
    while (!hand.empty()) {
      // Placements of every distinct tile of the hand, in hand order.
      OptionList all;
      for (size_t i = 0; i < hand.size(); ++i) {
        if (std::find(hand.begin(), hand.begin() + static_cast<long>(i), hand[i]) != hand.begin() + static_cast<long>(i))
          continue;
        core.generate_placements(hand[i]);
        all.insert(all.end(), core.pending().options.begin(), core.pending().options.end());
      }
      if (!all.empty()) {
        core.pending().options = std::move(all);
        core.pending().kind = DecisionKind::Place;
        core.pending().player = core.current();
        core.pending().tile = hand.front();
        return;
      }
      // Nothing in the hand fits anywhere: discard it and take new tiles.
      for (const uint16_t t : hand)
        core.emit({EventKind::TileDiscarded, static_cast<int8_t>(core.current()), Kind::None, 0, 0, t, 0});
      hand.clear();
      refill_hand(core, core.current());
    }
    core.current() = (core.current() + 1) % core.player_count();
  }
  core.end_game();
}

void deal_hands(Core& core) {
  core.mut(&ModuleState::hands).held.assign(static_cast<size_t>(core.player_count()), {});
  for (int p = 0; p < core.player_count(); ++p) refill_hand(core, p);
}

void hands_after_place(Core& core) {
  auto& hand = core.mut(&ModuleState::hands).held[static_cast<size_t>(core.current())];
  hand.erase(std::find(hand.begin(), hand.end(), core.placed()[static_cast<size_t>(core.last_placed())].type));
  refill_hand(core, core.current());
}

// ---------------------------------------------------------------------------------
// The module's parameters (engine/rules/params.h): its rows of rule_param_specs().

namespace {

constexpr ParamRow kParams[] = {
    {"hand_size", &Rules::hand_size, 0, 4, kSysDiscovery,
     "0: draw a tile and place it; n: keep n face-up tiles, place one of them, then refill (Discovery expert "
     "variant: 2)"},
    {"remove_tiles_1", &Rules::remove_tiles_1, 0, 50, kSysDiscovery,
     "tiles set aside before a 1-player game"},
    {"remove_tiles_2", &Rules::remove_tiles_2, 0, 50, kSysDiscovery,
     "tiles set aside unplayed before a 2-player game (expert variant)"},
    {"remove_tiles_3", &Rules::remove_tiles_3, 0, 50, kSysDiscovery,
     "tiles set aside before a 3-player game"},
    {"remove_tiles_4", &Rules::remove_tiles_4, 0, 50, kSysDiscovery,
     "tiles set aside before a 4-player game"},
    {"remove_tiles_5", &Rules::remove_tiles_5, 0, 50, kSysDiscovery,
     "tiles set aside before a 5-player game"},
    {"remove_tiles_6", &Rules::remove_tiles_6, 0, 50, kSysDiscovery,
     "tiles set aside before a 6-player game"},
};

}  // namespace

extern const ParamTable kHandsParams{"hands", 0, kParams};

const std::vector<uint16_t>& hand_of(const Game& g, int player) { return Core(g).st().hands.held[static_cast<size_t>(player)]; }

void hash_hands(const HandsState& st, const Content& content, Fnv64& h) {
  for (const auto& hand : st.held) {  // only with rule hand_size > 0
    h.u64(hand.size());
    for (const uint16_t t : hand) h.text(content.tiles[t].id);
  }
}

bool uses_hands(const Game& g) { return g.rules().hand_size > 0; }

// ---------------------------------------------------------------------------------
// The module's descriptor (engine/rules/registry.h): its tables, when it plays and the
// parts it installs in the turn plan (engine/rules/plan.h), each at its order key.

namespace {

void plan_part_210(PlanBuild& b) {
  if (!b.plays("hands")) return;
  b.plan.at_start.push_back(&deal_hands);
  b.plan.draw = &draw_from_hand;
  b.plan.after_place.push_back(&hands_after_place);
}

// What a front end shows: each seat's hand of face-up tiles.
void report_view(const Game& g, ViewReport& r) {
  if (!uses_hands(g)) return;
  r.hands = true;
  for (int p = 0; p < g.player_count(); ++p) r.hand[static_cast<size_t>(p)] = hand_of(g, p);
}

constexpr ModulePart kPlanParts[] = {{210, &plan_part_210}};
const ModuleDescriptor kDescriptor{.name = "hands",
                                  .order = 230,
                                  .params = &kHandsParams,
                                  .plan_order = 210,
                                  .plays = [](const PlanBuild& b) { return !b.coop && b.rules.hand_size > 0; },
                                  .parts = kPlanParts,
                                  .report = &report_view};

}  // namespace

TW_REGISTER_MODULE(hands, kDescriptor);

}  // namespace tw
