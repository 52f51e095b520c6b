#include "cli/match_cmd.h"

#include <fcntl.h>
#include <poll.h>
#include <cerrno>
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
#include "engine/plural.h"
#include "engine/text.h"
#include "study/study.h"

namespace tw {

namespace {

using Clock = std::chrono::steady_clock;

// A deadline `seconds` from now; 0 seconds: none.
std::optional<Clock::time_point> deadline_in(double seconds) {
  if (seconds <= 0) return std::nullopt;
  return Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
}

std::string seconds_text(double s) { return fmt::format("{:g} s", s); }

// One engine: a child process (`sh -c CMD`, in a process group of its own) with its
// standard input and output piped. Every wait on it is bounded by a deadline: a read
// (poll) and a write (non-blocking, poll) give up when it passes.
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
      setpgid(0, 0);  // its own group: a shell's children are ended with it
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
    setpgid(pid_, pid_);  // both sides, so the group exists whichever runs first
    in_ = to[1];
    out_ = from[0];
    fcntl(in_, F_SETFL, fcntl(in_, F_GETFL) | O_NONBLOCK);
  }
  EngineProcess(const EngineProcess&) = delete;
  EngineProcess& operator=(const EngineProcess&) = delete;
  // Says quit and closes its input; an engine that has not ended within a moment (one
  // that does not read, or is stuck) is ended: SIGTERM to its group, then SIGKILL.
  ~EngineProcess() {
    if (in_ >= 0) {
      send("quit", deadline_in(0.5));
      close(in_);
    }
    if (out_ >= 0) close(out_);
    if (pid_ <= 0) return;
    const auto ended_within = [this](double seconds) {
      const auto limit = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
      for (;;) {
        const pid_t r = waitpid(pid_, nullptr, WNOHANG);
        if (r == pid_ || (r < 0 && errno != EINTR)) return true;
        if (Clock::now() >= limit) return false;
        ::usleep(10'000);
      }
    };
    if (ended_within(2)) return;
    kill(-pid_, SIGTERM);
    if (ended_within(1)) return;
    kill(-pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
  }
  bool ok() const { return in_ >= 0 && out_ >= 0; }
  const std::string& command() const { return command_; }
  // False when the engine stopped reading (or `until` passed before the line was taken).
  bool send(const std::string& line, std::optional<Clock::time_point> deadline) {
    if (in_ < 0) return false;
    const std::string s = line + "\n";
    size_t done = 0;
    while (done < s.size()) {
      const ssize_t n = ::write(in_, s.data() + done, s.size() - done);
      if (n > 0) {
        done += static_cast<size_t>(n);
        continue;
      }
      if (n < 0 && errno == EINTR) continue;
      if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK) return false;
      pollfd p{in_, POLLOUT, 0};
      if (!wait_for(p, deadline)) {
        timed_out_ = true;
        return false;
      }
    }
    return true;
  }
  // The next line: nullopt at the end of its output, or when `until` passed (`timed_out`).
  // Lines are at most 1 MB (the rest of a longer line is dropped).
  std::optional<std::string> line(std::optional<Clock::time_point> deadline, bool& timed_out) {
    timed_out = false;
    if (out_ < 0) return std::nullopt;
    for (;;) {
      if (const auto nl = buffer_.find('\n'); nl != std::string::npos) {
        std::string s = buffer_.substr(0, std::min<size_t>(nl, 1u << 20));
        buffer_.erase(0, nl + 1);
        return s;
      }
      if (eof_) {
        if (buffer_.empty()) return std::nullopt;
        std::string s = std::move(buffer_);
        buffer_.clear();
        return s;
      }
      pollfd p{out_, POLLIN, 0};
      if (!wait_for(p, deadline)) {
        timed_out = true;
        return std::nullopt;
      }
      char chunk[4096];
      const ssize_t n = ::read(out_, chunk, sizeof chunk);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        eof_ = true;
        continue;
      }
      // Past 1 MB without a line end, keep only the line's start and look for its end.
      const size_t nl = std::string_view(chunk, static_cast<size_t>(n)).find('\n');
      if (buffer_.size() > (1u << 20) && nl == std::string::npos) continue;
      buffer_.append(chunk, static_cast<size_t>(n));
    }
  }
  // Reads lines until one starting with one of `ends` (or "error"): that line, or why not.
  // `seen`: the last line on the way starting with `note`. `waiting`: what the engine was
  // asked, for the message when `until` passes ("answer hello within 10 s").
  std::optional<std::string> answer(std::initializer_list<std::string_view> ends, std::string& why,
                                    std::optional<Clock::time_point> deadline, const std::string& waiting,
                                    std::string_view note = {}, std::string* seen = nullptr) {
    for (int guard = 0; guard < 100000; ++guard) {
      bool timed_out = false;
      const auto l = line(deadline, timed_out);
      if (timed_out) {
        why = "the engine '" + command_ + "' did not " + waiting;
        timed_out_ = true;
        return std::nullopt;
      }
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
  bool timed_out() const { return timed_out_; }

 private:
  // Waits until `p` is ready (or hung up); false when `until` passed first.
  static bool wait_for(pollfd& p, std::optional<Clock::time_point> deadline) {
    for (;;) {
      int ms = -1;
      if (deadline) {
        const auto left = std::chrono::ceil<std::chrono::milliseconds>(*deadline - Clock::now()).count();
        if (left <= 0) return false;
        ms = static_cast<int>(std::min<long long>(left, 60'000));
      }
      const int r = ::poll(&p, 1, ms);
      if (r > 0) return true;
      if (r < 0 && errno != EINTR) return true;  // let the read or write report it
    }
  }

  std::string command_;
  pid_t pid_ = -1;
  int in_ = -1;
  int out_ = -1;
  std::string buffer_;  // read, not yet returned
  bool eof_ = false;
  bool timed_out_ = false;
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
  // Both start and are greeted at once; each then has until the one deadline to answer.
  for (const auto& cmd : o.engines) eng.push_back(std::make_unique<EngineProcess>(cmd));
  const auto hello_by = deadline_in(o.handshake_timeout);
  const std::string hello_wait = o.handshake_timeout > 0
                                     ? "answer hello within " + seconds_text(o.handshake_timeout) + " (--handshake-timeout)"
                                     : "answer hello";
  std::vector<bool> sent;
  for (auto& e : eng) sent.push_back(e->ok() && e->send("hello 1", hello_by));
  for (size_t i = 0; i < eng.size(); ++i) {
    EngineProcess& e = *eng[i];
    const std::string& cmd = o.engines[i];
    // An engine that has already ended fails the send (or not, if it is still exiting);
    // either way its output is read, so the answer names how it ended, not the race.
    if (!e.ok() || !e.answer({"hello"}, why, hello_by, hello_wait) || !sent[i]) {
      if (why.empty())
        why = !e.ok()          ? "cannot start '" + cmd + "'"
              : e.timed_out() ? "the engine '" + cmd + "' did not read hello within " + seconds_text(o.handshake_timeout) +
                                    " (--handshake-timeout)"
                              : "the engine '" + cmd + "' stopped reading";
      err << "tilewright match: " << why << '\n';
      return kExitInput;
    }
  }
  const auto move_wait = [&](const std::string& what) {
    return "answer " + what + (o.move_timeout > 0 ? " within " + seconds_text(o.move_timeout) + " (--move-timeout)" : "");
  };
  const auto said_why = [&](EngineProcess& e) {
    if (why.empty())
      why = e.timed_out() ? "the engine '" + e.command() + "' did not read its input within " +
                                seconds_text(o.move_timeout) + " (--move-timeout)"
                          : "the engine '" + e.command() + "' stopped reading";
    return why;
  };
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
      for (auto& e : eng) {
        const auto by = deadline_in(o.move_timeout);
        why.clear();
        if (!e->send("newgame ruleset " + o.rule_set + " players 2", by) ||
            !e->answer({"ok"}, why, by, move_wait("newgame"))) {
          err << "tilewright match: " << said_why(*e) << '\n';
          return e->timed_out() ? kExitIllegal : kExitInput;
        }
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
        // One deadline for the decision: position answered, go sent and answered.
        const auto by = deadline_in(o.move_timeout);
        why.clear();
        if (!e.send(pos, by) || !e.answer({"ok"}, why, by, move_wait("position")) ||
            !e.send(o.go.empty() ? "go" : "go " + o.go, by) ||
            !(best = e.answer({"bestmove"}, why, by, move_wait("go"), "info iterations", &info))) {
          err << "tilewright match: game " << setup.seed << ": " << said_why(e) << '\n';
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
  out << fmt::format("{} ({}, seats swapped), {}, budget: {}\n", text::counted(played, "game", "games"),
                     text::counted(o.games, "seed", "seeds"), o.rule_set,
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
