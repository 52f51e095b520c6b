#include "web/page.h"

#include <algorithm>
#include <map>
#include <optional>
#include <cstdio>
#include <cmath>
#include <stdexcept>
#include <tuple>

#include "engine/result.h"
#include "engine/rules/cemeteries.h"
#include "engine/rules/coop.h"
#include "engine/rules/coop_ghosts.h"
#include "engine/rules/dogs.h"
#include "engine/rules/face_down.h"
#include "engine/rules/gcc_ghosts.h"
#include "engine/rules/level.h"
#include "engine/rules/score_markers.h"
#include "present/record.h"
#include "present/summary.h"
#include "present/tile_svg.h"
#include "replay/tgn_io.h"
#include "engine/text.h"
#include "engine/tgn.h"
#include "present/markdown.h"
#include "web/web_assets.h"  // generated: kReviewJs, kReviewCss (web/CMakeLists.txt)

namespace tw::web {

using J = nlohmann::ordered_json;

namespace {

// A tile on the board as the page draws it: cell, art (type, rotation, face), ghosts.
struct TileRec {
  int x = 0, y = 0, art = 0, ghosts = 0;
  friend bool operator==(const TileRec&, const TileRec&) = default;
};

class Builder {
 public:
  Builder(const Content& c, const replay::Replay& r, const PageOptions& o) : c_(c), r_(r), o_(o) {}

  J build() {
    Game g;
    if (auto v = Game::create(c_, r_.log.setup(), g)) throw std::runtime_error("the game cannot be set up: " + v->message);
    coop_ = is_coop(g);
    J data;
    data["format"] = 1;
    data["title"] = title(g);
    data["ruleset"] = r_.log.header.rule_set;
    data["ruleset_name"] = g.rule_set().name;
    if (coop_ && coop_level(g)) {
      data["level"] = coop_level(g)->id;
      data["level_name"] = coop_level(g)->name;
    } else {
      data["level"] = nullptr;
    }
    J seats = J::array();
    for (int p = 0; p < g.player_count(); ++p) {
      const int colour = coop_ && !g.colours_of(p).empty() ? g.colours_of(p)[0] : p;
      seats.push_back(J{{"name", seat_label(g.setup().players, static_cast<size_t>(p))}, {"colour", colour}});
    }
    data["seats"] = seats;
    J series = J::array();  // what the score graph plots: seats, or co-op markers
    if (coop_) {
      for (size_t i = 0; i < marker_colours(g).size(); ++i) {
        const int col = marker_colours(g)[i];
        series.push_back(J{{"name", col < 0 ? std::string("team") : std::string(kColourNames[static_cast<size_t>(col)])},
                           {"colour", col}});
      }
    } else {
      series = seats;
    }
    data["series"] = series;
    data["coop"] = coop_;
    data["result"] = r_.log.finished ? J(r_.log.result) : J(nullptr);
    J tags = J::array();
    for (const auto& t : r_.log.header.tags) tags.push_back(J::array({t.name, t.value}));
    data["tags"] = tags;
    data["pinned"] = r_.pinned.empty() ? J(nullptr) : J(markdown_html(r_.pinned));
    data["tgn"] = record_text();
    data["plies"] = r_.log.plies();

    nodes_ = J::array();
    J root = node_json(g, -1, nullptr, "", 0, {}, true);
    nodes_.push_back(std::move(root));
    std::vector<TileRec> tiles = tiles_of(g);
    walk(g, 0, r_.mainline, {}, 0, tiles, true);
    if (o_.analysis) add_analysis(data);
    data["lines"] = std::move(lines_);
    J arts = J::array();
    for (const auto& a : art_svg_) arts.push_back(a);
    data["art"] = arts;
    for (auto& n : nodes_) {  // the full lists were kept for the comparisons only
      n.erase("fz");
      n.erase("sbz");
      n.erase("pnz");
    }
    data["nodes"] = std::move(nodes_);
    return data;
  }

 private:
  // The canonical record, with the game's rules when they are given (TGN 2).
  std::string record_text() const {
    if (o_.rules.empty()) return replay::export_tgn(r_);
    tgn::Record rec = replay::to_record(r_);
    std::string rules = o_.rules;
    while (!rules.empty() && rules.back() == '\n') rules.pop_back();
    rec.rules = std::move(rules);
    rec.set_tag("RulesDigest", text::hex64(r_.log.header.rules_digest));
    return tgn::write(rec);
  }

