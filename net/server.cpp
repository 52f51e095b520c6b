#include "net/server.h"

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/core/detect_ssl.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/beast/websocket/ssl.hpp>

#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <deque>
#include <fstream>
#include <future>
#include <map>
#include <stdexcept>
#include <thread>

namespace tw::net {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace ssl = asio::ssl;
using tcp = asio::ip::tcp;

// What the server holds of a connection, whatever its stream (plain or TLS).
class SessionBase {
 public:
  virtual ~SessionBase() = default;
  virtual void queue(const std::string& text) = 0;
  virtual void close_now() = 0;
};

namespace {
// The last OpenSSL error as a sentence ("" when none).
std::string openssl_error() {
  std::string s;
  while (const unsigned long e = ERR_get_error()) {
    char buf[256];
    ERR_error_string_n(e, buf, sizeof buf);
    s = buf;  // the first error queued is the cause; keep the last read (the outermost)
  }
  return s;
}

// A file the server must read: its absence or unreadability named.
void check_readable(const std::string& option, const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw std::runtime_error(option + " " + path + ": cannot read the file (" + std::strerror(errno) + ")");
}

// The TLS context of `serve --cert FILE --key FILE`: the certificate chain (PEM) and its
// private key (PEM), checked to belong together; TLS 1.2 or newer.
std::unique_ptr<ssl::context> make_server_tls(const std::string& cert, const std::string& key) {
  check_readable("--cert", cert);
  check_readable("--key", key);
  auto ctx = std::make_unique<ssl::context>(ssl::context::tls_server);
  ctx->set_options(ssl::context::default_workarounds | ssl::context::no_sslv2 | ssl::context::no_sslv3 |
                   ssl::context::no_tlsv1 | ssl::context::no_tlsv1_1 | ssl::context::single_dh_use);
  ERR_clear_error();
  if (SSL_CTX_use_certificate_chain_file(ctx->native_handle(), cert.c_str()) != 1)
    throw std::runtime_error("--cert " + cert + ": not a PEM certificate (" + openssl_error() + ")");
  if (SSL_CTX_use_PrivateKey_file(ctx->native_handle(), key.c_str(), SSL_FILETYPE_PEM) != 1) {
    if (ERR_GET_REASON(ERR_peek_last_error()) == X509_R_KEY_VALUES_MISMATCH)
      throw std::runtime_error("--key " + key + ": the key does not belong to the certificate " + cert + " (" +
                               openssl_error() + ")");
    throw std::runtime_error("--key " + key + ": not a PEM private key, or one with a passphrase (" +
                             openssl_error() + ")");
  }
  if (SSL_CTX_check_private_key(ctx->native_handle()) != 1)
    throw std::runtime_error("--key " + key + ": the key does not belong to the certificate " + cert + " (" +
                             openssl_error() + ")");
  return ctx;
}
}  // namespace

struct Server::Impl {
  Impl(const Content& content, Store& store, ServerOptions o)
      : opt(std::move(o)), acceptor(ioc), hub(content, store, [this](ConnId c, const std::string& t) { send(c, t); },
                                             opt.hub) {}

  void send(ConnId c, const std::string& text);
  void do_accept();
  void wake();
  // Sets the clock timer to the Hub's earliest deadline (none: no timer).
  void rearm();
  void note(const std::string& s) {
    if (log) log(s);
  }

