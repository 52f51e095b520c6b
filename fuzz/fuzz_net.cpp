// libFuzzer target: the online protocol's reader (net/protocol.h) on any bytes, and the
// Hub (net/hub.h) answering them on an in-memory database. Besides crashes, sanitizer
// reports and timeouts, it traps when a promise breaks: every message gets exactly one
// answer that is a JSON object with a "type", a refusal carries a code from the
// protocol's table, and a refused message changes no room.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <variant>

#include <nlohmann/json.hpp>

#include "net/hub.h"
#include "net/protocol.h"
#include "schema/store.h"

namespace {

const std::set<std::string> kCodes = {"too_big", "bad_json", "bad_field", "unknown_type", "hello_first",
                                      "version", "unknown_rules", "busy", "no_room", "no_seat",
                                      "seat_taken", "room_full", "bad_token", "not_open", "seats_free",
                                      "not_playing", "stale_ply", "not_your_turn", "illegal", "storage",
                                      "rate_limited", "too_many_rooms", "hello_timeout", "timed_out"};

struct World {
  tw::Store store = tw::Store::open_scratch("", "fuzz");
  tw::Content content = store.load_content();
  std::vector<std::string> sent;
  tw::net::Hub hub{content, store, [this](tw::net::ConnId, const std::string& t) { sent.push_back(t); }};
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto r = tw::net::parse_request(text);
  if (const auto* bad = std::get_if<tw::net::Refusal>(&r)) {
    if (!kCodes.count(bad->code) || bad->message.empty()) __builtin_trap();
    const auto j = nlohmann::json::parse(tw::net::error_text(*bad), nullptr, false);
    if (j.is_discarded() || j["type"] != "error") __builtin_trap();
  }
  // The Hub on an empty database (no rule sets: a create is refused): a hello, then the bytes.
  static World* w = new World;
  w->sent.clear();
  w->hub.opened(1);
  w->hub.message(1, R"({"type":"hello","version":1})");
  const size_t rooms = w->hub.rooms();
  w->hub.message(1, text);
  if (w->sent.size() < 2) __builtin_trap();
  for (const auto& s : w->sent) {
    const auto j = nlohmann::json::parse(s, nullptr, false);
    if (j.is_discarded() || !j.is_object() || !j.contains("type")) __builtin_trap();
    if (j["type"] == "error" && !kCodes.count(j["code"].get<std::string>())) __builtin_trap();
  }
  if (std::holds_alternative<tw::net::Refusal>(r) && w->hub.rooms() != rooms) __builtin_trap();
  w->hub.closed(1);
  return 0;
}
