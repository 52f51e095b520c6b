-- Migration 5: online play (issue 36, docs/protocol.md). The server (`tilewright serve`)
-- keeps every room and every decision of its games here as they happen: a decision is
-- acknowledged to its player only after its row is written, and a restarted server plays
-- each game's rows again to where it stood. A finished game is also stored as a replay
-- (net_room.replay_id). Tokens are the seats' secrets (128 random bits, hex): whoever
-- reads this file can act for every seat, so it is the server's own file.

CREATE TABLE net_room (
  code       TEXT PRIMARY KEY CHECK (length(code) BETWEEN 1 AND 16),
  rule_set   TEXT NOT NULL,
  level      TEXT NOT NULL DEFAULT '',
  seed       INTEGER NOT NULL,
  host_token TEXT NOT NULL,
  state      TEXT NOT NULL CHECK (state IN ('open', 'playing', 'finished', 'broken')),
  auto_start INTEGER NOT NULL DEFAULT 0 CHECK (auto_start IN (0, 1)),  -- starts when every seat is taken
  replay_id  INTEGER REFERENCES replay (id) ON DELETE SET NULL,
  created    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
) STRICT;

CREATE TABLE net_seat (
  room  TEXT NOT NULL REFERENCES net_room (code) ON DELETE CASCADE,
  seat  INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 5),
  kind  TEXT NOT NULL CHECK (kind IN ('human', 'bot')),
  name  TEXT NOT NULL,
  bot   TEXT NOT NULL DEFAULT '',
  token TEXT,                                 -- NULL: the seat is free
  PRIMARY KEY (room, seat)
) STRICT;

CREATE TABLE net_move (
  room TEXT NOT NULL REFERENCES net_room (code) ON DELETE CASCADE,
  ply  INTEGER NOT NULL CHECK (ply >= 0),     -- 0 = the game's first decision
  seat INTEGER NOT NULL,
  move TEXT NOT NULL CHECK (length(move) > 0), -- canonical option text
  PRIMARY KEY (room, ply)
) STRICT;
