#include "cli/match_cmd.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <ostream>

#include <fmt/format.h>

#include "cli/commands.h"
#include "engine/game.h"
#include "engine/text.h"
#include "study/study.h"

namespace tw {

namespace {

// One engine: a child process (`sh -c CMD`) with its standard input and output piped.
class EngineProcess {
 public:
  explicit EngineProcess(const std::string& command) : command_(command) {
    // Close-on-exec: the other engine must not hold this one's pipes open.
    int to[2], from[2];
    if (pipe2(to, O_CLOEXEC) != 0) return;
    if (pipe2(from, O_CLOEXEC) != 0) {
      close(to[0]);
      close(to[1]);
      return;
    }
    pid_ = fork();
    if (pid_ == 0) {
      dup2(to[0], 0);
      dup2(from[1], 1);
      close(to[0]);
      close(to[1]);
      close(from[0]);
      close(from[1]);
      execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
      _exit(127);
    }
    close(to[0]);
    close(from[1]);
    if (pid_ < 0) {
      close(to[1]);
      close(from[0]);
      return;
    }
    in_ = fdopen(to[1], "w");
    out_ = fdopen(from[0], "r");
  }
  ~EngineProcess() {
    if (in_) {
      std::fputs("quit\n", in_);
      std::fclose(in_);
    }
    if (out_) std::fclose(out_);
    if (pid_ > 0) waitpid(pid_, nullptr, 0);
  }
  bool ok() const { return in_ && out_; }
  const std::string& command() const { return command_; }
  bool send(const std::string& line) {
    if (!in_) return false;
    return std::fputs((line + "\n").c_str(), in_) >= 0 && std::fflush(in_) == 0;
  }
  // The next line, or nullopt at the end of its output. Lines are at most 1 MB.
  std::optional<std::string> line() {
    if (!out_) return std::nullopt;
    std::string s;
    for (int c; (c = std::fgetc(out_)) != EOF;) {
      if (c == '\n') return s;
      if (s.size() < (1u << 20)) s += static_cast<char>(c);
    }
    if (s.empty()) return std::nullopt;
    return s;
  }
  // Reads lines until one starting with one of `ends` (or "error"): that line, or why not.
  // `seen`: the last line on the way starting with `note`.
  std::optional<std::string> until(std::initializer_list<std::string_view> ends, std::string& why,
                                   std::string_view note = {}, std::string* seen = nullptr) {
    for (int guard = 0; guard < 100000; ++guard) {
      const auto l = line();
      if (l && seen && !note.empty() && l->rfind(note, 0) == 0) *seen = *l;
      if (!l) {
        why = "the engine '" + command_ + "' ended its output";
        return std::nullopt;
      }
      if (l->rfind("error", 0) == 0) {
        why = "the engine '" + command_ + "' said: " + text::printable(*l, 500);
        return std::nullopt;
      }
      for (const auto e : ends)
        if (l->rfind(e, 0) == 0) return l;
    }
    why = "the engine '" + command_ + "' said too much without answering";
    return std::nullopt;
  }

 private:
  std::string command_;
  pid_t pid_ = -1;
  FILE* in_ = nullptr;
  FILE* out_ = nullptr;
};

std::vector<std::string> split_turn(const std::string& s) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start <= s.size()) {
    size_t end = s.find(';', start);
    if (end == std::string::npos) end = s.size();
    std::string part = s.substr(start, end - start);
    part.erase(0, part.find_first_not_of(' '));
    if (const auto last = part.find_last_not_of(' '); last != std::string::npos) part.erase(last + 1);
    if (!part.empty()) out.push_back(part);
    start = end + 1;
  }
  return out;
}

}  // namespace

