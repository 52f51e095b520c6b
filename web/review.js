// The web page of a reviewed game (web/page.h writes the data; this draws it). No rules
// here: every node carries its board (tiles as a delta against its parent, followers,
// scores) as the engine played it. Text from the record is set with textContent; only
// the comments, rendered to safe HTML by web/markdown.cpp, are set as HTML.
// Keys as on Lichess: Left/Right a move, Home/End the start/end of the line, Down into
// the next variation, Up back out of it; + / - zoom, F fits the board.
// Test hook: #test=keys:Right,Right,End (optionally &at=PATH first) writes what the page
// shows after each key into <pre id="tw-test-out"> as JSON.
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
  var turn = [0], mainIds = [0];
  for (var i = 1; i < N.length; i++) {
    var p = N[N[i].p];
    turn[i] = (N[i].p === 0 || p.m !== N[i].m) ? turn[N[i].p] + 1 : turn[N[i].p];
  }
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
  }
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
  wrap.append(board, scorebox, zoom);
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
  info.append(comment, evalBox, events);
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
  foot.append(dl, el('span', '', ' \u00b7 open it in Tilewright with tilewright replay import FILE.tgn'), det);
  side.append(status, nav, info, moves, foot);
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
  function renderLine(start, box) {
    var row = null, prev = null;
    for (var i = start; i !== undefined; i = N[i].ch[0]) {
      var n = N[i];
      if (row === null || n.m !== prev) {
        row = el('div', 'tw-turn');
        var head = el('span', 'tw-turnhead');  // the number and the mover stay on one line
        head.append(el('span', 'tw-turnno', turn[i] + '.'));
        var who = el('span', 'tw-who', seatName(n.m));
        who.style.color = colour(D.seats[n.m] ? D.seats[n.m].colour : -1);
        head.append(who);
        row.append(head);
        box.append(row);
      }
      var s = el('span', 'tw-move' + (n.g ? ' tw-g-' + GLYPH_CLASS[n.g] : ''), moveText(n));
      if (n.g) s.append(el('span', 'tw-glyph', n.g));
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
      prev = n.m;
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
  var follow = true, cur = 0;
  function boundsAt(i) {
    var t = tilesAt(i).concat(N[i].ev && N[i].ev.bt ? N[i].ev.bt : []);
    var minx = 0, maxx = 0, miny = 0, maxy = 0;
    for (var k = 0; k < t.length; k++) {
      var x = t[k][0], y = t[k][1];
      if (k === 0) { minx = maxx = x; miny = maxy = y; }
      minx = Math.min(minx, x); maxx = Math.max(maxx, x); miny = Math.min(miny, y); maxy = Math.max(maxy, y);
    }
    if (N[i].mk) N[i].mk.forEach(function (m) {
      minx = Math.min(minx, m[1]); maxx = Math.max(maxx, m[1]); miny = Math.min(miny, m[2]); maxy = Math.max(maxy, m[2]);
    });
    var b = { minx: minx - 1, maxx: maxx + 1, miny: miny - 1, maxy: maxy + 1 };
    while (b.maxx - b.minx + 1 < 6) { b.minx -= 0.5; b.maxx += 0.5; }
    while (b.maxy - b.miny + 1 < 4) { b.miny -= 0.5; b.maxy += 0.5; }
    return b;
  }
  function fit() {
    follow = true;
    var bounds = boundsAt(cur);
    var w = (bounds.maxx - bounds.minx + 1) * 100, h = (bounds.maxy - bounds.miny + 1) * 100;
    var r = board.getBoundingClientRect();
    var aspect = r.width > 0 && r.height > 0 ? r.width / r.height : 1.5;
    if (w / h < aspect) { var nw = h * aspect; view = { x: bounds.minx * 100 - (nw - w) / 2, y: -bounds.maxy * 100, w: nw, h: h }; }
    else { var nh = w / aspect; view = { x: bounds.minx * 100, y: -bounds.maxy * 100 - (nh - h) / 2, w: w, h: nh }; }
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
  function drawBoard(i) {
    var n = N[i];
    while (board.firstChild) board.removeChild(board.firstChild);
    var gt = sv('g', {}), gl = sv('g', {}), gb = sv('g', { 'class': 'tw-bestlayer' }), gf = sv('g', {}), gm = sv('g', {});
    var tiles = tilesAt(i);
    for (var k = 0; k < tiles.length; k++) drawTile(gt, tiles[k], 'tw-tile');
    if (n.l !== undefined && tiles[n.l] && i > 0) {
      var xy = cellXY(tiles[n.l][0], tiles[n.l][1]);
      gl.append(sv('rect', { x: xy[0] + 2, y: xy[1] + 2, width: 96, height: 96, fill: 'none', stroke: '#ffd800', 'stroke-width': 5 }));
    }
    for (k = 0; k < n.f.length; k++) drawFollower(gf, n.f[k], 'tw-follower');
    if (n.ev && n.ev.bt) {
      for (k = 0; k < n.ev.bt.length; k++) {
        var b = n.ev.bt[k], bxy = cellXY(b[0], b[1]);
        drawTile(gb, b, 'tw-best').setAttribute('opacity', 0.6);
        gb.append(sv('rect', { x: bxy[0] + 3, y: bxy[1] + 3, width: 94, height: 94, fill: 'none', stroke: '#10a050',
                               'stroke-width': 6, 'stroke-dasharray': '14 8', 'class': 'tw-best' }));
      }
      for (k = 0; k < n.ev.bf.length; k++) drawFollower(gb, n.ev.bf[k], 'tw-best', { 'stroke-dasharray': '5 3', opacity: 0.8 });
    }
    if (n.mk) for (k = 0; k < n.mk.length; k++) drawMarker(gm, n.mk[k]);
    board.append(gt, gl, gf, gb, gm);
  }

  // --- the graphs ---
  var W = 600, H = 110;
  var scoreSvg = null, evalSvg = null, scoreBar = null, evalBar = null;
  function graph(title) {
    var fig = el('figure'), cap = el('figcaption', '', title);
    var s = sv('svg', { viewBox: '0 0 ' + W + ' ' + H, preserveAspectRatio: 'none' });
    fig.append(cap, s);
    graphs.append(fig);
    s.addEventListener('click', function (e) {
      var r = s.getBoundingClientRect();
      var ply = Math.round((e.clientX - r.left) / r.width * (mainIds.length - 1));
      go(mainIds[Math.max(0, Math.min(mainIds.length - 1, ply))]);
    });
    return s;
  }
  function px(ply) { return mainIds.length > 1 ? ply / (mainIds.length - 1) * (W - 8) + 4 : W / 2; }
  (function () {
    scoreSvg = graph('Scores');
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
    var analysed = mainIds.some(function (id) { return N[id].ev; });
    if (!analysed) return;
    var centred = D.measure === 'margin';
    evalSvg = graph('Evaluation (' + (D.measure === 'margin' ? 'score margin' : D.measure === 'win' ? 'win chance' : "team's chance") +
                    (D.seats.length === 2 && !D.coop ? ', ' + D.seats[0].name + "'s view" : '') + ')');
    var vals = mainIds.map(function (id) {
      var e = N[id].ev;
      if (!e) return null;
      var v = e.after;
      if (D.seats.length === 2 && !D.coop && e.mover === 1) v = centred ? -v : 100 - v;
      return v;
    });
    var m = 1;
    vals.forEach(function (v) { if (v !== null) m = Math.max(m, Math.abs(v)); });
    var ey = centred ? function (v) { return H / 2 - v / m * (H / 2 - 6); } : function (v) { return H - 6 - v / 100 * (H - 12); };
    evalSvg.append(sv('line', { x1: 0, x2: W, y1: ey(centred ? 0 : 50), y2: ey(centred ? 0 : 50), stroke: '#bbb',
                                'vector-effect': 'non-scaling-stroke' }));
    var pts = [];
    vals.forEach(function (v, ply) { if (v !== null) pts.push(px(ply).toFixed(1) + ',' + ey(v).toFixed(1)); });
    evalSvg.append(sv('polyline', { points: pts.join(' '), fill: 'none', stroke: '#444', 'stroke-width': 1.5,
                                    'vector-effect': 'non-scaling-stroke' }));
    mainIds.forEach(function (id, ply) {
      var e = N[id].ev;
      if (!e || !e.glyph) return;
      evalSvg.append(sv('ellipse', { cx: px(ply), cy: ey(vals[ply]), rx: 4, ry: 5, fill: GLYPH_DOT[e.glyph] || '#888',
                                     'class': 'tw-evaldot' }));
    });
    evalBar = sv('line', { y1: 0, y2: H, stroke: '#2f6fd0', 'stroke-width': 2, 'vector-effect': 'non-scaling-stroke' });
    evalSvg.append(evalBar);
  })();
  function fmtEval(v) {
    return D.measure === 'margin' ? (v >= 0 ? '+' : '') + v.toFixed(1) : v.toFixed(1) + '%';
  }

  // --- the current node ---
  function go(i) {
    if (i === undefined || i < 0 || i >= N.length) return;
    cur = i;
    var n = N[i];
    drawBoard(i);
    if (follow) fit();
    status.textContent = i === 0 ? 'Start of the game (ply 0)'
      : 'Ply ' + n.n + (n.ml ? '' : ' \u00b7 variation ' + n.k) + ' \u00b7 ' + seatName(n.m) + ': ' + n.d + (n.g ? ' ' + n.g : '');
    status.dataset.ply = n.n;
    status.dataset.node = n.k || '';
    while (scorebox.firstChild) scorebox.removeChild(scorebox.firstChild);
    n.sb.forEach(function (line) {
      var d = el('div', '', line[0]);
      if (line[1] >= 0) d.style.color = colour(line[1]);
      scorebox.append(d);
    });
    if (n.end) scorebox.append(el('div', '', 'Game over: ' + n.end));
    comment.innerHTML = n.c || '';  // safe HTML from web/markdown.cpp
    while (events.firstChild) events.removeChild(events.firstChild);
    (n.e || []).forEach(function (line) { events.append(el('div', '', line)); });
    evalBox.textContent = '';
    if (n.ev) {
      var t = 'Evaluation: ' + fmtEval(n.ev.after) + (n.ev.loss > 0 ? ' (best ' + fmtEval(n.ev.before) + ', lost ' +
              n.ev.loss.toFixed(1) + ')' : ' (best move)');
      evalBox.append(el('div', '', t));
      if (n.ev.best) evalBox.append(el('div', '', 'Best: ' + n.ev.best + ' (dashed green on the board)'));
    }
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
  }
  function lineEnd(i) { while (N[i].ch.length) i = N[i].ch[0]; return i; }
  function key(k) {
    var n = N[cur], sib, idx;
    if (k === 'ArrowRight') { if (n.ch.length) go(n.ch[0]); }
    else if (k === 'ArrowLeft') { if (n.p >= 0) go(n.p); }
    else if (k === 'Home') go(0);
    else if (k === 'End') go(lineEnd(cur));
    else if (k === 'ArrowDown') {
      sib = siblings(cur); idx = sib.indexOf(cur);
      if (idx + 1 < sib.length) go(sib[idx + 1]);
      else if (n.ch.length > 1) go(n.ch[1]);
    } else if (k === 'ArrowUp') {
      for (var a = cur; a > 0; a = N[a].p) {
        sib = siblings(a); idx = sib.indexOf(a);
        if (idx > 0) { go(sib[idx - 1]); return; }
      }
    } else if (k === '+' || k === '=') zoomBy(1 / 1.25);
    else if (k === '-') zoomBy(1.25);
    else if (k === 'f' || k === 'F') fit();
    else return false;
    return true;
  }
  document.addEventListener('keydown', function (e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (key(e.key)) e.preventDefault();
  });
  window.addEventListener('resize', function () { if (follow) fit(); else applyView(); });

  function findPath(path) {
    for (var i = 0; i < N.length; i++) if ((N[i].k || '0') === path) return i;
    return -1;
  }
  function snapshot(k) {
    var n = N[cur];
    return { key: k, node: n.k || '', ply: n.n, main: !!n.ml || cur === 0,
             tiles: board.querySelectorAll('use.tw-tile').length, followers: board.querySelectorAll('.tw-follower').length,
             marks: board.querySelectorAll('.tw-mark').length, best: board.querySelectorAll('use.tw-best').length,
             glyph: n.g || '', comment: comment.textContent, commentHtmlTags: comment.querySelectorAll('script,img,iframe,svg').length,
             status: status.textContent, evalDots: evalSvg ? evalSvg.querySelectorAll('.tw-evaldot').length : 0 };
  }

  var hash = decodeURIComponent(location.hash.replace(/^#/, ''));
  var params = {};
  hash.split('&').forEach(function (kv) { var e = kv.indexOf('='); if (e > 0) params[kv.slice(0, e)] = kv.slice(e + 1); });
  var start = params.at ? findPath(params.at) : 0;
  go(start >= 0 ? start : 0);
  document.body.dataset.readyMs = ((window.performance && performance.now) ? performance.now() : 0).toFixed(1);
  document.body.dataset.scriptMs = (((window.performance && performance.now) ? performance.now() : 0) - t0).toFixed(1);
  if (params.test && params.test.indexOf('keys:') === 0) {
    var names = { Right: 'ArrowRight', Left: 'ArrowLeft', Up: 'ArrowUp', Down: 'ArrowDown' };
    var steps = [snapshot('')];
    params.test.slice(5).split(',').forEach(function (k) {
      if (!k) return;
      var m = /^(\w+)\*(\d+)$/.exec(k), times = m ? +m[2] : 1, kk = m ? m[1] : k;
      for (var r = 0; r < times; r++) key(names[kk] || kk);
      steps.push(snapshot(k));
    });
    var resources = (window.performance && performance.getEntriesByType) ? performance.getEntriesByType('resource').length : 0;
    testOut.textContent = JSON.stringify({ nodes: N.length, plies: D.plies, readyMs: +document.body.dataset.readyMs,
                                           scriptMs: +document.body.dataset.scriptMs, resources: resources,
                                           title: document.title, download: dl.getAttribute('download'),
                                           downloadHref: dl.href.slice(0, 5), record: D.tgn, steps: steps, errors: violations });
  }
})();
