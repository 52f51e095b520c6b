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

#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <unistd.h>

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

#include "net/ops.h"

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

// The key of a client's address for the per-address limits: an IPv4 address as it is
// (an IPv4-mapped IPv6 one too), an IPv6 address by its /64 (one subscriber's prefix).
std::string address_key(const boost::asio::ip::address& a) {
  if (a.is_v6()) {
    const auto v6 = a.to_v6();
    if (v6.is_v4_mapped()) return boost::asio::ip::make_address_v4(boost::asio::ip::v4_mapped, v6).to_string();
    auto bytes = v6.to_bytes();
    for (size_t i = 8; i < bytes.size(); ++i) bytes[i] = 0;
    return boost::asio::ip::address_v6(bytes).to_string() + "/64";
  }
  return a.to_string();
}

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
  void housekeep();
  void note(const std::string& s) {
    if (log) log(s);
  }
  // A line of a kind that floods repeat: a few per kind per 10 s, then a count.
  void note_limited(const std::string& kind, const std::string& s) {
    if (limiter.allow(kind, hub.now_ms())) note(s);
  }
  bool trusted(const std::string& key) const {
    return std::find(trusted_keys.begin(), trusted_keys.end(), key) != trusted_keys.end();
  }
  std::string metrics_text();
  void count(const std::string& what) { ++events[what]; }

  ServerOptions opt;
  // (Declared before the loop: a session that the loop's destruction destroys gives its
  // socket's count back to these.)
  size_t sockets = 0;                                // every socket accepted and not yet closed
  std::map<std::string, size_t> per_address;         // the same by address key
  std::map<std::string, uint64_t> events;            // counters for /metrics (accepted, refused_*, closed_*)
  std::unique_ptr<ssl::context> tls;  // set: the server speaks wss:// only
  asio::io_context ioc;
  tcp::acceptor acceptor;
  Hub hub;
  asio::steady_timer clock_timer{ioc};
  asio::steady_timer accept_timer{ioc};  // the accept's back-off when file descriptors ran out
  asio::steady_timer house_timer{ioc};
  std::optional<int64_t> armed;  // the deadline the timer is set to
  std::map<ConnId, std::weak_ptr<SessionBase>> sessions;
  std::vector<std::string> trusted_keys;             // trusted_proxies as address keys
  LogLimiter limiter;
  size_t rooms_at_trim = 0, sockets_at_trim = 0;
  ConnId next_id = 1;
  bool bots_posted = false;
  bool stopping = false;
  int resumed = 0;
  std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now();
  std::thread thread;
  std::function<void(const std::string&)> log;
};

// One socket counted toward the server's limits (in total and per address) from its accept
// to its close, whatever phase it is in; moved along from the TLS detection to the session.
class Slot {
 public:
  Slot(Server::Impl& s, std::string key) : srv_(&s), key_(std::move(key)) {
    ++srv_->sockets;
    ++srv_->per_address[key_];
  }
  Slot(Slot&& o) noexcept : srv_(std::exchange(o.srv_, nullptr)), key_(std::move(o.key_)) {}
  Slot& operator=(Slot&&) = delete;
  Slot(const Slot&) = delete;
  ~Slot() {
    if (!srv_) return;
    --srv_->sockets;
    release();
  }
  const std::string& key() const { return key_; }
  // The client is another address (a trusted proxy's X-Forwarded-For): false, and nothing
  // changed, when that address holds its most sockets already.
  bool rekey(const std::string& key) {
    if (key == key_) return true;
    if (srv_->per_address[key] >= srv_->opt.max_connections_per_address) {
      if (srv_->per_address[key] == 0) srv_->per_address.erase(key);
      return false;
    }
    release();
    key_ = key;
    ++srv_->per_address[key_];
    return true;
  }

 private:
  void release() {
    auto it = srv_->per_address.find(key_);
    if (it != srv_->per_address.end() && --it->second == 0) srv_->per_address.erase(it);
  }
  Server::Impl* srv_;
  std::string key_;
};

