-- Migration 4: the evaluations of a kept analysis (issue 34 item 16). When a reviewer
-- keeps an analysis, the value after each analysed ply of the main line is stored with
-- the replay, in the same transaction as the marks and comments, so the evaluation graph
-- and its marks come back after a restart. `measure` says what `value` is: 'margin' (the
-- mover's expected final margin in points), 'win' or 'team' (chances in percent).
-- `played` and `best` are canonical option text (engine/options.cpp's grammar); a row
-- whose `played` no longer matches the main line's decision at `ply` (a promoted
-- variation) is stale, and readers ignore it.

CREATE TABLE replay_eval (
  replay_id INTEGER NOT NULL REFERENCES replay (id) ON DELETE CASCADE,
  ply       INTEGER NOT NULL CHECK (ply >= 1),
  player    INTEGER NOT NULL CHECK (player >= -1),          -- the seat deciding (-1: none)
  measure   TEXT NOT NULL CHECK (measure IN ('margin', 'win', 'team')),
  value     REAL NOT NULL,                                   -- after the ply, the mover's view
  loss      REAL NOT NULL DEFAULT 0,                         -- what the mover gave away
  glyph     TEXT NOT NULL DEFAULT '' CHECK (glyph IN ('', '?!', '?', '??')),
  played    TEXT NOT NULL CHECK (length(played) > 0),
  best      TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (replay_id, ply)
) STRICT;