  ServerOptions opt;
  std::unique_ptr<ssl::context> tls;  // set: the server speaks wss:// only
  asio::io_context ioc;
  tcp::acceptor acceptor;
  Hub hub;
  asio::steady_timer clock_timer{ioc};
  std::optional<int64_t> armed;  // the deadline the timer is set to
  std::map<ConnId, std::weak_ptr<SessionBase>> sessions;
  ConnId next_id = 1;
  bool bots_posted = false;
  bool stopping = false;
  int resumed = 0;
  std::thread thread;
  std::function<void(const std::string&)> log;
};

// One client: (with TLS, the TLS handshake first,) the HTTP upgrade at "/", then WebSocket
// messages both ways. `Next` is the WebSocket's stream: beast::tcp_stream (ws://) or
// beast::ssl_stream over it (wss://).
template <class Next>
class Session : public SessionBase, public std::enable_shared_from_this<Session<Next>> {
 public:
  // A plain connection: `refuse_plain` set when the server speaks TLS only (the client
  // is answered in HTTP that it should use wss://, then closed).
  Session(Server::Impl& s, beast::tcp_stream stream, ConnId id, beast::flat_buffer buffer, bool refuse_plain = false)
    requires std::is_same_v<Next, beast::tcp_stream>
      : srv_(s), ws_(std::move(stream)), id_(id), buffer_(std::move(buffer)), refuse_plain_(refuse_plain) {}
  // A TLS connection (its first bytes, read to tell TLS from plain, in `buffer`).
  Session(Server::Impl& s, beast::tcp_stream stream, ConnId id, beast::flat_buffer buffer, ssl::context& ctx)
    requires(!std::is_same_v<Next, beast::tcp_stream>)
      : srv_(s), ws_(std::move(stream), ctx), id_(id), buffer_(std::move(buffer)) {}

  void start() {
    beast::get_lowest_layer(ws_).expires_after(std::chrono::seconds(30));
    if constexpr (std::is_same_v<Next, beast::tcp_stream>) {
      read_request();
    } else {
      ws_.next_layer().async_handshake(ssl::stream_base::server, buffer_.data(),
                                       [self = this->shared_from_this()](beast::error_code ec, size_t used) {
                                         if (ec) {
                                           self->srv_.note("connection " + std::to_string(self->id_) +
                                                           ": TLS handshake failed: " + ec.message());
                                           return self->gone();
                                         }
                                         self->buffer_.consume(used);
                                         self->read_request();
                                       });
    }
  }

  void queue(const std::string& text) override {
    if (closing_) return;
    queued_bytes_ += text.size();
    if (queued_bytes_ > srv_.opt.max_queued_bytes) {
      srv_.note("connection " + std::to_string(id_) + ": closed: it does not read (" +
                std::to_string(queued_bytes_) + " bytes waiting)");
      close_now();
      return;
    }
    out_.push_back(text);
    if (out_.size() == 1 && open_) write_next();
  }

  void close_now() override {
    if (closing_) return;
    closing_ = true;
    beast::error_code ec;
    beast::get_lowest_layer(ws_).socket().shutdown(tcp::socket::shutdown_both, ec);
    beast::get_lowest_layer(ws_).socket().close(ec);
  }

 private:
  void read_request() {
    parser_.emplace();
    parser_->header_limit(8 * 1024);
    parser_->body_limit(0);
    http::async_read(ws_.next_layer(), buffer_, *parser_,
                     [self = this->shared_from_this()](beast::error_code ec, size_t) { self->on_request(ec); });
  }

  void on_request(beast::error_code ec) {
    if (ec) return gone();
    auto req = parser_->release();
    if (refuse_plain_ || !websocket::is_upgrade(req) || req.target() != "/") {
      auto res = std::make_shared<http::response<http::string_body>>(
          refuse_plain_                ? http::status::bad_request
          : websocket::is_upgrade(req) ? http::status::not_found
                                       : http::status::upgrade_required,
          req.version());
      res->set(http::field::content_type, "text/plain");
      res->body() = refuse_plain_ ? "tilewright serve: this server speaks TLS only: connect with wss:// "
                                    "instead of ws:// (docs/protocol.md)\n"
                                  : "tilewright serve: a WebSocket endpoint at / (docs/protocol.md)\n";
      if (refuse_plain_) srv_.note("connection " + std::to_string(id_) + ": refused: plain ws:// at a TLS server");
      res->keep_alive(false);
      res->prepare_payload();
      http::async_write(ws_.next_layer(), *res,
                        [self = this->shared_from_this(), res](beast::error_code, size_t) { self->gone(); });
      return;
    }
    beast::get_lowest_layer(ws_).expires_never();
    ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
    ws_.read_message_max(kMaxMessageBytes);
    ws_.async_accept(req, [self = this->shared_from_this()](beast::error_code e) { self->on_accept(e); });
  }

  void on_accept(beast::error_code ec) {
    if (ec) return gone();
    open_ = true;
    last_ = std::chrono::steady_clock::now();
    tokens_ = srv_.opt.burst;
    srv_.hub.opened(id_);
    if (!out_.empty()) write_next();
    read();
  }

