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
inline constexpr int kMaxDepth = 6;
inline constexpr size_t kMaxNameBytes = 40;
inline constexpr size_t kMaxMoveBytes = 200;
inline constexpr size_t kMaxSeats = 6;
inline constexpr size_t kRoomCodeChars = 8;
inline constexpr size_t kTokenChars = 32;  // 128 bits, hex
// A room's clock (create's "clock"): at most a day per seat, an hour's increment.
inline constexpr int64_t kMaxClockMs = 24LL * 3600 * 1000;
inline constexpr int64_t kMaxIncrementMs = 3600LL * 1000;

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

}  // namespace tw::net
