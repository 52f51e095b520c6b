#include "net/protocol.h"

#include <sys/random.h>

#include <array>
#include <cerrno>
#include <stdexcept>

#include "engine/text.h"

namespace tw::net {

namespace {

using J = nlohmann::json;

Refusal refuse(std::string code, std::string message, const std::string& id = {}) {
  return Refusal{std::move(code), std::move(message), id, {}};
}

bool is_string(const J& o, const char* key) { return o.contains(key) && o[key].is_string(); }

// A required string field of at most `max` bytes; "" when fine, else why not.
std::string need_string(const J& o, const char* key, size_t max) {
  if (!o.contains(key)) return std::string("missing field '") + key + "'";
  if (!o[key].is_string()) return std::string("field '") + key + "' must be a string";
  const auto& s = o[key].get_ref<const std::string&>();
  if (s.empty() || s.size() > max)
    return std::string("field '") + key + "' must be 1.." + std::to_string(max) + " bytes";
  return {};
}

std::string need_int(const J& o, const char* key, int64_t lo, int64_t hi, bool required) {
  if (!o.contains(key)) return required ? std::string("missing field '") + key + "'" : std::string();
  if (!o[key].is_number_integer()) return std::string("field '") + key + "' must be an integer";
  const int64_t v = o[key].get<int64_t>();
  if (v < lo || v > hi)
    return std::string("field '") + key + "' must be " + std::to_string(lo) + ".." + std::to_string(hi);
  return {};
}

std::string check_seats(const J& o) {
  if (!o.contains("seats") || !o["seats"].is_array()) return "field 'seats' must be an array";
  const J& seats = o["seats"];
  if (seats.empty() || seats.size() > kMaxSeats)
    return "field 'seats' must hold 1.." + std::to_string(kMaxSeats) + " seats";
  for (size_t i = 0; i < seats.size(); ++i) {
    const J& s = seats[i];
    const std::string at = "seats[" + std::to_string(i) + "]: ";
    if (!s.is_object()) return at + "must be an object";
    if (!is_string(s, "kind")) return at + "field 'kind' must be \"human\" or \"bot\"";
    const auto& kind = s["kind"].get_ref<const std::string&>();
    if (kind != "human" && kind != "bot") return at + "field 'kind' must be \"human\" or \"bot\"";
    if (kind == "bot")
      if (auto e = need_string(s, "bot", kMaxNameBytes); !e.empty()) return at + e;
    if (s.contains("name")) {
      if (auto e = need_string(s, "name", kMaxNameBytes); !e.empty()) return at + e;
      if (auto e = name_problem(s["name"].get_ref<const std::string&>(), kMaxNameBytes); !e.empty())
        return at + "field 'name' " + e;
    }
  }
  return {};
}

// The optional 'clock' of a create: {initial_ms, increment_ms, at_zero}.
std::string check_clock(const J& o) {
  if (!o.contains("clock") || o["clock"].is_null()) return {};
  const J& c = o["clock"];
  if (!c.is_object()) return "field 'clock' must be an object {initial_ms, increment_ms, at_zero}";
  if (auto e = need_int(c, "initial_ms", kMinClockMs, kMaxClockMs, true); !e.empty()) return "clock: " + e;
  if (auto e = need_int(c, "increment_ms", 0, kMaxIncrementMs, false); !e.empty()) return "clock: " + e;
  if (c.contains("at_zero") &&
      !(c["at_zero"].is_string() && (c["at_zero"] == "forfeit" || c["at_zero"] == "bot")))
    return "clock: field 'at_zero' must be \"forfeit\" or \"bot\"";
  return {};
}

}  // namespace

int json_depth(std::string_view text, int limit) {
  int depth = 0, deepest = 0;
  bool in_string = false, escaped = false;
  for (const char c : text) {
    if (in_string) {
      if (escaped)
        escaped = false;
      else if (c == '\\')
        escaped = true;
      else if (c == '"')
        in_string = false;
      continue;
    }
    if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return deepest;
}

std::variant<Request, Refusal> parse_request(std::string_view text) {
  if (text.size() > kMaxMessageBytes)
    return refuse("too_big", "a message holds at most " + std::to_string(kMaxMessageBytes) + " bytes");
  if (json_depth(text, kMaxDepth) > kMaxDepth)
    return refuse("bad_json", "the message nests deeper than " + std::to_string(kMaxDepth) + " levels");
  J j = J::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) return refuse("bad_json", "the message is not JSON");
  if (!j.is_object()) return refuse("bad_json", "a message is a JSON object");
  std::string id;
  if (j.contains("id")) {
    if (!j["id"].is_string() || j["id"].get_ref<const std::string&>().size() > kMaxNameBytes ||
        !printable_name(j["id"].get_ref<const std::string&>(), kMaxNameBytes))
      return refuse("bad_field", "field 'id' must be printable text of 1.." + std::to_string(kMaxNameBytes) +
                                     " bytes");
    id = j["id"].get<std::string>();
  }
  if (!is_string(j, "type")) return refuse("bad_field", "missing field 'type'", id);
  const std::string& type = j["type"].get_ref<const std::string&>();
  if (type.size() > 40) return refuse("unknown_type", "unknown message type '" + text::printable(type, 40) + "'", id);
  Request r;
  r.id = id;
  std::string e;
  if (type == "hello") {
    r.type = MsgType::Hello;
    e = need_int(j, "version", 0, 1000000, true);
    if (e.empty() && j.contains("name")) {
      e = need_string(j, "name", kMaxNameBytes);
      if (e.empty()) {
        e = name_problem(j["name"].get_ref<const std::string&>(), kMaxNameBytes, /*seat=*/false);
        if (!e.empty()) e = "field 'name' " + e;
      }
    }
  } else if (type == "create") {
    r.type = MsgType::Create;
    const bool rs = j.contains("rule_set"), lv = j.contains("level");
    if (rs == lv) e = "a room plays a 'rule_set' or a 'level' (one of them)";
    if (e.empty()) e = need_string(j, rs ? "rule_set" : "level", 64);
    if (e.empty()) e = check_seats(j);
    if (e.empty()) e = check_clock(j);
    if (e.empty() && j.contains("auto_start") && !j["auto_start"].is_boolean())
      e = "field 'auto_start' must be true or false";
  } else if (type == "join") {
    r.type = MsgType::Join;
    e = need_string(j, "room", kRoomCodeChars);
    if (e.empty() && j.contains("seat") && !(j["seat"].is_string() && j["seat"] == "watch"))
      e = need_int(j, "seat", 0, static_cast<int64_t>(kMaxSeats) - 1, true);
    if (!e.empty() && e.find("'seat'") != std::string::npos) e = "field 'seat' must be a seat number or \"watch\"";
  } else if (type == "resume" || type == "start" || type == "move") {
    r.type = type == "resume" ? MsgType::Resume : type == "start" ? MsgType::Start : MsgType::Move;
    e = need_string(j, "room", kRoomCodeChars);
    if (e.empty()) e = need_string(j, "token", kTokenChars);
    if (e.empty() && r.type == MsgType::Move) {
      e = need_int(j, "ply", 0, 1000000, true);
      if (e.empty()) e = need_string(j, "move", kMaxMoveBytes);
    }
  } else if (type == "ping") {
    r.type = MsgType::Ping;
  } else {
    Refusal unknown = refuse("unknown_type", "unknown message type '" + text::printable(type, 40) + "'", id);
    unknown.type = type;
    return unknown;
  }
  if (!e.empty()) {
    Refusal bad = refuse("bad_field", type + ": " + e, id);
    bad.type = type;
    return bad;
  }
  r.body = std::move(j);
  return r;
}

std::string dump(const nlohmann::ordered_json& j) {
  return j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

std::string error_text(const Refusal& r) {
  nlohmann::ordered_json j{{"type", "error"}, {"code", r.code}, {"message", r.message}};
  if (!r.id.empty()) j["id"] = r.id;
  return dump(j);
}

namespace {
void fill_random(void* buf, size_t n) {
  auto* p = static_cast<unsigned char*>(buf);
  while (n > 0) {
    const ssize_t got = ::getrandom(p, n, 0);
    if (got < 0) {
      if (errno == EINTR) continue;
      throw std::runtime_error("getrandom failed: no random bytes for a token");
    }
    p += got;
    n -= static_cast<size_t>(got);
  }
}
}  // namespace

std::string random_token() {
  std::array<unsigned char, kTokenChars / 2> b{};
  fill_random(b.data(), b.size());
  static constexpr char kHex[] = "0123456789abcdef";
  std::string s;
  for (const unsigned char c : b) {
    s += kHex[c >> 4];
    s += kHex[c & 15];
  }
  return s;
}

std::string random_room_code() {
  static constexpr std::string_view kAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";  // 31 signs
  std::array<unsigned char, kRoomCodeChars> b{};
  fill_random(b.data(), b.size());
  std::string s;
  for (const unsigned char c : b) s += kAlphabet[c % kAlphabet.size()];
  return s;
}

uint64_t random_u64() {
  uint64_t v = 0;
  fill_random(&v, sizeof v);
  return v;
}

bool printable_name(std::string_view s, size_t max) {
  if (s.empty() || s.size() > max) return false;
  if (text::invalid_utf8_at(s) != std::string_view::npos) return false;
  for (const char c : s)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) return false;
  return true;
}

}  // namespace tw::net

