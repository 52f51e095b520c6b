// `tilewright serve`: the Hub (net/hub.h) behind a WebSocket endpoint at "/", on
// Boost.Beast over Boost.Asio, one thread (the event loop) for every connection, room and
// bot. Per connection it bounds what a client may cost: a message's size
// (kMaxMessageBytes; a bigger frame closes the connection), a rate (a token bucket: past
// it the message is refused, far past it the connection is closed), and what waits to be
// written to a client that does not read (past kMaxQueuedBytes the connection is
// closed), how many sockets one address holds, how long a connection may take to upgrade
// and to say hello, and how many WebSocket pings it sends. Every socket counts, from its
// accept (TLS detection and the HTTP upgrade included). GET /health answers, and with
// ServerOptions::metrics GET /metrics gives the counters in Prometheus' text format.
// Nothing one connection does reaches another's room. With a certificate and key
// (ServerOptions::cert_file, key_file) it speaks TLS (wss://, OpenSSL through Asio's ssl).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "net/hub.h"

namespace tw::net {

// A GET that is not a WebSocket upgrade, for ServerOptions::http.
struct HttpRequest {
  std::string target;  // "/r/ABCD2345?watch"
  std::string host;    // the Host header, as sent
};
struct HttpAnswer {
  int status = 200;
  std::string content_type = "text/html; charset=utf-8";
  std::string body;
  std::string cache_control = "no-store";
  std::vector<std::pair<std::string, std::string>> headers;  // more (Content-Security-Policy, ...)
};

struct ServerOptions {
  std::string host = "127.0.0.1";  // loopback unless told otherwise
  uint16_t port = 0;               // 0: any free port (tests); port() says which
  size_t max_connections = 4096;   // sockets at once, every phase counted
  // Sockets from one address at once (IPv6: its /64); past it a new one is closed at its
  // accept. A trusted proxy's own address is not limited; its clients' are (trusted_proxies).
  size_t max_connections_per_address = 32;
  // The TLS handshake and the HTTP upgrade must be done within this; then `hello` within
  // hello_timeout of the upgrade (else error hello_timeout and the connection closes).
  std::chrono::milliseconds handshake_timeout{10'000};
  std::chrono::milliseconds hello_timeout{10'000};
  // A connection with no frame for this long is closed (it is pinged at half of it).
  std::chrono::milliseconds idle_timeout{300'000};
  double ping_rate = 2;            // WebSocket ping or pong frames a second a client may send ...
  double ping_burst = 20;          // ... with this many at once; past it the connection is closed
  bool metrics = false;            // serve GET /metrics (Prometheus text format)
  // Addresses of reverse proxies whose X-Forwarded-For header names the client (its last
  // entry); from any other peer the header is ignored. Empty: trust none.
  std::vector<std::string> trusted_proxies;
  // How often the rooms' lifecycle runs (Hub::housekeep).
  std::chrono::milliseconds housekeeping{1'000};
  size_t max_queued_bytes = 4 * 1024 * 1024;  // per connection, not yet written
  double rate = 20;                // messages a second a connection may send ...
  double burst = 60;               // ... with this many at once
  // TLS (wss://): the certificate chain and its private key, PEM files. Both or neither;
  // with them the server speaks TLS only (a plain ws:// client is answered in HTTP that
  // it should use wss://). The constructor throws naming a file that is missing,
  // unreadable, not PEM, or a key that is not the certificate's.
  std::string cert_file, key_file;
  HubOptions hub;
  // Pages besides /health and /metrics (the browser client: net/site.h): asked for every
  // GET that is not an upgrade, on the loop's thread with its Hub; nullopt: 404.
  std::function<std::optional<HttpAnswer>(const HttpRequest&, Hub&)> http;
};

class Server {
 public:
  // Opens the listening socket (throws std::runtime_error when it cannot) and loads the
  // database's rooms (Hub::load).
  Server(const Content& content, Store& store, ServerOptions options);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  uint16_t port() const;
  bool tls() const;  // it speaks wss://
  int resumed() const;  // rooms the database had open or playing at the start

  // Runs the event loop in this thread until stop().
  void run();
  // Runs it in a thread of its own (tests); stop() and the destructor end it.
  void start_thread();
  // Ends the loop: closes the listener and every connection. Any thread.
  void stop();

  // Lines for the server's log (refusals, rooms, games); set before run.
  std::function<void(const std::string&)> log;

  // Runs f on the loop's thread and waits for it (tests read the Hub so).
  void call(const std::function<void(Hub&)>& f);
  // GET /metrics's text (any thread; it runs on the loop's).
  std::string metrics_text();

  struct Impl;  // (net/server.cpp)

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace tw::net
