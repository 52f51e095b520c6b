// The browser client of `tilewright serve` (issue 58): one page, HTML with its script
// and styles inline (web/play.js, web/play.css, embedded at build time), that is the
// lobby at "/" and a room at "/r/CODE". The server hands it out (net/site.h); the page
// speaks the protocol of docs/protocol.md over a WebSocket to the same host and port and
// draws the game from the views the server sends (their `option_views`, the followers'
// `spot`s, the tile art of /tiles/RULESET.json): it implements no rule and names no
// module.
//
// The page makes no request but to its own server (the Content-Security-Policy allows
// only its own script, by nonce, and connections to 'self'); no text of a user (a name, a
// rule set's label) reaches it as markup: data goes in as JSON (web/page.h script_json)
// and the script writes text nodes.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace tw::web {

// The page, with `lobby` (what the lobby offers: rule sets, levels, bots, whether open
// rooms are listed) as its data, its script allowed by `nonce` (letters and digits).
std::string play_page_html(const nlohmann::ordered_json& lobby, const std::string& nonce);

// The Content-Security-Policy of that page (the server sends it as a header too).
std::string play_page_csp(const std::string& nonce);

}  // namespace tw::web
