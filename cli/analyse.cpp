#include "cli/analyse.h"

#include "cli/colour.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <map>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "analysis/analysis.h"
#include "cli/commands.h"
#include "cli/progress.h"
#include "cli/files.h"
#include "engine/bots/mcts.h"
#include "engine/plural.h"
#include "engine/text.h"
#include "engine/tgn.h"
#include "replay/archive.h"
#include "replay/replay_store.h"
#include "replay/tgn_io.h"
#include "schema/paths.h"
#include "schema/store.h"

namespace tw {

namespace {

struct Fail {
  int code;
  std::string message;
};

// "mcts", "mcts:N", "bot:mcts:N": the iterations a ply; nullopt for anything else.
std::optional<int> search_budget(std::string name) {
  if (name.rfind("bot:", 0) == 0) name = name.substr(4);
  if (name == "mcts") return kMctsQuickIterations;
  if (name.rfind("mcts:", 0) != 0) return std::nullopt;
  const std::string n = name.substr(5);
  int v = 0;
  const auto r = std::from_chars(n.data(), n.data() + n.size(), v);
  if (r.ec != std::errc() || r.ptr != n.data() + n.size() || v < 1 || v > 10'000'000) return std::nullopt;
  return v;
}

Store open_store(const AnalyseOptions& o) {
  const std::string path = resolve_db_path(o.db);
  // Read-only, an old schema read through a copy upgraded in memory (Store::open).
  return Store::open(path, o.annotate ? Store::Mode::ReadWrite : Store::Mode::ReadOnly);
}

std::string fixed1(double v) { return fmt::format("{:.1f}", v); }

}  // namespace

std::string player_summary(const std::string& name, int player, const std::array<int, 4>& counts, double mean_loss,
                           const std::string& unit, bool colour) {
  const auto& c = counts;
  return paint(name, player, colour) + " (" +
         (player >= 0 && player < kMaxPlayers ? std::string(kColourNames[static_cast<size_t>(player)]) : std::string("-")) + "): " +
         text::counted(c[0], "ply", "plies") + ", " + text::counted(c[1], "inaccuracy", "inaccuracies") + " (?!), " +
         text::counted(c[2], "mistake", "mistakes") + " (?), " + text::counted(c[3], "blunder", "blunders") +
         " (?\?), mean loss " + fixed1(mean_loss) + " " + unit + "\n";
}

namespace {

}  // namespace

int cmd_analyse(const AnalyseOptions& o, std::ostream& out, std::ostream& err) {
  const auto fail_out = [&](int code, const std::string& message) {
    command_failed(err, "analyse", message, code);
    if (o.json) {
      nlohmann::ordered_json j;
      j["error"] = message;
      j["ply"] = nullptr;
      j["line"] = nullptr;
      out << json_text(j) << '\n';
    }
    return code;
  };
  try {
    if (o.file.empty() == !o.replay) throw Fail{kExitInput, "give either a record FILE.tgn or --replay ID"};
    const auto budget = search_budget(o.bot);
    if (!budget)
      throw Fail{kExitInput, "the analysis needs the search bot: --bot mcts or mcts:N, not '" +
                                 text::printable(o.bot, 60) + "'"};
    if (o.annotate && !o.replay && o.out_file.empty())
      throw Fail{kExitInput, "--annotate with a record FILE.tgn writes the annotated record to --out FILE"};
    if (!o.out_file.empty() && !o.annotate) throw Fail{kExitInput, "--out goes with --annotate"};
    if (o.threads < 0 || o.threads > 256) throw Fail{kExitInput, "--threads: 0 (every core) to 256"};

    // The replay: stored, or imported from the record (every move checked by the engine).
    std::optional<Store> store;
    std::optional<Content> content;
    replay::Replay r;
    std::string source;
    if (o.replay) {
      store.emplace(open_store(o));
      content.emplace(store->load_content());
      replay::ReplayStore rs(*store);
      if (!rs.exists(*o.replay)) throw Fail{kExitInput, "there is no " + replay::ReplayStore::where(*o.replay)};
      r = rs.load(*o.replay);
      source = replay::ReplayStore::where(*o.replay);
    } else {
      int code = kExitDatabase;
      std::ostringstream load_err;
      content = load_db(DbOptions{o.db}, load_err, &code);
      if (!content) {
        std::string m = load_err.str();
        while (!m.empty() && m.back() == '\n') m.pop_back();
        if (m.rfind("tilewright: ", 0) == 0) m = m.substr(12);
        throw Fail{code, m};
      }
      source = text::printable(o.file, 1000);
      std::string why;
      const auto textual = read_text_file(o.file, tgn::kMaxRecordBytes, "a game record", &why);
      if (!textual) throw Fail{kExitInput, why};
      const auto parsed = tgn::parse(*textual);
      if (!parsed.record) {
        const auto& e = parsed.errors.front();
        throw Fail{kExitInput, source + ":" + std::to_string(e.line) + ":" + std::to_string(e.column) + ": " + e.message};
      }
      auto imported = replay::import_record(*content, *parsed.record, source);
      if (!imported.replay) throw Fail{kExitIllegal, imported.errors.front()};
      r = std::move(*imported.replay);
    }

    analysis::Settings s;
    s.iterations = *budget;
    s.seed = o.seed;
    s.threads = o.threads;
    s.win = o.win;
    s.min_visits = o.min_visits;
    s.from = o.from;
    s.to = o.to;
    if (o.from < 0 || o.to < 0 || (o.to > 0 && o.from > o.to)) throw Fail{kExitInput, "--from and --to: plies, from <= to"};
    if (o.from > r.log.plies())
      throw Fail{kExitInput, source + " has plies 1.." + std::to_string(r.log.plies()) + ", not " + std::to_string(o.from)};
    {
      Game g;
      if (auto v = Game::create(*content, r.log.setup(), g)) throw Fail{kExitInput, source + ": " + v->message};
      analysis::Thresholds t = analysis::default_thresholds(analysis::measure_for(g, o.win));
      if (o.inaccuracy) t.inaccuracy = *o.inaccuracy;
      if (o.mistake) t.mistake = *o.mistake;
      if (o.blunder) t.blunder = *o.blunder;
      if (!(t.inaccuracy > 0 && t.inaccuracy <= t.mistake && t.mistake <= t.blunder))
        throw Fail{kExitInput, "thresholds must be 0 < --inaccuracy <= --mistake <= --blunder (now " + fixed1(t.inaccuracy) +
                                   ", " + fixed1(t.mistake) + ", " + fixed1(t.blunder) + ")"};
      s.thresholds = t;
    }
    std::function<void(int, int)> progress;
    Progress bar(err, "plies", o.progress);
    if (o.progress) progress = [&bar](int done, int total) { bar.update(done, total); };
    const analysis::Analysis a = analysis::analyse_replay(*content, r, s, o.variations, progress);
    bar.finish();
    if (!a.error.empty()) throw Fail{kExitIllegal, source + ": " + a.error};

    std::vector<PlayerSpec> seats;
    for (const auto& seat : r.log.header.players) seats.push_back({seat.name, seat.bot});
    const auto name_of = [&](int p) {  // distinct even for seats with equal names
      return p >= 0 && static_cast<size_t>(p) < seats.size() ? seat_label(seats, static_cast<size_t>(p)) : std::string("-");
    };
    const std::string unit = a.measure == analysis::Measure::Margin ? "points" : "percentage points";
    if (o.json) {
      for (const auto& e : a.plies) {
        nlohmann::ordered_json j;
        j["ply"] = e.ply;
        j["node"] = e.node.empty() ? std::to_string(e.ply) : e.node;
        j["player"] = e.player;
        j["name"] = name_of(e.player);
        j["played"] = e.played;
        j["best"] = e.best;
        j["best_line"] = e.best_line;
        j["eval_before"] = e.eval_before;
        j["eval_after"] = e.eval_after;
        j["loss"] = e.loss;
        j["glyph"] = e.glyph;
        j["legal"] = e.legal;
        j["visits_best"] = e.visits_best;
        j["visits_played"] = e.visits_played;
        j["measure"] = std::string(analysis::measure_name(a.measure));
        out << json_text(j) << '\n';
      }
    } else {
      std::ostringstream t;
      t << "Analysis of " << source << " (" << r.log.header.rule_set
        << (r.log.header.level.empty() ? "" : " " + r.log.header.level) << "): mcts:" << a.iterations << ", seed "
        << a.seed << "; " << (a.measure == analysis::Measure::Margin ? "expected final score margin"
                               : a.measure == analysis::Measure::Win ? "win chance"
                                                                     : "the team's chances")
        << " from the mover's view, loss in " << unit << "; ?! from " << fixed1(a.thresholds.inaccuracy) << ", ? from "
        << fixed1(a.thresholds.mistake) << ", ?? from " << fixed1(a.thresholds.blunder) << "\n";
      size_t name_width = 10;  // the whole name, however long: bot:mcts:50 and bot:mcts:500 differ
      for (const auto& e : a.plies) name_width = std::max(name_width, name_of(e.player).size());
      for (const auto& e : a.plies) {
        t << fmt::format("{:>4} {:<{}} {:<34} {:>7} -> {:>7}", e.node.empty() ? std::to_string(e.ply) : e.node,
                         name_of(e.player), name_width,
                         e.played + (e.glyph.empty() ? "" : " " + e.glyph), analysis::eval_text(e.eval_before, a.measure),
                         analysis::eval_text(e.eval_after, a.measure));
        if (e.loss > 0) t << "  loss " << fixed1(e.loss) << "  best: " << e.best;
        t << '\n';
      }
      std::map<int, std::array<int, 4>> by;
      std::map<int, double> lost;
      for (const auto& e : a.plies) {
        if (!e.node.empty()) continue;  // the game as played
        auto& c = by[e.player];
        ++c[0];
        if (e.glyph == "?!") ++c[1];
        if (e.glyph == "?") ++c[2];
        if (e.glyph == "??") ++c[3];
        lost[e.player] += e.loss;
      }
      out << text::printable_lines(t.str());
      // The names escaped first, then painted: the colour's escape codes are ours.
      const bool colour = colour_wanted(out);
      for (const auto& [p, c] : by)
        out << player_summary(text::printable(name_of(p)), p, c, lost[p] / c[0], unit, colour);
    }

    if (o.annotate) {
      const analysis::AnnotateReport rep = analysis::annotate(*content, r, a);
      if (auto e = replay::check_tree(r); !e.empty()) throw Fail{kExitIllegal, "the annotated tree is not valid: " + e};
      std::ostream& say = o.json ? err : out;
      if (o.replay) {
        // The evaluations go with the marks, as the editor's "Keep analysis" keeps them, so
        // the review's graph shows them. Plies outside the analysed range keep what was
        // kept before, if it was measured the same way; otherwise the new analysis replaces it.
        std::vector<replay::PlyEvaluation> fresh = analysis::kept_evaluations(a);
        if (!fresh.empty()) {
          const int lo = fresh.front().ply, hi = fresh.back().ply;
          std::vector<replay::PlyEvaluation> merged;
          for (const auto& e : r.evaluations)
            if (e.measure == fresh.front().measure && (e.ply < lo || e.ply > hi)) merged.push_back(e);
          merged.insert(merged.end(), fresh.begin(), fresh.end());
          std::stable_sort(merged.begin(), merged.end(),
                           [](const replay::PlyEvaluation& x, const replay::PlyEvaluation& y) { return x.ply < y.ply; });
          r.evaluations = std::move(merged);
        }
        replay::ReplayStore(*store).save(r);  // one transaction
      } else {
        std::string why;
        if (!write_file_atomic(o.out_file, replay::export_tgn(r), &why)) throw Fail{kExitInput, why};
      }
      say << "Annotated " << (o.replay ? source : text::printable(o.out_file, 1000)) << ": "
          << text::counted(rep.marked, "marked ply", "marked plies") << ", " << text::counted(rep.glyphs, "glyph", "glyphs")
          << ", " << text::counted(rep.comments, "comment", "comments") << ", "
          << text::counted(rep.variations, "variation", "variations");
      if (rep.kept_comments > 0)
        say << "; " << rep.kept_comments << " human comment" << (rep.kept_comments == 1 ? "" : "s")
            << " kept (the analysis went on the variation)";
      if (rep.kept_glyphs > 0) say << "; " << rep.kept_glyphs << " glyph" << (rep.kept_glyphs == 1 ? "" : "s") << " kept";
      say << '\n';
      for (const auto& p : rep.problems) err << "tilewright analyse: " << text::printable(p, 1000) << '\n';
    }
    return kExitOk;
  } catch (const Fail& f) {
    return fail_out(f.code, f.message);
  } catch (const replay::ReplayError& e) {
    return fail_out(kExitInput, e.what());
  } catch (const StoreError& e) {
    return fail_out(db_exit_code(e), e.what());
  } catch (const std::exception& e) {
    return fail_out(db_exit_code(e), e.what());
  }
}

}  // namespace tw
