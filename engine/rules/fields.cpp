// Rule module: fields (farmers). A field is never complete; at the end it is worth
// farm_city_points for each completed city it borders, each city once. Parameters:
// farmers (followers may stand on fields), farm_city_points (module "fields").
#include <algorithm>
#include <array>
#include <cstddef>
#include <vector>

#include "engine/core.h"
#include "engine/rules/plan.h"
#include "engine/rules/fields.h"

namespace tw {

int field_value(const Core& core, uint32_t node, bool) {
  // Completed cities bordering the field, each once.
  // The cities found so far are kept on the stack while they are few (a field borders a
  // handful), each once as found; more go to a list sorted at the end, as before.
  const uint32_t root = core.find(node);
  constexpr size_t kFew = 32;
  std::array<uint32_t, kFew> few;
  size_t nfew = 0;
  std::vector<uint32_t> more;
  uint32_t n = root;
  do {
    if (core.nodes()[n].kind == Kind::Field) {
      const PlacedTile& pt = core.placed()[static_cast<size_t>(core.nodes()[n].tile)];
      const Segment& s = core.content().tiles[pt.type].segments[n - pt.node_base];
      for (uint8_t c : s.touches) {
        const uint32_t cr = core.find(pt.node_base + c);
        if (core.feat()[cr].open != 0) continue;
        if (std::find(few.begin(), few.begin() + static_cast<std::ptrdiff_t>(nfew), cr) !=
            few.begin() + static_cast<std::ptrdiff_t>(nfew))
          continue;
        if (nfew < kFew)
          few[nfew++] = cr;
        else
          more.push_back(cr);
      }
    }
    n = core.nodes()[n].next;
  } while (n != root);
  std::sort(more.begin(), more.end());
  more.erase(std::unique(more.begin(), more.end()), more.end());
  return static_cast<int>(static_cast<int64_t>(nfew + more.size()) * core.rules().farm_city_points);
}

// ---------------------------------------------------------------------------------
// The module's parameters (engine/rules/params.h): its rows of rule_param_specs().

namespace {

constexpr ParamRow kParams[] = {
    {"farmers", &Rules::farmers, 0, 1, kSysAll,
     "1: followers may be placed on fields"},
    {"farm_city_points", &Rules::farm_city_points, 0, 100, kSysBase | kSysGcc,
     "field at the end: points per completed city it borders"},
};

}  // namespace

extern const ParamTable kFieldsParams{"fields", 0, kParams};

// ---------------------------------------------------------------------------------
// The module's descriptor (engine/rules/registry.h): its tables, when it plays and the
// parts it installs in the turn plan (engine/rules/plan.h), each at its order key.

namespace {

void plan_part_130(PlanBuild& b) {
  if (!b.plays("fields")) return;
  b.plan.value[static_cast<size_t>(Kind::Field)] = &field_value;
}

constexpr ModulePart kPlanParts[] = {{130, &plan_part_130}};
const ModuleDescriptor kDescriptor{.name = "fields",
                                  .order = 180,
                                  .params = &kFieldsParams,
                                  .plan_order = 130,
                                  .plays = [](const PlanBuild& b) { return b.shows(Kind::Field); },
                                  .parts = kPlanParts};

}  // namespace

TW_REGISTER_MODULE(fields, kDescriptor);

}  // namespace tw