  void read() {
    ws_.async_read(in_, [self = this->shared_from_this()](beast::error_code ec, size_t) { self->on_read(ec); });
  }

  void on_read(beast::error_code ec) {
    if (ec) {
      if (ec == websocket::error::message_too_big)
        srv_.note("connection " + std::to_string(id_) + ": closed: a message over " +
                  std::to_string(kMaxMessageBytes) + " bytes");
      return gone();
    }
    const std::string text = beast::buffers_to_string(in_.data());
    in_.consume(in_.size());
    // The token bucket: `rate` messages a second, `burst` at once.
    const auto now = std::chrono::steady_clock::now();
    tokens_ = std::min(srv_.opt.burst, tokens_ + srv_.opt.rate * std::chrono::duration<double>(now - last_).count());
    last_ = now;
    if (tokens_ < 1) {
      if (++over_ > static_cast<int>(srv_.opt.burst)) {
        srv_.note("connection " + std::to_string(id_) + ": closed: a flood of messages");
        close_now();
        return gone();
      }
      queue(error_text(Refusal{"rate_limited", "too many messages: at most " +
                                                   std::to_string(static_cast<int>(srv_.opt.rate)) + " a second",
                               ""}));
    } else {
      tokens_ -= 1;
      over_ = 0;
      srv_.hub.message(id_, text);
    }
    if (!closing_) read();
  }

  void write_next() {
    ws_.text(true);
    ws_.async_write(asio::buffer(out_.front()), [self = this->shared_from_this()](beast::error_code ec, size_t) {
      if (ec) return self->gone();
      self->queued_bytes_ -= self->out_.front().size();
      self->out_.pop_front();
      if (!self->out_.empty()) self->write_next();
    });
  }

  void gone() {
    if (gone_) return;
    gone_ = true;
    close_now();
    srv_.sessions.erase(id_);
    if (open_) srv_.hub.closed(id_);
  }

  Server::Impl& srv_;
  websocket::stream<Next> ws_;
  ConnId id_;
  beast::flat_buffer buffer_;
  bool refuse_plain_ = false;
  beast::flat_buffer in_;
  std::optional<http::request_parser<http::empty_body>> parser_;
  std::deque<std::string> out_;
  size_t queued_bytes_ = 0;
  bool open_ = false, closing_ = false, gone_ = false;
  double tokens_ = 0;
  int over_ = 0;
  std::chrono::steady_clock::time_point last_;
};

void Server::Impl::send(ConnId c, const std::string& text) {
  auto it = sessions.find(c);
  if (it == sessions.end()) return;
  if (auto s = it->second.lock()) s->queue(text);
}

namespace {
// A connection to a TLS server before its first bytes tell TLS from plain HTTP.
class Detector : public std::enable_shared_from_this<Detector> {
 public:
  Detector(Server::Impl& s, tcp::socket socket, ConnId id) : srv_(s), stream_(std::move(socket)), id_(id) {}
  void run() {
    stream_.expires_after(std::chrono::seconds(30));
    beast::async_detect_ssl(stream_, buffer_, [self = shared_from_this()](beast::error_code ec, bool is_tls) {
      self->on_detect(ec, is_tls);
    });
  }