// One client: (with TLS, the TLS handshake first,) the HTTP upgrade at "/" (or GET /health,
// /metrics), then WebSocket messages both ways. `Next` is the WebSocket's stream:
// beast::tcp_stream (ws://) or beast::ssl_stream over it (wss://).
template <class Next>
class Session : public SessionBase, public std::enable_shared_from_this<Session<Next>> {
 public:
  // A plain connection: `refuse_plain` set when the server speaks TLS only (the client
  // is answered in HTTP that it should use wss://, then closed).
  Session(Server::Impl& s, beast::tcp_stream stream, ConnId id, beast::flat_buffer buffer, Slot slot,
          bool refuse_plain = false)
    requires std::is_same_v<Next, beast::tcp_stream>
      : srv_(s), ws_(std::move(stream)), id_(id), buffer_(std::move(buffer)), slot_(std::move(slot)),
        refuse_plain_(refuse_plain), hello_timer_(s.ioc) {}
  // A TLS connection (its first bytes, read to tell TLS from plain, in `buffer`).
  Session(Server::Impl& s, beast::tcp_stream stream, ConnId id, beast::flat_buffer buffer, Slot slot, ssl::context& ctx)
    requires(!std::is_same_v<Next, beast::tcp_stream>)
      : srv_(s), ws_(std::move(stream), ctx), id_(id), buffer_(std::move(buffer)), slot_(std::move(slot)),
        hello_timer_(s.ioc) {}

