#include "engine/report.h"

#include <algorithm>

#include "engine/rules/registry.h"

namespace tw {

ViewReport view_report(const Game& g) {
  ViewReport r;
  r.tiles.resize(g.placed().size());
  r.figures.resize(g.followers().size());
  r.seat_figures.resize(static_cast<size_t>(g.player_count()));
  r.hand.resize(static_cast<size_t>(g.player_count()));
  // In plan order: the co-op frame first (it says whether the game is co-op: the other
  // modules' reports read `r.coop`).
  std::vector<const ModuleDescriptor*> by_plan(module_entries().begin(), module_entries().end());
  std::stable_sort(by_plan.begin(), by_plan.end(),
                   [](const ModuleDescriptor* a, const ModuleDescriptor* b) { return a->plan_order < b->plan_order; });
  for (const ModuleDescriptor* m : by_plan)
    if (m->report) m->report(g, r);
  std::stable_sort(r.counters.begin(), r.counters.end(),
                   [](const ViewReport::Counter& a, const ViewReport::Counter& b) { return a.rank < b.rank; });
  return r;
}

}  // namespace tw
