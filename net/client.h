// A client of `tilewright serve`: one WebSocket connection, JSON messages in and out, every
// wait bounded by a timeout. The command line's `play --connect` and the tests use it.
#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace tw::net {

// "ws://HOST:PORT/PATH" or "wss://HOST:PORT/PATH" read into its parts; nullopt (and why)
// for anything else.
struct Url {
  std::string host, port, path;
  bool tls = false;  // wss://
};
std::optional<Url> parse_url(const std::string& url, std::string* why);

class Client {
 public:
  Client();
  ~Client();
  Client(const Client&) = delete;
  Client& operator=(const Client&) = delete;

  // wss:// only: the certificates (PEM) that the server's certificate must chain to, in
  // place of the system's store (e.g. a self-signed server certificate). "" (the default):
  // the system's store. Set before connect.
  void set_ca_file(const std::string& path);
  // The local address the connection leaves from (an IP address; "": the system's
  // choice). Tests on loopback speak from 127.0.0.2 so. Set before connect.
  void set_local_address(const std::string& address);

  // Connects and upgrades to WebSocket; false and why when it cannot within `timeout`.
  // A wss:// URL connects over TLS and checks the server's certificate (against the
  // system's store or set_ca_file's) and that it names the URL's host; why says what
  // was wrong with it.
  bool connect(const std::string& url, std::string* why, std::chrono::milliseconds timeout = std::chrono::seconds(10));
  bool send(const nlohmann::json& j, std::string* why);
  bool send_text(const std::string& text, std::string* why);
  // A WebSocket ping frame (not the protocol's "ping" message: the transport's own).
  bool send_ping(std::string* why);
  // The next message: nullopt when none came within `timeout` (why: "timeout"; the
  // connection stays usable) or the connection ended (why says so; closed() is then true).
  std::optional<nlohmann::json> receive(std::chrono::milliseconds timeout, std::string* why);
  // The next message as it came (tests read every byte a server sends).
  std::optional<std::string> receive_text(std::chrono::milliseconds timeout, std::string* why);
  bool closed() const;
  void close();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace tw::net
