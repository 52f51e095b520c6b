// The online protocol's messages (docs/protocol.md): JSON text, one object a WebSocket
// message, every object with a "type". This file reads what a client sends, checks it
// field by field and gives a Request, or an error to send back; it never throws and
// never crashes on any bytes (fuzz/fuzz_net.cpp). The server's replies are built here too,
// so every message a client can receive has one maker.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <variant>

#include <nlohmann/json.hpp>

namespace tw::net {

// The protocol's version, sent in hello and welcome. A client older than
// kOldestProtocolVersion (or newer than kProtocolVersion) is refused with "version".
inline constexpr int kProtocolVersion = 1;
inline constexpr int kOldestProtocolVersion = 1;

// Limits on what a client sends: the bytes of one message, how deep its JSON nests,
// a name, an option's text, a room's seats.
inline constexpr size_t kMaxMessageBytes = 8 * 1024;
// A message up to this size is read and answered too_big (then the connection closes);
// a bigger one is cut off by WebSocket's own limit (close code 1009) as it arrives.
inline constexpr size_t kHardMaxMessageBytes = 4 * kMaxMessageBytes;
inline constexpr int kMaxDepth = 6;
inline constexpr size_t kMaxNameBytes = 40;
inline constexpr size_t kMaxMoveBytes = 200;
inline constexpr size_t kMaxSeats = 6;
inline constexpr size_t kRoomCodeChars = 8;
inline constexpr size_t kTokenChars = 32;  // 128 bits, hex
// A room's clock (create's "clock"): at most a day per seat, an hour's increment.
inline constexpr int64_t kMaxClockMs = 24LL * 3600 * 1000;
inline constexpr int64_t kMaxIncrementMs = 3600LL * 1000;
// The least initial time of a clock: a second (less is a forfeit before anyone can move).
inline constexpr int64_t kMinClockMs = 1000;

enum class MsgType { Hello, Create, Join, Resume, Start, Move, Ping };

// A checked request: `type` and its fields, each present and of its type when required
// (docs/protocol.md lists them).
struct Request {
  MsgType type = MsgType::Ping;
  nlohmann::json body;  // the object as sent (its fields checked)
  std::string id;       // the client's "id" echoed in the reply ("" when none)
};

// Why a request was refused: a code from docs/protocol.md's table and a sentence.
struct Refusal {
  std::string code;
  std::string message;
  std::string id;
  std::string type;  // the message's "type" when it had one (a request refused for its fields)
};

// Reads one message. Never throws.
std::variant<Request, Refusal> parse_request(std::string_view text);

// How deep brackets nest in `text` outside strings (stops counting past `limit`).
int json_depth(std::string_view text, int limit);

// A message to a client as one line of JSON (invalid UTF-8 replaced).
std::string dump(const nlohmann::ordered_json& j);
std::string error_text(const Refusal& r);

// 128 random bits from the kernel as 32 hex digits (getrandom(2)).
std::string random_token();
// A room code: kRoomCodeChars letters and digits without look-alikes (0/O, 1/I/L).
std::string random_room_code();
// A value of 64 random bits (a game's seed).
uint64_t random_u64();

// True when `s` is printable UTF-8 (no control characters) of 1..max bytes.
bool printable_name(std::string_view s, size_t max);
// Why `s` may not be a player's name ("" when it may): printable UTF-8 of 1..max bytes,
// without the invisible characters that make one name look like another in a result
// (bidirectional controls U+202A-U+202E and U+2066-U+2069, zero-width and direction marks
// U+200B-U+200F, U+2060, U+FEFF), a comma (the Players tag's separator), a leading "bot:",
// or a space at either end. `seat` false (hello's name, said but not stored): only the
// printable text and the invisible characters are checked.
std::string name_problem(std::string_view s, size_t max, bool seat = true);

}  // namespace tw::net
