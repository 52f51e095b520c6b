// The protocol's reader (net/protocol.h): bad input is refused with a code, never thrown.
#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "net/protocol.h"

using namespace tw::net;

namespace {
std::string refusal_code(std::string_view text) {
  auto r = parse_request(text);
  if (auto* bad = std::get_if<Refusal>(&r)) return bad->code;
  return "";
}
}  // namespace

TEST_CASE("protocol: malformed JSON, wrong shapes and unknown types are refused with a code") {
  CHECK(refusal_code("") == "bad_json");
  CHECK(refusal_code("{") == "bad_json");
  CHECK(refusal_code("\xff\xfe") == "bad_json");
  CHECK(refusal_code("[1,2]") == "bad_json");
  CHECK(refusal_code("\"hello\"") == "bad_json");
  CHECK(refusal_code("{}") == "bad_field");
  CHECK(refusal_code(R"({"type": 3})") == "bad_field");
  CHECK(refusal_code(R"({"type": "teleport"})") == "unknown_type");
  CHECK(refusal_code(R"({"type": "hello"})") == "bad_field");
  CHECK(refusal_code(R"({"type": "hello", "version": "1"})") == "bad_field");
  CHECK(refusal_code(R"({"type": "move", "room": "ABCDEFGH", "token": "x", "ply": -1, "move": "pass"})") ==
        "bad_field");
  CHECK(refusal_code(R"({"type": "move", "room": "ABCDEFGH", "token": "x", "ply": 0})") == "bad_field");
  CHECK(refusal_code(R"({"type": "create", "rule_set": "base", "level": "mists-1", "seats": []})") == "bad_field");
  CHECK(refusal_code(R"({"type": "create", "rule_set": "base", "seats": [{"kind": "alien"}]})") == "bad_field");
  CHECK(refusal_code(R"({"type": "create", "rule_set": "base", "seats": [{"kind": "bot"}]})") == "bad_field");
  CHECK(refusal_code(R"({"type": "join", "room": "ABCDEFGH", "seat": 9})") == "bad_field");
  // A name the game record could not keep as one seat.
  CHECK(refusal_code(R"({"type": "create", "rule_set": "base", "seats": [{"kind": "human", "name": "Ann, Ben"}]})") ==
        "bad_field");
  CHECK(refusal_code(R"({"type": "create", "rule_set": "base", "seats": [{"kind": "human", "name": "bot:greedy"}]})") ==
        "bad_field");
  CHECK(refusal_code(R"({"type": "join", "room": "ABCDEFGHIJKLMNOP"})") == "bad_field");
  CHECK(refusal_code(R"({"type": "ping", "id": "a\u0001b"})") == "bad_field");
}

TEST_CASE("protocol: size and nesting are bounded before the JSON is read") {
  CHECK(refusal_code(std::string(kMaxMessageBytes + 1, ' ')) == "too_big");
  CHECK(refusal_code(std::string(100, '[') + std::string(100, ']')) == "bad_json");
  CHECK(refusal_code(std::string(100000, '[')) == "too_big");
  // Brackets inside strings do not count.
  CHECK(refusal_code(R"({"type": "ping", "id": "[[[[[[[[[["})") == "");
  CHECK(json_depth(R"({"a": [[1], "]]]"]})", 10) == 3);
}

TEST_CASE("protocol: well-formed requests come back with their type and id") {
  auto r = parse_request(R"({"type": "move", "room": "ABCDEFGH", "token": "t", "ply": 3, "move": "pass", "id": "m1"})");
  REQUIRE(std::holds_alternative<Request>(r));
  CHECK(std::get<Request>(r).type == MsgType::Move);
  CHECK(std::get<Request>(r).id == "m1");
  auto w = parse_request(R"({"type": "join", "room": "ABCDEFGH", "seat": "watch"})");
  REQUIRE(std::holds_alternative<Request>(w));
  CHECK(std::get<Request>(w).type == MsgType::Join);
  // The refusal of a request with an id carries it, for the client to match.
  auto bad = parse_request(R"({"type": "nope", "id": "q7"})");
  REQUIRE(std::holds_alternative<Refusal>(bad));
  CHECK(std::get<Refusal>(bad).id == "q7");
  CHECK(error_text(std::get<Refusal>(bad)).find("\"id\":\"q7\"") != std::string::npos);
}

TEST_CASE("protocol: tokens are 128 random bits in hex, room codes avoid look-alike signs") {
  std::set<std::string> tokens, codes;
  for (int i = 0; i < 200; ++i) {
    const std::string t = random_token();
    CHECK(t.size() == kTokenChars);
    CHECK(t.find_first_not_of("0123456789abcdef") == std::string::npos);
    tokens.insert(t);
    const std::string c = random_room_code();
    CHECK(c.size() == kRoomCodeChars);
    CHECK(c.find_first_of("01IOL") == std::string::npos);
    codes.insert(c);
  }
  CHECK(tokens.size() == 200);
  CHECK(codes.size() == 200);
}
