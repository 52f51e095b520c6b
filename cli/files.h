// Files the commands read and write: size-checked reads and atomic writes.
//
// A record or archive larger than its limit is refused before a byte of it is read, with
// a message naming the file, its size and the limit. A written file appears whole or not
// at all: the text goes to a temporary file beside it, is flushed to disk, and is then
// renamed over the target; a failure leaves the target as it was and no temporary file.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace tw {

// The whole file, or nullopt with *error set ("PATH: cannot read: ...", "PATH: 52428800
// bytes; ... at most N bytes").
std::optional<std::string> read_text_file(const std::string& path, std::size_t max_bytes,
                                          std::string_view what, std::string* error);

// Writes `data` to `path` atomically (flushed to disk first when `durable`). False with
// *error set on failure.
bool write_file_atomic(const std::string& path, std::string_view data, std::string* error, bool durable = true);

}  // namespace tw
