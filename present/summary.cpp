#include "present/summary.h"

#include "engine/plural.h"
#include "engine/report.h"
#include "engine/rules/level.h"
#include "engine/result.h"

namespace tw {

namespace {

std::string colour_name(int c) { return std::string(kColourNames[static_cast<size_t>(c)]); }

std::string plural(long long n, const char* word) { return text::counted(n, word, std::string(word) + "s"); }

}  // namespace

std::vector<SummaryLine> state_summary(const Game& g, SummaryForm form) {
  using K = SummaryLine::Kind;
  std::vector<SummaryLine> out;
  const auto name = [&](int p) { return seat_label(g.setup().players, static_cast<size_t>(p)); };
  const auto add = [&](K kind, int colour, std::string text) { out.push_back({kind, colour, std::move(text)}); };
  // Module state comes from the game's report (engine/report.h), never from a module.
  const ViewReport rep = view_report(g);
  const bool coop = rep.coop;
  const int target = coop ? rep.level->target : 0;
  const bool ghosts = !coop && rep.counter("ghost_bank") != nullptr;
  const auto count = [&](std::string_view key) { return std::to_string(rep.value(key)); };
  // A seat's other figures (guards): ", 2 guards (1 in the general supply)".
  const auto figures = [&](int p, bool general) {
    std::string s;
    for (const ViewReport::SeatFigure& f : rep.seat_figures[static_cast<size_t>(p)]) {
      s += ", " + plural(f.supply, std::string(f.noun).c_str());
      if (general) s += " (" + std::to_string(f.general) + " in the general supply)";
    }
    return s;
  };
  const std::string tiles_left = std::to_string(g.tiles_left());

  switch (form) {
    case SummaryForm::Text: {
      add(K::Heading, -1, "Ruleset " + g.rule_set().id + " · ply " + std::to_string(g.ply()) + " · tiles left " + tiles_left);
      for (int p = 0; coop && p < g.player_count(); ++p) {
        std::string s = "  " + name(p) + ": " + plural(g.supply(p), "follower") + " in supply (";
        for (size_t i = 0; i < g.colours_of(p).size(); ++i) {
          const int c = g.colours_of(p)[i];
          s += (i ? ", " : "") + colour_name(c) + ' ' + std::to_string(g.colour_supply(c));
        }
        add(K::Seat, g.colours_of(p).empty() ? -1 : g.colours_of(p)[0], s + ")");
      }
      for (int p = 0; !coop && p < g.player_count(); ++p) {
        std::string s = "  " + colour_name(p) + "  " + name(p) + ": " + plural(g.score(p), "point") + ", " +
                        plural(g.supply(p), "follower");
        s += figures(p, true);
        add(K::Seat, p, s + " in supply");
      }
      if (ghosts) add(K::Ghosts, -1, "  ghost bank: " + count("ghost_bank"));
      if (coop)
        add(K::Heading, -1,
            "  level " + rep.level->id + " · " + coop_scores_text(g) + " of " + std::to_string(target) +
                " · ghost bank " + count("ghost_bank") + ", on the board " + count("ghosts_on_board") + " · stack " +
                count("stack") + " (" + plural(rep.value("stack_tiles_left"), "tile") + " left) · dogs reached " +
                count("dogs_reached"));
      break;
    }
    case SummaryForm::Panel: {
      if (coop) {
        add(K::Heading, -1, rep.level->id + " — " + rep.level->name);
        for (const ViewReport::Score& m : rep.scores)
          add(K::Marker, m.colour, m.name + ": " + std::to_string(m.points) + " / " + std::to_string(target));
        for (int p = 0; p < g.player_count(); ++p) {
          std::string s = name(p) + ":";
          for (int c : g.colours_of(p)) s += " " + colour_name(c) + " " + std::to_string(g.colour_supply(c));
          add(K::Seat, g.colours_of(p).empty() ? -1 : g.colours_of(p)[0], s);
        }
        add(K::Ghosts, -1,
            "Ghosts: bank " + count("ghost_bank") + ", board " + count("ghosts_on_board") + " · dogs reached " +
                count("dogs_reached"));
        add(K::Pile, -1,
            "Stack " + count("stack") + ": " + plural(rep.value("stack_tiles_left"), "tile") +
                " · Tiles left: " + tiles_left + " · ply " + std::to_string(g.ply()));
      } else {
        for (int p = 0; p < g.player_count(); ++p) {
          std::string s = colour_name(p) + " " + name(p) + ": " + plural(g.score(p), "point") + ", " +
                          plural(g.supply(p), "follower");
          s += figures(p, false);
          add(K::Seat, p, s);
        }
        if (ghosts) add(K::Ghosts, -1, "Ghost bank: " + count("ghost_bank"));
        add(K::Pile, -1, "Tiles left: " + tiles_left + " · ply " + std::to_string(g.ply()));
      }
      break;
    }
    case SummaryForm::ScoreBox: {
      if (coop) {
        for (const ViewReport::Score& m : rep.scores)
          add(K::Marker, m.colour, m.name + "  " + std::to_string(m.points) + " / " + std::to_string(target));
        add(K::Ghosts, -1, "ghost bank " + count("ghost_bank") + ", on the board " + count("ghosts_on_board"));
      } else {
        for (int p = 0; p < g.player_count(); ++p) add(K::Seat, p, name(p) + "  " + std::to_string(g.score(p)));
        if (ghosts) add(K::Ghosts, -1, "ghost bank " + count("ghost_bank"));
      }
      break;
    }
  }
  return out;
}

std::string summary_text(const std::vector<SummaryLine>& lines, std::string_view sep, bool trailing) {
  std::string s;
  for (size_t i = 0; i < lines.size(); ++i) {
    s += lines[i].text;
    if (trailing || i + 1 < lines.size()) s += sep;
  }
  return s;
}

}  // namespace tw
