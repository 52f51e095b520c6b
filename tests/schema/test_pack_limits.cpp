// A content pack's JSON is capped before it is parsed (issue 30: a 10 MB deeply nested
// pack took 387 MB): nesting deeper than kMaxPackDepth and more than kMaxPackValues values
// are refused at their line and column.
#include "schema/pack.h"
#include "support.h"

using namespace tw;

namespace {

std::string error_of(const std::string& text) {
  try {
    pack::parse_pack(text, "p.json");
  } catch (const pack::PackError& e) {
    return e.what();
  }
  return "(no error)";
}

std::string nested(int depth, const std::string& open = "[", const std::string& close = "]") {
  std::string s;
  for (int i = 0; i < depth; ++i) s += open;
  for (int i = 0; i < depth; ++i) s += close;
  return s;
}

}  // namespace

TEST_CASE("pack limits: nesting kMaxPackDepth deep parses, one deeper is refused where it starts") {
  const std::string at_limit = error_of(nested(pack::kMaxPackDepth));
  CHECK(at_limit.find("nested") == std::string::npos);  // parsed: refused for other reasons
  CHECK(at_limit.find("not a content pack (no \"format\"") != std::string::npos);
  const std::string deeper = error_of("\n  " + nested(pack::kMaxPackDepth + 1));
  CHECK(deeper.find("p.json:2:" + std::to_string(2 + pack::kMaxPackDepth + 1) +
                    ": not a content pack (JSON nested more than 32 deep") != std::string::npos);
  // Objects count as arrays do; brackets inside strings do not count.
  std::string objects;
  for (int i = 0; i < pack::kMaxPackDepth + 1; ++i) objects += "{\"a\":";
  objects += "1" + std::string(static_cast<size_t>(pack::kMaxPackDepth + 1), '}');
  CHECK(error_of(objects).find("nested more than 32 deep") != std::string::npos);
  CHECK(error_of("{\"format\": \"" + std::string(100, '[') + "\\\"[[\"}").find("nested") == std::string::npos);
  // The pack: 10 MB of nesting is refused at once, without building a tree.
  CHECK(error_of(nested(5'000'000)).find("nested more than 32 deep") != std::string::npos);
}

TEST_CASE("pack limits: kMaxPackValues values parse, one more is refused") {
  // The array itself and its numbers: kMaxPackValues values in all, then one more.
  std::string at_limit = "[";
  for (size_t i = 0; i + 2 < pack::kMaxPackValues; ++i) at_limit += "0,";
  at_limit += "-1.5e3]";
  CHECK(error_of(at_limit).find("JSON values") == std::string::npos);
  CHECK(error_of(at_limit).find("no \"format\"") != std::string::npos);
  const std::string over = at_limit.substr(0, at_limit.size() - 1) + ",true]";
  CHECK(error_of(over).find("more than 1000000 JSON values") != std::string::npos);
  // Keys are not values: kMaxPackValues values in objects of 20 members (and their
  // array) are at the limit.
  std::string objects = "[";
  size_t n = 1;
  while (n < pack::kMaxPackValues) {
    objects += n > 1 ? ",{" : "{";
    ++n;
    for (size_t k = 0; k < 20 && n < pack::kMaxPackValues; ++k, ++n)
      objects += (k ? ",\"" : "\"") + std::to_string(k) + "\":null";
    objects += "}";
  }
  objects += "]";
  CHECK(error_of(objects).find("JSON values") == std::string::npos);
  CHECK(error_of(objects).find("members") == std::string::npos);
  // The shape: a wide array of empty arrays.
  std::string wide = "[";
  for (size_t i = 0; i < pack::kMaxPackValues; ++i) wide += "[],";
  wide += "[]]";
  CHECK(error_of(wide).find("more than 1000000 JSON values") != std::string::npos);
}

TEST_CASE("pack limits: every shipped item exports to a pack well inside the limits") {
  test::TempDir dir;
  Store store = Store::open(test::copy_default(dir), Store::Mode::ReadOnly);
  const std::string text = pack::pack_text(pack::export_all(store));
  size_t values = 0;
  for (const char ch : text) values += ch == ',' || ch == '[' || ch == '{' || ch == ':';
  INFO(values << " values (an upper bound) in " << text.size() << " bytes");
  CHECK(values * 10 < pack::kMaxPackValues);
  CHECK(error_of(text) == "(no error)");
}

TEST_CASE("pack limits: an object of kMaxPackMembers members parses, one more is refused at its key") {
  const auto object = [](size_t members) {
    std::string s = "{";
    for (size_t i = 0; i < members; ++i) s += (i ? ",\"k" : "\"k") + std::to_string(i) + "\":1";
    return s + "}";
  };
  CHECK(error_of(object(pack::kMaxPackMembers)).find("members") == std::string::npos);
  const std::string over = error_of(object(pack::kMaxPackMembers + 1));
  CHECK(over.find("p.json:1:") != std::string::npos);
  CHECK(over.find("an object of more than 256 members") != std::string::npos);
  // Members count per object: two objects of kMaxPackMembers each are fine.
  CHECK(error_of("[" + object(pack::kMaxPackMembers) + "," + object(pack::kMaxPackMembers) + "]").find("members") ==
        std::string::npos);
}

TEST_CASE("pack limits: closing brackets with nothing open are the parser's error, not a scan past its table") {
  // The fuzzer's find: "}}}}" drove the pre-parse depth below zero, and the next "{"
  // wrote before the per-depth member counts. The text is refused as malformed JSON.
  for (const std::string& text : {std::string("}}}}{\"a\":1}"), std::string("]]]][[{\"a\":1}"),
                                 std::string(100, '}') + nested(pack::kMaxPackDepth + 1, "{\"a\":", "}")}) {
    const std::string e = error_of(text);
    CHECK(e.rfind("p.json", 0) == 0);
    CHECK(e != "(no error)");
  }
}
