// The web page of a reviewed game: one self-contained HTML file that works offline (issue
// 35). `tilewright replay export ID --format html` and the editor's File > Export web
// page... both call page_html.
//
// The C++ side plays the replay's tree through the engine once and writes everything the
// page shows as data: per node (the start, every ply of the main line and of every
// variation) the tiles on the board (a delta against the node before), the followers
// with their spots, the scores, the events, the comment (Markdown rendered safely,
// present/markdown.h), the glyph and the markers; per tile type and rotation used its SVG
// (present/tile_svg.h, the tile art the editor paints too); where an analysis is given, per main-line
// ply its evaluation, mark and best move (the tiles and followers it would have put on
// the board). The page's script (web/review.js, with web/review.css, embedded at build
// time) draws it: it implements no rule.
//
// The page makes no network request: script and styles are inline, tiles are inline SVG,
// no font is loaded, and a Content-Security-Policy allows nothing else (only the page's
// own script runs: an injected one would not). The canonical TGN is inside the data; the
// "Download record" link saves it.
//
// Invariants: the same replay, content and analysis give the same bytes; no byte of a
// user's text (names, tags, comments, labels) reaches the page as markup.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "analysis/analysis.h"
#include "engine/content.h"
#include "replay/tree.h"

namespace tw::web {

struct PageOptions {
  const analysis::Analysis* analysis = nullptr;  // of the replay's main line, or none
  // The analysis is the one kept with the replay (Replay::evaluations, analysis::from_kept),
  // not a fresh one. A fresh analysis supersedes the kept marks: a main-line glyph equal to
  // the kept evaluation's glyph at its ply was that analysis' mark and the page shows the
  // fresh one instead; any other glyph is the reviewer's and stays (issue 61, item 12).
  bool analysis_is_kept = false;
  std::string title;  // "" : made from the players and rule set
  // The content pack of the game's rules (the text of TGN 2's %rules lines, as `replay
  // export --with-rules` writes): when given, the record in the page (downloaded, shown,
  // imported back) carries it, so the game replays where its rules are not shipped.
  std::string rules;
};

// The page's data (what the script reads), or throws std::runtime_error naming the node
// whose move the engine refuses (a replay that does not replay).
nlohmann::ordered_json page_data(const Content& c, const replay::Replay& r, const PageOptions& o = {});
// The whole page.
std::string page_html(const Content& c, const replay::Replay& r, const PageOptions& o = {});

// The record (TGN text) a page holds, or nullopt when `html` is not a page of this kind
// (its data element missing or unreadable): `replay import page.html` reads it.
std::optional<std::string> record_of_page(std::string_view html);

// JSON text safe inside a <script> element: every '<' written as \u003c (and U+2028/9
// escaped), so no text in it can close the element.
std::string script_json(const nlohmann::ordered_json& j);

}  // namespace tw::web