 private:
  void on_detect(beast::error_code ec, bool is_tls) {
    if (ec || srv_.stopping) return;
    std::shared_ptr<SessionBase> base;
    if (is_tls) {
      auto s = std::make_shared<Session<beast::ssl_stream<beast::tcp_stream>>>(srv_, std::move(stream_), id_,
                                                                              std::move(buffer_), *srv_.tls);
      srv_.sessions[id_] = s;
      s->start();
    } else {
      auto s = std::make_shared<Session<beast::tcp_stream>>(srv_, std::move(stream_), id_, std::move(buffer_), true);
      srv_.sessions[id_] = s;
      s->start();
    }
  }
  Server::Impl& srv_;
  beast::tcp_stream stream_;
  ConnId id_;
  beast::flat_buffer buffer_;
};
}  // namespace

void Server::Impl::do_accept() {
  acceptor.async_accept(ioc, [this](beast::error_code ec, tcp::socket socket) {
    if (stopping) return;
    if (!ec) {
      if (sessions.size() >= opt.max_connections) {
        beast::error_code ignored;
        socket.close(ignored);
      } else if (tls) {
        std::make_shared<Detector>(*this, std::move(socket), next_id++)->run();
      } else {
        const ConnId id = next_id++;
        auto s = std::make_shared<Session<beast::tcp_stream>>(*this, beast::tcp_stream(std::move(socket)), id,
                                                              beast::flat_buffer());
        sessions[id] = s;
        s->start();
      }
    }
    if (acceptor.is_open()) do_accept();
  });
}

void Server::Impl::wake() {
  if (bots_posted || stopping) return;
  bots_posted = true;
  asio::post(ioc, [this] {
    bots_posted = false;
    if (stopping) return;
    try {
      if (hub.step_bots(1)) wake();
    } catch (const std::exception& e) {
      note(std::string("bots: ") + e.what());
    }
  });
}

void Server::Impl::rearm() {
  if (stopping) return;
  const auto d = hub.next_deadline();
  if (d == armed) return;
  armed = d;
  if (!d) {
    clock_timer.cancel();
    return;
  }
  clock_timer.expires_after(std::chrono::milliseconds(std::max<int64_t>(0, *d - hub.now_ms())));
  clock_timer.async_wait([this](beast::error_code ec) {
    if (ec || stopping) return;
    armed.reset();
    try {
      hub.tick();
    } catch (const std::exception& e) {
      note(std::string("clocks: ") + e.what());
    }
    rearm();
  });
}

Server::Server(const Content& content, Store& store, ServerOptions options)
    : impl_(std::make_unique<Impl>(content, store, std::move(options))) {
  Impl& m = *impl_;
  m.hub.log = [this](const std::string& s) {
    if (log) log(s);
  };
  m.log = [this](const std::string& s) {
    if (log) log(s);
  };
  m.hub.wake = [&m] { m.wake(); };
  m.hub.clock_changed = [&m] { m.rearm(); };
  if (!m.opt.cert_file.empty() || !m.opt.key_file.empty()) {
    if (m.opt.cert_file.empty() || m.opt.key_file.empty())
      throw std::runtime_error("TLS needs both --cert FILE and --key FILE");
    m.tls = make_server_tls(m.opt.cert_file, m.opt.key_file);
  }
  beast::error_code ec;
  const auto addr = asio::ip::make_address(m.opt.host, ec);
  if (ec) throw std::runtime_error("--listen: '" + m.opt.host + "' is not an IP address");
  const tcp::endpoint ep(addr, m.opt.port);
  m.acceptor.open(ep.protocol(), ec);
  if (!ec) m.acceptor.set_option(asio::socket_base::reuse_address(true), ec);
  if (!ec) m.acceptor.bind(ep, ec);
  if (!ec) m.acceptor.listen(asio::socket_base::max_listen_connections, ec);
  if (ec) throw std::runtime_error("cannot listen on " + m.opt.host + ":" + std::to_string(m.opt.port) + ": " +
                                   ec.message());
  m.resumed = m.hub.load();
  m.do_accept();
}

Server::~Server() {
  stop();
  if (impl_->thread.joinable()) impl_->thread.join();
}

bool Server::tls() const { return impl_->tls != nullptr; }

uint16_t Server::port() const { return impl_->acceptor.local_endpoint().port(); }
int Server::resumed() const { return impl_->resumed; }

void Server::run() { impl_->ioc.run(); }

void Server::start_thread() {
  impl_->thread = std::thread([this] { impl_->ioc.run(); });
}

void Server::stop() {
  Impl& m = *impl_;
  asio::post(m.ioc, [&m] {
    m.stopping = true;
    m.clock_timer.cancel();
    beast::error_code ec;
    m.acceptor.close(ec);
    auto sessions = m.sessions;
    for (auto& [id, w] : sessions)
      if (auto s = w.lock()) s->close_now();
    m.ioc.stop();
  });
}

void Server::call(const std::function<void(Hub&)>& f) {
  std::promise<void> done;
  asio::post(impl_->ioc, [&] {
    f(impl_->hub);
    done.set_value();
  });
  done.get_future().wait();
}

}  // namespace tw::net
