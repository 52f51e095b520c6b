// TLS (wss://) on loopback: the server with a certificate and key made here (a throwaway
// self-signed one, OpenSSL's API; nothing committed), a complete game over wss:// by the
// command line's client code, and the refusals: an untrusted certificate, a certificate
// for another host, a plain ws:// client at a TLS server, a wss:// client at a plain one,
// and the server's files missing, unreadable or not matching.
#include <catch2/catch.hpp>

#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <thread>

#include "cli/online_cmd.h"
#include "net/client.h"
#include "net/server.h"
#include "net_fixture.h"
#include "raw_socket.h"

using namespace tw;
using nlohmann::json;
using namespace std::chrono_literals;

namespace {

// A self-signed certificate (EC P-256, one day) whose subjectAltName is `san`
// ("IP:127.0.0.1,DNS:localhost"), written as PEM files NAME.crt and NAME.key in a
// temporary directory.
struct SelfSigned {
  std::string cert, key;
};

SelfSigned make_cert(const std::string& name, const std::string& san) {
  static const test::TempTestDir dir;
  EVP_PKEY* pkey = EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", "P-256");
  REQUIRE(pkey);
  X509* x = X509_new();
  X509_set_version(x, 2);
  ASN1_INTEGER_set(X509_get_serialNumber(x), 1);
  X509_gmtime_adj(X509_getm_notBefore(x), -60);
  X509_gmtime_adj(X509_getm_notAfter(x), 24 * 3600);
  X509_set_pubkey(x, pkey);
  X509_NAME* n = X509_get_subject_name(x);
  X509_NAME_add_entry_by_txt(n, "CN", MBSTRING_ASC, reinterpret_cast<const unsigned char*>(name.c_str()), -1, -1, 0);
  X509_set_issuer_name(x, n);
  X509V3_CTX ctx;
  X509V3_set_ctx_nodb(&ctx);
  X509V3_set_ctx(&ctx, x, x, nullptr, nullptr, 0);
  for (const auto& [nid, value] : std::vector<std::pair<int, std::string>>{
           {NID_subject_alt_name, san}, {NID_basic_constraints, "critical,CA:TRUE"}}) {
    X509_EXTENSION* ext = X509V3_EXT_conf_nid(nullptr, &ctx, nid, value.c_str());
    REQUIRE(ext);
    X509_add_ext(x, ext, -1);
    X509_EXTENSION_free(ext);
  }
  REQUIRE(X509_sign(x, pkey, EVP_sha256()) > 0);
  SelfSigned s{(dir.path / (name + ".crt")).string(), (dir.path / (name + ".key")).string()};
  FILE* f = std::fopen(s.cert.c_str(), "w");
  REQUIRE(f);
  PEM_write_X509(f, x);
  std::fclose(f);
  f = std::fopen(s.key.c_str(), "w");
  REQUIRE(f);
  PEM_write_PrivateKey(f, pkey, nullptr, nullptr, 0, nullptr, nullptr);
  std::fclose(f);
  X509_free(x);
  EVP_PKEY_free(pkey);
  return s;
}

const SelfSigned& loopback_cert() {
  static const SelfSigned s = make_cert("loopback", "IP:127.0.0.1,DNS:localhost");
  return s;
}

struct TlsRunning {
  Store store;
  Content content;
  net::Server server;
  TlsRunning(const std::string& db, net::ServerOptions o)
      : store(test::HubHarness::open_store(db)), content(store.load_content()), server(content, store, o) {
    server.start_thread();
  }
  std::string url(const std::string& scheme, const std::string& host = "127.0.0.1") const {
    return scheme + "://" + host + ":" + std::to_string(server.port()) + "/";
  }
};

net::ServerOptions tls_options(const SelfSigned& s) {
  net::ServerOptions o;
  o.cert_file = s.cert;
  o.key_file = s.key;
  return o;
}

// The error of constructing a server with these options ("" when it starts).
std::string server_error(const std::string& db, net::ServerOptions o) {
  Store store = test::HubHarness::open_store(db);
  Content content = store.load_content();
  try {
    net::Server s(content, store, o);
    return "";
  } catch (const std::exception& e) {
    return e.what();
  }
}

}  // namespace

TEST_CASE("net tls: a complete game over wss:// between the command-line client and a server bot") {
  TlsRunning r(test::fresh_server_db("tls-game"), tls_options(loopback_cert()));
  CHECK(r.server.tls());
  std::string lines;
  for (int i = 0; i < 400; ++i) lines += "1\n";
  std::istringstream in(lines);
  std::ostringstream out, err;
  OnlineOptions o;
  o.url = r.url("wss");
  o.ca = loopback_cert().cert;
  o.create = true;
  o.players = "Ann, bot:greedy";
  o.timeout_s = 60;
  o.quiet = true;
  const int code = cmd_play_online(o, in, out, err);
  INFO(out.str() << err.str());
  CHECK(code == 0);
  CHECK(out.str().find("Game over: Ann ") != std::string::npos);

  // The library's client, by host name (the certificate names localhost too).
  net::Client c;
  c.set_ca_file(loopback_cert().cert);
  std::string why;
  REQUIRE(c.connect(r.url("wss", "localhost"), &why));
  REQUIRE(c.send(json{{"type", "hello"}, {"version", net::kProtocolVersion}}, &why));
  auto m = c.receive(10s, &why);
  REQUIRE(m);
  CHECK((*m)["type"] == "welcome");
  r.server.stop();
}

