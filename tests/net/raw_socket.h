// A plain TCP socket for the tests of the server's limits: connections that say nothing,
// half an HTTP request, or a bare HTTP GET (POSIX sockets, loopback only).
#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <string>

namespace tw::test {

class RawSocket {
 public:
  // Connects to 127.0.0.1:port from `from` (an IPv4 loopback address); fd() < 0 on failure.
  // With `connect_now` false the socket is made and bound, and connect() connects it.
  RawSocket(uint16_t port, const std::string& from = "127.0.0.1", bool connect_now = true) : port_(port) {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd_ < 0) return;
    sockaddr_in local{};
    local.sin_family = AF_INET;
    ::inet_pton(AF_INET, from.c_str(), &local.sin_addr);
    if (::bind(fd_, reinterpret_cast<sockaddr*>(&local), sizeof local) != 0 || (connect_now && !connect())) {
      ::close(fd_);
      fd_ = -1;
    }
  }
  bool connect() {
    sockaddr_in to{};
    to.sin_family = AF_INET;
    to.sin_port = htons(port_);
    ::inet_pton(AF_INET, "127.0.0.1", &to.sin_addr);
    return fd_ >= 0 && ::connect(fd_, reinterpret_cast<sockaddr*>(&to), sizeof to) == 0;
  }
  ~RawSocket() {
    if (fd_ >= 0) ::close(fd_);
  }
  RawSocket(const RawSocket&) = delete;
  RawSocket& operator=(const RawSocket&) = delete;
  RawSocket(RawSocket&& o) noexcept : port_(o.port_), fd_(o.fd_), read_(std::move(o.read_)) { o.fd_ = -1; }

  int fd() const { return fd_; }
  bool write(const std::string& s) { return fd_ >= 0 && ::send(fd_, s.data(), s.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(s.size()); }
  // True when the server closed the connection within `wait` (a read gives end of file or
  // an error); false when it is still open.
  bool closed_within(std::chrono::milliseconds wait) {
    if (fd_ < 0) return true;
    const auto end = std::chrono::steady_clock::now() + wait;
    for (;;) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(end - std::chrono::steady_clock::now());
      if (left.count() <= 0) return false;
      pollfd p{fd_, POLLIN, 0};
      if (::poll(&p, 1, static_cast<int>(left.count())) <= 0) return false;
      char buf[4096];
      const ssize_t n = ::recv(fd_, buf, sizeof buf, 0);
      if (n <= 0) return true;
      read_ += std::string(buf, static_cast<size_t>(n));
    }
  }
  // Everything read so far (closed_within keeps what came before the end).
  const std::string& read() const { return read_; }

 private:
  uint16_t port_ = 0;
  int fd_ = -1;
  std::string read_;
};

// GET `path` over a fresh connection; the whole answer ("" when none came in 10 s).
inline std::string http_get(uint16_t port, const std::string& path, const std::string& extra_headers = "") {
  RawSocket s(port);
  if (!s.write("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + extra_headers + "\r\n")) return {};
  s.closed_within(std::chrono::seconds(10));
  return s.read();
}

}  // namespace tw::test
