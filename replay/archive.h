// Archives: game logs and whole replays as Boost.Serialization XML archives (the
// portable kind; the native binary archive is never used), and the stored blob, which
// puts a small header in front of a log's archive.
//
// Blob layout (integers little-endian):
//   byte  0  8 bytes  magic "TWREPLAY"
//   byte  8  u32      blob format version (kBlobFormat)
//   byte 12  u64      length of the archive that follows
//   byte 20  u32      CRC-32 of the archive
//   byte 24  ...      the XML archive of a GameLog
// The header is checked (magic, version, length, checksum) before a byte of the archive
// is deserialised. Every serialized class carries a BOOST_CLASS_VERSION; a class version
// newer than this build's is refused by name. Loaded collections are bounded by the
// archive's size, so hostile input cannot make the loader allocate without limit.
//
// Every load error is a ReplayError whose message names where (the caller's `where`,
// e.g. "replay 7"), the byte offset, and the problem; a loaded log also passes
// check_shape (replay/log.h) and a loaded replay check_tree (replay/tree.h).
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

#include "replay/log.h"
#include "replay/tree.h"

namespace tw::replay {

inline constexpr std::string_view kBlobMagic = "TWREPLAY";
inline constexpr uint32_t kBlobFormat = 1;
inline constexpr size_t kBlobHeaderSize = 24;
// Larger archives are refused before reading (a 200-ply log is about 20 kB).
inline constexpr size_t kMaxArchiveBytes = 64u << 20;

class ReplayError : public std::runtime_error {
 public:
  ReplayError(std::string where, int64_t offset, const std::string& problem);
  const std::string& where() const { return where_; }
  int64_t offset() const { return offset_; }  // -1 when no byte is to blame

 private:
  std::string where_;
  int64_t offset_;
};

// XML archive of a log (what the blob holds).
std::string log_to_xml(const GameLog& log);
GameLog log_from_xml(std::string_view xml, const std::string& where);

// The stored blob: header + XML archive of the log.
std::string pack_log(const GameLog& log);
GameLog unpack_log(std::string_view blob, const std::string& where);

// XML archive of a whole replay (log, pinned comment, variations and annotations as
// flat rows): what `tilewright replay export --format xml` writes. `id` and `created`
// are exchanged as information; an import gives the replay a new id.
std::string replay_to_xml(const Replay& r);
Replay replay_from_xml(std::string_view xml, const std::string& where);

uint32_t crc32(std::string_view bytes);

}  // namespace tw::replay
