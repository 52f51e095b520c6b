#include "present/summary.h"

#include "engine/plural.h"
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
  const bool guards = g.rules().guards || g.rules().general_guards;
  const int target = is_coop(g) ? coop_level(g)->target : 0;
  const std::string tiles_left = std::to_string(g.tiles_left());

  switch (form) {
    case SummaryForm::Text: {
      add(K::Heading, -1, "Ruleset " + g.rule_set().id + " · ply " + std::to_string(g.ply()) + " · tiles left " + tiles_left);
      for (int p = 0; is_coop(g) && p < g.player_count(); ++p) {
        std::string s = "  " + name(p) + ": " + plural(g.supply(p), "follower") + " in supply (";
        for (size_t i = 0; i < g.colours_of(p).size(); ++i) {
          const int c = g.colours_of(p)[i];
          s += (i ? ", " : "") + colour_name(c) + ' ' + std::to_string(g.colour_supply(c));
        }
        add(K::Seat, g.colours_of(p).empty() ? -1 : g.colours_of(p)[0], s + ")");
      }
      for (int p = 0; !is_coop(g) && p < g.player_count(); ++p) {
        std::string s = "  " + colour_name(p) + "  " + name(p) + ": " + plural(g.score(p), "point") + ", " +
                        plural(g.supply(p), "follower");
        if (guards)
          s += ", " + plural(g.guard_supply(p), "guard") + " (" + std::to_string(g.general_guards(p)) +
               " in the general supply)";
        add(K::Seat, p, s + " in supply");
      }
      if (uses_ghosts(g)) add(K::Ghosts, -1, "  ghost bank: " + std::to_string(ghost_bank(g)));
      if (is_coop(g))
        add(K::Heading, -1,
            "  level " + coop_level(g)->id + " · " + coop_scores_text(g) + " of " + std::to_string(target) +
                " · ghost bank " + std::to_string(ghost_bank(g)) + ", on the board " +
                std::to_string(ghosts_on_board(g)) + " · stack " + std::to_string(current_stack(g) + 1) + " (" +
                plural(stack_tiles_left(g), "tile") + " left) · dogs reached " +
                std::to_string(dogs_reached(g)));
      break;
    }
    case SummaryForm::Panel: {
      if (is_coop(g)) {
        add(K::Heading, -1, coop_level(g)->id + " — " + coop_level(g)->name);
        for (size_t i = 0; i < marker_colours(g).size(); ++i) {
          const int c = marker_colours(g)[i];
          add(K::Marker, c,
              (c < 0 ? std::string("team") : colour_name(c)) + ": " + std::to_string(marker_score(g, i)) + " / " +
                  std::to_string(target));
        }
        for (int p = 0; p < g.player_count(); ++p) {
          std::string s = name(p) + ":";
          for (int c : g.colours_of(p)) s += " " + colour_name(c) + " " + std::to_string(g.colour_supply(c));
          add(K::Seat, g.colours_of(p).empty() ? -1 : g.colours_of(p)[0], s);
        }
        add(K::Ghosts, -1,
            "Ghosts: bank " + std::to_string(ghost_bank(g)) + ", board " + std::to_string(ghosts_on_board(g)) +
                " · dogs reached " + std::to_string(dogs_reached(g)));
        add(K::Pile, -1,
            "Stack " + std::to_string(current_stack(g) + 1) + ": " + plural(stack_tiles_left(g), "tile") +
                " · Tiles left: " + tiles_left + " · ply " + std::to_string(g.ply()));
      } else {
        for (int p = 0; p < g.player_count(); ++p) {
          std::string s = colour_name(p) + " " + name(p) + ": " + plural(g.score(p), "point") + ", " +
                          plural(g.supply(p), "follower");
          if (guards) s += ", " + plural(g.guard_supply(p), "guard");
          add(K::Seat, p, s);
        }
        if (uses_ghosts(g)) add(K::Ghosts, -1, "Ghost bank: " + std::to_string(ghost_bank(g)));
        add(K::Pile, -1, "Tiles left: " + tiles_left + " · ply " + std::to_string(g.ply()));
      }
      break;
    }
    case SummaryForm::ScoreBox: {
      if (is_coop(g)) {
        for (size_t i = 0; i < marker_colours(g).size(); ++i) {
          const int c = marker_colours(g)[i];
          add(K::Marker, c,
              (c < 0 ? std::string("team") : colour_name(c)) + "  " + std::to_string(marker_score(g, i)) + " / " +
                  std::to_string(target));
        }
        add(K::Ghosts, -1,
            "ghost bank " + std::to_string(ghost_bank(g)) + ", on the board " + std::to_string(ghosts_on_board(g)));
      } else {
        for (int p = 0; p < g.player_count(); ++p) add(K::Seat, p, name(p) + "  " + std::to_string(g.score(p)));
        if (uses_ghosts(g)) add(K::Ghosts, -1, "ghost bank " + std::to_string(ghost_bank(g)));
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
