#include "replay/verify.h"

#include "engine/bots/bots.h"
#include "engine/result.h"
#include "replay/digest.h"

namespace tw::replay {

std::string_view verify_status_name(VerifyStatus s) {
  switch (s) {
    case VerifyStatus::Ok: return "ok";
    case VerifyStatus::BadShape: return "bad shape";
    case VerifyStatus::RulesDiffer: return "rules differ";
    case VerifyStatus::SetupFailed: return "setup failed";
    case VerifyStatus::Illegal: return "illegal decision";
    case VerifyStatus::HashDiffers: return "hash differs";
    case VerifyStatus::ResultDiffers: return "result differs";
  }
  return "?";
}

VerifyReport verify(const Content& content, const GameLog& log, const std::string& where) {
  VerifyReport r;
  const auto fail = [&](VerifyStatus s, int ply, std::string msg) {
    r.status = s;
    r.ply = ply;
    r.message = where + ": " + std::move(msg);
    return r;
  };
  if (auto e = check_shape(log); !e.empty()) return fail(VerifyStatus::BadShape, -1, e);
  {
    // A seat no bot can take (bot:nosuch, bot:mcts:-5) is refused by `run`: the log
    // cannot be played again as recorded (issue 56, item 5).
    std::vector<PlayerSpec> seats;
    for (const Seat& s : log.header.players) seats.push_back({s.name, s.bot});
    if (auto problem = seat_bot_problem(seats); !problem.empty())
      return fail(VerifyStatus::SetupFailed, 0, "the seats: " + problem);
  }
  const std::string source = content.source.empty() ? "this content" : content.source;
  const RuleSet* rs = content.find_rule_set(log.header.rule_set);
  if (!rs)
    return fail(VerifyStatus::RulesDiffer, -1,
                "recorded with different rules data: rule set '" + log.header.rule_set +
                    "' is not in " + source + "; no ply was checked");
  const Level* level = log.header.level.empty() ? nullptr : content.find_level(log.header.level);
  if (!log.header.level.empty() && !level)
    return fail(VerifyStatus::RulesDiffer, -1,
                "recorded with different rules data: level '" + log.header.level + "' is not in " + source +
                    "; no ply was checked");
  const uint64_t digest = rules_digest(content, *rs, level);
  if (digest != log.header.rules_digest)
    return fail(VerifyStatus::RulesDiffer, -1,
                "recorded with different rules data: rule set '" + log.header.rule_set +
                    "' had digest " + hex64(log.header.rules_digest) + " when recorded (engine " +
                    log.header.engine_version + "), " + source + " gives " + hex64(digest) +
                    "; no ply was checked");
  Game g;
  if (auto v = Game::create(content, log.setup(), g))
    return fail(VerifyStatus::SetupFailed, 0, "the game cannot be set up: " + v->message);
  const auto hash_check = [&](int ply) -> bool {
    const uint64_t h = g.state_hash();
    if (h == log.hashes[static_cast<size_t>(ply)]) return true;
    r.expected = log.hashes[static_cast<size_t>(ply)];
    r.actual = h;
    return false;
  };
  if (!hash_check(0))
    return fail(VerifyStatus::HashDiffers, 0,
                "the state after setup (ply 0) differs: hash " + hex64(r.actual) +
                    ", recorded " + hex64(r.expected) + " (seed, seats or draw pile differ)");
  for (int ply = 1; ply <= log.plies(); ++ply) {
    const std::string& d = log.decisions[static_cast<size_t>(ply - 1)];
    std::string why;
    const auto o = g.parse_option(d, &why);
    if (!o)
      return fail(VerifyStatus::Illegal, ply, "ply " + std::to_string(ply) + " '" + d +
                                                  "' is illegal here: " + why);
    g.apply(*o);
    if (!hash_check(ply))
      return fail(VerifyStatus::HashDiffers, ply,
                  "ply " + std::to_string(ply) + " '" + d + "': the state hash " +
                      hex64(r.actual) + " differs from the recorded " + hex64(r.expected) +
                      " (first diverging ply)");
  }
  if (g.finished() != log.finished ||
      (result_text(g) != log.result && scores_text(g) != log.result && legacy_scores_text(g) != log.result))
    return fail(VerifyStatus::ResultDiffers, log.plies(),
                "every ply matched, but the log says " +
                    std::string(log.finished ? "finished" : "unfinished") + " '" + log.result +
                    "' and the replay gives " + (g.finished() ? "finished" : "unfinished") +
                    " '" + result_text(g) + "'");
  r.message = where + ": ok, " + std::to_string(log.plies()) + " plies, every state hash matches";
  return r;
}

std::optional<Game> play_log(const Content& content, const GameLog& log) {
  Game g;
  if (Game::create(content, log.setup(), g)) return std::nullopt;
  for (const std::string& d : log.decisions)
    if (g.apply(std::string_view(d))) return std::nullopt;
  return g;
}

}  // namespace tw::replay