int cmd_match(const Content& c, const MatchOptions& o, std::ostream& out, std::ostream& err) {
  if (o.engines.size() != 2) {
    err << "tilewright match: give two engines (--engine CMD --engine CMD)\n";
    return kExitInput;
  }
  signal(SIGPIPE, SIG_IGN);  // an engine that dies is reported, not fatal
  std::vector<std::unique_ptr<EngineProcess>> eng;
  std::string why;
  for (const auto& cmd : o.engines) {
    eng.push_back(std::make_unique<EngineProcess>(cmd));
    EngineProcess& e = *eng.back();
    // An engine that has already ended fails the send (or not, if it is still exiting);
    // either way its output is read, so the answer names how it ended, not the race.
    const bool sent = e.ok() && e.send("hello 1");
    if (!e.ok() || !e.until({"hello"}, why) || !sent) {
      if (why.empty()) why = e.ok() ? "the engine '" + cmd + "' stopped reading" : "cannot start '" + cmd + "'";
      err << "tilewright match: " << why << '\n';
      return kExitInput;
    }
  }
  double points[2] = {0, 0};  // engine i's games won (a tie half)
  double scores[2] = {0, 0};
  int played = 0;
  double overhead_ms = 0;  // wall time of position + go minus the engine's own search time
  int asked = 0;
  for (int gi = 0; gi < o.games; ++gi) {
    for (int swap = 0; swap < 2; ++swap) {
      // Seat s is played by engine seat_engine[s].
      const int seat_engine[2] = {swap, 1 - swap};
      GameSetup setup;
      setup.rule_set = o.rule_set;
      setup.seed = o.seed + static_cast<uint64_t>(gi);
      setup.players = parse_players("P1, P2");
      Game g;
      if (auto v = Game::create(c, setup, g)) {
        err << "tilewright match: " << v->message << '\n';
        return kExitInput;
      }
      for (auto& e : eng)
        if (!e->send("newgame ruleset " + o.rule_set + " players 2") || !e->until({"ok"}, why)) {
          err << "tilewright match: " << why << '\n';
          return kExitInput;
        }
      std::vector<std::string> moves;
      while (!g.finished()) {
        const int p = g.pending().player;
        EngineProcess& e = *eng[static_cast<size_t>(seat_engine[p])];
        std::string pos = "position draw";
        for (const uint16_t t : g.tiles_drawn()) pos += " " + c.tiles[t].id;
        pos += " moves";
        for (const auto& m : moves) pos += " " + m;
        std::optional<std::string> best;
        std::string info;
        const auto t0 = std::chrono::steady_clock::now();
        if (!e.send(pos) || !e.until({"ok"}, why) || !e.send(o.go.empty() ? "go" : "go " + o.go) ||
            !(best = e.until({"bestmove"}, why, "info iterations", &info))) {
          err << "tilewright match: game " << setup.seed << ": " << why << '\n';
          return kExitIllegal;
        }
        // "info iterations N reused R time MS ...": the search's own time.
        if (const auto at = info.find(" time "); at != std::string::npos) {
          const double wall = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
          overhead_ms += wall - std::strtod(info.c_str() + at + 6, nullptr);
          ++asked;
        }
        const auto turn = split_turn(best->substr(8));
        bool any = false;
        for (const auto& t : turn) {
          if (g.finished() || g.pending().player != p) break;
          const auto option = g.parse_option(t);
          if (!option || g.apply(*option)) {
            if (!any) {
              err << "tilewright match: game " << setup.seed << ": the engine '" << e.command()
                  << "' answered an illegal decision: " << text::printable(t, 200) << '\n';
              return kExitIllegal;
            }
            break;
          }
          moves.push_back(g.to_string(*option));
          any = true;
        }
        if (!any) {
          err << "tilewright match: game " << setup.seed << ": the engine '" << e.command() << "' answered no decision\n";
          return kExitIllegal;
        }
      }
      const int64_t s0 = g.score(0), s1 = g.score(1);
      const int a = seat_engine[0], b = seat_engine[1];
      scores[a] += static_cast<double>(s0);
      scores[b] += static_cast<double>(s1);
      points[a] += s0 > s1 ? 1 : s0 == s1 ? 0.5 : 0;
      points[b] += s1 > s0 ? 1 : s0 == s1 ? 0.5 : 0;
      ++played;
      if (!o.quiet)
        out << fmt::format("game {} seed {}: engine {} (first) {} - engine {} {}\n", played, setup.seed, a + 1, s0,
                           b + 1, s1)
            << std::flush;
    }
  }
  const study::Interval w = study::wilson(points[0], played);
  out << fmt::format("{} games ({} seeds, seats swapped), {}, budget: {}\n", played, o.games, o.rule_set,
                     o.go.empty() ? "the engines' own" : o.go);
  for (int i = 0; i < 2; ++i)
    out << fmt::format("engine {}: {} — {:.1f} points of {} ({:.1f}%), mean score {:.1f}\n", i + 1, o.engines[static_cast<size_t>(i)],
                       points[i], played, 100.0 * points[i] / played, scores[i] / played);
  out << fmt::format("engine 1 scores {:.1f}% (95% interval {:.1f}-{:.1f}%)\n", 100 * w.mean, 100 * w.lo, 100 * w.hi);
  if (asked > 0)
    out << fmt::format("protocol overhead: {:.2f} ms a decision (position + go, wall time, minus the search's own)\n",
                       overhead_ms / asked);
  return kExitOk;
}

}  // namespace tw