  std::string title(const Game& g) const {
    if (!o_.title.empty()) return o_.title;
    std::string s;
    for (int p = 0; p < g.player_count(); ++p) s += (p ? " – " : "") + seat_label(g.setup().players, static_cast<size_t>(p));
    return s + " · " + (r_.log.header.level.empty() ? r_.log.header.rule_set : r_.log.header.level);
  }

  int art(int type, int rot, bool face_down) {
    const auto key = std::make_tuple(type, face_down ? 0 : rot, face_down);
    const auto it = art_.find(key);
    if (it != art_.end()) return it->second;
    const int id = static_cast<int>(art_svg_.size());
    art_svg_.push_back(tile_svg(c_.tiles[static_cast<size_t>(type)], rot, face_down));
    art_.emplace(key, id);
    return id;
  }

  std::vector<TileRec> tiles_of(const Game& g) {
    std::vector<TileRec> out;
    out.reserve(g.placed().size());
    for (size_t i = 0; i < g.placed().size(); ++i) {
      const PlacedTile& t = g.placed()[i];
      out.push_back({t.x, t.y, art(t.type, t.rot, face_down(t)), coop_ ? tile_ghosts(g, static_cast<int>(i)) : 0});
    }
    return out;
  }

  static J tile_json(const TileRec& t) {
    J a = J::array({t.x, t.y, t.art});
    if (t.ghosts) a.push_back(t.ghosts);
    return a;
  }

  // [x, y, spot x, spot y (0..100 in the cell, y down), colour, flags (1 guard, 2 buried),
  //  ghosts, weight, dogs]
  J followers_json(const Game& g) const {
    J out = J::array();
    for (const auto& f : g.followers()) {
      if (f.placed < 0) continue;
      const PlacedTile& t = g.placed()[static_cast<size_t>(f.placed)];
      const auto [sx, sy] = segment_spot(c_.tiles[t.type], f.seg, t.rot);
      const int flags = (f.kind == FollowerKind::Guard ? 1 : 0) | (buried(f) ? 2 : 0);
      out.push_back(J::array({t.x, t.y, static_cast<int>(std::lround(sx * 100)), static_cast<int>(std::lround(sy * 100)),
                              coop_ ? f.colour : f.player, flags, ghosts_with(f), f.weight, dogs_with(f)}));
    }
    return out;
  }

  J scores_json(const Game& g) const {
    J s = J::array();
    if (coop_)
      for (size_t i = 0; i < marker_colours(g).size(); ++i) s.push_back(marker_score(g, i));
    else
      for (int p = 0; p < g.player_count(); ++p) s.push_back(g.score(p));
    return s;
  }