namespace tw::net {

std::string name_problem(std::string_view s, size_t max, bool seat) {
  if (!printable_name(s, max)) return "must be printable text of 1.." + std::to_string(max) + " bytes";
  // The invisible code points, read from the UTF-8 (printable_name checked it is valid).
  for (size_t i = 0; i < s.size();) {
    const auto b = static_cast<unsigned char>(s[i]);
    const size_t len = b < 0x80 ? 1 : b < 0xe0 ? 2 : b < 0xf0 ? 3 : 4;
    uint32_t cp = len == 1 ? b : len == 2 ? b & 0x1fu : len == 3 ? b & 0x0fu : b & 0x07u;
    for (size_t k = 1; k < len && i + k < s.size(); ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3fu);
    i += len;
    if ((cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069))
      return "must not hold bidirectional controls (U+202A-U+202E, U+2066-U+2069)";
    if ((cp >= 0x200b && cp <= 0x200f) || cp == 0x2060 || cp == 0xfeff)
      return "must not hold zero-width characters or direction marks (U+200B-U+200F, U+2060, U+FEFF)";
    if (cp == 0x80 || (cp > 0x80 && cp < 0xa0)) return "must be printable text";  // C1 controls
  }
  if (!seat) return {};
  if (s.find(',') != std::string_view::npos) return "must not hold a comma";
  if (s.rfind("bot:", 0) == 0) return "must not start with \"bot:\"";
  if (s.front() == ' ') return "must not start with a space";
  if (s.back() == ' ') return "must not end with a space";
  return {};
}

}  // namespace tw::net
