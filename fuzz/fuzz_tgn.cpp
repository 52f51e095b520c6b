// libFuzzer target: the TGN reader (engine/tgn.h) and node paths (replay/tree.h) on any
// bytes. Besides crashes, sanitizer reports and timeouts, it traps when a promise of
// tgn.h breaks: `record` is engaged exactly when there are no errors, at most
// kMaxErrors + 1 errors come back, and whatever is accepted writes canonically and
// reads back to the same canonical text (write(parse(write(r))) == write(r)).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/tgn.h"
#include "replay/tree.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const tw::tgn::ParseResult r = tw::tgn::parse(text);
  if (r.record.has_value() != r.errors.empty()) __builtin_trap();
  if (r.errors.size() > tw::tgn::kMaxErrors + 1) __builtin_trap();
  if (r.record) {
    const std::string once = tw::tgn::write(*r.record);
    const tw::tgn::ParseResult again = tw::tgn::parse(once);
    if (!again.record || tw::tgn::write(*again.record) != once) __builtin_trap();
  }
  if (size < 200) {
    if (const auto p = tw::replay::NodePath::parse(text))
      if (p->to_string() != text) __builtin_trap();
  }
  return 0;
}
