#include "net/server.h"

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include <atomic>
#include <chrono>
#include <deque>
#include <future>
#include <map>
#include <stdexcept>
#include <thread>

namespace tw::net {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

class Session;

struct Server::Impl {
  Impl(const Content& content, Store& store, ServerOptions o)
      : opt(std::move(o)), acceptor(ioc), hub(content, store, [this](ConnId c, const std::string& t) { send(c, t); },
                                             opt.hub) {}

  void send(ConnId c, const std::string& text);
  void do_accept();
  void wake();
  void note(const std::string& s) {
    if (log) log(s);
  }

  ServerOptions opt;
  asio::io_context ioc;
  tcp::acceptor acceptor;
  Hub hub;
  std::map<ConnId, std::weak_ptr<Session>> sessions;
  ConnId next_id = 1;
  bool bots_posted = false;
  bool stopping = false;
  int resumed = 0;
  std::thread thread;
  std::function<void(const std::string&)> log;
};

// One client: the HTTP upgrade at "/", then WebSocket messages both ways.
class Session : public std::enable_shared_from_this<Session> {
 public:
  Session(Server::Impl& s, tcp::socket socket, ConnId id) : srv_(s), ws_(std::move(socket)), id_(id) {}

  void start() {
    beast::get_lowest_layer(ws_).expires_after(std::chrono::seconds(30));
    parser_.emplace();
    parser_->header_limit(8 * 1024);
    parser_->body_limit(0);
    http::async_read(beast::get_lowest_layer(ws_), buffer_, *parser_,
                     [self = shared_from_this()](beast::error_code ec, size_t) { self->on_request(ec); });
  }

  void queue(const std::string& text) {
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

  void close_now() {
    if (closing_) return;
    closing_ = true;
    beast::error_code ec;
    beast::get_lowest_layer(ws_).socket().shutdown(tcp::socket::shutdown_both, ec);
    beast::get_lowest_layer(ws_).socket().close(ec);
  }

 private:
  void on_request(beast::error_code ec) {
    if (ec) return gone();
    auto req = parser_->release();
    if (!websocket::is_upgrade(req) || req.target() != "/") {
      auto res = std::make_shared<http::response<http::string_body>>(
          websocket::is_upgrade(req) ? http::status::not_found : http::status::upgrade_required, req.version());
      res->set(http::field::content_type, "text/plain");
      res->body() = "tilewright serve: a WebSocket endpoint at / (docs/protocol.md)\n";
      res->keep_alive(false);
      res->prepare_payload();
      http::async_write(beast::get_lowest_layer(ws_), *res,
                        [self = shared_from_this(), res](beast::error_code, size_t) { self->gone(); });
      return;
    }
    beast::get_lowest_layer(ws_).expires_never();
    ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
    ws_.read_message_max(kMaxMessageBytes);
    ws_.async_accept(req, [self = shared_from_this()](beast::error_code e) { self->on_accept(e); });
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
    ws_.async_read(in_, [self = shared_from_this()](beast::error_code ec, size_t) { self->on_read(ec); });
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
    ws_.async_write(asio::buffer(out_.front()), [self = shared_from_this()](beast::error_code ec, size_t) {
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
  websocket::stream<beast::tcp_stream> ws_;
  ConnId id_;
  beast::flat_buffer buffer_;
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

void Server::Impl::do_accept() {
  acceptor.async_accept(ioc, [this](beast::error_code ec, tcp::socket socket) {
    if (stopping) return;
    if (!ec) {
      if (sessions.size() >= opt.max_connections) {
        beast::error_code ignored;
        socket.close(ignored);
      } else {
        const ConnId id = next_id++;
        auto s = std::make_shared<Session>(*this, std::move(socket), id);
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