TEST_CASE("net tls: untrusted or misnamed certificates, and ws:// against wss://, are refused with a reason") {
  TlsRunning tls(test::fresh_server_db("tls-refuse"), tls_options(loopback_cert()));
  std::string why;
  SECTION("a self-signed certificate and no --ca: the system's store does not trust it") {
    net::Client c;
    CHECK(!c.connect(tls.url("wss"), &why));
    CHECK(why.find("certificate is not trusted") != std::string::npos);
    CHECK(why.find("--ca FILE") != std::string::npos);
  }
  SECTION("--ca of another certificate") {
    net::Client c;
    c.set_ca_file(make_cert("stranger", "IP:127.0.0.1").cert);
    CHECK(!c.connect(tls.url("wss"), &why));
    CHECK(why.find("certificate is not trusted") != std::string::npos);
    CHECK(why.find("stranger.crt") != std::string::npos);
  }
  SECTION("a certificate that does not name the host") {
    const SelfSigned other = make_cert("elsewhere", "DNS:elsewhere.example");
    TlsRunning r(test::fresh_server_db("tls-name"), tls_options(other));
    net::Client c;
    c.set_ca_file(other.cert);
    CHECK(!c.connect(r.url("wss"), &why));
    CHECK(why.find("does not name the host") != std::string::npos);
    r.server.stop();
  }
  SECTION("--ca missing, or no certificate in it") {
    net::Client c;
    c.set_ca_file("/nonexistent/ca.pem");
    CHECK(!c.connect(tls.url("wss"), &why));
    CHECK(why.find("--ca /nonexistent/ca.pem: cannot read") != std::string::npos);
    net::Client d;
    d.set_ca_file(loopback_cert().key);  // a key, not a certificate
    CHECK(!d.connect(tls.url("wss"), &why));
    CHECK(why.find("--ca " + loopback_cert().key) != std::string::npos);
  }
  SECTION("a ws:// client at a TLS server is told to use wss://") {
    net::Client c;
    CHECK(!c.connect(tls.url("ws"), &why));
    CHECK(why.find("speaks TLS only: connect with wss://") != std::string::npos);
    // The server goes on serving TLS clients.
    net::Client d;
    d.set_ca_file(loopback_cert().cert);
    CHECK(d.connect(tls.url("wss"), &why));
  }
  SECTION("a wss:// client at a plain server") {
    TlsRunning plain(test::fresh_server_db("tls-plain"), net::ServerOptions{});
    net::Client c;
    c.set_ca_file(loopback_cert().cert);
    CHECK(!c.connect(plain.url("wss"), &why));
    CHECK(why.find("TLS handshake failed") != std::string::npos);
    CHECK(why.find("speaks ws://") != std::string::npos);
    plain.server.stop();
  }
  INFO(why);
  tls.server.stop();
}

TEST_CASE("net tls: the server names a missing, unreadable or mismatched certificate or key") {
  const std::string db = test::fresh_server_db("tls-files");
  const SelfSigned good = loopback_cert();
  const SelfSigned other = make_cert("mismatch", "IP:127.0.0.1");
  net::ServerOptions o;
  o.cert_file = "/nonexistent/server.crt";
  o.key_file = good.key;
  CHECK(server_error(db, o).find("--cert /nonexistent/server.crt: cannot read") != std::string::npos);
  o.cert_file = good.cert;
  o.key_file = "/nonexistent/server.key";
  CHECK(server_error(db, o).find("--key /nonexistent/server.key: cannot read") != std::string::npos);
  o.key_file = other.key;
  CHECK(server_error(db, o).find("does not belong to the certificate") != std::string::npos);
  o.cert_file = good.key;  // a key where the certificate should be
  o.key_file = good.key;
  CHECK(server_error(db, o).find("not a PEM certificate") != std::string::npos);
  o.cert_file = good.cert;
  o.key_file = "";
  CHECK(server_error(db, o).find("both --cert FILE and --key FILE") != std::string::npos);
  o.key_file = good.key;
  CHECK(server_error(db, o).empty());
}

TEST_CASE("net tls: connections still in TLS detection count toward the caps") {
  net::ServerOptions o = tls_options(loopback_cert());
  o.max_connections = 3;
  o.handshake_timeout = std::chrono::milliseconds(600);
  TlsRunning r(test::fresh_server_db("tls-detect"), o);
  // Three silent sockets (not a byte: the server cannot tell TLS from plain yet) fill the
  // cap: a fourth, from another address, is closed at its accept.
  std::vector<test::RawSocket> silent;
  for (int i = 0; i < 3; ++i) silent.emplace_back(r.server.port());
  for (int i = 0; i < 100 && r.server.metrics_text().find("tilewright_sockets 3") == std::string::npos; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  CHECK(r.server.metrics_text().find("tilewright_sockets 3\n") != std::string::npos);
  test::RawSocket fourth(r.server.port(), "127.0.0.2");
  CHECK(fourth.closed_within(std::chrono::seconds(5)));
  CHECK(r.server.metrics_text().find("tilewright_connection_events_total{event=\"refused_max_connections\"} 1") !=
        std::string::npos);
  // The detection has a deadline: the silent ones are closed, and a TLS client gets in.
  for (auto& s : silent) CHECK(s.closed_within(std::chrono::seconds(5)));
  net::Client c;
  c.set_ca_file(loopback_cert().cert);
  std::string why;
  REQUIRE(c.connect(r.url("wss"), &why));
  REQUIRE(c.send(nlohmann::json{{"type", "ping"}}, &why));
  auto pong = c.receive(std::chrono::seconds(10), &why);
  REQUIRE(pong);
  CHECK((*pong)["type"] == "pong");
  r.server.stop();
}
