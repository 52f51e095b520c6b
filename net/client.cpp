#include "net/client.h"

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/beast/websocket/ssl.hpp>

#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509_vfy.h>

#include <cerrno>
#include <cstring>
#include <deque>
#include <fstream>

namespace tw::net {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace ssl = asio::ssl;
namespace http = beast::http;
using tcp = asio::ip::tcp;

std::optional<Url> parse_url(const std::string& url, std::string* why) {
  const bool tls = url.rfind("wss://", 0) == 0;
  if (!tls && url.rfind("ws://", 0) != 0) {
    if (why)
      *why = "the server's address starts with ws:// or wss:// (ws://HOST:PORT/), not '" + url.substr(0, 40) + "'";
    return std::nullopt;
  }
  const std::string rest = url.substr(tls ? 6 : 5);
  const size_t slash = rest.find('/');
  const std::string hostport = rest.substr(0, slash);
  Url u;
  u.tls = tls;
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
  // One of the two: ws:// or wss://.
  std::optional<websocket::stream<beast::tcp_stream>> ws;
  std::optional<ssl::context> tls_ctx;
  std::optional<websocket::stream<beast::ssl_stream<beast::tcp_stream>>> wss;
  std::string ca_file;
  std::string local_address;
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

  // Calls f with the open stream (plain or TLS).
  template <class F>
  void with(F&& f) {
    if (wss)
      f(*wss);
    else if (ws)
      f(*ws);
  }
  tcp::socket& socket() { return wss ? beast::get_lowest_layer(*wss).socket() : beast::get_lowest_layer(*ws).socket(); }

  void start_read() {
    if (reading || is_closed) return;
    reading = true;
    with([this](auto& s) { s.async_read(buf, [this](beast::error_code ec, size_t) {
      reading = false;
      if (ec) {
        is_closed = true;
        error = ec == websocket::error::closed ? "the server closed the connection" : "connection lost: " + ec.message();
        return;
      }
      got.push_back(beast::buffers_to_string(buf.data()));
      buf.consume(buf.size());
      start_read();
    }); });
  }
};

Client::Client() : impl_(std::make_unique<Impl>()) {}
Client::~Client() { close(); }

bool Client::closed() const { return impl_->is_closed; }

void Client::set_ca_file(const std::string& path) { impl_->ca_file = path; }
void Client::set_local_address(const std::string& address) { impl_->local_address = address; }

namespace {
// Why the TLS handshake failed, in words: the certificate's fault when it was one.
std::string tls_failure(SSL* ssl, const beast::error_code& ec, const std::string& ca_file) {
  const long v = SSL_get_verify_result(ssl);
  if (v != X509_V_OK) {
    std::string s = std::string("the server's certificate is not trusted: ") +
                    X509_verify_cert_error_string(v);
    if (v == X509_V_ERR_HOSTNAME_MISMATCH || v == X509_V_ERR_IP_ADDRESS_MISMATCH)
      s += " (the certificate does not name the host of the address)";
    else if (ca_file.empty())
      s += " (a self-signed or private certificate: give its certificate with --ca FILE)";
    else
      s += " (it does not chain to " + ca_file + ")";
    return s;
  }
  return "the TLS handshake failed: " + ec.message() +
         " (is it a TLS server? `tilewright serve` without --cert speaks ws://)";
}
}  // namespace

bool Client::connect(const std::string& url, std::string* why, std::chrono::milliseconds timeout) {
  auto u = parse_url(url, why);
  if (!u) return false;
  Impl& m = *impl_;
  m.ws.reset();
  m.wss.reset();
  if (u->tls) {
    m.tls_ctx.emplace(ssl::context::tls_client);
    m.tls_ctx->set_options(ssl::context::no_sslv2 | ssl::context::no_sslv3 | ssl::context::no_tlsv1 |
                           ssl::context::no_tlsv1_1);
    m.tls_ctx->set_verify_mode(ssl::verify_peer);
    beast::error_code ec;
    if (!m.ca_file.empty()) {
      if (!std::ifstream(m.ca_file)) {
        if (why) *why = "--ca " + m.ca_file + ": cannot read the file (" + std::strerror(errno) + ")";
        return false;
      }
      m.tls_ctx->load_verify_file(m.ca_file, ec);
      if (ec) {
        if (why) *why = "--ca " + m.ca_file + ": no PEM certificate in it (" + ec.message() + ")";
        return false;
      }
    } else {
      m.tls_ctx->set_default_verify_paths(ec);
      if (ec) {
        if (why) *why = "cannot read the system's certificate store: " + ec.message();
        return false;
      }
    }
    m.wss.emplace(m.ioc, *m.tls_ctx);
    SSL* s = m.wss->next_layer().native_handle();
    X509_VERIFY_PARAM* param = SSL_get0_param(s);
    beast::error_code not_ip;
    asio::ip::make_address(u->host, not_ip);
    if (!not_ip) {
      X509_VERIFY_PARAM_set1_ip_asc(param, u->host.c_str());
    } else {
      // SNI (SSL_set_tlsext_host_name, spelt out: the macro casts in C's way).
      SSL_ctrl(s, SSL_CTRL_SET_TLSEXT_HOSTNAME, TLSEXT_NAMETYPE_host_name, const_cast<char*>(u->host.c_str()));
      X509_VERIFY_PARAM_set1_host(param, u->host.c_str(), 0);
    }
  } else {
    m.ws.emplace(m.ioc);
  }
  bool done = false;
  beast::error_code result;
  std::string failure;  // a sentence better than result's
  websocket::response_type res;
  tcp::resolver resolver(m.ioc);
  auto& lowest = u->tls ? beast::get_lowest_layer(*m.wss) : beast::get_lowest_layer(*m.ws);
  lowest.expires_after(timeout);
  auto upgrade = [&](auto& stream) {
    lowest.expires_after(timeout);
    stream.async_handshake(res, u->host + ":" + u->port, u->path, [&](beast::error_code ec3) {
      result = ec3;
      if (ec3 == websocket::error::upgrade_declined) {
        std::string body = res.body().substr(0, 300);
        while (!body.empty() && (body.back() == '\n' || body.back() == '\r')) body.pop_back();
        failure = "the server declined the WebSocket upgrade (HTTP " + std::to_string(res.result_int()) + ")" +
                  (body.empty() ? std::string() : ": " + body);
      }
      done = true;
    });
  };
  resolver.async_resolve(u->host, u->port, [&](beast::error_code ec, tcp::resolver::results_type r) {
    if (ec) {
      result = ec;
      done = true;
      return;
    }
    const auto connected = [&](beast::error_code ec2) {
      if (ec2) {
        result = ec2;
        done = true;
        return;
      }
      if (!u->tls) return upgrade(*m.ws);
      lowest.expires_after(timeout);
      m.wss->next_layer().async_handshake(ssl::stream_base::client, [&](beast::error_code ec4) {
        if (ec4) {
          result = ec4;
          failure = tls_failure(m.wss->next_layer().native_handle(), ec4, m.ca_file);
          done = true;
          return;
        }
        upgrade(*m.wss);
      });
    };
    if (m.local_address.empty()) {
      lowest.async_connect(r, [connected](beast::error_code ec2, const tcp::endpoint&) { connected(ec2); });
      return;
    }
    // From a given local address: the first endpoint, from a socket bound to it.
    beast::error_code bind_ec;
    const auto local = asio::ip::make_address(m.local_address, bind_ec);
    const tcp::endpoint to = r.begin()->endpoint();
    if (!bind_ec) lowest.socket().open(to.protocol(), bind_ec);
    if (!bind_ec) lowest.socket().bind(tcp::endpoint(local, 0), bind_ec);
    if (bind_ec) {
      result = bind_ec;
      failure = "cannot speak from " + m.local_address + ": " + bind_ec.message();
      done = true;
      return;
    }
    lowest.async_connect(to, connected);
  });
  if (!m.run_until(done, timeout + std::chrono::seconds(1)) || result) {
    if (why)
      *why = "cannot connect to " + url + ": " +
             (!done ? std::string("timed out") : !failure.empty() ? failure : result.message());
    beast::error_code ec;
    m.socket().close(ec);
    m.ioc.restart();
    m.ioc.poll();
    return false;
  }
  lowest.expires_never();
  m.with([](auto& s) { s.read_message_max(64 * 1024 * 1024); });
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
  m.with([&](auto& s) {
    s.text(true);
    s.async_write(asio::buffer(text), [&](beast::error_code ec, size_t) {
      result = ec;
      done = true;
    });
  });
  if (!m.run_until(done, std::chrono::seconds(30)) || result) {
    if (why) *why = "cannot send: " + (done ? result.message() : std::string("timed out"));
    close();
    return false;
  }
  return true;
}

bool Client::send_ping(std::string* why) {
  Impl& m = *impl_;
  if (m.is_closed) {
    if (why) *why = m.error.empty() ? "not connected" : m.error;
    return false;
  }
  bool done = false;
  beast::error_code result;
  m.with([&](auto& s) {
    s.async_ping({}, [&](beast::error_code ec) {
      result = ec;
      done = true;
    });
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
  if ((!m.ws && !m.wss) || m.is_closed) return;
  m.is_closed = true;
  beast::error_code ec;
  m.socket().shutdown(tcp::socket::shutdown_both, ec);
  m.socket().close(ec);
  m.ioc.restart();
  m.ioc.poll();
}

}  // namespace tw::net
