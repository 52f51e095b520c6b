// Files the commands read and write: size-checked reads and atomic writes.
//
// A record or archive larger than its limit is refused before a byte of it is read, with
// a message naming the file, its size and the limit. A written file appears whole or not
// at all: the text goes to a temporary file beside it, is flushed to disk, and is then
// renamed over the target; a failure leaves the target as it was and no temporary file.
//
// "-" names the standard streams: read_text_file("-") reads standard input and
// write_file_atomic("-") writes standard output (the streams run_cli was given, set by a
// StandardStreams guard; std::cin and std::cout otherwise).
#pragma once

#include <cstddef>
#include <iosfwd>
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

// True for "-", the name of standard input or output.
inline bool is_standard_stream(const std::string& path) { return path == "-"; }

// While it lives, "-" reads `in` and writes `out` (run_cli sets it for one command).
class StandardStreams {
 public:
  StandardStreams(std::istream& in, std::ostream& out);
  ~StandardStreams();
  StandardStreams(const StandardStreams&) = delete;
  StandardStreams& operator=(const StandardStreams&) = delete;

 private:
  std::istream* saved_in_;
  std::ostream* saved_out_;
};

// Says (into *error) why `path` cannot be written, before any work is done: its folder is
// missing, not a folder or not writable, or the path is a folder. "-" is always writable.
bool check_writable(const std::string& path, std::string* error);

}  // namespace tw
