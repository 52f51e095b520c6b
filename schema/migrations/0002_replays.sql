-- Migration 0002: recorded games (replays), their variations and annotations.
--
-- A replay row holds what a list or a search needs as plain columns, and the game log
-- itself as a blob: a 24-byte header (magic "TWREPLAY", format version, archive length,
-- CRC-32) in front of a Boost.Serialization XML archive (replay/archive.h). The log is
-- checked against its header before it is read. Variations and annotations are rows keyed
-- by replay and node path ("12", "12/0:3"; see replay/tree.h). rule_set is deliberately
-- not a foreign key: a game record outlives the rule set it was played with, and its
-- rules_digest says whether the rules data is still the same.

CREATE TABLE replay (
  id           INTEGER PRIMARY KEY,
  created      TEXT NOT NULL CHECK (length(created) = 20),  -- 2026-11-22T10:00:00Z (UTC)
  rule_set     TEXT NOT NULL CHECK (length(rule_set) > 0),
  level        TEXT,                                        -- co-op level id, NULL for none
  players      TEXT NOT NULL,                               -- "Ann, Ben, bot:greedy"
  seed         TEXT NOT NULL CHECK (length(seed) > 0 AND seed NOT GLOB '*[^0-9]*'),  -- decimal u64
  result       TEXT NOT NULL DEFAULT '',                    -- "Ann 52, Ben 47"
  finished     INTEGER NOT NULL CHECK (finished IN (0, 1)),
  plies        INTEGER NOT NULL CHECK (plies >= 0),
  rules_digest TEXT NOT NULL CHECK (length(rules_digest) = 16 AND
                                    rules_digest NOT GLOB '*[^0-9a-f]*'),
  pinned       TEXT NOT NULL DEFAULT '',                    -- the game's one pinned comment
  log          BLOB NOT NULL CHECK (length(log) >= 24)
) STRICT;
CREATE INDEX replay_rule_set ON replay (rule_set, created);
CREATE INDEX replay_created ON replay (created);

-- An alternative line replacing the node `node`: the `idx`-th variation there. `moves`
-- are canonical option strings, one per line; each was checked by the engine when the
-- variation was added.
CREATE TABLE replay_variation (
  replay_id INTEGER NOT NULL REFERENCES replay (id) ON DELETE CASCADE,
  node      TEXT NOT NULL CHECK (length(node) > 0 AND node NOT GLOB '*[^0-9/:]*'),
  idx       INTEGER NOT NULL CHECK (idx >= 0),
  moves     TEXT NOT NULL CHECK (length(moves) > 0),
  PRIMARY KEY (replay_id, node, idx)
) STRICT;

-- What a reader says about one node: a Markdown comment and a glyph.
CREATE TABLE annotation (
  replay_id INTEGER NOT NULL REFERENCES replay (id) ON DELETE CASCADE,
  node      TEXT NOT NULL CHECK (length(node) > 0 AND node NOT GLOB '*[^0-9/:]*'),
  comment   TEXT NOT NULL DEFAULT '',
  glyph     TEXT NOT NULL DEFAULT '' CHECK (glyph IN ('', '!', '?', '!!', '??', '!?', '?!')),
  PRIMARY KEY (replay_id, node)
) STRICT;

-- Board markers of an annotated node, in order: a highlighted cell, an arrow from x,y to
-- x2,y2, or a label at x,y.
CREATE TABLE annotation_marker (
  replay_id INTEGER NOT NULL,
  node      TEXT NOT NULL,
  idx       INTEGER NOT NULL CHECK (idx >= 0),
  kind      TEXT NOT NULL CHECK (kind IN ('cell', 'arrow', 'label')),
  x         INTEGER NOT NULL,
  y         INTEGER NOT NULL,
  x2        INTEGER,
  y2        INTEGER,
  text      TEXT NOT NULL DEFAULT '',
  CHECK ((kind = 'arrow') = (x2 IS NOT NULL AND y2 IS NOT NULL)),
  PRIMARY KEY (replay_id, node, idx),
  FOREIGN KEY (replay_id, node) REFERENCES annotation (replay_id, node) ON DELETE CASCADE
) STRICT;
