// The web page of a reviewed game (web/page.h writes the data; this draws it). No rules
// here: every node carries its board (tiles as a delta against its parent, followers,
// scores) as the engine played it. Text from the record is set with textContent; only
// the comments, rendered to safe HTML by web/markdown.cpp, are set as HTML.
// Keys as on Lichess: Left/Right a move, Home/End the start/end of the line, Down into
// the next variation, Up back out of it; + / - zoom, F fits the board; B the best line
// (then Left/Right through it, Escape back). The URL follows
// the current node (#at=PATH, replay/tree.h's node path; #at=0 the start).
// Test hook: #test=keys:Right,Right,End (optionally &at=PATH first) writes what the page
// shows after each key into <pre id="tw-test-out"> as JSON; a key "G12" clicks the score
// graph where it plots ply 12 ("H12" hovers there), "B1" shows the best line's first move.
(function () {
  'use strict';
  var t0 = (window.performance && performance.now) ? performance.now() : 0;
  var violations = [];  // what the page's policy refused (the test hook reports them)
  document.addEventListener('securitypolicyviolation', function (e) { violations.push(e.violatedDirective + ' ' + e.blockedURI); });
  var D = JSON.parse(document.getElementById('tw-data').textContent);
  var N = D.nodes;
  var SVGNS = 'http://www.w3.org/2000/svg';
  var COLOURS = ['#d7261e', '#1e9e3a', '#1f5fd0', '#f2c40c', '#202020', '#f07cc0'];
  var GLYPH_CLASS = { '!': 'good', '!!': 'good', '?': 'mistake', '??': 'blunder', '!?': 'dubious', '?!': 'dubious' };
  var GLYPH_DOT = { '?!': '#e6b800', '?': '#e67e22', '??': '#d0281e' };
  function colour(i) { return i < 0 || i === undefined ? '#707070' : COLOURS[i % COLOURS.length]; }

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function sv(tag, attrs) {
    var e = document.createElementNS(SVGNS, tag);
    for (var k in attrs) if (Object.prototype.hasOwnProperty.call(attrs, k)) e.setAttribute(k, attrs[k]);
    return e;
  }
  function seatName(m) { return m >= 0 && D.seats[m] ? D.seats[m].name : ''; }

  // --- the tree ---
  // Turns as the record numbers them: a turn starts with its tile's placement (ts), whoever
  // moves; a decision before the first placement is in turn 1.
  var turn = [0], mainIds = [0];
  for (var i = 1; i < N.length; i++) turn[i] = Math.max(1, turn[N[i].p] + (N[i].ts ? 1 : 0));
  for (var j = 0; N[j].ch.length && N[N[j].ch[0]].ml; ) { j = N[j].ch[0]; mainIds.push(j); }
  var tileMemo = {};
  function tilesAt(i) {
    if (tileMemo[i]) return tileMemo[i];
    var n = N[i];
    var t = (n.tf || n.p < 0) ? n.t : tilesAt(n.p).concat(n.t);
    tileMemo[i] = t;
    return t;
  }
  // Followers and the score box: a node without them has its parent's.
  for (i = 1; i < N.length; i++) {
    if (!N[i].f) N[i].f = N[N[i].p].f;
    if (!N[i].sb) N[i].sb = N[N[i].p].sb;
    if (!N[i].pn) N[i].pn = N[N[i].p].pn;
  }
  // The mark a node shows: the record's glyph, else the analysis' mark (one set of marks:
  // the move list, the graph's dots and the summary all read this).
  function mark(i) { return N[i].g || (N[i].ev && N[i].ev.glyph) || ''; }
  function siblings(i) { return N[i].p < 0 ? [i] : N[N[i].p].ch; }

  // --- layout ---
  var main = el('div'); main.id = 'tw-main';
  var left = el('div'); left.id = 'tw-left';
  var wrap = el('div'); wrap.id = 'tw-boardwrap';
  var board = sv('svg', { id: 'tw-board', role: 'img', 'aria-label': 'board' });
  var scorebox = el('div'); scorebox.id = 'tw-scorebox';
  var zoom = el('div'); zoom.id = 'tw-zoom';
  var zin = el('button', '', '+'), zout = el('button', '', '\u2212'), zfit = el('button', '', 'Fit');
  zin.title = 'zoom in (+)'; zout.title = 'zoom out (-)'; zfit.title = 'fit the board (F)';
  zoom.append(zin, zout, zfit);
  // The evaluation bar (analysed pages): the graph's point of view at the current ply.
  var ebar = el('div'); ebar.id = 'tw-evalbar';
  var ebarFill = el('div'); ebarFill.id = 'tw-evalbar-fill';
  var ebarText = el('div'); ebarText.id = 'tw-evalbar-text';
  ebar.append(ebarFill, ebarText);
  ebar.hidden = true;
  wrap.append(board, ebar, scorebox, zoom);
  var graphs = el('div'); graphs.id = 'tw-graphs';
  left.append(wrap, graphs);
  var side = el('div'); side.id = 'tw-side';
  var status = el('div'); status.id = 'tw-status';
  var nav = el('div'); nav.id = 'tw-nav';
  var navKeys = [['|<', 'Home', 'start (Home)'], ['<', 'ArrowLeft', 'back (Left)'], ['>', 'ArrowRight', 'forward (Right)'],
                 ['>|', 'End', 'end of the line (End)'], ['\u2193', 'ArrowDown', 'into the next variation (Down)'],
                 ['\u2191', 'ArrowUp', 'out of the variation (Up)']];
  navKeys.forEach(function (k) {
    var b = el('button', '', k[0]);
    b.title = k[2];
    b.addEventListener('click', function () { key(k[1]); });
    nav.append(b);
  });
  var info = el('div'); info.id = 'tw-info';
  var comment = el('div'); comment.id = 'tw-comment';
  var evalBox = el('div'); evalBox.id = 'tw-eval';
  var events = el('div'); events.id = 'tw-events';
  var details = el('div'); details.id = 'tw-details';  // tile drawn, supplies, tiles left
  info.append(comment, evalBox, events, details);
  // The game's details: its tags (Event, Site, Date, ...) as text, the setup ones aside.
  var gameInfo = el('p', 'tw-meta'); gameInfo.id = 'tw-game';
  var SETUP_TAGS = { Format: 1, Ruleset: 1, Level: 1, Players: 1, Seed: 1, Draw: 1, Result: 1, RulesDigest: 1 };
  var ORDER = ['Event', 'Site', 'Date', 'Round'];
  (D.tags || []).slice().sort(function (a, b) {
    var ia = ORDER.indexOf(a[0]), ib = ORDER.indexOf(b[0]);
    return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib);
  }).forEach(function (t) {
    if (SETUP_TAGS[t[0]]) return;
    var d = el('span', 'tw-tagv');
    d.append(el('span', 'tw-tag', (gameInfo.firstChild ? ' \u00b7 ' : '') + t[0] + ': '), document.createTextNode(t[1]));
    gameInfo.append(d);
  });
  document.getElementById('tw-head').append(gameInfo);  // in the header, under the rule set and result
  var moves = el('div'); moves.id = 'tw-moves';
  var foot = el('div'); foot.id = 'tw-foot';
  var dl = el('a', '', 'Download record');
  dl.id = 'tw-download';
  var name = (D.title || 'game').replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'game';
  dl.setAttribute('download', name + '.tgn');
  try {
    dl.href = URL.createObjectURL(new Blob([D.tgn], { type: 'text/plain;charset=utf-8' }));
  } catch (e) {
    dl.href = 'data:text/plain;charset=utf-8,' + encodeURIComponent(D.tgn);
  }
  var det = el('details'); det.append(el('summary', '', 'Record (TGN)'), el('pre', '', D.tgn));
  foot.append(dl, el('span', '', ' \u00b7 open it in Tilewright with tilewright replay import FILE.tgn (or this page\'s file)'), det);
  var summary = el('div'); summary.id = 'tw-summary';
  side.append(status, nav, info, summary, moves, foot);
  main.append(left, side);
  if (D.pinned) {
    var pin = el('div', 'tw-inline-comment');
    pin.innerHTML = D.pinned;  // safe HTML from web/markdown.cpp
    moves.append(pin);
  }
  var testOut = el('pre'); testOut.id = 'tw-test-out';
  document.body.append(main, testOut);

  // --- the move list ---
  var moveSpans = {};
  function moveText(n) { return n.d; }
  function who(m) {
    var w = el('span', 'tw-who', seatName(m));
    w.style.color = colour(D.seats[m] ? D.seats[m].colour : -1);
    return w;
  }
  // A row per turn, "N." as the record numbers it ("N..." where a turn goes on after a
  // comment or a variation); the mover's name at the row's head, and before a decision
  // of another seat within the turn.
  function renderLine(start, box) {
    var row = null, rowMover = null;
    for (var i = start; i !== undefined; i = N[i].ch[0]) {
      var n = N[i];
      if (row === null || n.ts) {
        row = el('div', 'tw-turn');
        var head = el('span', 'tw-turnhead');  // the number and the mover stay on one line
        head.append(el('span', 'tw-turnno', turn[i] + (n.ts || i === start && N[n.p].p < 0 ? '.' : '...')));
        head.append(who(n.m));
        rowMover = n.m;
        row.append(head);
        box.append(row);
      } else if (n.m !== rowMover) {
        row.append(who(n.m));
        rowMover = n.m;
      }
      var g = mark(i);
      var s = el('span', 'tw-move' + (g ? ' tw-g-' + GLYPH_CLASS[g] : ''), moveText(n));
      if (g) s.append(el('span', 'tw-glyph', g));
      s.dataset.i = i;
      s.title = n.k;
      row.append(s);
      moveSpans[i] = s;
      if (n.c) {
        var c = el('div', 'tw-inline-comment');
        c.innerHTML = n.c;  // safe HTML from web/markdown.cpp
        box.append(c);
        row = null;
      }
      var par = N[n.p];
      if (par.ch[0] === i && par.ch.length > 1) {
        for (var v = 1; v < par.ch.length; v++) {
          var vb = el('div', 'tw-var');
          box.append(vb);
          renderLine(par.ch[v], vb);
        }
        row = null;
      }
    }
  }
  if (N[0].ch.length) renderLine(N[0].ch[0], moves);
  moves.addEventListener('click', function (e) {
    var t = e.target.closest ? e.target.closest('.tw-move') : null;
    if (t) go(+t.dataset.i);
  });

  // --- the board ---
  // The view follows the board (its tiles and a cell around them, at least 6 x 4 cells)
  // until the reader zooms or pans; F / Fit makes it follow again.
  var view = { x: 0, y: 0, w: 100, h: 100 };
  var follow = true, cur = 0, evalY = null, evalScale = 1;
  var bestStep = -1;  // >= 0: the board shows the best line after that many of its moves
  function boundsAt(i) {
    var t = tilesAt(i).concat(N[i].ev && N[i].ev.bt ? N[i].ev.bt : []);
    if (bestStep >= 0) t = t.concat(N[i].ev.bs[bestStep][0]);
    var minx = 0, maxx = 0, miny = 0, maxy = 0;
    for (var k = 0; k < t.length; k++) {
      var x = t[k][0], y = t[k][1];
      if (k === 0) { minx = maxx = x; miny = maxy = y; }
      minx = Math.min(minx, x); maxx = Math.max(maxx, x); miny = Math.min(miny, y); maxy = Math.max(maxy, y);
    }
    if (N[i].mk) N[i].mk.forEach(function (m) {  // an arrow's both ends (its head is at the second)
      var xs = m[0] === 'arrow' ? [m[1], m[3]] : [m[1]], ys = m[0] === 'arrow' ? [m[2], m[4]] : [m[2]];
      for (var q = 0; q < xs.length; q++) {
        minx = Math.min(minx, xs[q]); maxx = Math.max(maxx, xs[q]); miny = Math.min(miny, ys[q]); maxy = Math.max(maxy, ys[q]);
      }
    });
    var b = { minx: minx - 1, maxx: maxx + 1, miny: miny - 1, maxy: maxy + 1 };
    while (b.maxx - b.minx + 1 < 6) { b.minx -= 0.5; b.maxx += 0.5; }
    while (b.maxy - b.miny + 1 < 4) { b.miny -= 0.5; b.maxy += 0.5; }
    return b;
  }
  // Fits the board into the part of the view the score box (top left) and the evaluation
  // bar (left edge) leave free: beside the score box or below it, whichever is larger.
  function fit() {
    follow = true;
    var bounds = boundsAt(cur);
    var w = (bounds.maxx - bounds.minx + 1) * 100, h = (bounds.maxy - bounds.miny + 1) * 100;
    var r = board.getBoundingClientRect();
    var W0 = r.width > 0 ? r.width : 900, H0 = r.height > 0 ? r.height : 600;
    var sb = scorebox.getBoundingClientRect();
    var left = ebar.hidden ? 0 : 18;
    var sbw = sb.width > 0 ? sb.right - r.left + 6 : 0, sbh = sb.height > 0 ? sb.bottom - r.top + 6 : 0;
    // Two free areas: right of the score box (full height), below it (full width).
    var a1 = { x: Math.max(sbw, left), y: 0, w: W0 - Math.max(sbw, left), h: H0 };
    var a2 = { x: left, y: sbh, w: W0 - left, h: H0 - sbh };
    var s1 = Math.max(w / Math.max(a1.w, 1), h / Math.max(a1.h, 1)), s2 = Math.max(w / Math.max(a2.w, 1), h / Math.max(a2.h, 1));
    var a = s1 <= s2 ? a1 : a2, sc = Math.min(s1, s2);  // board units a pixel
    var cx = bounds.minx * 100 + w / 2, cy = -bounds.maxy * 100 + h / 2;  // the board's centre
    view = { x: cx - (a.x + a.w / 2) * sc, y: cy - (a.y + a.h / 2) * sc, w: W0 * sc, h: H0 * sc };
    applyView();
  }
  function applyView() { board.setAttribute('viewBox', view.x + ' ' + view.y + ' ' + view.w + ' ' + view.h); }
  function zoomBy(f, cx, cy) {
    follow = false;
    if (cx === undefined) { cx = view.x + view.w / 2; cy = view.y + view.h / 2; }
    var nw = Math.min(Math.max(view.w * f, 150), 20000), k = nw / view.w;
    view = { x: cx - (cx - view.x) * k, y: cy - (cy - view.y) * k, w: nw, h: view.h * k };
    applyView();
  }
  zin.addEventListener('click', function () { zoomBy(1 / 1.25); });
  zout.addEventListener('click', function () { zoomBy(1.25); });
  zfit.addEventListener('click', fit);
  board.addEventListener('wheel', function (e) {
    e.preventDefault();
    var r = board.getBoundingClientRect();
    var s = Math.max(view.w / r.width, view.h / r.height);
    var cx = view.x + view.w / 2 + (e.clientX - r.left - r.width / 2) * s;
    var cy = view.y + view.h / 2 + (e.clientY - r.top - r.height / 2) * s;
    zoomBy(e.deltaY > 0 ? 1.15 : 1 / 1.15, cx, cy);
  }, { passive: false });
  var drag = null;
  board.addEventListener('pointerdown', function (e) {
    drag = { x: e.clientX, y: e.clientY, v: view };
    board.setPointerCapture(e.pointerId);
    board.classList.add('tw-drag');
  });
  board.addEventListener('pointermove', function (e) {
    if (!drag) return;
    if (Math.abs(e.clientX - drag.x) + Math.abs(e.clientY - drag.y) < 3) return;  // a click, not a drag
    follow = false;
    var r = board.getBoundingClientRect();
    var s = Math.max(drag.v.w / r.width, drag.v.h / r.height);
    view = { x: drag.v.x - (e.clientX - drag.x) * s, y: drag.v.y - (e.clientY - drag.y) * s, w: drag.v.w, h: drag.v.h };
    applyView();
  });
  function endDrag() { drag = null; board.classList.remove('tw-drag'); }
  board.addEventListener('pointerup', endDrag);
  board.addEventListener('pointercancel', endDrag);

  function cellXY(x, y) { return [x * 100, -y * 100]; }
  function centre(x, y) { return [x * 100 + 50, -y * 100 + 50]; }
  function drawTile(g, t, cls) {
    var xy = cellXY(t[0], t[1]);
    var u = sv('use', { href: '#tw-a' + t[2], x: xy[0], y: xy[1], width: 100, height: 100, 'class': cls });
    g.append(u);
    if (t[3]) badge(g, xy[0] + 84, xy[1] + 16, t[3], '#5040c8');
    return u;
  }
  function badge(g, x, y, n, fill) {
    g.append(sv('circle', { cx: x, cy: y, r: 11, fill: fill, stroke: '#fff', 'stroke-width': 2 }));
    var t = sv('text', { x: x, y: y + 5, 'text-anchor': 'middle', 'class': 'tw-badge' });
    t.textContent = String(n);
    g.append(t);
  }
  function drawFollower(g, f, cls, extra) {
    var x = f[0] * 100 + f[2], y = -f[1] * 100 + f[3];
    var big = f[7] > 1, r = big ? 15 : 11;
    var attrs = { fill: colour(f[4]), stroke: f[5] & 2 ? '#222' : '#fff', 'stroke-width': f[5] & 2 ? 5 : 3, 'class': cls };
    for (var k in extra) attrs[k] = extra[k];
    var shape;
    if (f[5] & 1) { attrs.x = x - r; attrs.y = y - r; attrs.width = 2 * r; attrs.height = 2 * r; attrs.rx = 3; shape = sv('rect', attrs); }
    else { attrs.cx = x; attrs.cy = y; attrs.r = r; shape = sv('circle', attrs); }
    g.append(shape);
    if (big) {
      var t = sv('text', { x: x, y: y + 5, 'text-anchor': 'middle', 'class': 'tw-badge' });
      t.textContent = String(f[7]);
      g.append(t);
    }
    if (f[6]) badge(g, x + 14, y - 12, f[6], '#5040c8');
    if (f[8]) badge(g, x - 14, y - 12, f[8], '#8a5a2b');
  }
  function drawMarker(g, m) {
    if (m[0] === 'cell') {
      var xy = cellXY(m[1], m[2]);
      g.append(sv('rect', { x: xy[0] + 4, y: xy[1] + 4, width: 92, height: 92, fill: '#e06a00', 'fill-opacity': 0.18,
                            stroke: '#e06a00', 'stroke-width': 7, 'class': 'tw-mark' }));
    } else if (m[0] === 'arrow') {
      var a = centre(m[1], m[2]), b = centre(m[3], m[4]);
      var ang = Math.atan2(b[1] - a[1], b[0] - a[0]), h = 30;
      var grp = sv('g', { 'class': 'tw-mark' });
      grp.append(sv('line', { x1: a[0], y1: a[1], x2: b[0] - Math.cos(ang) * h * 0.8, y2: b[1] - Math.sin(ang) * h * 0.8,
                              stroke: '#e06a00', 'stroke-width': 10, 'stroke-linecap': 'round', 'stroke-opacity': 0.85 }));
      var p1 = [b[0] + h * Math.cos(ang + 2.6), b[1] + h * Math.sin(ang + 2.6)];
      var p2 = [b[0] + h * Math.cos(ang - 2.6), b[1] + h * Math.sin(ang - 2.6)];
      grp.append(sv('polygon', { points: b.join(',') + ' ' + p1.join(',') + ' ' + p2.join(','), fill: '#e06a00', 'fill-opacity': 0.9 }));
      g.append(grp);
    } else if (m[0] === 'label') {
      var c = centre(m[1], m[2]);
      var t = sv('text', { x: c[0], y: c[1] + 9, 'text-anchor': 'middle', 'class': 'tw-mark tw-label' });
      t.textContent = m[3];  // text, never markup
      g.append(t);
    }
  }
  function frame(g, t) {
    var xy = cellXY(t[0], t[1]);
    g.append(sv('rect', { x: xy[0] + 2, y: xy[1] + 2, width: 96, height: 96, fill: 'none', stroke: '#ffd800', 'stroke-width': 5,
                          'class': 'tw-lastframe' }));
  }
  // The best move over the board after the move played: a tile in a free cell as a
  // translucent tile in a dashed green frame; a tile in the cell the played tile took as
  // an inset (half size, solid green frame) in that cell's lower right corner, so both
  // show; its followers with it.
  function drawBest(gb, n, tiles) {
    var taken = {};
    for (var k = 0; k < tiles.length; k++) taken[tiles[k][0] + ',' + tiles[k][1]] = 1;
    var insets = {};
    for (k = 0; k < n.ev.bt.length; k++) {
      var b = n.ev.bt[k], bxy = cellXY(b[0], b[1]);
      if (taken[b[0] + ',' + b[1]]) {
        insets[b[0] + ',' + b[1]] = 1;
        var inset = sv('g', { 'class': 'tw-bestinset',
                              transform: 'translate(' + (bxy[0] + 48) + ' ' + (bxy[1] + 48) + ') scale(0.5) translate(' + (-bxy[0]) + ' ' + (-bxy[1]) + ')' });
        inset.append(sv('rect', { x: bxy[0] - 6, y: bxy[1] - 6, width: 112, height: 112, fill: '#fff', stroke: '#10a050', 'stroke-width': 10 }));
        drawTile(inset, b, 'tw-best');
        for (var f = 0; f < n.ev.bf.length; f++)
          if (n.ev.bf[f][0] === b[0] && n.ev.bf[f][1] === b[1]) drawFollower(inset, n.ev.bf[f], 'tw-bestf', {});
        gb.append(inset);
      } else {
        drawTile(gb, b, 'tw-best').setAttribute('opacity', 0.6);
        gb.append(sv('rect', { x: bxy[0] + 3, y: bxy[1] + 3, width: 94, height: 94, fill: 'none', stroke: '#10a050',
                               'stroke-width': 6, 'stroke-dasharray': '14 8', 'class': 'tw-bestframe' }));
      }
    }
    for (k = 0; k < n.ev.bf.length; k++)
      if (!insets[n.ev.bf[k][0] + ',' + n.ev.bf[k][1]])
        drawFollower(gb, n.ev.bf[k], 'tw-bestf', { 'stroke-dasharray': '5 3', opacity: 0.8 });
  }
  // Whether the best move puts anything on the board that the page can draw.
  function bestDrawn(n) { return !!(n.ev && n.ev.bt && (n.ev.bt.length || n.ev.bf.length)); }
  function drawBoard(i) {
    var n = N[i];
    while (board.firstChild) board.removeChild(board.firstChild);
    var gt = sv('g', {}), gl = sv('g', {}), gb = sv('g', { 'class': 'tw-bestlayer' }), gf = sv('g', {}), gm = sv('g', {});
    var k;
    if (bestStep >= 0) {
      // The best line instead of the move: the board before the move, then the line's moves.
      var before = tilesAt(n.p), step = n.ev.bs[bestStep];
      for (k = 0; k < before.length; k++) drawTile(gt, before[k], 'tw-tile');
      for (k = 0; k < step[0].length; k++) drawTile(gt, step[0][k], 'tw-tile tw-bestline');
      if (step[0].length) frame(gl, step[0][step[0].length - 1]);
      var gone = {};
      for (k = 0; k < step[2].length; k++) gone[step[2][k]] = 1;
      var pf = N[n.p].f;
      for (k = 0; k < pf.length; k++) if (!gone[k]) drawFollower(gf, pf[k], 'tw-follower');
      for (k = 0; k < step[1].length; k++) drawFollower(gf, step[1][k], 'tw-follower');
      board.append(gt, gl, gf);
      return;
    }
    var tiles = tilesAt(i);
    for (k = 0; k < tiles.length; k++) drawTile(gt, tiles[k], 'tw-tile');
    if (n.l !== undefined && tiles[n.l] && i > 0) frame(gl, tiles[n.l]);
    for (k = 0; k < n.f.length; k++) drawFollower(gf, n.f[k], 'tw-follower');
    if (bestDrawn(n)) drawBest(gb, n, tiles);
    if (n.mk) for (k = 0; k < n.mk.length; k++) drawMarker(gm, n.mk[k]);
    board.append(gt, gl, gf, gb, gm);
  }

  // --- the graphs ---
  // The x of main-line ply k (0 the start), in the graph's 0..W units; plyAt is its inverse.
  var W = 600, H = 110, PAD = 4;
  var scoreSvg = null, evalSvg = null, scoreBar = null, evalBar = null;
  function px(ply) { return mainIds.length > 1 ? ply / (mainIds.length - 1) * (W - 2 * PAD) + PAD : W / 2; }
  function plyAt(svg, clientX) {
    var r = svg.getBoundingClientRect();
    var x = (clientX - r.left - svg.clientLeft) / (svg.clientWidth || r.width) * W;
    var ply = Math.round((x - PAD) / (W - 2 * PAD) * (mainIds.length - 1));
    return Math.max(0, Math.min(mainIds.length - 1, ply));
  }
  function graph(title, tipText) {
    var fig = el('figure'), cap = el('figcaption', '', title);
    var s = sv('svg', { viewBox: '0 0 ' + W + ' ' + H, preserveAspectRatio: 'none' });
    var tip = el('div', 'tw-tip');
    tip.hidden = true;
    fig.append(cap, s, tip);
    graphs.append(fig);
    s.addEventListener('click', function (e) { go(mainIds[plyAt(s, e.clientX)]); });
    // Hover: the values at the ply under the pointer.
    s.addEventListener('mousemove', function (e) {
      var ply = plyAt(s, e.clientX), r = s.getBoundingClientRect(), fr = fig.getBoundingClientRect();
      tip.textContent = tipText(ply);
      tip.hidden = false;
      var x = r.left - fr.left + px(ply) / W * r.width;
      tip.style.left = Math.max(0, Math.min(fr.width - 160, x + 8)) + 'px';
      tip.style.top = (r.top - fr.top + 4) + 'px';
    });
    s.addEventListener('mouseleave', function () { tip.hidden = true; });
    return s;
  }
  function plyLabel(ply) {
    if (ply === 0) return 'Start';
    var n = N[mainIds[ply]];
    return 'Ply ' + ply + ' (' + seatName(n.m) + ': ' + n.d + (mark(mainIds[ply]) ? ' ' + mark(mainIds[ply]) : '') + ')';
  }

  // The evaluation's point of view, one for the text, the graph and the bar: co-op the
  // team's chance; two seats the first seat's view (the second seat's values turned
  // round); three seats or more each seat's own view (a line per seat through its plies).
  var measure = D.measure === 'margin' ? 'score margin' : D.measure === 'win' ? 'win chance' : "team's chance";
  var centred = D.measure === 'margin';
  var evalView = D.coop ? 'team' : D.seats.length === 2 ? 'first' : 'own';
  function fmtEval(v) { return D.measure === 'margin' ? (v > 0 ? '+' : v < 0 ? '\u2212' : '\u00b1') + Math.abs(v).toFixed(1) : v.toFixed(1) + '%'; }
  function viewed(v, mover) {  // a value from the mover's view, from the page's view
    if (evalView === 'first' && mover === 1) return centred ? -v : 100 - v;
    return v;
  }
  function viewName(mover) {
    return evalView === 'team' ? "the team's view" : evalView === 'first' ? seatName(0) + "'s view" : seatName(mover) + "'s own view";
  }
  var analysed = mainIds.some(function (id) { return N[id].ev; });
  var evalVals = mainIds.map(function (id) { var e = N[id].ev; return e ? viewed(e.after, e.mover) : null; });

  (function () {
    scoreSvg = graph('Scores', function (ply) {
      var n = N[mainIds[ply]];
      return plyLabel(ply) + ' \u00b7 ' + (D.series || []).map(function (ser, k) { return ser.name + ' ' + n.s[k]; }).join(', ');
    });
    var lo = 0, hi = 1;
    mainIds.forEach(function (id) { N[id].s.forEach(function (v) { lo = Math.min(lo, v); hi = Math.max(hi, v); }); });
    var py = function (v) { return H - 6 - (v - lo) / (hi - lo) * (H - 12); };
    (D.series || []).forEach(function (ser, k) {
      var pts = mainIds.map(function (id, ply) { return px(ply).toFixed(1) + ',' + py(N[id].s[k]).toFixed(1); });
      scoreSvg.append(sv('polyline', { points: pts.join(' '), fill: 'none', stroke: colour(ser.colour), 'stroke-width': 2,
                                       'vector-effect': 'non-scaling-stroke' }));
    });
    scoreBar = sv('line', { y1: 0, y2: H, stroke: '#2f6fd0', 'stroke-width': 2, 'vector-effect': 'non-scaling-stroke' });
    scoreSvg.append(scoreBar);
    if (!analysed) return;
    evalSvg = graph('Evaluation (' + measure + ', ' + (evalView === 'own' ? "each seat's own view: a line per seat" : viewName(0)) + ')',
      function (ply) {
        var e = N[mainIds[ply]].ev;
        return plyLabel(ply) + (e ? ' \u00b7 ' + fmtEval(evalVals[ply]) + (evalView === 'own' ? ' (' + seatName(e.mover) + ')' : '') +
                                   (e.loss > 0 ? ', lost ' + e.loss.toFixed(1) : '') : ' \u00b7 not analysed');
      });
    var m = 1;
    evalVals.forEach(function (v) { if (v !== null) m = Math.max(m, Math.abs(v)); });
    var ey = centred ? function (v) { return H / 2 - v / m * (H / 2 - 6); } : function (v) { return H - 6 - v / 100 * (H - 12); };
    evalY = ey;
    evalSvg.append(sv('line', { x1: 0, x2: W, y1: ey(centred ? 0 : 50), y2: ey(centred ? 0 : 50), stroke: '#bbb',
                                'vector-effect': 'non-scaling-stroke' }));
    var lines = evalView === 'own' ? D.seats.map(function (_, p) { return p; }) : [null];
    lines.forEach(function (who) {
      var pts = [];
      evalVals.forEach(function (v, ply) {
        if (v !== null && (who === null || N[mainIds[ply]].ev.mover === who)) pts.push(px(ply).toFixed(1) + ',' + ey(v).toFixed(1));
      });
      if (!pts.length) return;
      evalSvg.append(sv('polyline', { points: pts.join(' '), fill: 'none', 'class': 'tw-evalline', 'stroke-width': 1.5,
                                      stroke: who === null ? '#444' : colour(D.seats[who].colour), 'vector-effect': 'non-scaling-stroke' }));
    });
    mainIds.forEach(function (id, ply) {
      var g = mark(id);
      if (!N[id].ev || !GLYPH_DOT[g]) return;
      evalSvg.append(sv('ellipse', { cx: px(ply), cy: ey(evalVals[ply]), rx: 4, ry: 5, fill: GLYPH_DOT[g], 'class': 'tw-evaldot' }));
    });
    evalBar = sv('line', { y1: 0, y2: H, stroke: '#2f6fd0', 'stroke-width': 2, 'vector-effect': 'non-scaling-stroke' });
    evalSvg.append(evalBar);
    ebar.hidden = false;
    evalScale = m;
  })();

  // The per-player summary of the analysis (as Lichess under its graph): the marks each
  // seat got and its mean loss over its analysed moves.
  if (analysed) {
    var tbl = el('table');
    var hr = el('tr');
    ['', '?! inaccuracies', '? mistakes', '?? blunders', 'mean loss'].forEach(function (h) { hr.append(el('th', '', h)); });
    tbl.append(hr);
    D.seats.forEach(function (seat, p) {
      var c = { '?!': 0, '?': 0, '??': 0 }, loss = 0, moves = 0;
      mainIds.forEach(function (id) {
        var e = N[id].ev;
        if (!e || e.mover !== p) return;
        moves++; loss += e.loss;
        if (c[mark(id)] !== undefined) c[mark(id)]++;
      });
      var tr = el('tr');
      var th = el('th'); th.append(who(p)); tr.append(th);
      [c['?!'], c['?'], c['??'], moves ? (loss / moves).toFixed(1) : '\u2013'].forEach(function (v) { tr.append(el('td', '', String(v))); });
      tbl.append(tr);
    });
    summary.append(el('div', 'tw-sumcap', 'Analysis (' + measure + (D.iterations ? ', ' + D.iterations + ' iterations a ply' : ', kept with the replay') + ')'), tbl);
  }

  // --- the current node ---
  function clear(e) { while (e.firstChild) e.removeChild(e.firstChild); }
  function go(i, step) {
    if (i === undefined || i < 0 || i >= N.length) return;
    cur = i;
    var n = N[i];
    bestStep = step !== undefined && n.ev && n.ev.bs && n.ev.bs[step] ? step : -1;
    // The score box first: the fit leaves it room.
    clear(scorebox);
    n.sb.forEach(function (line) {
      var d = el('div', '', line[0]);
      if (line[1] >= 0) d.style.color = colour(line[1]);
      scorebox.append(d);
    });
    if (n.end) scorebox.append(el('div', 'tw-end', 'Game over: ' + n.end));
    drawBoard(i);
    if (follow) fit();
    status.textContent = i === 0 ? 'Start of the game (ply 0)'
      : 'Ply ' + n.n + (n.ml ? '' : ' \u00b7 variation ' + n.k) + ' \u00b7 ' + seatName(n.m) + ': ' + n.d + (mark(i) ? ' ' + mark(i) : '');
    if (bestStep >= 0) status.textContent += ' \u00b7 showing the best line, move ' + (bestStep + 1);
    status.dataset.ply = n.n;
    status.dataset.node = n.k || '';
    comment.innerHTML = n.c || '';  // safe HTML from web/markdown.cpp
    clear(events);
    (n.e || []).forEach(function (line) { events.append(el('div', '', line)); });
    showEval(n);
    showDetails(n);
    var old = moves.querySelector('.tw-cur');
    if (old) old.classList.remove('tw-cur');
    if (moveSpans[i]) {
      moveSpans[i].classList.add('tw-cur');
      if (moveSpans[i].scrollIntoView) moveSpans[i].scrollIntoView({ block: 'nearest' });
    }
    var mainPly = n.ml ? mainIds.indexOf(i) : -1;
    [scoreBar, evalBar].forEach(function (b) {
      if (!b) return;
      b.setAttribute('visibility', mainPly >= 0 || i === 0 ? 'visible' : 'hidden');
      b.setAttribute('x1', px(Math.max(mainPly, 0)));
      b.setAttribute('x2', px(Math.max(mainPly, 0)));
    });
    showBar(n);
    followUrl();
  }
  // The evaluation in words, from the graph's point of view; the best move and its line
  // (each of its moves a button that shows the board after it).
  function showEval(n) {
    clear(evalBox);
    delete evalBox.dataset.value;
    if (!n.ev) return;
    var v = viewed(n.ev.after, n.ev.mover);
    evalBox.dataset.value = v;
    evalBox.append(el('div', 'tw-evalnow', 'Evaluation (' + viewName(n.ev.mover) + '): ' + fmtEval(v)));
    evalBox.append(el('div', '', n.ev.loss > 0 ? seatName(n.ev.mover) + "'s move lost " + n.ev.loss.toFixed(1) +
                                  (D.measure === 'margin' ? ' points' : ' points of chance') + ' against the best'
                                : 'The best move (as the analysis found)'));
    if (!n.ev.best) return;
    var b = el('div', 'tw-bestline');
    b.append(el('span', '', 'Best: '));
    n.ev.best.forEach(function (mv, k) {
      var btn = el('button', 'tw-bestmove' + (bestStep === k ? ' tw-cur' : ''), mv);
      btn.title = n.ev.bs ? 'show the board after this move of the best line' : 'cannot be shown on the board';
      btn.disabled = !n.ev.bs || !n.ev.bs[k];
      btn.addEventListener('click', function () { go(cur, bestStep === k ? undefined : k); });
      b.append(btn);
    });
    if (bestStep >= 0) {
      var back = el('button', 'tw-bestmove', 'back to the move played');
      back.addEventListener('click', function () { go(cur); });
      b.append(back);
    }
    evalBox.append(b);
    evalBox.append(el('div', 'tw-bestwhere', bestStep >= 0 ? 'The board shows the best line (from the position before the move).'
      : bestDrawn(n) ? 'On the board: the best tile dashed green in a free cell, or as a green-framed inset where the played tile lies.'
      : 'Not drawn: the best move leaves no new tile or follower on the board (a pass, points taken, or a follower that scores at once).'));
  }
  function showDetails(n) {
    clear(details);
    if (n.dr !== undefined) {
      var d = el('div', 'tw-drawn');
      d.append(el('span', '', 'Tile drawn: '));
      var s = sv('svg', { viewBox: '0 0 100 100', width: 28, height: 28, 'class': 'tw-drawnsvg' });
      s.append(sv('use', { href: '#tw-a' + n.dr, width: 100, height: 100 }));
      d.append(s);
      details.append(d);
    }
    (n.pn || []).forEach(function (id, k) {
      var line = D.lines[id];
      if (D.coop && k === 0) return;  // the level's heading: in the page's header already
      var d = el('div', '', line[0]);
      if (line[1] >= 0) d.style.borderLeft = '4px solid ' + colour(line[1]);
      details.append(d);
    });
  }
  function showBar(n) {
    if (ebar.hidden) return;
    var e = n.ev, v = e ? viewed(e.after, e.mover) : null;
    var frac = v === null ? 0.5 : centred ? 0.5 + Math.max(-1, Math.min(1, v / evalScale)) / 2 : Math.max(0, Math.min(1, v / 100));
    ebarFill.style.height = (frac * 100).toFixed(1) + '%';
    ebarFill.style.background = evalView === 'first' ? colour(D.seats[0].colour) : evalView === 'own' && e ? colour(D.seats[e.mover].colour) : '#1e9e3a';
    ebar.style.background = evalView === 'first' ? colour(D.seats[1].colour) : '#d8d2c2';
    ebarText.textContent = v === null ? '' : fmtEval(v);
    ebar.title = v === null ? 'not analysed' : 'Evaluation (' + viewName(e.mover) + '): ' + fmtEval(v);
  }
  // The URL follows the current node (#at=PATH), so a link or a reload comes back here.
  function followUrl() {
    if (!window.history || !history.replaceState) return;
    try { history.replaceState(null, '', '#at=' + (N[cur].k || '0')); } catch (e) { /* a file: URL may refuse */ }
  }
  function lineEnd(i) { while (N[i].ch.length) i = N[i].ch[0]; return i; }
  function key(k) {
    var n = N[cur], sib, idx;
    // In the best line, Left / Right step through it, Escape (or Left at its first move)
    // goes back to the move played; B opens it.
    if (bestStep >= 0 && (k === 'ArrowRight' || k === 'ArrowLeft' || k === 'Escape')) {
      if (k === 'ArrowRight') { if (n.ev.bs[bestStep + 1]) go(cur, bestStep + 1); }
      else go(cur, k === 'ArrowLeft' && bestStep > 0 ? bestStep - 1 : undefined);
      return true;
    }
    if (k === 'b' || k === 'B') { if (n.ev && n.ev.bs && n.ev.bs.length) go(cur, 0); return true; }
    if (k === 'ArrowRight') { if (n.ch.length) go(n.ch[0]); }
    else if (k === 'ArrowLeft') { if (n.p >= 0) go(n.p); }
    else if (k === 'Home') go(0);
    else if (k === 'End') go(lineEnd(cur));
    else if (k === 'ArrowDown') {
      sib = siblings(cur); idx = sib.indexOf(cur);
      if (idx + 1 < sib.length) go(sib[idx + 1]);
      else if (n.ch.length > 1) go(n.ch[1]);
    } else if (k === 'ArrowUp') {
      // Out of the variation: to the move it replaces (the first of its siblings, the
      // line it branches from), whichever variation of the move one is in.
      for (var a = cur; a > 0; a = N[a].p) {
        sib = siblings(a); idx = sib.indexOf(a);
        if (idx > 0) { go(sib[0]); break; }
      }
    } else if (k === '+' || k === '=') zoomBy(1 / 1.25);
    else if (k === '-') zoomBy(1.25);
    else if (k === 'f' || k === 'F') fit();
    else return false;
    return true;
  }
  document.addEventListener('keydown', function (e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.target && e.target.tagName === 'BUTTON' && (e.key === 'Enter' || e.key === ' ')) return;
    if (key(e.key)) e.preventDefault();
  });
  window.addEventListener('resize', function () { if (follow) fit(); else applyView(); });

  function findPath(path) {
    if (path === '0' || path === '') return 0;
    for (var i = 0; i < N.length; i++) if (N[i].k === path) return i;
    return -1;
  }
  function overlap(a, b) { return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom; }
  function snapshot(k) {
    var n = N[cur], wr = wrap.getBoundingClientRect(), sb = scorebox.getBoundingClientRect();
    var under = 0, cut = 0;
    board.querySelectorAll('use.tw-tile').forEach(function (u) { if (overlap(u.getBoundingClientRect(), sb)) under++; });
    board.querySelectorAll('.tw-mark').forEach(function (m) {
      var r = m.getBoundingClientRect();
      if (r.left < wr.left - 1 || r.right > wr.right + 1 || r.top < wr.top - 1 || r.bottom > wr.bottom + 1) cut++;
    });
    var row = moveSpans[cur] ? moveSpans[cur].parentNode : null;
    return { key: k, node: n.k || '', ply: n.n, main: !!n.ml || cur === 0,
             tiles: board.querySelectorAll('use.tw-tile').length, followers: board.querySelectorAll('.tw-follower').length,
             marks: board.querySelectorAll('.tw-mark').length, best: board.querySelectorAll('use.tw-best').length,
             glyph: n.g || '', mark: moveSpans[cur] && moveSpans[cur].querySelector('.tw-glyph') ? moveSpans[cur].querySelector('.tw-glyph').textContent : '',
             turn: row && row.querySelector('.tw-turnno') ? row.querySelector('.tw-turnno').textContent : '',
             rows: moves.querySelectorAll('.tw-turn').length,
             comment: comment.textContent, commentHtmlTags: comment.querySelectorAll('script,img,iframe,svg').length,
             status: status.textContent, evalDots: evalSvg ? evalSvg.querySelectorAll('.tw-evaldot').length : 0,
             evalLines: evalSvg ? evalSvg.querySelectorAll('.tw-evalline').length : 0,
             evalText: evalBox.textContent, evalValue: evalBox.dataset.value !== undefined ? +evalBox.dataset.value : null,
             evalPlotted: n.ml && evalVals[mainIds.indexOf(cur)] !== undefined ? evalVals[mainIds.indexOf(cur)] : null,
             lastFrame: board.querySelectorAll('.tw-lastframe').length, underScorebox: under, marksCut: cut,
             bestStep: bestStep, details: details.textContent, url: location.hash,
             tip: Array.prototype.map.call(graphs.querySelectorAll('.tw-tip'), function (t) { return t.hidden ? '' : t.textContent; }).join(''),
             bar: ebar.hidden ? null : ebarText.textContent, summary: summary.textContent, game: gameInfo.textContent };
  }

  // The fragment: "at=PATH" and the test hook's "test=keys:...", each part read on its
  // own (a part that does not decode, as "%", is ignored, not the page).
  var params = {};
  location.hash.replace(/^#/, '').split('&').forEach(function (kv) {
    var e = kv.indexOf('=');
    if (e <= 0) return;
    try { params[decodeURIComponent(kv.slice(0, e))] = decodeURIComponent(kv.slice(e + 1)); } catch (err) { /* ignored */ }
  });
  var start = params.at ? findPath(params.at) : 0;
  go(start >= 0 ? start : 0);
  window.addEventListener('hashchange', function () {
    var m = /(?:^#|&)at=([^&]*)/.exec(location.hash), at = -1;
    try { if (m) at = findPath(decodeURIComponent(m[1])); } catch (err) { at = -1; }
    if (at >= 0 && at !== cur) go(at);
  });
  document.body.dataset.readyMs = ((window.performance && performance.now) ? performance.now() : 0).toFixed(1);
  document.body.dataset.scriptMs = (((window.performance && performance.now) ? performance.now() : 0) - t0).toFixed(1);
  if (params.test && params.test.indexOf('keys:') === 0) {
    var names = { Right: 'ArrowRight', Left: 'ArrowLeft', Up: 'ArrowUp', Down: 'ArrowDown' };
    var steps = [snapshot('')];
    params.test.slice(5).split(',').forEach(function (k) {
      if (!k) return;
      var g = /^([GH])(\d+)$/.exec(k), b = /^B(\d+)$/.exec(k);
      if (g) {  // a click on (G) or the pointer over (H) the score graph where it plots that ply
        var r = scoreSvg.getBoundingClientRect(), x = r.left + scoreSvg.clientLeft + px(+g[2]) / W * scoreSvg.clientWidth;
        scoreSvg.dispatchEvent(new MouseEvent(g[1] === 'G' ? 'click' : 'mousemove', { clientX: x, clientY: r.top + 5, bubbles: true }));
      } else if (b) {
        var btn = evalBox.querySelectorAll('.tw-bestmove')[+b[1] - 1];
        if (btn) btn.click();
      } else {
        var m = /^(\w+)\*(\d+)$/.exec(k), times = m ? +m[2] : 1, kk = m ? m[1] : k;
        for (var r2 = 0; r2 < times; r2++) key(names[kk] || kk);
      }
      steps.push(snapshot(k));
    });
    var resources = (window.performance && performance.getEntriesByType) ? performance.getEntriesByType('resource').length : 0;
    testOut.textContent = JSON.stringify({ nodes: N.length, plies: D.plies, readyMs: +document.body.dataset.readyMs,
                                           scriptMs: +document.body.dataset.scriptMs, resources: resources,
                                           title: document.title, download: dl.getAttribute('download'),
                                           downloadHref: dl.href.slice(0, 5), record: D.tgn, steps: steps, errors: violations,
                                           links: Array.prototype.map.call(document.querySelectorAll('#tw-moves a, #tw-comment a'),
                                                                           function (a) { return a.target + ' ' + a.rel; }) });
  }
})();
