#include "cli/files.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

namespace tw {

namespace fs = std::filesystem;

namespace {
std::istream* g_in = nullptr;   // nullptr: std::cin
std::ostream* g_out = nullptr;  // nullptr: std::cout
}  // namespace

StandardStreams::StandardStreams(std::istream& in, std::ostream& out) : saved_in_(g_in), saved_out_(g_out) {
  g_in = &in;
  g_out = &out;
}

StandardStreams::~StandardStreams() {
  g_in = saved_in_;
  g_out = saved_out_;
}

bool check_writable(const std::string& path, std::string* error) {
  if (is_standard_stream(path)) return true;
  std::error_code ec;
  if (path.empty()) {
    if (error) *error = "cannot write an empty file name";
    return false;
  }
  if (fs::is_directory(path, ec)) {
    if (error) *error = "cannot write " + path + ": it is a folder";
    return false;
  }
  fs::path dir = fs::path(path).parent_path();
  if (dir.empty()) dir = ".";
  const auto st = fs::status(dir, ec);
  if (ec || !fs::exists(st)) {
    if (error) *error = "cannot write " + path + ": no folder " + dir.string();
    return false;
  }
  if (!fs::is_directory(st)) {
    if (error) *error = "cannot write " + path + ": " + dir.string() + " is not a folder";
    return false;
  }
  if (::access(dir.c_str(), W_OK | X_OK) != 0) {
    if (error) *error = "cannot write " + path + ": the folder " + dir.string() + " is not writable (" + std::strerror(errno) + ")";
    return false;
  }
  if (fs::exists(path, ec) && ::access(path.c_str(), W_OK) != 0) {
    if (error) *error = "cannot write " + path + ": the file is write-protected";
    return false;
  }
  return true;
}

// Reads at most one byte past max_bytes (a pipe or device has no size to check first).
static std::optional<std::string> read_bounded(std::istream& in, const std::string& name, std::size_t max_bytes,
                                        std::string_view what, std::string* error) {
  std::string text;
  char buf[1 << 16];
  while (in && text.size() <= max_bytes) {
    in.read(buf, sizeof buf);
    text.append(buf, static_cast<std::size_t>(in.gcount()));
  }
  if (text.size() > max_bytes) {
    if (error)
      *error = name + ": more than " + std::to_string(max_bytes) + " bytes; " + std::string(what) +
               " holds at most that many";
    return std::nullopt;
  }
  if (in.bad()) {
    if (error) *error = "cannot read " + name;
    return std::nullopt;
  }
  return text;
}

std::optional<std::string> read_text_file(const std::string& path, std::size_t max_bytes,
                                          std::string_view what, std::string* error) {
  if (is_standard_stream(path)) return read_bounded(g_in ? *g_in : std::cin, "standard input", max_bytes, what, error);
  std::error_code ec;
  const auto status = fs::status(path, ec);
  if (ec || !fs::exists(status)) {
    if (error) *error = "cannot read " + path + ": no such file";
    return std::nullopt;
  }
  if (fs::is_directory(status)) {
    if (error) *error = "cannot read " + path + ": it is a folder";
    return std::nullopt;
  }
  if (fs::is_regular_file(status)) {
    const auto size = fs::file_size(path, ec);
    if (!ec && size > max_bytes) {
      if (error)
        *error = path + ": " + std::to_string(size) + " bytes; " + std::string(what) + " holds at most " +
                 std::to_string(max_bytes) + " bytes";
      return std::nullopt;
    }
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    if (error) *error = "cannot read " + path + ": " + std::strerror(errno);
    return std::nullopt;
  }
  return read_bounded(in, path, max_bytes, what, error);
}

bool write_file_atomic(const std::string& path, std::string_view data, std::string* error, bool durable) {
  if (is_standard_stream(path)) {
    std::ostream& out = g_out ? *g_out : std::cout;
    out << data;
    out.flush();
    if (!out) {
      if (error) *error = "cannot write standard output";
      return false;
    }
    return true;
  }
  const std::string tmp = path + ".tmp" + std::to_string(::getpid());
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) {
    if (error) *error = "cannot write " + path + ": " + std::strerror(errno);
    return false;
  }
  bool ok = true;
  for (std::size_t done = 0; ok && done < data.size();) {
    const ssize_t n = ::write(fd, data.data() + done, data.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) ok = false;
    else done += static_cast<std::size_t>(n);
  }
  const int saved = errno;
  if (ok && durable && ::fsync(fd) != 0) ok = false;
  ::close(fd);
  if (!ok || std::rename(tmp.c_str(), path.c_str()) != 0) {
    if (error) *error = "cannot write " + path + ": " + std::strerror(ok ? errno : saved);
    ::unlink(tmp.c_str());
    return false;
  }
  return true;
}

}  // namespace tw