  J node_json(const Game& g, int parent, const replay::Node* n, const std::string& path, int mover,
              const std::vector<TileRec>& before, bool main) {
    J j;
    j["p"] = parent;
    j["n"] = g.ply();
    if (n) {
      j["d"] = n->decision;
      j["m"] = mover;
      j["k"] = path;
      if (!n->note.glyph.empty()) j["g"] = n->note.glyph;
      if (!n->note.comment.empty()) j["c"] = markdown_html(n->note.comment);
      if (!n->note.markers.empty()) {
        J mk = J::array();
        for (const auto& m : n->note.markers) {
          if (m.kind == replay::Marker::Kind::Cell) mk.push_back(J::array({"cell", m.x, m.y}));
          if (m.kind == replay::Marker::Kind::Arrow) mk.push_back(J::array({"arrow", m.x, m.y, m.x2, m.y2}));
          if (m.kind == replay::Marker::Kind::Label) mk.push_back(J::array({"label", m.x, m.y, m.text}));
        }
        j["mk"] = mk;
      }
    }
    if (main) j["ml"] = 1;
    const std::vector<TileRec> now = tiles_of(g);
    const bool prefix = parent >= 0 && now.size() >= before.size() && std::equal(before.begin(), before.end(), now.begin());
    J t = J::array();
    for (size_t i = prefix ? before.size() : 0; i < now.size(); ++i) t.push_back(tile_json(now[i]));
    j["t"] = t;
    if (!prefix) j["tf"] = 1;
    if (g.last_placed() >= 0) j["l"] = g.last_placed();
    // Followers and the score box only where they differ from the parent's (the page
    // takes the parent's otherwise): most plies change one of them at most.
    J f = followers_json(g);
    if (parent < 0 || nodes_[static_cast<size_t>(parent)].value("fz", J()) != f) j["f"] = f;
    j["fz"] = std::move(f);
    j["s"] = scores_json(g);
    J box = J::array();
    for (const auto& line : state_summary(g, SummaryForm::ScoreBox)) box.push_back(J::array({line.text, line.colour}));
    if (parent < 0 || nodes_[static_cast<size_t>(parent)].value("sbz", J()) != box) j["sb"] = box;
    j["sbz"] = std::move(box);
    // The details (supplies, tiles left) as the editor's Play panel words them, and the
    // tile drawn when a placement is pending.
    // Lines repeat from node to node: each is written once (data "lines"), nodes name them.
    J panel = J::array();
    for (const auto& line : state_summary(g, SummaryForm::Panel)) {
      const auto key = std::make_pair(line.text, line.colour);
      auto it = line_ids_.find(key);
      if (it == line_ids_.end()) {
        it = line_ids_.emplace(key, static_cast<int>(lines_.size())).first;
        lines_.push_back(J::array({line.text, line.colour}));
      }
      panel.push_back(it->second);
    }
    if (parent < 0 || nodes_[static_cast<size_t>(parent)].value("pnz", J()) != panel) j["pn"] = panel;
    j["pnz"] = std::move(panel);
    if (!g.finished() && g.pending().tile >= 0 && static_cast<size_t>(g.pending().tile) < c_.tiles.size())
      j["dr"] = art(g.pending().tile, 0, false);
    if (n) {
      const auto ev = event_lines(g);
      if (!ev.empty()) j["e"] = ev;
    }
    if (g.finished()) j["end"] = result_text(g);
    j["ch"] = J::array();
    return j;
  }

  // Plays `line` from `g` (the state after node `parent`), adding a node per decision and
  // each variation from its branch point.
  void walk(Game g, int parent, const replay::Line& line, const replay::NodePath& base, int first_step,
            std::vector<TileRec> tiles, bool main) {
    for (size_t i = 0; i < line.size(); ++i) {
      const replay::Node& n = line[i];
      replay::NodePath path = base;
      if (path.steps.empty() && main)
        path.ply = static_cast<int>(i) + 1;
      else
        path.steps.back().second = first_step + static_cast<int>(i);
      // The alternatives to this node start from the same state: walked after it, so the
      // main continuation is the parent's first child.
      std::optional<Game> before;
      if (!n.variations.empty()) before = g;
      const int mover = g.finished() ? -1 : g.pending().player;
      std::string why;
      const auto o = g.finished() ? std::nullopt : g.parse_option(n.decision, &why);
      if (!o) throw std::runtime_error("node " + path.to_string() + ": '" + n.decision + "' " + (why.empty() ? "cannot be played" : why));
      if (auto v = g.apply(*o)) throw std::runtime_error("node " + path.to_string() + ": " + v->message);
      const int id = static_cast<int>(nodes_.size());
      J nj = node_json(g, parent, &n, path.to_string(), mover, tiles, main);
      // A turn starts with its tile's placement, as the record numbers turns (TGN: "N."
      // per placement), whoever moves (a one-seat co-op game is many turns of one seat).
      if (o->kind == OptKind::Place) nj["ts"] = 1;
      // The tile placed this turn stays framed through the turn's later decisions (the
      // engine forgets it once the follower step ends the turn in some rule sets).
      else if (!nj.contains("l") && !nj.contains("tf") && nodes_[static_cast<size_t>(parent)].contains("l"))
        nj["l"] = nodes_[static_cast<size_t>(parent)]["l"];
      nodes_.push_back(std::move(nj));
      nodes_[static_cast<size_t>(parent)]["ch"].push_back(id);
      if (main) main_ids_.push_back(id);
      for (size_t v = 0; v < n.variations.size(); ++v) {
        replay::NodePath vp = path;
        vp.steps.emplace_back(static_cast<int>(v), 1);
        walk(*before, parent, n.variations[v], vp, 1, tiles, false);
      }
      tiles = tiles_of(g);
      parent = id;
    }
  }

