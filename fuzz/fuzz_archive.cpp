// libFuzzer target: the replay archive loader (replay/archive.h) on any bytes, read as a
// stored blob (header, length, CRC-32 first), as the XML archive of a game log, and as
// the XML archive of a whole replay. The only acceptable failure is a ReplayError: any
// other exception escapes and is reported. What loads must save and load back equal.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "replay/archive.h"

namespace {

template <class F>
void expect_only_replay_errors(F f) {
  try {
    f();
  } catch (const tw::replay::ReplayError&) {
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace tw::replay;
  const std::string_view in(reinterpret_cast<const char*>(data), size);
  expect_only_replay_errors([&] {
    const GameLog log = unpack_log(in, "fuzz");
    if (unpack_log(pack_log(log), "again") != log) __builtin_trap();
  });
  expect_only_replay_errors([&] {
    const GameLog log = log_from_xml(in, "fuzz");
    if (log_from_xml(log_to_xml(log), "again") != log) __builtin_trap();
  });
  expect_only_replay_errors([&] {
    const Replay r = replay_from_xml(in, "fuzz");
    if (replay_from_xml(replay_to_xml(r), "again") != r) __builtin_trap();
  });
  // The same bytes behind a valid blob header, so the loader gets past the checksum.
  std::string blob(kBlobMagic);
  const auto le = [&](uint64_t v, int bytes) {
    for (int i = 0; i < bytes; ++i) blob += static_cast<char>((v >> (8 * i)) & 0xff);
  };
  le(kBlobFormat, 4);
  le(size, 8);
  le(crc32(in), 4);
  blob += in;
  expect_only_replay_errors([&] { unpack_log(blob, "fuzz"); });
  return 0;
}
