#include "net/client.h"

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include <deque>

namespace tw::net {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

std::optional<Url> parse_url(const std::string& url, std::string* why) {
  const std::string scheme = "ws://";
  if (url.rfind(scheme, 0) != 0) {
    if (why) *why = "the server's address starts with ws:// (ws://HOST:PORT/), not '" + url.substr(0, 40) + "'";
    return std::nullopt;
  }
  const std::string rest = url.substr(scheme.size());
  const size_t slash = rest.find('/');
  const std::string hostport = rest.substr(0, slash);
  Url u;
  u.path = slash == std::string::npos ? "/" : rest.substr(slash);
  const size_t colon = hostport.rfind(':');
  if (colon == std::string::npos || colon == 0 || colon + 1 == hostport.size()) {
    if (why) *why = "the server's address names HOST:PORT (ws://127.0.0.1:8765/)";
    return std::nullopt;
  }
  u.host = hostport.substr(0, colon);
  u.port = hostport.substr(colon + 1);
  for (const char c : u.port)
    if (c < '0' || c > '9') {
      if (why) *why = "the port '" + u.port.substr(0, 10) + "' is not a number";
      return std::nullopt;
    }
  return u;
}

struct Client::Impl {
  asio::io_context ioc;
  std::optional<websocket::stream<beast::tcp_stream>> ws;
  beast::flat_buffer buf;
  bool reading = false;
  bool is_closed = true;
  std::deque<std::string> got;
  std::string error;

  // Runs the loop until `done` or the time is up.
  bool run_until(const bool& done, std::chrono::milliseconds timeout) {
    const auto end = std::chrono::steady_clock::now() + timeout;
    while (!done) {
      const auto now = std::chrono::steady_clock::now();
      if (now >= end) return false;
      ioc.restart();
      ioc.run_one_for(end - now);
    }
    return true;
  }

  void start_read() {
    if (reading || is_closed) return;
    reading = true;
    ws->async_read(buf, [this](beast::error_code ec, size_t) {
      reading = false;
      if (ec) {
        is_closed = true;
        error = ec == websocket::error::closed ? "the server closed the connection" : "connection lost: " + ec.message();
        return;
      }
      got.push_back(beast::buffers_to_string(buf.data()));
      buf.consume(buf.size());
      start_read();
    });
  }
};

Client::Client() : impl_(std::make_unique<Impl>()) {}
Client::~Client() { close(); }

bool Client::closed() const { return impl_->is_closed; }

bool Client::connect(const std::string& url, std::string* why, std::chrono::milliseconds timeout) {
  auto u = parse_url(url, why);
  if (!u) return false;
  Impl& m = *impl_;
  m.ws.emplace(m.ioc);
  bool done = false;
  beast::error_code result;
  tcp::resolver resolver(m.ioc);
  beast::get_lowest_layer(*m.ws).expires_after(timeout);
  resolver.async_resolve(u->host, u->port, [&](beast::error_code ec, tcp::resolver::results_type r) {
    if (ec) {
      result = ec;
      done = true;
      return;
    }
    beast::get_lowest_layer(*m.ws).async_connect(r, [&](beast::error_code ec2, const tcp::endpoint&) {
      if (ec2) {
        result = ec2;
        done = true;
        return;
      }
      beast::get_lowest_layer(*m.ws).expires_after(timeout);
      m.ws->async_handshake(u->host + ":" + u->port, u->path, [&](beast::error_code ec3) {
        result = ec3;
        done = true;
      });
    });
  });
  if (!m.run_until(done, timeout + std::chrono::seconds(1)) || result) {
    if (why) *why = "cannot connect to " + url + ": " + (done ? result.message() : std::string("timed out"));
    beast::error_code ec;
    beast::get_lowest_layer(*m.ws).socket().close(ec);
    m.ioc.restart();
    m.ioc.poll();
    return false;
  }
  beast::get_lowest_layer(*m.ws).expires_never();
  m.ws->read_message_max(64 * 1024 * 1024);
  m.is_closed = false;
  m.start_read();
  return true;
}

bool Client::send_text(const std::string& text, std::string* why) {
  Impl& m = *impl_;
  if (m.is_closed) {
    if (why) *why = m.error.empty() ? "not connected" : m.error;
    return false;
  }
  bool done = false;
  beast::error_code result;
  m.ws->text(true);
  m.ws->async_write(asio::buffer(text), [&](beast::error_code ec, size_t) {
    result = ec;
    done = true;
  });
  if (!m.run_until(done, std::chrono::seconds(30)) || result) {
    if (why) *why = "cannot send: " + (done ? result.message() : std::string("timed out"));
    close();
    return false;
  }
  return true;
}

bool Client::send(const nlohmann::json& j, std::string* why) {
  return send_text(j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace), why);
}

std::optional<std::string> Client::receive_text(std::chrono::milliseconds timeout, std::string* why) {
  Impl& m = *impl_;
  const auto end = std::chrono::steady_clock::now() + timeout;
  while (m.got.empty()) {
    if (m.is_closed) {
      if (why) *why = m.error.empty() ? "not connected" : m.error;
      return std::nullopt;
    }
    const auto now = std::chrono::steady_clock::now();
    if (now >= end) {
      if (why) *why = "timeout";
      return std::nullopt;
    }
    m.ioc.restart();
    m.ioc.run_one_for(end - now);
  }
  std::string s = std::move(m.got.front());
  m.got.pop_front();
  return s;
}

std::optional<nlohmann::json> Client::receive(std::chrono::milliseconds timeout, std::string* why) {
  auto t = receive_text(timeout, why);
  if (!t) return std::nullopt;
  auto j = nlohmann::json::parse(*t, nullptr, false);
  if (j.is_discarded() || !j.is_object()) {
    if (why) *why = "the server sent a message that is not a JSON object";
    return std::nullopt;
  }
  return j;
}

void Client::close() {
  Impl& m = *impl_;
  if (!m.ws || m.is_closed) return;
  m.is_closed = true;
  beast::error_code ec;
  beast::get_lowest_layer(*m.ws).socket().shutdown(tcp::socket::shutdown_both, ec);
  beast::get_lowest_layer(*m.ws).socket().close(ec);
  m.ioc.restart();
  m.ioc.poll();
}

}  // namespace tw::net