  // The evaluation of each analysed main-line ply, and the best move as what it would
  // have put on the board (played through the engine from the state before the ply).
  void add_analysis(J& data) {
    const analysis::Analysis& a = *o_.analysis;
    data["measure"] = std::string(analysis::measure_name(a.measure));
    data["iterations"] = a.iterations;
    Game g;
    if (Game::create(c_, r_.log.setup(), g)) return;
    std::map<int, const analysis::PlyEval*> by_ply;
    for (const auto& e : a.plies)
      if (e.node.empty()) by_ply[e.ply] = &e;
    for (size_t i = 0; i < main_ids_.size(); ++i) {
      const int ply = static_cast<int>(i) + 1;
      const auto it = by_ply.find(ply);
      if (it != by_ply.end() && !g.finished()) {
        const analysis::PlyEval& e = *it->second;
        J ev;
        // A kept row holds the value after the move and the loss; the best's value is their sum.
        ev["before"] = std::round((o_.analysis_is_kept ? e.eval_after + e.loss : e.eval_before) * 10) / 10;
        ev["after"] = std::round(e.eval_after * 10) / 10;
        ev["loss"] = std::round(e.loss * 10) / 10;
        ev["mover"] = e.player;
        if (!e.glyph.empty()) ev["glyph"] = e.glyph;
        // One set of marks: a glyph the kept analysis wrote (equal to its mark at this ply)
        // is superseded by this fresh analysis' mark; the reviewer's own glyphs stay.
        J& node = nodes_[static_cast<size_t>(main_ids_[i])];
        if (!o_.analysis_is_kept && node.contains("g")) {
          for (const auto& k : r_.evaluations)
            if (k.ply == ply && !k.glyph.empty() && k.glyph == node["g"].get<std::string>()) {
              if (e.glyph.empty()) node.erase("g");
              else node["g"] = e.glyph;
              break;
            }
        }
        if (e.best != e.played) {
          ev["best"] = e.best_line;  // the best move, then the rest of the mover's turn
          // The board after the best line's moves (up to the end of the mover's turn).
          Game b = g;
          const size_t before_tiles = b.placed().size();
          bool ok = true;
          // Per move of the best line: the tiles added so far, the followers added and the
          // indices (in the list before the move) of those gone.
          J steps = J::array();
          const J before_list = followers_json(g);
          for (const Option& m : e.best_moves.empty() ? std::vector<Option>{e.best_option} : e.best_moves) {
            if (b.finished() || b.apply(m)) {
              ok = false;
              break;
            }
            J st = J::array();
            for (size_t t = before_tiles; t < b.placed().size(); ++t) {
              const PlacedTile& pt = b.placed()[t];
              st.push_back(J::array({pt.x, pt.y, art(pt.type, pt.rot, face_down(pt))}));
            }
            const J now = followers_json(b);
            J added = J::array(), gone = J::array();
            for (const auto& f : now)
              if (std::find(before_list.begin(), before_list.end(), f) == before_list.end()) added.push_back(f);
            for (size_t k = 0; k < before_list.size(); ++k)
              if (std::find(now.begin(), now.end(), before_list[k]) == now.end()) gone.push_back(k);
            steps.push_back(J::array({std::move(st), std::move(added), std::move(gone)}));
          }
          if (ok) ev["bs"] = std::move(steps);
          if (ok) {
            J bt = J::array();
            for (size_t t = before_tiles; t < b.placed().size(); ++t) {
              const PlacedTile& pt = b.placed()[t];
              bt.push_back(J::array({pt.x, pt.y, art(pt.type, pt.rot, face_down(pt))}));
            }
            ev["bt"] = bt;
            // The best line's followers: those on the board after it that were not before.
            const J before_f = followers_json(g), after_f = followers_json(b);
            J bf = J::array();
            for (const auto& f : after_f)
              if (std::find(before_f.begin(), before_f.end(), f) == before_f.end()) bf.push_back(f);
            ev["bf"] = bf;
          }
        }
        nodes_[static_cast<size_t>(main_ids_[i])]["ev"] = ev;
      }
      std::string why;
      const auto o = g.parse_option(r_.mainline[i].decision, &why);
      if (!o || g.apply(*o)) return;
    }
  }

