// The rule modules' tables, indexed: options and events by kind, verbs, feature kinds and
// tile checks. A module declares its rows in its own engine/rules/<module>.cpp file; the
// one list of modules (engine/rules/modules.cpp, module_entries()) says which tables exist.
#include "engine/rules/registry.h"

#include "engine/content.h"

#include <algorithm>
#include <array>

namespace tw {

extern const ModuleTable kTurnTable;           // engine/options.cpp: place, the core's events
extern const KindTable kCoreKinds;             // engine/content.cpp: none, city, road, field, monastery

namespace {

// The core's table first, then the modules' in the one list's order (engine/rules/modules.cpp).
const std::vector<const KindTable*>& kind_table_list() {
  static const std::vector<const KindTable*> tables = [] {
    std::vector<const KindTable*> out{&kCoreKinds};
    for (const ModuleEntry& m : module_entries())
      if (m.kinds) out.push_back(m.kinds);
    return out;
  }();
  return tables;
}

const std::vector<const ModuleTable*>& option_table_list() {
  static const std::vector<const ModuleTable*> tables = [] {
    std::vector<const ModuleTable*> out{&kTurnTable};
    for (const ModuleEntry& m : module_entries())
      if (m.options) out.push_back(m.options);
    return out;
  }();
  return tables;
}

struct KindIndex {
  std::array<const KindRule*, kMaxKinds> rows{};
  std::array<uint8_t, kMaxKinds> props{};
  std::vector<TileCheck> checks;
};

const KindIndex& kind_index() {
  static const KindIndex ix = [] {
    KindIndex out;
    for (const KindTable* t : kind_table_list()) {
      for (const KindRule& k : t->kinds) {
        const auto v = static_cast<size_t>(k.kind);
        if (v < kMaxKinds && !out.rows[v]) {
          out.rows[v] = &k;
          out.props[v] = k.props;
        }
      }
      out.checks.insert(out.checks.end(), t->checks.begin(), t->checks.end());
    }
    return out;
  }();
  return ix;
}

constexpr size_t kOptionKinds = kOptKindCount;
constexpr size_t kEventKinds = static_cast<size_t>(EventKind::FaceDownPlaced) + 1;

struct Index {
  std::vector<const OptionRule*> rules;           // every row, in table order
  std::array<const OptionRule*, kOptionKinds> by_kind{};
  std::array<const EventRule*, kEventKinds> events{};
  std::vector<std::string_view> verbs;
};

// Built once from the tables (constant-initialized, so ready before any caller).
// Every kind has exactly one row: tests/engine/test_option_grammar.cpp checks it.
const Index& index() {
  static const Index ix = [] {
    Index out;
    for (const ModuleTable* t : option_table_list()) {
      for (const OptionRule& r : t->options) {
        out.rules.push_back(&r);
        out.by_kind[static_cast<size_t>(r.kind)] = &r;
        if (std::find(out.verbs.begin(), out.verbs.end(), r.verb) == out.verbs.end()) out.verbs.push_back(r.verb);
      }
      for (const EventRule& e : t->events) out.events[static_cast<size_t>(e.kind)] = &e;
    }
    return out;
  }();
  return ix;
}

}  // namespace

std::string_view decision_kind_name(DecisionKind k) {
  switch (k) {
    case DecisionKind::None: return "none";
    case DecisionKind::Place: return "place";
    case DecisionKind::Ghost: return "ghost";
    case DecisionKind::Follower: return "follower";
    case DecisionKind::Evaluate: return "evaluate";
    case DecisionKind::Cemetery: return "cemetery";
    case DecisionKind::Bury: return "bury";
    case DecisionKind::Dog: return "dog";
    case DecisionKind::DogClear: return "dog-clear";
    case DecisionKind::FaceDown: return "facedown";
    case DecisionKind::Marker: return "marker";
  }
  return "?";
}

std::span<const ModuleTable* const> module_tables() { return option_table_list(); }

std::span<const KindTable* const> kind_tables() { return kind_table_list(); }

const KindRule* kind_rule(Kind k) {
  const auto v = static_cast<size_t>(k);
  return v < kMaxKinds ? kind_index().rows[v] : nullptr;
}

uint8_t kind_props(Kind k) {
  const auto v = static_cast<size_t>(k);
  return v < kMaxKinds ? kind_index().props[v] : 0;
}

std::span<const TileCheck> tile_checks() { return kind_index().checks; }

const OptionRule& option_rule(OptKind k) {
  const size_t i = static_cast<size_t>(k);
  const OptionRule* r = i < kOptionKinds ? index().by_kind[i] : nullptr;
  return r ? *r : *index().by_kind[static_cast<size_t>(OptKind::Pass)];
}

std::span<const OptionRule* const> option_rules() { return index().rules; }

const std::vector<std::string_view>& option_verbs() { return index().verbs; }

const EventRule& event_rule(EventKind k) {
  static constexpr EventRule kNone{EventKind::TileDrawn, "", ""};
  const EventRule* e = index().events[static_cast<size_t>(k)];
  return e ? *e : kNone;
}

}  // namespace tw