  void start() {
    beast::get_lowest_layer(ws_).expires_after(srv_.opt.handshake_timeout);
    if constexpr (std::is_same_v<Next, beast::tcp_stream>) {
      read_request();
    } else {
      ws_.next_layer().async_handshake(ssl::stream_base::server, buffer_.data(),
                                       [self = this->shared_from_this()](beast::error_code ec, size_t used) {
                                         if (ec) {
                                           self->srv_.count("closed_tls_handshake");
                                           self->srv_.note_limited("tls", "connection " + std::to_string(self->id_) +
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
      srv_.count("closed_slow_reader");
      srv_.note_limited("slow reader", "connection " + std::to_string(id_) + ": closed: it does not read (" +
                                           std::to_string(queued_bytes_) + " bytes waiting)");
      close_now();
      return;
    }
    out_.push_back(text);
    if (out_.size() == 1 && open_ && !writing_) write_next();
  }

  void close_now() override {
    if (closing_) return;
    closing_ = true;
    hello_timer_.cancel();
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

  // An HTTP answer, then the connection closes.
  void answer_http(unsigned version, http::status status, const std::string& type, std::string body,
                   const HttpAnswer* page = nullptr) {
    auto res = std::make_shared<http::response<http::string_body>>(status, version);
    res->set(http::field::content_type, type);
    res->set(http::field::cache_control, page ? page->cache_control : std::string("no-store"));
    if (page)
      for (const auto& [k, v] : page->headers) res->set(k, v);
    res->set("X-Content-Type-Options", "nosniff");
    res->body() = std::move(body);
    res->keep_alive(false);
    res->prepare_payload();
    http::async_write(ws_.next_layer(), *res,
                      [self = this->shared_from_this(), res](beast::error_code, size_t) { self->gone(); });
  }

  void on_request(beast::error_code ec) {
    if (ec) {
      srv_.count(ec == beast::error::timeout ? "closed_handshake_timeout" : "closed_before_upgrade");
      return gone();
    }
    auto req = parser_->release();
    // Behind a trusted reverse proxy the client is X-Forwarded-For's last address.
    std::string address = slot_.key();
    if (srv_.trusted(slot_.key())) {
      const auto xff = req["X-Forwarded-For"];
      if (!xff.empty()) {
        std::string last(xff.substr(xff.rfind(',') == beast::string_view::npos ? 0 : xff.rfind(',') + 1));
        while (!last.empty() && last.front() == ' ') last.erase(last.begin());
        while (!last.empty() && last.back() == ' ') last.pop_back();
        beast::error_code bad;
        const auto a = asio::ip::make_address(last, bad);
        if (!bad) {
          address = address_key(a);
          if (!slot_.rekey(address)) {
            srv_.count("refused_per_address");
            srv_.note_limited("per address", "connection " + std::to_string(id_) + ": refused: " + address +
                                                 " holds its most connections");
            return answer_http(req.version(), http::status::too_many_requests, "text/plain",
                               "tilewright serve: too many connections from your address\n");
          }
        }
      }
    }
    address_ = address;
    if (!refuse_plain_ && !websocket::is_upgrade(req) && req.method() == http::verb::get) {
      if (req.target() == "/health") {
        nlohmann::ordered_json j{{"status", "ok"}, {"rooms", srv_.hub.rooms()}, {"connections", srv_.sockets}};
        return answer_http(req.version(), http::status::ok, "application/json", j.dump() + "\n");
      }
      if (req.target() == "/metrics" && srv_.opt.metrics)
        return answer_http(req.version(), http::status::ok, "text/plain; version=0.0.4", srv_.metrics_text());
      if (srv_.opt.http) {
        srv_.count("http_requests");
        std::optional<HttpAnswer> page;
        try {
          page = srv_.opt.http(HttpRequest{std::string(req.target()), std::string(req[http::field::host])}, srv_.hub);
        } catch (const std::exception& e) {
          srv_.note_limited("page", "connection " + std::to_string(id_) + ": a page failed: " + e.what());
          return answer_http(req.version(), http::status::internal_server_error, "text/plain",
                             "tilewright serve: this page could not be made\n");
        }
        if (page)
          return answer_http(req.version(), static_cast<http::status>(page->status), page->content_type,
                             std::move(page->body), &*page);
        if (!(req.target() == "/" || req.target().starts_with("/?")))
          return answer_http(req.version(), http::status::not_found, "text/plain", "tilewright serve: no such page\n");
      }
    }
    // The endpoint is "/"; a query ("/?room=CODE") is allowed and ignored here: a front
    // that routes rooms to hosts reads it (docs/protocol.md, "Past one host").
    const bool endpoint = req.target() == "/" || req.target().starts_with("/?");
    if (refuse_plain_ || !websocket::is_upgrade(req) || !endpoint) {
      if (refuse_plain_) {
        srv_.count("refused_plain_at_tls");
        srv_.note_limited("plain at tls", "connection " + std::to_string(id_) + ": refused: plain ws:// at a TLS server");
      }
      return answer_http(req.version(),
                         refuse_plain_                ? http::status::bad_request
                         : websocket::is_upgrade(req) ? http::status::not_found
                                                      : http::status::upgrade_required,
                         "text/plain",
                         refuse_plain_ ? "tilewright serve: this server speaks TLS only: connect with wss:// "
                                         "instead of ws:// (docs/protocol.md)\n"
                                       : "tilewright serve: a WebSocket endpoint at / (docs/protocol.md)\n");
    }
    beast::get_lowest_layer(ws_).expires_never();
    websocket::stream_base::timeout t;
    t.handshake_timeout = srv_.opt.handshake_timeout;
    t.idle_timeout = srv_.opt.idle_timeout;
    t.keep_alive_pings = true;
    ws_.set_option(t);
    // Up to kHardMaxMessageBytes a message is read and refused with too_big (then the
    // connection closes); past that WebSocket closes it at once (1009).
    ws_.read_message_max(kHardMaxMessageBytes);
    ws_.control_callback([this](websocket::frame_type kind, beast::string_view) { on_control(kind); });
    ws_.async_accept(req, [self = this->shared_from_this()](beast::error_code e) { self->on_accept(e); });
  }

  // A ping or pong frame from the client: a token bucket of its own.
  void on_control(websocket::frame_type kind) {
    if (kind == websocket::frame_type::close || closing_) return;
    const auto now = std::chrono::steady_clock::now();
    ping_tokens_ = std::min(srv_.opt.ping_burst,
                            ping_tokens_ + srv_.opt.ping_rate * std::chrono::duration<double>(now - ping_last_).count());
    ping_last_ = now;
    if (ping_tokens_ >= 1) {
      ping_tokens_ -= 1;
      return;
    }
    srv_.count("closed_ping_flood");
    srv_.note_limited("ping flood", "connection " + std::to_string(id_) + ": closed: a flood of ping frames");
    close_now();
  }

  void on_accept(beast::error_code ec) {
    if (ec) {
      srv_.count("closed_before_upgrade");
      return gone();
    }
    open_ = true;
    last_ = ping_last_ = std::chrono::steady_clock::now();
    tokens_ = srv_.opt.burst;
    ping_tokens_ = srv_.opt.ping_burst;
    srv_.hub.opened(id_, address_);
    // `hello` within hello_timeout, or the connection closes.
    hello_timer_.expires_after(srv_.opt.hello_timeout);
    hello_timer_.async_wait([self = this->shared_from_this()](beast::error_code e) {
      if (e || self->closing_ || self->srv_.hub.greeted(self->id_)) return;
      self->srv_.count("closed_hello_timeout");
      self->srv_.note_limited("hello timeout", "connection " + std::to_string(self->id_) + ": closed: no hello in " +
                                                   std::to_string(self->srv_.opt.hello_timeout.count()) + " ms");
      self->queue(error_text(Refusal{"hello_timeout",
                                     "no hello within " + std::to_string(self->srv_.opt.hello_timeout.count() / 1000) +
                                         " s: the connection closes",
                                     "", ""}));
      self->close_after_writes(websocket::close_code::policy_error);
    });
    if (!out_.empty()) write_next();
    read();
  }

  void read() {
    ws_.async_read(in_, [self = this->shared_from_this()](beast::error_code ec, size_t) { self->on_read(ec); });
  }

  void on_read(beast::error_code ec) {
    if (ec) {
      if (ec == websocket::error::message_too_big) {
        srv_.count("closed_too_big");
        srv_.note_limited("too big", "connection " + std::to_string(id_) + ": closed: a message over " +
                                         std::to_string(kHardMaxMessageBytes) + " bytes");
      }
      return gone();
    }
    if (close_after_) return;  // a message after the one that closes: not read
    if (in_.size() > kMaxMessageBytes) {
      in_.consume(in_.size());
      srv_.count("closed_too_big");
      srv_.hub.refused("too_big");
      srv_.note_limited("too big", "connection " + std::to_string(id_) + ": refused (too_big), closing");
      queue(error_text(Refusal{"too_big", "a message holds at most " + std::to_string(kMaxMessageBytes) +
                                              " bytes: the connection closes", "", ""}));
      close_after_writes(websocket::close_code::too_big);
      return;
    }
    const std::string text = beast::buffers_to_string(in_.data());
    in_.consume(in_.size());
    // The token bucket: `rate` messages a second, `burst` at once.
    const auto now = std::chrono::steady_clock::now();
    tokens_ = std::min(srv_.opt.burst, tokens_ + srv_.opt.rate * std::chrono::duration<double>(now - last_).count());
    last_ = now;
    if (tokens_ < 1) {
      // Refused messages count up and accepted ones count down one each, so a client that
      // keeps sending faster than the rate is closed soon (a reset on each accepted message
      // let a flood at 20 times the rate go on for ever, answered message by message).
      if (++over_ > static_cast<int>(srv_.opt.burst)) {
        srv_.count("closed_flood");
        srv_.note_limited("flood", "connection " + std::to_string(id_) + ": closed: a flood of messages");
        close_now();
        return gone();
      }
      srv_.hub.refused("rate_limited");
      queue(error_text(Refusal{"rate_limited", "too many messages: at most " +
                                                   std::to_string(static_cast<int>(srv_.opt.rate)) + " a second",
                               "", ""}));
    } else {
      tokens_ -= 1;
      if (over_ > 0) --over_;
      srv_.hub.message(id_, text);
    }
    if (!closing_) read();
  }

  // Closes with `code` once what is queued is written (the error that says why first).
  void close_after_writes(websocket::close_code code) {
    if (close_after_ || closing_) return;
    close_after_ = true;
    close_code_ = code;
    hello_timer_.cancel();
    if (out_.empty() && !writing_) send_close();
  }

  void send_close() {
    ws_.async_close(close_code_, [self = this->shared_from_this()](beast::error_code) { self->gone(); });
  }

  void write_next() {
    writing_ = true;
    ws_.text(true);
    ws_.async_write(asio::buffer(out_.front()), [self = this->shared_from_this()](beast::error_code ec, size_t) {
      self->writing_ = false;
      if (ec) return self->gone();
      self->queued_bytes_ -= self->out_.front().size();
      self->out_.pop_front();
      if (!self->out_.empty())
        self->write_next();
      else if (self->close_after_)
        self->send_close();
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
  Slot slot_;
  bool refuse_plain_ = false;
  std::string address_;
  beast::flat_buffer in_;
  std::optional<http::request_parser<http::empty_body>> parser_;
  std::deque<std::string> out_;
  size_t queued_bytes_ = 0;
  bool open_ = false, closing_ = false, gone_ = false, writing_ = false, close_after_ = false;
  websocket::close_code close_code_ = websocket::close_code::normal;
  double tokens_ = 0, ping_tokens_ = 0;
  int over_ = 0;
  std::chrono::steady_clock::time_point last_, ping_last_;
  asio::steady_timer hello_timer_;
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
  Detector(Server::Impl& s, tcp::socket socket, ConnId id, Slot slot)
      : srv_(s), stream_(std::move(socket)), id_(id), slot_(std::move(slot)) {}
  void run() {
    stream_.expires_after(srv_.opt.handshake_timeout);
    beast::async_detect_ssl(stream_, buffer_, [self = shared_from_this()](beast::error_code ec, bool is_tls) {
      self->on_detect(ec, is_tls);
    });
  }
  void close_now() {
    beast::error_code ec;
    stream_.socket().close(ec);
  }

 private:
  void on_detect(beast::error_code ec, bool is_tls) {
    if (ec || srv_.stopping) {
      if (ec == beast::error::timeout) srv_.count("closed_handshake_timeout");
      return;
    }
    if (is_tls) {
      auto s = std::make_shared<Session<beast::ssl_stream<beast::tcp_stream>>>(srv_, std::move(stream_), id_,
                                                                              std::move(buffer_), std::move(slot_),
                                                                              *srv_.tls);
      srv_.sessions[id_] = s;
      s->start();
    } else {
      auto s = std::make_shared<Session<beast::tcp_stream>>(srv_, std::move(stream_), id_, std::move(buffer_),
                                                            std::move(slot_), true);
      srv_.sessions[id_] = s;
      s->start();
    }
  }
  Server::Impl& srv_;
  beast::tcp_stream stream_;
  ConnId id_;
  Slot slot_;
  beast::flat_buffer buffer_;
};
}  // namespace

void Server::Impl::do_accept() {
  acceptor.async_accept(ioc, [this](beast::error_code ec, tcp::socket socket) {
    if (stopping) return;
    if (ec) {
      // Out of file descriptors (or memory): accepting again at once would spin. Back off;
      // the waiting connections stay in the listen queue meanwhile.
      if (ec == asio::error::no_descriptors || ec.value() == EMFILE || ec.value() == ENFILE ||
          ec == asio::error::no_buffer_space || ec == asio::error::no_memory) {
        count("accept_backoff");
        note_limited("accept", "accept: " + ec.message() + ": accepting again in 250 ms");
        accept_timer.expires_after(std::chrono::milliseconds(250));
        accept_timer.async_wait([this](beast::error_code e) {
          if (!e && !stopping && acceptor.is_open()) do_accept();
        });
        return;
      }
    } else {
      beast::error_code peer_ec;
      const auto peer = socket.remote_endpoint(peer_ec);
      const std::string key = peer_ec ? std::string("?") : address_key(peer.address());
      beast::error_code ignored;
      if (sockets >= opt.max_connections) {
        count("refused_max_connections");
        note_limited("max connections", "connection refused: the server holds its most connections (" +
                                            std::to_string(opt.max_connections) + ")");
        socket.close(ignored);
      } else if (!trusted(key) && per_address[key] >= opt.max_connections_per_address) {
        if (per_address[key] == 0) per_address.erase(key);
        count("refused_per_address");
        note_limited("per address", "connection refused: " + key + " holds its most connections (" +
                                        std::to_string(opt.max_connections_per_address) + ")");
        socket.close(ignored);
      } else {
        count("accepted");
        Slot slot(*this, key);
        const ConnId id = next_id++;
        if (tls) {
          std::make_shared<Detector>(*this, std::move(socket), id, std::move(slot))->run();
        } else {
          auto s = std::make_shared<Session<beast::tcp_stream>>(*this, beast::tcp_stream(std::move(socket)), id,
                                                                beast::flat_buffer(), std::move(slot));
          sessions[id] = s;
          s->start();
        }
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

void Server::Impl::housekeep() {
  house_timer.expires_after(opt.housekeeping);
  house_timer.async_wait([this](beast::error_code ec) {
    if (ec || stopping) return;
    try {
      hub.housekeep();
    } catch (const std::exception& e) {
      note(std::string("housekeeping: ") + e.what());
    }
    for (const auto& line : limiter.flush(hub.now_ms())) note(line);
#if defined(__GLIBC__)
    // Rooms or connections gone in numbers (a flood expired): give the memory back.
    if (hub.rooms() + 32 < rooms_at_trim || sockets + 64 < sockets_at_trim) {
      malloc_trim(0);
      rooms_at_trim = hub.rooms();
      sockets_at_trim = sockets;
    }
    rooms_at_trim = std::max(rooms_at_trim, hub.rooms());
    sockets_at_trim = std::max(sockets_at_trim, sockets);
#endif
    housekeep();
  });
}

namespace {
// The process's resident memory in bytes (0 when unknown).
double resident_bytes() {
  std::ifstream in("/proc/self/statm");
  long pages = 0, resident = 0;
  if (!(in >> pages >> resident)) return 0;
  return static_cast<double>(resident) * static_cast<double>(sysconf(_SC_PAGESIZE));
}
}  // namespace

std::string Server::Impl::metrics_text() {
  MetricsText m;
  hub.metrics(m);
  m.family("tilewright_sockets", "gauge", "Sockets open (every phase: TLS detection, HTTP upgrade, WebSocket).");
  m.sample("tilewright_sockets", static_cast<double>(sockets));
  m.family("tilewright_addresses", "gauge", "Client addresses (IPv6: /64) with a socket open.");
  m.sample("tilewright_addresses", static_cast<double>(per_address.size()));
  m.family("tilewright_connection_events_total", "counter",
           "Connections accepted, refused at the accept, and closed by the server, by reason.");
  for (const auto& [what, n] : events)
    m.sample("tilewright_connection_events_total", static_cast<double>(n), MetricsText::label("event", what));
  m.family("tilewright_server_log_lines_suppressed_total", "counter", "Log lines left out by the rate limit (the server's).");
  m.sample("tilewright_server_log_lines_suppressed_total", static_cast<double>(limiter.suppressed_total()));
  m.family("process_resident_memory_bytes", "gauge", "Resident memory size in bytes.");
  m.sample("process_resident_memory_bytes", resident_bytes());
  m.family("tilewright_uptime_seconds", "gauge", "Seconds since the server started.");
  m.sample("tilewright_uptime_seconds",
           std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
  return m.text();
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
  for (const auto& p : m.opt.trusted_proxies) {
    const auto a = asio::ip::make_address(p, ec);
    if (ec) throw std::runtime_error("--trust-proxy: '" + p + "' is not an IP address");
    m.trusted_keys.push_back(address_key(a));
  }
  m.resumed = m.hub.load();
  m.do_accept();
  m.housekeep();
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
    m.accept_timer.cancel();
    m.house_timer.cancel();
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

namespace tw::net {
std::string Server::metrics_text() {
  std::string out;
  std::promise<void> done;
  asio::post(impl_->ioc, [&] {
    out = impl_->metrics_text();
    done.set_value();
  });
  done.get_future().wait();
  return out;
}
}  // namespace tw::net