  const Content& c_;
  const replay::Replay& r_;
  const PageOptions& o_;
  bool coop_ = false;
  J nodes_;
  std::vector<int> main_ids_;
  std::map<std::tuple<int, int, bool>, int> art_;
  std::map<std::pair<std::string, int>, int> line_ids_;
  J lines_ = J::array();
  std::vector<std::string> art_svg_;
};

}  // namespace

nlohmann::ordered_json page_data(const Content& c, const replay::Replay& r, const PageOptions& o) {
  return Builder(c, r, o).build();
}

std::optional<std::string> record_of_page(std::string_view html) {
  static constexpr std::string_view open = "<script type=\"application/json\" id=\"tw-data\">";
  const size_t a = html.find(open);
  if (a == std::string_view::npos) return std::nullopt;
  const size_t b = html.find("</script>", a + open.size());
  if (b == std::string_view::npos) return std::nullopt;
  const auto j = nlohmann::json::parse(html.substr(a + open.size(), b - a - open.size()), nullptr, false);
  if (j.is_discarded() || !j.is_object() || !j.contains("tgn") || !j["tgn"].is_string()) return std::nullopt;
  return j["tgn"].get<std::string>();
}

std::string script_json(const nlohmann::ordered_json& j) {
  const std::string s = j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  std::string out;
  out.reserve(s.size() + s.size() / 50);
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '<') {
      out += "\\u003c";
    } else if (s[i] == '\xE2' && i + 2 < s.size() && s[i + 1] == '\x80' && (s[i + 2] == '\xA8' || s[i + 2] == '\xA9')) {
      out += s[i + 2] == '\xA8' ? "\\u2028" : "\\u2029";
      i += 2;
    } else {
      out += s[i];
    }
  }
  return out;
}

std::string page_html(const Content& c, const replay::Replay& r, const PageOptions& o) {
  J data = page_data(c, r, o);
  std::string symbols;  // the tile art goes into the page as SVG symbols, not twice
  for (size_t i = 0; i < data["art"].size(); ++i)
    symbols += "<symbol id=\"tw-a" + std::to_string(i) + "\" viewBox=\"0 0 100 100\">" + data["art"][i].get<std::string>() +
               "</symbol>";
  data.erase("art");
  std::string head;
  head += "<h1>" + escape_html(data["title"].get<std::string>()) + "</h1><p class=\"tw-meta\">";
  head += escape_html(data["ruleset_name"].get<std::string>()) + " (" + escape_html(data["ruleset"].get<std::string>()) + ")";
  if (!data["level"].is_null()) head += " · level " + escape_html(data["level_name"].get<std::string>()) + " (" +
                                       escape_html(data["level"].get<std::string>()) + ")";
  head += " · <span id=\"tw-result\">" +
          (data["result"].is_null() ? std::string("unfinished") : "result: " + escape_html(data["result"].get<std::string>())) +
          "</span></p>";
  std::string html;
  html.reserve(64 * 1024);
  html += "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n";
  const std::string json = script_json(data);
  // The page's own script runs by its nonce (a hash of the data: the same page gives the
  // same bytes); no other script, inline handler or request is allowed.
  uint64_t h = 1469598103934665603ull;
  for (const char ch : json) h = (h ^ static_cast<unsigned char>(ch)) * 1099511628211ull;
  char nonce[24];
  std::snprintf(nonce, sizeof nonce, "%016llx", static_cast<unsigned long long>(h));
  html += std::string("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; script-src 'nonce-") + nonce + "'; "
          "style-src 'unsafe-inline'; img-src data:; form-action 'none'; base-uri 'none'\">\n";
  html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
  html += "<meta name=\"generator\" content=\"tilewright replay export --format html\">\n";
  html += "<title>" + escape_html(data["title"].get<std::string>()) + "</title>\n<style>\n";
  html += kReviewCss;
  html += "</style></head>\n<body>\n<header id=\"tw-head\">" + head + "</header>\n";
  html += "<noscript><p>This page needs JavaScript to step through the game; here is its record (TGN), to read or to "
          "import with <code>tilewright replay import</code>:</p><pre>" +
          escape_html(data["tgn"].get<std::string>()) + "</pre></noscript>\n";
  html += "<svg id=\"tw-defs\" width=\"0\" height=\"0\" aria-hidden=\"true\"><defs>" + symbols + "</defs></svg>\n";
  html += "<script type=\"application/json\" id=\"tw-data\">" + json + "</script>\n<script nonce=\"" + nonce + "\">\n";
  html += kReviewJs;
  html += "</script>\n</body></html>\n";
  return html;
}

}  // namespace tw::web
