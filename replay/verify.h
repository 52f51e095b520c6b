// Verification: replays a game log on the current rules data and compares the state
// hash after every ply with the recorded one, naming the first ply that differs.
//
// Order of the checks, so the first message is the one that explains the rest: the log's
// shape, then the rules data (a log recorded with other rules data says so before any
// ply is played: its digest differs), then setup (the hash after setup is "ply 0"), then
// each ply in turn (an illegal decision or a hash that differs), then the result. Every
// outcome is a value; nothing here throws on a bad log.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "engine/content.h"
#include "replay/log.h"

namespace tw::replay {

enum class VerifyStatus : uint8_t {
  Ok,
  BadShape,       // check_shape failed
  RulesDiffer,    // the rule set is missing or its digest differs
  SetupFailed,    // Game::create refused the header's setup
  Illegal,        // a decision is not legal where the log has it
  HashDiffers,    // the state after a ply (or after setup: ply 0) is not the recorded one
  ResultDiffers,  // every ply matched, but the end of the game or the scores differ
};
std::string_view verify_status_name(VerifyStatus s);

struct VerifyReport {
  VerifyStatus status = VerifyStatus::Ok;
  int ply = -1;          // the first ply that differs (0 = the setup), -1 when none
  uint64_t expected = 0, actual = 0;  // HashDiffers: the recorded and the replayed hash
  std::string message;   // one line, starting with `where`
  bool ok() const { return status == VerifyStatus::Ok; }
};

// `where` names the log in messages ("replay 7", a file name).
VerifyReport verify(const Content& content, const GameLog& log, const std::string& where);

// The log's game played to its last ply, or nullopt when it cannot be set up or a
// decision is illegal (verify says which).
std::optional<Game> play_log(const Content& content, const GameLog& log);

}  // namespace tw::replay
