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
  return Refusal{std::move(code), std::move(message), id};
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
      const auto& name = s["name"].get_ref<const std::string&>();
      if (!printable_name(name, kMaxNameBytes)) return at + "field 'name' must be printable text";
      // The record's Players tag lists the names with commas, and "bot:" names a bot there.
      if (name.find(',') != std::string::npos || name.rfind("bot:", 0) == 0 || name.front() == ' ' ||
          name.back() == ' ')
        return at + "field 'name' must not hold a comma, start with \"bot:\" or with a space";
    }
  }
  return {};
}

// The optional 'clock' of a create: {initial_ms, increment_ms, at_zero}.
std::string check_clock(const J& o) {
  if (!o.contains("clock") || o["clock"].is_null()) return {};
  const J& c = o["clock"];
  if (!c.is_object()) return "field 'clock' must be an object {initial_ms, increment_ms, at_zero}";
  if (auto e = need_int(c, "initial_ms", 0, kMaxClockMs, true); !e.empty()) return "clock: " + e;
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
  Request r;
  r.id = id;
  std::string e;
  if (type == "hello") {
    r.type = MsgType::Hello;
    e = need_int(j, "version", 0, 1000000, true);
    if (e.empty() && j.contains("name")) {
      e = need_string(j, "name", kMaxNameBytes);
      if (e.empty() && !printable_name(j["name"].get_ref<const std::string&>(), kMaxNameBytes))
        e = "field 'name' must be printable text";
    }
  } else if (type == "create") {
    r.type = MsgType::Create;
    const bool rs = j.contains("rule_set"), lv = j.contains("level");
    if (rs == lv) e = "a room plays a 'rule_set' or a 'level' (one of them)";
    if (e.empty()) e = need_string(j, rs ? "rule_set" : "level", 64);
    if (e.empty()) e = check_seats(j);
    if (e.empty()) e = check_clock(j);
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
    return refuse("unknown_type", "unknown message type '" + text::printable(type, 40) + "'", id);
  }
  if (!e.empty()) return refuse("bad_field", type + ": " + e, id);
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
