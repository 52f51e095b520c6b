-- Migration 0001: the foundation.
--
-- Terrains, tile sets, tile types with their segments, and rule sets with their draw
-- pools and parameters. Every table is STRICT (a column holds only its declared type),
-- ranges and enumerations are CHECK constraints and references are foreign keys: the
-- schema is the first validator. The loader (schema/store.cpp) checks everything again,
-- because a file may come from elsewhere, and adds what SQL cannot say (port names,
-- edges that need an owner, parameter ranges).
--
-- The migration runner applies this file inside one transaction and then sets
-- PRAGMA user_version = 1. Never edit a migration that has shipped: add 0002_*.sql.

-- Free-form facts about the database, e.g. content_version (set by tw_mkdb).
CREATE TABLE meta (
  key   TEXT NOT NULL PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;

-- A terrain is what a segment is made of. `kind` is the rule module's view of it;
-- edges fit together when the terrains owning their middle ports share a `match` group,
-- so a new terrain can fit an old one without new code.
CREATE TABLE terrain (
  id     TEXT NOT NULL PRIMARY KEY CHECK (length(id) > 0),
  kind   TEXT NOT NULL CHECK (kind IN ('city', 'road', 'field', 'monastery', 'castle',
                                       'cemetery', 'lowland', 'mountain', 'water',
                                       'fog', 'ruin')),
  match  TEXT NOT NULL CHECK (length(match) > 0),
  colour TEXT NOT NULL CHECK (length(colour) = 7 AND
                              colour GLOB '#[0-9a-fA-F][0-9a-fA-F][0-9a-fA-F][0-9a-fA-F][0-9a-fA-F][0-9a-fA-F]'),
  name   TEXT
) STRICT;

-- A published (or reconstructed) set of tiles: where its geometry comes from and how
-- sure we are of it.
CREATE TABLE tile_set (
  id         TEXT NOT NULL PRIMARY KEY CHECK (length(id) > 0),
  name       TEXT NOT NULL,
  source     TEXT,
  confidence TEXT
) STRICT;

-- One tile type: `count` copies exist in the physical set. `reconstructed` = 1 when the
-- geometry was designed by us rather than taken from a public source. A tile type with
-- a `piece` is one cell of a larger piece (the 2x2 start piece 'MS' of Mists/GCC): every
-- tile type of the same tile set and piece is placed together, each at its
-- (piece_x, piece_y) offset, and the notation names each cell by the piece id.
CREATE TABLE tile_type (
  tile_set      TEXT NOT NULL REFERENCES tile_set (id),
  id            TEXT NOT NULL CHECK (length(id) > 0),
  count         INTEGER NOT NULL CHECK (count BETWEEN 0 AND 10000),
  reconstructed INTEGER NOT NULL DEFAULT 0 CHECK (reconstructed IN (0, 1)),
  ghost_symbols INTEGER NOT NULL DEFAULT 0 CHECK (ghost_symbols BETWEEN 0 AND 9),
  note          TEXT NOT NULL DEFAULT '',
  piece         TEXT NOT NULL DEFAULT '',
  piece_x       INTEGER NOT NULL DEFAULT 0 CHECK (piece_x BETWEEN 0 AND 3),
  piece_y       INTEGER NOT NULL DEFAULT 0 CHECK (piece_y BETWEEN 0 AND 3),
  PRIMARY KEY (tile_set, id)
) STRICT;

-- The areas of a tile type, numbered 0..n-1 per tile. `ports` lists the port names the
-- segment owns (Nw N Ne En E Es Se S Sw Ws W Wn, centre C), space-separated; `touches`
-- lists the idx of the city segments a field borders (for farmers).
CREATE TABLE tile_segment (
  tile_set TEXT NOT NULL,
  tile_id  TEXT NOT NULL,
  idx      INTEGER NOT NULL CHECK (idx BETWEEN 0 AND 31),
  terrain  TEXT NOT NULL REFERENCES terrain (id),
  ports    TEXT NOT NULL,
  shields  INTEGER NOT NULL DEFAULT 0 CHECK (shields BETWEEN 0 AND 9),
  fogged   INTEGER NOT NULL DEFAULT 0 CHECK (fogged IN (0, 1)),
  touches  TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (tile_set, tile_id, idx),
  FOREIGN KEY (tile_set, tile_id) REFERENCES tile_type (tile_set, id) ON DELETE CASCADE
) STRICT;
CREATE INDEX tile_segment_terrain ON tile_segment (terrain);

-- A rule set picks a rule system, a start tile, a draw pile and numbers. A rule set
-- with a parent inherits the parent's parameters (its own rows override them) and, if
-- it has no pool rows at all, the parent's pool.
CREATE TABLE rule_set (
  id             TEXT NOT NULL PRIMARY KEY CHECK (length(id) > 0),
  name           TEXT NOT NULL,
  system         TEXT NOT NULL CHECK (system IN ('base', 'gcc', 'mists', 'discovery')),
  parent         TEXT REFERENCES rule_set (id) CHECK (parent IS NULL OR parent <> id),
  start_tile_set TEXT NOT NULL,
  start_tile     TEXT NOT NULL,
  description    TEXT NOT NULL DEFAULT '',
  FOREIGN KEY (start_tile_set, start_tile) REFERENCES tile_type (tile_set, id)
) STRICT;
CREATE INDEX rule_set_parent ON rule_set (parent);
CREATE INDEX rule_set_start ON rule_set (start_tile_set, start_tile);

-- The draw pile of a rule set (the start tile is not part of it).
CREATE TABLE rule_set_pool (
  rule_set TEXT NOT NULL REFERENCES rule_set (id) ON DELETE CASCADE,
  tile_set TEXT NOT NULL,
  tile_id  TEXT NOT NULL,
  count    INTEGER NOT NULL CHECK (count BETWEEN 0 AND 10000),
  PRIMARY KEY (rule_set, tile_set, tile_id),
  FOREIGN KEY (tile_set, tile_id) REFERENCES tile_type (tile_set, id)
) STRICT;
CREATE INDEX rule_set_pool_tile ON rule_set_pool (tile_set, tile_id);

-- One number or switch of a rule set. The keys and their ranges are the engine's
-- (tw::rule_param_specs()); the loader checks them, naming the row.
CREATE TABLE rule_param (
  rule_set TEXT NOT NULL REFERENCES rule_set (id) ON DELETE CASCADE,
  key      TEXT NOT NULL,
  value    ANY NOT NULL,
  PRIMARY KEY (rule_set, key)
) STRICT;
