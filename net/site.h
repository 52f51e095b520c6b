// What `tilewright serve` hands to a browser (issue 58), on the WebSocket's port:
//   GET /                 the lobby (web/play_page.h): make a room, the open rooms
//   GET /r/CODE           that room: take the first free seat (or come back to one), or watch
//   GET /r/CODE?watch     watch it
//   GET /tiles/ID.json    the tile art of rule set ID: per tile type (the views' `art`) its
//                         SVG at rotation 0 (present/tile_svg.h; the page turns it), and a tile's back
//   GET /rooms.json       the rooms open for players (only with SiteOptions::list_rooms)
//   GET /replay/ID        the review page of a finished game (web/page.h), and
//   GET /replay/ID.tgn    its record; only games a room of this server ended: nothing of
//                         them is hidden any more
// Every page is made on the server's loop thread (ServerOptions::http); the review pages
// are kept (a finished game does not change), the most recent 32.
#pragma once

#include <cstdint>
#include <list>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "engine/content.h"
#include "net/server.h"

namespace tw {
class Store;
}

namespace tw::net {

struct SiteOptions {
  bool list_rooms = false;  // GET /rooms.json lists open rooms; the lobby shows them
  size_t max_listed = 50;
};

class Site {
 public:
  Site(const Content& content, Store& store, SiteOptions options = {});
  std::optional<HttpAnswer> answer(const HttpRequest& req, Hub& hub);

  // The lobby's data (rule sets, levels, bots, whether rooms are listed).
  nlohmann::ordered_json lobby() const;
  // The tile art of a rule set as JSON text, or "" when there is no such rule set.
  std::string tiles_json(const std::string& rule_set);

 private:
  HttpAnswer page() const;
  std::optional<HttpAnswer> replay_page(const std::string& what, Hub& hub);

  const Content& content_;
  Store& store_;
  SiteOptions opt_;
  std::map<std::string, std::string> tiles_;  // rule set -> its art (made once)
  std::list<std::pair<std::string, std::string>> pages_;  // "/replay/ID" -> page, newest first
};

}  // namespace tw::net
