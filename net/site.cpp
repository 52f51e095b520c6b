#include "net/site.h"

#include <random>

#include "engine/bots/bots.h"
#include "net/hub.h"
#include "net/protocol.h"
#include "present/tile_svg.h"
#include "replay/replay_store.h"
#include "replay/tgn_io.h"
#include "schema/store.h"
#include "web/page.h"
#include "web/play_page.h"

namespace tw::net {

namespace {
using OJ = nlohmann::ordered_json;

std::string new_nonce() {
  static thread_local std::random_device rd;
  static constexpr char kHex[] = "0123456789abcdef";
  std::string s;
  for (int i = 0; i < 4; ++i) {
    const unsigned v = rd();
    for (int k = 0; k < 8; ++k) s += kHex[(v >> (4 * k)) & 15];
  }
  return s;
}

bool room_code_ok(const std::string& code) {
  if (code.empty() || code.size() > 16) return false;
  for (const char ch : code)
    if (!((ch >= 'A' && ch <= 'Z') || (ch >= '2' && ch <= '9'))) return false;
  return true;
}

HttpAnswer text(int status, std::string body) {
  HttpAnswer a;
  a.status = status;
  a.content_type = "text/plain; charset=utf-8";
  a.body = std::move(body);
  return a;
}

// The tiles a game of rule set `rs` may show: its start tile, its pool, and the other
// cells of any multi-cell piece among them.
std::vector<int> tiles_of(const Content& c, const RuleSet& rs) {
  std::vector<bool> in(c.tiles.size(), false);
  if (rs.start_tile >= 0) in[static_cast<size_t>(rs.start_tile)] = true;
  for (const auto& e : rs.pool)
    if (e.tile >= 0) in[static_cast<size_t>(e.tile)] = true;
  for (size_t i = 0; i < c.tiles.size(); ++i) {
    if (!in[i] || c.tiles[i].piece.empty()) continue;
    for (size_t k = 0; k < c.tiles.size(); ++k)
      if (c.tiles[k].piece == c.tiles[i].piece && c.tiles[k].tile_set == c.tiles[i].tile_set) in[k] = true;
  }
  std::vector<int> out;
  for (size_t i = 0; i < in.size(); ++i)
    if (in[i]) out.push_back(static_cast<int>(i));
  return out;
}
}  // namespace

Site::Site(const Content& content, Store& store, SiteOptions options)
    : content_(content), store_(store), opt_(options) {}

OJ Site::lobby() const {
  OJ rule_sets = OJ::array();
  for (const auto& rs : content_.rule_sets) {
    bool by_levels = false;  // a rule set that levels use is played by them
    for (const auto& lv : content_.levels) by_levels = by_levels || lv.rule_set == rs.id;
    if (by_levels) continue;
    rule_sets.push_back(OJ{{"id", rs.id}, {"name", rs.name.empty() ? rs.id : rs.name},
                           {"min_players", rs.rules.min_players}, {"max_players", rs.rules.max_players}});
  }
  OJ levels = OJ::array();
  for (const auto& lv : content_.levels) {
    const RuleSet* rs = content_.find_rule_set(lv.rule_set);
    OJ j{{"id", lv.id}, {"name", lv.name.empty() ? lv.id : lv.name}, {"rule_set", lv.rule_set}};
    if (rs) {
      j["min_players"] = rs->rules.min_players;
      j["max_players"] = rs->rules.max_players;
    }
    levels.push_back(j);
  }
  // The seats a room may give a server bot: names as `create` takes them.
  OJ bots = OJ::array();
  bots.push_back(OJ{{"bot", "greedy"}, {"label", "Easy bot (greedy)"}, {"coop", false}});
  bots.push_back(OJ{{"bot", "mcts:200"}, {"label", "Medium bot (mcts:200)"}, {"coop", false}});
  bots.push_back(OJ{{"bot", "mcts"}, {"label", "Strong bot (mcts)"}, {"coop", false}});
  bots.push_back(OJ{{"bot", "coop"}, {"label", "Team-mate bot (coop)"}, {"coop", true}});
  bots.push_back(OJ{{"bot", "mcts"}, {"label", "Strong team-mate (mcts)"}, {"coop", true}});
  return OJ{{"version", kProtocolVersion}, {"rule_sets", rule_sets}, {"levels", levels}, {"bots", bots},
            {"list_rooms", opt_.list_rooms}};
}

std::string Site::tiles_json(const std::string& rule_set) {
  if (auto it = tiles_.find(rule_set); it != tiles_.end()) return it->second;
  const RuleSet* rs = content_.find_rule_set(rule_set);
  if (!rs) return {};
  OJ art = OJ::object();
  for (const int t : tiles_of(content_, *rs)) {
    const TileType& type = content_.tiles[static_cast<size_t>(t)];
    // At rotation 0 only: the page turns it (a quarter of the bytes: gcc's 60 tiles 136 KB).
    art[std::to_string(t)] = OJ{{"id", type.notation_id()}, {"svg", tile_svg(type, 0)}};
  }
  const std::string out = OJ{{"rule_set", rule_set}, {"art", art}, {"back", tile_svg(TileType{}, 0, true)}}.dump();
  if (tiles_.size() < 256) tiles_[rule_set] = out;
  return out;
}

HttpAnswer Site::page() const {
  const std::string nonce = new_nonce();
  HttpAnswer a;
  a.body = web::play_page_html(lobby(), nonce);
  a.headers.push_back({"Content-Security-Policy", web::play_page_csp(nonce)});
  a.headers.push_back({"Referrer-Policy", "no-referrer"});
  return a;
}

std::optional<HttpAnswer> Site::replay_page(const std::string& what, Hub& hub) {
  const bool tgn = what.size() > 4 && what.ends_with(".tgn");
  const std::string digits = tgn ? what.substr(0, what.size() - 4) : what;
  if (digits.empty() || digits.size() > 18 || digits.find_first_not_of("0123456789") != std::string::npos)
    return text(404, "tilewright serve: no such replay\n");
  const int64_t id = std::stoll(digits);
  if (!hub.served_replay(id)) return text(404, "tilewright serve: no finished game of this server has replay " + digits + "\n");
  const std::string key = (tgn ? "t" : "p") + digits;
  for (auto it = pages_.begin(); it != pages_.end(); ++it)
    if (it->first == key) {
      pages_.splice(pages_.begin(), pages_, it);
      break;
    }
  if (pages_.empty() || pages_.front().first != key) {
    const replay::Replay r = replay::ReplayStore(store_).load(id);
    pages_.emplace_front(key, tgn ? replay::export_tgn(r) : web::page_html(content_, r));
    if (pages_.size() > 32) pages_.pop_back();
  }
  HttpAnswer a;
  a.body = pages_.front().second;
  a.cache_control = "private, max-age=3600";
  if (tgn) {
    a.content_type = "text/plain; charset=utf-8";
    a.headers.push_back({"Content-Disposition", "attachment; filename=\"tilewright-" + digits + ".tgn\""});
  }
  return a;
}

std::optional<HttpAnswer> Site::answer(const HttpRequest& req, Hub& hub) {
  std::string path = req.target;
  if (const size_t q = path.find('?'); q != std::string::npos) path.resize(q);
  if (path == "/" || path == "/index.html") return page();
  if (path.starts_with("/r/") && room_code_ok(path.substr(3))) return page();
  if (path.starts_with("/tiles/") && path.ends_with(".json")) {
    std::string body = tiles_json(path.substr(7, path.size() - 12));
    if (body.empty()) return text(404, "tilewright serve: no such rule set\n");
    HttpAnswer a;
    a.content_type = "application/json";
    a.body = std::move(body);
    a.cache_control = "private, max-age=3600";
    return a;
  }
  if (path == "/rooms.json") {
    if (!opt_.list_rooms) return text(404, "tilewright serve: this server does not list its rooms\n");
    OJ rooms = OJ::array();
    for (auto& r : hub.open_rooms(opt_.max_listed)) rooms.push_back(std::move(r));
    HttpAnswer a;
    a.content_type = "application/json";
    a.body = OJ{{"rooms", rooms}}.dump();
    return a;
  }
  if (path.starts_with("/replay/")) return replay_page(path.substr(8), hub);
  return std::nullopt;
}

}  // namespace tw::net
