// The browser client of `tilewright serve` (issue 58; web/play_page.h, docs/browser.md).
// The lobby at "/" and a room at "/r/CODE". It speaks docs/protocol.md over a WebSocket to
// its own server and draws what the views say: tiles from /tiles/RULESET.json by each
// board tile's `art`, followers at their `spot`, the pending decision from its
// `option_views` (a placement's cell and rotation, a follower's spot, anything else a
// button). It knows no rule and no module; every text of a user goes in as text.
(function () {
  'use strict';
  var LOBBY = JSON.parse(document.getElementById('tw-lobby').textContent);
  var SVGNS = 'http://www.w3.org/2000/svg';
  var COLOURS = { red: '#d33', blue: '#36c', green: '#2a2', yellow: '#eb2', black: '#333', gray: '#999',
                  grey: '#999', pink: '#e7a', purple: '#93c', orange: '#f80', white: '#eee' };
  var app = document.getElementById('tw-app');

  // ---- small helpers ------------------------------------------------------------------
  function el(tag, attrs, kids) {
    var e = document.createElement(tag);
    if (attrs) for (var k in attrs) {
      if (k === 'text') e.textContent = attrs[k];
      else if (k === 'on') for (var ev in attrs.on) e.addEventListener(ev, attrs.on[ev]);
      else e.setAttribute(k, attrs[k]);
    }
    (kids || []).forEach(function (c) { if (c) e.appendChild(c); });
    return e;
  }
  function sv(tag, attrs) {
    var e = document.createElementNS(SVGNS, tag);
    if (attrs) for (var k in attrs) {
      if (k === 'text') e.textContent = attrs[k];
      else e.setAttribute(k, attrs[k]);
    }
    return e;
  }
  function clear(e) { while (e.firstChild) e.removeChild(e.firstChild); }
  function store(k, v) { try { if (v === null) localStorage.removeItem(k); else localStorage.setItem(k, v); } catch (e) {} }
  function load(k) { try { return localStorage.getItem(k); } catch (e) { return null; } }
  function wsUrl() { return (location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/'; }
  function fmtClock(ms) {
    if (ms < 0) ms = 0;
    var s = Math.ceil(ms / 1000), m = Math.floor(s / 60);
    s = s % 60;
    return m + ':' + (s < 10 ? '0' : '') + s;
  }

  // ---- the connection -----------------------------------------------------------------
  var T = window.twTest = { log: [], errors: [] };  // what the tests read (and nothing else)
  document.addEventListener('securitypolicyviolation', function (e) { T.errors.push(e.violatedDirective + ' ' + e.blockedURI); });
  function Conn(onMessage, onOpen, onClose) {
    var self = this;
    this.ws = new WebSocket(wsUrl());
    this.ws.onopen = function () {
      self.send({ type: 'hello', version: LOBBY.version, name: (load('tw-name') || 'Player').slice(0, 40) });
      onOpen();
    };
    this.ws.onmessage = function (e) {
      var m;
      try { m = JSON.parse(e.data); } catch (x) { return; }
      onMessage(m);
    };
    this.ws.onclose = function () { if (!self.closed) onClose(); };
  }
  Conn.prototype.send = function (m) { if (this.ws.readyState === 1) this.ws.send(JSON.stringify(m)); };
  Conn.prototype.close = function () { this.closed = true; try { this.ws.close(); } catch (e) {} };

  // ---- the lobby ----------------------------------------------------------------------
  function lobby() {
    clear(app);
    document.title = 'Tilewright';
    var status = el('p', { 'class': 'tw-status', id: 'tw-status' });
    var name = el('input', { id: 'tw-name', maxlength: 40, value: load('tw-name') || '' });
    name.addEventListener('change', function () { store('tw-name', name.value.trim()); });
    var game = el('select', { id: 'tw-game' });
    var gs = el('optgroup', { label: 'Competitive' });
    LOBBY.rule_sets.forEach(function (r) { gs.appendChild(el('option', { value: 'r:' + r.id, text: r.name + ' (' + r.id + ')' })); });
    var gl = el('optgroup', { label: 'Co-operative levels' });
    LOBBY.levels.forEach(function (l) { gl.appendChild(el('option', { value: 'l:' + l.id, text: l.name + ' (' + l.id + ')' })); });
    game.appendChild(gs);
    if (LOBBY.levels.length) game.appendChild(gl);
    var seats = el('div', { id: 'tw-seats' });
    function limits() {
      var v = game.value, list = v[0] === 'r' ? LOBBY.rule_sets : LOBBY.levels, id = v.slice(2);
      for (var i = 0; i < list.length; ++i) if (list[i].id === id) return list[i];
      return { min_players: 1, max_players: 6 };
    }
    function coop() { return game.value[0] === 'l'; }
    function seatRow(i, kind) {
      var sel = el('select', { 'class': 'tw-seat-kind' });
      sel.appendChild(el('option', { value: 'human', text: 'Invited player' }));
      LOBBY.bots.forEach(function (b) { if (b.coop === coop()) sel.appendChild(el('option', { value: 'bot:' + b.bot, text: b.label })); });
      if (kind) sel.value = kind;
      var nm = el('input', { 'class': 'tw-seat-name', maxlength: 40, value: 'Player ' + (i + 1) });
      sel.addEventListener('change', function () { nm.style.visibility = sel.value === 'human' ? 'visible' : 'hidden'; });
      sel.dispatchEvent(new Event('change'));
      return el('div', { 'class': 'tw-seat' }, [el('span', { text: 'Seat ' + (i + 1) + ': ' }), sel, nm]);
    }
    function resetSeats() {
      clear(seats);
      seats.appendChild(el('div', { 'class': 'tw-seat' }, [el('span', { text: 'Seat 1: you' })]));
      var lim = limits(), n = Math.max(2, lim.min_players);
      if (n > lim.max_players) n = lim.max_players;
      for (var i = 1; i < n; ++i) seats.appendChild(seatRow(i, 'bot:' + (coop() ? 'coop' : 'greedy')));
    }
    game.addEventListener('change', resetSeats);
    var add = el('button', { text: '+ seat', on: { click: function () {
      if (seats.children.length < limits().max_players) seats.appendChild(seatRow(seats.children.length, 'human'));
    } } });
    var del = el('button', { text: '− seat', on: { click: function () {
      if (seats.children.length > Math.max(1, limits().min_players)) seats.removeChild(seats.lastChild);
    } } });
    var clock = el('select', { id: 'tw-clock' }, [
      el('option', { value: '', text: 'no clock' }), el('option', { value: '300000+5000', text: '5 min + 5 s a move' }),
      el('option', { value: '600000+10000', text: '10 min + 10 s a move' }), el('option', { value: '1200000+0', text: '20 min' })]);
    var create = el('button', { id: 'tw-create', 'class': 'tw-primary', text: 'Create the room', on: { click: function () {
      var me = name.value.trim() || 'Player';
      store('tw-name', me);
      var spec = { type: 'create', auto_start: true, seats: [{ kind: 'human', name: me }] };
      if (coop()) spec.level = game.value.slice(2); else spec.rule_set = game.value.slice(2);
      Array.prototype.slice.call(seats.children, 1).forEach(function (row, i) {
        var k = row.querySelector('.tw-seat-kind').value;
        if (k === 'human') spec.seats.push({ kind: 'human', name: row.querySelector('.tw-seat-name').value.trim() || ('Player ' + (i + 2)) });
        else spec.seats.push({ kind: 'bot', bot: k.slice(4) });
      });
      if (clock.value) {
        var p = clock.value.split('+');
        spec.clock = { initial_ms: +p[0], increment_ms: +p[1], at_zero: 'bot' };
      }
      status.textContent = 'Creating the room…';
      var c = new Conn(function (m) {
        if (m.type === 'welcome') c.send(spec);
        else if (m.type === 'created') { store('tw-host:' + m.room, m.host_token); c.send({ type: 'join', room: m.room, seat: 0 }); }
        else if (m.type === 'joined') {
          store('tw-seat:' + m.room, JSON.stringify({ seat: m.seat, token: m.token }));
          c.close();
          history.pushState(null, '', '/r/' + m.room);
          route();
        } else if (m.type === 'error') { status.textContent = 'The server refused: ' + m.message; c.close(); }
      }, function () {}, function () { status.textContent = 'Cannot reach the server.'; });
    } } });
    var code = el('input', { id: 'tw-code', maxlength: 16, placeholder: 'ROOM CODE' });
    var go = el('button', { text: 'Join', on: { click: function () {
      var v = code.value.trim().toUpperCase();
      if (/^[A-Z2-9]{1,16}$/.test(v)) { history.pushState(null, '', '/r/' + v); route(); }
    } } });
    var rooms = el('div', { id: 'tw-rooms' });
    app.appendChild(el('main', { 'class': 'tw-lobby' }, [
      el('h1', { text: 'Tilewright' }),
      el('p', { text: 'Carcassonne and its variants with friends and bots, in the browser.' }),
      el('label', {}, [el('span', { text: 'Your name ' }), name]),
      el('h2', { text: 'A new game' }),
      el('label', {}, [el('span', { text: 'Game ' }), game]),
      seats, el('div', {}, [add, del]),
      el('label', {}, [el('span', { text: 'Clock ' }), clock]),
      el('div', {}, [create]), status,
      el('h2', { text: 'Join a room' }), el('div', {}, [code, go]),
      LOBBY.list_rooms ? el('h2', { text: 'Open rooms' }) : null, LOBBY.list_rooms ? rooms : null]));
    resetSeats();
    if (LOBBY.list_rooms) fetch('/rooms.json').then(function (r) { return r.json(); }).then(function (j) {
      if (!j.rooms.length) rooms.appendChild(el('p', { text: 'No room waits for players now.' }));
      j.rooms.forEach(function (r) {
        var free = r.seats.filter(function (s) { return s.kind === 'human' && !s.taken; }).length;
        rooms.appendChild(el('div', { 'class': 'tw-room' }, [
          el('span', { text: (r.level || r.rule_set) + ' · ' + r.seats.map(function (s) { return s.name; }).join(', ') + ' · ' + free + ' free ' }),
          el('a', { href: '/r/' + r.room, text: 'Join' })]));
      });
    }).catch(function () {});
  }

  // ---- a room ---------------------------------------------------------------------------
  function room(code, watch) {
    clear(app);
    document.title = 'Tilewright · room ' + code;
    var S = { code: code, seat: null, token: null, room: null, view: null, ply: -1, art: null, artFor: null,
              sel: null, rotAt: 0, clocks: null, clockAt: 0, over: null, log: [], conn: null, retry: 0,
              lastBoard: 0, lastFollowers: [], watching: !!watch, pendingSent: -1, zoom: null };
    T.room = S;
    var saved = JSON.parse(load('tw-seat:' + code) || 'null');
    // Layout.
    var status = el('span', { id: 'tw-status', 'class': 'tw-status' });
    var invite = el('input', { id: 'tw-invite', readonly: 'readonly', value: location.origin + '/r/' + code });
    var copy = el('button', { text: 'Copy link', on: { click: function () {
      invite.select();
      try { navigator.clipboard.writeText(invite.value); } catch (e) { document.execCommand('copy'); }
    } } });
    var leave = el('button', { text: 'Leave', title: 'your seat is kept: this link brings you back', on: { click: function () {
      if (S.conn) S.conn.close();
      history.pushState(null, '', '/');
      route();
    } } });
    var seatsBox = el('div', { id: 'tw-seatlist' });
    var svg = sv('svg', { id: 'tw-board', tabindex: '0' });
    var defs = sv('defs');
    var gTiles = sv('g'), gCells = sv('g'), gPieces = sv('g'), gRings = sv('g');
    svg.appendChild(defs); svg.appendChild(gTiles); svg.appendChild(gCells); svg.appendChild(gPieces); svg.appendChild(gRings);
    var hand = sv('svg', { id: 'tw-hand', viewBox: '0 0 100 100' });
    var rotL = el('button', { text: '⟲', title: 'turn left (Q)', on: { click: function () { rotate(-1); } } });
    var rotR = el('button', { text: '⟳', title: 'turn right (R, E or the wheel on the tile)', on: { click: function () { rotate(1); } } });
    var confirm = el('button', { id: 'tw-confirm', 'class': 'tw-primary', text: 'Place', on: { click: function () { confirmPlace(); } } });
    var handBox = el('div', { id: 'tw-handbox' }, [hand, el('div', {}, [rotL, rotR, confirm])]);
    var buttons = el('div', { id: 'tw-options' });
    var prompt = el('p', { id: 'tw-prompt' });
    var scores = el('table', { id: 'tw-scores' });
    var figures = el('div', { id: 'tw-figures' });
    var events = el('ul', { id: 'tw-events' });
    var endBox = el('div', { id: 'tw-end' });
    var zoomIn = el('button', { text: '+', title: 'zoom in (+)', on: { click: function () { zoomBy(0.8); } } });
    var zoomOut = el('button', { text: '−', title: 'zoom out (−)', on: { click: function () { zoomBy(1.25); } } });
    var fit = el('button', { text: 'Fit', title: 'the whole board (0)', on: { click: function () { S.zoom = null; drawBoard(); } } });
    app.appendChild(el('header', { 'class': 'tw-top' }, [
      el('a', { href: '/', text: 'Tilewright' }), el('span', { 'class': 'tw-code', text: 'Room ' + code }), invite, copy, leave, status]));
    app.appendChild(el('div', { 'class': 'tw-play' }, [
      el('div', { 'class': 'tw-boardbox' }, [svg, el('div', { 'class': 'tw-zoom' }, [zoomIn, zoomOut, fit])]),
      el('aside', { 'class': 'tw-side' }, [seatsBox, prompt, handBox, buttons, endBox, scores, figures,
                                           el('h3', { text: 'Moves and events' }), events])]));

    function setStatus(t) { status.textContent = t; T.status = t; }
    function connect() {
      setStatus('Connecting…');
      S.conn = new Conn(onMessage, function () {}, function () {
        if (S.over) return;
        S.retry = Math.min(S.retry + 1, 5);
        setStatus('Connection lost — reconnecting…');
        setTimeout(connect, 500 * Math.pow(2, S.retry - 1));
      });
    }
    function onMessage(m) {
      T.log.push(m.type);
      if (m.type === 'welcome') {
        S.retry = 0;
        if (saved && saved.token) S.conn.send({ type: 'resume', room: code, token: saved.token });
        else if (S.watching) S.conn.send({ type: 'join', room: code, seat: 'watch' });
        else S.conn.send({ type: 'join', room: code });
      } else if (m.type === 'joined') {
        S.seat = m.seat;
        if (m.token) {
          saved = { seat: m.seat, token: m.token };
          store('tw-seat:' + code, JSON.stringify(saved));
        }
        S.watching = m.seat === null;
        setStatus(S.watching ? 'You watch.' : 'Seated.');
      } else if (m.type === 'room') {
        S.room = m;
        drawSeats();
        if (!S.art || S.artFor !== m.rule_set) loadArt(m.rule_set);
      } else if (m.type === 'state') {
        S.ply = m.ply;
        S.clocks = m.clocks || null;
        S.clockAt = Date.now();
        noteChanges(S.view, m.view);
        S.view = m.view;
        if (S.pendingSent !== m.ply) S.pendingSent = -1;
        S.sel = null;
        drawAll();
      } else if (m.type === 'ack') {
        T.acked = (T.acked || 0) + 1;
        (T.latencies = T.latencies || []).push(performance.now() - T.sentAt);  // a click to its ack, ms
      } else if (m.type === 'over') {
        S.over = m;
        drawEnd();
        drawAll();
      } else if (m.type === 'error') {
        T.errors.push('server: ' + m.code);
        if ((m.code === 'room_full' || m.code === 'seat_taken') && !S.watching) {
          S.watching = true;
          S.conn.send({ type: 'join', room: code, seat: 'watch' });
          setStatus('Every seat is taken: you watch.');
        } else if (m.code === 'bad_token' && saved) {
          saved = null;
          store('tw-seat:' + code, null);
          S.conn.send({ type: 'join', room: code });
        } else if (m.code === 'no_room') {
          setStatus('There is no room ' + code + ' on this server (an open room nobody joined expires).');
          S.over = { result: 'no such room' };
        } else {
          if (m.code === 'stale_ply' || m.code === 'illegal' || m.code === 'not_your_turn') S.pendingSent = -1;
          if (m.code !== 'not_playing') setStatus('The server refused: ' + m.message);
          drawAll();
        }
      }
    }
    function loadArt(rs) {
      S.artFor = rs;
      fetch('/tiles/' + encodeURIComponent(rs) + '.json').then(function (r) { return r.json(); }).then(function (j) {
        S.art = j;
        clear(defs);
        Object.keys(j.art).forEach(function (k) {
          var s = sv('symbol', { id: 'a' + k, viewBox: '0 0 100 100' });
          s.innerHTML = j.art[k].svg;
          defs.appendChild(s);
        });
        var b = sv('symbol', { id: 'aback', viewBox: '0 0 100 100' });
        b.innerHTML = j.back;
        defs.appendChild(b);
        drawAll();
      });
    }
    // A tile's art turned `rot` degrees clockwise about its centre (a face-down tile: its back).
    function use(art, rot) {
      var u = sv('use', { href: art === null || art === undefined ? '#aback' : '#a' + art, width: 100, height: 100 });
      if (rot) u.setAttribute('transform', 'rotate(' + rot + ' 50 50)');
      return u;
    }
    function nameOf(seat) { return S.room && S.room.seats[seat] ? S.room.seats[seat].name : 'seat ' + seat; }
    // The move list: what each new view added to the board (tiles and followers).
    function noteChanges(before, after) {
      if (!after) return;
      if (!before) {  // the first view (a page opened or reloaded mid-game): where it stands
        if (after.ply > 0) events.insertBefore(el('li', { text: 'at decision ' + after.ply + ': ' + after.board.length + ' tiles on the board' }), events.firstChild);
        return;
      }
      var who = before.pending ? before.pending.player : '';
      var lines = [];
      var nb = before.board.length;
      for (var i = nb; i < after.board.length; ++i) {
        var t = after.board[i];
        lines.push((who ? who + ': ' : '') + 'places ' + (t.tile === null ? 'a face-down tile' : t.tile) + ' at ' + t.x + ',' + t.y + (t.rot ? ' r' + t.rot : ''));
      }
      var key = function (f) { return f.colour + f.x + ',' + f.y + f.at + f.kind; };
      var had = {};
      before.followers.forEach(function (f) { had[key(f)] = true; });
      after.followers.forEach(function (f) { if (!had[key(f)]) lines.push(f.player + ': ' + f.kind + ' on ' + f.at + ' at ' + f.x + ',' + f.y); });
      (after.events || []).forEach(function (e) { lines.push(e); });
      lines.forEach(function (l) { S.log.push({ ply: after.ply, text: l }); });
      lines.forEach(function (l) { events.insertBefore(el('li', { text: l }), events.firstChild); });
    }
    function drawSeats() {
      clear(seatsBox);
      if (!S.room) return;
      var pend = S.view && S.view.pending ? S.view.pending.seat : -1;
      S.room.seats.forEach(function (s, i) {
        var clk = S.clocks && S.clocks[i] ? S.clocks[i] : null;
        var left = clk ? clk.left_ms - (clk.running ? Date.now() - S.clockAt : 0) : null;
        seatsBox.appendChild(el('div', { 'class': 'tw-seatline' + (i === pend ? ' tw-turn' : '') + (i === S.seat ? ' tw-me' : '') }, [
          dot(COLOURS[colourOf(i)] || '#888'),
          el('span', { text: s.name + (i === S.seat ? ' (you)' : '') + (s.kind === 'human' && !s.taken ? ' — free' : '') + (s.kind === 'human' && s.taken && !s.connected ? ' — away' : '') }),
          clk ? el('span', { 'class': 'tw-clock' + (clk.running ? ' tw-running' : ''), text: fmtClock(left) }) : null]));
      });
      seatsBox.appendChild(el('div', { 'class': 'tw-watchers', text: S.room.watchers ? S.room.watchers + ' watching' : '' }));
    }
    function dot(c) { var d = el('span', { 'class': 'tw-dot' }); d.style.background = c; return d; }
    function colourOf(i) {
      if (!S.view) return '';
      var s = S.view.supply && S.view.supply[i];
      if (s && s.colour) return s.colour;
      if (s && s.colours) return Object.keys(s.colours)[0];
      return '';
    }
    function myTurn() { return S.view && !S.view.finished && S.view.pending && S.seat !== null && S.view.pending.seat === S.seat && !S.over; }
    function views() { return myTurn() && S.view.pending.option_views ? S.view.pending.option_views : []; }
    function send(i) {
      if (!myTurn() || S.pendingSent === S.ply) return;
      S.pendingSent = S.ply;
      T.sentAt = performance.now();
      S.conn.send({ type: 'move', room: code, token: saved.token, ply: S.ply, move: S.view.pending.options[i] });
      drawAll();
    }
    // Placements by cell: "x,y" -> [option index...] (its listed rotations).
    function placements() {
      var byCell = {};
      views().forEach(function (v, i) {
        if (v.kind === 'place' && v.x !== undefined) (byCell[v.x + ',' + v.y] = byCell[v.x + ',' + v.y] || []).push(i);
      });
      return byCell;
    }
    function rotate(d) {
      if (!S.sel) return;
      var list = placements()[S.sel];
      if (!list) return;
      S.rotAt = (S.rotAt + d + list.length) % list.length;
      drawAll();
    }
    function confirmPlace() {
      if (!S.sel) return;
      var list = placements()[S.sel];
      if (list) send(list[S.rotAt % list.length]);
    }
    function clickCell(x, y) {
      var k = x + ',' + y, list = placements()[k];
      if (!list) return;
      if (S.sel === k) { confirmPlace(); return; }
      S.sel = k;
      S.rotAt = 0;
      drawAll();
    }
    T.clickCell = clickCell;
    // The board's user units: a cell is 100, north up (y grows up the screen).
    function bounds() {
      var b = { minx: 0, maxx: 0, miny: 0, maxy: 0 };
      if (!S.view) return b;
      var cells = S.view.board.map(function (t) { return [t.x, t.y]; });
      views().forEach(function (v) { if (v.x !== undefined) cells.push([v.x, v.y]); });
      cells.forEach(function (c, i) {
        if (i === 0) { b.minx = b.maxx = c[0]; b.miny = b.maxy = c[1]; }
        b.minx = Math.min(b.minx, c[0]); b.maxx = Math.max(b.maxx, c[0]);
        b.miny = Math.min(b.miny, c[1]); b.maxy = Math.max(b.maxy, c[1]);
      });
      return b;
    }
    function viewBox() {
      if (S.zoom) return S.zoom;
      var b = bounds(), pad = 60;
      return { x: b.minx * 100 - pad, y: -b.maxy * 100 - pad, w: (b.maxx - b.minx + 1) * 100 + 2 * pad, h: (b.maxy - b.miny + 1) * 100 + 2 * pad };
    }
    function applyViewBox() {
      var v = viewBox();
      svg.setAttribute('viewBox', v.x + ' ' + v.y + ' ' + v.w + ' ' + v.h);
    }
    function zoomBy(f, cx, cy) {
      var v = viewBox();
      if (cx === undefined) { cx = v.x + v.w / 2; cy = v.y + v.h / 2; }
      var w = Math.min(Math.max(v.w * f, 150), 20000), h = v.h * (w / v.w);
      S.zoom = { x: cx - (cx - v.x) * (w / v.w), y: cy - (cy - v.y) * (h / v.h), w: w, h: h };
      applyViewBox();
    }
    function pan(dx, dy) {
      var v = viewBox();
      S.zoom = { x: v.x + dx, y: v.y + dy, w: v.w, h: v.h };
      applyViewBox();
    }
    function drawBoard() {
      clear(gTiles); clear(gCells); clear(gPieces); clear(gRings);
      if (!S.view) return;
      var vw = S.view;
      vw.board.forEach(function (t) {
        var g = sv('g', { transform: 'translate(' + t.x * 100 + ' ' + -t.y * 100 + ')', 'class': 'tw-tile' });
        g.appendChild(use(t.face_up === false ? null : t.art, t.rot));
        (t.badges || []).forEach(function (b, i) {  // a count on the tile, its words as a title
          var c = sv('circle', { cx: 84, cy: 16 + i * 28, r: 13, 'class': 'tw-badge' });
          c.appendChild(sv('title', { text: b.n + ' ' + b.what }));
          g.appendChild(c);
          g.appendChild(sv('text', { x: 84, y: 21 + i * 28, 'class': 'tw-badge-n', text: String(b.n) }));
        });
        gTiles.appendChild(g);
      });
      vw.followers.forEach(function (f) {
        if (!f.spot) return;
        var cx = f.x * 100 + f.spot[0] * 100, cy = -f.y * 100 + f.spot[1] * 100;
        var fill = COLOURS[f.colour] || '#888';
        var shape = f.kind === 'guard' ? sv('rect', { x: cx - 8, y: cy - 8, width: 16, height: 16, transform: 'rotate(45 ' + cx + ' ' + cy + ')' })
                                        : sv('circle', { cx: cx, cy: cy, r: f.kind === 'big' ? 12 : 8.5 });
        shape.setAttribute('fill', fill);
        shape.setAttribute('class', 'tw-piece');
        var g = sv('g');
        g.appendChild(shape);
        (f.badges || []).forEach(function (b, i) {  // what stands with the follower: a count, its words as a title
          var tx = sv('text', { x: cx + 10 + i * 14, y: cy - 8, 'class': 'tw-piece-mark', text: b.what === 'buried' ? '✝' : String(b.n) });
          tx.appendChild(sv('title', { text: b.n + ' ' + b.what }));
          g.appendChild(tx);
        });
        gPieces.appendChild(g);
      });
      var byCell = placements();
      Object.keys(byCell).forEach(function (k) {
        var p = k.split(','), x = +p[0], y = +p[1];
        var r = sv('rect', { x: x * 100 + 3, y: -y * 100 + 3, width: 94, height: 94, rx: 6, 'class': 'tw-legal' + (S.sel === k ? ' tw-sel' : ''), 'data-cell': k });
        r.addEventListener('click', function (e) { if (!dragged) clickCell(x, y); e.stopPropagation(); });
        gCells.appendChild(r);
      });
      if (S.sel && byCell[S.sel]) {
        var i = byCell[S.sel][S.rotAt % byCell[S.sel].length], v = views()[i];
        var g = sv('g', { transform: 'translate(' + v.x * 100 + ' ' + -v.y * 100 + ')', 'class': 'tw-preview' });
        g.appendChild(use(v.art, v.rot));
        g.addEventListener('click', function (e) { if (!dragged) confirmPlace(); e.stopPropagation(); });
        gCells.appendChild(g);
      }
      // Targets: options that name a cell and are not placements nor spots (a tile to turn
      // face down, a dog's cell...): an outlined cell; several at one cell choose from buttons.
      var targets = {};
      views().forEach(function (v, i) {
        if (v.kind === 'place' || v.spot || v.x === undefined) return;
        var k = v.x + ',' + v.y;
        (targets[k] = targets[k] || []).push(i);
      });
      Object.keys(targets).forEach(function (k) {
        var p = k.split(','), x = +p[0], y = +p[1], list = targets[k];
        var r = sv('rect', { x: x * 100 + 6, y: -y * 100 + 6, width: 88, height: 88, rx: 8, 'class': 'tw-target', 'data-target': k, 'data-options': list.join(' ') });
        r.addEventListener('click', function (e) {
          e.stopPropagation();
          if (dragged) return;
          if (list.length === 1) send(list[0]);
          else { S.choice = list; drawButtons(); }
        });
        gRings.appendChild(r);
      });
      // Rings: options that name a spot on a tile; several at one spot choose from buttons.
      var spots = {};
      views().forEach(function (v, i) {
        if (!v.spot || !v.on) return;
        var k = v.on[0] + ',' + v.on[1] + ':' + v.spot[0] + ',' + v.spot[1];
        (spots[k] = spots[k] || { v: v, list: [] }).list.push(i);
      });
      Object.keys(spots).forEach(function (k) {
        var s = spots[k], v = s.v;
        var cx = v.on[0] * 100 + v.spot[0] * 100, cy = -v.on[1] * 100 + v.spot[1] * 100;
        var ring = sv('circle', { cx: cx, cy: cy, r: 11, 'class': 'tw-ring', 'data-options': s.list.join(' ') });
        ring.addEventListener('click', function (e) {
          e.stopPropagation();
          if (dragged) return;
          if (s.list.length === 1) send(s.list[0]);
          else { S.choice = s.list; drawButtons(); }
        });
        gRings.appendChild(ring);
      });
      applyViewBox();
    }
    function drawHand() {
      clear(hand);
      var p = S.view && S.view.pending;
      var show = p && p.kind === 'place' && p.art !== undefined && !S.over;
      handBox.style.display = show ? '' : 'none';
      if (!show) return;
      var byCell = placements(), rot = 0, art = p.art;
      if (S.sel && byCell[S.sel]) {
        var v = views()[byCell[S.sel][S.rotAt % byCell[S.sel].length]];
        rot = v.rot; art = v.art;
      }
      hand.appendChild(use(art, rot));
      var mine = myTurn();
      rotL.disabled = rotR.disabled = !(mine && S.sel);
      confirm.disabled = !(mine && S.sel) || S.pendingSent === S.ply;
    }
    function drawButtons() {
      clear(buttons);
      if (!myTurn()) { S.choice = null; return; }
      var vs = views();
      vs.forEach(function (v, i) {
        if (v.kind === 'place') return;  // on the board
        if (S.choice && S.choice.indexOf(i) < 0) return;
        var b = el('button', { 'class': 'tw-option' + (v.spot || v.x !== undefined ? ' tw-on-board' : ''), text: S.view.pending.options[i], 'data-option': String(i) });
        if (v.colour) b.style.borderColor = COLOURS[v.colour] || '';
        b.disabled = S.pendingSent === S.ply;
        b.addEventListener('click', function () { S.choice = null; send(i); });
        buttons.appendChild(b);
      });
      if (S.choice) buttons.appendChild(el('button', { text: 'Back', on: { click: function () { S.choice = null; drawButtons(); } } }));
    }
    function drawScores() {
      clear(scores);
      clear(figures);
      if (!S.view) return;
      Object.keys(S.view.scores).forEach(function (k) {
        scores.appendChild(el('tr', {}, [el('td', { text: k }), el('td', { 'class': 'tw-num', text: String(S.view.scores[k]) })]));
      });
      var f = [], rep = S.view.report || { counters: [], seat_figures: [] };
      f.push('tiles left: ' + S.view.tiles_left);
      rep.counters.forEach(function (c) { f.push(c.words + ': ' + c.value); });  // the modules' counters, as they come
      (S.view.supply || []).forEach(function (s, i) {
        var more = (rep.seat_figures[i] || []).map(function (x) { return ', ' + x.supply + ' ' + x.noun; }).join('');
        f.push(s.player + ': ' + s.followers + ' followers' + more);
      });
      f.forEach(function (t) { figures.appendChild(el('div', { text: t })); });
    }
    function drawPrompt() {
      var p = S.view && S.view.pending;
      var t;
      if (S.over) t = 'Game over: ' + S.over.result;
      else if (!S.view) t = S.room && S.room.state === 'open' ? 'Waiting for players: send them the link.' : 'Waiting…';
      else if (!p) t = 'Game over.';
      else if (myTurn()) t = S.pendingSent === S.ply ? 'Sent…' : p.kind === 'place' ? 'Your turn: place ' + p.tile + ' on a green cell, turn it, then Place (or click it again).' : 'Your turn: ' + p.kind + (views().some(function (v) { return v.spot; }) ? ' — a ring on the board, or a button' : '');
      else t = p.player + ' to play (' + p.kind + ')';
      prompt.textContent = t;
      T.prompt = t;
    }
    function drawEnd() {
      clear(endBox);
      if (!S.over) return;
      endBox.appendChild(el('p', { 'class': 'tw-result', text: 'Result: ' + S.over.result }));
      if (S.over.replay) {
        endBox.appendChild(el('a', { href: '/replay/' + S.over.replay, id: 'tw-review', text: 'Review the game' }));
        endBox.appendChild(document.createTextNode(' · '));
        endBox.appendChild(el('a', { href: '/replay/' + S.over.replay + '.tgn', id: 'tw-tgn', text: 'Download the record (TGN)' }));
      }
      setStatus('Game over.');
    }
    function drawAll() {
      drawSeats(); drawBoard(); drawHand(); drawButtons(); drawScores(); drawPrompt();
      T.ply = S.ply; T.seat = S.seat; T.myTurn = myTurn(); T.over = S.over ? S.over.result : null;
      T.tiles = S.view ? S.view.board.length : 0;
      T.followers = S.view ? S.view.followers.length : 0;
    }
    // Pan (drag), zoom (wheel, pinch, keys); a drag is not a click.
    var dragged = false, drag = null, pointers = {}, pinch = null;
    function toUser(e) {
      var pt = svg.createSVGPoint();
      pt.x = e.clientX; pt.y = e.clientY;
      return pt.matrixTransform(svg.getScreenCTM().inverse());
    }
    svg.addEventListener('pointerdown', function (e) {
      pointers[e.pointerId] = { x: e.clientX, y: e.clientY };
      var ids = Object.keys(pointers);
      if (ids.length === 2) {
        var a = pointers[ids[0]], b = pointers[ids[1]];
        pinch = { d: Math.hypot(a.x - b.x, a.y - b.y) };
      }
      drag = { x: e.clientX, y: e.clientY };
      dragged = false;
    });
    svg.addEventListener('pointermove', function (e) {
      if (!pointers[e.pointerId]) return;
      pointers[e.pointerId] = { x: e.clientX, y: e.clientY };
      var ids = Object.keys(pointers);
      if (ids.length === 2 && pinch) {
        var a = pointers[ids[0]], b = pointers[ids[1]], d = Math.hypot(a.x - b.x, a.y - b.y);
        if (d > 0 && pinch.d > 0) zoomBy(pinch.d / d);
        pinch.d = d;
        dragged = true;
        return;
      }
      if (!drag) return;
      var dx = e.clientX - drag.x, dy = e.clientY - drag.y;
      if (!dragged && Math.hypot(dx, dy) < 5) return;
      dragged = true;
      var v = viewBox(), r = svg.getBoundingClientRect(), s = Math.max(v.w / r.width, v.h / r.height);
      pan(-dx * s, -dy * s);
      drag = { x: e.clientX, y: e.clientY };
    });
    function up(e) {
      delete pointers[e.pointerId];
      if (Object.keys(pointers).length < 2) pinch = null;
      drag = null;
      setTimeout(function () { dragged = false; }, 0);
    }
    svg.addEventListener('pointerup', up);
    svg.addEventListener('pointercancel', up);
    svg.addEventListener('wheel', function (e) {
      e.preventDefault();
      var p = toUser(e);
      zoomBy(e.deltaY > 0 ? 1.15 : 1 / 1.15, p.x, p.y);
    }, { passive: false });
    hand.addEventListener('wheel', function (e) { e.preventDefault(); rotate(e.deltaY > 0 ? 1 : -1); }, { passive: false });
    document.addEventListener('keydown', function (e) {
      if (e.target && (e.target.tagName === 'INPUT' || e.target.tagName === 'SELECT')) return;
      var k = e.key;
      if (k === 'r' || k === 'R' || k === 'e' || k === 'E') rotate(1);
      else if (k === 'q' || k === 'Q') rotate(-1);
      else if (k === 'Enter') confirmPlace();
      else if (k === 'Escape') { S.sel = null; S.choice = null; drawAll(); }
      else if (k === '+' || k === '=') zoomBy(0.8);
      else if (k === '-') zoomBy(1.25);
      else if (k === '0') { S.zoom = null; drawBoard(); }
      else if (k === 'ArrowLeft') pan(-60, 0);
      else if (k === 'ArrowRight') pan(60, 0);
      else if (k === 'ArrowUp') pan(0, -60);
      else if (k === 'ArrowDown') pan(0, 60);
      else return;
      e.preventDefault();
    });
    setInterval(function () { if (S.clocks) drawSeats(); }, 500);
    // The test hook: where a cell or a ring is on the screen (the tests click there).
    T.cellAt = function (x, y) {
      var r = gCells.querySelector('[data-cell="' + x + ',' + y + '"]');
      if (!r) return null;
      var b = r.getBoundingClientRect();
      return { x: b.left + b.width / 2, y: b.top + b.height / 2 };
    };
    T.rings = function () {
      return Array.prototype.map.call(gRings.querySelectorAll('.tw-ring, .tw-target'), function (c) {
        var b = c.getBoundingClientRect();
        return { x: b.left + b.width / 2, y: b.top + b.height / 2, options: c.getAttribute('data-options') };
      });
    };
    T.view = function () { return S.view; };
    T.optionViews = views;
    T.placements = placements;
    T.confirmRect = function () { var b = confirm.getBoundingClientRect(); return { x: b.left + b.width / 2, y: b.top + b.height / 2 }; };
    T.buttons = function () {
      return Array.prototype.map.call(buttons.querySelectorAll('button[data-option]'), function (b) {
        var r = b.getBoundingClientRect();
        return { x: r.left + r.width / 2, y: r.top + r.height / 2, text: b.textContent, option: +b.getAttribute('data-option') };
      });
    };
    connect();
  }

  function route() {
    var m = /^\/r\/([A-Z2-9]{1,16})$/.exec(location.pathname);
    if (m) room(m[1], /(^|[?&])watch(=|&|$)/.test(location.search.slice(1)));
    else lobby();
  }
  window.addEventListener('popstate', function () { location.reload(); });
  route();
})();
